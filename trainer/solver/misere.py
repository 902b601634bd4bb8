"""The misère bounds of the search kernel (`misere_bounds`), Five Hundred's own: DDS (Bo
Haglund's double-dummy solver for bridge) has no misère, but these play the part its quick and
later tricks play elsewhere (`bounds`), cutting the search short at a trick start.

A declarer who can duck every round of every suit from now on, by Hall's condition on its cards
and the defenders' (`duck_rounds`), or exit and then do so (`exit_safely`), never wins a trick
again; a defender on lead may force the declarer to win this one; when the defenders need every
trick left, a declarer who can surely lose one, or whose cards all top their suits, settles it.
`ordering` uses `duck_rounds` too, for the declarer's leads.
"""

from __future__ import annotations

from trainer.solver.arrays import (
    C_COUNTS,
    C_JBIT,
    C_JLOW,
    C_N,
    C_SUITMASK,
    S_HANDS,
    compiled,
)
from trainer.solver.bits import highest_index, lowest_index, popcount


@compiled
def duck_rounds(mine, theirs):  # type: ignore[no-untyped-def]
    """Rounds of a suit the declarer, holding ``mine`` of it, surely ducks when the defenders,
    holding ``theirs``, lead it (64: every round). The declarer answers each card led with its
    highest card below it; by Hall's condition that succeeds for the first r rounds, whatever
    the cards led and their order, while the declarer's j-th lowest card is below the
    defenders' j-th lowest for every j <= r (cards they play or discard meanwhile only raise
    theirs, and the declarer's discards take its top cards)."""
    r = 0
    while mine and theirs:
        if lowest_index(mine) > lowest_index(theirs):
            return r
        r += 1
        mine &= mine - 1
        theirs &= theirs - 1
    return 64


@compiled
def exit_safely(st, cx, d, n, mine, suit):  # type: ignore[no-untyped-def]
    """Can the declarer (seat ``d``, holding ``mine`` of ``suit``) lead a card of the suit that
    a defender must beat, and then surely duck every round of it? The card is the highest below
    some defender's lowest card of the suit; each defender holding the suit plays one card to
    that trick (at worst its highest, keeping the low ones to lead later)."""
    bar = -1  # the highest card the declarer can lead that some defender must beat
    theirs = 0
    for j in range(n):
        if j == d:
            continue
        held = st[S_HANDS + j] & suit
        if held:
            bar = max(bar, lowest_index(held))
            theirs |= held & ~(1 << highest_index(held))
    below = mine & ((1 << bar) - 1) if bar >= 0 else 0
    if below == 0:
        return False
    return duck_rounds(mine & ~(1 << highest_index(below)), theirs) == 64



