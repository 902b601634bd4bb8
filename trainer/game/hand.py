"""One hand from the deal to the score: auction, kitty exchange, ten tricks (RULES.md §3-§6).

`GameHand` is the state machine a whole game (`trainer.game.game`), the bots (`trainer.bots`)
and the review (`trainer.review`) share. It is mutable, like `PlayState`; `HandRecord` is its
frozen, JSON-ready form: the deal and every action, from which `GameHand.from_record` replays
the hand exactly. A record imported from another program may lack the auction: it then gives
``contract`` and ``declarer`` directly (``calls`` empty).

Phases (`Phase`): AUCTION (`call`), EXCHANGE (the declarer takes the kitty and discards,
`exchange`, with a no-trump or misère joker nominated under ``nominate_joker``), PLAY (`play`),
then DONE, or THROWN_IN when the auction ends with the hand redealt (all passed under
``all_pass="redeal"``, or a 6-level bid under ``six_level_informational``). An all-pass hand
under ``all_pass="play_no_trumps"`` goes straight to PLAY with no declarer. The 2-player game
plays with its table piles (`trainer.two_player`).

Errors: `BidError`, `CardError`, `IllegalPlayError` naming the call or card, raised before
anything changes. `HandRecord.from_json` checks each field's type and the deal whole
(`check_deal`), so a bad record is one `TrainerError` naming its field (``record: hands: no
hand for E (a 4-player table)``), never a `KeyError` later in the replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from trainer.bidding import Auction, Bid, parse_bid, parse_call
from trainer.cards import JOKER, Card, Deal, Seat, Suit
from trainer.codes import parse_card, parse_play, parse_suit
from trainer.errors import BidError, IllegalPlayError, TrainerError
from trainer.play import PlayState, exchange_kitty, start_play
from trainer.rules import Play, RuleSet, preset_name, ruleset
from trainer.scoring import GameScore, HandScore, score_hand
from trainer.two_player import start_table_play

T = TypeVar("T")


class Phase(Enum):
    AUCTION = "auction"
    EXCHANGE = "exchange"
    PLAY = "play"
    DONE = "done"
    THROWN_IN = "thrown_in"


@dataclass(frozen=True)
class HandRecord:
    """A hand as dealt and played: the deal (hands of 10, the kitty, the dealer, the 2-player
    table piles), the calls one per turn from the dealer's left (`Auction.calls` codes), the
    declarer's discard, the joker's nominated suit, and the plays in order. ``contract`` and
    ``declarer`` are needed only when ``calls`` is empty (an imported hand without its
    auction); with calls they must agree with the auction or be None."""

    rules: RuleSet
    deal: Deal
    calls: tuple[str, ...] = ()
    discard: tuple[Card, ...] = ()
    joker_suit: Suit | None = None
    plays: tuple[Play, ...] = ()
    contract: Bid | None = None
    declarer: Seat | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (`from_json` reads it back)."""
        deal = self.deal
        out: dict[str, Any] = {
            "rules": preset_name(self.rules),
            "dealer": deal.dealer.value,
            "hands": {s.value: [c.code for c in h] for s, h in deal.hands.items()},
            "kitty": [c.code for c in deal.kitty],
            "calls": list(self.calls),
            "discard": [c.code for c in self.discard],
            "joker_suit": self.joker_suit.value if self.joker_suit else None,
            "plays": [p.code for p in self.plays],
        }
        if deal.tables is not None:
            out["tables"] = {s.value: [[d.code, u.code] for d, u in piles]
                             for s, piles in deal.tables.items()}
        if not self.calls and self.contract is not None:
            out["contract"] = self.contract.code
            out["declarer"] = self.declarer.value if self.declarer else None
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> HandRecord:
        """The record `to_json` wrote; raises `TrainerError` naming a bad field."""
        try:
            return cls._read(obj)
        except TrainerError:
            raise
        except KeyError as e:
            raise TrainerError(f"record: {e.args[0]}: missing") from None
        except (TypeError, ValueError, AttributeError) as e:
            raise TrainerError(f"record: {str(e)[:60]}") from None

    @classmethod
    def _read(cls, obj: Mapping[str, Any]) -> HandRecord:
        rules = ruleset(obj.get("rules"))
        dealer = _field("dealer", Seat, obj["dealer"])
        hands_obj = obj["hands"]
        if not isinstance(hands_obj, Mapping):
            raise TrainerError("record: hands: expected an object of seats and their cards")
        hands = {}
        for name, cards in hands_obj.items():
            seat = _field("hands", Seat, name)
            hands[seat] = _field(f"hands: {seat}", _cards, cards)
        tables_obj = obj.get("tables")
        tables = None if tables_obj is None else _field("tables", _tables, tables_obj)
        deal = Deal(dealer=dealer, hands=hands, kitty=_field("kitty", _cards, obj["kitty"]),
                    tables=tables)
        check_deal(deal, rules)
        contract = obj.get("contract")
        declarer = obj.get("declarer")
        joker_suit = obj.get("joker_suit")
        return cls(
            rules=rules, deal=deal, calls=_field("calls", _codes, obj.get("calls", [])),
            discard=_field("discard", _cards, obj.get("discard", [])),
            joker_suit=_field("joker_suit", _suit, joker_suit) if joker_suit else None,
            plays=tuple(_field(f"plays: play {i}", parse_play, p) for i, p in
                        enumerate(_field("plays", _codes, obj.get("plays", [])), 1)),
            contract=_field("contract", parse_bid, contract) if contract else None,
            declarer=_field("declarer", Seat, declarer) if declarer else None,
        )


