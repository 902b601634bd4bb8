"""The app's access to the solver: compiled in the background at start, then borrowed.

- `start_warm_up` (the router calls it on every run; it acts once per server) compiles the
  solver in a separate process (`python -m trainer.solver.warm`: numba writes its on-disk
  cache), so the 15-20 s of compiling on a first start holds none of the server's locks and
  pages that never solve (Home, Learn, Rules, Progress) open at once; then it loads the cached
  code into the server.
- `wait_for_solver` is called by a page before its first solve: until the solver is ready it
  shows what is happening, with a progress bar, instead of a blank page.
- `solver_lock` lends one solver of a pool to a block of code. Each solver keeps its own
  transposition table, so two sessions never spoil each other's search, and the search releases
  the GIL, so sessions do not queue behind one another (up to `POOL_SIZE` at once).
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

POOL_SIZE = 4
EXPECTED_SECONDS = 25.0
"""About how long a first start compiles the solver here (two cores), for the progress bar."""

_ready = threading.Event()
_start_lock = threading.Lock()
_started = False
_pool: queue.LifoQueue[Any] = queue.LifoQueue()
_made = 0
_pool_lock = threading.Lock()


def start_warm_up() -> None:
    """Start compiling and loading the solver in the background (once per server)."""
    global _started
    with _start_lock:
        if _started:
            return
        _started = True
    threading.Thread(target=_warm_up, name="solver-warm-up", daemon=True).start()


def _warm_up() -> None:
    try:
        # Compile in another process: its work holds no lock of ours; ours then loads the cache.
        # At a lower priority, so the pages being served now get the cores first.
        subprocess.run([sys.executable, "-m", "trainer.solver.warm"], capture_output=True,
                       timeout=900, check=False,
                       preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None)
        from trainer.solver.warm import warm

        warm()
    finally:
        _ready.set()


def solver_ready() -> bool:
    """True once the solver can answer without compiling first: warmed up, or already imported
    whole in this process (importing it compiles or loads the search)."""
    if not _ready.is_set():
        api = sys.modules.get("trainer.solver.api")
        if api is not None and hasattr(api, "default_solver"):
            _ready.set()
    return _ready.is_set()


def wait_for_solver() -> None:
    """Block this page until the solver is ready, showing why (a first start compiles it).

    Call it before importing anything that imports the solver: that import would otherwise
    compile it in the page's own thread, with nothing on the page meanwhile."""
    if solver_ready():
        return
    start_warm_up()
    import streamlit as st

    began = time.monotonic()
    with st.status("Getting the double-dummy solver ready…", expanded=True) as status:
        st.write("The first start after installing compiles the solver (about 20 seconds); "
                 "later starts take a moment.")
        bar = st.progress(0.0)
        while not _ready.wait(0.25):
            share = min(0.95, (time.monotonic() - began) / EXPECTED_SECONDS)
            bar.progress(share)
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
