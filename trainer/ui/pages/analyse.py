"""Analyse page: enter a position and see every card's double-dummy value.

The position is the JSON object of docs/DESIGN.md ("Card codes and positions"). The page values each
legal card of the player to move with the solver (the tricks the declarer's side takes from the
current trick on, with best play by both sides after it; misère: the declarer's own tricks) and
tells a principal line trick by trick. Bad input shows the parser's message naming the field,
never a traceback. Below it, the "analyse my hand" section (`trainer.ui.analysis.hand`) appears
once the simulation module is installed.
"""

from __future__ import annotations

# ruff: noqa: E402 (the solver is waited for before the imports that load it)
import streamlit as st

from trainer.ui.data.solver_access import wait_for_solver

# Before the imports below, which load the solver: a first start compiles it, and the
# page says so meanwhile instead of staying blank.
wait_for_solver()

from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.ui.analysis.hand import render_hand_analysis
from trainer.ui.analysis.position import (
    EXAMPLE,
    PositionJob,
    Result,
    pretty_json,
    read_position,
    values_table,
)
from trainer.ui.data.profile import plain
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.data.state import current_rules
from trainer.ui.widgets.board import board_html

TEXT_KEY = "analyse_json"
RESULT_KEY = "analyse_result"
SOURCE_KEY = "analyse_source"
GO_KEY = "analyse_go"
JOB_KEY = "analyse_job"  # the PositionJob running, if any
STOPPED = "stopped"
EXAMPLE_ID = "example"
EXAMPLE_LABEL = "The example (8♥ by South, five tricks left)"

def _load_source() -> None:
    puzzle = load_bank().by_id(st.session_state.get(SOURCE_KEY))
    st.session_state[TEXT_KEY] = pretty_json(puzzle.position) if puzzle else EXAMPLE
    st.session_state.pop(RESULT_KEY, None)


def _value() -> None:
    text = st.session_state.get(TEXT_KEY, "")
    try:
        read_position(text, current_rules())  # bad input is told at once
    except TrainerError as e:
        st.session_state[RESULT_KEY] = str(e)
        return
    st.session_state.pop(RESULT_KEY, None)
    st.session_state[JOB_KEY] = PositionJob(text, current_rules()).start()


def _stop() -> None:
    job = st.session_state.pop(JOB_KEY, None)
    if isinstance(job, PositionJob):
        job.stop()
    st.session_state[RESULT_KEY] = STOPPED


def _wait_for_job() -> None:
    """While a valuation runs: its progress, card by card, and a Stop button (a click reruns
    the page, which stops waiting; the work stops at the next card)."""
    job = st.session_state.get(JOB_KEY)
    if not isinstance(job, PositionJob):
        return
    stop = st.empty()
    stop.button("Stop", key="analyse_stop", on_click=_stop, icon=":material/stop_circle:")
    bar = st.progress(0.0, text="Valuing every card…")
    while job.running:
        bar.progress(min(1.0, job.done / max(job.total, 1)),
                     text=f"Valuing every card… {job.done} of {job.total - 1} done")
        job.wait(0.2)
    bar.empty()
    stop.empty()  # the work is done: nothing left to stop
    st.session_state.pop(JOB_KEY, None)
    st.session_state[RESULT_KEY] = job.result if job.result is not None else STOPPED


def _sources() -> None:
    bank = load_bank()
    titles = {EXAMPLE_ID: EXAMPLE_LABEL} | {p.id: f"Puzzle {p.id}: {p.title}"
                                            for p in bank.puzzles}
    st.selectbox("Start from", list(titles), key=SOURCE_KEY, on_change=_load_source,
                 format_func=titles.__getitem__)


def _show(result: Result) -> None:
    a = result.analysis
    state = result.position.to_state()
    who = seat_name(a.to_play)
    side = "the declarer" if result.position.contract.misere else "the declarer's side"
    wants = "most" if a.maximising else "fewest"
    st.markdown(f"**{who} to play.** With best play {side} takes **{a.best}** of the "
                f"{a.tricks_left} tricks left (this trick included); {who} wants the {wants}.")
    st.markdown(board_html(state, a.to_play, you=False), unsafe_allow_html=True)
    st.markdown("**Every card's value** (tricks for " + side + " after that card)")
    st.dataframe(values_table(a), hide_index=True,
                 column_config={"Value": st.column_config.NumberColumn(format="%d")})
    st.markdown("**Principal line** (best play by both sides)")
    st.markdown("\n".join(f"- {s.text}" for s in result.line) or "- (nothing left to play)")


def render() -> None:
    """Draw the Analyse page."""
    st.title("Analyse")
    st.markdown("Enter a position and see every card's double-dummy value: what each card is "
                "worth when every player can see all the cards and plays perfectly.")
    st.session_state.setdefault(TEXT_KEY, EXAMPLE)
    _sources()
    st.text_area("Position (JSON)", key=TEXT_KEY, height=340,
                 help='Cards: rank + suit (AS, TH, JK); seats N E S W; contract 6S … 10NT, '
                      'MIS, OMIS. "trick" holds the cards already played to this trick, from '
                      '"leader"; "history" the finished tricks. Without "rules", your rules (Rules '
                      'page) are used.')
    st.button("Value every card", key=GO_KEY, on_click=_value, type="primary",
              icon=":material/calculate:")
    _wait_for_job()
    result = st.session_state.get(RESULT_KEY)
    if result == STOPPED:
        st.info("Stopped: nothing was valued. Change the position or value it again.",
                icon=":material/stop_circle:")
    elif isinstance(result, str):
        # the learner's own text comes back in the message: shown as text, never as Markdown
        st.error(f"That position will not do: {plain(str(result))}", icon=":material/error:")
    elif isinstance(result, Result):
        _show(result)
    render_hand_analysis()


if __name__ == "__main__":
    render()
