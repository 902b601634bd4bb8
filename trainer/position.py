"""The position records: `Position` (docs/DESIGN.md "Card codes and positions") and, at two
players, `TablePosition` (docs/DESIGN.md "2-player positions"), each with its JSON object.

`trainer.notation.parse_position` reads them from JSON and checks that they can arise; both
names are importable from `trainer.notation` (and `TablePosition` from `trainer.notation_two`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.bidding import Bid
from trainer.cards import Card, Seat, Suit, sort_key
from trainer.codes import format_hand
from trainer.errors import PositionError
from trainer.play import PlayState, active_seats
from trainer.rules import Play, RuleSet, Trick, preset_name
from trainer.two_player import HAND, TablePlayState, TableTrick, trick_turns


@dataclass(frozen=True)
class Position:
    """A position (docs/DESIGN.md): the contract, the cards still held, the current trick from its
    leader, the completed tricks, the nominated joker suit and the rules.

    Build one with `parse_position` (which checks it can arise) or `Position.from_state`.
    """

    contract: Bid
    declarer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    leader: Seat
    trick: tuple[Play, ...] = ()
    history: tuple[Trick, ...] = ()
    joker_suit: Suit | None = None
    rules: RuleSet = RuleSet()  # noqa: RUF009 (frozen, so one shared default is safe)

    def to_state(self) -> PlayState:
        """A fresh mutable `PlayState` at this position."""
        return PlayState(
            rules=self.rules,
            contract=self.contract,
            declarer=self.declarer,
            hands={s: list(h) for s, h in self.hands.items()},
            leader=self.leader,
            trick=list(self.trick),
            history=list(self.history),
            joker_suit=self.joker_suit,
        )

    @classmethod
    def from_state(cls, state: PlayState) -> Position:
        if state.rules.players == 2 and cls is Position:  # hands and table piles
            return TablePosition.from_state(state)
        if state.contract is None or state.declarer is None:
            raise PositionError("contract: an all-pass hand has no position record")
        return cls(
            contract=state.contract,
            declarer=state.declarer,
            hands={s: tuple(sorted(h, key=sort_key)) for s, h in state.hands.items()},
            leader=state.leader,
            trick=tuple(state.trick),
            history=tuple(state.history),
            joker_suit=state.joker_suit,
            rules=state.rules,
        )

    @property
    def to_play(self) -> Seat:
        seats = active_seats(self.rules, self.contract, self.declarer)
        return seats[(seats.index(self.leader) + len(self.trick)) % len(seats)]

    def to_json(self) -> dict[str, Any]:
        """The docs/DESIGN.md position object (canonical codes, keys in docs/DESIGN.md's order)."""
        return {
            "contract": self.contract.code,
            "declarer": self.declarer.value,
            "hands": {s.value: format_hand(h) for s, h in self.hands.items()},
            "leader": self.leader.value,
            "trick": [p.code for p in self.trick],
            "history": [
                {"leader": t.leader.value, "cards": [p.code for p in t.plays]}
                for t in self.history
            ],
            "joker_suit": self.joker_suit.value if self.joker_suit else None,
            "rules": preset_name(self.rules),
        }


@dataclass(frozen=True)
class TablePosition(Position):
    """A 2-player position: a `Position` with ``tables`` (each seat's 5 piles, bottom first),
    ``lead_from`` and ``trick_piles`` (the pile of each card of the current trick, None for a
    hand card)."""

    tables: Mapping[Seat, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    lead_from: str = HAND
    trick_piles: tuple[int | None, ...] = ()

    def to_state(self) -> TablePlayState:
        return TablePlayState(
            rules=self.rules, contract=self.contract, declarer=self.declarer,
            hands={s: list(h) for s, h in self.hands.items()}, leader=self.leader,
            trick=list(self.trick), history=list(self.history), joker_suit=self.joker_suit,
            tables={s: [list(p) for p in piles] for s, piles in self.tables.items()},
            lead_from=self.lead_from, trick_piles=list(self.trick_piles),
        )

    @classmethod
    def from_state(cls, state: Any) -> TablePosition:
        if not isinstance(state, TablePlayState):
            raise PositionError("position: expected a 2-player state")
        if state.contract is None or state.declarer is None:
            raise PositionError("contract: an all-pass hand has no position record")
        return cls(
            contract=state.contract, declarer=state.declarer,
            hands={s: tuple(sorted(h, key=sort_key)) for s, h in state.hands.items()},
            leader=state.leader, trick=tuple(state.trick), history=tuple(state.history),
            joker_suit=state.joker_suit, rules=state.rules,
            tables={s: tuple(tuple(p) for p in piles) for s, piles in state.tables.items()},
            lead_from=state.lead_from, trick_piles=tuple(state.trick_piles),
        )

    @property
    def to_play(self) -> Seat:
        return trick_turns(self.leader, self.lead_from, self.rules.seats)[len(self.trick)][0]

    @property
    def to_play_from(self) -> str:
        return trick_turns(self.leader, self.lead_from, self.rules.seats)[len(self.trick)][1]

    def to_json(self) -> dict[str, Any]:
        """The 2-player position object (module docstring), canonical codes."""
        turns = trick_turns(self.leader, self.lead_from, self.rules.seats)
        pending = {turns[k][0]: pile for k, pile in enumerate(self.trick_piles)
                   if pile is not None}

        def pile_json(seat: Seat, i: int, pile: tuple[Card, ...]) -> list[str | None]:
            codes: list[str | None] = [c.code for c in pile]
            if pending.get(seat) == i and pile:
                codes.append(None)
            return codes

        return {
            "contract": self.contract.code,
            "declarer": self.declarer.value,
            "hands": {s.value: format_hand(h) for s, h in self.hands.items()},
            "tables": {s.value: [pile_json(s, i, p) for i, p in enumerate(piles)]
                       for s, piles in self.tables.items()},
            "leader": self.leader.value,
            "lead_from": self.lead_from,
            "trick": [p.code for p in self.trick],
            "history": [
                {"leader": t.leader.value,
                 "from": t.sources[0] if isinstance(t, TableTrick) else HAND,
                 "cards": [p.code for p in t.plays]}
                for t in self.history
            ],
            "joker_suit": self.joker_suit.value if self.joker_suit else None,
            "rules": preset_name(self.rules),
        }
