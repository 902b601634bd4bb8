"""The solver against DDS (the `endplay` package) through docs/DESIGN.md's mapping: 4-player suit
contracts, and no trumps with no free joker in play, from full 10-card deals down to the last
tricks, mid-trick positions included."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from solver_positions import random_state

from trainer.bidding import parse_bid
from trainer.cards import JOKER
from trainer.notation import Position
from trainer.solver import Solver
from trainer.solver.bridge import bridge_cards, dds_values

pytest.importorskip("endplay")


def _positions(seed: int, count: int) -> list:
    """``count`` mappable positions: a third full deals with the declarer on lead."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        kind = rng.choice(("suit", "suit", "nt"))
        tricks = 10 if rng.random() < 0.35 else rng.randint(1, 9)
        state = random_state(rng, players=4, kind=kind, tricks_left=tricks,
                             mid_trick=None if tricks < 10 else False,
                             keep_joker=0.0 if kind == "nt" else 0.85,
                             nominate=0.5)
        if bridge_cards(state) is not None:
            out.append(state)
    return out


def test_mapping_puts_red_trumps_on_thirteen_ranks() -> None:
    # docs/DESIGN.md: hearts trumps are joker, J♥, J♦, A K Q 10 ... 4 = A K Q J T ... 2 in bridge.
    rng = random.Random(1)
    state = random_state(rng, players=4, kind="suit", tricks_left=10, mid_trick=False)
    state = replace(state, contract=parse_bid("7H"))
    codes = bridge_cards(state)
    assert codes is not None
    hearts = sorted((c for c in codes if codes[c][0] == "H"), key=lambda c: codes[c][1:])
    assert len(hearts) == 13
    assert codes[JOKER] == "HA"
    assert [codes[c] for c in hearts if c.code in ("JH", "JD")] in (["HK", "HQ"], ["HQ", "HK"])


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_dds(seed: int) -> None:
    # 5 x 200 = 1,000 positions; every legal card's value must equal DDS's.
    solver = Solver()
    for state in _positions(seed, 200):
        expected = dds_values(state)
        assert expected is not None
        got = solver.analyse(state)
        assert dict(got.values) == expected, Position.from_state(state).to_json()
