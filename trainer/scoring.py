"""The Avondale schedule, the score of a hand, and the game score to 500 (RULES.md §6, §7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trainer.bidding import Bid
from trainer.cards import Seat
from trainer.errors import BidError
from trainer.rules import STRAINS, RuleSet

TRICKS_PER_HAND = 10
MISERE_VALUE = 250
OPEN_MISERE_VALUE = 500
SLAM_VALUE = 250
GAME_TARGET = 500


def bid_value(bid: Bid) -> int:
    """Points a bid is worth on the Avondale schedule (RULES.md §6).

    6♠ = 40, each strain step +20 (♠ ♣ ♦ ♥ NT), each level +100: 10NT = 520.
    Misère 250, open misère 500.
    """
    if bid.misere:
        return OPEN_MISERE_VALUE if bid.open else MISERE_VALUE
    assert bid.level is not None and bid.strain is not None
    return 40 + 100 * (bid.level - 6) + 20 * STRAINS.index(bid.strain)


@dataclass(frozen=True)
class HandScore:
    """Points for one hand: to the declarer's side and to the defenders (all of them)."""

    declarer: int
    defenders: int


def score_hand(contract: Bid, declarer_tricks: int, rules: RuleSet) -> HandScore:
    """Score a played hand (RULES.md §6).

    ``declarer_tricks``: tricks taken by the declarer's side, 0-10 (misère: by the declarer).
    Made: the bid's value (``overtricks_10``: +10 an overtrick; ``slam_250``: all ten tricks on
    a bid worth under 250 score 250, or more if overtricks made it more). Set: minus the bid's
    value. Defenders: 10 a trick they took (``defender_tricks``), none in misère (unless
    ``misere_defenders``). Misère: +value with no trick, else -value. Raises `BidError` if
    ``declarer_tricks`` is not 0-10.
    """
    if not 0 <= declarer_tricks <= TRICKS_PER_HAND:
        raise BidError(f"tricks: {declarer_tricks} is not 0 to {TRICKS_PER_HAND}")
    value = bid_value(contract)
    defender_tricks = TRICKS_PER_HAND - declarer_tricks
    if contract.misere:
        declarer = value if declarer_tricks == 0 else -value
        defenders = 10 * defender_tricks if rules.misere_defenders else 0
        return HandScore(declarer, defenders)
    if declarer_tricks >= contract.tricks_needed:
        declarer = value
        if rules.overtricks_10:
            declarer += 10 * (declarer_tricks - contract.tricks_needed)
        if rules.slam_250 and declarer_tricks == TRICKS_PER_HAND and value < SLAM_VALUE:
            declarer = max(declarer, SLAM_VALUE)  # pagat: 250 or the bid's value, if greater
    else:
        declarer = -value
    defenders = 10 * defender_tricks if rules.defender_tricks else 0
    return HandScore(declarer, defenders)


def score_all_pass(tricks_by_side: Mapping[tuple[Seat, ...], int]) -> dict[tuple[Seat, ...], int]:
    """All-pass hand played at no trumps (``all_pass="play_no_trumps"``): 10 a trick each side."""
    return {side: 10 * tricks for side, tricks in tricks_by_side.items()}


@dataclass(frozen=True)
class GameScore:
    """Running scores of every side, and the winner once the game is over (RULES.md §7).

    ``scores`` maps each side (a tuple of seats, see `RuleSet.sides`) to its points.
    """

    scores: dict[tuple[Seat, ...], int]
    winner: tuple[Seat, ...] | None = None

    @classmethod
    def new(cls, rules: RuleSet) -> GameScore:
        return cls({side: 0 for side in rules.sides()})

    def side_of(self, seat: Seat) -> tuple[Seat, ...]:
        for side in self.scores:
            if seat in side:
                return side
        raise BidError(f"seat: {seat} is on no side of this game")

    def after_all_pass(
        self, tricks_by_side: Mapping[tuple[Seat, ...], int], rules: RuleSet
    ) -> GameScore:
        """The game score after an all-pass hand played at no trumps (RULES.md §3
        ``all_pass="play_no_trumps"``): 10 a trick to each side. Nobody made a bid, so under
        ``must_bid_to_win`` nobody can win by it; otherwise the highest side on 500 wins."""
        if self.winner is not None:
            raise BidError("the game is already over")
        if sum(tricks_by_side.values()) != TRICKS_PER_HAND:
            raise BidError("tricks: the sides' tricks must add up to 10")
        scores = dict(self.scores)
        for side, points in score_all_pass(tricks_by_side).items():
            if side not in scores:
                raise BidError(f"tricks: {'-'.join(map(str, side))} is not a side of this game")
            scores[side] += points
        over = [s for s, v in scores.items() if v >= GAME_TARGET]
        winner = None if rules.must_bid_to_win or not over else max(over, key=scores.get)
        return GameScore(scores, winner)

    def after_hand(
        self,
        contract: Bid,
        declarer: Seat,
        tricks_by_side: Mapping[tuple[Seat, ...], int],
        rules: RuleSet,
    ) -> GameScore:
        """The game score after a hand, with the winner if the game ended (RULES.md §7).

        ``tricks_by_side``: tricks each side took (misère: the declarer's side's entry is the
        declarer's own tricks). With ``must_bid_to_win`` only a declarer's side that made its bid
        can win; otherwise any side on 500 or more wins, the declarer's side first if both.
        With ``minus_500_loses`` a side on -500 or below loses at once (in a two-sided game the
        other side wins; with more sides the highest other side). Raises `BidError` when the
        game is already over or the tricks do not add up to 10.
        """
        if self.winner is not None:
            raise BidError("the game is already over")
        for side in tricks_by_side:
            if side not in self.scores:
                name = "-".join(map(str, side)) if isinstance(side, tuple) else repr(side)
                raise BidError(f"tricks: {name} is not a side of this game")
        if sum(tricks_by_side.values()) != TRICKS_PER_HAND:
            raise BidError("tricks: the sides' tricks must add up to 10")
        own = self.side_of(declarer)
        hand = score_hand(contract, tricks_by_side.get(own, 0), rules)
        scores = dict(self.scores)
        scores[own] += hand.declarer
        defenders_paid = rules.misere_defenders if contract.misere else rules.defender_tricks
        for side, tricks in tricks_by_side.items():
            if side != own and defenders_paid:
                scores[side] += 10 * tricks
        made = hand.declarer > 0
        winner: tuple[Seat, ...] | None = None
        if rules.minus_500_loses and any(v <= -GAME_TARGET for v in scores.values()):
            losers = [s for s, v in scores.items() if v <= -GAME_TARGET]
            others = [s for s in scores if s not in losers]
            if others:
                winner = max(others, key=lambda s: (s == own, scores[s]))
        if winner is None:
            if made and scores[own] >= GAME_TARGET:
                winner = own
            elif not rules.must_bid_to_win:
                over = [s for s, v in scores.items() if v >= GAME_TARGET]
                if over:
                    winner = max(over, key=lambda s: (s == own, scores[s]))
        return GameScore(scores, winner)
