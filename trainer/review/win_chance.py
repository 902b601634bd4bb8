"""The chance of winning the game from the score (two sides, 4 players): what a call or a card
is worth when the score makes points the wrong measure (RULES.md §7).

A hand's points are the right measure of a decision in mid-game, but not near the end: on 410
a made 7♥ wins the game as surely as a made 10♥, and under ``must_bid_to_win`` a side on 510
wins with any contract it makes and never by defending. So the review grades a decision by the
chance that the player's side goes on to win the game wherever the score makes it matter
(`matters`).

The model (`WinModel`): before a hand is dealt, with scores ``us`` and ``them``, the chance that
``us`` wins is a logistic function of features that change sign when the sides swap, so the two
sides' chances add up to 1. ``g`` is a side's distance to 500 in hundreds (0 once over it,
under ``must_bid_to_win``) and ``b`` its distance above -500 in hundreds:

- ``(g_them - g_us) / sqrt(g_us + g_them + 1)``: the lead in points still to make, scaled by
  how much play is left (the usual form of a race's win probability);
- ``g_them - g_us``: the same lead unscaled;
- ``exp(-b_us) - exp(-b_them)``: the danger of falling to -500 (``minus_500_loses``);
- ``[us >= 500] - [them >= 500]``: a side over 500 that has not yet won by a bid it made.

The weights are fitted (`fit`, Newton's method on the log-likelihood) on bot games played to
the end (`bench/win_model.py`: the easy level, thousands of games, every hand's starting score
a sample, its game's winner the label), one set of weights for each value of
``must_bid_to_win``, and shipped in ``win_model.json`` beside this module with the fit's
figures. A hand's outcome is then valued exactly where the game ends on it
(`GameScore.after_hand`: 1 won, 0 lost) and by the model where it goes on (`chance_after`).
At 2, 3 and 6 players there is no model (it was fitted on the 4-player game): decisions go by
points there.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from trainer.bidding import Bid, parse_call
from trainer.bots.cards import PlayValue
from trainer.cards import Seat
from trainer.play import PlayState
from trainer.rules import Play, RuleSet
from trainer.scoring import GAME_TARGET, TRICKS_PER_HAND, GameScore
from trainer.simulate.bids import CallResult

MODEL_FILE = Path(__file__).with_name("win_model.json")
REACH = 250
"""Points within which a side must stand of 500 (or, with ``minus_500_loses``, of -500) for
the score to matter (`matters`): more than most hands score (a made 8-bid is 220 to 280)."""


def features(us: int, them: int) -> np.ndarray:
    """The model's features of the score ``us`` to ``them`` (module docstring), shape (4,)."""
    g_us, g_them = max(GAME_TARGET - us, 0) / 100, max(GAME_TARGET - them, 0) / 100
    b_us, b_them = max(us + GAME_TARGET, 0) / 100, max(them + GAME_TARGET, 0) / 100
    lead = g_them - g_us
    return np.array([lead / math.sqrt(g_us + g_them + 1), lead,
                     math.exp(-b_us) - math.exp(-b_them),
                     float(us >= GAME_TARGET) - float(them >= GAME_TARGET)])


@dataclass(frozen=True)
class WinModel:
    """Fitted weights (one per feature) and the fit's figures: ``games`` and ``samples`` fitted
    on, ``log_loss`` (mean, nats) and ``brier`` (mean squared error of the chances)."""

    weights: tuple[float, ...]
    games: int = 0
    samples: int = 0
    log_loss: float = 0.0
    brier: float = 0.0

    def chance(self, us: int, them: int) -> float:
        """The chance (0-1) that the side on ``us`` wins the game against the side on
        ``them``, before the next hand is dealt."""
        z = float(np.dot(self.weights, features(us, them)))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def fit(samples: Sequence[tuple[int, int, bool]], games: int = 0,
        iterations: int = 25) -> WinModel:
    """The `WinModel` of ``samples`` (us, them, whether ``us`` won): maximum likelihood by
    Newton's method, with a small ridge (1e-3) so a feature never seen (no side over 500
    without ``must_bid_to_win``) keeps weight 0. Raises `ValueError` on no samples."""
    if not samples:
        raise ValueError("fit: no samples")
    x = np.array([features(u, t) for u, t, _ in samples])
    y = np.array([1.0 if won else 0.0 for _, _, won in samples])
    w = np.zeros(x.shape[1])
    ridge = 1e-3 * np.eye(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (p - y) + ridge @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40))), 1e-12, 1 - 1e-12)
    loss = float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
    return WinModel(tuple(round(float(v), 6) for v in w), games, len(samples), round(loss, 4),
                    round(float(((p - y) ** 2).mean()), 4))


