"""Play puzzles: theme rules on hand-made endings, the only-move test, goals, grading.

Every hand-made ending below was worked out by hand (the comments give the reasoning); the
solver and the theme rules must agree with it. RULES.md §2 (bowers, the joker as top trump),
§4 (following suit), §5 (the joker at no trumps, named when led).
"""

from pathlib import Path

import pytest

from trainer.generate.explain import play_text
from trainer.generate.goals import Goal, equivalence_classes, judge
from trainer.generate.grading import PuzzleSession, main_line_story
from trainer.generate.lines import main_line
from trainer.generate.play_puzzles import KINDS, generate_play_puzzle, only_move
from trainer.generate.play_steps import initial_rating
from trainer.generate.records import PlayPuzzle, load_play_puzzles
from trainer.generate.themes import THEMES, detect_themes
from trainer.notation import Position, parse_play, parse_position
from trainer.solver import Solver

SOLVER = Solver()


def position(contract, declarer, leader, hands, trick=()):
    return parse_position({
        "contract": contract, "declarer": declarer, "leader": leader,
        "hands": {seat: cards.split() for seat, cards in hands.items()}, "trick": list(trick),
    })


# name: (position, goal, right cards, themes expected, reasoning)
ENDINGS = {
    # Hearts trumps, S to win all 3. J♥ first draws E's 4♥ (E must follow trumps), then A♠ K♠
    # stand up. A♠ first: E, void in spades, ruffs with 4♥.
    "drawing_trumps": (
        position("8H", "S", "S", {"N": "5C 6C 7C", "E": "4H 9D 8D", "S": "JH AS KS",
                                  "W": "QS JS TS"}),
        Goal(True, 3), ["JH"], {"drawing_trumps", "ruff"},
    ),
    # The same with J♦, the left bower: a trump with hearts trumps (§2), it draws the 4♥ and wins.
    "left_bower": (
        position("8H", "S", "S", {"N": "5C 6C 7C", "E": "4H 9D 8D", "S": "JD AS KS",
                                  "W": "QS JS TS"}),
        Goal(True, 3), ["JD"], {"left_bower", "drawing_trumps", "ruff"},
    ),
    # S needs both tricks. The joker first pulls W's K♥ (W must follow trumps), then A♠ wins.
    # A♠ first: W, void in spades, ruffs with K♥ and S's joker takes only the last trick.
    "joker_timing": (
        position("8H", "S", "S", {"N": "7D 8D", "E": "9D TD", "S": "JK AS", "W": "KH 9C"}),
        Goal(True, 2), ["JK"], {"joker_timing", "drawing_trumps", "ruff"},
    ),
    # Throw-in: S exits with 5♣; W must win with K♣ and lead a spade into A♠ Q♠ (2 tricks).
    # Cashing A♠ or leading Q♠ (W covers) leaves S with one trick.
    "throw_in": (
        position("7NT", "S", "S", {"N": "6D 7D 8D", "E": "9D TD JD", "S": "AS QS 5C",
                                   "W": "KS 7S KC"}),
        Goal(True, 2), ["5C"], {"throw_in"},
    ),
    # N leads A♣; S unblocks K♣ under it so that N's Q♣ J♣ run: all 3 tricks. Playing 5♣, S
    # must win the second club with K♣ and lead a spade to W.
    "unblock": (
        position("8NT", "S", "N", {"N": "QC JC", "E": "7D 8D", "S": "KC 5C 7S",
                                   "W": "AS 9S 8S"}, trick=["AC", "6D"]),
        Goal(True, 3), ["KC"], {"unblock"},
    ),
    # S leads 5♠ to N's A♠ (the entry), and N cashes K♦ Q♦. A heart lead loses to W's or E's.
    "entry": (
        position("8NT", "S", "S", {"N": "AS KD QD", "E": "KH QH 9C", "S": "5S 8H 7H",
                                   "W": "AH JH TH"}),
        Goal(True, 3), ["5S"], {"entry"},
    ),
    # No trumps, S leads the joker and must name clubs (§5): W must follow with K♣, and S's Q♣
    # takes the last trick. Naming another suit lets W discard 5♠ and keep K♣.
    "joker_nomination": (
        position("6NT", "S", "S", {"N": "7D 8D", "E": "9D TD", "S": "JK QC", "W": "KC 5S"}),
        Goal(True, 2), ["JK:C"], {"joker_nomination"},
    ),
}


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_theme_rules_on_hand_made_endings(name):
    pos, goal, right, themes = ENDINGS[name]
    state = pos.to_state()
    line = main_line(state, state.to_play, goal, SOLVER)
    first = line.decisions[0]
    assert [p.code for p in first.verdicts.right] == right
    found = {t for t, rule in THEMES.items() if rule(line)}
    assert found == themes


