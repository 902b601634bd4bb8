"""The bidding and discard banks' answers are balanced per kind of question (issue 28, "Nothing
gives the answer away"): a learner who answers by the kind of question, without reading the
hand, must not score well. The bounds are stated here and checked against the shipped banks.

Measured for the bounds (`trainer.simulate.analyse_bid` on random deals, the first to call's
hand, 16 layouts each, the auction after each call
finished by the policy): on 300 random deals pass scored more than every six-level bid on 26
(8.7%; higher bids were not valued, so this is an upper bound on pass being the best call).
The policy bidder itself passes first to call on 54% of 5,000 random deals: the double-dummy
simulation bids far more than the rules of thumb do.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MISERE_YES = (0.35, 0.65)
"""'Is this hand a misère?' moments: the share whose best call is a misère (about as many yes
as no)."""
SIMULATED_FIRST_PASS = 26 / 300
"""The share of random deals on which the first to call should pass, by the simulation."""
FIRST_CALL_PASS = (SIMULATED_FIRST_PASS / 2, SIMULATED_FIRST_PASS * 2)
"""Opening moments (no bid yet): the share whose best call is a pass, within a factor of two
of `SIMULATED_FIRST_PASS`."""
MOST_COMMON = 0.85
"""No kind of answer (pass, a suit bid, no trumps, misère) is the best call of more than this
share of the puzzles of a kind of question."""


def bids() -> list[dict]:
    with gzip.open(ROOT / "puzzles" / "bid.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def answer(record: dict) -> str:
    """The kind of the best call: ``pass``, ``misere`` (closed or open), ``no_trumps``,
    ``suit``."""
    best = record["candidates"][0]["call"]
    if best == "P":
        return "pass"
    if "MIS" in best:
        return "misere"
    return "no_trumps" if best.endswith("NT") else "suit"


def answers(moment: str) -> Counter[str]:
    return Counter(answer(r) for r in bids() if r["moment"] == moment)


def share(counts: Counter[str], kind: str) -> float:
    return counts[kind] / sum(counts.values())


def test_the_bid_bank_keeps_its_size_and_its_named_puzzles() -> None:
    bank = bids()
    assert len(bank) == 1000
    assert Counter(r["moment"] for r in bank) == {k: 250 for k in
                                                   ("opening", "partner", "competition",
                                                    "misere")}
    ids = {r["id"] for r in bank}
    named = {"b0000144", "b0000006", "b0000009", "b0000557", "b0000004", "b0000001",
             "b0000131", "b0000047", "b0000007", "b0000003"}  # lessons and tests name these
    assert named <= ids


def test_no_answer_dominates_the_bidding_questions_after_a_bid() -> None:
    for moment in ("partner", "competition"):
        counts = answers(moment)
        assert max(counts.values()) / sum(counts.values()) <= MOST_COMMON, (moment, counts)


@pytest.mark.xfail(strict=True, reason=(
    "gap: a misère is best in 65 of 250 misère moments of the shipped bank (26%; bounds "
    "35-65%; 33 before 32 found by screening seeds 1003-2259 replaced pass-best ones); the "
    "generator finds one in 8 misère moments, about 9 s each: 23 more are needed"))
def test_a_misere_question_is_answered_yes_about_as_often_as_no() -> None:
    counts = answers("misere")
    low, high = MISERE_YES
    assert low <= share(counts, "misere") <= high, counts


@pytest.mark.xfail(strict=True, reason=(
    "gap: pass is best in 3 of 250 opening moments of the shipped bank (1.2%; bounds "
    "4.3-17.3%, the simulation says 8.7% of random deals): the opening kind deals only hands "
    "the policy values at 5 tricks or more (bid_puzzles._fits), where a pass is rarely best"))
def test_the_first_to_call_passes_about_as_often_as_the_simulation_says() -> None:
    counts = answers("opening")
    low, high = FIRST_CALL_PASS
    assert low <= share(counts, "pass") <= high, counts
    assert max(counts.values()) / sum(counts.values()) <= MOST_COMMON, counts
