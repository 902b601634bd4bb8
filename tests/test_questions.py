"""Practice questions: generated answers checked against RULES.md oracles written here, for many
seeds and every table; lesson files parse; rule options match the engine's RuleSet."""

from __future__ import annotations

from dataclasses import fields

import pytest

from trainer.cards import JOKER, Card, Rank, Suit, pack
from trainer.errors import RuleError
from trainer.quiz import MASTERY_STREAK, NO_SUIT, QUIZZES, Mastery, card_name, make_question
from trainer.rules import RuleSet, legal_plays, ruleset
from trainer.ui.lesson_files import (
    REQUIRED_KEYS,
    LessonError,
    inline_html,
    load_lessons,
    parse_lesson,
    split_blocks,
)
from trainer.ui.rule_options import CHOICES, PLAIN, option_specs, rules_summary, section_of

TABLES = {
    "four": ruleset(),
    "deck45": ruleset({"deck": 45}),
    "three": ruleset({"players": 3}),
    "six": ruleset({"players": 6}),
}
SEEDS = range(150)


# --- oracles written from RULES.md §2 and §4, independent of trainer.rules ---------------------

SAME_COLOUR = {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS,
               Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES}


def oracle_suit(card: Card, trump: Suit | None) -> Suit | None:
    """§2: the left bower and the joker are trumps; at no trumps the joker has no suit."""
    if card.is_joker:
        return trump
    if trump is not None and card.rank is Rank.JACK and card.suit is SAME_COLOUR[trump]:
        return trump
    return card.suit


def oracle_power(card: Card, trump: Suit | None) -> int:
    """§2: joker > right bower > left bower > A > K > Q > (13 12 11) > 10 ...; else by rank."""
    if card.is_joker:
        return 100
    assert card.rank is not None
    if trump is not None and card.rank is Rank.JACK:
        if card.suit is trump:
            return 99
        if card.suit is SAME_COLOUR[trump]:
            return 98
    return int(card.rank)


def oracle_legal(card: Card, hand: list[Card], led: Suit, trump: Suit | None) -> bool:
    """§4: follow the effective suit led if you can; otherwise anything."""
    follow = [c for c in hand if oracle_suit(c, trump) is led]
    return card in follow if follow else True


def oracle_winner(cards: list[Card], led: Suit, trump: Suit | None) -> int:
    """§4, §5: a free joker at no trumps wins; else the highest trump; else highest of suit led."""
    if trump is None and JOKER in cards:
        return cards.index(JOKER)
    target = trump if any(oracle_suit(c, trump) is trump for c in cards if trump) else led
    best = max(
        (i for i, c in enumerate(cards) if oracle_suit(c, trump) is target),
        key=lambda i: oracle_power(cards[i], trump),
    )
    return best


# --- generated questions -----------------------------------------------------------------------


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("quiz", QUIZZES)
def test_questions_are_well_formed_and_reproducible(quiz: str, table: str) -> None:
    rules = TABLES[table]
    the_pack = set(rules.pack)
    for seed in range(60):
        q = make_question(quiz, seed, rules)
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
        assert q.prompt and q.explanation and q.quiz == quiz and q.seed == seed
        assert make_question(quiz, seed, rules) == q
        for group in q.cards:
            for card in group.cards:
                if quiz != "pack":  # the pack quiz also shows cards that are not in the pack
                    assert card in the_pack


def test_questions_vary() -> None:
    for quiz in QUIZZES:
        prompts = {make_question(quiz, seed, ruleset()).prompt for seed in range(40)}
        assert len(prompts) > 10, quiz


@pytest.mark.parametrize("table", TABLES)
def test_pack_answers(table: str) -> None:
    rules = TABLES[table]
    cards = pack(rules.players, rules.deck)
    seen = set()
    for seed in SEEDS:
        q = make_question("pack", seed, rules)
        seen.add(q.topic)
        if q.topic == "in_pack":
            assert q.subject is not None
            assert q.answer == ("Yes" if q.subject in cards else "No")
        elif q.topic == "count":
            assert q.answer == str(len(cards))
        elif q.topic == "kitty":
            assert q.answer == str(len(cards) - 10 * rules.players)
        else:
            assert q.topic == "lowest"
            suit = next(s for s in Suit if s.noun[:-1] in q.prompt)
            assert q.answer == str(min(int(c.rank) for c in cards if c.suit is suit and c.rank))
    assert seen == {"in_pack", "count", "kitty", "lowest"}


