"""Move ordering for the search kernel (`score_moves`: higher scores are searched first), with
heuristics after DDS (Bo Haglund's double-dummy solver for bridge, its move weights).

Leads prefer suits where the opponents hold few cards, cash winners (less when that sets up an
opponent's guarded card), lead towards partner's top card, and mind ruffs; a free joker is led
naming a suit the opponents hold few cards of, after cashing winners. Followers win as cheaply
as possible, best when no one left to play can beat it, else play low (second hand low when
partner surely wins), and discard from long suits. In misère the declarer leads the highest
card a defender must beat (keeping a safe suit safe) and ducks with the highest card that
still loses; the defenders lead below the declarer's cards and play low before the declarer.
`search` puts the table's stored best lead first, then the lead that last cut off at the same
ply (DDS's best move per depth).
"""

from __future__ import annotations

from trainer.solver.arrays import (
    C_COUNTS,
    C_JBIT,
    C_JLOW,
    C_MAXER,
    C_MISERE,
    C_N,
    C_SUITMASK,
    C_TRUMP,
    S_HANDS,
    S_LEADER,
    S_TBASE,
    S_TCARD,
    S_TNAMED,
    W_MOVES,
    W_RUNS,
    W_SCORES,
    compiled,
)
from trainer.solver.bits import highest_index, lowest_index, popcount
from trainer.solver.misere import duck_rounds
from trainer.solver.moves import play_suit, trick_winner


@compiled
def beatable(st, cx, bs, tlen, wcard, w):  # type: ignore[no-untyped-def]
    """Can a player still to play to the current trick (``tlen + 1`` cards played), on the
    other side from ``w`` (who wins it now with ``wcard``), beat ``wcard``?"""
    n = cx[C_N]
    counts = cx[C_COUNTS]
    jbit = cx[C_JBIT]
    if wcard == jbit and cx[C_JLOW] == 0:
        return False
    tb = st[S_TBASE]
    leader = st[S_LEADER]
    led = play_suit(cx, bs, st[S_TCARD + tb], st[S_TNAMED + tb])
    if led < 0:
        return False
    wsuit = bs[wcard]
    trump = cx[C_TRUMP]
    side = (counts >> w) & 1
    for i in range(tlen + 1, n):
        j = leader + i
        if j >= n:
            j -= n
        if ((counts >> j) & 1) == side:
            continue
        hand = st[S_HANDS + j]
        follow = hand & cx[C_SUITMASK + led]
        if follow:
            if wsuit == led and highest_index(follow) > wcard:
                return True
        else:
            if jbit >= 0 and cx[C_JLOW] == 0 and (hand >> jbit) & 1:
                return True
            if trump >= 0:
                t = hand & cx[C_SUITMASK + trump]
                if t and (wsuit != trump or highest_index(t) > wcard):
                    return True
    return False


@compiled
def partner_covers(st, cx, bs, seat):  # type: ignore[no-untyped-def]
    """Second hand: does a partner of ``seat`` still to play hold a card of the suit led above
    the card led and above every card of the suit an opponent still to play holds, with no
    such opponent able to ruff (void, with a trump or a high free joker)?"""
    n = cx[C_N]
    maxer = cx[C_MAXER]
    jbit = cx[C_JBIT]
    leader = st[S_LEADER]
    wcard = st[S_TCARD + st[S_TBASE]]
    if wcard == jbit:
        return False
    suit = cx[C_SUITMASK + bs[wcard]]
    trump = cx[C_TRUMP]
    ruff = cx[C_SUITMASK + trump] if trump >= 0 else 0
    if jbit >= 0:
        ruff |= 1 << jbit
    side = (maxer >> seat) & 1
    ours = -1
    bar = wcard
    for i in range(2, n):
        j = leader + i
        if j >= n:
            j -= n
        hand = st[S_HANDS + j]
        follow = hand & suit
        if ((maxer >> j) & 1) == side:
            if follow:
                ours = max(ours, highest_index(follow))
        elif follow:
            bar = max(bar, highest_index(follow))
        elif hand & ruff:
            return False
    return ours > bar


