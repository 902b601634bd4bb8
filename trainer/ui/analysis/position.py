"""Valuing a typed-in position for the Analyse page: parse, value every legal card with the
solver, tell a principal line; and the position JSON written one hand a line.

Kept out of the page script (which Streamlit re-runs, redefining its classes) so a `Result` kept
in session state is still a `Result` on the next run.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pandas as pd

from trainer.errors import TrainerError
from trainer.generate.explain import TrickStory, label_text, tell_line
from trainer.notation import Position, load_json, parse_position
from trainer.rules import Play, RuleSet, preset_name
from trainer.solver import Analysis, SolverCancelled, default_solver, principal_line
from trainer.solver.api import Progress
from trainer.ui.data.solver_access import solver_lock

EXAMPLE = """{
  "contract": "8H",
  "declarer": "S",
  "hands": {
    "N": ["AS", "KS", "QC", "9D", "6H"],
    "E": ["QS", "TS", "AC", "KD", "7H"],
    "S": ["5S", "KC", "JD", "AH", "JK"],
    "W": ["9S", "8S", "JC", "QD", "8H"]
  },
  "leader": "S",
  "trick": [],
  "history": [],
  "joker_suit": null,
  "rules": "australian"
}"""
"""A hand-made position: South, declarer in 8♥ with five tricks left, to lead."""


@dataclass(frozen=True)
class Result:
    """A valued position: the analysis and a principal line told trick by trick."""

    position: Position
    analysis: Analysis
    line: tuple[TrickStory, ...]


def read_position(text: str, rules: RuleSet | None = None) -> Position:
    """Parse ``text``; a position without ``"rules"`` is read under ``rules`` (the learner's,
    from the Rules page) when given, else the default preset. Raises a `TrainerError` (a
    `ValueError`) with a message naming the bad field."""
    obj = load_json(text)
    if rules is not None and isinstance(obj, dict) and obj.get("rules") is None:
        obj["rules"] = preset_name(rules)
    return parse_position(obj)


def value_position(text: str, rules: RuleSet | None = None,
                   progress: Progress | None = None) -> Result:
    """Parse ``text`` (`read_position`) and value every legal card, then tell a principal line.
    ``progress(done, total)`` is told after each card (the line counts as one more step) and
    may stop the work (`trainer.solver.SolverCancelled`). Raises a `TrainerError` for input
    that is not a position the solver can value."""
    position = read_position(text, rules)
    with solver_lock():
        analysis = default_solver().analyse(
            position, None if progress is None else lambda d, t: progress(d, t + 1))
        if progress is not None and not progress(len(analysis.values), len(analysis.values) + 1):
            raise SolverCancelled("the analysis was stopped")
        line = principal_line(position)
    return Result(position, analysis, tuple(tell_line(position.to_state(), line)))


@dataclass(frozen=True)
class Unfinished:
    """A valuation stopped by its time budget: the cards valued by then (play -> tricks), of
    ``cards`` legal cards, after ``budget`` seconds."""

    values: Mapping[Play, int]
    cards: int
    budget: float


JOB_BUDGET = 300.0
"""Seconds a valuation may run before it stops with what it has (a 6-player open misère can
take many minutes: the server's cores are shared by every visitor)."""

log = logging.getLogger(__name__)


def always() -> bool:
    return True


@dataclass
class PositionJob:
    """`value_position` in a thread of its own, so the page can show its progress and offer to
    stop it while the search runs (the search releases the GIL: other sessions go on too).

    The work belongs to the visitor who asked for it: it stops at the next card when the page
    says stop (`stop`), when ``alive()`` turns False (the visitor's session has gone: a closed
    tab), or once it has run ``budget`` seconds. ``result`` is the `Result`, the error message
    (a string), or None while running or once stopped; ``partial`` then holds the cards valued
    before the stop (play -> tricks, as `Analysis.values`) and ``why`` says why it stopped
    (``"asked"``, ``"gone"`` or ``"budget"``)."""

    text: str
    rules: RuleSet | None = None
    alive: Callable[[], bool] = always
    budget: float = JOB_BUDGET
    done: int = 0
    total: int = 1
    result: Result | str | None = None
    stopped: bool = False
    why: str | None = None
    partial: Mapping[Play, int] = field(default_factory=dict)
    _thread: threading.Thread | None = field(default=None, repr=False)
    _began: float = 0.0

    def start(self) -> PositionJob:
        self._began = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="analyse-position", daemon=True)
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Ask the work to stop at the next card (the page stops waiting at once)."""
        self.stopped = True
        self.why = self.why or "asked"

    def wait(self, seconds: float) -> None:
        if self._thread is not None:
            self._thread.join(seconds)

    def _tick(self, done: int, total: int) -> bool:
        self.done, self.total = done, total
        if not self.stopped and not self.alive():
            self.stopped, self.why = True, "gone"
            log.warning("analysis stopped: the visitor's session has gone (%d of %d cards "
                        "valued)", done, total - 1)
        elif not self.stopped and time.monotonic() - self._began > self.budget:
            self.stopped, self.why = True, "budget"
        return not self.stopped

    def _run(self) -> None:
        try:
            self.result = value_position(self.text, self.rules, self._tick)
        except TrainerError as e:
            self.result = str(e)
        except SolverCancelled as e:
            self.result, self.partial = None, e.values


def values_table(analysis: Analysis) -> pd.DataFrame:
    """One row a legal card: the card, its value, and how far it falls short of the best."""
    rows = []
    for play, value in analysis.values.items():
        short = (analysis.best - value) if analysis.maximising else (value - analysis.best)
        rows.append({"Card": label_text(play), "Code": play.code, "Value": value,
                     "Verdict": "best" if short == 0 else f"costs {short}"})
    frame = pd.DataFrame(rows)
    return frame.sort_values(["Value"], ascending=not analysis.maximising, kind="stable",
                             ignore_index=True)


def partial_table(values: Mapping[Play, int]) -> pd.DataFrame:
    """The cards a stopped valuation reached: card, code and value, in the order valued."""
    return pd.DataFrame([{"Card": label_text(p), "Code": p.code, "Value": v}
                         for p, v in values.items()])


def pretty_json(position: Position) -> str:
    """A position as JSON text with one hand (and one finished trick) a line."""
    items = []
    for key, value in position.to_json().items():
        if key == "hands":
            inner = ",\n".join(f'    "{s}": {json.dumps(c)}' for s, c in value.items())
            items.append(f'  "hands": {{\n{inner}\n  }}')
        elif key == "history" and value:
            inner = ",\n".join(f"    {json.dumps(trick)}" for trick in value)
            items.append(f'  "history": [\n{inner}\n  ]')
        else:
            items.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}')
    return "{\n" + ",\n".join(items) + "\n}"
