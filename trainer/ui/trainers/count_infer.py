"""The Count and infer page (issue 29): quick questions during a hand the bots play, answered
from what you, South, have seen (`trainer.train.count_infer`).

Two modes (``ci_mode``): Practice, one question at a time with its answer explained in one line
and "Next question"; and a timed run (`trainer.train.storm`, after Lichess's Puzzle Storm):
three minutes, a streak, ten seconds off for a wrong answer, the learner's personal best kept
in the store (`trainer.train.records.storm_best`). The clock is read at each answer (`CLOCK`)
and the time left redrawn every second by a fragment; an answer after the time is up is not
counted.

State: ``ci_seed`` the run of questions (``?seed=<n>`` in the address sets it, so a run can be
repeated), ``ci_index`` the practice question on show, ``ci_picked`` the practice answer given,
``ci_run`` the timed `StormRun`, ``ci_last`` the timed run's last answer and its line.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

import streamlit as st

from trainer.generate.explain import seat_name
from trainer.train.count_infer import LEARNER, CountError, Question, QuestionKind, question_at
from trainer.train.records import StormBest, save_storm, storm_best
from trainer.train.storm import RUN_SECONDS, WRONG_PENALTY, StormRun
from trainer.ui.data.glossary import glossary_box, terms_in
from trainer.ui.data.profile import STORE_ERRORS, current_learner, keep_words, store
from trainer.ui.data.state import current_rules, next_seed
from trainer.ui.widgets.board import history_rows, trick_panel
from trainer.ui.widgets.cards import hand_html, red_suits

CLOCK: Callable[[], float] = time.monotonic
"""The clock of the timed run, in seconds (tests stand another in)."""
MODE_KEY = "ci_mode"
SEED_KEY = "ci_seed"
INDEX_KEY = "ci_index"
PICKED_KEY = "ci_picked"
RUN_KEY = "ci_run"
LAST_KEY = "ci_last"
DONE_KEY = "ci_done"
PRACTICE, TIMED = "Practice", "Timed run"
PARAM = "seed"
WORDS_KEY = "ci_words"
INTRO = ("A hand the bots play, seen from your seat (South): answer from what you have seen, "
         "your own cards and the cards played. No one sees a partner's hand, and only the "
         "declarer sees the discard.")


def run_seed() -> int:
    """The run of questions: the address's ``?seed=``, else the one kept, else a fresh one."""
    wanted = st.query_params.get(PARAM)
    if wanted is not None:
        with contextlib.suppress(ValueError):
            seed = int(wanted)
            if seed >= 0 and st.session_state.get(SEED_KEY) != seed:
                st.session_state[SEED_KEY] = seed
                for key in (INDEX_KEY, PICKED_KEY, RUN_KEY, LAST_KEY, DONE_KEY):
                    st.session_state.pop(key, None)
    seed = st.session_state.get(SEED_KEY)
    if not isinstance(seed, int):
        seed = next_seed() % 100_000
        st.session_state[SEED_KEY] = seed
    return seed


# --- the moment and the question --------------------------------------------------------------


def contract_line(q: Question) -> str:
    """``"Contract: 8♦ by North, your partner · trick 5 of 10"``."""
    declarer = q.hand.declarer
    who = "you" if declarer is LEARNER else seat_name(declarer) + (
        ", your partner" if declarer in q.state.rules.side_of(LEARNER) else ", an opponent")
    trick = len(q.state.history) + 1
    return f"**Contract:** {q.hand.contract.pretty} by {who} · **trick {trick} of 10**"


def moment(q: Question, key: str) -> None:
    """The table as South sees it: the contract, the trick on the table, South's hand, and
    the tricks so far folded away."""
    state = q.state
    st.session_state.setdefault(WORDS_KEY, []).extend([q.text, q.why, contract_line(q)])
    st.markdown(red_suits(contract_line(q)))
    st.markdown(trick_panel(state, LEARNER, live=True), unsafe_allow_html=True)
    st.caption("Your hand")
    st.markdown(hand_html(sorted(state.hands[LEARNER], key=state.order.display_key),
                          state.order, label="your hand"), unsafe_allow_html=True)
    if state.history:
        with st.expander("The tricks so far (try without looking)", key=f"{key}_tricks"):
            st.dataframe(history_rows(state), hide_index=True)


