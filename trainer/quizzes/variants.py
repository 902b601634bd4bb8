"""Lesson 10, the rule variants: what changes under each option of `RuleSet`.

Each question picks an option, builds a situation where it matters, and asks for the answer
under one setting (the learner's, or the other one); the engine computes the answer under both
settings and the explanation gives both. Every field of `RuleSet` has a situation in `SITUATIONS`
(a test checks that), and `OPTION_VALUES` lists the values each option takes (RULES.md §1-§7).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from trainer.bidding import MISERE, OPEN_MISERE, PASS, Auction, Bid, is_higher, ladder
from trainer.cards import JOKER, SUITS, deal
from trainer.errors import RuleError
from trainer.play import PlayState, active_seats, first_leader
from trainer.question import CardGroup, Question, names_list, play_name
from trainer.quizzes.common import calls_words, random_auction, seat_name, side_name
from trainer.quizzes.joker import joker_lead_state, joker_trick, led_in_order
from trainer.quizzes.scoring import NOBODY, wins_words
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

QUIZ = "variants"
OVER = "Nobody: the auction is over"

OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "players": (3, 4, 6),
    "deck": (43, 45),
    "six_player_teams": ("two_threes", "three_pairs"),
    "all_pass": ("redeal", "play_no_trumps"),
    "misere_placement": ("after_sevens", "by_points"),
    "open_misere_reveal": ("after_first_trick", "before_first_lead"),
    "first_lead": ("declarer", "dealer_left"),
}
"""The values of the options that are not true/false (the others are off and on)."""

NOTES: dict[str, str] = {
    "players": "§1: four players use 43 cards (45 with `deck`), three use 33, six use 63.",
    "deck": "§1: the 45-card pack keeps the black 4s, and the kitty then has 5 cards.",
    "six_player_teams": "§1: six play as two teams of three sitting alternately, or as three "
                        "pairs of partners sitting opposite.",
    "bid_after_pass": "§3: normally a player who has passed may not bid again; with "
                      "`bid_after_pass` on they may, and the bidding goes round to everyone.",
    "one_round_bidding": "§3: the American game has one round of bidding, each player calling "
                         "once; otherwise the bidding goes on until the others pass.",
    "all_pass": "§3: when all pass, the hand is thrown in and redealt, or (`play_no_trumps`) "
                "played at no trumps with each side scoring 10 a trick.",
    "misere": "§3: with `misere` off nobody may bid misère or open misère.",
    "misere_placement": "§3: misère sits above every 7-bid and below every 8-bid "
                        "(`after_sevens`), or by its 250 points between 8♠ and 8♣ "
                        "(`by_points`).",
    "misere_needs_seven": "§3: with `misere_needs_seven` on, misère may be bid only after "
                          "someone has bid seven; open misère may always be bid.",
    "open_misere_reveal": "§3: the open misère hand is laid face up after the first trick, or "
                          "before the first lead.",
    "first_lead": "§4: the declarer leads to the first trick, or the player left of the "
                  "dealer does.",
    "joker_lead_any_suit": "§5: a led joker is named as a suit not yet led, or with "
                           "`joker_lead_any_suit` on as any suit.",
    "joker_no_void_suit": "§5: with `joker_no_void_suit` on a led joker may not be named as a suit "
                          "its holder has shown void in.",
    "joker_low_in_misere": "§5: with `joker_low_in_misere` on the joker is the lowest card in "
                           "misère and wins nothing; otherwise it wins as at no trumps.",
    "overtricks_10": "§6: a made bid scores its value; with `overtricks_10` on also 10 a trick "
                     "over the bid.",
    "slam_250": "§6: with `slam_250` on, all ten tricks on a bid worth less than 250 score 250.",
    "defender_tricks": "§6: with `defender_tricks` on the defenders score 10 a trick.",
    "misere_defenders": "§6: in misère the defenders score nothing, unless `misere_defenders` "
                        "pays them 10 a trick there too.",
    "must_bid_to_win": "§7: with `must_bid_to_win` on a side can reach 500 and win only by "
                       "making a bid; with it off any side on 500 or more wins.",
    "minus_500_loses": "§7: with `minus_500_loses` on a side on -500 or below loses at once.",
}
"""What each option does, in a line, with its RULES.md section."""


def values_of(option: str) -> tuple[Any, ...]:
    """The values ``option`` may take."""
    return OPTION_VALUES.get(option, (False, True))


def set_to(value: Any) -> str:
    """``on``, ``off``, or ``set to`` a number or choice value (`value_words`)."""
    return value_words(value) if isinstance(value, bool) else f"set to {value_words(value)}"


def value_words(value: Any) -> str:
    """``on``, ``off``, a number as it is, or a choice value in backticks."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return str(value)
    return f"`{value}`"


