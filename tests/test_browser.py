"""The app in a real browser: Debian's Chromium, headless, driven by Playwright against a real
``streamlit run streamlit_app.py`` server (its learner store in a temporary directory).

A learner is created on Home, a lesson question answered, the first play puzzle of the bank
solved by clicking its cards on the table, and the progress found again after a reload; a wrong
card's refutation is stepped through on the table, at a laptop's width and a phone's; "Analyse
this position" followed from a bidding and a play puzzle. Every page is screenshotted at 1280
and 390 pixels wide (`browser_kit`: the server, the browser and the helpers).
"""

from __future__ import annotations

import itertools
import json
import re
import time
from pathlib import Path
from typing import Any

from browser_kit import (
    MAIN_SCROLL_JS,
    ROOT,
    TIMEOUT_MS,
    WIDTHS,
    Page,
    click,
    expect,
    open_page,
    settle,
    snap,
)

from trainer.generate.explain import play_text
from trainer.generate.records import PlayPuzzle, load_play_puzzles
from trainer.lessons.registry import TOPICS
from trainer.notation import parse_play
from trainer.progress import ProgressStore
from trainer.ui.data.lesson_files import load_lessons
from trainer.ui.data.lesson_steps import steps_of
from trainer.ui.widgets.card_buttons import NARROW_WIDTH


def first_puzzle() -> PlayPuzzle:
    return load_play_puzzles(ROOT / "puzzles" / "play.jsonl.gz")[0]


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
    puzzle = next(p for p in load_play_puzzles(ROOT / "puzzles" / "play.jsonl.gz")
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


def test_next_puzzle_from_the_puzzle_redraws_the_picker(page: Page, server: str) -> None:
    """The puzzle is a fragment of the page (a card reruns it alone); "Next puzzle" under it
    opens the next puzzle in the picker above and the address too, not in the fragment only."""
    puzzle = first_puzzle()
    open_page(page, f"{server}/play?puzzle={puzzle.id}")
    play_card(page, puzzle.solution[0].line[0].code)
    expect(page.get_by_text("Card 1 ✓")).to_be_visible()
    click(page, page.get_by_role("button", name="Show solution"))
    click(page, page.locator(".st-key-play_next_bottom").get_by_role("button",
                                                                     name="Next puzzle"))
    expect(page.get_by_text(f"Puzzle {puzzle.id} ·")).to_have_count(0)
    shown = re.search(r"puzzle=(p\d+)", page.url)
    assert shown is not None and shown.group(1) != puzzle.id, page.url
    expect(page.get_by_text(f"Puzzle {shown.group(1)} ·")).to_be_visible()
    picked = page.get_by_test_id("stSelectbox").first
    expect(picked.locator("input")).to_have_value(re.compile(f"{shown.group(1)}$"))
    expect(page.get_by_text("Card 1 ✓")).to_have_count(0)


FRAME_TOPS_JS = ("(card) => new Promise(done => { const tops = []; const step = () => {"
                 " tops.push(card.getBoundingClientRect().top);"
                 " if (tops.length < 40) requestAnimationFrame(step); else done(tops); };"
                 " requestAnimationFrame(step); })")


def test_a_card_settles_under_a_pointer_resting_on_its_edge(page: Page, server: str) -> None:
    """A hovered card lifts; with the pointer on its bottom edge it must still settle (issue
    26: automated games waited 300 s on a card button that never became stable)."""
    open_page(page, f"{server}/play?puzzle=p0000001")
    card = card_button(page, "AS")
    settle(page)  # everything the page draws above the hand is in place before measuring
    card.scroll_into_view_if_needed()
    settle(page)
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)
    tops = card.evaluate(FRAME_TOPS_JS)  # its top in each of 40 frames
    assert tops[-1] < box["y"] - 3  # lifted
    assert len(set(tops[-15:])) == 1, tops  # and still
    click(page, card)  # Playwright's click waits for a stable element
    expect(page.get_by_text("step 2 of 7", exact=False).first).to_be_visible()


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
    # and drawn as cards once the page's card style has arrived (later on a loaded machine)
    page.wait_for_function(
        "(w) => Array.from(document.querySelectorAll('.st-key-play_hand button'))"
        ".every(b => Math.round(b.getBoundingClientRect().width) === w)", arg=NARROW_WIDTH)
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

    bid = load_bid_puzzles(ROOT / "puzzles" / "bid.jsonl.gz")[0]
    open_page(page, f"{server}/bidding?puzzle={bid.id}")
    expect(page.get_by_role("heading", name="Bidding puzzles")).to_be_visible()
    snap(page, shots, "bidding")
    best = call_name(bid.analysis.best.call)
    name = "Pass" if best == "pass" else best
    click(page, page.get_by_role("button", name=name, exact=True).first)
    expect(page.get_by_text("Best", exact=True).first).to_be_visible()
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    snap(page, shots, "bidding-graded")

    discard = load_discard_puzzles(ROOT / "puzzles" / "discard.jsonl.gz")[0]
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

    bid = load_bid_puzzles(ROOT / "puzzles" / "bid.jsonl.gz")[0]
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
    codes = [re.escape(c.code) for c in bid.analysis.hand]  # filled by the page's rerun
    expect(field).to_have_value(re.compile(r"^\s*" + r"\s+".join(codes) + r"\s*$"))
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


def long_position() -> str:
    """A 6-player open misère with ten cards a hand, whose valuation takes minutes (its third
    card alone about a minute on this machine): the long tail of issue 26."""
    from trainer.cards import deal
    from trainer.rules import RuleSet

    rules = RuleSet(players=6)
    declarer = rules.seats[0]
    hands = deal(7, 6, rules.deck, declarer).hands
    out = [s for s in rules.side_of(declarer) if s is not declarer]
    return json.dumps({"contract": "OMIS", "declarer": declarer.value,
                       "hands": {s.value: [c.code for c in cards]
                                 for s, cards in hands.items() if s not in out},
                       "leader": rules.seats[1].value, "trick": [], "history": [],
                       "joker_suit": None, "rules": {"players": 6}})


def test_closing_the_tab_stops_its_analysis(browser: Any, server: str,
                                            server_log: Path) -> None:
    """Long work belongs to the visitor who asked for it: a tab closed in the middle of
    "Value every card" stops the search at the next card (the server says so in its log),
    instead of keeping a core busy for minutes."""
    before = server_log.read_text(errors="replace").count("the visitor's session has gone")
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    open_page(tab, f"{server}/analyse")
    text = tab.get_by_role("textbox", name="Position (JSON)")
    text.fill(long_position())
    text.press("Control+Enter")  # the text area's value is sent, then the button clicked
    settle(tab)
    tab.get_by_role("button", name="Value every card").click()
    expect(tab.get_by_text(re.compile(r"Valuing every card… [1-9]\d* of"))).to_be_visible()
    context.close()  # the tab is closed mid-analysis
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while server_log.read_text(errors="replace").count(
            "the visitor's session has gone") == before:
        assert time.monotonic() < deadline, "the analysis went on after its tab was closed"
        time.sleep(0.5)  # polling the log for the state, not waiting a fixed time
