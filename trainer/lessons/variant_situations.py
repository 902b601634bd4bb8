"""Lesson 10's situations: for each option of `RuleSet`, a hand, an auction or a score where the
option may matter, with its answer computed by the engine under any rules (RULES.md §1-§7).

A `Situation` holds the words, ``answer(rules) -> str``, the choices, and the options both
settings share (``fixed``: for instance misère questions are set at a table of four when the
learner plays the game for two, where misère is not bid). `SITUATIONS` maps every field of
`RuleSet` to a builder ``(random.Random, RuleSet) -> Situation``; `trainer.lessons.variants`
asks the question. The engine behind each answer: `RuleSet.pack` and `trainer.cards.deal`
(the table), `trainer.bidding.Auction` and `trainer.bidding.is_higher` (bidding), `PlayState`,
`start_play` and `first_leader` (play), `nameable_suits` and `CardOrder.trick_winner` (the
joker), `trainer.scoring.score_hand` and `GameScore.after_hand` (scoring and winning).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trainer.bidding import MISERE, OPEN_MISERE, PASS, Auction, Bid, is_higher, ladder
from trainer.cards import JOKER, SUITS, deal, sort_key
from trainer.errors import IllegalPlayError, RuleError
from trainer.lessons.common import (
    PACK_SIZES,
    calls_words,
    insert_anywhere,
    random_auction,
    rotated,
    seat_name,
    shuffled,
    side_name,
)
from trainer.lessons.joker import joker_lead_state, joker_trick, led_in_order
from trainer.lessons.question import CardGroup, names_list, play_name
from trainer.lessons.scoring import NOBODY, wins_words
from trainer.play import PlayState, active_seats, first_leader, start_play
from trainer.rules import (
    CardOrder,
    Play,
    RuleSet,
    Strain,
    nameable_suits,
    order_for,
    shown_void,
)
from trainer.scoring import GameScore, bid_value, score_hand

OVER = "Nobody: the auction is over"
THROWN_IN = "The hand is thrown in and dealt again"


@dataclass(frozen=True)
class Situation:
    """A situation where an option may matter: the words, the answer under any rules, the
    choices, the options both settings share (``fixed``), cards to draw and facts for tests.

    The choices come in an order that does not tell the answer: players in table order from a
    random seat, other options shuffled. When ``numbers`` is set the answer is a number and
    ``choices`` are plausible numbers to draw the wrong ones from: the question puts the answer
    at a place drawn first and builds the choices around it (``step``: the spacing of further
    numbers where ``choices`` has too few, never below ``low``)."""

    words: str
    answer: Callable[[RuleSet], str]
    choices: tuple[str, ...]
    fixed: dict[str, Any] = field(default_factory=dict)
    cards: tuple[CardGroup, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    numbers: bool = False
    step: int = 10
    low: int | None = None


def _four(rules: RuleSet, **more: Any) -> dict[str, Any]:
    """Options for a misère or card-play situation: a table of four when the learner's rules
    are the game for two (no misère there, and its tricks are another lesson), plus ``more``."""
    return {**({"players": 4} if rules.players == 2 else {}), **more}


def _base(rules: RuleSet, fixed: dict[str, Any]) -> RuleSet:
    try:
        return rules.with_options(**fixed)
    except RuleError:  # the 45-card pack away from four players
        return rules.with_options(**fixed, deck=43)


# --- §1 the table ------------------------------------------------------------------------------


def _players(rng: random.Random, rules: RuleSet) -> Situation:
    seed = rng.getrandbits(32)
    if rng.random() < 0.5:
        return Situation("How many cards are in the pack?", lambda r: str(len(r.pack)),
                         tuple(map(str, PACK_SIZES)), numbers=True, step=1)

    def dealt_each(r: RuleSet) -> str:
        d = deal(seed, r.players, r.deck)
        seat = r.seats[0]
        tables = 0 if d.tables is None else 2 * len(d.tables[seat])
        return str(len(d.hands[seat]) + tables)

    return Situation("How many cards does each player get in the deal, in hand and (if the "
                     "game has them) on the table?", dealt_each,
                     tuple(map(str, (5, 8, 9, 10, 11, 12, 13, 15, 16, 20, 21, 23, 25))),
                     numbers=True, step=1, low=1)


def _kitty(rng: random.Random, rules: RuleSet) -> Situation:
    return Situation("Four players. How many cards go to the kitty?",
                     lambda r: str(r.kitty_size), tuple(map(str, range(1, 9))), {"players": 4},
                     numbers=True, step=1, low=0)


def _six_sides(rng: random.Random, rules: RuleSet) -> Situation:
    six = RuleSet(players=6)
    seat = rng.choice(six.seats)
    choices = shuffled(rng, sorted({side_name(six.with_options(six_player_teams=t).side_of(seat))
                                    for t in ("two_threes", "three_pairs", "individual")}))
    return Situation(
        f"Six players. Who is on {seat_name(seat)}'s side?",
        lambda r: side_name(r.side_of(seat)), tuple(choices), {"players": 6, "deck": 43},
    )


# --- §3 bidding --------------------------------------------------------------------------------


def _calls_made(auction: Auction) -> str:
    """The calls players made (not the turns of players who were out), in words."""
    made = [(auction.seat_of_call(i), c) for i, c in enumerate(auction.calls)
            if not auction.sat_out(i)]
    return calls_words(made) if made else "no calls yet"


def _next_seat_words(r: RuleSet, dealer: Any, calls: list[Bid | str]) -> str:
    seat = Auction(r, dealer, list(calls)).to_call
    return OVER if seat is None else seat_name(seat)


def _after_pass(rng: random.Random, rules: RuleSet) -> Situation:
    """A round in which someone passed, then bids (maybe a change of suit): whose turn now?"""
    fixed = {"one_round_bidding": False, "raise_reopens": False}
    base = _base(rules, fixed)
    values = ("never", "always", "if_changed")
    while True:
        dealer = rng.choice(base.seats)
        free = Auction(base.with_options(bid_after_pass="always"), dealer)
        for _ in range(2 * len(base.seats)):
            bids = [c for c in free.legal_calls() if isinstance(c, Bid) and not c.misere]
            call: Bid | str = rng.choice(bids[:6]) if bids and rng.random() < 0.55 else PASS
            free.call(call)
            passed = {free.seat_of_call(i) for i, c in enumerate(free.calls) if c == PASS}
            if free.is_over or free.to_call in passed:
                break  # a player who passed would call now: the question's moment
        calls = list(free.calls)
        if free.is_over or PASS not in calls:
            continue
        replays = [Auction(base.with_options(bid_after_pass=v), dealer, list(calls))
                   for v in values]
        # the same calls must have been made under every setting: nobody out has called
        if not any(a.sat_out(i) for a in replays for i in range(len(calls))):
            break
    words = calls_words([(free.seat_of_call(i), c) for i, c in enumerate(calls)])
    return Situation(
        f"{seat_name(dealer)} dealt. The calls so far, in turn: {words}. Who calls next?",
        lambda r: _next_seat_words(r, dealer, calls),
        _callers(rng, base), fixed,
        facts=(("dealer", dealer.value), ("calls", " ".join(map(str, calls)))),
    )


def _callers(rng: random.Random, rules: RuleSet) -> tuple[str, ...]:
    """"Who calls next?" choices: the seats in table order from a random one, and `OVER` at a
    random place."""
    return tuple(insert_anywhere(rng, [seat_name(s) for s in rotated(rng, rules.seats)], OVER))


def _won_auction(rng: random.Random, base: RuleSet) -> Auction:
    """An auction under ``base`` played at random to its end, with a contract."""
    while True:
        auction, _ = random_auction(rng, base, max_calls=len(base.seats) + 3, bid_chance=0.6)
        while not auction.is_over:
            auction.call(PASS)
        if auction.high_bid is not None:
            return auction


def _raise(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = {"one_round_bidding": False, "bid_after_pass": "never", "raise_reopens": False}
    base = _base(rules, fixed)
    auction = _won_auction(rng, base)
    dealer, calls = auction.dealer, list(auction.calls)
    winner = auction.high_bidder
    assert winner is not None and auction.high_bid is not None
    return Situation(
        f"{seat_name(dealer)} dealt. The calls, in turn: {_calls_made(auction)}. "
        f"{seat_name(winner)} holds the highest bid, {auction.high_bid.pretty}, and the others "
        "have all passed. Who calls next?",
        lambda r: _next_seat_words(r, dealer, calls),
        _callers(rng, base), fixed,
        facts=(("dealer", dealer.value), ("calls", " ".join(map(str, calls)))),
    )


def _next_caller_one_round(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = {"bid_after_pass": "never", "one_round_bidding": False, "raise_reopens": False}
    base = _base(rules, fixed)
    auction, _ = random_auction(rng, base, max_calls=len(base.seats) + 3, bid_chance=0.5)
    calls = list(auction.calls)
    n = len(base.seats)
    while len(calls) < n:  # fill a round with passes where that keeps the auction open
        trial = Auction(base, auction.dealer, calls)
        trial.call(PASS)
        if trial.is_over:
            break
        calls = list(trial.calls)
    calls = calls[:n]
    dealer = auction.dealer
    shown = Auction(base, dealer, list(calls))
    return Situation(
        f"{seat_name(dealer)} dealt. The calls so far, in turn: {_calls_made(shown)}. Who "
        "calls next?", lambda r: _next_seat_words(r, dealer, calls),
        _callers(rng, base), fixed,
    )


def _six_level(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = {"one_round_bidding": False, "bid_after_pass": "never", "raise_reopens": False}
    base = _base(rules, fixed)
    dealer = rng.choice(base.seats)
    auction = Auction(base, dealer)
    opener = auction.to_call
    assert opener is not None
    level = 6 if rng.random() < 0.8 else 7
    bid = Bid(level, rng.choice(list(Strain)))
    auction.call(bid)
    while not auction.is_over:
        auction.call(PASS)
    calls = list(auction.calls)

    def answer(r: RuleSet) -> str:
        a = Auction(r, dealer, list(calls))
        return THROWN_IN if a.thrown_in else f"{seat_name(opener)} plays {bid.pretty}"

    return Situation(
        f"{seat_name(dealer)} dealt. {seat_name(opener)} opens {bid.pretty} and everyone else "
        "passes. What happens?", answer,
        tuple(shuffled(rng, (f"{seat_name(opener)} plays {bid.pretty}", THROWN_IN,
                             f"{seat_name(base.next_seat(opener))} must bid"))), fixed,
    )


ALL_PASS_WORDS = {
    "redeal": "The hand is thrown in and the next dealer deals",
    "play_no_trumps": "The hand is played at no trumps, 10 a trick to each side",
}


def _all_pass(rng: random.Random, rules: RuleSet) -> Situation:
    dealer = rng.choice(rules.seats)

    def answer(r: RuleSet) -> str:
        auction = Auction(r, dealer, [PASS] * len(r.seats))
        assert auction.passed_out
        return ALL_PASS_WORDS[r.all_pass]

    return Situation("Every player passes: nobody bids. What happens?", answer,
                     tuple(shuffled(rng, ALL_PASS_WORDS.values())))


def _misere_on(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, one_round_bidding=False)
    base = _base(rules, {**fixed, "misere": True})
    auction = Auction(base, rng.choice(base.seats))
    opener = auction.to_call
    assert opener is not None
    seven = Bid(7, rng.choice([Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS]))
    auction.call(seven)
    seat = auction.to_call
    assert seat is not None
    dealer, calls = auction.dealer, list(auction.calls)

    def answer(r: RuleSet) -> str:
        return "Yes" if Auction(r, dealer, calls).can_call(MISERE) else "No"

    return Situation(
        f"{seat_name(dealer)} dealt; {seat_name(opener)} opens {seven.pretty}. May "
        f"{seat_name(seat)} bid misère?", answer, ("Yes", "No"), fixed)


def _placement(rng: random.Random, rules: RuleSet) -> Situation:
    other = rng.choice((Bid(8, Strain.SPADES), Bid(8, Strain.SPADES), Bid(7, Strain.NO_TRUMPS),
                        Bid(8, Strain.CLUBS)))

    def answer(r: RuleSet) -> str:
        return "misère" if is_higher(MISERE, other, r) else other.pretty

    return Situation(f"Which bid is higher: misère or {other.pretty}?", answer,
                     tuple(shuffled(rng, ("misère", other.pretty))), _four(rules, misere=True))


def _open_placement(rng: random.Random, rules: RuleSet) -> Situation:
    other = rng.choice([Bid(9, s) for s in Strain] + [Bid(10, Strain.SPADES),
                       Bid(10, Strain.CLUBS), Bid(10, Strain.DIAMONDS), Bid(8, Strain.NO_TRUMPS),
                       Bid(10, Strain.HEARTS)])

    def answer(r: RuleSet) -> str:
        return "open misère" if is_higher(OPEN_MISERE, other, r) else other.pretty

    choices = shuffled(rng, ["open misère", other.pretty])
    return Situation(f"Which bid is higher: open misère or {other.pretty}?", answer,
                     tuple(choices), _four(rules, misere=True, nullo_500=False),
                     facts=(("bid", other.code),))


def _needs_seven(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, misere=True, one_round_bidding=False)
    base = _base(rules, fixed)
    dealer = rng.choice(base.seats)
    first = base.next_seat(dealer)
    opening = Bid(6, rng.choice(list(Strain))) if rng.random() < 0.5 else None
    calls: list[Bid | str] = [] if opening is None else [opening]
    words = "nobody has called yet" if opening is None else (
        f"{seat_name(first)} opens {opening.pretty}")
    seat = first if opening is None else base.next_seat(first)

    def answer(r: RuleSet) -> str:
        return "Yes" if Auction(r, dealer, list(calls)).can_call(MISERE) else "No"

    return Situation(f"{seat_name(dealer)} dealt; {words}. May {seat_name(seat)} bid misère?",
                     answer, ("Yes", "No"), fixed)


def _reveal(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, misere=True, nullo_500=False)
    base = _base(rules, fixed)
    dealt = deal(rng.getrandbits(32), base.players, base.deck)
    declarer = rng.choice(base.seats)

    def answer(r: RuleSet) -> str:
        seats = active_seats(r, OPEN_MISERE, declarer)
        state = PlayState(r, OPEN_MISERE, declarer, {s: list(dealt.hands[s]) for s in seats},
                          declarer)
        return "Yes" if state.declarer_exposed else "No"

    return Situation(
        f"{seat_name(declarer)} plays open misère. Before the first card is led, are "
        f"{seat_name(declarer)}'s cards face up on the table?", answer, ("Yes", "No"), fixed)


def _nullo(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, misere=True, misere_needs_seven=False, one_round_bidding=False)
    base = _base(rules, fixed)
    if rng.random() < 0.5:
        tricks = 0 if rng.random() < 0.5 else rng.randint(1, 3)
        return Situation(
            f"Misère: the declarer took {tricks} trick{'' if tricks == 1 else 's'}. What does "
            "the declarer's side score?",
            lambda r: str(score_hand(MISERE, tricks, r).declarer),
            _numbers(0, 240, 250, 260, 480, 500, 520, -240, -250, -260, -480, -500, -520,
                     1000, -1000), fixed,
            facts=(("contract", "MIS"), ("tricks", str(tricks))), numbers=True)
    dealer = rng.choice(base.seats)
    seat = base.next_seat(dealer)

    def answer(r: RuleSet) -> str:
        return "Yes" if Auction(r, dealer).can_call(OPEN_MISERE) else "No"

    return Situation(f"{seat_name(dealer)} dealt and nobody has called yet. May "
                     f"{seat_name(seat)} open the bidding with open misère?", answer,
                     ("Yes", "No"), fixed)


# --- §4, §5 play and the joker -----------------------------------------------------------------


def _first_lead(rng: random.Random, rules: RuleSet) -> Situation:
    dealer = rng.choice(rules.seats)
    declarer = rng.choice([s for s in rules.seats if s is not rules.next_seat(dealer)])
    bid = rng.choice([b for b in ladder(rules) if not b.misere])

    def answer(r: RuleSet) -> str:
        return seat_name(first_leader(r, bid, declarer, dealer))

    return Situation(
        f"{seat_name(dealer)} dealt and {seat_name(declarer)} won the auction with "
        f"{bid.pretty}. Who leads to the first trick?", answer,
        tuple(seat_name(s) for s in rotated(rng, rules.seats)),
        facts=(("dealer", dealer.value), ("declarer", declarer.value)),
    )


def _nominate(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules)
    base = _base(rules, fixed)
    while True:
        dealt = deal(rng.getrandbits(32), base.players, base.deck, rng.choice(base.seats))
        declarer = next((s for s, h in dealt.hands.items() if JOKER in h), None)
        if declarer is not None:
            break
    contract = Bid(rng.randint(6, 9), Strain.NO_TRUMPS)
    pool = [*dealt.hands[declarer], *dealt.kitty]
    discard = rng.sample([c for c in pool if not c.is_joker], base.kitty_size)
    suit = rng.choice(SUITS)
    kept = [c for c in pool if c not in discard]

    def answer(r: RuleSet) -> str:
        try:
            start_play(dealt, contract, declarer, discard, r, joker_suit=suit)
        except IllegalPlayError:
            return "No"
        return "Yes"

    return Situation(
        f"{seat_name(declarer)} is the declarer in {contract.pretty} and, after the kitty, "
        f"holds the joker. Before the first lead, may {seat_name(declarer)} nominate the "
        f"joker as {suit.noun}?", answer, ("Yes", "No"), fixed,
        (CardGroup("The declarer's hand", tuple(Play(c) for c in sorted(kept, key=sort_key))),),
        facts=(("suit", suit.value),),
    )


def _joker_lead(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules)
    base = _base(rules, fixed)
    state = joker_lead_state(rng, base)
    you, history, order = state.leader, list(state.history), state.order
    led = led_in_order(history, order)
    void = [s for s in SUITS if s in shown_void(you, history, order)]
    roll = rng.random()
    pool = void if roll < 0.45 and void else led if roll < 0.85 else list(SUITS)
    suit = rng.choice(pool)

    def answer(r: RuleSet) -> str:
        return "Yes" if suit in nameable_suits(you, history, order, r) else "No"

    words = f"Suits led so far: {names_list([s.noun for s in led])}."
    if void:
        words += (f" You have shown void in {names_list([s.noun for s in void])} (you could "
                  "not follow when it was led).")
    return Situation(
        f"No trumps, no suit nominated for the joker. You are {seat_name(you)}, on lead to "
        f"trick {len(history) + 1} with the joker. {words} May you lead the joker and name it "
        f"as {suit.noun}?", answer, ("Yes", "No"), fixed,
        (CardGroup("Your hand", tuple(Play(c) for c in state.hands[you])),),
        facts=(("suit", suit.value), ("led", "".join(s.value for s in led)),
               ("void", "".join(s.value for s in void))),
    )


def _low_joker(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, misere=True)
    base = _base(rules, fixed)
    while True:
        dealt = deal(rng.getrandbits(32), base.players, base.deck)
        declarer = rng.choice(base.seats)
        seats = active_seats(base, MISERE, declarer)
        hands = {s: list(dealt.hands[s]) for s in seats}
        holder = next((s for s in seats if JOKER in hands[s]), None)
        if holder is None:
            continue
        played = joker_trick(rng, base, CardOrder(), hands, holder, seats)
        if played is None:
            continue
        trick, order_seats = played
        labels = tuple(f"{seat_name(s)}: {play_name(p)}"
                       for s, p in zip(order_seats, trick, strict=True))

        def answer(r: RuleSet, trick: list[Play] = trick,
                   labels: tuple[str, ...] = labels) -> str:
            return labels[order_for(None, True, r).trick_winner(trick)]

        by_seat = dict(zip(order_seats, labels, strict=True))

        if answer(base.with_options(joker_low_in_misere=True)) == answer(
                base.with_options(joker_low_in_misere=False)):
            continue  # a joker led and followed by nobody wins either way: not this one
        return Situation(
            f"Misère by {seat_name(declarer)}. {seat_name(order_seats[0])} led. Who wins this "
            "trick?", answer, tuple(by_seat[s] for s in rotated(rng, order_seats)), fixed,
            (CardGroup("The trick", tuple(trick), tuple(seat_name(s) for s in order_seats)),),
        )


# --- §6, §7 scoring and winning ----------------------------------------------------------------


def _result(bid: Bid, tricks: int) -> tuple[tuple[str, str], ...]:
    return (("contract", bid.code), ("tricks", str(tricks)))


def _numbers(*values: int) -> tuple[str, ...]:
    return tuple(str(v) for v in sorted(set(values)))


def _overtricks(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice([b for b in ladder(rules) if not b.misere and b.tricks_needed < 10])
    tricks = rng.randint(bid.tricks_needed + 1, 10)
    value = bid_value(bid)
    return Situation(
        f"{bid.pretty} made with {tricks} tricks. What does the declarer's side score?",
        lambda r: str(score_hand(bid, tricks, r).declarer),
        _numbers(value, value + 10 * (tricks - bid.tricks_needed), 250, -value, value + 100,
                 value - 10 * (tricks - bid.tricks_needed), 10 * tricks),
        facts=_result(bid, tricks), numbers=True,
    )


def _slam(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice([b for b in ladder(rules) if not b.misere and bid_value(b) < 250])
    value = bid_value(bid)
    return Situation(
        f"{bid.pretty} made with all ten tricks. What does the declarer's side score?",
        lambda r: str(score_hand(bid, 10, r).declarer),
        _numbers(value, 250, value + 10 * (10 - bid.tricks_needed), 500, value + 250, 100,
                 value - 20, value + 100, 240, 260),
        facts=_result(bid, 10), numbers=True,
    )


def _defenders(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice([b for b in ladder(rules) if not b.misere])
    tricks = rng.randint(max(0, bid.tricks_needed - 3), 9)
    return Situation(
        f"{bid.pretty}: the declarer's side took {tricks} tricks, the defenders {10 - tricks}. "
        "What do the defenders score?",
        lambda r: str(score_hand(bid, tricks, r).defenders),
        _numbers(0, 10 * (10 - tricks), 10 * tricks, bid_value(bid), -bid_value(bid),
                 -10 * (10 - tricks), 10 * (11 - tricks), 10 * (9 - tricks), -10 * tricks),
        facts=_result(bid, tricks), numbers=True,
    )


def _misere_defenders(rng: random.Random, rules: RuleSet) -> Situation:
    fixed = _four(rules, misere=True, nullo_500=False)
    bid = rng.choice((MISERE, OPEN_MISERE))
    tricks = rng.randint(0, 3)
    return Situation(
        f"{bid.pretty.capitalize()}: the declarer took {tricks} "
        f"trick{'' if tricks == 1 else 's'}, the defenders {10 - tricks}. What do the defenders "
        "score?",
        lambda r: str(score_hand(bid, tricks, r).defenders),
        _numbers(0, 10 * (10 - tricks), 250 if bid == MISERE else 500, -10 * (10 - tricks),
                 10 * (11 - tricks), 10 * (9 - tricks), -250, 250, 10 * tricks, -10 * tricks,
                 -100), fixed,
        facts=_result(bid, tricks), numbers=True,
    )


def _game(rng: random.Random, rules: RuleSet, defenders_near: bool) -> Situation:
    sides = list(rules.sides())
    declarer = rng.choice(rules.seats)
    own = rules.side_of(declarer)
    others = [s for s in sides if s != own]
    if defenders_near:
        scores = {s: rng.randrange(420, 500, 10) if s != own else rng.randrange(0, 300, 10)
                  for s in sides}
        bid = rng.choice([b for b in ladder(rules) if not b.misere and b.tricks_needed <= 8])
        tricks = rng.randint(bid.tricks_needed - 3, bid.tricks_needed + 1)
    else:
        scores = {s: rng.randrange(-490, -300, 10) if s == own else rng.randrange(0, 400, 10)
                  for s in sides}
        bid = rng.choice([b for b in ladder(rules) if not b.misere and bid_value(b) >= 200])
        tricks = rng.randint(max(0, bid.tricks_needed - 4), bid.tricks_needed - 1)
    taken = {own: tricks}
    for s in others:
        taken[s] = 0
    for _ in range(10 - tricks):
        taken[rng.choice(others)] += 1
    standing = "; ".join(f"{side_name(s)} {scores[s]}" for s in sides)
    took = ", ".join(f"{side_name(s)} {taken[s]}" for s in sides)

    def answer(r: RuleSet) -> str:
        after = GameScore(dict(scores)).after_hand(bid, declarer, taken, r)
        return NOBODY if after.winner is None else wins_words(after.winner)

    return Situation(
        f"Scores: {standing}. {seat_name(declarer)} plays {bid.pretty}; tricks: {took}. Who "
        "wins the game?", answer, tuple(shuffled(rng, [*[wins_words(s) for s in sides], NOBODY])),
    )


SITUATIONS: dict[str, Callable[[random.Random, RuleSet], Situation]] = {
    "players": _players,
    "deck": _kitty,
    "six_player_teams": _six_sides,
    "bid_after_pass": _after_pass,
    "raise_reopens": _raise,
    "one_round_bidding": _next_caller_one_round,
    "six_level_informational": _six_level,
    "all_pass": _all_pass,
    "misere": _misere_on,
    "misere_placement": _placement,
    "misere_needs_seven": _needs_seven,
    "open_misere_placement": _open_placement,
    "open_misere_reveal": _reveal,
    "nullo_500": _nullo,
    "first_lead": _first_lead,
    "nominate_joker": _nominate,
    "joker_lead": _joker_lead,
    "joker_low_in_misere": _low_joker,
    "overtricks_10": _overtricks,
    "slam_250": _slam,
    "defender_tricks": _defenders,
    "misere_defenders": _misere_defenders,
    "must_bid_to_win": lambda rng, rules: _game(rng, rules, defenders_near=True),
    "minus_500_loses": lambda rng, rules: _game(rng, rules, defenders_near=False),
}
"""A situation for every option of `RuleSet`."""
