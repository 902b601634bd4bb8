"""``python -m trainer review FILE``: every card of a hand record with its double-dummy cost
(`trainer.review.dd`), checked against the solver run directly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trainer.__main__ import main
from trainer.game.hand import GameHand
from trainer.review import read_record
from trainer.review.dd import double_dummy_costs
from trainer.rules import ruleset
from trainer.solver import Solver

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "records"


def review(name: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["review", str(DATA / name)]) == 0
    return json.loads(capsys.readouterr().out)


def check_against_solver(name: str, out: dict[str, Any]) -> None:
    """Each entry's best and value are the solver's for the position before the card (the
    record replayed to that point), and its loss the cost to the card's own side."""
    record = read_record((DATA / name).read_text(encoding="utf-8"))
    hand = GameHand.from_record(record)
    assert hand.declarer is not None and hand.contract is not None
    side = set(record.rules.side_of(hand.declarer))
    misere = hand.contract.misere
    solver = Solver()
    assert len(out["cards"]) == len(record.plays)
    for i, (entry, play) in enumerate(zip(out["cards"], record.plays, strict=True)):
        state = GameHand.from_record(record, upto=i).state
        assert state is not None
        analysis = solver.analyse(state)
        assert entry["seat"] == state.to_play.value
        assert entry["card"] == play.code
        assert entry["trick"] == len(state.history) + 1
        assert (entry["best"], entry["value"]) == (analysis.best, analysis.values[play])
        declarers = state.to_play in side
        wants_tricks = declarers != misere  # the declarer's side; the defenders in misère
        expected = (entry["best"] - entry["value"] if wants_tricks
                    else entry["value"] - entry["best"])
        assert entry["loss"] == expected >= 0
        if len(state.trick) < len(state.seats) - 1:  # the card does not end its trick
            after = state.copy()
            after.push(play)
            assert solver.value(after) == entry["value"]


def test_review_suit_contract(capsys: pytest.CaptureFixture[str]) -> None:
    out = review("suit_4p.ptn", capsys)
    assert list(out) == ["rules", "contract", "declarer", "cards"]
    assert out["rules"] == ruleset().describe()
    assert (out["contract"], out["declarer"]) == ("6C", "E")
    assert out["cards"][0] == {"trick": 1, "seat": "E", "card": "8D", "best": 8, "value": 8,
                               "loss": 0}
    # The fixture's one blunder: E leads the left bower at trick 3 (the solver's line keeps the
    # value everywhere else).
    losses = [(c["trick"], c["seat"], c["card"], c["loss"]) for c in out["cards"] if c["loss"]]
    assert losses == [(3, "E", "JS", 1)]
    check_against_solver("suit_4p.ptn", out)


def test_review_joker_lead_is_written_with_its_suit(capsys: pytest.CaptureFixture[str]) -> None:
    out = review("notrump_joker.pbn", capsys)
    assert (out["contract"], out["declarer"]) == ("7NT", "W")
    first = out["cards"][0]
    assert first["card"] == "JK:D"
    assert first["loss"] == first["best"] - first["value"] == 2
    check_against_solver("notrump_joker.pbn", out)


def test_review_misere_counts_the_declarers_tricks(capsys: pytest.CaptureFixture[str]) -> None:
    out = review("misere.ptn", capsys)
    assert (out["contract"], out["declarer"]) == ("MIS", "N")
    assert {c["seat"] for c in out["cards"]} == {"N", "E", "W"}
    check_against_solver("misere.ptn", out)


def test_review_partial_and_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    partial = review("partial.pbn", capsys)
    assert len(partial["cards"]) == 18
    check_against_solver("partial.pbn", partial)
    three = review("three_player.ptn", capsys)
    assert three["rules"]["players"] == 3 and three["declarer"] == "E"
    check_against_solver("three_player.ptn", three)


def test_double_dummy_costs_shape() -> None:
    record = read_record((DATA / "partial.pbn").read_text(encoding="utf-8"))
    costs = double_dummy_costs(record)
    assert [c.play for c in costs] == list(record.plays)
    assert all(c.loss == 0 for c in costs)


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trainer", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)


def test_review_reads_stdin() -> None:
    done = run("review", "-", stdin=(DATA / "partial.pbn").read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["contract"] == "6H"


def test_review_broken_file_exits_2_with_one_line() -> None:
    done = run("review", "tests/data/records/revoke.ptn")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: Play: trick 4: S cannot play 6H: S must follow spades"]


@pytest.mark.parametrize(("name", "message"), [
    ("nine_cards.pbn", "error: Deal: hand 2 has 9 cards, expected 10"),
    ("bad_card.pbn", "error: Play: trick 3, card 'QX' is not a card"),
    ("no_such_file.pbn", "error: {path}: No such file or directory"),
])
def test_review_errors_in_process(name: str, message: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / name)
    assert main(["review", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [message.format(path=path)]
