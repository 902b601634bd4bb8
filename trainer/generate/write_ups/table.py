"""The write-up of an at-the-table puzzle, in the order a strong player gives it:

1. The plan, in the game's words, established from the layouts with the solver
   (`trainer.generate.write_ups.table_plan.plan`): "Ruff West's A♦ with K♥: East must follow
   diamonds, so he cannot overruff."
2. One clue from what the player saw, when one bears on the trick the plan is about (a plan
   about the trick on the table): a void shown in the suit of that trick by a player still to
   play to it ("West showed out of clubs at trick 3."); none otherwise.
3. The figures, in one line, from the record's counts (`trainer.generate.records_table`):
   "Over the 96 layouts that fit what you have seen: K♥ beats the contract on 23%, 5♠ (the
   card a beginner would play) on 14%."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trainer.cards import Card
from trainer.generate.explain import play_text, seat_name
from trainer.play import PlayState

if TYPE_CHECKING:
    from trainer.generate.records_table import TablePuzzle
    from trainer.solver import Solver


def reach_words(puzzle: TablePuzzle) -> str:
    """``makes the contract``, ``beats the contract``, ``makes the misère``, ``beats the
    misère``."""
    what = "the misère" if puzzle.position.contract.misere else "the contract"
    return f"{'makes' if puzzle.side == 'declarer' else 'beats'} {what}"


def percent(made: int, layouts: int) -> str:
    return f"{round(100 * made / layouts)}%"


def table_write_up(puzzle: TablePuzzle, states: Sequence[PlayState],
                   solver: Solver | None = None) -> str:
    """The write-up (module docstring) of ``puzzle`` graded on ``states`` (its layouts, in the
    record's order); ``solver`` defaults to the shared one."""
    from trainer.generate.write_ups.table_plan import plan

    if solver is None:
        from trainer.solver import default_solver

        solver = default_solver()
    found = plan(puzzle, states, solver)
    out = [found.text]
    clue = void_clue(puzzle) if found.trick == 0 and found.kind != "later" else None
    if clue:  # only when the plan is about the trick on the table, which the void bears on
        out.append(clue)
    out.append(figures(puzzle))
    return " ".join(out)


def figures(puzzle: TablePuzzle) -> str:
    """The chances in one line: the right card's and the tempting card's."""
    right, tempting = puzzle.right[0], puzzle.tempting
    n = puzzle.layouts
    made = {c.play: c.made for c in puzzle.cards}
    why = "the card a beginner would play" if not puzzle.easy_solves else \
        "the next best choice"
    return (f"Over the {n} layouts that fit what you have seen: {play_text(right)} "
            f"{reach_words(puzzle)} on {percent(made[right], n)}, {play_text(tempting)} "
            f"({why}) on {percent(made[tempting], n)}.")


def void_clue(puzzle: TablePuzzle) -> str | None:
    """A void the player has seen in the suit of the trick on the table (or of the card led),
    by a player still to play to it: "West showed out of clubs at trick 3."; None if none."""
    from trainer.generate.write_ups.table_plan import SUIT_WORDS
    from trainer.rules import shown_void

    state = puzzle.position.to_state()
    lead = state.trick[0] if state.trick else puzzle.right[0]
    suit = state.order.play_suit(lead)
    if suit is None:
        return None
    played = set(state.trick_seats())
    for seat in state.seats:
        if seat is puzzle.learner or seat in played:
            continue
        if suit not in shown_void(seat, state.history, state.order):
            continue
        at = next(k for k, t in enumerate(state.history, 1)
                  if state.order.play_suit(t.plays[0]) is suit
                  and any(s is seat and state.order.play_suit(p) is not suit
                          for p, s in zip(t.plays, t.seats, strict=True)))
        return f"{seat_name(seat)} showed out of {SUIT_WORDS[suit.value]} at trick {at}."
    return None


def _card(card: Card) -> str:
    return "the joker" if card.is_joker else card.pretty


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
