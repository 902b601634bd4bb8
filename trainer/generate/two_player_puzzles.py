"""Play puzzles of the 2-player game (RULES.md §1; 002, "Wersja dla 2 graczy").

The pipeline of `trainer.generate.play_puzzles` (deal, bid, exchange, play on with the easy
bots' cards, the only-move test, the main line, a real decision, themes, rating; version 2: the
solver's best card with some noise, and no real-decision test), on a 2-player deal: each
player has a hand and five table piles, the declarer takes the kitty and discards three from
the hand, and the early tricks are played until 2 to 6 tricks are left. The kinds
are the suit and no-trump ones, declarer and defence (no misère at two). Records are the
4-player records with 2-player positions (docs/DESIGN.md "2-player positions"), and the
generator field names the rules (``"rules": {"players": 2}``) so the puzzle is regenerated
from its seed: ``python -m trainer generate play --count 50 --seed 2000000 --rules
'{"players": 2}' --append``.

Distinct cards (the only-move test's third) at two players:
`trainer.generate.goals.table_equivalence_classes`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from trainer.cards import JOKER, Seat, deal
from trainer.generate.goals import Goal
from trainer.generate.play_steps import (
    DEFAULT_ATTEMPTS,
    GENERATOR_VERSION,
    MOMENTS_TRIED,
    declare,
    find_moment,
    find_moments,
    finish_puzzle,
    real_decision,
    spread_order,
)
from trainer.generate.records import PlayPuzzle
from trainer.play import PlayState
from trainer.rules import RuleSet, preset_name

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver
from trainer.two_player import TablePlayState, start_table_play

KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence")
"""The 2-player kinds: no misère at two (002: "misère jest niedozwolone")."""
FIRST_SEED = 2_000_000
"""The shipped 2-player puzzles' first seed (ids p2000000 on, apart from the 4-player ones)."""


def deal_table_hand(seed: int, kind: str, rules: RuleSet, solver: Solver,
                    version: int = GENERATOR_VERSION) -> TablePlayState | None:
    """A 2-player deal in play (module docstring, step 1 of `play_puzzles`): bid with the
    policy on the hands (`_auction`); if that does not give the wanted kind, the deal is
    dropped (version 2: the policy's best seat declares it, `choose_contract`, on the hand and
    the face-up table cards). The declarer discards by `choose_discard`. None for a no-trump
    kind without the joker in play."""
    rng = random.Random(seed)
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    assert d.tables is not None
    seen = {s: tuple(d.hands[s]) + tuple(up for _, up in d.tables[s]) for s in rules.seats}
    declared = declare(rng, kind, rules, d, seen, version)
    if declared is None:
        return None
    contract, declarer, discard = declared
    state = start_table_play(d, contract, declarer, discard, rules)
    if kind.startswith("nt") and not any(JOKER in state.cards_of(s) for s in state.seats):
        return None
    return state


def _attempt(rng: random.Random, kind: str, rules: RuleSet, solver: Solver
             ) -> tuple[PlayState, Seat, Goal, str] | None:
    """Version 2's deal played to every candidate moment (`play_steps.find_moment`)."""
    state = deal_table_hand(rng.randrange(2**31), kind, rules, solver, 2)
    if state is None:
        return None
    return find_moment(rng, kind, state, solver, version=2)


DEALS = {"suit": 400, "nt": 8000}
"""Version 3: deals dealt and bid a seed, looking for an auction of its kind of contract."""


def generate_table_puzzle(seed: int, solver: Solver | None, rules: RuleSet,
                          version: int = GENERATOR_VERSION) -> PlayPuzzle | None:
    """The 2-player play puzzle of ``seed`` under ``rules`` (``players`` 2), or None. The same
    seed, rules and version always give the same puzzle; its ``generator`` names the rules.
    Version 3 keeps a real decision or, on a beginners' seed, a beginners' puzzle
    (`trainer.generate.play_steps.real_decision`)."""
    if solver is None:
        from trainer.solver import Solver

        solver = Solver()
    rng = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    if version < 3:
        for _ in range(DEFAULT_ATTEMPTS):
            found = _attempt(rng, kind, rules, solver)
            if found is not None:
                state, seat, goal, text = found
                puzzle = finish_puzzle(seed, kind, state, seat, goal, text, solver, None, 2)
                return _named(puzzle, rules)
        return None
    from trainer.generate.real_decisions import beginner_seed

    beginner = beginner_seed(seed)
    matched = 0
    for _ in range(DEALS[kind.split("_")[0]]):
        state = deal_table_hand(rng.randrange(2**31), kind, rules, solver)
        if state is None:
            continue
        for moment in spread_order(rng, find_moments(rng, kind, state, solver))[:MOMENTS_TRIED]:
            puzzle = real_decision(seed, kind, moment, solver, None, beginner)
            if puzzle is not None:
                return _named(puzzle, rules)
        matched += 1
        if matched >= DEFAULT_ATTEMPTS:
            break
    return None


def _named(puzzle: PlayPuzzle, rules: RuleSet) -> PlayPuzzle:
    """``puzzle`` with its rules in its generator field."""
    return replace(puzzle, generator={**puzzle.generator, "rules": preset_name(rules)})
