"""Signing in, end to end: Debian's Chromium (Playwright) against a real Streamlit server whose
``[auth]`` section points at a real OpenID Connect provider started by the tests
(`oidc-provider-mock`, `auth_kit`), the server's learner store in a temporary directory.

- Two accounts: Alice signs in, answers a lesson question (saved under her account) and sees
  her name; she signs out; Bob signs in in a fresh browser context and sees his name and none
  of her progress; Alice signs in again and finds hers.
- Signing out: Home offers "Sign in" again and shows no learner; the account cookie is gone;
  the page after it is no "refused" line.
- An expired session: the account cookie tampered with, then deleted: the page is signed out
  again, with no traceback, and the progress is all there at the next sign-in.
- A refused sign-in (the provider's "Deny": ``error=access_denied`` to the callback): one line
  from Home (`trainer.ui.pages.home`), and signing in afterwards still works.

Every wait is for a state (Playwright's ``expect``, `browser_kit.settle`), never a fixed time.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from auth_kit import ALICE, BOB, App, Provider, ServiceUnavailable, User, start_app, start_provider
from browser_kit import (
    PAINTED_JS,
    TIMEOUT_MS,
    WIDTHS,
    Browser,
    Page,
    click,
    expect,
    open_page,
    settle,
)

from trainer.lessons.registry import TOPICS
from trainer.progress import ProgressStore
from trainer.progress.accounts import account_learner

pytestmark = pytest.mark.xdist_group("browser")  # one worker for every real-server test

USER_COOKIE = "_streamlit_user"
"""Streamlit's signed cookie holding the account (``_streamlit_user_tokens`` holds tokens)."""
REFUSED = "The sign-in was refused or did not finish"


def _unavailable(e: ServiceUnavailable) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"sign-in browser tests: {e}", pytrace=False)
    pytest.skip(f"sign-in browser tests: {e}")


@pytest.fixture(scope="module")
def provider(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Provider]:
    try:
        started = start_provider(tmp_path_factory.mktemp("oidc"))
    except ServiceUnavailable as e:
        _unavailable(e)
        raise
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="module")
def app(provider: Provider, tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    try:
        started = start_app(tmp_path_factory.mktemp("accounts-app"), provider)
    except ServiceUnavailable as e:
        _unavailable(e)
        raise
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def fresh(browser: Browser) -> Iterator[Browser]:
    """The session's browser; each test opens its own contexts (`visitor`), closed after."""
    yield browser
    for context in list(browser.contexts):
        context.close()


def visitor(browser: Browser) -> Page:
    """A page in a fresh browser context: no cookies, nobody signed in."""
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def at_app(page: Page, app: App) -> None:
    """Wait until the browser is back on the app (after the provider's pages) and settled."""
    page.wait_for_url(re.compile(re.escape(app.url) + r"/?(\?.*)?$"))
    page.get_by_test_id("stApp").wait_for()
    settle(page)


def sign_in(page: Page, app: App, provider: Provider, user: User | None) -> None:
    """From Home, "Sign in", then on the provider's form the user's button (None: "Deny"),
    and back on the app."""
    open_page(page, app.url)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(re.escape(provider.url) + "/oauth2/authorize"))
    page.get_by_role("button", name=user.sub if user else "Deny", exact=True).click()
    at_app(page, app)


def sign_out(page: Page, app: App, provider: Provider) -> None:
    """Home's "Sign out", the provider's end-session page, and back on the app."""
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(re.escape(provider.url) + "/oauth2/end_session"))
    page.get_by_role("button", name="End session").click()
    at_app(page, app)


def signed_out_home(page: Page) -> None:
    """Home as nobody: the sign-in button, no account, no learner, no traceback."""
    expect(page.get_by_role("button", name="Sign in")).to_be_visible()
    main = page.get_by_test_id("stMain")
    expect(main).not_to_contain_text("Signed in as")
    expect(main).not_to_contain_text("Learning as")
    expect(page.get_by_test_id("stException")).to_have_count(0)


