"""The 2-player position JSON (docs/DESIGN.md "2-player positions"; RULES.md §1, 002).

The 4-player shape (`trainer.notation`) with the seats ``N`` and ``S`` and:
- ``tables``: ``{"N": [pile, ...5 piles], "S": [...]}``, each pile a list of card codes bottom
  first: ``["7S", "KH"]`` (7♠ face down under the face-up K♥), ``["7S"]`` (one card, face up:
  the card on it was played), ``[]`` (both played). A pile whose face-up card went to the
  current trick is written ``["7S", null]``: 7♠ is still face down and turns up when the trick
  ends (002: "odkrywa się ją na koniec lewy").
- ``lead_from``: ``"hand"`` or ``"table"``, where the current trick's first two cards come from
  (default ``"hand"``); ``trick`` lists its cards in playing order (leader, other, leader,
  other).
- ``history`` entries ``{"leader": "N", "from": "hand", "cards": [4 codes]}``: the order is
  always leader, other, leader, other, the first two from ``from``, the last two from the other
  source.

`parse_table_position` checks that the position can arise (one-line `PositionError` naming the
field): a card twice or not in the pack, 5 piles a player, hand and table sizes that fit the
trick, a misère contract, leaders and sources that do not follow from the tricks' winners, the
first trick not led from the declarer's hand, a revoke (a hand card exactly; a table card
against the table cards face up since the deal, the only ones known to have been face up then).
The record it returns, `TablePosition`, lives in `trainer.position` (beside `Position`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.bidding import parse_bid
from trainer.cards import Card, Seat, sort_key
from trainer.codes import (
    _card_in,
    _field,
    check_places,
    parse_play,
    parse_seat,
    read_joker_suit,
)
from trainer.errors import PositionError, TrainerError, shown
from trainer.position import TablePosition
from trainer.rules import (
    CardOrder,
    Play,
    RuleSet,
    Trick,
    legal_plays,
    nameable_suits,
    order_for,
)
from trainer.two_player import (
    HAND,
    PILES,
    SOURCES,
    TABLE,
    TableTrick,
    trick_turns,
)

_FIELDS = {"contract", "declarer", "hands", "tables", "leader", "lead_from", "trick", "history",
           "joker_suit", "rules"}


def parse_table_position(obj: Mapping[str, Any], rules: RuleSet) -> TablePosition:
    """A 2-player position from its JSON object (module docstring), ``rules`` already read.
    Raises `PositionError` naming the field or card."""
    try:
        return _parse(obj, rules)
    except PositionError:
        raise
    except TrainerError as exc:
        raise PositionError(str(exc)) from None


def _parse(obj: Mapping[str, Any], rules: RuleSet) -> TablePosition:
    unknown = set(obj) - _FIELDS
    if unknown:
        raise PositionError(f"{sorted(unknown)[0]}: unknown field")
    try:
        contract = parse_bid(_field(obj, "contract", str))
    except PositionError:
        raise
    except TrainerError as exc:
        raise PositionError(f"contract: {exc}") from None
    if contract.misere:
        raise PositionError("contract: misère is not played by 2 players (002: \"misère jest "
                            "niedozwolone\")")
    declarer = parse_seat(_field(obj, "declarer", str), rules, "declarer")
    leader = parse_seat(_field(obj, "leader", str), rules, "leader")
    lead_from = _source(_field(obj, "lead_from", str, HAND), "lead_from")
    joker_suit = read_joker_suit(obj, contract.trump, rules, "no trumps")
    hands = _hands(_field(obj, "hands", Mapping), rules)
    tables, null_piles = _tables(_field(obj, "tables", Mapping), rules)
    trick = tuple(_card_in(c, "trick", parse_play) for c in _field(obj, "trick", list, []))
    if len(trick) >= 4:
        raise PositionError(f"trick: {len(trick)} cards; a finished trick goes in history")
    history = tuple(_history(_field(obj, "history", list, []), rules))
    turns = trick_turns(leader, lead_from, rules.seats)
    trick_piles = _trick_piles(turns, trick, tables, null_piles)
    pos = TablePosition(contract, declarer, hands, leader, trick, history, joker_suit, rules,
                        tables=tables, lead_from=lead_from, trick_piles=trick_piles)
    _check(pos)
    return pos


def _source(value: Any, where: str) -> str:
    if value not in SOURCES:
        raise PositionError(f"{where}: {shown(value)} is not \"hand\" or \"table\"")
    return str(value)


def _hands(hands_obj: Mapping[str, Any], rules: RuleSet) -> dict[Seat, tuple[Card, ...]]:
    hands: dict[Seat, tuple[Card, ...]] = {}
    for key, cards in hands_obj.items():
        seat = parse_seat(key, rules, "hands")
        if not isinstance(cards, list):
            raise PositionError(f"hands.{seat}: expected a list of card codes")
        hands[seat] = tuple(sorted((_card_in(c, f"hands.{seat}") for c in cards), key=sort_key))
    for seat in rules.seats:
        if seat not in hands:
            raise PositionError(f"hands.{seat}: missing")
    return {s: hands[s] for s in rules.seats}


def _tables(tables_obj: Mapping[str, Any], rules: RuleSet
            ) -> tuple[dict[Seat, tuple[tuple[Card, ...], ...]], dict[Seat, int]]:
    """Each seat's 5 piles, and the pile written with a null top (at most one a seat)."""
    tables: dict[Seat, tuple[tuple[Card, ...], ...]] = {}
    nulls: dict[Seat, int] = {}
    for key, piles in tables_obj.items():
        seat = parse_seat(key, rules, "tables")
        where = f"tables.{seat}"
        if not isinstance(piles, list) or len(piles) != PILES:
            raise PositionError(f"{where}: expected a list of {PILES} piles, each a list of "
                                "card codes bottom first ([] once both are played)")
        out: list[tuple[Card, ...]] = []
        for i, pile in enumerate(piles):
            if not isinstance(pile, list) or len(pile) > 2:
                raise PositionError(f"{where}[{i}]: a pile is a list of at most 2 cards, the "
                                    "face-down card first")
            if len(pile) == 2 and pile[1] is None:
                if seat in nulls:
                    raise PositionError(f"{where}[{i}]: only one pile a player can have its "
                                        "face-up card in the current trick (null)")
                nulls[seat] = i
                pile = pile[:1]
            out.append(tuple(_card_in(c, f"{where}[{i}]") for c in pile))
        tables[seat] = tuple(out)
    for seat in rules.seats:
        if seat not in tables:
            raise PositionError(f"tables.{seat}: missing")
    return {s: tables[s] for s in rules.seats}, nulls


