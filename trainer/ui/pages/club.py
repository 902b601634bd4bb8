"""Club: deals among friends. A learner makes a deal set (from a seed they type, or the day's
date), shares its link (``?set=<code>`` on this page's address: opening it joins the set),
and every member plays the same deals, one hand each, against the same bots on the game's
table; after each deal its result is kept, with the review's grades and the solver's
commentary, and a table compares the members' results on it, duplicate fashion (each
member's points against the field's average). The club's view: the standings, the scores
against the field deal by deal, and the members' puzzle ratings, first tries by theme and
streaks.

Nothing shows a deal's cards, or anyone's contract or result on it, before the member has
played it (`trainer.progress.club.set_results`). A deal started is kept in the learner's
settings after every action, so leaving the page and coming back resumes it, and the first
result on a deal is the one that stands.
"""

from __future__ import annotations

# ruff: noqa: E402 (the solver is waited for before the imports that load it)
import streamlit as st

from trainer.ui.data.solver_access import wait_for_solver

st.title("Club")
wait_for_solver()

from datetime import UTC, datetime

import pandas as pd

from trainer.bots import Level
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.game import GameHand, HandRecord
from trainer.generate.explain import seat_name
from trainer.progress.club import (
    MAX_DEALS,
    ClubError,
    DealSet,
    create_deal_set,
    deal_set,
    is_member,
    join,
    learner_sets,
    member_activity,
    played_deals,
    read_seed,
    record_result,
    set_results,
    today_seed,
)
from trainer.progress.store import Learner
from trainer.review.club import commentary, deal_of, deal_seed, grades, hand_points, par_tricks
from trainer.rules import RuleSet, preset_name, ruleset
from trainer.scoring import GameScore
from trainer.solver import default_solver
from trainer.ui.data.profile import STORE_ERRORS, current_learner, keep_words, learner_label, store
from trainer.ui.data.puzzle_bank import theme_words
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.data.solver_access import solver_lock
from trainer.ui.data.state import current_rules
from trainer.ui.game import club_board, play_view, review_view, turns
from trainer.ui.game.club_board import Playing
from trainer.ui.game.scoreboard import hand_summary, points_words
from trainer.ui.game.session import Table, learner_seat
from trainer.ui.pages import HOME_PAGE, PENDING_SET_KEY, SET_PARAM
from trainer.ui.widgets.board import trick_panel
from trainer.ui.widgets.cards import red_suits
from trainer.ui.widgets.charts import PLOT_CONFIG

# Session key: the `Playing` deal on the table.
PLAYING_KEY = "club_playing"
# Session key: (set code, deal) whose results are open.
VIEW_KEY = "club_view"
ERROR_KEY = "club_error"
# Session key: the review key of the played deal whose review was asked for.
REVIEW_ASKED_KEY = "club_review_asked"
LEVELS = {level.label: level for level in Level}
RULES_PAGE = "trainer/ui/pages/rules.py"


def _progress_key(code: str, deal: int) -> str:
    return f"club_deal:{code}:{deal}"


def set_rules(found: DealSet) -> RuleSet:
    return ruleset(found.rules)


def set_level(found: DealSet) -> Level:
    try:
        return Level(found.level)
    except ValueError:
        return Level.NORMAL


# --- making and opening a set --------------------------------------------------------------


