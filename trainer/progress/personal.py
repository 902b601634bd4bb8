"""A learner's personal puzzles: positions from their own games where a card cost them (made by
`trainer.review.puzzles`, verified as the bank's are), kept in the learner store and put in
their review queue at once, as a failed puzzle is (`trainer.progress.review`).

Records are stored as the bank's JSON (docs/DESIGN.md puzzle records); the pages read them
with `PlayPuzzle.from_json`. A row whose JSON cannot be read is reported in the store's
`problems` and skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from trainer.progress import review
from trainer.progress.store import Learner, ProgressStore
from trainer.progress.stored import StoredValueError, decode_stored


def add_personal_puzzle(store: ProgressStore, learner: Learner, puzzle_id: str,
                        record: dict[str, Any], when: datetime | None = None) -> bool:
    """Keep ``record`` (a play puzzle's JSON) as the learner's and queue it for review (due
    when a failed puzzle would be). Returns False when it was kept already (nothing changes)."""
    when = when or datetime.now(UTC)
    with store._write() as db:
        found = db.execute("SELECT 1 FROM personal_puzzles WHERE learner_id = ? AND id = ?",
                           (learner.id, puzzle_id)).fetchone()
        if found is not None:
            return False
        db.execute("INSERT INTO personal_puzzles VALUES (?, ?, ?, ?)",
                   (learner.id, puzzle_id, json.dumps(record), when.isoformat()))
        queued = db.execute("SELECT 1 FROM reviews WHERE learner_id = ? AND puzzle = ?",
                            (learner.id, puzzle_id)).fetchone()
        if queued is None:
            card, due = review.review(None, False, when)
            db.execute("INSERT INTO reviews VALUES (?, ?, ?, ?)",
                       (learner.id, puzzle_id, card, due.isoformat()))
    return True


def personal_puzzles(store: ProgressStore, learner: Learner) -> list[dict[str, Any]]:
    """The learner's personal puzzle records, oldest first; unreadable rows reported and
    skipped."""
    with store._connect() as db:
        rows = db.execute("SELECT id, record FROM personal_puzzles WHERE learner_id = ? "
                          "ORDER BY created, id", (learner.id,)).fetchall()
    return read_records(store, rows, "personal puzzle")


def read_records(store: ProgressStore, rows: Iterable[Any], what: str) -> list[dict[str, Any]]:
    """The puzzle records of ``rows`` (each with ``id`` and ``record``, its JSON text); a row
    whose JSON cannot be read, or is not a record, is reported (`ProgressStore.problems`, as
    "``what`` ID is unreadable") and skipped."""
    out = []
    for row in rows:
        try:
            out.append(decode_stored(row["record"], f"{what} {row['id']}", shape=dict))
        except StoredValueError as e:
            store._report(f"{what} {row['id']} is not a puzzle record; skipped"
                          if e.kind == "shape" else
                          f"{what} {row['id']} is unreadable{e.detail}; skipped")
    return out
