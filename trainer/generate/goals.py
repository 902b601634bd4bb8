"""Puzzle goals, and the solver's verdict on each play against a goal (docs/DESIGN.md puzzle
records).

A goal counts like the solver's values: the declarer side's tricks from the puzzle position's
current trick on (misère: the declarer's own). ``at_least`` is the declarer side's goal (or the
misère defenders'), ``at_most`` the defenders' (or the misère declarer's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.cards import Card, Seat
from trainer.errors import TrainerError
from trainer.play import PlayState
from trainer.rules import Play
from trainer.two_player import TABLE, TablePlayState

if TYPE_CHECKING:  # the solver (numba) loads only where a page solves: Home never does
    from trainer.solver import Analysis


class PuzzleError(TrainerError):
    """A puzzle record that cannot be read, or a play that is not the learner's to make."""


@dataclass(frozen=True)
class Goal:
    """``declarer_tricks_at_least`` (``at_least`` True) or ``_at_most`` ``tricks``."""

    at_least: bool
    tricks: int

    def to_json(self) -> dict[str, int]:
        key = "declarer_tricks_at_least" if self.at_least else "declarer_tricks_at_most"
        return {key: self.tricks}

    @classmethod
    def from_json(cls, obj: object) -> Goal:
        if isinstance(obj, dict) and len(obj) == 1:
            (key, value), = obj.items()
            if key in ("declarer_tricks_at_least", "declarer_tricks_at_most") and isinstance(
                value, int
            ):
                return cls(key.endswith("least"), value)
        raise PuzzleError(f"goal: expected {{'declarer_tricks_at_least': k}} or "
                          f"{{'declarer_tricks_at_most': k}}, got {obj!r}")

    def met_by(self, value: int, counted_since_start: int = 0) -> bool:
        """Does a solver value (counted from a later position) still reach the goal, given the
        counted tricks already taken since the puzzle position?"""
        total = value + counted_since_start
        return total >= self.tricks if self.at_least else total <= self.tricks

    def settled(self, counted_since_start: int, tricks_done_since_start: int,
                tricks_total: int) -> bool:
        """True once the goal is reached whatever happens in the remaining tricks."""
        if self.at_least:
            return counted_since_start >= self.tricks
        others = tricks_done_since_start - counted_since_start
        return others >= tricks_total - self.tricks


def counting_seats(state: PlayState) -> tuple[Seat, ...]:
    """Seats whose tricks count towards the values: the declarer's side (RuleSet.side_of)."""
    assert state.declarer is not None
    return state.rules.side_of(state.declarer)


def counted_since(state: PlayState, start_tricks: int) -> tuple[int, int]:
    """(counted tricks, tricks completed) since ``start_tricks`` tricks were in the history."""
    counting = counting_seats(state)
    done = state.history[start_tricks:]
    return sum(state.trick_winner_seat(t) in counting for t in done), len(done)


def equivalence_classes(state: PlayState, plays: Sequence[Play]) -> list[list[Play]]:
    """Group a player's plays into equivalent ones: cards of one effective suit with no card
    of another player (held, or in the current trick) ranking between them. A free joker led
    with different named suits gives different plays. Groups are in the order of ``plays``.
    (2 players: `table_equivalence_classes`.)"""
    if state.rules.players == 2:
        return table_equivalence_classes(state, plays)  # type: ignore[arg-type]
    seat = state.to_play
    order = state.order
    live = {c: s for s, hand in state.hands.items() for c in hand if s is not seat}
    live.update({p.card: None for p in state.trick})  # type: ignore[misc]
    groups: list[list[Play]] = []
    for play in plays:
        for group in groups:
            other = group[0]
            if play.named is not None or other.named is not None or play.card.is_joker \
                    or other.card.is_joker:
                continue
            suit = order.effective_suit(play.card)
            if order.effective_suit(other.card) is not suit:
                continue
            lo, hi = sorted((order.power(play.card), order.power(other.card)))
            between = any(order.effective_suit(c) is suit and lo < order.power(c) < hi
                          for c in live)
            if not between:
                group.append(play)
                break
        else:
            groups.append([play])
    return groups


def table_equivalence_classes(state: TablePlayState, plays: Sequence[Play]) -> list[list[Play]]:
    """Group the plays of the 2-player position's player to move into equivalent ones: cards
    of one suit from the same place (the hand, or face-up table cards with nothing under them)
    with no other card still in play ranking between them; a table card with a card under it is
    always distinct (it turns a different card up). A free joker led with different named suits
    gives different plays. Groups keep ``plays``' order."""
    turn = state.turn
    if turn is None:
        return [[p] for p in plays]
    seat, source = turn
    order = state.order
    mine = set(state.available(seat, source))
    live = [c for s in state.seats for c in state.cards_of(s) if c not in mine]
    live += [p.card for p in state.trick]
    pending = state.pending_pile(seat)
    bare = {p[-1] for i, p in enumerate(state.tables[seat]) if len(p) == 1 and i != pending}

    def alone(card: Card) -> bool:
        return source != TABLE or card in bare

    groups: list[list[Play]] = []
    for play in plays:
        for group in groups:
            other = group[0]
            if play.named is not None or other.named is not None or play.card.is_joker \
                    or other.card.is_joker or not (alone(play.card) and alone(other.card)):
                continue
            suit = order.effective_suit(play.card)
            if order.effective_suit(other.card) is not suit:
                continue
            lo, hi = sorted((order.power(play.card), order.power(other.card)))
            if not any(order.effective_suit(c) is suit and lo < order.power(c) < hi
                       for c in live):
                group.append(play)
                break
        else:
            groups.append([play])
    return groups


@dataclass(frozen=True)
class Verdicts:
    """The solver's verdict on every legal play at one decision, against a goal."""

    analysis: Analysis
    right: tuple[Play, ...]
    wrong: tuple[Play, ...]
    classes: tuple[tuple[Play, ...], ...]

    @property
    def right_classes(self) -> int:
        return sum(1 for c in self.classes if c[0] in self.right)


def judge(analysis: Analysis, state: PlayState, goal: Goal, counted: int) -> Verdicts:
    """Split the legal plays into right (keep the goal) and wrong, and group equivalent ones."""
    right = tuple(p for p, v in analysis.values.items() if goal.met_by(v, counted))
    wrong = tuple(p for p in analysis.values if p not in right)
    classes = tuple(tuple(g) for g in equivalence_classes(state, list(analysis.values)))
    return Verdicts(analysis, right, wrong, classes)