def problem_words(error: Exception) -> str:
    """A refusal in one line for the learner: the field it names dropped, the first letter
    a capital (``set: no deal set has ...`` -> ``No deal set has ...``)."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    head, sep, rest = text.partition(": ")
    if sep and head in {"set", "seed", "name", "deals", "deal"}:
        text = rest
    return text[:1].upper() + text[1:]


def _make(learner: Learner) -> None:
    ss = st.session_state
    try:
        seed = (today_seed() if ss.get("club_seed_from") == "Today's deals"
                else read_seed(str(ss.get("club_seed", ""))))
        level = LEVELS.get(str(ss.get("club_level")), Level.NORMAL)
        made = create_deal_set(store(), learner, str(ss.get("club_name", "")), seed,
                               int(ss.get("club_deals", 4)), preset_name(current_rules()),
                               level.value, display=learner_label(learner))
    except (ClubError, *STORE_ERRORS) as e:
        ss[ERROR_KEY] = problem_words(e)
        return
    st.query_params[SET_PARAM] = made.code


def _open(code: str) -> None:
    st.query_params[SET_PARAM] = code


def _leave_set() -> None:
    if SET_PARAM in st.query_params:
        del st.query_params[SET_PARAM]
    st.session_state.pop(PLAYING_KEY, None)
    st.session_state.pop(VIEW_KEY, None)


def start_screen(learner: Learner) -> None:
    sets = learner_sets(store(), learner)
    if sets:
        st.subheader("Your deal sets")
        for found in sets:
            done = len(played_deals(store(), learner, found.code))
            with st.container(horizontal=True, vertical_alignment="center"):
                st.markdown(f"**{_plain(found.name)}** · {done} of {found.deals} deals played")
                st.button("Open", key=f"club_open:{found.code}", on_click=_open,
                          args=(found.code,), icon=":material/folder_open:")
    st.subheader("Make a deal set")
    st.caption("Everyone who opens the set's link plays the same deals against the same bots, "
               "one hand each; after each deal you see how the others did on it.")
    st.text_input("Name", key="club_name", max_chars=60,
                  value=f"Deals of {datetime.now(UTC):%d %B %Y}".replace(" 0", " "))
    source = st.radio("The deals", ["Today's deals", "From a seed"], key="club_seed_from",
                      horizontal=True, help="Today's deals are the same for everyone who "
                      "makes a set today; a seed (a whole number) gives its own deals.")
    if source == "From a seed":
        st.text_input("Seed", key="club_seed", placeholder="a whole number, such as 500")
    st.number_input("Number of deals", min_value=1, max_value=MAX_DEALS, value=4,
                    key="club_deals")
    st.segmented_control("The bots' level", list(LEVELS), key="club_level", default="Normal")
    st.markdown(f"The rules: {rules_summary(current_rules())}.")
    st.page_link(RULES_PAGE, label="Change the rules", icon=":material/tune:")
    st.button("Make the set", key="club_make", type="primary", icon=":material/group_add:",
              on_click=_make, args=(learner,))


def _plain(text: str) -> str:
    """A name typed by a learner, shown as it is (no Markdown of its own)."""
    return "".join("\\" + c if c in "\\`*_{}[]()#+-.!|<>~$" else c for c in text)


def share_link(code: str) -> str:
    """This page's address with ``?set=<code>`` (the relative form when the address is not
    known)."""
    url = (st.context.url or "").split("?", 1)[0].split("#", 1)[0]
    if not url:
        return f"club?{SET_PARAM}={code}"
    if not url.rstrip("/").endswith("/club"):
        url = url.rstrip("/") + "/club"
    return f"{url}?{SET_PARAM}={code}"


# --- playing a deal --------------------------------------------------------------------------


def _start(code: str, deal: int) -> None:
    learner = current_learner()
    if learner is None:
        return
    try:
        found = deal_set(store(), learner, code)
        rules = set_rules(found)
        hand = deal_of(rules, found.seed, deal)
        saved = store().get_setting(learner, _progress_key(code, deal))
        shown = 0
        if isinstance(saved, dict) and isinstance(saved.get("record"), dict):
            record = HandRecord.from_json({**saved["record"], "rules": found.rules})
            if record.deal == hand.deal:  # the same cards: resume where it was
                hand = GameHand.from_record(record)
                shown = int(saved.get("shown", 0))
    except (TrainerError, ValueError, *STORE_ERRORS) as e:
        st.session_state[ERROR_KEY] = problem_words(e)
        return
    table = Table(hand, learner_seat(rules), set_level(found), deal_seed(found.seed, deal),
                  None, deal, shown)
    st.session_state[PLAYING_KEY] = Playing(code, deal, table)
    st.session_state.pop(VIEW_KEY, None)


def _keep_progress(learner: Learner, playing: Playing) -> None:
    table = playing.table
    value = {"record": table.hand.to_record().to_json(), "shown": table.shown}
    key = _progress_key(playing.code, playing.deal)
    if st.session_state.get("club_kept") == (key, value):
        return
    try:
        store().set_setting(learner, key, value)
    except STORE_ERRORS:
        return
    st.session_state["club_kept"] = (key, value)


def _review_key(playing: Playing) -> str:
    return f"club:{playing.code}:{playing.deal}"


def _assisted(table: Table) -> bool:
    hints = st.session_state.get(turns.HINTS_KEY, {})
    prefix = f"{table.seed}-{table.number}-p-"
    return any(str(k).startswith(prefix) for k in hints)


def _record(learner: Learner, playing: Playing) -> None:
    """Keep the finished deal's result (once): its points, the review's grades and the
    solver's commentary."""
    table = playing.table
    hand = table.hand
    record = hand.to_record()
    points, against = hand_points(hand, table.learner)
    accuracy: float | None = None
    lost: float | None = None
    words = "Everyone passed: the hand was thrown in."
    if hand.state is not None and hand.contract is not None:
        review = review_view.compute(_review_key(playing), record, table.learner,
                                     _assisted(table))
        if review is not None:
            accuracy, lost = grades(review)
            with solver_lock():
                par = par_tricks(record, default_solver())
            words = commentary(review, record, par, hand.declarer_tricks())
    contract = hand.contract.code if hand.contract is not None else None
    declarer = hand.declarer.value if hand.declarer is not None else None
    tricks = hand.declarer_tricks() if hand.contract is not None and hand.state else None
    if _assisted(table):
        words += " You took a hint in this deal."
    try:
        record_result(store(), learner, playing.code, playing.deal, table.learner.value,
                      points, against, contract, declarer, tricks, accuracy, lost, words,
                      record.to_json())
        store().set_setting(learner, _progress_key(playing.code, playing.deal), None)
    except (ClubError, *STORE_ERRORS) as e:
        st.session_state[ERROR_KEY] = problem_words(e)


