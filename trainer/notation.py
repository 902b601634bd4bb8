"""Card codes, hands and the position JSON of DESIGN.md: parse, format, and reject the impossible.

Input accepts lower case, ``10`` for ``T`` and the suit symbols ♠♣♦♥; output is canonical
(``TH``, ``JK``, ``13D``, ``JK:H`` for a joker led with a named suit). Every error is a
`trainer.errors.TrainerError` whose message names the bad field or card.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.bidding import Bid, parse_bid
from trainer.cards import JOKER, Card, Rank, Seat, Suit, sort_key
from trainer.errors import CardError, PositionError, TrainerError, shown
from trainer.play import PlayState, active_seats
from trainer.rules import (
    Play,
    RuleSet,
    Trick,
    check_card_in_pack,
    legal_plays,
    nameable_suits,
    order_for,
    preset_name,
    ruleset,
)

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
        raise CardError(f"card {shown(text)}: expected a card code such as AS, TH or JK")
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


# --- positions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position (DESIGN.md): the contract, the cards still held, the current trick from its
    leader, the completed tricks, the nominated joker suit and the rules.

    Build one with `parse_position` (which checks it can arise) or `Position.from_state`.
    """

    contract: Bid
    declarer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    leader: Seat
    trick: tuple[Play, ...] = ()
    history: tuple[Trick, ...] = ()
    joker_suit: Suit | None = None
    rules: RuleSet = RuleSet()  # noqa: RUF009 (frozen, so one shared default is safe)

    def to_state(self) -> PlayState:
        """A fresh mutable `PlayState` at this position."""
        return PlayState(
            rules=self.rules,
            contract=self.contract,
            declarer=self.declarer,
            hands={s: list(h) for s, h in self.hands.items()},
            leader=self.leader,
            trick=list(self.trick),
            history=list(self.history),
            joker_suit=self.joker_suit,
        )

    @classmethod
    def from_state(cls, state: PlayState) -> Position:
        if state.rules.players == 2 and cls is Position:  # hands and table piles
            from trainer.notation_two import TablePosition

            return TablePosition.from_state(state)
        if state.contract is None or state.declarer is None:
            raise PositionError("contract: an all-pass hand has no position record")
        return cls(
            contract=state.contract,
            declarer=state.declarer,
            hands={s: tuple(sorted(h, key=sort_key)) for s, h in state.hands.items()},
            leader=state.leader,
            trick=tuple(state.trick),
            history=tuple(state.history),
            joker_suit=state.joker_suit,
            rules=state.rules,
        )

    @property
    def to_play(self) -> Seat:
        seats = active_seats(self.rules, self.contract, self.declarer)
        return seats[(seats.index(self.leader) + len(self.trick)) % len(seats)]

    def to_json(self) -> dict[str, Any]:
        """The DESIGN.md position object (canonical codes, keys in DESIGN.md's order)."""
        return {
            "contract": self.contract.code,
            "declarer": self.declarer.value,
            "hands": {s.value: format_hand(h) for s, h in self.hands.items()},
            "leader": self.leader.value,
            "trick": [p.code for p in self.trick],
            "history": [
                {"leader": t.leader.value, "cards": [p.code for p in t.plays]}
                for t in self.history
            ],
            "joker_suit": self.joker_suit.value if self.joker_suit else None,
            "rules": preset_name(self.rules),
        }


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


def parse_position(data: str | Mapping[str, Any]) -> Position:
    """A position from its JSON text or object (DESIGN.md), checked to be one that can arise.

    Rejected with `PositionError` (a `ValueError`), naming the field or card: unknown field,
    seat, contract or rules; a card not in the pack or named twice; hand sizes that do not fit
    the trick; a card in ``trick`` or ``history`` that revokes; a joker led with a suit that may
    not be named; history tricks whose leaders do not follow from their winners.
    """
    obj = load_json(data) if isinstance(data, str) else data
    if not isinstance(obj, Mapping):
        raise PositionError("position: expected a JSON object")
    try:
        return _parse_position(obj)
    except PositionError:
        raise
    except TrainerError as exc:
        raise PositionError(str(exc)) from None


_FIELDS = {"contract", "declarer", "hands", "leader", "trick", "history", "joker_suit", "rules"}


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