def _field(name: str, read: Callable[[Any], T], value: Any) -> T:
    """``read(value)``, an error in it naming the record's field ``name``."""
    try:
        return read(value)
    except TrainerError as e:
        text = str(e)
        raise TrainerError(f"record: {text}" if text.startswith(f"{name}:") else
                           f"record: {name}: {text}") from None
    except (TypeError, ValueError, AttributeError) as e:
        raise TrainerError(f"record: {name}: {str(e)[:60]}") from None


def _suit(value: Any) -> Suit:
    return parse_suit(value, "joker_suit")


def _codes(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TrainerError("expected a list of codes")
    return tuple(value)


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise TrainerError("expected a list of card codes")
    return tuple(parse_card(c) for c in value)


def _tables(value: Any) -> dict[Seat, tuple[tuple[Card, Card], ...]]:
    if not isinstance(value, Mapping):
        raise TrainerError("expected an object of seats and their piles")
    out = {}
    for name, piles in value.items():
        if not isinstance(piles, list) or not all(isinstance(p, list) and len(p) == 2
                                                  for p in piles):
            raise TrainerError(f"{name}: expected a list of [face down, face up] pairs")
        out[Seat(name)] = tuple((parse_card(d), parse_card(u)) for d, u in piles)
    return out


def check_deal(deal: Deal, rules: RuleSet) -> None:
    """A deal a hand can be played from: the dealer at the table, ten cards for every seat and
    no other, the kitty's size, five table piles a seat in the 2-player game (none elsewhere),
    every card of the pack once. Raises `TrainerError` naming the record's field."""
    table = rules.seats
    players = f"{rules.players}-player table"
    if deal.dealer not in table:
        raise TrainerError(f"record: dealer: {deal.dealer} does not sit at a {players}")
    for seat in deal.hands:
        if seat not in table:
            raise TrainerError(f"record: hands: {seat} does not sit at a {players}")
    for seat in table:
        if seat not in deal.hands:
            raise TrainerError(f"record: hands: no hand for {seat} (a {players})")
        if len(deal.hands[seat]) != 10:
            raise TrainerError(f"record: hands: {seat} has {len(deal.hands[seat])} cards, "
                               "expected 10")
    if len(deal.kitty) != rules.kitty_size:
        raise TrainerError(f"record: kitty: {len(deal.kitty)} cards, expected {rules.kitty_size}")
    places = [(f"hands: {s}", c) for s, h in deal.hands.items() for c in h]
    places += [("kitty", c) for c in deal.kitty]
    if rules.players == 2:
        if deal.tables is None:
            raise TrainerError("record: tables: missing (the 2-player game's table piles)")
        for seat in table:
            piles = deal.tables.get(seat, ())
            if len(piles) != 5:
                raise TrainerError(f"record: tables: {seat} has {len(piles)} piles, expected 5")
        places += [(f"tables: {s}", c) for s, ps in deal.tables.items() for p in ps for c in p]
        if set(deal.tables) - set(table):
            raise TrainerError("record: tables: a seat that is not at this table")
    elif deal.tables is not None:
        raise TrainerError("record: tables: only the 2-player game has table piles")
    pack = set(rules.pack)
    seen: dict[Card, str] = {}
    for where, card in places:
        if card not in pack:
            raise TrainerError(f"record: {where}: {card} is not in the {len(pack)}-card pack")
        if card in seen:
            raise TrainerError(f"record: {where}: {card} is also in {seen[card]}")
        seen[card] = where


class GameHand:
    """One hand in progress (module docstring)."""

    def __init__(self, rules: RuleSet, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.auction = Auction(rules, deal.dealer)
        self.phase = Phase.AUCTION
        self.contract: Bid | None = None
        self.declarer: Seat | None = None
        self.discard: tuple[Card, ...] = ()
        self.joker_suit: Suit | None = None
        self.state: PlayState | None = None
        self.plays: list[Play] = []

    # --- replay --------------------------------------------------------------------------------

    @classmethod
    def from_record(cls, record: HandRecord, upto: int | None = None) -> GameHand:
        """Replay ``record``; with ``upto``, only its first ``upto`` plays. Raises the engine's
        error naming the first call, discard or card that is not allowed."""
        hand = cls(record.rules, record.deal)
        if record.calls:
            for call in record.calls:
                hand.auction_call_turn(call)
        elif record.contract is not None or record.declarer is not None:
            if record.contract is None or record.declarer is None:
                raise BidError("contract: an imported hand gives both contract and declarer")
            hand.set_contract(record.contract, record.declarer)
        elif record.discard or record.plays:
            raise BidError("calls: the hand has neither an auction nor a contract")
        if hand.phase is Phase.EXCHANGE and (record.discard or record.plays):
            hand.exchange(record.discard, record.joker_suit)
        plays = record.plays if upto is None else record.plays[:upto]
        for play in plays:
            hand.play(play)
        return hand

    def to_record(self) -> HandRecord:
        imported = not self.auction.calls and self.contract is not None
        return HandRecord(
            rules=self.rules, deal=self.deal,
            calls=tuple(c.code if isinstance(c, Bid) else c for c in self.auction.calls),
            discard=self.discard, joker_suit=self.joker_suit, plays=tuple(self.plays),
            contract=self.contract if imported else None,
            declarer=self.declarer if imported else None,
        )

    # --- whose turn ----------------------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        """The seat to call, discard or play next; None when the hand is over or thrown in."""
        if self.phase is Phase.AUCTION:
            return self.auction.to_call
        if self.phase is Phase.EXCHANGE:
            return self.declarer
        if self.phase is Phase.PLAY:
            assert self.state is not None
            return self.state.to_play
        return None

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.DONE, Phase.THROWN_IN)

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s cards now: dealt, after the exchange, minus the cards played (2 players:
        the hand only, not the table piles)."""
        if self.state is not None:
            return tuple(self.state.hands.get(seat, ()))
        return self.deal.hands[seat]

    def kitty_pool(self) -> tuple[Card, ...]:
        """The declarer's hand and the kitty, from which the discard is chosen."""
        if self.declarer is None:
            raise IllegalPlayError("discard: the hand has no declarer")
        return tuple(self.deal.hands[self.declarer]) + tuple(self.deal.kitty)

    # --- actions -------------------------------------------------------------------------------

    def call(self, call: Bid | str) -> None:
        """The next call of the auction (by `to_act`). Raises `BidError` saying why not."""
        if self.phase is not Phase.AUCTION:
            raise BidError(f"call {call}: the auction is over")
        self.auction.call(parse_call(call) if isinstance(call, str) else call)
        self._after_call()

    def auction_call_turn(self, code: str) -> None:
        """Replay one per-turn code of `Auction.calls` (an implicit pass of a seat that is out
        included)."""
        if self.phase is not Phase.AUCTION:
            raise BidError(f"call {code}: the auction is over")
        self.auction = Auction(self.rules, self.deal.dealer,
                               [*self.auction.calls, parse_call(code)])
        self._after_call()

    def _after_call(self) -> None:
        auction = self.auction
        if not auction.is_over:
            return
        if auction.thrown_in:
            self.phase = Phase.THROWN_IN
        elif auction.passed_out:  # all_pass="play_no_trumps": no kitty, no declarer
            self.state = start_play(self.deal, None, None, (), self.rules)
            self.phase = Phase.PLAY
        else:
            self.contract, self.declarer = auction.contract, auction.declarer
            self.phase = Phase.EXCHANGE

    def set_contract(self, contract: Bid, declarer: Seat) -> None:
        """Skip the auction (an imported hand): ``declarer`` plays ``contract``."""
        if self.phase is not Phase.AUCTION or self.auction.calls:
            raise BidError("contract: the auction has begun")
        if declarer not in self.rules.seats:
            raise BidError(f"declarer: {declarer} does not sit at this table")
        self.contract, self.declarer = contract, declarer
        self.phase = Phase.EXCHANGE

    def may_nominate(self, discard: Iterable[Card]) -> bool:
        """True when the declarer, keeping the cards left after ``discard``, may nominate the
        joker's suit (a no-trump or misère contract, ``nominate_joker``, the joker kept; 2
        players: also face up on the table). RULES.md §5."""
        contract = self.contract
        if contract is None or contract.trump is not None or not self.rules.nominate_joker:
            return False
        assert self.declarer is not None
        kept = set(self.kitty_pool()) - set(discard)
        if JOKER in kept:
            return True
        tables = self.deal.tables
        return tables is not None and any(up == JOKER for _, up in tables[self.declarer])

    def exchange(self, discard: Sequence[Card], joker_suit: Suit | None = None) -> None:
        """The declarer takes the kitty and discards ``discard`` (RULES.md §4), nominating
        ``joker_suit`` if given. Raises `CardError` / `IllegalPlayError` saying why not."""
        if self.phase is not Phase.EXCHANGE:
            raise IllegalPlayError("discard: it is not the time to discard")
        assert self.contract is not None and self.declarer is not None
        exchange_kitty(self.deal.hands[self.declarer], self.deal.kitty, discard, self.rules)
        if self.rules.players == 2:
            self.state = start_table_play(self.deal, self.contract, self.declarer, discard,
                                          self.rules, joker_suit)
        else:
            self.state = start_play(self.deal, self.contract, self.declarer, discard, self.rules,
                                    joker_suit)
        self.discard = tuple(discard)
        self.joker_suit = joker_suit
        self.phase = Phase.PLAY

    def legal_plays(self) -> list[Play]:
        return self.state.legal_plays() if self.phase is Phase.PLAY and self.state else []

    def play(self, play: Play | Card) -> None:
        """The next card (by `to_act`). Raises `IllegalPlayError` saying why not."""
        if self.phase is not Phase.PLAY or self.state is None:
            raise IllegalPlayError(f"play {play}: it is not the time to play a card")
        self.state.push(play)
        # the play as made (a bare card becomes a Play; a led free joker keeps its suit)
        self.plays.append(self.state.trick[-1] if self.state.trick
                          else self.state.history[-1].plays[-1])
        if self.state.is_over:
            self.phase = Phase.DONE

    # --- result --------------------------------------------------------------------------------

    def tricks_by_side(self) -> dict[tuple[Seat, ...], int]:
        assert self.state is not None
        return self.state.tricks_by_side()

    def declarer_tricks(self) -> int:
        """Tricks of the declarer's side so far (misère: the declarer's own)."""
        assert self.state is not None
        return self.state.declarer_tricks()

    def hand_score(self) -> HandScore | None:
        """The declarer's score once the hand is over (None: thrown in, or no declarer)."""
        if self.phase is not Phase.DONE or self.contract is None:
            return None
        return score_hand(self.contract, self.declarer_tricks(), self.rules)

    def score_into(self, game: GameScore) -> GameScore:
        """``game`` after this hand (RULES.md §6, §7); a thrown-in hand changes nothing."""
        if self.phase is Phase.THROWN_IN:
            return game
        if self.phase is not Phase.DONE:
            raise IllegalPlayError("score: the hand is not over")
        if self.contract is None:
            return game.after_all_pass(self.tricks_by_side(), self.rules)
        assert self.declarer is not None
        # a misère declarer's partners sit out, so the side's tricks are the declarer's own
        return game.after_hand(self.contract, self.declarer, self.tricks_by_side(), self.rules)
