"""Count and infer (issue 29, "Trainers beyond puzzles"): Lichess's coordinates trainer for 500.

A count hand (`count_hand`) is a seeded deal played out by the bots: every call by
`trainer.policy.choose_bid`, the declarer's discard by `trainer.policy.choose_discard`, every
card by `trainer.policy.choose_play`. Only hands that end in a trump contract are used (the
questions count trumps): deal seeds ``seed * 20 + k`` are tried for k = 0, 1, ... and the
first whose auction reaches a suit contract is kept (the dealer the deal seed's seat, N E S W).
The learner sits South, always; the declarer is whoever won the auction.

A question (`question_at`) is asked at a moment of that hand (some cards played) and answered
ONLY from what South has seen there (`trainer.bots.sampling.state_knowledge` of the play so far
and, when South is the declarer, South's own discard; RULES.md §4: only the declarer sees the
discard; `trainer.bots.sampling.shown_voids`), never from the hidden cards:

- TRUMPS_OUT "How many trumps are still out?": the trumps (the joker, both bowers and the rest
  of the trump suit, RULES.md §2) South has not seen: not in South's hand, not played and, for
  a declaring South, not in the discard. Partner's trumps are out too: no one sees partner's
  hand (002: there is no dummy).
- LEFT_BOWER "Who can still hold the left bower?": every other seat that has not shown void in
  trumps, and, for a South who is not the declarer, the declarer's discard; no one once it has
  been seen (in South's hand, played, or in South's own discard). Several may be right: the
  learner picks them all.
- DECLARER_VOID "Which suit has the declarer shown void in?" (South not declaring): the suits
  the declarer did not follow when led; "None yet" when there is none. Two or more suits:
  "Which suits has the declarer shown void in?", and the learner picks them all.
- DISCARD (South declaring): the suits (as they follow: the left bower is a trump) of South's
  own three discarded cards. One suit: "Which suit did you discard from?", one click; two or
  three suits: "Which suits did you discard from?", and the learner picks them all (issue 29:
  one right answer, never "any of them").

Each hand gives `PER_HAND` questions at increasing moments, the kinds in an order drawn from
the seed; question ``index`` of a run seed is the same on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from trainer.bidding import Bid
from trainer.bots.sampling import KITTY, shown_voids, state_knowledge
from trainer.cards import JOKER, SUITS, Card, Rank, Seat, Suit, deal
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.play import PlayState
from trainer.policy import choose_bid, choose_discard, choose_play
from trainer.rules import CardOrder, RuleSet, ruleset

LEARNER = Seat.S
PER_HAND = 3
FIRST_MOMENT, LAST_MOMENT = 5, 36
"""The plays made before a question: from early in trick 2 to the last trick."""
SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
DISCARD_PLACE = "The declarer's discard"
SEEN = "No one: it has been seen"
NONE_YET = "None yet"


class CountError(ValueError):
    """A count-and-infer request the trainer cannot serve (a seed below 0, a question index
    below 0, a table other than the 4-player game, no trump contract in the seeds tried)."""


class QuestionKind(Enum):
    TRUMPS_OUT = "trumps_out"
    LEFT_BOWER = "left_bower"
    DECLARER_VOID = "declarer_void"
    DISCARD = "discard"


@dataclass(frozen=True)
class CountHand:
    """A hand the bots played: the deal seed used, its record, contract and declarer."""

    seed: int
    deal_seed: int
    record: HandRecord
    contract: Bid
    declarer: Seat

    def state(self, plays: int) -> PlayState:
        """The play after the first ``plays`` cards (0-40)."""
        hand = GameHand.from_record(self.record, upto=plays)
        assert hand.state is not None
        return hand.state


def _play_out(rules: RuleSet, deal_seed: int) -> GameHand:
    seats = rules.seats
    hand = GameHand(rules, deal(deal_seed, 4, rules.deck, seats[deal_seed % len(seats)]))
    while hand.phase is Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.call(choose_bid(hand.deal.hands[seat], hand.auction))
    if hand.phase is not Phase.EXCHANGE or hand.contract is None or hand.contract.trump is None:
        return hand
    hand.exchange(choose_discard(hand.kitty_pool(), hand.contract, rules))
    while hand.phase is Phase.PLAY:
        assert hand.state is not None
        hand.play(choose_play(hand.state))
    return hand


@lru_cache(maxsize=256)
def count_hand(seed: int, rules: RuleSet | None = None) -> CountHand:
    """The bots' hand of ``seed`` (module docstring). Raises `CountError` for a seed below 0,
    a table other than 4 players, or no suit contract in 200 deal seeds."""
    rules = rules or ruleset()
    if seed < 0:
        raise CountError(f"seed: {seed} is below 0")
    if rules.players != 4:
        raise CountError(f"rules: count and infer covers the 4-player game, not {rules.players}")
    for k in range(200):
        hand = _play_out(rules, seed * 20 + k)
        contract, declarer = hand.contract, hand.declarer
        if hand.phase is Phase.DONE and contract is not None and contract.trump is not None \
                and declarer is not None:
            return CountHand(seed, seed * 20 + k, hand.to_record(), contract, declarer)
    raise CountError(f"seed: no trump contract in deal seeds {seed * 20} to {seed * 20 + 199}")


@dataclass(frozen=True)
class Question:
    """One question at a moment of a hand: the ``text``, the ``choices`` (words on buttons),
    the right ``answer`` (one or more choices), ``multi`` (the learner picks every right
    choice; else any one right choice is right), and ``why``, one line explaining it."""

    kind: QuestionKind
    hand: CountHand
    plays: int
    text: str
    choices: tuple[str, ...]
    answer: frozenset[str]
    multi: bool
    why: str

    def check(self, picked: tuple[str, ...] | list[str] | set[str] | frozenset[str]) -> bool:
        """True when ``picked`` answers it: exactly the right choices (``multi``), else one
        right choice."""
        chosen = frozenset(picked)
        if self.multi:
            return chosen == self.answer
        return len(chosen) == 1 and chosen <= self.answer

    @property
    def state(self) -> PlayState:
        return self.hand.state(self.plays)


def _is_trump(card: Card, order: CardOrder) -> bool:
    return order.effective_suit(card) is order.trump


def _cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.pretty for c in cards) or "none"


def trumps_out(hand: CountHand, plays: int) -> Question:
    """TRUMPS_OUT at ``plays`` (module docstring)."""
    state = hand.state(plays)
    order = state.order
    mine_seen = hand.record.discard if hand.declarer is LEARNER else ()
    know = state_knowledge(state, LEARNER, mine_seen)
    out = sum(_is_trump(c, order) for c in know.unseen)
    every = [c for c in state.rules.pack if _is_trump(c, order)]
    held = [c for c in state.hands[LEARNER] if _is_trump(c, order)]
    played = [p.card for t in state.history for p in t.plays] + [p.card for p in state.trick]
    gone = [c for c in played if _is_trump(c, order)]
    thrown = [c for c in mine_seen if _is_trump(c, order)]
    rng = random.Random(f"choices:{hand.seed}:{plays}")
    start = max(0, min(out - rng.randint(0, 5), len(every) - 5))
    choices = tuple(str(n) for n in range(start, start + 6))
    been = "has" if len(gone) == 1 else "have"
    why = (f"{len(every)} trumps in all; you hold {len(held)}, {len(gone)} {been} been played"
           + (f" and you discarded {len(thrown)}" if thrown else "")
           + f": {out} {'is' if out == 1 else 'are'} still out.")
    return Question(QuestionKind.TRUMPS_OUT, hand, plays, "How many trumps are still out?",
                    choices, frozenset({str(out)}), False, why)


def left_bower(hand: CountHand, plays: int) -> Question:
    """LEFT_BOWER at ``plays`` (module docstring)."""
    state = hand.state(plays)
    trump = hand.contract.trump
    assert trump is not None
    bower = Card(trump.same_colour, Rank.JACK)
    declaring = hand.declarer is LEARNER
    know = state_knowledge(state, LEARNER, hand.record.discard if declaring else ())
    at = state.seats.index(LEARNER)
    others = [state.seats[(at + k) % len(state.seats)] for k in range(1, len(state.seats))]
    choices = tuple(SEAT_WORDS[s] for s in others) + (() if declaring else (DISCARD_PLACE,)) \
        + (SEEN,)
    name = f"The left bower ({bower.pretty})"
    if bower not in know.unseen:
        answer = frozenset({SEEN})
        why = f"{name} {_where_seen(state, bower, hand)}."
        return Question(QuestionKind.LEFT_BOWER, hand, plays,
                        "Who can still hold the left bower?", choices, answer, True, why)
    can: list[str] = []
    void: list[str] = []
    for place in know.places:
        if place.seat is not None:
            (void if trump in place.void else can).append(SEAT_WORDS[place.seat])
        elif place.name == KITTY:
            can.append(DISCARD_PLACE)
    why = f"{name} has not been seen, so it can be with {_list(can)}"
    if void:
        why += f"; not {_list(void, 'or')}, who showed out of trumps"
    return Question(QuestionKind.LEFT_BOWER, hand, plays, "Who can still hold the left bower?",
                    choices, frozenset(can), True, why + ".")


def _list(names: list[str], last: str = "and") -> str:
    words = [n[0].lower() + n[1:] if n == DISCARD_PLACE else n for n in names]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _where_seen(state: PlayState, card: Card, hand: CountHand) -> str:
    if card in state.hands[LEARNER]:
        return "is in your hand"
    if hand.declarer is LEARNER and card in hand.record.discard:
        return "is in your discard"
    for n, t in enumerate(state.history, 1):
        for p, seat in zip(t.plays, t.seats, strict=True):
            if p.card == card:
                return f"was played by {SEAT_WORDS[seat]} in trick {n}"
    at = [p.card for p in state.trick].index(card)
    return f"was played by {SEAT_WORDS[state.trick_seats()[at]]} in this trick"


def declarer_void(hand: CountHand, plays: int) -> Question:
    """DECLARER_VOID at ``plays`` (module docstring): from the tricks South has seen."""
    state = hand.state(plays)
    order = state.order
    who = SEAT_WORDS[hand.declarer]
    shown: list[tuple[Suit, str]] = []
    rows = [(t.plays, t.seats, n) for n, t in enumerate(state.history, 1)]
    if state.trick:
        rows.append((tuple(state.trick), state.trick_seats(), len(state.history) + 1))
    for plays_, seats, n in rows:
        led = order.play_suit(plays_[0])
        if led is None or hand.declarer not in seats[1:]:
            continue
        k = seats.index(hand.declarer)
        if order.play_suit(plays_[k]) is not led and led not in {s for s, _ in shown}:
            shown.append((led, f"{who} played {_card_words(plays_[k].card)} to a "
                               f"{led.symbol} lead in trick {n}"))
    voids = shown_voids(state)[hand.declarer]  # the engine's reading of the same tricks
    assert voids == {s for s, _ in shown}, (voids, shown)
    choices = (*(s.symbol for s in SUITS), NONE_YET)
    if not shown:
        return Question(QuestionKind.DECLARER_VOID, hand, plays,
                        "Which suit has the declarer shown void in?", choices,
                        frozenset({NONE_YET}), False,
                        f"{who} (the declarer) has followed suit to every lead so far.")
    why = "; ".join(w for _, w in shown) + "."
    answer = frozenset(s.symbol for s in SUITS if s in voids)
    if len(answer) > 1:  # one right answer: the learner picks every suit
        return Question(QuestionKind.DECLARER_VOID, hand, plays,
                        "Which suits has the declarer shown void in?",
                        tuple(s.symbol for s in SUITS), answer, True, why)
    return Question(QuestionKind.DECLARER_VOID, hand, plays,
                    "Which suit has the declarer shown void in?", choices, answer, False, why)


def _card_words(card: Card) -> str:
    return "the joker" if card == JOKER else card.pretty


def discard_suit(hand: CountHand, plays: int) -> Question:
    """DISCARD at ``plays`` (South declaring; module docstring)."""
    state = hand.state(plays)
    order = state.order
    suits = {order.effective_suit(c) for c in hand.record.discard}
    answer = frozenset(s.symbol for s in SUITS if s in suits)
    choices = tuple(s.symbol for s in SUITS)
    why = f"You discarded {_cards(hand.record.discard)}."
    if len(answer) > 1:
        return Question(QuestionKind.DISCARD, hand, plays, "Which suits did you discard from?",
                        choices, answer, True, why)
    return Question(QuestionKind.DISCARD, hand, plays, "Which suit did you discard from?",
                    choices, answer, False, why)


def question_at(seed: int, index: int, rules: RuleSet | None = None) -> Question:
    """Question ``index`` (0, 1, ...) of run ``seed`` (module docstring). Raises `CountError`
    for a negative seed or index."""
    if index < 0:
        raise CountError(f"question: {index} is below 0")
    hand = count_hand(seed * 1000 + index // PER_HAND, rules)
    rng = random.Random(f"count:{seed}:{index // PER_HAND}")
    moments = sorted(rng.sample(range(FIRST_MOMENT, LAST_MOMENT + 1), PER_HAND))
    last = discard_suit if hand.declarer is LEARNER else declarer_void
    kinds = [trumps_out, left_bower, last]
    rng.shuffle(kinds)
    return kinds[index % PER_HAND](hand, moments[index % PER_HAND])
