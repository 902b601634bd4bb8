"""Lesson files: Markdown with front matter, and the card marker (no Streamlit here).

A lesson is a Markdown file in ``lessons/`` that starts with front matter between ``---`` lines,
one ``key: value`` a line::

    ---
    id: the-pack
    title: The pack
    order: 1
    quiz: pack
    summary: Build the 43-card pack from the 52.
    ---

``id``, ``title``, ``order`` (a whole number) and ``quiz`` (a kind in
`trainer.lessons.registry.QUIZZES`) are required; ``summary`` is optional; ``kind`` is
``rules`` (the default), ``guided`` or ``strategy``; ``optional: true`` marks a lesson the path
does not need (lesson 10, the rule variants): it is shown as optional and `next_lesson` skips it.

House rules: the rule options a lesson mentions go in a block that the Learn page draws as a
closed "House rules" box, so the main text stays on the rules in use::

    :::house-rules
    Some tables play ... (`misere_after_pass`).
    :::

Steps: a rules lesson may be cut into ``## Step: <title>`` sections, each ending in a task
marker ``:task[kind]{...}`` (`trainer.ui.data.lesson_steps`, `trainer.lessons.tasks`); the
Learn page then shows one step at a time, a star a step, before the practice.

Card pictures: write ``:cards[JK JH JD AH]`` (card codes as in docs/DESIGN.md, split by spaces or
commas). On a line of its own it becomes a row of full-size cards; inside a sentence, small
cards. Add ``{trump=H}`` after it (``S C D H``) to label and ring the cards as they rank with that
trump suit (``:cards[JH JD]{trump=H}``: right bower, left bower).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from trainer.cards import Card, Suit
from trainer.errors import TrainerError
from trainer.lessons.question import Mastery
from trainer.lessons.registry import QUIZZES
from trainer.notation import parse_card, parse_suit
from trainer.rules import CardOrder
from trainer.ui.data.lesson_steps import StepError, split_steps
from trainer.ui.data.rule_options import option_words
from trainer.ui.widgets.cards import hand_html, inline_cards_html, red_suits

LESSON_DIR = Path(__file__).resolve().parents[3] / "lessons"
REQUIRED_KEYS = ("id", "title", "order", "quiz")
KINDS = ("rules", "guided", "strategy")
"""What a lesson teaches: the rules, a guided hand, or strategy (front matter ``kind``)."""
HOUSE_RULES_OPEN = ":::house-rules"
BLOCK_CLOSE = ":::"
ROW_WIDTH = 56
"""Width of a card in a lesson's row of cards: thirteen trumps fit on two lines, eleven on one."""
CARD_MARKER = re.compile(r":cards\[([^\]]*)\](?:\{trump=([^}]*)\})?")


class LessonError(ValueError):
    """A lesson file that cannot be read: missing front matter, a bad key or card code."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: its front matter and its Markdown body."""

    id: str
    title: str
    order: int
    quiz: str
    body: str
    summary: str = ""
    kind: str = "rules"
    optional: bool = False


@dataclass(frozen=True)
class CardMarker:
    """The cards of one ``:cards[...]`` marker, and the trump suit it is shown with."""

    cards: tuple[Card, ...]
    trump: Suit | None = None


    @property
    def order(self) -> CardOrder | None:
        """The card order to label the cards with (None when no trump suit is given)."""
        return CardOrder(trump=self.trump) if self.trump is not None else None

    def row_html(self) -> str:
        """The cards as a row of full-size pictures (trumps ringed when a trump is given)."""
        names = ", ".join(c.pretty for c in self.cards)
        return hand_html(self.cards, self.order, label=f"cards: {names}", width=ROW_WIDTH,
                         mark_trumps=self.trump is not None)


@dataclass(frozen=True)
class Block:
    """A piece of a lesson body: Markdown text (``marker`` None) or a row of cards."""

    text: str = ""
    marker: CardMarker | None = None


def parse_front_matter(text: str, source: str = "lesson") -> tuple[dict[str, str], str]:
    """Split a lesson into its front matter (a dict of strings) and its body.

    Raises `LessonError` naming ``source`` when the front matter is missing or malformed.
    """
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise LessonError(f"{source}: no front matter (the file must start with ---)")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise LessonError(f"{source}: the front matter has no closing ---") from None
    meta: dict[str, str] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise LessonError(f"{source} line {number}: expected 'key: value'")
        meta[key.strip()] = value.strip().strip("\"'")
    return meta, "\n".join(lines[end + 1 :]).strip() + "\n"


def parse_marker(codes: str, trump: str | None = None) -> CardMarker:
    """The cards of a marker; raises `LessonError` naming a bad card code or trump suit."""
    try:
        cards = tuple(parse_card(c) for c in codes.replace(",", " ").split())
        suit = parse_suit(trump, "trump") if trump else None
    except TrainerError as e:
        raise LessonError(f":cards[{codes}]: {e}") from None
    if not cards:
        raise LessonError(":cards[]: no cards named")
    return CardMarker(cards, suit)


