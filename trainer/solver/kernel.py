"""The compiled search: a zero-window alpha-beta over int64 card masks (numba, cache=True).

The shape follows DDS (Haglund's double-dummy solver for bridge), adapted to Five Hundred:
- zero-window search on a trick target: `search` answers "can the side that wants tricks
  counted reach ``target`` tricks from the current trick on?", and the exact value of a play
  comes from a short run of such tests around a guess (`move_value`); each test is
  fail-soft, leaving the bound its proof gives (often past the target), which the table
  keeps and the run of tests jumps by;
- a transposition table at trick boundaries storing lower and upper bounds on the value,
  keyed on relative ranks (each suit's remaining cards relabelled by their rank among the
  remaining cards) and, as DDS's winning ranks do, only on the ranks that decided the
  result: every trick's winning card and the cards behind a cut-off are relevant, and a
  suit's cards below its lowest relevant card count only by their number in each hand;
  the best lead found is stored too, in relative ranks;
- equivalent cards collapsed everywhere: of a player's cards adjacent in rank among the cards
  still in play (the current trick's included), only the lowest is searched. To stay sound
  beside winning-rank entries, when the proof below such a move rests on any card of its run,
  the whole run is made relevant (each card of the run plays another's part in the lines it
  stands for);
- small cards skipped (DDS): once a card below every relevant card of its suit has been
  searched without a cut-off, the player's other cards of that suit below those relevant
  cards are not searched: they give positions that differ only in small cards;
- cut-offs on the tricks left (mid-trick too: DDS's later tricks, a side needing every trick
  that has lost this one, or, after the lead, that surely loses it, and a side needing one trick
  that surely wins it), quick tricks (outside misère: the leader's top cards and long suits, a
  partner's reached through an entry after them, a partner's high free joker with the top cards
  it guards), sure tricks (the top trumps of the hand holding the highest trump, or every trump
  of a side holding them all; a high free joker, and outside misère its holder's top cards and
  long suits, which the joker keeps from being squeezed), DDS's later tricks at no trumps (a
  side on lead needing every trick takes at most its longest holdings in the suits whose top
  card it holds), and in misère cheap bounds (a declarer who can duck every round of every suit
  from now on, by Hall's condition on its cards and the defenders', or exit and then do so; a
  defender's lead the declarer must win; when the defenders need every trick left, a declarer
  who can surely lose one, or whose cards all top their suits);
- move ordering: the stored best lead first, then the lead that last cut off at the same ply
  (DDS's best move per depth), then heuristics after DDS: leads prefer suits where the opponents
  hold few cards, cash winners (less when that sets up an opponent's guarded card), lead towards
  partner's top card, mind ruffs; a free joker is led naming a suit the opponents hold few cards
  of, after cashing winners; followers win as cheaply as possible, best when no one left to play
  can beat it, else play low (second hand low when partner surely wins), and discard from long
  suits; in misère the declarer leads the highest card a defender must beat (keeping a safe suit
  safe) and ducks with the highest card that still loses, the defenders lead below the
  declarer's cards and play low before the declarer.

Arrays (all int64): ``cx`` rule constants and ``st`` the mutable position, indexed by the C_*
and S_* names below; ``bs[b]`` the block (effective suit 0-3, 4 = free joker) of card bit b;
``tt`` the table, rows of TT_COLS words in buckets of TT_WAYS; ``wk`` a work row per ply
(W_* columns); ``stats`` counters (nodes, table probes, table cut-offs). Plays are kept on a
stack in ``st`` (S_TCARD, S_TNAMED) so that undoing the last card of a trick finds the trick
intact.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from trainer.solver.bits import highest_index, lowest_index, popcount

# Compiled without numba's reference counting (NRT): the kernel never allocates, its array
# arguments are only borrowed, and the atomic increments and decrements NRT adds to every call
# took a third of the search time.
compiled = njit(cache=True, _nrt=False)

# --- constants (cx) ----------------------------------------------------------------------------
C_N = 0  # active seats (3 to 6)
C_TRUMP = 1  # trump block, -1 at no trumps and misère
C_JBIT = 2  # bit of a free joker in play, else -1
C_JLOW = 3  # joker_low_in_misere in force (RULES.md §5)
C_JANY = 4  # a led free joker may name a suit already led (joker_lead)
C_JNOVOID = 5  # ... but not one its holder showed void in (joker_lead)
C_COUNTS = 6  # seat mask: tricks won by these seats count
C_MAXER = 7  # seat mask: these seats want counted tricks
C_MISERE = 8
C_SUITMASK = 9  # 5 words: card mask of each block (4 = the free joker)
C_OFFSET = 14  # 4 words: lowest bit of each suit block
C_SIZE = 18

# --- state (st) --------------------------------------------------------------------------------
S_HANDS = 0  # 6 words: each active seat's hand, seats in clockwise order
S_TLEN = 6  # cards in the current trick
S_LEADER = 7
S_LED = 8  # suits led so far (4 bits)
S_VOIDS = 9  # 6 words: suits each seat has shown void in
S_TBASE = 15  # where the current trick starts in the play stack
S_TCARD = 16  # play stack, 72 words: card bits of every play since the root
S_TNAMED = 88  # 72 words: suit named for a led free joker, else -1
S_SIZE = 160

# --- transposition table and work rows ---------------------------------------------------------
# An entry holds a position "up to small cards" (DDS's winning ranks): the suit lengths of
# every hand and the leader (TT_SHAPE), and, for the cards at the relative ranks in TT_CARE, who
# holds them (TT_HANDS). Cards below a suit's relevant ranks only count by their number.
TT_SHAPE = 0  # 2 words: lengths per seat and suit (4 bits each); leader and joker facts
TT_CARE = 2  # relative ranks that mattered
TT_HANDS = 3  # 6 words: each hand's cards among TT_CARE, in relative ranks
TT_GEN = 9
TT_BOUNDS = 10  # lower | upper << 8 | tricks left << 16
TT_BEST = 11  # best lead in relative ranks (bit | (named + 1) << 6), or -1
TT_COLS = 12
TT_WAYS = 32
MAX_PLY = 64
MAX_MOVES = 32
# Per-ply work rows (wk): moves, their scores, the position's relative hands and shape,
# and the relevant cards found below the node.
W_MOVES = 0
W_SCORES = 32
W_KEY = 64  # 6 relative hands, then 2 shape words
W_REL = 72
W_RUNS = 73  # 32 words: the run of equivalent cards each move stands for
W_LOW = 105  # 4 words: per suit, moves below this bit are skipped (small cards, see `search`)
W_BOUND = 109  # the value bound behind the answer (see `search`)
W_KILL = 110  # 1 + the last lead that cut off at this ply, 0 for none
W_COLS = 111
_MIX = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed int64


def new_table(bits: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of ``2**bits`` buckets of TT_WAYS entries, and its tags (empty: generation 0 is
    never used). A tag is the shape hash with the generation's low 16 bits: a bucket is
    scanned on the tags alone, which sit together in memory."""
    rows = (1 << bits) * TT_WAYS
    return np.zeros((rows, TT_COLS), dtype=np.int64), np.zeros(rows, dtype=np.int64)


def new_scratch() -> tuple[np.ndarray, np.ndarray]:
    """Per-ply work rows and the counters (nodes, table probes, table cut-offs)."""
    return np.zeros((MAX_PLY, W_COLS), dtype=np.int64), np.zeros(8, dtype=np.int64)


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


# --- transposition table -----------------------------------------------------------------------


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


# --- bounds ------------------------------------------------------------------------------------


# Inlined, as are the callers' loops they replace: a call per suit costs more than its body.
@njit(cache=True, _nrt=False, inline="always")
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


@njit(cache=True, _nrt=False, inline="always")
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


# Inlined: a call at every second-hand node costs more than the bound saves.
@njit(cache=True, _nrt=False, inline="always")
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


# --- move ordering -----------------------------------------------------------------------------


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


# --- search ------------------------------------------------------------------------------------

# An explicit signature: numba's cache reloads a self-recursive function wrongly (a crash on the
# second run) unless it has exactly one compiled type signature.
_SEARCH_SIG = (
    "boolean(int64[::1], int64[::1], int64[::1], int64[:, ::1], int64[::1], int64, "
    "int64[:, ::1], int64, int64, int64[::1])"
)


@njit(_SEARCH_SIG, cache=True, _nrt=False)
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
