"""The rules of a trick and the moves of the search kernel: which block a play counts as, who
wins a trick, the legal moves (`gen_moves`), playing and undoing a card (`push_move`,
`pop_move`), and leads in relative ranks for the table (`relative_move`, `absolute_move`).

Equivalent cards are collapsed everywhere, as in DDS (Bo Haglund's double-dummy solver for
bridge): of a player's cards adjacent in rank among the cards still in play (the current
trick's included), only the lowest is searched (`gen_moves`, and `representative` at the root).
To stay sound beside the table's winning-rank entries, when the proof below such a move rests
on any card of its run, `search` makes the whole run relevant (each card of the run plays
another's part in the lines it stands for). The order the moves are searched in is `ordering`.
"""

from __future__ import annotations

from trainer.solver.arrays import (
    C_COUNTS,
    C_JANY,
    C_JBIT,
    C_JLOW,
    C_JNOVOID,
    C_N,
    C_OFFSET,
    C_SUITMASK,
    C_TRUMP,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_TBASE,
    S_TCARD,
    S_TLEN,
    S_TNAMED,
    S_VOIDS,
    W_MOVES,
    W_RUNS,
    compiled,
)
from trainer.solver.bits import highest_index, lowest_index, popcount

# --- rules -------------------------------------------------------------------------------------


@compiled
def play_suit(cx, bs, card, named):  # type: ignore[no-untyped-def]
    """Block a play counts as: a led free joker its named suit (-1 bare), a free joker
    played to a trick -1 (no suit), any other card its block."""
    if card == cx[C_JBIT]:
        return named
    return bs[card]


@compiled
def trick_winner(st, cx, bs, cnt):  # type: ignore[no-untyped-def]
    """Index (0 = leader) of the winning play among the first ``cnt`` plays (RULES.md §4, §5)."""
    tb = st[S_TBASE]
    jbit = cx[C_JBIT]
    if jbit >= 0 and cx[C_JLOW] == 0:
        for i in range(cnt):
            if st[S_TCARD + tb + i] == jbit:
                return i
    target = play_suit(cx, bs, st[S_TCARD + tb], st[S_TNAMED + tb])
    trump = cx[C_TRUMP]
    if trump >= 0:
        for i in range(cnt):
            if bs[st[S_TCARD + tb + i]] == trump:
                target = trump
                break
    best = 0
    best_power = -1
    for i in range(cnt):
        card = st[S_TCARD + tb + i]
        if play_suit(cx, bs, card, st[S_TNAMED + tb + i]) == target:
            power = 0 if card == jbit else card + 1  # a low joker is below every card
            if power > best_power:
                best_power = power
                best = i
    return best


@compiled
def in_play(st, cx, tlen):  # type: ignore[no-untyped-def]
    """Mask of the cards held by anyone or lying in the current trick."""
    present = 0
    tb = st[S_TBASE]
    for j in range(cx[C_N]):
        present |= st[S_HANDS + j]
    for k in range(tlen):
        present |= 1 << st[S_TCARD + tb + k]
    return present


# --- moves -------------------------------------------------------------------------------------


@compiled
def gen_moves(st, cx, bs, seat, tlen, present, wk, ply):  # type: ignore[no-untyped-def]
    """Legal moves of ``seat`` into the work row ``wk[ply]`` (W_MOVES); their number.
    Equivalent cards are collapsed: of a run of cards adjacent in rank among the cards in play
    (the current trick's included) and held by ``seat``, only the lowest is a move, and its
    W_RUNS word is the mask of its run (the cards the move stands for; a joker move stands for
    itself)."""
    hand = st[S_HANDS + seat]
    jbit = cx[C_JBIT]
    jmask = (1 << jbit) if jbit >= 0 else 0
    cand = hand
    tb = st[S_TBASE]
    if tlen > 0:
        led = play_suit(cx, bs, st[S_TCARD + tb], st[S_TNAMED + tb])
        if led >= 0:
            follow = hand & cx[C_SUITMASK + led]
            if follow:
                cand = follow
    count = 0
    rest = cand & ~jmask
    while rest:
        b = lowest_index(rest)
        rest &= rest - 1
        suit = cx[C_SUITMASK + bs[b]]
        below = present & suit & ((1 << b) - 1)
        if below != 0 and (hand >> highest_index(below)) & 1:
            continue  # not the lowest of its run
        run = 1 << b
        c = b
        while True:
            above = present & suit & ~((2 << c) - 1)
            if above == 0:
                break
            c = lowest_index(above)
            if not (hand >> c) & 1:
                break
            run |= 1 << c
        wk[ply, W_MOVES + count] = b
        wk[ply, W_RUNS + count] = run
        count += 1
    if cand & jmask:
        if tlen > 0:
            wk[ply, W_MOVES + count] = jbit
            wk[ply, W_RUNS + count] = jmask
            count += 1
        else:
            names = 15 if cx[C_JANY] else 15 & ~st[S_LED]
            if cx[C_JNOVOID]:
                names &= ~st[S_VOIDS + seat]
            if names:
                for s in range(4):
                    if (names >> s) & 1:
                        wk[ply, W_MOVES + count] = jbit | ((s + 1) << 6)
                        wk[ply, W_RUNS + count] = jmask
                        count += 1
            elif popcount(hand) == 1:  # every suit led: the joker goes only to the last trick
                wk[ply, W_MOVES + count] = jbit
                wk[ply, W_RUNS + count] = jmask
                count += 1
    return count


