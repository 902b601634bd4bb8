"""The strategy lessons on the Learn page through AppTest: each renders its text, its three
worked examples (position, the lesson's words, the write-up, Try it), its practice and its theme
buttons; answering a practice question gives feedback and counts towards mastery; Try it and a
theme button open the puzzle page."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.ui.data.strategy_lessons import load_strategy_lessons
from trainer.ui.widgets.cards import red_suits

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
LEARN = "trainer/ui/pages/learn.py"
STRATEGY = load_strategy_lessons()


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


def start(lesson: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["rng_seed"] = 12345
    at.session_state["lesson_current"] = lesson
    at.run()
    at.switch_page(LEARN).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("lesson", list(STRATEGY))
def test_strategy_lesson_renders_and_answers(lesson: str) -> None:
    at = start(lesson)
    strategy = STRATEGY[lesson]
    texts = [m.value for m in at.markdown]
    assert sum(t == f"**Worked example {i}**" for i in (1, 2, 3) for t in texts) == 3
    pictures = [t for t in texts if 'aria-label="the table"' in t or 'aria-label="your hand"' in t]
    assert len(pictures) >= 3
    for example in strategy.examples:
        assert at.button(key=f"strategy_try:{example.puzzle_id}")
    assert any(c.value == "The puzzle's write-up" for c in at.caption)
    for theme in strategy.themes:
        assert at.button(key=f"strategy_theme:{theme}")
    q = at.session_state[f"strategy_question:{lesson}"]
    assert any(red_suits(q.prompt) in t for t in texts)
    at.radio(key=f"strategy_choice:{lesson}").set_value(q.answer).run()
    at.button(key=f"strategy_check:{lesson}").click().run()
    assert not at.exception, at.exception
    assert at.success[0].value.startswith("Right")
    assert at.session_state["mastery"][lesson].streak == 1
    at.button(key=f"strategy_next:{lesson}").click().run()
    q2 = at.session_state[f"strategy_question:{lesson}"]
    wrong = next(c for c in q2.choices if c != q2.answer)
    at.radio(key=f"strategy_choice:{lesson}").set_value(wrong).run()
    at.button(key=f"strategy_check:{lesson}").click().run()
    assert at.error[0].value.startswith("Not quite")
    record = at.session_state["mastery"][lesson]
    assert record.answered == 2 and record.right == 1 and record.streak == 0


def test_try_it_and_theme_buttons_open_the_puzzle_page() -> None:
    at = start("declarer-play")
    at.button(key="strategy_try:p0000066").click().run()
    assert not at.exception, at.exception
    assert at.session_state["play_current"] == "p0000066"
    at = start("declarer-play")
    at.button(key="strategy_theme:ruff").click().run()
    assert not at.exception, at.exception
    assert at.session_state["play_themes"] == ["ruff"]
    assert at.multiselect(key="play_themes").value == ["ruff"]
