"""Lesson 5, bidding: the ladder, which bid is higher, what a bid is worth, where misère sits,
and whether a call is legal now in an auction. Answers from `trainer.bidding.is_higher`,
`trainer.scoring.bid_value`, `trainer.bidding.ladder` and `Auction.can_call` (RULES.md §3, §6).
"""

from __future__ import annotations

import random

from trainer.bidding import (
    MISERE,
    OPEN_MISERE,
    Auction,
    Bid,
    bid_rank,
    is_higher,
    ladder,
    misere_refusal,
)
from trainer.lessons.common import (
    STRAIN_ORDER,
    calls_words,
    misere_placement_note,
    number_choices,
    random_auction,
    seat_name,
    shuffled,
    value_formula,
)
from trainer.lessons.question import Question, cap
from trainer.rules import RuleSet
from trainer.scoring import bid_value

QUIZ = "bidding"


def quiz_bidding(rng: random.Random, rules: RuleSet) -> Question:
    """A bidding question: ``higher``, ``value``, ``misere_place`` or ``can_call``."""
    kinds = ["higher", "higher", "value", "value", "can_call", "can_call", "can_call"]
    if rules.misere_allowed:
        kinds += ["misere_place"]
    kind = rng.choice(kinds)
    if kind == "higher":
        return _higher(rng, rules)
    if kind == "value":
        return _value(rng, rules)
    if kind == "misere_place":
        return _misere_place(rng, rules)
    return _can_call(rng, rules)


# --- which is higher ---------------------------------------------------------------------------


def _higher(rng: random.Random, rules: RuleSet) -> Question:
    bids = ladder(rules)
    if rules.misere_allowed and rng.random() < 0.4:
        a = rng.choice([b for b in bids if b.misere])
    else:
        a = rng.choice([b for b in bids if not b.misere])
    i = bids.index(a)
    near = [b for b in bids[max(0, i - 6): i + 7] if b != a]
    b = rng.choice(near)
    if rng.random() < 0.5:
        a, b = b, a
    top = a if is_higher(a, b, rules) else b
    return Question(
        quiz=QUIZ, seed=0, kind="higher",
        prompt=f"Which bid is higher: {a.pretty} or {b.pretty}?",
        choices=(a.pretty, b.pretty), answer=top.pretty,
        explanation=compare_why(a, b, rules),
        facts=(("a", a.code), ("b", b.code)),
    )


def compare_why(a: Bid, b: Bid, rules: RuleSet) -> str:
    """Why one of two bids ranks above the other under ``rules`` (RULES.md §3)."""
    top, low = (a, b) if is_higher(a, b, rules) else (b, a)
    if not top.misere and not low.misere:
        if top.level == low.level:
            return (
                f"Both bids are for {top.level} tricks, so the strain decides: strains rank "
                f"{STRAIN_ORDER}. {top.pretty} is higher."
            )
        return (
            f"More tricks beat fewer, whatever the strain: {top.pretty} ({top.level} tricks) is "
            f"higher than {low.pretty} ({low.level} tricks)."
        )
    parts = []
    for bid in (top, low):
        if bid == MISERE:
            parts.append(misere_placement_note(rules))
        elif bid == OPEN_MISERE:
            parts.append(open_misere_note(rules))
    return " ".join(parts) + f" So {top.pretty} is higher than {low.pretty}."


def open_misere_note(rules: RuleSet) -> str:
    """Where open misère sits under ``rules``, naming the option (RULES.md §3)."""
    if rules.open_misere_placement == "between_10D_10H":
        return ("Open misère (worth 500) sits above 10♦ and below 10♥, by its points (option "
                "`open_misere_placement` is `between_10D_10H`).")
    return ("Open misère (worth 500) sits between the eights and the nines, above 8NT and "
            "below 9♠ (option `open_misere_placement` is `between_8NT_9S`).")


# --- what is it worth --------------------------------------------------------------------------


def _value(rng: random.Random, rules: RuleSet) -> Question:
    bid = rng.choice(ladder(rules))
    value = bid_value(bid, rules)
    if bid.misere:  # the bids next to it by points, round numbers, the other misère's value
        near = ({240, 260, 200, 300, 150, 500} if value == 250
                else {480, 520, 400, 600, 450, 250})
    else:  # a step of strain (20) or of level (100) away, and the misères' values
        near = {value - 20, value + 20, value - 40, value + 40, value - 100, value + 100,
                250, 500}
    if bid.misere and rules.nullo_500:
        why = (
            "Under your rules misère is the Nullo (option `nullo_500`): worth 500, and there "
            "is no open misère (rule book §3, §6)."
        )
    elif bid.misere:
        why = (
            f"{bid.pretty.capitalize()} is worth {value} on the Avondale schedule (rule book §6): "
            "misère 250, open misère 500, whatever its place on the ladder."
        )
    else:
        why = f"{value_formula(bid)} = {value} (the Avondale schedule, rule book §6)."
    return Question(
        quiz=QUIZ, seed=0, kind="value", prompt=f"How many points is {bid.pretty} worth?",
        choices=number_choices(rng, value, near, low=10), answer=str(value), explanation=why,
        facts=(("bid", bid.code),),
    )


