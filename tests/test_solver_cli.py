"""``python -m trainer solve`` and ``solve --jsonl`` (docs/DESIGN.md "The CLI")."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.__main__ import main

POSITION = {"contract": "7NT", "declarer": "N", "leader": "N", "trick": [],
            "hands": {"N": ["JK", "5S"], "E": ["KH", "7S"], "S": ["AH", "6S"],
                      "W": ["9H", "8S"]}}
ANSWER = {"to_play": "N", "best": 2,
          "cards": {"5S": 1, "JK:S": 2, "JK:C": 1, "JK:D": 1, "JK:H": 1}}


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None,
        capsys: pytest.CaptureFixture[str] | None = None) -> tuple[int, str, str]:
    assert monkeypatch is not None and capsys is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(POSITION))
    code, out, err = run(["solve", str(path)], monkeypatch=monkeypatch, capsys=capsys)
    assert (code, err) == (0, "")
    assert json.loads(out) == ANSWER
    assert list(json.loads(out)) == ["to_play", "best", "cards"]


def test_solve_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve"], json.dumps(POSITION), monkeypatch, capsys)
    assert code == 0 and json.loads(out) == ANSWER


@pytest.mark.parametrize(("text", "needle"), [
    ("{", "not valid JSON"),
    (json.dumps({**POSITION, "contract": "11H"}), "contract"),
    (json.dumps({**POSITION, "trick": ["JK"]}), "trick"),
    (json.dumps({**POSITION, "hands": {**POSITION["hands"], "W": ["9H", "9H"]}}), "9H"),
])
def test_solve_bad_input_is_one_line_and_status_2(
        text: str, needle: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve"], text, monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and needle in err


def test_solve_missing_file(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", "/no/such/file.json"], "", monkeypatch, capsys)
    assert code == 2 and "/no/such/file.json" in err


def test_jsonl_one_answer_a_line(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    misere = {"contract": "MIS", "declarer": "S", "leader": "S", "trick": [],
              "hands": {"E": ["KS", "6H"], "S": ["AS", "5H"], "W": ["7H", "8H"]}}
    lines = [json.dumps(POSITION), json.dumps(misere), json.dumps(POSITION)]
    code, out, err = run(["solve", "--jsonl"], "\n".join(lines) + "\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    answers = [json.loads(x) for x in out.splitlines()]
    assert answers == [ANSWER, {"to_play": "S", "best": 0, "cards": {"AS": 1, "5H": 0}}, ANSWER]


def test_jsonl_bad_line_reported_in_place_and_batch_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join([json.dumps(POSITION), "not json", "",
                               json.dumps({**POSITION, "declarer": "X"}),
                               json.dumps(POSITION)]) + "\n")
    code, out, err = run(["solve", "--jsonl", str(path)], "", monkeypatch, capsys)
    answers = [json.loads(x) for x in out.splitlines()]
    assert len(answers) == 5  # one answer a line, the blank line included
    assert answers[0] == ANSWER and answers[4] == ANSWER
    assert answers[1]["error"].startswith("line 2: ")
    assert answers[2]["error"] == "line 3: empty line, expected a position"
    assert answers[3]["error"].startswith("line 4: declarer")
    assert code == 2 and err.count("\n") == 1 and "line 2, 3, 4" in err


def test_python_dash_m_trainer_solve() -> None:
    # The real entry point, end to end (a fresh interpreter, the numba cache warm or cold).
    done = subprocess.run([sys.executable, "-m", "trainer", "solve"], input=json.dumps(POSITION),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ANSWER
