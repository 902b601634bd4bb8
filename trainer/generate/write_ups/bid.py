"""The write-up of a bidding puzzle: why the best call is best, as a player values a hand
(issue 27), in one to four sentences, with the figures in one line under them.

Built from the puzzle's record (`trainer.simulate.BidAnalysis`: the candidate table, the bid
standing, the inferences the layouts fit) and from facts the engine counts in the hand
(`trainer.generate.write_ups.bid_hand`, `facts`). Every count is of the hand's cards; every
figure is a candidate's as the table prints it; nothing is guessed.

The sentences:

1. The call and what it rests on (`call_case`), in the auction's terms: a **raise** of
   partner's suit (the support held: trumps with the joker and the bowers, partner's bowers
   held, and the fit: your trumps plus the fewest partner's bid showed); a **new strain** over
   partner's bid (the little support held there, and what partner's bowers become); leaving
   partner in (the support partner's contract has); an overcall of an opponent's bid; an
   opening (with the kitty: a short suit of losers that can go to leave a void); defending an
   opponent's contract (their trumps held); a misère (its shape: the cards that cannot be
   ducked, each suit's low card, the voids, `bid_hand.misere_hand`). When the hand holds
   nothing at the top for a trick bid (`thin_for`: no joker, bower, trump ace or side winner;
   at no trumps no ace and no joker) the sentence says so, and the next one (`going_for`) says
   what the call has for it in the simulation: the least bad call when it loses, else how often
   it goes your way, with passing's score when passing is not discussed below.
2. Why the nearest rival (the call that came second in the table, whatever the puzzle's kind:
   the misère is discussed only when it is the best call or the runner-up) is worse, in the
   same words (`why_not`): a level too high for the tricks the hand averages, a level too low
   for what it is worth, another strain with what the hand holds there and the cards that
   change role (a better-trumped strain is said to be one, never "the weaker strain"), no
   trumps with the suits not stopped, passing and what it leaves, the misère's card that cannot
   be ducked. A gap to the rival or to passing within the simulation's noise (two standard
   errors of the difference, `trainer.review.grade.noise`'s rule) is a close call, not a
   verdict.
3. (When the rival is not another strain's bid) the best bid of another strain when it is
   within the noise or better trumped (`other_strain`), with the cards that change role.
4. (When it applies, and the write-up has fewer than four sentences) what an opponent's bid
   showed.

The figures line (`figures_line`): the layouts, the best call's and the rival's expected score
for your side (its points less the opponents'), how often each went your way, their mean tricks.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.bidding import PASS, Bid
from trainer.cards import Rank, Seat, Suit
from trainer.generate.explain import seat_name
from trainer.generate.write_ups.bid_hand import (
    brief,
    cap,
    misere_hand,
    role_changes,
    support,
    trumps_brief,
)
from trainer.generate.write_ups.calls import (
    as_bid,
    ends,
    final_name,
    makes,
    pass_outcome,
    pass_row,
    score,
    standing,
    stands,
    trick_bid,
    tricks,
    value,
    words,
)
from trainer.generate.write_ups.facts import (
    by_suit,
    cards_text,
    count_word,
    high_cards,
    join,
    misere_suits,
    side_winners,
    strain_word,
    trump_holding,
)
from trainer.rules import SUITS, CardOrder, Strain
from trainer.simulate import BidAnalysis, CallResult
from trainer.simulate.layouts import auction_inferences

NOISE_SE = 2.0
"""Standard errors of the gap within which two calls are a close call (as the review grades)."""


def noise(a: CallResult, b: CallResult) -> float:
    """Two standard errors of the gap between two calls' mean scores, taken as independent
    means (`trainer.review.grade.noise`)."""
    return NOISE_SE * (a.se ** 2 + b.se ** 2) ** 0.5


def close_call(a: CallResult, b: CallResult) -> bool:
    """True when ``a`` and ``b`` differ by no more than the simulation's noise."""
    return abs(a.ev - b.ev) <= noise(a, b)


