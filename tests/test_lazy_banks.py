"""The banks as the app reads them (issue 19): compressed JSON Lines, the same bytes for the
same records, and records read lazily (`LazyRecord`) equal to records read in full; a record
whose position turns out bad is reported when opened, not fatal."""

import functools
import gzip
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.goals import PuzzleError
from trainer.generate.records import PlayPuzzle, read_jsonl, read_lines, write_jsonl
from trainer.rules import PRESETS, ruleset
from trainer.ui.data.puzzle_bank import LOADERS, bank_path, fits_rules
from trainer.ui.pages import PLAY_PAGE

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "streamlit_app.py")


@functools.cache
def read(kind: str, lazy: bool) -> list:
    """The shipped bank of ``kind``, read once a test run each way (3,000 in full take
    seconds)."""
    return LOADERS[kind](bank_path(kind), lazy=lazy)


@pytest.mark.parametrize("kind", ["play", "bid"])
def test_lazy_records_equal_full_ones(kind):
    lazy, full = LOADERS[kind](bank_path(kind), lazy=True), read(kind, False)
    assert len(lazy) == len(full) > 0
    step = max(1, len(full) // 150)
    for a, b in zip(lazy[::step], full[::step], strict=True):
        assert a.to_json() == b.to_json(), b.id  # reads the heavy fields on first use
        assert a == b


def test_the_rules_a_play_puzzle_needs_are_read_without_parsing_it():
    for a, b in zip(read("play", True), read("play", False), strict=True):
        assert a.needs == b.needs, b.id
        assert "position" not in a.__dict__  # still unread
    two = {"players": 2}
    table = next(p for p in read("play", True) if p.generator.get("rules") == two)
    assert table.needs.rules == ruleset(two)
    assert fits_rules(table, ruleset(two)) and not fits_rules(table, PRESETS["australian"])


def test_bid_rules_are_read_without_the_analysis():
    lazy = LOADERS["bid"](bank_path("bid"), lazy=True)[0]
    assert lazy.rules == PRESETS["australian"] and "analysis" not in lazy.__dict__
    assert lazy.analysis.rules == lazy.rules


def test_compressed_banks_are_the_same_bytes_for_the_same_records(tmp_path):
    records = list(read_jsonl(bank_path("discard")))
    one, two = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    assert write_jsonl(one, records) == write_jsonl(two, records) == len(records)
    assert one.read_bytes() == two.read_bytes()
    assert list(read_jsonl(one)) == records
    assert read_lines(one) == [json.dumps(r, ensure_ascii=False) + "\n" for r in records]
    with gzip.open(one, "rt", encoding="utf-8") as f:  # a plain gzip file anyone can read
        assert f.readline().startswith('{"id": ')


def _bad_position_bank(tmp_path: Path) -> tuple[Path, str]:
    records = list(read_jsonl(bank_path("play")))[:3]
    bad = dict(records[0])
    bad["position"] = {**bad["position"], "hands": {**bad["position"]["hands"], "N": ["ZZ"]}}
    path = tmp_path / "play.jsonl.gz"
    write_jsonl(path, [bad, *records[1:]])
    return path, bad["id"]


def test_a_bad_position_in_a_lazy_record_is_raised_on_first_use(tmp_path):
    path, bad_id = _bad_position_bank(tmp_path)
    puzzles = LOADERS["play"](path, lazy=True)
    assert puzzles[0].id == bad_id and puzzles[0].title  # the light fields read
    with pytest.raises(PuzzleError, match="ZZ"):
        puzzles[0].loaded()
    with pytest.raises(PuzzleError):
        PlayPuzzle.from_json(next(read_jsonl(path)))
    puzzles[1].loaded()
    with pytest.raises(PuzzleError, match="kind"):
        BidPuzzle.lazy(next(read_jsonl(path)))


def test_the_play_page_reports_a_bad_record_and_goes_on(tmp_path, monkeypatch):
    path, bad_id = _bad_position_bank(tmp_path)
    monkeypatch.setenv("TRAINER_PUZZLES", str(path))
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["puzzle"] = bad_id
    at.run()
    at.switch_page(PLAY_PAGE).run()
    assert not at.exception
    text = " ".join(str(e.value) for e in at.markdown) + " ".join(
        str(e.value) for e in at.info) + " ".join(str(e.value) for e in at.warning)
    assert f"Puzzle {bad_id} could not be read" in text
