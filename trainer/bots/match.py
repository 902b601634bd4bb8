"""Bots against bots in duplicate (`python -m trainer match`): which level scores more?

Each deal ``i`` (0 first) of a match with seed ``S`` is `trainer.cards.deal` of
``trainer.game.hand_seed(S, i)``, the dealer moving on one seat a deal (N deals first, then E,
S, W). It is played twice, one hand each (not a game to 500):

- table 1: the ``ns`` level sits N and S, the ``ew`` level E and W;
- table 2: the same cards, the levels' seats swapped (``ns`` at E and W, ``ew`` at N and S).

Every call, discard and card is `trainer.bots.decide` with the seed ``"S:i"`` (so a seat
deciding at the same point of both tables with the same level decides alike). A hand is scored
as N/S's net: N/S's points minus E/W's on that hand, the differences of
`GameHand.score_into(GameScore.new(rules))` (a thrown-in hand nets 0; an all-pass hand played
at no trumps scores its 10 a trick).

Per deal, a level's score is its side's mean net over the two tables: for ``ns``,
``(net_1 - net_2) / 2`` (N/S's net at table 1, E/W's at table 2); for ``ew`` the opposite,
``(net_2 - net_1) / 2``. The paired difference of a deal is ``ns``'s score minus ``ew``'s,
``net_1 - net_2``: the cards cancel and what is left is the play and the bidding. The match
reports each level's mean score, the mean difference, its standard error (the sample standard
deviation of the per-deal differences over sqrt(deals)) and z = difference / se.

Deals run in ``jobs`` worker processes (fork), each with its own solver, or as tasks on a Dask
cluster (``--cluster``, as bank generation runs: a match of strong bots takes hours on one
machine); results are taken in deal order and every decision is seeded, so a match's figures
depend on neither.
Only the 4-player game is played (two sides of two). Bad arguments raise `TrainerError`.
"""

from __future__ import annotations

import functools
import math
import multiprocessing as mp
import os
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from trainer.bots import Level, decide
from trainer.cards import Seat, deal
from trainer.errors import TrainerError
from trainer.game.game import hand_seed
from trainer.game.hand import GameHand
from trainer.rules import RuleSet
from trainer.scoring import GameScore
from trainer.solver import Solver

NS = (Seat.N, Seat.S)
EW = (Seat.E, Seat.W)


@dataclass(frozen=True)
class DealResult:
    """One deal played at both tables: ``index`` (0 first), ``seed`` (the deal seed), and
    N/S's net points at table 1 (``ns`` level at N/S) and at table 2 (seats swapped)."""

    index: int
    seed: int
    net_1: int
    net_2: int

    @property
    def ns_score(self) -> float:
        """The ``ns`` level's score on this deal: its side's mean net over the two tables."""
        return (self.net_1 - self.net_2) / 2

    @property
    def difference(self) -> int:
        """The ``ns`` level's score minus the ``ew`` level's: ``net_1 - net_2``."""
        return self.net_1 - self.net_2


@dataclass(frozen=True)
class MatchResult:
    """A finished match: its arguments, the deals in order and the wall-clock seconds."""

    ns: Level
    ew: Level
    seed: int
    deals: tuple[DealResult, ...]
    seconds: float

    @property
    def mean_difference(self) -> float:
        return statistics.fmean(d.difference for d in self.deals)

    @property
    def se(self) -> float | None:
        """Standard error of the mean paired difference (None under 2 deals)."""
        if len(self.deals) < 2:
            return None
        return statistics.stdev(d.difference for d in self.deals) / math.sqrt(len(self.deals))

    def to_json(self) -> dict[str, Any]:
        """``{"deals", "seed", "ns", "ew", "mean": {ns: x, ew: y}, "difference", "se", "z",
        "seconds"}``; ``se`` and ``z`` are null when they cannot be computed (one deal, or
        every deal's difference equal)."""
        diff = self.mean_difference
        se = self.se
        z = diff / se if se else None
        return {
            "deals": len(self.deals),
            "seed": self.seed,
            "ns": self.ns.value,
            "ew": self.ew.value,
            "mean": {self.ns.value: round(diff / 2, 2), self.ew.value: round(-diff / 2, 2)},
            "difference": round(diff, 2),
            "se": None if se is None else round(se, 2),
            "z": None if z is None else round(z, 3),
            "seconds": round(self.seconds, 1),
        }


