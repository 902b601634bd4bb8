"""The rule options, card order, trick winner and legal plays of Five Hundred.

`RuleSet` is one frozen options object; `PRESETS` names the variants (pokerkit's way: variants
are presets of one options object). Every option is documented with its RULES.md section.

Card order (RULES.md §2, §5) is given by a `CardOrder` built for a hand in play: the trump suit
(or None at no trumps and misère), the suit the declarer nominated for the joker (or None), and
whether the joker is low (option ``joker_low_in_misere``). A card played to a trick is a `Play`:
the card and, for a joker led at no trumps or misère without a nominated suit, the suit its
holder named (written ``JK:H``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from functools import cache
from typing import Any

from trainer.cards import SUITS, Card, Rank, Seat, Suit, pack, seats
from trainer.errors import CardError, IllegalPlayError, RuleError, shown

OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4, 6),
    "deck": (43, 45),
    "six_player_teams": ("two_threes", "three_pairs", "individual"),
    "bid_after_pass": ("never", "always", "if_changed"),
    "all_pass": ("redeal", "play_no_trumps"),
    "misere_placement": ("after_sevens", "by_points"),
    "open_misere_placement": ("between_10D_10H", "between_8NT_9S"),
    "open_misere_reveal": ("after_first_trick", "before_first_lead"),
    "first_lead": ("declarer", "dealer_left"),
    "joker_lead": ("any_suit", "not_shown_void", "not_yet_led"),
}
"""The values each option that is not true/false may take (`RuleSet`; the others are off/on)."""


@dataclass(frozen=True)
class RuleSet:
    """Every rule option of RULES.md; the defaults are the Australian game (pagat.com).

    Raises `RuleError` on an impossible combination (for example ``deck=45`` with 3 players).
    """

    players: int = 4
    """§1: 2, 3, 4 or 6 players (43-, 33-, 43/45- and 63-card packs)."""
    deck: int = 43
    """§1 ``deck=45``: keep the black 4s (4 players only); the kitty then has 5 cards (002)."""
    six_player_teams: str = "two_threes"
    """§1, 6 players: ``two_threes`` (alternate seats), ``three_pairs`` (opposite seats) or
    ``individual`` (each for themselves, 000: "3 contra 3 ou individual")."""
    bid_after_pass: str = "never"
    """§3 ``bid_after_pass`` (002): ``never`` (a player who has passed is out, all sources),
    ``always`` (as in bridge), or ``if_changed`` (they may bid again once another player has
    changed the strain of their bid)."""
    raise_reopens: bool = False
    """§3 ``raise_reopens`` (002): the auction's winner may raise their own bid; a raise into
    another strain reopens the bidding, one in the same strain does not."""
    one_round_bidding: bool = False
    """§3 ``one_round_bidding`` (002, the American game): each player calls once."""
    six_level_informational: bool = False
    """§3 ``six_level_informational`` (002, American): a 6-level bid cannot win the auction."""
    all_pass: str = "redeal"
    """§3 ``all_pass``: ``redeal`` or ``play_no_trumps`` (each side 10 a trick)."""
    misere: bool = True
    """§3 ``misere``: misère and open misère may be bid (never in the 2-player game)."""
    misere_placement: str = "after_sevens"
    """§3 ``misere_placement``: ``after_sevens`` (above 7NT) or ``by_points`` (8♠ < MIS < 8♣)."""
    misere_needs_seven: bool = True
    """§3 ``misere_needs_seven``: misère may be bid only after someone has bid seven (002)."""
    open_misere_placement: str = "between_10D_10H"
    """§3 ``open_misere_placement``: ``between_10D_10H`` (002) or ``between_8NT_9S`` (003)."""
    open_misere_reveal: str = "after_first_trick"
    """§3 open misère: hand exposed ``after_first_trick`` or ``before_first_lead``."""
    nullo_500: bool = False
    """§3 ``nullo_500`` (000's "Nullo"): misère scores 500 / -500, and there is no open misère."""
    first_lead: str = "declarer"
    """§4: the ``declarer`` leads to the first trick, or the ``dealer_left`` player does."""
    nominate_joker: bool = True
    """§5: a no-trump or misère declarer may nominate a suit for the joker before the first lead
    (001); off in the American game (002)."""
    joker_lead: str = "any_suit"
    """§5 ``joker_lead``: the suit a led free joker may name: ``any_suit`` (002, 000),
    ``not_shown_void`` (002's variant, the American rule) or ``not_yet_led`` (a house rule)."""
    joker_low_in_misere: bool = False
    """§5 ``joker_low_in_misere``: in misère the joker is the lowest card; led, it wins only
    when nobody follows the suit named."""
    overtricks_10: bool = False
    """§6 ``overtricks_10`` (000): a made contract scores 10 more per trick over the bid, the
    hand at most 520 (the value of 10NT)."""
    slam_250: bool = True
    """§6 ``slam_250``: all ten tricks on a bid worth less than 250 score 250 (002, 003)."""
    defender_tricks: bool = True
    """§6 ``defender_tricks``: defenders score 10 a trick (000, 003)."""
    misere_defenders: bool = False
    """§6 ``misere_defenders``: defenders score 10 a trick in misère too (002 says none)."""
    must_bid_to_win: bool = False
    """§7 ``must_bid_to_win`` (002's variant): a side can reach 500 and win only by making a bid;
    off, the first side to 500 wins, by bidding or defending (000, 001, 003)."""
    minus_500_loses: bool = True
    """§7 ``minus_500_loses``: a side on -500 or below loses at once (000)."""

    def __post_init__(self) -> None:
        choices = OPTION_CHOICES
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed or type(value) is not type(allowed[0]):
                choices_text = ", ".join(map(str, allowed))
                raise RuleError(f"{name}: {shown(value)} is not one of {choices_text}")
        for f in fields(self):
            if f.name not in choices and not isinstance(getattr(self, f.name), bool):
                raise RuleError(f"{f.name}: {shown(getattr(self, f.name))} is not true or false")
        if self.deck == 45 and self.players != 4:
            raise RuleError("deck: the 45-card pack is for 4 players only")

    @property
    def misere_allowed(self) -> bool:
        """True when misère may be bid: option ``misere``, and never at 2 players (§1, 002)."""
        return self.misere and self.players != 2

    @property
    def open_misere_allowed(self) -> bool:
        """True when open misère may be bid: as misère, and not under ``nullo_500`` (000)."""
        return self.misere_allowed and not self.nullo_500

    # --- the table ---------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Seats in clockwise order (see `trainer.cards`)."""
        return seats(self.players)

    @property
    def pack(self) -> tuple[Card, ...]:
        return pack(self.players, self.deck)

    @property
    def kitty_size(self) -> int:
        return 5 if self.deck == 45 else 3

    def side_of(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats of ``seat``'s side, in clockwise order (2 and 3 players, and 6 playing as
        individuals: the seat alone)."""
        table = self.seats
        if seat not in table:
            raise RuleError(f"seat: {seat} does not sit at a {self.players}-player table")
        i = table.index(seat)
        if self.players in (2, 3) or (self.players == 6 and self.six_player_teams == "individual"):
            return (seat,)
        if self.players == 6 and self.six_player_teams == "three_pairs":
            return tuple(sorted((seat, table[(i + 3) % 6]), key=table.index))
        return tuple(s for j, s in enumerate(table) if (j - i) % 2 == 0)

    def sides(self) -> tuple[tuple[Seat, ...], ...]:
        """Every side at the table, each listed once, in order of its first seat."""
        out: list[tuple[Seat, ...]] = []
        for s in self.seats:
            side = self.side_of(s)
            if side not in out:
                out.append(side)
        return tuple(out)

    def next_seat(self, seat: Seat) -> Seat:
        table = self.seats
        return table[(table.index(seat) + 1) % len(table)]

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed; raises `RuleError` naming an unknown option."""
        names = {f.name for f in fields(self)}
        for key in options:
            if key not in names:
                raise RuleError(f"rules: unknown option {shown(key)}")
        return replace(self, **options)

    def describe(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


PRESETS: dict[str, RuleSet] = {
    # RULES.md: the sources' rules where they agree, else the Australian game (pagat.com).
    "australian": RuleSet(),
    # 002's American paragraph: one round of bidding ("tylko jedna runda licytacji"), defenders
    # 10 a trick, the joker not nominated before the first lead ("dżokera nie można nominować
    # wcześniej do koloru") and led naming a suit its holder has not shown void in ("pod
    # warunkiem, że wcześniej nie pokazano renonsu"). Misère ("nullo") as pagat gives the
    # American game: placed by its 250 points between 8♠ and 8♣, biddable without a seven.
    "american": RuleSet(
        one_round_bidding=True,
        nominate_joker=False,
        joker_lead="not_shown_void",
        misere_placement="by_points",
        misere_needs_seven=False,
    ),
}


def ruleset(spec: str | Mapping[str, Any] | RuleSet | None = None) -> RuleSet:
    """A RuleSet from a preset name, an options mapping over the default preset, or a RuleSet.

    A mapping may name its base with ``"preset"``: ``{"preset": "american", "deck": 45}``; the
    base is a preset name, not another object. Raises `RuleError` naming an unknown preset or
    option.
    """
    if spec is None:
        return PRESETS["australian"]
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        try:
            return PRESETS[spec.lower()]
        except KeyError:
            raise RuleError(
                f"rules: unknown preset {shown(spec)} (known: {', '.join(PRESETS)})"
            ) from None
    if isinstance(spec, Mapping):
        options = dict(spec)
        base = options.pop("preset", "australian")
        if not isinstance(base, str):  # one level only: a nested object could go on for ever
            raise RuleError("rules: preset: expected a preset name such as \"american\"")
        return ruleset(base).with_options(**options)
    raise RuleError(f"rules: expected a preset name or an object, not {type(spec).__name__}")


def preset_name(rules: RuleSet) -> str | dict[str, Any]:
    """The preset name of ``rules``, or the options that differ from the default preset."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    default = PRESETS["australian"]
    return {k: v for k, v in rules.describe().items() if getattr(default, k) != v}


# --- card order --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to a trick. ``named`` is the suit named for a joker led at no trumps or
    misère without a nominated suit (RULES.md §5); it is None for every other play."""

    card: Card
    named: Suit | None = None

    @property
    def code(self) -> str:
        return f"JK:{self.named.value}" if self.named is not None else self.card.code

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Trick:
    """A completed trick: the plays in order from the leader, and the seat of each play."""

    plays: tuple[Play, ...]
    seats: tuple[Seat, ...]

    @property
    def leader(self) -> Seat:
        return self.seats[0]


# Powers within a suit: plain ranks by Rank value (2..17); trump-suit extras above them.
_LEFT_BOWER, _RIGHT_BOWER, _JOKER_POWER, _LOW_JOKER = 30, 31, 32, 0


@dataclass(frozen=True, slots=True)
class CardOrder:
    """How cards rank in one hand: trump suit, nominated joker suit, joker low (RULES.md §2, §5).

    ``trump`` is None at no trumps and misère. ``joker_suit`` is the suit a no-trump or misère
    declarer nominated for the joker (then it is the highest card of that suit). ``joker_low``
    is set in misère under ``joker_low_in_misere``: the joker is then the lowest card.
    """

    trump: Suit | None = None
    joker_suit: Suit | None = None
    joker_low: bool = False

    def __post_init__(self) -> None:
        if self.trump is not None and self.joker_suit is not None:
            raise RuleError("joker_suit: the joker is nominated only at no trumps and misère")

    @property
    def free_joker(self) -> bool:
        """True when the joker belongs to no suit (no trumps or misère, not nominated)."""
        return self.trump is None and self.joker_suit is None

    def effective_suit(self, card: Card) -> Suit | None:
        """The suit a card belongs to for following suit: the left bower and the joker belong to
        the trump suit; a nominated joker to its suit; a free joker to none (None)."""
        if card.is_joker:
            return self.trump if self.trump is not None else self.joker_suit
        if (
            self.trump is not None
            and card.rank is Rank.JACK
            and card.suit is self.trump.same_colour
        ):
            return self.trump
        return card.suit

    def play_suit(self, play: Play) -> Suit | None:
        """The suit a play counts as: the named suit of a led free joker, else its own."""
        return play.named if play.named is not None else self.effective_suit(play.card)

    def power(self, card: Card) -> int:
        """Rank of a card within its effective suit, higher wins (RULES.md §2).

        Trump suit: joker > right bower > left bower > A > K > Q > (13 12 11) > 10 > ... A free
        or nominated joker is above the ace (a low joker below every card).
        """
        if card.is_joker:
            return _LOW_JOKER if self.joker_low else _JOKER_POWER
        assert card.rank is not None
        if self.trump is not None and card.rank is Rank.JACK:
            if card.suit is self.trump:
                return _RIGHT_BOWER
            if card.suit is self.trump.same_colour:
                return _LEFT_BOWER
        return int(card.rank)

    def display_key(self, card: Card) -> tuple[int, int]:
        """Sort key for showing a hand: the trumps first, highest first (joker, right bower,
        left bower, A, K, ...), then the other suits in the pack's order (♠ ♣ ♦ ♥), highest
        first; a free joker last (`trainer.cards.sort_key` when there are no trumps)."""
        suit = self.effective_suit(card)
        if suit is None:
            return (len(SUITS) + 1, 0)
        return (0 if suit is self.trump else 1 + SUITS.index(suit), -self.power(card))

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.effective_suit(card) is self.trump

    def trick_winner(self, plays: Sequence[Play]) -> int:
        """Index (0 = the leader) of the play that wins a trick (RULES.md §4, §5).

        A free joker wins any trick it is in (unless low); else the highest trump; else the
        highest card of the suit led. Raises `IllegalPlayError` for an empty trick.
        """
        if not plays:
            raise IllegalPlayError("trick: a trick needs at least one card")
        if self.free_joker and not self.joker_low:
            for i, p in enumerate(plays):
                if p.card.is_joker:
                    return i
        led = self.play_suit(plays[0])
        target = led
        if self.trump is not None and any(self.is_trump(p.card) for p in plays):
            target = self.trump
        best, best_power = 0, -1
        for i, p in enumerate(plays):
            if self.play_suit(p) is target:
                power = self.power(p.card)
                if power > best_power:
                    best, best_power = i, power
        return best


def order_for(
    trump: Suit | None, misere: bool, rules: RuleSet, joker_suit: Suit | None = None
) -> CardOrder:
    """The `CardOrder` of a contract: ``trump`` None for no trumps and misère."""
    return CardOrder(
        trump=trump,
        joker_suit=joker_suit,
        joker_low=misere and rules.joker_low_in_misere and joker_suit is None,
    )


# --- legal plays -------------------------------------------------------------------------------


def suits_led(history: Iterable[Trick], order: CardOrder) -> set[Suit]:
    """Suits led so far in the hand (a led joker counts as the suit it named)."""
    led: set[Suit] = set()
    for trick in history:
        suit = order.play_suit(trick.plays[0])
        if suit is not None:
            led.add(suit)
    return led


def shown_void(seat: Seat, history: Iterable[Trick], order: CardOrder) -> set[Suit]:
    """Suits ``seat`` has shown void in: it did not follow when that suit was led."""
    void: set[Suit] = set()
    for trick in history:
        led = order.play_suit(trick.plays[0])
        for s, p in zip(trick.seats[1:], trick.plays[1:], strict=True):
            if s is seat and led is not None and order.play_suit(p) is not led:
                void.add(led)
    return void


def nameable_suits(
    seat: Seat, history: Sequence[Trick], order: CardOrder, rules: RuleSet
) -> list[Suit]:
    """Suits a free joker led now by ``seat`` may be named as (RULES.md §5, option
    ``joker_lead``): any suit (``any_suit``, 002: "do dowolnego koloru"), not a suit the holder
    has shown void in (``not_shown_void``), or a suit not yet led (``not_yet_led``). Returned
    in suit order."""
    if rules.joker_lead == "not_yet_led":
        allowed = set(SUITS) - suits_led(history, order)
    elif rules.joker_lead == "not_shown_void":
        allowed = set(SUITS) - shown_void(seat, history, order)
    else:
        allowed = set(SUITS)
    return [s for s in SUITS if s in allowed]


def legal_plays(
    hand: Iterable[Card],
    trick: Sequence[Play],
    order: CardOrder,
    rules: RuleSet,
    seat: Seat,
    history: Sequence[Trick] = (),
) -> list[Play]:
    """The legal plays of ``seat`` holding ``hand`` to ``trick`` (RULES.md §4, §5).

    Follow the effective suit led if you can (the left bower follows trumps, not its printed
    suit). A free joker (no trumps or misère, not nominated) may be played to a trick only when
    its holder cannot follow, and is led with a named suit (`nameable_suits`): one `Play` per
    nameable suit; when no suit may be named it may be led only to the last trick
    (``Play(JOKER)``).
    """
    cards = list(hand)
    if not trick:
        out: list[Play] = []
        for card in cards:
            if card.is_joker and order.free_joker:
                named = nameable_suits(seat, history, order, rules)
                if named:
                    out.extend(Play(card, s) for s in named)
                elif len(cards) == 1:
                    out.append(Play(card))
            else:
                out.append(Play(card))
        return out
    led = order.play_suit(trick[0])
    following = [c for c in cards if order.effective_suit(c) is led and led is not None]
    if following:
        return [Play(c) for c in following]
    return [Play(c) for c in cards]


def check_card_in_pack(card: Card, rules: RuleSet) -> None:
    """Raise `CardError` if ``card`` is not in the pack these rules use."""
    if card not in _pack_set(rules.players, rules.deck):
        raise CardError(f"card {card}: not in the {len(rules.pack)}-card pack")


@cache
def _pack_set(players: int, deck: int) -> frozenset[Card]:
    return frozenset(pack(players, deck))


class Strain(Enum):
    """The strain of a bid, in bidding order (RULES.md §3): ♠ < ♣ < ♦ < ♥ < NT."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    @property
    def trump(self) -> Suit | None:
        return None if self is Strain.NO_TRUMPS else Suit(self.value)

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NO_TRUMPS else Suit(self.value).symbol


STRAINS: tuple[Strain, ...] = tuple(Strain)