def _next(code: str, deal: int | None) -> None:
    st.session_state.pop(PLAYING_KEY, None)
    st.session_state.pop(play_view.REVIEW_OPEN_KEY, None)
    if deal is not None:
        _start(code, deal)


def _view(code: str, deal: int | None) -> None:
    st.session_state.pop(PLAYING_KEY, None)
    st.session_state[VIEW_KEY] = None if deal is None else (code, deal)


def playing_screen(learner: Learner, found: DealSet, playing: Playing) -> None:
    table = playing.table
    st.subheader(f"Deal {playing.deal + 1} of {found.deals}")
    if not table.hand.is_over:
        play_view.in_play(table)
        _keep_progress(learner, playing)
        st.button("Back to the set", key="club_back", type="tertiary",
                  icon=":material/arrow_back:", on_click=_next, args=(found.code, None),
                  help="Your deal is kept: come back to it from the set.")
        return
    if playing.deal not in played_deals(store(), learner, found.code):
        _record(learner, playing)
    deal_over(learner, found, playing)


def deal_over(learner: Learner, found: DealSet, playing: Playing) -> None:
    """The finished deal: the last trick, the score in words, the comparison with the
    members who have played it, the commentary and the review."""
    table = playing.table
    hand = table.hand
    if hand.state is not None:
        st.markdown(trick_panel(hand.state, table.learner, live=False), unsafe_allow_html=True)
    before = GameScore.new(hand.rules)
    summary = hand_summary(hand, playing.deal, before, hand.score_into(before), table.learner)
    st.markdown(red_suits(summary.result))
    st.markdown(red_suits(f"Points this deal: {points_words(summary)}."))
    results_block(learner, found, playing.deal, show_review=False)
    review = review_view.computed(_review_key(playing))
    if review is not None:
        with st.expander("Your review of the deal"):
            review_view.show(review, hand.to_record(), _review_key(playing))
    left = [d for d in range(found.deals) if d not in played_deals(store(), learner,
                                                                  found.code)]
    with st.container(horizontal=True):
        if left:
            st.button(f"Play deal {left[0] + 1}", key=f"club_next:{playing.deal}",
                      type="primary", icon=":material/skip_next:", on_click=_next,
                      args=(found.code, left[0]))
        st.button("Back to the set", key="club_back", icon=":material/arrow_back:",
                  on_click=_next, args=(found.code, None))