def parse_lesson(text: str, source: str = "lesson") -> Lesson:
    """A `Lesson` from a file's text; checks the front matter and every card marker."""
    meta, body = parse_front_matter(text, source)
    # a strategy lesson (kind: strategy) has no quiz: its practice is trainer.strategy_questions
    strategy = meta.get("kind") == "strategy"
    missing = [k for k in REQUIRED_KEYS if not meta.get(k) and not (strategy and k == "quiz")]
    if missing:
        raise LessonError(f"{source}: front matter lacks {', '.join(missing)}")
    if not strategy and meta["quiz"] not in QUIZZES:
        raise LessonError(
            f"{source}: quiz {meta['quiz']!r} is not one of {', '.join(QUIZZES)}"
        )
    try:
        order = int(meta["order"])
    except ValueError:
        raise LessonError(f"{source}: order {meta['order']!r} is not a whole number") from None
    kind = meta.get("kind", "rules")
    if kind not in KINDS:
        raise LessonError(f"{source}: kind {kind!r} is not one of {', '.join(KINDS)}")
    optional = meta.get("optional", "false").lower()
    if optional not in ("true", "false"):
        raise LessonError(f"{source}: optional {meta['optional']!r} is not true or false")
    for m in CARD_MARKER.finditer(body):
        parse_marker(m.group(1), m.group(2))
    try:
        split_sections(body)
        split_steps(body)
    except (LessonError, StepError) as e:
        raise LessonError(f"{source}: {e}") from None
    return Lesson(
        id=meta["id"], title=meta["title"], order=order, quiz=meta.get("quiz", ""), body=body,
        summary=meta.get("summary", ""), kind=kind, optional=optional == "true",
    )


def load_lessons(directory: Path = LESSON_DIR) -> list[Lesson]:
    """Every ``*.md`` lesson in ``directory``, by ``order``. Raises `LessonError` on a bad file
    or two lessons with the same id."""
    lessons = [parse_lesson(p.read_text(encoding="utf-8"), p.name)
               for p in sorted(directory.glob("*.md"))]
    ids = [lesson.id for lesson in lessons]
    for lesson_id in ids:
        if ids.count(lesson_id) > 1:
            raise LessonError(f"lessons: the id {lesson_id!r} is used twice")
    return sorted(lessons, key=lambda lesson: lesson.order)


def split_sections(body: str) -> list[tuple[bool, str]]:
    """The body as (house rules?, text) pairs, in order: the text of each ``:::house-rules``
    ... ``:::`` block (True) and the text between them (False). Raises `LessonError` for a
    block left open, a ``:::`` closing none, or a block within a block."""
    sections: list[tuple[bool, str]] = []
    lines: list[str] = []
    inside = False
    for number, line in enumerate(body.splitlines(), start=1):
        mark = line.strip()
        if mark in (HOUSE_RULES_OPEN, BLOCK_CLOSE):
            if (mark == HOUSE_RULES_OPEN) == inside:
                raise LessonError(f"body line {number}: {mark} "
                                  + ("inside a house-rules block" if inside
                                     else "closes no block"))
            if "".join(lines).strip():
                sections.append((inside, "\n".join(lines).strip("\n")))
            lines, inside = [], not inside
        else:
            lines.append(line)
    if inside:
        raise LessonError("a :::house-rules block is not closed with :::")
    if "".join(lines).strip():
        sections.append((False, "\n".join(lines).strip("\n")))
    return sections


def split_blocks(body: str) -> list[Block]:
    """The body as text blocks and card-row blocks (a marker alone on its line is a row)."""
    blocks: list[Block] = []
    text: list[str] = []
    for line in body.splitlines():
        m = CARD_MARKER.fullmatch(line.strip())
        if m:
            if "".join(text).strip():
                blocks.append(Block(text="\n".join(text).strip("\n")))
            text = []
            blocks.append(Block(marker=parse_marker(m.group(1), m.group(2))))
        else:
            text.append(line)
    if "".join(text).strip():
        blocks.append(Block(text="\n".join(text).strip("\n")))
    return blocks


def inline_html(text: str) -> str:
    """Markdown text with each inline ``:cards[...]`` marker replaced by small card pictures
    (for ``st.markdown(..., unsafe_allow_html=True)``), ♥ and ♦ in red, and each rule option
    written as code (```joker_low_in_misere```) by the name the Rules page gives it
    (*Joker low in misère*)."""

    def picture(m: re.Match[str]) -> str:
        marker = parse_marker(m.group(1), m.group(2))
        return inline_cards_html(marker.cards, marker.order)

    # red suits first: the card pictures put in after are HTML, with suit symbols in labels
    return option_words(CARD_MARKER.sub(picture, red_suits(text)))


def next_lesson(lessons: list[Lesson], records: dict[str, Mastery]) -> Lesson | None:
    """The first lesson, in order, not yet mastered and not optional (None when all are)."""
    return next((lesson for lesson in lessons if not lesson.optional
                 and not records.get(lesson.id, Mastery()).mastered), None)
