"""Card codes, hands and seats as text, and the JSON readers the position parsers share
(`trainer.notation` and `trainer.notation_two`, where the names are also importable).

Input accepts lower case, ``10`` for ``T`` and the suit symbols ♠♣♦♥; output is canonical
(``TH``, ``JK``, ``13D``, ``JK:H`` for a joker led with a named suit). Every error is a
`trainer.errors.TrainerError` whose message names the bad field or card.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from trainer.cards import JOKER, Card, Rank, Seat, Suit, sort_key
from trainer.errors import CardError, PositionError, shown
from trainer.rules import Play, RuleSet, check_card_in_pack

_SUIT_INPUT = {"S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS,
               "♠": Suit.SPADES, "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS,
               "♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS}
_RANK_INPUT = {r.code: r for r in Rank} | {"10": Rank.TEN}


def parse_suit(text: str, field: str = "suit") -> Suit:
    """``S C D H`` (any case) or a suit symbol to a `Suit`; raises `CardError` naming ``field``."""
    suit = _SUIT_INPUT.get(str(text).strip().upper())
    if suit is None:
        raise CardError(f"{field}: {shown(text)} is not a suit (S, C, D, H)")
    return suit


def parse_card(text: str) -> Card:
    """A card code to a `Card`: ``AS``, ``th``, ``10♥``, ``13D``, ``JK``. Raises `CardError`."""
    if not isinstance(text, str):
        got = "null" if text is None else shown(text)  # JSON's word, not Python's None
        raise CardError(f"card {got}: expected a card code such as AS, TH or JK")
    raw = text.strip().upper()
    if raw in ("JK", "JOKER", "JO"):
        return JOKER
    rank = _RANK_INPUT.get(raw[:-1])
    suit = _SUIT_INPUT.get(raw[-1:])
    if rank is None or suit is None:
        raise CardError(f"card {shown(text)}: expected a rank (A K Q J T 9 ... 5; 4 3 2 and "
                        "11 12 13 in the bigger packs) and a suit (S C D H), or JK")
    return Card(suit, rank)


def parse_play(text: str) -> Play:
    """A card code, or ``JK:H`` for a joker led with a named suit. Raises `CardError`."""
    if isinstance(text, str) and ":" in text:
        card_text, _, suit_text = text.partition(":")
        card = parse_card(card_text)
        if not card.is_joker:
            raise CardError(f"card {shown(text)}: only the joker is led with a named suit (JK:H)")
        return Play(card, parse_suit(suit_text, f"card {shown(text)}"))
    return Play(parse_card(text))


def parse_hand(cards: str | Iterable[str]) -> tuple[Card, ...]:
    """A hand from a list of codes or one string of codes split by spaces or commas.

    Returned in display order. Raises `CardError` for a bad code or a card named twice.
    """
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    hand = [parse_card(c) for c in items]
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise CardError(f"card {card}: named twice")
        seen.add(card)
    return tuple(sorted(hand, key=sort_key))


def format_hand(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in sorted(cards, key=sort_key)]


def parse_seat(text: Any, rules: RuleSet, field: str = "seat") -> Seat:
    """A seat name of this table (N E S W; N E W; N NE SE S SW NW). Raises `PositionError`."""
    try:
        seat = Seat(str(text).strip().upper())
    except ValueError:
        seat = None
    if seat is None or seat not in rules.seats:
        names = " ".join(s.value for s in rules.seats)
        raise PositionError(f"{field}: {shown(text)} is not a seat at this table ({names})")
    return seat


def load_json(text: str, what: str = "position") -> Any:
    """``json.loads`` with a `PositionError` naming the line and column on bad JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{what}: not valid JSON ({exc.msg} at line {exc.lineno} "
                            f"column {exc.colno})") from None
    except RecursionError:
        raise PositionError(f"{what}: JSON nested too deeply") from None
    except ValueError:  # e.g. an integer of more digits than Python converts (over 4,300)
        raise PositionError(f"{what}: a number in it is too long") from None


def _field(obj: Mapping[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    if name not in obj or obj[name] is None:
        if default is ...:
            raise PositionError(f"{name}: missing")
        return default
    value = obj[name]
    if not isinstance(value, kind):
        raise PositionError(f"{name}: expected {_JSON_WORDS.get(kind, kind.__name__)}, got "
                            f"{_JSON_WORDS.get(type(value), type(value).__name__)}")
    return value


# JSON's own words for the Python types a position's fields are read as.
_JSON_WORDS: dict[type, str] = {Mapping: 'an object such as {"N": ["AS", "KS"]}',
                                dict: "an object", list: "a list", str: "a string",
                                int: "a number", float: "a number", bool: "true or false"}


def _card_in(text: Any, where: str, parse: Any = parse_card) -> Any:
    """Parse a card (or play) code, naming the field it came from in any error."""
    try:
        return parse(text)
    except CardError as exc:
        raise PositionError(f"{where}: {exc}") from None


def check_places(places: Iterable[tuple[str, Card]], rules: RuleSet) -> None:
    """Every card of a position once, and in the pack: ``places`` are (field, card) pairs; a
    card out of the pack or in two places raises `PositionError` naming the field."""
    seen: dict[Card, str] = {}
    for where, card in places:
        try:
            check_card_in_pack(card, rules)
        except CardError as exc:
            raise PositionError(f"{where}: {exc}") from None
        if card in seen:
            raise PositionError(f"{where}: card {card} is also in {seen[card]}")
        seen[card] = where


def read_joker_suit(obj: Mapping[str, Any], trump: Suit | None, rules: RuleSet,
                    when: str) -> Suit | None:
    """A position's ``joker_suit`` (the suit nominated for a free joker before the first
    lead), or None; raises `PositionError` if given with a trump suit (the joker is nominated
    only at ``when``) or under rules where the joker is not nominated."""
    text = _field(obj, "joker_suit", str, None)
    joker_suit = parse_suit(text, "joker_suit") if text is not None else None
    if joker_suit is not None and trump is not None:
        raise PositionError(f"joker_suit: the joker is nominated only at {when}")
    if joker_suit is not None and not rules.nominate_joker:
        raise PositionError("joker_suit: these rules do not let the joker be nominated before "
                            "the first lead (nominate_joker is off)")
    return joker_suit
