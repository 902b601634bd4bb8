"""The rule book the app ships (RULES.md) and the learner-facing citations of its sections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.quizzes.variants import NOTES
from trainer.ui.rule_book import rule_book_sections
from trainer.ui.rule_options import SECTION_TITLES, option_specs

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
    learner_text = [ROOT / "trainer" / "ui" / "rules_page.py"]
    learner_text += sorted((ROOT / "trainer" / "quizzes").glob("*.py"))
    for path in learner_text:
        cited |= {int(n) for n in re.findall(r"rule book §(\d+)", path.read_text().lower())}
    assert cited and cited <= numbers


def test_learners_see_no_project_notes() -> None:
    # The copy stays word for word the user's rule book; its notes about the project's source
    # documents ("seed 002: later", "`seeds/`") are put in words for the learner.
    raw = (ROOT / "RULES.md").read_text()
    assert "(seed 002): later" in raw and "`seeds/`" in raw
    text = "\n".join(s.body for s in rule_book_sections())
    assert "seed" not in text.lower()
    assert "2-player with dummies is not offered yet." in rule_book_sections()[0].body
    assert "Portuguese, Italian, Polish, Spanish" in rule_book_sections()[7].body


def test_missing_rule_book_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        rule_book_sections(tmp_path / "RULES.md")