def _ask_review(key: str) -> None:
    st.session_state[REVIEW_ASKED_KEY] = key


# --- the set's results -----------------------------------------------------------------------


def results_block(learner: Learner, found: DealSet, deal: int, show_review: bool = True
                  ) -> None:
    """Deal ``deal``'s table (every member, duplicate fashion) and the learner's commentary."""
    results = set_results(store(), learner, found.code)
    if deal not in results.played:
        st.info("Play this deal first: its results show once you have played it.")
        return
    st.markdown(f"#### Deal {deal + 1}: the members' results")
    st.dataframe(club_board.deal_table(results, deal), hide_index=True)
    seat = seat_name(learner_seat(ruleset(found.rules)))
    st.caption(f"Everyone sits {seat}. Points: your side's less the others' on the hand; "
               "against the field: those points less the average of everyone who has played "
               "the deal.")
    mine = next(r for r in results.results[deal] if r.learner_id == learner.id)
    st.markdown(red_suits(f"**The solver's commentary.** {mine.commentary}"))
    if show_review and mine.contract is not None:
        key = f"club:{found.code}:{deal}"
        record = HandRecord.from_json({**mine.record, "rules": found.rules})
        if review_view.computed(key) is None:
            st.button("Review your play", key=f"club_review:{deal}", icon=":material/grading:",
                      on_click=_ask_review, args=(key,))
        if review_view.computed(key) is not None or st.session_state.get(REVIEW_ASKED_KEY) == key:
            review = review_view.compute(key, record, Seat(mine.seat), False)
            if review is not None:
                review_view.show(review, record, key)


def set_screen(learner: Learner, found: DealSet) -> None:
    rules = set_rules(found)
    st.subheader(_plain(found.name))
    st.caption(f"{found.deals} deal{'s' if found.deals != 1 else ''} · bots: "
               f"{set_level(found).label} · {rules_summary(rules)}")
    st.markdown("**Share this link** with your friends: whoever opens it joins the set.")
    st.code(share_link(found.code), language=None, wrap_lines=True)  # whole on a phone
    results = set_results(store(), learner, found.code)
    done = results.played
    st.markdown("#### The deals")
    view = st.session_state.get(VIEW_KEY)
    for d in range(found.deals):
        with st.container(horizontal=True, vertical_alignment="center"):
            if d in done:
                mine = next(r for r in results.results[d] if r.learner_id == learner.id)
                others = len(results.results[d]) - 1
                st.markdown(red_suits(
                    f"**Deal {d + 1}:** {club_board.contract_words(mine)} · "
                    f"{club_board.signed(mine.net)} · {others} other"
                    f"{'' if others == 1 else 's'} played it"))
                st.button("Hide" if view == (found.code, d) else "Results",
                          key=f"club_results:{d}", icon=":material/table_view:",
                          on_click=_view, args=(found.code, None if view == (found.code, d)
                                                 else d))
            else:
                started = store().get_setting(learner, _progress_key(found.code, d))
                st.markdown(f"**Deal {d + 1}:** {'started' if started else 'not played yet'}")
                first = d == min(set(range(found.deals)) - done)
                st.button("Resume" if started else "Play", key=f"club_play:{d}",
                          type="primary" if first else "secondary",
                          icon=":material/play_arrow:", on_click=_start, args=(found.code, d))
        if view == (found.code, d) and d in done:
            results_block(learner, found, d)
    club_view(learner, found)
    st.button("All your sets", key="club_leave", type="tertiary", icon=":material/list:",
              on_click=_leave_set)


