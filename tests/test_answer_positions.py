"""The right answer's place among the choices gives nothing away (issue: lesson 2 showed the
highest trump first; the pack quiz's kitty answer was always the second choice, a misère trick's
winner the first one time in 0.95...).

For every quiz kind, a few thousand generated questions under three rule sets, counted by
(topic, number of choices): each place must hold the answer between 0.5/n and 1.5/n of the
time, for every (topic, n) with enough questions that a fair generator stays inside that band
by 4 standard deviations (so the test fails on skew, not on chance). The variants lesson is
counted option by option, and the game for two kind by kind."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import fields

import pytest

from trainer.lessons.for_two import TOPICS, quiz_for_two
from trainer.lessons.question import Question
from trainer.lessons.registry import QUIZZES, make_question
from trainer.lessons.variants import option_question
from trainer.rules import RuleSet, ruleset

RULE_SETS = {
    "four": ruleset(),
    # the 45-card pack (kitty 5) and the scoring and misère options away from their defaults
    "odd45": ruleset({"deck": 45, "open_misere_reveal": "before_first_lead",
                      "misere_placement": "by_points", "open_misere_placement": "between_8NT_9S",
                      "defender_tricks": False, "misere_defenders": True, "overtricks_10": True,
                      "slam_250": False, "joker_lead": "not_yet_led"}),
    "six": ruleset({"players": 6, "six_player_teams": "three_pairs", "nullo_500": True,
                    "joker_low_in_misere": True, "minus_500_loses": False}),
}
SEEDS = {"pack": 2000, "card-order": 2500, "following": 400, "tricks": 1500, "bidding": 2500,
         "kitty": 2000, "joker": 800, "misere": 2500, "scoring": 2500}
"""Questions per rule set: enough for every topic with more than two choices to be counted
(``following`` is Yes/No only, balanced by `make_question`)."""
VARIANT_SEEDS = 270
TWO_PLAYER_SEEDS = 240

Key = tuple[str, int]
Counts = dict[Key, Counter[int]]


def count_places(questions: Iterable[Question]) -> Counts:
    """For each (topic, number of choices), how often the answer is at each place."""
    counts: Counts = {}
    for q in questions:
        if len(q.choices) > 1:
            counts.setdefault((q.kind, len(q.choices)), Counter())[q.choices.index(q.answer)] += 1
    return counts


def enough(total: int, n: int) -> bool:
    """True when a uniform place stays within 0.5/n..1.5/n of ``total`` by 4 standard
    deviations: 0.5/n * total >= 4 * sqrt(total * 1/n * (1 - 1/n))."""
    return total >= 64 * (n - 1)


def skewed(counts: Counts) -> tuple[list[str], set[Key]]:
    """The (topic, n) whose answer places are outside the band, and those checked."""
    problems, checked = [], set()
    for (topic, n), places in sorted(counts.items()):
        total = sum(places.values())
        if not enough(total, n):
            continue
        checked.add((topic, n))
        shares = [places[i] / total for i in range(n)]
        if not all(0.5 / n <= s <= 1.5 / n for s in shares):
            problems.append(f"{topic} ({n} choices, {total} questions): "
                            f"{[round(s, 2) for s in shares]}")
    return problems, checked


def test_the_check_can_fail() -> None:
    """The check flags a skewed topic and passes a fair one (a skew the pack quiz had)."""
    kitty = {("kitty", 4): Counter({1: 263})}
    fair = {("fair", 4): Counter({0: 60, 1: 70, 2: 65, 3: 68})}
    few = {("few", 4): Counter({0: 50})}
    assert skewed(kitty)[0] and not skewed(fair)[0] and skewed(few) == ([], set())


# Topics with more than two choices that must be counted under some rule set: the test would
# otherwise pass by skipping them.
MUST_CHECK = {
    "pack": {"count", "kitty", "lowest", "suit_count"},
    "card-order": {"which_suit", "highest", "bower"},
    "tricks": {"winner"},
    "bidding": {"value", "misere_place"},
    "kitty": {"discard_count", "hold", "void"},
    "joker": {"winner"},
    "misere": {"who_plays", "score", "defenders", "trick", "reveal"},
    "scoring": {"declarer", "defenders", "game_end"},
    "following": set(),
}


@pytest.mark.parametrize("quiz", [q for q in QUIZZES if q != "variants"])
def test_answer_place_is_uniform(quiz: str) -> None:
    problems: list[str] = []
    checked: set[str] = set()
    for name, rules in RULE_SETS.items():
        counts = count_places(make_question(quiz, seed, rules) for seed in range(SEEDS[quiz]))
        bad, seen = skewed(counts)
        problems += [f"{name}: {b}" for b in bad]
        checked |= {topic for topic, _ in seen}
    assert not problems, "\n".join(problems)
    assert MUST_CHECK[quiz] <= checked, MUST_CHECK[quiz] - checked


def _by_kind(make: Callable[[random.Random, RuleSet], Question], rules: RuleSet,
             seeds: int) -> Counts:
    return count_places(make(random.Random(seed), rules) for seed in range(seeds))


@pytest.mark.parametrize("rules_name", ["four", "odd45"])
def test_variants_answer_place_is_uniform_for_every_option(rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    problems: list[str] = []
    checked: set[str] = set()
    for option in (f.name for f in fields(RuleSet)):
        counts = _by_kind(lambda rng, r, o=option: option_question(rng, r, o), rules,
                          VARIANT_SEEDS)
        bad, seen = skewed(counts)
        problems += bad
        checked |= {topic for topic, _ in seen}
    assert not problems, "\n".join(problems)
    assert len(checked) == len(fields(RuleSet)), set(f.name for f in fields(RuleSet)) - checked


def test_two_player_answer_place_is_uniform_for_every_kind() -> None:
    problems: list[str] = []
    for kind in TOPICS:
        counts = _by_kind(lambda rng, r, k=kind: quiz_for_two(rng, r, k), RULE_SETS["four"],
                          TWO_PLAYER_SEEDS)
        problems += skewed(counts)[0]
    assert not problems, "\n".join(problems)


def test_highest_trump_picture_does_not_rank_the_cards() -> None:
    """Lesson 2's "which of these trumps is the highest?": the cards are drawn as dealt
    (`CardGroup.keep_order`), and the highest is at each place of the picture as often."""
    places: Counter[tuple[int, int]] = Counter()
    for seed in range(3000):
        q = make_question("card-order", seed, RULE_SETS["four"])
        if q.kind != "highest":
            continue
        group = q.cards[0]
        assert group.keep_order
        names = [c.pretty if not c.is_joker else "the joker" for c in group.cards]
        places[(len(names), names.index(q.answer))] += 1
    for n in (3, 4):
        total = sum(v for (m, _), v in places.items() if m == n)
        assert enough(total, n)
        assert all(0.5 / n <= places[(n, i)] / total <= 1.5 / n for i in range(n)), places
