"""At the table page: play puzzles seen as a player at the table sees them (own cards, the
auction, the cards played, the declarer's own discard, a nominated joker), graded by the
chance the card gives over the layouts of the unseen cards that fit all of that
(`trainer.ui.puzzles.at_the_table`). Nothing of the other hands is shown before a card is
chosen; then the verdict by chance, every card's chance, the layout dealt (one on which the
tempting card fails and the best one succeeds) and the write-up. ``?puzzle=<id>`` in the
address opens a puzzle.
"""

from __future__ import annotations

import streamlit as st

from trainer.generate.explain import seat_name
from trainer.generate.records_table import TablePuzzle
from trainer.ui.puzzles.at_the_table import (
    CONTRACT_WORDS,
    SIDE_WORDS,
    find,
    grade_card,
    label,
    matching,
    shares_rows,
    table_bank,
    view_of,
)
from trainer.ui.widgets.auction import auction_table
from trainer.ui.widgets.board import board_html, history_rows
from trainer.ui.widgets.cards import hand_html, inline_cards_html, play_label, red_suits, trick_html

CURRENT_KEY = "table_puzzle"  # the id of the puzzle on show
ANSWER_KEY = "table_answer"  # {"puzzle": id, "play": code} once a card is chosen
TYPES_KEY = "table_types"
SIDES_KEY = "table_sides"
ASKED_KEY = "table_asked"  # the ?puzzle= id already opened


def _choose(puzzles: tuple[TablePuzzle, ...]) -> TablePuzzle | None:
    st.multiselect("Contract", list(CONTRACT_WORDS), key=TYPES_KEY,
                   format_func=lambda t: CONTRACT_WORDS[t], placeholder="any contract")
    st.multiselect("Side", list(SIDE_WORDS), key=SIDES_KEY,
                   format_func=lambda s: SIDE_WORDS[s], placeholder="either side")
    shown = matching(puzzles, st.session_state.get(TYPES_KEY) or [],
                     st.session_state.get(SIDES_KEY) or [])
    if not shown:
        st.info("No puzzle fits these choices.")
        return None
    asked = st.query_params.get("puzzle")
    if asked is not None and asked != st.session_state.get(ASKED_KEY):
        st.session_state[ASKED_KEY] = asked  # an address's puzzle opens once, then Next works
        if find(puzzles, asked) is None:
            st.warning(f"There is no at-the-table puzzle {asked}.")
        else:
            st.session_state[CURRENT_KEY] = asked
    current = find(shown, st.session_state.get(CURRENT_KEY, "")) or shown[0]
    if st.button("Next puzzle", key="table_next"):
        at = shown.index(current) if current in shown else -1
        current = shown[(at + 1) % len(shown)]
    st.session_state[CURRENT_KEY] = current.id
    st.caption(f"Puzzle {current.id} · {label(current)}")
    return current


def _view(puzzle: TablePuzzle) -> None:
    view = view_of(puzzle)
    state, seat = view.state, view.learner
    contract = state.contract
    assert contract is not None and state.declarer is not None
    by = "you" if state.declarer is seat else seat_name(state.declarer)
    role = "the declarer" if state.declarer is seat else (
        "the declarer's partner" if puzzle.side == "declarer" else "a defender")
    st.subheader(red_suits(puzzle.title))
    st.markdown(red_suits(f"You sit {seat_name(seat)}, {role}; {contract.pretty} by {by}."))
    st.markdown("**The auction**")
    st.table(auction_table(state.rules, puzzle.dealer, list(puzzle.auction), you=seat),
             border="horizontal", hide_index=True)
    if view.discard:
        st.markdown("Your discard: " + inline_cards_html(view.discard, state.order),
                    unsafe_allow_html=True)
    if view.nominated is not None:
        st.markdown(red_suits(f"The joker is nominated as {view.nominated}."))
    if view.exposed:
        st.markdown("The declarer's hand, face up: "
                    + inline_cards_html(view.exposed, state.order), unsafe_allow_html=True)
    if state.history:
        st.markdown("**The tricks played**")
        st.table(history_rows(state), border="horizontal")
    if state.trick:
        seats = state.trick_seats()
        st.markdown("**This trick so far**")
        st.markdown(trick_html(state.trick, [seat_name(s) for s in seats], state.order),
                    unsafe_allow_html=True)
    else:
        st.markdown("You are on lead.")
    st.markdown("**Your hand**")
    st.markdown(hand_html(view.hand, state.order, label="your hand"), unsafe_allow_html=True)


def _answer(puzzle: TablePuzzle) -> str | None:
    kept = st.session_state.get(ANSWER_KEY)
    return kept["play"] if kept and kept.get("puzzle") == puzzle.id else None


def _cards(puzzle: TablePuzzle) -> None:
    view = view_of(puzzle)
    st.markdown("**Your card**")
    columns = st.columns(min(5, len(view.legal)))
    for i, play in enumerate(view.legal):
        if columns[i % len(columns)].button(play_label(play), key=f"table_{puzzle.id}_{play.code}"):
            st.session_state[ANSWER_KEY] = {"puzzle": puzzle.id, "play": play.code}
            st.rerun()


def _reveal(puzzle: TablePuzzle, code: str) -> None:
    play = next(p for p in view_of(puzzle).legal if p.code == code)
    verdict = grade_card(puzzle, play)
    (st.success if verdict.right else st.error)(red_suits(verdict.text))
    st.markdown("**Every card's chance**")
    st.table(shares_rows(puzzle), border="horizontal", hide_index=True)
    state = puzzle.position.to_state()
    st.markdown("**The other hands**")
    st.markdown(board_html(state, puzzle.learner, live=False), unsafe_allow_html=True)
    if puzzle.write_up:
        st.markdown("**Why**")
        st.markdown(red_suits(puzzle.write_up))
    if st.button("Try it again", key=f"table_again_{puzzle.id}"):
        st.session_state.pop(ANSWER_KEY, None)
        st.rerun()


def render() -> None:
    st.title("At the table")
    st.markdown("At the table: you see only your own cards, the auction and the cards played, "
                "as a player does. Each card is graded by how often it reaches your goal over "
                "the layouts of the unseen cards that fit what you have seen.")
    puzzles = table_bank()
    if not puzzles:
        st.info("No at-the-table puzzles are installed.")
        return
    puzzle = _choose(puzzles)
    if puzzle is None:
        return
    _view(puzzle)
    code = _answer(puzzle)
    if code is None:
        _cards(puzzle)
    else:
        _reveal(puzzle, code)


render()