@compiled
def misere_bounds(st, cx, leader, target):  # type: ignore[no-untyped-def]
    """Cheap misère bounds at a trick start (``target`` >= 1 declarer tricks wanted by the
    defenders): 1 (they get them) when a defender on lead can force the declarer to win this
    trick and ``target`` is 1; 0 (they do not) when the declarer can never be made to win a
    trick again; -1 when neither applies. Also the relevant cards.

    Never again: no defender holds a low free joker, and either a defender is on lead and the
    declarer surely ducks every round of every suit (`duck_rounds`), or the declarer is on lead,
    surely ducks every round of the other suits, and can lead a card of the remaining one that
    a defender must beat and surely duck every round of it after (`exit_safely`). Then the
    declarer never wins a trick, so never leads again, except with a high free joker it holds:
    kept as its last card, that takes the last trick (RULES.md §3, §5).
    Forced: the defender on lead has a card of a suit the declarer holds below all the declarer's
    cards of it, and each other defender either has a card of it below them too, or is void
    with a card other than a high free joker to throw.
    Every trick (``target`` = tricks left): 1 when each of the declarer's cards is above every
    defender's card of its suit (no low joker with the declarer, no high one with a defender)
    and the declarer is on lead or the leader can lead a suit the declarer holds; 0 when the
    declarer on lead has a card below all of some defender's cards of its suit, or, a defender
    (without the joker) on lead, the declarer holds in each suit the leader holds a card below
    all the leader's cards of it, or none of it.
    """
    n = cx[C_N]
    counts = cx[C_COUNTS]
    jbit = cx[C_JBIT]
    high_joker = jbit >= 0 and cx[C_JLOW] == 0
    d = 0
    for j in range(n):
        if (counts >> j) & 1:
            d = j
            break
    dhand = st[S_HANDS + d]
    others = 0
    for j in range(n):
        if j != d:
            others |= st[S_HANDS + j]
    # never again (not with a low free joker a defender could lead, which the declarer's card
    # of the suit named would beat); a high free joker the declarer holds is kept for the last
    # trick (it is played only as the last card), which it takes, and no lead follows
    low_joker_out = jbit >= 0 and not high_joker and (others >> jbit) & 1
    last = 1 if high_joker and (dhand >> jbit) & 1 else 0
    if target > last and not low_joker_out:
        unsafe = -1  # the one suit where the declarer cannot surely duck (-2: more than one)
        exits = 0  # suits the declarer on lead can exit in, never to win again
        rel = 0
        for s in range(4):
            suit = cx[C_SUITMASK + s]
            mine = dhand & suit
            theirs = others & suit
            if mine == 0 or theirs == 0:
                continue
            if duck_rounds(mine, theirs) < 64:
                if unsafe != -1 or leader != d:
                    unsafe = -2
                    break
                unsafe = s
            top = highest_index(mine)
            if top < lowest_index(theirs):
                rel |= 1 << top  # the cards below are the declarer's: only their number counts
            else:
                rel |= mine & -mine  # the lowest card of the suit: all its ranks count
            if leader == d and exit_safely(st, cx, d, n, mine, suit):
                exits |= 1 << s
        if (unsafe == -1 and (leader != d or exits)) or (unsafe >= 0 and (exits >> unsafe) & 1):
            return 0, rel, last
    # every trick: the defenders need the declarer to win all the tricks left
    if target == popcount(dhand):
        # All of the declarer's cards above every defender's card of their suits: once on lead
        # the declarer wins every trick, and a defender on lead can put them there.
        jm = (1 << jbit) if jbit >= 0 else 0
        # a high free joker a defender holds takes a trick; a low one the declarer holds none
        if (others & jm == 0) if high_joker else (dhand & jm == 0):
            top = True
            led_ok = leader == d
            rel = 0
            lhand = st[S_HANDS + leader]
            for s in range(4):
                suit = cx[C_SUITMASK + s]
                mine = dhand & suit
                if mine == 0:
                    continue
                if lhand & suit & ~jm:
                    led_ok = True
                theirs = others & suit
                if theirs:
                    x = lowest_index(mine)
                    if x < highest_index(theirs):
                        top = False
                        break
                    rel |= 1 << x
            if top and led_ok:
                return 1, rel, target
        if leader == d:
            # A lead below all of some defender's cards of its suit loses the trick.
            for s in range(4):
                suit = cx[C_SUITMASK + s]
                mine = dhand & suit
                if mine == 0:
                    continue
                x = lowest_index(mine)
                for j in range(n):
                    if j != d:
                        theirs = st[S_HANDS + j] & suit
                        if theirs and lowest_index(theirs) > x:
                            return 0, 1 << x, target - 1
        else:
            lhand = st[S_HANDS + leader]
            jmask = (1 << jbit) if jbit >= 0 else 0
            if lhand & jmask == 0 and dhand & ~jmask != 0:
                # Whatever the leader leads, the declarer discards (a card that cannot win) or
                # follows below it.
                ok = True
                rel = 0
                for s in range(4):
                    suit = cx[C_SUITMASK + s]
                    theirs = lhand & suit
                    mine = dhand & suit
                    if theirs == 0 or mine == 0:
                        continue
                    x = lowest_index(mine)
                    if x > lowest_index(theirs):
                        ok = False
                        break
                    rel |= 1 << x
                if ok:
                    return 0, rel, target - 1
    # forced
    if target == 1 and leader != d:
        lhand = st[S_HANDS + leader]
        for s in range(4):
            suit = cx[C_SUITMASK + s]
            mine = dhand & suit
            if mine == 0 or lhand & suit == 0:
                continue
            low = lowest_index(mine)
            x = lowest_index(lhand & suit)
            if x > low:
                continue
            ok = True
            least = x
            for j in range(n):
                if j == d:
                    continue
                if j == leader:
                    continue
                hand = st[S_HANDS + j]
                theirs = hand & suit
                if theirs:
                    y = lowest_index(theirs)
                    if y > low:
                        ok = False
                        break
                    least = min(least, y)
                elif high_joker and hand == (1 << jbit):
                    ok = False
                    break
            if ok:
                return 1, 1 << least, 1
    return -1, 0, 0
