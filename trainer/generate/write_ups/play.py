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

from trainer.generate.explain import play_text, seat_name
from trainer.generate.lines import MainLine, main_line
from trainer.generate.records import PlayPuzzle
from trainer.generate.techniques import (
    Fact,
    LineKind,
    Technique,
    TechniqueKey,
    fact_holds,
    recognise,
)
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim, Words, cap
from trainer.generate.write_ups.forced import WINNING, escape
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
        taken = [view.winner_fact(0, None, t) for t in good]
        if view.solver is not None:  # name only tricks no free reply of theirs changes
            taken = [f for f in taken if escape(view.line, f, view.solver) is None]
        more = " among others" if len(taken) > PLAIN_TRICKS else ""
        taken = taken[:PLAIN_TRICKS]
        side = "the declarer is made to take" if view.misere else "your side takes"
        numbers = [str(f.trick) for f in taken]
        words = ", ".join(numbers[:-1]) + (" and " if len(numbers) > 1 else "") + numbers[-1] \
            if numbers else ""
        text = f"{head}: {w.clause(mine)}" if mine is not None else head
        if not taken:  # every trick of the line is theirs to shift: the goal alone is said
            needs = "the declarer cannot avoid a trick" if view.misere else \
                "your side takes the tricks it needs"
            text += f"{', and' if mine is not None else ':'} with best play on both sides {needs}"
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
    gives = "lets the declarer off" if view.misere and not view.declaring else \
        "gives a trick away"  # in misère defence the defenders want the declarer to win
    if view.solver is not None and escape(view.line, fine, view.solver) is not None:
        return plan, Claim(f"{doing} {gives} at trick {bad.trick}: {w.clause(bad)}.", (bad,))
    return plan, Claim(f"{doing} {gives} at trick {bad.trick}: {w.clause(bad)}, "
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


def techniques(line: MainLine, solver: Solver) -> tuple[Technique | None, Technique | None]:
    """The techniques to name: (the first of `PRECEDENCE` shown at the puzzle's first
    decision, the one the learner faces; the main technique when it shows only later, as a
    second point). Either may be None."""
    found = recognise(line, solver)
    first = next((t for t in found if t.decision == 0), None)
    later = found[0] if found and found[0].decision > 0 else None
    return first, later


def _seat_side(view: LineView, seat) -> str:
    declarer = view.declarer
    if declarer is not None and seat in view.rules.side_of(declarer):
        return "the declarer" if view.misere else "the declarer's side"
    return "the defence"


def hedged(view: LineView, claim: Claim, solver: Solver,
           seen: set[tuple[int, object]]) -> tuple[Claim, Claim | None]:
    """``claim`` and, where its right-line winning facts are an opponent's free choice
    (`forced.escape`), the sentence that says so: "Trick 7 is South's choice, though: South
    may as well ruff with J♦ instead, at no cost to the declarer's side." (None when every
    such fact is forced or the trick was said already: ``seen`` holds the (trick, seat) pairs
    said). The facts said so are marked as ``choice`` in the claim returned."""
    free = []
    for fact in claim.facts:
        if fact.line is not LineKind.RIGHT or fact.kind not in WINNING:
            continue
        got = escape(view.line, fact, solver)
        if got is not None:
            free.append((fact, got))
    if not free:
        return claim, None
    marked = Claim(claim.text, claim.facts, (*claim.choice, *(f for f, _ in free)))
    fresh = [(f, g) for f, g in free if (f.trick, g.seat) not in seen]
    if not fresh:
        return marked, None
    seen.update((f.trick, g.seat) for f, g in fresh)
    fact, got = fresh[0]
    who = seat_name(got.seat)
    does = f"ruff with {play_text(got.play)}" if got.ruff else f"play {play_text(got.play)}"
    tricks = sorted({f.trick for f, _ in free if f.trick is not None})
    if len(tricks) == 1:
        return marked, Claim(f"Trick {fact.trick} is {who}'s choice, though: {who} may as "
                             f"well {does} instead, at no cost to "
                             f"{_seat_side(view, got.seat)}.")
    numbers = ", ".join(map(str, tricks[:-1])) + f" and {tricks[-1]}"
    return marked, Claim(f"Tricks {numbers} are not forced, though: at trick {fact.trick} "
                         f"{who} may as well {does} instead, at no cost to "
                         f"{_seat_side(view, got.seat)}.")


def line_claims(line: MainLine, solver: Solver) -> PlayWriteUp:
    """The write-up of a main line (`trainer.generate.lines.main_line`) as claims: what
    `play_claims` says of the puzzle whose line it is. The first sentence is about the first
    decision (its technique, else the plain plan); the main technique, when it shows only at
    a later decision, follows as a second point (dropped when its claim rests on an
    opponent's free choice)."""
    view = LineView(line, solver)
    technique, second = (None, None) if line.start.rules.players == 2 else \
        techniques(line, solver)
    wrongs = view.wrongs(0)
    wrong0 = wrongs[0] if wrongs else None
    seen: set[tuple[int, object]] = set()
    if technique is not None:
        plan = plan_claims(view, technique)
        trap = trap_claim(view, technique)
        idea = idea_words(technique)
        wrong0 = technique.wrong
    else:
        plan, trap = plain_claims(view)
        idea = "the line"
    later: list[Claim] = []
    if second is not None:
        more = plan_claims(view, second)
        if all(hedged(view, c, solver, set())[1] is None for c in more):
            later = more
    if later:  # the card the clue names may be the second point's: say "the line"
        idea = "the line"
    head: list[Claim] = []
    for claim in plan:
        claim, note = hedged(view, claim, solver, seen)
        head += [claim, *([note] if note is not None else [])]
    body = [*head, *([trap] if trap is not None else []), *later]
    facts = tuple(f for c in body for f in c.facts)
    clue = clue_claim(view, facts, idea, 0, line.decisions[0].main, wrong0)
    while len(body) + 1 > MAX_SENTENCES and len(body) > 1:
        body.pop()
    return PlayWriteUp(line, (*body, clue), technique or second)


def false_claims(write_up: PlayWriteUp, solver: Solver) -> list[tuple[Claim, Fact]]:
    """The claim checker: every (claim, fact) of ``write_up`` whose fact does not hold when
    the engine replays it on its line (`trainer.generate.techniques.fact_holds`, the right
    lines played out by ``solver``), or that claims a trick's winner on the right line where
    an opponent's equally good reply changes it and the write-up does not say so
    (`forced.escape`); empty when every sentence is true."""
    bad = []
    for c in write_up.claims:
        for f in c.facts:
            free = f.line is LineKind.RIGHT and f.kind in WINNING and f not in c.choice
            if not fact_holds(write_up.line, f, solver) or (
                    free and escape(write_up.line, f, solver) is not None):
                bad.append((c, f))
    return bad


def play_write_up(puzzle: PlayPuzzle, solver: Solver) -> str:
    """The write-up of ``puzzle`` (module docstring): 2 to 5 sentences. Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    return play_claims(puzzle, solver).text