def test_pack_facts_from_rules_md() -> None:
    # RULES.md §1: 43 cards, kitty 3; deck=45 kitty 5; 3 players 33; 6 players 63.
    expect = {"four": ("43", "3"), "deck45": ("45", "5"), "three": ("33", "3"), "six": ("63", "3")}
    for table, (size, kitty) in expect.items():
        for seed in SEEDS:
            q = make_question("pack", seed, TABLES[table])
            if q.topic == "count":
                assert q.answer == size
            if q.topic == "kitty":
                assert q.answer == kitty


@pytest.mark.parametrize("table", TABLES)
def test_card_order_answers(table: str) -> None:
    rules = TABLES[table]
    seen = set()
    for seed in SEEDS:
        q = make_question("card-order", seed, rules)
        seen.add(q.topic)
        assert q.order is not None
        trump = q.order.trump
        if q.topic == "which_suit":
            assert q.subject is not None
            suit = oracle_suit(q.subject, trump)
            assert q.answer == (suit.noun if suit else NO_SUIT)
        elif q.topic == "highest":
            shown = list(q.cards[0].cards)
            assert all(oracle_suit(c, trump) is trump for c in shown)
            assert q.answer == card_name(max(shown, key=lambda c: oracle_power(c, trump)))
        else:
            assert q.topic == "bower" and trump is not None
            which = "right" if "right bower" in q.prompt else "left"
            suit = trump if which == "right" else SAME_COLOUR[trump]
            assert q.answer == card_name(Card(suit, Rank.JACK))
    assert seen == {"which_suit", "highest", "bower"}


def test_left_bower_explained() -> None:
    found = 0
    for seed in range(400):
        q = make_question("card-order", seed, ruleset())
        if q.topic == "which_suit" and q.subject == Card(Suit.DIAMONDS, Rank.JACK) and (
            q.order is not None and q.order.trump is Suit.HEARTS
        ):
            assert q.answer == "hearts"
            assert "left bower" in q.explanation and "heart" in q.explanation
            found += 1
    assert found


