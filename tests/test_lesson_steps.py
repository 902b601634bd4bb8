"""The lesson steps' tasks, checked by the engine: each kind on hand-made cases (right and wrong
answers), and every step of every lesson parses with an answer the engine computes."""

from __future__ import annotations

import pytest

from trainer.lessons.tasks import (
    FACTS,
    KINDS,
    PICK_RULES,
    TaskError,
    TaskView,
    build_task,
    parse_task,
)
from trainer.ui.data.lesson_files import LessonError, load_lessons, parse_lesson
from trainer.ui.data.lesson_steps import StepError, split_steps

RE_CUT = ("the-pack", "card-order", "following", "winning-tricks", "bidding", "kitty", "joker",
          "misere", "scoring")


def view(marker: str) -> TaskView:
    return build_task(parse_task(marker))


def test_pick_cards_out_of_the_pack() -> None:
    """RULES.md §1: the 43-card pack has no 2s, 3s or black 4s."""
    v = view(':task[pick_cards]{rule=out_of_pack cards="AS 2S 4H 4C 3D JK"}')
    assert v.multi and v.right == {"2S", "4C", "3D"}
    assert v.check(["2S", "4C", "3D"])
    assert not v.check(["2S", "4C"]) and not v.check(["2S", "4C", "3D", "4H"])
    assert v.miss_words(["2S", "4H"]) == (
        "Not yet: 4♥ does not belong; 2 cards still to find. Try again.")


def test_pick_cards_every_trump_takes_the_left_bower_and_the_joker() -> None:
    """RULES.md §2: with hearts trumps the joker and J♦ are trumps; J♣ is not."""
    v = view(':task[pick_cards]{rule=trump trump=H cards="JD 9D JH KS JK 5H JC"}')
    assert v.right == {"JD", "JH", "JK", "5H"}
    assert "J♦ (the left bower)" in v.why
    diamonds = view(':task[pick_cards]{rule=suit suit=D trump=H cards="JD 9D AD 5H"}')
    assert diamonds.right == {"9D", "AD"} and "left bower" in diamonds.why
    bowers = view(':task[pick_cards]{rule=bowers trump=S cards="JS JC JD JH AS"}')
    assert bowers.right == {"JS", "JC"}


def test_highest_trump_and_highest_of_a_suit() -> None:
    v = view(':task[highest]{cards="AH KH JD TH" trump=H}')
    assert v.right == {"JD"} and not v.multi
    assert v.check(["JD"]) and not v.check(["AH"])
    assert "J♦ (the left bower) ranks above it" in v.miss_words(["AH"])
    assert view(':task[highest]{cards="AH JK JH" trump=H}').right == {"JK"}
    # at no trumps the jack is below the queen
    assert view(':task[highest]{cards="JH 9H QH TH"}').right == {"QH"}
    # the highest spade with clubs trumps: J♠ is a club, so A♠
    assert view(':task[highest]{cards="JS AS KS 9C" trump=C suit=S}').right == {"AS"}


def test_legal_follows_the_effective_suit() -> None:
    """RULES.md §2: holding J♦ with hearts trumps and a diamond led, play the other diamond."""
    v = view(':task[legal]{hand="JD 8D AS KC 5H" trick="QD" trump=H every=yes}')
    assert v.right == {"8D"} and v.multi
    assert not v.check(["8D", "JD"])
    assert "J♦ is the left bower" in v.why
    alone = view(':task[legal]{hand="JD AS KC 5C" trick="9D" trump=H}')
    assert alone.right == {"JD", "AS", "KC", "5C"} and alone.check(["AS"])
    trumps = view(':task[legal]{hand="JD AS KC 7D" trick="AH" trump=H}')
    assert trumps.right == {"JD"} and not trumps.check(["7D"])
    assert "Not 7♦" in trumps.miss_words(["7D"])
    joker = view(':task[legal]{hand="JK AS 7D" trick="9H 5H" trump=H}')
    assert joker.right == {"JK"}
    assert joker.trick and [c.code for c in joker.trick] == ["9H", "5H"]


