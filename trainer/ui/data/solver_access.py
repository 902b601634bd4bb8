"""The app's access to the solver: compiled in the background at start, then borrowed.

- `start_warm_up` (the router calls it on every run, and ``python -m trainer app`` before the
  server starts; it acts once per process) gets the solver ready in the background
  (`trainer.solver.warm_up`: compiled in a separate process only when the compile stamp is
  stale, then loaded into the server once), so pages that never solve (Home, Learn, Rules,
  Progress) open at once.
- `wait_for_solver` is called by a page before its first solve: until the solver is ready it
  shows what is being compiled out of what, with an estimate from this machine's last compile.
- `solver_lock` lends one solver of a pool to a block of code. Each solver keeps its own
  transposition table, so two sessions never spoil each other's search, and the search releases
  the GIL, so sessions do not queue behind one another (up to `POOL_SIZE` at once).
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from trainer.solver import warm_up

POOL_SIZE = 4
POLL_SECONDS = 0.25  # how often the wait box redraws its progress

_pool: queue.LifoQueue[Any] = queue.LifoQueue()
_made = 0
_pool_lock = threading.Lock()


def start_warm_up() -> None:
    """Start getting the solver ready in the background (once per process)."""
    warm_up.start()


def solver_ready() -> bool:
    """True once the solver can answer without compiling first: warmed up, or already imported
    whole in this process (importing it compiles or loads the search)."""
    if not warm_up.READY.is_set():
        api = sys.modules.get("trainer.solver.api")
        if api is not None and hasattr(api, "default_solver"):
            warm_up.READY.set()
    return warm_up.READY.is_set()


def wait_for_solver(why: str = "") -> None:
    """Block this page until the solver is ready, showing the compile's progress (a first
    start compiles it). ``why``: what the page waits for, said in the box (e.g. "the
    explanation of your card"); default: the page itself.

    Call it before importing anything that imports the solver: that import would otherwise
    compile it in the page's own thread, with nothing on the page meanwhile. A click while it
    waits reruns the page as usual (the box redraws every `POLL_SECONDS`)."""
    if solver_ready():
        return
    start_warm_up()
    import streamlit as st

    progress = warm_up.PROGRESS
    label = f"Getting the double-dummy solver ready for {why}…" if why else \
        "Getting the double-dummy solver ready…"
    with st.status(label, expanded=True) as status:
        line = st.empty()
        bar = st.progress(0.0)
        while not warm_up.READY.wait(POLL_SECONDS):
            line.write(progress.text())
            bar.progress(progress.share())
        line.write("The solver is ready.")
        bar.progress(1.0)
        status.update(label="The solver is ready.", state="complete", expanded=False)


@contextmanager
def solver_lock() -> Iterator[None]:
    """Lend a solver of the pool to the ``with`` block: `trainer.solver.default_solver` (and
    so the grading, the analysis and the simulation) uses it inside the block. Waits only when
    `POOL_SIZE` solvers are busy at once."""
    from trainer.solver import Solver, using

    global _made
    try:
        solver = _pool.get_nowait()
    except queue.Empty:
        with _pool_lock:
            fresh = _made < POOL_SIZE
            if fresh:
                _made += 1
        solver = Solver() if fresh else _pool.get()
    try:
        with using(solver):
            yield
    finally:
        _pool.put(solver)
