"""Cheap bounds that cut the search short, after DDS (Bo Haglund's double-dummy solver for
bridge: its quick tricks and later tricks), adapted to Five Hundred (misère's are in
`misere`).

- quick tricks (outside misère, `quick_tricks`, `team_quick`): the leader's top cards and long
  suits, a partner's reached through an entry after them, a partner's high free joker with the
  top cards it guards (`joker_keeps`);
- sure tricks whoever leads (`sure_tricks`): the top trumps of the hand holding the highest
  trump, or every trump of a side holding them all; a high free joker, and outside misère its
  holder's top cards and long suits, which the joker keeps from being squeezed;
- mid-trick, second and third hand (`trick_sure`): DDS's later tricks and its quick tricks for
  the second hand, a side needing one or two tricks that surely wins them, or needing every
  trick, or all but one, that surely loses that many;
- DDS's later tricks at no trumps (`top_lengths`): a side on lead needing every trick takes at
  most its longest holdings in the suits whose top card it holds.

Each returns the relevant cards behind its answer, for the table's winning ranks (`table`).
"""

from __future__ import annotations

from numba import njit

from trainer.solver.arrays import (
    C_COUNTS,
    C_JANY,
    C_JBIT,
    C_JLOW,
    C_JNOVOID,
    C_MAXER,
    C_MISERE,
    C_N,
    C_SUITMASK,
    C_TRUMP,
    S_HANDS,
    S_LEADER,
    S_LED,
    S_TBASE,
    S_TCARD,
    S_VOIDS,
    W_REL,
    compiled,
)
from trainer.solver.bits import highest_index, popcount


# Inlined, as are the callers' loops they replace: a call per suit costs more than its body.
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def suit_winners(st, cx, seat, s, others):  # type: ignore[no-untyped-def]
    """Cards of suit ``s`` that ``seat`` surely wins when the suit is led, no one ruffing: its
    cards above every card of the suit in ``others`` (the other hands), or every card of the
    suit when those top cards are at least as many as any other hand's cards of it (a long
    suit, DDS: after that many rounds no one else holds the suit), or when no one else holds
    it. Returns the count and how many of ``seat``'s top cards it rests on (0: none, the
    lengths alone say so)."""
    suit = cx[C_SUITMASK + s]
    mine = st[S_HANDS + seat] & suit
    theirs = others & suit
    if mine == 0 or theirs == 0:
        return popcount(mine), 0
    top = popcount(mine >> (highest_index(theirs) + 1))
    if top == 0:
        return 0, 0
    longest = 0
    for j in range(cx[C_N]):
        if j != seat:
            longest = max(longest, popcount(st[S_HANDS + j] & suit))
    if top >= longest:
        return popcount(mine), longest
    return top, top


@njit(cache=True, nogil=True, _nrt=False, inline="always")
def nth_highest(cards, k):  # type: ignore[no-untyped-def]
    """The bit of the ``k``-th highest card (from 1) of mask ``cards``."""
    for _ in range(k - 1):
        cards &= ~(1 << highest_index(cards))
    return highest_index(cards)


@compiled
def quick_tricks(st, cx, leader):  # type: ignore[no-untyped-def]
    """Tricks the leader can cash at once with top cards, counted safely (DDS's quick tricks),
    and the relevant cards behind the count.

    A card above every other player's card of its suit wins when led, and when those cards are
    at least as many as any other hand's cards of the suit, so does every card of it (a long
    suit, DDS); in a side suit only as many rounds as the shortest holding of an opponent who
    could ruff it (a trump, or the free joker, RULES.md §2, §5). A free joker the leader may
    lead now is one more.
    """
    n = cx[C_N]
    maxer = cx[C_MAXER]
    team = (maxer >> leader) & 1
    hand = st[S_HANDS + leader]
    others = 0
    for j in range(n):
        if j != leader:
            others |= st[S_HANDS + j]
    trump = cx[C_TRUMP]
    jbit = cx[C_JBIT]
    high_joker = jbit >= 0 and cx[C_JLOW] == 0
    tricks = 0
    rel = 0
    for s in range(4):
        top, need = suit_winners(st, cx, leader, s, others)
        if top == 0:
            continue
        if s != trump:
            for j in range(n):
                if ((maxer >> j) & 1) == team:
                    continue
                opp = st[S_HANDS + j]
                ruffs = (trump >= 0 and opp & cx[C_SUITMASK + trump] != 0) or (
                    high_joker and (opp >> jbit) & 1 == 1)
                if ruffs:
                    top = min(top, popcount(opp & cx[C_SUITMASK + s]))
        if top == 0:
            continue
        tricks += top
        if need:  # the count rests on our top cards outranking the rest of the suit
            rel |= 1 << nth_highest(hand & cx[C_SUITMASK + s], min(need, top))
    if high_joker and (hand >> jbit) & 1:
        names = 15 if cx[C_JANY] else 15 & ~st[S_LED]
        if cx[C_JNOVOID]:
            names &= ~st[S_VOIDS + leader]
        if names or popcount(hand) == 1:
            tricks += 1
    return min(tricks, popcount(hand)), rel


