"""A puzzle's starting rating from how often players of known strength solve it (issue 28,
"Honest ratings"): ``python -m trainer rerate play|bid|discard [--bank FILE] [--out FILE]``.

The players are the bots' levels (`trainer.bots.levels`). Each level tries each puzzle:

- play: `trainer.generate.bot_tries.bot_solves` in the learner's seat, seeds ``1..seeds``;
- bid: the easy level calls as the policy does (`trainer.policy.choose_bid`); the normal and
  strong levels as the bots' sampling does (`trainer.bots.calls.pick_call` over
  `trainer.simulate.analyse_bid` on their budget of layouts, the layouts drawn afresh for each
  seed, never the record's own); solved when the call grades best or good (as on the page,
  `trainer.ui.puzzles.answer.SOLVED_BANDS`);
- discard: the easy level discards as the policy does (`trainer.policy.choose_discard`), the
  others by the discard search on their budget (`trainer.simulate.analyse_discard`, seeds
  drawn afresh); solved on best or good.

The easy level reads nothing it does not see and draws no layouts, so it gives the same answer
every time: it is tried once. The others are tried ``seeds`` times.

Calibration (why these numbers):

- The easy level plays the rules of thumb, which is what a player fresh from the rules lessons
  knows: it is the beginner, rated `BEGINNER` (1200). The old bank's easiest quarter sat at
  1110-1230 and a new learner started at 1500; 1200 keeps the scale learners already carry
  (1500 the middle) while a beginner sits below the middle, as on Lichess's puzzle scale.
- A stronger level's rating is set by its solve share against the easy level's over the puzzles
  rated together (`level_ratings`): as for one puzzle of average difficulty, the Elo
  expectation ``1 / (1 + 10^(-d/400))`` turns the ratio of the two levels' odds of solving into
  a gap ``d = 400 log10(odds_level / odds_easy)`` (at least 0, and each level at least the one
  below it).
- A puzzle's rating is then its Glicko-2 rating after one rating period in which it "plays"
  every try (`estimate`): from `PRIOR` (1500 ± 350, a puzzle nobody has tried), each try a
  game against the level's rating with deviation `BOT_DEVIATION`, a solve a loss for the
  puzzle. A puzzle every level solves ends well below the beginner's rating, one none solves
  well above the strongest's; few tries keep it nearer 1500. Rounded, clamped to 600-2400
  as the generators' formulas are. Learners' results then move it (Glicko-2, as now).

Only the ``rating`` field of each record changes (`trainer.generate.bank_fields`): every other
byte of every line is kept. Errors: `TrainerError` for an unknown kind or level.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean
from typing import Any

import glicko2

from trainer.bots.levels import BUDGETS, Level, parse_level
from trainer.errors import TrainerError
from trainer.generate.bank_fields import FieldReport, rewrite_field
from trainer.generate.records import read_jsonl

BEGINNER = 1200.0
"""The easy level's rating: a beginner's (module docstring)."""
PRIOR = (1500.0, 350.0)
"""A puzzle's rating and deviation before any try."""
BOT_DEVIATION = 60.0
"""The deviation of a level's rating, as a settled player's."""
SEEDS = 3
"""Tries of each level that draws layouts (normal, strong)."""
LEVELS = ("easy", "normal")
"""The levels tried by default (strong costs three times normal's layouts)."""
SOLVED_BANDS = frozenset({"best", "good"})
LOW, HIGH = 600.0, 2400.0


@dataclass(frozen=True)
class LevelTries:
    """How often one level solved one puzzle: ``solved`` of ``tried``."""

    level: str
    solved: int
    tried: int


@dataclass(frozen=True)
class PuzzleTries:
    """One puzzle's tries: its id, its record's rating (``old``) and each level's tries."""

    id: str
    old: float
    tries: tuple[LevelTries, ...]

    def share(self, level: str) -> float | None:
        """The share (0-1) of ``level``'s tries it solved; None when it did not try."""
        t = next((t for t in self.tries if t.level == level), None)
        return None if t is None or not t.tried else t.solved / t.tried

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "old": self.old,
                "tries": {t.level: [t.solved, t.tried] for t in self.tries}}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> PuzzleTries:
        return cls(str(obj["id"]), float(obj["old"]),
                   tuple(LevelTries(k, int(v[0]), int(v[1])) for k, v in obj["tries"].items()))


