"""The play-puzzle generator: candidates -> solver verification (only-move test) -> themes ->
rating, in the manner of the Lichess puzzle generator.

From a seed (one `random.Random`):
1. Deal (`trainer.cards.deal`), bid with the simple documented policy (`trainer.policy`); if the
   auction does not give the wanted kind of contract, the policy's best seat for that kind
   declares it (suit: best suit estimate; no trumps: best NT estimate, joker in play; misère:
   the lowest hand). The declarer exchanges with `policy.choose_discard`.
2. Play the early tricks with the solver's best card, with some noise (a random legal card
   ``NOISE`` of the time), until 2 to 6 tricks are left and the learner's seat is to play.
3. Only-move test: the goal can be reached with best play, some legal cards fail it, and no
   more than a third of the distinct (non-equivalent) cards keep it. Else play on a card and try
   again, down to 2 tricks left; else the seed gives no puzzle.
4. The main line (`trainer.generate.lines`): the learner plays a right card (the best); the
   partner plays the solver's best card; an opponent plays a best reply, and among equally good
   replies the one that leaves the learner the fewest right answers at the next decision;
   forced cards (one distinct choice, or every card keeps the goal) are played in the line, so
   every recorded decision has a wrong card. It stops when the goal is settled by the tricks.
5. Themes (`trainer.generate.themes`) and the initial rating (`initial_rating`).

The steps the 2-player generator (`trainer.generate.two_player_puzzles`) shares with this one
are in `trainer.generate.play_steps` (the contract, `declare`, and the search for the moment,
`find_moment`, among them); this module keeps the 4-player deal, the themed search and the
entry point, `generate_play_puzzle` (which hands 2-player rules to `two_player_puzzles`).

A themed seed (``theme`` given, one of `THEMED`) looks for a puzzle of that theme: its kinds
are the theme's, step 3 keeps only the moments that fit it (`fits_theme`), and the puzzle is
kept only if the theme is detected in step 5; it tries up to ``THEMED_ATTEMPTS`` deals, as such
moments are rare (for the joker's named suit, about one deal in 270).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from trainer.cards import JOKER, Seat, deal
from trainer.generate.goals import Goal, Verdicts
from trainer.generate.play_steps import (  # noqa: F401 (only_move: the tests import it here)
    DEFAULT_ATTEMPTS,
    declare,
    find_moment,
    finish_puzzle,
    only_move,
)
from trainer.generate.records import PlayPuzzle
from trainer.generate.themes import names_split
from trainer.generate.two_player_puzzles import generate_table_puzzle
from trainer.play import PlayState, start_play
from trainer.rules import RuleSet, ruleset

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver

KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence", "misere_declarer",
         "misere_defence")
ATTEMPTS = {"misere_declarer": 60}  # makeable misères are rare (about 1 deal in 14)
THEMED: dict[str, tuple[str, ...]] = {
    "joker_nomination": ("nt_declarer", "nt_defence", "misere_defence"),
    "unblock": ("misere_declarer",)}
"""Themes a seed can be asked for, with the kinds of puzzle that can have them."""
THEMED_ATTEMPTS = 400


# --- 1. the deal and the contract ---------------------------------------------------------------


def deal_hand(seed: int, kind: str, rules: RuleSet, solver: Solver) -> PlayState | None:
    """Step 1 of the module docstring; None when the deal cannot serve this kind.

    The contract's strain and declarer come from the auction (or `choose_contract`); its level
    is set later, at the puzzle moment (`tight_level`). A misère is kept only if double-dummy
    play makes it (declarer puzzles) or beats it (defence puzzles).
    """
    rng = random.Random(seed)
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    contract, declarer, discard = declare(rng, kind, rules, d)
    state = start_play(d, contract, declarer, discard, rules)
    if kind.startswith("nt") and not any(JOKER in h for h in state.hands.values()):
        return None
    if contract.misere:  # one zero-window search: can the declarer be made to take a trick?
        made = not solver.can_take(state, 1)  # about 100 times faster than the full value
        return state if made == kind.endswith("declarer") else None
    return state


# --- 2-3. playing on to the moment, and the whole pipeline ---------------------------------------


def generate_play_puzzle(seed: int, solver: Solver | None = None,
                         rules: RuleSet | None = None,
                         theme: str | None = None) -> PlayPuzzle | None:
    """The play puzzle of ``seed``, or None if that seed gives none (module docstring);
    ``theme`` (a key of `THEMED`): one with that theme. Raises `KeyError` for another theme.

    The same seed, rules and theme always give the same puzzle (the record's ``generator``).
    """
    if solver is None:
        from trainer.solver import Solver

        solver = Solver()
    rules = rules or ruleset()
    if rules.players == 2:  # hands and table piles (RULES.md §1): their own pipeline
        return generate_table_puzzle(seed, solver, rules)
    rng = random.Random(seed)
    kinds = THEMED[theme] if theme is not None else KINDS
    kind = kinds[seed % len(kinds)]
    attempts = THEMED_ATTEMPTS if theme is not None else ATTEMPTS.get(kind, DEFAULT_ATTEMPTS)
    for _ in range(attempts):
        found = _attempt(rng, kind, rules, solver, theme)
        if found is not None:
            state, seat, goal, text = found
            puzzle = finish_puzzle(seed, kind, state, seat, goal, text, solver, theme)
            if theme is None or theme in puzzle.themes:
                return puzzle
    return None


def fits_theme(theme: str | None, verdicts: Verdicts) -> bool:
    """Can a puzzle whose first decision has these verdicts have ``theme``? (Any, for None.)
    ``joker_nomination``: the joker may be led naming different suits, some right and some
    wrong (`trainer.generate.themes.names_split`, as that theme reads each decision). Any
    moment may lead to an ``unblock``: it comes at a later decision as often as at the first,
    so it is looked for in the finished puzzle only (in misère declarer play, where about
    half the puzzles have it)."""
    return theme != "joker_nomination" or names_split(verdicts)


def _attempt(rng: random.Random, kind: str, rules: RuleSet, solver: Solver,
             theme: str | None = None) -> tuple[PlayState, Seat, Goal, str] | None:
    """One deal: play it to every candidate moment; a random moment that passes, or None."""
    state = deal_hand(rng.randrange(2**31), kind, rules, solver)
    if state is None:
        return None
    return find_moment(rng, kind, state, solver, lambda verdicts: fits_theme(theme, verdicts))