@compiled
def team_quick(st, cx, leader):  # type: ignore[no-untyped-def]
    """Quick tricks of the leader's side (outside misère), and the relevant cards: the
    leader's own (`quick_tricks`) and, a partner holding a high free joker, the tricks
    `joker_keeps` counts for it (it keeps those cards while the leader cashes), or a
    partner's quick tricks reached through an entry: the leader leads a card of a suit where the
    partner's top card wins the trick (after cashing the leader's own when the partner can keep
    its winners meanwhile, or else plus what `joker_keeps` counts for the leader's high free
    joker, kept meanwhile), or, the partner holding a high free joker, a suit the partner is
    void in, whose trick the joker wins (then one more with the partner's joker-free quick
    tricks)."""
    n = cx[C_N]
    maxer = cx[C_MAXER]
    team = (maxer >> leader) & 1
    left = popcount(st[S_HANDS + leader])
    own, own_rel = quick_tricks(st, cx, leader)
    quick = own
    rel = own_rel
    jbit = cx[C_JBIT]
    high_joker = jbit >= 0 and cx[C_JLOW] == 0
    lhand = st[S_HANDS + leader]
    for p in range(n):
        if p == leader or ((maxer >> p) & 1) != team:
            continue
        phand = st[S_HANDS + p]
        pjoker = high_joker and (phand >> jbit) & 1 == 1
        if pjoker and own < left:
            # The leader cashes its own tricks while the partner keeps what `joker_keeps`
            # counts (it throws other cards, or, left with only those, plays the joker and
            # cashes the rest from the lead: every trick left is then the side's).
            kq, krel = joker_keeps(st, cx, p)
            if min(own + kq, left) > quick:
                quick = min(own + kq, left)
                rel = own_rel | krel
        if quick >= left:
            break
        others = 0
        for j in range(n):
            if j != p:
                others |= st[S_HANDS + j]
        entry = 0  # 1: the partner's top card of a suit wins it; 2: the partner's joker does
        for s in range(4):
            suit = cx[C_SUITMASK + s]
            if lhand & suit == 0:
                continue
            if phand & suit == 0:
                if pjoker:
                    # The leader leads a suit the partner is void in: the joker wins it
                    # whatever the others play (RULES.md §5).
                    entry = 2
                continue
            theirs = others & suit
            if highest_index(phand & suit) < highest_index(theirs):
                continue
            ok = True
            for j in range(n):
                if ((maxer >> j) & 1) == team:
                    continue
                opp = st[S_HANDS + j]
                ruffs = (cx[C_TRUMP] >= 0 and s != cx[C_TRUMP]
                         and opp & cx[C_SUITMASK + cx[C_TRUMP]] != 0) or (
                    high_joker and (opp >> jbit) & 1 == 1)
                if ruffs and opp & suit == 0:
                    ok = False
                    break
            if ok:
                entry = 1
                break
        if entry:
            if pjoker:
                # The partner's quick tricks without its joker, which wins one more trick
                # whenever played (the entry, or later: the suits it may name do not matter).
                st[S_HANDS + p] ^= 1 << jbit
                pq, prel = quick_tricks(st, cx, p)
                st[S_HANDS + p] ^= 1 << jbit
                pq += 1
            else:
                pq, prel = quick_tricks(st, cx, p)
            if (entry == 1 and popcount(phand) - pq >= own
                    and not (jbit >= 0 and (lhand >> jbit) & 1)):
                # The leader cashes first (the top cards of a suit are one player's, so these
                # suits differ from the partner's), the partner keeping its winners (and its
                # joker), and the entry suit is not one of them; opponents able to ruff follow
                # every counted round, so they never shorten a suit by discarding. Not with the
                # leader's free joker: the suit it names could be one the partner must follow
                # with a winner.
                pq = min(pq + own, left)
                prel |= own_rel
            elif high_joker and (lhand >> jbit) & 1:
                # The leader keeps its high free joker, and the cards `joker_keeps` counts
                # with it, while the partner cashes (its suits are not the leader's top
                # suits, and the entry card led is none of them): those win tricks later.
                kq, krel = joker_keeps(st, cx, leader)
                pq = min(pq + kq, left)
                prel |= krel
            if pq > quick:
                quick = pq
                rel = prel
    return quick, rel


