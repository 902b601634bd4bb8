"""The Analyse page through AppTest: the example position is valued card by card with a
principal line, bad input is an error message (never a traceback), a puzzle's position can be
loaded, and the "analyse my hand" section appears only when `trainer.simulate` is installed."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.bidding import parse_bid
from trainer.cards import Seat, pack
from trainer.notation import parse_hand, parse_position
from trainer.rules import ruleset
from trainer.simulate import SimulationError, analyse_discard
from trainer.solver import analyse
from trainer.ui.analysis.hand import best_discard_text, candidates_table, discards_table, supported
from trainer.ui.analysis.position import EXAMPLE, pretty_json, value_position, values_table
from trainer.ui.data.puzzle_bank import load_bank

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
ANALYSE = "trainer/ui/pages/analyse.py"


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


def start(**state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(ANALYSE).run()
    assert not at.exception, at.exception
    return at


def test_renders_with_the_example() -> None:
    at = start()
    assert at.title[0].value == "Analyse"
    assert at.text_area(key="analyse_json").value == EXAMPLE
    assert not at.error


def test_values_every_card_of_the_example() -> None:
    at = start()
    at.button(key="analyse_go").click().run()
    assert not at.exception and not at.error
    assert not any(b.key == "analyse_stop" for b in at.button)  # done: nothing to stop
    table = at.dataframe[0].value
    expected = analyse(parse_position(EXAMPLE))
    assert dict(zip(table["Code"], table["Value"], strict=True)) == {
        p.code: v for p, v in expected.values.items()}
    assert set(table.loc[table["Verdict"] == "best", "Code"]) == {
        p.code for p in expected.best_plays}
    text = " ".join(m.value for m in at.markdown)
    assert f"takes **{expected.best}**" in text
    assert "Principal line" in text and "- Trick 1:" in text
    assert 'aria-label="the table"' in text


@pytest.mark.parametrize(("text", "words"), [
    ("{bad", "not valid JSON"),
    ('{"contract": "7H"}', "declarer"),
    (EXAMPLE.replace('"AS", "KS"', '"AS", "XX"'), "hands.N"),
    (EXAMPLE.replace('"5S", "KC"', '"AS", "KC"'), "AS"),
    ("[]", "expected a JSON object"),
])
def test_bad_input_is_a_message(text: str, words: str) -> None:
    at = start()
    at.text_area(key="analyse_json").input(text).run()
    at.button(key="analyse_go").click().run()
    assert not at.exception
    assert len(at.error) == 1 and words in at.error[0].value
    assert not at.dataframe


def test_a_card_written_as_markdown_is_shown_as_text() -> None:
    # A card typed as a Markdown image once rendered as an image fetching that address.
    at = start()
    at.text_area(key="analyse_json").input(
        EXAMPLE.replace('"AS", "KS"', '"AS", "![p](http://127.0.0.1:9/p.png)"')).run()
    at.button(key="analyse_go").click().run()
    [error] = at.error
    assert "\\!\\[p\\]" in error.value and "![p]" not in error.value


def test_a_position_without_rules_is_read_under_your_rules() -> None:
    # Three players chosen on the Rules page: a position with no "rules" is a 3-player one
    # (it failed with "hands.S: missing", read as 4 players); one naming its rules keeps them.
    import json

    from trainer.rules import ruleset

    three = {"contract": "7S", "declarer": "N", "leader": "N", "trick": [],
             "hands": {"N": ["AS", "KS"], "E": ["QS", "7H"], "W": ["9C", "8C"]}}
    at = start(rules=ruleset({"players": 3}))
    at.text_area(key="analyse_json").input(json.dumps(three)).run()
    at.button(key="analyse_go").click().run()
    assert not at.exception and not at.error, at.error
    assert at.session_state["analyse_result"].position.rules.players == 3
    at.text_area(key="analyse_json").input(json.dumps({**three, "rules": "australian"})).run()
    at.button(key="analyse_go").click().run()
    assert "hands.S: missing" in at.error[0].value


def test_start_from_a_puzzle() -> None:
    puzzle = load_bank().puzzles[0]
    at = start()
    at.selectbox(key="analyse_source").set_value(puzzle.id).run()
    assert parse_position(at.text_area(key="analyse_json").value) == puzzle.position
    at.button(key="analyse_go").click().run()
    assert not at.exception and not at.error
    codes = set(at.dataframe[0].value["Code"])
    assert codes == {p.code for p in puzzle.position.to_state().legal_plays()}


def test_pretty_json_round_trips() -> None:
    for puzzle in load_bank().puzzles:
        assert parse_position(pretty_json(puzzle.position)) == puzzle.position


def test_values_table_puts_the_best_cards_first() -> None:
    texts = [EXAMPLE, *(pretty_json(p.position) for p in load_bank().puzzles)]
    for text in texts:  # misère puzzles: the player to move may be minimising
        result = value_position(text)
        table = values_table(result.analysis)
        assert table["Verdict"].iloc[0] == "best"
        assert list(table["Value"]) == sorted(table["Value"],
                                              reverse=result.analysis.maximising)


def test_hand_analysis_needs_four_players() -> None:
    """The simulation covers the 4-player game: other tables get a note instead of the form."""
    from trainer.rules import ruleset

    assert supported(ruleset()) and not supported(ruleset({"players": 3}))


def fake_simulate(calls: list[dict[str, object]], fail: str | None = None) -> types.ModuleType:
    """A stand-in `trainer.simulate` recording its calls; ``fail``: raises a `TrainerError`
    with this message halfway through."""
    from trainer.errors import TrainerError

    def analyse_bid(hand, seat, dealer, calls_so_far, *, rules, samples, workers, progress):
        calls.append({"hand": hand, "auction": calls_so_far, "seat": seat, "dealer": dealer,
                      "samples": samples})
        progress(1, 2)
        if fail:
            raise TrainerError(fail)
        progress(2, 2)
        return types.SimpleNamespace(
            candidates=[{"call": "P", "ev": -20.0, "se": 2.0, "p_make": 0.0},
                        {"call": "7H", "ev": 112.5, "se": 8.1, "p_make": 0.71}],
            inferences=["E bid 6♠: at least 3 trumps"], dropped=[])

    fake = types.ModuleType("trainer.simulate")
    fake.analyse_bid = analyse_bid  # type: ignore[attr-defined]
    return fake


HAND = "JK JH JD AH KH QH 7S 6C 5C 9D"


def submit(monkeypatch: pytest.MonkeyPatch, hand: str = HAND, auction: str | None = None,
           fail: str | None = None) -> tuple[AppTest, list[dict[str, object]]]:
    """The "analyse my hand" form sent with ``hand`` (and ``auction``) to a `fake_simulate`
    stand-in; the page and the stand-in's recorded calls."""
    calls: list[dict[str, object]] = []
    monkeypatch.setitem(sys.modules, "trainer.simulate", fake_simulate(calls, fail))
    at = start()
    assert any(h.value == "Analyse my hand" for h in at.subheader)
    at.text_input(key="hand_cards").input(hand)
    if auction is not None:
        at.text_input(key="hand_auction").input(auction)
    at.button(key="hand_go").click().run()
    assert not at.exception
    return at, calls


