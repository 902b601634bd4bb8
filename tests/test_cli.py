"""The command line, `python -m trainer` (docs/DESIGN.md "The CLI")."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import trainer.__main__ as cli
from trainer.__main__ import main
from trainer.rules import RuleSet

ROOT = Path(__file__).resolve().parent.parent

# A position (docs/DESIGN.md) with E to play: 7♥ by S, N led A♠ and E has no spade.
LEGAL_POSITION: dict[str, Any] = {
    "contract": "7H",
    "declarer": "S",
    "hands": {"N": ["KS"], "E": ["QH", "4H"], "S": ["JD", "JK"], "W": ["9C", "8C"]},
    "leader": "N",
    "trick": ["AS"],
    "history": [],
    "joker_suit": None,
    "rules": "australian",
}
# RULES.md §5: at no trumps N leads the joker; spades were led, so it may be named C, D or H.
JOKER_LEAD_POSITION: dict[str, Any] = {
    "contract": "8NT",
    "declarer": "N",
    "hands": {"N": ["KH", "JK"], "E": ["QH", "5H"], "S": ["AD", "KD"], "W": ["AC", "KC"]},
    "leader": "N",
    "trick": [],
    "history": [{"leader": "N", "cards": ["AS", "5S", "6S", "7S"]}],
    "joker_suit": None,
    "rules": "australian",
}

# RULES.md §3 and §6: the Australian ladder with its Avondale values.
AUSTRALIAN_LADDER = [
    ("6S", 40), ("6C", 60), ("6D", 80), ("6H", 100), ("6NT", 120),
    ("7S", 140), ("7C", 160), ("7D", 180), ("7H", 200), ("7NT", 220),
    ("MIS", 250),
    ("8S", 240), ("8C", 260), ("8D", 280), ("8H", 300), ("8NT", 320),
    ("9S", 340), ("9C", 360), ("9D", 380), ("9H", 400), ("9NT", 420),
    ("10S", 440), ("10C", 460), ("10D", 480), ("OMIS", 500), ("10H", 500), ("10NT", 520),
]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- score (docs/DESIGN.md; RULES.md §6) ----------------------------------------------------------


def test_score_subprocess_exact_output() -> None:
    """docs/DESIGN.md: `score --contract 8H --tricks 10` prints {"declarer": 300, "defenders": 0}
    (RULES.md §6: 8♥ is worth 300, more than the slam's 250)."""
    proc = run("score", "--contract", "8H", "--tricks", "10")
    assert proc.returncode == 0
    assert proc.stdout == '{"declarer": 300, "defenders": 0}\n'
    assert proc.stderr == ""


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--contract", "8H", "--tricks", "10"], {"declarer": 300, "defenders": 0}),
        (["--contract", "6S", "--tricks", "10"], {"declarer": 250, "defenders": 0}),  # §6 slam
        (["--contract", "7NT", "--tricks", "6"], {"declarer": -220, "defenders": 40}),  # §6 set
        (["--contract", "7h", "--tricks", "9"], {"declarer": 200, "defenders": 10}),
        (["--contract", "MIS", "--tricks", "0"], {"declarer": 250, "defenders": 0}),  # §6
        (["--contract", "OMIS", "--tricks", "1"], {"declarer": -500, "defenders": 0}),
        (["--contract", "6S", "--tricks", "10", "--rules", '{"slam_250": false}'],
         {"declarer": 40, "defenders": 0}),  # §6 slam_250 off
        (["--contract", "7H", "--tricks", "9", "--rules", '{"overtricks_10": true}'],
         {"declarer": 220, "defenders": 10}),  # §6 overtricks_10
        (["--contract", "8H", "--tricks", "10", "--rules", "american"],
         {"declarer": 300, "defenders": 0}),
    ],
)
def test_score_main(capsys: pytest.CaptureFixture[str], args: list[str],
                    expected: dict[str, int]) -> None:
    """RULES.md §6 through the CLI: made, set, slam, misère and the scoring options."""
    code, out, err = run_main(capsys, "score", *args)
    assert code == 0
    assert err == ""
    assert json.loads(out) == expected
    assert out == json.dumps(expected) + "\n"


# --- ladder (docs/DESIGN.md; RULES.md §3, §6) -----------------------------------------------------


