"""Facts about a hand that the write-ups state: each one counted from the cards by the engine's
own card order (`trainer.rules.CardOrder`), never estimated.

- `trump_holding`: a hand's trumps in a suit strain (RULES.md §2): the joker, the right bower
  (the jack of trumps), the left bower (the other jack of the same colour), then the trump
  suit's own cards; and how many trumps the pack holds in that suit (13 in a red suit, 12 in a
  black one in the 43-card pack).
- `side_winners`: the cards outside the trumps that head their suit in an unbroken run from the
  ace (`top_run`): the ace, a king held with the ace, a queen with the ace and king, and so
  down (a jack that is the left bower has left its suit, so A-K-Q-10 of that suit is a run);
  at no trumps also the joker, which wins any trick it is played to (RULES.md §5).
  `guarded_kings`: kings without their ace but with another card of their suit (K-x), which
  can wait for the ace to go.
- `short_suits`: side suits of no card (a void) or one card (a singleton), counted after the
  left bower has joined the trumps.
- `stopper`: at no trumps, the card that stops a suit: the ace, a king with one card more
  (K-x), or a queen with two more (Q-x-x).
- `misere_suits`: for a misère, each suit's lowest card and how many lower cards of that
  suit are out (in the other hands or the kitty); `high_cards`: the cards above the ten and the
  joker.

Words: `cards_text` (``A♣ 9♣ 7♣``), `pct` (``88%``, as the candidate tables print it),
`suit_word` (``clubs``), `strain_word` (``clubs`` / ``no trumps``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.cards import JOKER, SUITS, Card, Rank, Suit, pack
from trainer.policy import suit_cards
from trainer.rules import CardOrder, RuleSet, Strain

HIGH = Rank.JACK
"""Cards of this rank and above (J, Q, K, A) are "above the ten"."""


def cards_text(cards: Iterable[Card], order: CardOrder | None = None) -> str:
    """Cards in symbols, highest first in ``order`` (default: no trumps): ``A♣ 9♣ 7♣``."""
    order = order or CardOrder()
    return " ".join(c.pretty for c in sorted(cards, key=order.display_key))


def pct(p: float) -> str:
    """A chance as the tables print it: ``0.88`` -> ``88%``."""
    return f"{p:.0%}"


def suit_word(suit: Suit) -> str:
    return suit.noun


def strain_word(strain: Strain) -> str:
    """``clubs``, ``no trumps``."""
    return "no trumps" if strain.trump is None else strain.trump.noun


def join(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def count_word(n: int, noun: str) -> str:
    """``1 trump``, ``3 trumps``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class TrumpHolding:
    """A hand's trumps in ``suit``, highest first (`trump_holding`); ``total``: the trumps in the
    pack for that suit."""

    suit: Suit
    cards: tuple[Card, ...]
    total: int

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def joker(self) -> bool:
        return JOKER in self.cards

    @property
    def right(self) -> Card | None:
        """The right bower held (the jack of trumps), or None."""
        return next((c for c in self.cards if c.rank is Rank.JACK and c.suit is self.suit),
                    None)

    @property
    def left(self) -> Card | None:
        """The left bower held (the jack of the other suit of the trumps' colour), or None."""
        return next((c for c in self.cards
                     if c.rank is Rank.JACK and c.suit is self.suit.same_colour), None)

    @property
    def top(self) -> tuple[Card, ...]:
        """The joker, the bowers and the ace of trumps held: the four highest trumps."""
        return tuple(c for c in self.cards if c.is_joker or c.rank in (Rank.JACK, Rank.ACE))

    def top_words(self) -> list[str]:
        """The top trumps held by name: ``["the joker", "the left bower", "the ace"]``."""
        out = []
        if self.joker:
            out.append("the joker")
        if self.right is not None:
            out.append("the right bower")
        if self.left is not None:
            out.append("the left bower")
        if any(c.rank is Rank.ACE for c in self.cards):
            out.append("the ace")
        return out

    def named(self) -> str:
        """The trumps in words: ``the joker, the J♠ as left bower, A♣ 9♣ 7♣``."""
        parts: list[str] = []
        plain: list[Card] = []
        for card in self.cards:
            if card.is_joker:
                parts.append("the joker")
            elif card == self.right:
                parts.append(f"the {card.pretty} as right bower")
            elif card == self.left:
                parts.append(f"the {card.pretty} as left bower")
            else:
                plain.append(card)
        if plain:
            parts.append(" ".join(c.pretty for c in plain))
        return ", ".join(parts)

    def text(self) -> str:
        """``5 of the 12 trumps: the joker, the J♠ as left bower, A♣ 9♣ 7♣`` (``no trumps``
        when none)."""
        if not self.cards:
            return f"none of the {self.total} trumps"
        return f"{self.count} of the {self.total} trumps: {self.named()}"


def trump_holding(hand: Sequence[Card], suit: Suit, rules: RuleSet) -> TrumpHolding:
    """The hand's trumps with ``suit`` trumps (module docstring)."""
    order = CardOrder(trump=suit)
    cards = tuple(sorted((c for c in hand if order.is_trump(c)), key=order.power, reverse=True))
    total = sum(1 for c in rules.pack if order.is_trump(c))
    return TrumpHolding(suit, cards, total)


by_suit = suit_cards
"""The hand's cards by the suit they follow as (`trainer.policy.suit_cards`)."""


