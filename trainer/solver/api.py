"""The solver's public functions: value every legal play, test a trick target, and give the
principal line (docs/DESIGN.md "solver"; the search itself is `trainer.solver.search`, and for
the 2-player game `trainer.solver.two_player` through `trainer.solver.two_api.TableSolver`).

Every function takes a `trainer.notation.Position` or a `trainer.play.PlayState` (left
unchanged) under any `RuleSet`, and counts tricks as docs/DESIGN.md's ``solve`` does: the tricks the
declarer's side (`RuleSet.side_of`) takes from the current trick on, the current trick
included; in misère and open misère the declarer's own tricks, the declarer minimising
(RULES.md §3, §6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

import numpy as np

from trainer.notation import Position
from trainer.play import PlayState
from trainer.rules import Play
from trainer.solver.arrays import C_COUNTS, C_MAXER, W_BOUND, new_scratch
from trainer.solver.layout import Layout, make_layout, state_array
from trainer.solver.moves import representative
from trainer.solver.results import Analysis, SolverCancelled, SolverError
from trainer.solver.search import at_least, move_at_least, move_value
from trainer.solver.table import new_table
from trainer.two_player import TablePlayState

if TYPE_CHECKING:
    from trainer.solver.two_api import TableSolver

Progress = Callable[[int, int], bool]
"""``progress(done, total)``: work done so far; return False to stop (`SolverCancelled`)."""


def _as_state(position: Position | PlayState) -> PlayState:
    if isinstance(position, Position):
        return position.to_state()
    if isinstance(position, PlayState):
        return position.copy()
    raise SolverError(f"position: expected a Position or PlayState, not {type(position).__name__}")


class Solver:
    """A double-dummy solver with its own transposition table, reused from call to call.

    ``table_bits`` sets the table size: ``2**table_bits`` buckets of 32 entries, 96 bytes each
    (the default, 13, takes 25 MB). The module-level functions share one default solver.
    """

    def __init__(self, table_bits: int = 13) -> None:
        self._tt, self._tags = new_table(table_bits)
        self._wk, self._stats = new_scratch()
        self._gen = 0
        self._two: TableSolver | None = None

    @property
    def nodes(self) -> int:
        """Search nodes visited since this solver was made (for benchmarks)."""
        return int(self._stats[0]) + (self._two.nodes if self._two is not None else 0)

    def _table(self, state: PlayState) -> TableSolver | None:
        """The 2-player solver for a 2-player state (RULES.md §1), else None."""
        if not isinstance(state, TablePlayState):
            return None
        if self._two is None:
            # imported on first use: its search compiles apart from the 3-6 player one, so a
            # first start that plays 4-handed puzzles does not wait for it
            from trainer.solver.two_api import TableSolver

            self._two = TableSolver()
        return self._two

    def _root(self, state: PlayState) -> tuple[Layout, np.ndarray, int]:
        layout = make_layout(state)
        # A new generation empties the table: keys are relative to one layout's bit blocks.
        self._gen += 1
        return layout, state_array(layout, state), self._gen

    def _args(self, layout: Layout, st: np.ndarray, gen: int) -> tuple:
        return (st, layout.consts, layout.suit_of_bit, self._tt, self._tags, gen, self._wk,
                self._stats)

    def analyse(self, position: Position | PlayState,
                progress: Progress | None = None) -> Analysis:
        """The value of ``position`` and of each legal play of the player to move.

        Returns an `Analysis` whose ``values`` maps every legal `Play` (engine order, a free
        joker led at no trumps or misère once per nameable suit, RULES.md §5) to its value.
        ``progress(done, total)``, if given, is called before each play's search and once at
        the end (plays counted in ``total``); returning False stops the work with
        `SolverCancelled` (a long search shows progress and can be stopped between plays).
        Raises `SolverError` (a `ValueError`) when the hand is over or has no declarer.
        """
        state = _as_state(position)
        if (two := self._table(state)) is not None:
            return two.analyse(state)  # type: ignore[arg-type]
        layout, st, gen = self._root(state)
        return self._analyse(state, layout, st, gen, progress)

    def _analyse(self, state: PlayState, layout: Layout, st: np.ndarray, gen: int,
                 progress: Progress | None = None) -> Analysis:
        seat = state.to_play
        assert seat is not None
        args = self._args(layout, st, gen)
        legal = state.legal_plays()
        maximising = bool((int(layout.consts[C_MAXER]) >> layout.seats.index(seat)) & 1)
        rep_value: dict[int, int] = {}
        values: dict[Play, int] = {}
        guess = (state.tricks_left + 1) // 2
        for done, play in enumerate(legal):
            if progress is not None and not progress(done, len(legal)):
                raise SolverCancelled("the analysis was stopped", values)
            rep = int(representative(st, layout.consts, layout.suit_of_bit, layout.move(play)))
            if rep not in rep_value:
                rep_value[rep] = int(move_value(*args, rep, guess))
                guess = rep_value[rep]
            values[play] = rep_value[rep]
        best = max(values.values()) if maximising else min(values.values())
        if progress is not None:
            progress(len(legal), len(legal))
        return Analysis(seat, best, values, state.tricks_left, maximising)

    def value(self, position: Position | PlayState) -> int:
        """The double-dummy value of ``position`` (as `Analysis.best`), without valuing every
        play. Raises `SolverError` as `analyse` does."""
        state = _as_state(position)
        if (two := self._table(state)) is not None:
            return two.value(state)  # type: ignore[arg-type]
        layout, st, gen = self._root(state)
        return self._value(layout, st, gen, state.tricks_left)

    def _value(self, layout: Layout, st: np.ndarray, gen: int, left: int) -> int:
        args = self._args(layout, st, gen)
        lo, hi = 0, left
        t = (left + 1) // 2
        while lo < hi:  # zero-window tests stepping from a guess, as DDS does
            # Each test also leaves the bound its proof gives, often past the target.
            if at_least(*args, t):
                lo = int(self._wk[0, W_BOUND])
                t = lo + 1
            else:
                hi = int(self._wk[0, W_BOUND])
                t = hi
        return lo

    def can_take(self, position: Position | PlayState, target: int) -> bool:
        """Can the declarer's side take at least ``target`` more tricks (current trick
        included) against best defence? In misère: will the declarer, minimising, still be
        held to ``target`` tricks or more? One zero-window search (DDS's target mode).

        ``target`` below 1 is always True; above the tricks left always False.
        """
        state = _as_state(position)
        if (two := self._table(state)) is not None:
            return two.can_take(state, target)  # type: ignore[arg-type]
        layout, st, gen = self._root(state)
        return bool(at_least(*self._args(layout, st, gen), int(target)))

    def principal_line(self, position: Position | PlayState) -> tuple[Play, ...]:
        """A line of best play for both sides from ``position`` to the last card.

        At each turn the first play in the engine's order that keeps the position's value is
        chosen, so the line is deterministic. Raises `SolverError` as `analyse` does.
        """
        state = _as_state(position)
        if (two := self._table(state)) is not None:
            return two.principal_line(state)  # type: ignore[arg-type]
        layout, st, gen = self._root(state)
        target = self._value(layout, st, gen, state.tricks_left)
        line: list[Play] = []
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            st = state_array(layout, state)
            args = self._args(layout, st, gen)
            maximising = (int(layout.consts[C_MAXER]) >> layout.seats.index(seat)) & 1
            chosen = layout.keeping(state.legal_plays(), bool(maximising), target,
                                    move_at_least, args)
            done = state.push(chosen)
            line.append(chosen)
            if done is not None:
                winner = state.trick_winner_seat(done)
                counted = int(layout.consts[C_COUNTS]) >> layout.seats.index(winner) & 1
                target -= counted
        return tuple(line)


_default: Solver | None = None
_lent: ContextVar[Solver | None] = ContextVar("lent_solver", default=None)


def default_solver() -> Solver:
    """The solver the module-level functions use: the one lent by `using` in this thread or
    task, else a shared one (made on first use)."""
    lent = _lent.get()
    if lent is not None:
        return lent
    global _default
    if _default is None:
        _default = Solver()
    return _default


@contextmanager
def using(solver: Solver) -> Iterator[None]:
    """Make ``solver`` the `default_solver` inside the ``with`` block, in this thread only (a
    server lends each session's work its own solver, so their tables never mix)."""
    token = _lent.set(solver)
    try:
        yield
    finally:
        _lent.reset(token)


class CurrentSolver(Solver):
    """Stands for `default_solver()` at each call: an object kept across requests (a learner's
    puzzle session) uses whichever solver is lent to the request now (`using`), never one lent
    to an earlier request and perhaps busy with another session's search."""

    def __init__(self) -> None:  # no table of its own
        pass

    @property
    def nodes(self) -> int:
        return default_solver().nodes

    def analyse(self, position: Position | PlayState,
                progress: Progress | None = None) -> Analysis:
        return default_solver().analyse(position, progress)

    def value(self, position: Position | PlayState) -> int:
        return default_solver().value(position)

    def can_take(self, position: Position | PlayState, target: int) -> bool:
        return default_solver().can_take(position, target)

    def principal_line(self, position: Position | PlayState) -> tuple[Play, ...]:
        return default_solver().principal_line(position)


def analyse(position: Position | PlayState) -> Analysis:
    """`Solver.analyse` on the shared solver: the value of every legal play."""
    return default_solver().analyse(position)


def value(position: Position | PlayState) -> int:
    """`Solver.value` on the shared solver: the double-dummy value of the position."""
    return default_solver().value(position)


def can_take(position: Position | PlayState, target: int) -> bool:
    """`Solver.can_take` on the shared solver: can the declarer's side take ``target``?"""
    return default_solver().can_take(position, target)


def principal_line(position: Position | PlayState) -> tuple[Play, ...]:
    """`Solver.principal_line` on the shared solver: best play for both sides to the end."""
    return default_solver().principal_line(position)
