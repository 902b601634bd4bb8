"""The game table's hand summary in words (trainer/ui/game/scoreboard.py): the learner's side is
"you and North" mid-sentence, and a side that scored nothing shows 0, not +0."""

from __future__ import annotations

from trainer.bots import Level
from trainer.bots.match import play_table
from trainer.cards import Seat
from trainer.rules import RuleSet
from trainer.scoring import GameScore
from trainer.ui.game.scoreboard import HandSummary, hand_summary, points_words


def test_points_words_sign_only_what_was_scored() -> None:
    summary = HandSummary(1, "7♥ by you", "", (("You and North", 200), ("East and West", 0)))
    assert points_words(summary) == "You and North +200, East and West 0"
    summary = HandSummary(2, None, "", (("You and North", -80), ("East and West", 30)))
    assert points_words(summary) == "You and North -80, East and West +30"


def test_the_learners_side_is_lower_case_after_the_semicolon() -> None:
    rules = RuleSet()
    seen = 0
    for seed in range(40):
        hand = play_table(rules, seed, Seat.N, dict.fromkeys(Seat, Level.EASY), "w")
        if hand.contract is None or hand.contract.misere or hand.declarer is None:
            continue
        if rules.side_of(hand.declarer) != rules.side_of(Seat.S):
            continue
        before = GameScore.new(rules)
        summary = hand_summary(hand, 1, before, hand.score_into(before), Seat.S)
        head, _, tail = summary.result.partition("; ")
        assert tail.startswith("you and North took "), summary.result
        assert head.startswith(("You played", "North played")), summary.result
        seen += 1
        if seen == 3:
            break
    assert seen == 3
