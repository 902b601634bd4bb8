"""The glossary (`trainer.ui.data.glossary`): its terms, how a page's text is matched to them,
and, through AppTest, the "What these words mean" box of the Bidding, Discard, Play and Analyse
pages (every term it lists is in the glossary and in the page's own text, outside the box) and
the whole glossary on the Rules page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Expander

from trainer.rules import PRESETS
from trainer.ui.data.glossary import (
    BOX_TITLE,
    GLOSSARY,
    TERMS,
    glossary_markdown,
    terms_in,
)
from trainer.ui.data.puzzle_bank import for_rules, load_bank
from trainer.ui.data.rule_book import rule_book_sections

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PAGES = "trainer/ui/pages/"
PLAYS = for_rules(load_bank(), PRESETS["australian"]).puzzles
BIDS = load_bank(kind="bid").puzzles
DISCARDS = load_bank(kind="discard").puzzles
LISTED = re.compile(r"^- \*\*(.+?)\*\*: ", re.MULTILINE)


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


# --- the terms -----------------------------------------------------------------------------------


def test_every_term_is_explained_and_cites_a_section_that_exists() -> None:
    sections = {s.number for s in rule_book_sections()}
    assert len(GLOSSARY) == len(TERMS) >= 25
    for term in TERMS:
        assert len(term.text) > 40 and term.text.endswith((".", ")")), term.name
        assert term.section == 0 or term.section in sections, term.name
    rules = {t.name for t in TERMS if t.section}
    assert {"Contract", "Declarer", "Strain", "Bowers", "Kitty", "Void", "Misère", "Slam",
            "Make and set", "Trick"} <= rules
    assert "- **Bowers**: the two jacks" in glossary_markdown(["Bowers"])
    assert glossary_markdown(["Kitty"]).endswith("(rule book §1)")


def test_the_brief_s_words_are_all_in_the_glossary() -> None:
    text = ("strain, simple count, set, layout, double dummy, expected score, standard error, "
            "kitty, bower, void, misère, open misère, slam, contract, declarer, trick, "
            "inaccuracy, mistake, blunder")
    assert set(terms_in([text])) >= {
        "Strain", "Simple count", "Make and set", "Layout", "Double dummy", "Expected score",
        "Standard error", "Kitty", "Bowers", "Void", "Misère", "Open misère", "Slam",
        "Contract", "Declarer", "Trick", "Grades"}


@pytest.mark.parametrize(("text", "found"), [
    ("Contract: 7NT by South", ("Contract", "No trumps")),
    ("17NTX 7NTs", ()),
    ("the left bower wins", ("Bowers",)),
    ("Reset the settings", ()),
    ("the contract is set", ("Contract", "Make and set")),
    ("takes 4 of the 5 tricks left", ("Trick",)),
    ("± s.e.", ("Standard error",)),
    ("each card's double-dummy value", ("Double dummy",)),
    ("open misère", ("Misère", "Open misère")),
    ("Best within 5 points, Blunder beyond", ("Grades",)),
])
def test_terms_in_matches_whole_words(text: str, found: tuple[str, ...]) -> None:
    assert terms_in([text]) == found


def test_unknown_names_are_refused() -> None:
    with pytest.raises(KeyError):
        glossary_markdown(["Dummy"])
    with pytest.raises(KeyError):
        terms_in(["trick"], ["Trickster"])


# --- the pages' boxes ----------------------------------------------------------------------------


def start(page: str, puzzle_id: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    if puzzle_id is not None:
        at.query_params["puzzle"] = puzzle_id
    at.run()
    at.switch_page(PAGES + page).run()
    assert not at.exception, at.exception
    return at


def _texts(node: Any) -> list[str]:
    """The words a page shows (outside the glossary box): text elements, labels, table cells."""
    out: list[str] = []
    for child in getattr(node, "children", {}).values():
        if isinstance(child, Expander) and child.label == BOX_TITLE:
            continue
        for name in ("label", "value"):
            value = getattr(child, name, None) if name != "value" or child.type in (
                "markdown", "caption", "title", "subheader", "header", "alert", "table",
                "dataframe", "text") else None
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, pd.DataFrame):
                out += [str(c) for c in value.columns]
                out += [str(v) for v in value.to_numpy().ravel()]
        out += _texts(child)
    return out


def page_text(at: AppTest) -> str:
    return "\n".join(_texts(at.main))


def listed(at: AppTest) -> list[str]:
    """The terms the page's "What these words mean" box lists."""
    [box] = [e for e in at.expander if e.label == BOX_TITLE]
    return LISTED.findall("\n".join(m.value for m in box.markdown))


