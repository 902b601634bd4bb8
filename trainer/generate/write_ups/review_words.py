"""A costly card of a reviewed hand in a player's words (`trainer.review.grade`): the technique
the better card shows, why the card played fails in the same idea, and how the player would
have known, as the play puzzles' write-ups say it (`trainer.generate.write_ups.play`).

`costly_card_claims` works on the real layout where it sets a goal the card missed (the
contract made or beaten, `trainer.generate.play_steps.puzzle_goal`): the main line from the
position (`trainer.generate.lines.main_line`) cut to this one decision, with the card played as
its only refuted card, so the technique recognised (`main_technique`) is about this card; with
no technique the plan and the trick the card gives away are said plainly. The last sentence is
"how you would know", from what the player had seen (`table_clues.clue_claim`): the voids shown,
the cards in view, or a plain word that it was a guess. Every claim is replayed by the engine
(`play.false_claims`); a write-up with a false one is not given.

`layouts_words` says why a card was worse over the layouts the player could have faced where
the real layout does not show it, in words and one figure, never a bare pair of averages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.cards import Seat
from trainer.generate.goals import Goal
from trainer.generate.grading import choice_text
from trainer.generate.lines import main_line, refute
from trainer.generate.techniques import main_technique
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim, Words
from trainer.generate.write_ups.forced import escape
from trainer.generate.write_ups.play import (
    PlayWriteUp,
    false_claims,
    hedged,
    idea_words,
    plain_claims,
)
from trainer.generate.write_ups.table_clues import clue_claim
from trainer.generate.write_ups.technique_words import plan_claims, trap_claim
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:
    from trainer.bots.cards import PlayValue
    from trainer.solver import Solver


def costly_card_claims(state: PlayState, seat: Seat, goal: Goal, play: Play,
                       solver: Solver) -> PlayWriteUp | None:
    """Why ``play`` by ``seat`` at ``state`` (every hand shown) misses ``goal`` (module
    docstring): the write-up of the decision, or None where ``play`` keeps the goal, the
    position is no decision of ``seat``'s, or a claim would not hold. Raises
    `trainer.solver.SolverError` if the solver cannot take the position."""
    if state.to_play is not seat or play not in state.legal_plays():
        return None
    line = main_line(state, seat, goal, solver)
    if not line.decisions:
        return None
    first = line.decisions[0]
    if len(first.state.history) != len(state.history) or \
            len(first.state.trick) != len(state.trick) or play in first.verdicts.right:
        return None
    first.refutations.clear()
    first.refutations[play] = refute(first.state, play, solver)
    del line.decisions[1:]  # this decision only: its right line is played out by the solver
    view = LineView(line, solver)
    w = Words(view)
    technique = main_technique(line, solver)
    claims: list[Claim] = []
    trap = None
    if technique is not None and technique.decision == 0:
        claims += plan_claims(view, technique)
        if technique.wrong == play:
            trap = trap_claim(view, technique)
        idea = idea_words(technique)
    else:
        technique = None
        claims += plain_claims(view)[0]
        idea = "the line"
    said: set[tuple[int, object]] = set()  # an opponent's free choice is said so (issue 27)
    claims = [c for claim in claims for c in hedged(view, claim, solver, said) if c is not None]
    if trap is None:
        parted = view.parting(0, play)
        if parted:
            fine, bad = parted
            trap = Claim(f"{w.doing(0, play, False)} gives a trick away at trick {bad.trick}: "
                         f"{w.clause(bad)}, where on the right line {w.clause(fine)}.",
                         (fine, bad))
            if escape(line, fine, solver) is not None:  # their choice: name the loss only
                trap = Claim(f"{w.doing(0, play, False)} gives a trick away at trick "
                             f"{bad.trick}: {w.clause(bad)}.", (bad,))
    if trap is not None:
        claims.append(trap)
    facts = tuple(f for c in claims for f in c.facts)
    claims.append(clue_claim(view, facts, idea))
    write_up = PlayWriteUp(line, tuple(claims), technique)
    return None if false_claims(write_up, solver) else write_up


def layouts_words(best: PlayValue, chosen: PlayValue, dd_cost: float) -> str:
    """Why ``chosen`` was worse than ``best`` over the same layouts of the hidden cards (each
    `trainer.bots.cards.PlayValue` with its per-layout ``scores``), when the real layout does
    not show it (``dd_cost``: the tricks ``chosen`` lost there, every card shown)."""
    pairs = list(zip(best.scores, chosen.scores, strict=False))
    more = sum(b > c for b, c in pairs)
    less = sum(b < c for b, c in pairs)
    name, played = choice_text(best.play), choice_text(chosen.play)
    text = (f"From what you could see, {name} was the safer card: of the {len(pairs)} layouts "
            f"of the hidden cards that fit the auction and the play so far, it did better for "
            f"your side than {played} on {more} and worse on {less}, "
            f"{best.score - chosen.score:.0f} points a hand on average.")
    if dd_cost == 0:
        text += f" On the real layout {played} happened to cost nothing."
    return text
