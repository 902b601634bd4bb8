"""A first start in a real browser: ``python bench/first_start.py``.

Starts a real Streamlit server with an empty numba cache (``NUMBA_CACHE_DIR`` a fresh temporary
folder), then again with the cache it left (a warm start), and drives Debian's Chromium with
Playwright to print, from the server's launch, for each start:
- Home painted (its title visible);
- the first play puzzle playable (a card button enabled on ``/play?puzzle=<first id>``);
- its first card graded (the recorded main line's card clicked: its verdict shown);
- that verdict's explanation complete (no "graded from the record" note left: the solver ran);
- the first analysis ("Value every card" on ``/analyse``: the principal line shown).
Each figure is wall seconds and the CPU seconds of the server's process tree by then (the
compile subprocess included), since on a shared machine the wall times are inflated.

``--command app`` (default) launches ``python -m trainer app``; ``--command run`` launches
``streamlit run streamlit_app.py`` (the compile then starts with the router's first run).
``--root DIR`` runs another checkout's app (for before/after figures: ``git archive`` one into
a folder). ``--shots DIR`` saves screenshots of the wait box and the Play page during the cold
start at 1280 and 390 px.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import Page, expect, sync_playwright

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))
from browser_kit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PAGE_HEIGHT_JS,
    SCROLLERS,
    free_port,
    stop_server,
    wait_until_up,
)

TIMEOUT_MS = 600_000


def tree_cpu(process: psutil.Process) -> float:
    """CPU seconds of ``process`` and its children, live and finished."""
    total = 0.0
    try:
        times = process.cpu_times()
        total += times.user + times.system + times.children_user + times.children_system
        for child in process.children(recursive=True):
            with_child = child.cpu_times()
            total += with_child.user + with_child.system
    except psutil.NoSuchProcess:
        pass
    return total


def first_puzzle(root: Path) -> tuple[str, str]:
    """The first shipped play puzzle's id and its main line's first card (as its button names
    it: "Play 9♥"), read without the solver."""
    sys.path.insert(0, str(root))
    from trainer.generate.explain import play_text
    from trainer.generate.records import load_play_puzzles

    puzzle = load_play_puzzles(root / "puzzles" / "play.jsonl.gz")[0]
    return puzzle.id, f"Play {play_text(puzzle.solution[0].line[0])}"


def snap(page: Page, shots: Path | None, name: str) -> None:
    if shots is None:
        return
    for width in (1280, 390):  # the window as tall as the page: Streamlit scrolls inside it
        page.set_viewport_size({"width": width, "height": 1000})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(0)))")
        height = min(int(page.evaluate(PAGE_HEIGHT_JS, SCROLLERS)) + 40, 8000)
        page.set_viewport_size({"width": width, "height": max(height, 1000)})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(0)))")
        page.screenshot(path=str(shots / f"{name}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 1000})


def one_start(args: argparse.Namespace, cache: Path, label: str, page: Page,
              shots: Path | None) -> dict[str, tuple[float, float]]:
    root = args.root
    port = free_port()
    store = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "TRAINER_DB": str(store),
           "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1",
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    options = ["--server.headless", "true", "--server.port", str(port),
               "--server.address", "127.0.0.1", "--server.fileWatcherType", "none"]
    command = ([sys.executable, "-m", "trainer", "app", *options] if args.command == "app" else
               [sys.executable, "-m", "streamlit", "run", str(root / "streamlit_app.py"),
                *options])
    puzzle_id, card = first_puzzle(root)
    log = Path(tempfile.mkdtemp()) / "server.log"
    began = time.monotonic()
    with open(log, "wb") as out:
        server = subprocess.Popen(command, cwd=root, env=env, stdout=out,
                                  stderr=subprocess.STDOUT)
    proc = psutil.Process(server.pid)
    marks: dict[str, tuple[float, float]] = {}

    def mark(name: str) -> None:
        marks[name] = (time.monotonic() - began, tree_cpu(proc))

    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, server, log)
        page.goto(url)
        expect(page.get_by_role("heading", name="Five Hundred trainer")).to_be_visible()
        mark("Home painted")
        page.goto(f"{url}/play?puzzle={puzzle_id}")
        button = page.locator(".st-key-play_hand").get_by_role("button", name=card,
                                                                exact=True)
        expect(button).to_be_enabled()
        mark("puzzle playable")
        button.click()
        expect(page.get_by_test_id("stAlert").filter(has_text="Card 1")).to_be_visible()
        mark("first card graded")
        if label == "cold" and page.get_by_text("Compiling the solver").count():
            snap(page, shots, "first-start-graded-waiting")
        expect(page.get_by_text("Graded from the puzzle's record")).to_have_count(0)
        expect(page.get_by_test_id("stAlert").filter(has_text="Card 1")).to_be_visible()
        mark("explanation complete")
        if label == "cold":
            snap(page, shots, "first-start-explained")
        page.goto(f"{url}/analyse")
        go = page.get_by_role("button", name="Value every card")
        expect(go).to_be_enabled()
        go.click()
        expect(page.get_by_test_id("stTabs").get_by_text("Principal line")).to_be_visible()
        mark("first analysis")
    finally:
        stop_server(server, 20)
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", choices=("app", "run"), default="app")
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to run")
    parser.add_argument("--shots", type=Path, help="folder for screenshots of the cold start")
    parser.add_argument("--warm-only", action="store_true", help="skip the cold start")
    args = parser.parse_args()
    args.root = args.root.resolve()
    if args.shots is not None:
        args.shots.mkdir(parents=True, exist_ok=True)
    cache = Path(tempfile.mkdtemp(prefix="numba-cache-"))
    print(f"{args.command} from {args.root}; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores; wall s / CPU s of the server's process tree")
    results: dict[str, dict[str, tuple[float, float]]] = {}
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            for label in (("warm",) if args.warm_only else ("cold", "warm")):
                context = chromium.new_context(viewport={"width": 1280, "height": 1000})
                context.set_default_timeout(TIMEOUT_MS)
                expect.set_options(timeout=TIMEOUT_MS)
                results[label] = one_start(args, cache, label, context.new_page(),
                                           args.shots)
                context.close()
        finally:
            chromium.close()
            shutil.rmtree(cache, ignore_errors=True)
    names = list(next(iter(results.values())))
    print(f"{'':22}" + "".join(f"{label:>18}" for label in results))
    for name in names:
        row = "".join(f"{results[lb][name][0]:8.1f} /{results[lb][name][1]:6.1f} s "
                      for lb in results)
        print(f"{name:22}{row}")


if __name__ == "__main__":
    main()
