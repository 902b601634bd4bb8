"""A misère played out by players who see only what they would see at the table, for the
bidding simulation (`trainer.simulate.analyse_bid(..., misere_play=played_misere)`).

Double dummy, a misère is an open book: the defenders know where every card is, and so does
the declarer. At the table neither does. In a closed misère (RULES.md §3) the defenders see
their own cards and the cards played; in an open misère they also see the declarer's hand once
it is exposed; the declarer sees only its own hand and its discard. So here every player,
declarer included, chooses each card as the sampling bots do (`trainer.bots.cards.choose_card`:
``layouts`` layouts of the unseen cards that fit what that player has seen, each play asked
"does the declarer take a trick?" with one zero-window search), the declarer discarding by
`trainer.policy.choose_discard`. The play stops once the declarer takes a trick (set), unless
``misere_defenders`` pays the defenders 10 a trick, when it goes to the end.

Deterministic: the players' random layouts come from a seed made of the layout's cards, the
declarer and the contract, so a layout gives the same result in any process.
"""

from __future__ import annotations

import hashlib
import random

from trainer.bidding import Bid
from trainer.bots.cards import choose_card
from trainer.cards import Deal, Seat
from trainer.game.hand import GameHand
from trainer.policy import choose_discard
from trainer.rules import RuleSet
from trainer.solver import default_solver

MISERE_LAYOUTS = 8
"""Layouts each player samples for each card of a simulated misère."""


def layout_code(layout: Deal) -> str:
    """A short digest of a layout's cards, dealer and kitty (the seed of its play-out)."""
    text = layout.dealer.value + "|" + "|".join(
        s.value + ":" + " ".join(c.code for c in cards) for s, cards in layout.hands.items())
    text += "|" + " ".join(c.code for c in layout.kitty)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def played_misere(layout: Deal, contract: Bid, declarer: Seat, rules: RuleSet,
                  layouts: int = MISERE_LAYOUTS) -> int:
    """The declarer's tricks when ``declarer`` plays ``contract`` (misère or open misère) on
    ``layout`` with every player seeing only what it would see (module docstring): 0 when
    made, else 1, or the exact count under ``misere_defenders``. Raises `ValueError` for a
    contract that is not a misère."""
    if not contract.misere:
        raise ValueError(f"contract {contract}: not a misère")
    hand = GameHand(rules, layout)
    hand.set_contract(contract, declarer)
    hand.exchange(choose_discard(hand.kitty_pool(), contract, rules))
    rng = random.Random(f"misere:{layout_code(layout)}:{declarer.value}:{contract.code}")
    solver = default_solver()
    state = hand.state
    assert state is not None
    while not hand.is_over and (rules.misere_defenders or state.declarer_tricks() == 0):
        seat = hand.to_act
        assert seat is not None
        hand.play(choose_card(hand, seat, layouts, rng, solver))
    return state.declarer_tricks() if rules.misere_defenders else int(state.declarer_tricks() > 0)
