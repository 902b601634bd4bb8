"""Every shipped play puzzle, re-verified against the solver (docs/DESIGN.md puzzle records)."""

from collections import Counter
from pathlib import Path

import pytest

from trainer.generate.goals import counted_since, judge
from trainer.generate.play_puzzles import KINDS, THEMED, generate_play_puzzle, only_move
from trainer.generate.records import PlayPuzzle, read_jsonl
from trainer.generate.themes import THEMES
from trainer.notation import Position
from trainer.rules import ruleset
from trainer.solver import Solver

BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"
SOLVER = Solver()
REQUIRED = {"id": str, "kind": str, "themes": list, "rating": (int, float),
            "rating_deviation": (int, float), "generator": dict, "position": dict,
            "goal": dict, "solution": list}


def raw_records():
    return list(read_jsonl(BANK))


@pytest.fixture(scope="module")
def records():
    return raw_records()


@pytest.fixture(scope="module")
def puzzles(records):
    return [PlayPuzzle.from_json(r) for r in records]


def test_schema_of_every_record(records):
    ids = set()
    for rec in records:
        for field, kind in REQUIRED.items():
            assert isinstance(rec[field], kind), (rec.get("id"), field)
        assert rec["kind"] == "play"
        assert rec["id"] not in ids
        ids.add(rec["id"])
        assert {"name", "version", "seed"} <= set(rec["generator"])
        assert len(rec["goal"]) == 1
        assert set(rec["goal"]) <= {"declarer_tricks_at_least", "declarer_tricks_at_most"}
        for step in rec["solution"]:
            assert set(step) >= {"position", "right", "line"} and step["right"]


def test_bank_size_and_spread(puzzles):
    """Issue 19: at least 3,000 puzzles over every contract type and side (misère declarer
    included), at least 100 each of joker nomination and unblock, every theme, and a wide
    spread of difficulty."""
    assert len(puzzles) >= 3000
    kinds = Counter(p.generator["kind"] for p in puzzles)
    assert set(kinds) == set(KINDS) and kinds["misere_declarer"] >= 100, kinds
    types = Counter((p.contract_type, p.side) for p in puzzles)
    assert {(t, s) for t in ("suit", "no_trumps", "misere", "open_misere")
            for s in ("declarer", "defence")} <= set(types), types
    themes = Counter(t for p in puzzles for t in p.themes)
    assert all(themes[t] > 0 for t in THEMES), themes
    assert themes["joker_nomination"] >= 100 and themes["unblock"] >= 100, themes
    ratings = [p.rating for p in puzzles]
    assert max(ratings) - min(ratings) >= 600


def test_every_puzzle_reverified(puzzles):
    """Goal reachable, right cards exactly the solver's, some card wrong at every decision,
    only-move at the first, the line replays to each decision, and the goal is settled at the
    end of the main line."""
    for puzzle in puzzles:
        state = puzzle.position.to_state()
        start = len(state.history)
        assert state.to_play is puzzle.learner
        for i, decision in enumerate(puzzle.solution):
            assert Position.from_state(state).to_json() == decision.position.to_json(), puzzle.id
            counted = counted_since(state, start)[0]
            verdicts = judge(SOLVER.analyse(state), state, puzzle.goal, counted)
            assert set(verdicts.right) == set(decision.right), (puzzle.id, i)
            assert verdicts.wrong, (puzzle.id, i)  # every recorded decision is a real one
            if i == 0:
                assert puzzle.goal.met_by(verdicts.analysis.best)
                assert only_move(verdicts), puzzle.id
            for play in decision.line:
                state.push(play)
        counted, done = counted_since(state, start)
        assert puzzle.goal.settled(counted, done, puzzle.position.to_state().tricks_left) \
            or state.is_over, puzzle.id
        assert puzzle.goal.met_by(0, counted), puzzle.id


def test_sample_regenerates_from_its_seed(records):
    """The bank is reproducible from the recorded seed, theme and rules (24 records spread
    through it, and the first of those generated for each theme)."""
    firsts = {}
    for rec in records:
        firsts.setdefault(rec["generator"].get("theme"), rec)
    for rec in records[::len(records) // 24] + [r for t, r in firsts.items() if t]:
        gen = rec["generator"]
        again = generate_play_puzzle(gen["seed"], SOLVER, rules=ruleset(gen.get("rules")),
                                     theme=gen.get("theme"), version=gen["version"])
        assert again is not None and again.to_json() == rec, rec["id"]


def test_themed_puzzles_have_their_theme(records):
    """Puzzles generated for a theme (`THEMED`, for themes rare in the seeded bank) have it,
    and the joker's named suit is no longer a one-puzzle theme."""
    themed = [r for r in records if "theme" in r["generator"]]
    assert len(themed) >= 20
    assert all(r["generator"]["theme"] in r["themes"] for r in themed)
    assert all(r["generator"]["kind"] in THEMED[r["generator"]["theme"]] for r in themed)
    assert {"joker_nomination", "unblock"} <= {r["generator"]["theme"] for r in themed} \
        <= set(THEMED)


def test_beginners_puzzles_are_at_most_a_quarter(puzzles):
    """Issue 28: puzzles the rules of thumb solve are kept only as beginners' puzzles, at most a
    quarter of the bank (`trainer.generate.real_decisions`; version-2 records have none)."""
    beginners = [p for p in puzzles if p.beginner]
    assert 4 * len(beginners) <= len(puzzles)
    assert all(p.generator["version"] >= 3 for p in beginners)
