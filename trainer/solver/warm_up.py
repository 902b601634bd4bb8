"""Getting the solver ready in the background, once per server, and how far that has got.

`start` (the app's router through `trainer.ui.data.solver_access`, and ``python -m trainer
app`` before Streamlit starts, call it; it acts once per process) runs a thread that
- skips the compile when the compile stamp is current (`trainer.solver.stamp`): a warm start
  then loads numba's cached code once, in the server;
- else runs ``python -m trainer.solver.warm`` in a subprocess at a lower priority (its compile
  holds none of the server's locks and the pages being served get the cores first), reading its
  report (a line per kernel compiled) into `PROGRESS`;
- then loads the compiled solver into the server (`trainer.solver.warm.warm`).

`Progress` is what the wait box shows: the phase, the kernels compiled out of the last compile's
count, and an estimate from this machine's own last compile (stored with the stamp).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.solver.stamp import Stamp, is_current, read_stamp
from trainer.solver.warm import FIRST_KERNELS, FIRST_SECONDS, FIRST_SHARES, parse_report

COMPILE_TIMEOUT = 900  # seconds; a compile that hangs past this is given up (the page then
# compiles in its own thread on first use, as it would with no warm-up at all)


@dataclass
class Progress:
    """How far the warm-up has got. ``phase``: ``"waiting"`` (not started), ``"checking"``,
    ``"compiling"``, ``"loading"`` (the compiled code into the server) or ``"ready"``;
    ``done``: kernels compiled so far; ``last``: the stamp of the last compile here, if any
    (its count and times are the whole and the estimate); ``began``: `time.monotonic` when the
    compile started."""

    phase: str = "waiting"
    done: int = 0
    last: Stamp | None = None
    began: float = 0.0
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)

    @property
    def total(self) -> int:
        """Kernels the compile takes: the last compile's count here, else `FIRST_KERNELS`."""
        known = self.last.kernels if self.last is not None else 0
        return max(known or FIRST_KERNELS, self.done)

    @property
    def expected_seconds(self) -> float:
        """How long the whole compile took here last time (else `FIRST_SECONDS`)."""
        return self.last.seconds if self.last is not None and self.last.kernels else \
            FIRST_SECONDS

    def _mark(self, done: int) -> float:
        """Seconds into the last compile at which ``done`` kernels were done (with no stamp,
        the measured shares `FIRST_SHARES`; proportional to the count past its marks)."""
        if done <= 0:
            return 0.0
        marks = self.last.marks if self.last is not None and self.last.kernels else tuple(
            share * self.expected_seconds for share in FIRST_SHARES)
        if len(marks) >= done:
            return marks[done - 1]
        return self.expected_seconds * min(done, self.total) / self.total

    def share(self) -> float:
        """The bar's share, 0 to 1: the work done, weighted by how long each kernel took in the
        last compile; 0.99 at most until the solver is ready."""
        if self.phase == "ready":
            return 1.0
        if self.phase != "compiling" and self.phase != "loading":
            return 0.0
        if self.phase == "loading":
            return 0.99
        return min(0.99, self._mark(self.done) / max(self.expected_seconds, 1e-9))

    def seconds_left(self) -> float | None:
        """An estimate of the compile's seconds left, from the last compile's times scaled by
        how fast this one has gone so far; None before the first kernel is done (nothing to
        scale by yet) or once compiling is over."""
        if self.phase != "compiling" or self.done == 0:
            return None
        elapsed = self.clock() - self.began
        mark = self._mark(self.done)
        if mark <= 0:
            return None
        return max(0.0, (self.expected_seconds - mark) * elapsed / mark)

    def text(self) -> str:
        """One line for the wait box: what is happening, how far, and how long is left."""
        if self.phase == "ready":
            return "The solver is ready."
        if self.phase == "loading":
            return "Loading the compiled solver (a second or two)…"
        if self.phase != "compiling":
            return "Checking whether the solver is compiled…"
        took = (f"the last compile here took {self.expected_seconds:.0f} s" if
                self.last is not None and self.last.kernels else
                f"a first compile takes about {self.expected_seconds:.0f} s on two cores")
        left = self.seconds_left()
        when = "" if left is None else (f", about {left:.0f} s left" if left >= 1 else
                                        ", nearly done")
        return (f"Compiling the solver (once after installing or upgrading): {self.done} of "
                f"{self.total} parts{when} ({took}).")


PROGRESS = Progress()
READY = threading.Event()
"""Set once the warm-up is over (the solver loaded, or the attempt given up)."""
_start_lock = threading.Lock()
_started = False


def start() -> bool:
    """Start the warm-up thread unless this process has started it already. Returns True
    when this call started it."""
    global _started
    with _start_lock:
        if _started:
            return False
        _started = True
    threading.Thread(target=_warm_up, name="solver-warm-up", daemon=True).start()
    return True


def _warm_up() -> None:
    try:
        PROGRESS.phase = "checking"
        stamp = read_stamp()
        if not is_current(stamp):
            compile_in_subprocess(PROGRESS, stamp)
        PROGRESS.phase = "loading"
        from trainer.solver.warm import warm

        warm()
        PROGRESS.phase = "ready"
    finally:
        READY.set()


def compile_in_subprocess(progress: Progress, stamp: Stamp | None,
                          command: list[str] | None = None) -> int:
    """Run the compile (``python -m trainer.solver.warm``, or ``command``) at a lower priority,
    counting its report into ``progress``. Returns its exit status (a failed compile leaves the
    loading to compile in the server, which is slower but works)."""
    progress.last, progress.done = stamp, 0
    progress.began, progress.phase = progress.clock(), "compiling"
    process = subprocess.Popen(
        command or [sys.executable, "-m", "trainer.solver.warm"], stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True,
        preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None)
    timer = threading.Timer(COMPILE_TIMEOUT, process.kill)
    timer.start()
    try:
        assert process.stdout is not None
        for line in process.stdout:
            report = parse_report(line)
            if report is not None and report[0] == "compiled":
                progress.done = report[1]
        return process.wait()
    finally:
        timer.cancel()
