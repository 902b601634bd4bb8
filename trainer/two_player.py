"""The 2-player game in play: hands, table piles, four-card tricks (RULES.md §1, 002).

002, "Wersja dla 2 graczy": each player holds 10 cards and has 5 table piles, a face-down card
with a face-up card on it. Each trick has 4 cards: each player plays one card from hand and one
face-up table card. The first trick is the declarer's hand card, the opponent's hand card, the
declarer's table card, the opponent's table card ("najpierw kartę z ręki zagrywa rozgrywający,
następnie jego przeciwnik ... Następnie rozgrywający zagrywa kartę ze stołu, a potem to samo
robi jego przeciwnik"). After that the trick's winner starts, and the order is hand, hand,
table, table if the last trick was won by a hand card, table, table, hand, hand if by a table
card ("jeśli gracz wziął poprzednią lewę kartą z ręki ... ze stołu"): always winner, other,
winner, other, the first two from ``lead_from``. A face-down card turns up at the end of the
trick in which the card on it was played ("odkrywa się ją na koniec lewy"). Players follow the
effective suit led with the cards they may play at that moment: their hand when playing from
hand, their face-up table cards when playing from the table (`trainer.rules.legal_plays` on
those cards).

`TablePlayState` is a `trainer.play.PlayState` (push / pop / legal_plays / history / copy) with
the table piles: ``tables[seat]`` is a list of 5 piles, each a list of cards bottom first (a
pile of two: face-down card, face-up card; the top card is face up, except the card left on a
pile whose face-up card went to the current trick: it turns up when the trick ends).
Completed tricks are `TableTrick` records: each play's seat, source (``"hand"`` or
``"table"``) and pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.bidding import Bid
from trainer.cards import JOKER, Card, Deal, Seat, Suit, sort_key
from trainer.errors import CardError, IllegalPlayError, RuleError
from trainer.play import PlayState, exchange_kitty, first_leader
from trainer.rules import Play, RuleSet, Trick, legal_plays

HAND = "hand"
TABLE = "table"
SOURCES = (HAND, TABLE)
PILES = 5
"""Table piles per player (002: "5 kart zakrytych, a na nich po jednej karcie odkrytej")."""


def other_source(source: str) -> str:
    return TABLE if source == HAND else HAND


def trick_turns(leader: Seat, lead_from: str, seats: Sequence[Seat]) -> tuple[tuple[Seat, str],
                                                                              ...]:
    """The four turns of a trick: (seat, source) for the leader, the other, the leader, the
    other; the first two from ``lead_from``, the last two from the other source (002)."""
    other = seats[1] if leader is seats[0] else seats[0]
    second = other_source(lead_from)
    return ((leader, lead_from), (other, lead_from), (leader, second), (other, second))


@dataclass(frozen=True)
class TableTrick(Trick):
    """A completed 2-player trick: the four plays (leader, other, leader, other), their seats,
    ``sources`` (``"hand"``/``"table"``) and ``piles`` (the pile index of each table card,
    None for a hand card or when not known, as in a position's history)."""

    sources: tuple[str, ...] = ()
    piles: tuple[int | None, ...] = ()

    @property
    def lead_from(self) -> str:
        return self.sources[0]


@dataclass
class TablePlayState(PlayState):
    """The play of a 2-player hand (module docstring). ``lead_from`` is the source of the
    current trick's first two cards; ``trick_piles`` the pile of each card of the current trick
    (None for hand cards). ``to_play`` is the seat to move and ``to_play_from`` its source.

    Raises `RuleError` if the rules are not the 2-player game or the contract is a misère.
    """

    tables: dict[Seat, list[list[Card]]] = field(default_factory=dict)
    lead_from: str = HAND
    trick_piles: list[int | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.rules.players != 2:
            raise RuleError("players: table piles are played by 2 players only")
        if self.contract is not None and self.contract.misere:
            raise RuleError("contract: misère is not played by 2 players (002)")
        if self.lead_from not in SOURCES:
            raise RuleError(f"lead_from: {self.lead_from!r} is not hand or table")
        super().__post_init__()

    # --- whose turn --------------------------------------------------------------------------

    def turns(self) -> tuple[tuple[Seat, str], ...]:
        return trick_turns(self.leader, self.lead_from, self.seats)

    @property
    def turn(self) -> tuple[Seat, str] | None:
        """(seat, source) of the next play, or None once the hand is over."""
        if self.is_over:
            return None
        return self.turns()[len(self.trick)]

    @property
    def to_play(self) -> Seat | None:
        turn = self.turn
        return None if turn is None else turn[0]

    @property
    def to_play_from(self) -> str | None:
        """``"hand"`` or ``"table"``: where the seat to move plays from (None when over)."""
        turn = self.turn
        return None if turn is None else turn[1]

    def trick_seats(self) -> tuple[Seat, ...]:
        return tuple(s for s, _ in self.turns()[: len(self.trick)])

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        played = self.turns()[: len(self.trick)]
        return len(self.hands[self.leader]) + (1 if (self.leader, HAND) in played else 0)

    # --- the table ---------------------------------------------------------------------------

    def pending_pile(self, seat: Seat) -> int | None:
        """The pile whose face-up card ``seat`` played to the current trick (its card below is
        still face down until the trick ends), or None."""
        for (s, source), pile in zip(self.turns(), self.trick_piles, strict=False):
            if s is seat and source == TABLE:
                return pile
        return None

    def face_up(self, seat: Seat) -> list[Card]:
        """``seat``'s face-up table cards: the tops of its non-empty piles (002)."""
        pending = self.pending_pile(seat)
        return [p[-1] for i, p in enumerate(self.tables[seat]) if p and i != pending]

    def face_down(self, seat: Seat) -> list[Card]:
        """``seat``'s face-down table cards."""
        pending = self.pending_pile(seat)
        return [c for i, p in enumerate(self.tables[seat])
                for c in (p if i == pending else p[:-1])]

    def available(self, seat: Seat, source: str) -> list[Card]:
        """The cards ``seat`` may play from ``source`` at this moment."""
        return list(self.hands[seat]) if source == HAND else self.face_up(seat)

    def cards_of(self, seat: Seat) -> list[Card]:
        """Every card ``seat`` still has: hand, then table (face-up and face-down)."""
        return list(self.hands[seat]) + [c for p in self.tables[seat] for c in p]

    # --- legal plays -------------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """Legal plays of the seat to move from its source (RULES.md §1, §4, §5)."""
        turn = self.turn
        if turn is None:
            return []
        seat, source = turn
        return legal_plays(self.available(seat, source), self.trick, self.order, self.rules,
                           seat, self.history)

    def why_illegal(self, play: Play) -> str | None:
        """None if ``play`` is legal now, else the reason in words."""
        turn = self.turn
        if turn is None:
            return "the hand is over"
        seat, source = turn
        if play.card not in self.available(seat, source):
            where = "hand" if source == HAND else "face-up table cards"
            if play.card in self.hands[seat]:
                return f"{seat} plays from the table now; {play.card} is in the hand"
            if play.card in self.face_up(seat):
                return f"{seat} plays from the hand now; {play.card} is on the table"
            if play.card in self.face_down(seat):
                return f"{play.card} is face down on {seat}'s table"
            return f"{seat} does not hold {play.card} in the {where}"
        if play in self.legal_plays():
            return None
        if play.card.is_joker and self.order.free_joker:
            if not self.trick:
                named = [p.code for p in self.legal_plays() if p.card.is_joker]
                return ("the joker is led with a suit that may be named: " + ", ".join(named)
                        if named else "no suit may be named for the joker now")
            return "the joker may be played only when its holder cannot follow suit"
        if not self.trick:  # a joker led naming a suit, when it is a trump or nominated
            return ("the joker is led naming a suit only when it is free (no trumps or "
                    "misère, no suit nominated)")
        led = self.order.play_suit(self.trick[0])
        name = led.noun if led is not None else "the suit led"
        where = "hand" if source == HAND else "face-up table cards"
        return f"{seat} must follow {name} from the {where}"

    # --- push / pop --------------------------------------------------------------------------

    def push(self, play: Play | Card) -> Trick | None:
        """Play a card for the seat to move; returns the `TableTrick` if this play completed
        it. When a trick ends, its winner leads the next from the source of the winning card,
        and the face-down cards under the table cards played turn up. Raises
        `IllegalPlayError` with the reason for an illegal play."""
        play = self._legal(play)
        seat, source = self.turns()[len(self.trick)]
        pile: int | None = None
        if source == HAND:
            self.hands[seat].remove(play.card)
        else:
            piles = self.tables[seat]
            pile = next(i for i, p in enumerate(piles) if p and p[-1] == play.card)
            piles[pile].pop()
        self.trick.append(play)
        self.trick_piles.append(pile)
        if len(self.trick) < 4:
            return None
        turns = self.turns()
        done = TableTrick(tuple(self.trick), tuple(s for s, _ in turns),
                          tuple(src for _, src in turns), tuple(self.trick_piles))
        self.history.append(done)
        win = self.order.trick_winner(done.plays)
        self.leader, self.lead_from = turns[win]
        self.trick = []
        self.trick_piles = []
        return done

    def pop(self) -> Play:
        """Undo the last play (reopening the last trick if it was complete). Raises
        `IllegalPlayError` when nothing has been played, or when the pile of a table card is
        not known (a trick of a position's history)."""
        if not self.trick:
            if not self.history:
                raise IllegalPlayError("pop: nothing has been played")
            done = self.history[-1]
            if not isinstance(done, TableTrick) or (
                done.sources[3] == TABLE and done.piles[3] is None
            ):
                raise IllegalPlayError("pop: the pile of that trick's table card is not known")
            self.history.pop()
            self.leader, self.lead_from = done.leader, done.lead_from
            self.trick = list(done.plays)
            self.trick_piles = list(done.piles)
        k = len(self.trick) - 1
        seat, source = self.turns()[k]
        pile = self.trick_piles[k]
        if source == TABLE and pile is None:
            raise IllegalPlayError("pop: the pile of that table card is not known")
        play = self.trick.pop()
        self.trick_piles.pop()
        if source == HAND:
            self.hands[seat].append(play.card)
            self.hands[seat].sort(key=sort_key)
        else:
            assert pile is not None
            self.tables[seat][pile].append(play.card)
        return play

    def copy(self) -> TablePlayState:
        return TablePlayState(
            self.rules, self.contract, self.declarer,
            {s: list(h) for s, h in self.hands.items()}, self.leader,
            list(self.trick), list(self.history), self.joker_suit,
            tables={s: [list(p) for p in piles] for s, piles in self.tables.items()},
            lead_from=self.lead_from, trick_piles=list(self.trick_piles),
        )


def joker_visible_to(state: TablePlayState, seat: Seat) -> bool:
    """True when ``seat`` holds the joker where it can see it: in hand or face up on its
    table (a face-down card is unknown to its owner too)."""
    return JOKER in state.hands[seat] or JOKER in state.face_up(seat)


def start_table_play(
    deal: Deal,
    contract: Bid,
    declarer: Seat,
    discard: Sequence[Card],
    rules: RuleSet,
    joker_suit: Suit | None = None,
) -> TablePlayState:
    """The 2-player hand in play after the auction: the declarer takes the kitty and discards
    three from the hand (`trainer.play.exchange_kitty`; the table cards are not exchanged,
    RULES.md §1), and leads a hand card (002: "Zwycięzca licytacji rozpoczyna rozgrywkę,
    zagrywając dowolną kartę z ręki"; under ``first_lead="dealer_left"`` the other player does).

    ``joker_suit``: a no-trump declarer who holds the joker in hand or face up on the table may
    nominate its suit before the first lead, under ``nominate_joker`` (RULES.md §5, as
    `trainer.play.start_play`). Raises `CardError` for a bad discard or a deal without tables,
    `IllegalPlayError` for a nomination not allowed, `RuleError` for a misère or other table.
    """
    if rules.players != 2:
        raise RuleError("players: the table piles are the 2-player game's")
    if deal.tables is None:
        raise CardError("deal: a 2-player deal has table piles")
    if contract.misere:
        raise RuleError("contract: misère is not played by 2 players (002)")
    hands = {s: list(h) for s, h in deal.hands.items()}
    hands[declarer] = list(exchange_kitty(hands[declarer], deal.kitty, discard, rules))
    if joker_suit is not None:
        if contract.trump is not None:
            raise IllegalPlayError("joker_suit: only a no-trump declarer nominates")
        if not rules.nominate_joker:
            raise IllegalPlayError("joker_suit: these rules do not let the joker be nominated "
                                   "before the first lead (002, the American game)")
        face_up = [up for _, up in deal.tables[declarer]]
        if JOKER not in hands[declarer] and JOKER not in face_up:
            raise IllegalPlayError("joker_suit: the declarer does not hold the joker in hand "
                                   "or face up on the table")
    return TablePlayState(
        rules=rules, contract=contract, declarer=declarer, hands=hands,
        leader=first_leader(rules, contract, declarer, deal.dealer),
        joker_suit=joker_suit,
        tables={s: [list(p) for p in piles] for s, piles in deal.tables.items()},
        lead_from=HAND,
    )
