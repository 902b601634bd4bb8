"""The puzzles made on demand as the pages see them: a bank with them at its end
(`with_generated`), read from the learner store (`trainer.progress.generated`), where the
puzzle maker keeps them (`trainer.ui.data.puzzle_jobs`). They are every learner's: a club's
server makes them once for all."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trainer.errors import TrainerError
from trainer.progress.generated import generated_puzzles
from trainer.ui.data.profile import STORE_ERRORS, store
from trainer.ui.data.puzzle_bank import MADE_THEME, READERS, Bank

_read: dict[tuple[str, str, str], Any] = {}
"""Puzzles made on demand, read once: by (store path, kind, id); a kept record never changes."""


def with_generated(bank: Bank[Any], kind: str) -> Bank[Any]:
    """``bank`` with the store's puzzles of ``kind`` made on demand at its end (those it does
    not hold already), tagged `MADE_THEME`; one that no longer reads is skipped, and with the
    store out of reach the bank is as it was."""
    try:
        kept = store()
        records = generated_puzzles(kept, kind)
    except STORE_ERRORS:
        return bank
    known = {p.id for p in bank.puzzles}
    made = []
    for record in records:
        key = (kept.location, kind, str(record.get("id")))
        puzzle = _read.get(key)
        if puzzle is None:
            try:
                puzzle = READERS[kind](record)
            except (TrainerError, KeyError, TypeError, ValueError):
                continue
            puzzle = replace(puzzle, themes=(*puzzle.themes, MADE_THEME))
            _read[key] = puzzle
        if puzzle.id not in known:
            known.add(puzzle.id)
            made.append(puzzle)
    return replace(bank, puzzles=bank.puzzles + tuple(made))