def _history(items: list[Any], rules: RuleSet) -> list[TableTrick]:
    out: list[TableTrick] = []
    for i, t in enumerate(items):
        where = f"history[{i}]"
        if not isinstance(t, Mapping) or not {"leader", "cards"} <= set(t) \
                or not set(t) <= {"leader", "from", "cards"}:
            raise PositionError(f"{where}: expected {{\"leader\": seat, \"from\": \"hand\", "
                                "\"cards\": [4 codes]}")
        t_leader = parse_seat(t["leader"], rules, f"{where}.leader")
        source = _source(t.get("from", HAND), f"{where}.from")
        if not isinstance(t["cards"], list) or len(t["cards"]) != 4:
            raise PositionError(f"{where}.cards: a trick has 4 cards (leader, other, leader, "
                                "other)")
        plays = tuple(_card_in(c, where, parse_play) for c in t["cards"])
        turns = trick_turns(t_leader, source, rules.seats)
        out.append(TableTrick(plays, tuple(s for s, _ in turns), tuple(x for _, x in turns),
                              (None,) * 4))
    return out


def _trick_piles(turns: tuple[tuple[Seat, str], ...], trick: tuple[Play, ...],
                 tables: Mapping[Seat, tuple[tuple[Card, ...], ...]],
                 nulls: Mapping[Seat, int]) -> tuple[int | None, ...]:
    """The pile of each table card of the current trick: the seat's null pile, else an empty
    pile (the card was the pile's last)."""
    piles: list[int | None] = []
    played_table: set[Seat] = set()
    for (seat, source), _ in zip(turns, trick, strict=False):
        if source == HAND:
            piles.append(None)
            continue
        played_table.add(seat)
        if seat in nulls:
            piles.append(nulls[seat])
            continue
        empty = [i for i, p in enumerate(tables[seat]) if not p]
        if not empty:
            raise PositionError(f"tables.{seat}: {seat} played a table card to this trick; "
                                "write its pile [\"down\", null], or [] if it was the last")
        piles.append(empty[0])
    for seat, i in nulls.items():
        if seat not in played_table:
            raise PositionError(f"tables.{seat}[{i}]: null marks a card played to the current "
                                f"trick, but {seat} has not played from the table in it")
    return tuple(piles)


def _check(pos: TablePosition) -> None:
    rules = pos.rules
    seats = rules.seats
    order = order_for(pos.contract.trump, False, rules, pos.joker_suit)
    places = [(f"hands.{s}", c) for s, h in pos.hands.items() for c in h]
    places += [(f"tables.{s}[{i}]", c) for s, piles in pos.tables.items()
               for i, p in enumerate(piles) for c in p]
    places += [("trick", p.card) for p in pos.trick]
    places += [(f"history[{i}]", p.card) for i, t in enumerate(pos.history) for p in t.plays]
    check_places(places, rules)
    # Sizes: each trick takes one hand and one table card from each player.
    turns = trick_turns(pos.leader, pos.lead_from, seats)
    played = turns[: len(pos.trick)]
    size = max(len(pos.hands[s]) + (1 if (s, HAND) in played else 0) for s in seats)
    if size == 0:
        raise PositionError("hands: every hand is empty; there is nothing left to play")
    for seat in seats:
        for source in (HAND, TABLE):
            want = size - (1 if (seat, source) in played else 0)
            have = len(pos.hands[seat]) if source == HAND else \
                sum(len(p) for p in pos.tables[seat])
            if have != want:
                name = f"hands.{seat}" if source == HAND else f"tables.{seat}"
                raise PositionError(f"{name}: {have} cards, but {size} tricks to go with the "
                                    f"trick from {pos.leader} need {want} there")
        if sum(1 for p in pos.tables[seat] if len(p) == 2) > size:
            raise PositionError(f"tables.{seat}: more untouched piles than tricks to go")
    if len(pos.history) + size > 10:
        raise PositionError(f"history: {len(pos.history)} tricks played and {size} to go make "
                            "more than 10")
    if len(pos.history) + size == 10:
        _check_first_lead(pos)
    if pos.joker_suit is not None:
        holder = next((w for w, c in places if c.is_joker), "")
        if holder.startswith(("hands.", "tables.")) and \
                not holder.startswith((f"hands.{pos.declarer}", f"tables.{pos.declarer}")):
            raise PositionError(f"joker_suit: only the declarer nominates, but {holder} holds "
                                "the joker")
    _replay(pos, order)


