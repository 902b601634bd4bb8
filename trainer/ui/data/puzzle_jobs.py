"""The puzzle maker's jobs: new puzzles for a learner's filters, made in a background process so
the server never waits for them, and kept in the learner store as they come.

One process-wide `concurrent.futures.ProcessPoolExecutor` with one worker (``spawn`` context,
made on first use, at a lower priority: `trainer.generate.on_demand.lower_priority`) runs every
job; Streamlit runs sessions as threads of one process, so all sessions share it and its jobs.
A job (`Job`) wants `PER_JOB` puzzles for one filter (`trainer.generate.on_demand.Wanted`): it
sends the worker one search at a time (`trainer.generate.on_demand.search`, at most
`CHUNK_SECONDS` of seeds), and when a search ends, here, in the main process, keeps the record
it found and sends the next. So jobs for different filters take turns, and a job's progress can
be shown as it goes. At most one job per filter runs at a time: a second session asking for the
same filter is given the running job (`start_job`, `job_for`).

The worker process is started with module ``__main__`` set aside (`_bare_main`): Streamlit runs
each page script as ``__main__``, and a spawned process would otherwise run that script again.

Records are kept here, not in the worker, because the store is the app's (`store()`, whatever
database it is on): the worker only needs the generators, never the store's location or
credentials, and what it returns is checked once more against the rules and the filter
(`fits_rules`, `PuzzleFilter.accepts`) before it is kept.

A job stops when it has its puzzles, or after `JOB_SEEDS` seeds or `JOB_SECONDS` of the worker's
time (not counting its wait behind other jobs), or on a failure; `Job.outcome` says which, in
words.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing as mp
import os
import sys
import threading
import types
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from trainer.errors import TrainerError
from trainer.generate.on_demand import Found, Wanted, first_seed, lower_priority, search
from trainer.progress import Learner, ProgressStore
from trainer.progress.generated import add_generated_puzzle
from trainer.ui.data.profile import STORE_ERRORS
from trainer.ui.data.puzzle_bank import READERS, PuzzleFilter, fits_rules

PER_JOB = 3
"""Puzzles a job makes."""
JOB_SEEDS = 2_000
"""The most seeds a job tries (they stay inside its `trainer.generate.on_demand.BLOCK`)."""
JOB_SECONDS = 300.0
"""The most worker time a job spends (seconds)."""
CHUNK_SECONDS = 15.0
"""The most time one search spends before it reports (checked between seeds)."""
KEEP_FINISHED = 200
"""Finished jobs remembered (their outcome shown); older ones are forgotten."""

log = logging.getLogger(__name__)
_lock = threading.RLock()
_executor: Executor | None = None
_jobs: dict[str, Job] = {}


@dataclass
class Job:
    """One run of the puzzle maker for ``wanted``, asked for by ``learner`` (None: nobody
    named), keeping what it makes in ``store``. Seeds from ``start`` on; ``next_seed``,
    ``tried`` (seeds) and ``seconds`` (worker time) grow as searches end; ``made``: the ids
    kept, in order; ``problem``: why it stopped early (a failure), if it did."""

    wanted: Wanted
    store: ProgressStore
    learner: Learner | None
    start: int
    count: int = PER_JOB
    next_seed: int = 0
    tried: int = 0
    seconds: float = 0.0
    made: list[str] = field(default_factory=list)
    problem: str | None = None
    finished: bool = False

    def __post_init__(self) -> None:
        self.next_seed = self.next_seed or self.start

    @property
    def key(self) -> str:
        return self.wanted.key

    @property
    def running(self) -> bool:
        return not self.finished

    def progress(self) -> str:
        """Where it is, in words: ``"1 of 3 made · 57 deals tried"``."""
        deals = "deal" if self.tried == 1 else "deals"
        return f"{len(self.made)} of {self.count} made · {self.tried} {deals} tried"

    def outcome(self) -> str:
        """How it ended, in words (module docstring); "" while it runs."""
        if self.running:
            return ""
        if self.problem:
            return f"The puzzle maker stopped: {self.problem}."
        made = len(self.made)
        if made >= self.count:
            return f"{made} new puzzle{'s' if made > 1 else ''} made for these choices."
        spent = f"{self.seconds:.0f} s" if self.seconds < 90 else f"{self.seconds / 60:.0f} min"
        tried = f"after {self.tried} deals ({spent} of trying)"
        if made:
            return (f"{made} new puzzle{'s' if made > 1 else ''} made for these choices "
                    f"{tried}; no more fitted.")
        return (f"No new puzzle fitted these choices {tried}: they may be too narrow for "
                "the puzzle maker.")


def job_for(wanted: Wanted) -> Job | None:
    """The latest job for ``wanted`` (running or finished), None if there was none."""
    with _lock:
        return _jobs.get(wanted.key)


def start_job(wanted: Wanted, store: ProgressStore, learner: Learner | None,
              count: int | None = None) -> Job:
    """The job making ``count`` (default `PER_JOB`) puzzles for ``wanted``: the one already
    running for it, else a new one, started now (its first search sent to the worker)."""
    with _lock:
        job = _jobs.get(wanted.key)
        if job is not None and job.running:
            return job
        job = Job(wanted, store, learner, first_seed(), count or PER_JOB)
        _jobs.pop(wanted.key, None)
        _jobs[wanted.key] = job
        _forget_old()
    _send(job)
    return job


def reset(executor: Executor | None = None) -> None:
    """Forget every job and run the next ones on ``executor`` (None: the process pool, made on
    first use). For tests, which run the searches in their own time; a running job is left to
    end on its own."""
    global _executor
    with _lock:
        _jobs.clear()
        _executor = executor


def _pool() -> Executor:
    """The executor: the process pool, made and its worker started on first use."""
    global _executor
    with _lock:
        if _executor is None:
            pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"),
                                       initializer=lower_priority)
            with _bare_main():
                pool.submit(os.getpid)  # starts the worker process, here and now
            _executor = pool
        return _executor


@contextlib.contextmanager
def _bare_main() -> Iterator[None]:
    """While a worker process starts, module ``__main__`` is a bare module. Streamlit runs each
    page script as ``__main__``, and a spawned process runs the parent's ``__main__`` again
    before its work: it would run the app's script, outside Streamlit. A bare module (no file,
    no name to import) is not run again."""
    running = sys.modules["__main__"]
    bare = types.ModuleType("__main__")
    sys.modules["__main__"] = bare
    try:
        yield
    finally:
        if sys.modules.get("__main__") is bare:  # unless a page script has started since
            sys.modules["__main__"] = running


def _forget_old() -> None:
    finished = [k for k, j in _jobs.items() if j.finished]
    for key in finished[:max(0, len(finished) - KEEP_FINISHED)]:
        del _jobs[key]


def _send(job: Job) -> None:
    """Send the job's next search to the worker (`_searched` takes it from there)."""
    executor: Executor | None = None
    try:
        executor = _pool()
        future = executor.submit(search, job.wanted, job.next_seed, JOB_SEEDS - job.tried,
                                 min(CHUNK_SECONDS, JOB_SECONDS - job.seconds))
    except (OSError, RuntimeError, BrokenProcessPool) as e:  # not started, shut down, or dead
        if executor is not None:
            _broken(executor)
        _stop(job, f"the background worker is not running ({e})")
        return
    future.add_done_callback(functools.partial(_searched, job, executor))


