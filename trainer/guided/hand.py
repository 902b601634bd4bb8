"""The hand of a guided first hand, and its steps (RULES.md §1-§6).

A `GuidedHand` is a deal from `trainer.cards.deal` (a seed of `SEEDS`, West dealing, so North
and East call before the learner) with the learner in South's seat, under the default rules
(`RuleSet()`: the Australian game for four). Each seed was chosen so that the simple bidding
policy (`trainer.policy.choose_bid`) makes South the declarer of a sensible seven- or
eight-level suit contract that the solver says can be made, with another player bidding first
in most of them: a good first hand (tests/test_guided.py checks it for every seed).

`STEPS` are the `TOTAL_STEPS` steps every guided hand goes through, in order: choose a trump
suit, count its trumps, the auction, the kitty, the ten tricks and the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.cards import Card, Deal, Seat, deal
from trainer.errors import TrainerError
from trainer.rules import RuleSet

SEEDS: tuple[int, ...] = (262, 155, 369, 96, 241)
"""The shipped hands, in the order "Another hand" deals them."""
DEALER = Seat.W
LEARNER = Seat.S


class GuidedError(TrainerError):
    """A guided hand asked for something it cannot do (an unknown seed, a step's answer given
    at another step, a card that is not the learner's to play)."""


class StepKind(Enum):
    """What a step is about."""

    TRUMPS = "trumps"  # which suit would you choose as trumps?
    COUNT = "count"  # how many trumps do you hold in it?
    AUCTION = "auction"  # your call(s)
    KITTY = "kitty"  # take the kitty and discard three (or watch the declarer do it)
    TRICK = "trick"  # play your card to one trick
    SCORE = "score"  # score the hand


@dataclass(frozen=True)
class Step:
    """One step: its ``number`` (1 to `TOTAL_STEPS`), ``kind``, ``title`` and, for a trick,
    the ``trick`` number (1-10, else 0)."""

    number: int
    kind: StepKind
    title: str
    trick: int = 0


def _steps() -> tuple[Step, ...]:
    head = [(StepKind.TRUMPS, "Sort and value your hand"),
            (StepKind.COUNT, "Count your trumps"),
            (StepKind.AUCTION, "The auction"),
            (StepKind.KITTY, "The kitty")]
    steps = [Step(i, kind, title) for i, (kind, title) in enumerate(head, 1)]
    steps += [Step(len(head) + t, StepKind.TRICK, f"Trick {t} of 10", t) for t in range(1, 11)]
    steps.append(Step(len(steps) + 1, StepKind.SCORE, "The score"))
    return tuple(steps)


STEPS: tuple[Step, ...] = _steps()
TOTAL_STEPS = len(STEPS)


@dataclass(frozen=True)
class GuidedHand:
    """A hand to walk through: ``seed`` dealt with `DEALER` dealing, the learner at
    ``learner`` (South), under ``rules``. Build one with `from_seed`."""

    seed: int
    deal: Deal
    rules: RuleSet
    learner: Seat = LEARNER

    @classmethod
    def from_seed(cls, seed: int, rules: RuleSet | None = None) -> GuidedHand:
        """The hand dealt from ``seed`` (any int; `SEEDS` are the good ones). Raises
        `GuidedError` when ``rules`` is not a four-player game of the 43-card pack."""
        rules = rules or RuleSet()
        if rules.players != 4 or rules.deck != 43:
            raise GuidedError("a guided hand is dealt for four players with the 43-card pack")
        return cls(seed, deal(seed, players=4, dealer=DEALER), rules)

    @classmethod
    def shipped(cls, index: int) -> GuidedHand:
        """The ``index``-th shipped hand, counting round `SEEDS` (so "Another hand" never runs
        out)."""
        return cls.from_seed(SEEDS[index % len(SEEDS)])

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def hand(self) -> tuple[Card, ...]:
        """The learner's ten cards as dealt."""
        return self.deal.hands[self.learner]