def test_winner_by_trick_winner() -> None:
    """RULES.md §4: the highest trump wins, else the highest card of the suit led."""
    assert view(':task[winner]{trick="KS AS 4H 9S" trump=H}').right == {"4H"}
    discard = view(':task[winner]{trick="QD 7D AC KD" trump=H}')
    assert discard.right == {"KD"} and "A♣ cannot win" in discard.why
    assert not discard.check(["AC"])
    assert view(':task[winner]{trick="AH 5H JD KH" trump=H}').right == {"JD"}
    assert view(':task[winner]{trick="JH AS QH 5H"}').right == {"QH"}
    assert "North J♥ led" in view(':task[winner]{trick="JH AS QH 5H"}').note


def test_score_by_score_hand() -> None:
    """RULES.md §6: 7♥ made scores 200, set loses 200; defenders 10 a trick; slam 250."""
    made = view(":task[score]{bid=7H tricks=8}")
    assert made.right == {"+200"} and "−200" in made.choices and len(made.choices) == 4
    assert not made.check(["+210"])
    assert view(":task[score]{bid=7H tricks=6}").right == {"−200"}
    assert view(":task[score]{bid=7H tricks=6 side=defenders}").right == {"+40"}
    assert view(":task[score]{bid=6S tricks=10}").right == {"+250"}


def test_choose_facts() -> None:
    assert view(":task[choose]{fact=pack_size}").right == {"43"}
    assert view(":task[choose]{fact=kitty_size}").right == {"3"}
    assert view(":task[choose]{fact=partner seat=E}").right == {"West"}
    assert view(":task[choose]{fact=next_player seat=W}").right == {"North"}
    assert view(":task[choose]{fact=left_bower trump=S}").right == {"J♣"}
    assert view(":task[choose]{fact=suit_of card=JD trump=H}").right == {"Hearts"}
    assert view(":task[choose]{fact=higher_bid a=7S b=6NT}").right == {"7♠"}
    assert view(":task[choose]{fact=bid_value bid=8D}").right == {"280"}
    assert view(":task[choose]{fact=first_lead}").right == {"The declarer"}
    assert view(":task[choose]{fact=tricks_in_hand}").right == {"10"}
    assert set(FACTS) >= {"pack_size", "left_bower", "suit_of"}


def test_joker_at_no_trumps_nominated_free_and_led() -> None:
    """RULES.md §5: a nominated joker is the highest of its suit and a discard on another suit;
    a free joker waits while its holder can follow, wins when played, and a led joker is
    followed in the suit named, which may be any suit (`nameable_suits`)."""
    assert view(':task[highest]{cards="QS JK AS" suit=S joker=S}').right == {"JK"}
    assert view(':task[winner]{trick="9H KH JK 5H" joker=S}').right == {"KH"}
    assert view(':task[winner]{trick="9H KH JK 5H"}').right == {"JK"}
    assert view(':task[winner]{trick="JK 9S AS" named=S}').right == {"JK"}
    wait = view(':task[legal]{hand="JK KH 4H" trick="9H" every=yes}')
    assert wait.right == {"KH", "4H"} and "must wait" in wait.why
    assert view(':task[legal]{hand="JK AS 7D" trick="9H"}').right == {"JK", "AS", "7D"}
    assert view(':task[legal]{hand="KS 7S AD" trick="JK" named=S}').right == {"KS", "7S"}
    assert view(":task[choose]{fact=joker_lead_suits}").right == {
        "Any suit: spades, clubs, diamonds or hearts"}
    with pytest.raises(TaskError, match="named"):
        view(':task[legal]{hand="KS" trick="JK"}')


def test_discard_and_shortest_side_by_the_policy() -> None:
    """RULES.md §4 and lesson 6's habit (`trainer.policy.choose_discard`): keep trumps and
    aces, void the shortest side suit, then the lowest of the next shortest."""
    hand = "JK JH JD AH KH 9H 6H AS 7S QD 8C 7C 5C"
    v = view(f':task[discard]{{bid=7H cards="{hand}"}}')
    assert v.multi and v.right == {"7S", "QD", "5C"} and "no diamonds" in v.why
    assert not v.check(["JD", "QD", "5C"])
    assert view(f':task[pick_cards]{{rule=shortest_side trump=H cards="{hand}"}}').right == {"QD"}
    with pytest.raises(TaskError):
        view(':task[pick_cards]{rule=shortest_side trump=H cards="AS KC 9D"}')  # a tie
    with pytest.raises(TaskError):
        view(':task[discard]{bid=7H cards="JK JH"}')