def club_view(learner: Learner, found: DealSet) -> None:
    """The standings, the scores against the field (plotly) and the members' practice."""
    results = set_results(store(), learner, found.code)
    st.markdown("#### The club")
    st.caption(f"Members: {', '.join(m.display for m in results.members)}.")
    if results.played:
        st.dataframe(club_board.standings_table(results), hide_index=True)
        st.plotly_chart(club_board.field_figure(results), config=PLOT_CONFIG,
                        key=f"club_field:{found.code}:{len(results.played)}")
        st.caption("Only the deals you have played are counted here.")
    activity = club_board.activity_table(member_activity(store(), learner, found.code),
                                         theme_words)
    members, themes = members_tables(activity)
    st.dataframe(members, hide_index=True, column_config=MEMBER_COLUMNS)
    st.caption("Rating: each member's puzzle rating. Days: days in a row, up to today, with a "
               "puzzle or lesson answered. Run: puzzles right in a row.")
    if themes is not None:
        st.markdown("**First tries by theme**")
        st.dataframe(themes, hide_index=True, column_config={
            "Member": st.column_config.TextColumn("Member", width=110, pinned=True)})
        st.caption("A theme's figures: puzzles right at the first try, of those tried.")


# The members table's columns, narrow enough to fit a phone's width (390 px) whole.
MEMBER_COLUMNS = {
    "Member": st.column_config.TextColumn("Member", width=120),
    "Puzzle rating": st.column_config.NumberColumn("Rating", width=70, format="%d"),
    "Days in a row": st.column_config.NumberColumn("Days", width=55, format="%d"),
    "Right in a row": st.column_config.NumberColumn("Run", width=55, format="%d"),
}


def members_tables(activity: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """`club_board.activity_table` split for a phone: the member, rating and streaks (the
    `MEMBER_COLUMNS`), and the first tries by theme with the member's name (None when no
    theme has been tried)."""
    main = activity[[c for c in MEMBER_COLUMNS if c in activity.columns]]
    rest = [c for c in activity.columns if c not in MEMBER_COLUMNS]
    return main, (activity[["Member", *rest]] if rest else None)


# --- the page --------------------------------------------------------------------------------


def _wanted_set(learner: Learner) -> DealSet | None:
    """The set in the address, joined on first opening; a bad code is one line."""
    code = st.query_params.get(SET_PARAM) or st.session_state.pop(PENDING_SET_KEY, None)
    if not code:
        return None
    st.query_params[SET_PARAM] = code  # a set kept while its visitor picked a name on Home
    try:
        found = deal_set(store(), learner, code)
        if not is_member(store(), learner, found.code):
            join(store(), learner, found.code, display=learner_label(learner))
            st.toast(f"You joined {found.name}.", icon=":material/group_add:")
    except ClubError as e:
        st.error(problem_words(e), icon=":material/link_off:")
        return None
    except STORE_ERRORS as e:
        st.error(f"The learner store cannot be reached ({e}).", icon=":material/error:")
        return None
    return found


def render() -> None:
    error = st.session_state.pop(ERROR_KEY, None)
    if error:
        st.error(red_suits(str(error)), icon=":material/block:")
    learner = current_learner()
    if learner is None:
        code = st.query_params.get(SET_PARAM)
        if code:  # Home sends the visitor back here once a name is chosen
            st.session_state[PENDING_SET_KEY] = code
        what = "play this deal set" if code else "make or join a deal set"
        back = " Home brings you back to the set once you have one." if code else ""
        st.info(f"To {what}, {keep_words()} on Home: your results are kept in your name.{back}",
                icon=":material/person:")
        st.page_link(HOME_PAGE, label="Pick a name on Home" if code else "Home",
                     icon=":material/home:", query_params={SET_PARAM: code} if code else None)
        return
    found = _wanted_set(learner)
    if found is None:
        start_screen(learner)
        return
    playing = st.session_state.get(PLAYING_KEY)
    if isinstance(playing, Playing) and playing.code == found.code:
        playing_screen(learner, found, playing)
        return
    set_screen(learner, found)


render()
