"""A bidding hand valued in a player's words (issue 27): the facts a write-up or a review
reason states about the learner's ten cards, each counted by the engine's card order
(`trainer.generate.write_ups.facts`), never estimated.

- `strain_hand`: the hand in one strain in full (trumps named with the joker and the bowers,
  RULES.md §2; side winners; guarded kings; voids and singletons); `notrump_hand` at no trumps
  (the winners at the top and the suits with no stopper, the joker as a stopper);
  `misere_hand`: the cards above the ten, the aces and the joker that cannot be ducked, each
  suit's low card and the voids (the misère shape).
- `brief`: the same in a few words, for comparing two strains ("5 trumps with the joker and
  both bowers, the A♥ as a side winner and a void in clubs").
- `role_changes`: the cards that change role between two suit strains (a bower that is a plain
  jack there, side winners that become trumps); `longest_rival`: the suit strain a player may
  reach for.
- `Support`: what the hand holds in partner's suit: its trumps there, and partner's bowers or
  the joker held (the cards partner's bid most wants); the fit is the sum of the trumps the two
  hands hold at least (`Support.fit`, from what partner's bid showed:
  `trainer.simulate.layouts.auction_inferences`).
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.cards import JOKER, Card, Rank, Suit
from trainer.generate.write_ups.calls import best_in_strain
from trainer.generate.write_ups.facts import (
    HIGH,
    by_suit,
    cards_text,
    count_word,
    guarded_kings,
    high_cards,
    join,
    misere_suits,
    short_suits,
    side_winners,
    stopper,
    strain_word,
    trump_holding,
)
from trainer.rules import SUITS, CardOrder, Strain
from trainer.simulate import BidAnalysis


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


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


def misere_hand(analysis: BidAnalysis) -> str:
    """A misère hand: its cards above the ten (the joker and aces cannot be ducked), and the
    suit whose lowest card has the most lower cards out against it (three or more), or, when
    there is none, each suit's low card."""
    hand = analysis.hand
    high = high_cards(hand)
    danger = [c for c in high if c.is_joker or c.rank is Rank.ACE]
    if not high:
        text = "You hold no joker and no card higher than a ten"
    else:
        one = len(high) == 1
        text = (f"Your {cards_text(high)} {'is a high card' if one else 'are high cards'} (a "
                "jack or higher) the play may force to win a trick")
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


def trumps_brief(analysis: BidAnalysis, trump: Suit) -> str:
    """``5 trumps with the joker and both bowers``, ``3 trumps and no bower``, ``no trump``."""
    held = trump_holding(analysis.hand, trump, analysis.rules)
    if not held.cards:
        return f"no {trump.noun[:-1]}"
    tops = []
    if held.joker:
        tops.append("the joker")
    if held.right is not None and held.left is not None:
        tops.append("both bowers")
    elif held.right is not None:
        tops.append("the right bower")
    elif held.left is not None:
        tops.append("the left bower")
    if any(c.rank is Rank.ACE for c in held.cards):
        tops.append("the ace")
    if tops:
        return f"{count_word(held.count, 'trump')} with {join(tops)}"
    return f"{count_word(held.count, 'trump')} and no bower"


def brief(analysis: BidAnalysis, strain: Strain) -> str:
    """The hand in ``strain`` in a few words (module docstring)."""
    hand = analysis.hand
    winners = side_winners(hand, strain, analysis.rules.pack)
    if strain.trump is None:
        suits = by_suit(hand, CardOrder())
        open_suits = [s.noun for s in SUITS if stopper(suits[s]) is None]
        tops = grouped(winners) if winners else "no ace and no joker"
        text = f"{tops} at the top"
        if open_suits:
            text += f", with {join(open_suits)} not stopped"
        else:
            text += ", with every suit stopped"
        return text
    parts = [trumps_brief(analysis, strain.trump)]
    if winners:
        parts.append(f"the {winners[0].pretty} as a side winner" if len(winners) == 1
                     else f"{grouped(winners)} as side winners")
    else:
        parts.append("no side ace")
    shorts = [s for s in short_suits(hand, strain.trump) if not set(s.cards) & set(winners)]
    parts.extend(s.text() for s in shorts[:1])
    return join(parts)


@dataclass(frozen=True)
class Support:
    """What the hand holds in partner's suit ``suit``: ``count`` its trumps there, ``tops``
    partner's bowers and the joker held (highest first), ``partner_least`` the fewest trumps
    partner's bid showed given the cards held (4, or 3 with the joker or the right bower: 4
    when this hand holds both), None when the layouts did not keep what partner's bid showed."""

    suit: Suit
    count: int
    total: int
    tops: tuple[Card, ...]
    partner_least: int | None

    @property
    def fit(self) -> int | None:
        """The trumps the two hands hold at least, or None when unknown."""
        return None if self.partner_least is None else self.count + self.partner_least

    def tops_words(self, name: str) -> str:
        """``the joker and the J♠, East's right bower``, or ``""``."""
        words = []
        for card in self.tops:
            if card.is_joker:
                words.append("the joker")
            elif card.suit is self.suit:
                words.append(f"the {card.pretty}, {name}'s right bower")
            else:
                words.append(f"the {card.pretty}, {name}'s left bower")
        return join(words) if words else ""


def support(analysis: BidAnalysis, suit: Suit, shows: str | None, level: int) -> Support:
    """The hand's `Support` for partner's bid in ``suit`` at ``level``; ``shows``: what the bid
    showed as the layouts assume it (None when they dropped it): at level 7 and above "4
    trumps, or 3 with the joker or the right bower", at level 6 "at least 3 trumps"."""
    held = trump_holding(analysis.hand, suit, analysis.rules)
    tops = tuple(c for c in held.cards if c.is_joker or c.rank is Rank.JACK)
    least: int | None = None
    if shows is not None and "trumps" in shows:
        right = any(c.rank is Rank.JACK and c.suit is suit for c in held.cards)
        least = 3 if level <= 6 or not (held.joker and right) else 4
    return Support(suit, held.count, held.total, tops, least)


__all__ = ["Support", "brief", "cap", "grouped", "longest_rival", "misere_hand",
           "notrump_hand", "role_changes", "strain_hand", "support", "trumps_brief"]
