"""A costly card becomes a personal puzzle (issue: the review feeds the learner's queue).

`personal_puzzle` takes the real position before a card the review found costly double dummy
and makes it a play puzzle exactly as the bank's are made (`finish_puzzle`: the goal, the
main line, every decision's right cards by the solver, the write-up), when the position has
a goal the card missed (`puzzle_goal`: the contract made or beaten from here) and the card
really misses it. The id is ``u`` and a digest of the record and the card's index, so the same
mistake gives the same puzzle. 4-player, 3-player and 6-player hands; the 2-player game's
hidden table cards make its positions unlike the bank's, so they are not turned into puzzles.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from trainer.cards import Seat
from trainer.game.hand import GameHand, HandRecord
from trainer.generate.play_steps import contract_type, finish_puzzle, puzzle_goal
from trainer.generate.records import PlayPuzzle
from trainer.review.grade import DecisionReview
from trainer.solver import Solver, default_solver


def puzzle_id(record: HandRecord, play_index: int) -> str:
    """``u`` and 10 hex digits of the record's JSON and the play's index."""
    text = json.dumps(record.to_json(), sort_keys=True) + f":{play_index}"
    return "u" + hashlib.sha256(text.encode()).hexdigest()[:10]


def personal_puzzle(record: HandRecord, decision: DecisionReview, seat: Seat,
                    solver: Solver | None = None) -> PlayPuzzle | None:
    """The puzzle of ``decision`` (a card of ``seat`` in ``record``), or None when it is not a
    card, costs no trick double dummy, or the position sets no goal the card misses."""
    if decision.kind != "card" or not decision.dd_cost or record.rules.players == 2:
        return None
    solver = solver or default_solver()
    hand = GameHand.from_record(record, upto=decision.action_index)
    state = hand.state
    if state is None or state.contract is None or state.to_play is not seat:
        return None
    analysis = solver.analyse(state)
    found = puzzle_goal(state, seat, analysis.best)
    if found is None:
        return None
    goal, text = found
    played = record.plays[decision.action_index]
    if goal.met_by(analysis.values[played]):
        return None
    seed = int(puzzle_id(record, decision.action_index)[1:], 16)
    puzzle = finish_puzzle(seed, contract_type(state.contract), state, seat, goal, text, solver)
    return replace(puzzle, id=puzzle_id(record, decision.action_index),
                   generator={**puzzle.generator, "name": "review"})
