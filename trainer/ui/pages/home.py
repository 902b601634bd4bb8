"""Home page: what Five Hundred is, what the trainer offers, who is learning and where they
are (the next lesson to master, and a button to start it), and the mastered lessons due for a
short review (FSRS, `trainer.progress.review`)."""

from __future__ import annotations

import streamlit as st

from trainer.cards import Suit
from trainer.lessons.question import Mastery
from trainer.lessons.registry import TOPICS
from trainer.progress import Learner, StoreError
from trainer.rules import CardOrder
from trainer.ui.data.accounts import (
    LOGIN_ERROR_KEY,
    accounts_on,
    sign_in_refused,
    sign_out,
    signed_in,
    start_sign_in,
)
from trainer.ui.data.lesson_files import (
    Lesson,
    LessonError,
    load_lessons,
    next_lesson,
    parse_marker,
)
from trainer.ui.data.profile import (
    PARAM,
    STORE_ERRORS,
    UNKNOWN_KEY,
    current_learner,
    forget_learner,
    learner_label,
    md,
    name_problem,
    plain,
    store,
)
from trainer.ui.data.progress_data import PuzzleCounts
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.data.state import (
    current_rules,
    due_reviews,
    review_words,
    saved_mastery,
    select_learner,
)
from trainer.ui.pages import (
    ANALYSE_PAGE,
    BID_PAGE,
    CLUB_PAGE,
    DISCARD_PAGE,
    FIRST_HAND_PAGE,
    GAME_PAGE,
    LEARN_PAGE,
    PENDING_SET_KEY,
    PLAY_PAGE,
    PROGRESS_PAGE,
    RULES_PAGE,
    SET_PARAM,
)
from trainer.ui.puzzles.daily import daily_card
from trainer.ui.widgets.cards import hand_html

_SHOWCASE = parse_marker("JK JH JD AH KH")
NEW_NAME_KEY = "learner_new_name"
PICK_NAME_KEY = "learner_pick"
ERROR_KEY = "learner_error"
PICK_ERROR_KEY = "learner_pick_error"  # Continue pressed with no name chosen in the list
EXISTS_KEY = "learner_exists"
START_KEY = "home_start"


# --- the learner -------------------------------------------------------------------------------


def _open(name: str) -> None:
    try:
        select_learner(name)
    except STORE_ERRORS as e:  # before StoreError: a store out of reach is not the name's fault
        st.session_state[ERROR_KEY] = f"The progress store could not be opened: {e}"
    except StoreError as e:
        st.session_state[ERROR_KEY] = f"That name will not do: {name_problem(e)}."
    else:
        st.session_state.pop(ERROR_KEY, None)


def _create() -> None:
    """Create the learner typed in; a name already saved, in any case ("ann" when "Ann" is
    saved), is not opened (that would carry on someone else's progress): the learner is told
    the saved name and to use Continue or choose another name."""
    name = (st.session_state.get(NEW_NAME_KEY) or "").strip()
    st.session_state.pop(EXISTS_KEY, None)
    st.session_state.pop(PICK_ERROR_KEY, None)
    try:
        taken = store().saved_name(name) if name else None
    except STORE_ERRORS:
        taken = None  # `_open` reports the store's problem
    if taken is not None:
        st.session_state.pop(ERROR_KEY, None)
        st.session_state[EXISTS_KEY] = (f"{md(taken)} already exists: use Continue to pick "
                                        "that name, or choose another name.")
        return
    _open(name)


def _continue() -> None:
    st.session_state.pop(EXISTS_KEY, None)
    st.session_state.pop(PICK_ERROR_KEY, None)
    name = st.session_state.get(PICK_NAME_KEY)
    if name:
        _open(name)
    else:
        st.session_state.pop(ERROR_KEY, None)
        st.session_state[PICK_ERROR_KEY] = "Choose your name in the list first."


# The one line saying the trainer runs without accounts (no ``[auth]`` provider).
LOCAL_NOTE = ("No sign-in on this server: it runs on this machine, and anyone using it can "
              "open any name below.")


def _sign_in_box() -> None:
    """Accounts mode, signed out: why to sign in, and the button (`start_sign_in`); a sign-in
    that came back refused, or could not start, is one line."""
    if sign_in_refused():
        st.error("The sign-in was refused or did not finish: you are not signed in. Try again "
                 "when you are ready.", icon=":material/error:")
    problem = st.session_state.pop(LOGIN_ERROR_KEY, None)
    if problem:
        st.error(plain(problem), icon=":material/error:")
    st.info("Sign in to keep your progress: your answers, your mastered lessons, your games "
            "and your rules are saved with your account, and only you see them. Without "
            "signing in every page still works, but nothing is saved.",
            icon=":material/person:")
    st.button("Sign in", key="account_sign_in", on_click=start_sign_in, type="primary",
              icon=":material/login:")


def _account_line() -> None:
    """Accounts mode, signed in: who, and the sign-out button (a sign-in note this browser
    left on its way to the provider is dropped, `sign_in_refused`)."""
    sign_in_refused()
    account = signed_in()
    name = account.display if account is not None else "your account"
    with st.container(horizontal=True, vertical_alignment="center"):
        st.markdown(f"Signed in as **{md(name)}**.")
        st.button("Sign out", key="account_sign_out", on_click=sign_out,
                  icon=":material/logout:")