@dataclass(frozen=True)
class Said:
    """Another player's latest bid: the seat, the bid, whether a partner, and what it showed as
    the layouts assume it (None when the layouts dropped it)."""

    seat: Seat
    bid: Bid
    partner: bool
    shows: str | None

    @property
    def name(self) -> str:
        return seat_name(self.seat)

    def owner(self) -> str:
        """``your partner East's 7♠``, ``West's 7♠``."""
        who = f"your partner {self.name}" if self.partner else self.name
        return f"{who}'s {self.bid.pretty}"


def said(analysis: BidAnalysis, partner: bool) -> Said | None:
    """The latest trick bid (not a misère) by the learner's partner (``partner``) or by an
    opponent."""
    side = analysis.rules.side_of(analysis.seat)
    for inf in reversed(auction_inferences(analysis.auction, analysis.dealer, analysis.seat,
                                           analysis.rules)):
        bid = as_bid(inf.call)
        if bid is None or bid.misere or (inf.seat in side) != partner:
            continue
        shows = inf.text.partition(": ")[2] if inf.text in analysis.inferences else None
        return Said(inf.seat, bid, partner, shows)
    return None


def _support_clause(analysis: BidAnalysis, p: Said) -> str:
    """What the hand brings to partner's suit: ``3 trumps for East's spades, the joker and
    East's right bower (J♠) among them; with the 3 or more East's bid showed, your side holds at
    least 6 of the 12``."""
    assert p.bid.trump is not None and p.bid.level is not None
    sup = support(analysis, p.bid.trump, p.shows, p.bid.level)
    if sup.count == 0:
        return f"no support for {p.name}'s {p.bid.trump.noun}: not one trump"
    tops = []
    for card in sup.tops:
        if card.is_joker:
            tops.append("the joker")
        else:
            role = "right" if card.suit is p.bid.trump else "left"
            tops.append(f"{p.name}'s {role} bower ({card.pretty})")
    noun = p.bid.trump.noun
    text = (f"support for {p.name}'s {noun}, {count_word(sup.count, 'trump')}" if sup.count >= 3
            else f"little support for {p.name}'s {noun}, {count_word(sup.count, 'trump')}")
    if tops and len(tops) == sup.count:
        text += f": {join(tops)}"
    elif tops:
        text += f", {join(tops)} among them"
    if sup.fit is not None:
        text += (f"; with the {sup.partner_least} or more {p.name}'s bid showed, the fit is "
                 f"at least {sup.fit} of the {sup.total}")
    return text


def _thin(analysis: BidAnalysis, p: Said) -> str:
    """Partner's suit as a new strain's rival: ``3 trumps with the joker as support for South's
    clubs`` / ``only 1 trump and no bower, little support for South's clubs``."""
    assert p.bid.trump is not None
    held = trump_holding(analysis.hand, p.bid.trump, analysis.rules)
    words_ = trumps_brief(analysis, p.bid.trump)
    if not held.cards:
        return f"not one {p.bid.trump.noun[:-1]}: no support for {p.name}'s {p.bid.trump.noun}"
    if held.count >= 3:
        return f"{words_} as support for {p.name}'s {p.bid.trump.noun}"
    return f"only {words_}, little support for {p.name}'s {p.bid.trump.noun}"


def _bower_roles(analysis: BidAnalysis, p: Said, strain: Strain) -> str:
    """What partner's bowers held become in ``strain``: ``your J♠, East's right bower, is your
    left bower in clubs`` / ``... is a plain jack in hearts``."""
    assert p.bid.trump is not None
    order = CardOrder(trump=strain.trump)
    parts = []
    for card in analysis.hand:
        if card.rank is not Rank.JACK or card.suit is None:
            continue
        if card.suit is p.bid.trump:
            role = "right"
        elif card.suit is p.bid.trump.same_colour:
            role = "left"
        else:
            continue
        if strain.trump is None:
            now = "a plain jack at no trumps"
        elif order.is_trump(card):
            now = (f"your {'right' if card.suit is strain.trump else 'left'} bower in "
                   f"{strain_word(strain)}")
        else:
            now = f"a plain jack in {strain_word(strain)}"
        parts.append(f"your {card.pretty}, {p.name}'s {role} bower, is {now}")
    return join(parts) if parts else ""


