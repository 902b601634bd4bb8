"""Exact double-dummy solver for Five Hundred (docs/DESIGN.md "solver").

Values count the declarer's side's tricks from the current trick on, the current trick
included; in misère the declarer's own tricks, the declarer minimising. Public API:

- `analyse(position) -> Analysis`: the value and the value of every legal `Play`;
- `value(position) -> int`: the value alone;
- `can_take(position, target) -> bool`: the fast yes/no form (one zero-window search);
- `principal_line(position) -> tuple[Play, ...]`: best play for both sides to the end;
- `Solver`: the same as methods, with its own transposition table.

Positions are `trainer.notation.Position` or `trainer.play.PlayState`; bad ones raise
`SolverError` (a `trainer.errors.TrainerError`, so a `ValueError`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.solver.api import (
        CurrentSolver,
        Solver,
        analyse,
        can_take,
        default_solver,
        principal_line,
        using,
        value,
    )
    from trainer.solver.results import Analysis, SolverCancelled, SolverError

# The names are loaded on first use (PEP 562): importing `trainer.solver.api` compiles the
# search on a first start (or loads numba's cache), and the modules that need none of it
# (`trainer.solver.stamp`, `trainer.solver.warm`, `trainer.solver.results`) must not pay that.
_HOME = {"Analysis": "results", "SolverCancelled": "results", "SolverError": "results"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'trainer.solver' has no attribute {name!r}")
    module = importlib.import_module(f"trainer.solver.{_HOME.get(name, 'api')}")
    return getattr(module, name)


__all__ = [
    "Analysis",
    "CurrentSolver",
    "Solver",
    "SolverCancelled",
    "SolverError",
    "analyse",
    "can_take",
    "default_solver",
    "principal_line",
    "using",
    "value",
]
