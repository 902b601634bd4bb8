"""The rule book shipped with the app (``RULES.md`` at the project's root, a copy of the user's
rule book), split into its numbered sections for the Rules page (no Streamlit here).

The options are named as the Rules page names them (`option_words`: ``six_player_teams`` reads
*Six-player seating*). Learner-facing text cites sections as "rule book §N";
`rule_book_sections` gives the sections those citations point at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from trainer.ui.data.rule_options import option_words

RULE_BOOK = Path(__file__).resolve().parents[3] / "RULES.md"
_HEADING = re.compile(r"^## (\d+)\. (.+)$", re.MULTILINE)
# The file is kept identical to the user's rule book, which speaks of the project's source
# documents ("seeds", numbered 000 to 003); the learner reads the rule sheets' languages instead.
_FOR_LEARNERS = (
    ("The four seed documents in `seeds/`",
     "Four rule sheets (Portuguese, Italian, Polish and Spanish)"),
)
SOURCE_NAMES = {"000": "Portuguese", "001": "Italian", "002": "Polish", "003": "Spanish"}
"""The source documents by number (RULES.md's introduction), as the learner knows them."""
_SOURCES = re.compile(r"\b(00[0-3](?:, 00[0-3])*)\b('s)?")


def source_words(text: str) -> str:
    """``text`` with the rule book's source numbers in words: ``(002, 003)`` reads
    ``(Polish and Spanish rules)``, ``002's variant`` reads ``the Polish rules' variant``."""

    def words(m: re.Match[str]) -> str:
        langs = [SOURCE_NAMES[n] for n in m.group(1).split(", ")]
        joined = langs[0] if len(langs) == 1 else ", ".join(langs[:-1]) + " and " + langs[-1]
        return f"the {joined} rules'" if m.group(2) else f"{joined} rules"

    return _SOURCES.sub(words, text)


@dataclass(frozen=True)
class Section:
    """One numbered section: its number (§N), its title and its Markdown body."""

    number: int
    title: str
    body: str


def rule_book_sections(path: Path = RULE_BOOK) -> tuple[Section, ...]:
    """The numbered sections (``## N. Title`` headings) of the rule book at ``path``, in order;
    the introduction before the first section is left out. Raises `FileNotFoundError` if the
    file is missing."""
    text = path.read_text(encoding="utf-8")
    for old, new in _FOR_LEARNERS:
        text = text.replace(old, new)
    text = option_words(source_words(text))
    # re.split with a capturing group gives [intro, number, title, body, number, title, ...]
    parts = _HEADING.split(text)
    return tuple(
        Section(int(parts[i]), parts[i + 1].strip(), _end_tables(parts[i + 2].strip()))
        for i in range(1, len(parts), 3)
    )


def _end_tables(body: str) -> str:
    """``body`` with a blank line after each table: Markdown would read a line of text just
    below a table (§6's "Misère 250, ...") as one more row of it."""
    lines: list[str] = []
    for line in body.splitlines():
        if lines and lines[-1].startswith("|") and line.strip() and not line.startswith("|"):
            lines.append("")
        lines.append(line)
    return "\n".join(lines)