def test_every_theme_rule_has_a_hand_made_ending():
    covered = set().union(*(t for *_, t in ENDINGS.values()))
    assert covered == set(THEMES)


def test_descriptive_tags():
    pos, goal, *_ = ENDINGS["throw_in"]
    state = pos.to_state()
    tags = detect_themes(main_line(state, state.to_play, goal, SOLVER))
    assert {"no_trumps", "declarer", "short"} <= set(tags)


def test_equivalence_classes():
    """A♠ K♠ with Q♠ J♠ 10♠ elsewhere are one class; the joker led per named suit is not."""
    pos, *_ = ENDINGS["drawing_trumps"]
    state = pos.to_state()
    groups = equivalence_classes(state, state.legal_plays())
    assert [[p.code for p in g] for g in groups] == [["AS", "KS"], ["JH"]]
    pos, *_ = ENDINGS["joker_nomination"]
    state = pos.to_state()
    assert len(equivalence_classes(state, state.legal_plays())) == 5


def test_only_move_test():
    """Lichess's rule: some card fails and at most a third of the distinct cards keep the goal."""
    pos, goal, *_ = ENDINGS["throw_in"]
    state = pos.to_state()
    verdicts = judge(SOLVER.analyse(state), state, goal, 0)
    assert only_move(verdicts)  # 1 right class of 3
    pos, goal, *_ = ENDINGS["drawing_trumps"]
    state = pos.to_state()
    assert not only_move(judge(SOLVER.analyse(state), state, goal, 0))  # 1 of 2 is too many
    assert not only_move(judge(SOLVER.analyse(state), state, Goal(True, 1), 0))  # none fail


def test_goal_json_and_settling():
    goal = Goal(False, 3)
    assert goal.to_json() == {"declarer_tricks_at_most": 3}
    assert Goal.from_json(goal.to_json()) == goal
    assert goal.met_by(2, counted_since_start=1) and not goal.met_by(3, counted_since_start=1)
    # Beat it with 5 left, declarer allowed 3: settled once the defence has taken 2.
    assert goal.settled(counted_since_start=1, tricks_done_since_start=3, tricks_total=5)
    assert not goal.settled(counted_since_start=2, tricks_done_since_start=3, tricks_total=5)


def test_initial_rating_rises_with_difficulty():
    easy = initial_rating(2, 1 / 3, 1)
    assert initial_rating(5, 1 / 3, 1) > easy
    assert initial_rating(2, 1 / 6, 1) > easy
    assert initial_rating(2, 1 / 3, 3) > easy
    assert 600 <= easy <= 2400


# --- generation -------------------------------------------------------------------------------

SEEDS = (1, 11, 12, 9)  # suit defence, misère defence, suit declarer, NT defence (seed % 6)


@pytest.fixture(scope="module")
def generated():
    return {s: generate_play_puzzle(s, SOLVER) for s in SEEDS}


def test_generation_is_reproducible(generated):
    for seed, puzzle in generated.items():
        assert puzzle is not None, seed
        again = generate_play_puzzle(seed, Solver())
        assert again is not None and again.to_json() == puzzle.to_json()
        assert puzzle.generator["seed"] == seed and puzzle.generator["kind"] == KINDS[seed % 6]


def test_record_round_trip(generated):
    for puzzle in generated.values():
        assert PlayPuzzle.from_json(puzzle.to_json()).to_json() == puzzle.to_json()


def test_solution_lines_replay_to_each_decision(generated):
    for puzzle in generated.values():
        state = puzzle.position.to_state()
        for decision in puzzle.solution:
            assert Position.from_state(state).to_json() == decision.position.to_json()
            assert decision.line[0] in decision.right
            for play in decision.line:
                state.push(play)


# --- grading ----------------------------------------------------------------------------------


def test_session_solves_along_the_solution(generated):
    for puzzle in generated.values():
        session = PuzzleSession(puzzle, SOLVER)
        for decision in puzzle.solution:
            assert session.state.to_play is puzzle.learner
            verdict = session.play(decision.line[0])
            assert verdict.right and verdict.refutation == ()
        assert session.solved and session.finished and not session.failed


def test_wrong_card_gets_refutation_and_right_line():
    pos, goal, *_ = ENDINGS["joker_timing"]
    puzzle = _puzzle_from(pos, goal)
    session = PuzzleSession(puzzle, SOLVER)
    verdict = session.play("AS")
    assert not verdict.right and verdict.cost == 1 and session.failed
    assert verdict.refutation[0].text.startswith("Trick 1: South A♠, West K♥")
    assert "ruffs" in verdict.refutation[0].event
    assert verdict.right_line[0].plays[0] == parse_play("JK")
    assert verdict.explanation.startswith("A♠ costs 1 trick")
    assert "The right card for South is the joker:" in verdict.explanation
    with pytest.raises(ValueError, match="over"):
        session.play("JK")
    session.retry()
    assert session.play("JK").right and session.solved