def times(level: str, seeds: int) -> int:
    """Tries of ``level``: one for easy (it answers the same every time), else ``seeds``."""
    return 1 if BUDGETS[parse_level(level)].card_layouts == 0 else seeds


# --- the tries -----------------------------------------------------------------------------------


def try_play(record: Mapping[str, Any], levels: Sequence[str], seeds: int,
             solver: Any) -> PuzzleTries:
    """Each level plays the play puzzle ``record`` (`bot_tries.bot_solves`, seeds 1..n)."""
    from trainer.generate.bot_tries import bot_solves
    from trainer.generate.records import PlayPuzzle

    puzzle = PlayPuzzle.from_json(record)
    out = []
    for level in levels:
        n = times(level, seeds)
        out.append(LevelTries(level, sum(bot_solves(puzzle, level, s, solver)
                                         for s in range(1, n + 1)), n))
    return PuzzleTries(puzzle.id, float(record["rating"]), tuple(out))


def bid_call(record: Mapping[str, Any], level: Level, seed: int) -> str:
    """The call a bot of ``level`` makes at the bidding puzzle ``record`` (module docstring)."""
    from trainer.bidding import Auction
    from trainer.bots.calls import pick_call
    from trainer.generate.bid_puzzles import BidPuzzle
    from trainer.policy import choose_bid
    from trainer.simulate import analyse_bid
    from trainer.simulate.bids import call_code

    a = BidPuzzle.from_json(record).analysis
    auction = Auction(a.rules, a.dealer, list(a.auction))
    proposed = call_code(choose_bid(a.hand, auction))
    layouts = BUDGETS[level].call_layouts
    if layouts <= 0:
        return proposed
    fresh = analyse_bid(a.hand, a.seat, a.dealer, a.auction, a.rules, samples=layouts,
                        seed=f"rerate:{record['id']}:{seed}", workers=1)
    return pick_call(fresh.candidates, proposed, a.hand, a.seat, auction)


def try_bid(record: Mapping[str, Any], levels: Sequence[str], seeds: int,
            solver: Any = None) -> PuzzleTries:
    """Each level calls at the bidding puzzle ``record``; solved on best or good."""
    from trainer.generate.bid_puzzles import BidPuzzle, grade_bid

    puzzle = BidPuzzle.from_json(record)
    out = []
    for level in levels:
        n = times(level, seeds)
        solved = sum(grade_bid(puzzle, bid_call(record, parse_level(level), s)).band
                     in SOLVED_BANDS for s in range(1, n + 1))
        out.append(LevelTries(level, solved, n))
    return PuzzleTries(puzzle.id, float(record["rating"]), tuple(out))


