"""The 2-player solver's Python side: the card layout, the kernel's state row, and
`TableSolver` (the search itself is `trainer.solver.two_player`).

Values are as for 4 players (docs/DESIGN.md ``solve``): the declarer's tricks from the current
trick on, the current trick included; the declarer maximises, the opponent minimises
(RULES.md §1: "the declarer alone"). `trainer.solver.api.Solver` hands 2-player positions
(`trainer.two_player.TablePlayState`) to a `TableSolver`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.cards import SUITS, Card, Seat
from trainer.rules import CardOrder, Play, RuleSet, shown_void, suits_led
from trainer.solver import two_player as K
from trainer.solver.layout import JOKER_BLOCK, MoveCodes
from trainer.solver.results import Analysis, SolverError
from trainer.two_player import HAND, TABLE, TablePlayState


@dataclass(frozen=True)
class TableLayout(MoveCodes):
    """One bit per card of the pack, in blocks by effective suit (a free joker alone in block
    4), each block ordered by power; the kernel's constants."""

    cards: tuple[Card, ...]
    bit_of: dict[Card, int]
    blocks: np.ndarray
    consts: np.ndarray
    gen: int


def make_layout(order: CardOrder, rules: RuleSet, gen: int) -> TableLayout:
    groups: list[list[Card]] = [[] for _ in range(5)]
    for card in rules.pack:
        suit = order.effective_suit(card)
        groups[JOKER_BLOCK if suit is None else SUITS.index(suit)].append(card)
    cards: list[Card] = []
    blocks = np.full(64, -1, dtype=np.int64)
    consts = np.zeros(K.C_SIZE, dtype=np.int64)
    for b, group in enumerate(groups):
        group.sort(key=order.power)
        start = len(cards)
        for card in group:
            blocks[len(cards)] = b
            cards.append(card)
        consts[K.C_SUITMASK + b] = ((1 << len(cards)) - 1) ^ ((1 << start) - 1)
    consts[K.C_TRUMP] = SUITS.index(order.trump) if order.trump is not None else -1
    consts[K.C_JBIT] = len(cards) - 1 if groups[JOKER_BLOCK] else -1
    consts[K.C_JANY] = int(rules.joker_lead != "not_yet_led")
    consts[K.C_JNOVOID] = int(rules.joker_lead == "not_shown_void")
    consts[K.C_JFACTS] = int(rules.joker_lead != "any_suit")
    return TableLayout(tuple(cards), {c: i for i, c in enumerate(cards)}, blocks, consts, gen)


def state_row(layout: TableLayout, state: TablePlayState, row: np.ndarray) -> None:
    """Fill the kernel's state row for ``state`` (seat 0 the declarer)."""
    assert state.declarer is not None
    seats = (state.declarer, state.seats[1] if state.declarer is state.seats[0]
             else state.seats[0])
    bit = layout.bit_of
    row[:] = 0
    row[K.S_TOP:K.S_DOWN + 10] = -1
    for i, seat in enumerate(seats):
        row[K.S_HAND + i] = sum(1 << bit[c] for c in state.hands[seat])
        pending = state.pending_pile(seat)
        for j, pile in enumerate(state.tables[seat]):
            if pile:
                row[K.S_TOP + i * 5 + j] = bit[pile[-1]]
            if len(pile) == 2:
                row[K.S_DOWN + i * 5 + j] = bit[pile[0]]
            if j == pending:
                # the pile's card went to this trick; the card left is face down
                row[K.S_TOP + i * 5 + j] = -1
                row[K.S_DOWN + i * 5 + j] = bit[pile[0]] if pile else -1
        row[K.S_PEND + i] = -1 if pending is None else pending
    row[K.S_LEADER] = seats.index(state.leader)
    row[K.S_LFROM] = 0 if state.lead_from == HAND else 1
    row[K.S_TLEN] = len(state.trick)
    for k, play in enumerate(state.trick):
        move = layout.move(play)
        row[K.S_TCARD + k] = move & 63
        row[K.S_TNAMED + k] = (move >> 6) - 1
    order = state.order
    led = suits_led(state.history, order)
    trick_suit = order.play_suit(state.trick[0]) if state.trick else None
    if trick_suit is not None:
        led.add(trick_suit)
    row[K.S_LED] = sum(1 << SUITS.index(s) for s in led)
    turns = state.turns()
    for i, seat in enumerate(seats):
        void = shown_void(seat, state.history, order)
        for k in range(1, len(state.trick)):
            if turns[k][0] is seat and trick_suit is not None \
                    and order.play_suit(state.trick[k]) is not trick_suit:
                void.add(trick_suit)
        row[K.S_VOID + i] = sum(1 << SUITS.index(s) for s in void)