def _learner_form() -> None:
    try:
        names = store().learners()
    except STORE_ERRORS as e:
        st.error(f"The progress store could not be opened: {plain(str(e))}. Nothing will be "
                 "saved.")
        return
    if store().problems:  # rows that could not be read were skipped (the rest is all there)
        st.warning("Some saved data could not be read and was left out: "
                   + plain("; ".join(store().problems[:3])) + ".", icon=":material/warning:")
    if names:
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        with left:
            st.selectbox("Continue as", names, index=None, key=PICK_NAME_KEY,
                         placeholder="Choose your name")
        with right:
            st.button("Continue", key="learner_continue", on_click=_continue, width="stretch")
        if st.session_state.get(PICK_ERROR_KEY):  # next to the list it is about
            st.error(st.session_state[PICK_ERROR_KEY], icon=":material/error:")
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    with left:
        st.text_input("New learner", key=NEW_NAME_KEY, placeholder="Your name (1 to 40 "
                      "characters)")
    with right:
        st.button("Create", key="learner_create", on_click=_create, type="primary",
                  width="stretch")
    problem = st.session_state.get(ERROR_KEY)
    if problem:
        st.error(problem, icon=":material/error:")
    taken = st.session_state.get(EXISTS_KEY)
    if taken:
        st.warning(taken, icon=":material/person:")


def _puzzle_line(learner: Learner) -> None:
    """The learner's puzzles so far (`PuzzleCounts`, as the Progress page counts them) and
    puzzle rating, with a link to play."""
    try:
        counts = PuzzleCounts.of(store().attempts(learner))
    except STORE_ERRORS:
        return
    if counts.attempts:
        st.markdown(f"Puzzles: {counts.words()}; rating **{learner.rating.rating:.0f}** "
                    f"± {learner.rating.deviation:.0f}.")
        st.page_link(PLAY_PAGE, label="Next puzzle", icon=":material/playing_cards:")


def _review(lesson_id: str) -> None:
    st.session_state["lesson_current"] = lesson_id
    st.session_state["lesson_pick"] = lesson_id


def _due_lines(lessons: list[Lesson]) -> None:
    """One line a mastered lesson due for review, with a button to it (most overdue first)."""
    by_id = {lesson.id: lesson for lesson in lessons}
    for card in due_reviews():
        lesson = by_id.get(card.lesson)
        if lesson is None:
            continue
        st.markdown(f"Lesson {lesson.order} is due for a short review ({review_words(card)}).")
        if st.button(f"Review lesson {lesson.order}: {lesson.title}",
                     key=f"home_review:{lesson.id}", icon=":material/event_repeat:",
                     on_click=_review, args=(lesson.id,)):
            st.switch_page(LEARN_PAGE)


def _where_you_are() -> None:
    st.subheader("Your progress")
    code = st.query_params.get(SET_PARAM)
    if code:  # a deal set's link opened without a name (the Club page's "Pick a name")
        st.session_state[PENDING_SET_KEY] = code
    learner = current_learner()
    unknown = st.session_state.pop(UNKNOWN_KEY, None)
    if unknown:
        st.warning(f"No learner called {md(repr(unknown))} is saved here. Pick or create a "
                   "name below.")
    if learner is None:
        st.page_link(FIRST_HAND_PAGE, label="New to 500? Play a guided first hand, deal to "
                     "score", icon=":material/front_hand:")
        if accounts_on():  # the sign-in box says why to sign in (no name to pick)
            _sign_in_box()
            return
        st.info(
            "Pick a name to keep your progress: your answers, your mastered lessons and your "
            "rules are saved under it and come back on your next visit. Without a name every "
            "page still works, but nothing is saved.",
            icon=":material/person:",
        )
        _learner_form()
        st.caption(LOCAL_NOTE)
        return
    try:
        lessons = load_lessons()
    except (LessonError, OSError) as e:
        st.error(f"The lessons could not be read: {e}")
        return
    records = saved_mastery() or {}
    path = [lesson for lesson in lessons if not lesson.optional]
    done = sum(1 for lesson in path if records.get(lesson.id, Mastery()).mastered)
    extra = len(lessons) - len(path)
    if accounts_on():
        _account_line()
    pending = st.session_state.get(PENDING_SET_KEY)
    if pending:  # came from a deal set's link without a name: back to the set, now joined
        st.switch_page(CLUB_PAGE, query_params={SET_PARAM: pending,
                                                **({PARAM: st.query_params[PARAM]}
                                                   if PARAM in st.query_params else {})})
    st.markdown(f"Learning as **{md(learner_label(learner))}**: {done} of {len(path)} lessons "
                "mastered"
                + (f" ({extra} more optional)." if extra else "."))
    if path:
        st.progress(done / len(path))
    _due_lines(lessons)
    upcoming = next_lesson(lessons, records)
    if upcoming is None:
        st.success("Every lesson is mastered. Practise any of them again on the Learn page.")
    else:
        record = records.get(upcoming.id, Mastery())
        topics = TOPICS.get(upcoming.quiz, ())
        left = len(record.missing(topics))
        so_far = (f" ({len(topics) - left} of {len(topics)} topics mastered)"
                  if record.answered and topics else "")
        st.markdown(f"Next: lesson {upcoming.order}, **{upcoming.title}**{so_far}.")
        if st.button(f"Start lesson {upcoming.order}: {upcoming.title}", key=START_KEY,
                     type="primary", icon=":material/play_arrow:"):
            st.session_state["lesson_current"] = upcoming.id
            st.session_state["lesson_pick"] = upcoming.id
            st.switch_page(LEARN_PAGE)
        if done == 0:
            st.page_link(FIRST_HAND_PAGE, label="New to 500? Play a guided first hand, deal "
                         "to score", icon=":material/front_hand:")
            st.caption("Already play 500? Go straight to the Play, Bidding or Discard puzzles "
                       "below: the lessons are there whenever a rule needs checking.")
    _puzzle_line(learner)
    if accounts_on():
        return
    with st.expander("Not you? Switch learner"):
        _learner_form()
        st.button("Stop saving (no learner)", key="learner_forget", on_click=forget_learner)
        st.caption(LOCAL_NOTE)