def test_ladder_subprocess() -> None:
    """docs/DESIGN.md, RULES.md §3, §6: `ladder` prints the bids lowest first:
    [{"bid": "6S", "value": 40}, ...]."""
    proc = run("ladder")
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert proc.stdout.startswith('[{"bid": "6S", "value": 40}, {"bid": "6C", "value": 60}, ')
    assert json.loads(proc.stdout) == [{"bid": b, "value": v} for b, v in AUSTRALIAN_LADDER]


def test_ladder_american(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md §3 `american`: misère between 8♠ (240) and 8♣ (260)."""
    code, out, err = run_main(capsys, "ladder", "--rules", "american")
    assert code == 0 and err == ""
    bids = [(d["bid"], d["value"]) for d in json.loads(out)]
    expected = [x for x in AUSTRALIAN_LADDER if x[0] != "MIS"]
    expected.insert(expected.index(("8S", 240)) + 1, ("MIS", 250))
    assert bids == expected
    assert [b for b, _ in bids[9:13]] == ["7NT", "8S", "MIS", "8C"]


def test_ladder_american_subprocess() -> None:
    """RULES.md §3 `american` through `python -m trainer ladder --rules american`."""
    proc = run("ladder", "--rules", "american")
    assert proc.returncode == 0
    codes = [d["bid"] for d in json.loads(proc.stdout)]
    assert codes[10:12] == ["8S", "MIS"]
    assert codes[-3:] == ["OMIS", "10H", "10NT"]


def test_ladder_without_misere(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md §3 option `misere` off: no MIS or OMIS on the ladder."""
    code, out, _ = run_main(capsys, "ladder", "--rules", '{"misere": false}')
    assert code == 0
    assert [(d["bid"], d["value"]) for d in json.loads(out)] == [
        x for x in AUSTRALIAN_LADDER if x[0] not in ("MIS", "OMIS")]


# --- deal (docs/DESIGN.md; RULES.md §1) -----------------------------------------------------------


def _check_deal(data: dict[str, Any], rules: RuleSet) -> None:
    seats = [s.value for s in rules.seats]
    assert list(data["hands"]) == seats
    assert all(len(h) == 10 for h in data["hands"].values())  # §1: ten cards each
    assert len(data["kitty"]) == 3  # §1: three to the kitty
    cards = [c for h in data["hands"].values() for c in h] + data["kitty"]
    assert len(set(cards)) == len(cards) == len(rules.pack)
    assert set(cards) == {c.code for c in rules.pack}


def test_deal_reproducible_subprocess() -> None:
    """docs/DESIGN.md `deal --seed N`: the same seed deals the same hands; RULES.md §1: ten cards
    each and three to the kitty from the 43-card pack."""
    first = run("deal", "--seed", "7")
    second = run("deal", "--seed", "7")
    other = run("deal", "--seed", "8")
    assert first.returncode == second.returncode == other.returncode == 0
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout
    data = json.loads(first.stdout)
    assert data["seed"] == 7
    assert data["dealer"] == "N"
    _check_deal(data, RuleSet())
    assert len(set(data["kitty"])) == 3


def test_deal_main(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/DESIGN.md `deal --seed N`, RULES.md §1, in process: reproducible, and the same as the
    subprocess."""
    _, out1, _ = run_main(capsys, "deal", "--seed", "12345")
    _, out2, _ = run_main(capsys, "deal", "--seed", "12345")
    assert out1 == out2
    _check_deal(json.loads(out1), RuleSet())
    assert run("deal", "--seed", "12345").stdout == out1


@pytest.mark.parametrize("players", [3, 6])
def test_deal_other_tables(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """RULES.md §1: 3 players (33 cards) and 6 players (63 cards), ten each, kitty three."""
    code, out, _ = run_main(capsys, "deal", "--seed", "3", "--rules",
                            json.dumps({"players": players}))
    assert code == 0
    _check_deal(json.loads(out), RuleSet(players=players))


def test_deal_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md §1: the deal starts left of the dealer; the dealer is recorded."""
    code, out, _ = run_main(capsys, "deal", "--seed", "5", "--dealer", "e")
    assert code == 0
    data = json.loads(out)
    assert data["dealer"] == "E"
    _check_deal(data, RuleSet())


# --- legal (docs/DESIGN.md; RULES.md §4, §5) ------------------------------------------------------


def test_legal_file_subprocess(tmp_path: Path) -> None:
    """docs/DESIGN.md: `legal FILE` prints {"to_play": "E", "cards": ["QH", "4H"]};
    RULES.md §4: void in the suit led, E may play any card."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(LEGAL_POSITION), encoding="utf-8")
    proc = run("legal", str(path))
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert proc.stdout == '{"to_play": "E", "cards": ["QH", "4H"]}\n'


def test_legal_stdin_subprocess() -> None:
    """docs/DESIGN.md, RULES.md §4: `legal` reads the position from stdin when no FILE is given."""
    proc = run("legal", stdin=json.dumps(LEGAL_POSITION))
    assert proc.returncode == 0
    assert proc.stdout == '{"to_play": "E", "cards": ["QH", "4H"]}\n'
    proc = run("legal", "-", stdin=json.dumps(LEGAL_POSITION))
    assert proc.stdout == '{"to_play": "E", "cards": ["QH", "4H"]}\n'


@pytest.mark.parametrize("args", [("score", "--contract", "8H", "--tricks", "10"),
                                  ("legal",), ("ladder",)])
def test_commands_that_need_no_solver_never_load_it(args: tuple[str, ...]) -> None:
    """`score`, `legal` and `ladder` start without the solver or numba (issue 26: `score` cost
    1.07 s of CPU and 25.8 s on an empty compile cache when it loaded them)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "trainer", *args],
        input=json.dumps(LEGAL_POSITION), capture_output=True, text=True, cwd=ROOT,
        timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr[-500:]
    loaded = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert "trainer.scoring" in loaded or "trainer.rules" in loaded
    assert not {m for m in loaded if m.startswith(("trainer.solver", "numba", "trainer.simulate"))}


def test_legal_must_follow(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    """RULES.md §4: a player who can follow the suit led must (E holds a spade here)."""
    pos = json.loads(json.dumps(LEGAL_POSITION))
    pos["hands"]["E"] = ["5S", "QH"]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(pos), encoding="utf-8")
    code, out, _ = run_main(capsys, "legal", str(path))
    assert code == 0
    assert json.loads(out) == {"to_play": "E", "cards": ["5S"]}
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(pos)))
    code, out, _ = run_main(capsys, "legal")
    assert code == 0
    assert json.loads(out) == {"to_play": "E", "cards": ["5S"]}


