"""A club deal set in two real browsers (Debian's Chromium, headless, Playwright, against the
``server`` fixture's ``streamlit run streamlit_app.py``): Ann makes a one-deal set from a seed
on the Club page and reads its link from the page; Bob, in a browser of his own, opens the link
and joins, and sees nothing of Ann's deal until he has played it; each plays the deal (passing,
then the first playable card each time) and both see the deal's table with both names, the
same contract and their points against the field. Screenshots at 1280 and 390 pixels into
``$TRAINER_SCREENSHOTS``.

Local mode (a learner chosen by name): the accounts' sign-in is tested on its own
(tests/test_accounts.py); the set is the same store's rows either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_kit import (
    TIMEOUT_MS,
    WIDTHS,
    Browser,
    Page,
    click,
    expect,
    open_page,
    settle,
    snap,
)

from trainer.progress import ProgressStore
from trainer.progress.club import learner_sets, set_results

PASS = '[class*="st-key-game_call-P-"] button'
CARD = '.st-key-play_hand button:not([disabled])'
GO_ON = '[class*="st-key-game_go_on-"] button'
SEED = "7"  # deal 1 of seed 7: East bids 7♥ when South passes, so the deal is played


def visible(page: Page, selector: str) -> Any:
    found = page.locator(selector)
    return found.first if found.count() else None


def play_deal(page: Page) -> None:
    """Pass, then the first playable card each time, until the deal's result shows."""
    for _ in range(60):
        if page.get_by_text("Points this deal").count():
            return
        for selector in (GO_ON, PASS, CARD):
            target = visible(page, selector)
            if target is not None:
                click(page, target)
                break
        else:
            page.locator(", ".join((GO_ON, PASS, CARD))).or_(
                page.get_by_text("Points this deal")).first.wait_for()
            settle(page)
    page.get_by_text("Points this deal").wait_for()


def new_tab(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def members_of(page: Page, *names: str) -> str:
    """The text of the page's first table (its grid's cells), once it shows ``names``."""
    table = page.get_by_test_id("stDataFrame").first
    for name in names:
        expect(table).to_contain_text(name)
    return str(table.text_content())


def test_two_browsers_play_the_same_deal_and_compare_it(browser: Browser, server: str,
                                                         store_path: Path, shots: Path) -> None:
    store = ProgressStore(store_path)
    store.learner("Ann")
    store.learner("Bob")
    ann, bob = new_tab(browser), new_tab(browser)
    try:
        open_page(ann, f"{server}/club?learner=Ann")
        expect(ann.get_by_role("button", name="Make the set")).to_be_visible()
        ann.get_by_role("textbox", name="Name").fill("Two browsers")
        ann.get_by_text("From a seed").click()
        settle(ann)
        ann.get_by_role("textbox", name="Seed").fill(SEED)
        ann.get_by_label("Number of deals").fill("1")
        ann.get_by_label("Number of deals").press("Enter")
        settle(ann)
        click(ann, ann.get_by_role("radio", name="Easy").or_(
            ann.get_by_role("button", name="Easy", exact=True)).first)
        click(ann, ann.get_by_role("button", name="Make the set"))
        link = ann.get_by_test_id("stCode").first
        link.wait_for()
        url = link.inner_text().strip()
        made = learner_sets(store, store.learner("Ann", create=False))[0]
        assert url == f"{server}/club?set={made.code}" and made.seed == 7 and made.deals == 1
        snap(ann, shots, "club-browser-set")
        click(ann, ann.locator('[class*="st-key-club_play-0"] button'))
        play_deal(ann)

        open_page(bob, url + "&learner=Bob")
        expect(bob.get_by_text("not played yet")).to_be_visible()
        assert bob.get_by_text("The solver's commentary").count() == 0
        bob_learner = store.learner("Bob", create=False)
        assert [m.display for m in set_results(store, bob_learner, made.code).members] == [
            "Ann", "Bob"]
        click(bob, bob.locator('[class*="st-key-club_play-0"] button'))
        play_deal(bob)
        text = members_of(bob, "Ann", "Bob")
        assert "Ann" in text and "Bob" in text and "7♥ by East" in text
        snap(bob, shots, "club-browser-compared")
        first, second = set_results(store, bob_learner, made.code).results[0]
        assert first.record == second.record  # the same cards and the same bots' play

        open_page(ann, f"{server}/club?learner=Ann&set={made.code}")
        click(ann, ann.locator('[class*="st-key-club_results-0"] button'))
        text = members_of(ann, "Ann", "Bob")
        assert "Ann" in text and "Bob" in text
    finally:
        ann.context.close()
        bob.context.close()
