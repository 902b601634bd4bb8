"""The simulation's shared pieces: its error, the progress callback and the tuning constants
(see `trainer.simulate`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from trainer.bidding import Bid
from trainer.cards import Card, Deal, Seat
from trainer.errors import TrainerError
from trainer.rules import RuleSet

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, in layouts."""

MiserePlay = Callable[[Deal, Bid, Seat, RuleSet], int]
"""How a closed misère is played on a layout: ``misere_play(layout, contract, declarer,
rules)`` gives the declarer's tricks (0 made, 1 set, or the exact count under
``misere_defenders``), as `trainer.bots.misere_play.played_misere` plays it with players who
see only what they would see; a module-level function, so that worker processes can take
it."""

DiscardRule = Callable[[Sequence[Card], Bid, RuleSet], tuple[Card, ...]]
"""How a simulated declarer discards: ``rule(hand_and_kitty, contract, rules)`` gives the
``rules.kitty_size`` cards thrown, as `trainer.policy.choose_discard` does (the default) or
`trainer.policy.bots_discard`; a module-level function, so that worker processes can take it."""

MAX_FAILS = 10_000
BID_SLACK = 1.5
"""A trick bid of level L shows a hand `policy.estimate_tricks` values at L - 1.5 or more in
its strain: a trick looser than the policy's own threshold (L - 0.5)."""
OPENING_PASS_LIMIT = 5.5
SHOW_LEVEL_SHARE = 0.10
SHORTLIST, SHORTLIST_SAMPLES, FINALISTS = 10, 24, 4


class SimulationError(TrainerError):
    """Input the simulation cannot use: a hand of the wrong size, a card not in the pack or in
    two places, an auction that is over or where it is not the learner's turn, a table of other
    than 4 players."""
