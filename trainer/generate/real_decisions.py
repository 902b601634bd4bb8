"""Which play-puzzle moments are real decisions (generator version 3, issue 28).

A moment that passes the only-move test (`trainer.generate.play_steps.only_move`) becomes a
puzzle only if it is worth solving:

- **Plausible cards.** At the first decision at least ``MIN_PLAUSIBLE`` distinct cards
  (equivalence classes, `trainer.generate.goals.equivalence_classes`) are *plausible*. A class
  is plausible when it is right; or when it holds the easy bot's card (the rules of thumb,
  `trainer.policy.choose_play`: what a player who follows them plays); or when it is wrong but
  does not throw a winner. A card *throws a winner* (`throws_winner`) in a trick contract when
  it is a discard (the learner does not follow the suit led and does not trump) of a card that
  is the best left in its suit from the learner's view (no card of that suit still unplayed
  outside the learner's hand beats it; the free joker always is). In misère no card is a
  thrown winner: a high card thrown is often the point. So a puzzle whose only alternatives to
  the right card are throwing away aces is dropped.
- **The rules of thumb fail it.** A real decision is one the easy level fails
  (`trainer.generate.bot_tries.bot_solves` at ``Level.EASY``: a wrong card at some decision).
  The write-up names the line's main technique (`trainer.generate.techniques.main_technique`);
  a moment the rules of thumb solve is not a real decision whatever its technique (issue 28:
  puzzles that rules of thumb solve stay only as beginners' puzzles).
- **Beginners' puzzles.** One seed in ``BEGINNER_EVERY`` (``seed % BEGINNER_EVERY == 0``, not
  themed seeds) looks for a beginners' puzzle instead: one the easy level solves, with the
  plausible cards as above; it is marked ``beginner`` in its record. So beginners' puzzles
  are about a fifth of the puzzles kept, below issue 28's quarter (the bank test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.generate.goals import Verdicts
from trainer.generate.lines import MainLine
from trainer.generate.records import PlayPuzzle
from trainer.play import PlayState
from trainer.policy import choose_play
from trainer.rules import Play

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver

MIN_PLAUSIBLE = 2
BEGINNER_EVERY = 5
TRY_SEED = 0
"""The seed of the easy level's try (the easy level has no randomness; kept for the API)."""


def beginner_seed(seed: int, theme: str | None = None) -> bool:
    """Does this (unthemed) seed look for a beginners' puzzle? (module docstring)"""
    return theme is None and seed % BEGINNER_EVERY == 0


def throws_winner(state: PlayState, play: Play) -> bool:
    """Is ``play`` a discard of a winner by the seat to move (module docstring)? Always False
    in misère, and for a lead, a card of the suit led or a trump."""
    contract = state.contract
    seat = state.to_play
    if contract is None or contract.misere or not state.trick or seat is None:
        return False
    order = state.order
    led = order.play_suit(state.trick[0])
    card = play.card
    suit = order.effective_suit(card)
    if suit is led or order.is_trump(card):
        return False
    if card.is_joker:
        return True  # a free joker (no trumps) is always a winner when it is led or thrown
    seen = {p.card for t in state.history for p in t.plays} | {p.card for p in state.trick}
    mine = set(state.hands[seat])
    return not any(order.effective_suit(c) is suit and order.power(c) > order.power(card)
                   for c in state.rules.pack if c not in seen and c not in mine)


def plausible_classes(state: PlayState, verdicts: Verdicts) -> list[tuple[Play, ...]]:
    """The distinct cards at ``state`` that are plausible (module docstring), in the order of
    ``verdicts.classes``."""
    easy = choose_play(state, misere_defence=True)
    return [group for group in verdicts.classes
            if group[0] in verdicts.right or easy in group
            or not throws_winner(state, group[0])]


@dataclass(frozen=True)
class Assessment:
    """What `assess` found of a puzzle: the plausible distinct cards at its first decision,
    and whether the easy level solves it (False, not tried, when too few are plausible)."""

    plausible: int
    easy_solves: bool

    def keep(self, beginner: bool) -> bool:
        """Kept as a real decision (``beginner`` False: the easy level fails) or as a
        beginners' puzzle (``beginner`` True: it solves it); either way with enough plausible
        cards."""
        return self.plausible >= MIN_PLAUSIBLE and self.easy_solves == beginner


def assess(puzzle: PlayPuzzle, line: MainLine, solver: Solver) -> Assessment:
    """`Assessment` of ``puzzle`` (made from ``line``, its main line)."""
    first = line.decisions[0]
    plausible = len(plausible_classes(first.state, first.verdicts))
    if plausible < MIN_PLAUSIBLE:
        return Assessment(plausible, False)
    # imported here: the bots load the solver, and the Play page imports this module (through
    # play_puzzles' beginner_seed) to offer more puzzles before the solver is ready
    from trainer.bots.levels import Level
    from trainer.generate.bot_tries import bot_solves

    return Assessment(plausible, bot_solves(puzzle, Level.EASY, TRY_SEED, solver))
