"""The At the table page in a real browser (`browser_kit`): a puzzle opened from its address
shows the learner's hand and no other hand; the tempting card is clicked and graded by chance
against the best card, the other hands appear with every card's chance and the write-up; then
"Next puzzle" opens an unanswered one. Screenshots at a laptop's and a phone's width."""

from __future__ import annotations

from pathlib import Path

from browser_kit import Page, click, expect, open_page, snap

from trainer.ui.puzzles.at_the_table import grade_card, heading, percent, table_bank
from trainer.ui.widgets.cards import play_label


def test_at_the_table_tempting_card_then_next(page: Page, server: str, shots: Path) -> None:
    puzzle = next(p for p in table_bank() if not p.easy_solves and p.side == "declarer")
    open_page(page, f"{server}/at-the-table?puzzle={puzzle.id}")
    expect(page.get_by_text("You see only your own cards")).to_be_visible()
    expect(page.get_by_role("heading", name=heading(puzzle))).to_be_visible()
    expect(page.get_by_role("group", name="your hand")).to_be_visible()
    expect(page.get_by_role("region", name="the table")).to_have_count(0)
    snap(page, shots, "at-the-table")
    click(page, page.get_by_role("button", name=play_label(puzzle.tempting), exact=True))
    verdict = grade_card(puzzle, puzzle.tempting)
    expect(page.get_by_text(f"on {percent(verdict.share)} of the {puzzle.layouts} layouts",
                            exact=False)).to_be_visible()
    expect(page.get_by_role("region", name="the table")).to_be_visible()
    expect(page.get_by_text("Every card's chance")).to_be_visible()
    snap(page, shots, "at-the-table-graded")
    click(page, page.get_by_role("button", name="Next puzzle", exact=True))
    expect(page.get_by_role("region", name="the table")).to_have_count(0)
    expect(page.get_by_text("Every card's chance")).to_have_count(0)
