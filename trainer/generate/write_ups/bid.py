"""The write-up of a bidding puzzle: why the best call is best, in 2 to 5 sentences.

Built from the puzzle's record (`trainer.simulate.BidAnalysis`: the candidate table, the trick
distributions, the bid standing, the inferences the layouts fit) and from facts the engine
counts in the hand (`trainer.generate.write_ups.facts`). Every figure is a candidate's as the
table prints it; every count is of the hand's cards; nothing is guessed.

The record's calls are valued with the auction finished by the policy bidder after each
(``finish="policy"``, `trainer.simulate.finish`): a call whose own contract ended the auction on
every layout "makes" its ``p_make`` (`calls.stands`); any other "goes your way" that often (your
contract made or theirs set), and where its auctions ended is said (`calls.ends`). Records
valued with each call as the final contract (no ``finals``) read as before.

The sentences, by priority (the first five that apply are kept, then put in reading order):

0. (With the verdict, when the best call did not always end the auction) where the auction
   after it ended: the commonest final contracts and on how many layouts.
1. The verdict: the best call, its chance of making (or, for a pass, what passing leads to;
   or, when it did not always end the auction, how often the hand went your way) and its
   expected score over the layouts, your side's points less the opponents' (the
   table's ``ev``). A best call with a negative expected score "loses least", never "is best":
   over an opponent's bid it is a sacrifice (it costs less than letting them play), with
   partner's bid standing the cheapest way out.
2. The hand in the best strain: the trumps held with the joker and the bowers named (the left
   bower is the jack of the other suit of the same colour, RULES.md §2), the side winners
   (each suit's top run: the ace, a king with the ace, a queen with both ...), voids and
   singletons; at no trumps the winners at the top and the suits without a stopper. A misère:
   the cards above the ten and each suit's low card. A pass or a misère: the best trick bid's
   figures and the hand in its strain, showing what that bid would rest on (called "the best
   trick bid" when a misère or open misère scores at least as much, else "the best bid").
3. Cards that change their role against the longest rival suit: a jack that is a bower in one
   strain and a plain jack in the other, side winners that would be trumps there.
4. The nearest levels of the best strain (one higher, one lower) with their figures.
5. What the auction showed: partner's or an opponent's bid (every layout fits it) and what
   passing leads to (where the auction ends after a pass, when the bid standing now did not
   always end it); with no bid to read, what the kitty brings (3 cards taken, 3 thrown).
6. The nearest rival: the highest-scoring trick bid in another strain or misère call, with its
   figures ("about as good" within the graded-best margin, 5 points). When sentence 3 names
   a rival suit that is not the nearest, both are given.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.bidding import MISERE, OPEN_MISERE, PASS, Bid
from trainer.cards import JOKER, Card, Rank
from trainer.generate.bands import BID_LIMITS
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.calls import (
    EPS,
    as_bid,
    best_in_strain,
    ends,
    makes,
    pass_outcome,
    pass_row,
    points,
    row,
    score,
    shown,
    standing,
    stands,
    strain_mean,
    trick_bid,
    tricks,
    value,
    words,
)
from trainer.generate.write_ups.facts import (
    HIGH,
    by_suit,
    cards_text,
    count_word,
    guarded_kings,
    high_cards,
    join,
    misere_suits,
    pct,
    short_suits,
    side_winners,
    stopper,
    strain_word,
    trump_holding,
)
from trainer.rules import SUITS, CardOrder, Strain
from trainer.simulate import BidAnalysis, CallResult

MAX_SENTENCES = 5


@dataclass(frozen=True)
class Sentence:
    """One sentence of a write-up: ``priority`` (lower is kept first), ``place`` (reading
    order) and the text."""

    priority: int
    place: int
    text: str


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- the hand in words ------------------------------------------------------------------------


def grouped(cards: tuple[Card, ...]) -> str:
    """Cards grouped by suit: ``the joker, A♦ and A♥ K♥``."""
    groups: list[list[Card]] = []
    for card in cards:
        if groups and not card.is_joker and groups[-1][0].suit is card.suit:
            groups[-1].append(card)
        else:
            groups.append([card])
    return join(["the joker" if g[0].is_joker else " ".join(c.pretty for c in g)
                 for g in groups])


def strain_hand(analysis: BidAnalysis, strain: Strain) -> str:
    """The hand valued for ``strain`` (module docstring, sentence 2), without a full stop."""
    hand = analysis.hand
    if strain.trump is None:
        return notrump_hand(analysis)
    held = trump_holding(hand, strain.trump, analysis.rules)
    order = CardOrder(trump=strain.trump)
    suits = by_suit(hand, order)
    winners = side_winners(hand, strain, analysis.rules.pack)
    extras = []
    if winners:
        extras.append(f"the {winners[0].pretty} as a side winner" if len(winners) == 1
                      else f"{grouped(winners)} as side winners")
    for king in guarded_kings(hand, strain):
        assert king.suit is not None
        length = count_word(len(suits[king.suit]), king.suit.noun[:-1])
        extras.append(f"the {king.pretty} guarded ({length})")
    if held.count >= 1:
        extras.extend(s.text() for s in short_suits(hand, strain.trump)
                      if not set(s.cards) & set(winners))
    if not held.cards:
        return f"In {strain_word(strain)} you hold {held.text()}"
    text = f"In {strain_word(strain)} you hold {held.count} of the {held.total} trumps"
    if extras:
        return f"{text} ({held.named()}), with {join(extras)}"
    return f"{text}: {held.named()}"


def notrump_hand(analysis: BidAnalysis) -> str:
    """At no trumps: the winners at the top (the joker wins any trick it is played to, RULES.md
    §5; each suit's top run, `facts.top_run`: A, A-K, A-K-Q ...) and the suits with no stopper
    (ace, K-x or Q-x-x)."""
    hand = analysis.hand
    winners = side_winners(hand, Strain.NO_TRUMPS, analysis.rules.pack)
    suits = by_suit(hand, CardOrder())
    named = grouped(winners) if winners else ""
    text = (f"At no trumps your winners at the top are {named}" if winners
            else "At no trumps you hold no ace and no joker")
    open_suits = [s for s in SUITS if stopper(suits[s]) is None]
    if JOKER in hand and open_suits:
        text += "; the joker wins any trick it is played to"
    if not open_suits:
        text += ", and every suit has a stopper (an ace, K-x or Q-x-x)"
    else:
        names = [s.noun for s in open_suits]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        text += f", and {joined} {'has' if len(names) == 1 else 'have'} no stopper " \
                "(an ace, K-x or Q-x-x)"
    return text


def role_changes(analysis: BidAnalysis, best: Strain, other: Strain) -> str:
    """What changes between two suit strains (module docstring, sentence 3), or ""."""
    if best.trump is None or other.trump is None:
        return ""
    hand = analysis.hand
    mine = CardOrder(trump=best.trump)
    theirs = CardOrder(trump=other.trump)
    parts = []
    bowers = [c for c in hand if mine.is_trump(c) and c.rank is Rank.JACK
              and not theirs.is_trump(c)]
    for jack in bowers:
        role = "right" if jack.suit is best.trump else "left"
        parts.append(f"the {jack.pretty}, your {role} bower in {strain_word(best)}, is a plain "
                     "jack")
    won = [c for c in side_winners(hand, best, analysis.rules.pack) if theirs.is_trump(c)]
    if won:
        parts.append(f"the {won[0].pretty} is a trump instead of a side winner" if len(won) == 1
                     else f"{cards_text(won)} are trumps instead of side winners")
    if not parts:
        return ""
    return f"In {strain_word(other)} " + " and ".join(parts)


def longest_rival(analysis: BidAnalysis, best: Strain) -> Strain | None:
    """The suit strain with the most trumps in the hand if it is not ``best`` and holds at least
    as many as ``best`` (the suit a player may reach for), else None."""
    if not analysis.tricks:
        return None
    counts = []
    for strain in Strain:
        if strain.trump is None or strain is best or best_in_strain(analysis, strain) is None:
            continue
        counts.append((trump_holding(analysis.hand, strain.trump, analysis.rules).count,
                       strain))
    if not counts:
        return None
    count, strain = max(counts, key=lambda x: (x[0], list(Strain).index(x[1])))
    mine = (trump_holding(analysis.hand, best.trump, analysis.rules).count
            if best.trump is not None else 0)
    return strain if count >= mine else None


def nearest_rival(analysis: BidAnalysis, strain: Strain,
                  misere: bool = False) -> CallResult | None:
    """The highest-scoring call after the best that is a trick bid in another strain than
    ``strain`` or (unless ``misere``: the misère has its own sentence) a misère; None if the
    table has none."""
    calls = [c for c in analysis.candidates if c is not analysis.best
             and (b := as_bid(c.call)) is not None
             and ((b.misere and not misere) or (b.strain is not None and b.strain is not strain))]
    return max(calls, key=lambda c: c.ev, default=None)


def rival_sentence(analysis: BidAnalysis, best: CallResult, rival: CallResult) -> str:
    """The figures of a rival call against the best one: "about as good" within the graded-best
    margin (`BID_LIMITS`), with the difference to 0.1; when the rival makes more often, what
    each is worth."""
    loss = best.ev - rival.ev
    bid, mine = trick_bid(rival.call), trick_bid(best.call)
    mean = f", {tricks(rival.mean_tricks)} tricks on average," if bid is not None else ""
    if loss <= BID_LIMITS[0] + EPS:
        return (f"{cap(words(rival.call))} is about as good: it {makes(analysis, rival)}{mean} "
                f"and scores {loss:.1f} less a hand than {words(best.call)}")
    text = (f"{cap(words(rival.call))} {makes(analysis, rival)}{mean} and scores "
            f"{points(loss)} less a hand than {words(best.call)}")
    if (bid is not None and mine is not None and rival.p_make > best.p_make
            and stands(analysis, rival) and stands(analysis, best)):
        text += (f": it makes more often, but is worth {value(bid, analysis)} to "
                 f"{mine.pretty}'s {value(mine, analysis)}")
    return text


def as_many(here: float | None, there: float | None, where: str) -> str:
    """Two mean trick counts compared: ``7.8 tricks on average there against 8.3``, or, when
    they print the same, ``as many tricks on average there (8.3)``."""
    if tricks(here) == tricks(there):
        return f"as many tricks on average {where} ({tricks(here)})"
    return f"{tricks(here)} tricks on average {where} against {tricks(there)}"


# --- the sentences ----------------------------------------------------------------------------


NET = "for your side (its points less the opponents')"
"""What an expected score counts (`trainer.simulate.scores.net_score`)."""


def expected(ev: float) -> str:
    """``an expected score of +124.9 a hand for your side (its points less the opponents')``."""
    return f"an expected score of {score(ev)} a hand {NET}"


def head(result: CallResult) -> str:
    """``is best``, or ``loses least`` when the best call's expected score is negative."""
    return "is best" if result.ev >= 0 else "loses least"


def cheapest(analysis: BidAnalysis) -> str:
    """For a best bid with a negative expected score: what it saves against passing (over an
    opponent's bid, a sacrifice when it makes under half the time; the cheapest way out of
    partner's), or ""."""
    best = analysis.best
    passing = pass_row(analysis)
    if best.ev >= 0 or best.call == PASS or passing is None:
        return ""
    stand = standing(analysis)
    saved = points(best.ev - passing.ev)
    if stand is None:
        return ": every other call loses more"
    if not stands(analysis, passing):
        return f": it loses {saved} less than passing"
    if stand.ours:
        return (f": the cheapest way out, losing {saved} less than leaving "
                f"{seat_name(stand.seat)} in {stand.bid.pretty}")
    how = "as a sacrifice it loses" if best.p_make < 0.5 else "it loses"
    return (f": {how} {saved} less than letting {seat_name(stand.seat)}'s {stand.bid.pretty} "
            "play")


def verdict(analysis: BidAnalysis) -> str:
    best = analysis.best
    n = analysis.samples
    if not stands(analysis, best):
        return (f"{cap(words(best.call))} {head(best)}: with the auction finished by the "
                f"trainer's simple bidder on each of {n} layouts, the hand goes your side's way "
                f"(your contract made or theirs set) {pct(best.p_make)} of the time, with "
                f"{expected(best.ev)}{cheapest(analysis)}")
    if best.call == PASS:
        outcome = pass_outcome(analysis, best)
        stand = standing(analysis)
        if stand is None:
            return (f"Pass {head(best)}: no bid stands, so the hand is thrown in for "
                    f"{score(best.ev)}, and every bid scores less on average over {n} layouts")
        paid = ""
        if not stand.ours and analysis.rules.defender_tricks:
            paid = "; as defenders you score 10 for each trick you take"
        return (f"Pass {head(best)}: {outcome} of the time, and passing gives your side an "
                f"expected score of {score(best.ev)} a hand over {n} layouts (its points less "
                f"the opponents'{paid})")
    bid = as_bid(best.call)
    assert bid is not None
    if bid.misere:
        made = analysis.misere_made
        only = "only " if best.p_make < 0.5 else ""
        times = (f"on {only}{made} of {n} layouts ({pct(best.p_make)})" if made is not None
                 else f"on {only}{pct(best.p_make)} of the layouts")
        return (f"{cap(bid.pretty)} {head(best)}: it is made {times}, with "
                f"{expected(best.ev)}{cheapest(analysis)}")
    return (f"{bid.pretty} {head(best)}: it makes {pct(best.p_make)} of the time, with "
            f"{tricks(best.mean_tricks)} tricks on average over {n} layouts and "
            f"{expected(best.ev)}{cheapest(analysis)}")


def level_sentence(analysis: BidAnalysis, bid: Bid) -> str:
    """One level up and one down in the best strain, from the table."""
    assert bid.level is not None and bid.strain is not None
    best = analysis.best
    parts = []
    if bid.level < 10:
        up = row(analysis, f"{bid.level + 1}{bid.strain.value}")
        if up is not None:
            parts.append(f"one higher, {words(up.call)} {makes(analysis, up, True)} and "
                         f"scores {points(best.ev - up.ev)} less")
    if bid.level > 6:
        down = row(analysis, f"{bid.level - 1}{bid.strain.value}")
        if down is not None and (b := trick_bid(down.call)) is not None:
            parts.append(f"one lower, {words(down.call)} {makes(analysis, down)} but is "
                         f"worth only {value(b, analysis)} to {bid.pretty}'s "
                         f"{value(bid, analysis)}")
    return cap("; ".join(parts)) if parts else ""


def auction_sentence(analysis: BidAnalysis) -> str:
    """What the latest bid by another player showed (every layout fits it), and what passing
    leads to when a bid stands."""
    best = analysis.best
    said = shown(analysis)
    passing = pass_row(analysis)
    stand = standing(analysis)
    text = ""
    if said:
        first = said[0]
        name = seat_name(first.seat)
        who = f"Your partner {name}" if first.partner else name
        bid = as_bid(first.call)
        assert bid is not None
        text = f"{who}'s {bid.pretty} showed {first.shows} (every layout gives {name} that)"
        mine_bid = trick_bid(best.call)
        if (first.partner and mine_bid is not None and bid.strain is mine_bid.strain
                and mine_bid.trump is not None and not bid.misere):
            held = trump_holding(analysis.hand, mine_bid.trump, analysis.rules)
            text += (f", so with your {held.count} your side holds at least {held.count + 3} "
                     f"of the {held.total} trumps")
    if passing is not None and best.call != PASS and not stands(analysis, passing):
        clause = (f"after a pass the auction ends in {ends(analysis, passing, 2)}, scoring "
                  f"{score(passing.ev)} for your side")
        text = f"{text}; {clause}" if text else cap(clause)
    elif passing is not None and best.call != PASS and stand is not None:
        if stand.ours:
            clause = (f"passing leaves {seat_name(stand.seat)} in {stand.bid.pretty}, worth "
                      f"{value(stand.bid, analysis)}: it makes {pct(passing.p_make)} and scores "
                      f"{score(passing.ev)}")
        else:
            clause = (f"passing lets {seat_name(stand.seat)}'s {stand.bid.pretty} make "
                      f"{pct(1 - passing.p_make)}, scoring {score(passing.ev)} for your side")
        text = f"{text}; {clause}" if text else cap(clause)
    return text


def kitty_sentence(analysis: BidAnalysis, strain: Strain | None) -> str:
    """The kitty: the figures count it; a short suit of losers can be thrown to leave a void."""
    size = analysis.rules.kitty_size
    text = (f"The figures count the kitty: as declarer you pick up its {size} cards and "
            f"throw {size}")
    if strain is None or strain.trump is None:
        return text
    order = CardOrder(trump=strain.trump)
    suits = by_suit(analysis.hand, order)
    winners = set(side_winners(analysis.hand, strain, analysis.rules.pack))
    losers = [s for s in SUITS if s is not strain.trump and 0 < len(suits[s]) <= min(2, size)
              and not winners & set(suits[s])]
    if losers:
        suit = min(losers, key=lambda s: (len(suits[s]), SUITS.index(s)))
        text += (f", so your {cards_text(suits[suit])} can go to leave a void in "
                 f"{suit.noun}")
    return text


def misere_hand(analysis: BidAnalysis) -> str:
    """A misère hand: its cards above the ten (the joker and aces cannot be ducked), and the
    suit whose lowest card has the most lower cards out against it (three or more), or, when
    there is none, each suit's low card."""
    hand = analysis.hand
    high = high_cards(hand)
    danger = [c for c in high if c.is_joker or c.rank is Rank.ACE]
    if not high:
        text = "You hold no joker and no card above the ten"
    else:
        text = f"Your {cards_text(high)} {'is' if len(high) == 1 else 'are'} above the ten"
        them = "it" if len(high) == 1 else "they"
        if danger:
            what = join(["the joker" if c.is_joker else f"the {c.pretty}" for c in danger])
            text += (f", and {what} cannot be ducked: {'it' if len(danger) == 1 else 'they'} "
                     "must go in the discard")
        elif len(high) <= analysis.rules.kitty_size:
            text += f": {them} can go in the discard"
    suits = [s for s in misere_suits(hand, analysis.rules) if s.lowest not in danger]
    weak = [s for s in suits if s.lower_out >= 3]
    if weak:
        worst = max(weak, key=lambda s: (s.lower_out, -SUITS.index(s.suit)))
        which = "only" if worst.count == 1 else "lowest"
        text += (f"; your {which} {worst.suit.noun[:-1]} is the {worst.lowest.pretty}, "
                 f"with {worst.lower_out} lower {worst.suit.noun} out against it")
    elif suits and all(s.lower_out == 0 for s in suits):
        text += ("; in each suit you hold, you have its lowest card: "
                 f"{' '.join(s.lowest.pretty for s in suits)}")
    elif suits:
        text += (f"; in each suit you hold, you have a low card "
                 f"({' '.join(s.lowest.pretty for s in suits)}), with at most 2 lower cards out "
                 "against it")
    middle = [c for c in hand if c.rank is not None and Rank.NINE <= c.rank < HIGH]
    if len(middle) >= 3:
        text += (f"; {cards_text(middle)} are nines and tens, with lower cards of their suits "
                 "out against them")
    voids = [s.noun for s in SUITS if all(c.suit is not s for c in hand)]
    if voids:
        led = f"a {voids[0][:-1]} is" if len(voids) == 1 else "one of them is"
        text += f"; you hold no {join(voids)}, so when {led} led you may throw any card"
    return text


def misere_sentence(analysis: BidAnalysis) -> str:
    """The misère's own figures when it is not the best call."""
    mis = row(analysis, "MIS")
    best = analysis.best
    if mis is None or best.call == "MIS":
        return ""
    made = analysis.misere_made
    n = analysis.samples
    times = f"on {made} of {n} layouts" if made is not None else pct(mis.p_make)
    less = points(best.ev - mis.ev)
    if not stands(analysis, mis):
        return (f"Misère {makes(analysis, mis)} (after it the auction ends in "
                f"{ends(analysis, mis, 2)}) and scores {score(mis.ev)}, {less} less")
    if best.call == "OMIS" and stands(analysis, best):
        return (f"A closed misère is made as often, but is worth {value(MISERE, analysis)}"
                f" to open misère's {value(OPEN_MISERE, analysis)}: it scores "
                f"{score(mis.ev)}, {less} less")
    if made == 0:
        return (f"Misère is never made on the {n} layouts and scores {score(mis.ev)}, "
                f"{less} less")
    only = "only " if mis.p_make < 0.5 else ""
    return (f"Misère is made {only}{times} ({pct(mis.p_make)}) and scores {score(mis.ev)}, "
            f"{less} less")


def bid_write_up(analysis: BidAnalysis, moment: str = "") -> str:
    """The write-up (module docstring) of a bidding decision; ``moment`` the puzzle's kind
    (``misere`` asks about the misère)."""
    best = analysis.best
    out = [Sentence(0, 0, verdict(analysis))]
    if not stands(analysis, best):
        after = "a pass" if best.call == PASS else words(best.call)
        out.append(Sentence(1, 1, f"After {after} the auction ends in "
                                  f"{ends(analysis, best)}"))
    bid = as_bid(best.call)
    misere = moment == "misere" or (bid is not None and bid.misere)
    # the strain the hand is valued in: the best call's, or the best trick bid's
    focus: CallResult | None = best if trick_bid(best.call) is not None else next(
        (c for c in analysis.candidates if trick_bid(c.call) is not None), None)
    if misere:
        out.append(Sentence(1, 1, misere_hand(analysis)))
        out.append(Sentence(2, 2, misere_sentence(analysis)))
    if focus is not None:
        fbid = trick_bid(focus.call)
        assert fbid is not None and fbid.strain is not None
        if focus is not best:
            tail = ""
            if best.call == PASS and (stand := standing(analysis)) is not None \
                    and not stand.ours and focus.p_make < 0.5:
                tail = ": a sacrifice that costs more than it saves"
            # a misère is a bid too: "the best bid" only when none scores as much
            which = "best trick bid" if any(
                (b := as_bid(c.call)) is not None and b.misere and c.ev >= focus.ev
                for c in analysis.candidates) else "best bid"
            text = (f"The {which}, {fbid.pretty}, {makes(analysis, focus, True)}, with "
                    f"{tricks(focus.mean_tricks)} tricks on average ({fbid.tricks_needed} "
                    f"needed), and scores {points(best.ev - focus.ev)} less{tail}")
            out.append(Sentence(3 if misere else 1, 3, text))
        out.append(Sentence(4 if misere else 1, 4, strain_hand(analysis, fbid.strain)))
        if focus is best:
            out.append(Sentence(3, 7, level_sentence(analysis, fbid)))
            nearest = nearest_rival(analysis, fbid.strain, misere)
            rival = longest_rival(analysis, fbid.strain)
            change = role_changes(analysis, fbid.strain, rival) if rival is not None else ""
            if change and rival is not None:
                other = best_in_strain(analysis, rival)
                assert other is not None
                loss = best.ev - other.ev
                scores = (f"is about as good, {loss:.1f} less" if loss <= BID_LIMITS[0] + EPS
                          else f"scores {points(loss)} less")
                change += (f": {as_many(strain_mean(analysis, rival), best.mean_tricks, 'there')}"
                           f", and {words(other.call)} {scores}")
                out.append(Sentence(2, 6, change))
                if nearest is not None and nearest.call != other.call:
                    # the suit whose cards change role is not the nearest rival: name both
                    out.append(Sentence(2, 5, rival_sentence(analysis, best, nearest)))
            elif nearest is not None:
                out.append(Sentence(5, 5, rival_sentence(analysis, best, nearest)))
    said = auction_sentence(analysis)
    if said:
        out.append(Sentence(2 if analysis.auction and shown(analysis) else 4, 8, said))
    elif not misere:
        fbid = trick_bid(focus.call) if focus is not None else None
        out.append(Sentence(4, 9, kitty_sentence(analysis, fbid.strain if fbid else None)))
    kept = sorted((s for s in out if s.text), key=lambda s: (s.priority, s.place))
    kept = sorted(kept[:MAX_SENTENCES], key=lambda s: s.place)
    return " ".join(s.text.rstrip(".") + "." for s in kept)


__all__ = ["MAX_SENTENCES", "bid_write_up", "misere_hand", "strain_hand"]
