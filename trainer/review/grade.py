"""Reviewing a played hand, in the manner of Lichess's game review: every call, discard and card
of one seat graded by what it cost.

Each decision is valued from what the player could see at that moment, not by peeking at the
hidden hands: a card over ``layouts`` layouts of the unseen cards fitting the auction and the
play so far (`trainer.bots.card_values`, the bots' own method), a call by the bidding
simulation and the discard by the discard search (`trainer.simulate`, 4 players); the best
call is taken among those the hand fits (`trainer.bots.calls.fits_hand`: what the bid would
show), as the bots choose. ``cost`` is
the points lost on average against the best choice (the hand's score from the player's side,
RULES.md §6). Beside it, for a card, ``dd_cost``: the tricks it lost double dummy with every
card shown (`Solver.analyse` on the real layout), as `python -m trainer review` prints.

Bands (`trainer.generate.bands.bid_band`, on the points lost): best (at most 5), good (20),
inaccuracy (50), mistake (100), blunder (more). A call or discard whose gap to the best is
within the simulation's noise (two standard errors, `noise`) is graded as equal to the best:
no loss. A decision with one legal choice is listed as ``forced`` and left out of the
accuracy.

Accuracy: Lichess's per-move formula, ``103.1668 * exp(-0.04354 * d) - 3.1669`` clamped to
0-100, where ``d`` stands for Lichess's drop in winning chances: here the points lost / 4 (a
400-point swing, about a seven-level contract made or set, counts as the whole 100), averaged
over the unforced decisions.

The reason in words for a costly card: when the real layout sets a goal the card misses (the
contract made or beaten), the technique words of the play puzzles' write-ups with how the player
would have known (`trainer.generate.write_ups.review_words`; the puzzles' first reason where no
such write-up holds); else what the layouts the player could have faced say, in words.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from trainer.bidding import Bid, parse_call
from trainer.bots.calls import fits_hand
from trainer.bots.cards import PlayValue, card_values, solvable_state
from trainer.cards import Card, Seat
from trainer.errors import TrainerError
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.generate.bands import WIN_LIMITS, bid_band, win_band
from trainer.generate.card_reasons import wrong_card_reasons
from trainer.generate.explain import play_text
from trainer.generate.goals import Goal
from trainer.generate.grading import choice_text, played_out
from trainer.generate.play_steps import puzzle_goal
from trainer.generate.write_ups.review_words import costly_card_claims, layouts_words
from trainer.play import PlayState
from trainer.review import win_chance
from trainer.review.reasons import (
    call_reason,
    call_words,
    discard_reason_words,
    layouts_card_words,
)
from trainer.rules import Play, RuleSet
from trainer.scoring import GameScore
from trainer.simulate import analyse_bid, analyse_discard
from trainer.simulate.bids import BidAnalysis, CallResult
from trainer.simulate.discards import DiscardAnalysis
from trainer.simulate.scores import mean_se
from trainer.solver import Solver, default_solver

Progress = Callable[[int, int], None]
"""``progress(done, total)`` after each decision graded."""

LAYOUTS = 20
"""Layouts a card or the discard is averaged over by default (the normal bot's)."""
CALL_LAYOUTS = 30
"""Layouts a call is averaged over at least: every legal call is valued, and a few layouts
favour whichever call was luckiest (the winner's curse)."""


@dataclass(frozen=True)
class DecisionReview:
    """One decision graded (module docstring). ``number``: its index among the seat's
    decisions; ``kind``: ``call``, ``discard`` or ``card``; ``trick``: 1-10 for a card;
    ``chosen`` / ``best``: codes (``7H``, ``P``, ``AS KH 3C``, ``JK:H``); ``cost``: points lost
    on average (>= 0); ``dd_cost``: tricks lost double dummy (cards only); ``line``: the best
    choice's double-dummy line from here (codes, cards only); ``action_index``: index into the
    record's calls (a call), ``len(calls)`` (the discard) or its plays (a card); ``win_loss``:
    where the score decides (`trainer.review.win_chance.matters`), the chance of winning the
    game lost against the best, in percentage points (0-100), which then sets ``band`` and the
    accuracy; None where points decide."""

    number: int
    kind: str
    trick: int | None
    chosen: str
    best: str
    cost: float
    dd_cost: float | None
    band: str
    line: tuple[str, ...]
    reason: str
    action_index: int
    forced: bool = False
    win_loss: float | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"number": self.number, "kind": self.kind, "trick": self.trick,
               "chosen": self.chosen, "best": self.best, "cost": round(self.cost, 1),
               "dd_cost": self.dd_cost, "band": self.band, "line": list(self.line),
               "reason": self.reason, "action_index": self.action_index,
               "forced": self.forced}
        if self.win_loss is not None:
            out["win_loss"] = round(self.win_loss, 1)
        return out

    @property
    def drop(self) -> float:
        """Lichess's drop in winning chances, in percentage points: ``win_loss`` where the
        score decides, else the points lost / 4 (module docstring)."""
        return self.win_loss if self.win_loss is not None else self.cost / 4


