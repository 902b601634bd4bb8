"""Compile the solver before it is needed: ``python -m trainer.solver.warm``.

The search is numba code: its first use in a process compiles it (about 15-20 s on two cores
with an empty cache) or loads it from numba's on-disk cache (under a second). `warm` values one
tiny ending of each search (the 3-6 player one and the 2-player one), which compiles or loads
every function a real solve uses. The app runs this module in a separate process when the
server starts, so the compiling holds no lock of the server's, then calls `warm` itself to load
the cached code (`trainer.ui.data.solver_access`).
"""

from __future__ import annotations

from trainer.notation import parse_position
from trainer.solver.api import Solver

_FOUR = {"contract": "7NT", "declarer": "S", "leader": "S",
         "hands": {"N": ["AS", "KS"], "E": ["QS", "4H"], "S": ["JK", "JD"], "W": ["9C", "8C"]}}
_MISERE = {"contract": "MIS", "declarer": "S", "leader": "S",
           "hands": {"E": ["KS", "6H"], "S": ["AS", "5H"], "W": ["7H", "8H"]}}
_TWO = {"contract": "7H", "declarer": "N", "leader": "N", "lead_from": "hand",
        "hands": {"N": ["AS"], "S": ["KS"]}, "tables": {"N": [["QS"], [], [], [], []],
                                                     "S": [["4H"], [], [], [], []]},
        "rules": {"players": 2}}


def warm() -> None:
    """Value one small position of each kind (suit, no trumps, misère, 2 players)."""
    solver = Solver(table_bits=10)
    for position in (_FOUR, dict(_FOUR, contract="7H"), _MISERE, _TWO):
        solver.analyse(parse_position(position))


if __name__ == "__main__":
    warm()
