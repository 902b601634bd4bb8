"""Seat names in hand records (`trainer.review.records`): the trainer's seats (N E S W; N E W
at 3 players; N NE SE S SW NW at 6) and the words North ... West. Trickster Cards' 3-player
table is S W E (its PTN reader, TricksterBots ``TestBots/PTN.cs``), so a 3-player record from
Trickster Cards (``trickster``), or one naming seat S anywhere (a tag or a seat before a colon),
is turned half a turn: S to N, W to E, E to W, which keeps the clockwise order.
Errors: `RecordError` naming the tag.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.cards import Seat, seats
from trainer.errors import RecordError, shown
from trainer.review.pbn import Game, seat_prefix

_SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_TRICKSTER_THREE = {"S": "N", "W": "E", "E": "W"}


class SeatNames:
    """The seat names of one record (module docstring)."""

    def __init__(self, players: int, game: Game, deal_first: str | None,
                 trickster: bool = False) -> None:
        self.table = seats(players)
        named = [game.value(t) for t in ("Dealer", "Declarer", "Auction", "Play")]
        named += [seat_prefix(v)[0] for v in (game.value(t) for t in ("CardsAdded",
                                                                      "CardsRemoved")) if v]
        self.rotate = players == 3 and (trickster or any(
            v is not None and v.strip().upper() == "S" for v in [*named, deal_first]))

    def seat(self, text: str, where: str) -> Seat:
        raw = text.strip().upper()
        raw = _SEAT_WORDS.get(raw, raw)
        if self.rotate:
            raw = _TRICKSTER_THREE.get(raw, "?")
        seat = next((s for s in self.table if s.value == raw), None)
        if seat is None:
            names = " ".join(s.value for s in self.table)
            raise RecordError(f"{where}: {shown(text)} is not a seat at this table ({names})")
        return seat

    def clockwise(self, start: Seat, among: Sequence[Seat] | None = None) -> list[Seat]:
        table = list(among if among is not None else self.table)
        i = table.index(start)
        return table[i:] + table[:i]
