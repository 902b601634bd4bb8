"""Writing a puzzle bank: seeds in order, both cores (or a Dask cluster,
`trainer.generate.cluster`), a progress bar (`python -m trainer generate play --count N --seed
S`).

Seeds ``S, S+1, ...`` are tried in order (in worker processes, each with its own solver) until
``count`` puzzles are found; the bank is the same for the same ``S`` and ``count`` whatever the
number of workers, because results are taken in seed order.
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing as mp
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from trainer.generate.records import read_jsonl, write_jsonl

_solver = None


def _play_worker(seed: int, theme: str | None = None,
                 rules: Any = None) -> dict[str, Any] | None:
    global _solver
    from trainer.generate.play_puzzles import generate_play_puzzle
    from trainer.solver import Solver

    if _solver is None:
        _solver = Solver()
    puzzle = generate_play_puzzle(seed, _solver, rules=rules, theme=theme)
    return None if puzzle is None else puzzle.to_json()


def _bid_worker(seed: int) -> dict[str, Any] | None:
    from trainer.generate.bid_puzzles import bank_worker

    return bank_worker(seed)


def _discard_worker(seed: int) -> dict[str, Any] | None:
    from trainer.generate.discard_puzzles import bank_worker

    return bank_worker(seed)


def _table_worker(seed: int) -> dict[str, Any] | None:
    from trainer.generate.table_puzzles import bank_worker

    return bank_worker(seed)


WORKERS: dict[str, Callable[[int], dict[str, Any] | None]] = {
    "play": _play_worker, "bid": _bid_worker, "discard": _discard_worker,
    "table": _table_worker}


@dataclass(frozen=True)
class BankReport:
    written: int
    seeds_tried: int
    seconds: float

    @property
    def per_minute(self) -> float:
        return 60.0 * self.written / self.seconds if self.seconds else 0.0


def generate_records(kind: str, count: int, seed: int, jobs: int | None = None,
                     progress: bool = True, theme: str | None = None,
                     rules: Any = None, cluster: str | None = None
                     ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(seeds tried, record)`` for the first ``count`` puzzles from seed ``seed`` on;
    ``theme``: play puzzles of that theme only (`trainer.generate.play_puzzles.THEMED`);
    ``rules``: play puzzles under those rules (a `RuleSet`; 2 players: the table game);
    ``cluster``: run the seeds on a Dask cluster (`trainer.generate.cluster.cluster_map`:
    ``"local"`` or a scheduler address; ``jobs`` is then the local cluster's worker count).
    The records are the same whichever way they are run."""
    worker = WORKERS[kind] if theme is None and rules is None else \
        functools.partial(_play_worker, theme=theme, rules=rules)
    jobs = jobs or min(2, os.cpu_count() or 1)
    bar = tqdm(total=count, desc=f"{kind} puzzles", unit="puzzle", disable=not progress)
    found = 0
    seeds = itertools.count(seed)
    pool = None
    try:
        if cluster is not None:
            from trainer.generate.cluster import cluster_map

            results: Iterator[dict[str, Any] | None] = cluster_map(worker, seeds, cluster, jobs)
        elif jobs == 1:
            results = map(worker, seeds)
        else:
            pool = mp.get_context("fork").Pool(jobs)
            results = pool.imap(worker, seeds, chunksize=1)
        for tried, record in enumerate(results, 1):
            if record is None:
                continue
            found += 1
            bar.update(1)
            yield tried, record
            if found >= count:
                break
    finally:
        bar.close()
        if pool is not None:
            pool.terminate()
        close = getattr(results, "close", None)
        if close is not None:
            close()  # a cluster's tasks in flight are cancelled


def write_bank(kind: str, count: int, seed: int, path: str | Path, jobs: int | None = None,
               progress: bool = True, theme: str | None = None,
               append: bool = False, rules: Any = None,
               cluster: str | None = None) -> BankReport:
    """Generate ``count`` puzzles of ``kind`` (of ``theme``, if given) from ``seed`` and write
    them to ``path``; ``append``: add them to the records already there, replacing any with
    the same id (the file is rewritten whole, so a crash leaves the old bank or the new)."""
    start = time.perf_counter()
    tried = 0
    records = []
    for seeds_tried, record in generate_records(kind, count, seed, jobs, progress, theme,
                                                rules=rules, cluster=cluster):
        tried = seeds_tried
        records.append(record)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if append and path.exists():
        new_ids = {r["id"] for r in records}
        records = [r for r in read_jsonl(path) if r["id"] not in new_ids] + records
    written = write_jsonl(path, records)
    return BankReport(written, tried, time.perf_counter() - start)
