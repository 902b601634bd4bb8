"""The solver's bit layout: which bit each card in play gets, and the kernel's state arrays.

Inside the search a hand is an int64 mask. Cards are grouped in blocks by effective suit (the
left bower and the joker of a trump contract in the trump block, a nominated joker in its
suit's block, RULES.md §2, §5), each block ordered by power so that within a suit a higher bit
beats a lower one; a free joker (no trumps or misère, not nominated) gets a block of its own.
Only cards still in play (held, or in the current trick) get a bit, so a pack of up to 63
cards always fits in 63 bits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from trainer.cards import SUITS, Card, Seat
from trainer.play import PlayState
from trainer.rules import Play, shown_void, suits_led
from trainer.solver.arrays import (
    C_COUNTS,
    C_JANY,
    C_JBIT,
    C_JLOW,
    C_JNOVOID,
    C_MAXER,
    C_MISERE,
    C_N,
    C_OFFSET,
    C_SIZE,
    C_SUITMASK,
    C_TRUMP,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_SIZE,
    S_TCARD,
    S_TLEN,
    S_TNAMED,
    S_VOIDS,
)
from trainer.solver.results import SolverError

JOKER_BLOCK = 4
"""Block of a free joker (it belongs to no suit)."""


class MoveCodes:
    """The kernels' move codes (card bit, and the named suit of a led joker above it), for a
    layout with ``cards`` (the card on each bit) and ``bit_of`` (its inverse): this `Layout`'s
    and the 2-player one's (`trainer.solver.two_api.TableLayout`)."""

    cards: tuple[Card, ...]
    bit_of: dict[Card, int]

    def move(self, play: Play) -> int:
        """The kernel's move code of a `Play` (card bit, and the named suit of a led joker)."""
        named = SUITS.index(play.named) if play.named is not None else -1
        return self.bit_of[play.card] | ((named + 1) << 6)

    def play(self, move: int) -> Play:
        """The `Play` of a kernel move code."""
        named = (move >> 6) - 1
        return Play(self.cards[move & 63], SUITS[named] if named >= 0 else None)

    def keeping(self, plays: Iterable[Play], maximising: bool, target: int,
                move_at_least: Callable[..., bool], args: tuple) -> Play:
        """The first of ``plays`` that keeps the value ``target`` (for the principal line):
        reaching it for the maximiser, not exceeding it for the minimiser.
        ``move_at_least(*args, move, t)``: the kernel's test that a move's value is at least
        ``t``."""
        for play in plays:
            move = self.move(play)
            if maximising and move_at_least(*args, move, target):
                return play
            if not maximising and not move_at_least(*args, move, target + 1):
                return play
        # cannot happen: some play always keeps the value
        raise AssertionError("principal_line: no play keeps the value")


@dataclass(frozen=True)
class Layout(MoveCodes):
    """Bit assignment and rule constants for one search root (and the positions after it).

    ``cards[b]`` is the card on bit ``b``; ``suit_of_bit[b]`` its block (0-3 in `SUITS` order,
    4 for a free joker, -1 unused); ``consts`` the kernel's constants (see `arrays`).
    """

    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    bit_of: dict[Card, int]
    suit_of_bit: np.ndarray
    consts: np.ndarray


def _counting(state: PlayState) -> tuple[int, int]:
    """Seat masks: whose tricks count, and who wants them counted (docs/DESIGN.md `solve`)."""
    if state.contract is None or state.declarer is None:
        raise SolverError("contract: an all-pass hand has no declarer to count tricks for")
    seats = state.seats
    if state.contract.misere:
        # The declarer's own tricks count and the declarer minimises; the defenders maximise.
        counts = 1 << seats.index(state.declarer)
        maxer = ((1 << len(seats)) - 1) & ~counts
        return counts, maxer
    side = set(state.rules.side_of(state.declarer))
    counts = sum(1 << i for i, s in enumerate(seats) if s in side)
    return counts, counts


def make_layout(state: PlayState) -> Layout:
    """The layout of the cards in play at ``state``; raises `SolverError` if the hand is over."""
    if state.is_over:
        raise SolverError("position: the hand is over; there is nothing to solve")
    order = state.order
    in_play = [c for h in state.hands.values() for c in h] + [p.card for p in state.trick]
    blocks: list[list[Card]] = [[] for _ in range(5)]
    for card in in_play:
        suit = order.effective_suit(card)
        blocks[JOKER_BLOCK if suit is None else SUITS.index(suit)].append(card)
    cards: list[Card] = []
    suit_of_bit = np.full(64, -1, dtype=np.int64)
    consts = np.zeros(C_SIZE, dtype=np.int64)
    for b, block in enumerate(blocks):
        block.sort(key=order.power)
        start = len(cards)
        if b < 4:
            consts[C_OFFSET + b] = start
        for card in block:
            suit_of_bit[len(cards)] = b
            cards.append(card)
        consts[C_SUITMASK + b] = ((1 << len(cards)) - 1) ^ ((1 << start) - 1)
    counts, maxer = _counting(state)
    consts[C_N] = len(state.seats)
    consts[C_TRUMP] = SUITS.index(order.trump) if order.trump is not None else -1
    consts[C_JBIT] = len(cards) - 1 if blocks[JOKER_BLOCK] else -1
    consts[C_JLOW] = int(order.joker_low)
    # RULES.md §5 ``joker_lead``: the kernel names any suit, or only suits not yet led, and then
    # may take away the holder's shown voids.
    consts[C_JANY] = int(state.rules.joker_lead != "not_yet_led")
    consts[C_JNOVOID] = int(state.rules.joker_lead == "not_shown_void")
    consts[C_COUNTS] = counts
    consts[C_MAXER] = maxer
    consts[C_MISERE] = int(state.contract is not None and state.contract.misere)
    return Layout(
        seats=state.seats,
        cards=tuple(cards),
        bit_of={c: i for i, c in enumerate(cards)},
        suit_of_bit=suit_of_bit,
        consts=consts,
    )


def state_array(layout: Layout, state: PlayState) -> np.ndarray:
    """The kernel's mutable state for ``state`` (a position at or after the layout's root)."""
    seats = layout.seats
    st = np.zeros(S_SIZE, dtype=np.int64)
    for i, seat in enumerate(seats):
        for card in state.hands[seat]:
            st[S_HANDS + i] |= 1 << layout.bit_of[card]
    for k, play in enumerate(state.trick):
        move = layout.move(play)
        st[S_TCARD + k] = move & 63
        st[S_TNAMED + k] = (move >> 6) - 1
    st[S_TLEN] = len(state.trick)
    st[S_LEADER] = seats.index(state.leader)
    # Suits led and voids shown matter only to a free joker's lead (RULES.md §5). The kernel
    # records the current trick's lead and voids at once; the engine waits for the trick to end,
    # which is the same thing at the next lead, the only time they are read.
    led = suits_led(state.history, state.order)
    trick_suit = state.order.play_suit(state.trick[0]) if state.trick else None
    if trick_suit is not None:
        led.add(trick_suit)
    st[S_LED] = sum(1 << SUITS.index(s) for s in led)
    trick_seats = state.trick_seats()
    for i, seat in enumerate(seats):
        void = shown_void(seat, state.history, state.order)
        if trick_suit is not None and seat in trick_seats[1:]:
            p = state.trick[trick_seats.index(seat)]
            if state.order.play_suit(p) is not trick_suit:
                void.add(trick_suit)
        st[S_VOIDS + i] = sum(1 << SUITS.index(s) for s in void)
    return st