@compiled
def declarer_played(st, cx, tlen, counts):  # type: ignore[no-untyped-def]
    """Has a counted seat (the misère declarer) played to the current trick already?"""
    n = cx[C_N]
    leader = st[S_LEADER]
    for i in range(tlen):
        j = leader + i
        if j >= n:
            j -= n
        if (counts >> j) & 1:
            return True
    return False


@compiled
def misere_lead(st, cx, bs, seat, b, s, rank):  # type: ignore[no-untyped-def]
    """Lead score in misère. The declarer wants a card some defender must beat, and never a
    suit both defenders are void in; a defender wants a low card in a suit the declarer holds,
    lower than the declarer's cards."""
    n = cx[C_N]
    counts = cx[C_COUNTS]
    if s == 4:
        return 0
    suit = cx[C_SUITMASK + s]
    score = 40 - rank
    if (counts >> seat) & 1:
        forced = False
        anyone = False
        for j in range(n):
            if j == seat:
                continue
            theirs = st[S_HANDS + j] & suit
            if theirs:
                anyone = True
                if lowest_index(theirs) > b:
                    forced = True
        if forced:
            score = 90 + rank
            others = 0
            for j in range(n):
                if j != seat:
                    others |= st[S_HANDS + j]
            mine = st[S_HANDS + seat] & suit
            if duck_rounds(mine & ~(1 << b), others & suit) < duck_rounds(mine, others & suit):
                score -= 20
        elif not anyone:
            score -= 50
    else:
        bar = b  # the card the declarer must duck under: the highest the defenders play low
        dlow = 64
        for j in range(n):
            theirs = st[S_HANDS + j] & suit
            if (counts >> j) & 1:
                dlow = lowest_index(theirs) if theirs else -1
            elif j != seat and theirs:
                bar = max(bar, lowest_index(theirs))
        if dlow < 0:
            score -= 30  # the declarer is void: a free discard
        elif dlow > bar:
            score += 60  # the declarer must win it
        elif dlow > b:
            score += 20
    return score


@compiled
def follower_wins(cx, bs, b, wcard, wsuit):  # type: ignore[no-untyped-def]
    """Does card bit ``b``, played to a trick now, beat ``wcard``, the trick's winning play so
    far (counting as block ``wsuit``)? As `trick_winner` decides (RULES.md §4, §5)."""
    jbit = cx[C_JBIT]
    if jbit >= 0 and cx[C_JLOW] == 0:
        if wcard == jbit:
            return False
        if b == jbit:
            return True
    if b == jbit:
        return False  # a low free joker played to a trick has no suit
    s = bs[b]
    if s == wsuit:
        return wcard == jbit or b > wcard  # a low joker led is the lowest of its named suit
    return s == cx[C_TRUMP]


