"""Words a learner meets (issue 29, "Words a beginner meets without explanation"): the game
review counts its grades in proper English ("2 inaccuracies", "an inaccuracy"), a call's grade
reason names the call as the game writes it ("bidding 6♥", not "bidding 6H"), and no page, rule
book section or error line shows a rule option's code name (`six_player_teams`): they are named
as the Rules page names them (trainer/ui/data/rule_options.py's ``TITLES``)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from trainer.cards import Seat
from trainer.errors import RuleError
from trainer.review.grade import DecisionReview, HandReview, _call_words
from trainer.rules import RuleSet
from trainer.ui.data.rule_book import rule_book_sections
from trainer.ui.data.rule_options import CHOICES, TITLES, option_words, rule_words
from trainer.ui.game.review_view import a_grade, costly_title, count_words, summary_words
from trainer.ui.game.turns import ERROR_KEY

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
FIELDS = tuple(f.name for f in fields(RuleSet))
CODED = re.compile(r"(?<![\w-])(" + "|".join(n for n in FIELDS if "_" in n) + r")(?![\w-])")
"""A RuleSet field name with an underscore, as a word (``players``, ``deck`` and ``misere`` are
everyday words: they are caught only in code, `BACKTICKED`)."""
BACKTICKED = re.compile(r"`(" + "|".join(FIELDS) + r")[`=]")


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


def raw_names(text: str) -> list[str]:
    """The rule option code names in ``text``."""
    return CODED.findall(text) + BACKTICKED.findall(text)


# --- the review's grade words --------------------------------------------------------------------


@pytest.mark.parametrize(("label", "words"), [
    ("Inaccuracy", ("0 inaccuracies", "1 inaccuracy", "2 inaccuracies")),
    ("Mistake", ("0 mistakes", "1 mistake", "2 mistakes")),
    ("Blunder", ("0 blunders", "1 blunder", "2 blunders")),
    ("Best", ("0 best", "1 best", "2 best")),
    ("Good", ("0 good", "1 good", "2 good")),
    ("Only choice", ("0 only choices", "1 only choice", "2 only choices")),
])
def test_a_grade_counted_takes_its_plural(label: str, words: tuple[str, ...]) -> None:
    assert tuple(count_words(label, n) for n in (0, 1, 2)) == words


def test_a_grade_takes_its_article() -> None:
    assert [a_grade(x) for x in ("Inaccuracy", "Mistake", "Blunder")] == [
        "an inaccuracy", "a mistake", "a blunder"]


def decision(number: int, band: str, kind: str = "card", chosen: str = "AS",
             cost: float = 0.0, forced: bool = False) -> DecisionReview:
    return DecisionReview(number, kind, 1 if kind == "card" else None, chosen, "KS", cost,
                          None, band, (), "", number, forced=forced)


def test_the_review_summary_counts_each_grade_in_words() -> None:
    bands = ["best", "inaccuracy", "blunder", "inaccuracy", "good", "mistake", "best", "best"]
    decisions = [decision(i, b) for i, b in enumerate(bands)]
    decisions.append(decision(len(bands), "best", forced=True))
    review = HandReview(Seat.S, "7H", Seat.S, tuple(decisions), 70.0)
    assert summary_words(review) == (
        "3 best · 1 good · 2 inaccuracies · 1 mistake · 1 blunder · 1 only choice")
    one = HandReview(Seat.S, "7H", Seat.S, (decision(0, "inaccuracy"),), 80.0)
    assert summary_words(one) == "1 inaccuracy"


def test_a_costly_decision_s_heading_has_its_article_and_the_call_in_symbols() -> None:
    assert costly_title(decision(0, "inaccuracy", "call", "8H", 31.6)) == (
        "Auction: 8♥, an inaccuracy (about 32 points)")
    assert costly_title(decision(1, "blunder", "card", "JK:H", 140.0)) == (
        "Trick 1: the joker (named ♥), a blunder (about 140 points)")


@pytest.mark.parametrize(("code", "words"), [
    ("6H", "bidding 6♥"), ("7NT", "bidding 7NT"), ("10D", "bidding 10♦"),
    ("MIS", "bidding misère"), ("OMIS", "bidding open misère"), ("P", "passing"),
])
def test_a_call_s_grade_reason_names_the_call_as_the_game_writes_it(code: str,
                                                                   words: str) -> None:
    assert _call_words(code) == words


# --- option names ------------------------------------------------------------------------------


BAD_VALUES: dict[str, Any] = {name: "no such value" for name in CHOICES} | {
    "players": 5, "deck": 44}


@pytest.mark.parametrize("name", FIELDS)
def test_an_error_line_names_the_option_as_the_rules_page_does(name: str) -> None:
    with pytest.raises(RuleError) as caught:
        RuleSet(**{name: BAD_VALUES.get(name, 2)})
    raw = str(caught.value)
    assert raw.startswith(f"{name}: ")  # the engine's message names the field (its API)
    line = rule_words(raw)
    assert line.startswith(f"{TITLES[name]}: "), line
    assert not raw_names(line), line


def test_an_error_line_s_values_are_in_words() -> None:
    with pytest.raises(RuleError) as caught:
        RuleSet(six_player_teams="x")
    line = rule_words(str(caught.value))
    assert line == ("Six-player seating: 'x' is not one of two teams of three, three pairs, "
                    "each for themselves")
    assert rule_words("deck: the 45-card pack is for 4 players only") == (
        "Pack: the 45-card pack is for 4 players only")
    # everyday words are left alone where they do not name an option
    assert rule_words("4 players, 43-card pack, no misere here") == (
        "4 players, 43-card pack, no misere here")


def test_the_rule_book_names_no_option_by_its_code() -> None:
    for section in rule_book_sections():
        assert not raw_names(section.body), (section.number, raw_names(section.body))
    first = rule_book_sections()[0].body
    assert "*Pack*: 45 cards (black 4s kept)" in first  # was `deck=45`
    assert "*Six-player seating*: *two teams of three*" in first
    assert option_words("`first_lead=dealer_left`") == (
        "*First lead*: the player left of the dealer")


def shown_text(node: Any) -> list[str]:
    """Every string an element tree shows: values, labels, help, options, table cells."""
    out: list[str] = []
    for child in getattr(node, "children", {}).values():
        proto = getattr(child, "proto", None)
        for name in ("value", "label", "help", "body", "placeholder"):
            try:
                value = getattr(child, name, None)
            except Exception:  # a widget whose value needs a session value it lacks
                value = None
            if isinstance(value, str):
                out.append(value)
        options = getattr(child, "options", None)
        if isinstance(options, list | tuple):
            out += [str(o) for o in options]
        if proto is not None and getattr(proto, "help", ""):
            out.append(proto.help)
        out += shown_text(child)
    return out


def app(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(f"trainer/ui/pages/{page}").run()
    assert not at.exception, at.exception
    return at


def test_the_rules_page_shows_no_option_code_names() -> None:
    at = app("rules.py")
    for expander in at.expander:  # the rule book's sections and every option, opened
        expander.proto.expanded = True
    text = "\n".join(shown_text(at.main))
    assert "Six-player seating" in text and "Where misère ranks" in text
    assert not raw_names(text), sorted(set(raw_names(text)))
    # an impossible combination: the 45-card pack at a table of three
    at.selectbox(key="rule:deck").set_value(45).run()
    at.selectbox(key="rule:players").set_value(3).run()
    errors = [e.value for e in at.error]
    assert errors and errors[0].startswith(
        "These options do not go together: Pack: the 45-card pack is for 4 players only."), errors
    assert not raw_names("\n".join(shown_text(at.main)))


def test_the_game_page_shows_no_option_code_names() -> None:
    at = app("game.py")
    text = "\n".join(shown_text(at.main))
    assert text and not raw_names(text), sorted(set(raw_names(text)))
    # a refused action's line (turns.ERROR_KEY) as the page shows it
    at.session_state[ERROR_KEY] = "deck: the 45-card pack is for 4 players only"
    at.run()
    assert [e.value for e in at.error] == ["Pack: the 45-card pack is for 4 players only"]
