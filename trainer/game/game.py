"""A whole game to 500 or -500 (RULES.md §7): hands dealt in turn, the dealer moving on.

`Game` keeps the finished hands as `HandRecord`s and the hand in play as a `GameHand`; its
JSON (`to_json` / `from_json`) is the deal seed and every action, so a saved game resumes
exactly. Each hand's deal is `trainer.cards.deal` with a seed drawn from the game's seed and
the hand's number (`hand_seed`), so a game is reproducible from its seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.cards import Seat, deal
from trainer.errors import TrainerError
from trainer.game.hand import GameHand, HandRecord
from trainer.rules import RuleSet, preset_name, ruleset
from trainer.scoring import GameScore


def hand_seed(game_seed: int, number: int) -> int:
    """The deal seed of hand ``number`` (0 first) of the game with ``game_seed``."""
    digest = hashlib.sha256(f"500-game:{game_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass
class Game:
    """A game in progress: ``rules``, ``seed``, the first dealer, the finished hands and the
    score after each, and ``hand`` (the one in play, or the last one once the game is over).
    ``assisted`` lists the numbers of hands in which the learner took a hint."""

    rules: RuleSet
    seed: int
    first_dealer: Seat
    finished: list[HandRecord] = field(default_factory=list)
    scores: list[GameScore] = field(default_factory=list)
    hand: GameHand = field(init=False)
    assisted: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.first_dealer not in self.rules.seats:
            raise TrainerError(f"dealer: {self.first_dealer} does not sit at this table")
        self.hand = self._deal(len(self.finished))

    @classmethod
    def new(cls, rules: RuleSet, seed: int, first_dealer: Seat | None = None) -> Game:
        return cls(rules, seed, first_dealer or rules.seats[-1])

    # --- the hands -----------------------------------------------------------------------------

    def dealer_of(self, number: int) -> Seat:
        table = self.rules.seats
        return table[(table.index(self.first_dealer) + number) % len(table)]

    def _deal(self, number: int) -> GameHand:
        return GameHand(self.rules, deal(hand_seed(self.seed, number), self.rules.players,
                                         self.rules.deck, self.dealer_of(number)))

    @property
    def number(self) -> int:
        """The number of the hand in play (0 first)."""
        return len(self.finished)

    @property
    def score(self) -> GameScore:
        return self.scores[-1] if self.scores else GameScore.new(self.rules)

    @property
    def is_over(self) -> bool:
        return self.score.winner is not None

    def next_hand(self) -> None:
        """Score the finished hand and deal the next one (unless the game is over). Raises
        `TrainerError` when the hand in play is not over."""
        if not self.hand.is_over:
            raise TrainerError("next hand: the hand in play is not over")
        if self.is_over:
            raise TrainerError("next hand: the game is over")
        self.scores.append(self.hand.score_into(self.score))
        self.finished.append(self.hand.to_record())
        if not self.is_over:
            self.hand = self._deal(self.number)

    def record(self, number: int) -> HandRecord:
        """Hand ``number``'s record (finished or in play)."""
        if number == len(self.finished):
            return self.hand.to_record()
        return self.finished[number]

    # --- saving --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": preset_name(self.rules),
            "seed": self.seed,
            "first_dealer": self.first_dealer.value,
            "hands": [r.to_json() for r in self.finished]
            + ([] if self.is_over else [self.hand.to_record().to_json()]),
            "finished": len(self.finished),
            "assisted": sorted(self.assisted),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Game:
        """The game `to_json` saved, replayed action by action; raises `TrainerError` naming
        what does not replay."""
        rules = ruleset(obj.get("rules"))
        game = cls(rules, int(obj["seed"]), Seat(obj["first_dealer"]))
        game.assisted = set(obj.get("assisted", ()))
        hands = obj.get("hands", ())
        finished = int(obj.get("finished", len(hands)))
        for i, saved in enumerate(hands):
            game.hand = GameHand.from_record(HandRecord.from_json(
                {**saved, "rules": obj.get("rules")}))
            if i < finished:
                game.next_hand()
        return game
