"""Replaying a technique's facts with the engine: `fact_holds` plays the fact's line from its
decision's position, card by card (`trainer.play.PlayState.push`), and checks the statement
(`trainer.generate.techniques.model.FactKind`) on the trick it names. This is the replay a
claim checker runs; it shares no code with the recognisers but the lines themselves.
"""

from __future__ import annotations

from trainer.generate.line_facts import held
from trainer.generate.lines import MainLine
from trainer.generate.techniques.model import Fact, FactKind, LineKind
from trainer.generate.techniques.view import played_out


def fact_plays(line: MainLine, fact: Fact, solver=None) -> tuple:
    """The cards of the fact's line from its decision (the right line played out by ``solver``
    if given, as the recognisers were given it). Raises `KeyError` for a wrong card with no
    refutation."""
    info = line.decisions[fact.decision]
    if fact.line is LineKind.REFUTATION:
        assert fact.wrong is not None
        return info.refutations[fact.wrong]
    plays = [p for d in line.decisions[fact.decision:] for p in d.line]
    return played_out(info.state, plays, solver)


def fact_holds(line: MainLine, fact: Fact, solver=None) -> bool:
    """Does ``fact`` hold on its line (module docstring)? ``solver`` as for `fact_plays`."""
    state = line.decisions[fact.decision].state.copy()
    order = state.order
    if fact.kind is FactKind.LAYOUTS:
        return _layouts_hold(line, fact, solver)
    if fact.kind is FactKind.SHOWED_OUT and fact.trick is not None \
            and fact.trick <= len(state.history):
        done = state.history[fact.trick - 1]
        return _showed_out(order, done.seats, done.plays, fact)
    won_any = False
    for play in fact_plays(line, fact, solver):
        number = len(state.history) + 1
        if number == fact.trick and fact.kind is FactKind.HOLDS:  # the trick's first position
            mine = [p.card for s, p in zip(state.trick_seats(), state.trick, strict=False)
                    if s is fact.seat]
            return fact.card is not None and (fact.card.card in held(state, fact.seat)
                                              or fact.card.card in mine)
        done = state.push(play)
        if done is None:
            continue
        winner = state.trick_winner_seat(done)
        won_any = won_any or winner is fact.seat
        if number != fact.trick:
            continue
        mine = [p for s, p in zip(done.seats, done.plays, strict=True) if s is fact.seat]
        if fact.card not in mine:
            return False
        led = order.play_suit(done.plays[0])
        card = fact.card.card
        trumps = [s for s, p in zip(done.seats, done.plays, strict=True)
                  if order.is_trump(p.card) and s is not fact.seat]
        kind = fact.kind
        if kind is FactKind.LEADS:
            return done.seats[0] is fact.seat and done.plays[0] == fact.card
        if kind in (FactKind.WINS, FactKind.RUFFS, FactKind.OVERRUFFS):
            if winner is not fact.seat:
                return False
            ruffed = order.trump is not None and led is not order.trump and order.is_trump(card)
            if kind is FactKind.WINS:
                return not ruffed
            return ruffed and (bool(trumps) == (kind is FactKind.OVERRUFFS))
        if kind is FactKind.LOSES:
            return winner is not fact.seat
        if kind is FactKind.FALLS:
            return winner is not fact.seat and order.trump is not None and led is order.trump
        if kind is FactKind.DISCARDS:
            return order.effective_suit(card) is not led and not order.is_trump(card)
        if kind is FactKind.SHOWED_OUT:
            return _showed_out(order, done.seats, done.plays, fact)
        if kind is FactKind.LAST_TRUMP:
            side = set(state.rules.side_of(fact.seat))
            return order.is_trump(card) and not any(
                order.is_trump(c) for s in side for c in held(state, s))
        return False
    if fact.kind is FactKind.NO_TRICK:
        return not won_any and state.is_over
    return False


def _showed_out(order, seats, plays, fact: Fact) -> bool:
    """Did ``fact.seat`` play ``fact.card`` to this trick, not of the suit led?"""
    mine = [p for s, p in zip(seats, plays, strict=True) if s is fact.seat]
    if fact.card is None or fact.card not in mine or plays[0] == fact.card:
        return False
    return order.effective_suit(fact.card.card) is not order.play_suit(plays[0])


def _layouts_hold(line: MainLine, fact: Fact, solver) -> bool:
    """Does a ``LAYOUTS`` fact's count replay: the same layouts dealt again from the decision's
    position (seeded by it) and the two cards valued by the solver?"""
    from trainer.generate.techniques.layouts import layout_count

    if fact.count is None or fact.card is None or fact.seat is not line.learner:
        return False
    if solver is None:
        from trainer.solver import default_solver
        solver = default_solver()
    state = line.decisions[fact.decision].state
    if fact.trick != len(state.history) + 1:
        return False
    n, right, wrong = fact.count
    got = layout_count(state, line.learner, line.goal, len(line.start.history), fact.card,
                       fact.wrong, solver, layouts=n)
    return (got.right, -1 if got.wrong is None else got.wrong) == (right, wrong)
