"""A puzzle loaded into the Analyse page from its address, ``/analyse?puzzle=<id>`` (what a
puzzle page's "Analyse this position" opens, `trainer.ui.puzzles.analyse_link`).

The id is looked up in the three banks (`trainer.ui.data.puzzle_bank.load_bank`, every puzzle,
whatever the rules in use) and among the puzzles made on demand
(`trainer.ui.data.made_puzzles`). A play puzzle gives its starting position (the position JSON); a
bidding puzzle its hand, seat, dealer and the auction so far; a discard puzzle its 13 cards
(hand and kitty), contract, seat, dealer and the whole auction. A puzzle is loaded once a
session and address (`LOADED_KEY`), so the learner's changes afterwards stay; an address
naming no puzzle gives a message, not an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from trainer.bidding import Auction
from trainer.cards import Seat
from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.records import PlayPuzzle
from trainer.rules import RuleSet
from trainer.ui.analysis.hand import load_hand
from trainer.ui.data.made_puzzles import with_generated
from trainer.ui.data.profile import md
from trainer.ui.data.puzzle_bank import KINDS, load_bank, puzzle_rules

PARAM = "puzzle"
LOADED_KEY = "analyse_loaded"  # the id of the puzzle last loaded from the address
KIND_WORDS = {"play": "play puzzle", "bid": "bidding puzzle", "discard": "discard puzzle"}
PAGES = {"play": "trainer/ui/pages/play.py", "bid": "trainer/ui/pages/bidding.py",
         "discard": "trainer/ui/pages/discard.py"}


@dataclass(frozen=True)
class Loaded:
    """The puzzle the address names: ``kind`` (``"play"``, ``"bid"`` or ``"discard"``), the
    record, and whether it was put into the page on this run (``fresh``)."""

    kind: str
    puzzle: Any
    fresh: bool = False

    @property
    def rules(self) -> RuleSet:
        return puzzle_rules(self.puzzle)

    @property
    def words(self) -> str:
        """``"bidding puzzle b0000001"``."""
        return f"{KIND_WORDS[self.kind]} {self.puzzle.id}"


def find_puzzle(puzzle_id: str | None) -> Loaded | None:
    """The puzzle of any bank, or made on demand (`with_generated`), with id ``puzzle_id``
    (None when there is none)."""
    for kind in KINDS:
        puzzle = with_generated(load_bank(kind=kind), kind).by_id(puzzle_id)
        if puzzle is not None:
            return Loaded(kind, puzzle)
    return None


def made_calls(rules: RuleSet, dealer: Seat, turns: tuple[str, ...]) -> list[str]:
    """An auction kept one entry a turn (a record's ``auction``, `Auction.calls`) as the calls
    the players made, which is how the Analyse page takes it: the implicit passes of players
    who were out left out (`Auction.sat_out`)."""
    auction = Auction(rules, dealer, list(turns))
    return [c for i, c in enumerate(turns) if not auction.sat_out(i)]


def hand_fields(loaded: Loaded) -> dict[str, Any]:
    """The "analyse my hand" fields of a bidding or discard puzzle, as `load_hand` takes them
    (``rules`` included)."""
    puzzle = loaded.puzzle
    a = puzzle.analysis
    rules = loaded.rules
    contract = a.contract.code if isinstance(puzzle, DiscardPuzzle) else ""
    return {"hand": [c.code for c in a.hand], "seat": a.seat.value, "dealer": a.dealer.value,
            "calls": made_calls(rules, a.dealer, tuple(a.auction)), "contract": contract,
            "samples": a.samples, "rules": rules}


def load_from_address(set_position: Any) -> Loaded | None:
    """The puzzle named by ``?puzzle=`` (None without one; a warning for an unknown id). The
    first time in a session it is put into the page: a play puzzle's position through
    ``set_position(puzzle)`` (the page's text field), a bidding or discard puzzle into the
    "analyse my hand" fields (`load_hand`)."""
    wanted = st.query_params.get(PARAM)
    if not wanted:
        return None
    loaded = find_puzzle(wanted)
    if loaded is None:
        st.warning(f"No puzzle {md(wanted[:40])} to analyse: choose a position below.",
                   icon=":material/help:")
        return None
    if st.session_state.get(LOADED_KEY) == wanted:
        return loaded
    st.session_state[LOADED_KEY] = wanted
    if isinstance(loaded.puzzle, PlayPuzzle):
        set_position(loaded.puzzle)
    elif isinstance(loaded.puzzle, (BidPuzzle, DiscardPuzzle)):
        load_hand(**hand_fields(loaded))
    return Loaded(loaded.kind, loaded.puzzle, fresh=True)
