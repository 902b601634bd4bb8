"""Filling the ``write_up`` of a bank from its records, without generating again (bidding and
discard: no simulation; play: the solver on each decision):
``python -m trainer write-ups play|bid|discard|table [--bank FILE] [--check]`` (table: the
solver on the record's layouts, dealt again from its seed).

A write-up depends only on the record's fields and facts the engine counts in its hand, so the
text filled here is the one the generator computes (`bid_puzzles.with_write_up`,
`discard_puzzles.with_write_up`, which read the record as stored). Every other field of every
line is kept byte for byte: a line is rewritten as the record it was (the same key order, as
`records.write_jsonl` writes it) with ``write_up`` set, added last if it was missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.generate.bank_fields import rewritten_lines
from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.bid_puzzles import with_write_up as bid_with_write_up
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.discard_puzzles import with_write_up as discard_with_write_up
from trainer.generate.goals import PuzzleError
from trainer.generate.records import PlayPuzzle, read_lines, write_lines


def bid_text(record: dict[str, Any]) -> str:
    """The write-up of a bidding record."""
    return bid_with_write_up(BidPuzzle.from_json(record)).write_up


def discard_text(record: dict[str, Any]) -> str:
    """The write-up of a discard record."""
    return discard_with_write_up(DiscardPuzzle.from_json(record)).write_up


def play_text(record: dict[str, Any]) -> str:
    """The write-up of a play record (`trainer.generate.write_ups.play`, with the shared
    solver)."""
    from trainer.generate.write_ups.play import play_write_up
    from trainer.solver import default_solver

    return play_write_up(PlayPuzzle.from_json(record), default_solver())


def table_text(record: dict[str, Any]) -> str:
    """The write-up of an at-the-table record (`trainer.generate.write_ups.table`: its layouts
    dealt again from ``sample_seed``, the shared solver)."""
    from trainer.generate.records_table import TablePuzzle
    from trainer.generate.table_puzzles import knowledge_at, layouts_of
    from trainer.generate.write_ups.table import table_write_up
    from trainer.solver import default_solver

    puzzle = TablePuzzle.from_json(record)
    state = puzzle.position.to_state()
    know = knowledge_at(state, puzzle.learner, puzzle.auction, puzzle.dealer, puzzle.discard)
    layouts = layouts_of(state, know, puzzle.layouts, puzzle.sample_seed)
    return table_write_up(puzzle, layouts, default_solver())


WRITERS: dict[str, Callable[[dict[str, Any]], str]] = {"play": play_text, "bid": bid_text,
                                                        "discard": discard_text,
                                                        "table": table_text}
DEFAULT_BANK = {"play": "puzzles/play.jsonl.gz", "bid": "puzzles/bid.jsonl.gz",
                "discard": "puzzles/discard.jsonl.gz", "table": "puzzles/table.jsonl.gz"}


@dataclass(frozen=True)
class FillReport:
    """How many records a fill read and how many write-ups it changed."""

    records: int
    changed: int


def filled_lines(kind: str, lines: list[str]) -> tuple[list[str], int]:
    """The bank's lines with their write-ups set, and how many changed. Raises `PuzzleError`
    for an unknown kind or a line that is not a record of it."""
    if kind not in WRITERS:
        raise PuzzleError(f"kind: {kind} has no write-ups to fill (play, bid, discard or table)")
    return rewritten_lines(lines, "write_up", WRITERS[kind])


def fill_bank(kind: str, path: str | Path, check: bool = False) -> FillReport:
    """Set every record's write-up in the bank at ``path`` (unless ``check``: then only count
    the records whose write-up differs)."""
    path = Path(path)
    lines = read_lines(path)
    out, changed = filled_lines(kind, lines)
    if not check and changed:
        write_lines(path, out)
    return FillReport(sum(1 for line in lines if line.strip()), changed)


__all__ = ["DEFAULT_BANK", "FillReport", "bid_text", "discard_text", "fill_bank",
           "filled_lines", "play_text", "table_text"]
