"""The five strategy lessons (lessons 11-15, issue 17): every claim about a worked example
checked by the solver (play) or against the record and the engine (bid), the examples' themes,
the lesson files' shape, and the engine-made practice questions."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from trainer.cards import JOKER, SUITS, Card, Seat, Suit, pack
from trainer.generate.goals import judge
from trainer.generate.records import PlayPuzzle, load_play_puzzles
from trainer.notation import parse_card, parse_play
from trainer.rules import CardOrder, Play, legal_plays, ruleset
from trainer.strategy_questions import (
    STRATEGY_KINDS,
    StrategyQuestion,
    make_strategy_question,
    question_kinds,
)
from trainer.ui.data.lesson_files import load_lessons
from trainer.ui.data.puzzle_bank import load_bid_puzzles
from trainer.ui.data.strategy_lessons import (
    ExampleClaim,
    LessonError,
    example_words,
    load_strategy_lessons,
    parse_example,
    parse_strategy,
    theme_target,
)
from trainer.ui.pages import BID_PAGE, PLAY_PAGE

ROOT = Path(__file__).resolve().parents[1]
STRATEGY = load_strategy_lessons()
LESSONS = {lesson.id: lesson for lesson in load_lessons()}
EXAMPLES = [(lesson_id, e) for lesson_id, s in STRATEGY.items() for e in s.examples]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", ""))


@cache
def play_bank() -> dict[str, PlayPuzzle]:
    return {p.id: p for p in load_play_puzzles(ROOT / "puzzles" / "play.jsonl.gz")}


@cache
def bid_bank() -> dict[str, object]:
    return {p.id: p for p in load_bid_puzzles(ROOT / "puzzles" / "bid.jsonl.gz")}


def play_words(code: str) -> str:
    """How the lesson names a play: ``J♦``, or ``joker naming ♣`` for ``JK:C``."""
    play = parse_play(code)
    if play.named is not None:
        return f"joker naming {play.named.symbol}"
    return "joker" if play.card.is_joker else play.card.pretty


# --- the lesson files --------------------------------------------------------------------------


def test_five_strategy_lessons_after_the_rules() -> None:
    orders = {lesson_id: LESSONS[lesson_id].order for lesson_id in STRATEGY}
    assert sorted(orders.values()) == [11, 12, 13, 14, 15]
    assert set(STRATEGY) == set(STRATEGY_KINDS)
    rules_orders = [x.order for x in LESSONS.values() if x.id not in STRATEGY]
    assert max(rules_orders) < 11
    for lesson_id, strategy in STRATEGY.items():
        assert len(strategy.examples) == 3, lesson_id
        assert strategy.themes, lesson_id
        body = LESSONS[lesson_id].body
        for e in strategy.examples:  # every example drawn in the text, once
            assert body.count(f":example[{e.puzzle_id}]") == 1, (lesson_id, e.puzzle_id)


def test_example_entries_parse_and_reject() -> None:
    assert parse_example("b0000144 7C C:4") == ExampleClaim("b0000144", "bid", "7C",
                                                            (Suit.CLUBS, 4))
    assert parse_example("p0000356 JK:C").claim == "JK:C"
    assert parse_example("p0000356 JK:C").address == "/play?puzzle=p0000356"
    for bad in ("x0001 7C", "p0000001", "b0000144 7C C:four"):
        with pytest.raises(LessonError):
            parse_example(bad)
    text = "---\nid: x\ntitle: X\norder: 20\nkind: strategy\nexamples: p0000001 9H\n---\n"
    with pytest.raises(LessonError, match="p0000002"):
        parse_strategy(text + ":example[p0000002]\n")
    assert parse_strategy(text.replace("kind: strategy", "quiz: pack")) is None


def test_theme_links_go_to_the_page_and_filter() -> None:
    assert theme_target("drawing_trumps") == (PLAY_PAGE, "play_themes", "drawing_trumps")
    assert theme_target("misere") == (PLAY_PAGE, "play_types", "misere")
    assert theme_target("defence") == (PLAY_PAGE, "play_sides", "defence")
    assert theme_target("raise") == (BID_PAGE, "bid_themes", "raise")


# --- every claim on a worked example -------------------------------------------------------------


@pytest.mark.parametrize(("lesson_id", "example"), EXAMPLES,
                         ids=[e.puzzle_id for _, e in EXAMPLES])
def test_examples_themes_match_the_lesson(lesson_id: str, example: ExampleClaim) -> None:
    bank = play_bank() if example.kind == "play" else bid_bank()
    puzzle = bank[example.puzzle_id]
    assert set(puzzle.themes) & set(STRATEGY[lesson_id].themes), puzzle.themes
    assert puzzle.write_up  # the worked example shows the idea in words


PLAY_EXAMPLES = [(i, e) for i, e in EXAMPLES if e.kind == "play"]


@pytest.mark.parametrize(("lesson_id", "example"), PLAY_EXAMPLES,
                         ids=[e.puzzle_id for _, e in PLAY_EXAMPLES])
def test_play_claim_holds_by_the_solver(lesson_id: str, example: ExampleClaim) -> None:
    from trainer.solver import Solver

    puzzle = play_bank()[example.puzzle_id]
    state = puzzle.position.to_state()
    verdicts = judge(Solver().analyse(state), state, puzzle.goal, 0)
    right = {p.code for p in verdicts.right}
    assert example.claim in right, (example.claim, right)
    assert verdicts.wrong  # a real decision: some card fails
    words = flat(example_words(LESSONS[lesson_id].body)[example.puzzle_id])
    assert play_words(example.claim) in words, words


BID_EXAMPLES = [(i, e) for i, e in EXAMPLES if e.kind == "bid"]


@pytest.mark.parametrize(("lesson_id", "example"), BID_EXAMPLES,
                         ids=[e.puzzle_id for _, e in BID_EXAMPLES])
def test_bid_claim_is_the_best_call_and_the_trumps_count(lesson_id: str,
                                                         example: ExampleClaim) -> None:
    from trainer.ui.widgets.auction import call_text

    puzzle = bid_bank()[example.puzzle_id]
    assert puzzle.analysis.best.call == example.claim
    words = flat(example_words(LESSONS[lesson_id].body)[example.puzzle_id])
    assert call_text(example.claim) in words, words
    assert example.trumps is not None
    suit, count = example.trumps
    order = CardOrder(trump=suit)
    assert sum(order.is_trump(c) for c in puzzle.analysis.hand) == count
    assert f"{count} trumps" in words


def test_the_lesson_texts_facts_about_the_examples() -> None:
    """The positions say what the lessons say about them."""
    bank = play_bank()

    def held(puzzle_id: str, seat: Seat) -> set[str]:
        return {c.code for c in bank[puzzle_id].position.hands[seat]}

    assert {"AD"} <= held("p0000066", Seat.N) and {"TD"} <= held("p0000066", Seat.S)
    assert {c for c in held("p0000005", Seat.N) if c.endswith("D")} == {"8D"}  # one diamond
    assert "TC" in held("p0000356", Seat.W)  # West's 10♣ above North's 7♣
    assert not {c for s in (Seat.E, Seat.S) for c in held("p0000356", s) if c.endswith("C")}
    assert "QD" in held("p0000591", Seat.S)  # 9♦ would let South win with Q♦
    assert "KS" in held("p0000218", Seat.W)  # Q♠ gives a trick to West's K♠
    assert bank["p0000206"].position.trick[1] == Play(parse_card("TC"))
    bid = bid_bank()["b0000006"].analysis  # "8NT goes your way only 17% of the time"
    eight = next(c for c in bid.candidates if c.call == "8NT")
    assert bid.candidates[1] is eight and round(eight.p_make * 100) == 17
    assert eight.finals[0] == ("8NT", "W", 88)  # "you play it on 88 of the 100 layouts"
    assert bid_bank()["b0000009"].analysis.auction[1] == "8H"  # partner's 8♥


def test_trumps_in_the_pack() -> None:
    """Lesson 11: 13 trumps in a red suit, 12 in a black one (RULES.md §1, §2)."""
    for suit in SUITS:
        order = CardOrder(trump=suit)
        assert sum(order.is_trump(c) for c in pack()) == (13 if suit.is_red else 12)


# --- practice questions --------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", list(STRATEGY_KINDS))
def test_questions_are_reproducible_and_answerable(lesson_id: str) -> None:
    kinds = set()
    for seed in range(60):
        q = make_strategy_question(lesson_id, seed)
        assert q == make_strategy_question(lesson_id, seed)
        assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
        assert q.feedback(q.answer).startswith("Right")
        wrong = next(c for c in q.choices if c != q.answer)
        assert q.feedback(wrong).startswith(f"Not quite: the answer is {q.answer}")
        kinds.add(q.kind)
    assert kinds == set(question_kinds(lesson_id))
    with pytest.raises(KeyError):
        make_strategy_question("the-pack", 1)


def _cards(q: StrategyQuestion, label: str) -> tuple[Card, ...]:
    return dict(q.cards)[label]


def test_answers_agree_with_the_engine() -> None:
    rules = ruleset()
    for seed in range(40):
        q = make_strategy_question("valuing-a-hand", seed)
        if q.kind == "count_trumps":
            order = CardOrder(trump=q.trump)
            assert q.answer == str(sum(order.is_trump(c) for c in _cards(q, "Your hand")))
        q = make_strategy_question("declarer-play", seed)
        order = CardOrder(trump=q.trump)
        hand = _cards(q, "Your hand")
        trumps = [c for c in hand if order.is_trump(c)]
        if q.kind == "draw_from_top":
            assert q.answer == max(trumps, key=order.power).pretty
        else:
            assert int(q.answer) == (13 if q.trump.is_red else 12) - len(trumps)
        q = make_strategy_question("joker-no-trumps", seed)
        if q.kind == "joker_follow":
            lead = _cards(q, "West leads")[0]
            legal = legal_plays(_cards(q, "Your hand"), [Play(lead)], CardOrder(), rules, Seat.S)
            assert (JOKER in {p.card for p in legal}) == q.answer.startswith("Yes")
        else:
            assert q.answer in q.prompt  # the seat that played the joker wins
        q = make_strategy_question("defence", seed)
        if q.kind == "third_hand":
            lead, second = _cards(q, "The trick so far, North first")
            mine = parse_card(q.answer.replace("10", "T").replace("♠", "S").replace(
                "♣", "C").replace("♦", "D").replace("♥", "H"))
            order = CardOrder()
            assert order.trick_winner([Play(lead), Play(second), Play(mine)]) == 2
            lower = [c for c in _cards(q, "Your hand") if c.suit is mine.suit
                     and order.power(c) < order.power(mine)]
            assert all(order.trick_winner([Play(lead), Play(second), Play(c)]) != 2
                       for c in lower)
        else:
            level = int(q.prompt.split("contract is ")[1][:2].rstrip("NT♠♣♦♥S"))
            taken = int(q.prompt.split("has taken ")[1].split(".")[0])
            assert int(q.answer) == 11 - level - taken
        q = make_strategy_question("misere-play", seed)
        if q.kind == "highest_duck":
            order = CardOrder()
            lead = _cards(q, "East leads")[0]
            suit = [c for c in _cards(q, "Your hand") if c.suit is lead.suit]
            under = [c for c in suit if order.power(c) < order.power(lead)]
            assert q.answer == max(under, key=order.power).pretty
