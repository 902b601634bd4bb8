"""The bots' levels and what each spends (RULES.md is silent; this is the trainer's choice).

- easy: the documented policy of `trainer.policy` (bids by a simple trick count, discards to
  make voids, plays by rules of thumb); instant.
- normal: sampling and solving (`trainer.bots.cards`): about 20 layouts a card, the bidding
  and discard simulations of `trainer.simulate` on 14 and 16 layouts (the simulation may
  overrule the policy's call only when another is clearly better, `trainer.bots.calls`).
- strong: the same on three times as many layouts.

The budgets were set so that on a 2-core machine a normal card takes under 1 s and a normal
call under 2 s (`bench/bots.py` prints the medians and 95th percentiles).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.errors import TrainerError


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class Budget:
    """Layouts a level samples: per card played, per call, per discard (0: the policy)."""

    card_layouts: int
    call_layouts: int
    discard_layouts: int


BUDGETS: dict[Level, Budget] = {
    Level.EASY: Budget(0, 0, 0),
    Level.NORMAL: Budget(20, 14, 16),
    Level.STRONG: Budget(60, 42, 48),
}


def parse_level(text: str, field: str = "level") -> Level:
    """``easy``, ``normal`` or ``strong`` (any case); raises `TrainerError` naming ``field``."""
    try:
        return Level(str(text).strip().lower())
    except ValueError:
        raise TrainerError(f"{field}: {str(text)[:24]!r} is not easy, normal or strong") from None
