"""The play-puzzle generator: candidates -> solver verification (only-move test) -> a real
decision -> themes -> rating, in the manner of the Lichess puzzle generator.

From a seed (one `random.Random`), version 3 (`trainer.generate.play_steps` gives version 2's
differences):
1. Deal (`trainer.cards.deal`) and bid with the simple documented policy (`trainer.policy`);
   the contract, its level and its declarer are the auction's. A deal whose auction does not
   give the seed's kind of contract (suit, no trumps, misère) is dropped and the next dealt,
   up to ``DEALS`` deals a seed (the policy's auctions end in no trumps about 1 deal in 120 and
   in misère about 1 in 1,500, `bench` figures in the commit). The declarer exchanges with
   `policy.choose_discard`.
2. Play the early tricks with the easy bots' cards (the rules of thumb, every seat seeing its
   own view: no random cards), until 2 to 6 tricks are left and the learner's seat is to play.
3. Only-move test: the goal can be reached with best play, some legal cards fail it, and no
   more than a third of the distinct (non-equivalent) cards keep it. Every such moment of the
   deal down to 2 tricks left is a candidate; up to ``MOMENTS_TRIED`` of them are tried, the
   lengths spread (`play_steps.spread_order`).
4. The main line (`trainer.generate.lines`): the learner plays a right card (the best); the
   partner plays the solver's best card; an opponent plays a best reply, and among equally good
   replies the one that leaves the learner the fewest right answers at the next decision;
   forced cards (one distinct choice, or every card keeps the goal) are played in the line, so
   every recorded decision has a wrong card. It stops when the goal is settled by the tricks.
5. A real decision (`trainer.generate.real_decisions`): at least two plausible cards, and the
   easy level fails it; or, on a beginners' seed (one in five), the easy level solves it and
   the record says ``beginner``. Else the next candidate.
6. Themes (`trainer.generate.themes`), the initial rating (`initial_rating`) and the write-up.

The steps the 2-player generator (`trainer.generate.two_player_puzzles`) shares with this one
are in `trainer.generate.play_steps` (the contract, `declare`, and the search for the moments,
`find_moments`, among them); this module keeps the 4-player deal, the themed search and the
entry point, `generate_play_puzzle` (which hands 2-player rules to `two_player_puzzles`).

A themed seed (``theme`` given, one of `THEMED`) looks for a puzzle of that theme: its kinds
are the theme's, step 3 keeps only the moments that fit it (`fits_theme`), and the puzzle is
kept only if the theme is detected in step 6; it tries up to ``THEMED_ATTEMPTS`` deals of its
kind, as such moments are rare (for the joker's named suit, about one deal in 270).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from trainer.cards import JOKER, Seat, deal
from trainer.generate.goals import Goal, Verdicts
from trainer.generate.play_steps import (  # noqa: F401 (only_move: the tests import it here)
    DEFAULT_ATTEMPTS,
    GENERATOR_VERSION,
    MOMENTS_TRIED,
    declare,
    find_moment,
    find_moments,
    finish_puzzle,
    only_move,
    real_decision,
    spread_order,
)
from trainer.generate.real_decisions import beginner_seed
from trainer.generate.records import PlayPuzzle
from trainer.generate.themes import names_split
from trainer.generate.two_player_puzzles import generate_table_puzzle
from trainer.play import PlayState, start_play
from trainer.policy import best_strain, misere_candidate
from trainer.rules import RuleSet, Strain, preset_name, ruleset

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver

KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence", "misere_declarer",
         "misere_defence")
ATTEMPTS = {"misere_declarer": 60}  # makeable misères are rare (about 1 deal in 14)
THEMED: dict[str, tuple[str, ...]] = {
    "joker_nomination": ("nt_declarer", "nt_defence", "misere_defence"),
    "unblock": ("misere_declarer",),
    "throw_in": ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence")}
"""Themes a seed can be asked for, with the kinds of puzzle that can have them."""
THEMED_ATTEMPTS = 400
DEALS = {"suit": 400, "nt": 8000, "misere": 50_000}
"""Version 3: deals dealt and bid a seed, looking for an auction of its kind of contract (a
misère seed spends about 3 CPU s on its 50,000; `could_reach` skips most auctions)."""
MATCHED = 40
"""Version 3: deals of the seed's kind played to their moments (more than version 2's
``DEFAULT_ATTEMPTS``: with the auction's level fewer deals have a moment)."""


# --- 1. the deal and the contract ---------------------------------------------------------------


