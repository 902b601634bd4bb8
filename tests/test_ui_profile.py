"""The learner profile through AppTest: pick or create a name on Home, answers saved in the store,
the rules saved per learner, and a new session (a refresh, or a server restart) with
``?learner=`` in the address sees the same progress."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.lessons.question import Question
from trainer.lessons.registry import TOPICS
from trainer.progress import ProgressStore
from trainer.rules import ruleset
from trainer.ui.data.lesson_files import load_lessons
from trainer.ui.data.profile import md

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
LEARN = "trainer/ui/pages/learn.py"
RULES = "trainer/ui/pages/rules.py"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


STEPS_DONE = 99
"""A lesson's step index past its last step: the Learn page opens at its practice."""


def start(learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["rng_seed"] = 777
    for lesson in load_lessons():  # lessons open at their practice (steps: test_ui_steps.py)
        at.session_state[f"step:{lesson.id}"] = STEPS_DONE
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    assert not at.exception, at.exception
    return at


def create(at: AppTest, name: str) -> None:
    at.text_input(key="learner_new_name").input(name)
    at.button(key="learner_create").click().run()
    assert not at.exception, at.exception


def question(at: AppTest, lesson_id: str) -> Question:
    _, q = at.session_state[f"question:{lesson_id}"]
    return q


def answer(at: AppTest, lesson_id: str, right: bool = True) -> None:
    q = question(at, lesson_id)
    choice = q.answer if right else next(c for c in q.choices if c != q.answer)
    at.button(key=f"choice:{lesson_id}:{q.choices.index(choice)}").click().run()
    assert not at.exception, at.exception
    at.button(key="next_question").click().run()


def test_home_invites_a_name_and_pages_work_without_one(db: Path) -> None:
    at = start()
    assert any("Pick a name" in i.value for i in at.info)
    at.switch_page(LEARN).run()
    assert not at.exception
    assert any("not saved" in c.value for c in at.caption)
    answer(at, "the-pack")
    assert at.session_state["mastery"]["the-pack"].answered == 1
    assert ProgressStore(db).learners() == []


@pytest.mark.parametrize(("bad", "why"), [
    ("", "type a name first (spaces alone do not count)"),
    ("   ", "type a name first (spaces alone do not count)"),
    ("x" * 41, "41 characters is too long; 40 at most"),
])
def test_bad_names_get_a_clear_message(db: Path, bad: str, why: str) -> None:
    at = start()
    create(at, bad)
    assert [e.value for e in at.error] == [f"That name will not do: {why}."]
    assert "learner" not in at.query_params
    assert ProgressStore(db).learners() == []


def test_continue_without_a_name_is_told_beside_the_list(db: Path) -> None:
    ProgressStore(db).learner("Ann")
    at = start()
    at.button(key="learner_continue").click().run()
    assert [e.value for e in at.error] == ["Choose your name in the list first."]
    assert at.session_state["learner_pick_error"]  # drawn under the list, not under Create
    create(at, "Bo")  # gone once another step is taken
    assert not at.error


def test_create_learner_answer_and_restart(db: Path) -> None:
    at = start()
    create(at, "  Ann ")
    assert at.session_state["learner"].name == "Ann"
    assert at.query_params["learner"] == "Ann"
    assert any("Learning as **Ann**: 0 of 14 lessons mastered (1 more optional)" in m.value
               for m in at.markdown)
    assert at.button(key="home_start").label == "Start lesson 1: The pack"
    assert any("Already play 500?" in c.value for c in at.caption)  # a way past the lessons

    at.button(key="home_start").click().run()
    assert not at.exception, at.exception
    assert at.session_state["lesson_current"] == "the-pack"
    assert any("Saving progress for **Ann**" in c.value for c in at.caption)
    need = sum(t.need for t in TOPICS["pack"])  # the practice asks for the missing topics
    for _ in range(need):
        answer(at, "the-pack")
    answer(at, "the-pack", right=False)

    store = ProgressStore(db)
    ann = store.learner("Ann", create=False)
    record = store.lesson_progress(ann)["the-pack"]
    assert record.mastered and record.answered == need + 1 and record.streak == 0
    attempts = store.attempts(ann)
    assert len(attempts) == need + 1 and attempts[0].kind == "lesson"
    assert attempts[0].detail["quiz"] == "pack" and attempts[0].detail["rules"] == "australian"
    assert [a.correct for a in attempts] == [True] * need + [False]

    # a new session (a refresh or a server restart) with the learner in the address
    again = start(learner="Ann")
    assert again.session_state["learner"].name == "Ann"
    assert any("Learning as **Ann**: 1 of 14" in m.value for m in again.markdown)
    assert again.button(key="home_start").label == "Start lesson 2: Card order and the trump suit"
    again.switch_page(LEARN).run()
    assert not again.exception
    assert any("Your path: 1 ✓ → 2" in c.value for c in again.caption)
    assert again.query_params["learner"] == "Ann"


def test_streak_shows_on_the_path_after_restart(db: Path) -> None:
    at = start()
    create(at, "Bo")
    at.switch_page(LEARN).run()
    answer(at, "the-pack")
    answer(at, "the-pack")
    again = start(learner="Bo")
    again.switch_page(LEARN).run()
    path = next(c.value for c in again.caption if "Your path" in c.value)
    assert re.search(r"Your path: 1 \([01]/2\) → 2", path), path
    assert re.search(r"Mastery: [01] of 2 topics", again.get("progress")[0].proto.text)
    saved = ProgressStore(db).lesson_progress(ProgressStore(db).learner("Bo", create=False))
    assert sum(r.right for _, r in saved["the-pack"].topics) == 2


def test_rules_are_saved_per_learner_and_restored(db: Path) -> None:
    at = start()
    create(at, "Cy")
    at.switch_page(RULES).run()
    at.selectbox(key="rules_preset").set_value("american").run()
    at.toggle(key="rule:overtricks_10").set_value(True).run()
    assert not at.exception
    store = ProgressStore(db)
    cy = store.learner("Cy", create=False)
    saved = store.get_setting(cy, "rules")
    assert ruleset(saved) == ruleset("american").with_options(overtricks_10=True)

    again = start(learner="Cy")
    assert again.session_state["rules"] == ruleset(saved)
    again.switch_page(RULES).run()
    assert again.toggle(key="rule:overtricks_10").value is True

    # another learner keeps their own rules
    other = start()
    create(other, "Di")
    assert other.session_state["rules"] == ruleset()


def test_continue_as_an_existing_learner(db: Path) -> None:
    ProgressStore(db).learner("Eve")
    at = start()
    at.selectbox(key="learner_pick").set_value("Eve")
    at.button(key="learner_continue").click().run()
    assert not at.exception
    assert at.session_state["learner"].name == "Eve"
    assert at.query_params["learner"] == "Eve"


def test_unknown_learner_in_the_address(db: Path) -> None:
    at = start(learner="Nobody")
    assert "learner" not in at.session_state
    assert any("No learner called 'Nobody'" in w.value for w in at.warning)
    assert ProgressStore(db).learners() == []


def test_new_learner_with_a_saved_name_is_not_opened(db: Path) -> None:
    ProgressStore(db).learner("Alice")
    at = start()
    create(at, " Alice ")
    assert "learner" not in at.session_state
    assert "learner" not in at.query_params
    assert any("Alice already exists: use Continue" in w.value for w in at.warning)
    at.selectbox(key="learner_pick").set_value("Alice")
    at.button(key="learner_continue").click().run()
    assert at.session_state["learner"].name == "Alice"
    assert not any("already exists" in w.value for w in at.warning)


def test_a_name_in_another_case_finds_the_saved_learner(db: Path) -> None:
    ProgressStore(db).learner("Ann")
    at = start()
    create(at, "ann")  # Create does not open a saved name, in any case: it names the saved one
    assert "learner" not in at.session_state
    assert any("Ann already exists: use Continue" in w.value for w in at.warning)
    again = start(learner="ANN")  # the address chooses her too, with her stored spelling
    assert again.session_state["learner"].name == "Ann"
    assert not any("No learner called" in w.value for w in again.warning)
    assert ProgressStore(db).learners() == ["Ann"]


def test_learner_names_are_shown_as_typed(db: Path) -> None:
    at = start()
    create(at, "**Bo** [x](y)")
    assert at.session_state["learner"].name == "**Bo** [x](y)"
    line = next(m.value for m in at.markdown if m.value.startswith("Learning as"))
    assert r"\*\*Bo\*\* \[x\]\(y\)" in line
    assert md("a_b*c") == r"a\_b\*c"


def _master_the_pack(db: Path, name: str, when: datetime) -> None:
    store = ProgressStore(db)
    learner = store.learner(name)
    for topic in TOPICS["pack"]:
        for _ in range(topic.need):
            store.record_lesson_answer(learner, "the-pack", True, {}, topic.name,
                                       TOPICS["pack"], when=when)


def test_home_says_a_mastered_lesson_is_due_and_learn_reviews_it(db: Path) -> None:
    """Lesson 1 mastered on 2 March 2025 (a fixed clock in the store): FSRS made it due two
    days later, so today Home says so and why; the Learn page's short review (3 questions)
    saves a review and schedules the next one."""
    _master_the_pack(db, "Eve", datetime(2025, 3, 2, 9, tzinfo=UTC))
    at = start(learner="Eve")
    due = [m.value for m in at.markdown if "due for a short review" in m.value]
    assert due == ["Lesson 1 is due for a short review (mastered on 2 March 2025, not reviewed "
                   "yet)."]
    at.button(key="home_review:the-pack").click().run()
    assert not at.exception and at.session_state["lesson_current"] == "the-pack"
    at.switch_page(LEARN).run()
    assert any("due for a short review" in i.value for i in at.info)
    at.button(key="start_review").click().run()
    for _ in range(3):
        assert any("Short review: question" in i.value for i in at.info)
        answer(at, "the-pack")
    assert any("Review done: 3 of 3 right." in s.value for s in at.success)
    store = ProgressStore(db)
    card = store.lesson_reviews(store.learner("Eve", create=False))["the-pack"]
    assert card.last_review is not None and card.due > card.last_review
    again = start(learner="Eve")
    assert not [m for m in again.markdown if "due for a short review" in m.value]


def test_a_lesson_not_yet_due_is_not_on_home(db: Path) -> None:
    _master_the_pack(db, "Fay", datetime.now(UTC))
    at = start(learner="Fay")
    assert not [m for m in at.markdown if "due for a short review" in m.value]
    assert any("Learning as **Fay**: 1 of 14" in m.value for m in at.markdown)
