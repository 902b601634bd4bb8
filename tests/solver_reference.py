"""A brute-force double-dummy reference for checking the solver: pure Python over the engine's
`PlayState` (push / pop / legal_plays), no bitmasks and no shared code with `trainer.solver`.

It answers "can the side that wants tricks counted reach t?" exhaustively, stopping a node at
its first refutation, and remembers answers at trick boundaries keyed on what the rules can
see there: the hands, the leader and, while a free joker is still to be led, the suits led or
the voids shown (the only history its lead depends on, as the ``joker_lead`` option reads it,
RULES.md §5).
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
    hands = tuple((s, frozenset(h)) for s, h in state.hands.items())
    # the history matters only to a free joker still to be led, and only as its joker_lead
    # option reads it: the suits led (not_yet_led) or the voids shown (not_shown_void)
    free = state.order.free_joker and any(c.is_joker for h in state.hands.values() for c in h)
    lead = state.rules.joker_lead if free else "any_suit"
    if lead == "not_yet_led":
        seen: object = frozenset(suits_led(state.history, state.order))
    elif lead == "not_shown_void":
        seen = tuple(frozenset(shown_void(s, state.history, state.order)) for s in state.seats)
    else:
        seen = None
    return (hands, state.leader, seen)


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


def best_value(state: PlayState, values: dict[Play, int]) -> int:
    """The value of the position to the player to move, from its plays' ``values``
    (`brute_values`): the most counted tricks for a player of the counted side, the fewest
    for the others (in misère the declarer wants the fewest)."""
    pick = max if _maximiser(state, state.to_play) else min
    return pick(values.values())


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
