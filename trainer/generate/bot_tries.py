"""A bot of a given level tries a play puzzle in the learner's seat: does it find a right card at
every decision of the main line?

`bot_solves(puzzle, level, seed, solver)` plays the puzzle as a learner would in
`trainer.generate.grading.PuzzleSession`: at each of the learner's decisions the bot picks a
card seeing only what the learner's seat sees; a card is right when the record's verdicts say
it keeps the goal (``Decision.right``), or, once the bot has left the recorded line with another
right card, when the solver says it does (`LineBuilder.verdicts`, the same judge the record
was made with). The other seats then reply as the grader plays them (the recorded line while
on it, else `LineBuilder.reply`); the learner's free cards (one distinct card, or every card
keeps the goal) are played as the grader plays them, since none of them can fail. The bot
solves the puzzle when no card it picked was wrong before the goal was settled.

The levels (`trainer.bots.levels`):
- easy: the rules of thumb, `trainer.policy.choose_play` with ``misere_defence`` (as the easy
  bot plays at the table): it reads only its own cards, the cards played and an exposed
  misère hand.
- normal, strong: the bots' sampling (`trainer.bots.cards`): ``BUDGETS[level].card_layouts``
  layouts of the unseen cards that fit the seat's view at the puzzle position
  (`trainer.bots.sampling.state_knowledge`: its cards, the cards played, the voids shown, a
  nominated joker; a puzzle position has no auction and no record of the declarer's discard),
  each solved double dummy, the best mean score played (`trainer.bots.cards.rank`). A set
  misère is left to the policy, as `choose_card` does.

The same puzzle, level and seed always give the same answer: the layouts of decision ``k``
are drawn from ``random.Random(f"{seed}:{puzzle.id}:{k}")``.
"""

from __future__ import annotations

import random
from statistics import fmean
from typing import TYPE_CHECKING

from trainer.bots.levels import BUDGETS, Level, parse_level
from trainer.generate.lines import LineBuilder
from trainer.generate.records import PlayPuzzle
from trainer.play import PlayState
from trainer.policy import choose_play
from trainer.rules import Play

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver


def bot_card(state: PlayState, level: Level, rng: random.Random, solver: Solver) -> Play:
    """The card a bot of ``level`` plays for the seat to move at ``state``, from that seat's
    view only (module docstring). Raises `ValueError` when the hand is over."""
    legal = state.legal_plays()
    if not legal or state.to_play is None:
        raise ValueError("play: the hand is over")
    if len(legal) == 1:
        return legal[0]
    contract = state.contract
    layouts = BUDGETS[level].card_layouts
    if layouts <= 0 or (contract is not None and contract.misere
                        and state.declarer_tricks() > 0):
        return choose_play(state, misere_defence=True)
    from trainer.bots.cards import PlayValue, layout_values, rank
    from trainer.bots.sampling import sample_known, state_knowledge

    seat = state.to_play
    try:
        states = sample_known(state, state_knowledge(state, seat), layouts, rng)
    except ValueError:  # no layout fits the view (never seen in the bank): the rules of thumb
        return choose_play(state, misere_defence=True)
    rows = [layout_values(s, seat, solver) for s in states]
    values = [PlayValue(p, fmean(r[p][0] for r in rows), fmean(r[p][1] for r in rows),
                        tuple(r[p][0] for r in rows), tuple(r[p][1] for r in rows))
              for p in legal]
    return rank(values, state, seat)[0].play


def bot_solves(puzzle: PlayPuzzle, level: str | Level, seed: int, solver: Solver) -> bool:
    """True when a bot of ``level`` (``easy``, ``normal``, ``strong`` or a `Level`) playing the
    learner's seat picks a right card at every decision of ``puzzle`` (module docstring).
    Deterministic for a ``seed``. Raises `TrainerError` for an unknown level."""
    lvl = level if isinstance(level, Level) else parse_level(level)
    state = puzzle.position.to_state()
    learner = puzzle.learner
    builder = LineBuilder(state, learner, puzzle.goal, solver)
    recorded = puzzle.solution
    decision, on_line = 0, True
    while not builder.settled(state):
        if state.to_play is not learner:  # cannot happen at a puzzle's position; kept safe
            state.push(builder.reply(state))
            continue
        rng = random.Random(f"{seed}:{puzzle.id}:{decision}")
        play = bot_card(state, lvl, rng, solver)
        if on_line and decision < len(recorded):
            right = recorded[decision].right
        else:
            right = builder.verdicts(state).right
        if play not in right:
            return False
        follow = (on_line and decision < len(recorded)
                  and recorded[decision].line[:1] == (play,))
        script = list(recorded[decision].line[1:]) if follow else []
        on_line = follow
        decision += 1
        state.push(play)
        while not builder.settled(state):
            seat = state.to_play
            if seat is learner:
                if script and script[0] in state.legal_plays():
                    nxt = script.pop(0)
                else:
                    free = builder.free_play(state)
                    if free is None:
                        break  # a real decision: the bot's turn again
                    nxt = free
            elif script:
                nxt = script.pop(0)
            else:
                nxt = builder.reply(state)
            state.push(nxt)
    return True


def solve_share(puzzles: list[PlayPuzzle], level: str | Level, seed: int,
                solver: Solver) -> float:
    """The share (0-1) of ``puzzles`` that `bot_solves` at ``level``; 0.0 for none."""
    if not puzzles:
        return 0.0
    return sum(bot_solves(p, level, seed, solver) for p in puzzles) / len(puzzles)
