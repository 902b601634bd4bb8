"""A hand in play: the kitty exchange, tricks, push/pop, whose turn, and the history (RULES.md §4).

`PlayState` is mutable, like python-chess's Board: `push` a play, `pop` it back. Completed
tricks are frozen `Trick` records. Search code copies what it needs into its own bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trainer.bidding import Bid
from trainer.cards import JOKER, Card, Deal, Seat, Suit, sort_key
from trainer.errors import CardError, IllegalPlayError
from trainer.rules import CardOrder, Play, RuleSet, Trick, legal_plays, order_for


def exchange_kitty(
    hand: Iterable[Card], kitty: Iterable[Card], discard: Iterable[Card], rules: RuleSet
) -> tuple[Card, ...]:
    """The declarer's hand after taking the kitty and discarding (RULES.md §4).

    ``discard`` must be as many cards as the kitty holds (3; 5 with the 45-card pack), each from
    the hand or the kitty, none twice. Returns the kept cards in display order. Raises
    `CardError` naming the bad card.
    """
    pool = list(hand) + list(kitty)
    chosen = list(discard)
    if len(chosen) != rules.kitty_size:
        raise CardError(f"discard: {len(chosen)} cards, the declarer discards {rules.kitty_size}")
    if len(set(chosen)) != len(chosen):
        raise CardError("discard: a card is named twice")
    for card in chosen:
        if card not in pool:
            raise CardError(f"discard: {card} is not in the declarer's hand or the kitty")
    kept = [c for c in pool if c not in chosen]
    return tuple(sorted(kept, key=sort_key))


def active_seats(rules: RuleSet, contract: Bid | None, declarer: Seat | None) -> tuple[Seat, ...]:
    """Seats that play this hand, clockwise: all but a misère declarer's partners (RULES.md §3)."""
    if contract is None or not contract.misere or declarer is None:
        return rules.seats
    partners = set(rules.side_of(declarer)) - {declarer}
    return tuple(s for s in rules.seats if s not in partners)


@dataclass
class PlayState:
    """The play of one hand after the kitty exchange.

    ``contract`` None means an all-pass hand played at no trumps (``all_pass="play_no_trumps"``,
    no declarer). ``hands`` holds the cards still held by each active seat. ``leader`` led the
    current ``trick``; ``history`` holds the completed tricks, oldest first. ``joker_suit`` is the
    suit a no-trump or misère declarer nominated for the joker before the first lead.
    """

    rules: RuleSet
    contract: Bid | None
    declarer: Seat | None
    hands: dict[Seat, list[Card]]
    leader: Seat
    trick: list[Play] = field(default_factory=list)
    history: list[Trick] = field(default_factory=list)
    joker_suit: Suit | None = None

    def __post_init__(self) -> None:
        trump = self.contract.trump if self.contract is not None else None
        misere = self.contract is not None and self.contract.misere
        self.order: CardOrder = order_for(trump, misere, self.rules, self.joker_suit)
        self.seats: tuple[Seat, ...] = active_seats(self.rules, self.contract, self.declarer)

    # --- whose turn --------------------------------------------------------------------------

    @property
    def to_play(self) -> Seat | None:
        """The seat to play next, or None once all the tricks are played."""
        if self.is_over:
            return None
        i = self.seats.index(self.leader)
        return self.seats[(i + len(self.trick)) % len(self.seats)]

    @property
    def is_over(self) -> bool:
        return not self.trick and all(not h for h in self.hands.values())

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return max((len(h) for h in self.hands.values()), default=0)

    def trick_seats(self) -> tuple[Seat, ...]:
        """The seats that have played to the current trick, from the leader."""
        i = self.seats.index(self.leader)
        return tuple(self.seats[(i + k) % len(self.seats)] for k in range(len(self.trick)))

    @property
    def declarer_exposed(self) -> bool:
        """True once an open misère declarer's hand is face up (RULES.md §3)."""
        if self.contract is None or not self.contract.open:
            return False
        return self.rules.open_misere_reveal == "before_first_lead" or bool(self.history)

    # --- legal plays -------------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """The legal plays of the seat to move (RULES.md §4, §5); empty when the hand is over."""
        seat = self.to_play
        if seat is None:
            return []
        return legal_plays(self.hands[seat], self.trick, self.order, self.rules, seat,
                           self.history)

    def why_illegal(self, play: Play) -> str | None:
        """None if ``play`` is legal now, else the reason in words."""
        seat = self.to_play
        if seat is None:
            return "the hand is over"
        if play.card not in self.hands[seat]:
            return f"{seat} does not hold {play.card}"
        if play in self.legal_plays():
            return None
        if play.card.is_joker and self.order.free_joker:
            if not self.trick:
                return ("the joker is led with a suit that may be named: "
                        + ", ".join(p.code for p in self.legal_plays() if p.card.is_joker)
                        or "no suit may be named before the last trick")
            return "the joker may be played only when its holder cannot follow suit"
        if not self.trick:  # a joker led naming a suit, when it is a trump or nominated
            return ("the joker is led naming a suit only when it is free (no trumps or "
                    "misère, no suit nominated)")
        led = self.order.play_suit(self.trick[0])
        name = led.noun if led is not None else "the suit led"
        return f"{seat} must follow {name}"

    # --- push / pop --------------------------------------------------------------------------

    def push(self, play: Play | Card) -> Trick | None:
        """Play a card for the seat to move; returns the trick if this play completed it.

        A bare `Card` is accepted where it is unambiguous (not a free joker led with a choice of
        suits). Raises `IllegalPlayError` with the reason for an illegal play.
        """
        play = self._legal(play)
        seat = self.to_play
        assert seat is not None
        self.hands[seat].remove(play.card)
        self.trick.append(play)
        if len(self.trick) < len(self.seats):
            return None
        done = Trick(tuple(self.trick), self.trick_seats())
        self.history.append(done)
        self.leader = self.trick_winner_seat(done)
        self.trick = []
        return done

    def _legal(self, play: Play | Card) -> Play:
        """``play`` as a `Play` (a bare `Card` where unambiguous, `push`) if it is legal now;
        else raises `IllegalPlayError` with the reason."""
        if isinstance(play, Card):
            options = [p for p in self.legal_plays() if p.card == play]
            play = options[0] if len(options) == 1 else Play(play)
        reason = self.why_illegal(play)
        if reason is not None:
            raise IllegalPlayError(f"play {play}: {reason}")
        return play

    def pop(self) -> Play:
        """Undo the last play (reopening the last trick if it was complete).

        Raises `IllegalPlayError` when nothing has been played in this state's history.
        """
        if not self.trick:
            if not self.history:
                raise IllegalPlayError("pop: nothing has been played")
            done = self.history.pop()
            self.leader = done.leader
            self.trick = list(done.plays)
        play = self.trick.pop()
        seat = self.seats[(self.seats.index(self.leader) + len(self.trick)) % len(self.seats)]
        self.hands[seat].append(play.card)
        self.hands[seat].sort(key=sort_key)
        return play

    # --- results -----------------------------------------------------------------------------

    def trick_winner_seat(self, trick: Trick) -> Seat:
        return trick.seats[self.order.trick_winner(trick.plays)]

    def tricks_won(self) -> dict[Seat, int]:
        """Completed tricks won by each active seat."""
        won = {s: 0 for s in self.seats}
        for trick in self.history:
            won[self.trick_winner_seat(trick)] += 1
        return won

    def tricks_by_side(self) -> dict[tuple[Seat, ...], int]:
        """Completed tricks won by each side (`RuleSet.sides`)."""
        out = {side: 0 for side in self.rules.sides()}
        for seat, n in self.tricks_won().items():
            out[self.rules.side_of(seat)] += n
        return out

    def declarer_tricks(self) -> int:
        """Completed tricks of the declarer's side (misère: of the declarer alone)."""
        if self.declarer is None:
            raise IllegalPlayError("an all-pass hand has no declarer")
        won = self.tricks_won()
        return sum(won.get(s, 0) for s in self.rules.side_of(self.declarer))

    def copy(self) -> PlayState:
        return PlayState(
            self.rules, self.contract, self.declarer,
            {s: list(h) for s, h in self.hands.items()}, self.leader,
            list(self.trick), list(self.history), self.joker_suit,
        )