@cache
def shipped(must_bid_to_win: bool) -> WinModel:
    """The model shipped in ``win_model.json`` for these rules."""
    obj = json.loads(MODEL_FILE.read_text())["must_bid_to_win" if must_bid_to_win else "default"]
    return WinModel(tuple(obj["weights"]), obj["games"], obj["samples"], obj["log_loss"],
                    obj["brier"])


def two_sided(rules: RuleSet) -> bool:
    """True for the model's game: 4 players, two sides of two (the one it was fitted on)."""
    return rules.players == 4


def matters(score: GameScore, rules: RuleSet) -> bool:
    """True when the score can make points the wrong measure: two sides, and a side within
    `REACH` of 500, or of -500 with ``minus_500_loses`` (the game can end on this hand)."""
    if not two_sided(rules) or score.winner is not None:
        return False
    near_top = any(v >= GAME_TARGET - REACH for v in score.scores.values())
    near_bottom = rules.minus_500_loses and any(v <= REACH - GAME_TARGET
                                                for v in score.scores.values())
    return near_top or near_bottom


def chance_after(score: GameScore, seat: Seat, contract: str, declarer: Seat | None,
                 tricks: int | None, rules: RuleSet, thrown: bool = False) -> float:
    """The chance (0-1) that ``seat``'s side wins the game after a hand that ends in
    ``contract`` (a bid code; ``"P"`` with ``declarer`` None: all passed) with ``tricks`` to the
    declarer's side (an all-pass played at no trumps: ``seat``'s side's; None or ``thrown``: the
    hand thrown in): 1 or 0 where the game ends (`GameScore.after_hand`), else the model."""
    side = score.side_of(seat)
    other = next(s for s in score.scores if s != side)
    if thrown or tricks is None:
        after = score
    elif declarer is None:
        after = score.after_all_pass({side: tricks, other: TRICKS_PER_HAND - tricks}, rules)
    else:
        bid = parse_call(contract)
        assert isinstance(bid, Bid)
        declaring = score.side_of(declarer)
        defending = other if declaring == side else side
        after = score.after_hand(bid, declarer, {declaring: tricks,
                                                 defending: TRICKS_PER_HAND - tricks}, rules)
    if after.winner is not None:
        return 1.0 if after.winner == side else 0.0
    return shipped(rules.must_bid_to_win).chance(after.scores[side], after.scores[other])


def call_chances(candidates: Sequence[CallResult], score: GameScore, seat: Seat,
                 rules: RuleSet) -> dict[str, tuple[float, ...]]:
    """Each candidate call's chance of the game on each layout (`chance_after` of the auction's
    end there, `CallResult.outcomes`); a candidate without outcomes is left out."""
    return {c.call: tuple(chance_after(score, seat, f.contract, f.declarer, f.tricks, rules,
                                       f.thrown) for f in c.outcomes)
            for c in candidates if c.outcomes}


def card_chances(values: Sequence[PlayValue], state: PlayState, score: GameScore,
                 seat: Seat) -> dict[Play, tuple[float, ...]]:
    """Each valued card's chance of the game on each layout, from the declarer side's tricks
    for the hand there (`PlayValue.layout_tricks`; misère: 1 when set; all-pass: ``seat``'s
    side's)."""
    contract = state.contract
    code = contract.code if contract is not None else "P"
    declarer = state.declarer if contract is not None else None
    return {v.play: tuple(chance_after(score, seat, code, declarer, t, state.rules)
                          for t in v.layout_tricks) for v in values}


def lowest_winning_bid(score: GameScore, seat: Seat, strain_of: Bid,
                       rules: RuleSet) -> Bid | None:
    """The lowest bid in ``strain_of``'s strain that wins the game for ``seat``'s side when
    made with no trick to spare (None: none does, or a misère)."""
    if strain_of.misere:
        return None
    side = score.side_of(seat)
    other = next(s for s in score.scores if s != side)
    for level in range(6, 11):
        bid = Bid(level, strain_of.strain)
        if rules.six_level_informational and level == 6:
            continue
        after = score.after_hand(bid, seat, {side: bid.tricks_needed,
                                             other: TRICKS_PER_HAND - bid.tricks_needed}, rules)
        if after.winner == side:
            return bid
    return None
