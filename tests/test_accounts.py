"""Accounts through AppTest (a signed-in visitor is AppTest's ``user``, the provider an
``[auth]`` section in ``secrets``): the learner is the account's, keyed by issuer and subject;
``?learner=`` is ignored and removed; Home shows the account's name and a sign-out button, not
the name box; without a provider Home says the trainer runs without sign-in.

The separation test: learner A (an account, and a learner called "Alice" by name) has lesson
answers, a rated puzzle, saved rules, a saved game and a personal puzzle; signed in as B, every
page under trainer/ui/pages is opened with A's names in ``?learner=`` and A's personal puzzle in
``?puzzle=``: B's session holds B's learner on each, no page shows A's name, puzzle, game or
rules, B's answers are saved under B, and A's rows are unchanged.

Uploads: a hand record over the limit is refused by its size before a byte is read.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from trainer.bots import Level
from trainer.game import Game
from trainer.progress import ProgressStore, Rating, StoreError
from trainer.progress.accounts import NAME_LENGTH, account_learner, account_name
from trainer.rules import RuleSet, preset_name, ruleset
from trainer.ui.data.puzzle_bank import PERSONAL_THEME, for_rules, load_bank
from trainer.ui.game import importing
from trainer.ui.game.saved import GAME_SETTING, encode
from trainer.ui.game.session import SEED_ENV
from trainer.ui.pages.home import LOCAL_NOTE

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "streamlit_app.py")
PAGES = sorted(p.name for p in (ROOT / "trainer" / "ui" / "pages").glob("*.py")
               if p.name != "__init__.py")
ISSUER = "http://localhost:9400"
AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32,
        "client_id": "trainer", "client_secret": "not-a-secret",
        "server_metadata_url": f"{ISSUER}/.well-known/openid-configuration"}
"""An ``[auth]`` section as secrets.toml gives it (never contacted in these tests)."""
ALICE = {"is_logged_in": True, "iss": ISSUER, "sub": "alice-0001", "name": "Alice Example"}
BOB = {"is_logged_in": True, "iss": ISSUER, "sub": "bob-0002", "name": "Bob Example"}
BANK_PUZZLE = for_rules(load_bank(), RuleSet()).puzzles[3]
A_PUZZLE = "u0a0only0001"
"""Alice's personal puzzle (a bank puzzle's record under a new id)."""
A_RULES = "american"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    monkeypatch.setenv(SEED_ENV, "7")
    return path


def start(user: dict[str, Any] | None, params: dict[str, str] | None = None,
          page: str | None = None, auth: bool = True) -> AppTest:
    """The app as a visitor: ``user`` signed in (None: signed out), a provider configured
    when ``auth``, ``params`` in the address, then ``page`` (a file under trainer/ui/pages)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["rng_seed"] = 777
    if auth:
        at.secrets["auth"] = dict(AUTH)
    at.user = dict(user) if user is not None else {"is_logged_in": False}
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    if page is not None and page != "home.py":
        at.switch_page(f"trainer/ui/pages/{page}").run()
        assert not at.exception, at.exception
    return at


