"""Bots that play Five Hundred by sampling and solving (docs: the module docstrings).

`decide(hand, level, seed)` is the one entry point: the call, discard or card of the seat to
act in a `trainer.game.GameHand`, at ``level`` (`Level`: easy, normal, strong). The same hand,
level and seed always give the same decision. Modules: `levels` (what each level spends),
`sampling` (layouts of the unseen cards that fit what a seat has seen), `cards` (a card by
sampling and solving), `calls` (a call and a discard by the simulations).
"""

from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass

from trainer.bidding import Bid
from trainer.bots.calls import choose_call, choose_exchange
from trainer.bots.cards import PlayValue, card_values, choose_card, side_score
from trainer.bots.levels import BUDGETS, Budget, Level, parse_level
from trainer.bots.sampling import Knowledge, knowledge, sample_states, shown_voids
from trainer.cards import Card
from trainer.game.hand import GameHand, Phase
from trainer.policy import choose_play
from trainer.rules import Play
from trainer.solver import Solver, default_solver


@dataclass(frozen=True)
class Decision:
    """A bot's decision: a ``call``, a ``discard``, or a ``play`` (exactly one is set)."""

    call: Bid | str | None = None
    discard: tuple[Card, ...] | None = None
    play: Play | None = None

    def apply(self, hand: GameHand) -> None:
        """Make this decision in ``hand`` (the engine checks it)."""
        if self.call is not None:
            hand.call(self.call)
        elif self.discard is not None:
            hand.exchange(self.discard)
        elif self.play is not None:
            hand.play(self.play)


def decide(hand: GameHand, level: Level, seed: int | str = 0,
           solver: Solver | None = None) -> Decision:
    """The decision of the seat to act in ``hand`` at ``level``. ``seed`` with the number of
    actions so far seeds the layouts. A level that cannot decide (a sampling or solving
    error: a bug, never the learner's doing) falls back to the easy level's policy, and the
    event is logged on the ``trainer.bots`` logger with the hand's record, so that a game
    never stops on it. Raises `ValueError` when the hand is over."""
    if hand.is_over:
        raise ValueError("decide: the hand is over")
    if level is Level.EASY:
        return _decide(hand, BUDGETS[level], seed, solver)
    try:
        return _decide(hand, BUDGETS[level], seed, solver)
    except Exception as error:  # a bot's bug must not stop the game
        FALLBACKS.append(f"{type(error).__name__}: {error}")
        log.warning("bot at %s fell back to the policy (%s: %s); hand: %s", level.value,
                    type(error).__name__, error, json.dumps(hand.to_record().to_json()))
        return _decide(hand, BUDGETS[Level.EASY], seed, solver)


FALLBACKS: list[str] = []
"""Each fallback to the policy in this process, one line each (soaks and tests count them)."""

log = logging.getLogger("trainer.bots")


def _decide(hand: GameHand, budget: Budget, seed: int | str,
            solver: Solver | None) -> Decision:
    turn = f"{seed}:{len(hand.auction.calls)}:{len(hand.plays)}"
    if hand.phase is Phase.AUCTION:
        return Decision(call=choose_call(hand, budget.call_layouts, turn))
    if hand.phase is Phase.EXCHANGE:
        return Decision(discard=choose_exchange(hand, budget.discard_layouts, turn))
    if hand.phase is Phase.PLAY and hand.state is not None and hand.to_act is not None:
        if budget.card_layouts <= 0:
            return Decision(play=choose_play(hand.state, misere_defence=True))
        layouts = card_layouts(hand, budget.card_layouts)
        play = choose_card(hand, hand.to_act, layouts, random.Random(turn),
                           solver or default_solver())
        return Decision(play=play)
    raise ValueError("decide: the hand is over")


BIG_TABLE_EARLY = 4
"""Layouts a bot samples at the 2- and 6-player tables while more than 6 tricks are left: 40
to 60 cards in play (the 2-player table piles, six hands) make those positions slow to solve,
up to a third of a second a layout on this machine, where a 4-player deal takes about 10 ms."""


def card_layouts(hand: GameHand, layouts: int) -> int:
    """The layouts to sample for a card: the level's, fewer early at the big tables."""
    state = hand.state
    if hand.rules.players in (2, 6) and state is not None and state.tricks_left > 6:
        return min(layouts, BIG_TABLE_EARLY)
    return layouts


__all__ = [
    "BUDGETS",
    "FALLBACKS",
    "Budget",
    "Decision",
    "Knowledge",
    "Level",
    "PlayValue",
    "card_layouts",
    "card_values",
    "choose_card",
    "decide",
    "knowledge",
    "parse_level",
    "sample_states",
    "shown_voids",
    "side_score",
]