@pytest.mark.parametrize("table", TABLES)
def test_following_answers(table: str) -> None:
    rules = TABLES[table]
    answers = set()
    for seed in SEEDS:
        q = make_question("following", seed, rules)
        assert q.order is not None and q.subject is not None
        trick = q.group("The trick so far").plays
        hand = list(q.group("Your hand").cards)
        lead = trick[0]
        led = lead.named if lead.named is not None else oracle_suit(lead.card, q.order.trump)
        assert led is not None
        expected = oracle_legal(q.subject, hand, led, q.order.trump)
        assert q.answer == ("Yes" if expected else "No")
        # and the engine agrees
        you = rules.seats[len(rules.seats) // 2]
        legal = {p.card for p in legal_plays(hand, trick, q.order, rules, you)}
        assert (q.subject in legal) == expected
        answers.add(q.answer)
    assert answers == {"Yes", "No"}


def test_following_left_bower_feedback() -> None:
    for seed in range(2000):
        q = make_question("following", seed, ruleset())
        assert q.order is not None and q.subject is not None
        trump = q.order.trump
        lead = q.group("The trick so far").plays[0]
        if (
            trump is not None
            and q.subject == Card(SAME_COLOUR[trump], Rank.JACK)
            and lead.card.suit is SAME_COLOUR[trump]
            and not lead.card.is_joker
            and lead.card.rank is not Rank.JACK
        ):
            assert "left bower" in q.explanation
            if q.answer == "No":
                assert "does not follow" in q.explanation
            return
    pytest.fail("no left-bower question in 2000 seeds")


@pytest.mark.parametrize("table", TABLES)
def test_trick_answers(table: str) -> None:
    rules = TABLES[table]
    for seed in SEEDS:
        q = make_question("tricks", seed, rules)
        assert q.order is not None
        group = q.group("The trick")
        assert len(group.plays) == rules.players
        cards = list(group.cards)
        lead = group.plays[0]
        led = lead.named if lead.named is not None else oracle_suit(lead.card, q.order.trump)
        assert led is not None
        winner = oracle_winner(cards, led, q.order.trump)
        assert q.answer == q.choices[winner]
        assert q.answer.split(": ", 1)[1].split(" (")[0] in q.explanation
        assert q.order.trick_winner(group.plays) == winner


def test_feedback_words() -> None:
    q = make_question("tricks", 3, ruleset())
    wrong = next(c for c in q.choices if c != q.answer)
    assert q.feedback(q.answer).startswith("Right")
    assert q.feedback(wrong).startswith("Not quite") and q.answer in q.feedback(wrong)
    assert q.explanation in q.feedback(wrong)


def test_unknown_quiz() -> None:
    with pytest.raises(KeyError, match="unknown kind"):
        make_question("bidding", 1, ruleset())


def test_mastery() -> None:
    m = Mastery()
    for _ in range(MASTERY_STREAK - 1):
        m = m.record(True)
    assert not m.mastered
    m = m.record(False)
    assert m.streak == 0 and m.best == MASTERY_STREAK - 1 and m.answered == MASTERY_STREAK
    for _ in range(MASTERY_STREAK):
        m = m.record(True)
    assert m.mastered and m.right == 2 * MASTERY_STREAK - 1
    assert m.record(False).mastered  # mastery stays


# --- lesson files ------------------------------------------------------------------------------


def test_every_lesson_parses() -> None:
    lessons = load_lessons()
    assert [lesson.order for lesson in lessons] == [1, 2, 3, 4]
    assert {lesson.quiz for lesson in lessons} == set(QUIZZES)
    for lesson in lessons:
        assert lesson.id and lesson.title and lesson.body.strip()
        blocks = split_blocks(lesson.body)
        assert any(b.marker is not None for b in blocks), lesson.id
        for block in blocks:
            if block.marker is not None:
                html = block.marker.row_html()
                assert html.count("<svg") == len(block.marker.cards)
            else:
                assert ":cards[" not in inline_html(block.text)


def test_lesson_front_matter_errors() -> None:
    good = "---\nid: x\ntitle: X\norder: 1\nquiz: pack\n---\nText :cards[JD]{trump=H}\n"
    assert parse_lesson(good).id == "x"
    for key in REQUIRED_KEYS:
        text = "\n".join(line for line in good.splitlines() if not line.startswith(key + ":"))
        with pytest.raises(LessonError, match=key):
            parse_lesson(text)
    with pytest.raises(LessonError, match="front matter"):
        parse_lesson("# no front matter\n")
    with pytest.raises(LessonError, match="quiz"):
        parse_lesson(good.replace("quiz: pack", "quiz: nothing"))
    with pytest.raises(LessonError, match="order"):
        parse_lesson(good.replace("order: 1", "order: first"))
    with pytest.raises(LessonError, match="ZZ"):
        parse_lesson(good + ":cards[AS ZZ]\n")
    with pytest.raises(LessonError, match="trump"):
        parse_lesson(good + ":cards[AS]{trump=X}\n")


def test_marker_labels_roles() -> None:
    html = inline_html("With hearts trumps :cards[JD]{trump=H} is a heart.")
    assert "jack of diamonds, left bower" in html
    assert "With hearts trumps <span" in html


# --- rule options ------------------------------------------------------------------------------


def test_every_ruleset_field_is_described() -> None:
    names = [f.name for f in fields(RuleSet)]
    specs = option_specs()
    assert [s.name for s in specs] == names
    for spec in specs:
        assert spec.name in PLAIN, spec.name
        assert spec.section in (1, 3, 4, 5, 6, 7), spec.name
        assert spec.default in spec.choices
        assert spec.engine_note  # the engine's docstring was found


def test_choices_are_accepted_by_the_engine() -> None:
    for name, table in CHOICES.items():
        for value in table:
            ruleset({name: value})
    with pytest.raises(RuleError):
        ruleset({"players": 3, "deck": 45})


def test_section_and_summary() -> None:
    assert section_of("§5 ``joker_lead_any_suit``: ...") == 5
    assert section_of("no section") is None
    assert rules_summary(ruleset()) == "4 players, 43-card pack, kitty 3"
    assert "kitty 5" in rules_summary(ruleset({"deck": 45}))
    assert "overtricks 10: on" in rules_summary(ruleset({"overtricks_10": True}))