def _parse_position(obj: Mapping[str, Any]) -> Position:
    try:
        rules = ruleset(obj.get("rules"))
    except TrainerError as exc:
        raise PositionError(str(exc) if str(exc).startswith("rules") else f"rules: {exc}") from None
    if rules.players == 2:  # hands and table piles (RULES.md §1, 002): trainer.notation_two
        from trainer.notation_two import parse_table_position

        return parse_table_position(obj, rules)
    unknown = set(obj) - _FIELDS
    if unknown:
        raise PositionError(f"{sorted(unknown)[0]}: unknown field")
    contract_text = _field(obj, "contract", str)
    try:
        contract = parse_bid(contract_text)
    except TrainerError as exc:
        raise PositionError(f"contract: {exc}") from None
    if contract.misere and not rules.misere_allowed:
        raise PositionError("contract: misère is not played under these rules")
    if contract.open and not rules.open_misere_allowed:
        raise PositionError("contract: open misère is not played under these rules")
    declarer = parse_seat(_field(obj, "declarer", str), rules, "declarer")
    active = active_seats(rules, contract, declarer)
    leader = parse_seat(_field(obj, "leader", str), rules, "leader")
    if leader not in active:
        raise PositionError(f"leader: {leader} sits out this misère")
    joker_text = _field(obj, "joker_suit", str, None)
    joker_suit = parse_suit(joker_text, "joker_suit") if joker_text is not None else None
    if joker_suit is not None and contract.trump is not None:
        raise PositionError("joker_suit: the joker is nominated only at no trumps and misère")
    if joker_suit is not None and not rules.nominate_joker:
        raise PositionError("joker_suit: these rules do not let the joker be nominated before "
                            "the first lead (nominate_joker is off)")

    hands_obj = _field(obj, "hands", Mapping)
    hands: dict[Seat, tuple[Card, ...]] = {}
    given: set[Seat] = set()
    for key, cards in hands_obj.items():
        seat = parse_seat(key, rules, "hands")
        if seat in given:  # "N" and "n": the later would silently replace the earlier
            raise PositionError(f"hands.{seat}: given twice")
        given.add(seat)
        if not isinstance(cards, list):
            raise PositionError(f"hands.{seat}: expected a list of card codes")
        if seat not in active:
            if cards:
                raise PositionError(f"hands.{seat}: the misère declarer's partner sits out")
            continue
        hands[seat] = tuple(sorted((_card_in(c, f"hands.{seat}") for c in cards), key=sort_key))
    for seat in active:
        if seat not in hands:
            raise PositionError(f"hands.{seat}: missing")

    hands = {s: hands[s] for s in active}  # table order
    trick = tuple(_card_in(c, "trick", parse_play) for c in _field(obj, "trick", list, []))
    history: list[Trick] = []
    for i, t in enumerate(_field(obj, "history", list, [])):
        if not isinstance(t, Mapping) or set(t) != {"leader", "cards"}:
            raise PositionError(f"history[{i}]: expected {{\"leader\": seat, \"cards\": [...]}}")
        t_leader = parse_seat(t["leader"], rules, f"history[{i}].leader")
        if t_leader not in active or not isinstance(t["cards"], list):
            raise PositionError(f"history[{i}]: leader must play and cards must be a list")
        plays = tuple(_card_in(c, f"history[{i}]", parse_play) for c in t["cards"])
        if len(plays) != len(active):
            raise PositionError(f"history[{i}]: a trick has {len(active)} cards, "
                                f"not {len(plays)}")
        start = active.index(t_leader)
        t_seats = tuple(active[(start + k) % len(active)] for k in range(len(active)))
        history.append(Trick(plays, t_seats))

    if joker_suit is not None and not _declarer_had_joker(declarer, hands, history, trick,
                                                          active, leader):
        raise PositionError("joker_suit: the declarer nominates the joker, but the declarer "
                            "neither holds it nor has played it")
    position = Position(contract, declarer, hands, leader, trick, tuple(history), joker_suit,
                        rules)
    _check_position(position, active)
    return position


def _declarer_had_joker(declarer: Seat, hands: Mapping[Seat, tuple[Card, ...]],
                        history: Sequence[Trick], trick: Sequence[Play],
                        active: tuple[Seat, ...], leader: Seat) -> bool:
    """True when the declarer holds the joker or played it to a trick (RULES.md §5: only a
    declarer holding the joker nominates its suit)."""
    if JOKER in hands.get(declarer, ()):
        return True
    start = active.index(leader)
    now = [(active[(start + k) % len(active)], p) for k, p in enumerate(trick)]
    done = [pair for t in history for pair in zip(t.seats, t.plays, strict=True)]
    return any(s is declarer and p.card.is_joker for s, p in now + done)


