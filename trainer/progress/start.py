"""Where a new learner's rating starts, and the puzzles a learner has seen answered (issue 28,
"Honest ratings, served by level").

A new learner starts below the easiest quarter of the shipped banks (`starting_rating`): the
lowest of the banks' lower quartiles of record ratings, less `BELOW_QUARTILE`, with the
deviation of a learner nobody has rated (`DEFAULT_DEVIATION`, 350: wide, so the first results
move it fast). Computed from the bank files (``puzzles/<kind>.jsonl.gz``, or the file its
environment variable names, as `trainer.ui.data.puzzle_bank.bank_path`), never hard-coded, so a
re-rated bank moves it; with no readable bank it is the Glicko-2 default (1500).

A puzzle shown with its answer (a strategy lesson's worked example: its position and write-up)
is noted in the learner's settings under `SHOWN_KEY` (a JSON list of puzzle ids; the store's
``settings`` table, so it survives a restart on SQLite and PostgreSQL alike). The store's
first try at such a puzzle is then unrated (`trainer.progress.store.ProgressStore.
record_puzzle_attempt`), as a retry is: knowing the answer proves nothing.
"""

from __future__ import annotations

import functools
import gzip
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.progress.ratings import DEFAULT_DEVIATION, Rating
from trainer.progress.stored import StoredValueError, decode_stored

if TYPE_CHECKING:
    from trainer.progress.backend import Connection
    from trainer.progress.store import Learner, ProgressStore

ROOT = Path(__file__).resolve().parents[2]
BANK_ENV = {"play": "TRAINER_PUZZLES", "bid": "TRAINER_BID_PUZZLES",
            "discard": "TRAINER_DISCARD_PUZZLES"}
BELOW_QUARTILE = 50.0
"""Rating points below the lowest lower quartile that a new learner starts at."""
SHOWN_KEY = "answers_shown"


def lower_quartile(ratings: Sequence[float]) -> float:
    """The 25th percentile of ``ratings`` (the value a quarter of them are at or below;
    nearest rank). Raises ValueError when empty."""
    if not ratings:
        raise ValueError("ratings: none given")
    ordered = sorted(ratings)
    return float(ordered[max(0, -(-len(ordered) // 4) - 1)])


def start_below(banks: Iterable[Sequence[float]]) -> Rating:
    """A new learner's rating for banks of these record ratings: `BELOW_QUARTILE` under the
    lowest lower quartile (empty banks left out), deviation `DEFAULT_DEVIATION`; the default
    `Rating` when every bank is empty."""
    quartiles = [lower_quartile(b) for b in banks if b]
    if not quartiles:
        return Rating()
    return Rating(min(quartiles) - BELOW_QUARTILE, DEFAULT_DEVIATION)


def bank_file(kind: str) -> Path:
    """The bank file of ``kind`` (``play``, ``bid``, ``discard``) the app reads."""
    env = os.environ.get(BANK_ENV[kind])
    return Path(env) if env else ROOT / "puzzles" / f"{kind}.jsonl.gz"


def bank_ratings(path: Path) -> list[float]:
    """The ``rating`` of every record of a JSON Lines bank (gzip when it ends ``.gz``); []
    when the file is missing or unreadable (a bad line is skipped)."""
    opener: Any = gzip.open if path.suffix == ".gz" else open
    out: list[float] = []
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for line in f:
                try:
                    out.append(float(json.loads(line)["rating"]))
                except (ValueError, KeyError, TypeError):
                    continue
    except (OSError, EOFError):
        return []
    return out


@functools.lru_cache(maxsize=4)
def _start_for(files: tuple[tuple[str, float], ...]) -> Rating:
    return start_below(bank_ratings(Path(name)) for name, _ in files)


def starting_rating() -> Rating:
    """A new learner's rating from the banks in use (`start_below`), cached per file
    version."""
    files = []
    for kind in BANK_ENV:
        path = bank_file(kind)
        try:
            files.append((str(path), path.stat().st_mtime))
        except OSError:
            continue
    return _start_for(tuple(files))


# --- puzzles seen with their answer -------------------------------------------------------------


def _ids(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def shown_in(db: Connection, learner_id: int, puzzle: str) -> bool:
    """True when ``puzzle`` is among the learner's puzzles shown with their answer (read on
    the store's open connection ``db``, inside its transaction); an unreadable note counts as
    none."""
    row = db.execute("SELECT value FROM settings WHERE learner_id = ? AND key = ?",
                     (learner_id, SHOWN_KEY)).fetchone()
    if row is None:
        return False
    try:
        return puzzle in _ids(decode_stored(row["value"], SHOWN_KEY))
    except StoredValueError:
        return False


def answer_shown(store: ProgressStore, learner: Learner, puzzle: str) -> bool:
    """True when the learner was shown ``puzzle`` with its answer (`mark_shown`)."""
    return puzzle in _ids(store.get_setting(learner, SHOWN_KEY, []))


def mark_shown(store: ProgressStore, learner: Learner, puzzles: Iterable[str]) -> None:
    """Note that the learner was shown ``puzzles`` with their answers (kept in order, once
    each; nothing is written when all were noted already)."""
    known = _ids(store.get_setting(learner, SHOWN_KEY, []))
    new = [p for p in dict.fromkeys(puzzles) if p not in known]
    if new:
        store.set_setting(learner, SHOWN_KEY, known + new)
