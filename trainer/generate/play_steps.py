"""The steps of the play-puzzle pipeline (`trainer.generate.play_puzzles` module docstring)
that the 4- and 2-player generators (`trainer.generate.two_player_puzzles`) share: the
contract (step 1), the puzzle moment and its goal, the only-move test and the noisy early play
(steps 2-3), and the initial rating and the record (step 5). Step 4, the main line, is
`trainer.generate.lines`; the themes, `trainer.generate.themes`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from trainer.bidding import MISERE, OPEN_MISERE, Auction, Bid
from trainer.cards import Card, Deal, Seat
from trainer.generate.goals import Goal, Verdicts, judge
from trainer.generate.lines import main_line
from trainer.generate.records import Decision, PlayPuzzle
from trainer.generate.themes import detect_themes
from trainer.generate.write_ups.play import play_write_up
from trainer.notation import Position
from trainer.play import PlayState
from trainer.policy import choose_bid, choose_discard, estimate_tricks
from trainer.rules import Play, RuleSet, Strain
from trainer.scoring import bid_value

if TYPE_CHECKING:  # named only: importing the solver compiles it on a first start
    from trainer.solver import Solver

GENERATOR_VERSION = 2
NOISE = 0.1
MIN_LEFT, MAX_LEFT = 2, 6
DEFAULT_ATTEMPTS = 12


# --- 1. the contract ----------------------------------------------------------------------------


def _auction(rng: random.Random, rules: RuleSet, hands: dict[Seat, tuple]) -> Auction:
    dealer = rng.choice(rules.seats)
    auction = Auction(rules, dealer)
    while not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        auction.call(choose_bid(hands[seat], auction))
    return auction


def _wanted(kind: str, contract: Bid | None) -> bool:
    if contract is None:
        return False
    if kind.startswith("misere"):
        return contract.misere
    if kind.startswith("nt"):
        return not contract.misere and contract.trump is None
    return contract.trump is not None


def choose_contract(kind: str, hands: dict[Seat, tuple], rules: RuleSet,
                    rng: random.Random) -> tuple[Bid, Seat]:
    """The contract the policy's best seat declares for a kind of puzzle (step 1 of
    `trainer.generate.play_puzzles`)."""
    seats = rules.seats
    if kind.startswith("misere"):
        def badness(seat: Seat) -> int:
            return sum((c.rank or 20) for c in hands[seat])
        seat = min(seats, key=badness)
        return (OPEN_MISERE if rng.random() < 0.25 else MISERE), seat
    if kind.startswith("nt"):
        strains = [Strain.NO_TRUMPS]
    else:
        strains = [s for s in Strain if s is not Strain.NO_TRUMPS]
    est, _, seat, strain = max(
        (estimate_tricks(hands[s], st, rules.players), i, s, st)
        for i, (s, st) in enumerate((s, st) for s in seats for st in strains)
    )
    level = max(6, min(10, int(est + 0.5)))
    return Bid(level, strain), seat


def declare(rng: random.Random, kind: str, rules: RuleSet, d: Deal,
            seen: dict[Seat, tuple] | None = None) -> tuple[Bid, Seat, list[Card]]:
    """The contract, declarer and discard of deal ``d`` for a kind of puzzle (step 1 of
    `trainer.generate.play_puzzles`): the auction's contract (`_auction`) if it is of that
    kind, else the one `choose_contract` gives on ``seen`` (the cards each seat sees; its hand
    by default); the declarer discards by `choose_discard`."""
    auction = _auction(rng, rules, d.hands)
    if _wanted(kind, auction.contract):
        contract, declarer = auction.contract, auction.declarer
    else:
        contract, declarer = choose_contract(kind, d.hands if seen is None else seen, rules, rng)
    assert contract is not None and declarer is not None
    discard = choose_discard(list(d.hands[declarer]) + list(d.kitty), contract, rules)
    return contract, declarer, discard


# --- 2-3. the puzzle moment, and the only-move test ------------------------------------------


def learner_side(kind: str, state: PlayState) -> set[Seat]:
    """Seats the learner may sit in for this kind: the declarer's side, or the defenders."""
    assert state.declarer is not None
    side = set(state.rules.side_of(state.declarer)) & set(state.seats)
    return side if kind.endswith("declarer") else set(state.seats) - side


def tight_level(state: PlayState, learner: Seat, best: int) -> PlayState | None:
    """A copy of ``state`` whose contract level sits at the edge of double-dummy play, as a
    contested auction ends: what the declarer's side can make from here (the learner on that
    side), or one trick more (the learner defending). None when that level is not 6-10.
    Misère contracts are returned as they are."""
    contract = state.contract
    assert contract is not None and state.declarer is not None
    if contract.misere:
        return state.copy()
    assert contract.strain is not None
    level = state.declarer_tricks() + best
    if learner not in state.rules.side_of(state.declarer):
        level += 1
    if not 6 <= level <= 10:
        return None
    moment = state.copy()
    moment.contract = Bid(level, contract.strain)
    return moment