def _kitty_clause(analysis: BidAnalysis, strain: Strain) -> str:
    """``, and the kitty's 3 cards let your 9♦ go to leave a void in diamonds`` or ``""``."""
    if strain.trump is None:
        return ""
    size = analysis.rules.kitty_size
    suits = by_suit(analysis.hand, CardOrder(trump=strain.trump))
    winners = set(side_winners(analysis.hand, strain, analysis.rules.pack))
    losers = [s for s in SUITS if s is not strain.trump and 0 < len(suits[s]) <= min(2, size)
              and not winners & set(suits[s])]
    if not losers:
        return ""
    suit = min(losers, key=lambda s: (len(suits[s]), SUITS.index(s)))
    return (f"; the kitty's {size} cards let your {cards_text(suits[suit])} go to leave a "
            f"void in {suit.noun}")


def call_case(analysis: BidAnalysis, result: CallResult) -> str:
    """Sentence 1 (module docstring): ``result``'s call and what the hand holds for it; when the
    hand holds little for a trick bid (`thin_for`), said so in the sentence, so that it never
    reads as reasons for the call (`going_for` gives what the call has for it)."""
    text = _plain_case(analysis, result)
    bid = trick_bid(result.call)
    if bid is None or bid.strain is None or not thin_for(analysis, bid.strain):
        return text
    head, _, rest = text.partition(": ")
    return f"{head}, though the hand holds little for it: {rest}"


def thin_for(analysis: BidAnalysis, strain: Strain) -> bool:
    """True when the hand holds nothing at the top for ``strain``: at no trumps no ace and no
    joker; in a suit no joker, no bower, not the ace of trumps and no side winner."""
    winners = side_winners(analysis.hand, strain, analysis.rules.pack)
    if strain.trump is None:
        return not winners
    return not winners and _top_trumps(analysis, strain.trump) == 0


def _top_trumps(analysis: BidAnalysis, trump: Suit) -> int:
    """The joker, the bowers and the ace of trumps held in ``trump``."""
    held = trump_holding(analysis.hand, trump, analysis.rules)
    return (held.joker + (held.right is not None) + (held.left is not None)
            + sum(1 for c in held.cards if c.rank is Rank.ACE and c.suit is trump))


def better_trumped(analysis: BidAnalysis, other: Suit, mine: Suit) -> bool:
    """True when the hand holds more trumps in ``other`` than in ``mine``, or as many with more
    of the joker, the bowers and the ace among them."""
    a = trump_holding(analysis.hand, other, analysis.rules).count
    b = trump_holding(analysis.hand, mine, analysis.rules).count
    return a > b or (a == b and _top_trumps(analysis, other) > _top_trumps(analysis, mine))


def going_for(analysis: BidAnalysis, best: CallResult) -> str:
    """For a trick bid the hand holds little for (`thin_for`): what the call has going for it in
    the simulation, that every other call does worse, with passing's outcome; ``""`` otherwise.
    """
    bid = trick_bid(best.call)
    if bid is None or bid.strain is None or not thin_for(analysis, bid.strain):
        return ""
    passing = pass_row(analysis)
    rival = rival_of(analysis)
    then = ""
    if (passing is not None and passing.call != best.call and rival is not passing
            and not close_call(best, passing)):  # else `why_not` names it
        then = (f"; passing scores {score(passing.ev)} ("
                + (pass_outcome(analysis, passing) if stands(analysis, passing)
                   else f"the auction ends in {ends(analysis, passing, 1)}") + ")")
    if best.ev < 0:
        return (f"What it has going for it is only that the other calls do worse: it is the "
                f"least bad call, {score(best.ev)} a hand{then}")
    return (f"What it has going for it is what the layouts show: it {makes(analysis, best)}, "
            f"more than any other call{then}")