@dataclass(frozen=True)
class HandReview:
    """A hand's review for ``seat``: its decisions in order and the accuracy (None when every
    decision was forced)."""

    seat: Seat
    contract: str | None
    declarer: Seat | None
    decisions: tuple[DecisionReview, ...]
    accuracy: float | None
    assisted: bool = False
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "contract": self.contract,
                "declarer": self.declarer.value if self.declarer else None,
                "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
                "assisted": self.assisted, "notes": list(self.notes),
                "decisions": [d.to_json() for d in self.decisions]}


def move_accuracy(cost: float) -> float:
    """Lichess's per-move accuracy for ``cost`` points lost (module docstring), 0-100."""
    return drop_accuracy(cost / 4)


def drop_accuracy(drop: float) -> float:
    """Lichess's per-move accuracy for a drop of ``drop`` percentage points in the chance of
    winning, 0-100."""
    value = 103.1668 * math.exp(-0.04354 * max(0.0, drop)) - 3.1669
    return min(100.0, max(0.0, value))


def review_hand(record: HandRecord, seat: Seat, layouts: int = LAYOUTS,
                progress: Progress | None = None, solver: Solver | None = None,
                seed: int | str = 0, assisted: bool = False,
                score: GameScore | None = None) -> HandReview:
    """Grade every decision of ``seat`` in ``record`` (module docstring); the hand may stop
    part way (graded as far as it goes). ``score``: the game's score before the hand (None:
    unknown, graded by points); where it decides (`trainer.review.win_chance.matters`) calls
    and cards are graded by the chance of winning the game. Raises `TrainerError` if the record
    does not replay or ``seat`` does not sit at its table."""
    if score is not None and not win_chance.matters(score, record.rules):
        score = None
    if seat not in record.rules.seats:
        raise TrainerError(f"seat: {seat} does not sit at a {record.rules.players}-player table")
    solver = solver or default_solver()
    todo = _count_decisions(record, seat)
    out: list[DecisionReview] = []
    notes: list[str] = []
    hand = GameHand(record.rules, record.deal)

    def add(review: DecisionReview) -> None:
        out.append(review)
        if progress is not None:
            progress(len(out), todo)

    if record.calls:
        for i, code in enumerate(record.calls):
            auction = hand.auction
            if auction.to_call is seat and auction.seat_of_call(len(auction.calls)) is seat:
                graded = _grade_call(hand, seat, code, i, len(out), layouts, seed, score)
                if graded is None:
                    notes.append("Calls are graded at the 4-player table only.")
                else:
                    add(graded)
            hand.auction_call_turn(code)
    else:
        if record.contract is None or record.declarer is None:
            raise TrainerError("record: neither an auction nor a contract")
        hand.set_contract(record.contract, record.declarer)
        notes.append("The record has no auction: the calls are not graded.")
    if hand.phase is Phase.EXCHANGE:
        if not record.discard:
            return _finish(seat, hand, out, notes, assisted)
        if hand.declarer is seat:
            graded = _grade_discard(hand, seat, record.discard, len(out), layouts, seed)
            if graded is None:
                notes.append("The discard is graded at the 4-player table only.")
            else:
                add(graded)
        hand.exchange(record.discard, record.joker_suit)
    for k, play in enumerate(record.plays):
        if hand.to_act is seat:
            add(_grade_card(hand, seat, play, k, len(out), layouts, seed, solver, score))
        hand.play(play)
    return _finish(seat, hand, out, notes, assisted)


def _finish(seat: Seat, hand: GameHand, out: list[DecisionReview], notes: list[str],
            assisted: bool) -> HandReview:
    graded = [drop_accuracy(d.drop) for d in out if not d.forced]
    contract = hand.contract.code if hand.contract is not None else None
    return HandReview(seat, contract, hand.declarer, tuple(out),
                      sum(graded) / len(graded) if graded else None, assisted, tuple(notes))


