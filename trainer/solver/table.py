"""The transposition table (after DDS, Bo Haglund's double-dummy solver for bridge: its
TransTable, keyed as its winning ranks are): entries at trick boundaries storing lower and
upper bounds on the value, keyed on relative ranks (each suit's remaining cards relabelled by
their rank among the remaining cards) and, as DDS's winning ranks do, only on the ranks that
decided the result: every trick's winning card and the cards behind a cut-off are relevant,
and a suit's cards below its lowest relevant card count only by their number in each hand.
The best lead found is stored too, in relative ranks (`moves.relative_move`).

The array layout of an entry (TT_* columns) is in `arrays`; `search` probes (`make_key`,
`bucket_of`, `tag_of`, `tt_matches`, `rel_of`) and stores (`care_of`, `tt_store`).
"""

from __future__ import annotations

import numpy as np

from trainer.solver.arrays import (
    C_JANY,
    C_JBIT,
    C_JNOVOID,
    C_N,
    C_OFFSET,
    C_SUITMASK,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_VOIDS,
    TT_BEST,
    TT_BOUNDS,
    TT_CARE,
    TT_COLS,
    TT_GEN,
    TT_HANDS,
    TT_SHAPE,
    TT_WAYS,
    W_KEY,
    compiled,
)
from trainer.solver.bits import lowest_index, popcount

_MIX = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64