def other_strain(analysis: BidAnalysis, best: CallResult, rival: CallResult | None) -> str:
    """When ``rival`` is not another strain's bid: the best bid of another strain, if it is
    within the noise of ``best`` or better trumped (`better_trumped`), and why it scores less
    (what it holds there and the cards that change role); ``""`` otherwise."""
    mine = trick_bid(best.call)
    theirs = trick_bid(rival.call) if rival is not None else None
    if mine is None or mine.strain is None or (
            theirs is not None and theirs.strain is not mine.strain):
        return ""
    found = next((c for c in analysis.candidates if (b := trick_bid(c.call)) is not None
                  and b.strain is not mine.strain), None)
    if found is None or found.ev > best.ev:
        return ""
    there = trick_bid(found.call)
    assert there is not None and there.strain is not None
    better = (mine.trump is not None and there.trump is not None
              and better_trumped(analysis, there.trump, mine.trump))
    close = close_call(best, found)
    if not (better or close):
        return ""
    gap = best.ev - found.ev
    less = (f"{words(found.call)} scores the same within a point" if gap < 0.5 else
            f"{words(found.call)} scores {gap:.0f} less")
    noun = strain_word(there.strain)
    held = (trumps_brief(analysis, there.trump) if there.trump is not None
            else brief(analysis, there.strain))
    text = (f"{cap(noun)} hold the better trumps, {held}" if better
            else f"The other strain is {noun}, with {held}")
    change = role_changes(analysis, mine.strain, there.strain)
    if change:
        text += f", but {change[:1].lower()}{change[1:]}"
    return f"{text}; {less}" + (", within the noise" if close else "")


def _plain_case(analysis: BidAnalysis, result: CallResult) -> str:
    bid = as_bid(result.call)
    p, o = said(analysis, True), said(analysis, False)
    stand = standing(analysis)
    if bid is None:
        if stand is not None and stand.ours and p is not None and p.bid == stand.bid:
            if p.bid.trump is None:
                return (f"Pass and leave your partner {p.name} in {p.bid.pretty}: you hold "
                        f"{brief(analysis, Strain.NO_TRUMPS)}")
            return (f"Pass and leave your partner {p.name} in {p.bid.pretty}: you hold "
                    f"{_support_clause(analysis, p)}")
        if stand is not None and not stand.ours:
            who = seat_name(stand.seat)
            if stand.bid.trump is None:
                return (f"Pass and defend {who}'s {stand.bid.pretty}: you hold "
                        f"{brief(analysis, Strain.NO_TRUMPS)}")
            theirs = trumps_brief(analysis, stand.bid.trump)
            guard = side_winners(analysis.hand, stand.bid.strain, analysis.rules.pack)
            extra = (f", and {cards_text(guard)} against them" if guard else
                     ", and no side ace")
            return (f"Pass and defend {who}'s {stand.bid.pretty}: you hold {theirs} in "
                    f"their {stand.bid.trump.noun}{extra}")
        focus = _focus(analysis)
        if focus is None:
            return "Pass: no bid is worth making with this hand"
        return (f"Pass: the hand is not worth a bid; even in {strain_word(focus)}, its best "
                f"strain, you hold {brief(analysis, focus)}")
    if bid.misere:
        shape = misere_hand(analysis)
        return f"Bid {bid.pretty}: {shape[:1].lower()}{shape[1:]}"
    strain = bid.strain
    assert strain is not None
    hand = brief(analysis, strain)
    where = f"in {strain_word(strain)}" if strain.trump is not None else "at no trumps"
    if p is not None:
        if p.bid.strain is strain and p.bid.trump is None:
            return (f"Raise your partner {p.name}'s {p.bid.pretty} to {bid.pretty}: you hold "
                    f"{hand}")
        if p.bid.strain is strain:
            return (f"Raise your partner {p.name}'s {p.bid.pretty} to {bid.pretty}: you hold "
                    f"{_support_clause(analysis, p)}, with "
                    f"{_side(analysis, strain)}")
        if p.bid.trump is not None:
            roles = _bower_roles(analysis, p, strain)
            text = (f"Bid {bid.pretty}, a new strain over your partner {p.name}'s "
                    f"{p.bid.pretty}: {where} you hold {hand}, against "
                    f"{_thin(analysis, p)}")
            return text + (f"; {roles}" if roles else "")
        return (f"Bid {bid.pretty} over your partner {p.name}'s {p.bid.pretty}: {where} you "
                f"hold {hand}")
    if o is not None:
        text = f"Bid {bid.pretty} over {o.name}'s {o.bid.pretty}: {where} you hold {hand}"
        if o.bid.trump is not None and strain.trump is None:
            length = len(by_suit(analysis.hand, CardOrder())[o.bid.trump])
            text += f", {length} of them in {o.name}'s {o.bid.trump.noun}"
        return text
    return f"Open {bid.pretty}: {where} you hold {hand}" + _kitty_clause(analysis, strain)