@compiled
def score_moves(st, cx, bs, seat, tlen, present, wk, ply, count):  # type: ignore[no-untyped-def]
    """Heuristic order: higher scores are searched first."""
    n = cx[C_N]
    maxer = cx[C_MAXER]
    counts = cx[C_COUNTS]
    misere = cx[C_MISERE]
    mine = (maxer >> seat) & 1
    jbit = cx[C_JBIT]
    leader = st[S_LEADER]
    tb = st[S_TBASE]
    trump = cx[C_TRUMP]
    tmask = cx[C_SUITMASK + trump] if trump >= 0 else 0
    high_joker = jbit >= 0 and cx[C_JLOW] == 0
    left = popcount(st[S_HANDS + seat])
    covered = False
    if tlen == 1 and not misere:
        covered = partner_covers(st, cx, bs, seat)
    wcard = -1
    wsuit = -1
    wseat = -1
    if tlen > 0:
        wi = trick_winner(st, cx, bs, tlen)
        wcard = st[S_TCARD + tb + wi]
        wsuit = play_suit(cx, bs, wcard, st[S_TNAMED + tb + wi])
        wseat = leader + wi
        if wseat >= n:
            wseat -= n
    for k in range(count):
        m = wk[ply, W_MOVES + k]
        b = m & 63
        s = bs[b]
        rank = 15 if s == 4 else popcount(present & cx[C_SUITMASK + s] & ((1 << b) - 1))
        if tlen == 0:
            if misere:
                score = misere_lead(st, cx, bs, seat, b, s, rank)
            elif s == 4:
                # The free joker wins whenever it is led: as for a card, prefer the suit named
                # where the opponents hold few cards; below a winner of a suit (30, not 60:
                # the joker wins later as well, and leading it spends its choice of trick).
                score = 30
                named = (m >> 6) - 1
                if named >= 0:
                    for j in range(n):
                        if ((maxer >> j) & 1) != mine:
                            length = popcount(st[S_HANDS + j] & cx[C_SUITMASK + named])
                            score -= 8 * (left + 1 if length == 0 else length)
            else:
                suit = cx[C_SUITMASK + s]
                top = highest_index(present & suit)
                # DDS: prefer suits where the opponents hold few cards (a smaller tree), and
                # mind ruffs: the opponents' spoil a lead, partner's gain one.
                weight = 0
                opp_ruff = False
                partner_top = False
                partner_ruff = False
                for j in range(n):
                    if j == seat:
                        continue
                    hand = st[S_HANDS + j]
                    length = popcount(hand & suit)
                    ruffer = length == 0 and ((trump >= 0 and s != trump and hand & tmask != 0)
                                              or (high_joker and (hand >> jbit) & 1 == 1))
                    if ((maxer >> j) & 1) == mine:
                        if (hand >> top) & 1:
                            partner_top = True
                        if ruffer:
                            partner_ruff = True
                    else:
                        weight -= 8 * (left + 1 if length == 0 else length)
                        if ruffer:
                            opp_ruff = True
                if (wk[ply, W_RUNS + k] >> top) & 1:
                    score = 50 + rank  # a winner: cash it
                    rest = present & suit & ~wk[ply, W_RUNS + k]
                    if rest:
                        # Less if it sets up an opponent's guarded next card (DDS).
                        second = highest_index(rest)
                        for j in range(n):
                            hand = st[S_HANDS + j]
                            if (((maxer >> j) & 1) != mine and (hand >> second) & 1
                                    and popcount(hand & suit) > 1):
                                score -= 27 if trump < 0 else 15
                elif partner_top:
                    score = 40 - rank  # lead low towards partner's top card
                else:
                    score = 20 - rank  # lead low
                if opp_ruff and trump >= 0:
                    score -= 15  # (not for a free joker: it ruffs once, whatever suit is led)
                elif partner_ruff:
                    score += 15
                score += weight
        else:
            if follower_wins(cx, bs, b, wcard, wsuit):
                w = seat
                wc = b
            else:
                w = wseat
                wc = wcard
            good = ((counts >> w) & 1) == mine
            if misere:
                if not ((counts >> seat) & 1) and not declarer_played(st, cx, tlen, counts):
                    score = -rank  # a defender before the declarer: keep the bar low
                else:
                    score = (100 if good else 0) + rank
            else:
                if covered:
                    score = -rank  # partner wins the trick anyway: play low (DDS)
                else:
                    score = (100 if good else 0) - rank
                    if good and not beatable(st, cx, bs, tlen, wc, w):
                        score += 100  # the trick is ours whatever the others play
                if s < 4 and s != trump and s != play_suit(cx, bs, st[S_TCARD + tb],
                                                           st[S_TNAMED + tb]):
                    # A discard: from a long suit (DDS).
                    score += 2 * popcount(st[S_HANDS + seat] & cx[C_SUITMASK + s])
            if b == jbit:
                score -= 1  # keep the joker for later when it does no better
        wk[ply, W_SCORES + k] = score
