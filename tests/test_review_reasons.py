"""The review's reasons in words (issue 27, `trainer.review.reasons` and `trainer.review.grade`):
a costly card explained by the technique the better card carries out, on hand-made endings whose
answers are worked out by hand (tests/test_techniques.py's ENDINGS); a call by hand-valuation
words, on a hand-made deal and table; a gap within the noise said to be a close call; and no
reason in a reviewed seeded game a bare pair of averages."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from test_techniques import ENDINGS
from test_write_ups import bid_analysis, disc, discard_analysis

from trainer.bots import Level, decide
from trainer.bots.cards import PlayValue
from trainer.cards import Deal, Seat, deal
from trainer.game import GameHand
from trainer.generate.grading import played_out
from trainer.notation import parse_hand
from trainer.review import grade
from trainer.review.grade import review_hand
from trainer.review.reasons import discard_reason_words
from trainer.rules import ruleset
from trainer.simulate.bids import CallResult
from trainer.solver import Solver

SOLVER = Solver()
RULES = ruleset(None)


def card_reason(name: str, wrong: str) -> str:
    """The review's reason for ``wrong`` at ENDINGS[name], every hand shown (the real layout),
    the solver's first best card the better one."""
    pos, _ = ENDINGS[name]
    state = pos.to_state()
    analysis = SOLVER.analyse(state)
    play = next(p for p in state.legal_plays() if p.code == wrong)
    pick = analysis.best_plays[0]
    assert analysis.values[play] != analysis.best  # the card really costs a trick
    line = played_out(state, [pick], SOLVER)
    cost = float(abs(analysis.best - analysis.values[play]))
    return grade._card_reason(state, state.to_play, play, PlayValue(play, 0.0, 0.0, ()),
                              PlayValue(pick, 50.0, 0.0, ()), pick, line, cost, SOLVER)


def test_a_card_that_failed_to_draw_trumps():
    # hearts trumps, South to win all 3: J♥ draws East's 4♥, the last trump; A♠ at once is
    # ruffed by East (void in spades) with the 4♥
    assert card_reason("draw", "AS") == (
        "Drawing trumps: lead J♥, the right bower, and it draws East's 4♥ in trick 1: after it "
        "the opponents hold no trump to ruff your winners with. Leading A♠ at once leaves the "
        "opponents a trump: East's 4♥ ruffs and wins trick 1. How you would know: nothing you "
        "have seen places the 4♥ (no one has shown out of hearts); drawing trumps needs it to "
        "be East's, a guess that comes off here, as you would know only with every card seen.")


def test_a_card_that_threw_a_winner():
    # no trumps, South void in clubs under West's 9♣: the free joker wins trick 1; throwing
    # the A♥ throws a winner away and leaves the 9♣ winning
    assert card_reason("joker_void", "AH") == (
        "The free joker's trick: play the joker, now that you are void: the free joker, played "
        "when you cannot follow, beats every card, so it takes trick 1. Throwing A♥ at once "
        "lets the trick go: West's 9♣ wins trick 1, while the joker stays in your hand. How you "
        "would know: the cards that matter are all in your hand or already played, so the free "
        "joker's trick needs no guess about the hidden hands.")


def test_a_misere_card_that_took_a_trick():
    # misère: West led 9♠, East 8♠; South's J♠ wins the trick, the 6♠ ducks under the 9♠
    assert card_reason("misere_duck", "JS") == (
        "Ducking under: play 6♠ under West's 9♠, which wins trick 1. Playing J♠ at once wins "
        "trick 1, and a trick taken sets a misère. How you would know: the cards that "
        "matter are all in your hand or already played, so ducking under needs no guess about "
        "the hidden hands.")


# --- calls: South opens 7♠, West passes, North (the learner) to call --------------------------

NORTH = "9S 8C 6C QD 8D AH KH 8H 4H JK"
SHOWS = ("S bid 7♠: 4 trumps, or 3 with the joker or the right bower, and 5.5+ tricks by the "
         "simple count",)


def north_to_call() -> GameHand:
    mine = parse_hand(NORTH)
    rest = [c for c in RULES.pack if c not in mine]
    hands = {Seat.N: tuple(mine), Seat.E: tuple(rest[:10]), Seat.S: tuple(rest[10:20]),
             Seat.W: tuple(rest[20:30])}
    hand = GameHand(RULES, Deal(Seat.E, hands, tuple(rest[30:])))
    for code in ("7S", "P"):  # South (the dealer's left) bids 7♠, West passes
        hand.call(code)
    assert hand.auction.to_call is Seat.N
    return hand


def graded_call(monkeypatch, rows, se: float, chosen: str) -> grade.DecisionReview:
    table = bid_analysis(NORTH, "N", "E", ("7S", "P"), rows, standing=("7S", "S"))
    table = replace(table, inferences=SHOWS, candidates=tuple(
        CallResult(c.call, c.ev, se, c.p_make, c.mean_tricks) for c in table.candidates))
    monkeypatch.setattr(grade, "analyse_bid", lambda *a, **k: table)
    monkeypatch.setattr(grade, "fits_hand", lambda *a: True)
    review = grade._grade_call(north_to_call(), Seat.N, chosen, 2, 1, 30, 0)
    assert review is not None
    return review


