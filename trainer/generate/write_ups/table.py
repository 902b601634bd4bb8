"""The write-up of an at-the-table puzzle: what made the right card the best chance, in the
game's words, every figure from the record's counts (`trainer.generate.records_table`).

1. The chances: the right card against the tempting one, over the layouts that fit what the
   learner has seen ("Of the 144 layouts ..., K♦ makes the contract on 81% (117); 5♠, the card
   the rules of thumb play, on 62% (89).").
2. Where they differ: the unseen card whose place most sets apart the layouts on which the
   right card succeeds and the tempting one fails ("Where K♦ succeeds and 5♠ fails, West
   holds Q♦ on 20 of those 24 layouts, against 48% of all of them.").
3. The layout shown: the tempting card fails on it and the right card succeeds; where the
   play-puzzle techniques (`trainer.generate.techniques.main_technique`, on the main line of
   that layout) name what the right card does there, that name ("the right card is a
   throw-in there").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.play import PlayState

if TYPE_CHECKING:
    from trainer.generate.records_table import TablePuzzle
    from trainer.solver import Solver

MIN_LIFT = 0.2
"""How much more often a card's place must come up where the right card gains than over all
the layouts for sentence 2 to name it."""


def reach_words(puzzle: TablePuzzle) -> str:
    """``makes the contract``, ``beats the contract``, ``makes the misère``, ``beats the
    misère``."""
    what = "the misère" if puzzle.position.contract.misere else "the contract"
    return f"{'makes' if puzzle.side == 'declarer' else 'beats'} {what}"


def percent(made: int, layouts: int) -> str:
    return f"{round(100 * made / layouts)}%"


def key_card(puzzle: TablePuzzle, states: Sequence[PlayState]
             ) -> tuple[Card, Seat, int, int, float] | None:
    """The unseen card and seat that most set apart the layouts where the right card succeeds
    and the tempting one fails: (card, seat, on how many of those it is there, how many those
    are, its share over all layouts); None when no place stands out by ``MIN_LIFT``."""
    right, tempting = puzzle.right[0], puzzle.tempting
    gains = [i for i in range(puzzle.layouts)
             if puzzle.outcomes[right][i] and not puzzle.outcomes[tempting][i]]
    if not gains:
        return None
    learner = puzzle.learner
    counts: dict[tuple[Card, Seat], list[int]] = {}
    for i, state in enumerate(states):
        for seat, hand in state.hands.items():
            if seat is learner:
                continue
            for card in hand:
                row = counts.setdefault((card, seat), [0, 0])
                row[1] += 1
                if i in gains:
                    row[0] += 1
    best = None
    for (card, seat), (hit, total) in counts.items():
        overall = total / len(states)
        lift = hit / len(gains) - overall
        if overall < 0.98 and lift >= MIN_LIFT and (best is None or lift > best[0]):
            best = (lift, card, seat, hit, overall)
    if best is None:
        return None
    _, card, seat, hit, overall = best
    return card, seat, hit, len(gains), overall


def table_write_up(puzzle: TablePuzzle, states: Sequence[PlayState],
                   solver: Solver | None = None) -> str:
    """The write-up (module docstring) of ``puzzle`` graded on ``states`` (its layouts, in the
    record's order)."""
    right, tempting = puzzle.right[0], puzzle.tempting
    n = puzzle.layouts
    made = {c.play: c.made for c in puzzle.cards}
    why = "the card the rules of thumb play" if not puzzle.easy_solves else \
        "the next best choice"
    seen = "the auction and the cards played" + (", and your discard"
                                                  if puzzle.discard else "")
    out = [f"Of the {n} layouts of the unseen cards that fit {seen}, {play_text(right)} "
           f"{reach_words(puzzle)} on {percent(made[right], n)} ({made[right]}); "
           f"{play_text(tempting)}, {why}, on {percent(made[tempting], n)} "
           f"({made[tempting]})."]
    key = key_card(puzzle, states)
    if key is not None:
        card, seat, hit, gains, overall = key
        out.append(f"Where {play_text(right)} succeeds and {play_text(tempting)} fails, "
                   f"{seat_name(seat)} holds {_card(card)} on {hit} of those {gains} layouts, "
                   f"against {round(100 * overall)}% of all of them.")
    losses = sum(1 for i in range(n)
                 if puzzle.outcomes[tempting][i] and not puzzle.outcomes[right][i])
    if losses:
        out.append(f"{cap(play_text(tempting))} does better on {losses} "
                   f"layout{'s' if losses != 1 else ''} only.")
    dealt = "the layout dealt" if puzzle.real_layout else "the layout shown"
    shown = f"On {dealt} {play_text(tempting)} fails and {play_text(right)} succeeds"
    layout = puzzle.position.to_state()
    name = _technique_name(puzzle, layout, solver) if solver else None
    out.append(shown + (f": there it is {name}." if name else "."))
    return " ".join(out)


def _card(card: Card) -> str:
    return "the joker" if card.is_joker else card.pretty


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _technique_name(puzzle: TablePuzzle, layout: PlayState, solver: Solver) -> str | None:
    """The play-puzzle technique the right card carries out on the layout shown, if one is
    recognised there with this card (`trainer.generate.techniques.main_technique`)."""
    from trainer.generate.lines import main_line
    from trainer.generate.techniques import main_technique

    try:
        line = main_line(layout.copy(), puzzle.learner, puzzle.goal, solver)
        found = main_technique(line, solver)
    except (ValueError, AssertionError, KeyError):
        return None
    if found is None or found.decision != 0 or found.play not in puzzle.right:
        return None
    return found.name
