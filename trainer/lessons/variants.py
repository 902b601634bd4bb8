"""Lesson 10, the rule variants: what changes under each option of `RuleSet`, and the game for
two.

Each question picks an option, builds a situation where it matters
(`trainer.lessons.variant_situations`), and asks for the answer under one setting (the
learner's, or another one); the engine computes the answer under both settings and the
explanation gives both, with the option's rule book section and the rules it comes from
(`NOTES`). Every field of `RuleSet` has a situation (a test checks that), and `OPTION_VALUES`
lists the values each option takes (RULES.md §1-§7). Now and then (`TWO_PLAYER_SHARE`) the
question is about the game for two instead (`trainer.lessons.for_two`, kind ``two_player``).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

from trainer.errors import RuleError
from trainer.lessons.common import number_choices
from trainer.lessons.for_two import quiz_for_two
from trainer.lessons.question import Question
from trainer.lessons.variant_situations import SITUATIONS, Situation
from trainer.rules import OPTION_CHOICES, RuleSet

QUIZ = "variants"
TWO_PLAYER_SHARE = 0.15
"""The share of the lesson's questions that are about the game for two (RULES.md §1)."""
NUMBER_CHOICES = 4
"""How many numbers a question with a number for its answer offers."""

OPTION_VALUES = OPTION_CHOICES
"""The values of the options that are not true/false (the others are off and on)."""

NOTES: dict[str, str] = {
    "players": "§1: four players use 43 cards (45 with `deck`), three use 33 (the Polish "
               "rules), six use 63; two use 43, each with 10 in hand and 10 on the table (the "
               "Polish rules' game for two).",
    "deck": "§1: the 45-card pack keeps the black 4s, and the kitty then has 5 cards (the "
            "Polish rules).",
    "six_player_teams": "§1: six play as two teams of three sitting alternately, as three "
                        "pairs of partners sitting opposite, or each for themselves (the "
                        "Portuguese rules: \"3 against 3 or individual\").",
    "bid_after_pass": "§3: a player who has passed may not bid again (all four rule sheets); "
                      "the Polish rules' variants let them, always (as in bridge) or once "
                      "another player has changed the suit of their bid (`if_changed`).",
    "raise_reopens": "§3: with `raise_reopens` on (a Polish variant) the auction's winner, "
                     "once the others have passed, may raise their own bid, if someone else "
                     "bid in the auction; a raise into another strain lets the others bid "
                     "again, one in the same strain ends the auction.",
    "one_round_bidding": "§3: the American game has one round of bidding, each player calling "
                         "once (the Polish rules' American paragraph); otherwise the bidding "
                         "goes on until the others pass.",
    "six_level_informational": "§3: with `six_level_informational` on (the American game, as "
                               "the Polish rules tell it) a 6-level bid cannot win the "
                               "auction: if nobody bids seven or more, the hand is dealt "
                               "again.",
    "all_pass": "§3: when all pass, the hand is thrown in and redealt, or (`play_no_trumps`) "
                "played at no trumps with each side scoring 10 a trick.",
    "misere": "§3: with `misere` off nobody may bid misère or open misère (and two players "
              "never do).",
    "misere_placement": "§3: misère sits above every 7-bid and below every 8-bid "
                        "(`after_sevens`, the Polish and Spanish rules), or by its 250 points "
                        "between 8♠ and 8♣ (`by_points`).",
    "misere_needs_seven": "§3: with `misere_needs_seven` on (the Polish rules), misère may be "
                          "bid only after someone has bid seven; open misère may always be bid.",
    "open_misere_placement": "§3: open misère sits above 10♦ and below 10♥ (`between_10D_10H`, "
                             "the Polish rules), or above 8NT and below 9♠ (`between_8NT_9S`, "
                             "the Spanish rules: \"between a contract of eight and of nine "
                             "tricks\").",
    "open_misere_reveal": "§3: the open misère hand is laid face up after the first trick (the "
                          "Spanish rules), or before the first lead.",
    "nullo_500": "§3, §6: with `nullo_500` on (the Portuguese rules' \"Nullo\") misère scores "
                 "500 made and -500 set, and there is no open misère.",
    "first_lead": "§4: the declarer leads to the first trick, or the player left of the "
                  "dealer does.",
    "nominate_joker": "§5: a no-trump or misère declarer holding the joker may nominate a suit "
                      "for it before the first lead (the Italian rules); with "
                      "`nominate_joker` off (the American game) nobody may.",
    "joker_lead": "§5: a led free joker may be named as any suit (`any_suit`, the Polish "
                  "rules: \"to any suit\"), not as a suit its holder has shown void in "
                  "(`not_shown_void`, a Polish variant and the American rule), or only as a "
                  "suit not yet led (`not_yet_led`, a house rule).",
    "joker_low_in_misere": "§5: with `joker_low_in_misere` on the joker is the lowest card in "
                           "misère: led, it wins only when nobody follows the suit named, and "
                           "played when void it cannot win; otherwise it wins as at no trumps.",
    "overtricks_10": "§6: a made bid scores its value (the Polish rules); with `overtricks_10` "
                     "on (the Portuguese rules) also 10 a trick over the bid, the hand scoring "
                     "at most 520.",
    "slam_250": "§6: with `slam_250` on (the Polish and Spanish rules), all ten tricks on a bid "
                "worth less than 250 score 250.",
    "defender_tricks": "§6: with `defender_tricks` on (the Portuguese and Spanish rules) the "
                       "defenders score 10 a trick.",
    "misere_defenders": "§6: in misère the defenders score nothing (the Polish rules), unless "
                        "`misere_defenders` pays them 10 a trick there too.",
    "must_bid_to_win": "§7: the first side to 500 wins, by bidding or by defending (the "
                       "Portuguese, Italian and Spanish rules); with `must_bid_to_win` on (a "
                       "Polish variant) a side can win only by making a bid.",
    "minus_500_loses": "§7: with `minus_500_loses` on (the Portuguese rules) a side on -500 or "
                       "below loses at once.",
}
"""What each option does, in a line, with its RULES.md section and the rules it comes from."""


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


