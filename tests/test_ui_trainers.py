"""The Value a hand and Count and infer pages through AppTest: a deal from its address, a guess
graded with the histogram, the supported bid and a rated attempt saved; a practice question
answered right and wrong with its one-line reason; a timed run driven by a stand-in clock, its
streak, the time running out and the personal best kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import ProgressStore
from trainer.train.count_infer import question_at
from trainer.train.records import storm_best
from trainer.train.storm import RUN_SECONDS
from trainer.train.value_hand import grade_guess, value_hand
from trainer.ui.trainers import count_infer as page

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
VALUE = "trainer/ui/pages/value_hand.py"
COUNT = "trainer/ui/pages/count_infer.py"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def start(target: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(target).run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [s.value for s in at.subheader] + [s.value for s in at.success]
                     + [e.value for e in at.error])


def test_value_a_hand_grades_a_guess_and_rates_it(db: Path) -> None:
    ProgressStore(db).learner("Ann")
    at = start(VALUE, learner="Ann", deal="0")
    words = texts(at)
    assert "deal 0" in words and "with diamonds (:red[♦]) as trumps" in words
    assert "The auction so far" in words  # North deals, East passed
    assert not at.get("plotly_chart")
    at.button(key="vh_guess_9").click().run()
    assert not at.exception, at.exception
    valuation = value_hand(0)  # the page's, cached in this process
    assert sum(valuation.counts) == 60
    grade = grade_guess(valuation, 9)
    words = texts(at)
    assert ("Right" if grade.right else "Not quite") in words
    assert f"On average your side takes **{valuation.mean:.1f}** tricks." in words
    bid = valuation.supported
    assert bid is not None and f"**{bid.tricks_needed}:red[♦]**" in words  # red suits
    assert f"worth {valuation.supported_points} points on the Avondale schedule" in words
    assert "played as well as possible" in words and "double dummy" not in words.lower()
    assert len(at.get("plotly_chart")) == 1
    assert grade.right  # 9 tricks: inside the middle half (8 to 10) of seed 0's layouts
    assert re.search(r"Your rating: \d+ → \d+ \(\+\d+\)", words)
    store = ProgressStore(db)
    [attempt] = store.attempts(store.learner("Ann"))
    assert (attempt.kind, attempt.item, attempt.correct, attempt.rated) == \
        ("value", "value:0", grade.right, True)
    assert attempt.detail["guess"] == 9
    at.button(key="vh_next").click().run()
    assert not at.exception and not at.get("plotly_chart")
    assert "deal 0" not in texts(at)
    shown = at.session_state["vh_seed"]
    assert at.query_params["deal"] in (str(shown), [str(shown)])  # the address reproduces it


def test_count_practice_answers_and_explains(db: Path) -> None:
    at = start(COUNT, seed="4")
    q = question_at(4, 0)
    words = texts(at)
    assert q.text in words and "Contract:" in words
    assert not q.multi  # seed 4's first question takes one click
    n = q.choices.index(sorted(q.answer)[0])
    at.button(key=f"ci_practice_choice_{n}").click().run()
    assert not at.exception, at.exception
    assert any(s.value == f"Right. {q.why}" for s in at.success)
    at.button(key="ci_next").click().run()
    q1 = question_at(4, 1)
    assert q1.text in texts(at)


def test_count_practice_pick_every_one(db: Path) -> None:
    at = start(COUNT, seed="0")
    q = question_at(0, 0)
    assert q.multi and q.text == "Who can still hold the left bower?"
    assert at.button(key="ci_practice_go").disabled  # nothing picked yet
    at.session_state["ci_practice_pills"] = sorted(q.answer)
    at.run()
    at.button(key="ci_practice_go").click().run()
    assert any(s.value == f"Right. {q.why}" for s in at.success)


def test_count_practice_wrong_answer(db: Path) -> None:
    at = start(COUNT, seed="4")
    q = question_at(4, 0)
    wrong = next(c for c in q.choices if c not in q.answer)
    at.button(key=f"ci_practice_choice_{q.choices.index(wrong)}").click().run()
    [error] = at.error
    assert error.value.startswith(f"Not quite: you said {wrong}")
    assert q.why in error.value


def test_timed_run_streak_time_up_and_best(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ProgressStore(db).learner("Ann")
    now = [5000.0]
    monkeypatch.setattr(page, "CLOCK", lambda: now[0])
    at = start(COUNT, learner="Ann", seed="4")
    at.segmented_control(key="ci_mode").set_value("Timed run").run()
    assert "Answer as many as you can in 3 minutes" in texts(at)
    at.button(key="ci_start").click().run()
    run = at.session_state["ci_run"]
    assert run.seed == 4
    for i in range(3):
        q = question_at(4, i)
        now[0] += 5
        if q.multi:
            at.session_state["ci_timed_pills"] = sorted(q.answer)
            at.run()
            at.button(key="ci_timed_go").click().run()
        else:
            n = q.choices.index(sorted(q.answer)[0])
            at.button(key=f"ci_timed_choice_{n}").click().run()
        assert not at.exception, at.exception
    assert "**Score:** 3 · **Streak:** 3" in texts(at)
    now[0] = 5000.0 + RUN_SECONDS + 1
    at.run()
    words = texts(at)
    assert "Time is up" in words and "You answered **3** right" in words
    assert "A new personal best!" in words
    store = ProgressStore(db)
    best = storm_best(store, store.learner("Ann"))
    assert (best.score, best.streak) == (3, 3)