@compiled
def joker_keeps(st, cx, j):  # type: ignore[no-untyped-def]
    """Tricks certain for the side of seat ``j``, which holds a high free joker (outside
    misère), and the relevant cards: the joker and each of ``j``'s top cards (above every other
    hand's cards of its suit), or every card of a suit whose top cards are at least as many as
    any other hand's cards of it (a long suit, DDS).

    ``j`` keeps these cards: void in the suit led, it throws another card while it has one, and
    when only they are left it plays the joker, which wins (RULES.md §5), and then cashes the
    rest from the lead (at no trumps no one can beat a top card of the suit led; a long suit's
    lower cards are tops once the others' cards of it are gone, as they follow to its rounds).
    When that suit is led, ``j`` wins the round with a top card.
    """
    n = cx[C_N]
    hand = st[S_HANDS + j]
    others = 0
    for k in range(n):
        if k != j:
            others |= st[S_HANDS + k]
    count = 1
    rel = 0
    for s in range(4):
        top, need = suit_winners(st, cx, j, s, others)
        count += top
        if need:
            rel |= 1 << nth_highest(hand & cx[C_SUITMASK + s], need)
    return count, rel


@compiled
def sure_tricks(st, cx, seat_team):  # type: ignore[no-untyped-def]
    """Tricks certain for the seats in mask ``seat_team`` whoever leads, and the relevant
    cards: the top trumps of the hand holding the highest trump each win their trick (a hand
    plays one card a trick), or, when the team holds every trump, each trump of its longest
    holding; a high free joker wins its trick, and outside misère so do its holder's top cards
    and long suits (`joker_keeps`; in misère the declarer need not win with them)."""
    n = cx[C_N]
    trump = cx[C_TRUMP]
    if trump >= 0:
        suit = cx[C_SUITMASK + trump]
        present = 0
        for j in range(n):
            present |= st[S_HANDS + j]
        trumps = present & suit
        if trumps == 0:
            return 0, 0
        top = highest_index(trumps)
        longest = 0
        theirs = 0
        for j in range(n):
            hand = st[S_HANDS + j]
            if (seat_team >> j) & 1:
                longest = max(longest, popcount(hand & suit))
            else:
                theirs |= hand & suit
        if theirs == 0:
            # Every trump is the team's: each trump a hand plays wins its trick (led, or a
            # ruff beaten only by a trump), so the longest holding counts (DDS's later tricks).
            return longest, 0
        for j in range(n):
            hand = st[S_HANDS + j]
            if (hand >> top) & 1:
                if not (seat_team >> j) & 1:
                    return 0, 0
                rest = trumps & ~hand
                if rest == 0:
                    return popcount(hand & suit), 0  # every trump: the lengths say so
                run = (hand & suit) >> (highest_index(rest) + 1) << (highest_index(rest) + 1)
                return popcount(run), run & -run
        return 0, 0
    jbit = cx[C_JBIT]
    if jbit >= 0 and cx[C_JLOW] == 0:
        for j in range(n):
            hand = st[S_HANDS + j]
            if (hand >> jbit) & 1:
                if not (seat_team >> j) & 1:
                    return 0, 0
                if cx[C_MISERE]:
                    return 1, 0
                return joker_keeps(st, cx, j)
    return 0, 0