def text_of(at: AppTest) -> str:
    """Everything the page says in text elements (markdown, captions, alerts, titles...)."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "info", "warning", "error", "success", "title",
                 "header", "subheader", "text", "code"):
        parts += [str(getattr(e, "value", "")) for e in getattr(at, kind)]
    for kind in ("button", "selectbox", "multiselect", "text_input", "text_area"):
        for e in getattr(at, kind):
            parts.append(str(getattr(e, "label", "")))
            parts += [str(o) for o in getattr(e, "options", []) or []]
    parts += [str(df.value) for df in at.dataframe]
    return "\n".join(parts)


def alice_everywhere(db: Path) -> dict[str, Any]:
    """Alice's progress, as an account and as a learner called "Alice": what the store holds
    for each (compared again at the end)."""
    store = ProgressStore(db)
    game = Game.new(ruleset(A_RULES), 11)
    learners = [account_learner(store, ALICE["iss"], ALICE["sub"]), store.learner("Alice")]
    for learner in learners:
        store.record_lesson_answer(learner, "the-pack", True)
        store.record_puzzle_attempt(learner, "play", BANK_PUZZLE.id, BANK_PUZZLE.themes,
                                    False, Rating())
        store.set_setting(learner, "rules", preset_name(ruleset(A_RULES)))
        store.set_setting(learner, GAME_SETTING, encode(game, Level.NORMAL))
    from trainer.progress.personal import add_personal_puzzle
    puzzle = replace(BANK_PUZZLE, id=A_PUZZLE, generator={**BANK_PUZZLE.generator,
                                                           "name": "review"})
    for learner in learners:
        add_personal_puzzle(store, learner, A_PUZZLE, puzzle.to_json())
    return snapshot(store, learners)


def snapshot(store: ProgressStore, learners: list[Any]) -> dict[str, Any]:
    return {learner.id: (len(store.attempts(learner)), store.lesson_progress(learner),
                         store.get_setting_text(learner, "rules"),
                         store.get_setting_text(learner, GAME_SETTING),
                         store.review_queue(learner))
            for learner in learners}


# --- the store's mapping -------------------------------------------------------------------


def test_an_account_name_is_no_name_anyone_can_type(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "s.sqlite3")
    name = account_name(ISSUER, "alice-0001")
    assert len(name) == NAME_LENGTH > 40
    assert account_name("http://other", "alice-0001") != name  # two providers never meet
    with pytest.raises(StoreError):
        store.learner(name)  # the name box and ?learner= go through here
    with pytest.raises(StoreError):
        store.learner(name, create=False)
    a = account_learner(store, ISSUER, "alice-0001")
    assert account_learner(store, ISSUER, "alice-0001").id == a.id
    assert account_learner(store, "http://other", "alice-0001").id != a.id
    store.learner("Ann")
    assert store.learners() == ["Ann"]  # the name picker never lists an account
    with pytest.raises(StoreError):
        account_learner(store, ISSUER, "")


# --- Home in each mode ---------------------------------------------------------------------


def test_signed_in_home_shows_the_account_and_sign_out_not_the_name_box(db: Path) -> None:
    at = start(BOB, {"learner": "Alice"})
    text = text_of(at)
    assert "Signed in as **Bob Example**" in text
    assert "Learning as **Bob Example**" in text
    assert [b.key for b in at.button if b.key == "account_sign_out"]
    assert not [t for t in at.text_input if t.key == "learner_new_name"]
    assert not [s for s in at.selectbox if s.key == "learner_pick"]
    assert "learner" not in at.query_params  # removed from the address
    assert LOCAL_NOTE not in text
    learner = at.session_state["learner"]
    assert learner.id == account_learner(ProgressStore(db), ISSUER, BOB["sub"]).id


def test_signed_out_home_offers_sign_in_and_saves_nothing(db: Path) -> None:
    ProgressStore(db).learner("Alice")
    at = start(None, {"learner": "Alice"})
    assert [b.key for b in at.button if b.key == "account_sign_in"]
    assert any("Sign in to keep your progress" in i.value for i in at.info)
    assert "learner" not in at.session_state
    assert "learner" not in at.query_params
    assert not [t for t in at.text_input if t.key == "learner_new_name"]


def test_sign_out_leaves_the_progress_saved(db: Path) -> None:
    at = start(BOB)
    at.button(key="account_sign_out").click().run()
    assert not at.exception, at.exception
    assert "learner" not in at.session_state
    assert [b.key for b in at.button if b.key == "account_sign_in"]
    store = ProgressStore(db)
    assert account_learner(store, ISSUER, BOB["sub"]).name == account_name(ISSUER, BOB["sub"])


def test_without_a_provider_home_says_there_is_no_sign_in(db: Path) -> None:
    at = start(None, auth=False)
    assert any(c.value == LOCAL_NOTE for c in at.caption)
    assert [t for t in at.text_input if t.key == "learner_new_name"]
    assert not [b for b in at.button if b.key == "account_sign_in"]
    ProgressStore(db).learner("Ann")
    again = start(None, {"learner": "Ann"}, auth=False)  # the local mode is as before
    assert again.session_state["learner"].name == "Ann"
    assert any(c.value == LOCAL_NOTE for c in again.caption)


def test_a_signed_in_account_name_in_the_address_opens_nothing_without_a_provider(
        db: Path) -> None:
    account_learner(ProgressStore(db), ISSUER, ALICE["sub"])
    at = start(None, {"learner": account_name(ISSUER, ALICE["sub"])}, auth=False)
    assert "learner" not in at.session_state


# --- nothing of A's for B, on every page ---------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("name", ["Alice", "alice", "account"])
def test_signed_in_as_b_nothing_of_a_on_any_page(db: Path, page: str, name: str) -> None:
    before = alice_everywhere(db)
    store = ProgressStore(db)
    bob = account_learner(store, ISSUER, BOB["sub"])
    wanted = account_name(ISSUER, ALICE["sub"]) if name == "account" else name
    at = start(BOB, {"learner": wanted, "puzzle": A_PUZZLE}, page)
    assert at.session_state["learner"].id == bob.id
    assert "learner" not in at.query_params
    text = text_of(at)
    assert "Alice" not in text and "alice" not in text
    assert PERSONAL_THEME not in text and "From your games" not in text
    for key in ("play_current", "bid_current", "discard_current"):
        if key in at.session_state:
            assert at.session_state[key] != A_PUZZLE
    if page == "progress.py":
        assert any("Nothing yet" in i.value for i in at.info)
    if page == "game.py":  # Alice has a game in progress; Bob starts afresh
        keys = {b.key for b in at.button if b.key}
        assert "game_new" in keys and "game_resume" not in keys
        assert not any(k.startswith(("play_card:", "game_call:")) for k in keys)
    assert preset_name(at.session_state["rules"]) != A_RULES
    after = snapshot(ProgressStore(db), [account_learner(store, ISSUER, ALICE["sub"]),
                                         store.learner("Alice")])
    assert after == before


def test_b_s_answers_are_saved_under_b_only(db: Path) -> None:
    before = alice_everywhere(db)
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["rng_seed"] = 777
    at.session_state["step:the-pack"] = 99  # the lesson opens at its practice
    at.secrets["auth"] = dict(AUTH)
    at.user = dict(BOB)
    at.query_params["learner"] = "Alice"
    at.run()
    at.switch_page("trainer/ui/pages/learn.py").run()
    assert not at.exception, at.exception
    _, q = at.session_state["question:the-pack"]
    at.button(key=f"choice:the-pack:{q.choices.index(q.answer)}").click().run()
    assert not at.exception, at.exception
    store = ProgressStore(db)
    bob = account_learner(store, ISSUER, BOB["sub"])
    assert store.lesson_progress(bob)["the-pack"].answered == 1
    alice = [account_learner(store, ISSUER, ALICE["sub"]), store.learner("Alice")]
    assert snapshot(store, alice) == before
    assert "Saving progress for **Bob Example**." in text_of(at)


# --- uploads -------------------------------------------------------------------------------


class _Upload(io.BytesIO):
    """An upload whose announced ``size`` may lie, counting the bytes read."""

    def __init__(self, data: bytes, size: int | None = None) -> None:
        super().__init__(data)
        self.size = len(data) if size is None else size
        self.read_bytes = 0
        self.name = "hand.ptn"

    def read(self, n: int | None = -1) -> bytes:  # type: ignore[override]
        got = super().read(n)
        self.read_bytes += len(got)
        return got


def test_an_upload_over_the_limit_is_refused_before_it_is_read() -> None:
    big = _Upload(b"x" * (importing.MAX_BYTES * 3))
    text, problem = importing.read_upload(big)
    assert text is None and problem is not None
    assert big.read_bytes == 0
    assert problem == "That file (3.0 MB) is too large for one hand record: 1 MB at most."
    liar = _Upload(b"x" * (importing.MAX_BYTES * 3), size=10)  # a size that lies
    text, problem = importing.read_upload(liar)
    assert text is None and problem is not None
    assert liar.read_bytes == importing.MAX_BYTES + 1
    fine = _Upload(b"[Event x]")
    assert importing.read_upload(fine) == ("[Event x]", None)


def test_the_browser_key_is_the_xsrf_token_under_any_mask() -> None:
    """Streamlit sends its XSRF cookie again with each page, the same token under a new mask:
    the note of a started sign-in is found by the token, not the cookie's text."""
    from streamlit.web.server.starlette.starlette_app_utils import generate_xsrf_token_string

    from trainer.ui.data.accounts import browser_key

    token = bytes(range(16))
    first = generate_xsrf_token_string(token, 1796478633)
    again = generate_xsrf_token_string(token, 1796478633)
    assert first != again  # a new mask each time
    assert browser_key(first) == browser_key(again) == f"{token.hex()}|1796478633"
    other = generate_xsrf_token_string(bytes(16), 1796478633)
    assert browser_key(other) != browser_key(first)
    assert browser_key("2|zz|00|1") == "2|zz|00|1"  # not hex: the text itself
    assert browser_key("plain-v1-token") == "plain-v1-token"
