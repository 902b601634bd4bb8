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
from trainer.ui.widgets.cards import red_suits

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
    assert grade.right  # 9 tricks: the median of seed 0's layouts, a narrow hand (8 to 10)
    assert "The median is 9 tricks" in words and "so only 9 is right" in words
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
    assert any(s.value == red_suits(f"Right. {q.why}") for s in at.success)
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
    assert any(s.value == red_suits(f"Right. {q.why}") for s in at.success)


def test_count_practice_wrong_answer(db: Path) -> None:
    at = start(COUNT, seed="4")
    q = question_at(4, 0)
    wrong = next(c for c in q.choices if c not in q.answer)
    at.button(key=f"ci_practice_choice_{q.choices.index(wrong)}").click().run()
    [error] = at.error
    assert error.value.startswith(red_suits(f"Not quite: you said {wrong}"))
    assert red_suits(q.why) in error.value


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


@pytest.mark.parametrize("target", [VALUE, COUNT])
def test_the_learner_stays_in_the_address(db: Path, target: str) -> None:
    """Issue 29: the sidebar drops the query string; the page puts ``?learner=`` back beside
    its own ``?deal=`` (a reload then keeps the learner)."""
    ProgressStore(db).learner("Ann")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["learner"] = "Ann"
    at.run()
    for key in list(at.query_params):  # as the sidebar's link does
        del at.query_params[key]
    at.switch_page(target).run()
    assert not at.exception, at.exception
    assert at.query_params["learner"] in ("Ann", ["Ann"])
    if target == VALUE:
        assert at.query_params["deal"] in (str(at.session_state["vh_seed"]),
                                           [str(at.session_state["vh_seed"])])
        at.button(key="vh_next").click().run()
        assert at.query_params["learner"] in ("Ann", ["Ann"])


def test_the_discard_question_picks_every_suit_in_red(db: Path) -> None:
    seed = next(s for s in range(40) if question_at(s, 0).kind.value == "discard"
                and question_at(s, 0).multi)
    q = question_at(seed, 0)
    at = start(COUNT, seed=str(seed))
    assert q.text == "Which suits did you discard from?" and q.text in texts(at)
    assert "Pick every suit, then Answer." in texts(at)
    [pills] = [b for b in at.get("button_group") if "ci_practice_pills" in b.proto.id]
    assert [o.content or o.content_icon for o in pills.proto.options] == \
        [red_suits(c) for c in q.choices]  # ♦ and ♥ drawn red
    at.session_state["ci_practice_pills"] = [sorted(q.answer)[0]]  # one suit of two: wrong
    at.run()
    at.button(key="ci_practice_go").click().run()
    assert at.error and not at.success


def test_the_suit_buttons_are_red_for_hearts_and_diamonds(db: Path) -> None:
    seed = next(s for s in range(40) if question_at(s, 0).choices[:4] == ("♠", "♣", "♦", "♥")
                and not question_at(s, 0).multi)
    at = start(COUNT, seed=str(seed))
    labels = [at.button(key=f"ci_practice_choice_{n}").label for n in range(4)]
    assert labels == ["♠", "♣", ":red[♦]", ":red[♥]"]


def test_a_close_guess_is_not_a_rating_win(db: Path) -> None:
    ProgressStore(db).learner("Ann")
    at = start(VALUE, learner="Ann", deal="0")
    at.button(key="vh_guess_8").click().run()  # seed 0: median 9, a narrow hand
    assert not at.exception, at.exception
    words = texts(at)
    assert ":blue-badge[Close]" in words and "That is 1 trick too few." in words
    assert not re.search(r"\(\+\d+\)", words)  # the rating does not go up
    store = ProgressStore(db)
    [attempt] = store.attempts(store.learner("Ann"))
    assert (attempt.correct, attempt.detail["verdict"], attempt.detail["median"]) == \
        (False, "Close", 9)


def test_the_page_says_it_is_solving_the_layouts(db: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: grading took 5 s on a phone with nothing said. A stand-in solver stops half
    way, so the page is caught as it stands while the layouts are solved."""
    from trainer.ui.trainers import value_hand as vh_page

    def half_way(seed: int, rules: object, samples: int, progress: object) -> None:
        progress(30, samples)  # type: ignore[operator]
        raise RuntimeError("stopped while solving")

    monkeypatch.setattr(vh_page, "value_hand", half_way)
    at = start(VALUE, deal="123457")  # a deal no other test has valued in this process
    at.button(key="vh_guess_7").click().run()
    assert at.exception  # the stand-in stopped the page as it was solving
    [note] = at.info
    assert note.value == vh_page.SOLVING and note.value.startswith("Dealing 60 layouts")
    [bar] = at.get("progress")
    assert bar.proto.text == "Playing out layouts: 30 of 60"
