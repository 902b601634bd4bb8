"""At-the-table puzzles (`trainer.generate.table_puzzles`, puzzles/table.jsonl.gz): every shipped
record re-graded from its counts with the margin beyond the noise; the layout shown has the
tempting card failing and the right card succeeding (the solver on that layout); a sample of
records dealt again from their seeds gives the same layouts and outcomes, and every layout fits
the seat's view; the generator is reproducible and goes through the bank writer."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from trainer.bots.sampling import broken_constraints
from trainer.cards import Seat
from trainer.generate.bank import write_bank
from trainer.generate.goals import Goal
from trainer.generate.records_table import DEFAULT_BANK, TablePuzzle, load_table_puzzles
from trainer.generate.table_puzzles import (
    GENERATOR_VERSION,
    MIN_MARGIN,
    generate_table_puzzle,
    knowledge_at,
    layouts_of,
    paired_margin,
    success,
    table_goal,
)
from trainer.notation import parse_position
from trainer.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
BANK = load_table_puzzles(ROOT / DEFAULT_BANK)
KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence", "misere_declarer",
         "misere_defence")


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


def test_bank_size_and_kinds() -> None:
    kinds = Counter(p.generator["kind"] for p in BANK)
    assert len(BANK) >= 300, len(BANK)
    for kind in KINDS:  # suit, no trumps and misère; declarer and defence
        assert kinds[kind] >= 10, kinds
    assert len({p.id for p in BANK}) == len(BANK)


def test_easy_share_at_most_a_quarter() -> None:
    easy = sum(p.easy_solves for p in BANK) / len(BANK)
    assert easy <= 0.25, easy  # the issue: beginners' puzzles at most a quarter
    hard = [p.rating for p in BANK if not p.easy_solves]
    beginners = [p.rating for p in BANK if p.easy_solves]
    assert sum(beginners) / len(beginners) < sum(hard) / len(hard) - 150


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
def test_regraded_from_the_record(puzzle: TablePuzzle) -> None:
    n = puzzle.layouts
    assert all(len(o) == n for o in puzzle.outcomes.values())
    made = {c.play: c.made for c in puzzle.cards}
    assert made == {p: sum(o) for p, o in puzzle.outcomes.items()}
    best = max(sum(o) for o in puzzle.outcomes.values())
    best_vector = puzzle.outcomes[puzzle.right[0]]
    assert sum(best_vector) == best
    assert set(puzzle.right) == {p for p, o in puzzle.outcomes.items() if o == best_vector}
    assert {c.play for c in puzzle.cards if c.right} == set(puzzle.right)
    others = [o for o in puzzle.outcomes.values() if o != best_vector]
    assert others, "a puzzle needs a wrong choice"
    runner_up = max(others, key=sum)
    margin, se = paired_margin(best_vector, runner_up)
    assert margin == pytest.approx(puzzle.margin, abs=1e-4)
    assert se == pytest.approx(puzzle.se, abs=1e-4)
    assert margin >= MIN_MARGIN and margin > 2 * se  # beyond the noise
    assert puzzle.tempting not in puzzle.right
    i = puzzle.shown_layout
    assert (i == -1) == puzzle.real_layout
    if i >= 0:  # one of the graded layouts (-1: the real one, checked by the solver)
        assert all(puzzle.outcomes[p][i] for p in puzzle.right)
        assert not puzzle.outcomes[puzzle.tempting][i]
    record = puzzle.to_json()
    assert TablePuzzle.from_json(record).to_json() == record
    assert "at_the_table" in puzzle.themes and puzzle.write_up


def test_shown_layout_by_the_solver(solver: Solver) -> None:
    """On every record's layout (its position) the tempting card fails and each right card
    succeeds, double dummy."""
    for puzzle in BANK:
        state = puzzle.position.to_state()
        goal = table_goal(state, puzzle.learner)
        assert goal == puzzle.goal, puzzle.id
        out = success(state, puzzle.learner, solver)
        assert not out[puzzle.tempting], puzzle.id
        assert all(out[p] for p in puzzle.right), puzzle.id


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_dealt_again_and_fitting_the_view(index: int, solver: Solver) -> None:
    """A sample of records (one of each of the first kinds in the bank): the layouts dealt again
    from the record's seed give its outcomes; each fits the seat's view (no card the seat has
    seen is in another hand, the voids and counts hold), and the shown one is the record's."""
    by_kind = {}
    for p in BANK:
        by_kind.setdefault(p.generator["kind"], p)
    puzzle = list(by_kind.values())[index]
    state = puzzle.position.to_state()
    seat = puzzle.learner
    know = knowledge_at(state, seat, puzzle.auction, puzzle.dealer, puzzle.discard)
    layouts = layouts_of(state, know, puzzle.layouts, puzzle.sample_seed)
    assert len(layouts) == puzzle.layouts
    seen = set(state.hands[seat]) | set(puzzle.discard)
    seen |= {p.card for t in state.history for p in t.plays} | {p.card for p in state.trick}
    for i, layout in enumerate(layouts):
        placed = {s.value: list(h) for s, h in layout.hands.items() if s is not seat}
        held = {c for s, h in placed.items() for c in h}
        assert not held & seen
        rest = [c for c in know.unseen if c not in held]  # the kitty and the hands out of play
        for place in know.places:  # neither shows a void: any split of the sizes fits
            if place.seat is None:
                placed[place.name], rest = rest[:place.size], rest[place.size:]
        assert broken_constraints(know, placed, state.order) == []
        out = success(layout, seat, solver)
        assert all(out[p] == puzzle.outcomes[p][i] for p in out), (puzzle.id, i)
    if puzzle.shown_layout < 0:
        return
    shown = layouts[puzzle.shown_layout]
    assert all(sorted(shown.hands[s], key=str) == sorted(state.hands[s], key=str)
               for s in state.seats)


