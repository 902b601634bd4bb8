"""The app in a real browser: Debian's Chromium, headless, driven by Playwright against a real
``streamlit run streamlit_app.py`` server (its learner store in a temporary directory).

A learner is created on Home, a lesson question answered, the first play puzzle of the bank
solved by clicking its cards on the table, and the progress found again after a reload; a wrong
card's refutation is stepped through on the table, at a laptop's width and a phone's; "Analyse
this position" followed from a bidding and a play puzzle. Every page is screenshotted at 1280
and 400 pixels wide into ``$TRAINER_SCREENSHOTS`` (default: a
``screenshots`` folder under pytest's temporary directory).

Skipped, with the reason, when ``/usr/bin/chromium`` or the ``playwright`` package is missing.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.generate.explain import play_text
from trainer.generate.records import PlayPuzzle, load_play_puzzles
from trainer.lessons.registry import TOPICS
from trainer.notation import parse_play
from trainer.progress import ProgressStore
from trainer.ui.data.lesson_files import load_lessons
from trainer.ui.data.lesson_steps import steps_of

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "streamlit_app.py"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTHS = (1280, 400)
STARTUP_SECONDS = 90
TIMEOUT_MS = 30_000

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
    env = {**os.environ, "TRAINER_DB": str(store_path),
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


def first_puzzle() -> PlayPuzzle:
    return load_play_puzzles(ROOT / "puzzles" / "play.jsonl")[0]


def card_button(page: Page, code: str) -> Any:
    """The Play page's button for a card of the learner's hand on the table (its accessible
    name says what it does: "Play 9♥"; a led joker: "Play the joker (then name its suit)")."""
    play = parse_play(code)
    hand = page.locator(".st-key-play_hand")
    if play.card.is_joker:
        return hand.get_by_role("button", name="Play the joker", exact=False).first
    return hand.get_by_role("button", name=f"Play {play_text(play)}", exact=True)


def play_card(page: Page, code: str) -> None:
    """Click the card ``code`` on the table (a led joker: then its suit, if asked)."""
    click(page, card_button(page, code))
    play = parse_play(code)
    suits = page.locator(".st-key-play_joker_suits")
    if play.named is not None and suits.count():
        click(page, suits.get_by_role("button", name=play.named.noun, exact=False))


STEP_CAPTION_JS = ("() => Array.from(document.querySelectorAll('[data-testid=\"stMarkdown\"]'),"
                   " e => e.innerText).find(t => t.includes(' · step ')) || ''")


# --- the tests ---------------------------------------------------------------------------------


def test_create_learner_and_answer_a_lesson(page: Page, server: str, shots: Path,
                                            store_path: Path) -> None:
    open_page(page, server)
    expect(page.get_by_role("heading", name="Five Hundred trainer")).to_be_visible()
    page.get_by_label("New learner").fill("Ann")
    click(page, page.get_by_role("button", name="Create"))
    expect(page.get_by_text("Learning as")).to_be_visible()
    assert "learner=Ann" in page.url
    snap(page, shots, "home")

    # a lesson in steps opens at its practice once its steps are done (the steps are walked
    # in tests/test_ui_steps.py)
    store = ProgressStore(store_path)
    bidding = next(lesson for lesson in load_lessons() if lesson.id == "bidding")
    store.set_setting(store.learner("Ann"), "step_stars",
                      {"bidding": [2] * len(steps_of(bidding.body))})
    open_page(page, f"{server}/learn?learner=Ann&lesson=bidding")
    practice = page.get_by_role("heading", name="Practice")
    expect(practice).to_be_visible()
    buttons = page.locator(".st-key-choice-bidding-0 button")
    click(page, buttons.first)
    feedback = page.locator('[data-testid="stAlert"]').filter(has_text="right").or_(
        page.locator('[data-testid="stAlert"]').filter(has_text="Not quite"))
    expect(feedback.first).to_be_visible()
    expect(page.get_by_role("button", name="Next question")).to_be_visible()
    snap(page, shots, "learn")


def test_solve_the_first_puzzle_and_find_it_after_reload(page: Page, server: str,
                                                          shots: Path) -> None:
    puzzle = first_puzzle()
    open_page(page, server)
    page.get_by_label("New learner").fill("Bea")
    click(page, page.get_by_role("button", name="Create"))
    expect(page.get_by_text("Learning as")).to_be_visible()

    open_page(page, f"{server}/play?learner=Bea&puzzle={puzzle.id}")
    expect(page.get_by_role("heading", name=puzzle.title)).to_be_visible()
    snap(page, shots, "play")
    # the cards are the table's own: card faces, in the bottom hand, big enough to tap
    first = card_button(page, puzzle.solution[0].line[0].code)
    face = first.evaluate("b => getComputedStyle(b).backgroundImage")
    assert face.startswith('url("data:image/svg+xml;base64,'), face
    box = first.bounding_box()
    assert box is not None and box["width"] >= 50 and box["height"] >= 70, box
    for decision in puzzle.solution:
        play_card(page, decision.line[0].code)
    expect(page.get_by_text("Puzzle solved!", exact=True)).to_be_visible()
    snap(page, shots, "play-solved")

    page.reload()  # a new session: the learner and the result come back from the store
    settle(page)
    expect(page.get_by_role("heading", name="Play puzzles")).to_be_visible()
    expect(page.get_by_text("Bea's rating")).to_be_visible()
    open_page(page, f"{server}/?learner=Bea")
    expect(page.get_by_text("Puzzles: 1 attempt at 1 puzzle, 1 solved at the first try"))\
        .to_be_visible()
    open_page(page, f"{server}/progress?learner=Bea")
    expect(page.get_by_text("Progress of")).to_be_visible()
    expect(page.get_by_text("1 attempt at 1 puzzle, 1 solved at the first try")).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    snap(page, shots, "progress")


def test_next_lesson_opens_at_the_top(page: Page, server: str, store_path: Path) -> None:
    """The button sits below the practice; the next lesson must not open scrolled down to its
    own practice (Streamlit keeps the scroll position across reruns)."""
    store = ProgressStore(store_path)
    learner = store.learner("Cy")
    for topic in TOPICS["pack"]:
        for _ in range(topic.need):
            store.record_lesson_answer(learner, "the-pack", True, {}, topic.name,
                                       TOPICS["pack"])
    store.set_setting(learner, "step_stars", {"the-pack": [2] * 7})  # its steps done too
    page.set_viewport_size({"width": 400, "height": 800})
    open_page(page, f"{server}/learn?learner=Cy&lesson=the-pack")
    button = page.get_by_role("button", name="Next lesson: Card order and the trump suit")
    button.scroll_into_view_if_needed()
    assert page.evaluate(MAIN_SCROLL_JS) > 800
    click(page, button)
    expect(page.get_by_role("heading", name="2. Card order and the trump suit")).to_be_visible()
    page.wait_for_function(f"() => ({MAIN_SCROLL_JS})() === 0", timeout=TIMEOUT_MS)


def test_a_reload_mid_puzzle_keeps_the_cards_played(page: Page, server: str) -> None:
    puzzle = next(p for p in load_play_puzzles(ROOT / "puzzles" / "play.jsonl")
                  if len(p.solution) >= 2)
    open_page(page, server)
    page.get_by_label("New learner").fill("Dot")
    click(page, page.get_by_role("button", name="Create"))
    open_page(page, f"{server}/play?learner=Dot&puzzle={puzzle.id}")
    play_card(page, puzzle.solution[0].line[0].code)
    expect(page.get_by_text("Card 1 ✓")).to_be_visible()
    page.reload()
    settle(page)
    expect(page.get_by_text("Card 1 ✓")).to_be_visible()


def test_a_wrong_card_shows_the_refutation(page: Page, server: str, shots: Path) -> None:
    """p0000001: East plays A♠ on North's 9♦ (9♥, a ruff, is right); the refutation is stepped
    forward and back on the table, then the right card's line, then the solution."""
    open_page(page, f"{server}/play?puzzle=p0000001")
    play_card(page, "AS")
    caption = "Trick 6 of 10: You play A♠ · step 2 of 7"
    page.wait_for_function(f"() => ({STEP_CAPTION_JS})() === {caption!r}")
    trick = page.get_by_role("region", name="the table").get_by_label("the trick")
    expect(trick.get_by_role("img", name="ace of spades")).to_be_visible()
    click(page, page.get_by_role("button", name="Forward"))
    assert page.evaluate(STEP_CAPTION_JS) == "Trick 6 of 10: North wins with 9♦ · step 3 of 7"
    expect(trick.get_by_text("Trick 6, won by North")).to_be_visible()
    click(page, page.get_by_role("button", name="Forward"))
    assert page.evaluate(STEP_CAPTION_JS).startswith("Trick 7 of 10: East (you) wins with Q♠")
    click(page, page.get_by_role("button", name="Back"))
    assert page.evaluate(STEP_CAPTION_JS).endswith("step 3 of 7")
    page.keyboard.press("End")  # the keyboard steps too
    page.wait_for_function(f"() => ({STEP_CAPTION_JS})().endsWith('step 7 of 7')")
    settle(page)
    click(page, page.get_by_role("radio", name="After the right card (9♥)").or_(
        page.get_by_role("button", name="After the right card (9♥)")).first)
    assert page.evaluate(STEP_CAPTION_JS) == "Trick 6 of 10: You play 9♥ · step 2 of 7"
    snap(page, shots, "play-wrong")
    # on a phone the four controls sit on one line, inside the screen
    page.set_viewport_size({"width": 390, "height": 900})
    settle(page)
    boxes = [page.locator(f".st-key-play_step_{k} button").bounding_box()
             for k in ("first", "back", "forward", "last")]
    assert all(b is not None for b in boxes)
    assert len({round(b["y"]) for b in boxes}) == 1, boxes
    assert max(b["x"] + b["width"] for b in boxes) <= 390, boxes
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    click(page, page.get_by_role("button", name="Show solution"))
    expect(page.get_by_role("heading", name="Solution")).to_be_visible()
    assert page.evaluate(STEP_CAPTION_JS) == ("The start, trick 6 of 10: you to play · step 1 "
                                              "of 3")
    click(page, page.get_by_role("button", name="Forward"))
    assert page.evaluate(STEP_CAPTION_JS).startswith("Trick 6 of 10: East (you) ruffs with 9♥")
    snap(page, shots, "play-solution")


