"""What the Analyse and Bidding pages' tables say (issue 29): their captions say what the rows
really are (each call followed by the auction the bots play out; "Ends in" the contract it
ends in), "Goes your way" reads 98% and not 0.98, and the words a beginner meets there
(standing bid, Avondale schedule, ± s.e., layout, double dummy, ends in, goes your way, bots)
are in the glossary, citing the rule book where a rule is involved, with the columns' headers
giving their entries as tooltips."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from trainer.ui.analysis.hand import (
    FINISHED_NOTE,
    TABLE_FORMATS,
    candidates_table,
    percent_shares,
    table_note,
)
from trainer.ui.data.glossary import BOX_TITLE, GLOSSARY, glossary_help, terms_in
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.pages.bidding import score_note

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
FINALS = [{"call": "7NT", "ev": 163.7, "se": 17.4, "p_make": 0.87,
           "finals": (("7NT", "N", 90), ("8S", "S", 10))},
          {"call": "6H", "ev": 130.9, "se": 10.6, "p_make": 0.98,
           "finals": (("6H", "N", 70), ("7S", "E", 30))},
          {"call": "P", "ev": -20.0, "se": 2.0, "p_make": 0.4,
           "finals": (("P", None, 60), ("7S", "E", 40))}]
"""Candidates as `trainer.simulate.analyse_bid` gives them with the auction finished."""


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


# --- the glossary --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "section", "says"), [
    ("Standing bid", 3, "becomes the contract"),
    ("Avondale schedule", 6, "10NT 520"),
    ("Standard error", 0, "margin of error"),
    ("Layout", 0, "one way the cards you cannot see might lie"),
    ("Double dummy", 0, "every player could see every card"),
    ("Ends in", 3, "the contract the auction most often ended in"),
    ("Goes your way", 6, "your side's contract made, or the opponents' set"),
    ("Bots", 0, "takes out a misère only for a contract of its own worth more"),
])
def test_the_words_of_the_tables_are_in_the_glossary(name: str, section: int,
                                                     says: str) -> None:
    term = GLOSSARY[name]
    assert term.section == section and says in term.text
    cite = f" (rule book §{section})" if section else ""
    assert glossary_help(name) == f"{name}: {term.text}{cite}"


def test_the_pages_words_find_their_entries() -> None:
    text = ("± s.e. · Ends in · Your way · Goes your way · the standing bid is played · "
            "Scoring: the Avondale schedule · the trainer's simple bidder · 100 layouts")
    assert set(terms_in([text])) >= {"Standard error", "Ends in", "Goes your way",
                                     "Standing bid", "Avondale schedule", "Bots", "Layout"}


# --- the Analyse page's table ---------------------------------------------------------------------


def test_goes_your_way_is_a_whole_percent_and_the_caption_says_the_auction_was_finished(
) -> None:
    table = candidates_table(FINALS)
    assert list(table.columns) == ["Call", "Expected score", "± (s.e.)", "Goes your way",
                                   "Ends in"]
    assert list(table["Goes your way"]) == [0.87, 0.98, 0.4]  # the frame keeps shares
    shown = percent_shares(table)
    assert list(shown["Goes your way"]) == [87.0, 98.0, 40.0]
    assert TABLE_FORMATS["Goes your way"] == "%d%%"  # 98 shown "98%"
    assert list(shown["Ends in"]) == ["North 7NT 90%", "North 6♥ 70%", "all pass 60%"]
    assert table_note(table) == FINISHED_NOTE
    assert "final contract" not in FINISHED_NOTE
    assert "bots finish the auction" in FINISHED_NOTE and "Ends in: the contract" in (
        FINISHED_NOTE)
    # a table valued the old way keeps its words: there each call was the final contract
    old = candidates_table([{k: v for k, v in c.items() if k != "finals"} for c in FINALS])
    assert "each call taken as the final contract" in table_note(old)
    shares = percent_shares(old)["Chance to make"]
    assert list(shares[:2]) == [87.0, 98.0]
    assert shares.isna()[2]  # a pass with no bid standing: thrown in, no chance to show


def fake_simulate() -> types.ModuleType:
    def analyse_bid(hand: Any, seat: Any, dealer: Any, calls: Any, **_: Any) -> Any:
        _["progress"](1, 1)
        return types.SimpleNamespace(candidates=FINALS, inferences=[], dropped=[],
                                     standing_side=None)

    fake = types.ModuleType("trainer.simulate")
    fake.analyse_bid = analyse_bid  # type: ignore[attr-defined]
    return fake


def columns_config(element: Any) -> dict[str, Any]:
    """A dataframe element's column configs by column name (Streamlit keeps them as JSON)."""
    return json.loads(element.proto.columns)


def test_the_analyse_page_shows_percents_tooltips_and_the_finished_auction_caption(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "trainer.simulate", fake_simulate())
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("trainer/ui/pages/analyse.py").run()
    at.text_input(key="hand_cards").input("JK JH JD AH KH QH 7S 6C 5C 9D")
    at.button(key="hand_go").click().run()
    assert not at.exception and not at.error, at.error
    [frame] = [d for d in at.dataframe if "Goes your way" in d.value.columns]
    assert list(frame.value["Goes your way"]) == [87.0, 98.0, 40.0]
    config = columns_config(frame)
    assert config["Goes your way"]["type_config"]["format"] == "%d%%"
    assert config["Goes your way"]["help"] == glossary_help("Goes your way")
    assert config["± (s.e.)"]["help"] == glossary_help("Standard error")
    assert config["Ends in"]["help"] == glossary_help("Ends in")
    captions = [c.value for c in at.caption]
    assert FINISHED_NOTE in captions
    assert not any("final contract" in c for c in captions)
    [box] = [e for e in at.expander if e.label == BOX_TITLE]
    listed = "\n".join(m.value for m in box.markdown)
    for name in ("Ends in", "Goes your way", "Standard error", "Layout", "Double dummy"):
        assert f"**{name}**" in listed, name


# --- the Bidding page --------------------------------------------------------------------------


def test_the_bidding_page_s_caption_and_tooltips_describe_finished_auctions() -> None:
    puzzle = load_bank(kind="bid").puzzles[0]
    assert puzzle.analysis.finish == "policy"
    note = score_note(puzzle)
    assert "each call taken as the final contract" not in note
    assert "After each call the bots finish the auction on every layout" in note
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["puzzle"] = puzzle.id
    at.run()
    at.switch_page("trainer/ui/pages/bidding.py").run()
    at.button(key=f"bid_call:{puzzle.analysis.best.call}").click().run()
    assert not at.exception
    assert note in [c.value for c in at.caption]
    [frame] = [d for d in at.dataframe if "Ends in" in d.value.columns]
    config = columns_config(frame)
    assert config["Your way"]["help"] == glossary_help("Goes your way")
    assert config["Ends in"]["help"] == glossary_help("Ends in")
    assert config["± s.e."]["help"] == glossary_help("Standard error")
