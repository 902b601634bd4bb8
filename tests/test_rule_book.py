"""The rule book the app ships (RULES.md) and the learner-facing citations of its sections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.lessons.variants import NOTES
from trainer.ui.data.rule_book import rule_book_sections
from trainer.ui.data.rule_options import SECTION_TITLES, option_specs

ROOT = Path(__file__).resolve().parents[1]


def test_sections_in_order_with_bodies() -> None:
    sections = rule_book_sections()
    assert [s.number for s in sections] == list(range(1, 9))
    assert sections[1].title == "Card order"
    assert "Avondale" in sections[5].title
    assert all(s.body and not s.body.startswith("## ") for s in sections)
    assert "one joker" in sections[0].body
    # text under §6's table is set apart from it, so it is not read as one more row
    assert "| 520 |\n\nMisère 250, open misère 500." in sections[5].body


def test_every_cited_section_exists() -> None:
    numbers = {s.number for s in rule_book_sections()}
    cited = {spec.section for spec in option_specs() if spec.section is not None}
    cited |= set(SECTION_TITLES)
    for note in NOTES.values():
        cited |= {int(n) for n in re.findall(r"§(\d+)", note)}
    learner_text = [ROOT / "trainer" / "ui" / "pages" / "rules.py"]
    learner_text += sorted((ROOT / "trainer" / "lessons").glob("*.py"))
    for path in learner_text:
        cited |= {int(n) for n in re.findall(r"rule book §(\d+)", path.read_text().lower())}
    assert cited and cited <= numbers


def test_rule_book_is_the_shared_spec() -> None:
    """The shipped RULES.md is the revised rule book word for word."""
    shared = Path("/work/shared/RULES.md")
    if not shared.exists():
        pytest.skip("the shared rule book is not on this machine")
    assert (ROOT / "RULES.md").read_text() == shared.read_text()


def test_learners_see_no_project_notes() -> None:
    # The copy stays word for word the user's rule book; its notes about the project's source
    # documents ("`seeds/`", the numbers 000-003) are put in words for the learner.
    raw = (ROOT / "RULES.md").read_text()
    assert "`seeds/`" in raw and "(002, 003)" in raw and "002's variant" in raw
    sections = rule_book_sections()
    text = "\n".join(s.body for s in sections)
    assert "seed" not in text.lower()
    assert not re.search(r"\b00[0-3]\b", text)
    assert "Four rule sheets (Portuguese, Italian, Polish and Spanish)" in sections[7].body
    # RULES.md §3 "Default placement (002, 003)"; §7 "(000, 001, 003)", "002's variant"
    assert "Default placement (Polish and Spanish rules)" in sections[2].body
    assert "(Portuguese, Italian and Spanish rules)" in sections[6].body
    # option names are shown by their Rules-page titles, never as code
    assert "*Only a made bid wins the game* (the Polish rules' variant" in sections[6].body
    assert "`must_bid_to_win`" not in text


def test_rule_book_states_the_issue_13_rules() -> None:
    """RULES.md §1 (2 players, 002 "Wersja dla 2 graczy"), §2 (6-player order with the jack),
    §5 (joker_lead, 002 "do dowolnego koloru"), §7 (first to 500 wins, 000, 001, 003)."""
    sections = rule_book_sections()
    assert "**2 players**" in sections[0].body
    assert "*each for themselves* (Portuguese rules" in sections[0].body  # RULES.md `individual`
    assert "A K Q J 13 12 11 10 9" in sections[1].body
    assert "Option *A led joker names*: *any suit* (default)" in sections[4].body
    assert "The first side to reach 500 wins, by bidding or by defending" in sections[6].body
    assert "`american`" not in text_of(sections)


def text_of(sections: tuple[object, ...]) -> str:
    return "\n".join(s.body for s in sections)  # type: ignore[attr-defined]


def test_missing_rule_book_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        rule_book_sections(tmp_path / "RULES.md")