def choices(q: Question, key: str, on_answer: Callable[[tuple[str, ...]], None]) -> None:
    """The answer buttons: one click for a one-answer question; for "who can still hold" and
    "which suits", pick every one and then Answer (the question itself is drawn above the
    table). Hearts and diamonds are drawn red, as on the cards."""
    if q.kind is QuestionKind.TRUMPS_OUT:
        mine = ", nor in your discard" if q.hand.declarer is LEARNER else ""
        st.caption("The joker and both bowers are trumps too. Still out: not in your hand and "
                   f"not played yet{mine}.")
    if q.multi:
        every = "suit" if q.kind is QuestionKind.DISCARD else "one that can"
        st.caption(f"Pick every {every}, then Answer.")
        picked = st.pills("Pick every one", q.choices, selection_mode="multi",
                          key=f"{key}_pills", label_visibility="collapsed",
                          format_func=red_suits)
        st.button("Answer", key=f"{key}_go", type="primary", disabled=not picked,
                  on_click=lambda: on_answer(tuple(st.session_state.get(f"{key}_pills") or ())))
        return
    with st.container(horizontal=True, gap="small", key=f"{key}_choices"):
        for n, choice in enumerate(q.choices):
            st.button(red_suits(choice), key=f"{key}_choice_{n}", on_click=on_answer,
                      args=((choice,),))


def answer_words(q: Question) -> str:
    return " · ".join(c for c in q.choices if c in q.answer)


# --- practice ------------------------------------------------------------------------------------


def _practice_answer(picked: tuple[str, ...]) -> None:
    st.session_state[PICKED_KEY] = picked


def _practice_next() -> None:
    st.session_state[INDEX_KEY] = int(st.session_state.get(INDEX_KEY, 0)) + 1
    st.session_state.pop(PICKED_KEY, None)
    st.session_state.pop("ci_practice_pills", None)


def practice(seed: int) -> None:
    index = int(st.session_state.get(INDEX_KEY, 0))
    q = question_at(seed, index, current_rules())
    st.subheader(red_suits(q.text))
    moment(q, "ci_practice")
    picked = st.session_state.get(PICKED_KEY)
    if picked is None:
        choices(q, "ci_practice", _practice_answer)
        return
    if q.check(picked):
        st.success(red_suits(f"Right. {q.why}"), icon=":material/check_circle:")
    else:
        st.error(red_suits(f"Not quite: you said {' · '.join(picked)}; the answer is "
                           f"{answer_words(q)}. {q.why}"), icon=":material/cancel:")
    st.button("Next question", key="ci_next", type="primary", on_click=_practice_next,
              icon=":material/skip_next:")


# --- the timed run -------------------------------------------------------------------------------


def _best() -> StormBest | None:
    learner = current_learner()
    if learner is None:
        return None
    try:
        return storm_best(store(), learner)
    except STORE_ERRORS:
        return None


def _start() -> None:
    # a run asked for by its address (?seed=) is that run; else each run is a fresh one
    seed = st.session_state.get(SEED_KEY) if PARAM in st.query_params else None
    if not isinstance(seed, int):
        seed = next_seed() % 100_000
    st.session_state[RUN_KEY] = StormRun(started=CLOCK(), seed=seed)
    for key in (LAST_KEY, DONE_KEY, "ci_timed_pills"):
        st.session_state.pop(key, None)


def _timed_answer(picked: tuple[str, ...]) -> None:
    run = st.session_state.get(RUN_KEY)
    if not isinstance(run, StormRun):
        return
    now = CLOCK()
    if run.over(now):
        return
    q = question_at(run.seed, run.index, current_rules())
    right = q.check(picked)
    st.session_state[RUN_KEY] = run.answer(right, now)
    st.session_state[LAST_KEY] = (right, "Right." if right else
                                  red_suits(f"Not quite: {answer_words(q)}. {q.why}"))
    st.session_state.pop("ci_timed_pills", None)


