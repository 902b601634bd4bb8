"""The Avondale schedule, the score of a hand, and the game score to 500 (RULES.md §6, §7).

Sources: the schedule (000, 002, 003); misère 250 and open misère 500 (000, 003), misère 500
under ``nullo_500`` (000: "Nullo: como a Misère, mas pontuado 500 / -500"); no overtricks
(002: "Nie ma punktów za nadróbki"), or 10 each under ``overtricks_10`` (000: "Vazas extras
... marcam 10 cada, a menos que elevem o total acima do valor de 10 Sem Trunfo"); winning
(§7): the first side to 500 wins, by bidding or defending (000: "A primeira dupla a atingir
ou superar +500 pontos vence"), or only by making a bid under ``must_bid_to_win`` (002: "nie
wystarczy zdobyć 500 punktów, aby wygrać; trzeba być rozgrywającym").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trainer.bidding import Bid
from trainer.cards import Seat
from trainer.errors import BidError
from trainer.rules import STRAINS, RuleSet

TRICKS_PER_HAND = 10
MISERE_VALUE = 250
OPEN_MISERE_VALUE = 500
NULLO_VALUE = 500
"""Misère under ``nullo_500`` (000's "Nullo": "pontuado 500 / -500")."""
SLAM_VALUE = 250
GAME_TARGET = 500
HAND_CAP = 520
"""The most a made contract scores under ``overtricks_10``: the value of 10NT (000)."""


def bid_value(bid: Bid, rules: RuleSet | None = None) -> int:
    """Points a bid is worth on the Avondale schedule (RULES.md §6).

    6♠ = 40, each strain step +20 (♠ ♣ ♦ ♥ NT), each level +100: 10NT = 520. Misère 250 (500
    under ``nullo_500``), open misère 500. A trick bid's value does not depend on the rules;
    a misère bid's does, so valuing one without ``rules`` raises `BidError`.
    """
    if bid.misere:
        if rules is None:
            raise BidError(f"bid {bid}: its value depends on the rules (nullo_500); give them")
        if bid.open:
            return OPEN_MISERE_VALUE
        return NULLO_VALUE if rules.nullo_500 else MISERE_VALUE
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
    Made: the bid's value (``overtricks_10``: +10 an overtrick, the hand at most 520, the value
    of 10NT, as 000 says; with the Avondale values the most overtricks reach is 9NT + 10 = 430,
    so the cap never bites; ``slam_250``: all ten tricks on a bid worth under 250 score 250, or
    more if overtricks made it more). Set: minus the bid's value. Defenders: 10 a trick they
    took (``defender_tricks``), none in misère (unless ``misere_defenders``). Misère: +value
    with no trick, else -value (250, or 500 under ``nullo_500``; open misère 500). Raises
    `BidError` if ``declarer_tricks`` is not 0-10.
    """
    if not 0 <= declarer_tricks <= TRICKS_PER_HAND:
        raise BidError(f"tricks: {declarer_tricks} is not 0 to {TRICKS_PER_HAND}")
    value = bid_value(contract, rules)
    defender_tricks = TRICKS_PER_HAND - declarer_tricks
    if contract.misere:
        declarer = value if declarer_tricks == 0 else -value
        defenders = 10 * defender_tricks if rules.misere_defenders else 0
        return HandScore(declarer, defenders)
    if declarer_tricks >= contract.tricks_needed:
        declarer = value
        if rules.overtricks_10:
            declarer = min(HAND_CAP, declarer + 10 * (declarer_tricks - contract.tricks_needed))
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
        declarer's own tricks). By default any side on 500 or more wins, by bidding or by
        defending (000: "A primeira dupla a atingir ou superar +500 pontos vence"; 001, 003);
        if both sides reach 500 on one hand, the declarer's side wins (RULES.md §7); with more
        than two sides, else the highest. With ``must_bid_to_win`` only a declarer's side that
        made its bid can win (002: "nie wystarczy zdobyć 500 punktów, aby wygrać; trzeba być
        rozgrywającym"). With ``minus_500_loses`` a side on -500 or below loses at once (in a
        two-sided game the other side wins, so when one side reaches +500 as the other falls
        to -500 the side on +500 wins, 000: "a dupla que atingiu +500 vence"; with more sides
        the highest other side). Every seat is its own side at 2 and 3 players and at 6 playing
        as individuals (`RuleSet.sides`). Raises `BidError` when the game is already over or
        the tricks do not add up to 10.
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


@dataclass(frozen=True)
class HandInGame:
    """One hand scored into a game (`score_into_game`): the hand's points, every side's total
    after it, in the order ``before`` gave them (the declarer's side first), and the index in
    ``after`` of the side that won the game with this hand (0 = the declarer's), or None."""

    hand: HandScore
    after: tuple[int, ...]
    winner: int | None


def score_into_game(
    contract: Bid,
    declarer_tricks: int,
    before: Sequence[int],
    rules: RuleSet,
    other_tricks: Sequence[int] | None = None,
) -> HandInGame:
    """Score a hand into a game given the totals ``before`` it (RULES.md §6, §7).

    ``before``: the declarer's side's total, then each other side's, clockwise from the
    declarer's left (`RuleSet.sides`: two numbers at 4 players, at 6 in two teams and at 2
    players; three at 3 players and at 6 in three pairs; six at 6 playing as individuals).
    ``other_tricks``: with more than one other side, each other side's tricks in the same
    order, adding up to ``10 - declarer_tricks`` (each defender scores its own tricks); with
    one other side it may be left out. The winner follows `GameScore.after_hand`. Raises
    `BidError` naming ``before`` or ``tricks`` on a wrong count, or totals that mean the game
    is already over (a side on -500 or below under ``minus_500_loses``; a side on 500 or more
    unless ``must_bid_to_win``, where a side can sit over 500 from defending).
    """
    sides = rules.sides()
    declarer = rules.seats[0]
    own = rules.side_of(declarer)
    others = [s for s in sides if s != own]
    if len(before) != len(sides):
        raise BidError(f"before: expected {len(sides)} totals at this table (the declarer's "
                       f"side's first, then each other side's), got {len(before)}")
    if rules.minus_500_loses and any(v <= -GAME_TARGET for v in before):
        raise BidError("before: a side on -500 or below has already lost the game")
    if not rules.must_bid_to_win and any(v >= GAME_TARGET for v in before):
        raise BidError("before: a side on 500 or more has already won the game")
    if not 0 <= declarer_tricks <= TRICKS_PER_HAND:
        raise BidError(f"tricks: {declarer_tricks} is not 0 to {TRICKS_PER_HAND}")
    rest = TRICKS_PER_HAND - declarer_tricks
    if other_tricks is None:
        if len(others) > 1:
            raise BidError(f"tricks: give each of the {len(others)} other sides' tricks "
                           f"(adding up to {rest})")
        other_tricks = [rest]
    if len(other_tricks) != len(others) or any(t < 0 for t in other_tricks) \
            or sum(other_tricks) != rest:
        raise BidError(f"tricks: the other sides' tricks must be {len(others)} numbers of 0 "
                       f"or more adding up to {rest}")
    game = GameScore(dict(zip([own, *others], before, strict=True)))
    tricks = dict(zip([own, *others], [declarer_tricks, *other_tricks], strict=True))
    done = game.after_hand(contract, declarer, tricks, rules)
    order = [own, *others]
    return HandInGame(
        hand=score_hand(contract, declarer_tricks, rules),
        after=tuple(done.scores[s] for s in order),
        winner=None if done.winner is None else order.index(done.winner),
    )
