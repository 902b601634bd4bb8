"""Compile the solver before it is needed: ``python -m trainer.solver.warm``.

The search is numba code: its first use in a process compiles it (57 kernels, 25-45 s of CPU on
two cores with an empty cache) or loads it from numba's on-disk cache (about 1.4 s of CPU).
`warm` values one tiny ending of each search, the 3-6 player one first (what the play puzzles
need) and then the 2-player one, which compiles or loads every function a real solve uses.

Run as a program it reports each kernel on stdout as numba finishes compiling it (a line
``compiled N NAME``, N counting from 1), then ``done N SECONDS``, and writes the compile stamp
(`trainer.solver.stamp`) with this compile's count and times, for the next start's progress
bar. The app runs it in a separate process when the server starts
(`trainer.solver.warm_up`), then calls `warm` itself to load the cached code.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from trainer.solver.stamp import Stamp, index_files, read_stamp, source_key, write_stamp

_FOUR = {"contract": "7NT", "declarer": "S", "leader": "S",
         "hands": {"N": ["AS", "KS"], "E": ["QS", "4H"], "S": ["JK", "JD"], "W": ["9C", "8C"]}}
_MISERE = {"contract": "MIS", "declarer": "S", "leader": "S",
           "hands": {"E": ["KS", "6H"], "S": ["AS", "5H"], "W": ["7H", "8H"]}}
_TWO = {"contract": "7H", "declarer": "N", "leader": "N", "lead_from": "hand",
        "hands": {"N": ["AS"], "S": ["KS"]}, "tables": {"N": [["QS"], [], [], [], []],
                                                     "S": [["4H"], [], [], [], []]},
        "rules": {"players": 2}}

FIRST_KERNELS = 57
"""Kernels a compile from an empty cache takes (counted by `main`), for a first start's bar."""
FIRST_SHARES = (
    .059, .067, .071, .087, .101, .111, .116, .124, .128, .162, .195, .232, .245, .266, .270,
    .273, .275, .281, .286, .291, .312, .332, .349, .357, .363, .381, .415, .420, .436, .446,
    .451, .460, .464, .479, .651, .661, .667, .677, .685, .700, .709, .722, .728, .737, .741,
    .744, .754, .785, .792, .801, .812, .826, .837, .902, .912, .983, 1.000)
"""The share of that compile's time at which each kernel was done (measured: the first takes
the imports, the 3-6 player search alone 17%), for a first start's bar and estimate."""
FIRST_SECONDS = 45.0
"""About how long that compile takes on two cores (measured: 41 s wall on a loaded machine),
for a first start with no stamp yet; a stamp then holds this machine's own figure."""


def warm() -> None:
    """Value one small position of each kind (suit, no trumps, misère, then 2 players)."""
    from trainer.notation import parse_position
    from trainer.solver.api import Solver

    solver = Solver(table_bits=10)
    for position in (_FOUR, dict(_FOUR, contract="7H"), _MISERE, _TWO):
        solver.analyse(parse_position(position))


def parse_report(line: str) -> tuple[str, int] | None:
    """One line of `main`'s report as ``("compiled", N)`` or ``("done", N)``; None for any
    other line (numba's own warnings, say)."""
    words = line.split()
    if len(words) >= 2 and words[0] in ("compiled", "done") and words[1].isdigit():
        return words[0], int(words[1])
    return None


def _reporter(out: TextIO, clock: Callable[[], float]) -> Any:
    """A numba compile-event listener printing ``compiled N NAME`` per kernel compiled; its
    ``marks`` are the clock's readings then. (Made here: numba is imported only to compile.)"""
    from numba.core import event

    class Reporter(event.Listener):
        def __init__(self) -> None:
            self.marks: list[float] = []

        def on_start(self, ev: event.Event) -> None:
            pass

        def on_end(self, ev: event.Event) -> None:
            func = getattr(ev.data.get("dispatcher"), "py_func", None)
            name = f"{func.__module__}.{func.__qualname__}" if func is not None else "?"
            self.marks.append(round(clock(), 2))
            print(f"compiled {len(self.marks)} {name}", file=out, flush=True)

    return Reporter()


def main(out: TextIO = sys.stdout) -> int:
    """Compile (or load) the solver, reporting each kernel on ``out``, and write the stamp.
    Returns the exit status (0)."""
    from numba.core import event

    began, cpu = time.monotonic(), time.process_time()
    reporter = _reporter(out, lambda: time.monotonic() - began)
    event.register("numba:compile", reporter)
    try:
        warm()
    finally:
        event.unregister("numba:compile", reporter)
    seconds, cpu_seconds = time.monotonic() - began, time.process_time() - cpu
    kernels = len(reporter.marks)
    old = read_stamp()
    if kernels == 0 and old is not None:  # a cache load: keep the last real compile's figures
        kernels, seconds, cpu_seconds, marks = (old.kernels, old.seconds, old.cpu_seconds,
                                                old.marks)
    else:
        marks = tuple(reporter.marks)
    write_stamp(Stamp(source_key(), kernels, round(seconds, 2), round(cpu_seconds, 2),
                      index_files(), marks))
    print(f"done {len(reporter.marks)} {seconds:.2f}", file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