def first_leader(
    rules: RuleSet, contract: Bid | None, declarer: Seat | None, dealer: Seat
) -> Seat:
    """Who leads to the first trick (RULES.md §4): the declarer, or under
    ``first_lead="dealer_left"`` (and on an all-pass hand) the first active seat left of the
    dealer."""
    if declarer is not None and rules.first_lead == "declarer":
        return declarer
    active = active_seats(rules, contract, declarer)
    seat = rules.next_seat(dealer)
    while seat not in active:
        seat = rules.next_seat(seat)
    return seat


def start_play(
    deal: Deal,
    contract: Bid | None,
    declarer: Seat | None,
    discard: Sequence[Card],
    rules: RuleSet,
    joker_suit: Suit | None = None,
) -> PlayState:
    """The hand in play after the auction: the declarer takes the kitty and discards
    (`exchange_kitty`), a misère declarer's partners lay down their hands, and the first leader
    is on lead. An all-pass hand (``contract`` None) has no kitty exchange: pass no discard.

    ``joker_suit`` may be nominated only by a no-trump or misère declarer holding the joker
    after the exchange, under ``nominate_joker`` (RULES.md §5, 001; not in the American game,
    002); raises `IllegalPlayError` otherwise.
    """
    hands: dict[Seat, list[Card]] = {s: list(h) for s, h in deal.hands.items()}
    if declarer is not None:
        hands[declarer] = list(exchange_kitty(hands[declarer], deal.kitty, discard, rules))
    elif discard:
        raise CardError("discard: an all-pass hand has no declarer to discard")
    if joker_suit is not None:
        if contract is None or contract.trump is not None:
            raise IllegalPlayError("joker_suit: only a no-trump or misère declarer nominates")
        if not rules.nominate_joker:
            raise IllegalPlayError("joker_suit: these rules do not let the joker be nominated "
                                   "before the first lead (002, the American game)")
        if declarer is None or JOKER not in hands[declarer]:
            raise IllegalPlayError("joker_suit: the declarer does not hold the joker")
    active = active_seats(rules, contract, declarer)
    return PlayState(
        rules=rules,
        contract=contract,
        declarer=declarer,
        hands={s: hands[s] for s in active},
        leader=first_leader(rules, contract, declarer, deal.dealer),
        joker_suit=joker_suit,
    )
