"""A click's answer in a real browser: ``python bench/clicks.py [--puzzles 10] [--root DIR]``.

Starts a real Streamlit server (the numba cache as it is: run the app once first for warm
figures), drives Debian's Chromium with Playwright and prints, measured in the page itself
(``performance.now()``, the condition polled on every animation frame):

- each page's open: from navigation until its main control is enabled (Home's title, a play
  puzzle's card buttons, Bidding's and Discard's first answer button, Learn's first lesson);
- a play puzzle's card clicked (the recorded main line's first card) until its verdict
  ("Card 1 ✓") is on the page, and until the page is idle again (the replies drawn and the
  next card buttons ready), over the first ``--puzzles`` 4-player puzzles of the bank;
- a step of the table after a wrong card ("Forward");
- a bidding puzzle's call clicked until its grade ("You called") is on the page.

Medians and maxima in milliseconds. The solver is warmed first (a card graded and explained)
so that the figures are the page's, not the compile's. ``--root`` runs another checkout (for
before and after figures: ``git worktree add`` one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Locator, Page, expect, sync_playwright

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))
from browser_kit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    IDLE_JS,
    free_port,
    stop_server,
    wait_until_up,
)

TIMEOUT_MS = 300_000

# Clicks the element, then polls ``condition`` (a JS expression over ``document``) on every
# animation frame; resolves with the milliseconds from the click until it held.
CLICK_UNTIL_JS = """([el, condition]) => new Promise((done, fail) => {
  const test = new Function('return (' + condition + ')');
  const t0 = performance.now();
  el.click();
  const poll = () => {
    if (test()) { done(performance.now() - t0); return; }
    if (performance.now() - t0 > 120000) { fail('timed out: ' + condition); return; }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})"""

VERDICT = ("[...document.querySelectorAll('[data-testid=stAlert]')]"
           ".some(e => e.textContent.includes('Card 1'))")
STEP_JS = "() => (document.body.innerText.match(/step (\\d+) of/) || [])[1] || ''"


def click_until(page: Page, target: Locator, condition: str) -> float:
    """Milliseconds from clicking ``target`` until ``condition`` holds in the page."""
    target.wait_for(state="visible")
    return float(page.evaluate(CLICK_UNTIL_JS, [target.element_handle(), condition]))


def open_until(page: Page, url: str, ready: Locator) -> float:
    """Milliseconds from navigating to ``url`` until ``ready`` is enabled and the page idle."""
    start = time.perf_counter()
    page.goto(url)
    expect(ready).to_be_enabled()
    page.wait_for_function(IDLE_JS, polling="raf")
    return (time.perf_counter() - start) * 1000


def puzzles(root: Path, count: int) -> list[tuple[str, str]]:
    """The first ``count`` 4-player play puzzles' ids and their first main-line card's button
    name ("Play 9♥"), read without the solver."""
    sys.path.insert(0, str(root))
    from trainer.generate.explain import play_text
    from trainer.generate.records import load_play_puzzles

    bank = load_play_puzzles(root / "puzzles" / "play.jsonl.gz")
    four = [p for p in bank if p.position.rules.players == 4]
    return [(p.id, f"Play {play_text(p.solution[0].line[0])}") for p in four[:count]]


def summary(name: str, values: list[float]) -> str:
    return (f"{name:34} median {statistics.median(values):7.0f} ms   max {max(values):7.0f} ms"
            f"   ({len(values)})")


def measure(page: Page, url: str, cases: list[tuple[str, str]]) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    hand = page.locator(".st-key-play_hand")
    # warm-up: the solver loaded and a card explained, untimed
    page.goto(f"{url}/play?puzzle={cases[0][0]}")
    hand.get_by_role("button", name=cases[0][1], exact=True).click()
    expect(page.get_by_text("Graded from the puzzle's record")).to_have_count(0)
    expect(page.get_by_test_id("stAlert").filter(has_text="Card 1")).to_be_visible()
    for _ in range(3):
        add("open Home", open_until(page, url, page.get_by_role(
            "heading", name="Five Hundred trainer")))
        add("open Learn", open_until(page, f"{url}/learn", page.get_by_role("button").first))
        add("open Bidding", open_until(page, f"{url}/bidding",
                                       page.get_by_role("button").first))
        add("open Discard", open_until(page, f"{url}/discard",
                                       page.get_by_role("button").first))
    for puzzle_id, card in cases:
        button = hand.get_by_role("button", name=card, exact=True)
        add("open a play puzzle", open_until(page, f"{url}/play?puzzle={puzzle_id}", button))
        add("card -> verdict shown", click_until(page, button, VERDICT))
        page.wait_for_function(IDLE_JS, polling="raf")
    # a bidding puzzle's call: the grade shown; Retry clears it for the next call
    page.goto(f"{url}/bidding")
    calls = page.locator(".st-key-bid_calls").get_by_role("button")
    expect(calls.first).to_be_enabled()
    page.wait_for_function(IDLE_JS, polling="raf")
    for _ in range(8):
        add("call -> grade shown (Bidding)",
            click_until(page, calls.first, "document.body.innerText.includes('You called')"))
        page.wait_for_function(IDLE_JS, polling="raf")
        click_until(page, page.locator(".st-key-bid_retry").get_by_role("button"),
                    "!document.body.innerText.includes('You called')")
        page.wait_for_function(IDLE_JS, polling="raf")
    # a wrong card's lines stepped through: the first puzzle with a wrong card on show
    for puzzle_id, card in cases:
        page.goto(f"{url}/play?puzzle={puzzle_id}")
        expect(hand.get_by_role("button").first).to_be_enabled()
        page.wait_for_function(IDLE_JS, polling="raf")
        wrong = [b for b in hand.get_by_role("button").all()
                 if b.is_enabled() and (b.text_content() or "").startswith("Play ")
                 and card not in (b.text_content() or "")]
        if not wrong:
            continue
        click_until(page, wrong[0], VERDICT)
        page.wait_for_function(IDLE_JS, polling="raf")
        forward = page.locator(".st-key-play_step_forward button")
        for _ in range(3):
            if not forward.count() or not forward.is_enabled():
                break
            on_show = page.evaluate(STEP_JS)
            add("step the table (Forward)",
                click_until(page, forward, f"({STEP_JS})() !== {on_show!r}"))
            page.wait_for_function(IDLE_JS, polling="raf")
        if "step the table (Forward)" in figures:
            break
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to run")
    args = parser.parse_args()
    root = args.root.resolve()
    cases = puzzles(root, args.puzzles)
    port = free_port()
    store = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    env = {**os.environ, "TRAINER_DB": str(store), "PYTHONPATH": str(root),
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    log = Path(tempfile.mkdtemp()) / "server.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "trainer", "app", "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1",
             "--server.fileWatcherType", "none"],
            cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    print(f"{root}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    try:
        wait_until_up(url, server, log)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                        headless=True)
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            context.set_default_timeout(TIMEOUT_MS)
            expect.set_options(timeout=TIMEOUT_MS)
            figures = measure(context.new_page(), url, cases)
            browser.close()
    finally:
        stop_server(server, 20)
    for name, values in figures.items():
        print(summary(name, values))


if __name__ == "__main__":
    main()
