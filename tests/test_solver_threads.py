"""The solver releases the GIL while it searches, and sessions do not share a table.

A server thread waiting on a long search must not freeze every other session: numba's
``nogil`` lets other Python threads run while the search does. Each solver of the app's pool
has its own table, and `trainer.solver.using` lends one to a thread.
"""

from __future__ import annotations

import random
import threading
import time

from solver_positions import random_state

from trainer.solver import Solver, default_solver, using


def test_other_threads_run_while_the_solver_searches() -> None:
    rng = random.Random(5)
    states = [random_state(rng, players=4, kind="mis", tricks_left=10) for _ in range(40)]
    solver = Solver(table_bits=12)
    solver.analyse(states[0])  # compiled before the clock starts
    done = threading.Event()

    def work() -> None:
        for state in states:
            solver.analyse(state)
        done.set()

    ticks = 0
    thread = threading.Thread(target=work)
    began = time.perf_counter()
    thread.start()
    while not done.is_set():
        ticks += 1  # this thread gets the interpreter while the search runs
        time.sleep(0.001)
    thread.join()
    elapsed = time.perf_counter() - began
    # With the GIL held by the search, the loop above could not run until each solve ended:
    # a handful of ticks (one between solves at most). Released, it ticks throughout.
    assert ticks > max(len(states) * 2, elapsed * 100), (ticks, elapsed)


def test_using_lends_a_solver_to_this_thread_only() -> None:
    mine, shared = Solver(table_bits=10), default_solver()
    seen: list[Solver] = []
    with using(mine):
        assert default_solver() is mine
        other = threading.Thread(target=lambda: seen.append(default_solver()))
        other.start()
        other.join()
    assert seen == [shared]
    assert default_solver() is shared
