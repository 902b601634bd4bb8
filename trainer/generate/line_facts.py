"""Facts about a line of play, for the reasons and write-ups: who won each trick, with which
card, whether it was a ruff, and who held what before it.

A *line* is a sequence of plays from a position (the learner's card first, then best play by
both sides, as `trainer.solver.Solver.principal_line` gives it). `line_tricks` replays it with
the engine (`PlayState.push`), so every fact here is the engine's, not a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.cards import Card, Seat, Suit
from trainer.generate.explain import play_text, seat_name
from trainer.generate.goals import Goal
from trainer.play import PlayState
from trainer.rules import CardOrder, Play
from trainer.two_player import TablePlayState


@dataclass(frozen=True)
class TrickFact:
    """One completed trick of a line.

    ``number``: the trick's number in the hand (1 = the hand's first trick); ``seats`` and
    ``plays``: the cards in order from the leader (at two players a seat plays twice);
    ``winner``/``winning``: who won it and with what; ``led``: the suit led (a led free joker's
    named suit; None for a free joker led with no suit); ``ruff``: a trump won a trick led in
    another suit; ``before``: the position just before the trick's first card of this line
    (before the line's first card when the trick was already under way).
    """

    number: int
    seats: tuple[Seat, ...]
    plays: tuple[Play, ...]
    winner: Seat
    winning: Play
    led: Suit | None
    ruff: bool
    before: PlayState

    def card_of(self, seat: Seat) -> Play | None:
        """The (first) card ``seat`` played to this trick, or None."""
        return next((p for s, p in zip(self.seats, self.plays, strict=True) if s is seat), None)

    def trumped_by(self, order: CardOrder) -> list[tuple[Seat, Play]]:
        """The seats that played a trump to a trick led in another suit, in order."""
        if order.trump is None or self.led is order.trump:
            return []
        return [(s, p) for s, p in zip(self.seats, self.plays, strict=True)
                if order.is_trump(p.card)]


def line_tricks(state: PlayState, line: Sequence[Play]) -> list[TrickFact]:
    """The tricks completed by playing ``line`` from ``state`` (left unchanged), in order. The
    first may have begun before ``line`` (its earlier cards are the position's trick). Raises
    `trainer.errors.IllegalPlayError` if a play is not legal where it comes."""
    work = state.copy()
    order = work.order
    facts: list[TrickFact] = []
    before = work.copy()
    for play in line:
        if not work.trick:
            before = work.copy()
        done = work.push(play)
        if done is None:
            continue
        win = order.trick_winner(done.plays)
        led = order.play_suit(done.plays[0])
        winning = done.plays[win]
        ruff = (order.trump is not None and led is not order.trump
                and order.is_trump(winning.card))
        facts.append(TrickFact(len(work.history), tuple(done.seats), tuple(done.plays),
                               done.seats[win], winning, led, ruff, before))
    return facts


def after_trick(trick: TrickFact) -> PlayState:
    """The position once ``trick`` is complete (a copy)."""
    work = trick.before.copy()
    for play in trick.plays[len(trick.before.trick):]:
        work.push(play)
    return work


def wins_with(facts: Sequence[TrickFact], card: Card) -> TrickFact | None:
    """The trick of ``facts`` won by ``card``, or None."""
    return next((t for t in facts if t.winning.card == card), None)


def tricks_won(facts: Sequence[TrickFact], seats: set[Seat]) -> list[TrickFact]:
    """The tricks of ``facts`` won by one of ``seats``."""
    return [t for t in facts if t.winner in seats]


def held(state: PlayState, seat: Seat) -> tuple[Card, ...]:
    """Every card ``seat`` still has: its hand, and at two players its table piles too."""
    if isinstance(state, TablePlayState):
        return tuple(state.cards_of(seat))
    return tuple(state.hands.get(seat, ()))


def trumps_held(state: PlayState, seats: set[Seat]) -> dict[Seat, list[Card]]:
    """The trumps each of ``seats`` holds in ``state`` (only seats holding some), highest
    first; empty at no trumps and misère."""
    order = state.order
    # in the table's seat order: a set of seats iterates in a different order in each process
    trumps = {s: sorted((c for c in held(state, s) if order.is_trump(c)),
                        key=order.power, reverse=True) for s in state.seats if s in seats}
    return {s: cards for s, cards in trumps.items() if cards}


class LinePair:
    """Two lines from one position, replayed (``bad``: after the learner's wrong card,
    ``fine``: after a right card; for a right card alone both are its line), the learner's
    side (``own``, ``partners`` still playing) and the opponents (``others``), and the words
    for their seats ("you", "North's"); ``solver`` and ``counted`` (the goal's tricks already
    taken) for the rules that ask the solver more."""

    def __init__(self, state: PlayState, learner: Seat, goal: Goal, wrong: Play,
                 refutation: Sequence[Play], right: Sequence[Play], good: Play,
                 right_line: Sequence[Play], solver=None, counted: int = 0) -> None:
        self.state, self.learner, self.goal = state, learner, goal
        self.solver, self.counted = solver, counted
        self.wrong, self.good, self.right = wrong, good, tuple(right)
        self.bad = line_tricks(state, refutation)
        self.fine = line_tricks(state, right_line)
        self.order = state.order
        self.own = set(state.rules.side_of(learner))
        self.partners = {s for s in self.own if s is not learner and s in state.hands}
        self.others = {s for s in state.hands if s not in self.own}

    def who(self, seat: Seat) -> str:
        return "you" if seat is self.learner else seat_name(seat)

    def whose(self, seat: Seat) -> str:
        return "your" if seat is self.learner else f"{seat_name(seat)}'s"

    def good_for_us(self, trick: TrickFact) -> bool:
        """Is this trick's winner good for the learner's goal? (The goal counts the declarer's
        side: at least for that side, at most against it.)"""
        declarers = set(self.state.rules.side_of(self.state.declarer)) \
            if self.state.declarer is not None else self.own
        return (trick.winner in declarers) == self.goal.at_least

    def part(self) -> tuple[TrickFact, TrickFact] | None:
        """The first trick the lines give to sides differently (by the learner's goal)."""
        for bad, fine in zip(self.bad, self.fine, strict=False):
            if self.good_for_us(bad) != self.good_for_us(fine):
                return bad, fine
        return None

    def won_text(self, trick: TrickFact) -> str:
        """``"East wins trick 8 with 9♠"`` (``"you win ..."``)."""
        verb = "win" if trick.winner is self.learner else "wins"
        how = "ruffs and wins" if trick.ruff else verb
        if trick.ruff and trick.winner is self.learner:
            how = "ruff and win"
        return (f"{self.who(trick.winner)} {how} trick {trick.number} with "
                f"{play_text(trick.winning)}")
