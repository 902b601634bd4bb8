"""A club on two app servers: 20 learners at once on two app-server processes sharing one
store (an SQLite file, and a PostgreSQL database), the load test's method (``load_kit``,
as ``bench/two_servers.py``): every learner created at the same moment, each saving puzzle
answers, lesson answers and a setting from a thread of its own on its server's one store, as
a Streamlit server's sessions do. Afterwards every learner's saves are all there, and none
holds anything of another's."""

from __future__ import annotations

from pathlib import Path

from load_kit import CLUB_LESSON, CLUB_SETTING, check_club, club_names, run_club

from trainer.progress import ProgressStore, Rating

LEARNERS = 20
ANSWERS = 10


def test_twenty_learners_on_two_servers_lose_nothing_and_share_nothing(
    store_location: str,
) -> None:
    club = run_club(store_location, servers=2, learners=LEARNERS, answers=ANSWERS)
    assert club.problems == ()
    assert club.learners == LEARNERS


def test_the_check_finds_a_lost_save_and_another_learners_answer(tmp_path: Path) -> None:
    """`check_club` is not vacuous: a missing answer and one marked with another learner's
    name are both reported."""
    location = str(tmp_path / "club.sqlite3")
    store = ProgressStore(location)
    ann, bea = (store.learner(name) for name in club_names(2))
    for learner, marks in ((ann, [0, 1]), (bea, [0])):  # Bea lost her second answer
        for n in marks:
            mark = {"learner": learner.name, "n": n}
            store.record_puzzle_attempt(learner, "play", f"q{n}", [], True, Rating(), mark)
            store.record_lesson_answer(learner, CLUB_LESSON, True, mark)
        store.set_setting(learner, CLUB_SETTING, {"learner": learner.name, "answers": 2})
    store.record_lesson_answer(ann, "cards", True, {"learner": bea.name, "n": 9})
    store.close()
    learners, problems = check_club(
        location, [ann.name, bea.name], {ann.name: ann.id, bea.name: bea.id}, 2
    )
    assert learners == 2
    assert any(p.startswith(f"{ann.name}: holds answers of ['{bea.name}']") for p in problems)
    assert f"{bea.name}: play answers [0]" in problems
    assert f"{bea.name}: lesson count 1" in problems