def discard_of(record: Mapping[str, Any], level: Level, seed: int) -> tuple[Any, ...]:
    """The cards a bot of ``level`` discards at the discard puzzle ``record``."""
    from trainer.generate.discard_puzzles import DiscardPuzzle
    from trainer.policy import choose_discard
    from trainer.simulate.discards import analyse_discard

    puzzle = DiscardPuzzle.from_json(record)
    a, rules = puzzle.analysis, puzzle.rules
    layouts = BUDGETS[level].discard_layouts
    if layouts <= 0:
        return choose_discard(a.hand, a.contract, rules)
    fresh = analyse_discard(a.hand, a.contract, a.seat, a.dealer, a.auction, rules,
                            samples=layouts, seed=f"rerate:{record['id']}:{seed}", workers=1,
                            shortlist=6, shortlist_samples=max(4, layouts // 2), finalists=3)
    return fresh.best.discard


def try_discard(record: Mapping[str, Any], levels: Sequence[str], seeds: int,
                solver: Any = None) -> PuzzleTries:
    """Each level discards at the discard puzzle ``record``; solved on best or good."""
    from trainer.generate.discard_puzzles import DiscardPuzzle, grade_discard

    puzzle = DiscardPuzzle.from_json(record)
    out = []
    for level in levels:
        n = times(level, seeds)
        solved = sum(grade_discard(puzzle, discard_of(record, parse_level(level), s),
                                   workers=1).band in SOLVED_BANDS for s in range(1, n + 1))
        out.append(LevelTries(level, solved, n))
    return PuzzleTries(puzzle.id, float(record["rating"]), tuple(out))


TRIERS: dict[str, Callable[..., PuzzleTries]] = {"play": try_play, "bid": try_bid,
                                                 "discard": try_discard}

_solver = None


def _worker(job: tuple[str, dict[str, Any], tuple[str, ...], int]) -> dict[str, Any]:
    global _solver
    kind, record, levels, seeds = job
    if kind == "play" and _solver is None:
        from trainer.solver import Solver

        _solver = Solver()
    return TRIERS[kind](record, levels, seeds, _solver).to_json()


def try_records(kind: str, records: Sequence[dict[str, Any]], levels: Sequence[str] = LEVELS,
                seeds: int = SEEDS, jobs: int = 1,
                done: Callable[[PuzzleTries], None] | None = None) -> list[PuzzleTries]:
    """Every level's tries of each record (in order), over ``jobs`` processes (one solver
    each); ``done`` is called with each as it comes. Raises `TrainerError` for an unknown kind
    or level."""
    if kind not in TRIERS:
        raise TrainerError(f"kind: {kind!r} is not play, bid or discard")
    for level in levels:
        parse_level(level)
    work = [(kind, dict(r), tuple(levels), seeds) for r in records]
    out: list[PuzzleTries] = []
    if jobs <= 1:
        results: Iterable[dict[str, Any]] = map(_worker, work)
        pool = None
    else:
        pool = mp.get_context("fork").Pool(jobs)
        results = pool.imap(_worker, work, chunksize=1)
    try:
        for obj in results:
            tries = PuzzleTries.from_json(obj)
            out.append(tries)
            if done is not None:
                done(tries)
    finally:
        if pool is not None:
            pool.terminate()
    return out


# --- from tries to ratings -----------------------------------------------------------------------


def _odds(share: float) -> float:
    share = min(0.99, max(0.01, share))
    return share / (1 - share)


def level_ratings(results: Sequence[PuzzleTries]) -> dict[str, float]:
    """Each level's rating: easy `BEGINNER`; another from its pooled solve share over
    ``results`` against easy's (module docstring), at least the level's below it."""
    pooled: dict[str, list[int]] = {}
    for r in results:
        for t in r.tries:
            s, n = pooled.setdefault(t.level, [0, 0])
            pooled[t.level] = [s + t.solved, n + t.tried]
    ratings: dict[str, float] = {}
    base = pooled.get("easy")
    floor = BEGINNER
    for level in (lv.value for lv in Level):
        if level not in pooled:
            continue
        if level == "easy" or base is None or not base[1]:
            ratings[level] = BEGINNER if level == "easy" else floor
            continue
        s, n = pooled[level]
        gap = 400 * math.log10(_odds(s / n) / _odds(base[0] / base[1]))
        ratings[level] = max(floor, BEGINNER + max(0.0, gap))
        floor = ratings[level]
    return ratings


def estimate(tries: PuzzleTries, ratings: Mapping[str, float]) -> float:
    """The puzzle's rating after its tries (module docstring: one Glicko-2 rating period from
    `PRIOR`, each try a game against its level's rating), rounded and clamped."""
    opponents, outcomes = [], []
    for t in tries.tries:
        opponents += [ratings[t.level]] * t.tried
        outcomes += [0.0] * t.solved + [1.0] * (t.tried - t.solved)
    if not opponents:
        return tries.old
    player = glicko2.Player(rating=PRIOR[0], rd=PRIOR[1])
    player.update_player(opponents, [BOT_DEVIATION] * len(opponents), outcomes)
    return float(max(LOW, min(HIGH, round(player.rating))))


@dataclass(frozen=True)
class Figures:
    """What a re-rating measured: the levels' ratings and solve shares, the correlation of the
    old ratings with the new, the mean new rating of the puzzles the easy level solves and of
    the rest, and the puzzles whose rating moved most (id, old, new, easy share, normal
    share), most first."""

    puzzles: int
    level_ratings: dict[str, float]
    solve_shares: dict[str, float]
    correlation: float
    easy_solved_mean: float | None
    rest_mean: float | None
    moved_most: tuple[tuple[str, float, float, float | None, float | None], ...]

    def to_json(self) -> dict[str, Any]:
        return {"puzzles": self.puzzles, "level_ratings": self.level_ratings,
                "solve_shares": self.solve_shares, "correlation": round(self.correlation, 3),
                "easy_solved_mean": self.easy_solved_mean, "rest_mean": self.rest_mean,
                "moved_most": [list(m) for m in self.moved_most]}


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation of two equal-length series (0.0 when either is constant)."""
    mx, my = fmean(xs), fmean(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if not sx or not sy:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def figures(results: Sequence[PuzzleTries], new: Mapping[str, float],
            ratings: Mapping[str, float], top: int = 10) -> Figures:
    """The `Figures` of ``results`` re-rated to ``new`` (by id)."""
    shares = {}
    for level in ratings:
        got = [r.share(level) for r in results]
        vals = [s for s in got if s is not None]
        shares[level] = round(fmean(vals), 3) if vals else 0.0
    easy = [new[r.id] for r in results if r.share("easy") == 1.0]
    rest = [new[r.id] for r in results if r.share("easy") != 1.0]
    moved = sorted(results, key=lambda r: (-abs(new[r.id] - r.old), r.id))[:top]
    return Figures(
        len(results), dict(ratings), shares,
        pearson([r.old for r in results], [new[r.id] for r in results]) if results else 0.0,
        round(fmean(easy), 1) if easy else None, round(fmean(rest), 1) if rest else None,
        tuple((r.id, r.old, new[r.id], r.share("easy"), r.share("normal")) for r in moved))


def rerate(results: Sequence[PuzzleTries]) -> tuple[dict[str, float], dict[str, float]]:
    """``(new ratings by id, level ratings)`` of ``results``."""
    ratings = level_ratings(results)
    return {r.id: estimate(r, ratings) for r in results}, ratings


def rerate_bank(kind: str, path: str | Path, out: str | Path | None = None,
                levels: Sequence[str] = LEVELS, seeds: int = SEEDS, jobs: int = 1,
                limit: int | None = None, tries_out: str | Path | None = None,
                tries_in: str | Path | None = None) -> tuple[FieldReport, Figures]:
    """Re-rate the ``kind`` bank at ``path`` and write it to ``out`` (default: over ``path``):
    only the ratings change. ``limit``: try only that many records, a seeded random sample
    (the rest keep their ratings); ``tries_out``: also write each puzzle's tries (JSON Lines);
    ``tries_in``: take the tries from such a file instead of trying again."""
    records = list(read_jsonl(path))
    if tries_in is not None:
        results = [PuzzleTries.from_json(o) for o in read_jsonl(tries_in)]
    else:
        chosen = records
        if limit is not None and limit < len(records):
            chosen = random.Random(28).sample(records, limit)
        sink = open(tries_out, "w", encoding="utf-8") if tries_out else None  # noqa: SIM115
        try:
            def keep(t: PuzzleTries) -> None:
                if sink is not None:
                    import json

                    sink.write(json.dumps(t.to_json()) + "\n")
                    sink.flush()

            results = try_records(kind, chosen, levels, seeds, jobs, keep)
        finally:
            if sink is not None:
                sink.close()
    new, ratings = rerate(results)
    report = rewrite_field(path, "rating", lambda r: new.get(r["id"], r["rating"]), out=out)
    return report, figures(results, new, ratings)


__all__ = ["BEGINNER", "BOT_DEVIATION", "LEVELS", "PRIOR", "SEEDS", "Figures", "LevelTries",
           "PuzzleTries", "estimate", "figures", "level_ratings", "pearson", "rerate",
           "rerate_bank", "try_bid", "try_discard", "try_play", "try_records"]
