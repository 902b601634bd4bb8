"""Club deal sets in the learner store (trainer.progress.club), on SQLite and on PostgreSQL
(``store_location``, tests/conftest.py): a set made, found by its code and joined; results
written only by their own learner, the first standing; another member's result shown only on
deals the viewer has played; bad codes, names, seeds and counts one line each; a store of
version 2 gains the club tables and keeps its rows; members' ratings, first tries by theme and
streaks read only by a member."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from trainer.progress import SCHEMA_VERSION, ProgressStore, Rating
from trainer.progress.backend import open_backend
from trainer.progress.club import (
    ALPHABET,
    CODE_LENGTH,
    ClubError,
    clean_code,
    create_deal_set,
    deal_set,
    is_member,
    join,
    learner_sets,
    member_activity,
    members,
    played_deals,
    read_seed,
    record_result,
    set_results,
    today_seed,
)
from trainer.progress.migrations import MIGRATIONS, migrate
from trainer.progress.start import starting_rating

T0 = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
RECORD = {"rules": "australian", "calls": ["P"], "plays": []}


def result(store, learner, code, deal, points, against, when, **kw):
    fields = {"seat": "S", "contract": "7H", "declarer": "S", "tricks": 8,
              "accuracy": 91.5, "points_lost": 12.0, "commentary": "Trick 3: the K♥.",
              "record": RECORD}
    fields.update(kw)
    return record_result(store, learner, code, deal, points=points, against=against,
                         when=when, **fields)


def test_a_set_is_made_joined_and_its_results_compared(store_location: str) -> None:
    store = ProgressStore(store_location)
    ann, bob, cy = (store.learner(n) for n in ("Ann", "Bob", "Cy"))
    made = create_deal_set(store, ann, "  Friday club  ", 20261205, 3, "australian", "easy",
                           when=T0)
    assert made.name == "Friday club" and made.deals == 3 and made.seed == 20261205
    assert len(made.code) == CODE_LENGTH and set(made.code) <= set(ALPHABET)
    assert deal_set(store, bob, made.code.upper()) == made  # the code is read case-blind
    assert deal_set(store, bob, made.code).created == T0
    assert is_member(store, ann, made.code) and not is_member(store, bob, made.code)
    assert join(store, bob, made.code, display="Bobby", when=T0 + timedelta(minutes=1))
    assert not join(store, bob, made.code)  # once a member, joining again changes nothing
    assert [(m.display, m.joined) for m in members(store, ann, made.code)] == [
        ("Ann", T0), ("Bobby", T0 + timedelta(minutes=1))]
    assert [s.code for s in learner_sets(store, bob)] == [made.code]
    assert learner_sets(store, cy) == []

    assert result(store, ann, made.code, 0, 70, 10, T0 + timedelta(minutes=5))
    # the first result on a deal stands
    assert not result(store, ann, made.code, 0, 500, 0, T0 + timedelta(minutes=6))
    assert result(store, ann, made.code, 1, 0, 100, T0 + timedelta(minutes=7), contract=None,
                  declarer=None, tricks=None, accuracy=None, points_lost=None)
    # Bob has played nothing yet: none of Ann's results (so none of the deals' cards) show
    seen = set_results(store, bob, made.code)
    assert seen.results == {} and seen.played == frozenset()
    assert seen.name_of(ann.id) == "Ann" and seen.name_of(bob.id) == "Bobby"
    assert result(store, bob, made.code, 0, 0, 40, T0 + timedelta(minutes=8), seat="S",
                  contract="6S", declarer="W", tricks=7, accuracy=60.0, points_lost=80.5)
    seen = set_results(store, bob, made.code)
    assert seen.played == frozenset({0}) and list(seen.results) == [0]
    ann_0, bob_0 = seen.results[0]
    assert (ann_0.learner_id, ann_0.points, ann_0.against, ann_0.net) == (ann.id, 70, 10, 60)
    assert (bob_0.contract, bob_0.declarer, bob_0.tricks, bob_0.net) == ("6S", "W", 7, -40)
    assert (bob_0.accuracy, bob_0.points_lost, bob_0.record) == (60.0, 80.5, RECORD)
    assert ann_0.played == T0 + timedelta(minutes=5) and ann_0.commentary == "Trick 3: the K♥."
    # Ann sees both deals she played, with Bob's result on deal 1 only
    mine = set_results(store, ann, made.code)
    assert mine.played == frozenset({0, 1})
    assert [len(mine.results[d]) for d in (0, 1)] == [2, 1]
    assert mine.results[1][0].contract is None and mine.results[1][0].net == -100
    assert played_deals(store, ann, made.code) == frozenset({0, 1})
    assert played_deals(store, cy, made.code) == frozenset()


def test_only_members_write_and_read_and_bad_input_is_one_line(store_location: str) -> None:
    store = ProgressStore(store_location)
    ann, bob = store.learner("Ann"), store.learner("Bob")
    made = create_deal_set(store, ann, "Club", 7, 2, {"players": 3}, "normal")
    assert deal_set(store, bob, made.code).rules == {"players": 3}
    with pytest.raises(ClubError, match="open the set's link first to play"):
        result(store, bob, made.code, 0, 10, 0, T0)
    with pytest.raises(ClubError, match="open the set's link first to see"):
        set_results(store, bob, made.code)
    with pytest.raises(ClubError, match="the set has deals 1 to 2, not 3"):
        result(store, ann, made.code, 2, 10, 0, T0)
    other = "a" * CODE_LENGTH if made.code != "a" * CODE_LENGTH else "b" * CODE_LENGTH
    bad = {
        "": "is not a deal set's code",
        "abc": "is not a deal set's code",
        "abcdefg0": "is not a deal set's code",  # 0 is not in the alphabet
        other: "no deal set has the code",
    }
    for code, words in bad.items():
        with pytest.raises(ClubError, match=words) as error:
            join(store, bob, code)
        assert "\n" not in str(error.value)
    for kwargs, words in [({"name": " "}, "give the set a name"),
                          ({"name": "x" * 61}, "61 characters is too long"),
                          ({"deals": 0}, "from 1 to 12, not 0"),
                          ({"deals": 13}, "from 1 to 12, not 13"),
                          ({"seed": -1}, "a whole number from 0")]:
        args = {"name": "Club", "seed": 1, "deals": 4, **kwargs}
        with pytest.raises(ClubError, match=words):
            create_deal_set(store, ann, args["name"], args["seed"], args["deals"],
                            "australian", "easy")
    assert clean_code(f" {made.code.upper()} ") == made.code
    assert learner_sets(store, ann) == [made]  # nothing refused was saved


def test_a_version_2_store_gains_the_club_tables_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    backend = open_backend(path)
    backend.prepare()
    assert migrate(backend, MIGRATIONS[:2]) == 2
    with backend.write() as db:
        db.execute("INSERT INTO learners (name, created, rating, deviation, volatility) "
                   "VALUES ('Ann', '2026-01-01T00:00:00+00:00', 1600, 80, 0.06)")
    store = ProgressStore(path)
    assert store.schema_version() == SCHEMA_VERSION >= 3  # 4: the daily puzzle's table
    ann = store.learner("Ann", create=False)
    assert ann.rating.rating == 1600
    made = create_deal_set(store, ann, "Club", 1, 1, "australian", "easy")
    assert learner_sets(ProgressStore(path), ann) == [made]  # opening again keeps it


def test_members_ratings_themes_and_streaks(store_location: str) -> None:
    store = ProgressStore(store_location)
    ann, bob, cy = (store.learner(n) for n in ("Ann", "Bob", "Cy"))
    made = create_deal_set(store, ann, "Club", 3, 1, "australian", "easy", when=T0)
    join(store, bob, made.code, when=T0)
    day = timedelta(days=1)
    # Bob: puzzles on three days in a row up to yesterday; Ann: one lesson answer a week ago
    answers = [("p1", ["finesse"], True, T0 - 3 * day), ("p2", ["finesse", "endplay"], False,
               T0 - 2 * day), ("p3", ["endplay"], True, T0 - day), ("p1", ["finesse"], True,
               T0 - day)]  # p1 again: practice, not rated, but it counts in the run
    for puzzle, themes, solved, when in answers:
        store.record_puzzle_attempt(bob, "play", puzzle, themes, solved, Rating(), when=when)
    store.record_lesson_answer(ann, "bowers", True, when=T0 - 7 * day)
    got = member_activity(store, ann, made.code, today=T0)
    assert [a.member.display for a in got] == ["Ann", "Bob"]
    a, b = got
    assert (a.day_streak, a.run, a.themes, a.rating) == (0, 0, {}, starting_rating().rating)
    assert b.themes == {"finesse": (2, 1), "endplay": (2, 1)}
    assert (b.day_streak, b.run) == (3, 2)
    assert b.rating == store.learner("Bob", create=False).rating.rating != starting_rating().rating
    with pytest.raises(ClubError, match="open the set's link first"):
        member_activity(store, cy, made.code)


def test_a_seed_is_typed_or_the_day_s_date() -> None:
    assert today_seed(T0) == 20261205
    assert today_seed(datetime(2027, 1, 2, 23, 30, tzinfo=UTC)) == 20270102
    assert read_seed(" 500 ") == 500 and read_seed("1,000,000") == 1_000_000
    for bad in ("", "abc", "-3", "1.5", "9" * 20, "٣"):
        with pytest.raises(ClubError, match="is not a whole number from 0") as error:
            read_seed(bad)
        assert "\n" not in str(error.value)
