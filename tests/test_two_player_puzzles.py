"""The 2-player play puzzles in the bank, at least 50 (RULES.md §1; 002, "Wersja dla 2
graczy"): each re-verified with the solver, and a sample regenerated from its seed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from trainer.generate.goals import counted_since, equivalence_classes, judge
from trainer.generate.play_puzzles import generate_play_puzzle, only_move
from trainer.generate.records import PlayPuzzle, read_jsonl
from trainer.generate.two_player_puzzles import KINDS
from trainer.notation import Position, parse_position
from trainer.rules import ruleset
from trainer.solver import Solver
from trainer.two_player import TablePlayState

BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"
SOLVER = Solver()


@pytest.fixture(scope="module")
def records():
    recs = list(read_jsonl(BANK))
    return [r for r in recs if r["generator"].get("rules") == {"players": 2}]


def test_at_least_fifty_spread_over_kinds(records):
    assert len(records) >= 50
    kinds = Counter(r["generator"]["kind"] for r in records)
    assert set(kinds) == set(KINDS)  # no misère at two (002: "misère jest niedozwolone")
    assert all(r["position"]["rules"] == {"players": 2} for r in records)
    assert all("tables" in r["position"] for r in records)
    # Both lead sources occur at the puzzle moments.
    assert {r["position"]["lead_from"] for r in records} == {"hand", "table"}


def test_every_two_player_puzzle_reverified(records):
    """As tests/test_puzzle_bank.py: the learner is to move, the goal is reachable, the right
    cards are exactly the solver's at every decision, some card is wrong, only-move at the
    first (at most a third of the distinct cards keep the goal), the line replays, and the goal
    is settled at its end."""
    for rec in records:
        puzzle = PlayPuzzle.from_json(rec)
        state = puzzle.position.to_state()
        assert isinstance(state, TablePlayState)
        start = len(state.history)
        assert state.to_play is puzzle.learner
        for i, decision in enumerate(puzzle.solution):
            assert Position.from_state(state).to_json() == decision.position.to_json(), rec["id"]
            counted = counted_since(state, start)[0]
            verdicts = judge(SOLVER.analyse(state), state, puzzle.goal, counted)
            assert set(verdicts.right) == set(decision.right), (rec["id"], i)
            assert verdicts.wrong, (rec["id"], i)
            if i == 0:
                assert puzzle.goal.met_by(verdicts.analysis.best)
                assert only_move(verdicts), rec["id"]
            for play in decision.line:
                state.push(play)
        counted, done = counted_since(state, start)
        assert puzzle.goal.settled(counted, done, puzzle.position.to_state().tricks_left) \
            or state.is_over, rec["id"]


def test_sample_regenerates_from_its_seed(records):
    for rec in records[::15]:
        gen = rec["generator"]
        again = generate_play_puzzle(gen["seed"], SOLVER, rules=ruleset(gen["rules"]),
                                     version=gen["version"])
        assert again is not None and again.to_json() == rec, rec["id"]


def test_table_cards_with_a_card_under_them_are_distinct():
    """Two face-up table cards adjacent in rank are different choices when a card lies under
    either: each turns a different card up (RULES.md §1)."""
    obj = {
        "contract": "7H", "declarer": "N", "leader": "S", "lead_from": "table",
        "hands": {"N": ["7C", "8C", "7S", "6S"], "S": ["KC", "QC", "JC", "8H"]},
        "tables": {"N": [["TS", "KS"], ["6D", "QS"], [], [], []],
                   "S": [["5S", None], ["TC"], ["9H"], [], []]},
        "trick": ["9C"], "rules": {"players": 2},
    }
    state = parse_position(obj).to_state()
    plays = state.legal_plays()
    assert sorted(p.code for p in plays) == ["KS", "QS"]
    assert len(equivalence_classes(state, plays)) == 2
    # With nothing under them, K♠ and Q♠ are one choice (6♦, over the 10♠, another).
    obj["tables"]["N"] = [["KS"], ["QS"], ["TS", "6D"], [], []]
    state = parse_position(obj).to_state()
    groups = equivalence_classes(state, state.legal_plays())
    assert [[p.code for p in g] for g in groups] == [["KS", "QS"], ["6D"]]


def test_app_serves_and_solves_a_table_puzzle(tmp_path, monkeypatch):
    """With two players chosen, the Play page serves a 2-player puzzle: the board names the
    table cards, the buttons are the cards the learner may play now (hand or table), and the
    recorded main line solves it."""
    from streamlit.testing.v1 import AppTest

    from trainer.ui.data.puzzle_bank import load_bank

    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    bank = load_bank()
    puzzle = next(p for p in bank.puzzles if p.position.rules.players == 2
                  and p.position.to_state().to_play_from == "table")
    root = Path(__file__).resolve().parents[1]
    at = AppTest.from_file(str(root / "streamlit_app.py"), default_timeout=60)
    at.session_state["play_pause"] = 0
    at.session_state["rules"] = ruleset({"players": 2})
    at.query_params["puzzle"] = puzzle.id
    at.run()
    at.switch_page("trainer/ui/pages/play.py").run()
    assert not at.exception, at.exception
    assert at.session_state["play_current"] == puzzle.id
    assert any("from your face-up table cards" in c.value for c in at.caption)
    state = puzzle.position.to_state()
    offered = {b.key.split(":")[1] for b in at.button
               if b.key and b.key.startswith("play_card:") and not b.disabled}
    assert offered == {p.code for p in state.legal_plays()}
    for decision in puzzle.solution:
        code = decision.line[0].code
        key = next(b.key for b in at.button
                   if b.key and b.key.rsplit(":", 1)[0] == f"play_card:{code}")
        at.button(key=key).click().run()
        assert not at.exception, at.exception
    assert any("Solved" in s.value or "solved" in s.value
               for s in [*at.success, *at.markdown]), [s.value for s in at.success]
