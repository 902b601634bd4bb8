"""Stored JSON values are read through one guarded decoder (`trainer.progress.stored`): a row
edited by hand, too large, nested too deeply or holding NaN/Infinity is reported in one line and
read as absent; the learner's other rows are kept (issue 25 part 6)."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.game import Game
from trainer.progress.personal import add_personal_puzzle, personal_puzzles
from trainer.progress.store import ProgressStore
from trainer.progress.stored import (
    MAX_BYTES,
    MAX_DEPTH,
    StoredValueError,
    decode_stored,
    nesting_depth,
)

NESTED = "[" * 100_000 + "]" * 100_000  # 200,000 bytes
LOGGER = "trainer.progress.store"


def saved_game() -> dict:
    game = Game.new(Game.from_json({"seed": 1, "first_dealer": "W"}).rules, 1)
    return {"version": 1, "level": "easy", "game": game.to_json()}


def raw(db: Path, sql: str, *args: object) -> None:
    """Change rows behind the store's back, as a hand edit or a damaged disk would."""
    with sqlite3.connect(db) as con:
        con.execute(sql, args)


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == LOGGER and r.levelno == logging.WARNING]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "store.sqlite3"


def test_a_deeply_nested_setting_reads_as_its_default(db: Path,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.set_setting(ann, "rules", {"players": 3})
    store.set_setting(ann, "other", [1, 2])
    raw(db, "UPDATE settings SET value = ? WHERE key = 'rules'", NESTED)
    with caplog.at_level(logging.WARNING, LOGGER):
        for _ in range(3):  # every page asks; none raises, one line is logged
            assert store.get_setting(ann, "rules", "default") == "default"
    assert store.get_setting(ann, "other") == [1, 2]
    logged = warnings(caplog)
    assert len(logged) == 1 and "setting 'rules'" in logged[0] and "Ann" in logged[0]
    assert "deeper than" in logged[0] and "[[[[" not in logged[0] and len(logged[0]) < 300
    assert len(store.problems) == 1


def test_a_deeply_nested_saved_game_is_skipped(db: Path,
                                               caplog: pytest.LogCaptureFixture) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.set_setting(ann, "game", saved_game())
    store.set_setting(ann, "rules", "american")
    nested = json.dumps(saved_game())[:-1] + ', "x": ' + NESTED + "}"
    raw(db, "UPDATE settings SET value = ? WHERE key = 'game'", nested)
    with caplog.at_level(logging.WARNING, LOGGER):
        assert store.get_setting_text(ann, "game") is None
        assert store.get_setting(ann, "game") is None
    assert store.get_setting(ann, "rules") == "american"
    assert len(warnings(caplog)) <= 2 and all("[[[" not in m for m in warnings(caplog))
    assert all("setting 'game'" in p for p in store.problems)


def test_a_saved_game_with_an_infinite_seed_is_skipped(db: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.set_setting(ann, "game", saved_game())
    store.set_setting(ann, "step_stars", {"l1": [1, 2]})
    good = json.dumps(saved_game())
    assert json.loads(store.get_setting_text(ann, "game") or "") == json.loads(good)
    for bad in ("Infinity", "-Infinity", "NaN", "1e999"):
        raw(db, "UPDATE settings SET value = ? WHERE key = 'game'",
            good.replace('"seed": 1', f'"seed": {bad}'))
        caplog.clear()
        with caplog.at_level(logging.WARNING, LOGGER):
            assert store.get_setting_text(ann, "game") is None
            assert store.get_setting(ann, "game", "none") == "none"
        assert len(warnings(caplog)) <= 2
    assert store.get_setting(ann, "step_stars") == {"l1": [1, 2]}


def test_a_text_that_is_merely_damaged_is_left_to_the_saved_game_reader(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    raw(db, "INSERT INTO settings VALUES (?, 'game', ?)", ann.id, '{"version": 1, "game": {')
    assert store.get_setting_text(ann, "game") == '{"version": 1, "game": {'  # it reports it
    assert store.problems == []


def test_a_deeply_nested_unfinished_puzzle_and_lesson_stars(db: Path,
                                                            caplog: pytest.LogCaptureFixture
                                                            ) -> None:
    store = ProgressStore(db)
    ann, bea = store.learner("Ann"), store.learner("Bea")
    for who in (ann, bea):
        store.set_setting(who, "play_unfinished", {"puzzle": "p1", "plays": "AS KS"})
        store.set_setting(who, "step_stars", {"l1": [2, 1, 0]})
    deep = {"puzzle": "p1", "plays": "AS"}
    text = json.dumps(deep)[:-1] + ', "x": ' + "{\"a\": " * 500 + "1" + "}" * 500 + "}"
    raw(db, "UPDATE settings SET value = ? WHERE key = 'play_unfinished' AND learner_id = ?",
        text, ann.id)
    raw(db, "UPDATE settings SET value = ? WHERE key = 'step_stars' AND learner_id = ?",
        '{"l1": ' + "[" * 5000 + "]" * 5000 + "}", ann.id)
    with caplog.at_level(logging.WARNING, LOGGER):
        assert store.get_setting(ann, "play_unfinished") is None
        assert store.get_setting(ann, "step_stars", {}) == {}
    assert len(warnings(caplog)) == 2
    assert store.get_setting(bea, "play_unfinished") == {"puzzle": "p1", "plays": "AS KS"}
    assert store.get_setting(bea, "step_stars", {}) == {"l1": [2, 1, 0]}


def test_an_oversized_setting_is_refused_before_it_is_parsed(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    raw(db, "INSERT INTO settings VALUES (?, 'big', ?)", ann.id,
        json.dumps(["x" * (MAX_BYTES + 10)]))
    assert store.get_setting(ann, "big", 0) == 0
    assert "bytes is over" in store.problems[0]


def test_guarded_attempts_and_personal_puzzles_are_skipped(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    for lesson in ("a", "b"):
        store.record_lesson_answer(ann, lesson, True, {"q": 1})
    raw(db, "UPDATE attempts SET detail = ? WHERE item = 'a'", NESTED)
    assert [a.item for a in store.attempts(ann)] == ["b"]
    add_personal_puzzle(store, ann, "u1", {"id": "u1"})
    add_personal_puzzle(store, ann, "u2", {"id": "u2"})
    raw(db, "UPDATE personal_puzzles SET record = ? WHERE id = 'u1'", '{"id": NaN}')
    assert [r["id"] for r in personal_puzzles(store, ann)] == ["u2"]
    assert any("u1" in p and "NaN" in p for p in store.problems)


def test_the_decoder_limits() -> None:
    assert decode_stored('{"a": [1, "[[[["]}', "f", shape=dict) == {"a": [1, "[[[["]}
    assert nesting_depth('"[[[[" [[1]]') == 2
    assert nesting_depth('["\\"[[["]') == 1
    assert decode_stored("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f") is not None
    for text, kind in (("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "limit"),
                       ("Infinity", "limit"), ("[NaN]", "limit"), ("1e400", "limit"),
                       ("{bad", "damaged"), (None, "damaged"), (b"\xff", "damaged"),
                       ("[1]", "shape")):
        with pytest.raises(StoredValueError) as e:
            decode_stored(text, "f", shape=dict)
        assert e.value.kind == kind and "\n" not in str(e.value)


# --- fuzz: a mutated saved game is read, or skipped, never raised ------------------------------

GOOD = json.dumps(saved_game())

mutation = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, len(GOOD)),
              st.sampled_from(["[", "]", "{", "}", '"', "\\", ",", ":", "NaN", "Infinity",
                               "-Infinity", "1e999", "\x00", "\ud800", "9" * 5000,
                               "[" * 200, "{\"a\":" * 100])),
    st.tuples(st.just("delete"), st.integers(0, len(GOOD)), st.integers(1, 50)),
    st.tuples(st.just("replace"), st.integers(0, len(GOOD)), st.text(max_size=5)),
    st.tuples(st.just("truncate"), st.integers(0, len(GOOD)), st.none()),
    st.tuples(st.just("wrap"), st.integers(1, 3000), st.none()),
)


def mutate(text: str, steps: list[tuple]) -> str:
    for op, at, arg in steps:
        at = min(at, len(text))
        if op == "insert":
            text = text[:at] + arg + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + arg:]
        elif op == "replace":
            text = text[:at] + arg + text[at + len(arg):]
        elif op == "truncate":
            text = text[:at]
        else:
            text = "[" * at + text + "]" * at
    return text


def test_reads_of_a_mutated_saved_game_never_raise(db: Path) -> None:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.set_setting(ann, "game", saved_game())
    store.set_setting(ann, "keep", {"a": 1})

    @settings(max_examples=150, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.lists(mutation, min_size=1, max_size=4))
    def check(steps: list[tuple]) -> None:
        text = mutate(GOOD, steps)
        with sqlite3.connect(db) as con:
            con.execute("UPDATE settings SET value = ? WHERE key = 'game'",
                        (text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"),))
        got = store.get_setting_text(ann, "game")
        if got is not None:  # handed over: it parses without recursion, or is plain damage
            with contextlib.suppress(ValueError):
                json.loads(got)
        store.get_setting(ann, "game", None)  # a value or the default, never an exception
        with contextlib.suppress(StoredValueError):
            decode_stored(text, "game")
        assert store.get_setting(ann, "keep") == {"a": 1}

    check()
