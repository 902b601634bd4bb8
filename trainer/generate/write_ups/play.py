"""The write-up of a play puzzle: the plan in a player's words, 2 to 5 sentences, naming cards.

Built from the record and the solver, in the manner of Bridge Master's write-ups:

1. The plan, one sentence a decision of the main line (up to three): what to play, and why it
   works (`trainer.generate.right_reasons`, read off the recorded main line, the one "Show
   solution" steps through, continued by the solver's best play): "Lead A♥: it draws West's
   last trump." A card with a role says it ("J♦, the left bower"); cards that just cash
   winners on lead go together ("Then cash A♦ and K♦.").
2. The trap: the most tempting wrong card at the first decision (the one that costs the fewest
   tricks; among equals the first in the engine's order), with its first reason
   (`trainer.generate.card_reasons`): "Leading 7♣ instead fails. It lets West ruff: ...".

Every clause is a fact of those lines and the engine's rules, so the same record gives
the same write-up (the generator sets it; `trainer.generate.write_ups.fill` sets it on records
written before).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from trainer.generate.card_reasons import wrong_card_reasons
from trainer.generate.explain import card_role, play_text
from trainer.generate.goals import judge
from trainer.generate.grading import played_out
from trainer.generate.records import PlayPuzzle
from trainer.generate.right_reasons import RightKind, RightReason, right_card_reason
from trainer.lessons.question import names_list
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
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


def _plan(puzzle: PlayPuzzle, index: int, solver: Solver) -> tuple[str, RightReason]:
    decision = puzzle.solution[index]
    state = decision.position.to_state()
    good = decision.line[0]
    why = right_card_reason(state, puzzle.learner, puzzle.goal, good,
                            played_out(state, puzzle.main_line_from(index), solver))
    return f"{_verb(state, good)} {_card_words(state, good)}", why


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
                                 played_out(state, (tempting,), solver), verdicts.right, good,
                                 played_out(state, puzzle.main_line_from(0), solver), solver)
    if not reasons:
        return ""
    doing = GERUNDS[_verb(state, tempting)]
    later = any(tempting in d.line for d in puzzle.solution)  # right later, not now
    return (f"{doing} {play_text(tempting)} {'at once' if later else 'instead'} fails. "
            f"{reasons[0].text}")


def _plan_sentences(puzzle: PlayPuzzle, solver: Solver) -> list[str]:
    """The plan, a sentence a decision; decisions that just cash a winner on lead go together
    ("Then cash A♦ and K♦.")."""
    sentences: list[str] = []
    cashed: list[str] = []

    def flush() -> None:
        if cashed:
            head = "Then cash" if sentences else "Cash"
            sentences.append(f"{head} {names_list(cashed)}.")
            cashed.clear()

    last: tuple[list[str], str] | None = None  # the actions of the last sentence, its reason
    for index in range(min(len(puzzle.solution), PLAN_DECISIONS)):
        action, why = _plan(puzzle, index, solver)
        if why.kind is RightKind.WINS and action.startswith("lead "):
            cashed.append(action.removeprefix("lead "))
            last = None
            continue
        flush()
        if last is not None and last[1] == why.predicate:  # one reason for several cards
            last[0].append(action)
            sentences[-1] = _sentence(last[0], why.predicate, len(sentences) > 1)
            continue
        last = ([action], why.predicate)
        sentences.append(_sentence(last[0], why.predicate, bool(sentences)))
    flush()
    return sentences


def _sentence(actions: list[str], predicate: str, then: bool) -> str:
    """``"Then lead 10♥, then throw K♥: that ..."`` (``it`` for one card)."""
    text = ", then ".join(actions)
    head = f"Then {text}" if then else text[:1].upper() + text[1:]
    return f"{head}: {'it' if len(actions) == 1 else 'that'} {predicate}."


def play_write_up(puzzle: PlayPuzzle, solver: Solver) -> str:
    """The write-up of ``puzzle`` (module docstring): 2 to 5 sentences. Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    plan = _plan_sentences(puzzle, solver)
    trap = sentences(_trap(puzzle, solver))
    kept = plan[:max(1, MAX_SENTENCES - len(trap))]
    return " ".join(sentences(" ".join(kept + trap))[:MAX_SENTENCES])