def test_legal_joker_lead_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """RULES.md §5, docs/DESIGN.md: a led joker has one key per suit it may be named (`JK:H`): any
    suit by default (002: "do dowolnego koloru"), never a suit already led under the house rule
    ``joker_lead="not_yet_led"``."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(JOKER_LEAD_POSITION), encoding="utf-8")
    code, out, _ = run_main(capsys, "legal", str(path))
    assert code == 0
    data = json.loads(out)
    assert data["to_play"] == "N"
    assert sorted(data["cards"]) == ["JK:C", "JK:D", "JK:H", "JK:S", "KH"]
    path.write_text(json.dumps({**JOKER_LEAD_POSITION, "rules": {"joker_lead": "not_yet_led"}}),
                    encoding="utf-8")
    code, out, _ = run_main(capsys, "legal", str(path))
    assert code == 0 and sorted(json.loads(out)["cards"]) == ["JK:C", "JK:D", "JK:H", "KH"]


# --- bad input: exit 2, one line on stderr, no traceback (docs/DESIGN.md) -------------------------

BAD_ARGS = [
    pytest.param(["score", "--contract", "11S", "--tricks", "3"], "11S", id="bad-contract"),
    pytest.param(["score", "--contract", "8H", "--tricks", "11"], "tricks", id="tricks-11"),
    pytest.param(["score", "--contract", "8H", "--tricks", "-1"], "tricks", id="tricks-neg"),
    pytest.param(["score", "--contract", "8H", "--tricks", "ten"], "ten", id="tricks-not-int"),
    pytest.param(["score", "--contract", "8H"], "--tricks", id="missing-tricks"),
    pytest.param(["score", "--contract", "MIS", "--tricks", "0", "--rules", '{"misere": 0}'],
                 "misere", id="bad-option-value"),
    pytest.param([], "command", id="no-command"),
    pytest.param(["frobnicate"], "frobnicate", id="unknown-command"),
    pytest.param(["ladder", "--rules", "bridge"], "bridge", id="unknown-preset"),
    pytest.param(["ladder", "--rules", '{"deck": 44}'], "deck", id="bad-option"),
    pytest.param(["ladder", "--rules", '{"wild": true}'], "wild", id="unknown-option"),
    pytest.param(["ladder", "--rules", '{"deck": '], "rules: not valid JSON", id="bad-json"),
    pytest.param(["deal", "--seed", "x"], "x", id="bad-seed"),
    pytest.param(["deal", "--seed", "1", "--dealer", "Q"], "dealer", id="bad-dealer"),
    pytest.param(["deal", "--seed", "1", "--dealer", "S", "--rules", '{"players": 3}'],
                 "dealer", id="absent-dealer"),
    pytest.param(["legal", "/nonexistent/pos.json"], "/nonexistent/pos.json", id="no-file"),
    pytest.param(["generate", "play", "--count", "1", "--seed", "1", "--theme", "ruff"],
                 "--theme", id="unknown-theme"),
    pytest.param(["generate", "bid", "--count", "1", "--seed", "1", "--theme",
                  "joker_nomination"], "--theme", id="theme-not-play"),
]


@pytest.mark.parametrize(("args", "named"), BAD_ARGS)
def test_bad_input_main(capsys: pytest.CaptureFixture[str], args: list[str], named: str) -> None:
    """docs/DESIGN.md: bad input is never a traceback: one line on stderr naming what is wrong,
    exit status 2, nothing on stdout."""
    code, out, err = run_main(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n")
    assert named in err
    assert "Traceback" not in err


BAD_POSITIONS = [
    pytest.param("{not json", "not valid JSON", id="bad-json"),
    pytest.param("", "not valid JSON", id="empty"),
    pytest.param(json.dumps({**LEGAL_POSITION, "trick": ["AS", "4S"],
                             "hands": {**LEGAL_POSITION["hands"], "E": ["4H"]}}),
                 "4S", id="not-in-pack"),
    pytest.param(json.dumps({**LEGAL_POSITION, "hands": {**LEGAL_POSITION["hands"],
                                                         "E": ["QH", "KS"]}}),
                 "KS", id="card-twice"),
    pytest.param(json.dumps({**LEGAL_POSITION, "dealer": "N"}), "dealer", id="unknown-field"),
    pytest.param(json.dumps({**LEGAL_POSITION, "contract": "7Z"}), "contract", id="contract"),
]


@pytest.mark.parametrize(("text", "named"), BAD_POSITIONS)
def test_bad_position_subprocess(text: str, named: str) -> None:
    """docs/DESIGN.md: a bad position on stdin: exit 2, exactly one line on stderr, no traceback."""
    proc = run("legal", stdin=text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert named in proc.stderr
    assert "Traceback" not in proc.stderr


def test_bad_input_subprocess() -> None:
    """docs/DESIGN.md: exit status 2 from the CLI process itself (argparse and engine errors)."""
    for args in (["score", "--contract", "8H", "--tricks", "11"], ["score"], []):
        proc = run(*args)
        assert proc.returncode == 2, args
        assert proc.stdout == ""
        assert len(proc.stderr.splitlines()) == 1, proc.stderr
        assert "Traceback" not in proc.stderr


def test_main_runs_twice_with_extra_commands(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/DESIGN.md CLI: commands added by other modules (`solve`) register once, so `main` can be
    called again in the same process."""
    fake = types.ModuleType("trainer.solver.cli")

    def register(sub: Any) -> None:
        p = sub.add_parser("fake-solve")
        p.set_defaults(func=lambda args: {"ok": True})

    fake.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "trainer.solver.cli", fake)
    monkeypatch.setattr(cli, "_EXTRA_COMMANDS", [])
    for _ in range(2):
        code, out, err = run_main(capsys, "fake-solve")
        assert (code, out, err) == (0, '{"ok": true}\n', "")
    assert run_main(capsys, "score", "--contract", "8H", "--tricks", "10")[1] == (
        '{"declarer": 300, "defenders": 0}\n')