def representative(layout: TableLayout, state: TablePlayState, play: Play) -> Play:
    """The play the kernel searches for ``play``: the lowest card of its run of equivalent
    cards (hand cards, or face-up table cards with nothing under them, adjacent in rank among
    the cards still in play)."""
    seat, source = state.turn or (None, None)
    if seat is None or play.named is not None or layout.blocks[layout.bit_of[play.card]] == 4:
        return play
    legal = {p.card for p in state.legal_plays() if p.named is None}
    if source == TABLE:
        pending = state.pending_pile(seat)
        bare = {p[-1] for i, p in enumerate(state.tables[seat]) if len(p) == 1 and i != pending}
        legal &= bare
    live = {c for s in state.seats for c in state.cards_of(s)} | {p.card for p in state.trick}
    if play.card not in legal:
        return play
    b = layout.bit_of[play.card]
    block = layout.blocks[b]
    while b > 0 and layout.blocks[b - 1] == block:
        lower = b - 1
        while lower >= 0 and layout.blocks[lower] == block and layout.cards[lower] not in live:
            lower -= 1
        if lower < 0 or layout.blocks[lower] != block or layout.cards[lower] not in legal:
            break
        b = lower
    return Play(layout.cards[b])


class TableSolver:
    """Double-dummy values of 2-player positions, with its own transposition table
    (``2**table_bits`` buckets of 4 rows; the default 16 takes 19 MB)."""

    def __init__(self, table_bits: int = 16) -> None:
        self._tt = K.new_table(table_bits)
        self._stk, self._wk, self._stats = K.new_scratch()
        self._keys = np.zeros((K.MAX_PLY + 1, 5), dtype=np.int64)
        self._layouts: dict[tuple, TableLayout] = {}

    @property
    def nodes(self) -> int:
        return int(self._stats[0])

    def _layout(self, state: TablePlayState) -> TableLayout:
        if state.is_over:
            raise SolverError("position: the hand is over; there is nothing to solve")
        if state.contract is None or state.declarer is None:
            raise SolverError("contract: an all-pass hand has no declarer to count tricks for")
        order = state.order
        key = (order, state.rules.joker_lead, state.rules.pack)
        if key not in self._layouts:
            self._layouts[key] = make_layout(order, state.rules, len(self._layouts) + 1)
        return self._layouts[key]

    def _args(self, layout: TableLayout) -> tuple:
        return (self._stk, layout.consts, layout.blocks, self._tt, layout.gen, self._wk,
                self._stats, self._keys)

    def _maximising(self, state: TablePlayState) -> bool:
        return state.to_play is state.declarer

    def analyse(self, state: TablePlayState) -> Analysis:
        layout = self._layout(state)
        state_row(layout, state, self._stk[0])
        seat = state.to_play
        assert seat is not None
        values: dict[Play, int] = {}
        by_rep: dict[Play, int] = {}
        guess = (state.tricks_left + 1) // 2
        for play in state.legal_plays():
            rep = representative(layout, state, play)
            if rep not in by_rep:
                by_rep[rep] = int(K.move_value(*self._args(layout), layout.move(rep), guess))
                guess = by_rep[rep]
            values[play] = by_rep[rep]
        maximising = self._maximising(state)
        best = max(values.values()) if maximising else min(values.values())
        return Analysis(seat, best, values, state.tricks_left, maximising)

    def value(self, state: TablePlayState) -> int:
        layout = self._layout(state)
        state_row(layout, state, self._stk[0])
        args = self._args(layout)
        lo, hi = 0, state.tricks_left
        t = (hi + 1) // 2
        while lo < hi:
            if K.at_least(*args, t):
                lo = t
                t += 1
            else:
                hi = t - 1
                t = hi
        return lo

    def can_take(self, state: TablePlayState, target: int) -> bool:
        layout = self._layout(state)
        state_row(layout, state, self._stk[0])
        return bool(K.at_least(*self._args(layout), int(target)))

    def principal_line(self, state: TablePlayState) -> tuple[Play, ...]:
        """Best play for both from ``state`` to the last card: at each turn the first play in
        the engine's order that keeps the value."""
        work = state.copy()
        target = self.value(work)
        line: list[Play] = []
        while not work.is_over:
            layout = self._layout(work)
            state_row(layout, work, self._stk[0])
            args = self._args(layout)
            chosen = layout.keeping(work.legal_plays(), self._maximising(work), target,
                                    K.move_at_least, args)
            done = work.push(chosen)
            line.append(chosen)
            if done is not None and work.trick_winner_seat(done) is work.declarer:
                target -= 1
        return tuple(line)


def seats_of(state: TablePlayState) -> tuple[Seat, Seat]:
    """(declarer, opponent): the kernel's seats 0 and 1."""
    assert state.declarer is not None
    other = state.seats[1] if state.declarer is state.seats[0] else state.seats[0]
    return state.declarer, other
