"""Strategy lessons (lessons 11-15): their front matter, worked examples and puzzle themes (no
Streamlit here).

A strategy lesson is a lesson file (`trainer.ui.data.lesson_files`) with ``kind: strategy`` and
no ``quiz``; its practice comes from `trainer.strategy_questions`. Its front matter adds::

    themes: drawing_trumps, ruff, entry          the puzzle themes that drill it
    examples: p0000066 JD, p0000036 JH, b0000144 7C C:4

Each example is a puzzle id of the shipped banks (``p`` play, ``b`` bid, ``d`` discard) with the
claim the lesson makes about it: for a play puzzle the card the lesson calls right (a code as in
docs/DESIGN.md, ``JK:C`` for the joker led naming ♣), for a bid puzzle the best call (``7C``,
``P``), optionally followed by ``<suit>:<n>``, the trumps the lesson counts in that suit. The
tests check every claim against the solver and the engine.

In the body, ``:example[<id>]`` alone on a line is where that worked example is drawn; the lesson's
own words about it follow it.

Errors: `LessonError` for a bad example entry, an unknown theme or a marker without its example.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from trainer.cards import Suit
from trainer.notation import parse_suit
from trainer.ui.data.lesson_files import LESSON_DIR, LessonError, parse_front_matter
from trainer.ui.data.puzzle_bank import CONTRACT_TYPES, SIDES
from trainer.ui.pages import BID_PAGE, DISCARD_PAGE, PLAY_PAGE

EXAMPLE_MARKER = re.compile(r":example\[([A-Za-z0-9]+)\]")
KIND_OF_ID = {"p": "play", "b": "bid", "d": "discard"}
PAGE_OF_KIND = {"play": PLAY_PAGE, "bid": BID_PAGE, "discard": DISCARD_PAGE}
ADDRESS_OF_KIND = {"play": "/play", "bid": "/bidding", "discard": "/discard"}
"""The puzzle pages' addresses as the router serves them (Try it: ``/play?puzzle=<id>``)."""


@dataclass(frozen=True)
class ExampleClaim:
    """One worked example: the puzzle, its bank (``play``, ``bid`` or ``discard``), the card or
    call the lesson says is right, and optionally the trumps it counts (``(suit, count)``)."""

    puzzle_id: str
    kind: str
    claim: str
    trumps: tuple[Suit, int] | None = None

    @property
    def address(self) -> str:
        """The "Try it" address: ``/play?puzzle=p0000066``."""
        return f"{ADDRESS_OF_KIND[self.kind]}?puzzle={self.puzzle_id}"


@dataclass(frozen=True)
class StrategyLesson:
    """A strategy lesson's extra front matter: its id, the puzzle themes that drill it and its
    worked examples, in order."""

    id: str
    themes: tuple[str, ...]
    examples: tuple[ExampleClaim, ...]

    def example(self, puzzle_id: str) -> ExampleClaim | None:
        return next((e for e in self.examples if e.puzzle_id == puzzle_id), None)


def parse_example(entry: str, source: str = "lesson") -> ExampleClaim:
    """``"b0000144 7C C:4"`` -> `ExampleClaim`; raises `LessonError` naming ``source``."""
    words = entry.split()
    if len(words) not in (2, 3) or words[0][:1] not in KIND_OF_ID:
        raise LessonError(f"{source}: example {entry!r} is not '<puzzle id> <claim> [S:n]'")
    trumps = None
    if len(words) == 3:
        suit, _, count = words[2].partition(":")
        try:
            trumps = (parse_suit(suit, "trumps"), int(count))
        except ValueError:
            raise LessonError(f"{source}: example {entry!r}: {words[2]!r} is not "
                              "'<suit>:<count>'") from None
    return ExampleClaim(words[0], KIND_OF_ID[words[0][0]], words[1].upper(), trumps)


def theme_target(theme: str) -> tuple[str, str, str]:
    """Where a theme is drilled: (page path, filter session key, value). A contract type or a
    side filters the Play page's pills; any other theme the page's theme list (bid themes on
    the Bidding page)."""
    if theme in CONTRACT_TYPES:
        return PLAY_PAGE, "play_types", theme
    if theme in SIDES:
        return PLAY_PAGE, "play_sides", theme
    if theme in BID_THEMES:
        return BID_PAGE, "bid_themes", theme
    return PLAY_PAGE, "play_themes", theme


BID_THEMES = frozenset({"opening", "partner", "competition", "pass", "raise", "jump", "slam"})
"""Themes only the bidding bank uses (`trainer.generate.bid_puzzles`)."""


def parse_strategy(text: str, source: str = "lesson") -> StrategyLesson | None:
    """The strategy front matter of a lesson file's text (None when it is not ``kind:
    strategy``). Raises `LessonError` when an ``:example[...]`` marker names no example."""
    meta, body = parse_front_matter(text, source)
    if meta.get("kind") != "strategy":
        return None
    themes = tuple(t.strip() for t in meta.get("themes", "").split(",") if t.strip())
    examples = tuple(parse_example(e, source) for e in meta.get("examples", "").split(",")
                     if e.strip())
    ids = {e.puzzle_id for e in examples}
    for m in EXAMPLE_MARKER.finditer(body):
        if m.group(1) not in ids:
            raise LessonError(f"{source}: :example[{m.group(1)}] is not in its examples")
    return StrategyLesson(meta["id"], themes, examples)


def load_strategy_lessons(directory: Path = LESSON_DIR) -> dict[str, StrategyLesson]:
    """Every strategy lesson in ``directory``, by lesson id."""
    found: dict[str, StrategyLesson] = {}
    for path in sorted(directory.glob("*.md")):
        lesson = parse_strategy(path.read_text(encoding="utf-8"), path.name)
        if lesson is not None:
            found[lesson.id] = lesson
    return found


def strategy_lesson(lesson_id: str, directory: Path = LESSON_DIR) -> StrategyLesson | None:
    """The strategy lesson ``lesson_id`` (None for a rules lesson)."""
    return load_strategy_lessons(directory).get(lesson_id)


def split_examples(body: str) -> list[tuple[str, str | None]]:
    """The body as ``(text, None)`` pieces and ``("", puzzle_id)`` worked-example places, in
    order (a marker counts alone on its line)."""
    pieces: list[tuple[str, str | None]] = []
    text: list[str] = []
    for line in body.splitlines():
        m = EXAMPLE_MARKER.fullmatch(line.strip())
        if m:
            if "".join(text).strip():
                pieces.append(("\n".join(text).strip("\n"), None))
            text = []
            pieces.append(("", m.group(1)))
        else:
            text.append(line)
    if "".join(text).strip():
        pieces.append(("\n".join(text).strip("\n"), None))
    return pieces


def example_words(body: str) -> dict[str, str]:
    """The lesson's own words about each worked example: the text after its marker, up to the
    next marker or heading, by puzzle id."""
    words: dict[str, str] = {}
    pieces = split_examples(body)
    for i, (_, puzzle_id) in enumerate(pieces):
        if puzzle_id is not None and i + 1 < len(pieces) and pieces[i + 1][1] is None:
            words[puzzle_id] = pieces[i + 1][0].split("\n#")[0]
    return words