# Inlined: a call at every second-hand node costs more than the bound saves.
@njit(cache=True, nogil=True, _nrt=False, inline="always")
def trick_sure(st, cx, bs, tlen, wk, ply, target, more):  # type: ignore[no-untyped-def]
    """Second or third hand (``tlen`` 1 or 2), DDS's later tricks and its quick tricks for the
    second hand: 1 (True) when the counted seats need one or two tricks and surely win that
    many, 0 (False) when they need every trick left, or all but one, and surely lose that many;
    -1 when neither. The relevant cards go to ``wk[ply, W_REL]``.

    This trick is sure for the side of the seat still to play holding the highest card of the
    suit led, if that card beats the card winning now (not the free joker or a ruff) and no
    opponent still to play is void in the suit with a trump or a high free joker: its side's
    other seats play low (RULES.md §4, §5). Its holder then leads, and one more trick is sure
    with its top card of another suit that no opponent void in it can ruff (an opponent
    discarding now has nothing to ruff with), or, that side holding a high free joker, with the
    joker, which wins whenever it is played (§5) and need not be played to this trick.
    With a high free joker the side holds in hand, one more again: three tricks, the third with
    that top card (no one else can ruff at no trumps).
    """
    n = cx[C_N]
    jbit = cx[C_JBIT]
    reach = 3 if jbit >= 0 and cx[C_JLOW] == 0 else 2  # the most tricks the bound can show
    if target > reach and target < more + 1 - reach:
        return -1
    leader = st[S_LEADER]
    tb = st[S_TBASE]
    wcard = st[S_TCARD + tb]  # the card led
    if wcard == jbit:
        return -1  # a led free joker wins
    led = bs[wcard]
    if tlen == 2:
        c = st[S_TCARD + tb + 1]
        if c == jbit or (bs[c] != led and bs[c] == cx[C_TRUMP]):
            return -1  # the joker or a ruff wins now
        if bs[c] == led and c > wcard:
            wcard = c
    suit = cx[C_SUITMASK + led]
    best = -1
    holder = 0
    for i in range(tlen, n):
        j = leader + i
        if j >= n:
            j -= n
        follow = st[S_HANDS + j] & suit
        if follow and highest_index(follow) > best:
            best = highest_index(follow)
            holder = j
    if best < wcard:
        return -1
    counted = (cx[C_COUNTS] >> holder) & 1
    extra = (target - 1) if counted else (more - target)
    if extra < 0 or extra >= reach:
        return -1
    trump = cx[C_TRUMP]
    ruff = cx[C_SUITMASK + trump] if trump >= 0 else 0
    if jbit >= 0:
        ruff |= 1 << jbit
    for i in range(tlen, n):
        j = leader + i
        if j >= n:
            j -= n
        hand = st[S_HANDS + j]
        if ((cx[C_COUNTS] >> j) & 1) != counted and hand & suit == 0 and hand & ruff:
            return -1
    rel = 1 << best
    if extra >= 1:
        hhand = st[S_HANDS + holder]
        everyone = 0
        for j in range(n):
            everyone |= st[S_HANDS + j]
        found = False
        if reach == 3:
            # A high free joker held by the side wins a later trick: its holder need not play
            # it now (it follows suit, or, void, has another card to throw: ``more`` >= 2).
            for j in range(n):
                if ((cx[C_COUNTS] >> j) & 1) == counted and (st[S_HANDS + j] >> jbit) & 1:
                    found = extra == 1
                    extra -= 1
        if extra == 2:
            return -1
        for t in range(4):
            if found:
                break
            tsuit = cx[C_SUITMASK + t]
            if t == led or hhand & tsuit == 0:
                continue
            top = highest_index(everyone & tsuit)
            if not (hhand >> top) & 1:
                continue
            ok = True
            for j in range(n):
                hand = st[S_HANDS + j]
                if ((cx[C_COUNTS] >> j) & 1) != counted and hand & tsuit == 0 and hand & ruff:
                    ok = False
            if ok:
                found = True
                if everyone & tsuit & ~hhand:
                    rel |= 1 << top
                break
        if not found:
            return -1
    wk[ply, W_REL] = rel
    return counted


@compiled
def top_lengths(st, cx, side):  # type: ignore[no-untyped-def]
    """Without trumps or a free joker in play: the most tricks the seats in mask ``side`` can
    take if they are on lead and take every trick (DDS's later tricks at no trumps), and the
    relevant cards.

    Each such trick is led by the side (it won the one before) in a suit whose top card it holds
    then (an opponent holding the top plays it and wins, RULES.md §4), and each round of a suit
    takes a card of it from every hand of the side that holds one: so the rounds are at most the
    side's longest holding, summed over the suits whose top card the side holds. A suit whose
    top card an opponent holds (above a card of another hand) stays shut while that opponent
    keeps it; DDS counts on no squeeze freeing such a suit for a side that needs every trick (a
    squeeze needs a trick to spare, or a menace in a suit whose length is counted already). The
    bound held on some 57,000 random endings (3, 4 and 6 players) checked against the search.
    Relevant: the opponents' top cards (a position like this one with the side holding fewer
    tops, or shorter in them, gives no larger count).
    """
    n = cx[C_N]
    everyone = 0
    for j in range(n):
        everyone |= st[S_HANDS + j]
    jbit = cx[C_JBIT]
    trump = cx[C_TRUMP]
    if (jbit >= 0 and (everyone >> jbit) & 1) or (trump >= 0
                                                   and everyone & cx[C_SUITMASK + trump]):
        return 99, 0  # no bound: a trick can be won without the top card of the suit led
    count = 0
    rel = 0
    for s in range(4):
        suit = cx[C_SUITMASK + s]
        cards = everyone & suit
        if cards == 0:
            continue
        top = highest_index(cards)
        longest = 0
        ours = False
        for j in range(n):
            hand = st[S_HANDS + j]
            if (side >> j) & 1:
                longest = max(longest, popcount(hand & suit))
                if (hand >> top) & 1:
                    ours = True
            elif (hand >> top) & 1 and cards & ~hand:
                rel |= 1 << top
        if ours:
            count += longest
    return count, rel