def test_hand_analysis_form_calls_trainer_simulate(monkeypatch: pytest.MonkeyPatch) -> None:
    at, calls = submit(monkeypatch, auction="P 6S")
    assert not at.error
    assert calls and calls[0]["auction"] == ["P", "6S"] and len(calls[0]["hand"]) == 10
    table = at.dataframe[0].value
    assert list(table["Call"]) == ["7♥", "Pass"]
    assert any("at least 3 trumps" in c.value for c in at.caption)


def test_the_auction_is_read_as_the_calls_were_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """South, dealer East (the default): S passes, W 6♠, N 7♠, E passes, W passes. South is
    out after the first pass and makes no more calls; the simulation gets the turns, South's
    implicit pass in its place (a tester's auction had been read as South calling twice)."""
    at, calls = submit(monkeypatch, auction="P 6S 7S P P")
    assert not at.error
    assert calls[0]["auction"] == ["P", "6S", "7S", "P", "P", "P"]
    at, calls = submit(monkeypatch, auction="P 6S 7S P P P")
    assert [e.value for e in at.error] == ["auction: call P: the auction is over"]
    assert not calls


def test_hand_analysis_defaults_make_it_your_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no calls typed, the default seat and dealer leave the learner to call first."""
    from trainer.bidding import Auction
    from trainer.rules import PRESETS

    at, calls = submit(monkeypatch)
    assert not at.error
    seat, dealer = calls[0]["seat"], calls[0]["dealer"]
    assert Auction(PRESETS["australian"], dealer).to_call == seat == Seat.S
    # another seat: the default dealer follows it (the form sends both at once)
    at.selectbox[-3].set_value("E")
    at.button(key="hand_go").click().run()
    assert not at.error and calls[-1]["seat"] == Seat.E
    assert Auction(PRESETS["australian"], calls[-1]["dealer"]).to_call == Seat.E
    # a dealer picked by name is used as it is
    at.selectbox[-2].set_value("N")
    at.button(key="hand_go").click().run()
    assert calls[-1]["dealer"] == Seat.N


def test_hand_analysis_bad_hand_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    at, calls = submit(monkeypatch, hand="JK JK XX")
    assert len(at.error) == 1 and not calls
    assert at.error[0].value.startswith("hand: card")  # the field, then the card


def test_hand_analysis_error_midway_leaves_no_progress_bar(
        monkeypatch: pytest.MonkeyPatch) -> None:
    at, _ = submit(monkeypatch, fail="auction: it is N's turn to call, not S's")
    assert "N's turn" in at.error[0].value
    assert not at.get("progress")


THIRTEEN = "JK JH JD AH KH QH 7S 6C 5C 9D 8D 4H TS"


@pytest.mark.parametrize(("hand", "contract", "words"), [
    (THIRTEEN, "", "contract: with 13 cards give the contract"),
    (HAND, "8H", "contract: only to choose a discard"),
    ("JK JH JD AH KH QH 7S 6C 5C 9D 8D", "", "hand: 11 cards"),
    (THIRTEEN, "P", "contract: 'P' is a pass"),
    (THIRTEEN, "8X", "contract: '8X': give a bid such as 8H"),
    ("JK JH JD AH KH QH 7S 6C 5C 9D 8D 4H", "8H", "hand: 12 cards"),
])
def test_discard_form_bad_input_is_a_message(monkeypatch: pytest.MonkeyPatch, hand: str,
                                             contract: str, words: str) -> None:
    calls: list[dict[str, object]] = []
    monkeypatch.setitem(sys.modules, "trainer.simulate", fake_simulate(calls))
    at = start()
    at.text_input(key="hand_cards").input(hand)
    at.text_input(key="hand_contract").input(contract)
    at.button(key="hand_go").click().run()
    assert not at.exception
    assert len(at.error) == 1 and words in at.error[0].value, at.error
    assert not calls and not at.get("progress")


def test_a_bad_call_in_the_auction_names_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    at, calls = submit(monkeypatch, auction="P 6Z")
    assert len(at.error) == 1 and at.error[0].value.startswith("auction: call '6Z'")
    assert not calls


def test_discard_form_with_the_real_simulation() -> None:
    # 13 cards and 8♥ won with no auction typed: the discard table, best first, for real.
    at = start()
    at.text_input(key="hand_cards").input(THIRTEEN)
    at.text_input(key="hand_contract").input("8H")
    at.selectbox[-1].set_value(20)
    at.button(key="hand_go").click().run(timeout=120)
    assert not at.exception and not at.error, at.error
    table = at.dataframe[0].value
    assert list(table.columns) == ["Discard", "Expected score", "± (s.e.)", "Chance to make",
                                   "Mean tricks"]
    assert len(table) >= 4 and list(table["Expected score"]) == sorted(
        table["Expected score"], reverse=True)
    assert all(len(d.split()) == 3 and "Jo" not in d.split() for d in table["Discard"])
    assert any(f"Best discard: **{table['Discard'][0]}**" in m.value for m in at.markdown)
    assert not at.get("progress")
    # the hand in the contract's order: hearts trumps first, J♦ (left bower) among them
    hand = next(m.value for m in at.markdown if 'aria-label="your hand"' in m.value)
    labels = [lab.split(",")[0] for lab in re.findall(r'aria-label="([^"]+)"', hand)[1:]]
    assert labels[:5] == ["the joker", "jack of hearts", "jack of diamonds", "ace of hearts",
                          "king of hearts"], labels
    # misère: no mean tricks (a set is recorded as one trick)
    assert list(discards_table([], misere=True).columns) == [
        "Discard", "Expected score", "± (s.e.)", "Chance to make"]


def test_run_analysis_with_the_real_simulation() -> None:
    from trainer.rules import PRESETS
    from trainer.ui.analysis.hand import run_analysis

    seen: list[float] = []
    hand = ["JK", "JH", "JD", "AH", "KH", "QH", "7S", "6C", "5C", "9D"]
    report = run_analysis(hand, ["P", "6S"], "S", "W", PRESETS["australian"], 2, seen.append)
    assert report.candidates and seen[-1] == 1.0
    assert report.standing_side == "theirs"  # East's 6♠
    table = candidates_table(report.candidates, report.standing_side)
    assert "Pass" in set(table["Call"]) and table["Expected score"].notna().all()


def test_candidates_table_reads_objects_and_mappings() -> None:
    class Candidate:
        call, ev, se, p_make = "8H", 50.0, 5.0, 0.6

    table = candidates_table([{"call": "P", "ev": 0.0, "se": 0.0, "p_make": None}, Candidate()])
    assert list(table["Call"]) == ["8♥", "Pass"]
    assert list(table.columns) == ["Call", "Expected score", "± (s.e.)", "Chance to make"]
    # a pass against the opponents' bid: the chance their bid makes, not that it is set
    rows = [{"call": "P", "ev": 90.0, "se": 5.0, "p_make": 0.8}, Candidate()]
    table = candidates_table(rows, "theirs")
    assert list(table["Chance to make"]) == [pytest.approx(0.2), 0.6]
    assert list(candidates_table(rows, "ours")["Chance to make"]) == [0.8, 0.6]


def test_values_table_names_the_joker_in_full() -> None:
    from trainer.cards import JOKER
    from trainer.generate.explain import label_text, play_text
    from trainer.rules import Play

    pos = {"contract": "MIS", "declarer": "S", "leader": "S", "trick": [],
           "hands": {"E": ["KS", "6H"], "S": ["JK", "5S"], "W": ["QS", "7H"]}}
    table = values_table(analyse(parse_position(pos)))
    assert "Joker (named ♠)" in set(table["Card"])
    assert not any("the joker" in str(c) for c in table["Card"])
    assert label_text(Play(JOKER)) == "Joker" and play_text(Play(JOKER)) == "the joker"


def test_the_form_counts_the_kitty_of_the_rules_in_use() -> None:
    """With the 45-card pack the kitty holds 5: a discard starts from 15 cards, not 13."""
    at = start(rules=ruleset({"deck": 45}))
    assert at.text_input(key="hand_cards").label == ("Your hand: 10 cards to bid, or 15 (with "
                                                     "the kitty) to discard")
    assert "(15 cards)" in at.text_input(key="hand_contract").label


def test_a_misere_contract_is_refused_when_misere_is_off() -> None:
    rules = ruleset({"misere": False})
    low = [c for c in pack(4) if not c.is_joker][:13]
    with pytest.raises(SimulationError, match="contract: MIS: misère is not played"):
        analyse_discard(low, parse_bid("MIS"), Seat.S, Seat.E, (), rules, samples=1)


def test_tied_discards_are_named_together() -> None:
    """A tester's misère hand: throwing the three lowest cards 'won' a tie with 7♠ 7♣ 7♥."""
    def row(codes: str, ev: float, p: float) -> types.SimpleNamespace:
        return types.SimpleNamespace(discard=parse_hand(codes), ev=ev, se=0.0, p_make=p,
                                     mean_tricks=0.0)

    table = discards_table([row("4D 5H 4H", 250.0, 1.0), row("7S 7C 7H", 250.0, 1.0),
                            row("5S 6S 7S", 240.0, 0.98)], misere=True)
    assert best_discard_text(table) == (
        "Best discard: **4♦ 5♥ 4♥**. As good on these layouts: **7♠ 7♣ 7♥** (the same "
        "expected score and chance to make).")
    assert best_discard_text(table.iloc[[2]].reset_index(drop=True)) == (
        "Best discard: **7♠ 6♠ 5♠**.")