def test_a_call_over_partners_bid_without_support(monkeypatch):
    # spades: the joker and 9♠, 2 trumps (no black jack): little support; partner showed 4, or
    # 3 with the right bower (North holds the joker, not the J♠): the fit is at least 2 + 3
    review = graded_call(monkeypatch, [("P", 120.0, 0.8, None), ("8S", 40.0, 0.45, 7.4)],
                         5.0, "8S")
    assert (review.band, review.best, review.cost) == ("mistake", "P", 80.0)
    assert review.reason == (
        "Pass and leave your partner South in 7♠: you hold little support for South's spades, "
        "2 trumps, the joker among them; with the 3 or more South's bid showed, the fit is at "
        "least 5 of the 12. Raising to 8♠ without support rests on only 2 trumps with the "
        "joker and A♥ K♥ as side winners (over 100 layouts, +120 a hand against +40 for 8♠).")


def test_a_close_call_within_the_noise(monkeypatch):
    # 60 - 45 = 15 < 2 x hypot(8, 8) = 22.6: graded as good as the best, and said to be close
    review = graded_call(monkeypatch, [("8H", 60.0, 0.6, 7.9), ("P", 45.0, 0.7, None)], 8.0,
                         "P")
    assert (review.band, review.best, review.cost) == ("best", "P", 0.0)
    assert review.reason == (
        "Bid 8♥, a new strain over your partner South's 7♠: in hearts you hold 5 trumps with "
        "the joker and the ace, no side ace and a singleton 9♠, against only 2 trumps with the "
        "joker, little support for South's spades. Passing leaves South in 7♠, worth 140 to "
        "8♥'s 300; 8♥ is only 15 points better, within the simulation's noise: a close "
        "call, not a verdict (over 100 layouts, +60 a hand against +45 for pass).")


def test_a_discard_with_two_voids_possible_says_why_this_one():
    # clubs trumps; 4♦ is a diamond singleton, J♥ 6♥ 5♥ the hearts: the diamond void takes
    # one card and two hearts go with it; the heart void takes all three
    a = discard_analysis("KS 9S 8S 6S AC KC 9C 7C 4D JH 6H 5H JK", "7C", [
        disc("4D 6H 5H", 83.7, 0.79, 7.83), disc("JH 6H 5H", 60.0, 0.7, 7.6)])
    chosen = a.candidates[1]
    assert discard_reason_words(a, chosen, RULES) == (
        "Throw 4♦ 6♥ 5♥: that leaves a void in diamonds, a suit with no winner, and keeps all 5 "
        "trumps (the joker, A♣ K♣ 9♣ 7♣) and the K♠ guarded (K♠ 9♠ 8♠ 6♠). Why the diamonds "
        "void and not the hearts one: voiding diamonds takes only 4♦, so 6♥ 5♥ can go as well, "
        "while voiding hearts takes J♥ 6♥ 5♥. Yours, J♥ 6♥ 5♥, makes a void in hearts rather "
        "than diamonds (over 100 layouts, +84 a hand against +60).")


BARE = re.compile(r"scored [+-−]?\d+(?: on average)?,? (?:and|against)|^\S+ scored [+-−]?\d+")


@pytest.fixture(scope="module")
def seeded_reviews():
    out = []
    for seed in (30, 38):  # two bot hands with costly cards on the real layout and off it
        hand = GameHand(RULES, deal(seed, dealer=Seat.E))
        while not hand.is_over:
            decide(hand, Level.EASY, seed).apply(hand)
        out.append(review_hand(hand.to_record(), Seat.S, layouts=8, solver=SOLVER, seed=seed))
    return out


def test_no_review_reason_is_a_bare_pair_of_averages(seeded_reviews):
    reasons = [d.reason for r in seeded_reviews for d in r.decisions if d.reason]
    assert len(reasons) >= 4
    assert not [r for r in reasons if BARE.search(r)]
    # a card graded on the layouts says how often the better card did better, and names the
    # technique the better card carries out where the two differ most, or the tricks the card
    # played gives away there
    layouts = [r for r in reasons if r.startswith("From what you could see")]
    assert layouts
    assert all(re.search(r"on \d+ of the 8 layouts", r) for r in layouts)
    assert all("the better card's idea is" in r or
               re.search(r"where the two differ most, .+ gives away \d+ tricks?", r)
               for r in layouts)
    assert any("the better card's idea is" in r for r in layouts)


def test_the_coachs_call_hint_speaks_in_the_same_words(monkeypatch):
    from trainer.ui.game.coach import hint

    table = bid_analysis(NORTH, "N", "E", ("7S", "P"),
                         [("P", 120.0, 0.8, None), ("8S", 40.0, 0.45, 7.4)],
                         standing=("7S", "S"))
    table = replace(table, inferences=SHOWS, candidates=tuple(
        CallResult(c.call, c.ev, 5.0, c.p_make, c.mean_tricks) for c in table.candidates))
    monkeypatch.setattr(grade, "analyse_bid", lambda *a, **k: table)
    monkeypatch.setattr(grade, "fits_hand", lambda *a: True)
    advice = hint(north_to_call(), Seat.N, "seed", SOLVER)
    assert (advice.choice, advice.text) == ("P", (
        "Best here: pass. Pass and leave your partner South in 7♠: you hold little support for "
        "South's spades, 2 trumps, the joker among them; with the 3 or more South's bid showed, "
        "the fit is at least 5 of the 12. Raising to 8♠ without support rests on only 2 trumps "
        "with the joker and A♥ K♥ as side winners (over 100 ways the hidden cards could lie, "
        "+120 a hand against +40 for 8♠)."))