def answer_the_pack(page: Page, app: App, provider: Provider, user: User) -> None:
    """Answer one practice question of lesson 1 (its steps marked done in the store first, so
    the lesson opens at its practice), and wait for the answer's feedback."""
    store = ProgressStore(app.store)
    learner = account_learner(store, provider.issuer, user.sub)
    store.set_setting(learner, "step_stars", {"the-pack": [2] * 7})
    open_page(page, f"{app.url}/learn?lesson=the-pack")
    expect(page.get_by_role("heading", name="Practice")).to_be_visible()
    expect(page.get_by_text(f"Saving progress for {user.name}.")).to_be_visible()
    click(page, page.locator(".st-key-choice-the-pack-0 button").first)
    feedback = page.locator('[data-testid="stAlert"]').filter(has_text="right").or_(
        page.locator('[data-testid="stAlert"]').filter(has_text="Not quite"))
    expect(feedback.first).to_be_visible()


def answered(app: App, provider: Provider, user: User) -> int:
    """How many answers to lesson 1 the store holds for ``user``'s account."""
    store = ProgressStore(app.store)
    record = store.lesson_progress(account_learner(store, provider.issuer, user.sub))
    got = record.get("the-pack")
    return got.answered if got is not None else 0


TOPICS_LINE = re.compile(rf"of {len(TOPICS['pack'])} topics mastered")
"""Home's "Next: lesson 1, The pack (k of n topics mastered)": shown once lesson 1 has an
answer."""


# --- the tests ---------------------------------------------------------------------------------


def test_two_accounts_each_see_only_their_own(app: App, provider: Provider,
                                              fresh: Browser) -> None:
    started = time.monotonic()
    alice = visitor(fresh)
    sign_in(alice, app, provider, ALICE)
    expect(alice.get_by_text(f"Signed in as {ALICE.name}.")).to_be_visible()
    answer_the_pack(alice, app, provider, ALICE)
    assert answered(app, provider, ALICE) == 1
    open_page(alice, app.url)
    expect(alice.get_by_text(f"Learning as {ALICE.name}:")).to_be_visible()
    expect(alice.get_by_test_id("stMain")).to_contain_text(TOPICS_LINE)
    sign_out(alice, app, provider)
    signed_out_home(alice)

    bob = visitor(fresh)
    sign_in(bob, app, provider, BOB)
    main = bob.get_by_test_id("stMain")
    expect(bob.get_by_text(f"Signed in as {BOB.name}.")).to_be_visible()
    expect(bob.get_by_text(f"Learning as {BOB.name}: 0 of")).to_be_visible()
    expect(main).not_to_contain_text(ALICE.name)
    expect(main).not_to_contain_text(TOPICS_LINE)
    open_page(bob, f"{app.url}/progress")
    expect(bob.get_by_text("Nothing yet", exact=False).first).to_be_visible()
    expect(bob.get_by_test_id("stMain")).not_to_contain_text(ALICE.name)
    assert answered(app, provider, BOB) == 0
    assert answered(app, provider, ALICE) == 1

    again = visitor(fresh)
    sign_in(again, app, provider, ALICE)
    expect(again.get_by_text(f"Learning as {ALICE.name}:")).to_be_visible()
    expect(again.get_by_test_id("stMain")).to_contain_text(TOPICS_LINE)
    expect(again.get_by_test_id("stMain")).not_to_contain_text(BOB.name)
    print(f"\ntwo accounts, three sign-ins: {time.monotonic() - started:.1f} s")


def test_sign_out_leaves_nothing_of_the_learner(app: App, provider: Provider,
                                                fresh: Browser) -> None:
    page = visitor(fresh)
    sign_in(page, app, provider, BOB)
    expect(page.get_by_text(f"Signed in as {BOB.name}.")).to_be_visible()
    assert USER_COOKIE in {c["name"] for c in page.context.cookies()}
    sign_out(page, app, provider)
    signed_out_home(page)
    main = page.get_by_test_id("stMain")
    expect(main).not_to_contain_text(BOB.name)
    expect(main).not_to_contain_text(REFUSED)  # a sign-out is no refused sign-in
    assert USER_COOKIE not in {c["name"] for c in page.context.cookies()}
    open_page(page, f"{app.url}/progress")  # no page shows a learner once signed out
    expect(page.get_by_test_id("stMain")).not_to_contain_text(BOB.name)
    open_page(page, app.url)  # a new session of the same browser: still signed out
    signed_out_home(page)