def _count_decisions(record: HandRecord, seat: Seat) -> int:
    hand = GameHand(record.rules, record.deal)
    count = 0
    for code in record.calls:
        auction = hand.auction
        count += auction.to_call is seat and auction.seat_of_call(len(auction.calls)) is seat
        hand.auction_call_turn(code)
    if not record.calls and record.contract is not None and record.declarer is not None:
        hand.set_contract(record.contract, record.declarer)
    if hand.phase is Phase.EXCHANGE and record.discard:
        count += hand.declarer is seat
        hand.exchange(record.discard, record.joker_suit)
    for play in record.plays:
        count += hand.to_act is seat
        hand.play(play)
    return count


def call_choice(hand: GameHand, seat: Seat, layouts: int = LAYOUTS,
                seed: int | str = 0, score: GameScore | None = None,
                ) -> tuple[BidAnalysis, CallResult | None]:
    """The evaluation the review grades ``seat``'s call by, the coach's hint being its best:
    the bidding simulation of every legal call over at least `CALL_LAYOUTS` layouts, seeded by
    ``seed`` and the call's number, and the best call among those the hand fits (None when it
    fits none): the highest mean score, or with ``score`` where it decides the highest chance
    of winning the game (`trainer.review.win_chance`). The same hand and seed give the same
    table, so a hinted call is graded best."""
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    analysis = analyse_bid(hand.deal.hands[seat], seat, hand.deal.dealer, calls, hand.rules,
                           samples=max(layouts, CALL_LAYOUTS),
                           seed=f"{seed}:call:{len(calls)}", workers=1)
    cards = hand.deal.hands[seat]
    fitting = [c for c in analysis.candidates if fits_hand(c.call, cards, seat, hand.auction)]
    if score is not None and win_chance.matters(score, hand.rules):
        chances = win_chance.call_chances(fitting, score, seat, hand.rules)
        return analysis, max(fitting, key=lambda c: (fmean(chances[c.call]), c.ev),
                             default=None)
    return analysis, max(fitting, key=lambda c: c.ev, default=None)


