"""The write-up of a play puzzle: the plan in a player's words, 2 to 5 sentences, naming cards.

Built from the record and the solver, in the manner of Bridge Master's write-ups:

1. The plan, one sentence a decision of the main line (up to three): what to play, and why it
   works (`trainer.generate.right_reasons`, read off the solver's line after the card):
   "Lead A♥: it draws the opponents' last trump." A card with a role says it ("J♦, the left
   bower").
2. The trap: the most tempting wrong card at the first decision (the one that costs the fewest
   tricks; among equals the first in the engine's order), with its first reason
   (`trainer.generate.card_reasons`): "7♣ at once fails: it lets West ruff: ...".

Every clause is a fact of the solver's lines and the engine's rules, so the same record gives
the same write-up (the generator sets it; `trainer.generate.write_ups.fill` sets it on records
written before).
"""

from __future__ import annotations

import re

from trainer.generate.card_reasons import wrong_card_reasons
from trainer.generate.explain import card_role, play_text
from trainer.generate.goals import judge
from trainer.generate.records import Decision, PlayPuzzle
from trainer.generate.right_reasons import right_card_reason
from trainer.play import PlayState
from trainer.rules import Play
from trainer.solver import Solver

GERUNDS = {"lead": "Leading", "play": "Playing", "ruff with": "Ruffing with",
           "throw": "Throwing"}
MAX_SENTENCES = 5
PLAN_DECISIONS = 3
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9♠♣♦♥])")


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (after ``.``, ``!`` or ``?`` and a space before a capital,
    a digit or a suit symbol)."""
    return [s for s in _SENTENCE.split(text.strip()) if s]


def _line_after(state: PlayState, play: Play, solver: Solver) -> tuple[Play, ...]:
    work = state.copy()
    work.push(play)
    return (play, *(solver.principal_line(work) if not work.is_over else ()))


def _card_words(state: PlayState, play: Play) -> str:
    """``"A♥"``, ``"J♦, the left bower"``, ``"the joker naming ♣"``."""
    if play.card.is_joker:
        return f"the joker naming {play.named.symbol}" if play.named else "the joker"
    role = card_role(play.card, state.order)
    return f"{play.card.pretty}, {role}" if role else play.card.pretty


def _verb(state: PlayState, play: Play) -> str:
    if not state.trick:
        return "lead"
    led = state.order.play_suit(state.trick[0])
    if state.order.play_suit(play) is led:
        return "play"
    return "ruff with" if state.order.is_trump(play.card) else "throw"


def _plan(puzzle: PlayPuzzle, decision: Decision, first: bool, solver: Solver) -> str:
    state = decision.position.to_state()
    good = decision.line[0]
    why = right_card_reason(state, puzzle.learner, puzzle.goal, good,
                            _line_after(state, good, solver))
    verb = _verb(state, good)
    head = f"{verb} {_card_words(state, good)}"
    head = head[:1].upper() + head[1:] if first else f"Then {head}"
    return f"{head}: it {why.predicate}."


def _trap(puzzle: PlayPuzzle, solver: Solver) -> str:
    decision = puzzle.solution[0]  # at the puzzle's position: no goal trick taken yet
    state = decision.position.to_state()
    verdicts = judge(solver.analyse(state), state, puzzle.goal, 0)
    wrong = [c[0] for c in verdicts.classes if c[0] not in verdicts.right]
    if not wrong:
        return ""
    values = verdicts.analysis.values
    maxing = verdicts.analysis.maximising
    tempting = min(wrong, key=lambda p: (-values[p] if maxing else values[p]))
    good = decision.line[0]
    reasons = wrong_card_reasons(state, puzzle.learner, puzzle.goal, tempting,
                                 _line_after(state, tempting, solver), verdicts.right, good,
                                 _line_after(state, good, solver), solver)
    if not reasons:
        return ""
    doing = GERUNDS[_verb(state, tempting)]
    later = any(tempting in d.line for d in puzzle.solution)  # right later, not now
    return (f"{doing} {play_text(tempting)} {'at once' if later else 'instead'} fails. "
            f"{reasons[0].text}")


def play_write_up(puzzle: PlayPuzzle, solver: Solver) -> str:
    """The write-up of ``puzzle`` (module docstring): 2 to 5 sentences. Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    plan = [_plan(puzzle, d, i == 0, solver)
            for i, d in enumerate(puzzle.solution[:PLAN_DECISIONS])]
    trap = sentences(_trap(puzzle, solver))
    room = MAX_SENTENCES - len(trap)
    kept = plan[:max(1, room)]
    text = sentences(" ".join(kept + trap))[:MAX_SENTENCES]
    return " ".join(text)