@dataclass(frozen=True)
class Situation:
    """A situation where an option may matter: the words, the answer under any rules, the
    choices, the options both settings share (``fixed``) and cards to draw."""

    words: str
    answer: Callable[[RuleSet], str]
    choices: tuple[str, ...]
    fixed: dict[str, Any] = field(default_factory=dict)
    cards: tuple[CardGroup, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()


# --- situations, one per option ----------------------------------------------------------------


def _pack_size(rng: random.Random, rules: RuleSet) -> Situation:
    return Situation("How many cards are in the pack?", lambda r: str(len(r.pack)),
                     ("33", "43", "45", "63"))


def _kitty(rng: random.Random, rules: RuleSet) -> Situation:
    return Situation("Four players. How many cards go to the kitty?",
                     lambda r: str(r.kitty_size), ("2", "3", "4", "5"), {"players": 4})


def _six_sides(rng: random.Random, rules: RuleSet) -> Situation:
    seat = rng.choice(RuleSet(players=6).seats)
    pairs = RuleSet(players=6, six_player_teams="three_pairs")
    threes = RuleSet(players=6)
    choices = sorted({side_name(pairs.side_of(seat)), side_name(threes.side_of(seat)),
                      seat_name(seat)})
    return Situation(
        f"Six players. Who is on {seat_name(seat)}'s side?",
        lambda r: side_name(r.side_of(seat)), tuple(choices), {"players": 6, "deck": 43},
    )


def _next_caller(rng: random.Random, rules: RuleSet, fixed: dict[str, Any],
                 one_round: bool) -> Situation:
    base = rules.with_options(**fixed)
    auction, _ = random_auction(rng, base, max_calls=len(base.seats) + 3, bid_chance=0.5)
    calls = list(auction.calls)
    if one_round:
        n = len(base.seats)
        while len(calls) < n:  # fill a round with passes where that keeps the auction open
            trial = Auction(base, auction.dealer, calls)
            trial.call(PASS)
            if trial.is_over:
                break
            calls = list(trial.calls)
        calls = calls[:n]
    dealer = auction.dealer
    made = [(auction.seat_of_call(i), c) for i, c in enumerate(calls)]
    history = calls_words(made) if made else "no calls yet"

    def answer(r: RuleSet) -> str:
        seat = Auction(r, dealer, list(calls)).to_call
        return OVER if seat is None else seat_name(seat)

    return Situation(
        f"{seat_name(dealer)} dealt. The calls so far, in turn: {history}. Who calls next?",
        answer, (*[seat_name(s) for s in base.seats], OVER), fixed,
    )


def _after_pass(rng: random.Random, rules: RuleSet) -> Situation:
    return _next_caller(rng, rules, {"bid_after_pass": False, "one_round_bidding": False},
                        one_round=False)


def _one_round(rng: random.Random, rules: RuleSet) -> Situation:
    return _next_caller(rng, rules, {"bid_after_pass": False, "one_round_bidding": False},
                        one_round=True)


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
                     tuple(ALL_PASS_WORDS.values()))


def _seven_then(rng: random.Random, rules: RuleSet) -> tuple[Auction, str]:
    base = rules.with_options(misere=True, one_round_bidding=False)
    auction = Auction(base, rng.choice(base.seats))
    opener = auction.to_call
    assert opener is not None
    seven = Bid(7, rng.choice([Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS]))
    auction.call(seven)
    words = f"{seat_name(opener)} opens {seven.pretty}"
    return auction, words


def _misere_on(rng: random.Random, rules: RuleSet) -> Situation:
    auction, words = _seven_then(rng, rules)
    seat = auction.to_call
    assert seat is not None
    dealer, calls = auction.dealer, list(auction.calls)

    def answer(r: RuleSet) -> str:
        return "Yes" if Auction(r, dealer, calls).can_call(MISERE) else "No"

    return Situation(f"{seat_name(dealer)} dealt; {words}. May {seat_name(seat)} bid misère?",
                     answer, ("Yes", "No"), {"one_round_bidding": False})


def _placement(rng: random.Random, rules: RuleSet) -> Situation:
    other = rng.choice((Bid(8, Strain.SPADES), Bid(8, Strain.SPADES), Bid(7, Strain.NO_TRUMPS),
                        Bid(8, Strain.CLUBS)))

    def answer(r: RuleSet) -> str:
        return "misère" if is_higher(MISERE, other, r) else other.pretty

    return Situation(f"Which bid is higher: misère or {other.pretty}?", answer,
                     ("misère", other.pretty), {"misere": True})


