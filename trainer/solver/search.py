"""The compiled search: a zero-window alpha-beta over int64 card masks (numba, cache=True).

The shape follows DDS (Bo Haglund's double-dummy solver for bridge: its ABsearch), adapted to
Five Hundred:
- zero-window search on a trick target: `search` answers "can the side that wants tricks
  counted reach ``target`` tricks from the current trick on?", and the exact value of a play
  comes from a short run of such tests around a guess (`move_value`); each test is
  fail-soft, leaving the bound its proof gives (often past the target), which the table
  keeps and the run of tests jumps by;
- a transposition table at trick boundaries storing lower and upper bounds on the value, keyed
  only on the ranks that decided the result (DDS's winning ranks; `table`);
- equivalent cards collapsed everywhere (`moves`), the whole run of a move made relevant when
  the proof below it rests on any card of the run;
- small cards skipped (DDS): once a card below every relevant card of its suit has been
  searched without a cut-off, the player's other cards of that suit below those relevant
  cards are not searched: they give positions that differ only in small cards;
- cut-offs on the tricks left (mid-trick too: DDS's later tricks, a side needing every trick
  that has lost this one, or, after the lead, that surely loses it (`bounds.trick_sure`), and a
  side needing one trick that surely wins it), quick tricks and sure tricks (`bounds`), DDS's
  later tricks at no trumps (`bounds.top_lengths`), and in misère cheap bounds (`misere`);
- move ordering (`ordering`): the stored best lead first, then the lead that last cut off at
  the same ply (DDS's best move per depth), then DDS-like heuristics.

The arrays it works on are described in `arrays`. The root calls `trainer.solver.api` makes are
`at_least`, `move_at_least` and `move_value`.
"""

from __future__ import annotations

from numba import njit

from trainer.solver.arrays import (
    C_COUNTS,
    C_JBIT,
    C_MAXER,
    C_MISERE,
    C_N,
    C_SUITMASK,
    S_HANDS,
    S_LEADER,
    S_TBASE,
    S_TCARD,
    S_TLEN,
    TT_BEST,
    TT_BOUNDS,
    TT_CARE,
    TT_WAYS,
    W_BOUND,
    W_KILL,
    W_LOW,
    W_MOVES,
    W_REL,
    W_RUNS,
    W_SCORES,
    compiled,
)
from trainer.solver.bits import lowest_index, popcount
from trainer.solver.bounds import sure_tricks, team_quick, top_lengths, trick_sure
from trainer.solver.misere import misere_bounds
from trainer.solver.moves import (
    absolute_move,
    gen_moves,
    in_play,
    pop_move,
    push_move,
    relative_move,
    trick_winner,
)
from trainer.solver.ordering import score_moves
from trainer.solver.table import bucket_of, care_of, make_key, rel_of, tag_of, tt_matches, tt_store

# An explicit signature: numba's cache reloads a self-recursive function wrongly (a crash on the
# second run) unless it has exactly one compiled type signature.
_SEARCH_SIG = (
    "boolean(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], int64, "
    "int64[:, ::1], int64, int64, int64[::1])"
)