def _finish(run: StormRun) -> None:
    """Save the finished run's score in the personal best (once)."""
    if st.session_state.get(DONE_KEY):
        return
    learner = current_learner()
    line = None
    if learner is not None:
        try:
            best = save_storm(store(), learner, run.score, run.best_streak)
            line = "A new personal best!" if best and run.score else None
        except STORE_ERRORS as e:
            line = f"Your score could not be saved: {e}"
    st.session_state[DONE_KEY] = line or True


@st.fragment(run_every=1.0)
def _clock() -> None:
    """The time left, redrawn every second; the page reruns when it runs out."""
    run = st.session_state.get(RUN_KEY)
    if not isinstance(run, StormRun):
        return
    left = run.remaining(CLOCK())
    if left <= 0:
        st.rerun(scope="app")
    st.markdown(f"**Time left:** {int(left) // 60}:{int(left) % 60:02d}")


def _score_line(run: StormRun) -> str:
    return (f"**Score:** {run.score} · **Streak:** {run.streak} · best streak "
            f"{run.best_streak} · wrong {run.wrong}")


def timed() -> None:
    best = _best()
    run = st.session_state.get(RUN_KEY)
    best_line = "" if best is None else \
        f"Your personal best: **{best.score}** right, a streak of {best.streak}."
    if not isinstance(run, StormRun):
        st.markdown(f"Answer as many as you can in {int(RUN_SECONDS) // 60} minutes. A right "
                    f"answer adds to your score and your streak; a wrong one breaks the streak "
                    f"and costs {int(WRONG_PENALTY)} seconds.")
        if best_line:
            st.markdown(best_line)
        else:
            st.caption(f"{keep_words()[:1].upper() + keep_words()[1:]} to keep your personal "
                       "best.")
        st.button("Start the clock", key="ci_start", type="primary", on_click=_start,
                  icon=":material/timer:")
        return
    if run.over(CLOCK()):
        _finish(run)
        st.subheader("Time is up")
        st.markdown(f"You answered **{run.score}** right, with a best streak of "
                    f"**{run.best_streak}** ({run.wrong} wrong).")
        done = st.session_state.get(DONE_KEY)
        if isinstance(done, str):
            st.success(done, icon=":material/emoji_events:")
        best = _best()
        if best is not None:
            st.markdown(f"Your personal best: **{best.score}** right, a streak of "
                        f"{best.streak}.")
        st.button("Start again", key="ci_again", type="primary", on_click=_start,
                  icon=":material/replay:")
        return
    with st.container(horizontal=True, gap="medium", key="ci_status"):
        _clock()
        st.markdown(_score_line(run))
    last = st.session_state.get(LAST_KEY)
    if isinstance(last, tuple):
        (st.success if last[0] else st.error)(last[1])
    q = question_at(run.seed, run.index, current_rules())
    st.subheader(red_suits(q.text))
    moment(q, "ci_timed")
    choices(q, "ci_timed", _timed_answer)


def render() -> None:
    """Draw the Count and infer page."""
    st.title("Count and infer")
    st.caption(INTRO)
    current_learner()  # keeps ?learner= in the address, so a reload keeps the learner
    rules = current_rules()
    if rules.players != 4:
        st.info("Count and infer covers the 4-player game: choose a 4-player table on the "
                "Rules page.", icon=":material/info:")
        return
    seed = run_seed()
    st.session_state[WORDS_KEY] = [INTRO]
    mode = st.segmented_control("Mode", (PRACTICE, TIMED), default=PRACTICE, key=MODE_KEY,
                                label_visibility="collapsed")
    try:
        if mode == TIMED:
            timed()
        else:
            practice(seed)
    except CountError as e:
        st.error(f"No hand to count here: {e}")
    glossary_box(terms_in(st.session_state.get(WORDS_KEY, [])), key="ci_glossary")