def _check_position(pos: Position, active: tuple[Seat, ...]) -> None:
    rules = pos.rules
    order = order_for(pos.contract.trump, pos.contract.misere, rules, pos.joker_suit)
    # Every card once, and in the pack.
    seen: dict[Card, str] = {}
    places = [(f"hands.{s}", c) for s, h in pos.hands.items() for c in h]
    places += [("trick", p.card) for p in pos.trick]
    places += [(f"history[{i}]", p.card) for i, t in enumerate(pos.history) for p in t.plays]
    for where, card in places:
        try:
            check_card_in_pack(card, rules)
        except CardError as exc:
            raise PositionError(f"{where}: {exc}") from None
        if card in seen:
            raise PositionError(f"{where}: card {card} is also in {seen[card]}")
        seen[card] = where
    # Hand sizes fit the trick: those who have played to it hold one card fewer.
    if len(pos.trick) >= len(active):
        raise PositionError(f"trick: {len(pos.trick)} cards; a finished trick goes in history")
    start = active.index(pos.leader)
    played = {active[(start + k) % len(active)] for k in range(len(pos.trick))}
    size = len(pos.hands[pos.leader]) + (1 if pos.trick else 0)
    if size == 0:
        raise PositionError("hands: every hand is empty; there is nothing left to play")
    for seat in active:
        want = size - 1 if seat in played else size
        if len(pos.hands[seat]) != want:
            raise PositionError(f"hands.{seat}: holds {len(pos.hands[seat])}, but the trick "
                                f"from {pos.leader} needs {want} there")
    if len(pos.history) + size > 10:
        raise PositionError(f"history: {len(pos.history)} tricks played and {size} to go "
                            "make more than 10")
    # The joker: nominated only by its holder, the declarer.
    if pos.joker_suit is not None:
        holder = next((w for w, c in places if c.is_joker), None)
        if holder is not None and holder.startswith("hands.") and holder != f"hands.{pos.declarer}":
            raise PositionError(f"joker_suit: only the declarer nominates, but {holder} holds "
                                "the joker")
    # Replay every trick: leaders follow from winners, no revoke, joker led legally.
    tricks: list[tuple[str, Seat, tuple[Play, ...]]] = [
        (f"history[{i}]", t.leader, t.plays) for i, t in enumerate(pos.history)
    ]
    tricks.append(("trick", pos.leader, pos.trick))
    later: dict[Seat, list[Card]] = {s: list(pos.hands[s]) for s in active}
    for _, t_leader, plays in reversed(tricks):
        for k, p in enumerate(plays):
            later[active[(active.index(t_leader) + k) % len(active)]].append(p.card)
    done: list[Trick] = []
    for where, t_leader, plays in tricks:
        if done:
            expected = done[-1].seats[order.trick_winner(done[-1].plays)]
            if t_leader is not expected:
                field = "leader" if where == "trick" else f"{where}.leader"
                raise PositionError(f"{field}: {t_leader} leads, but {expected} won "
                                    "the trick before")
        start = active.index(t_leader)
        t_seats = tuple(active[(start + k) % len(active)] for k in range(len(plays)))
        for k, (seat, p) in enumerate(zip(t_seats, plays, strict=True)):
            later[seat].remove(p.card)
            holding = [p.card, *later[seat]]
            legal = legal_plays(holding, plays[:k], order, rules, seat, done)
            if p in legal:
                continue
            if p.card.is_joker and p.named is not None and k > 0:
                reason = "only a led joker is written with a named suit"
            elif p.card.is_joker and k == 0 and order.free_joker:
                names = nameable_suits(seat, done, order, rules)
                reason = (f"a joker led now must name one of {', '.join(s.value for s in names)}"
                          if names else "the joker may not be led before the last trick")
            elif p.named is not None:
                reason = "the joker has a nominated suit or is a trump here"
            else:
                reason = f"{seat} revokes: it holds a card of the suit led"
            raise PositionError(f"{where}: {p.code}: {reason}")
        if where != "trick":
            done.append(Trick(plays, t_seats))
