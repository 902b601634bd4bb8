"""A club deal set played by two signed-in learners in two browsers (issue 30): as
tests/test_browser_club.py, but each learner an account signed in through the real OpenID
Connect provider of `auth_kit` (tests/test_browser_accounts.py's fixtures and sign-in), with
no ``?learner=`` in any address.

Alice makes a one-deal set on the Club page and plays it: her deal's table has her row alone.
Bob, in a browser context of his own and signed in, opens the set's link (``?set=<code>``)
and joins: before he plays, nothing of Alice's deal shows to him (no results, no commentary),
and Alice's table lists him as not played yet. Bob plays the same deal (the same cards, the
same bots' play, as the store shows): both browsers then show the deal's table with both rows
played, by the accounts' names. Screenshots at 1280 and 390 pixels into
``$TRAINER_SCREENSHOTS``. Every wait is for a state, never a fixed time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from auth_kit import ALICE, BOB, App, Provider
from browser_kit import Browser, Page, click, expect, open_page, settle, snap
from test_browser_accounts import app, provider, sign_in, visitor  # noqa: F401 (fixtures)
from test_browser_club import SEED, members_of, play_deal

from trainer.progress import ProgressStore
from trainer.progress.accounts import account_learner
from trainer.progress.club import learner_sets, set_results

pytestmark = pytest.mark.xdist_group("browser")  # one worker for every real-server test

NOT_PLAYED = "not played yet"


def make_set(page: Page, running: App) -> str:
    """On the Club page, a one-deal set from `SEED` with easy bots; its link as the page
    shows it."""
    open_page(page, f"{running.url}/club")
    expect(page.get_by_role("button", name="Make the set")).to_be_visible()
    page.get_by_role("textbox", name="Name").fill("Two accounts")
    page.get_by_text("From a seed").click()
    settle(page)
    page.get_by_role("textbox", name="Seed").fill(SEED)
    page.get_by_label("Number of deals").fill("1")
    page.get_by_label("Number of deals").press("Enter")
    settle(page)
    click(page, page.get_by_role("radio", name="Easy").or_(
        page.get_by_role("button", name="Easy", exact=True)).first)
    click(page, page.get_by_role("button", name="Make the set"))
    link = page.get_by_test_id("stCode").first
    link.wait_for()
    return link.inner_text().strip()


def open_results(page: Page, url: str) -> str:
    """The set's page afresh, deal 1's results opened: the table's text."""
    open_page(page, url)
    click(page, page.locator('[class*="st-key-club_results-0"] button'))
    return members_of(page, ALICE.name, BOB.name)


def test_two_accounts_play_the_same_deal_and_compare_it(
        app: App, provider: Provider, browser: Browser, shots: Path) -> None:  # noqa: F811
    store = ProgressStore(app.store)
    alice, bob = visitor(browser), visitor(browser)
    try:
        sign_in(alice, app, provider, ALICE)
        expect(alice.get_by_text(f"Signed in as {ALICE.name}.")).to_be_visible()
        url = make_set(alice, app)
        alice_learner = account_learner(store, provider.issuer, ALICE.sub)
        made = learner_sets(store, alice_learner)[0]
        assert url == f"{app.url}/club?set={made.code}" and made.deals == 1 and made.seed == 7
        assert "learner=" not in alice.url
        click(alice, alice.locator('[class*="st-key-club_play-0"] button'))
        play_deal(alice)
        alone = members_of(alice, ALICE.name)
        assert BOB.name not in alone and NOT_PLAYED not in alone

        sign_in(bob, app, provider, BOB)
        expect(bob.get_by_text(f"Signed in as {BOB.name}.")).to_be_visible()
        open_page(bob, url)
        expect(bob.get_by_text(f"Deal 1: {NOT_PLAYED}")).to_be_visible()
        # nothing of Alice's deal before Bob plays it: no results, no commentary
        expect(bob.locator('[class*="st-key-club_results-0"]')).to_have_count(0)
        expect(bob.get_by_text("The solver's commentary")).to_have_count(0)
        bob_learner = account_learner(store, provider.issuer, BOB.sub)
        assert bob_learner.id != alice_learner.id
        assert [m.display for m in set_results(store, bob_learner, made.code).members] == [
            ALICE.name, BOB.name]
        assert set_results(store, bob_learner, made.code).played == set()

        waiting = open_results(alice, url)  # Bob a member now, his row not played
        assert NOT_PLAYED in waiting

        click(bob, bob.locator('[class*="st-key-club_play-0"] button'))
        play_deal(bob)
        both = members_of(bob, ALICE.name, BOB.name)
        assert NOT_PLAYED not in both and "7♥ by East" in both
        first, second = set_results(store, bob_learner, made.code).results[0]
        assert {first.learner_id, second.learner_id} == {alice_learner.id, bob_learner.id}
        assert first.record == second.record  # the same cards and the same bots' play

        both = open_results(alice, url)
        assert NOT_PLAYED not in both and both.count("7♥ by East") == 2
        expect(alice.get_by_text("The solver's commentary")).to_have_count(1)
        snap(alice, shots, "club-accounts-set")
    finally:
        alice.context.close()
        bob.context.close()
