"""A brute-force double-dummy reference for checking the solver: pure Python over the engine's
`PlayState` (push / pop / legal_plays), no bitmasks and no shared code with `trainer.solver`.

It answers "can the side that wants tricks counted reach t?" exhaustively, stopping a node at
its first refutation, and remembers answers at trick boundaries keyed on what the rules can
see there: the hands, the leader, the suits led and the voids shown (the only history a
free joker's lead depends on, RULES.md §5).
"""

from __future__ import annotations

from trainer.play import PlayState
from trainer.rules import Play, shown_void, suits_led


def _counted(state: PlayState) -> set:
    assert state.contract is not None and state.declarer is not None
    if state.contract.misere:
        return {state.declarer}
    return set(state.rules.side_of(state.declarer))


def _maximiser(state: PlayState, seat: object) -> bool:
    assert state.contract is not None
    if state.contract.misere:
        return seat != state.declarer  # the declarer minimises their own tricks
    return seat in _counted(state)


def _key(state: PlayState) -> tuple:
    return (
        tuple((s, frozenset(h)) for s, h in state.hands.items()),
        state.leader,
        frozenset(suits_led(state.history, state.order)),
        tuple(frozenset(shown_void(s, state.history, state.order)) for s in state.seats),
    )


def _at_least(state: PlayState, target: int, counted: set, memo: dict) -> bool:
    if target <= 0:
        return True
    if target > state.tricks_left:
        return False
    key = None
    if not state.trick:
        key = (_key(state), target)
        if key in memo:
            return memo[key]
    seat = state.to_play
    want = _maximiser(state, seat)
    result = not want
    for play in state.legal_plays():
        done = state.push(play)
        gained = 1 if done is not None and state.trick_winner_seat(done) in counted else 0
        ok = _at_least(state, target - gained, counted, memo)
        state.pop()
        if ok == want:
            result = ok
            break
    if key is not None:
        memo[key] = result
    return result


def brute_value(state: PlayState) -> int:
    """Counted tricks from the current trick on with best play (docs/DESIGN.md ``solve``)."""
    work = state.copy()
    counted = _counted(work)
    memo: dict = {}
    return sum(_at_least(work, t, counted, memo) for t in range(1, work.tricks_left + 1))


def brute_values(state: PlayState) -> dict[Play, int]:
    """The value of every legal play of the player to move."""
    work = state.copy()
    counted = _counted(work)
    memo: dict = {}
    out: dict[Play, int] = {}
    left = work.tricks_left
    for play in work.legal_plays():
        done = work.push(play)
        gained = 1 if done is not None and work.trick_winner_seat(done) in counted else 0
        out[play] = gained + sum(
            _at_least(work, t, counted, memo) for t in range(1, left - gained + 1)
        )
        work.pop()
    return out