def _side(analysis: BidAnalysis, strain: Strain) -> str:
    winners = side_winners(analysis.hand, strain, analysis.rules.pack)
    if not winners:
        return "no side ace"
    return (f"the {winners[0].pretty} as a side winner" if len(winners) == 1
            else f"{cards_text(winners)} as side winners")


def _focus(analysis: BidAnalysis) -> Strain | None:
    """The strain of the best trick bid in the table."""
    found = next((b for c in analysis.candidates if (b := trick_bid(c.call)) is not None), None)
    return None if found is None else found.strain


def _misere_flaw(analysis: BidAnalysis) -> str:
    """Why a misère fails, in its shape: a card that cannot be ducked, or the worst low card."""
    hand = analysis.hand
    danger = [c for c in high_cards(hand) if c.is_joker or c.rank is Rank.ACE]
    if danger:
        what = join(["the joker" if c.is_joker else f"the {c.pretty}" for c in danger])
        return f"{what} cannot be ducked"
    weak = [s for s in misere_suits(hand, analysis.rules) if s.lower_out >= 3]
    if weak:
        worst = max(weak, key=lambda s: (s.lower_out, -SUITS.index(s.suit)))
        return (f"your lowest {worst.suit.noun[:-1]} is the {worst.lowest.pretty}, with "
                f"{worst.lower_out} lower {worst.suit.noun} out against it")
    high = high_cards(hand)
    if high:
        one = len(high) == 1
        return (f"your {cards_text(high)} {'is a high card' if one else 'are high cards'} (a "
                f"jack or higher), which the play may force to win a trick")
    return "a single misplaced low card sets it"


def why_not(analysis: BidAnalysis, best: CallResult, rival: CallResult) -> str:
    """Sentence 2 (module docstring): why ``rival`` is worse than ``best``, or a close call.
    The close call is judged against ``rival`` and against passing (the nearest rivals): a gap
    within two standard errors of the difference (`close_call`)."""
    mine, other = as_bid(best.call), as_bid(rival.call)
    phrase = _contrast(analysis, mine, other, best, rival)
    if rival.ev > best.ev:  # a call the hand cannot show (the review's and coach's choice)
        return (f"{cap(phrase)}; {words(rival.call)} scores {rival.ev - best.ev:.0f} more on "
                "these layouts, but it is not a call this hand can show")
    near = [c for c in (rival, pass_row(analysis)) if c is not None and c.call != best.call
            and c.ev <= best.ev and close_call(best, c)]
    near = list(dict.fromkeys(near))
    if near:
        gaps = [_gap_words(best, c, first=i == 0, named=c is not rival or len(near) > 1)
                for i, c in enumerate(near)]
        return (f"{cap(phrase)}; {' and '.join(gaps)}, within the simulation's noise: a close "
                "call, not a verdict")
    return cap(phrase)


def _gap_words(best: CallResult, other: CallResult, first: bool, named: bool) -> str:
    """``7♣ is only 3 points better`` / ``only 10 points better than passing`` / ``scores the
    same within a point``; ``named``: say what it is better than."""
    gap = abs(best.ev - other.ev)
    them = "passing" if other.call == PASS else words(other.call)
    if not named:
        return (f"{words(best.call)} scores the same within a point" if gap < 0.5 else
                f"{words(best.call)} is only {gap:.0f} point{'s' if round(gap) != 1 else ''} "
                "better")
    if gap < 0.5:
        head = f"{words(best.call)} scores " if first else ""
        return f"{head}the same as {them} within a point"
    if not first:
        return f"{gap:.0f} better than {them}"
    unit = "point" if round(gap) == 1 else "points"
    return f"{words(best.call)} is only {gap:.0f} {unit} better than {them}"