@njit(_SEARCH_SIG, cache=True, nogil=True, _nrt=False)
def search(st, cx, bs, tt, tg, gen, wk, ply, target, stats):  # type: ignore[no-untyped-def]
    """True if the seats in C_MAXER can make the counted seats take ``target`` tricks from the
    current trick on (the current trick included), with best play by both sides.

    Leaves in ``wk[ply, W_REL]`` the cards whose ranks the answer rests on (see `care_of`), and
    in ``wk[ply, W_BOUND]`` the bound on the counted tricks the proof gives (fail-soft): at least
    ``target`` when True, below it when False.
    """
    stats[0] += 1
    n = cx[C_N]
    tlen = st[S_TLEN]
    leader = st[S_LEADER]
    left = 0
    h = 0
    present = 0
    best_rel = -1
    keyed = False
    if tlen > 0:
        # Later tricks (DDS): the counted seats cannot take more tricks than are left, nor all
        # of them once this trick is lost to them (every counted seat has played to it).
        tb = st[S_TBASE]
        seat = leader + tlen
        if seat >= n:
            seat -= n
        more = popcount(st[S_HANDS + seat])
        if target <= 0 or target > more:
            wk[ply, W_REL] = 0
            wk[ply, W_BOUND] = 0 if target <= 0 else more
            return target <= 0
        if target == more:
            counts = cx[C_COUNTS]
            pending = False
            for i in range(tlen, n):
                j = leader + i
                if j >= n:
                    j -= n
                if (counts >> j) & 1:
                    pending = True
            if not pending:
                wi = trick_winner(st, cx, bs, tlen)
                ws = leader + wi
                if ws >= n:
                    ws -= n
                if not (counts >> ws) & 1:
                    wcard = st[S_TCARD + tb + wi]
                    wk[ply, W_REL] = 0 if wcard == cx[C_JBIT] else 1 << wcard
                    wk[ply, W_BOUND] = more - 1
                    return False
        if not cx[C_MISERE] and tlen <= 2 and tlen < n - 1:
            # Second and third hands only: later on the bound saves less than it costs.
            decided = trick_sure(st, cx, bs, tlen, wk, ply, target, more)
            if decided >= 0:
                wk[ply, W_BOUND] = target if decided == 1 else target - 1
                return decided == 1
    else:
        left = popcount(st[S_HANDS + leader])
        if target <= 0 or target > left:
            wk[ply, W_REL] = 0
            wk[ply, W_BOUND] = 0 if target <= 0 else left
            return target <= 0
        counts = cx[C_COUNTS]
        sure, rel = sure_tricks(st, cx, counts)
        if sure >= target:
            wk[ply, W_REL] = rel
            wk[ply, W_BOUND] = sure
            return True
        sure, rel = sure_tricks(st, cx, ((1 << n) - 1) & ~counts)
        if left - sure < target:
            wk[ply, W_REL] = rel
            wk[ply, W_BOUND] = left - sure
            return False
        if cx[C_MISERE]:
            decided, rel, bound = misere_bounds(st, cx, leader, target)
            if decided >= 0:
                wk[ply, W_REL] = rel
                wk[ply, W_BOUND] = bound
                return decided == 1
        else:
            # Outside misère the side that wants tricks is the side that takes them.
            quick, rel = team_quick(st, cx, leader)
            if (counts >> leader) & 1:
                if quick >= target:
                    wk[ply, W_REL] = rel
                    wk[ply, W_BOUND] = quick
                    return True
            elif left - quick < target:
                wk[ply, W_REL] = rel
                wk[ply, W_BOUND] = left - quick
                return False
            # Later tricks at no trumps (DDS): the side on lead needing every trick left. One
            # call for both sides (two call sites made the search measurably slower).
            on_lead = (counts >> leader) & 1
            if target == (left if on_lead else 1):
                most, rel = top_lengths(st, cx, counts if on_lead else ((1 << n) - 1) & ~counts)
                if most < left:
                    wk[ply, W_REL] = rel
                    wk[ply, W_BOUND] = target if not on_lead else target - 1
                    return not on_lead
        if left >= 2:
            keyed = True
            h = make_key(st, cx, wk, ply)
            present = in_play(st, cx, 0)
            stats[1] += 1
            base = bucket_of(tt, h)
            tag = tag_of(h, gen)
            for e in range(base, base + TT_WAYS):
                if tg[e] == tag and tt_matches(tt, e, gen, wk, ply, n):
                    bounds = tt[e, TT_BOUNDS]
                    if (bounds & 255) >= target or ((bounds >> 8) & 255) < target:
                        stats[2] += 1
                        wk[ply, W_REL] = rel_of(cx, present, tt[e, TT_CARE])
                        if (bounds & 255) >= target:
                            wk[ply, W_BOUND] = bounds & 255
                            return True
                        wk[ply, W_BOUND] = (bounds >> 8) & 255
                        return False
                    if best_rel < 0:
                        best_rel = tt[e, TT_BEST]
    seat = leader + tlen
    if seat >= n:
        seat -= n
    if not keyed:
        present = in_play(st, cx, tlen)
    count = gen_moves(st, cx, bs, seat, tlen, present, wk, ply)
    score_moves(st, cx, bs, seat, tlen, present, wk, ply, count)
    if tlen == 0 and wk[ply, W_KILL] > 0:
        # DDS's best move at this depth: the lead that last cut off at this ply, if still legal.
        kill = wk[ply, W_KILL] - 1
        for k in range(count):
            mk = wk[ply, W_MOVES + k]
            if (mk >> 6) == (kill >> 6) and (wk[ply, W_RUNS + k] >> (kill & 63)) & 1:
                wk[ply, W_SCORES + k] += 60
    if best_rel >= 0:
        best = absolute_move(cx, bs, present, best_rel)
        if best >= 0:
            for k in range(count):
                mk = wk[ply, W_MOVES + k]
                if (mk >> 6) == (best >> 6) and (wk[ply, W_RUNS + k] >> (best & 63)) & 1:
                    wk[ply, W_SCORES + k] = 1 << 20
    mine = (cx[C_MAXER] >> seat) & 1 == 1
    result = not mine
    cut = -1
    rel = 0
    # Fail-soft: the bound behind the answer, for the table and the caller: the best of the
    # children's bounds when every move fails, the refuting child's when one succeeds.
    bound = 0 if mine else 99
    for s in range(4):
        wk[ply, W_LOW + s] = 0
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
        run = wk[ply, W_RUNS + pick]
        wk[ply, W_RUNS + pick] = wk[ply, W_RUNS + k]
        wk[ply, W_RUNS + k] = run
        b = m & 63
        ms = bs[b]
        if ms < 4 and b < wk[ply, W_LOW + ms]:
            continue  # a small card like one already searched (DDS): same value, same proof
        undo = push_move(st, cx, bs, m)
        r = search(st, cx, bs, tt, tg, gen, wk, ply + 1, target - ((undo >> 16) & 1), stats)
        pop_move(st, cx, m, undo)
        child = wk[ply + 1, W_REL]
        cb = wk[ply + 1, W_BOUND] + ((undo >> 16) & 1)
        if (undo >> 17) & 1:
            child |= 1 << ((undo >> 27) & 63)  # the trick's winning card decided it
        if child & run:
            # The proof rests on a card of the run this move stands for: each card of the run
            # plays the part of another in the sibling lines it covers, so all of them matter.
            child |= run
        if r == mine:
            wk[ply, W_KILL] = m + 1
            result = r
            cut = m
            rel = child  # one refutation or one winning line is the whole proof
            bound = cb
            break
        rel |= child
        bound = max(bound, cb) if mine else min(bound, cb)
        if ms < 4 and wk[ply, W_LOW + ms] == 0:
            # A card below every relevant card of its suit: the suit's other cards below them
            # give positions that differ only in small cards, so they need no search.
            r_s = rel & cx[C_SUITMASK + ms]
            low = lowest_index(r_s) if r_s else 64
            if b < low:
                wk[ply, W_LOW + ms] = low
    wk[ply, W_REL] = rel
    wk[ply, W_BOUND] = bound
    if keyed:
        care = care_of(cx, present, rel, cx[C_JBIT])
        best = relative_move(cx, bs, present, cut) if cut >= 0 else -1
        tt_store(tt, tg, gen, wk, ply, n, h, care, result, bound, left, best)
    return result