def new_table(bits: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of ``2**bits`` buckets of TT_WAYS entries, and its tags (empty: generation 0 is
    never used). A tag is the shape hash with the generation's low 16 bits: a bucket is
    scanned on the tags alone, which sit together in memory."""
    rows = (1 << bits) * TT_WAYS
    return np.zeros((rows, TT_COLS), dtype=np.int64), np.zeros(rows, dtype=np.int64)



@compiled
def make_key(st, cx, wk, ply):  # type: ignore[no-untyped-def]
    """The position at a trick boundary in relative ranks, into the work row ``wk[ply]``: each
    hand's cards relabelled by rank among the cards in play (W_KEY..+5) and the shape words
    (W_KEY+6, +7). Returns the hash of the shape, which picks the table bucket."""
    n = cx[C_N]
    present = 0
    for j in range(6):
        wk[ply, W_KEY + j] = 0
    for j in range(n):
        present |= st[S_HANDS + j]
    for s in range(4):
        rest = present & cx[C_SUITMASK + s]
        pos = cx[C_OFFSET + s]
        while rest:
            b = lowest_index(rest)
            for j in range(n):
                if (st[S_HANDS + j] >> b) & 1:
                    wk[ply, W_KEY + j] |= 1 << pos
                    break
            pos += 1
            rest &= rest - 1
    shape0 = 0
    shape1 = 0
    for j in range(n):
        hand = st[S_HANDS + j]
        for s in range(4):
            length = popcount(hand & cx[C_SUITMASK + s])
            if j < 3:
                shape0 |= length << (16 * j + 4 * s)
            else:
                shape1 |= length << (16 * (j - 3) + 4 * s)
    meta = st[S_LEADER]
    jbit = cx[C_JBIT]
    if jbit >= 0 and (present >> jbit) & 1:
        # Only while a free joker is held do the suits led and its holder's voids matter.
        for j in range(n):
            if (st[S_HANDS + j] >> jbit) & 1:
                wk[ply, W_KEY + j] |= 1 << jbit
                meta |= (j + 1) << 3
                if cx[C_JANY] == 0:
                    meta |= st[S_LED] << 6
                if cx[C_JNOVOID]:
                    meta |= st[S_VOIDS + j] << 10
    shape1 |= meta << 48
    wk[ply, W_KEY + 6] = shape0
    wk[ply, W_KEY + 7] = shape1
    h = (shape0 * _MIX) ^ shape1
    h *= _MIX
    return h ^ (h >> 29)


@compiled
def care_of(cx, present, rel, jbit):  # type: ignore[no-untyped-def]
    """Relative ranks that matter, from the relevant cards ``rel``: in each suit every card in
    play from the lowest relevant one up (a relevant card matters with all above it)."""
    care = 0
    for s in range(4):
        suit = present & cx[C_SUITMASK + s]
        r = rel & suit
        if r == 0:
            continue
        low = popcount(suit & ((1 << lowest_index(r)) - 1))
        size = popcount(suit)
        care |= (((1 << size) - 1) & ~((1 << low) - 1)) << cx[C_OFFSET + s]
    if jbit >= 0:
        care |= 1 << jbit
    return care


@compiled
def rel_of(cx, present, care):  # type: ignore[no-untyped-def]
    """Inverse of `care_of` for the cards in play: the lowest cared-for card of each suit."""
    rel = 0
    for s in range(4):
        c = care & cx[C_SUITMASK + s]
        if c:
            skip = lowest_index(c) - cx[C_OFFSET + s]
            rest = present & cx[C_SUITMASK + s]
            for _ in range(skip):
                rest &= rest - 1
            rel |= rest & -rest
    return rel


@compiled
def bucket_of(tt, h):  # type: ignore[no-untyped-def]
    return ((h >> 11) & (tt.shape[0] // TT_WAYS - 1)) * TT_WAYS


@compiled
def tt_matches(tt, e, gen, wk, ply, n):  # type: ignore[no-untyped-def]
    if tt[e, TT_GEN] != gen or tt[e, TT_SHAPE] != wk[ply, W_KEY + 6]:
        return False
    if tt[e, TT_SHAPE + 1] != wk[ply, W_KEY + 7]:
        return False
    care = tt[e, TT_CARE]
    for j in range(n):  # noqa: SIM110 (a plain loop: numba compiles it, not all() on a generator)
        if (wk[ply, W_KEY + j] & care) != tt[e, TT_HANDS + j]:
            return False
    return True


@compiled
def tag_of(h, gen):  # type: ignore[no-untyped-def]
    return (h & ~65535) | (gen & 65535)


@compiled
def tt_store(tt, tg, gen, wk, ply, n, h, care, result, bound, left, best):  # type: ignore[no-untyped-def]
    """Record the value bound behind a test's ``result`` (a lower bound when it succeeded,
    an upper bound when it failed) for every position like this one up to the relative ranks
    in ``care``."""
    base = bucket_of(tt, h)
    tag = tag_of(h, gen)
    row = -1
    free = -1
    for e in range(base, base + TT_WAYS):
        t = tg[e]
        if t == tag:
            if tt[e, TT_CARE] == care and tt_matches(tt, e, gen, wk, ply, n):
                row = e
                break
        elif free < 0 and (t & 65535) != (gen & 65535):
            free = e
    if row < 0:
        if free < 0:  # a full bucket: replace the entry with the fewest tricks left
            fewest = 99
            free = base
            for e in range(base, base + TT_WAYS):
                depth = (tt[e, TT_BOUNDS] >> 16) & 255
                if depth < fewest:
                    fewest = depth
                    free = e
        row = free
        tg[row] = tag
        tt[row, TT_SHAPE] = wk[ply, W_KEY + 6]
        tt[row, TT_SHAPE + 1] = wk[ply, W_KEY + 7]
        tt[row, TT_CARE] = care
        for j in range(6):
            tt[row, TT_HANDS + j] = wk[ply, W_KEY + j] & care
        tt[row, TT_GEN] = gen
        tt[row, TT_BOUNDS] = left << 8 | left << 16
        tt[row, TT_BEST] = -1
    bounds = tt[row, TT_BOUNDS]
    lower = bounds & 255
    upper = (bounds >> 8) & 255
    if result:
        lower = max(lower, bound)
    else:
        upper = min(upper, bound)
    tt[row, TT_BOUNDS] = lower | upper << 8 | left << 16
    if best >= 0:
        tt[row, TT_BEST] = best
