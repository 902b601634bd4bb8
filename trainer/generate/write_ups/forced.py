"""Is a trick's winner forced, or an opponent's free choice? (issue 27: "your A♣ wins trick
7" where South may ruff it at no cost.)

A winning fact (`FactKind.WINS`, ``RUFFS``, ``OVERRUFFS``) says that a card wins a trick on its
line. The line's opponents play *a* best reply; when another reply is just as good for them
(the solver values it the same as their best), the fact is only one of their choices. `escape`
replays the fact's line to the start of the fact's trick, then plays the trick out every way the
opponents of the learner may play it at no cost (each reply the solver values as their best),
the learner's side playing the solver's best card; it returns the first reply after which the
fact's seat does not win the trick, or None when it wins it against every such reply.
Only the fact's own trick is branched: earlier tricks follow the line.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.cards import Seat
from trainer.generate.lines import MainLine
from trainer.generate.techniques import Fact, FactKind, fact_plays
from trainer.play import PlayState
from trainer.rules import Play

WINNING = (FactKind.WINS, FactKind.RUFFS, FactKind.OVERRUFFS)
MAX_BRANCHES = 24
"""At most this many opponents' replies are tried in one trick (more are not searched: the
fact then counts as forced only on the replies tried)."""


@dataclass(frozen=True)
class Escape:
    """An opponent's reply, as good for the opponents as the line's, after which the fact's
    seat does not win its trick: ``seat`` plays ``play`` in that trick (``ruff``: it is a trump
    on a trick led in another suit)."""

    seat: Seat
    play: Play
    ruff: bool


def escape(line: MainLine, fact: Fact, solver) -> Escape | None:
    """The first free reply that beats ``fact`` (module docstring), or None (also for a fact
    that is not a winning one, or a trick the line does not reach)."""
    if fact.kind not in WINNING or fact.card is None or fact.trick is None:
        return None
    state = line.decisions[fact.decision].state.copy()
    plays = fact_plays(line, fact, solver)
    pushed = 0
    while len(state.history) + 1 < fact.trick and pushed < len(plays):
        state.push(plays[pushed])
        pushed += 1
    if len(state.history) + 1 != fact.trick or state.is_over:
        return None
    side = set(state.rules.side_of(line.learner))
    return _search(state, fact, side, solver, [MAX_BRANCHES], list(plays[pushed:]), None)


def _search(state: PlayState, fact: Fact, side: set[Seat], solver, budget: list[int],
            line: list[Play] | None, found: Escape | None) -> Escape | None:
    """Play the trick under way out every free way (module docstring). ``line``: the line's
    cards still to come while no opponent has left it (None after); ``found``: the first
    opponent's card off the line."""
    number = len(state.history) + 1
    seat = state.to_play
    if seat is None:
        return None
    legal = state.legal_plays()
    ahead = line[0] if line else None
    if seat in side:
        choices = [ahead if ahead in legal else
                   legal[0] if len(legal) == 1 else solver.analyse(state).best_plays[0]]
    elif len(legal) == 1:
        choices = legal
    else:
        analysis = solver.analyse(state)
        choices = [p for p in legal if analysis.values[p] == analysis.best]
        if ahead in choices:  # the line's own reply first
            choices.remove(ahead)
            choices.insert(0, ahead)
    for play in choices:
        if budget[0] <= 0:
            return None
        on_line = line is not None and play == ahead
        mine = found
        if not on_line and found is None and seat not in side:
            led = state.order.play_suit(state.trick[0]) if state.trick else None
            order = state.order
            ruff = (led is not None and order.trump is not None and order.is_trump(play.card)
                    and led is not order.trump)
            mine = Escape(seat, play, ruff)
        work = state.copy()
        done = work.push(play)
        rest = line[1:] if on_line and line is not None else None
        if done is None:
            got = _search(work, fact, side, solver, budget, rest, mine)
            if got is not None:
                return got
            continue
        budget[0] -= 1
        if number != fact.trick:
            continue
        if work.trick_winner_seat(done) is not fact.seat and mine is not None:
            return mine
    return None


__all__ = ["WINNING", "Escape", "escape"]