def top_run(cards: Sequence[Card], suit: Suit, order: CardOrder,
            deck: Iterable[Card] | None = None) -> tuple[Card, ...]:
    """The cards of ``suit`` in ``cards`` that run unbroken from the top of the suit, highest
    first: the ace, then the king if the ace is held, the queen if both are, and so on down
    the suit's cards in ``deck`` (default: the 4-player pack) that follow it under ``order``
    (the left bower follows the trumps, not its own suit; the joker is not counted)."""
    ladder = sorted((c for c in (pack() if deck is None else deck)
                     if not c.is_joker and order.effective_suit(c) is suit),
                    key=order.power, reverse=True)
    held = set(cards)
    out: list[Card] = []
    for card in ladder:
        if card not in held:
            break
        out.append(card)
    return tuple(out)


def side_winners(hand: Sequence[Card], strain: Strain,
                 deck: Iterable[Card] | None = None) -> tuple[Card, ...]:
    """Side winners with ``strain`` (module docstring): outside the trumps, each suit's top run
    (`top_run`: A, A-K, A-K-Q ...); at no trumps also the joker. Highest first, suit by suit.
    ``deck``: the pack the run is counted in (default: the 4-player pack)."""
    order = CardOrder(trump=strain.trump)
    cards = tuple(pack() if deck is None else deck)
    out: list[Card] = []
    if strain.trump is None and JOKER in hand:
        out.append(JOKER)
    for suit in SUITS:
        if suit is strain.trump:
            continue
        out.extend(top_run(hand, suit, order, cards))
    return tuple(out)


def guarded_kings(hand: Sequence[Card], strain: Strain) -> tuple[Card, ...]:
    """Kings outside the trumps held without their ace but with another card of the suit."""
    order = CardOrder(trump=strain.trump)
    suits = by_suit(hand, order)
    out = []
    for suit in SUITS:
        cards = suits[suit]
        if suit is strain.trump or len(cards) < 2:
            continue
        ranks = [c.rank for c in cards]
        if Rank.KING in ranks and Rank.ACE not in ranks:
            out.append(next(c for c in cards if c.rank is Rank.KING))
    return tuple(out)


@dataclass(frozen=True)
class ShortSuit:
    """A side suit of no card (a void) or one (a singleton, ``cards`` holding it)."""

    suit: Suit
    cards: tuple[Card, ...]

    @property
    def void(self) -> bool:
        return not self.cards

    def text(self) -> str:
        """``a void in diamonds``, ``a singleton 9♠``."""
        if self.void:
            return f"a void in {self.suit.noun}"
        return f"a singleton {self.cards[0].pretty}"


def short_suits(hand: Sequence[Card], suit: Suit) -> tuple[ShortSuit, ...]:
    """The side suits of at most one card with ``suit`` trumps, voids first."""
    order = CardOrder(trump=suit)
    suits = by_suit(hand, order)
    out = [ShortSuit(s, tuple(suits[s])) for s in SUITS if s is not suit and len(suits[s]) <= 1]
    return tuple(sorted(out, key=lambda x: len(x.cards)))


def stopper(cards: Sequence[Card]) -> Card | None:
    """At no trumps, the card that stops a suit held as ``cards`` (one suit, no joker): the
    ace; a king with one more card; a queen with two more. None if the suit is not stopped."""
    ranks = {c.rank: c for c in cards}
    if Rank.ACE in ranks:
        return ranks[Rank.ACE]
    if Rank.KING in ranks and len(cards) >= 2:
        return ranks[Rank.KING]
    if Rank.QUEEN in ranks and len(cards) >= 3:
        return ranks[Rank.QUEEN]
    return None


def high_cards(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The joker and the cards above the ten (J, Q, K, A), highest first (no trumps order)."""
    order = CardOrder()
    return tuple(sorted((c for c in hand if c.is_joker or (c.rank is not None and c.rank >= HIGH)),
                        key=lambda c: (-order.power(c), order.display_key(c))))


@dataclass(frozen=True)
class MisereSuit:
    """One suit of a misère hand: ``lowest`` the hand's lowest card of it, ``lower_out`` how
    many cards of the suit below it are out (not in the hand), ``count`` the hand's cards of
    it."""

    suit: Suit
    lowest: Card
    lower_out: int
    count: int


def misere_suits(hand: Sequence[Card], rules: RuleSet) -> tuple[MisereSuit, ...]:
    """Each suit the hand holds (at no trumps, the misère order), in suit order."""
    out = []
    for suit in SUITS:
        cards = [c for c in hand if c.suit is suit]
        if not cards:
            continue
        lowest = min(cards, key=lambda c: int(c.rank or 0))
        assert lowest.rank is not None
        lower = sum(1 for c in rules.pack if c.suit is suit and c.rank is not None
                    and c.rank < lowest.rank)
        out.append(MisereSuit(suit, lowest, lower, len(cards)))
    return tuple(out)


__all__ = [
    "HIGH",
    "MisereSuit",
    "ShortSuit",
    "TrumpHolding",
    "by_suit",
    "cards_text",
    "count_word",
    "guarded_kings",
    "high_cards",
    "join",
    "misere_suits",
    "pct",
    "short_suits",
    "side_winners",
    "stopper",
    "strain_word",
    "suit_word",
    "top_run",
    "trump_holding",
]