def test_paired_margin_figures() -> None:
    best = [True] * 6 + [False] * 4
    other = [True] * 3 + [False] * 7
    margin, se = paired_margin(best, other)
    assert margin == pytest.approx(0.3)
    assert se == pytest.approx((0.3 * 0.7 * 10 / 9 / 10) ** 0.5)  # diffs: three 1s, seven 0s


def test_table_goal_none_when_out_of_reach() -> None:
    """7♠ needs 7 tricks; with 2 tricks left and none taken it is out of reach for the declarer
    and already beaten for the defence: no goal either way. (Every record's goal is checked
    against `table_goal` on its position in `test_shown_layout_by_the_solver`.)"""
    pos = parse_position({
        "contract": "7S", "declarer": "S", "leader": "S",
        "hands": {"N": ["AS", "KS"], "E": ["QH", "5H"], "S": ["9S", "8S"], "W": ["9C", "8C"]}})
    state = pos.to_state()
    assert table_goal(state, Seat.S) is None
    assert table_goal(state, Seat.E) is None
    mis = parse_position({
        "contract": "MIS", "declarer": "S", "leader": "S",
        "hands": {"E": ["QH", "5H"], "S": ["9S", "8S"], "W": ["9C", "8C"]}}).to_state()
    assert table_goal(mis, Seat.S) == Goal(False, 0)
    assert table_goal(mis, Seat.W) == Goal(True, 1)


def test_reproducible_and_written_by_the_bank(tmp_path: Path, solver: Solver) -> None:
    """A record is the same when generated again by its own version; the bank writer (the CLI's
    ``generate table``) writes the current version's records in seed order."""
    old = BANK[0]
    again = generate_table_puzzle(old.generator["seed"], solver,
                                  version=old.generator["version"])
    assert again is not None and again.to_json() == old.to_json()
    new = next(p for p in BANK if p.generator["version"] == GENERATOR_VERSION)
    out = tmp_path / "table.jsonl.gz"
    report = write_bank("table", 1, new.generator["seed"], out, jobs=1, progress=False)
    assert report.written == 1 and report.seeds_tried == 1
    with gzip.open(out, "rt") as f:
        records = [json.loads(line) for line in f]
    assert records == [new.to_json()]
