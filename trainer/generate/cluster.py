"""Bank generation on a Dask cluster (`python -m trainer generate ... --cluster local|ADDRESS`).

Each seed is one Dask task running the same worker function as the single-machine run
(`trainer.generate.bank.WORKERS`); results are taken back strictly in seed order, with a window
of tasks in flight, so the bank written is byte-identical to a single-machine run with the same
first seed and count. ``local`` starts a `distributed.LocalCluster` of worker processes on this
machine (one thread each: the solver is single-threaded per search); any other value is a
scheduler's address (``tcp://host:8786``) whose workers have this project installed
(README, "Generating on a cluster"). Dask, not Ray: it is pure Python from PyPI, its scheduler
and workers are two commands, and its `LocalCluster` runs in the test suite in seconds.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from typing import Any, TypeVar

from trainer.errors import TrainerError

T = TypeVar("T")
CONNECT_TIMEOUT = "10s"


def cluster_map(worker: Callable[[int], T], seeds: Iterable[int], address: str,
                workers: int | None = None) -> Iterator[T]:
    """``worker(seed)`` for each seed (an int; a bank's seeds or a match's deal numbers), run
    as tasks on the cluster at ``address`` (``"local"``: a new local cluster of ``workers``
    processes, default 2), yielded in seed order until the seeds run out. Stops the
    tasks still in flight (and a local cluster) when the caller stops. Raises `TrainerError`
    naming ``--cluster`` when the scheduler cannot be reached."""
    from distributed import Client, LocalCluster

    with ExitStack() as stack:
        try:
            if address == "local":
                cluster = stack.enter_context(LocalCluster(
                    n_workers=workers or 2, threads_per_worker=1, processes=True,
                    dashboard_address=None, silence_logs=logging.ERROR))
                client = stack.enter_context(Client(cluster))
            else:
                client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT))
        except (OSError, TimeoutError, ValueError) as exc:
            raise TrainerError(f"--cluster: cannot reach a Dask scheduler at {address!r} "
                               f"({type(exc).__name__})") from None
        threads = sum(client.nthreads().values()) or 1
        seeds = iter(seeds)
        pending: deque[Any] = deque()

        def submit() -> None:
            seed = next(seeds, None)
            if seed is not None:
                pending.append(client.submit(worker, seed, key=f"seed-{seed}", pure=False))

        try:
            for _ in range(2 * threads):  # keep every worker busy while the next in order runs
                submit()
            while pending:
                yield pending.popleft().result()
                submit()
        finally:
            client.cancel(list(pending))