# --- root --------------------------------------------------------------------------------------


@compiled
def at_least(st, cx, bs, tt, tg, gen, wk, stats, target):  # type: ignore[no-untyped-def]
    """`search` from the root (ply 0)."""
    return search(st, cx, bs, tt, tg, gen, wk, 0, target, stats)


@compiled
def move_at_least(st, cx, bs, tt, tg, gen, wk, stats, move, target):  # type: ignore[no-untyped-def]
    """True if, after ``move``, the counted seats reach ``target`` tricks (current trick on)."""
    undo = push_move(st, cx, bs, move)
    r = search(st, cx, bs, tt, tg, gen, wk, 1, target - ((undo >> 16) & 1), stats)
    pop_move(st, cx, move, undo)
    return r


@compiled
def move_value(st, cx, bs, tt, tg, gen, wk, stats, move, guess):  # type: ignore[no-untyped-def]
    """Exact value of ``move`` (counted tricks from the current trick on), by zero-window
    tests stepping from ``guess``."""
    tlen = st[S_TLEN]
    left = popcount(st[S_HANDS + st[S_LEADER]]) + (1 if tlen > 0 else 0)
    undo = push_move(st, cx, bs, move)
    won = (undo >> 16) & 1
    lo = 0
    hi = left
    t = min(max(guess, 1), left)
    while lo < hi:
        if search(st, cx, bs, tt, tg, gen, wk, 1, t - won, stats):
            lo = wk[1, W_BOUND] + won
            t = lo + 1
        else:
            hi = wk[1, W_BOUND] + won
            t = hi
    pop_move(st, cx, move, undo)
    return lo
