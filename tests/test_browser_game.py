"""The "Play a game" page in a real browser: Debian's Chromium, headless, driven by Playwright
against a real ``streamlit run streamlit_app.py`` server (its learner store in a temporary
directory, the game's seed fixed). A new game at Easy level is played by clicking the first
call, the first three cards to discard, and the first playable card each time, until the hand's
score shows; then its review is opened. The start screen, the auction, the middle of the play,
the score and the review are screenshotted at 1280 and 390 pixels wide into
``$TRAINER_SCREENSHOTS`` (default: a folder under pytest's temporary directory).

Skipped, with the reason, when ``/usr/bin/chromium`` or the ``playwright`` package is missing,
except in CI, where that fails the run (the fixtures are those of ``test_browser.py``).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.progress import ProgressStore
from trainer.ui.game.session import SEED_ENV

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTHS = (1280, 390)
STARTUP_SECONDS = 90
TIMEOUT_MS = 60_000
LEARNER = "Bea"

# In CI (``CI`` set, as .ci/run does) a missing browser fails the run: these tests must never
# be skipped silently there. On a developer's machine without Chromium they are skipped.
try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - depends on the environment
    if os.environ.get("CI"):
        pytest.fail("browser tests: the playwright package is not installed", pytrace=False)
    pytestmark = pytest.mark.skip(reason="the playwright package is not installed "
                                         "(pip install playwright)")
else:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"browser tests: no Chromium at {CHROMIUM} in CI", pytrace=False)
        pytestmark = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} "
                                             "(apt-get install chromium)")


# --- the server and the browser ----------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"streamlit did not answer in {STARTUP_SECONDS}s:\n"
                       f"{log.read_text()[-2000:]}")


@pytest.fixture(scope="session")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("browser-store") / "progress.sqlite3"


@pytest.fixture(scope="session")
def server(store_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Streamlit server on a free port; stopped after the session."""
    port = free_port()
    log = tmp_path_factory.mktemp("browser-server") / "streamlit.log"
    env = {**os.environ, "TRAINER_DB": str(store_path), SEED_ENV: "7",
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1",
             "--server.fileWatcherType", "none"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$TRAINER_SCREENSHOTS`` or a temporary folder."""
    wanted = os.environ.get("TRAINER_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# --- helpers -----------------------------------------------------------------------------------


IDLE_JS = ("() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
           " return !!app && app.dataset.testScriptState === 'notRunning'"
           " && app.dataset.testConnectionState === 'CONNECTED'; }")


def settle(page: Page) -> None:
    """Wait until Streamlit is connected and has finished running the script."""
    page.wait_for_function(IDLE_JS, timeout=TIMEOUT_MS)
    page.wait_for_timeout(250)


def click(page: Page, target: Any) -> None:
    """Click, let the rerun start, and wait for it to finish."""
    target.click()
    with contextlib.suppress(PlaywrightTimeout):  # a fast rerun may be over before we look
        page.wait_for_function(f"() => !({IDLE_JS})()", timeout=1500)
    settle(page)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.get_by_test_id("stApp").wait_for()
    settle(page)


MAIN_SCROLL_JS = "() => document.querySelector('[data-testid=\"stMain\"]').scrollTop"
SCROLLERS = ('[data-testid="stMain"], [data-testid="stAppViewContainer"], '
             '[data-testid="stMainBlockContainer"]')
PAGE_HEIGHT_JS = ("(sel) => Math.max(document.body.scrollHeight, "
                  "...Array.from(document.querySelectorAll(sel), e => e.scrollHeight))")


def snap(page: Page, shots: Path, name: str) -> list[Path]:
    """Screenshots of the whole current page at every width in `WIDTHS` (Streamlit scrolls
    inside its main block, so the window is made as tall as the page first)."""
    paths = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        height = min(int(page.evaluate(PAGE_HEIGHT_JS, SCROLLERS)) + 40, 8000)
        page.set_viewport_size({"width": width, "height": max(height, 900)})
        settle(page)
        path = shots / f"{name}-{width}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    return paths



# --- the game ----------------------------------------------------------------------------------

CALL = '[class*="st-key-game_call-"] button'
CARD = '.st-key-play_hand button:not([disabled])'
GO_ON = '[class*="st-key-game_go_on-"] button'
DISCARD_PILLS = '[class*="st-key-game_discard-"] button'
DISCARD_GO = '[class*="st-key-game_discard_go-"] button'
NEXT_HAND = '[class*="st-key-game_next_hand-"] button'


def visible(page: Page, selector: str) -> Any:
    found = page.locator(selector)
    return found.first if found.count() else None


def learner_decision(page: Page) -> bool:
    """Make the learner's next decision by its first button; False once the score shows."""
    if visible(page, NEXT_HAND) is not None:
        return False
    for selector in (GO_ON, CALL, CARD):
        target = visible(page, selector)
        if target is not None:
            click(page, target)
            return True
    if visible(page, DISCARD_PILLS) is not None:
        for i in range(3):
            click(page, page.locator(DISCARD_PILLS).nth(i))
        click(page, page.locator(DISCARD_GO).first)
        return True
    raise AssertionError("no decision to make on the page")


def test_play_a_hand_to_its_score_and_review_it(page: Page, server: str, store_path: Path,
                                                shots: Path) -> None:
    ProgressStore(store_path).learner(LEARNER)
    open_page(page, f"{server}/game?learner={LEARNER}")
    expect(page.get_by_text("New game", exact=True).first).to_be_visible()
    snap(page, shots, "game-start")
    click(page, page.get_by_role("radio", name="Easy").or_(
        page.get_by_role("button", name="Easy", exact=True)).first)
    click(page, page.locator(".st-key-game_new button"))
    expect(page.get_by_text("Hand 1", exact=False).first).to_be_visible()
    snap(page, shots, "game-auction")
    decisions = 0
    middle = False
    while learner_decision(page):
        decisions += 1
        assert decisions < 60, "the hand did not reach its score"
        if not middle and visible(page, CARD) is not None and decisions > 8:
            snap(page, shots, "game-play")
            middle = True
    expect(page.get_by_text("Points this hand:", exact=False)).to_be_visible()
    snap(page, shots, "game-score")
    click(page, page.locator('[class*="st-key-game_review-"] button').first)
    expect(page.get_by_text("Accuracy", exact=True).first).to_be_visible(timeout=120_000)
    expect(page.get_by_text("Points lost: on average", exact=False)).to_be_visible()
    snap(page, shots, "game-review")
    costly = page.locator('[data-testid="stExpander"] summary',
                          has_text=re.compile(r"a (mistake|blunder) \(about"))
    if costly.count():  # the better choice and its line on the board
        click(page, costly.first)
        expect(page.get_by_text("Better:", exact=False).first).to_be_visible()
        snap(page, shots, "game-review-mistake")
