"""Solving the sampled layouts double dummy, in up to two worker processes, results kept in
layout order (see `trainer.simulate`)."""

from __future__ import annotations

import multiprocessing as mp
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from trainer.bidding import Bid
from trainer.cards import Card, Deal, Seat
from trainer.play import PlayState, start_play
from trainer.policy import choose_discard
from trainer.rules import RuleSet
from trainer.simulate.common import DiscardRule, Progress

# --- solving -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One contract to play on every layout: ``declarer`` declares ``contract`` and discards
    ``discard`` (None: by ``rule``, else `policy.choose_discard`). Only the strain matters to
    the trick count."""

    contract: Bid
    declarer: Seat
    discard: tuple[Card, ...] | None = None
    all_pass: bool = False
    """An all-pass hand played at no trumps (RULES.md §3 ``all_pass="play_no_trumps"``): no
    kitty exchange, the dealer's left leads, and ``declarer``'s side's tricks are counted."""
    rule: DiscardRule | None = None
    """How the declarer discards when ``discard`` is None (None: `policy.choose_discard`)."""


def _solver() -> Any:
    """The solver lent to this thread (the app lends each session one), else the shared one;
    imported here so that reading simulation records never loads the solver."""
    from trainer.solver import default_solver

    return default_solver()


def solve_layout(layout: Deal, jobs: Sequence[Job], rules: RuleSet) -> tuple[int, ...]:
    """The declarer side's double-dummy tricks for each job on one layout (module docstring;
    a misère gives 0 when made and 1 when set, unless ``misere_defenders`` is on)."""
    solver = _solver()
    out = []
    for job in jobs:
        if job.all_pass:
            hand = start_play(layout, None, None, (), rules)
            # the solver counts a declarer's side: the job's seat stands in as one
            out.append(solver.value(PlayState(rules, job.contract, job.declarer, hand.hands,
                                              hand.leader)))
            continue
        discard = job.discard
        if discard is None:
            pool = list(layout.hands[job.declarer]) + list(layout.kitty)
            discard = (job.rule or choose_discard)(pool, job.contract, rules)
        state = start_play(layout, job.contract, job.declarer, discard, rules)
        if job.contract.misere and not rules.misere_defenders:
            out.append(1 if solver.can_take(state, 1) else 0)
        else:
            out.append(solver.value(state))
    return tuple(out)


def _task(args: tuple[Deal, Sequence[Job], RuleSet]) -> tuple[int, ...]:
    return solve_layout(*args)


def default_workers() -> int:
    """Worker processes by default: up to two (the machine's cores, at most 2)."""
    return min(2, os.cpu_count() or 1)


def run_jobs(layouts: Sequence[Deal], jobs: Sequence[Job], rules: RuleSet,
             workers: int | None = None, progress: Progress | None = None,
             offset: int = 0, total: int | None = None) -> list[tuple[int, ...]]:
    """``[layout][job]`` tricks for every job on every layout, in layout order.

    ``workers`` processes (default `default_workers`; 1 runs here, as inside a bank worker).
    ``progress(offset + done, total)`` after each layout. The result does not depend on
    ``workers``.
    """
    tasks = [(layout, tuple(jobs), rules) for layout in layouts]
    return run_tasks(_task, tasks, workers, progress, offset, total)


T = TypeVar("T")
R = TypeVar("R")


def run_tasks(func: Callable[[T], R], tasks: Sequence[T], workers: int | None = None,
              progress: Progress | None = None, offset: int = 0,
              total: int | None = None) -> list[R]:
    """``func`` (a module-level function) on every task, results in task order (one task a
    layout), in up to ``workers`` processes as `run_jobs`; ``progress`` after each task."""
    workers = default_workers() if workers is None else max(1, workers)
    total = len(tasks) + offset if total is None else total
    results: list[R] = []
    if workers == 1 or len(tasks) < 2 or mp.current_process().daemon:
        stream: Iterable[R] = map(func, tasks)
        pool = None
    else:
        pool = mp.get_context("fork").Pool(min(workers, len(tasks)))
        stream = pool.imap(func, tasks, chunksize=1)
    try:
        for row in stream:
            results.append(row)
            if progress is not None:
                progress(offset + len(results), total)
    finally:
        if pool is not None:
            pool.terminate()
    return results
