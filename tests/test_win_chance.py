"""The chance of winning the game from the score (`trainer.review.win_chance`) and the review's
grading by it near the end of a game (RULES.md §7; 002 on must-bid-to-win: "nie wystarczy
zdobyć 500 punktów, aby wygrać; trzeba być rozgrywającym")."""

from __future__ import annotations

import math
import random

import pytest

from trainer.bidding import parse_bid
from trainer.cards import Seat
from trainer.generate.bands import win_band
from trainer.review.grade import _need_only, drop_accuracy
from trainer.review.win_chance import (
    WinModel,
    call_chances,
    chance_after,
    features,
    fit,
    lowest_winning_bid,
    matters,
    shipped,
)
from trainer.rules import PRESETS
from trainer.scoring import GameScore
from trainer.simulate.bids import CallResult
from trainer.simulate.finish import Final

AUS = PRESETS["australian"]
MUST = AUS.with_options(must_bid_to_win=True)
NS, EW = (Seat.N, Seat.S), (Seat.E, Seat.W)


def score(ns: int, ew: int) -> GameScore:
    return GameScore({NS: ns, EW: ew})


@pytest.mark.parametrize("must", [False, True])
def test_the_shipped_model_is_fair_and_rises_with_the_score(must: bool) -> None:
    model = shipped(must)
    assert model.games >= 1000 and model.samples > 5 * model.games
    assert model.chance(0, 0) == pytest.approx(0.5)
    for us, them in ((400, 300), (-200, 100), (450, 0), (120, 480)):
        assert model.chance(us, them) + model.chance(them, us) == pytest.approx(1.0)
    chances = [model.chance(us, 200) for us in range(-400, 500, 50)]
    assert chances == sorted(chances)
    assert chances[0] < 0.2 and chances[-1] > 0.7


def test_the_fit_recovers_known_weights() -> None:
    """Samples drawn from a known model are fitted back to it (Newton's method converges)."""
    truth = WinModel((1.2, 0.1, -0.5, 0.0))
    rng = random.Random(3)
    samples = []
    for _ in range(6000):
        us, them = rng.randrange(-450, 500, 10), rng.randrange(-450, 500, 10)
        samples.append((us, them, rng.random() < truth.chance(us, them)))
    model = fit(samples)
    assert model.weights[0] == pytest.approx(1.2, abs=0.25)
    assert abs(model.weights[3]) < 1e-6  # never seen: no side over 500
    assert model.log_loss < math.log(2)
    with pytest.raises(ValueError, match="no samples"):
        fit([])


def test_features_change_sign_when_the_sides_swap() -> None:
    assert list(features(310, -80)) == pytest.approx([-v for v in features(-80, 310)])


def test_a_made_contract_that_reaches_500_wins_and_a_set_one_does_not() -> None:
    assert chance_after(score(410, 300), Seat.N, "7H", Seat.S, 7, AUS) == 1.0
    # set: 410 - 200 = 210 against 300 + 40: the model, well under a half
    assert 0.0 < chance_after(score(410, 300), Seat.N, "7H", Seat.S, 6, AUS) < 0.5
    # the opponents make 8♠ (240) from 300: they reach 540 and win
    assert chance_after(score(410, 300), Seat.N, "8S", Seat.E, 8, AUS) == 0.0


def test_under_must_bid_to_win_a_side_over_500_wins_only_by_a_bid_it_makes() -> None:
    on = score(510, 300)
    assert chance_after(on, Seat.N, "6C", Seat.N, 6, MUST) == 1.0
    # defending a set 7♦ takes 510 + 40 = 550 but does not win; the game goes on
    assert 0.0 < chance_after(on, Seat.N, "7D", Seat.E, 6, MUST) < 1.0
    # without the rule the same defence wins the game outright (any side on 500)
    assert chance_after(score(480, 300), Seat.N, "7D", Seat.E, 6, AUS) == 1.0


def test_the_score_matters_only_near_the_end() -> None:
    assert not matters(score(100, 150), AUS)
    assert matters(score(300, 150), AUS) and matters(score(100, -300), AUS)
    assert not matters(score(100, -300), AUS.with_options(minus_500_loses=False))
    assert not matters(GameScore({(Seat.N,): 400, (Seat.E,): 0, (Seat.W,): 0}),
                       PRESETS["australian"].with_options(players=3))


def test_the_lowest_bid_that_wins() -> None:
    on = score(410, 300)
    assert lowest_winning_bid(on, Seat.N, parse_bid("9H"), AUS) == parse_bid("6H")  # 100
    assert lowest_winning_bid(on, Seat.N, parse_bid("9S"), AUS) == parse_bid("7S")  # 6♠ is 40
    assert lowest_winning_bid(score(0, 0), Seat.N, parse_bid("9S"), AUS) is None
    assert _need_only(on, Seat.N, "7H", "9H", AUS) == " You need only 6♥ to win the game."
    assert _need_only(on, Seat.N, "9H", "7H", AUS) == ""


def test_near_the_end_a_sure_seven_beats_a_likelier_looking_nine() -> None:
    """On 410, 7♥ made every time wins the game every time; 9♥ made 8 times in 10 scores more
    points on average (+216 against +200 here) but wins the game less often."""
    on = score(410, 300)
    seven = CallResult("7H", 200.0, 0.0, 1.0, outcomes=tuple(
        Final("7H", Seat.N, 7, False) for _ in range(10)))
    nine = CallResult("9H", 216.0, 0.0, 0.8, outcomes=tuple(
        Final("9H", Seat.N, 9 if i < 8 else 8, False) for i in range(10)))
    chances = call_chances([seven, nine], on, Seat.N, AUS)
    assert chances["7H"] == (1.0,) * 10
    assert chances["9H"][:8] == (1.0,) * 8 and max(chances["9H"][8:]) < 0.5
    lost = 100 * (1 - sum(chances["9H"]) / 10)
    assert 10 < lost < 20 and win_band(lost) in ("mistake", "blunder")
    assert drop_accuracy(lost) < 60 < drop_accuracy(0.0)


def test_win_bands_follow_lichess() -> None:
    assert [win_band(x) for x in (0.5, 3, 7, 12, 30)] == [
        "best", "good", "inaccuracy", "mistake", "blunder"]