def _searched(job: Job, executor: Executor, future: Future[Found]) -> None:
    """A search ended (in the executor's thread): keep its record, then send the next search or
    finish. Nothing may escape: an error here would only reach the log."""
    try:
        found = future.result()
    except BrokenProcessPool as e:
        _broken(executor)
        _stop(job, f"the background worker died ({e or 'no reason given'})")
        return
    except BaseException as e:  # the generator's own error, or the job cancelled
        log.exception("puzzle maker: a search for %s failed", job.key)
        _stop(job, f"{type(e).__name__}: {e}")
        return
    try:
        kept = found.record is not None and _fits(job.wanted, found.record) and (
            add_generated_puzzle(job.store, job.learner, job.wanted.kind, found.record,
                                 job.key))
    except (*STORE_ERRORS, TrainerError, KeyError) as e:
        _stop(job, f"the new puzzle could not be kept in the learner store ({e})")
        return
    with _lock:
        job.tried += found.tried
        job.seconds += found.seconds
        job.next_seed = found.next_seed
        if kept and found.record is not None:
            job.made.append(str(found.record["id"]))
        if (len(job.made) >= job.count or job.tried >= JOB_SEEDS
                or job.seconds >= JOB_SECONDS or found.tried == 0):
            job.finished = True
            return
    _send(job)


def _fits(wanted: Wanted, record: dict[str, Any]) -> bool:
    """Does the record read, fit the rules (`fits_rules`) and pass the filter as the page will
    ask it?"""
    try:
        puzzle = READERS[wanted.kind](record)
    except (TrainerError, KeyError, TypeError, ValueError):
        return False
    chosen = PuzzleFilter(wanted.themes, wanted.contract_types, wanted.sides, wanted.rating)
    return fits_rules(puzzle, wanted.rules) and chosen.accepts(puzzle)


def _stop(job: Job, problem: str) -> None:
    with _lock:
        job.problem = problem
        job.finished = True
    log.warning("puzzle maker: job for %s stopped: %s", job.key, problem)


def _broken(executor: Executor) -> None:
    """Drop a broken process pool, so the next job makes a new one."""
    global _executor
    with _lock:
        if _executor is executor:
            _executor = None
