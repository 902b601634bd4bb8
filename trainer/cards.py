"""Suits, ranks, cards, the joker, seats and the packs of Five Hundred (RULES.md §1, §2).

Card codes follow docs/DESIGN.md: rank then suit, ranks ``A K Q J T 9 8 7 6 5 4 3 2`` and
``11 12 13`` (6-player pack), suits ``S C D H``, the joker ``JK``. Parsing lives in
`trainer.codes` (importable from `trainer.notation`).

Seats (the names are the project's choice for 3 and 6 players, listed clockwise):
- 4 players: ``N E S W``; N-S against E-W.
- 2 players: ``N S`` (002, "Wersja dla 2 graczy"), each with a hand and table piles.
- 3 players: ``N E W`` (South's chair empty); each plays for themselves.
- 6 players: ``N NE SE S SW NW``; two teams of three sitting alternately (N SE SW against NE S NW),
  or, with ``six_player_teams="three_pairs"``, three pairs of opposite seats.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum, IntEnum

from trainer.errors import CardError


class Suit(Enum):
    """A suit, in bidding order: spades < clubs < diamonds < hearts (RULES.md §3)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def same_colour(self) -> Suit:
        """The other suit of the same colour: where the left bower comes from (RULES.md §2)."""
        return _SAME_COLOUR[self]

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def noun(self) -> str:
        return self.name.lower()


_SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(IntEnum):
    """A rank; the value orders ranks within a plain suit, low to high.

    The 6-player pack's 13, 12 and 11 sit between the jack and the ten (RULES.md §2), so in a
    plain suit A K Q J 13 12 11 10 9 ... 2.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13
    JACK = 14
    QUEEN = 15
    KING = 16
    ACE = 17

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def noun(self) -> str:
        return _RANK_NOUNS.get(self, str(int(self)))


_RANK_CODES = {
    **{Rank(v): str(v) for v in range(2, 10)},
    Rank.TEN: "T",
    Rank.ELEVEN: "11",
    Rank.TWELVE: "12",
    Rank.THIRTEEN: "13",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_NOUNS = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank of a suit, or the joker (``suit`` and ``rank`` both None).

    Cards are immutable and hashable; ``str(card)`` is the canonical code (``TH``, ``JK``, ``13D``).
    """

    suit: Suit | None
    rank: Rank | None

    def __post_init__(self) -> None:
        if (self.suit is None) != (self.rank is None):
            raise CardError("a card needs both a suit and a rank, or neither (the joker)")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def code(self) -> str:
        if self.suit is None or self.rank is None:
            return "JK"
        return self.rank.code + self.suit.value

    @property
    def label(self) -> str:
        """Words for screen readers and explanations: ``"jack of diamonds"``, ``"the joker"``."""
        if self.suit is None or self.rank is None:
            return "the joker"
        return f"{self.rank.noun} of {self.suit.noun}"

    @property
    def pretty(self) -> str:
        """Short display form with the suit symbol: ``"J♦"``, ``"10♥"``; the joker is
        ``"Joker"`` (its name, never an abbreviation: this is what learners read)."""
        if self.suit is None or self.rank is None:
            return "Joker"
        rank = "10" if self.rank is Rank.TEN else self.rank.code
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(None, None)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: by suit (spades, clubs, diamonds, hearts), high rank first; joker last."""
    if card.suit is None or card.rank is None:
        return (len(SUITS), 0)
    return (SUITS.index(card.suit), -int(card.rank))


# --- packs -------------------------------------------------------------------------------------

def _ranks_for(players: int, deck: int, suit: Suit) -> list[Rank]:
    base = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
            Rank.SEVEN]
    if players == 3:
        return base
    if players == 6:
        extra = [Rank.THIRTEEN] if suit.is_red else []
        low = [Rank(v) for v in range(6, 1, -1)]
        return base[:4] + extra + [Rank.TWELVE, Rank.ELEVEN] + base[4:] + low
    low = [Rank.SIX, Rank.FIVE]
    if suit.is_red or deck == 45:
        low.append(Rank.FOUR)
    return base + low


def pack(players: int = 4, deck: int = 43) -> tuple[Card, ...]:
    """The pack for a table, suit by suit from the ace down, the joker last (RULES.md §1).

    - 4 players (and 2, 002): 43 cards (red suits A-4, black suits A-5, joker), or 45 with
      ``deck=45`` (4 players only).
    - 3 players: 33 cards (A-7 in every suit, joker).
    - 6 players: 63 cards (A-2 in every suit, 11 and 12 in every suit, 13 in red suits, joker).

    Raises `CardError` for another player count, or ``deck=45`` away from the 4-player table.
    """
    if players not in (2, 3, 4, 6):
        raise CardError(f"players: {players} is not 2, 3, 4 or 6")
    if deck not in (43, 45) or (deck == 45 and players != 4):
        raise CardError(f"deck: {deck} is not a pack for {players} players")
    cards = [Card(s, r) for s in SUITS for r in _ranks_for(players, deck, s)]
    cards.append(JOKER)
    return tuple(cards)


def pack_size(players: int = 4, deck: int = 43) -> int:
    return {3: 33, 6: 63}.get(players, deck)


# --- seats -------------------------------------------------------------------------------------


class Seat(Enum):
    """A seat at the table; which seats are used depends on the number of players."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    def __str__(self) -> str:
        return self.value