def test_a_wrong_card_names_every_right_card():
    """A tester read "The right card for South is 7♥" where 4♥ was right too: the line shown
    follows one right card, and the others are named beside it."""
    bank = load_play_puzzles(Path(__file__).resolve().parents[1] / "puzzles" / "play.jsonl.gz")
    puzzle = next(p for p in bank if len(p.solution[0].right) >= 2 and any(
        q not in p.solution[0].right for q in p.position.to_state().legal_plays()))
    session = PuzzleSession(puzzle, SOLVER)
    right = puzzle.solution[0].right
    wrong = next(q for q in session.legal_plays() if q not in right)
    verdict = session.play(wrong)
    shown = verdict.right_line[0].plays[0]
    others = [p for p in right if p != shown]
    names = " and ".join(play_text(p) for p in others) if len(others) <= 2 else None
    assert f"is {play_text(shown)} (" in verdict.explanation
    if names is not None:
        verb = "keeps" if len(others) == 1 else "keep"
        assert f"({names} {verb} it too): step through" in verdict.explanation


def test_illegal_card_is_refused_with_reason():
    pos, goal, *_ = ENDINGS["unblock"]
    session = PuzzleSession(_puzzle_from(pos, goal), SOLVER)
    with pytest.raises(ValueError, match="must follow clubs"):
        session.play("7S")
    with pytest.raises(ValueError):
        session.play("ZZ")


def test_show_solution_story():
    pos, goal, *_ = ENDINGS["throw_in"]
    story = main_line_story(_puzzle_from(pos, goal))
    assert story[0].text.startswith("Trick 1: South 5♣")
    assert story[0].winner.value == "W"


def _puzzle_from(pos, goal):
    from trainer.generate.play_steps import contract_type
    from trainer.generate.records import Decision

    state = pos.to_state()
    line = main_line(state, state.to_play, goal, SOLVER)
    decisions = tuple(Decision(Position.from_state(d.state), d.verdicts.right, tuple(d.line))
                      for d in line.decisions)
    return PlayPuzzle("hand-made", pos, goal, decisions, tuple(detect_themes(line)), 1500.0,
                      300.0, {"name": "hand-made"}, "Hand-made", contract_type(pos.contract),
                      "declarer")


def test_goal_words_say_all_none_it_and_them() -> None:
    from trainer.ui.data.puzzle_bank import load_bank
    from trainer.ui.pages.play import goal_text

    titles = {}
    texts = {}
    for puzzle in load_bank().puzzles:
        left = puzzle.position.to_state().tricks_left
        titles[puzzle.id] = puzzle.title
        texts[puzzle.id] = goal_text(puzzle)
        if puzzle.goal.at_least and puzzle.goal.tricks == left:
            assert texts[puzzle.id].endswith(f"takes all of the last {left} tricks")
        if not puzzle.goal.at_least and puzzle.goal.tricks == 0:
            assert texts[puzzle.id].endswith(f"takes none of the last {left} tricks")
    assert not any(f"Win {n} of the last {n} " in t for t in titles.values() for n in range(11))
    assert not any("Win 1 of" in t and "need them" in t for t in titles.values())
    assert any(t.startswith("Win all of the last") and "you need them all for" in t
               for t in titles.values())
    assert any("need it for" in t for t in titles.values())


def test_write_bank_appends_replacing_same_ids(tmp_path, monkeypatch) -> None:
    """``generate --append`` keeps the bank's records, replaces those with a new record's id,
    and writes the file whole (no half-written bank, no temporary file left)."""
    import json

    from trainer.generate import bank

    def fake_records(kind, count, seed, jobs, progress, theme, rules=None, cluster=None):
        assert theme == "joker_nomination"
        for i in range(count):
            yield i + 1, {"id": f"p{seed + i:07d}", "new": True}

    monkeypatch.setattr(bank, "generate_records", fake_records)
    path = tmp_path / "play.jsonl"
    path.write_text("".join(json.dumps({"id": f"p{i:07d}"}) + "\n" for i in (1, 2, 3)))
    report = bank.write_bank("play", 2, 3, path, progress=False, theme="joker_nomination",
                             append=True)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert report.written == 4
    assert [r["id"] for r in rows] == ["p0000001", "p0000002", "p0000003", "p0000004"]
    assert rows[2] == {"id": "p0000003", "new": True}
    assert list(tmp_path.iterdir()) == [path]
    bank.write_bank("play", 1, 9, path, progress=False, theme="joker_nomination")
    assert [json.loads(line)["id"] for line in path.read_text().splitlines()] == ["p0000009"]


def test_unknown_theme_is_refused() -> None:
    with pytest.raises(KeyError):
        generate_play_puzzle(1, theme="ruff")
