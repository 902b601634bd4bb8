"""A hand being played on the "Play a game" page: the `Game` (or a practice copy of one hand),
the learner's seat, the bots' level, and how many tricks the learner has seen.

`Table` is mutable on purpose: it lives in ``st.session_state`` and the buttons' callbacks
advance it. No Streamlit here.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from trainer.bots import Level
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.game import Game, GameHand
from trainer.generate.explain import seat_name
from trainer.rules import RuleSet

SEED_ENV = "TRAINER_GAME_SEED"
"""Fixes every new game's seed (the tests set it), so a game deals the same cards each time."""


def learner_seat(rules: RuleSet) -> Seat:
    """South at 2, 4 and 6 players. The 3-player table has no South (its seats are North, East
    and West): the learner sits West, the last seat clockwise, where South's left-hand
    neighbour would be, so the learner still calls and plays after East."""
    return Seat.S if Seat.S in rules.seats else rules.seats[-1]


def new_seed() -> int:
    """The seed of a new game: ``$TRAINER_GAME_SEED`` when set, else a random one."""
    fixed = os.environ.get(SEED_ENV, "").strip()
    if fixed:
        try:
            return int(fixed)
        except ValueError:
            raise TrainerError(f"{SEED_ENV}: {fixed[:20]!r} is not a whole number") from None
    return random.SystemRandom().getrandbits(32)


@dataclass
class Table:
    """The hand on show. ``game`` is None for a practice copy of a hand ("replay from here"),
    which is never saved. ``shown``: the tricks of this hand the learner has seen (play pauses
    after each trick until they go on). ``number``: the hand's number in its game."""

    hand: GameHand
    learner: Seat
    level: Level
    seed: int
    game: Game | None = None
    number: int = 0
    shown: int = 0
    watching: bool = False
    """The learner sits out (partner's misère) and asked to watch it to the end unpaused."""

    @classmethod
    def of_game(cls, game: Game, level: Level) -> Table:
        """The game's hand in play (a resumed game): between tricks, the last trick is shown
        again before play goes on."""
        hand = game.hand
        state = hand.state
        seen = 0 if state is None else len(state.history) - (not state.trick and
                                                             bool(state.history))
        return cls(hand, learner_seat(game.rules), level, game.seed, game, game.number, seen)

    @property
    def practice(self) -> bool:
        return self.game is None

    @property
    def bot_seed(self) -> str:
        """Seeds the bots' layouts: the same game, hand and turn always give the same card."""
        return f"{self.seed}:{self.number}"

    @property
    def my_turn(self) -> bool:
        return self.hand.to_act is self.learner

    @property
    def paused(self) -> bool:
        """True when a trick has just been completed and the learner has not gone on yet (the
        last trick is shown with the score instead)."""
        state = self.hand.state
        return (state is not None and not self.hand.is_over and not state.trick
                and len(state.history) > self.shown and not self.watching)

    def go_on(self) -> None:
        """The learner has seen the last trick."""
        state = self.hand.state
        self.shown = len(state.history) if state is not None else 0

    def next_hand(self) -> None:
        """Score the hand and deal the next one (a game's table only)."""
        if self.game is None:
            raise TrainerError("next hand: a practice hand has no next hand")
        self.game.next_hand()
        self.hand = self.game.hand
        self.number = self.game.number
        self.shown = 0
        self.watching = False

    def sits_out(self) -> bool:
        """True when the learner's partner plays misère, so the learner has no cards."""
        state = self.hand.state
        return state is not None and self.learner not in state.hands


def seat_word(seat: Seat, learner: Seat) -> str:
    """``"You"`` or the seat's name, to start a sentence."""
    return "You" if seat is learner else seat_name(seat)


def side_name(side: tuple[Seat, ...], learner: Seat) -> str:
    """A side in words: ``"You and North"``, ``"East and West"``, ``"You"``."""
    names = [seat_word(s, learner) for s in sorted(side, key=lambda s: s is not learner)]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
