"""The lines a recogniser reads, replayed by the engine, and the helpers the recognisers share.

`LineView` wraps a `trainer.generate.lines.MainLine`: for each learner decision ``d`` its
*right line* (the recorded main line from ``d`` on, `right_plays`, continued to the last trick
by the solver's best play when a solver is given) and its *refutations* (each wrong class's
card, then best play to the last trick), both as `trainer.generate.line_facts.TrickFact`
lists. The wrong cards are offered most tempting first: the wrong card whose solver value comes
nearest the goal (as the play write-ups pick the trap), then in the record's order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property

from trainer.cards import Card, Seat, Suit
from trainer.generate.line_facts import TrickFact, held, line_tricks
from trainer.generate.lines import DecisionInfo, MainLine
from trainer.generate.techniques.model import Fact, FactKind, LineKind
from trainer.play import PlayState
from trainer.rules import Play


def played_out(state: PlayState, plays: Sequence[Play], solver) -> tuple[Play, ...]:
    """``plays`` from ``state`` (left unchanged), continued to the last trick by the solver's
    best play (none without a solver)."""
    if solver is None:
        return tuple(plays)
    work = state.copy()
    for play in plays:
        work.push(play)
    return (*plays, *(solver.principal_line(work.copy()) if not work.is_over else ()))


class LineView:
    """The replayed lines of a `MainLine` (module docstring); ``solver`` (optional) plays the
    right lines out to the last trick."""

    def __init__(self, line: MainLine, solver=None) -> None:
        self.line = line
        self.solver = solver
        self.start = line.start
        self.learner = line.learner
        self.goal = line.goal
        self.order = line.start.order
        self.rules = line.start.rules
        self.own = set(self.rules.side_of(self.learner)) & set(self.start.seats)
        self.partners = {s for s in self.own if s is not self.learner}
        self.others = set(self.start.seats) - self.own
        contract = self.start.contract
        self.misere = contract is not None and contract.misere
        self.declarer = self.start.declarer
        self.declaring = self.declarer in self.own
        self._right: dict[int, list[TrickFact]] = {}
        self._refuted: dict[tuple[int, Play], list[TrickFact]] = {}

    @cached_property
    def suit_contract(self) -> bool:
        return self.order.trump is not None

    def decisions(self) -> Iterator[tuple[int, DecisionInfo]]:
        return iter(enumerate(self.line.decisions))

    def right_plays(self, d: int) -> tuple[Play, ...]:
        """The recorded main line from decision ``d`` (its cards to where the goal settled),
        played out with the solver if there is one."""
        plays = [p for info in self.line.decisions[d:] for p in info.line]
        return played_out(self.line.decisions[d].state, plays, self.solver)

    def right(self, d: int) -> list[TrickFact]:
        """The completed tricks of the right line from decision ``d``."""
        if d not in self._right:
            self._right[d] = line_tricks(self.line.decisions[d].state, self.right_plays(d))
        return self._right[d]

    def refuted(self, d: int, wrong: Play) -> list[TrickFact]:
        """The completed tricks of the refutation of ``wrong`` at decision ``d``."""
        key = (d, wrong)
        if key not in self._refuted:
            info = self.line.decisions[d]
            self._refuted[key] = line_tricks(info.state, info.refutations[wrong])
        return self._refuted[key]

    def wrongs(self, d: int) -> list[Play]:
        """The refuted cards of decision ``d``, most tempting first (module docstring)."""
        info = self.line.decisions[d]
        values = info.verdicts.analysis.values
        sign = -1 if info.verdicts.analysis.maximising else 1
        cards = list(info.refutations)
        return sorted(cards, key=lambda p: (sign * values[p], cards.index(p)))

    # --- facts -------------------------------------------------------------------------------

    def fact(self, d: int, wrong: Play | None, kind: FactKind, seat: Seat,
             card: Play | None, trick: int | None) -> Fact:
        line = LineKind.RIGHT if wrong is None else LineKind.REFUTATION
        return Fact(d, line, wrong, kind, seat, card, trick)

    def trick_fact(self, d: int, wrong: Play | None, trick: TrickFact, seat: Seat) -> Fact:
        """What ``seat``'s card does in ``trick``: WINS / RUFFS / OVERRUFFS, else LEADS, FALLS,
        DISCARDS or LOSES (`FactKind`)."""
        play = trick.card_of(seat)
        assert play is not None
        return self.fact(d, wrong, self.kind_in(trick, seat), seat, play, trick.number)

    def kind_in(self, trick: TrickFact, seat: Seat) -> FactKind:
        play = trick.card_of(seat)
        assert play is not None
        order = self.order
        if trick.winner is seat:
            if not trick.ruff:
                return FactKind.WINS
            others = [p for s, p in zip(trick.seats, trick.plays, strict=True)
                      if s is not seat and order.is_trump(p.card)]
            return FactKind.OVERRUFFS if others else FactKind.RUFFS
        if trick.seats[0] is seat:
            return FactKind.LEADS
        if order.trump is not None and trick.led is order.trump:
            return FactKind.FALLS
        if order.effective_suit(play.card) is not trick.led and not order.is_trump(play.card) \
                and not (play.card.is_joker and order.free_joker):
            return FactKind.DISCARDS
        return FactKind.LOSES

    def winner_fact(self, d: int, wrong: Play | None, trick: TrickFact) -> Fact:
        """What the winning card does in ``trick`` (at two players the winner's other card
        may be its first: the fact names the card that won)."""
        return self.fact(d, wrong, self.kind_in(trick, trick.winner), trick.winner,
                         trick.winning, trick.number)

    def parting(self, d: int, wrong: Play) -> list[Fact]:
        """The first trick the right line and the refutation give to different sides (by the
        learner's goal): its winner on each line; [] when they never part."""
        for bad, fine in zip(self.refuted(d, wrong), self.right(d), strict=False):
            if self.good(bad) != self.good(fine):
                return [self.winner_fact(d, None, fine), self.winner_fact(d, wrong, bad)]
        return []

    # --- questions about a position or a line ------------------------------------------------

    def good(self, trick: TrickFact) -> bool:
        """Is this trick's winner good for the learner's goal?"""
        declarers = set(self.rules.side_of(self.declarer)) if self.declarer else self.own
        return (trick.winner in declarers) == self.goal.at_least

    def cards(self, state: PlayState, seat: Seat) -> tuple[Card, ...]:
        return held(state, seat)

    def suit_cards(self, state: PlayState, seat: Seat, suit: Suit | None) -> list[Card]:
        """``seat``'s cards of effective suit ``suit``, highest first."""
        order = state.order
        return sorted((c for c in held(state, seat) if order.effective_suit(c) is suit),
                      key=order.power, reverse=True)

    def trumps(self, state: PlayState, seats: set[Seat]) -> list[Card]:
        order = state.order
        return [c for s in state.seats if s in seats for c in held(state, s) if order.is_trump(c)]

    def fate(self, tricks: Sequence[TrickFact], card: Card) -> TrickFact | None:
        """The trick of ``tricks`` ``card`` is played to, or None."""
        return next((t for t in tricks if any(p.card == card for p in t.plays)), None)

    def seat_of(self, trick: TrickFact, card: Card) -> Seat:
        return next(s for s, p in zip(trick.seats, trick.plays, strict=True) if p.card == card)

    def first_number(self, d: int) -> int:
        """The number of the trick under way (or next to start) at decision ``d``."""
        return len(self.line.decisions[d].state.history) + 1