def _check_first_lead(pos: TablePosition) -> None:
    """The first trick of the hand: the declarer's hand card first (002), or the other
    player's under ``first_lead="dealer_left"`` (whose dealer a position does not say)."""
    first = pos.history[0] if pos.history else None
    leader = first.leader if first is not None else pos.leader
    source = first.sources[0] if first is not None else pos.lead_from
    field = "history[0]" if first is not None else "lead_from"
    if source != HAND:
        raise PositionError(f"{field}: the first trick is led from the hand (002)")
    if pos.rules.first_lead == "declarer" and leader is not pos.declarer:
        raise PositionError(f"{'history[0].leader' if first else 'leader'}: the declarer "
                            f"{pos.declarer} leads to the first trick")


def _replay(pos: TablePosition, order: CardOrder) -> None:
    """Leaders and sources follow from the winners; no revoke (module docstring)."""
    seats = pos.rules.seats
    tricks: list[tuple[str, Seat, str, tuple[Play, ...]]] = [
        (f"history[{i}]", t.leader, t.sources[0], t.plays)  # type: ignore[attr-defined]
        for i, t in enumerate(pos.history)
    ]
    tricks.append(("trick", pos.leader, pos.lead_from, pos.trick))
    later_hand = {s: list(pos.hands[s]) for s in seats}
    for _, t_leader, source, plays in tricks:
        for (seat, src), p in zip(trick_turns(t_leader, source, seats), plays, strict=False):
            if src == HAND:
                later_hand[seat].append(p.card)
    # Table cards face up since the deal: the tops of untouched piles (and, in the current
    # trick, every face-up card).
    sure_up = {s: [p[-1] for p in pos.tables[s] if len(p) == 2] for s in seats}
    now_up = {s: [p[-1] for i, p in enumerate(pos.tables[s])
                  if p and i not in _pending(pos, s)] for s in seats}
    done: list[Trick] = []
    for where, t_leader, source, plays in tricks:
        if done:
            prev = done[-1]
            win = order.trick_winner(prev.plays)
            want = (prev.seats[win], prev.sources[win])  # type: ignore[attr-defined]
            if (t_leader, source) != want:
                field = ("leader" if where == "trick" else f"{where}.leader") \
                    if t_leader is not want[0] else \
                    ("lead_from" if where == "trick" else f"{where}.from")
                raise PositionError(f"{field}: {t_leader} leads from the {source}, but "
                                    f"{want[0]} won the trick before with a {want[1]} card")
        turns = trick_turns(t_leader, source, seats)
        for k, ((seat, src), p) in enumerate(zip(turns, plays, strict=False)):
            if src == HAND:
                later_hand[seat].remove(p.card)
                holding = [p.card, *later_hand[seat]]
            else:
                pool = now_up[seat] if where == "trick" else sure_up[seat]
                holding = [p.card, *(c for c in pool if c != p.card)]
            if p in legal_plays(holding, plays[:k], order, pos.rules, seat, done):
                continue
            raise PositionError(f"{where}: {p.code}: {_reason(p, k, seat, src, order, done, pos)}")
        if where != "trick":
            done.append(TableTrick(plays, tuple(s for s, _ in turns),
                                   tuple(x for _, x in turns), (None,) * 4))


def _pending(pos: TablePosition, seat: Seat) -> set[int]:
    turns = trick_turns(pos.leader, pos.lead_from, pos.rules.seats)
    return {pile for (s, _), pile in zip(turns, pos.trick_piles, strict=False)
            if s is seat and pile is not None}


def _reason(p: Play, k: int, seat: Seat, source: str, order: CardOrder, done: list[Trick],
            pos: TablePosition) -> str:
    if p.card.is_joker and p.named is not None and k > 0:
        return "only a led joker is written with a named suit"
    if p.card.is_joker and k == 0 and order.free_joker:
        names = nameable_suits(seat, done, order, pos.rules)
        return (f"a joker led now must name one of {', '.join(s.value for s in names)}"
                if names else "the joker may not be led now")
    if p.named is not None:
        return "the joker has a nominated suit or is a trump here"
    where = "hand" if source == HAND else "face-up table cards"
    return f"{seat} revokes: it holds a card of the suit led in its {where}"
