"""The review's reasons in words (issue 27): why the better call, discard or card is better,
as a player values a hand or plays a card, from what the player could see; the figures only as
one short trailing clause.

- `call_reason`: the better call and what the hand holds for it, and why the call made is
  worse in the same words (`trainer.generate.write_ups.bid`: support and the fit, a raise or a
  new strain, partner's bowers held, stoppers, the misère shape); a gap within the simulation's
  noise (two standard errors) is said to be a close call.
- `discard_reason_words`: the better discard's principle (`write_ups.discard.principle`), what
  the discard made does worse (`discard_reasons.discard_reason`) and, when two voids were
  possible, why this void and not that one (`discard.void_choice`).
- `layouts_card_words`: for a card whose grade comes from the sampled layouts (the real layout
  does not show the loss), the same layouts dealt again (the review's seed), counted where the
  two cards differ, and on the layouts where they differ most the technique the better card
  carries out (`trainer.generate.techniques`, through
  `trainer.generate.write_ups.review_words.costly_card_claims` on that layout, every hand
  shown): its name and one-line description, with how many of those layouts showed it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from trainer.errors import TrainerError
from trainer.generate.goals import Goal
from trainer.generate.grading import choice_text
from trainer.generate.write_ups.bid import call_case, going_for, why_not
from trainer.generate.write_ups.calls import words
from trainer.generate.write_ups.discard import principle, void_choice
from trainer.generate.write_ups.discard_reasons import discard_reason
from trainer.generate.write_ups.facts import cards_text
from trainer.rules import CardOrder, RuleSet

if TYPE_CHECKING:
    from trainer.bots.cards import PlayValue
    from trainer.cards import Seat
    from trainer.game.hand import GameHand
    from trainer.simulate import BidAnalysis, CallResult, DiscardAnalysis, DiscardResult
    from trainer.solver import Solver

EXAMINED = 3
"""Layouts (those where the two cards differ most) the techniques are looked for on."""


def _sentence(text: str) -> str:
    return text.rstrip(".") + "."


def call_words(analysis: BidAnalysis, best: CallResult, chosen: CallResult) -> str:
    """`call_reason` without the figures: the two sentences."""
    parts = [call_case(analysis, best), going_for(analysis, best),
             why_not(analysis, best, chosen)]
    return " ".join(_sentence(s) for s in parts if s)


def call_reason(analysis: BidAnalysis, best: CallResult, chosen: CallResult) -> str:
    """Why ``best`` beats ``chosen`` (module docstring), e.g. "Pass and leave your partner East
    in 8♠: you hold 1 trump for East's spades: East's right bower (J♠) ... (over 30 layouts,
    +97 a hand against +38)."."""
    text = call_words(analysis, best, chosen)
    return (text.rstrip(".") + f" (over {analysis.samples} layouts, {best.ev:+.0f} a hand "
            f"against {chosen.ev:+.0f} for {words(chosen.call)}).")


def discard_reason_words(analysis: DiscardAnalysis, chosen: DiscardResult,
                         rules: RuleSet) -> str:
    """Why the best discard beats ``chosen`` (module docstring), with the figures trailing."""
    order = CardOrder(trump=analysis.contract.trump)
    best = analysis.best
    why = discard_reason(analysis, chosen, rules)
    parts = [principle(analysis, rules)]
    void = void_choice(analysis, rules)
    if void:
        parts.append(void)
    parts.append(f"Yours, {cards_text(chosen.discard, order)}, {why.text}")
    text = " ".join(_sentence(p) for p in parts)
    return (text.rstrip(".") + f" (over {analysis.samples} layouts, {best.ev:+.0f} a hand "
            f"against {chosen.ev:+.0f}).")


def misere_hand(hand: GameHand) -> bool:
    """True when the hand is played in misère (its per-layout tricks are 1 set, 0 made)."""
    contract = hand.state.contract if hand.state is not None else None
    return contract is not None and contract.misere


def layouts_card_words(hand: GameHand, seat: Seat, best: PlayValue, chosen: PlayValue,
                       layouts: int, rng: random.Random, solver: Solver,
                       dd_cost: float | None) -> str:
    """Why ``chosen`` was worse than ``best`` over the layouts the player could have faced
    (module docstring); ``rng`` seeded as the review seeded the values (the same layouts);
    ``dd_cost``: the tricks ``chosen`` lost on the real layout, None where it is not to be told
    (the coach's hint, before the card is played)."""
    from trainer.bots.cards import solvable_state
    from trainer.bots.sampling import sample_states
    from trainer.generate.write_ups.review_words import costly_card_claims

    states = sample_states(hand, seat, layouts, rng)
    pairs = list(zip(best.scores, chosen.scores, strict=False))
    more = sum(b > c for b, c in pairs)
    less = sum(b < c for b, c in pairs)
    name, played = choice_text(best.play), choice_text(chosen.play)
    widest = sorted((i for i, (b, c) in enumerate(pairs) if b > c),
                    key=lambda i: pairs[i][1] - pairs[i][0])[:EXAMINED]
    found: Counter[str] = Counter()
    described: dict[str, str] = {}
    for i in widest:
        if i >= len(states):
            continue
        state = solvable_state(states[i], seat)
        try:
            analysis = solver.analyse(state)
            ours = state.declarer is not None and seat in state.rules.side_of(state.declarer)
            misere = state.contract is not None and state.contract.misere
            wants = ours != misere  # counts the tricks kept: the declarer's side (or misère's
            goal = Goal(wants, analysis.values[best.play])  # defenders) keeps the better count
            words_ = costly_card_claims(state, seat, goal, chosen.play, solver)
        except TrainerError:
            continue
        if words_ is not None and words_.technique is not None and \
                words_.technique.play == best.play:  # the technique of the better card
            t = words_.technique
            found[t.name] += 1
            described[t.name] = t.description
    text = (f"From what you could see, {name} was the better card: on {more} of the "
            f"{len(pairs)} layouts of the hidden cards that fit the auction and the play so far "
            f"it did better for your side than {played}"
            + (f" (worse on {less})" if less else ""))
    if found:
        technique, k = found.most_common(1)[0]
        desc = described[technique]
        where = ("On that layout" if len(widest) == 1 else
                 f"On {k} of the {len(widest)} layouts where the two differ most")
        text += (f". {where}, the better card's idea is {technique}: "
                 f"{desc[:1].lower()}{desc[1:].rstrip('.')}")
    elif widest and not misere_hand(hand):
        i = widest[0]
        if i < len(best.layout_tricks) and i < len(chosen.layout_tricks):
            lost = abs(best.layout_tricks[i] - chosen.layout_tricks[i])
            if lost:
                text += (f"; on the layout where the two differ most, {played} gives away "
                         f"{lost} trick" + ("s" if lost != 1 else ""))
    text += f" ({best.score - chosen.score:.0f} points a hand on average)."
    if dd_cost == 0:
        text += f" On the real layout {played} happened to cost nothing."
    return text


__all__ = ["EXAMINED", "call_reason", "call_words", "discard_reason_words", "layouts_card_words"]
