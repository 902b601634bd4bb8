"""Reviewing a played hand: importing hand records (Trickster Cards PTN, PBN, the trainer's
record JSON; `trainer.review.records`), the double-dummy cost of each card (`trainer.review.dd`,
which loads the solver on first use), every decision of a seat graded as Lichess's game review
does (`trainer.review.grade`) and a costly card made a personal puzzle
(`trainer.review.puzzles`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trainer.errors import RecordError
from trainer.review.records import (
    ImportedRecord,
    import_record,
    import_records,
    read_record,
    read_records,
)

if TYPE_CHECKING:
    from trainer.review.dd import CardCost, double_dummy_costs

__all__ = [
    "CardCost",
    "ImportedRecord",
    "RecordError",
    "double_dummy_costs",
    "import_record",
    "import_records",
    "read_record",
    "read_records",
]


def __getattr__(name: str) -> Any:
    """`CardCost` and `double_dummy_costs` on first use (the solver is slow to import)."""
    if name in ("CardCost", "double_dummy_costs"):
        from trainer.review import dd

        return getattr(dd, name)
    raise AttributeError(f"module 'trainer.review' has no attribute {name!r}")