def puzzle_goal(state: PlayState, learner: Seat, best: int) -> tuple[Goal, str] | None:
    """The goal for the learner at ``state`` with solver value ``best``, and its words; None
    when the contract's result is already settled or out of reach (trivial or hopeless)."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None
    left = state.tricks_left
    taken = state.declarer_tricks()
    on_declarer_side = learner in state.rules.side_of(declarer)
    name = contract.pretty
    if contract.misere:
        if taken:
            return None
        if learner == declarer:
            return (Goal(False, 0), f"{name}: take none of the last {left}") if best == 0 else None
        return (Goal(True, 1), f"beat {name}: make the declarer take one of the last {left}") \
            if best >= 1 else None
    needed = contract.tricks_needed - taken
    if on_declarer_side:
        if needed <= 0 and taken == len(state.history) and bid_value(contract) < 250 \
                and best == left and state.rules.slam_250:
            return Goal(True, left), f"win all of the last {left} (the slam scores 250)"
        if 1 <= needed <= left and best >= needed:
            them = "it" if needed == 1 else "them all" if needed == left else "them"
            return Goal(True, needed), f"win {_of_last(needed, left)} (you need {them} for {name})"
        return None
    if 1 <= needed <= left and best <= needed - 1:
        return Goal(False, needed - 1), f"beat {name}: take {_of_last(left - needed + 1, left)}"
    return None


def _of_last(tricks: int, left: int) -> str:
    """``"3 of the last 5"``, or ``"all of the last 5"``."""
    return f"{'all' if tricks == left else tricks} of the last {left}"


def only_move(verdicts: Verdicts) -> bool:
    """Lichess's only-move test: some card fails, and at most a third of the distinct cards
    keep the goal."""
    right = verdicts.right_classes
    return bool(verdicts.wrong) and right >= 1 and 3 * right <= len(verdicts.classes)


def _noisy_best(state: PlayState, solver: Solver, rng: random.Random) -> Play:
    legal = state.legal_plays()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < NOISE:
        return rng.choice(legal)
    return rng.choice(solver.analyse(state).best_plays)


def find_moment(rng: random.Random, kind: str, state: PlayState, solver: Solver,
                fits: Callable[[Verdicts], bool] | None = None
                ) -> tuple[PlayState, Seat, Goal, str] | None:
    """Steps 2-3 on a dealt ``state``: play on (`_noisy_best`) to ``MAX_LEFT`` tricks left, then
    on through every moment down to ``MIN_LEFT`` where the learner's side (`learner_side`) has
    a choice. Of the moments that pass the only-move test (and ``fits``, if given, on their
    verdicts), a random one, the tricks left spread: (moment, seat, goal, its words); None when
    none passes."""
    while state.tricks_left > MAX_LEFT:
        state.push(_noisy_best(state, solver, rng))
    seats = learner_side(kind, state)
    moments = []
    while state.tricks_left >= MIN_LEFT and not state.is_over:
        seat = state.to_play
        assert seat is not None
        if seat in seats and len(state.legal_plays()) > 1:
            analysis = solver.analyse(state)
            moment = tight_level(state, seat, analysis.best)
            goal_text = None if moment is None else puzzle_goal(moment, seat, analysis.best)
            if goal_text is not None:
                assert moment is not None
                verdicts = judge(analysis, moment, goal_text[0], 0)
                if only_move(verdicts) and (fits is None or fits(verdicts)):
                    moments.append((moment, seat, *goal_text))
        state.push(_noisy_best(state, solver, rng))
    if not moments:
        return None
    left = rng.choice(sorted({m[0].tricks_left for m in moments}))  # spread the lengths
    return rng.choice([m for m in moments if m[0].tricks_left == left])


# --- 5. rating and the record -----------------------------------------------------------------


def initial_rating(tricks_left: int, right_share: float, decisions: int) -> float:
    """Initial puzzle rating from its features: 1000, +110 a trick left beyond 2, +500 times
    (1 - 3 x the share of distinct cards that are right), +120 a decision beyond the first;
    clamped to 600-2400. (Glicko-2 attempts then correct it.)"""
    rating = 1000 + 110 * (tricks_left - 2) + 500 * (1 - 3 * right_share) \
        + 120 * (decisions - 1)
    return float(max(600, min(2400, rating)))


INITIAL_DEVIATION = 300.0


def contract_type(contract: Bid) -> str:
    if contract.misere:
        return "open_misere" if contract.open else "misere"
    return "no_trumps" if contract.trump is None else "suit"


def finish_puzzle(seed, kind, state, seat, goal, text, solver, theme=None) -> PlayPuzzle:
    """The verified play puzzle for ``seat`` at ``state`` with ``goal`` (its words ``text``):
    the main line, every decision's right cards, themes, rating and write-up, id
    ``p{seed:07d}``. Used by the bank generators and for a learner's personal puzzles."""
    line = main_line(state, seat, goal, solver)
    first = line.decisions[0]
    assert state.contract is not None and state.declarer is not None
    side = "declarer" if seat in state.rules.side_of(state.declarer) else "defence"
    share = first.verdicts.right_classes / len(first.verdicts.classes)
    decisions = tuple(
        Decision(Position.from_state(d.state), d.verdicts.right, tuple(d.line))
        for d in line.decisions
    )
    themes = detect_themes(line)
    puzzle = PlayPuzzle(
        id=f"p{seed:07d}",
        position=Position.from_state(state),
        goal=goal,
        solution=decisions,
        themes=tuple(themes),
        rating=initial_rating(state.tricks_left, share, len(decisions)),
        rating_deviation=INITIAL_DEVIATION,
        generator={"name": "play", "version": GENERATOR_VERSION, "seed": seed, "kind": kind,
                   **({"theme": theme} if theme is not None else {})},
        title=text[0].upper() + text[1:],
        contract_type=contract_type(state.contract),
        side=side,
    )
    return replace(puzzle, write_up=play_write_up(puzzle, solver))
