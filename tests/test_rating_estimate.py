"""Starting ratings from the bots' tries (issue 28, `trainer.generate.rating_estimate`): the
levels' calibration, the Glicko-2 estimate's order, the rewrite that changes only the ratings,
the ``rerate`` command, and real tries of bank puzzles by the easy and normal levels."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.generate.rating_estimate import (
    BEGINNER,
    LevelTries,
    PuzzleTries,
    estimate,
    level_ratings,
    pearson,
    rerate,
    rerate_bank,
    try_bid,
    try_discard,
    try_play,
)
from trainer.generate.records import read_jsonl

ROOT = Path(__file__).resolve().parents[1]


def tries(pid: str, old: float, easy: int, normal: int, of: int = 3) -> PuzzleTries:
    return PuzzleTries(pid, old, (LevelTries("easy", easy, 1), LevelTries("normal", normal, of)))


def test_the_easy_level_is_the_beginner_and_normal_is_set_by_its_odds() -> None:
    # easy solves 1 of 2 (odds 1), normal 9 of 12 (odds 3): 400 log10 3 = 190.8 above
    results = [tries("a", 1500, 1, 3, 6), tries("b", 1500, 0, 6, 6)]
    ratings = level_ratings(results)
    assert ratings["easy"] == BEGINNER == 1200
    assert ratings["normal"] == pytest.approx(1200 + 190.85, abs=0.1)
    # a stronger level that solves less than easy is not rated below it
    assert level_ratings([tries("a", 1500, 1, 0), tries("b", 1500, 1, 1)])["normal"] == 1200


def test_estimates_fall_with_the_levels_that_solve() -> None:
    ratings = {"easy": 1200.0, "normal": 1500.0}
    none = estimate(tries("x", 1500, 0, 0), ratings)
    normal_only = estimate(tries("x", 1500, 0, 3), ratings)
    some = estimate(tries("x", 1500, 0, 1), ratings)
    every = estimate(tries("x", 1500, 1, 3), ratings)
    assert none > some > normal_only > every
    assert every < 1200 < 1500 < none
    assert every >= 600 and none <= 2400
    assert estimate(PuzzleTries("x", 1234.0, ()), ratings) == 1234.0  # no tries: as it was


def test_pearson() -> None:
    assert pearson([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert pearson([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert pearson([1, 1, 1], [1, 2, 3]) == 0.0


def small_bank(tmp_path: Path, n: int = 6) -> Path:
    with gzip.open(ROOT / "puzzles" / "play.jsonl.gz", "rt", encoding="utf-8") as f:
        lines = f.readlines()
    path = tmp_path / "play.jsonl"
    path.write_text("".join(lines[:n]), encoding="utf-8")
    return path


def test_rerate_from_tries_changes_only_the_ratings(tmp_path: Path) -> None:
    bank = small_bank(tmp_path)
    records = list(read_jsonl(bank))
    made = [tries(r["id"], r["rating"], i % 2, i % 4) for i, r in enumerate(records[:4])]
    tries_file = tmp_path / "tries.jsonl"
    tries_file.write_text("".join(json.dumps(t.to_json()) + "\n" for t in made))
    out = tmp_path / "out.jsonl"
    report, figures = rerate_bank("play", bank, out, tries_in=tries_file)
    new, _ = rerate(made)
    before = bank.read_text(encoding="utf-8").splitlines()
    after = out.read_text(encoding="utf-8").splitlines()
    assert report.records == 6 and len(after) == 6
    for old_line, new_line, record in zip(before, after, records, strict=True):
        rating = new.get(record["id"], record["rating"])
        assert json.loads(new_line)["rating"] == rating
        assert new_line == old_line.replace(f'"rating": {record["rating"]},',
                                            f'"rating": {rating},', 1)
    assert after[4:] == before[4:]  # not tried: kept as they were
    assert report.changed == sum(new[r["id"]] != r["rating"] for r in records[:4])
    assert figures.puzzles == 4 and len(figures.moved_most) == 4
    assert bank.read_text(encoding="utf-8").splitlines() == before  # --out: the bank unchanged


def test_the_rerate_command(tmp_path: Path) -> None:
    bank = small_bank(tmp_path, 3)
    out = tmp_path / "out.jsonl"
    run = subprocess.run([sys.executable, "-m", "trainer", "rerate", "play", "--bank",
                          str(bank), "--out", str(out), "--seeds", "1"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    summary = json.loads(run.stdout)
    assert (summary["records"], summary["puzzles"]) == (3, 3)
    assert summary["level_ratings"]["easy"] == BEGINNER
    assert len(list(read_jsonl(out))) == 3
    bad = subprocess.run([sys.executable, "-m", "trainer", "rerate", "play", "--bank",
                          str(bank), "--seeds", "0"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert bad.returncode != 0 and "--seeds" in bad.stderr


def test_real_tries_of_bank_puzzles() -> None:
    from trainer.solver import default_solver

    play = {r["id"]: r for r in read_jsonl(ROOT / "puzzles" / "play.jsonl.gz")}
    # ace on king: the rules of thumb solve it; the real endplay p0001340 they do not
    easy = try_play(play["p0001795"], ("easy", "normal"), 2, default_solver())
    assert easy.share("easy") == 1.0 and easy.tries[1].tried == 2
    hard = try_play(play["p0001340"], ("easy",), 2, default_solver())
    assert hard.share("easy") == 0.0 and hard.tries[0].tried == 1
    bid = next(iter(read_jsonl(ROOT / "puzzles" / "bid.jsonl.gz")))
    t = try_bid(bid, ("easy",), 1)
    assert t.id == bid["id"] and t.tries[0].tried == 1
    discard = next(iter(read_jsonl(ROOT / "puzzles" / "discard.jsonl.gz")))
    assert try_discard(discard, ("easy",), 1).tries[0].tried == 1