@compiled
def representative(st, cx, bs, move):  # type: ignore[no-untyped-def]
    """The lowest card of ``move``'s run of equivalent cards (adjacent in rank among the cards
    in play, same holder): at the root they all have its value, so only it is searched."""
    b = move & 63
    if b == cx[C_JBIT]:
        return move
    tlen = st[S_TLEN]
    seat = (st[S_LEADER] + tlen) % cx[C_N]
    hand = st[S_HANDS + seat]
    present = in_play(st, cx, tlen)
    suit = cx[C_SUITMASK + bs[b]]
    while True:
        below = present & suit & ((1 << b) - 1)
        if below == 0:
            return b
        nxt = highest_index(below)
        if not (hand >> nxt) & 1:
            return b
        b = nxt


@compiled
def push_move(st, cx, bs, move):  # type: ignore[no-untyped-def]
    """Play ``move`` for the seat to move; returns the undo word for `pop_move`.

    Bit 16 of the undo word is set when the move completed a trick won by a counted seat;
    bit 17 when that trick was won by rank, and bits 27-32 then hold the winning card.
    """
    n = cx[C_N]
    tlen = st[S_TLEN]
    leader = st[S_LEADER]
    tb = st[S_TBASE]
    seat = leader + tlen
    if seat >= n:
        seat -= n
    b = move & 63
    named = (move >> 6) - 1
    st[S_HANDS + seat] ^= 1 << b
    st[S_TCARD + tb + tlen] = b
    st[S_TNAMED + tb + tlen] = named
    old_led = st[S_LED]
    old_void = st[S_VOIDS + seat]
    suit = play_suit(cx, bs, b, named)
    if tlen == 0:
        if suit >= 0:
            st[S_LED] = old_led | (1 << suit)
    else:
        led = play_suit(cx, bs, st[S_TCARD + tb], st[S_TNAMED + tb])
        if led >= 0 and suit != led:
            st[S_VOIDS + seat] = old_void | (1 << led)
    undo = old_led | (old_void << 4) | (leader << 8) | (tlen << 12) | (tb << 20)
    if tlen + 1 == n:
        w = leader + trick_winner(st, cx, bs, n)
        if w >= n:
            w -= n
        st[S_LEADER] = w
        st[S_TLEN] = 0
        st[S_TBASE] = tb + n  # the finished trick stays on the stack for pop_move
        undo |= ((cx[C_COUNTS] >> w) & 1) << 16
        # The winner's rank decided the trick only if it beat another card of its suit; a
        # lone card of the suit led, or a lone trump, wins whatever its rank (DDS).
        i = (w - leader + n) % n
        card = st[S_TCARD + tb + i]
        suit = play_suit(cx, bs, card, st[S_TNAMED + tb + i])
        for k in range(n):
            if k != i and play_suit(cx, bs, st[S_TCARD + tb + k], st[S_TNAMED + tb + k]) == suit:
                undo |= 1 << 17 | card << 27
                break
    else:
        st[S_TLEN] = tlen + 1
    return undo


@compiled
def pop_move(st, cx, move, undo):  # type: ignore[no-untyped-def]
    """Undo `push_move`."""
    leader = (undo >> 8) & 15
    tlen = (undo >> 12) & 15
    seat = (leader + tlen) % cx[C_N]
    st[S_HANDS + seat] ^= 1 << (move & 63)
    st[S_LED] = undo & 15
    st[S_VOIDS + seat] = (undo >> 4) & 15
    st[S_LEADER] = leader
    st[S_TLEN] = tlen
    st[S_TBASE] = (undo >> 20) & 127



# --- leads in relative ranks (the table's best lead) -------------------------------------------


@compiled
def relative_move(cx, bs, present, move):  # type: ignore[no-untyped-def]
    """A lead in relative ranks (its rank among the cards in play of its suit)."""
    b = move & 63
    s = bs[b]
    if s == 4:
        return move
    rel = cx[C_OFFSET + s] + popcount(present & cx[C_SUITMASK + s] & ((1 << b) - 1))
    return rel | (move & ~63)


@compiled
def absolute_move(cx, bs, present, rel):  # type: ignore[no-untyped-def]
    """Inverse of `relative_move` for the cards in play ``present``."""
    b = rel & 63
    s = bs[b]
    if s == 4:
        return rel
    rest = present & cx[C_SUITMASK + s]
    for _ in range(b - cx[C_OFFSET + s]):
        rest &= rest - 1
    if rest == 0:
        return -1
    return lowest_index(rest) | (rel & ~63)
