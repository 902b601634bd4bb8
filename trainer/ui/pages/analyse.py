"""Analyse page: enter a position and see every card's double-dummy value; or a hand and an
auction, and see every call or discard valued by simulation.

Two tabs. "A position in play": the position JSON of docs/DESIGN.md ("Card codes and
positions"); the page values each legal card of the player to move with the solver (the tricks
the declarer's side takes from the current trick on, with best play by both sides after it;
misère: the declarer's own tricks) and tells a principal line trick by trick. Bad input shows
the parser's message naming the field, never a traceback. The position can be typed, started
from a puzzle, or built by clicking cards (`trainer.ui.analysis.position_builder`).

"Your hand": the "analyse my hand" section (`trainer.ui.analysis.hand`), the hand ticked in the
pack and the auction clicked call by call (`trainer.ui.analysis.builder`) or typed.

``?puzzle=<id>`` (a puzzle page's "Analyse this position") loads that puzzle
(`trainer.ui.analysis.from_puzzle`) and opens its tab. At the foot, "What these words mean".
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
from trainer.generate.records import PlayPuzzle
from trainer.ui.analysis.from_puzzle import LOADED_KEY, PAGES, PARAM, Loaded, load_from_address
from trainer.ui.analysis.hand import hand_words, render_hand_analysis
from trainer.ui.analysis.position import (
    EXAMPLE,
    PositionJob,
    Result,
    Unfinished,
    partial_table,
    pretty_json,
    read_position,
    values_table,
)
from trainer.ui.analysis.position_builder import position_builder
from trainer.ui.data.glossary import glossary_box, terms_in
from trainer.ui.data.profile import plain
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.data.state import current_rules, session_alive, switch_rules
from trainer.ui.widgets.board import board_html

TEXT_KEY = "analyse_json"
RESULT_KEY = "analyse_result"
SOURCE_KEY = "analyse_source"
GO_KEY = "analyse_go"
JOB_KEY = "analyse_job"  # the PositionJob running, if any
STOPPED = "stopped"
EXAMPLE_ID = "example"
EXAMPLE_LABEL = "The example (8♥ by South, five tricks left)"
TABS = ("A position in play", "Your hand: bid or discard")
INTRO = ("Enter a position and see every card's double-dummy value: what each card is worth "
         "when every player can see all the cards and plays perfectly.")


def _load_source() -> None:
    """"Start from" changed: its position in the field, and the address in step."""
    source = st.session_state.get(SOURCE_KEY)
    puzzle = load_bank().by_id(source)
    st.session_state[TEXT_KEY] = pretty_json(puzzle.position) if puzzle else EXAMPLE
    st.session_state.pop(RESULT_KEY, None)
    if puzzle is not None:
        st.query_params[PARAM] = st.session_state[LOADED_KEY] = puzzle.id
    elif PARAM in st.query_params:
        del st.query_params[PARAM]


def _text() -> str:
    return str(st.session_state.get(TEXT_KEY, ""))


def _put(text: str) -> None:
    """The position builder's text into the field (the last valuation goes)."""
    st.session_state[TEXT_KEY] = text
    st.session_state.pop(RESULT_KEY, None)


def _set_position(puzzle: PlayPuzzle) -> None:
    """A play puzzle from the address: its starting position in the field."""
    st.session_state[SOURCE_KEY] = puzzle.id
    st.session_state[TEXT_KEY] = pretty_json(puzzle.position)
    st.session_state.pop(RESULT_KEY, None)


def _loaded_note(loaded: Loaded) -> None:
    """What was loaded from the address, the way back to the puzzle, and a button to take its
    rules when the learner's differ (a bid or discard is valued under the rules in use)."""
    where = (f"its starting position is under **{TABS[0]}**" if loaded.kind == "play" else
             f"the hand, seat, dealer and auction are under **{TABS[1]}**. Valuing it deals "
             f"new random layouts of the cards you cannot see, so its figures differ a little "
             f"from the puzzle's")
    st.info(f"From {loaded.words}: {where}.", icon=":material/input:")
    st.page_link(PAGES[loaded.kind], label="Back to the puzzle", icon=":material/arrow_back:",
                 query_params={PARAM: loaded.puzzle.id})
    rules = current_rules()
    if loaded.kind != "play" and loaded.rules != rules:
        st.warning(f"This puzzle was made under other rules ({rules_summary(loaded.rules)}) "
                   f"than yours ({rules_summary(rules)}); the analysis uses yours.",
                   icon=":material/rule:")
        st.button("Use the puzzle's rules", key="analyse_puzzle_rules", on_click=switch_rules,
                  args=(loaded.rules,), icon=":material/swap_horiz:")


def _value() -> None:
    text = st.session_state.get(TEXT_KEY, "")
    try:
        read_position(text, current_rules())  # bad input is told at once
    except TrainerError as e:
        st.session_state[RESULT_KEY] = str(e)
        return
    st.session_state.pop(RESULT_KEY, None)
    running = st.session_state.get(JOB_KEY)
    if isinstance(running, PositionJob):
        running.stop()  # one valuation a visitor at a time: the new one replaces it
    st.session_state[JOB_KEY] = PositionJob(text, current_rules(), session_alive()).start()


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
    if job.result is not None:
        st.session_state[RESULT_KEY] = job.result
    elif job.why == "budget":
        st.session_state[RESULT_KEY] = Unfinished(job.partial, job.total - 1, job.budget)
    else:
        st.session_state[RESULT_KEY] = STOPPED


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


def _unfinished(result: Unfinished) -> None:
    """A valuation stopped by its time budget: what it had valued by then."""
    minutes = result.budget / 60
    st.warning(f"Stopped after {minutes:.0f} minutes, with {len(result.values)} of "
               f"{result.cards} cards valued: a position this big takes longer than the "
               "server gives one visitor. Play a trick or two on and value it again.",
               icon=":material/timer:")
    if result.values:
        st.dataframe(partial_table(result.values), hide_index=True)


def _position_tab() -> list[str]:
    """The position, its valuation and the result; what it shows in words."""
    st.markdown(INTRO)
    st.session_state.setdefault(TEXT_KEY, EXAMPLE)
    _sources()
    with st.expander("Build a position by clicking cards", icon=":material/touch_app:",
                     key="build_open"):
        position_builder(_text, _put)
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
    elif isinstance(result, Unfinished):
        _unfinished(result)
    elif isinstance(result, str):
        # the learner's own text comes back in the message: shown as text, never as Markdown
        st.error(f"That position will not do: {plain(str(result))}", icon=":material/error:")
    elif isinstance(result, Result):
        _show(result)
        return [INTRO, result.position.contract.pretty, "the declarer takes … of the tricks",
                "Principal line", *(s.text for s in result.line)]
    return [INTRO]


def render() -> None:
    """Draw the Analyse page."""
    st.title("Analyse")
    loaded = load_from_address(_set_position)
    if loaded is not None:
        _loaded_note(loaded)
    hand_first = loaded is not None and loaded.kind != "play"
    position, hand = st.tabs(TABS, default=TABS[1] if hand_first else TABS[0])
    with position:
        words = _position_tab()
    with hand:
        shown = render_hand_analysis()
    glossary_box(terms_in([*words, *hand_words(current_rules()), *shown]),
                 key="analyse_glossary")


if __name__ == "__main__":
    render()