__all__ = ["NOTES", "OPTION_VALUES", "SITUATIONS", "Situation", "option_question",
           "quiz_variants"]


# --- the question ------------------------------------------------------------------------------


def _with(rules: RuleSet, **options: Any) -> RuleSet:
    """``rules`` with ``options``; the 45-card pack goes back to 43 at a table of 3 or 6."""
    try:
        return rules.with_options(**options)
    except RuleError:
        return rules.with_options(**options, deck=43)


def quiz_variants(rng: random.Random, rules: RuleSet) -> Question:
    """A question about one rule option: the same situation under two of its settings; or,
    one time in about seven, a question on the game for two (kind ``two_player``)."""
    if rng.random() < TWO_PLAYER_SHARE:
        q = quiz_for_two(rng, rules)
        return replace(q, quiz=QUIZ, kind="two_player", facts=(("kind", q.kind), *q.facts))
    return option_question(rng, rules, rng.choice([f.name for f in fields(RuleSet)]))


def option_question(rng: random.Random, rules: RuleSet, option: str) -> Question:
    """A question about ``option``: a situation where it matters (`SITUATIONS`), asked under
    the learner's setting or another one, each half the time."""
    for _ in range(40):
        situation = SITUATIONS[option](rng, rules)
        fixed = {k: v for k, v in situation.fixed.items() if k != option}
        mine = _with(rules, **fixed)
        now = getattr(mine, option)
        other = rng.choice([v for v in values_of(option) if v != now])
        theirs = _with(mine, **{option: other})
        if situation.answer(mine) != situation.answer(theirs):
            break
    a_other, a_now = situation.answer(theirs), situation.answer(mine)
    place = rng.randrange(NUMBER_CHOICES) if situation.numbers else None
    if place is not None and a_now != a_other and place in (0, NUMBER_CHOICES - 1):
        # the other setting's answer is among the choices: with the answer first, ask the
        # setting whose answer is the lower; last, the higher (each setting still half the time)
        ask_other = (int(a_other) < int(a_now)) == (place == 0)
    else:
        ask_other = rng.random() < 0.5  # Yes/No situations: each answer as often
    asked, asked_value = (theirs, other) if ask_other else (mine, now)
    answer = situation.answer(asked)
    if place is not None:
        wrong = a_now if ask_other else a_other
        choices = list(number_choices(
            rng, int(answer), (int(c) for c in situation.choices), NUMBER_CHOICES,
            step=situation.step, low=situation.low, place=place,
            keep=(int(wrong),)))
    else:
        choices = list(situation.choices)
        for extra in (a_now, a_other):
            if extra not in choices:
                choices.insert(rng.randrange(len(choices) + 1), extra)
    setting = (
        f"Suppose the option `{option}` is {value_words(other)} (your rules: "
        f"{value_words(now)})."
        if ask_other
        else f"Your rules have the option `{option}` {set_to(now)}."
    )
    changed = [f"`{k}` is {value_words(v)}" for k, v in fixed.items() if getattr(rules, k) != v]
    shared = f" (For this question: {', '.join(changed)}.)" if changed else ""
    prompt = f"{setting}{shared} {situation.words}"
    rest = [v for v in values_of(option) if v not in (now, other)]
    if a_other == a_now and not rest:
        result = f"Here the option makes no difference: {a_now} either way."
    else:
        result = (f"If `{option}` is {value_words(other)}: {a_other}. With it "
                  f"{value_words(now)}, as in your rules: {a_now}.")
        for value in rest:  # a third setting: its answer too
            result += (f" Set to {value_words(value)}: "
                       f"{situation.answer(_with(mine, **{option: value}))}.")
    return Question(
        quiz=QUIZ, seed=0, kind=option, prompt=prompt, choices=tuple(choices), answer=answer,
        explanation=f"{result} Rule book {NOTES[option]}", cards=situation.cards,
        facts=(("option", option), ("value", str(asked_value)),
               ("mine", str(now)), ("other", str(other)),
               ("fixed", " ".join(f"{k}={v}" for k, v in fixed.items())), *situation.facts),
    )

