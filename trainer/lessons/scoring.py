"""Lesson 9, scoring and winning (RULES.md §6, §7): the score of a hand for the declarer's side
and for the defenders, and whether the game ends and who wins. Answers from
`trainer.scoring.score_hand` and `GameScore.after_hand`, under every scoring option
(``overtricks_10``, ``slam_250``, ``defender_tricks``, ``misere_defenders``, ``must_bid_to_win``,
``minus_500_loses``).
"""

from __future__ import annotations

import random

from trainer.bidding import Bid, ladder
from trainer.cards import Seat
from trainer.lessons.common import number_choices, seat_name, shuffled, side_name, value_formula
from trainer.lessons.question import Question
from trainer.rules import RuleSet
from trainer.scoring import GAME_TARGET, GameScore, bid_value, score_hand

QUIZ = "scoring"
NOBODY = "Nobody yet: the game goes on"


def quiz_scoring(rng: random.Random, rules: RuleSet) -> Question:
    """A scoring question: ``declarer``, ``defenders`` or ``game_end``."""
    kind = rng.choice(["declarer", "declarer", "declarer", "defenders", "game_end",
                       "game_end", "game_end"])
    if kind == "declarer":
        return _declarer(rng, rules)
    if kind == "defenders":
        return _defenders(rng, rules)
    return _game_end(rng, rules)


def random_result(rng: random.Random, rules: RuleSet) -> tuple[Bid, int]:
    """A contract from the ladder and the tricks its declarer's side took: made, set, or all
    ten, each often enough."""
    bid = rng.choice(ladder(rules))
    roll = rng.random()
    if bid.misere:
        return bid, 0 if roll < 0.5 else rng.randint(1, 3)
    need = bid.tricks_needed
    if roll < 0.25:
        return bid, 10
    if roll < 0.65:
        return bid, rng.randint(need, 10)
    return bid, rng.randint(max(0, need - 3), need - 1)


def declarer_why(bid: Bid, tricks: int, rules: RuleSet) -> str:
    """How the declarer's side's score of a hand is made up (RULES.md §6)."""
    value = bid_value(bid, rules)
    if bid.misere:
        nullo = " (misère is the Nullo, worth 500: option `nullo_500`)" if (
            rules.nullo_500 and not bid.open) else ""
        if tricks == 0:
            return f"The declarer took no trick, so {bid.pretty} is made: +{value}{nullo}."
        return f"The declarer took a trick, so {bid.pretty} is set: -{value}{nullo}."
    worth = f"{value_formula(bid)} = {value}."
    need = bid.tricks_needed
    if tricks < need:
        return (f"{worth} The side needed {need} tricks and took {tricks}: set, so it loses "
                f"the bid's value, -{value}.")
    parts = [worth, f"The side needed {need} tricks and took {tricks}: made."]
    score = value
    over = tricks - need
    if rules.overtricks_10 and over:
        score += 10 * over
        parts.append(f"Under option `overtricks_10` each trick over the bid adds 10: "
                     f"{value} + {10 * over} = {score}.")
    elif over:
        parts.append("Tricks over the bid earn nothing extra (option `overtricks_10` is off).")
    if tricks == 10 and value < 250:
        if rules.slam_250 and score < 250:
            parts.append("All ten tricks on a bid worth less than 250 score 250 instead "
                         "(the slam, option `slam_250`).")
            score = 250
        elif rules.slam_250:
            parts.append(f"The slam's 250 is not more than {score}, so the side keeps {score}.")
        else:
            parts.append("All ten tricks earn no slam bonus under your rules (option "
                         "`slam_250` is off).")
    return " ".join(parts)


def _declarer(rng: random.Random, rules: RuleSet) -> Question:
    bid, tricks = random_result(rng, rules)
    score = score_hand(bid, tricks, rules).declarer
    value = bid_value(bid, rules)
    need = bid.tricks_needed
    # the other sign, the slam's 250, 10 a trick over or under, the level above, nothing
    near = {value, -value, 250, -250, 0, value + 10 * abs(tricks - need), value + 100,
            -value - 10 * abs(need - tricks), -value - 100, value + 250,
            10 * tricks, -10 * (10 - tricks)}
    who = "the declarer" if bid.misere else "the declarer's side"
    return Question(
        quiz=QUIZ, seed=0, kind="declarer",
        prompt=f"The contract is {bid.pretty} and {who} took {tricks} "
               f"trick{'' if tricks == 1 else 's'}. What does the declarer's side score?",
        choices=number_choices(rng, score, near), answer=str(score),
        explanation=declarer_why(bid, tricks, rules),
        facts=(("contract", bid.code), ("tricks", str(tricks))),
    )


def defenders_why(bid: Bid, tricks: int, rules: RuleSet) -> str:
    """How the defenders' score of a hand is made up (RULES.md §6)."""
    theirs = 10 - tricks
    if bid.misere and not rules.misere_defenders:
        return ("In misère and open misère the defenders score nothing (option "
                "`misere_defenders` is off).")
    if not bid.misere and not rules.defender_tricks:
        return ("Under your rules the defenders score nothing for their tricks (option "
                "`defender_tricks` is off).")
    extra = " (option `misere_defenders` pays them in misère too)" if bid.misere else ""
    return (f"The defenders score 10 for each trick they take, whether the contract makes or "
            f"not{extra}: {theirs} trick{'' if theirs == 1 else 's'}, {10 * theirs}.")


