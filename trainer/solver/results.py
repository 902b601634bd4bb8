"""The solver's typed results and its error (docs/DESIGN.md: frozen dataclasses at the API)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.rules import Play


class SolverError(TrainerError):
    """A position the solver cannot value: the hand is over, or there is no declarer."""


class SolverCancelled(Exception):
    """A search stopped because its caller asked (`Solver.analyse`'s ``progress`` said stop).

    ``values``: the plays valued before it stopped (as `Analysis.values`, possibly empty)."""

    def __init__(self, message: str, values: Mapping[Play, int] | None = None) -> None:
        super().__init__(message)
        self.values: Mapping[Play, int] = dict(values or {})


@dataclass(frozen=True)
class Analysis:
    """The double-dummy value of a position and of every legal play of the player to move.

    Values count as docs/DESIGN.md's ``solve`` says: the tricks the declarer's side takes from the
    current trick on, the current trick included; in misère the declarer's own tricks, with the
    declarer minimising. ``values`` has one entry per legal `Play` (a free joker led at no
    trumps or misère once per nameable suit, RULES.md §5), in the engine's order. ``best`` is
    the value of the position: the maximum of ``values`` when the player to move wants tricks
    counted (the declarer's side; the defenders in misère), else the minimum.
    """

    to_play: Seat
    best: int
    values: Mapping[Play, int]
    tricks_left: int
    maximising: bool

    @property
    def best_plays(self) -> tuple[Play, ...]:
        """The plays that keep the position's value, in the engine's order."""
        return tuple(p for p, v in self.values.items() if v == self.best)

    def to_json(self) -> dict[str, object]:
        """docs/DESIGN.md's ``solve`` answer: ``{"to_play": "N", "best": 6, "cards": {...}}``."""
        return {
            "to_play": self.to_play.value,
            "best": self.best,
            "cards": {p.code: v for p, v in self.values.items()},
        }
