"""Play puzzles of the 2-player game (RULES.md §1; 002, "Wersja dla 2 graczy").

The pipeline of `trainer.generate.play_puzzles` (deal, bid, exchange, play on with the solver's
best card and some noise, the only-move test, the main line, themes, rating), on a 2-player
deal: each player has a hand and five table piles, the declarer takes the kitty and discards
three from the hand, and the early tricks are played until 2 to 6 tricks are left. The kinds
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

from trainer.cards import JOKER, deal
from trainer.generate.goals import Goal, judge
from trainer.generate.play_steps import (
    DEFAULT_ATTEMPTS,
    MAX_LEFT,
    MIN_LEFT,
    _auction,
    _finish,
    _noisy_best,
    _wanted,
    choose_contract,
    learner_side,
    only_move,
    puzzle_goal,
    tight_level,
)
from trainer.generate.records import PlayPuzzle
from trainer.policy import choose_discard
from trainer.rules import RuleSet, preset_name
from trainer.solver import Solver
from trainer.two_player import TablePlayState, start_table_play

KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence")
"""The 2-player kinds: no misère at two (002: "misère jest niedozwolone")."""
FIRST_SEED = 2_000_000
"""The shipped 2-player puzzles' first seed (ids p2000000 on, apart from the 4-player ones)."""


def deal_table_hand(seed: int, kind: str, rules: RuleSet, solver: Solver
                    ) -> TablePlayState | None:
    """A 2-player deal in play (module docstring, step 1 of `play_puzzles`): bid with the
    policy on the hands (`_auction`); if that does not give the wanted kind, the policy's best
    seat declares it (`choose_contract`, on the hand and the face-up table cards). The
    declarer discards by `choose_discard`. None for a no-trump kind without the joker in
    play."""
    rng = random.Random(seed)
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    assert d.tables is not None
    auction = _auction(rng, rules, d.hands)
    if _wanted(kind, auction.contract):
        contract, declarer = auction.contract, auction.declarer
    else:
        seen = {s: tuple(d.hands[s]) + tuple(up for _, up in d.tables[s]) for s in rules.seats}
        contract, declarer = choose_contract(kind, seen, rules, rng)
    assert contract is not None and declarer is not None
    discard = choose_discard(list(d.hands[declarer]) + list(d.kitty), contract, rules)
    state = start_table_play(d, contract, declarer, discard, rules)
    if kind.startswith("nt") and not any(JOKER in state.cards_of(s) for s in state.seats):
        return None
    return state


def _attempt(rng: random.Random, kind: str, rules: RuleSet, solver: Solver
             ) -> tuple[TablePlayState, object, Goal, str] | None:
    """One deal played to every candidate moment (as `play_puzzles._attempt`)."""
    state = deal_table_hand(rng.randrange(2**31), kind, rules, solver)
    if state is None:
        return None
    while state.tricks_left > MAX_LEFT:
        state.push(_noisy_best(state, solver, rng))
    seats = learner_side(kind, state)
    moments = []
    while state.tricks_left >= MIN_LEFT and not state.is_over:
        seat = state.to_play
        assert seat is not None
        if seat in seats and len(state.legal_plays()) > 1:
            analysis = solver.analyse(state)
            moment = tight_level(state, seat, analysis.best)
            goal_text = None if moment is None else puzzle_goal(moment, seat, analysis.best)
            if goal_text is not None:
                assert isinstance(moment, TablePlayState)
                verdicts = judge(analysis, moment, goal_text[0], 0)
                if only_move(verdicts):
                    moments.append((moment, seat, *goal_text))
        state.push(_noisy_best(state, solver, rng))
    if not moments:
        return None
    left = rng.choice(sorted({m[0].tricks_left for m in moments}))  # spread the lengths
    return rng.choice([m for m in moments if m[0].tricks_left == left])


def generate_table_puzzle(seed: int, solver: Solver | None, rules: RuleSet
                          ) -> PlayPuzzle | None:
    """The 2-player play puzzle of ``seed`` under ``rules`` (``players`` 2), or None. The same
    seed and rules always give the same puzzle; its ``generator`` names the rules."""
    solver = solver or Solver()
    rng = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    for _ in range(DEFAULT_ATTEMPTS):
        found = _attempt(rng, kind, rules, solver)
        if found is not None:
            state, seat, goal, text = found
            puzzle = _finish(seed, kind, state, seat, goal, text, solver)
            return replace(puzzle, generator={**puzzle.generator,
                                              "rules": preset_name(rules)})
    return None