def _defenders(rng: random.Random, rules: RuleSet) -> Question:
    bid, tricks = random_result(rng, rules)
    score = score_hand(bid, tricks, rules).defenders
    theirs = 10 - tricks
    value = bid_value(bid, rules)
    # 10 a trick (theirs, the declarer's, one more or fewer), the bid's value, either sign
    near = {0, 10 * theirs, 10 * tricks, 10 * theirs + 10, 10 * theirs - 10, value, -value,
            -10 * theirs, -10 * tricks, 250, -250}
    others = len(rules.sides()) - 1
    if others > 1:
        prompt = (f"The contract is {bid.pretty}; the declarer took {tricks} and the {others} "
                  f"defenders, each playing for themselves, {theirs} between them. What do the "
                  "defenders score between them?")
    elif len(rules.side_of(rules.seats[0])) == 1:
        prompt = (f"The contract is {bid.pretty}; the declarer took {tricks} and the other "
                  f"player {theirs}. What does the other player score?")
    else:
        prompt = (f"The contract is {bid.pretty}; the declarer's side took {tricks} and the "
                  f"defenders {theirs}. What do the defenders score?")
    return Question(
        quiz=QUIZ, seed=0, kind="defenders", prompt=prompt,
        choices=number_choices(rng, score, near), answer=str(score),
        explanation=defenders_why(bid, tricks, rules),
        facts=(("contract", bid.code), ("tricks", str(tricks))),
    )


# --- the end of the game -----------------------------------------------------------------------


def _start_score(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.55:
        return rng.randrange(260, 500, 10)
    if roll < 0.75:
        return rng.randrange(-490, -250, 10)
    return rng.randrange(-100, 260, 10)


def _split(rng: random.Random, sides: list[tuple[Seat, ...]], own: tuple[Seat, ...],
           theirs: int) -> dict[tuple[Seat, ...], int]:
    others = [s for s in sides if s != own]
    out = {s: 0 for s in others}
    for _ in range(theirs):
        out[rng.choice(others)] += 1
    return out


def _game_end(rng: random.Random, rules: RuleSet) -> Question:
    sides = list(rules.sides())
    declarer = rng.choice(rules.seats)
    own = rules.side_of(declarer)
    before = GameScore({s: _start_score(rng) for s in sides})
    bid, tricks = random_result(rng, rules)
    taken = {own: tricks, **_split(rng, sides, own, 10 - tricks)}
    after = before.after_hand(bid, declarer, taken, rules)
    answer = NOBODY if after.winner is None else wins_words(after.winner)
    # a set of options in a random order ("nobody yet" is the answer about half the time)
    choices = tuple(shuffled(rng, [wins_words(s) for s in sides] + [NOBODY]))
    standing = "; ".join(f"{side_name(s)} {before.scores[s]}" for s in sides)
    took = ", ".join(f"{side_name(s)} {taken[s]}" for s in sides)
    prompt = (
        f"The scores are {standing}. {seat_name(declarer)} plays {bid.pretty}; tricks taken: "
        f"{took}. Who wins the game?"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="game_end", prompt=prompt, choices=choices, answer=answer,
        explanation=game_why(before, after, bid, declarer, taken, rules),
        facts=(("contract", bid.code), ("declarer", declarer.value),
               ("scores", " ".join(str(before.scores[s]) for s in sides)),
               ("taken", " ".join(str(taken[s]) for s in sides))),
    )


def wins_words(side: tuple[Seat, ...]) -> str:
    """``North and South win`` (``North wins`` at a three-player table)."""
    return f"{side_name(side)} win{'s' if len(side) == 1 else ''}"


def game_why(before: GameScore, after: GameScore, bid: Bid, declarer: Seat,
             taken: dict[tuple[Seat, ...], int], rules: RuleSet) -> str:
    """Why the game ends (or not) after a hand, and who wins (RULES.md §7)."""
    own = before.side_of(declarer)
    hand = score_hand(bid, taken[own], rules)
    made = hand.declarer > 0
    new = "; ".join(f"{side_name(s)} {v}" for s, v in after.scores.items())
    parts = [
        f"{side_name(own)} {'made' if made else 'lost'} {bid.pretty}: "
        f"{hand.declarer:+d}. New scores: {new}."
    ]
    low = [s for s, v in after.scores.items() if v <= -GAME_TARGET]
    high = [s for s, v in after.scores.items() if v >= GAME_TARGET]
    if low and rules.minus_500_loses:
        parts.append(f"{side_name(low[0])} fell to {after.scores[low[0]]}: a side on -500 or "
                     "below loses at once (option `minus_500_loses`).")
        if after.winner is not None:
            best = " (the highest other side)" if len(after.scores) > 2 else ""
            parts.append(f"So {wins_words(after.winner)}{best}.")
        return " ".join(parts)
    if low:
        parts.append("A side on -500 or below does not lose at once under your rules (option "
                     "`minus_500_loses` is off).")
    if made and own in high:
        others = [s for s in high if s != own]
        parts.append(f"{side_name(own)} made the bid and reached {after.scores[own]}: "
                     f"{wins_words(own)}.")
        if others:
            parts.append("Another side passed 500 on the same hand, but the declarer's side wins.")
        return " ".join(parts)
    if high:
        if rules.must_bid_to_win:
            parts.append(
                f"{side_name(high[0])} reached 500 without making a bid of their own: a side "
                "can win only by making a bid (option `must_bid_to_win`), so the game goes on."
            )
        else:
            assert after.winner is not None
            parts.append(f"The first side to 500 wins, by bidding or by defending (option "
                         f"`must_bid_to_win` is off): {wins_words(after.winner)}.")
        return " ".join(parts)
    parts.append("Nobody has reached 500, so the game goes on.")
    return " ".join(parts)