def discard_choice(hand: GameHand, seat: Seat, layouts: int = LAYOUTS, seed: int | str = 0,
                   include: tuple[tuple[Card, ...], ...] = ()) -> DiscardAnalysis:
    """The discard search the review grades the declarer's discard by (``include``: discards
    to value beside the shortlist), the coach's hint being its best."""
    assert hand.contract is not None
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    return analyse_discard(hand.kitty_pool(), hand.contract, seat, hand.deal.dealer,
                           calls, hand.rules, samples=layouts, seed=f"{seed}:discard",
                           workers=1, include=list(include), shortlist=6,
                           shortlist_samples=max(4, layouts // 2), finalists=3)


def card_choice(hand: GameHand, seat: Seat, solver: Solver, layouts: int = LAYOUTS,
                seed: int | str = 0, score: GameScore | None = None) -> list[PlayValue]:
    """The values the review grades ``seat``'s card by (`trainer.bots.card_values` on layouts
    seeded by ``seed`` and the card's number), best first; the coach's hint is the first. With
    ``score`` where it decides, best first by the chance of winning the game, then as before."""
    values = card_values(hand, seat, layouts, random.Random(f"{seed}:card:{len(hand.plays)}"),
                         solver)
    if score is None or not win_chance.matters(score, hand.rules) or hand.state is None:
        return values
    chances = win_chance.card_chances(values, hand.state, score, seat)
    order = {v.play: i for i, v in enumerate(values)}
    return sorted(values, key=lambda v: (-round(fmean(chances[v.play]), 9), order[v.play]))


def _chance_gap(best: Sequence[float], chosen: Sequence[float]) -> tuple[float, float]:
    """The chance of the game lost (percentage points) and its noise (`NOISE_SE` standard
    errors of the per-layout differences)."""
    gap, se = mean_se([100 * (a - b) for a, b in zip(best, chosen, strict=True)])
    return gap, NOISE_SE * se


def _stakes(score: GameScore, seat: Seat, rules: RuleSet) -> str:
    """The score in words from ``seat``'s side: "On 410 to 320 (a side must make a bid to
    win)"."""
    side = score.side_of(seat)
    us = score.scores[side]
    them = next(v for k, v in score.scores.items() if k != side)
    extra = " (a side wins only by making a bid)" if rules.must_bid_to_win else ""
    return f"On {us} to {them}{extra}, what counts is winning the game, not the points"


def _need_only(score: GameScore, seat: Seat, best: str, chosen: str, rules: RuleSet) -> str:
    """"You need only 7♥ to win the game." when ``best`` is your side's bid and a lower or equal
    bid of its strain wins the game when made, and ``chosen`` bid higher in it."""
    bid, mine = parse_call(best), parse_call(chosen)
    if not isinstance(bid, Bid) or bid.misere or not isinstance(mine, Bid) or mine.misere:
        return ""
    need = win_chance.lowest_winning_bid(score, seat, bid, rules)
    if need is None or need.level > bid.level or mine.strain is not bid.strain \
            or mine.level <= bid.level:
        return ""
    return f" You need only {need.pretty} to win the game."


def _grade_call(hand: GameHand, seat: Seat, code: str, index: int, number: int,
                layouts: int, seed: int | str,
                score: GameScore | None = None) -> DecisionReview | None:
    if hand.rules.players != 4:
        return None
    legal = hand.auction.legal_calls()
    analysis, best = call_choice(hand, seat, layouts, seed, score)
    chosen = analysis.value_of(code)
    if score is not None and best is not None:
        return _grade_call_by_chance(hand, seat, analysis, best, chosen, index, number, score,
                                     forced=len(legal) == 1)
    reason = ""
    if best is not None and best.call != chosen.call and best.ev - chosen.ev > 5 and \
            best.ev - chosen.ev <= noise(best.se, chosen.se):
        reason = call_reason(analysis, best, chosen)  # a close call, said so, graded equal
    if best is None or best.ev - chosen.ev <= noise(best.se, chosen.se):
        best = chosen
    cost = max(0.0, best.ev - chosen.ev)
    if cost > 5:
        reason = call_reason(analysis, best, chosen)
    return DecisionReview(number, "call", None, chosen.call, best.call, cost, None,
                          bid_band(cost), (), reason, index, forced=len(legal) == 1)


def _grade_call_by_chance(hand: GameHand, seat: Seat, analysis: BidAnalysis, best: CallResult,
                          chosen: CallResult, index: int, number: int, score: GameScore,
                          forced: bool) -> DecisionReview:
    """`_grade_call` where the score decides: banded on the chance of the game lost."""
    chances = win_chance.call_chances(analysis.candidates, score, seat, hand.rules)
    loss, noisy = _chance_gap(chances[best.call], chances[chosen.call])
    if loss <= noisy:
        best, loss = chosen, 0.0
    reason = ""
    if loss > WIN_LIMITS[0]:
        reason = (f"{_stakes(score, seat, hand.rules)}: over {analysis.samples} layouts, with "
                  f"the auction played out, {_call_words(best.call)} left your side "
                  f"{fmean(chances[best.call]):.0%} to win the game against "
                  f"{fmean(chances[chosen.call]):.0%} after {_call_words(chosen.call)}."
                  + _need_only(score, seat, best.call, chosen.call, hand.rules)
                  + " " + call_words(analysis, best, chosen))
    return DecisionReview(number, "call", None, chosen.call, best.call,
                          max(0.0, best.ev - chosen.ev), None, win_band(loss), (), reason, index,
                          forced=forced, win_loss=loss)


NOISE_SE = 2.0
"""Standard errors within which two simulated choices are graded as equal."""


def noise(se_a: float, se_b: float) -> float:
    """The simulation's noise on the gap between two choices' mean scores, in points: two
    standard errors of the difference, taken as of two independent means (the layouts are
    shared, so the real error of the gap is smaller: this leans towards calling them equal).
    A gap within it is graded as no loss: the layouts cannot tell the two apart."""
    return NOISE_SE * math.hypot(se_a, se_b)


def _call_words(code: str) -> str:
    """A call in a reason's words: ``"P"`` -> ``passing``, ``"6H"`` -> ``bidding 6♥``,
    ``"MIS"`` -> ``bidding misère``, ``"OMIS"`` -> ``bidding open misère`` (`Bid.pretty`)."""
    try:
        call = parse_call(code)
    except TrainerError:
        return f"bidding {code}"
    return f"bidding {call.pretty}" if isinstance(call, Bid) else "passing"


def _grade_discard(hand: GameHand, seat: Seat, discard: tuple[Card, ...], number: int,
                   layouts: int, seed: int | str) -> DecisionReview | None:
    if hand.rules.players != 4:
        return None
    calls = hand.auction.calls
    analysis = discard_choice(hand, seat, layouts, seed, include=(discard,))
    best = analysis.best
    mine = set(discard)
    chosen = next(c for c in analysis.candidates if set(c.discard) == mine)
    if best.ev - chosen.ev <= noise(best.se, chosen.se):
        best = chosen
    cost = max(0.0, best.ev - chosen.ev)
    words = " ".join(c.code for c in best.discard)
    reason = ""
    if cost > 5:
        reason = discard_reason_words(analysis, chosen, hand.rules)
    return DecisionReview(number, "discard", None, " ".join(c.code for c in discard), words,
                          cost, None, bid_band(cost), (), reason, len(calls))


def _grade_card(hand: GameHand, seat: Seat, play: Play, index: int, number: int,
                layouts: int, seed: int | str, solver: Solver,
                score: GameScore | None = None) -> DecisionReview:
    state = hand.state
    assert state is not None
    trick = len(state.history) + 1
    legal = state.legal_plays()
    if len(legal) == 1:
        return DecisionReview(number, "card", trick, play.code, play.code, 0.0, 0.0, "best",
                              (), "", index, forced=True)
    values = card_choice(hand, seat, solver, layouts, seed, score)
    by_play = {v.play: v for v in values}
    best, chosen = values[0], by_play[play]
    cost = max(0.0, best.score - chosen.score)
    win_loss = stakes = None
    if score is not None:
        chances = win_chance.card_chances(values, state, score, seat)
        win_loss, noisy = _chance_gap(chances[best.play], chances[play])
        if win_loss <= noisy:
            best, win_loss, cost = chosen, 0.0, 0.0
        elif win_loss > WIN_LIMITS[0]:
            stakes = (f"{_stakes(score, seat, state.rules)}: {choice_text(best.play)} left your "
                      f"side {fmean(chances[best.play]):.0%} to win the game over the layouts "
                      f"you could have faced, {choice_text(play)} "
                      f"{fmean(chances[play]):.0%}.")
    real = solvable_state(state, seat)
    analysis = solver.analyse(real)
    dd_best = analysis.best
    dd_cost = float(abs(dd_best - analysis.values[play]))
    dd_pick = best.play if analysis.values[best.play] == dd_best else analysis.best_plays[0]
    line = played_out(real, [dd_pick], solver)
    def from_layouts() -> str:
        return layouts_card_words(hand, seat, best, chosen, layouts,
                                  random.Random(f"{seed}:card:{len(hand.plays)}"), solver,
                                  dd_cost)

    reason = _card_reason(real, seat, play, chosen, best, dd_pick, line, dd_cost, solver,
                          from_layouts)
    if win_loss is not None:
        reason = f"{stakes} {reason}".strip() if stakes else ""
    band = bid_band(cost) if win_loss is None else win_band(win_loss)
    return DecisionReview(number, "card", trick, play.code, best.play.code, cost, dd_cost,
                          band, tuple(p.code for p in line), reason, index, win_loss=win_loss)


def _card_reason(state: PlayState, seat: Seat, play: Play, chosen: PlayValue, best: PlayValue,
                 dd_pick: Play,
                 line: tuple[Play, ...], dd_cost: float, solver: Solver,
                 from_layouts: Callable[[], str] | None = None) -> str:
    """Where the real layout sets a goal the card misses, the technique words of a play
    puzzle's write-up (`trainer.generate.write_ups.review_words.costly_card_claims`), else the
    puzzles' first reason; otherwise what the layouts the player could have faced say
    (`layouts_words`); "" for a card as good as the best."""
    if best.play == play and dd_cost == 0:
        return ""
    if dd_cost >= 1 and state.contract is not None and isinstance(state.contract, Bid):
        analysis = solver.analyse(state)
        goal = puzzle_goal(state, seat, analysis.best)
        target = goal[0] if goal is not None and not goal[0].met_by(analysis.values[play]) \
            else None
        if target is None and not state.contract.misere and state.declarer is not None:
            # the trick it lost: keep as many tricks as the best card (the declarer's side's)
            target = Goal(seat in state.rules.side_of(state.declarer), analysis.best)
        if target is not None and not target.met_by(analysis.values[play]):
            try:
                words = costly_card_claims(state, seat, target, play, solver)
            except TrainerError:
                words = None
            if words is not None:
                return words.text
            right = analysis.best_plays
            try:
                reasons = wrong_card_reasons(state, seat, target, play,
                                             played_out(state, [play], solver), right,
                                             dd_pick, line, solver)
            except TrainerError:
                reasons = []
            if reasons:
                return reasons[0].text
    if best.score - chosen.score <= 5:
        return ""
    if from_layouts is not None:
        return from_layouts()
    return layouts_words(best, chosen, dd_cost)


def _card_words(cards: tuple[Card, ...]) -> str:
    return " ".join(play_text(Play(c)) for c in cards)
