"""Scoring simulated results: a contract's net score, made or set, means and histograms (see
`trainer.simulate`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from trainer.bidding import Bid
from trainer.rules import RuleSet
from trainer.scoring import TRICKS_PER_HAND, score_hand

# --- scoring -------------------------------------------------------------------------------------


def thrown_in(contract: Bid, rules: RuleSet) -> bool:
    """True when ``contract``, ending the auction, throws the hand in: a 6-level bid under
    ``six_level_informational`` (RULES.md §3; 002: "Nie mogą one wygrać licytacji")."""
    return rules.six_level_informational and contract.level == 6


def net_score(contract: Bid, tricks: int, rules: RuleSet, ours: bool) -> int:
    """Points for the learner's side minus the opponents' on the hand (module docstring):
    ``ours`` when the declarer is on the learner's side. ``tricks``: the declarer side's. A
    contract that would throw the hand in (`thrown_in`) scores 0 for both."""
    if thrown_in(contract, rules):
        return 0
    hand = score_hand(contract, tricks, rules)
    diff = hand.declarer - hand.defenders
    return diff if ours else -diff


def made(contract: Bid, tricks: int, rules: RuleSet | None = None) -> bool:
    """True when the declarer's side took the tricks the contract needs (misère: none); never
    for a contract that throws the hand in under ``rules`` (`thrown_in`)."""
    if rules is not None and thrown_in(contract, rules):
        return False
    return tricks == 0 if contract.misere else tricks >= contract.tricks_needed


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error (sample standard deviation / sqrt(n); 0 for fewer than 2)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def histogram(tricks: Iterable[int]) -> tuple[int, ...]:
    """Counts of 0, 1, ..., 10 tricks."""
    counts = [0] * (TRICKS_PER_HAND + 1)
    for t in tricks:
        counts[t] += 1
    return tuple(counts)


def _expand(hist: Sequence[int]) -> list[int]:
    return [t for t, k in enumerate(hist) for _ in range(k)]