def test_can_call_and_the_auction_facts() -> None:
    """RULES.md §3 by `Auction`: a bid must be higher; a pass is for good; misère only after a
    seven; open misère at any time; the last bid is the contract."""
    assert view(':task[can_call]{dealer=W calls="6H" call=6D}').right == {"No"}
    assert view(':task[can_call]{dealer=W calls="6H" call=7S}').right == {"Yes"}
    no_seven = view(':task[can_call]{dealer=W calls="6H P" call=MIS}')
    assert no_seven.right == {"No"} and "seven" in no_seven.why
    assert view(':task[can_call]{dealer=W calls="6H 7S" call=MIS}').right == {"Yes"}
    assert view(':task[can_call]{dealer=W calls="P" call=OMIS}').right == {"Yes"}
    assert view(":task[choose]{fact=who_calls dealer=S}").right == {"West"}
    skip = view(':task[choose]{fact=who_calls dealer=W calls="6S P 6H P 7S"}')
    assert skip.right == {"South"} and "may not bid again" in skip.why
    assert view(':task[choose]{fact=declarer dealer=W calls="6S P 7H P P"}').right == {"South"}
    assert view(":task[choose]{fact=higher_bid a=MIS b=7NT}").right == {"misère"}
    assert view(":task[choose]{fact=higher_bid a=MIS b=8S}").right == {"8♠"}
    assert view(":task[choose]{fact=bid_value bid=MIS}").right == {"250"}
    assert view(":task[choose]{fact=discard_count}").right == {"3"}
    assert view(":task[choose]{fact=open_misere_shown}").right == {"After the first trick"}


@pytest.mark.parametrize("marker", [
    ":task[guess]{}",
    ":task[winner]{trump=H}",
    ':task[winner]{trick="KS ZZ"}',
    ':task[pick_cards]{rule=never cards="AS"}',
    ':task[pick_cards]{rule=out_of_pack cards="AS KS"}',
    ':task[winner]{trick="JK AS"}',
    ":task[choose]{fact=nothing}",
    ':task[legal]{hand="AS" trick="AS"}',
])
def test_bad_markers_are_named(marker: str) -> None:
    with pytest.raises(TaskError, match=r":task\["):
        build_task(parse_task(marker))


def test_a_step_needs_one_task() -> None:
    head = "---\nid: x\ntitle: X\norder: 1\nquiz: pack\n---\n"
    with pytest.raises(LessonError, match="step 1 \\(A\\): no task marker"):
        parse_lesson(head + "## Step: A\n\nText.\n")
    two = ":task[choose]{fact=pack_size}\n"
    with pytest.raises(LessonError, match="more than one task"):
        parse_lesson(head + "## Step: A\n" + two + two)
    with pytest.raises(StepError, match="step 1"):
        split_steps("## Step: A\n:task[winner]{trick=\"KS\"}\n")
    opening, steps = split_steps("Hello.\n\n## Step: A\nText :cards[JK].\n\n" + two)
    assert opening == "Hello." and steps[0].title == "A" and steps[0].text == "Text :cards[JK]."


def test_every_step_of_every_lesson_has_a_computable_answer() -> None:
    """Every step parses and the engine computes its task's answer, a right answer among the
    choices; the re-cut lessons have 5-9 steps each, the others none (drawn as one page)."""
    counts = {}
    for lesson in load_lessons():
        _, steps = split_steps(lesson.body)
        counts[lesson.id] = len(steps)
        for step in steps:
            v = step.view()
            assert v.right and v.right <= set(v.choices), (lesson.id, step.number)
            assert v.check(sorted(v.right) if v.multi else [min(v.right)])
            assert v.why and v.prompt
            assert step.task.kind in KINDS
    for lesson_id in RE_CUT:
        assert 5 <= counts[lesson_id] <= 9, (lesson_id, counts[lesson_id])
    assert counts["variants"] == 0
    assert set(PICK_RULES) >= {"out_of_pack", "trump"}


def test_no_step_before_lesson_7_uses_the_joker_at_no_trumps() -> None:
    """Issue 17: nothing used before it is taught; the joker at no trumps is lesson 7's."""
    for lesson in load_lessons():
        if lesson.order >= 7:
            continue
        for step in split_steps(lesson.body)[1]:
            v = step.view()  # a card in play at no trumps (the pack's tasks play no card)
            if step.task.kind in ("legal", "winner", "highest") and v.order.trump is None:
                assert all(not c.is_joker for c in (*v.cards, *v.trick)), (lesson.id, step.title)
