"""Misère played out by players who see only what they would see (`trainer.bots.misere_play`),
and the bidding simulation's ``misere_play`` hook for closed misère (RULES.md §3: in an open
misère the declarer's hand is exposed to all; in a closed one the defenders see only their own
cards)."""

from __future__ import annotations

import random

import pytest

from trainer.bidding import MISERE, OPEN_MISERE, parse_bid
from trainer.bots.misere_play import played_misere
from trainer.cards import Deal, Seat
from trainer.notation import parse_hand
from trainer.rules import PRESETS, RuleSet
from trainer.simulate import SimulationError, analyse_bid, sample_layouts

AUS = PRESETS["australian"]
LOWEST = parse_hand("4H 5H 6H 4D 5D 6D 5S 6S 5C 6C")


def closed_set(layout: Deal, contract, declarer: Seat, rules: RuleSet) -> int:
    """A stand-in play-out: every closed misère set."""
    assert not contract.open  # an open misère stays double dummy
    return 1


def test_the_simulation_plays_closed_misere_out_and_open_misere_double_dummy() -> None:
    rules = AUS.with_options(misere_needs_seven=False)  # so a first call may be misère
    played = analyse_bid(LOWEST, Seat.N, Seat.W, (), rules, samples=6, seed=1, workers=1,
                         misere_play=closed_set)
    plain = analyse_bid(LOWEST, Seat.N, Seat.W, (), rules, samples=6, seed=1, workers=1)
    assert played.misere_made == 0  # the learner's own misère, played: set every time
    assert plain.misere_made == 6  # double dummy the lowest cards always duck
    by_call = {c.call: c for c in played.candidates}
    dd_call = {c.call: c for c in plain.candidates}
    assert {f.tricks for f in by_call["MIS"].outcomes if f.contract == "MIS"} == {1}
    assert by_call["OMIS"].outcomes == dd_call["OMIS"].outcomes
    assert by_call["OMIS"].ev == dd_call["OMIS"].ev > 0 > by_call["MIS"].ev
    with pytest.raises(SimulationError, match="misere_play"):
        analyse_bid(LOWEST, Seat.N, Seat.W, (), AUS, samples=2, seed=1, workers=1,
                    finish=None, misere_play=closed_set)


def test_the_lowest_cards_make_a_misere_played_out_and_each_layout_gives_one_answer() -> None:
    layouts = sample_layouts(LOWEST, Seat.N, Seat.W, (), AUS, 3, random.Random(2)).layouts
    for layout in layouts:
        for contract in (MISERE, OPEN_MISERE):
            got = played_misere(layout, contract, Seat.N, AUS)
            assert got == 0 and played_misere(layout, contract, Seat.N, AUS) == got
    with pytest.raises(ValueError, match="not a misère"):
        played_misere(layouts[0], parse_bid("7H"), Seat.N, AUS)


def test_a_played_misere_can_count_every_trick_under_misere_defenders() -> None:
    rules = AUS.with_options(misere_defenders=True)
    kings = parse_hand("KH QH JD AD KD 6S AS AC KC 6C")
    layout = sample_layouts(kings, Seat.N, Seat.W, (), rules, 1, random.Random(3)).layouts[0]
    assert played_misere(layout, MISERE, Seat.N, rules) >= 2
