"""The guided first hand (`trainer.guided`): every shipped hand makes a good first hand (the
simple policy makes South the declarer of a suit contract the solver says can be made), plays
to the end legally with any legal choices, its score matches `trainer.scoring`, a walk is
rebuilt from its actions, and the page walks a whole hand by clicking to the score (AppTest).
The browser walk is in tests/test_browser.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.bidding import Bid
from trainer.cards import SUITS, Suit
from trainer.guided import SEEDS, STEPS, TOTAL_STEPS, GuidedHand, GuidedWalk, StepKind, replay
from trainer.guided.hand import GuidedError
from trainer.guided.words import best_suit, count_answer, trump_cards, trumps_text
from trainer.rules import Play
from trainer.scoring import bid_value, score_hand
from trainer.solver import Solver

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PAGE = "trainer/ui/pages/first_hand.py"
SOLVER = Solver()


def follow_hints(walk: GuidedWalk) -> GuidedWalk:
    """Answer every step as the hints and the engine say, to the score."""
    walk.answer_trumps(walk.best_suit)
    walk.next()
    walk.answer_count(len(trump_cards(walk.hand.hand, walk.best_suit)))
    walk.next()
    while walk.legal_calls():
        walk.call(walk.hint().call)  # type: ignore[arg-type]
    walk.next()
    if walk.learner_declares:
        walk.discard(walk.hint().discard)
    walk.next()
    while walk.step.kind is StepKind.TRICK:
        walk.play(walk.hint().play)  # type: ignore[arg-type]
    assert walk.score is not None
    walk.answer_score(walk.score.declarer)
    return walk


def test_steps_are_fifteen_in_order() -> None:
    assert TOTAL_STEPS == 15
    assert [s.number for s in STEPS] == list(range(1, 16))
    assert [s.kind for s in STEPS[:4]] == [StepKind.TRUMPS, StepKind.COUNT, StepKind.AUCTION,
                                          StepKind.KITTY]
    assert [s.trick for s in STEPS if s.kind is StepKind.TRICK] == list(range(1, 11))
    assert STEPS[-1].kind is StepKind.SCORE


def test_trump_counting_words() -> None:
    hand = GuidedHand.from_seed(262).hand  # J♠ K♣ 8♣ K♦ J♦ 4♦ 8♥ 7♥ 6♥ Joker
    assert best_suit(hand) is Suit.HEARTS
    assert [c.code for c in trump_cards(hand, Suit.HEARTS)] == ["JK", "JD", "8H", "7H", "6H"]
    assert trumps_text(hand, Suit.SPADES) == "2 trumps: the joker and J♠ (the right bower)"
    assert count_answer(hand, Suit.HEARTS, 5)[0] and not count_answer(hand, Suit.HEARTS, 4)[0]


@pytest.mark.parametrize("seed", SEEDS)
def test_shipped_hand_is_a_good_first_hand(seed: int) -> None:
    """Following the hints South declares a 7- or 8-level suit contract in the best suit, the
    kitty is taken, every trick played, and the contract made: the score is the bid's value."""
    walk = follow_hints(GuidedWalk(GuidedHand.from_seed(seed), SOLVER))
    contract = walk.auction.contract
    assert walk.auction.declarer is walk.hand.learner
    assert isinstance(contract, Bid) and contract.trump is walk.best_suit
    assert contract.level in (7, 8)
    assert walk.state is not None and walk.state.is_over and len(walk.state.history) == 10
    tricks = walk.state.declarer_tricks()
    assert tricks >= contract.tricks_needed
    assert walk.score == score_hand(contract, tricks, walk.hand.rules)
    assert walk.score.declarer == bid_value(contract)
    assert walk.finished and walk.feedback is not None and walk.feedback.right
    assert f"+{bid_value(contract)}" in walk.feedback.text
    assert walk.call_notes[0].startswith("North ") and any(n.startswith("You bid ")
                                                             for n in walk.call_notes)


@pytest.mark.parametrize("seed", SEEDS)
def test_any_legal_choices_play_to_the_end(seed: int) -> None:
    """Random legal answers (any call, any three discards, any legal card): the hand is played
    to the end legally and scored as `trainer.scoring` scores it."""
    rng = random.Random(seed)
    for _ in range(2):
        walk = GuidedWalk(GuidedHand.from_seed(seed), SOLVER)
        walk.answer_trumps(rng.choice(SUITS))
        walk.next()
        walk.answer_count(rng.choice(walk.count_choices()))
        walk.next()
        while walk.legal_calls():
            calls = walk.legal_calls()
            walk.call(calls[0] if rng.random() < 0.4 else rng.choice(calls))
        walk.next()
        if walk.thrown_in:
            assert walk.finished and walk.step.kind is StepKind.SCORE
            continue
        if walk.learner_declares:
            walk.discard(rng.sample(walk.kitty_pool, 3))
        walk.next()
        while walk.step.kind is StepKind.TRICK:
            if walk.my_turn:
                legal = walk.legal_plays()
                assert legal and set(legal) == set(walk.state.legal_plays())  # type: ignore
                walk.play(rng.choice(legal))
            else:
                walk.watch()
        state, contract = walk.state, walk.auction.contract
        assert state is not None and contract is not None and state.is_over
        assert walk.score == score_hand(contract, state.declarer_tricks(), walk.hand.rules)
        assert walk.score is not None and walk.score.declarer in walk.score_choices()
        again = replay(walk.hand, walk.actions, SOLVER)
        assert again.state is not None and again.state.history == state.history


