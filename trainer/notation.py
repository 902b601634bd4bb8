"""Card codes, hands and the position JSON of docs/DESIGN.md: parse, format, and reject the
impossible.

Input accepts lower case, ``10`` for ``T`` and the suit symbols ♠♣♦♥; output is canonical
(``TH``, ``JK``, ``13D``, ``JK:H`` for a joker led with a named suit). Every error is a
`trainer.errors.TrainerError` whose message names the bad field or card.

The card codes live in `trainer.codes` and the position records in `trainer.position`, below
both position parsers (this module's and `trainer.notation_two`'s, the 2-player one it hands
``"players": 2`` positions to); their names are importable from here as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trainer.bidding import parse_bid
from trainer.cards import JOKER, Card, Seat, sort_key
from trainer.codes import (
    _card_in,
    _field,
    check_places,
    format_hand,
    load_json,
    parse_card,
    parse_hand,
    parse_play,
    parse_seat,
    parse_suit,
    read_joker_suit,
)
from trainer.errors import PositionError, TrainerError
from trainer.notation_two import parse_table_position
from trainer.play import active_seats
from trainer.position import Position
from trainer.rules import (
    Play,
    Trick,
    legal_plays,
    nameable_suits,
    order_for,
    ruleset,
)

__all__ = ["Position", "format_hand", "load_json", "parse_card", "parse_hand", "parse_play",
           "parse_position", "parse_seat", "parse_suit"]


def parse_position(data: str | Mapping[str, Any]) -> Position:
    """A position from its JSON text or object (docs/DESIGN.md), checked to be one that can arise.

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


def _parse_position(obj: Mapping[str, Any]) -> Position:
    try:
        rules = ruleset(obj.get("rules"))
    except TrainerError as exc:
        raise PositionError(str(exc) if str(exc).startswith("rules") else f"rules: {exc}") from None
    if rules.players == 2:  # hands and table piles (RULES.md §1, 002): trainer.notation_two
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
    joker_suit = read_joker_suit(obj, contract.trump, rules, "no trumps and misère")

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
        raise PositionError("joker_suit: only the declarer nominates the joker's suit, and "
                            "the declarer neither holds it nor has played it")
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
    places = [(f"hands.{s}", c) for s, h in pos.hands.items() for c in h]
    places += [("trick", p.card) for p in pos.trick]
    places += [(f"history[{i}]", p.card) for i, t in enumerate(pos.history) for p in t.plays]
    check_places(places, rules)
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
