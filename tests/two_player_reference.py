"""A brute-force double-dummy reference for the 2-player solver: pure Python minimax over the
engine's `TablePlayState` (push / pop / legal_plays), no bitmasks and no code shared with
`trainer.solver`. Answers are remembered at trick starts, keyed on what the rules see there:
hands, piles, leader, lead source, suits led and voids shown (RULES.md §1, §5)."""

from __future__ import annotations

from trainer.rules import Play, shown_void, suits_led
from trainer.two_player import TablePlayState


def _key(state: TablePlayState) -> tuple:
    return (
        tuple((s, frozenset(h)) for s, h in state.hands.items()),
        tuple((s, frozenset(tuple(p) for p in piles)) for s, piles in state.tables.items()),
        state.leader, state.lead_from,
        frozenset(suits_led(state.history, state.order)),
        tuple(frozenset(shown_void(s, state.history, state.order)) for s in state.seats),
    )


def _best(state: TablePlayState, memo: dict) -> int:
    """Declarer tricks from the current trick on with best play by both (plain minimax)."""
    if state.is_over:
        return 0
    key = _key(state) if not state.trick else None
    if key is not None and key in memo:
        return memo[key]
    maximising = state.to_play is state.declarer
    results = []
    for play in state.legal_plays():
        results.append(_after(state, play, memo))
    value = max(results) if maximising else min(results)
    if key is not None:
        memo[key] = value
    return value


def _after(state: TablePlayState, play: Play, memo: dict) -> int:
    done = state.push(play)
    gained = 1 if done is not None and state.trick_winner_seat(done) is state.declarer else 0
    value = gained + _best(state, memo)
    state.pop()
    return value


def brute_values(state: TablePlayState) -> dict[Play, int]:
    """The value of every legal play of the player to move."""
    work = state.copy()
    memo: dict = {}
    return {play: _after(work, play, memo) for play in work.legal_plays()}


def brute_value(state: TablePlayState) -> int:
    return _best(state.copy(), {})
