"""The compiled search for the 2-player game (numba, cache=True; RULES.md §1, 002).

Double dummy: every card is seen, the face-down table cards included. The declarer (seat 0)
maximises their tricks, the opponent (seat 1) minimises. A trick is four plays, winner, other,
winner, other (`trainer.two_player`), the first two from ``lead_from``.

- Zero-window search on a trick target (`search`: "can the declarer take ``target`` tricks
  from the current trick on?"), the exact value from a run of such tests (`move_value`).
- A transposition table at trick starts, keyed on the remaining cards in relative ranks (each
  block's remaining cards numbered in power order, as DDS does: both hands, and each player's
  piles as an unordered set of (face-up, face-down) pairs), the leader, the lead source and the
  joker facts (suits led and voids shown, only when a free joker is in play and
  its lead is limited by ``joker_lead``); entries hold lower and upper bounds and the best
  lead. The card layout is fixed for a card order (one bit per card of the pack, blocks by
  effective suit, each ordered by power), so the table stays valid from one root to the next
  of the same hand.
- Equivalent cards: of a player's hand cards adjacent in rank among the cards still in play
  (the current trick's included), only the lowest is searched; so too for face-up table cards
  with nothing under them.
- Sure tricks at trick starts: a player's unbroken run of top trumps, or a free joker, bounds
  the value from below (the declarer's) or above (the opponent's).
- Move ordering: the stored best lead first; leads try top cards of their suit, then low
  cards; followers win as cheaply as possible, else play low.

Arrays (int64): ``cx`` constants (C_*), ``stk`` one state row per ply (S_*: a child row is a
copy of its parent with one play made, so nothing is undone), ``bs[b]`` the block of bit b
(0-3 suits, 4 a free joker, -1 not in the pack), ``tt`` the table (TT_* columns, buckets of
TT_WAYS rows), ``wk`` per-ply move lists, ``stats`` counters (nodes, probes, cut-offs).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from trainer.solver.bits import highest_index, lowest_index, popcount

compiled = njit(cache=True, nogil=True, _nrt=False)

# --- constants (cx) ----------------------------------------------------------------------------
C_TRUMP = 0  # trump block, -1 at no trumps
C_JBIT = 1  # bit of a free joker, else -1
C_JANY = 2  # a led free joker may name a suit already led (joker_lead != not_yet_led)
C_JNOVOID = 3  # ... but not one its holder showed void in (not_shown_void)
C_JFACTS = 4  # the joker facts matter (joker_lead is not any_suit)
C_SUITMASK = 5  # 5 words: card mask of each block
C_SIZE = 10

# --- state row (stk[ply]) ------------------------------------------------------------------------
S_HAND = 0  # 2 words: seat 0 (the declarer), seat 1
S_TOP = 2  # 10 words: face-up card of each pile (seat * 5 + pile), -1 none
S_DOWN = 12  # 10 words: face-down card of each pile, -1 none
S_PEND = 22  # 2 words: pile whose card this seat played to the current trick, -1 none
S_LEADER = 24
S_LFROM = 25  # 0 hand, 1 table
S_TLEN = 26
S_TCARD = 27  # 4 words
S_TNAMED = 31  # 4 words: suit named for a led free joker, else -1
S_LED = 35  # suits led so far (4 bits)
S_VOID = 36  # 2 words: suits each seat has shown void in
S_SIZE = 40

# --- table ---------------------------------------------------------------------------------------
TT_KEY = 0  # 5 words
TT_LB = 5
TT_UB = 6
TT_BEST = 7
TT_GEN = 8
TT_COLS = 9
TT_WAYS = 4
MAX_PLY = 48
W_MOVES = 0
W_SCORES = 24
W_REL = 48  # 64 words: relative rank of each card bit (`make_key`)
W_COLS = 112
_MIX = -7046029254386353131


def new_table(bits: int) -> np.ndarray:
    return np.zeros(((1 << bits) * TT_WAYS, TT_COLS), dtype=np.int64)


def new_scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """State rows, move lists, counters (nodes, probes, table cut-offs)."""
    return (np.zeros((MAX_PLY + 1, S_SIZE), dtype=np.int64),
            np.zeros((MAX_PLY + 1, W_COLS), dtype=np.int64), np.zeros(4, dtype=np.int64))


# --- rules ----------------------------------------------------------------------------------------


@compiled
def turn_of(st, k):  # type: ignore[no-untyped-def]
    """(seat, source) of the k-th play of the current trick."""
    seat = st[S_LEADER] if k % 2 == 0 else 1 - st[S_LEADER]
    src = st[S_LFROM] if k < 2 else 1 - st[S_LFROM]
    return seat, src


@compiled
def tricks_left(st):  # type: ignore[no-untyped-def]
    """Tricks to finish, the current one included: the leader's hand, and its hand card if
    already played to this trick."""
    tlen = st[S_TLEN]
    played = (st[S_LFROM] == 0 and tlen >= 1) or (st[S_LFROM] == 1 and tlen >= 3)
    return popcount(st[S_HAND + st[S_LEADER]]) + (1 if played else 0)


@compiled
def tops(st, seat):  # type: ignore[no-untyped-def]
    m = 0
    pend = st[S_PEND + seat]
    for i in range(5):
        t = st[S_TOP + seat * 5 + i]
        if t >= 0 and i != pend:
            m |= 1 << t
    return m


@compiled
def play_suit(cx, bs, card, named):  # type: ignore[no-untyped-def]
    if card == cx[C_JBIT]:
        return named
    return bs[card]


@compiled
def alive(st):  # type: ignore[no-untyped-def]
    """Every card not in a completed trick (hands, piles, the current trick)."""
    m = st[S_HAND] | st[S_HAND + 1]
    for i in range(10):
        if st[S_TOP + i] >= 0:
            m |= 1 << st[S_TOP + i]
        if st[S_DOWN + i] >= 0:
            m |= 1 << st[S_DOWN + i]
    for k in range(st[S_TLEN]):
        m |= 1 << st[S_TCARD + k]
    return m


@compiled
def trick_winner(st, cx, bs, n):  # type: ignore[no-untyped-def]
    """Index of the winning play among the first n of the current trick (RULES.md §4, §5)."""
    jb = cx[C_JBIT]
    for k in range(n):
        if st[S_TCARD + k] == jb:
            return k
    led = play_suit(cx, bs, st[S_TCARD], st[S_TNAMED])
    trump = cx[C_TRUMP]
    target = led
    if trump >= 0:
        for k in range(n):
            if bs[st[S_TCARD + k]] == trump:
                target = trump
    best = 0
    bestc = -1
    for k in range(n):
        c = st[S_TCARD + k]
        if play_suit(cx, bs, c, st[S_TNAMED + k]) == target and c > bestc:
            best = k
            bestc = c
    return best


@compiled
def gen_moves(st, cx, bs, wk, ply):  # type: ignore[no-untyped-def]
    """Legal moves of the player to move (one per equivalence run), scored for ordering.
    A move is ``bit | (named + 1) << 6``. Returns the count."""
    tlen = st[S_TLEN]
    seat, src = turn_of(st, tlen)
    if src == 0:
        avail = st[S_HAND + seat]
        free = avail  # cards that may stand for their run
    else:
        avail = tops(st, seat)
        free = 0
        for i in range(5):
            if st[S_DOWN + seat * 5 + i] < 0 and st[S_TOP + seat * 5 + i] >= 0 \
                    and i != st[S_PEND + seat]:
                free |= 1 << st[S_TOP + seat * 5 + i]
    jb = cx[C_JBIT]
    cand = avail
    led = -1
    if tlen > 0:
        led = play_suit(cx, bs, st[S_TCARD], st[S_TNAMED])
        if led >= 0 and (avail & cx[C_SUITMASK + led]) != 0:
            cand = avail & cx[C_SUITMASK + led]
    live = alive(st)
    # the current winner, for ordering followers
    wcard = -1
    wseat = -1
    wsuit = -1
    if tlen > 0:
        wi = trick_winner(st, cx, bs, tlen)
        wcard = st[S_TCARD + wi]
        wseat, _ = turn_of(st, wi)
        wsuit = play_suit(cx, bs, wcard, st[S_TNAMED + wi])
    count = 0
    m = cand
    while m:
        b = lowest_index(m)
        m &= m - 1
        blk = bs[b]
        if (free >> b) & 1 and blk < 4 and b > 0:
            below = live & cx[C_SUITMASK + blk] & ((1 << b) - 1)
            if below:
                lower = highest_index(below)
                if (cand >> lower) & 1 and (free >> lower) & 1:
                    continue  # equivalent to the lower card of its run
        if b == jb and tlen == 0:
            named = 0
            for s in range(4):
                ok = True
                if not cx[C_JANY] and (st[S_LED] >> s) & 1:
                    ok = False
                if cx[C_JNOVOID] and (st[S_VOID + seat] >> s) & 1:
                    ok = False
                if ok:
                    wk[ply, W_MOVES + count] = b | ((s + 1) << 6)
                    wk[ply, W_SCORES + count] = 50 - popcount(
                        (st[S_HAND + 1 - seat]) & cx[C_SUITMASK + s])
                    count += 1
                    named += 1
            if named == 0 and popcount(avail) == 1:
                wk[ply, W_MOVES + count] = b
                wk[ply, W_SCORES + count] = 0
                count += 1
            continue
        # ordering
        sc = 0
        if tlen == 0:
            above = live & cx[C_SUITMASK + blk] & ~((1 << (b + 1)) - 1)
            sc = 100 + b if blk == 4 or above == 0 else -b
        else:
            trump = cx[C_TRUMP]
            beats = b == jb or (wcard != jb and (
                (blk == wsuit and b > wcard) or (trump >= 0 and blk == trump != wsuit)))
            if wseat == seat:
                sc = -b - (1000 if beats else 0)  # own card wins: play low
            elif beats:
                sc = 200 - b  # win cheaply
            else:
                sc = -b
        wk[ply, W_MOVES + count] = b
        wk[ply, W_SCORES + count] = sc
        count += 1
    return count


@compiled
def apply_move(src, dst, cx, bs, move):  # type: ignore[no-untyped-def]
    """Copy the state row ``src`` into ``dst`` and play ``move`` there. Returns -1 mid-trick,
    else 1 if the declarer won the trick just completed, else 0."""
    for i in range(S_SIZE):
        dst[i] = src[i]
    b = move & 63
    named = (move >> 6) - 1
    tlen = dst[S_TLEN]
    seat, source = turn_of(dst, tlen)
    if source == 0:
        dst[S_HAND + seat] &= ~(1 << b)
    else:
        for i in range(5):
            if dst[S_TOP + seat * 5 + i] == b:
                dst[S_TOP + seat * 5 + i] = -1
                dst[S_PEND + seat] = i
    dst[S_TCARD + tlen] = b
    dst[S_TNAMED + tlen] = named
    if tlen == 0:
        s = play_suit(cx, bs, b, named)
        if s >= 0:
            dst[S_LED] |= 1 << s
    else:
        led = play_suit(cx, bs, dst[S_TCARD], dst[S_TNAMED])
        if led >= 0 and play_suit(cx, bs, b, -1) != led:
            dst[S_VOID + seat] |= 1 << led
    dst[S_TLEN] = tlen + 1
    if tlen < 3:
        return -1
    w = trick_winner(dst, cx, bs, 4)
    wseat, wsrc = turn_of(dst, w)
    for s in range(2):
        p = dst[S_PEND + s]
        if p >= 0:
            d = dst[S_DOWN + s * 5 + p]
            if d >= 0:
                dst[S_TOP + s * 5 + p] = d
                dst[S_DOWN + s * 5 + p] = -1
            dst[S_PEND + s] = -1
    dst[S_LEADER] = wseat
    dst[S_LFROM] = wsrc
    dst[S_TLEN] = 0
    return 1 if wseat == 0 else 0


# --- the table --------------------------------------------------------------------------------


@compiled
def sure_tricks(st, cx, seat, live):  # type: ignore[no-untyped-def]
    """Tricks ``seat`` surely wins from a trick start: its unbroken run of top trumps (each
    wins the trick it is played in; a trick holds at most one of its hand cards and one of its
    table cards, so at least as many tricks as the larger part of the run), or a free joker
    (it wins any trick it is in)."""
    hand = st[S_HAND + seat]
    table = 0
    for i in range(5):
        t = st[S_TOP + seat * 5 + i]
        d = st[S_DOWN + seat * 5 + i]
        if t >= 0:
            table |= 1 << t
        if d >= 0:
            table |= 1 << d
    jb = cx[C_JBIT]
    if jb >= 0:
        return 1 if ((hand | table) >> jb) & 1 else 0
    trump = cx[C_TRUMP]
    if trump < 0:
        return 0
    sub = live & cx[C_SUITMASK + trump]
    in_hand = 0
    on_table = 0
    while sub:
        c = highest_index(sub)
        sub &= ~(1 << c)
        if (hand >> c) & 1:
            in_hand += 1
        elif (table >> c) & 1:
            on_table += 1
        else:
            break
    return max(in_hand, on_table)


@compiled
def piles_word(st, seat, wk, ply):  # type: ignore[no-untyped-def]
    """A seat's piles as one word, independent of their order: each pile 12 bits (relative
    top + 1, relative down + 1, see `make_key`), the five sorted."""
    v0 = 0
    v1 = 0
    v2 = 0
    v3 = 0
    v4 = 0
    for i in range(5):
        t = st[S_TOP + seat * 5 + i]
        d = st[S_DOWN + seat * 5 + i]
        v = (wk[ply, W_REL + t] + 1 if t >= 0 else 0) | \
            ((wk[ply, W_REL + d] + 1 if d >= 0 else 0) << 6)
        # insertion into the sorted five
        if v > v0:
            v0, v = v, v0
        if v > v1:
            v1, v = v, v1
        if v > v2:
            v2, v = v, v2
        if v > v3:
            v3, v = v, v3
        if v > v4:
            v4, v = v, v4
    return v0 | (v1 << 12) | (v2 << 24) | (v3 << 36) | (v4 << 48)


@compiled
def make_key(st, cx, key, wk, ply):  # type: ignore[no-untyped-def]
    """The table key of a trick start, in relative ranks (as DDS): each block's remaining
    cards numbered from 0 upwards in power order, so positions that differ only in which
    lower cards were played share an entry. Words: both hands, both seats' piles, and the
    block sizes with the leader, lead source and joker facts. Returns the hash."""
    live = alive(st)
    r = 0
    sizes = 0
    h0 = 0
    h1 = 0
    for b in range(5):
        sub = live & cx[C_SUITMASK + b]
        n = 0
        while sub:
            c = lowest_index(sub)
            sub &= sub - 1
            wk[ply, W_REL + c] = r
            if (st[S_HAND] >> c) & 1:
                h0 |= 1 << r
            elif (st[S_HAND + 1] >> c) & 1:
                h1 |= 1 << r
            r += 1
            n += 1
        sizes |= n << (6 * b)
    key[ply, 0] = h0
    key[ply, 1] = h1
    key[ply, 2] = piles_word(st, 0, wk, ply)
    key[ply, 3] = piles_word(st, 1, wk, ply)
    extra = st[S_LEADER] | (st[S_LFROM] << 1)
    jb = cx[C_JBIT]
    if cx[C_JFACTS] and jb >= 0 and (live >> jb) & 1:
        extra |= (st[S_LED] << 2) | (st[S_VOID] << 6) | (st[S_VOID + 1] << 10)
    key[ply, 4] = extra | (sizes << 14)
    h = 0
    for i in range(5):
        h = (h ^ key[ply, i]) * _MIX
        h ^= (h >> 29) & 0x7FFFFFFFF
    return h


@compiled
def tt_find(tt, base, key, gen):  # type: ignore[no-untyped-def]
    for e in range(base, base + TT_WAYS):
        if tt[e, TT_GEN] == gen and tt[e, TT_KEY] == key[0] and tt[e, TT_KEY + 1] == key[1] \
                and tt[e, TT_KEY + 2] == key[2] and tt[e, TT_KEY + 3] == key[3] \
                and tt[e, TT_KEY + 4] == key[4]:
            return e
    return -1


@compiled
def tt_store(tt, base, key, gen, lb, ub, best, left):  # type: ignore[no-untyped-def]
    e = tt_find(tt, base, key, gen)
    if e < 0:
        # an empty or stale row, else the one with the fewest tricks left
        e = base
        worst = 99
        for i in range(base, base + TT_WAYS):
            if tt[i, TT_GEN] != gen:
                e = i
                break
            depth = popcount(tt[i, TT_KEY])
            if depth < worst:
                worst = depth
                e = i
        for i in range(5):
            tt[e, TT_KEY + i] = key[i]
        tt[e, TT_LB] = 0
        tt[e, TT_UB] = left
        tt[e, TT_GEN] = gen
        tt[e, TT_BEST] = -1
    tt[e, TT_LB] = max(tt[e, TT_LB], lb)
    tt[e, TT_UB] = min(tt[e, TT_UB], ub)
    if best >= 0:
        tt[e, TT_BEST] = best


# --- search -------------------------------------------------------------------------------------


# An explicit signature: numba's cache reloads a self-recursive function wrongly (a crash on the
# second run) unless it has exactly one compiled type signature (as `search.search`).
_SEARCH_SIG = (
    "boolean(int64[:, ::1], int64, int64[::1], int64[::1], int64[:, ::1], int64, "
    "int64[:, ::1], int64, int64[::1], int64[:, ::1])"
)


@njit(_SEARCH_SIG, cache=True, nogil=True, _nrt=False)
def search(stk, ply, cx, bs, tt, gen, wk, target, stats, key):  # type: ignore[no-untyped-def]
    """True if the declarer can take ``target`` tricks from the current trick on (the current
    trick included) with best play by both."""
    stats[0] += 1
    st = stk[ply]
    tlen = st[S_TLEN]
    left = tricks_left(st)
    if target <= 0:
        return True
    if target > left:
        return False
    base = -1
    best = -1
    if tlen == 0:
        live = alive(st)
        sure0 = sure_tricks(st, cx, 0, live)
        if sure0 >= target or left - sure_tricks(st, cx, 1, live) < target:
            return sure0 >= target
    if tlen == 0 and left >= 2:
        h = make_key(st, cx, key, wk, ply)
        base = (h & ((tt.shape[0] // TT_WAYS) - 1)) * TT_WAYS
        stats[1] += 1
        e = tt_find(tt, base, key[ply], gen)
        if e >= 0:
            if tt[e, TT_LB] >= target:
                stats[2] += 1
                return True
            if tt[e, TT_UB] < target:
                stats[2] += 1
                return False
            best = tt[e, TT_BEST]
    count = gen_moves(st, cx, bs, wk, ply)
    if best >= 0:  # stored in relative ranks
        for k in range(count):
            mk = wk[ply, W_MOVES + k]
            if (wk[ply, W_REL + (mk & 63)] | ((mk >> 6) << 6)) == best:
                wk[ply, W_SCORES + k] = 1 << 20
    seat, _ = turn_of(st, tlen)
    mine = seat == 0
    result = not mine
    cut = -1
    for k in range(count):
        pick = k
        for i in range(k + 1, count):
            if wk[ply, W_SCORES + i] > wk[ply, W_SCORES + pick]:
                pick = i
        m = wk[ply, W_MOVES + pick]
        wk[ply, W_MOVES + pick] = wk[ply, W_MOVES + k]
        wk[ply, W_MOVES + k] = m
        sc = wk[ply, W_SCORES + pick]
        wk[ply, W_SCORES + pick] = wk[ply, W_SCORES + k]
        wk[ply, W_SCORES + k] = sc
        won = apply_move(st, stk[ply + 1], cx, bs, m)
        r = search(stk, ply + 1, cx, bs, tt, gen, wk, target - (1 if won == 1 else 0), stats,
                   key)
        if r == mine:
            result = r
            cut = m
            break
    if base >= 0:
        if cut >= 0:
            cut = wk[ply, W_REL + (cut & 63)] | ((cut >> 6) << 6)
        if result:
            tt_store(tt, base, key[ply], gen, target, left, cut, left)
        else:
            tt_store(tt, base, key[ply], gen, 0, target - 1, cut, left)
    return result


@compiled
def at_least(stk, cx, bs, tt, gen, wk, stats, key, target):  # type: ignore[no-untyped-def]
    """`search` from the root (ply 0)."""
    return search(stk, 0, cx, bs, tt, gen, wk, target, stats, key)


@compiled
def move_at_least(stk, cx, bs, tt, gen, wk, stats, key, move, target):  # type: ignore[no-untyped-def]
    """True if, after ``move`` at the root, the declarer takes ``target`` tricks (current
    trick on)."""
    won = apply_move(stk[0], stk[1], cx, bs, move)
    return search(stk, 1, cx, bs, tt, gen, wk, target - (1 if won == 1 else 0), stats, key)


@compiled
def move_value(stk, cx, bs, tt, gen, wk, stats, key, move, guess):  # type: ignore[no-untyped-def]
    """Exact value of ``move`` at the root (declarer tricks from the current trick on), by
    zero-window tests stepping from ``guess``."""
    st = stk[0]
    left = tricks_left(st)
    won = apply_move(st, stk[1], cx, bs, move)
    gained = 1 if won == 1 else 0
    lo = gained
    hi = left - (1 if won == 0 else 0)
    t = min(max(guess, lo + 1), hi)
    while lo < hi:
        if search(stk, 1, cx, bs, tt, gen, wk, t - gained, stats, key):
            lo = t
            t = t + 1
        else:
            hi = t - 1
            t = hi
    return lo