def _contrast(analysis: BidAnalysis, mine: Bid | None, other: Bid | None, best: CallResult,
              rival: CallResult) -> str:
    name = words(rival.call)
    stand = standing(analysis)
    if other is None:  # passing
        if not stands(analysis, rival):
            return f"after a pass {_scatter(analysis, rival)}"
        if stand is None:
            return "passing throws the hand in"
        if stand.ours:
            mine_value = value(mine, analysis) if mine is not None and not mine.misere else 0
            if mine_value > value(stand.bid, analysis):
                return (f"passing leaves {seat_name(stand.seat)} in {stand.bid.pretty}, "
                        f"worth {value(stand.bid, analysis)} to {mine.pretty}'s {mine_value}")
            return f"passing leaves {seat_name(stand.seat)} to play {stand.bid.pretty}"
        return f"passing lets {seat_name(stand.seat)}'s {stand.bid.pretty} play"
    if other.misere and mine is not None and mine.misere:
        return (f"{name} is worth {value(other, analysis)} to {mine.pretty}'s "
                f"{value(mine, analysis)}" + ("" if stands(analysis, rival) else
                                              f", and after it the auction ends in "
                                              f"{ends(analysis, rival, 1)}"))
    if other.misere:
        open_ = " open" if other.open else ""
        return f"the{open_} misère fails on the hand's shape: {_misere_flaw(analysis)}"
    assert other.strain is not None and other.level is not None
    if mine is not None and not mine.misere and mine.strain is other.strain:
        assert mine.level is not None
        mean = tricks(rival.mean_tricks)
        if other.level > mine.level and float(mean or 0) < other.tricks_needed:
            return (f"{name} is a level too high: it asks for {other.tricks_needed} tricks, and "
                    f"{_where(other.strain)} the hand averages {mean}")
        if other.level > mine.level:
            return (f"{name} asks for {other.tricks_needed} tricks; the hand averages {mean} "
                    f"{_where(other.strain)}, but not on every layout, and a set costs "
                    f"{value(other, analysis)}")
        assert mine.strain is not None
        return (f"{name} undersells the hand: {_where(mine.strain)} it averages "
                f"{tricks(best.mean_tricks)} tricks, and {name} is worth only "
                f"{value(other, analysis)} to {mine.pretty}'s {value(mine, analysis)}")
    p = said(analysis, True)
    if other.strain.trump is None:
        return f"{name} would rest on {brief(analysis, Strain.NO_TRUMPS)}"
    here = brief(analysis, other.strain)
    base = mine.strain if mine is not None and mine.strain is not None else _focus(analysis)
    change = ""
    if base is not None and base is not other.strain and base.trump is not None:
        change = role_changes(analysis, base, other.strain)
    if p is not None and p.bid.strain is other.strain:
        thin = trump_holding(analysis.hand, other.strain.trump, analysis.rules).count < 3
        text = (f"raising to {name} without support rests on only {here}" if thin
                else f"raising to {name} rests on {here}")
    elif p is not None and p.bid.trump is not None:
        text = f"taking out to {name} instead, {_where(other.strain)} you would hold {here}"
        if mine is None or mine.strain is p.bid.strain:
            text += f", against {_thin(analysis, p)}"
        roles = _bower_roles(analysis, p, other.strain)
        if roles:
            change = roles
    elif mine is None or mine.misere:
        text = f"bidding {name} would rest, {_where(other.strain)}, on {here}"
    elif (mine is not None and mine.trump is not None and other.trump is not None
          and better_trumped(analysis, other.trump, mine.trump)):
        text = f"{name} has the better trumps: {_where(other.strain)} you hold {here}"
        if change:
            text += "; but " + change[:1].lower() + change[1:]
            change = ""
    elif close_call(best, rival):
        text = f"{name}, the other strain, rests {_where(other.strain)} on {here}"
    else:
        text = f"{name} is the weaker strain: {_where(other.strain)} you hold {here}"
    if change:
        text += "; " + change[:1].lower() + change[1:]
    return text