def test_a_phone_plays_a_card_on_the_table(page: Page, server: str, shots: Path) -> None:
    """At 390 pixels the learner's hand fits the screen, card beside card, and a tap plays."""
    puzzle = first_puzzle()
    page.set_viewport_size({"width": 390, "height": 900})
    open_page(page, f"{server}/play?puzzle={puzzle.id}")
    buttons = page.locator(".st-key-play_hand button")
    count = len(puzzle.position.hands[puzzle.learner])
    expect(buttons).to_have_count(count)  # drawn once the button's code has loaded
    boxes = [buttons.nth(i).bounding_box() for i in range(count)]
    assert all(b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    for left, right in itertools.pairwise(boxes):
        assert left is not None and right is not None
        assert left["x"] + left["width"] <= right["x"] or left["y"] + left["height"] <= right["y"]
    snap(page, shots, "play-phone")
    play_card(page, puzzle.solution[0].line[0].code)
    expect(page.get_by_text("Card 1 ✓")).to_be_visible()


def test_analyse_and_rules_pages(page: Page, server: str, shots: Path) -> None:
    open_page(page, f"{server}/analyse")
    click(page, page.get_by_role("button", name="Value every card"))
    expect(page.get_by_test_id("stTabs").get_by_text("Principal line")).to_be_visible()
    snap(page, shots, "analyse")
    open_page(page, f"{server}/rules")
    expect(page.get_by_role("heading", name="Rules", exact=True)).to_be_visible()
    snap(page, shots, "rules")
    open_page(page, f"{server}/progress")
    expect(page.get_by_text("Pick or create a name on Home")).to_be_visible()
    snap(page, shots, "progress-no-learner")


def test_bidding_and_discard_puzzles(page: Page, server: str, shots: Path) -> None:
    """The record's best call and best discard are graded "Best" (first puzzle of each bank)."""
    from trainer.generate.bid_puzzles import call_name
    from trainer.ui.data.puzzle_bank import load_bid_puzzles, load_discard_puzzles

    bid = load_bid_puzzles(ROOT / "puzzles" / "bid.jsonl")[0]
    open_page(page, f"{server}/bidding?puzzle={bid.id}")
    expect(page.get_by_role("heading", name="Bidding puzzles")).to_be_visible()
    snap(page, shots, "bidding")
    best = call_name(bid.analysis.best.call)
    name = "Pass" if best == "pass" else best
    click(page, page.get_by_role("button", name=name, exact=True).first)
    expect(page.get_by_text("Best", exact=True).first).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    snap(page, shots, "bidding-graded")

    discard = load_discard_puzzles(ROOT / "puzzles" / "discard.jsonl")[0]
    open_page(page, f"{server}/discard?puzzle={discard.id}")
    expect(page.get_by_text("Choose exactly 3 cards")).to_be_visible()
    for card in discard.analysis.best.discard:
        label = "Joker" if card.is_joker else card.pretty
        click(page, page.locator("[data-testid=stCheckbox] label").filter(
            has_text=label).first)
    click(page, page.get_by_role("button", name="Discard").first)
    expect(page.get_by_text("Best", exact=True).first).to_be_visible()
    snap(page, shots, "discard-graded")
    # Retry clears the ticks in the browser too (it once kept them and counted them again).
    click(page, page.get_by_role("button", name="Retry").first)
    expect(page.get_by_text("0 chosen so far")).to_be_visible()
    expect(page.locator("[data-testid=stCheckbox] input:checked")).to_have_count(0)


def test_analyse_this_position_from_a_puzzle(page: Page, server: str, shots: Path) -> None:
    """Once a bidding puzzle is graded, "Analyse this position" opens the Analyse page at
    ``/analyse?puzzle=<id>`` with the puzzle's hand ticked in the pack and its auction in the
    table, on the hand's tab; a play puzzle's button opens its position, and a reload of that
    address loads it again."""
    from trainer.generate.bid_puzzles import call_name
    from trainer.ui.data.puzzle_bank import load_bid_puzzles

    bid = load_bid_puzzles(ROOT / "puzzles" / "bid.jsonl")[0]
    open_page(page, f"{server}/bidding?puzzle={bid.id}")
    analyse = page.get_by_role("button", name="Analyse this position")
    expect(analyse).to_have_count(0)  # not before the call is graded
    best = call_name(bid.analysis.best.call)
    click(page, page.get_by_role("button", name="Pass" if best == "pass" else best,
                                 exact=True).first)
    snap(page, shots, "bidding-analyse-button")
    click(page, analyse)
    page.wait_for_url(f"**/analyse?puzzle={bid.id}")
    settle(page)
    expect(page.get_by_text(f"From bidding puzzle {bid.id}")).to_be_visible()
    expect(page.get_by_role("tab", name="Your hand: bid or discard")).to_have_attribute(
        "aria-selected", "true")
    field = page.get_by_label("Your hand: 10 cards to bid, or 13 (with the kitty) to discard")
    assert field.input_value().split() == [c.code for c in bid.analysis.hand]
    chosen = page.locator(".st-key-hand_pick-S, .st-key-hand_pick-C, .st-key-hand_pick-D, "
                          ".st-key-hand_pick-H, .st-key-hand_pick-JK").locator(
        "button[aria-pressed='true']")
    expect(chosen).to_have_count(10)
    expect(page.get_by_text("Next call: you.")).to_be_visible()
    snap(page, shots, "analyse-from-bidding")

    puzzle = first_puzzle()
    open_page(page, f"{server}/play?puzzle={puzzle.id}")
    click(page, page.get_by_role("button", name="Show solution"))
    click(page, page.get_by_role("button", name="Analyse this position"))
    page.wait_for_url(f"**/analyse?puzzle={puzzle.id}")
    settle(page)
    expect(page.get_by_text(f"From play puzzle {puzzle.id}")).to_be_visible()
    page.reload()  # the address alone loads the puzzle again
    settle(page)
    expect(page.get_by_text(f"From play puzzle {puzzle.id}")).to_be_visible()
    click(page, page.get_by_role("button", name="Value every card"))
    expect(page.get_by_test_id("stTabs").get_by_text("Principal line")).to_be_visible()


def test_guided_first_hand_to_the_score(page: Page, server: str, shots: Path) -> None:
    """The guided first hand walked in the browser, deal to score: the trump suit and its count
    as the engine says, the hint's call, the hint's discard, any legal card in each trick."""
    from trainer.guided import GuidedHand, GuidedWalk
    from trainer.guided.words import trump_cards

    walk = GuidedWalk(GuidedHand.shipped(0))
    suit = walk.best_suit
    open_page(page, f"{server}/first-hand")
    expect(page.get_by_text("Step 1 of 15: Sort and value your hand")).to_be_visible()
    click(page, page.locator(".st-key-guided_suits").get_by_role(
        "button", name=suit.noun.capitalize(), exact=False))
    expect(page.get_by_text("Right.", exact=False).first).to_be_visible()
    snap(page, shots, "first-hand-trumps")
    click(page, page.get_by_role("button", name="Continue"))
    count = len(trump_cards(walk.hand.hand, suit))
    click(page, page.locator(".st-key-guided_counts").get_by_role("button", name=str(count),
                                                                   exact=True))
    click(page, page.get_by_role("button", name="Continue"))
    expect(page.get_by_text("Step 3 of 15: The auction")).to_be_visible()
    walk.answer_trumps(suit)
    walk.next()
    walk.answer_count(count)
    walk.next()
    call = walk.hint().call
    click(page, page.locator(f".st-key-guided_call-{call} button"))
    expect(page.get_by_text("you are the declarer", exact=False)).to_be_visible()
    snap(page, shots, "first-hand-auction")
    click(page, page.get_by_role("button", name="Continue"))
    expect(page.get_by_text("Step 4 of 15: The kitty")).to_be_visible()
    walk.call(call)  # type: ignore[arg-type]
    walk.next()
    pills = page.locator(f".st-key-guided_discard-{walk.hand.seed}")
    for card in walk.hint().discard:
        click(page, pills.get_by_role("button", name=card.pretty, exact=True))
    click(page, page.get_by_role("button", name="Discard these three"))
    click(page, page.get_by_role("button", name="Continue"))
    for n in range(1, 11):
        expect(page.get_by_text(f"Step {4 + n} of 15: Trick {n} of 10")).to_be_visible()
        if n == 3:
            snap(page, shots, "first-hand-trick")
        click(page, page.locator(".st-key-play_hand button:not([disabled])").first)
    expect(page.get_by_text("Step 15 of 15: The score")).to_be_visible()
    click(page, page.locator(".st-key-guided_scores button").first)
    expect(page.get_by_text("That is a whole hand of Five Hundred", exact=False)).to_be_visible()
    snap(page, shots, "first-hand-score")
