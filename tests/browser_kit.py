"""What the browser tests share: Debian's Chromium, headless, driven by Playwright against a real
``streamlit run streamlit_app.py`` server on a free port (its learner store in a temporary
directory, the game's seed fixed at 7), and the helpers that wait for Streamlit's reruns and
take screenshots at a laptop's and a phone's width into ``$TRAINER_SCREENSHOTS`` (default: a
folder under pytest's temporary directory).

The fixtures (``server``, ``browser``, ``page``, ``shots``, ``store_path``) are in
``tests/conftest.py``; a browser test fails in CI when ``/usr/bin/chromium`` or the
``playwright`` package is missing, and is skipped, with the reason, elsewhere.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTHS = (1280, 390)
STARTUP_SECONDS = 90
TIMEOUT_MS = 180_000  # a state waited for; a load of 10 on 2 cores slows a first page past 60 s

# A missing browser is reported by the ``browser`` fixture (tests/conftest.py): it fails the
# test in CI (``CI`` set, as .ci/run does), so these tests are never skipped silently there,
# and skips it on a developer's machine.
SKIP_REASON: str | None = None
try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - depends on the environment
    SKIP_REASON = "the playwright package is not installed (pip install playwright)"
    Browser = Page = Any  # type: ignore[misc, assignment]
    expect = sync_playwright = None  # type: ignore[assignment]
    PlaywrightTimeout = TimeoutError  # type: ignore[misc, assignment]
else:
    # expect()'s own default is 5 s, which a loaded machine's chart or rerun can pass: every
    # wait is for a state on the page, given as long as any other wait.
    expect.set_options(timeout=TIMEOUT_MS)
    if not CHROMIUM.exists():
        SKIP_REASON = f"no Chromium at {CHROMIUM} (apt-get install chromium)"


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


def stop_server(process: subprocess.Popen[bytes], seconds: float = 10) -> None:
    """Stop a server started by a test or a benchmark: terminate, then kill if it lingers."""
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- helpers -----------------------------------------------------------------------------------


IDLE_JS = ("() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
           " return !!app && app.dataset.testScriptState === 'notRunning'"
           " && app.dataset.testConnectionState === 'CONNECTED'; }")


PAINTED_JS = ("() => new Promise(done => requestAnimationFrame("
              "() => requestAnimationFrame(() => done(true))))")


def settle(page: Page) -> None:
    """Wait until Streamlit is connected and has finished running the script, and the browser
    has painted what it sent (two animation frames): a state, never a fixed time."""
    page.wait_for_function(IDLE_JS, timeout=TIMEOUT_MS)
    page.evaluate(PAINTED_JS)


def click(page: Page, target: Any, timeout: float | None = None) -> None:
    """Click (waiting at most ``timeout`` ms for the target to take it; the context's default
    when None), let the rerun start, and wait for it to finish."""
    target.click(timeout=timeout)
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
    inside its main block, so the window is made as tall as the page first; at a phone's width
    once the sidebar has closed and slid out of the window, not half way)."""
    paths = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        sidebar = page.get_by_test_id("stSidebar")
        if width < 800 and sidebar.count():
            expect(sidebar).to_have_attribute("data-collapsed", "true")
            expect(sidebar).not_to_be_in_viewport()
        height = min(int(page.evaluate(PAGE_HEIGHT_JS, SCROLLERS)) + 40, 8000)
        page.set_viewport_size({"width": width, "height": max(height, 900)})
        settle(page)
        path = shots / f"{name}-{width}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    settle(page)
    return paths