def render() -> None:
    """Draw the home page."""
    st.title("Five Hundred trainer")
    showcase = hand_html(
        _SHOWCASE.cards,
        CardOrder(trump=Suit.HEARTS),
        label="the top five trumps when hearts are trumps",
        mark_trumps=True,
    )
    st.markdown(showcase, unsafe_allow_html=True)
    st.markdown(
        "**Five Hundred (500)** is a trick-taking card game for four players in two "
        "partnerships, with a 43-card pack: the usual 52 without the 2s, 3s and black 4s, "
        "plus a joker.  \n"
        "Each hand the players bid how many of the ten tricks their side will take, and in "
        "which trump suit; the highest bidder takes the kitty and tries to make the bid.  \n"
        "Bids score on a fixed schedule, from 40 for six spades to 520 for ten no trumps; "
        "the first side to reach 500 wins."
    )
    daily_card()
    _where_you_are()
    st.subheader("What the trainer offers")
    st.markdown(
        "- **Learn**: nine short lessons on the rules, step by step, an optional tenth on "
        "the variants, and five on strategy (valuing a hand, declarer play, the joker at no "
        "trumps, misère, defence) with worked examples. Each lesson ends with practice "
        "questions dealt fresh every time, with the reason behind every answer. A lesson is "
        "mastered once each of its topics is, and comes back now and then for a short "
        "review.\n"
        "- **Rules**: choose the rules you play by (Australian or American, 3, 4 or 6 "
        "players, and every house option), with the scoring table and the order of the bids. "
        "The lessons follow the rules you choose.\n"
        "- **Play puzzles**: real endings with every hand face up. Find the card that makes "
        "(or beats) the contract; an exact double-dummy solver grades every card and shows "
        "what goes wrong after a mistake. Puzzles are rated, and the ones you miss come back "
        "for review.\n"
        "- **Bidding puzzles**: your hand and the auction so far: make your call. Every call "
        "is valued by dealing the unseen cards many times and playing each layout double "
        "dummy; see how much a call gains or loses against the best, and how many tricks "
        "each trump suit takes.\n"
        "- **Discard puzzles**: you have won the bid and picked up the kitty: choose the "
        "three cards to throw away, and see how often each discard makes the contract.\n"
        "- **Play a game**: whole games to 500 against three bots that play by dealing the "
        "cards they cannot see many ways and working each deal out. Ask the coach for a "
        "hint at any decision; after each hand, a review grades every call, discard and card "
        "you made and shows the better choice; costly cards come back as puzzles. Paste a "
        "hand from Trickster Cards to have it reviewed too.\n"
        "- **Analyse**: enter any position and see what every card is worth, or your own "
        "hand to see what to bid or discard.\n"
        "- **Progress**: your rating over time, accuracy by theme and lesson, the review "
        "queue and your whole history."
    )
    with st.container(horizontal=True, gap="medium"):
        st.page_link(LEARN_PAGE, label="All the lessons", icon=":material/school:")
        st.page_link(FIRST_HAND_PAGE, label="Your first hand", icon=":material/front_hand:")
        st.page_link(PLAY_PAGE, label="Play puzzles", icon=":material/playing_cards:")
        st.page_link(BID_PAGE, label="Bidding puzzles", icon=":material/gavel:")
        st.page_link(DISCARD_PAGE, label="Discard puzzles", icon=":material/swap_horiz:")
        st.page_link(GAME_PAGE, label="Play a game", icon=":material/sports_esports:")
        st.page_link(ANALYSE_PAGE, label="Analyse a position",
                     icon=":material/calculate:")
        st.page_link(PROGRESS_PAGE, label="Your progress",
                     icon=":material/monitoring:")
        st.page_link(RULES_PAGE, label="Choose the rules", icon=":material/tune:")
    st.caption(f"Rules in use: {rules_summary(current_rules())}.")


if __name__ == "__main__":
    render()
