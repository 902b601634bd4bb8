"""The coach: the best call, discard or card at the learner's decision, and why, in a sentence
(`hint`), by the hand review's own evaluation (`trainer.review.grade`: the same layouts, and
where the game's score decides the same chance of winning the game, so a hinted decision is
graded best in the review; at 2, 3 and 6 players a call or discard hint is
the normal bot's, since the review grades cards only there); and how many points a card the
learner is about to play loses on average against the best card (`card_cost`), for "Flag
costly cards". No Streamlit: the page lends a
solver (`trainer.ui.data.solver_access.solver_lock`) around these calls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean

from trainer.bidding import Bid, parse_call
from trainer.bots import BUDGETS, Level, card_layouts, card_values, decide
from trainer.cards import Seat
from trainer.game import GameHand, Phase
from trainer.generate.explain import play_text
from trainer.generate.write_ups.bid import call_case
from trainer.generate.write_ups.discard import principle, void_choice
from trainer.review.grade import LAYOUTS, call_choice, card_choice, discard_choice
from trainer.review.reasons import call_reason, layouts_card_words
from trainer.review.win_chance import call_chances, card_chances, matters
from trainer.rules import Play
from trainer.scoring import GameScore
from trainer.solver import Solver

COACH = Level.NORMAL
REVIEW_SEED = 0
"""The seed the hand review grades with (`trainer.review.grade.review_hand`'s default): the
coach's hints use the review's own evaluation with it, so that a hinted decision is graded
best (at the 4-player table; elsewhere a call or discard hint is the normal bot's)."""
COSTLY = 20.0
"""Points lost on average, against the best card, from which a card is flagged as costly."""


@dataclass(frozen=True)
class Hint:
    """The coach's choice (a call, discard or card code) and the sentence saying why."""

    choice: str
    text: str


def _points(x: float) -> str:
    return f"{x:+.0f}"


def _call_hint(hand: GameHand, seed: str, score: GameScore | None) -> Hint:
    seat = hand.to_act
    assert seat is not None
    if hand.rules.players == 4:
        analysis, best = call_choice(hand, seat, seed=REVIEW_SEED, score=score)
        if best is not None:
            what = "pass" if best.call == "P" else f"bid {parse_call(best.call).pretty}"
            if _decides(score, hand):
                assert score is not None
                chance = fmean(call_chances([best], score, seat, hand.rules)[best.call])
                return Hint(best.call, f"Best here: {what}. The score decides now: over "
                            f"{analysis.samples} ways the hidden cards could lie, with the "
                            "bidding finished and each contract played out with every card "
                            f"face up, it left your side {chance:.0%} to win the game, the "
                            "most of the calls your hand can show. "
                            f"{call_case(analysis, best)}.")
            rival = next((c for c in analysis.candidates
                          if c.call != best.call and c.ev <= best.ev), None)
            if rival is None:
                return Hint(best.call, f"Best here: {what}. {call_case(analysis, best)}.")
            return Hint(best.call, f"Best here: {what}. "
                        + call_reason(analysis, best, rival).replace(
                            f"(over {analysis.samples} layouts,",
                            f"(over {analysis.samples} ways the hidden cards could lie,"))
    call = decide(hand, COACH, seed).call
    assert call is not None
    bid = call if isinstance(call, Bid) else None
    what = f"bid {bid.pretty}" if bid is not None else "pass"
    why = "it counts the tricks your hand should take in each suit and bids what it expects"
    return Hint(bid.code if bid is not None else "P", f"A normal-level bot would {what} here: "
                f"{why}.")


def _discard_hint(hand: GameHand, seed: str) -> Hint:
    seat = hand.to_act
    assert seat is not None
    if hand.rules.players == 4:
        analysis = discard_choice(hand, seat, seed=REVIEW_SEED)
        discard = analysis.best.discard
        words = [principle(analysis, hand.rules)]
        void = void_choice(analysis, hand.rules)
        if void:
            words.append(void)
        text = " ".join(w.rstrip(".") + "." for w in words)
        return Hint(" ".join(c.code for c in discard),
                    f"Best here: {text[:-1]} (tried on {analysis.samples} ways the hidden "
                    f"cards could lie: {_points(analysis.best.ev)} a hand for your side).")
    else:
        decided = decide(hand, COACH, seed).discard
        assert decided is not None
        discard = decided
        why = "it keeps trumps and high cards and throws short, low side suits to make voids"
        lead = "A normal-level bot would discard"
    cards = [c.pretty for c in discard]
    named = ", ".join(cards[:-1]) + " and " + cards[-1] if len(cards) > 1 else "".join(cards)
    return Hint(" ".join(c.code for c in discard), f"{lead} {named}: {why}.")


def _card_hint(hand: GameHand, seat: Seat, seed: str, solver: Solver,
               score: GameScore | None) -> Hint:
    legal = hand.legal_plays()
    if len(legal) == 1:
        return Hint(legal[0].code, f"Only {play_text(legal[0])} can be played.")
    layouts = LAYOUTS
    values = card_choice(hand, seat, solver, layouts, REVIEW_SEED, score)
    best, second = values[0], values[1]
    if _decides(score, hand) and hand.state is not None:
        assert score is not None
        chances = card_chances(values[:2], hand.state, score, seat)
        return Hint(best.play.code, f"Best here: **{play_text(best.play)}**. The score decides "
                    f"now: over {layouts} ways the hidden cards could lie, played out with "
                    f"every card face up, it left your side "
                    f"{fmean(chances[best.play]):.0%} to win the game, "
                    f"{play_text(second.play)} {fmean(chances[second.play]):.0%}.")
    if round(best.score) == round(second.score):
        return Hint(best.play.code, f"Best here: **{play_text(best.play)}**, though "
                    f"{play_text(second.play)} does as well over the {layouts} ways the hidden "
                    "cards could lie that fit the bidding and the play so far.")
    why = layouts_card_words(hand, seat, best, second, layouts,
                             random.Random(f"{REVIEW_SEED}:card:{len(hand.plays)}"), solver,
                             None)
    why = why.replace(" was the better card", " is the better card", 1).replace(
        " it did better for your side", " it does better for your side", 1)
    return Hint(best.play.code, f"Best here: **{play_text(best.play)}**. {why}")


def _decides(score: GameScore | None, hand: GameHand) -> bool:
    return score is not None and matters(score, hand.rules)


def hint(hand: GameHand, seat: Seat, seed: str, solver: Solver,
         score: GameScore | None = None) -> Hint:
    """The coach's advice to ``seat``, whose decision it is in ``hand``; ``score``: the game's
    score before the hand (calls and cards then judged by the chance of winning the game where
    it decides, as the review judges them). Raises `ValueError` when it is not ``seat``'s
    turn."""
    if hand.to_act is not seat:
        raise ValueError(f"hint: it is not {seat}'s turn")
    if hand.phase is Phase.AUCTION:
        return _call_hint(hand, seed, score)
    if hand.phase is Phase.EXCHANGE:
        return _discard_hint(hand, seed)
    return _card_hint(hand, seat, seed, solver, score)


def card_cost(hand: GameHand, seat: Seat, play: Play, seed: str, solver: Solver) -> float:
    """The points ``play`` loses on average against the best card, over layouts of what
    ``seat`` cannot see (computed before the card is played; 0 for the only legal card)."""
    legal = hand.legal_plays()
    if len(legal) <= 1:
        return 0.0
    layouts = card_layouts(hand, BUDGETS[COACH].card_layouts)
    values = card_values(hand, seat, layouts, random.Random(f"cost:{seed}:{len(hand.plays)}"),
                         solver)
    chosen = next((v.score for v in values if v.play == play), values[-1].score)
    return max(0.0, values[0].score - chosen)