def test_a_valuation_reports_progress_and_can_be_stopped() -> None:
    # Long work on Analyse (a 6-player misère once took 93 s) shows progress card by card and
    # stops when asked, between cards.
    import pytest

    from trainer.solver import SolverCancelled
    from trainer.ui.analysis.position import PositionJob

    seen: list[tuple[int, int]] = []
    value_position(EXAMPLE, progress=lambda d, t: seen.append((d, t)) or True)
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] - 1  # the line is the last step
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    with pytest.raises(SolverCancelled):
        value_position(EXAMPLE, progress=lambda d, t: d < 1)
    job = PositionJob(EXAMPLE)
    job.stop()
    job.start().wait(60)
    assert not job.running and job.result is None and job.stopped
    done = PositionJob(EXAMPLE).start()
    done.wait(60)
    assert not isinstance(done.result, str) and done.result is not None
    assert done.result.analysis.best == value_position(EXAMPLE).analysis.best


def test_a_valuation_stops_when_its_visitor_has_gone_or_its_time_is_up(
        caplog: pytest.LogCaptureFixture) -> None:
    """Long work belongs to the visitor who asked for it (issue 26): a closed tab (the
    session no longer active) stops it at the next card, keeping the cards valued so far;
    so does the time budget, whose stop the page shows with those cards."""
    from trainer.ui.analysis.position import PositionJob, Unfinished, partial_table

    full = value_position(EXAMPLE).analysis.values
    calls = 0

    def gone_after_two() -> bool:
        nonlocal calls
        calls += 1
        return calls <= 2

    with caplog.at_level("WARNING", logger="trainer.ui.analysis.position"):
        gone = PositionJob(EXAMPLE, alive=gone_after_two).start()
        gone.wait(60)
    assert not gone.running and gone.result is None and gone.why == "gone"
    assert len(gone.partial) == 2 and all(full[p] == v for p, v in gone.partial.items())
    assert "the visitor's session has gone (2 of" in caplog.text

    late = PositionJob(EXAMPLE, budget=0.0).start()
    late.wait(60)
    assert late.result is None and late.why == "budget" and late.partial == {}
    asked = PositionJob(EXAMPLE)
    asked.stop()
    asked.start().wait(60)
    assert asked.why == "asked"
    table = partial_table(gone.partial)
    assert list(table["Value"]) == list(gone.partial.values())
    assert Unfinished(gone.partial, len(full), 300.0).cards == len(full)