def _scatter(analysis: BidAnalysis, result: CallResult) -> str:
    """Where the auction ends after ``result``: ``the auction ends in West's 8♠ on 60 of 100
    layouts ...``, or when no contract is reached on half of them, ``the auction ends in no
    one contract (the commonest, West's 9♣, on 3 of 30 layouts)``."""
    c, d, k = result.finals[0]
    if 2 * k >= analysis.samples:
        return f"the auction ends in {ends(analysis, result, 1)}"
    return (f"the auction ends in no one contract: the commonest, "
            f"{final_name(analysis, c, d)}, comes on {k} of {analysis.samples} layouts")


def _where(strain: Strain) -> str:
    return "at no trumps" if strain.trump is None else f"in {strain_word(strain)}"


def rival_of(analysis: BidAnalysis, moment: str = "") -> CallResult | None:
    """The rival a write-up compares: the call that came second in the table, whatever the
    puzzle's kind (``moment`` is kept for the callers; a misère is discussed only when it is the
    best call or the runner-up, issue 27)."""
    best = analysis.best
    return next((c for c in analysis.candidates if c.call != best.call), None)


def outcome(analysis: BidAnalysis, result: CallResult) -> str:
    """``makes 88%, 8.3 tricks``, ``goes your way 74%``, ``your partner East's 8♠ makes 74%``."""
    if result.call == PASS:
        if stands(analysis, result):
            return pass_outcome(analysis, result)
        return f"ends in {ends(analysis, result, 1)}"
    text = makes(analysis, result)
    if result.mean_tricks is not None:
        text += f", {tricks(result.mean_tricks)} tricks"
    return text


def figures_line(analysis: BidAnalysis, best: CallResult, rival: CallResult | None) -> str:
    """The figures under the sentences (module docstring)."""
    text = (f"Over {analysis.samples} layouts: {words(best.call)} {score(best.ev)} a hand for "
            f"your side (its points less the opponents'), {outcome(analysis, best)}")
    if rival is not None:
        text += f"; {words(rival.call)} {score(rival.ev)}, {outcome(analysis, rival)}"
    return text + "."


def extra_sentence(analysis: BidAnalysis, best: CallResult) -> str:
    """Sentence 3 (module docstring), or ``""``."""
    o = said(analysis, False)
    if o is not None and o.shows is not None and best.call != PASS and o.bid.trump is None:
        shows = o.shows.replace("by the simple count", "by the trainer's simple count")
        return f"{o.owner()} showed {shows}"
    return ""


def reasons(analysis: BidAnalysis, best: CallResult, rival: CallResult | None) -> list[str]:
    """The sentences (module docstring) for ``best`` against ``rival``, without the figures."""
    out = [call_case(analysis, best)]
    case = going_for(analysis, best)
    if case:
        out.append(case)
    if rival is not None:
        out.append(why_not(analysis, best, rival))
    for more in (other_strain(analysis, best, rival), extra_sentence(analysis, best)):
        if more and len(out) < 4:
            out.append(more)
    return out


def bid_write_up(analysis: BidAnalysis, moment: str = "") -> str:
    """The write-up (module docstring) of a bidding decision; ``moment`` the puzzle's kind
    (``misere`` asks about the misère). The sentences, then the figures line after a blank
    line."""
    best = analysis.best
    rival = rival_of(analysis, moment)
    body = " ".join(s.rstrip(".") + "." for s in reasons(analysis, best, rival))
    return f"{body}\n\n{figures_line(analysis, best, rival)}"


__all__ = ["better_trumped", "bid_write_up", "call_case", "close_call", "figures_line",
           "going_for", "noise", "other_strain", "reasons", "rival_of", "said", "thin_for",
           "why_not"]