def deal_hand(seed: int, kind: str, rules: RuleSet, solver: Solver,
              version: int = GENERATOR_VERSION) -> PlayState | None:
    """Step 1 of the module docstring; None when the deal cannot serve this kind.

    The contract comes from the auction (version 2: or `choose_contract`, its level set later
    at the puzzle moment, `tight_level`). A misère is kept only if double-dummy play makes it
    (declarer puzzles) or beats it (defence puzzles).
    """
    rng = random.Random(seed)
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    if version >= 3 and not could_reach(kind, d.hands, rules):
        return None  # no auction of the policy's reaches this kind: skip bidding it
    declared = declare(rng, kind, rules, d, version=version)
    if declared is None:
        return None
    contract, declarer, discard = declared
    state = start_play(d, contract, declarer, discard, rules)
    if kind.startswith("nt") and not any(JOKER in h for h in state.hands.values()):
        return None
    if contract.misere:  # one zero-window search: can the declarer be made to take a trick?
        made = not solver.can_take(state, 1)  # about 100 times faster than the full value
        return state if made == kind.endswith("declarer") else None
    return state


def could_reach(kind: str, hands: dict[Seat, tuple], rules: RuleSet) -> bool:
    """Can the policy's auction on ``hands`` end in this kind of contract? It bids misère only
    with a misère hand (`trainer.policy.misere_candidate`) and a strain only when it is its
    hand's best (`trainer.policy.best_strain`), so without such a hand it cannot (a quick test
    before the auction: a no-trump auction is about 1 deal in 120, a misère one 1 in 1,500)."""
    if kind.startswith("misere"):
        return any(misere_candidate(h) for h in hands.values())
    if kind.startswith("nt"):
        return any(best_strain(h, rules.players)[0] is Strain.NO_TRUMPS for h in hands.values())
    return True


# --- 2-3. playing on to the moment, and the whole pipeline ---------------------------------------


def generate_play_puzzle(seed: int, solver: Solver | None = None,
                         rules: RuleSet | None = None,
                         theme: str | None = None,
                         version: int = GENERATOR_VERSION) -> PlayPuzzle | None:
    """The play puzzle of ``seed``, or None if that seed gives none (module docstring);
    ``theme`` (a key of `THEMED`): one with that theme; ``version``: the generator version
    (2 regenerates the records made before version 3). Raises `KeyError` for another theme.

    The same seed, rules, theme and version always give the same puzzle (the record's
    ``generator``).
    """
    if solver is None:
        from trainer.solver import Solver

        solver = Solver()
    rules = rules or ruleset()
    if rules.players == 2:  # hands and table piles (RULES.md §1): their own pipeline
        return generate_table_puzzle(seed, solver, rules, version)
    rng = random.Random(seed)
    kinds = THEMED[theme] if theme is not None else KINDS
    kind = kinds[seed % len(kinds)]
    attempts = THEMED_ATTEMPTS if theme is not None else ATTEMPTS.get(kind, DEFAULT_ATTEMPTS)
    if version < 3:
        for _ in range(attempts):
            found = _attempt(rng, kind, rules, solver, theme)
            if found is not None:
                state, seat, goal, text = found
                puzzle = finish_puzzle(seed, kind, state, seat, goal, text, solver, theme, 2)
                if theme is None or theme in puzzle.themes:
                    return puzzle
        return None
    beginner = beginner_seed(seed, theme)
    fits = (lambda verdicts: fits_theme(theme, verdicts)) if theme is not None else None
    attempts = max(attempts, MATCHED)
    matched = 0
    for _ in range(DEALS[kind.split("_")[0]]):
        state = deal_hand(rng.randrange(2**31), kind, rules, solver)
        if state is None:
            continue
        moments = spread_order(rng, find_moments(rng, kind, state, solver, fits))
        for moment in moments[:MOMENTS_TRIED]:
            puzzle = real_decision(seed, kind, moment, solver, theme, beginner)
            if puzzle is not None:
                if preset_name(rules) == preset_name(ruleset()):
                    return puzzle
                return replace(puzzle, generator={**puzzle.generator,  # 3 or 6 players
                                                  "rules": preset_name(rules)})
        matched += 1
        if matched >= attempts:
            break
    return None


def fits_theme(theme: str | None, verdicts: Verdicts) -> bool:
    """Can a puzzle whose first decision has these verdicts have ``theme``? (Any, for None.)
    ``joker_nomination``: the joker may be led naming different suits, some right and some
    wrong (`trainer.generate.themes.names_split`, as that theme reads each decision). Any
    moment may lead to an ``unblock`` or a ``throw_in`` (version 3, the endplay, in suit and
    no-trump play): they come at a later decision as often as at the first, so they are
    looked for in the finished puzzle only (an unblock in misère declarer play, where about
    half the puzzles had it in version 2)."""
    return theme != "joker_nomination" or names_split(verdicts)


def _attempt(rng: random.Random, kind: str, rules: RuleSet, solver: Solver,
             theme: str | None = None) -> tuple[PlayState, Seat, Goal, str] | None:
    """Version 2's deal: play it to every candidate moment; a random moment that passes, or
    None."""
    state = deal_hand(rng.randrange(2**31), kind, rules, solver, 2)
    if state is None:
        return None
    return find_moment(rng, kind, state, solver, lambda verdicts: fits_theme(theme, verdicts),
                       2)