def _needs_seven(rng: random.Random, rules: RuleSet) -> Situation:
    dealer = rng.choice(rules.seats)
    first = rules.next_seat(dealer)
    opening = Bid(6, rng.choice(list(Strain))) if rng.random() < 0.5 else None
    calls: list[Bid | str] = [] if opening is None else [opening]
    words = "nobody has called yet" if opening is None else (
        f"{seat_name(first)} opens {opening.pretty}")
    seat = first if opening is None else rules.next_seat(first)

    def answer(r: RuleSet) -> str:
        return "Yes" if Auction(r, dealer, list(calls)).can_call(MISERE) else "No"

    return Situation(f"{seat_name(dealer)} dealt; {words}. May {seat_name(seat)} bid misère?",
                     answer, ("Yes", "No"), {"misere": True, "one_round_bidding": False})


def _reveal(rng: random.Random, rules: RuleSet) -> Situation:
    dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
    declarer = rng.choice(rules.seats)

    def answer(r: RuleSet) -> str:
        seats = active_seats(r, OPEN_MISERE, declarer)
        state = PlayState(r, OPEN_MISERE, declarer, {s: list(dealt.hands[s]) for s in seats},
                          declarer)
        return "Yes" if state.declarer_exposed else "No"

    return Situation(
        f"{seat_name(declarer)} plays open misère. Before the first card is led, are "
        f"{seat_name(declarer)}'s cards face up on the table?", answer, ("Yes", "No"),
        {"misere": True},
    )


def _first_lead(rng: random.Random, rules: RuleSet) -> Situation:
    dealer = rng.choice(rules.seats)
    declarer = rng.choice([s for s in rules.seats if s is not rules.next_seat(dealer)])
    bid = rng.choice([b for b in ladder(rules) if not b.misere])

    def answer(r: RuleSet) -> str:
        return seat_name(first_leader(r, bid, declarer, dealer))

    return Situation(
        f"{seat_name(dealer)} dealt and {seat_name(declarer)} won the auction with "
        f"{bid.pretty}. Who leads to the first trick?", answer,
        tuple(seat_name(s) for s in rules.seats),
        facts=(("dealer", dealer.value), ("declarer", declarer.value)),
    )


def _joker_name(rng: random.Random, rules: RuleSet, fixed: dict[str, Any],
                want_void: bool) -> Situation:
    base = rules.with_options(**fixed)
    state = joker_lead_state(rng, base)
    you, history, order = state.leader, list(state.history), state.order
    led = led_in_order(history, order)
    void = [s for s in SUITS if s in shown_void(you, history, order)]
    pool = void if want_void and void else led
    suit = rng.choice(pool)

    def answer(r: RuleSet) -> str:
        return "Yes" if suit in nameable_suits(you, history, order, r) else "No"

    words = f"Suits led so far: {names_list([s.noun for s in led])}."
    if void:
        words += f" You have shown void in {names_list([s.noun for s in void])}."
    return Situation(
        f"No trumps, no suit nominated for the joker. You are {seat_name(you)}, on lead to "
        f"trick {len(history) + 1} with the joker. {words} May you lead the joker and name it "
        f"as {suit.noun}?", answer, ("Yes", "No"), fixed,
        (CardGroup("Your hand", tuple(Play(c) for c in state.hands[you])),),
    )


def _any_suit(rng: random.Random, rules: RuleSet) -> Situation:
    return _joker_name(rng, rules, {"joker_no_void_suit": False}, want_void=False)


def _no_void(rng: random.Random, rules: RuleSet) -> Situation:
    return _joker_name(rng, rules, {"joker_lead_any_suit": True}, want_void=True)


def _low_joker(rng: random.Random, rules: RuleSet) -> Situation:
    base = rules.with_options(misere=True)
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

        if answer(base.with_options(joker_low_in_misere=True)) == answer(
                base.with_options(joker_low_in_misere=False)):
            continue  # a joker led and followed by nobody wins either way: not this one
        return Situation(
            f"Misère by {seat_name(declarer)}. {seat_name(order_seats[0])} led. Who wins this "
            "trick?", answer, labels, {"misere": True},
            (CardGroup("The trick", tuple(trick), tuple(seat_name(s) for s in order_seats)),),
        )


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
        _numbers(value, value + 10 * (tricks - bid.tricks_needed), 250, -value),
        facts=_result(bid, tricks),
    )