def test_an_expired_session_is_signed_out_and_loses_nothing(app: App, provider: Provider,
                                                            fresh: Browser) -> None:
    page = visitor(fresh)
    sign_in(page, app, provider, ALICE)
    expect(page.get_by_text(f"Signed in as {ALICE.name}.")).to_be_visible()
    before = answered(app, provider, ALICE)
    cookie = next(c for c in page.context.cookies() if c["name"] == USER_COOKIE)
    log_start = app.log.stat().st_size

    # a cookie whose signature no longer checks (a rotated secret, a tampered value)
    tampered = {**cookie, "value": cookie["value"][:-6] + "AAAAAA"}
    page.context.add_cookies([tampered])  # type: ignore[list-item]
    open_page(page, app.url)
    signed_out_home(page)
    expect(page.get_by_test_id("stMain")).not_to_contain_text(REFUSED)

    sign_in(page, app, provider, ALICE)  # nothing lost
    expect(page.get_by_text(f"Signed in as {ALICE.name}.")).to_be_visible()
    assert answered(app, provider, ALICE) == before

    # the cookie gone (expired in the browser)
    page.context.clear_cookies(name=USER_COOKIE)
    open_page(page, app.url)
    signed_out_home(page)
    new_lines = app.log.read_bytes()[log_start:].decode(errors="replace")
    assert "Traceback" not in new_lines, new_lines[-2000:]

    sign_in(page, app, provider, ALICE)
    expect(page.get_by_text(f"Learning as {ALICE.name}:")).to_be_visible()
    assert answered(app, provider, ALICE) == before


def test_a_refused_sign_in_says_so_in_one_line(app: App, provider: Provider,
                                               fresh: Browser) -> None:
    page = visitor(fresh)
    sign_in(page, app, provider, None)  # the provider's "Deny"
    refused = page.get_by_test_id("stAlert").filter(has_text=REFUSED)
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("The sign-in was refused or did not finish: you are not "
                                    "signed in. Try again when you are ready.")
    signed_out_home(page)
    assert "access_denied" in app.log.read_text(errors="replace")  # Streamlit's log line

    open_page(page, app.url)  # said once: a new session of the same browser says nothing
    signed_out_home(page)
    expect(page.get_by_test_id("stMain")).not_to_contain_text(REFUSED)

    sign_in(page, app, provider, BOB)  # and the next sign-in works
    expect(page.get_by_text(f"Signed in as {BOB.name}.")).to_be_visible()
    expect(page.get_by_test_id("stMain")).not_to_contain_text(REFUSED)


def test_screenshots_of_home(app: App, provider: Provider, fresh: Browser,
                             shots: Path) -> None:
    """Home signed out and signed in, at a laptop's and a phone's width, into ``shots``
    (``$TRAINER_SCREENSHOTS``: ``accounts-signed-out-1280.png``...)."""
    page = visitor(fresh)
    open_page(page, app.url)
    signed_out_home(page)
    paths = _snap(page, shots, "accounts-signed-out")
    sign_in(page, app, provider, ALICE)
    expect(page.get_by_text(f"Signed in as {ALICE.name}.")).to_be_visible()
    paths += _snap(page, shots, "accounts-signed-in")
    assert all(p.stat().st_size > 10_000 for p in paths)


def _snap(page: Page, folder: Path, name: str) -> list[Path]:
    """The top of Home (the part about the learner) at each width in `WIDTHS`, each loaded
    afresh at its width (a phone's opens with the sidebar closed; resizing a page would catch
    the sidebar half way through closing)."""
    paths = []
    for width in WIDTHS:
        narrow = width < 800
        page.set_viewport_size({"width": width, "height": 1800 if narrow else 1000})
        open_page(page, page.url)
        sidebar = page.get_by_test_id("stSidebar")
        expect(sidebar).to_have_attribute("data-collapsed", "true" if narrow else "false")
        if narrow:  # and slid out of the window
            expect(sidebar).not_to_be_in_viewport()
        account = page.get_by_role("button", name=re.compile("^(login|logout)?Sign (in|out)$"))
        expect(account).to_be_in_viewport()  # the part about the learner is in the picture
        page.evaluate(PAINTED_JS)
        path = folder / f"{name}-{width}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    settle(page)
    return paths
