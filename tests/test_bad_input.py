"""Bad input gets one clear line, every time (docs/DESIGN.md "Card codes and positions").

Each class of bad input a fuzzing campaign found: the CLI prints one line on stderr and exits
with status 2, the API raises a `TrainerError` (a `ValueError`) naming the field, and no
message echoes a huge input. The fuzz test at the end mutates valid positions at random and
checks that nothing but a `TrainerError` ever escapes, and that what is accepted can be played.
"""

from __future__ import annotations

import copy
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.errors import PositionError, RuleError, TrainerError
from trainer.notation import parse_position
from trainer.progress.store import ProgressStore, StoreError
from trainer.rules import ruleset

ROOT = Path(__file__).resolve().parent.parent
BASE = {"contract": "7NT", "declarer": "S", "leader": "S",
        "hands": {"N": ["AS", "KS"], "E": ["QS", "4H"], "S": ["JK", "JD"], "W": ["9C", "8C"]}}


def run_cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "trainer", *args], input=data,
                          capture_output=True, cwd=ROOT, timeout=300)


def one_line_error(out: subprocess.CompletedProcess[bytes]) -> str:
    err = out.stderr.decode()
    assert out.returncode == 2, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith("error: ")
    return err


def test_huge_integer_in_a_position_or_rules() -> None:
    """An integer of over 4,300 digits: Python refuses to convert it; one line, exit 2."""
    big = "9" * 5000
    err = one_line_error(run_cli("legal", stdin=f'{{"contract": {big}}}'))
    assert "too long" in err and len(err) < 200
    err = one_line_error(run_cli("ladder", "--rules", f'{{"deck": {big}}}'))
    assert len(err) < 200


def test_file_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_bytes(b"\xff")
    err = one_line_error(run_cli("legal", str(bad)))
    assert "not UTF-8" in err


def test_jsonl_batch_goes_on_past_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    """`solve --jsonl`: each line is answered, a bad one with its error, in order."""
    batch = tmp_path / "b.jsonl"
    batch.write_bytes(b"\xff\n" + json.dumps(BASE).encode() + b"\n")
    out = run_cli("solve", "--jsonl", str(batch))
    answers = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert answers[0] == {"error": "line 1: not UTF-8 text (byte 1)"}
    assert answers[1]["to_play"] == "S"
    assert out.returncode == 2


def test_jsonl_batch_goes_on_past_a_huge_integer(tmp_path: Path) -> None:
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"contract": ' + "9" * 5000 + "}\n" + json.dumps(BASE) + "\n")
    answers = [json.loads(line) for line in
               run_cli("solve", "--jsonl", str(batch)).stdout.decode().splitlines()]
    assert answers[0]["error"].startswith("line 1: position: a number in it is too long")
    assert "best" in answers[1]


def test_deeply_nested_preset_is_refused() -> None:
    """A ``rules`` object nesting ``preset`` ~985 deep once hit Python's recursion limit."""
    spec: Any = "american"
    for _ in range(985):
        spec = {"preset": spec}
    with pytest.raises(RuleError, match="preset"):
        ruleset(spec)
    assert ruleset({"preset": "american", "deck": 45}).deck == 45


def test_joker_nominated_by_a_declarer_who_never_held_it() -> None:
    """RULES.md §5: only the declarer holding the joker nominates its suit."""
    pos = {"contract": "7NT", "declarer": "S", "leader": "E", "joker_suit": "H",
           "hands": {"N": ["AS"], "E": ["QS"], "S": ["JD"], "W": ["9C"]},
           "history": [{"leader": "S", "cards": ["AH", "KH", "QH", "JK"]}]}
    with pytest.raises(PositionError, match=r"^joker_suit: "):
        parse_position(pos)
    # the declarer who played it may have nominated it
    mine = copy.deepcopy(pos)
    mine["declarer"] = "E"
    mine["history"] = [{"leader": "S", "cards": ["AH", "QH", "KH", "JK"]}]  # S W N E
    mine["leader"] = "E"
    assert parse_position(mine).joker_suit is not None


def test_a_seat_given_twice_is_refused() -> None:
    pos = copy.deepcopy(BASE)
    pos["hands"]["n"] = ["7S", "8S"]
    with pytest.raises(PositionError, match=r"^hands\.N: given twice"):
        parse_position(pos)


def test_messages_do_not_echo_a_huge_input() -> None:
    pos = copy.deepcopy(BASE)
    pos["hands"]["N"] = ["X" * 10_000_000, "KS"]
    with pytest.raises(TrainerError) as info:
        parse_position(pos)
    assert len(str(info.value)) < 200
    err = one_line_error(run_cli("score", "--contract", "Q" * 100_000, "--tricks", "3"))
    assert len(err) < 200


def test_deal_with_an_empty_dealer_is_refused() -> None:
    err = one_line_error(run_cli("deal", "--seed", "3", "--dealer", ""))
    assert err.startswith("error: dealer: ''")


def test_store_refuses_another_programs_database(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StoreError, match="not a trainer store"):
        ProgressStore(other)
    with sqlite3.connect(other) as db:  # and added nothing to it
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"invoices"}
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match="not a trainer store"):
        ProgressStore(junk)


# --- fuzz: random damage to valid positions ----------------------------------------------------

VALID = [
    BASE,
    {"contract": "8H", "declarer": "N", "leader": "E", "trick": ["9S"],
     "hands": {"N": ["JD", "5C"], "E": ["QH", "4H"], "S": ["AS", "KS"], "W": ["9C", "8C", "7C"]},
     "history": []},
    {"contract": "MIS", "declarer": "S", "leader": "S",
     "hands": {"E": ["KS", "6H"], "S": ["AS", "5H"], "W": ["7H", "8H"]}},
]
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["JK:H", "JK", "TH", "10h", "♠A", "N", "n", "MIS",
                                           "OMIS", "american", "", " ", "11D", "13S"]),
    st.lists(st.sampled_from(["AS", "KS", "QS", "JK", "9C", "4H"]), max_size=5),
    st.dictionaries(st.sampled_from(["N", "E", "S", "W", "NE", "players", "preset"]),
                    st.sampled_from([["AS"], [], "x", 6, 2, "american"]), max_size=3),
)
FIELDS = ["contract", "declarer", "leader", "trick", "history", "joker_suit", "rules", "hands",
          "extra"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID), st.lists(st.tuples(st.sampled_from(FIELDS), ODD_VALUES),
                                        min_size=1, max_size=3))
def test_fuzzed_positions_raise_only_trainer_errors(base: dict[str, Any],
                                                    damage: list[tuple[str, Any]]) -> None:
    pos = copy.deepcopy(base)
    for field, value in damage:
        if field == "hands" and isinstance(value, dict) and isinstance(pos["hands"], dict):
            pos["hands"].update(value)
        else:
            pos[field] = value
    try:
        position = parse_position(json.loads(json.dumps(pos)))
    except TrainerError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
        return
    state = position.to_state()  # what is accepted can be played
    if not state.is_over:
        assert state.legal_plays()