# --- where misère sits -------------------------------------------------------------------------


def _gap(lower: str, upper: str) -> str:
    return f"between {lower} and {upper}"


def _misere_place(rng: random.Random, rules: RuleSet) -> Question:
    bids = ladder(rules)
    bid = rng.choice([b for b in (MISERE, MISERE, OPEN_MISERE) if b in bids])
    i = bids.index(bid)
    answer = _gap(bids[i - 1].pretty, bids[i + 1].pretty)
    pool = [_gap("7NT", "8♠"), _gap("8♠", "8♣"), _gap("10♦", "10♥"), _gap("6NT", "7♠"),
            _gap("9NT", "10♠"), _gap("7♥", "7NT"), _gap("8NT", "9♠")]
    others = rng.sample([g for g in pool if g != answer], 3)
    # in a random order: the ladder's top leaves no room above open misère's place for three
    # others, so sorted along the ladder its answer would never be first
    choices = tuple(shuffled(rng, [answer, *others]))
    if bid == MISERE:
        why = misere_placement_note(rules)
        if rules.misere_needs_seven:
            why += (" It may be bid only after someone has bid seven (option "
                    "`misere_needs_seven`).")
        else:
            why += " Under your rules it may be bid at any time (`misere_needs_seven` is off)."
    else:
        why = open_misere_note(rules) + " It may be bid at any time, even as the first bid."
    return Question(
        quiz=QUIZ, seed=0, kind="misere_place",
        prompt=f"Where does {bid.pretty} sit on the ladder of bids?",
        choices=choices, answer=answer, explanation=why, facts=(("bid", bid.code),),
    )


# --- may this call be made now -----------------------------------------------------------------


def _candidate(rng: random.Random, auction: Auction, rules: RuleSet) -> Bid:
    bids = ladder(rules)
    high = auction.high_bid
    roll = rng.random()
    if roll < (0.3 if rules.misere_allowed else 0.08):
        return rng.choice((MISERE, MISERE, OPEN_MISERE))
    if high is not None and roll < 0.75:
        i = bid_rank(high, rules) + rng.randint(-3, 3)
        return bids[min(max(i, 0), len(bids) - 1)]
    return rng.choice(bids[:12])


def _can_call(rng: random.Random, rules: RuleSet) -> Question:
    auction, made = random_auction(rng, rules, max_calls=len(rules.seats) + 2)
    seat = auction.to_call
    assert seat is not None
    bid = _candidate(rng, auction, rules)
    ok = auction.can_call(bid)
    who = seat_name(seat)
    history = f"The calls so far: {calls_words(made)}." if made else "Nobody has called yet."
    prompt = (
        f"{seat_name(auction.dealer)} dealt. {history} It is {who}'s turn. "
        f"May {who} bid {bid.pretty}?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="can_call", prompt=prompt, choices=("Yes", "No"),
        answer="Yes" if ok else "No", explanation=call_why(auction, bid, rules),
        facts=(("dealer", auction.dealer.value), ("calls", " ".join(map(str, auction.calls))),
               ("bid", bid.code)),
    )


def call_why(auction: Auction, bid: Bid, rules: RuleSet) -> str:
    """Why ``bid`` may or may not be made now (RULES.md §3), in the learner's words."""
    refusal = misere_refusal(bid, rules)
    if refusal is not None:
        option = {"two": "option `players` is 2", "nullo": "option `nullo_500` is on"}
        key = "two" if rules.players == 2 else "nullo" if rules.misere and bid.open else ""
        return f"{cap(refusal)} ({option.get(key, 'option `misere` is off')})."
    high = auction.high_bid
    if high is not None and not is_higher(bid, high, rules):
        if bid == high:
            return (f"{cap(bid.pretty)} has been bid already: each bid must be higher than "
                    "the last.")
        return f"Each bid must be higher than the last. {compare_why(bid, high, rules)}"
    seven = any(isinstance(c, Bid) and (c.level or 0) >= 7 for c in auction.calls)
    if bid == MISERE and rules.misere_needs_seven and not seven:
        return (
            "Misère may be bid only after someone has bid seven (option `misere_needs_seven`), "
            "and nobody has."
        )
    parts = []
    if high is None:
        others = ("any bid but misère, which needs a seven first"
                  if rules.misere_allowed and rules.misere_needs_seven else "any bid")
        parts.append(f"Nobody has bid yet, so {bid.pretty} may open the auction ({others}).")
    else:
        parts.append(f"{cap(bid.pretty)} is higher than the last bid, {high.pretty}.")
    if auction.raise_turn:
        parts.append("The others have all passed, and the auction's winner may raise their "
                     "own bid now (option `raise_reopens`): a raise into another strain lets "
                     "the others bid again, one in the same strain ends the auction.")
    if bid == MISERE:
        parts.append(
            "Someone has bid seven, so misère may be bid."
            if rules.misere_needs_seven
            else "Under your rules misère needs no seven first (`misere_needs_seven` is off)."
        )
    elif bid == OPEN_MISERE:
        parts.append("Open misère may be bid at any time, even as the first bid.")
    return " ".join(parts)
