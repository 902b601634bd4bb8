"""Practice questions do not show their answers (issue 29): the card asked about in "Which suit
does J♣ belong to?" is drawn without the trump ring and role words, and the trump-counting
questions draw the hand plain (no ring, not gathered trumps first) and show the trumps only
with the feedback."""

from __future__ import annotations

import re

from trainer.lessons.registry import make_question
from trainer.rules import CardOrder, RuleSet
from trainer.strategy_questions import make_strategy_question
from trainer.ui.pages.learn import group_html
from trainer.ui.strategy.lesson import question_cards_html
from trainer.ui.widgets.cards import TRUMP_RING

ROLE_WORDS = ("bower", "trump")


def labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def test_which_suit_draws_the_card_plain() -> None:
    seen = 0
    for seed in range(300):
        q = make_question("card-order", seed, RuleSet())
        if q.kind != "which_suit" or q.order is None or q.order.trump is None:
            continue
        assert q.subject is not None
        html = "".join(group_html(g, q.order) for g in q.cards)
        assert TRUMP_RING not in html, q.prompt
        assert not any(w in label for label in labels(html) for w in ROLE_WORDS), labels(html)
        if q.order.is_trump(q.subject):
            seen += 1
    assert seen > 10  # trumps were asked about, bowers and the joker among them
    # other hands are still drawn with their marks (the ring shows the trumps on the board)
    highest = next(
        q for s in range(300) if (q := make_question("card-order", s, RuleSet())).kind == "highest"
    )
    assert TRUMP_RING in "".join(group_html(g, highest.order) for g in highest.cards)


def test_trump_counting_questions_hide_the_trumps_until_answered() -> None:
    kinds = set()
    for lesson_id in ("valuing-a-hand", "declarer-play"):
        for seed in range(20):
            q = make_strategy_question(lesson_id, seed)
            kinds.add(q.kind)
            before = "".join(html for _, html in question_cards_html(q))
            assert TRUMP_RING not in before, (q.kind, seed)
            assert not any(w in label for label in labels(before) for w in ROLE_WORDS)
            assert q.trump is not None
            order = CardOrder(trump=q.trump)
            every = [c for _, cards in q.cards for c in cards]
            if q.kind == "pack_trumps":
                assert not every  # the twelve or thirteen trumps are not laid out above
                after = "".join(html for _, html in question_cards_html(q, answered=True))
                assert after.count("<svg") == int(q.answer)
                assert TRUMP_RING in after
            else:  # the hand in the no-trump order: its trumps are not gathered at its head
                assert list(every) == sorted(every, key=CardOrder().display_key)
                trumps = [c for c in every if order.is_trump(c)]
                assert len(trumps) < len(every)
    assert kinds == {"count_trumps", "pack_trumps", "draw_from_top", "trumps_out"}
