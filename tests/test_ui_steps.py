"""A rules lesson's steps on the Learn page through AppTest: every step of every stepped lesson
(1-9) walked with the right answers the engine computes (a star each, the row of stars, then
the practice), a wrong first try (☆, still passes), and the stars kept for a learner across a
reload."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress.store import ProgressStore
from trainer.ui.data.lesson_files import load_lessons
from trainer.ui.data.lesson_steps import Step, split_steps
from trainer.ui.widgets.cards import red_suits

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
LEARN = "trainer/ui/pages/learn.py"
STEPPED = [lesson.id for lesson in load_lessons() if split_steps(lesson.body)[1]]


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(db))
    return db


def steps(lesson_id: str) -> tuple[Step, ...]:
    return split_steps(next(x for x in load_lessons() if x.id == lesson_id).body)[1]


def start(lesson_id: str, learner: str | None = None, **state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["rng_seed"] = 12345
    if learner is not None:
        at.query_params["learner"] = learner
    at.session_state["lesson_current"] = lesson_id
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(LEARN).run()
    assert not at.exception, at.exception
    return at


def text(at: AppTest) -> str:
    return " ".join(m.value for m in at.markdown)


def answer(at: AppTest, lesson_id: str, step: Step, right: bool = True) -> None:
    """Click the step's right answer (or one wrong one), as a learner would."""
    index = step.number - 1
    v = step.view()
    wanted = sorted(v.right) if right else [next(c for c in v.choices if c not in v.right)]
    if v.cards:
        for code in wanted if v.multi else wanted[:1]:
            at.button(key=f"step_card:{lesson_id}:{index}:{code}").click().run()
        if v.multi:
            at.button(key=f"step_check:{lesson_id}:{index}").click().run()
    else:
        n = v.choices.index(wanted[0])
        at.button(key=f"step_choice:{lesson_id}:{index}:{n}").click().run()
    assert not at.exception, at.exception


def walk(lesson: str) -> AppTest:
    """Walk every step of ``lesson`` with the right answers, computed by the engine; returns
    the app at the end, the row of stars and the practice shown."""
    all_steps = steps(lesson)
    at = start(lesson)
    assert not [s for s in at.subheader if s.value == "Practice"]  # the steps come first
    for step in all_steps:
        assert f"**Step {step.number} of {len(all_steps)}**" in text(at)
        assert any(h.value == step.title for h in at.subheader)
        assert not [b for b in at.button if b.key == f"step_next:{lesson}"]  # not before
        answer(at, lesson, step)
        assert at.success[0].value.startswith("★ Right first time!"), (lesson, step.title)
        assert red_suits(step.view().why) in at.success[0].value
        label = "Start the practice" if step is all_steps[-1] else "Next step"
        assert at.button(key=f"step_next:{lesson}").label == label
        at.button(key=f"step_next:{lesson}").click().run()
        assert not at.exception, at.exception
    assert "**Steps:** " + " ".join("★" for _ in all_steps) in text(at)
    assert any(f"{len(all_steps)} of {len(all_steps)} stars" in c.value for c in at.caption)
    assert any(s.value == "Practice" for s in at.subheader)
    assert f"question:{lesson}" in at.session_state  # the existing practice follows
    return at


@pytest.mark.parametrize("lesson", STEPPED)
def test_walk_every_step_to_the_practice(lesson: str) -> None:
    at = walk(lesson)
    if lesson == "the-pack":
        at.button(key=f"steps_again:{lesson}").click().run()
        assert "**Step 1 of 7**" in text(at) and "**[★]**" in text(at)


def test_every_rules_lesson_but_the_variants_is_stepped() -> None:
    """Issue 17: lessons 1-9 are series of steps; lesson 10 (variants, optional) is not."""
    orders = {x.id: x.order for x in load_lessons()}
    assert sorted(orders[x] for x in STEPPED) == list(range(1, 10))


def test_a_wrong_first_try_explains_and_passes_without_a_star() -> None:
    lesson = "card-order"
    first = steps(lesson)[1]  # click the highest trump: the joker
    at = start(lesson, **{f"step:{lesson}": 1})
    answer(at, lesson, first, right=False)
    assert "is not the highest: the joker ranks above it" in at.error[0].value
    answer(at, lesson, first)
    assert at.success[0].value.startswith("☆ Right.")
    assert "○ **[☆]** ○" in text(at)
    assert at.session_state["step_stars"][lesson][:2] == [0, 1]


def test_stars_survive_a_reload_for_a_learner(_store_in_tmp: Path) -> None:
    ProgressStore(_store_in_tmp).learner("Ann")
    lesson = "following"
    first, second = steps(lesson)[:2]
    at = start(lesson, learner="Ann")
    answer(at, lesson, first)
    at.button(key=f"step_next:{lesson}").click().run()
    answer(at, lesson, second, right=False)
    answer(at, lesson, second)
    again = start(lesson, learner="Ann")  # a new session: the stars come from the store
    assert "★ ☆ **[○]**" in text(again)  # and it opens at the first step not done
    assert "**Step 3 of" in text(again)
    store = ProgressStore(_store_in_tmp)
    saved = store.get_setting(store.learner("Ann"), "step_stars")
    assert saved[lesson][:3] == [2, 1, 0]
    assert store.get_setting(store.learner("Ann"), "rules") is None  # nothing else touched
