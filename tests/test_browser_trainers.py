"""The trainers in a real browser (issue 29): Debian's Chromium, headless, driven by Playwright
against a real ``streamlit run streamlit_app.py`` server (`browser_kit`). Value a hand: deal 0
opened from its address, a guess of 9 tricks, the histogram and the supported bid shown. Count
and infer: a practice question, then a timed run of seed 4 answering three questions right (the
answers worked out here by `trainer.train.count_infer`, from South's view as the page does),
the score and the streak of 3 shown. Every wait is for a state on the page, never a time.
The sidebar and a reload keep ``?learner=`` on both pages (issue 29).
Screenshots at 1280 and 390 pixels wide into ``$TRAINER_SCREENSHOTS``."""

from __future__ import annotations

import re
from pathlib import Path

from browser_kit import Page, click, expect, open_page, snap

from trainer.progress import ProgressStore
from trainer.train.count_infer import question_at

LEARNER = "Tess"


def test_value_a_hand_shows_its_histogram(page: Page, server: str, store_path: Path,
                                          shots: Path) -> None:
    ProgressStore(store_path).learner(LEARNER)
    open_page(page, f"{server}/value?learner={LEARNER}&deal=0")
    expect(page.get_by_text("How many tricks will your side take", exact=False)).to_be_visible()
    snap(page, shots, "value-hand-question")
    click(page, page.locator(".st-key-vh_guess_9 button"))
    expect(page.locator('[data-testid="stPlotlyChart"]')).to_be_visible()
    expect(page.get_by_text("layouts (green: right)", exact=False).first).to_be_visible()
    expect(page.get_by_text("On average your side takes", exact=False)).to_be_visible()
    expect(page.get_by_text("The layouts support", exact=False)).to_be_visible()
    expect(page.get_by_text("Your rating:", exact=False)).to_be_visible()
    snap(page, shots, "value-hand-answer")


def test_the_sidebar_and_a_reload_keep_the_learner(page: Page, server: str,
                                                   store_path: Path) -> None:
    """Issue 29: Value a hand and Count and infer kept ``?learner=`` out of the address, so a
    reload forgot the learner."""
    ProgressStore(store_path).learner(LEARNER)
    open_page(page, f"{server}/?learner={LEARNER}")
    for title, path in (("Value a hand", "/value"), ("Count and infer", "/count")):
        nav = page.get_by_test_id("stSidebarNav")
        click(page, nav.get_by_role("link", name=title, exact=True))
        expect(page).to_have_url(re.compile(rf"{path}\?(.*&)?learner={LEARNER}"))
        page.reload()
        expect(page.get_by_role("heading", name=title)).to_be_visible()
        expect(page).to_have_url(re.compile(rf"learner={LEARNER}"))


def _answer(page: Page, seed: int, index: int, prefix: str) -> None:
    q = question_at(seed, index)
    if q.multi:
        pills = page.locator(f".st-key-{prefix}_pills")
        for choice in q.choices:
            if choice in q.answer:
                click(page, pills.get_by_role("button", name=choice, exact=True))
        click(page, page.locator(f".st-key-{prefix}_go button"))
        return
    row = page.locator(f".st-key-{prefix}_choices")
    right = next(c for c in q.choices if c in q.answer)
    click(page, row.get_by_role("button", name=right, exact=True))


def test_a_timed_count_run_keeps_a_streak(page: Page, server: str, store_path: Path,
                                          shots: Path) -> None:
    ProgressStore(store_path).learner(LEARNER)
    open_page(page, f"{server}/count?learner={LEARNER}&seed=4")
    expect(page.get_by_text(question_at(4, 0).text, exact=True)).to_be_visible()
    snap(page, shots, "count-practice")
    _answer(page, 4, 0, "ci_practice")
    expect(page.get_by_text("Right.", exact=False).first).to_be_visible()
    snap(page, shots, "count-practice-answer")
    click(page, page.locator(".st-key-ci_mode").get_by_text("Timed run", exact=True))
    expect(page.get_by_text("Answer as many as you can in 3 minutes", exact=False)).to_be_visible()
    click(page, page.locator(".st-key-ci_start button"))
    expect(page.get_by_text("Time left:", exact=False)).to_be_visible()
    for i in range(3):
        expect(page.get_by_text(question_at(4, i).text, exact=True)).to_be_visible()
        _answer(page, 4, i, "ci_timed")
        expect(page.get_by_text(f"Score: {i + 1}", exact=False)).to_be_visible()
    expect(page.get_by_text("Streak: 3", exact=False)).to_be_visible()
    snap(page, shots, "count-timed")