def bid_graded() -> AppTest:
    puzzle = next(p for p in BIDS if any("simple count" in i for i in p.analysis.inferences))
    at = start("bidding.py", puzzle.id)
    at.button(key=f"bid_call:{puzzle.analysis.best.call}").click().run()
    return at


def discard_graded() -> AppTest:
    puzzle = DISCARDS[0]
    at = start("discard.py", puzzle.id)
    for card in puzzle.analysis.best.discard:
        next(c for c in at.checkbox if c.key and c.key.endswith(f":{card.code}")).check()
    at.run()
    at.button(key="discard_go").click().run()
    return at


def play_wrong_then_solution() -> AppTest:
    puzzle = PLAYS[0]
    at = start("play.py", puzzle.id)
    wrong = next(p.code for p in puzzle.position.to_state().legal_plays()
                 if p not in set(puzzle.solution[0].right))
    at.button(key=next(b.key for b in at.button
                       if b.key and b.key.startswith(f"play_card:{wrong}:"))).click().run()
    at.button(key="play_reveal").click().run()
    return at


def analyse_valued() -> AppTest:
    at = start("analyse.py")
    at.button(key="analyse_go").click().run()
    return at


STATES: dict[str, tuple[Callable[[], AppTest], set[str]]] = {
    "bid question": (lambda: start("bidding.py", BIDS[0].id), {"Auction"}),
    "bid graded": (bid_graded, {"Auction", "Layout", "Double dummy", "Expected score",
                                "Grades", "Simple count", "Strain", "Contract"}),
    "discard question": (lambda: start("discard.py", DISCARDS[0].id), {"Kitty", "Discard"}),
    "discard graded": (discard_graded, {"Kitty", "Discard", "Layout", "Double dummy",
                                        "Expected score", "Standard error", "Grades",
                                        "Make and set", "Slam"}),
    "play start": (lambda: start("play.py", PLAYS[0].id), {"Contract", "Declarer", "Trick"}),
    "play over": (play_wrong_then_solution, {"Contract", "Declarer", "Trick", "Ruff", "Lead"}),
    "analyse": (lambda: start("analyse.py"), {"Double dummy", "Layout", "Expected score",
                                              "Standard error", "Kitty", "Discard", "Auction"}),
    "analyse valued": (analyse_valued, {"Double dummy", "Trick", "Principal line"}),
}


@pytest.mark.parametrize("state", list(STATES))
def test_a_page_s_box_lists_glossary_terms_its_text_uses(state: str) -> None:
    make, expected = STATES[state]
    at = make()
    assert not at.exception, at.exception
    names = listed(at)
    assert names and set(names) <= set(GLOSSARY), names
    assert names == [t.name for t in TERMS if t.name in names]  # glossary order
    text = page_text(at)
    for name in names:
        assert GLOSSARY[name].pattern().search(text), f"{name} is not in the page's text"
    assert expected <= set(names), expected - set(names)


def test_the_rules_page_shows_the_whole_glossary() -> None:
    at = start("rules.py")
    assert any(h.value == "Glossary" for h in at.subheader)
    [box] = [e for e in at.expander if e.label == "Every word explained"]
    shown = LISTED.findall("\n".join(m.value for m in box.markdown))
    assert shown == [t.name for t in TERMS]