def ns_net(hand: GameHand) -> int:
    """N/S's points minus E/W's on a finished hand (0 when thrown in)."""
    after = hand.score_into(GameScore.new(hand.rules))
    return after.scores[NS] - after.scores[EW]


def play_table(rules: RuleSet, seed: int, dealer: Seat, levels: dict[Seat, Level],
               decision_seed: str, solver: Solver | None = None) -> GameHand:
    """One hand of deal ``seed`` (dealer ``dealer``) with every decision by the bot of the
    seat's level in ``levels``; returns the finished hand."""
    hand = GameHand(rules, deal(seed, rules.players, rules.deck, dealer))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        decide(hand, levels[seat], decision_seed, solver).apply(hand)
    return hand


_solver: Solver | None = None


def play_deal(index: int, match_seed: int, ns: Level, ew: Level, rules: RuleSet) -> DealResult:
    """Deal ``index`` of the match with seed ``match_seed``, played at both tables (module
    docstring)."""
    global _solver
    if _solver is None:
        _solver = Solver()
    seed = hand_seed(match_seed, index)
    dealer = rules.seats[index % len(rules.seats)]
    decision_seed = f"{match_seed}:{index}"
    nets = []
    for here, there in ((ns, ew), (ew, ns)):
        levels = {Seat.N: here, Seat.S: here, Seat.E: there, Seat.W: there}
        nets.append(ns_net(play_table(rules, seed, dealer, levels, decision_seed, _solver)))
    return DealResult(index, seed, nets[0], nets[1])


def check_match(deals: int, ns: Level, ew: Level, rules: RuleSet, jobs: int) -> None:
    """Raise `TrainerError` naming the argument a match cannot be played with."""
    if deals < 1:
        raise TrainerError(f"--deals: give at least 1, not {deals}")
    if jobs < 1:
        raise TrainerError(f"--jobs: give at least 1, not {jobs}")
    if ns is ew:
        raise TrainerError(f"--ew: {ew.value} is also --ns; a match needs two different levels")
    if rules.players != 4:
        raise TrainerError(f"--rules: a match is played at 4 players, not {rules.players}")


def iter_deals(deals: int, seed: int, ns: Level, ew: Level, rules: RuleSet,
               jobs: int = 2, cluster: str | None = None) -> Iterator[DealResult]:
    """The deals' results in deal order, played in ``jobs`` processes, or as tasks on the
    Dask cluster ``cluster`` (`trainer.generate.cluster.cluster_map`: ``"local"`` starts
    ``jobs`` worker processes here; an address uses a running scheduler's workers)."""
    check_match(deals, ns, ew, rules, jobs)
    work = functools.partial(play_deal, match_seed=seed, ns=ns, ew=ew, rules=rules)
    if cluster is not None:
        from trainer.generate.cluster import cluster_map

        yield from cluster_map(work, range(deals), cluster, workers=jobs)
        return
    if jobs == 1:
        yield from map(work, range(deals))
        return
    pool = mp.get_context("fork").Pool(min(jobs, deals))
    try:
        yield from pool.imap(work, range(deals), chunksize=1)
    finally:
        pool.terminate()


def run_match(deals: int, seed: int, ns: Level, ew: Level, rules: RuleSet,
              jobs: int | None = None,
              progress: Callable[[DealResult], None] | None = None,
              cluster: str | None = None) -> MatchResult:
    """Play a whole match (module docstring); ``jobs`` defaults to up to 2 cores;
    ``progress`` is called after each deal, in deal order; ``cluster`` as `iter_deals`.
    Raises `TrainerError` on bad arguments or a scheduler that cannot be reached."""
    jobs = jobs if jobs is not None else min(2, os.cpu_count() or 1)
    start = time.perf_counter()
    results = []
    for result in iter_deals(deals, seed, ns, ew, rules, jobs, cluster):
        results.append(result)
        if progress is not None:
            progress(result)
    return MatchResult(ns, ew, seed, tuple(results), time.perf_counter() - start)