_TABLES: dict[int, tuple[Seat, ...]] = {
    2: (Seat.N, Seat.S),
    3: (Seat.N, Seat.E, Seat.W),
    4: (Seat.N, Seat.E, Seat.S, Seat.W),
    6: (Seat.N, Seat.NE, Seat.SE, Seat.S, Seat.SW, Seat.NW),
}


def seats(players: int = 4) -> tuple[Seat, ...]:
    """The seats of a table in clockwise order, North first. Raises `CardError` if not 2, 3, 4
    or 6."""
    try:
        return _TABLES[players]
    except KeyError:
        raise CardError(f"players: {players} is not 2, 3, 4 or 6") from None


# --- dealing -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """A deal: ten cards to each seat and the kitty, with the dealer (RULES.md §1).

    ``tables`` is set in the 2-player game only (002, "Wersja dla 2 graczy"): each seat's five
    table piles in the order dealt, each pile ``(face_down, face_up)``; None at other tables.
    """

    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]]
    kitty: tuple[Card, ...]
    tables: dict[Seat, tuple[tuple[Card, Card], ...]] | None = None


def deal(seed: int, players: int = 4, deck: int = 43, dealer: Seat = Seat.N) -> Deal:
    """Shuffle with ``random.Random(seed)`` and deal in the customary 3-4-3 pattern.

    Starting left of the dealer: 3 cards each and 1 to the kitty, 4 each and 1 to the kitty,
    3 each and the rest (1, or 3 with the 45-card pack) to the kitty (RULES.md §1). The same
    seed, table and dealer always give the same deal. Hands are returned in display order.

    2 players (002, "Wersja dla 2 graczy"): the hands and the kitty as above (23 cards: 10 each
    and 3 to the kitty, one to the kitty after each round of packets), then five face-down cards
    to each player, one at a time starting left of the dealer, then one face-up card on each of
    them in the same order: ``Deal.tables`` holds each seat's piles ``(face_down, face_up)`` in
    the order dealt.
    Raises `CardError` if the dealer does not sit at this table.
    """
    table = seats(players)
    if dealer not in table:
        raise CardError(f"dealer: {dealer} does not sit at a {players}-player table")
    cards = list(pack(players, deck))
    random.Random(seed).shuffle(cards)
    start = table.index(dealer) + 1
    order = [table[(start + i) % players] for i in range(players)]
    hands: dict[Seat, list[Card]] = {s: [] for s in order}
    kitty: list[Card] = []
    for packet, last in ((3, False), (4, False), (3, True)):
        for seat in order:
            hands[seat].extend(cards[:packet])
            del cards[:packet]
        take = 1 if last and players == 2 else len(cards) if last else 1
        kitty.extend(cards[:take])
        del cards[:take]
    tables = _deal_tables(cards, order) if players == 2 else None
    return Deal(
        dealer=dealer,
        hands={s: tuple(sorted(hands[s], key=sort_key)) for s in table},
        kitty=tuple(kitty),
        tables=None if tables is None else {s: tables[s] for s in table},
    )


def _deal_tables(
    cards: list[Card], order: list[Seat]
) -> dict[Seat, tuple[tuple[Card, Card], ...]]:
    """The 2-player table piles from the 20 cards left after the hands and kitty: five face
    down to each, one at a time from the dealer's left, then one face up on each (`deal`)."""
    downs: dict[Seat, list[Card]] = {s: [] for s in order}
    ups: dict[Seat, list[Card]] = {s: [] for s in order}
    for layer in (downs, ups):
        for _ in range(5):
            for seat in order:
                layer[seat].append(cards.pop(0))
    assert not cards
    return {s: tuple(zip(downs[s], ups[s], strict=True)) for s in order}
