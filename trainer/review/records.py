"""Hand records from other programs: Trickster Cards' PTN ("Portable Trick-taking Notation",
its PBN dialect for 500), plain PBN-style records, and the trainer's own record JSON, read into
a `trainer.game.HandRecord` that `GameHand.from_record` replays.

``read_record(text) -> HandRecord`` reads the first game of a file; ``read_records`` all of
them; ``import_record`` / ``import_records`` also give the Event title and the
GameOptionsJson keys that were ignored (`ImportedRecord`). Text starting with ``{`` (or ``[``
for a list) is the trainer's record JSON (`HandRecord.to_json`): its deal is checked whole
(`trainer.game.hand.check_deal`: ten cards for every seat of the table, the kitty, the 2-player
table piles, each card once) and it is replayed play by play, so a bad field is one line
naming it (``record: hands: no hand for E (a 4-player table)``, ``record: plays: play 21
(JK:S): ...``).

A record from Trickster Cards (`is_trickster`: its ``[GameCode "FiveHundred"]`` tag, or an
Event starting "Trickster Cards") is read with Trickster's defaults for the options its
GameOptionsJson leaves out (`trainer.review.options`), its 3-player seats S W E, and its forms
(from its exports and ``TestBots/PTN.cs`` in github.com/TricksterCards/TricksterBots):
``[Deal "E:Q86.T5.876.6.H ..."]`` from the dealer with the joker ``H``, ``[Undealt
"C8HQS5"]`` and the kitty tags as runs of suit-first codes, the kitty tags with the
declarer's seat first (``[CardsAdded "W:S5HQC8"]``, ``[CardsRemoved "W:H7H9HQ"]``; another
seat is an error), calls with suit symbols (``6♣``, ``8NT``, ``Misère``, the American inkles
``i♠`` ... ``iNT`` as 6-level bids), ``-`` in the Auction for a seat that is out, and Play lines
in suit-first codes with the joker ``JH``. Its other tags (GameScores, the players' names,
the dates) are not read.

The tags (names in any case; the tag layer and its tolerance are `trainer.review.pbn`):

- ``Deal`` (required): ``"E:hand hand hand hand"``, the hands clockwise from the named seat,
  each ``S.H.D.C`` with a fifth field holding the joker (``AKQ.JT9..32.H``), ``-`` for a hand
  not given (one missing hand, or the kitty, is worked out from the pack). 3, 4 or 6 hands;
  the 2-player game's table piles have no PBN form (import its record JSON instead).
- Seats: N E S W; 6 players N NE SE S SW NW. At 3 players the trainer's seats are N E W;
  Trickster's 3-player table is S W E, so a 3-player record from Trickster, or naming seat S
  anywhere, is turned half a turn (S to N, W to E, E to W), which keeps the clockwise order
  (`trainer.review.seating`).
- ``Dealer``; else the seat before the Auction's first caller; else the Deal's first seat
  (Trickster writes the dealer there).
- ``Undealt`` (the kitty), or ``CardsAdded`` (the kitty the declarer picked up, after an
  optional ``"W:"``; it must agree with Undealt when both are given), or the cards no hand
  holds. Card lists are codes split by spaces or commas, or runs without spaces.
- ``Auction "S"``: the calls from the named seat on (Pass / P, 6S or 6♠ ... 10NT, MIS / Misere /
  Nullo, OMIS / Open Misere, ``i♠`` / ``iNT`` for a 6-level inkle, AP for all pass); ``-`` or
  a pass in the turn of a player who is out is skipped. An auction that ends in a contract
  gives the record's calls; one that does not end is left out and Contract/Declarer are used.
- ``Contract`` (6C, 7NT, 8♠, MIS / Misere / Nullo, OMIS / Open Misere) and ``Declarer``:
  required without a complete auction; with one they must agree with it.
- ``CardsRemoved`` (the declarer's discard, after an optional ``"W:"``); without it the
  discard is worked out when the Play shows all ten of the declarer's cards. ``JokerSuit``: a
  suit nominated for the joker.
- ``Play "W"``: one line per trick, the cards in fixed seat columns clockwise from the named
  seat (the first leader), ``-`` for no card, ``*`` ending the play; a misère declarer's partner
  has ``-`` (or no column). The plays are put in the order played by the engine: each trick
  from the seat on lead, clockwise, the next leader the trick's winner. A play that stops part
  way is kept as far as it goes. A joker led at no trumps or misère with no suit written is
  given the suit most of the other players followed with.
- ``GameScores`` (Trickster Cards): the game's score before the hand, ``"S:340 510 340 510"``,
  one score a seat clockwise from the named one (`ImportedRecord.scores`; the review then
  grades by the chance of winning the game where the score decides).
- ``GameOptionsJson``: rule options (`trainer.review.options`). If the Play's seat is not the
  first leader under them and first_lead was not given, the other first_lead is tried.

Errors: `RecordError`, one line naming the tag, e.g. ``Deal: hand 2 has 9 cards, expected
10``, ``Play: trick 4: E cannot play 9H: E must follow clubs``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from trainer.bidding import MISERE, OPEN_MISERE, PASS, Auction, Bid, parse_bid
from trainer.cards import Card, Deal, Rank, Seat, Suit, sort_key
from trainer.errors import RecordError, TrainerError, shown
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.play import first_leader
from trainer.review.options import OptionsRead, read_options
from trainer.review.pbn import Game, Tag, read_cards, read_games, read_hand, seat_prefix
from trainer.review.replay import exchange, play_rows, replay
from trainer.review.seating import SeatNames
from trainer.rules import RuleSet, check_card_in_pack


@dataclass(frozen=True)
class ImportedRecord:
    """A record read from a file, its Event title, the GameOptionsJson keys ignored, and the
    game's score before the hand when the record gives it (``GameScores``: each seat's score,
    a seat's side's score repeated for each of its players)."""

    record: HandRecord
    title: str | None = None
    ignored_options: tuple[str, ...] = ()
    scores: tuple[tuple[Seat, int], ...] = ()


def read_record(text: str) -> HandRecord:
    """The first hand record of a PTN/PBN file, or the trainer's record JSON. Raises
    `RecordError` naming the tag (module docstring)."""
    return import_record(text).record


def read_records(text: str) -> list[HandRecord]:
    """Every hand record of a file, in order."""
    return [r.record for r in import_records(text)]


def import_record(text: str) -> ImportedRecord:
    """`read_record` with the title and the ignored options."""
    if _is_json(text):
        return import_records(text)[0]
    return _from_game(read_games(text)[0])


def import_records(text: str) -> list[ImportedRecord]:
    """`read_records` with the titles and the ignored options."""
    if not _is_json(text):
        return [_from_game(g) for g in read_games(text)]
    obj = _load(text)
    items = obj if isinstance(obj, list) else [obj]
    if not items:
        raise RecordError("record: the list is empty")
    return [ImportedRecord(_from_json(o)) for o in items]


def _is_json(text: str) -> bool:
    """An object, or a list of them (``[`` then ``{``; a PBN file starts ``[Tag``)."""
    start = text.lstrip("\ufeff \t\r\n")
    return start[:1] == "{" or (start[:1] == "[" and start[1:].lstrip()[:1] in ("{", "]"))


def _load(text: str) -> Any:
    try:
        return json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"record: not valid JSON ({exc.msg} at line {exc.lineno} column "
                          f"{exc.colno})") from None
    except (RecursionError, ValueError):
        raise RecordError("record: JSON that cannot be read (nested too deeply or a number "
                          "too long)") from None


def _from_json(obj: Any) -> HandRecord:
    if not isinstance(obj, Mapping):
        raise RecordError("record: expected a JSON object")
    try:
        record = HandRecord.from_json(obj)
    except KeyError as exc:
        raise RecordError(f"record: {exc.args[0]}: missing") from None
    except TrainerError as exc:
        text = str(exc)
        raise RecordError(text if text.startswith("record: ") else f"record: {text}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"record: {shown(str(exc), 60)}") from None
    try:
        hand = GameHand.from_record(record, upto=0)
    except TrainerError as exc:
        raise RecordError(f"record: {exc}") from None
    for i, play in enumerate(record.plays, 1):
        try:
            hand.play(play)
        except TrainerError as exc:
            reason = str(exc).removeprefix(f"play {play}: ")
            raise RecordError(f"record: plays: play {i} ({play}): {reason}") from None
    return record


# --- the game ---------------------------------------------------------------------------------


def is_trickster(game: Game) -> bool:
    """True for a record Trickster Cards wrote: its ``GameCode`` tag, or its Event title."""
    code = (game.value("GameCode") or "").replace(" ", "").lower()
    return code in ("fivehundred", "500") or (game.value("Event") or "").lower().startswith(
        "trickster cards")


def _from_game(game: Game) -> ImportedRecord:
    trickster = is_trickster(game)
    opts = _options(game, trickster)
    deal_text = game.value("Deal")
    if deal_text is None:
        raise RecordError("Deal: missing")
    first_text, _, hands_text = deal_text.rpartition(":")
    hand_texts = hands_text.split()
    n = len(hand_texts)
    if n == 2:
        raise RecordError("Deal: 2 hands: the 2-player game's table piles have no PBN form "
                          "(import the trainer's record JSON instead)")
    if n not in (3, 4, 6):
        raise RecordError(f"Deal: {n} hands; a table has 3, 4 or 6 players")
    given = dict(opts.options).get("players")
    if given is not None and given != n:
        raise RecordError(f"Deal: {n} hands, but GameOptionsJson says {given} players")
    names = SeatNames(n, game, first_text or None, trickster)
    hands = [read_hand(t, f"Deal: hand {i}") for i, t in enumerate(hand_texts, 1)]
    deck = dict(opts.options).get("deck") or (45 if n == 4 and _has_black_four(hands) else 43)
    rules = opts.rules(players=n, deck=deck)
    dealer = _dealer(game, names, first_text)
    first = names.seat(first_text, "Deal") if first_text else dealer
    deal = _deal(game, rules, names.clockwise(first), hands, dealer)
    auction = _auction(game.get("Auction"), rules, dealer, names)
    calls, contract, declarer = _contract(game, auction, names)
    for tag in ("CardsAdded", "CardsRemoved"):
        _check_taker(game, tag, names, declarer)
    rules = _first_lead(game, rules, opts, contract, declarer, dealer, names)
    record = HandRecord(rules=rules, deal=deal, calls=calls,
                        contract=None if calls else contract,
                        declarer=None if calls else declarer)
    try:
        hand = GameHand.from_record(record)
    except TrainerError as exc:
        raise RecordError(f"{'Auction' if calls else 'Contract'}: {exc}") from None
    rows = play_rows(game.get("Play"), rules, contract, declarer, names)
    if hand.phase is Phase.EXCHANGE:
        exchange(game, hand, rows)
    replay(hand, rows)
    return ImportedRecord(hand.to_record(), game.value("Event"), opts.ignored,
                          _game_scores(game, names, rules))


def _game_scores(game: Game, names: SeatNames, rules: RuleSet) -> tuple[tuple[Seat, int], ...]:
    """``[GameScores "S:340 510 340 510"]`` (Trickster Cards: the score before the hand, one
    number a seat clockwise from the named one) as (seat, score) pairs; () without the tag."""
    text = game.value("GameScores")
    if not text:
        return ()
    first, _, numbers = text.rpartition(":")
    values = numbers.split()
    if not first or len(values) != len(rules.seats):
        raise RecordError(f"GameScores: expected a seat, a colon and {len(rules.seats)} "
                          f"scores, not {shown(text)}")
    seats = names.clockwise(names.seat(first.strip(), "GameScores"))
    try:
        return tuple(zip(seats, (int(v) for v in values), strict=True))
    except ValueError:
        raise RecordError(f"GameScores: {shown(text)}: a score is not a whole number") from None


def _options(game: Game, trickster: bool) -> OptionsRead:
    text = game.value("GameOptionsJson")
    if text is None:
        return read_options({}, trickster=trickster)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(f"GameOptionsJson: not valid JSON: {shown(text)}") from None
    return read_options(obj, trickster=trickster)


def _check_taker(game: Game, tag: str, names: SeatNames, declarer: Seat | None) -> None:
    """Trickster's ``[CardsAdded "W:..."]``: the seat before the colon is the declarer's."""
    text = game.value(tag)
    seat_text = seat_prefix(text)[0] if text is not None else None
    if seat_text is None:
        return
    seat = names.seat(seat_text, tag)
    if declarer is None:
        raise RecordError(f"{tag}: the cards of {seat}, but the hand has no declarer")
    if seat is not declarer:
        raise RecordError(f"{tag}: the cards of {seat}, but the declarer is {declarer}")


def _has_black_four(hands: Iterable[tuple[Card, ...] | None]) -> bool:
    return any(c.rank is Rank.FOUR and c.suit in (Suit.SPADES, Suit.CLUBS)
               for h in hands if h for c in h)


def _dealer(game: Game, names: SeatNames, first_text: str) -> Seat:
    tag = game.value("Dealer")
    dealer = names.seat(tag, "Dealer") if tag is not None else None
    auction = game.value("Auction")
    if auction is not None:
        caller = names.seat(auction, "Auction")
        before = names.table[names.table.index(caller) - 1]
        if dealer is not None and dealer is not before:
            left = names.clockwise(dealer)[1]
            raise RecordError(f"Auction: the first call is by {caller}, but the dealer "
                              f"{dealer}'s left is {left}")
        return before
    if dealer is not None:
        return dealer
    return names.seat(first_text, "Deal") if first_text else names.table[0]


def _deal(game: Game, rules: RuleSet, order: list[Seat],
          hands: list[tuple[Card, ...] | None], dealer: Seat) -> Deal:
    """The Deal from the hands (in ``order``) and the kitty, checked card by card."""
    places: dict[Card, str] = {}

    def place(cards: Iterable[Card], where: str, label: str) -> None:
        for card in cards:
            try:
                check_card_in_pack(card, rules)
            except TrainerError:
                raise RecordError(f"{where}: card {card} is not in the {len(rules.pack)}-card "
                                  "pack") from None
            if card in places:
                raise RecordError(f"{where}: card {card} is also in {places[card]}")
            places[card] = label

    for i, hand in enumerate(hands, 1):
        if hand is not None:
            if len(hand) != 10:
                raise RecordError(f"Deal: hand {i} has {len(hand)} cards, expected 10")
            place(hand, f"Deal: hand {i}", f"hand {i}")
    kitty, kitty_tag = _kitty(game, places)
    if kitty is not None:
        if len(kitty) != rules.kitty_size:
            raise RecordError(f"{kitty_tag}: {len(kitty)} cards, the kitty has "
                              f"{rules.kitty_size}")
        place(kitty, kitty_tag, "the kitty")
    missing = [f"the hand of {order[i]}" for i, h in enumerate(hands) if h is None]
    missing += ["the kitty"] if kitty is None else []
    rest = tuple(c for c in rules.pack if c not in places)
    if len(missing) > 1:
        raise RecordError(f"Deal: {' and '.join(missing)} are not given; only one hand or the "
                          "kitty can be worked out from the pack")
    if missing:
        want = rules.kitty_size if kitty is None else 10
        if len(rest) != want:
            raise RecordError(f"Deal: {missing[0]} would have {len(rest)} cards, expected {want}")
        if kitty is None:
            kitty = rest
        else:
            hands = [rest if h is None else h for h in hands]
    by_seat = {s: tuple(sorted(h or (), key=sort_key)) for s, h in zip(order, hands, strict=True)}
    return Deal(dealer=dealer, hands={s: by_seat[s] for s in rules.seats},
                kitty=tuple(kitty or ()))


def _kitty(game: Game, places: Mapping[Card, str]) -> tuple[tuple[Card, ...] | None, str]:
    def free(card: Card) -> bool:
        return card not in places

    undealt = game.value("Undealt", "Kitty")
    added = game.value("CardsAdded")
    added = seat_prefix(added)[1] if added is not None else None
    kitty = read_cards(undealt, "Undealt", free) if undealt is not None else None
    picked = read_cards(added, "CardsAdded", free) if added is not None else None
    if kitty is not None and picked is not None and set(kitty) != set(picked):
        raise RecordError("CardsAdded: " + " ".join(c.code for c in picked)
                          + " is not the kitty given by Undealt")
    if kitty is not None:
        return kitty, "Undealt"
    return picked, "CardsAdded"


# --- auction and contract ---------------------------------------------------------------------


def _bid(text: str, where: str) -> Bid:
    raw = text.strip().upper().replace(" ", "").replace("È", "E").replace("_", "")
    if raw in ("MIS", "MISERE", "NULLO", "NUL", "NULO"):
        return MISERE
    if raw in ("OMIS", "OPENMISERE", "OPENNULLO", "OPENMIS", "OPENNULO"):
        return OPEN_MISERE
    if raw.startswith("I") and raw[1:2] != "6" and len(raw) <= 3:  # an inkle: iNT, i♠
        raw = "6" + raw[1:]
    elif raw.startswith("I6"):
        raw = raw[1:]
    try:
        return parse_bid(raw)
    except TrainerError:
        raise RecordError(f"{where}: {shown(text)} is not a contract (6S ... 10NT, MIS, "
                          "OMIS)") from None


def _call_tokens(tag: Tag) -> list[str]:
    tokens: list[str] = []
    for line in tag.data:
        for token in line.split():
            if token == "*":
                return tokens
            if token.startswith(("$", "=")):  # NAGs and notes
                continue
            if tokens and tokens[-1].upper() == "OPEN":
                tokens[-1] += " " + token
            else:
                tokens.append(token.rstrip("!?"))
    return tokens


def _auction(tag: Tag | None, rules: RuleSet, dealer: Seat, names: SeatNames) -> Auction | None:
    if tag is None or not tag.value.strip():
        return None
    auction = Auction(rules, dealer)
    seat = names.seat(tag.value, "Auction")
    for i, token in enumerate(_call_tokens(tag), 1):
        word = token.upper()
        is_pass = word in ("P", "PASS", "-", "AP")
        if auction.is_over:
            if is_pass:
                continue
            raise RecordError(f"Auction: call {i} ({shown(token)}) comes after the auction ended")
        if word == "AP":
            while not auction.is_over:
                auction.call(PASS)
            continue
        if word != "-":
            call = PASS if is_pass else _bid(token, f"Auction: call {i}")
            if seat is auction.to_call:
                try:
                    auction.call(call)
                except TrainerError as exc:
                    raise RecordError(f"Auction: call {i} by {seat}: {exc}") from None
            elif call != PASS:
                raise RecordError(f"Auction: call {i} ({call}) by {seat}: it is "
                                  f"{auction.to_call}'s turn")
        seat = rules.next_seat(seat)
    return auction


def _contract(game: Game, auction: Auction | None,
              names: SeatNames) -> tuple[tuple[str, ...], Bid | None, Seat | None]:
    """The calls (per turn, empty when the auction is not used), the contract and declarer."""
    text = game.value("Contract")
    contract = _bid(text, "Contract") if text is not None else None
    who = game.value("Declarer")
    declarer = names.seat(who, "Declarer") if who is not None else None
    if auction is not None and auction.is_over:
        calls = tuple(c.code if isinstance(c, Bid) else c for c in auction.calls)
        if auction.contract is None:  # passed out or thrown in
            return calls, None, None
        if contract is not None and contract != auction.contract:
            raise RecordError(f"Contract: {contract}, but the auction ends in {auction.contract}")
        if declarer is not None and declarer is not auction.declarer:
            raise RecordError(f"Declarer: {declarer}, but the auction's declarer is "
                              f"{auction.declarer}")
        return calls, auction.contract, auction.declarer
    if contract is None:
        raise RecordError("Contract: missing")
    if declarer is None:
        raise RecordError("Declarer: missing")
    return (), contract, declarer


def _first_lead(game: Game, rules: RuleSet, opts: OptionsRead, contract: Bid | None,
                declarer: Seat | None, dealer: Seat, names: SeatNames) -> RuleSet:
    """``rules``, with the other first_lead when the Play's seat says so (module docstring)."""
    text = game.value("Play")
    if text is None or contract is None:
        return rules
    lead = names.seat(text, "Play")
    expected = first_leader(rules, contract, declarer, dealer)
    if lead is expected:
        return rules
    other = rules.with_options(
        first_lead="dealer_left" if rules.first_lead == "declarer" else "declarer")
    if not opts.gives("first_lead") and first_leader(other, contract, declarer, dealer) is lead:
        return other
    raise RecordError(f"Play: the first lead is by {lead}, but {expected} leads under these "
                      f"rules (first_lead={rules.first_lead})")
