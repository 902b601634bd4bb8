"""Puzzles made on demand: new puzzles generated when a learner has played every puzzle their
filters leave (a narrow theme, the 2-player table), kept in the learner store beside the
shipped banks, never in them.

They are shared: every learner of the store is served them (a club's server makes them once),
so a row names the learner who asked (``learner_id``, None without a name) only for the
record. Records are stored as the banks' JSON (docs/DESIGN.md "Puzzle records"), with
``kind`` the bank's kind (``"play"``, ``"bid"``, ``"discard"``) and ``filter`` the filter they
were made for (its key, `trainer.generate.on_demand.Wanted.key`). A row whose JSON cannot be
read is reported in the store's `problems` and skipped.

The SQL is portable (``?`` placeholders, ``INSERT ... ON CONFLICT (id) DO NOTHING``): the store
is meant to run on PostgreSQL too.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from trainer.progress.personal import read_records
from trainer.progress.store import Learner, ProgressStore


def add_generated_puzzle(store: ProgressStore, learner: Learner | None, kind: str,
                         record: dict[str, Any], filter_key: str,
                         when: datetime | None = None) -> bool:
    """Keep ``record`` (a puzzle of ``kind``, its JSON; its ``id`` is the key) made for
    ``filter_key`` at the request of ``learner``. Returns False when a puzzle of that id is
    kept already (nothing changes: the first one stays). Raises `KeyError` for a record with no
    ``id``; the store's errors (`sqlite3.Error`, `OSError`) pass through."""
    when = when or datetime.now(UTC)
    with store._write() as db:
        cursor = db.execute(
            "INSERT INTO generated_puzzles (id, kind, record, filter, learner_id, created) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            (str(record["id"]), kind, json.dumps(record), filter_key,
             None if learner is None else learner.id, when.isoformat()))
        return cursor.rowcount == 1


def generated_puzzles(store: ProgressStore, kind: str) -> list[dict[str, Any]]:
    """Every kept puzzle record of ``kind`` (whoever asked for it), oldest first; a row whose
    JSON cannot be read, or is not a record, is reported (`ProgressStore.problems`) and
    skipped."""
    with store._connect() as db:
        rows = db.execute("SELECT id, record FROM generated_puzzles WHERE kind = ? "
                          "ORDER BY created, id", (kind,)).fetchall()
    return read_records(store, rows, "puzzle made for you")