def _slam(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice([b for b in ladder(rules) if not b.misere and bid_value(b) < 250])
    value = bid_value(bid)
    return Situation(
        f"{bid.pretty} made with all ten tricks. What does the declarer's side score?",
        lambda r: str(score_hand(bid, 10, r).declarer),
        _numbers(value, 250, value + 10 * (10 - bid.tricks_needed), 500),
        facts=_result(bid, 10),
    )


def _defenders(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice([b for b in ladder(rules) if not b.misere])
    tricks = rng.randint(max(0, bid.tricks_needed - 3), 9)
    return Situation(
        f"{bid.pretty}: the declarer's side took {tricks} tricks, the defenders {10 - tricks}. "
        "What do the defenders score?",
        lambda r: str(score_hand(bid, tricks, r).defenders),
        _numbers(0, 10 * (10 - tricks), 10 * tricks, bid_value(bid)),
        facts=_result(bid, tricks),
    )


def _misere_defenders(rng: random.Random, rules: RuleSet) -> Situation:
    bid = rng.choice((MISERE, OPEN_MISERE))
    tricks = rng.randint(0, 3)
    return Situation(
        f"{bid.pretty.capitalize()}: the declarer took {tricks} tricks, the defenders "
        f"{10 - tricks}. What do the defenders score?",
        lambda r: str(score_hand(bid, tricks, r).defenders),
        _numbers(0, 10 * (10 - tricks), bid_value(bid)), {"misere": True},
        facts=_result(bid, tricks),
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
        "wins the game?", answer, (*[wins_words(s) for s in sides], NOBODY),
    )


SITUATIONS: dict[str, Callable[[random.Random, RuleSet], Situation]] = {
    "players": _pack_size,
    "deck": _kitty,
    "six_player_teams": _six_sides,
    "bid_after_pass": _after_pass,
    "one_round_bidding": _one_round,
    "all_pass": _all_pass,
    "misere": _misere_on,
    "misere_placement": _placement,
    "misere_needs_seven": _needs_seven,
    "open_misere_reveal": _reveal,
    "first_lead": _first_lead,
    "joker_lead_any_suit": _any_suit,
    "joker_no_void_suit": _no_void,
    "joker_low_in_misere": _low_joker,
    "overtricks_10": _overtricks,
    "slam_250": _slam,
    "defender_tricks": _defenders,
    "misere_defenders": _misere_defenders,
    "must_bid_to_win": lambda rng, rules: _game(rng, rules, defenders_near=True),
    "minus_500_loses": lambda rng, rules: _game(rng, rules, defenders_near=False),
}
"""A situation for every option of `RuleSet`."""


# --- the question ------------------------------------------------------------------------------


def _with(rules: RuleSet, **options: Any) -> RuleSet:
    """``rules`` with ``options``; the 45-card pack goes back to 43 at a table of 3 or 6."""
    try:
        return rules.with_options(**options)
    except RuleError:
        return rules.with_options(**options, deck=43)


def quiz_variants(rng: random.Random, rules: RuleSet) -> Question:
    """A question about one rule option: the same situation under its two settings."""
    option = rng.choice([f.name for f in fields(RuleSet)])
    for _ in range(40):
        situation = SITUATIONS[option](rng, rules)
        fixed = {k: v for k, v in situation.fixed.items() if k != option}
        mine = _with(rules, **fixed)
        now = getattr(mine, option)
        other = rng.choice([v for v in values_of(option) if v != now])
        theirs = _with(mine, **{option: other})
        if situation.answer(mine) != situation.answer(theirs):
            break
    ask_other = rng.random() < 0.6
    asked, asked_value = (theirs, other) if ask_other else (mine, now)
    answer = situation.answer(asked)
    choices = list(situation.choices)
    for extra in (situation.answer(mine), situation.answer(theirs)):
        if extra not in choices:
            choices.append(extra)
    setting = (
        f"Suppose the option `{option}` is {value_words(other)} (your rules: "
        f"{value_words(now)})."
        if ask_other
        else f"Your rules have the option `{option}` {set_to(now)}."
    )
    changed = [f"`{k}` is {value_words(v)}" for k, v in fixed.items() if getattr(rules, k) != v]
    shared = f" (For this question: {', '.join(changed)}.)" if changed else ""
    prompt = f"{setting}{shared} {situation.words}"
    a_other, a_now = situation.answer(theirs), situation.answer(mine)
    if a_other == a_now:
        result = f"Here the option makes no difference: {a_now} either way."
    else:
        result = (f"If `{option}` is {value_words(other)}: {a_other}. With it "
                  f"{value_words(now)}, as in your rules: {a_now}.")
    return Question(
        quiz=QUIZ, seed=0, topic=option, prompt=prompt, choices=tuple(choices), answer=answer,
        explanation=f"{result} Rule book {NOTES[option]}", cards=situation.cards,
        facts=(("option", option), ("value", str(asked_value)),
               ("mine", str(now)), ("other", str(other)), *situation.facts),
    )

