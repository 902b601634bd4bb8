"""The write-up of a play puzzle: the plan in a player's words, 2 to 5 sentences, naming cards.

Built from the record and the solver, in the manner of Bridge Master's write-ups. The main
line is rebuilt as the generator builds it (`trainer.generate.lines.main_line`, from the
puzzle's position, learner and goal: the same line, so the same text, whether the generator or
`trainer.generate.write_ups.fill` asks), and its technique recognised
(`trainer.generate.techniques.main_technique`, the right lines played out by the solver). Then:

1. The technique named and the plan in one or two sentences, from its facts
   (`technique_words.plan_claims`): "A throw-in: lead K♣ and let East win trick 6 with A♣ ...".
2. Why the tempting card it was compared with fails, in terms of the same idea
   (`technique_words.trap_claim`): "Leading 6♠ instead throws no one in: ...".
3. How you would know (`table_clues.clue_claim`): what the learner has seen that places the
   card the line needs, or a plain word that nothing does and the line is a guess that double
   dummy gets right.

Where no technique is recognised (always at two players, where a seat plays two cards a
trick), 1 and 2 are plain: what the right card does and the tricks the side then takes, and
where the tempting card's line first gives a trick away (`plain_claims`).

Every sentence is a `Claim` with the facts it rests on (`play_claims`, `line_claims` for a
main line); `false_claims` replays them with the engine and returns the ones that fail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.generate.lines import MainLine, main_line
from trainer.generate.records import PlayPuzzle
from trainer.generate.techniques import Fact, Technique, TechniqueKey, fact_holds, main_technique
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim, Words, cap
from trainer.generate.write_ups.table_clues import clue_claim
from trainer.generate.write_ups.technique_words import plan_claims, trap_claim

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver

MAX_SENTENCES = 5
PLAIN_TRICKS = 3
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9♠♣♦♥])")


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (after ``.``, ``!`` or ``?`` and a space before a capital,
    a digit or a suit symbol)."""
    return [s for s in _SENTENCE.split(text.strip()) if s]


@dataclass(frozen=True)
class PlayWriteUp:
    """A play write-up: its sentences with their facts, the main line they are about, and the
    technique named (None for a plain write-up)."""

    line: MainLine
    claims: tuple[Claim, ...]
    technique: Technique | None

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.claims)


def plain_claims(view: LineView) -> tuple[list[Claim], Claim | None]:
    """The plan and the trap when no technique is recognised (module docstring): the plan's
    claims and the trap's (None when the most tempting card's line never parts from the right
    one)."""
    w = Words(view)
    info = view.line.decisions[0]
    right = view.right(0)
    head = cap(w.action(0, info.main))
    if not right:
        return [Claim(f"{head}: it keeps the goal.")], None
    two = view.rules.players == 2  # a seat plays two cards a trick: name none of its own
    mine = None if two else view.trick_fact(0, None, right[0], view.learner)
    good = [t for t in right if view.good(t)]
    if view.misere and view.learner is view.declarer:
        text = f"{head}: with best play on both sides you take no trick."
        facts = []
        if mine is not None:
            text = f"{head}: {w.clause(mine)}, and with best play on both sides you take no " \
                   "trick."
            facts = [mine]
    else:
        taken = [view.winner_fact(0, None, t) for t in good[:PLAIN_TRICKS]]
        side = "the declarer is made to take" if view.misere else "your side takes"
        numbers = [str(f.trick) for f in taken]
        words = ", ".join(numbers[:-1]) + (" and " if len(numbers) > 1 else "") + numbers[-1] \
            if numbers else ""
        more = " among others" if len(good) > PLAIN_TRICKS else ""
        text = f"{head}: {w.clause(mine)}" if mine is not None else head
        if taken:
            cards = ", ".join(w.owned(f.seat, f.card) for f in taken if f.card is not None)
            text += (f"{', and' if mine is not None else ':'} with best play on both sides "
                     f"{side} trick{'s' if len(taken) > 1 else ''} {words}{more} ({cards})")
        text += "."
        facts = [*([mine] if mine is not None else []), *taken]
    plan = [Claim(text, tuple(dict.fromkeys(facts)))]
    wrongs = view.wrongs(0)
    if not wrongs:
        return plan, None
    wrong = wrongs[0]
    parted = view.parting(0, wrong)
    later = any(wrong in d.line for d in view.line.decisions)
    doing = w.doing(0, wrong, later)
    if not parted:
        return plan, None
    fine, bad = parted
    return plan, Claim(f"{doing} gives a trick away at trick {bad.trick}: {w.clause(bad)}, "
                       f"where on the right line {w.clause(fine)}.", (fine, bad))


def idea_words(technique: Technique) -> str:
    """The technique as the subject of "... needs it to be East's": ``"the throw-in"`` for
    ``"a throw-in"``, ``"leading the joker"`` for ``"the joker draws the last trump"``."""
    name = technique.name
    if technique.key is TechniqueKey.JOKER_DRAWS_LAST_TRUMP:
        return "leading the joker"
    for article in ("a ", "an "):
        if name.startswith(article):
            return "the " + name.removeprefix(article)
    return name


def play_claims(puzzle: PlayPuzzle, solver: Solver) -> PlayWriteUp:
    """The write-up of ``puzzle`` as claims (module docstring). Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    line = main_line(puzzle.position.to_state(), puzzle.learner, puzzle.goal, solver)
    return line_claims(line, solver)


def line_claims(line: MainLine, solver: Solver) -> PlayWriteUp:
    """The write-up of a main line (`trainer.generate.lines.main_line`) as claims: what
    `play_claims` says of the puzzle whose line it is."""
    view = LineView(line, solver)
    technique = main_technique(line, solver)
    if technique is not None:
        plan = plan_claims(view, technique)
        trap = trap_claim(view, technique)
        idea = idea_words(technique)
        decision, right, wrong = technique.decision, technique.play, technique.wrong
    else:
        plan, trap = plain_claims(view)
        idea = "the line"
        wrongs = view.wrongs(0)
        decision, right, wrong = 0, line.decisions[0].main, (wrongs[0] if wrongs else None)
    claims = [*plan, *([trap] if trap is not None else [])]
    facts = tuple(f for c in claims for f in c.facts)
    claims.append(clue_claim(view, facts, idea, decision, right, wrong))
    return PlayWriteUp(line, tuple(claims[:MAX_SENTENCES]), technique)


def false_claims(write_up: PlayWriteUp, solver: Solver) -> list[tuple[Claim, Fact]]:
    """The claim checker: every (claim, fact) of ``write_up`` whose fact does not hold when
    the engine replays it on its line (`trainer.generate.techniques.fact_holds`, the right
    lines played out by ``solver``); empty when every sentence is true."""
    return [(c, f) for c in write_up.claims for f in c.facts
            if not fact_holds(write_up.line, f, solver)]


def play_write_up(puzzle: PlayPuzzle, solver: Solver) -> str:
    """The write-up of ``puzzle`` (module docstring): 2 to 5 sentences. Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    return play_claims(puzzle, solver).text