def test_wrong_actions_are_refused_with_reasons() -> None:
    walk = GuidedWalk(GuidedHand.from_seed(SEEDS[0]), SOLVER)
    with pytest.raises(GuidedError, match="step on show"):
        walk.call("7H")
    walk.answer_trumps(Suit.SPADES)
    assert walk.feedback is not None and walk.feedback.right is False
    assert "hearts would be better" in walk.feedback.text
    walk.next()
    walk.answer_count(3)
    walk.next()
    with pytest.raises(GuidedError, match="may not call 6S"):
        walk.call("6S")  # East bid 6♠ before
    walk.call("7H")
    walk.next()
    with pytest.raises(GuidedError, match="declarer discards 3"):
        walk.discard(walk.kitty_pool[:2])
    walk.discard(walk.hint().discard)
    walk.next()
    walk.play("KC")  # South leads K♣
    state = walk.state
    assert state is not None and walk.my_turn
    illegal = [c for c in walk.cards if state.why_illegal(Play(c)) is not None]
    for card in illegal:
        with pytest.raises(GuidedError, match="you must follow"):
            walk.play(card)
    with pytest.raises(GuidedError, match="hand is not over"):
        walk.answer_score(200)


# --- the page ----------------------------------------------------------------------------------


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def open_page(learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def progress_text(at: AppTest) -> str:
    return str(at.get("progress")[0].proto.text)


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def card_key(at: AppTest, code: str) -> str:
    return next(b.key for b in at.button
                if b.key and b.key.startswith(f"play_card:{code}:") and not b.disabled)


def test_page_walks_a_whole_hand_by_clicking(db: Path) -> None:
    model = follow_hints(GuidedWalk(GuidedHand.shipped(0), SOLVER))
    at = open_page()
    assert progress_text(at) == "Step 1 of 15: Sort and value your hand"
    click(at, "guided_hint_button")
    assert any("left bower" in i.value for i in at.info)
    click(at, f"guided_trumps:{model.best_suit.value}")
    assert at.success[0].value.startswith("Right.")
    click(at, "guided_next")
    assert progress_text(at) == "Step 2 of 15: Count your trumps"
    click(at, f"guided_count:{len(trump_cards(model.hand.hand, model.best_suit))}")
    click(at, "guided_next")
    assert progress_text(at) == "Step 3 of 15: The auction"
    assert any("East bids 6♠" in m.value for m in at.markdown)
    click(at, f"guided_call:{model.auction.contract}")
    assert any("you are the **declarer**" in i.value for i in at.info)
    click(at, "guided_next")
    assert progress_text(at) == "Step 4 of 15: The kitty"
    at.pills[0].set_value([c.code for c in model.discarded]).run()
    click(at, "guided_discard_go")
    click(at, "guided_next")
    assert model.state is not None
    learner_cards = [p for t in model.state.history for s, p in zip(t.seats, t.plays,
                                                                   strict=True)
                     if s is model.hand.learner]
    for n, play in enumerate(learner_cards, 1):
        assert progress_text(at) == f"Step {4 + n} of 15: Trick {n} of 10"
        click(at, card_key(at, play.code))
    assert progress_text(at) == "Step 15 of 15: The score"
    assert model.score is not None
    click(at, f"guided_score:{model.score.declarer}")
    assert any("whole hand of Five Hundred" in s.value for s in at.success)
    assert any(f"+{model.score.declarer}" in s.value for s in at.success)
    click(at, "guided_another")
    assert progress_text(at) == "Step 1 of 15: Sort and value your hand"
    assert any("Hand 2 of 5" in c.value for c in at.caption)


def test_a_learner_resumes_after_a_reload(db: Path) -> None:
    home = AppTest.from_file(APP, default_timeout=120)
    home.run()
    home.text_input(key="learner_new_name").input("Guy").run()
    home.button(key="learner_create").click().run()
    at = open_page("Guy")
    click(at, "guided_trumps:H")
    click(at, "guided_next")
    assert progress_text(at) == "Step 2 of 15: Count your trumps"
    again = open_page("Guy")
    assert progress_text(again) == "Step 2 of 15: Count your trumps"
