"""At-the-table play puzzles (single dummy): graded by the chance of reaching the goal over the
layouts of the unseen cards that fit what the learner's seat has seen.

The double-dummy play bank (`trainer.generate.play_puzzles`) grades a card on the one layout
dealt; a player at the table sees only their own cards, the auction, the cards played, their
own discard (as declarer) and a nominated joker. These puzzles grade the card the way the bots
and the review value one (`trainer.bots.cards`): over layouts of the unseen cards that fit the
seat's view and the auction (`trainer.bots.sampling`), each solved double dummy.

From a seed (one `random.Random`):
1. Deal and bid with the bidding policy (`table_call`: `trainer.policy.choose_bid`, with a good
   player's misère where the policy would pass) until the auction's
   contract is of the wanted kind (suit, no trumps or misère; at most ``AUCTION_DEALS`` deals);
   the declarer exchanges with `trainer.policy.choose_discard`. The contract is the auction's,
   level and all (no double-dummy edge).
2. The bots play (`trainer.policy.choose_play`, the rules of thumb, seeing only their own
   cards; misère defenders try to make the declarer take a trick) until ``MAX_LEFT`` tricks
   are left; from there every moment down to ``MIN_LEFT`` where a seat of the learner's side
   (declarer's side or the defenders, by kind) has two or more legal cards is a candidate.
3. Grading a moment: ``LAYOUTS[0]`` layouts fitting the seat's view (`knowledge_at`), each
   solved for every legal card: does the side then make (or beat) the contract? Cards with the
   same outcome on every layout are one choice. The best choice's margin over the next is
   tested against the noise: the paired difference of the two choices over the layouts, its
   standard error ``se``; kept when ``margin >= MIN_MARGIN`` and ``margin > 2 se``. A near
   miss is graded again on more layouts (``LAYOUTS``, fresh ones added to the first).
4. The tempting card: the rules of thumb's card (`choose_play`) when it is not a right one,
   else the next best choice (the most plausible wrong card). A moment the rules of thumb
   solve is kept only in a seed that allows one (``EASY_SHARE`` of the seeds, drawn first),
   so such beginners' puzzles are at most about a quarter of the bank.
5. The layout shown after the answer (Bridge Master's rule): one of the graded layouts where
   the tempting card fails and the right card succeeds: the real one when it is such a layout
   (``shown_layout`` -1), else the first such graded layout.
   The record's position is that layout (its other hands are hidden until the answer).
6. The write-up (`trainer.generate.write_ups.table`), in the game's words, every figure from
   the counts.

`TablePuzzle` (`trainer.generate.records_table`) is the record; it keeps every card's outcome
on every layout, so its figures are re-checked from the record, and the layouts themselves are
dealt again from ``sample_seed`` (the same layouts for the same view and seed).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trainer.bidding import MISERE, PASS, Auction, Bid
from trainer.bots.calls import fits_hand
from trainer.bots.cards import layout_values
from trainer.bots.sampling import Knowledge, sample_known, state_knowledge
from trainer.cards import Card, Seat, deal
from trainer.generate.goals import Goal
from trainer.generate.records_table import CardShare, TablePuzzle
from trainer.play import PlayState, start_play
from trainer.policy import choose_bid, choose_discard, choose_play
from trainer.position import Position
from trainer.rules import Play, RuleSet, ruleset
from trainer.simulate import auction_inferences

if TYPE_CHECKING:
    from trainer.solver import Solver

GENERATOR_VERSION = 1
KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence", "misere_declarer",
         "misere_defence")
AUCTION_DEALS = 400
"""Deals tried for an auction of the wanted kind (bidding is cheap; misères are rare)."""
MIN_LEFT, MAX_LEFT = 3, 7
LAYOUTS = (96, 320)
"""Layouts graded at a moment: a first pass, then, for a near miss, the total after more."""
MIN_MARGIN = 0.08
"""The smallest gap between the best choice's chance and the next one's worth a puzzle."""
EASY_SHARE = 0.2
"""The share of moments the rules of thumb solve that are kept (beginners' puzzles)."""
ATTEMPTS = 3
"""Deals per seed."""


@dataclass(frozen=True)
class Grade:
    """A moment graded over ``layouts`` layouts: ``outcomes[play]`` the success on each layout
    (True: the learner's side reaches the goal), ``states`` the layouts themselves."""

    outcomes: dict[Play, tuple[bool, ...]]
    states: tuple[PlayState, ...]

    @property
    def layouts(self) -> int:
        return len(self.states)

    def share(self, play: Play) -> float:
        return sum(self.outcomes[play]) / self.layouts

    def choices(self) -> list[list[Play]]:
        """Plays grouped by identical outcomes, best share first (ties: engine order)."""
        groups: dict[tuple[bool, ...], list[Play]] = {}
        for play, out in self.outcomes.items():
            groups.setdefault(out, []).append(play)
        return sorted(groups.values(), key=lambda g: -sum(self.outcomes[g[0]]))


def paired_margin(best: Sequence[bool], other: Sequence[bool]) -> tuple[float, float]:
    """(mean of best - other, its standard error) over paired layouts (sample variance)."""
    n = len(best)
    diffs = [int(a) - int(b) for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def table_goal(state: PlayState, seat: Seat) -> Goal | None:
    """The learner's goal at ``state`` counted like the solver's values (docs/DESIGN.md): make
    the contract (the declarer's side) or beat it; None when it is already settled."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None
    ours = seat in state.rules.side_of(declarer)
    if contract.misere:
        if state.declarer_tricks():
            return None
        return Goal(False, 0) if ours else Goal(True, 1)
    needed = contract.tricks_needed - state.declarer_tricks()
    if not 1 <= needed <= state.tricks_left:
        return None
    return Goal(True, needed) if ours else Goal(False, needed - 1)


def goal_words(state: PlayState, seat: Seat) -> str:
    """The goal in the game's words: ``make 8♥: win 3 of the last 5``."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None
    ours = seat in state.rules.side_of(declarer)
    left = state.tricks_left
    name = contract.pretty
    if contract.misere:
        return f"{name}: take none of the last {left}" if ours else \
            f"beat {name}: make the declarer take one of the last {left}"
    needed = contract.tricks_needed - state.declarer_tricks()
    if ours:
        return f"make {name}: win {_of(needed, left)}"
    return f"beat {name}: take {_of(left - needed + 1, left)}"


def _of(n: int, left: int) -> str:
    return f"{'all' if n == left else n} of the last {left}"


def knowledge_at(state: PlayState, seat: Seat, calls: Sequence[str], dealer: Seat,
                 discard: Sequence[Card]) -> Knowledge:
    """What ``seat`` knows at ``state`` (`trainer.bots.sampling.knowledge`): its view of the
    cards (``discard``: the declarer's own, when ``seat`` is the declarer; else ()) and the
    auction's inferences about the other seats."""
    know = state_knowledge(state, seat, tuple(discard))
    inferences = auction_inferences(list(calls), dealer, seat, state.rules) if calls else ()
    return Knowledge(know.seat, know.unseen, know.places, know.fixed, inferences)


def success(state: PlayState, seat: Seat, solver: Solver) -> dict[Play, bool]:
    """Each legal play of ``seat`` on one layout: does its side make (or beat) the contract
    with best play after it, double dummy (`trainer.bots.cards.layout_values`)?"""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None
    ours = seat in state.rules.side_of(declarer)
    out: dict[Play, bool] = {}
    for play, (_, tricks) in layout_values(state, seat, solver).items():
        made = tricks == 0 if contract.misere else tricks >= contract.tricks_needed
        out[play] = made if ours else not made
    return out


def grade(state: PlayState, know: Knowledge, count: int, rng: random.Random,
          solver: Solver, earlier: Grade | None = None) -> Grade:
    """``count`` layouts in all (``earlier``'s first, then fresh ones from ``rng``) graded.
    The layouts of a record are dealt again by `layouts_of` (the first ``LAYOUTS[0]`` from
    ``sample_seed``, the rest from ``sample_seed + 1``)."""
    states = list(earlier.states) if earlier is not None else []
    rows = [dict(zip(earlier.outcomes, col, strict=True))
            for col in zip(*earlier.outcomes.values(), strict=True)] if earlier else []
    seat = state.to_play
    assert seat is not None
    for layout in sample_known(state, know, count - len(states), rng):
        states.append(layout)
        rows.append(success(layout, seat, solver))
    plays = list(rows[0])
    return Grade({p: tuple(r[p] for r in rows) for p in plays}, tuple(states))


def layouts_of(state: PlayState, know: Knowledge, layouts: int,
               sample_seed: int) -> list[PlayState]:
    """The layouts a record with ``layouts`` and ``sample_seed`` was graded on (`grade`)."""
    first = min(layouts, LAYOUTS[0])
    out = sample_known(state, know, first, random.Random(sample_seed))
    if layouts > first:
        out += sample_known(state, know, layouts - first, random.Random(sample_seed + 1))
    return out


@dataclass(frozen=True)
class Verdict:
    """A graded moment's result: the right plays, the next choice, the margin and its s.e."""

    right: tuple[Play, ...]
    next_best: tuple[Play, ...]
    margin: float
    se: float

    @property
    def clear(self) -> bool:
        return self.margin >= MIN_MARGIN and self.margin > 2 * self.se


def verdict(g: Grade) -> Verdict | None:
    """The best choice against the next (module docstring, step 3); None with one choice."""
    choices = g.choices()
    if len(choices) < 2:
        return None
    best, nxt = choices[0], choices[1]
    margin, se = paired_margin(g.outcomes[best[0]], g.outcomes[nxt[0]])
    return Verdict(tuple(best), tuple(nxt), margin, se)


def _auction(rng: random.Random, rules: RuleSet, kind: str):
    """A deal whose policy auction ends in a contract of ``kind``: (deal, auction) or None."""
    for _ in range(AUCTION_DEALS):
        d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
        auction = Auction(rules, d.dealer)
        while not auction.is_over:
            seat = auction.to_call
            assert seat is not None
            auction.call(table_call(d.hands[seat], seat, auction))
        if _wanted(kind, auction.contract):
            return d, auction
    return None


def table_call(hand: Sequence[Card], seat: Seat, auction: Auction) -> Bid | str:
    """The policy's call (`trainer.policy.choose_bid`), but where it passes with a hand a good
    player would call misère on (`trainer.bots.calls.fits_hand`: no joker, ace or king, at most
    two queens and jacks) and misère may be bid now, misère. (The policy alone calls misère
    only without a card above a 9: once in 5,000 deals; so, about one deal in 33.)"""
    call = choose_bid(hand, auction)
    if call == PASS and MISERE in auction.legal_calls() \
            and fits_hand(MISERE.code, hand, seat, auction):
        return MISERE
    return call


def _wanted(kind: str, contract: Bid | None) -> bool:
    """Is ``contract`` of the kind of puzzle wanted (suit, no trumps or misère)?"""
    if contract is None:
        return False
    if kind.startswith("misere"):
        return contract.misere
    if kind.startswith("nt"):
        return not contract.misere and contract.trump is None
    return contract.trump is not None


def learner_side(kind: str, state: PlayState) -> set[Seat]:
    """Seats the learner may sit in for this kind: the declarer's side, or the defenders."""
    assert state.declarer is not None
    side = set(state.rules.side_of(state.declarer)) & set(state.seats)
    return side if kind.endswith("declarer") else set(state.seats) - side


def contract_type(contract: Bid) -> str:
    """``suit``, ``no_trumps``, ``misere`` or ``open_misere`` (the play records' words)."""
    if contract.misere:
        return "open_misere" if contract.open else "misere"
    return "no_trumps" if contract.trump is None else "suit"


def _bot_play(state: PlayState) -> Play:
    return choose_play(state, misere_defence=True)


def generate_table_puzzle(seed: int, solver: Solver | None = None,
                          rules: RuleSet | None = None) -> TablePuzzle | None:
    """The at-the-table puzzle of ``seed`` (4 players), or None if the seed gives none (module
    docstring). The same seed always gives the same puzzle."""
    if solver is None:
        from trainer.solver import Solver

        solver = Solver()
    rules = rules or ruleset()
    if rules.players != 4:
        raise ValueError("table puzzles: 4 players only")
    rng = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    allow_easy = rng.random() < EASY_SHARE
    for _ in range(ATTEMPTS):
        found = _auction(rng, rules, kind)
        if found is None:
            return None
        d, auction = found
        contract, declarer = auction.contract, auction.declarer
        assert contract is not None and declarer is not None
        discard = choose_discard(list(d.hands[declarer]) + list(d.kitty), contract, rules)
        state = start_play(d, contract, declarer, discard, rules)
        calls = [c if isinstance(c, str) else c.code for c in auction.calls]
        puzzle = _moment(seed, kind, state, calls, d.dealer, tuple(discard), rng, solver,
                         allow_easy)
        if puzzle is not None:
            return puzzle
    return None


def _moment(seed: int, kind: str, state: PlayState, calls: list[str], dealer: Seat,
            discard: tuple[Card, ...], rng: random.Random, solver: Solver,
            allow_easy: bool) -> TablePuzzle | None:
    while state.tricks_left > MAX_LEFT and not state.is_over:
        state.push(_bot_play(state))
    seats = learner_side(kind, state)
    while state.tricks_left >= MIN_LEFT and not state.is_over:
        seat = state.to_play
        assert seat is not None
        goal = table_goal(state, seat)
        if goal is None and state.contract is not None and state.contract.misere:
            return None  # a set misère stays set
        if seat in seats and goal is not None and len(state.legal_plays()) > 1:
            puzzle = _try_moment(seed, kind, state, seat, goal, calls, dealer, discard, rng,
                                 solver, allow_easy)
            if puzzle is not None:
                return puzzle
        state.push(_bot_play(state))
    return None


def _try_moment(seed, kind, state, seat, goal, calls, dealer, discard, rng, solver,
                allow_easy):
    own_discard = discard if seat is state.declarer else ()
    know = knowledge_at(state, seat, calls, dealer, own_discard)
    sample_seed = rng.randrange(2**31)
    try:
        g = grade(state, know, LAYOUTS[0], random.Random(sample_seed), solver)
    except ValueError:  # no layout fits (cannot happen on a consistent view)
        return None
    v = verdict(g)
    if v is None or v.margin < MIN_MARGIN / 2:
        return None
    if not v.clear:
        g = grade(state, know, LAYOUTS[1], random.Random(sample_seed + 1), solver, g)
        v = verdict(g)
        if v is None or not v.clear:
            return None
    policy = _bot_play(state)
    easy = policy in v.right
    if easy and not allow_easy:
        return None
    tempting = v.next_best[0] if easy else policy
    shown = _reveal(g, state, v.right, tempting, solver)
    if shown is None:
        return None
    return _record(seed, kind, state, seat, goal, calls, dealer, own_discard, g, v, tempting,
                   easy, shown, sample_seed, solver)


def _reveal(g: Grade, real: PlayState, right: tuple[Play, ...], tempting: Play,
            solver: Solver) -> int | None:
    """The layout to show: one where the tempting card fails and every right card succeeds;
    the real layout when it is one (-1), else the first such graded layout (its index)."""
    seat = real.to_play
    assert seat is not None
    out = success(real, seat, solver)
    if all(out[p] for p in right) and not out[tempting]:
        return -1
    ok = [i for i in range(g.layouts)
          if all(g.outcomes[p][i] for p in right) and not g.outcomes[tempting][i]]
    return ok[0] if ok else None


def _record(seed, kind, state, seat, goal, calls, dealer, discard, g, v, tempting, easy,
            shown, sample_seed, solver) -> TablePuzzle:
    from trainer.generate.write_ups.table import table_write_up

    real = shown < 0
    layout = state if real else g.states[shown]
    shares = tuple(CardShare(p, sum(out), v.right.count(p) > 0)
                   for p, out in sorted(g.outcomes.items(), key=lambda kv: -sum(kv[1])))
    side = "declarer" if seat in state.rules.side_of(state.declarer) else "defence"
    best_share = g.share(v.right[0])
    rating = 1200 + 600 * (1 - best_share) + 90 * (state.tricks_left - MIN_LEFT) \
        - (300 if easy else 0)
    puzzle = TablePuzzle(
        id=f"t{seed:07d}", position=Position.from_state(layout), goal=goal,
        themes=("at_the_table",), rating=float(max(600, min(2400, round(rating)))),
        rating_deviation=300.0,
        generator={"name": "table", "version": GENERATOR_VERSION, "seed": seed, "kind": kind},
        title="At the table: " + goal_words(state, seat),
        contract_type=contract_type(state.contract), side=side,
        dealer=dealer, auction=tuple(calls), discard=tuple(discard),
        layouts=g.layouts, sample_seed=sample_seed, cards=shares,
        outcomes={p: o for p, o in g.outcomes.items()},
        right=v.right, tempting=tempting, easy_solves=easy, margin=round(v.margin, 4),
        se=round(v.se, 4), shown_layout=shown, real_layout=real,
    )
    return puzzle.with_write_up(table_write_up(puzzle, g.states, solver))


_solver: Solver | None = None


def bank_worker(seed: int) -> dict[str, Any] | None:
    """The record of ``seed``'s puzzle, or None (`trainer.generate.bank`'s worker; one solver
    per process)."""
    global _solver
    if _solver is None:
        from trainer.solver import Solver

        _solver = Solver()
    puzzle = generate_table_puzzle(seed, _solver)
    return None if puzzle is None else puzzle.to_json()
