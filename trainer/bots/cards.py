"""Choosing a card by sampling and solving (the method of GIB, Jack and Ben in bridge).

`card_values` values every legal play of a seat over layouts of the cards it cannot see
(`trainer.bots.sampling`): each layout is solved double dummy (`Solver.analyse`) and the trick
count turned into the hand's score from that seat's side (`side_score`): a made contract, a
set, a slam bonus and the defenders' 10 a trick all count (RULES.md §6). The bot plays the card
with the best mean score; ties go to more tricks, then to the policy's card
(`trainer.policy.choose_play`), then to the lowest card.

Misère needs only "does the declarer take a trick?": each play is pushed and one zero-window
search (`Solver.can_take(state, 1)`) answers it, much cheaper than valuing every trick count
(`bench/bots.py` measures both). Once a misère is set no card changes the score (the defenders'
10 a trick aside under ``misere_defenders``): the policy plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean

from trainer.bidding import Bid
from trainer.bots.sampling import sample_states
from trainer.cards import Seat
from trainer.game.hand import GameHand
from trainer.play import PlayState
from trainer.policy import choose_play
from trainer.rules import Play, RuleSet, Strain
from trainer.scoring import score_hand
from trainer.solver import Solver

ALL_PASS_STANDIN = Bid(6, Strain.NO_TRUMPS)
"""The contract the solver counts an all-pass no-trump hand under (any no-trump bid ranks the
cards the same); the seat to move stands in as its declarer."""


def side_score(contract: Bid, declarer_tricks: int, rules: RuleSet, ours: bool) -> float:
    """The hand's points for one side minus the other's (RULES.md §6) when the declarer's side
    takes ``declarer_tricks``: the declarer's score less the defenders' 10 a trick (if they
    score them); negated for the defenders (``ours`` False)."""
    points = score_hand(contract, declarer_tricks, rules).declarer
    paid = rules.misere_defenders if contract.misere else rules.defender_tricks
    if paid:
        points -= 10 * (10 - declarer_tricks)
    return points if ours else -points


@dataclass(frozen=True)
class PlayValue:
    """One legal play valued over the layouts: ``score`` the mean points for the side of the
    seat to move (`side_score`), ``tricks`` the mean tricks of the declarer's side for the whole
    hand (misère: 1 when set, 0 when made; all-pass: the seat's side), ``scores`` and
    ``layout_tricks`` (those tricks) per layout."""

    play: Play
    score: float
    tricks: float
    scores: tuple[float, ...]
    layout_tricks: tuple[int, ...] = ()


def solvable_state(state: PlayState, seat: Seat) -> PlayState:
    """``state``, or for an all-pass hand a copy with a stand-in contract the solver can count
    (`ALL_PASS_STANDIN`), ``seat`` standing in as its declarer."""
    if state.contract is not None:
        return state
    new = state.copy()
    new.contract, new.declarer = ALL_PASS_STANDIN, seat
    return new


def _done_tricks(state: PlayState, seat: Seat) -> int:
    won = state.tricks_won()
    side = state.rules.side_of(state.declarer if state.declarer is not None else seat)
    return sum(won.get(s, 0) for s in side)


def layout_values(state: PlayState, seat: Seat, solver: Solver) -> dict[Play, tuple[float, int]]:
    """(score for ``seat``'s side, declarer-side tricks for the hand) of each legal play on
    one layout, double dummy."""
    contract = state.contract
    ours = contract is None or seat in state.rules.side_of(state.declarer)  # type: ignore[arg-type]
    if contract is not None and contract.misere:
        return _misere_values(state, seat, solver, ours)
    solvable = solvable_state(state, seat)
    done = _done_tricks(state, seat)
    values = solver.analyse(solvable).values
    out: dict[Play, tuple[float, int]] = {}
    for play, tricks in values.items():
        total = done + tricks
        if contract is None:
            out[play] = (10.0 * total - 10.0 * (10 - total), total)
        else:
            out[play] = (side_score(contract, total, state.rules, ours), total)
    return out


def _misere_values(state: PlayState, seat: Seat, solver: Solver,
                   ours: bool) -> dict[Play, tuple[float, int]]:
    contract = state.contract
    assert contract is not None and state.declarer is not None
    rules = state.rules
    out: dict[Play, tuple[float, int]] = {}
    for play in state.legal_plays():
        after = state.copy()
        after.push(play)
        taken = after.declarer_tricks() > 0
        if not taken and not after.is_over:
            taken = solver.can_take(after, 1)
        tricks = 1 if taken else 0
        out[play] = (side_score(contract, tricks, rules, ours), tricks)
    return out


def card_values(hand: GameHand, seat: Seat, layouts: int, rng: random.Random,
                solver: Solver) -> list[PlayValue]:
    """Every legal play of ``seat`` (to move in ``hand``) valued over ``layouts`` sampled
    layouts (module docstring), best first. Raises `ValueError` if it is not ``seat``'s turn."""
    state = hand.state
    if state is None or state.to_play is not seat:
        raise ValueError(f"play: it is not {seat}'s turn to play")
    states = sample_states(hand, seat, layouts, rng)
    rows = [layout_values(s, seat, solver) for s in states]
    legal = state.legal_plays()
    values = [PlayValue(p, fmean(r[p][0] for r in rows), fmean(r[p][1] for r in rows),
                        tuple(r[p][0] for r in rows), tuple(r[p][1] for r in rows))
              for p in legal]
    return rank(values, state, seat)


def rank(values: Sequence[PlayValue], state: PlayState, seat: Seat) -> list[PlayValue]:
    """``values`` best first: mean score, then tricks for the side, then the policy's card, then
    the lower card."""
    policy = choose_play(state)
    ours = state.declarer is None or seat in state.rules.side_of(state.declarer)
    sign = 1 if ours != bool(state.contract is not None and state.contract.misere) else -1
    return sorted(values, key=lambda v: (-round(v.score, 6), -sign * round(v.tricks, 6),
                                         v.play != policy, state.order.power(v.play.card)))


def choose_card(hand: GameHand, seat: Seat, layouts: int, rng: random.Random,
                solver: Solver) -> Play:
    """The card a sampling bot plays (module docstring): one legal play is played at once; a
    set misère is left to the policy."""
    state = hand.state
    assert state is not None
    legal = state.legal_plays()
    if len(legal) == 1:
        return legal[0]
    contract = state.contract
    if contract is not None and contract.misere and state.declarer_tricks() > 0:
        return choose_play(state)
    return card_values(hand, seat, layouts, rng, solver)[0].play
