"""Bots of each level try play puzzles in the learner's seat (`trainer.generate.bot_tries`).

The bank puzzles named here are quoted in issue 28 (p0001795, ace on king; p0001340, an
endplay) and issue 27 (p1000028, the joker's named suit in misère defence); the hand-made
ending is worked out by hand in its comment.
"""

import random

import pytest

from trainer.bots.levels import Level
from trainer.errors import TrainerError
from trainer.generate.bot_tries import bot_card, bot_solves, solve_share
from trainer.generate.goals import Goal
from trainer.generate.play_steps import finish_puzzle
from trainer.generate.records import load_play_puzzles
from trainer.notation import parse_play, parse_position
from trainer.solver import Solver

SOLVER = Solver()
BANK = {p.id: p for p in load_play_puzzles("puzzles/play.jsonl.gz", lazy=True)}


def drawing_trumps_puzzle():
    # Hearts trumps, S on lead to win all 3 with J♥ A♠ K♠; E holds 4♥ and is void in spades.
    # J♥ first draws the 4♥ and the spades stand up; A♠ first is ruffed. The rule of thumb
    # leads a trump only when it is the best trump left, and the joker (out of play here, but
    # not seen played) outranks J♥, so it cashes its master A♠: wrong.
    state = parse_position({
        "contract": "8H", "declarer": "S", "leader": "S", "trick": [],
        "hands": {"N": ["5C", "6C", "7C"], "E": ["4H", "9D", "8D"], "S": ["JH", "AS", "KS"],
                  "W": ["QS", "JS", "TS"]}}).to_state()

    return finish_puzzle(1, "suit_declarer", state, state.to_play, Goal(True, 3),
                         "win all of the last 3 (you need them for 8♥)", SOLVER)


def test_hand_made_drawing_trumps_beats_the_rules_of_thumb():
    puzzle = drawing_trumps_puzzle()
    assert [p.code for p in puzzle.solution[0].right] == ["JH"]
    state = puzzle.position.to_state()
    assert bot_card(state, Level.EASY, random.Random(0), SOLVER) == parse_play("AS")
    assert not bot_solves(puzzle, "easy", 0, SOLVER)
    # the sampling bot's 20 layouts give the opponents the trumps at random: on most, some
    # spade is ruffed after A♠ and J♥ is better, so it usually draws the trump; on a few draws
    # of layouts A♠ never loses and it cashes it
    assert bot_card(state, Level.NORMAL, random.Random(0), SOLVER) == parse_play("AS")
    assert [bot_solves(puzzle, "normal", seed, SOLVER) for seed in range(6)] \
        == [True, True, True, True, True, False]


def test_ace_on_king_is_solved_by_every_level():
    puzzle = BANK["p0001795"]
    assert [p.code for p in puzzle.solution[0].right] == ["AH"]
    assert [bot_solves(puzzle, level, 0, SOLVER) for level in ("easy", "normal", "strong")] \
        == [True, True, True]


def test_endplay_defeats_the_rules_of_thumb():
    puzzle = BANK["p0001340"]  # 8NT, win 4 of the last 5: K♣ or Q♣ throws the lead in
    state = puzzle.position.to_state()
    assert bot_card(state, Level.EASY, random.Random(0), SOLVER) == parse_play("KH")
    assert not bot_solves(puzzle, Level.EASY, 0, SOLVER)
    # the normal bot's layouts differ by seed; the answer for each seed does not
    tries = [bot_solves(puzzle, "normal", seed, SOLVER) for seed in range(5)]
    assert tries == [True, True, False, True, True]
    assert tries == [bot_solves(puzzle, "normal", seed, SOLVER) for seed in range(5)]


def test_joker_named_suit_in_misere_defence_beats_every_level():
    puzzle = BANK["p1000028"]  # right: the joker naming ♦ or ♥
    state = puzzle.position.to_state()
    assert bot_card(state, Level.EASY, random.Random(0), SOLVER) == parse_play("5D")
    assert bot_card(state, Level.NORMAL, random.Random(0), SOLVER) == parse_play("5D")
    assert [bot_solves(puzzle, level, 0, SOLVER) for level in ("easy", "normal", "strong")] \
        == [False, False, False]


def test_a_right_card_off_the_recorded_line_is_judged_by_the_solver():
    puzzle = BANK["p0000012"]  # easy plays 9♦, right but not the recorded Q♦; then solves
    state = puzzle.position.to_state()
    played = bot_card(state, Level.EASY, random.Random(0), SOLVER)
    assert played == parse_play("9D") != puzzle.solution[0].line[0]
    assert played in puzzle.solution[0].right and len(puzzle.solution) > 1
    assert bot_solves(puzzle, "easy", 0, SOLVER)


def test_share_and_bad_level():
    puzzles = [BANK["p0001795"], BANK["p0001340"], BANK["p1000028"], BANK["p0000012"]]
    assert solve_share(puzzles, "easy", 0, SOLVER) == 0.5
    assert solve_share([], "easy", 0, SOLVER) == 0.0
    with pytest.raises(TrainerError, match="level: 'expert' is not easy, normal or strong"):
        bot_solves(BANK["p0001795"], "expert", 0, SOLVER)
