"""How often a play puzzle's right card keeps the goal on the layouts the learner cannot rule
out: the count behind the "how you would know" sentence (`trainer.generate.write_ups.
table_clues`).

At a decision of a main line, the cards the learner has not seen are dealt `LAYOUTS` times at
random to fit what the learner has seen (`trainer.bots.sampling.state_knowledge`: the learner's
cards, the cards played, the voids shown, face-up cards, an exposed misère declarer's hand, the
joker's nomination, and the declarer's own discard for the declarer: the cards of the pack in
no hand and not played, when every hand is in play), the method the bots and the review use.
A puzzle position has no auction, so the auction's inferences are not applied. On each layout
the solver values the right card and the tempting card (the one the write-up compares with):
a card *works* on a layout when it keeps the puzzle's goal there
(`trainer.generate.goals.Goal.met_by`, counting the tricks taken since the puzzle's start).

The random generator is seeded from the decision's position (`seed_of`), so the same position
always gives the same layouts and the same count: the claim checker replays it
(`layout_count` again, compared with the fact's figures).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.cards import Card, Seat
from trainer.generate.goals import Goal, counted_since, counting_seats
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:
    from trainer.solver import Solver

LAYOUTS = 48
"""Layouts dealt for a count."""


@dataclass(frozen=True)
class LayoutCount:
    """Of ``layouts`` layouts that fit the learner's view, on how many the right card works
    (``right``) and the tempting card works (``wrong``; None without a tempting card)."""

    layouts: int
    right: int
    wrong: int | None


def own_discard(state: PlayState, seat: Seat) -> tuple[Card, ...]:
    """The declarer's discard as the declarer knows it: the cards of the pack in no hand, not
    on a table and not played, when ``seat`` is the declarer and every seat of the table is in
    play (in misère the sitting-out partner's hand hides it: then ()). () for anyone else."""
    if state.declarer is not seat or len(state.seats) != len(state.rules.seats):
        return ()
    accounted: set[Card] = {c for h in state.hands.values() for c in h}
    for t in state.history:
        accounted.update(p.card for p in t.plays)
    accounted.update(p.card for p in state.trick)
    tables = getattr(state, "tables", None)
    if tables is not None:
        accounted.update(c for piles in tables.values() for pile in piles for c in pile)
    return tuple(c for c in state.rules.pack if c not in accounted)


def seed_of(state: PlayState, seat: Seat) -> int:
    """A seed fixed by the position and the seat: its hands, tricks and trick under way."""
    parts = [seat.value]
    for s in sorted(state.hands, key=lambda s: s.value):
        parts.append(s.value + ":" + ",".join(c.code for c in state.hands[s]))
    for t in state.history:
        parts.append(",".join(p.code for p in t.plays))
    parts.append(",".join(p.code for p in state.trick))
    return int(hashlib.sha256("|".join(parts).encode()).hexdigest()[:12], 16)


def play_value(state: PlayState, play: Play, solver: Solver) -> int:
    """The declarer side's tricks from ``state`` (the trick under way included) when ``play``
    is played and both sides play best after it."""
    after = state.copy()
    done = after.push(play)
    won = 0
    if done is not None:
        won = after.trick_winner_seat(done) in counting_seats(state)
    if after.is_over:
        return won
    return won + solver.value(after)


def layout_count(state: PlayState, learner: Seat, goal: Goal, start_tricks: int, right: Play,
                 wrong: Play | None, solver: Solver, layouts: int = LAYOUTS,
                 seed: int | None = None) -> LayoutCount:
    """The count (module docstring) at ``state``, the learner to play; ``start_tricks``: the
    tricks played before the puzzle's position. ``seed`` None: `seed_of` the position. Raises
    `ValueError` when no layout fits (a position inconsistent with its own history)."""
    counted, _ = counted_since(state, start_tricks)
    # imported here: trainer.bots loads the solver, which a graded page must not (first start)
    from trainer.bots.sampling import sample_known, state_knowledge

    know = state_knowledge(state, learner, own_discard(state, learner))
    rng = random.Random(seed_of(state, learner) if seed is None else seed)
    right_n = wrong_n = 0
    for layout in sample_known(state, know, layouts, rng):
        right_n += goal.met_by(play_value(layout, right, solver), counted)
        if wrong is not None:
            wrong_n += goal.met_by(play_value(layout, wrong, solver), counted)
    return LayoutCount(layouts, right_n, wrong_n if wrong is not None else None)
