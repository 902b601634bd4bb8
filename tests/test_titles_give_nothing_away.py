"""Nothing gives the answer away (issue 28): no record's title in the play, bidding and discard
banks, and no question the Bidding page asks, names one of the puzzle's themes that is part of
the answer (a technique, the best call's kind, the discard's idea) before it is given. Themes
that say what the learner sees anyway (the contract type, declarer or defence, how many tricks
are left, who has bid) may be named; so may the calls of the auction shown."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from trainer.generate.bank_fields import bid_title
from trainer.generate.bid_puzzles import QUESTION, BidPuzzle
from trainer.ui.data.puzzle_bank import theme_words
from trainer.ui.pages.bidding import puzzle_label, question

ROOT = Path(__file__).resolve().parents[1]
SEEN = {
    "play": {"suit", "no_trumps", "misere", "open_misere", "declarer", "defence", "short",
             "long", "one_decision"},
    "bid": {"opening", "partner", "competition"},
    "discard": {"suit", "no_trumps"},
}
"""Per bank, the themes the position itself shows (not part of the answer)."""
CALL = re.compile(r"\b[NESW] (?:pass|open misère|misère|(?:[6-9]|10)(?:NT|[♠♥♦♣]))")


def records(kind: str) -> list[dict]:
    with gzip.open(ROOT / "puzzles" / f"{kind}.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def theme_phrases(theme: str) -> set[str]:
    """Ways a theme is named: its tag in words and its words on the page, each part of them
    (``"Throw-in (endplay)"``: "throw-in", "endplay"); "misère" also without its accent."""
    words = theme_words(theme).lower()
    phrases = {theme.replace("_", " "), theme.replace("_", "-"), words}
    phrases |= {p.strip() for p in re.split(r"[()]", words) if p.strip()}
    return phrases | {p.replace("è", "e") for p in phrases}


def names(text: str, theme: str) -> str | None:
    """The phrase of ``theme`` that ``text`` names (whole words, any case), or None."""
    low = text.lower()
    return next((p for p in sorted(theme_phrases(theme))
                 if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", low)), None)


def test_theme_phrases_catch_a_named_theme() -> None:
    assert names("You are E. N 7♣. Is this hand a misère?", "misere") == "misère"
    assert names("Time to ruff", "ruff") == "ruff"
    assert names("An endplay: take 2", "throw_in") == "endplay"
    assert names("You are W. E 6♥, S pass. Your call?", "pass") == "pass"  # the auction's
    assert names(CALL.sub("", "You are W. E 6♥, S pass. Your call?"), "pass") is None
    assert names("Beat 7♥: take 2 of the last 5", "ruff") is None


@pytest.mark.parametrize("kind", ["play", "bid", "discard"])
def test_no_title_names_a_theme_of_the_answer(kind: str) -> None:
    bank = records(kind)
    assert len(bank) >= 500
    named = []
    for r in bank:
        title = CALL.sub("", r["title"]) if kind == "bid" else r["title"]
        for theme in set(r["themes"]) - SEEN[kind]:
            phrase = names(title, theme)
            if phrase is not None:
                named.append((r["id"], theme, phrase, r["title"]))
    assert not named, f"{len(named)} titles name a theme, such as {named[:3]}"


def test_every_bidding_puzzle_asks_the_same_question() -> None:
    bank = records("bid")
    assert {r["title"].rsplit(". ", 1)[-1] for r in bank} == {QUESTION}
    assert all(r["title"] == bid_title(r) for r in bank)  # the generator's own title
    misere = [BidPuzzle.from_json(r) for r in bank if r["moment"] == "misere"][:40]
    assert len(misere) == 40
    for puzzle in misere:
        assert question(puzzle) == QUESTION
        assert names(CALL.sub("", puzzle_label(puzzle)), "misere") is None, puzzle_label(puzzle)
