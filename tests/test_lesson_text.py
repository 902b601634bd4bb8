"""What the lessons state about the rules, checked against the revised rule book (statements
once wrong or loose). Each test cites RULES.md and the source sentence."""

from __future__ import annotations

import re
from dataclasses import fields

from trainer.lessons.registry import make_question
from trainer.rules import RuleSet
from trainer.ui.data.lesson_files import CARD_MARKER, load_lessons, parse_marker


def lesson(number: int) -> str:
    return next(x for x in load_lessons() if x.order == number).body


def flat(text: str) -> str:
    """The text with line breaks and runs of spaces made single spaces."""
    return re.sub(r"\s+", " ", text)


def test_no_lesson_states_the_old_rules() -> None:
    for x in load_lessons():
        text = flat(x.body)
        for old in ("joker_lead_any_suit", "joker_no_void_suit",
                    "between the queen and the 10, below the jack", "never a winner",
                    "and it never wins", "must be a suit not yet led",
                    "a suit not yet led in this hand**", "`american`"):
            assert old not in text, (x.id, old)


def test_six_player_order_has_the_jack() -> None:
    """RULES.md §2: "13, 12 and 11 sit between the jack and the 10 (A K Q J 13 12 11 10 9 … 3
    2)"; the engine's `Rank` agrees."""
    text = flat(lesson(2))
    assert "between the jack and the 10: A, K, Q, J, 13, 12, 11, 10, 9" in text
    assert ":cards[AH KH QH JH 13H 12H 11H TH 9H]" in text


def test_a_led_joker_names_any_suit_by_default() -> None:
    """RULES.md §5 (002: "Posiadacz dżokera może go nominować do dowolnego koloru"); the
    narrower rules are options of `joker_lead`."""
    text = flat(lesson(7))
    assert "any suit" in text and "`joker_lead`" in text
    assert "`not_shown_void`" in text and "`not_yet_led`" in text


def test_nothing_is_used_before_it_is_taught() -> None:
    """Issue 17: the joker at no trumps (lesson 7) and misère (lesson 8) are not taught in
    lessons 3 and 4, which point to lesson 7; their no-trump questions deal no joker."""
    for n in (3, 4):
        text = flat(lesson(n))
        assert "lesson 7" in text
        for later in ("joker_lead", "name a suit", "nominat", "misère", "joker_low_in_misere"):
            assert later not in text, (n, later)
    for quiz in ("following", "tricks"):
        no_trumps = [q for q in (make_question(quiz, seed, RuleSet()) for seed in range(300))
                     if q.order is not None and q.order.trump is None]
        assert len(no_trumps) > 20
        assert not any(c.is_joker for q in no_trumps for g in q.cards for c in g.cards)


def test_the_misere_example_can_be_dealt_with_every_pack() -> None:
    """Lesson 8's misère hand holds only cards of every pack (RULES.md §1: the 3-player pack
    is A down to 7 and the joker, 33 cards)."""
    for players in (2, 3, 4, 6):
        the_pack = set(RuleSet(players=players).pack)
        for m in CARD_MARKER.finditer(lesson(8)):
            assert set(parse_marker(m.group(1)).cards) <= the_pack, (players, m.group(0))


def test_low_joker_says_exactly_when_it_wins() -> None:
    """RULES.md §5 joker_low_in_misere: "Led, it is the lowest card of the suit its holder
    names, and wins only when nobody follows that suit; played when void, it is a discard and
    cannot win." Lessons 8 and 10 say so (lesson 4 no longer teaches misère, issue 17)."""
    assert "**wins the trick only when nobody follows the suit named**" in flat(lesson(8))
    assert "led it wins only when nobody follows the suit named" in flat(lesson(10))


def test_misere_declarer_keeping_a_free_joker_loses() -> None:
    """A misère declarer who keeps an un-nominated joker must play it, and unless it
    is low it wins that trick (RULES.md §5: played when its holder cannot follow, "it wins the
    trick (001, 002)")."""
    text = flat(lesson(8))
    assert "the declarer must play the joker some time" in text
    assert "**the misère is lost**" in text


def test_winning_by_defending_is_the_default() -> None:
    """RULES.md §7: "The first side to reach 500 wins, by bidding or by defending (000, 001,
    003)"; must_bid_to_win is 002's variant."""
    text = flat(lesson(9))
    assert "The first side to reach **500 or more** wins, by bidding or by defending" in text
    assert "Option `must_bid_to_win` (a variant the Polish rules give" in text


def test_variants_lesson_names_every_option_and_the_game_for_two() -> None:
    """Every rule option, shown on the Rules page, is named in the variants lesson, which asks
    about it; RULES.md §1 2 players (002, "Wersja dla 2 graczy")."""
    text = flat(lesson(10))
    for f in fields(RuleSet):
        assert f"`{f.name}`" in text, f.name
    assert "## The game for two" in lesson(10)
    for words in ("**10 cards in hand**", "**5 face-down cards with a face-up card on each**",
                  "**3 go to the kitty**", "**misère and open misère may not be bid**",
                  "the order is hand, hand, table, table", "it is table, table, hand, hand",
                  "turned face up at the end of that trick",
                  "**with the cards you may play at that moment**"):
        assert words in text, words
