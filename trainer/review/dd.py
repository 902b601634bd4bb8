"""Double-dummy cost of every card of a hand record (``python -m trainer review``).

For each card played, the solver values the position just before it: ``best`` is the value of
the position (`Analysis.best`), ``value`` the value of the card played, both counted as the
solver counts (the tricks the declarer's side takes from the current trick on, the current
trick included; misère: the declarer's own). ``loss`` is what the card cost its own side:
``best - value`` for a player who wants tricks counted (the declarer's side; the defenders in
misère), ``value - best`` for one who does not; 0 for a card as good as the best.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainer.cards import Seat
from trainer.errors import RecordError, TrainerError
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.rules import Play
from trainer.solver import Solver


@dataclass(frozen=True)
class CardCost:
    """One card of the hand: its trick (from 1), seat, play, the position's value, the card's
    value and the tricks it cost its side."""

    trick: int
    seat: Seat
    play: Play
    best: int
    value: int
    loss: int

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat.value, "card": self.play.code,
                "best": self.best, "value": self.value, "loss": self.loss}


def review_json(record: HandRecord, solver: Solver | None = None) -> dict[str, Any]:
    """``python -m trainer review``'s answer: ``{"rules": {...}, "contract": "6C",
    "declarer": "W", "cards": [CardCost.to_json(), ...]}`` (contract and declarer null before
    the auction has ended). Raises `RecordError` as `double_dummy_costs` does."""
    costs = double_dummy_costs(record, solver)
    hand = GameHand.from_record(record, upto=0)
    return {"rules": record.rules.describe(),
            "contract": hand.contract.code if hand.contract is not None else None,
            "declarer": hand.declarer.value if hand.declarer is not None else None,
            "cards": [c.to_json() for c in costs]}


def double_dummy_costs(record: HandRecord, solver: Solver | None = None) -> list[CardCost]:
    """One `CardCost` per play of ``record``, in the order played (none before the play starts).
    Raises `RecordError` if the record does not replay, or its hand has no declarer."""
    try:
        hand = GameHand.from_record(record, upto=0)
    except TrainerError as exc:
        raise RecordError(f"record: {exc}") from None
    if record.plays and hand.declarer is None:
        raise RecordError("record: the hand has no declarer (an all-pass hand) to review")
    solver = solver or Solver()
    out: list[CardCost] = []
    for play in record.plays:
        if hand.phase is not Phase.PLAY or hand.state is None:
            raise RecordError(f"record: play {play}: the hand is not in play")
        state = hand.state
        seat = state.to_play
        assert seat is not None
        analysis = solver.analyse(state)
        if play not in analysis.values:
            raise RecordError(f"record: play {play}: {state.why_illegal(play)}")
        value = analysis.values[play]
        loss = analysis.best - value if analysis.maximising else value - analysis.best
        out.append(CardCost(len(state.history) + 1, seat, play, analysis.best, value, loss))
        hand.play(play)
    return out
