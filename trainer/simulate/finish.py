"""Finishing the auction after each candidate call with the policy bidder, and playing the
contract it reaches double dummy, one solve per distinct contract of a layout (see
`trainer.simulate`, "Finishing the auction").

Nested simulation (every later caller simulating their own choices) would multiply the cost by
the number of layouts again, so every later call, of every seat (the learner's own later turns
included), is `trainer.policy.choose_bid` with that seat's hand in the layout: the documented
policy bidder, the cheap "easy" bot. The auctions are deterministic, so the results do not
depend on the number of worker processes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.bidding import MISERE, PASS, Auction, Bid, parse_call
from trainer.cards import Deal, Seat
from trainer.policy import choose_bid
from trainer.rules import RuleSet, Strain
from trainer.scoring import TRICKS_PER_HAND
from trainer.simulate.common import DiscardRule, MiserePlay
from trainer.simulate.scores import made, mean_se, net_score, thrown_in
from trainer.simulate.solving import Job, solve_layout

FINISHES = (None, "policy")
"""The ways `analyse_bid` values a call: None (the call taken as the final contract, the
pass playing the bid standing) or ``"policy"`` (the auction finished by `policy.choose_bid`)."""


@dataclass(frozen=True)
class Final:
    """How the auction after one candidate ended on one layout: ``contract`` (a bid code, or
    ``"P"`` when everyone passed), ``declarer`` (None when everyone passed), ``tricks`` (the
    declarer side's double-dummy tricks; for an all-pass played at no trumps, the learner
    side's; None when the hand is thrown in) and ``thrown`` (the hand is thrown in: all pass
    under ``all_pass="redeal"``, or a 6-level bid under ``six_level_informational``)."""

    contract: str
    declarer: Seat | None
    tricks: int | None
    thrown: bool


def finish_auction(layout: Deal, dealer: Seat, calls: Sequence[str], call: str,
                   rules: RuleSet) -> Auction:
    """The auction ``calls`` (codes from ``dealer``'s left) then ``call``, finished by
    `policy.choose_bid` for every later turn with that seat's hand in ``layout``. Raises
    `BidError` if ``call`` is not legal."""
    auction = Auction(rules, dealer, list(calls))
    auction.call(call)
    while not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        auction.call(choose_bid(layout.hands[seat], auction))
    return auction


def _key(contract: Bid, declarer: Seat, played: bool = False) -> tuple[str, str]:
    """The solve a contract needs: its declarer and strain (the level does not change the trick
    count; misère and open misère are one double-dummy problem, but a misère ``played`` out at
    the table (`_played`) is another)."""
    if contract.misere or contract.strain is None:
        return declarer.value, "MIS-played" if played else "MIS"
    return declarer.value, contract.strain.value


def _job(contract: Bid, declarer: Seat, rule: DiscardRule | None = None) -> Job:
    if contract.misere:
        return Job(MISERE, declarer, rule=rule)
    assert contract.strain is not None
    return Job(Bid(7, contract.strain), declarer, rule=rule)


def _played(task: FinishTask, contract: Bid) -> bool:
    """True when the task plays ``contract`` out with ``misere_play`` (a closed misère: in an
    open one the defenders see the declarer's hand, and double dummy stands)."""
    return task.misere_play is not None and contract.misere and not contract.open


def _tricks(task: FinishTask, contract: Bid, declarer: Seat) -> int:
    """One contract's tricks on the task's layout: played out (`_played`) or double dummy."""
    if _played(task, contract):
        assert task.misere_play is not None
        return task.misere_play(task.layout, contract, declarer, task.rules)
    return solve_layout(task.layout, (_job(contract, declarer, task.discard_rule),),
                        task.rules)[0]


@dataclass(frozen=True)
class FinishTask:
    """One layout's work: the base ``jobs`` (solved first, their results reused) and the
    candidate ``calls`` to finish the auction after."""

    layout: Deal
    jobs: tuple[Job, ...]
    seat: Seat
    calls: tuple[str, ...]
    candidates: tuple[str, ...]
    rules: RuleSet
    misere_play: MiserePlay | None = None
    """None: misère solved double dummy; else how a closed misère is played out
    (`MiserePlay`)."""
    discard_rule: DiscardRule | None = None
    """How each finished contract's declarer discards (None: `policy.choose_discard`)."""


def finish_layout(task: FinishTask) -> tuple[tuple[int, ...], tuple[Final, ...]]:
    """The base jobs' tricks and, per candidate, how its finished auction ended on the layout
    (`Final`); each distinct (declarer, strain or misère) is solved once."""
    rules = task.rules
    solved = iter(solve_layout(task.layout, tuple(j for j in task.jobs
                                                  if not _played(task, j.contract)), rules))
    base = tuple(_tricks(task, j.contract, j.declarer) if _played(task, j.contract)
                 else next(solved) for j in task.jobs)
    cache: dict[tuple[str, str], int] = {}
    for job, tricks in zip(task.jobs, base, strict=True):
        if not job.all_pass and job.discard is None:
            cache.setdefault(_key(job.contract, job.declarer, _played(task, job.contract)),
                             tricks)
    finals = []
    for call in task.candidates:
        auction = finish_auction(task.layout, task.layout.dealer, task.calls, call, rules)
        high, bidder = auction.high_bid, auction.high_bidder
        if high is None or bidder is None:
            if rules.all_pass == "play_no_trumps":
                key = ("all_pass", task.seat.value)
                if key not in cache:
                    job = Job(Bid(6, Strain.NO_TRUMPS), task.seat, all_pass=True)
                    cache[key] = solve_layout(task.layout, (job,), rules)[0]
                finals.append(Final(PASS, None, cache[key], False))
            else:
                finals.append(Final(PASS, None, None, True))
            continue
        if auction.thrown_in:
            finals.append(Final(high.code, bidder, None, True))
            continue
        key = _key(high, bidder, _played(task, high))
        if key not in cache:
            cache[key] = _tricks(task, high, bidder)
        finals.append(Final(high.code, bidder, cache[key], False))
    return base, tuple(finals)


@dataclass(frozen=True)
class Finished:
    """A candidate's figures over its finished auctions: ``ev``, ``se``, ``good`` (the share of
    layouts where the final contract goes the learner's side's way: made by that side, or set
    when the opponents declare; a thrown-in or all-pass hand counts as neither),
    ``finals`` (the final contracts: (contract code or ``"P"``, declarer seat code or None,
    layouts), most frequent first, then in order of first appearance) and ``mean_tricks`` (when
    every layout reached the same contract and played it: its mean tricks as `Final` counts
    them; else None). ``scores``: the net score on each layout, in layout order (for paired
    comparisons between candidates valued on the same layouts)."""

    ev: float
    se: float
    good: float
    finals: tuple[tuple[str, str | None, int], ...]
    mean_tricks: float | None = None
    scores: tuple[float, ...] = ()


def summarise(finals: Sequence[Final], seat: Seat, rules: RuleSet) -> Finished:
    """Score one candidate's finals from the learner's side (`scores.net_score`)."""
    side = rules.side_of(seat)
    scores: list[float] = []
    good = 0
    for f in finals:
        if f.thrown or f.tricks is None:
            scores.append(0.0)
            continue
        if f.declarer is None:  # all pass, played at no trumps: 10 a trick to each side
            scores.append(10 * f.tricks - 10 * (TRICKS_PER_HAND - f.tricks))
            continue
        bid = parse_call(f.contract)
        assert isinstance(bid, Bid)
        ours = f.declarer in side
        scores.append(net_score(bid, f.tricks, rules, ours))
        if not thrown_in(bid, rules) and made(bid, f.tricks) == ours:
            good += 1
    ev, se = mean_se(scores)
    counts = Counter((f.contract, None if f.declarer is None else f.declarer.value)
                     for f in finals)
    order = list(dict.fromkeys((f.contract, None if f.declarer is None else f.declarer.value)
                               for f in finals))
    ranked = sorted(order, key=lambda k: (-counts[k], order.index(k)))
    played = [f.tricks for f in finals if f.tricks is not None]
    mean = (sum(played) / len(played) if len(counts) == 1 and len(played) == len(finals)
            and played else None)
    return Finished(ev, se, good / len(finals) if finals else 0.0,
                    tuple((c, d, counts[(c, d)]) for c, d in ranked), mean, tuple(scores))


__all__ = ["FINISHES", "Final", "FinishTask", "Finished", "finish_auction", "finish_layout",
           "summarise"]
