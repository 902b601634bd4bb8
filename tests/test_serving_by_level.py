"""Serving puzzles by level (issue 28): a new learner starts below the banks' easiest quarter
with a wide deviation; joker and misère puzzles wait for their rules lessons (7 and 8) before
"Next puzzle for me" offers them; a puzzle shown with its answer in a strategy lesson's worked
example is practice at its first try (kept in the store across a restart). Pure parts, the
store on SQLite, and the Learn, Bidding and Play pages through AppTest."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress import ProgressStore, Rating
from trainer.progress.accounts import account_learner
from trainer.progress.start import (
    BELOW_QUARTILE,
    SHOWN_KEY,
    answer_shown,
    lower_quartile,
    mark_shown,
    start_below,
    starting_rating,
)
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.data.puzzle_choice import THEME_LESSONS, next_puzzle, waiting_themes
from trainer.ui.puzzles.picker import SHOWN_AHEAD, SHOWN_DONE

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "streamlit_app.py")
LEARN = "trainer/ui/pages/learn.py"
BID = "trainer/ui/pages/bidding.py"
PLAY = "trainer/ui/pages/play.py"
GATED = frozenset(THEME_LESSONS)


@pytest.fixture(autouse=True)
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def shipped_quartiles() -> dict[str, float]:
    out = {}
    for kind in ("play", "bid", "discard"):
        with gzip.open(ROOT / "puzzles" / f"{kind}.jsonl.gz", "rt", encoding="utf-8") as f:
            out[kind] = lower_quartile([json.loads(line)["rating"] for line in f])
    return out


# --- where a new learner starts ----------------------------------------------------------------


def test_lower_quartile_and_the_start_below_it() -> None:
    assert lower_quartile([1000, 1100, 1200, 1300]) == 1000
    assert lower_quartile([1000, 1100, 1200, 1300, 1400]) == 1100
    assert lower_quartile([1300, 1000, 1200, 1100, 1400, 900, 1500, 1600]) == 1000
    start = start_below([[1400, 1500, 1600, 1700], [1300, 1350, 1900, 2000], []])
    assert start == Rating(1300 - BELOW_QUARTILE, 350.0)
    assert start_below([[], []]) == Rating()
    with pytest.raises(ValueError, match="ratings: none given"):
        lower_quartile([])


def test_a_new_learner_starts_below_every_banks_easiest_quarter(db: Path) -> None:
    quartiles = shipped_quartiles()
    start = starting_rating()
    assert start.rating == min(quartiles.values()) - BELOW_QUARTILE
    assert all(start.rating < q for q in quartiles.values()), (start, quartiles)
    assert start.deviation == 350.0
    store = ProgressStore(db)
    assert store.learner("Ann").rating == start
    assert account_learner(store, "https://id.example", "sub-1").rating == start
    # a learner saved before keeps their rating
    with store._write() as conn:
        conn.execute("UPDATE learners SET rating = 1600 WHERE name = 'Ann'")
    assert ProgressStore(db).learner("Ann").rating.rating == 1600


def test_the_start_follows_a_rerated_bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    bank = tmp_path / "bid.jsonl"
    bank.write_text("".join(json.dumps({"id": f"b{i}", "rating": 800 + 10 * i}) + "\n"
                            for i in range(8)), encoding="utf-8")
    monkeypatch.setenv("TRAINER_BID_PUZZLES", str(bank))
    assert starting_rating().rating == 810 - BELOW_QUARTILE


# --- joker and misère puzzles wait for their lessons --------------------------------------------


def test_waiting_themes_follow_lessons_seven_and_eight() -> None:
    assert waiting_themes(()) == GATED
    assert waiting_themes({"joker"}) == {"misere", "open_misere"}
    assert waiting_themes({"misere"}) == GATED  # misère is played with the joker at no trumps
    assert waiting_themes({"joker", "misere", "pack"}) == frozenset()


def test_next_puzzle_offers_a_waiting_theme_only_when_nothing_else_is_left() -> None:
    play = load_bank().puzzles
    misere = next(p for p in play if "misere" in p.themes)
    suit = next(p for p in play if not GATED & set(p.themes) and p.rating > misere.rating + 300)
    learner = Rating(misere.rating + 50, 60)  # the misère puzzle is the nearer by far

    def rating(p):
        return Rating(p.rating, 60)

    waiting = waiting_themes(())
    assert next_puzzle([misere, suit], learner, rating) == misere
    assert next_puzzle([misere, suit], learner, rating, waiting=waiting) == suit
    assert next_puzzle([misere, suit], learner, rating, skip={suit.id},
                       waiting=waiting) == misere
    assert next_puzzle([misere, suit], learner, rating, attempted={suit.id},
                       waiting=waiting) == misere
    assert next_puzzle([misere, suit], learner, rating, due=[misere.id],
                       waiting=waiting) == misere  # a due review first, as ever


def start(page: str, learner: str, puzzle_id: str | None = None,
          lesson: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["play_pause"] = 0
    if lesson is not None:
        at.session_state["lesson_current"] = lesson
    if puzzle_id is not None:
        at.query_params["puzzle"] = puzzle_id
    at.query_params["learner"] = learner
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_next_puzzle_for_a_new_learner_keeps_to_the_lessons_reached(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    at = start(PLAY, "Ann")
    by_id = {p.id: p for p in load_bank().puzzles}
    served = [at.session_state["play_current"]]
    for _ in range(4):
        at.button(key="play_next").click().run()
        assert not at.exception, at.exception
        served.append(at.session_state["play_current"])
    assert len(set(served)) == 5
    assert all(not GATED & set(by_id[i].themes) for i in served), served
    # near the new learner's low rating: each within 200 of it, below the bank's median
    ratings = sorted(p.rating for p in by_id.values())
    assert all(abs(by_id[i].rating - ann.rating.rating) < 200 for i in served[1:]), served
    assert all(by_id[i].rating < ratings[len(ratings) // 2] for i in served[1:])
    # once lessons 7 and 8 are mastered the joker and misère puzzles are served as any other
    with store._write() as conn:
        for lesson in ("joker", "misere"):
            conn.execute("INSERT INTO lessons (learner_id, lesson, answered, correct, mastered)"
                         " VALUES (?, ?, 10, 10, 1)", (ann.id, lesson))
    at = start(PLAY, "Ann")
    for _ in range(12):
        at.button(key="play_next").click().run()
        served.append(at.session_state["play_current"])
    assert any(GATED & set(by_id[i].themes) for i in served[5:]), served


# --- a worked example's answer was shown: its first try is practice -----------------------------


def test_a_worked_examples_puzzle_is_practice_after_the_lesson(db: Path) -> None:
    store = ProgressStore(db)
    before = store.learner("Tess").rating
    at = start(LEARN, "Tess", lesson="valuing-a-hand")
    assert at.button(key="strategy_try:b0000144")
    tess = store.learner("Tess", create=False)
    assert all(answer_shown(store, tess, p) for p in ("b0000144", "b0000009", "b0000006"))
    assert not answer_shown(store, tess, "b0000001")
    # a restart: the note is in the store
    at = start(BID, "Tess", puzzle_id="b0000144")
    assert any(SHOWN_AHEAD in m.value for m in at.markdown)
    bank = {p.id: p for p in load_bank(kind="bid").puzzles}
    at.button(key=f"bid_call:{bank['b0000144'].analysis.candidates[0].call}").click().run()
    assert not at.exception, at.exception
    assert any(c.value.startswith(SHOWN_DONE) for c in at.caption)
    store = ProgressStore(db)
    assert store.learner("Tess", create=False).rating == before
    assert store.puzzle_ratings() == {}
    attempt = store.attempts(store.learner("Tess", create=False))[-1]
    assert (attempt.item, attempt.rated) == ("b0000144", False)


def test_the_store_leaves_a_shown_puzzle_unrated(db: Path) -> None:
    store = ProgressStore(db)
    me = store.learner("Cy")
    mark_shown(store, me, ["p1", "p1", "p2"])
    mark_shown(store, me, ["p2"])
    assert store.get_setting(me, SHOWN_KEY) == ["p1", "p2"]
    reopened = ProgressStore(db)
    shown = reopened.record_puzzle_attempt(me, "play", "p1", [], True, Rating(1300, 100))
    assert (shown.rated, shown.shown, shown.change) == (False, True, 0.0)
    assert reopened.puzzle_rating("p1", Rating(1.0, 2.0)) == Rating(1.0, 2.0)
    again = reopened.record_puzzle_attempt(me, "play", "p1", [], True, Rating(1300, 100))
    assert (again.rated, again.shown) == (False, False)  # played before: plain practice
    fresh = reopened.record_puzzle_attempt(me, "play", "p3", [], True, Rating(1300, 100))
    assert fresh.rated and fresh.change > 0
    # an unreadable note counts as none
    with reopened._write() as conn:
        conn.execute("UPDATE settings SET value = '[' WHERE key = ?", (SHOWN_KEY,))
    assert reopened.record_puzzle_attempt(me, "play", "p2", [], False, Rating(1300, 100)).rated
