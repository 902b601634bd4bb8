"""Making puzzles on demand, the worker's side: which seeds to try for what a learner's filters
ask for (`Wanted`), and the search itself (`search`), which runs in a background process.

The puzzles come from the banks' own functions, so they are verified exactly as the banks'
are: `trainer.generate.play_puzzles.generate_play_puzzle` (2-player rules go to
`trainer.generate.two_player_puzzles`), `trainer.generate.bid_puzzles.generate_bid_puzzle`
and `trainer.generate.discard_puzzles.generate_discard_puzzle`, each with the learner's rules.
A seed gives the same record here as anywhere, so a record is checked again from its
``generator`` seed (and, for a play puzzle, the rules in its position).

Seeds:
- From `SEED_BASE` (100,000,000) on, where the banks never go (their seeds are below
  10,000,000), so a made puzzle's id (``p``, ``b`` or ``d`` and the seed) is never a bank
  puzzle's. Each job starts at a random block of `BLOCK` seeds (`first_seed`) and stays in
  it, so two jobs, which may make different puzzles of one seed (other rules, another theme),
  almost never share an id; the store keeps the first of a clash (its ``ON CONFLICT
  DO NOTHING``) and the job goes on.
- A generator picks its kind of puzzle from the seed (``kinds[seed % len(kinds)]``, the kinds
  of `generator_kinds`), so only seeds of a kind that can give what is asked are tried
  (`seeds`): the contract types and sides chosen, a theme's kinds (`play_puzzles.THEMED`),
  no misère when the rules (or the 2-player game) have none.
- A theme a generator can look for (`trainer.generate.play_puzzles.THEMED`:
  ``joker_nomination``, ``unblock``) is asked of the 4-player play generator; other themes, the
  rating range and the rest are checked on each record (`fits`), the others thrown away.

The play generators, and with them the solver, are imported only when a play puzzle is asked
about: a page can read what is wanted without loading the solver.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from trainer.generate import bid_puzzles
from trainer.rules import RuleSet, preset_name, ruleset

SEED_BASE = 100_000_000
"""The first seed made on demand (the banks' seeds are below 10,000,000)."""
BLOCK = 100_000
"""Seeds a job may use from its start (`first_seed`): more than it reaches (at most 2,000 tried,
one kind in six: 12,000)."""
BLOCKS = 19_000
"""How many blocks there are to start from (seeds up to about 2,000,000,000)."""
BID_KIND_THEMES = frozenset({"opening", "partner", "competition"})
"""Bidding themes only a puzzle of that kind has (`bid_puzzles.detect_themes`: the kind is its
first theme; ``misere`` is also the theme of a best call, so it says nothing of the kind)."""
CONTRACT_TYPES_OF = {"suit": ("suit",), "nt": ("no_trumps",), "misere": ("misere", "open_misere")}
"""A play puzzle kind's first word, and the contract types it can give."""


@dataclass(frozen=True)
class Wanted:
    """What the learner's filters ask for: ``kind`` (the bank's: ``"play"``, ``"bid"`` or
    ``"discard"``), the rules in use, every theme in ``themes``, one of ``contract_types`` and
    of ``sides`` (play puzzles only; empty: any) and a record rating in ``rating`` (None: any).
    """

    kind: str
    rules: RuleSet = field(default_factory=ruleset)
    themes: frozenset[str] = frozenset()
    contract_types: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    rating: tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        """The plain form: ``{"kind", "rules" (`preset_name`), "themes", "contract_types",
        "sides" (sorted lists), "rating" ([low, high] or None)}``."""
        return {"kind": self.kind, "rules": preset_name(self.rules),
                "themes": sorted(self.themes), "contract_types": sorted(self.contract_types),
                "sides": sorted(self.sides),
                "rating": None if self.rating is None else [*self.rating]}

    @property
    def key(self) -> str:
        """The filter as one string (compact JSON, keys sorted): one job at a time per key."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))


# --- which seeds -------------------------------------------------------------------------------


def _themed() -> dict[str, tuple[str, ...]]:
    from trainer.generate.play_puzzles import THEMED

    return THEMED


def theme_asked(wanted: Wanted) -> str | None:
    """The theme the 4-player play generator is asked for: the first wanted one it can look
    for (`trainer.generate.play_puzzles.THEMED`); None for the 2-player game, whose generator
    looks for none, and for bids and discards."""
    if wanted.kind != "play" or wanted.rules.players == 2:
        return None
    return next((t for t in sorted(wanted.themes) if t in _themed()), None)


def generator_kinds(wanted: Wanted) -> tuple[str, ...]:
    """The kinds the generator picks from by seed (``kinds[seed % len(kinds)]``); () for the
    discard generator, which has one kind."""
    if wanted.kind == "bid":
        return bid_puzzles.KINDS
    if wanted.kind != "play":
        return ()
    if wanted.rules.players == 2:
        from trainer.generate.two_player_puzzles import KINDS as TABLE_KINDS

        return TABLE_KINDS
    from trainer.generate.play_puzzles import KINDS

    theme = theme_asked(wanted)
    return _themed()[theme] if theme is not None else KINDS


def kind_fits(wanted: Wanted, kind: str) -> bool:
    """Can a puzzle of generator kind ``kind`` (``"nt_defence"``, ``"opening"``) be what is
    wanted? Its contract types and side (play), the themes only some kinds have
    (`trainer.generate.play_puzzles.THEMED`, `BID_KIND_THEMES`), and misère only where the
    rules allow it."""
    if wanted.kind == "bid":
        only = wanted.themes & BID_KIND_THEMES
        return (not only or only == {kind}) and (
            kind != "misere" or wanted.rules.misere_allowed)
    strain, _, side = kind.partition("_")
    types = set(CONTRACT_TYPES_OF[strain])
    if not wanted.rules.misere_allowed:
        types -= {"misere", "open_misere"}
    if not wanted.rules.open_misere_allowed:
        types.discard("open_misere")
    if not types or (wanted.contract_types and not types & wanted.contract_types):
        return False
    if wanted.sides and side not in wanted.sides:
        return False
    themed = _themed()
    return all(kind in themed[t] for t in wanted.themes if t in themed)


def seeds(wanted: Wanted, start: int) -> Iterator[int]:
    """The seeds from ``start`` on whose kind can give what is wanted (`kind_fits`); none at
    all when no kind can."""
    kinds = generator_kinds(wanted)
    if not kinds:
        yield from itertools.count(start)
        return
    good = [i for i, kind in enumerate(kinds) if kind_fits(wanted, kind)]
    if not good:
        return
    for seed in itertools.count(start):
        if seed % len(kinds) in good:
            yield seed


def cannot_make(wanted: Wanted) -> str | None:
    """Why no puzzle of the puzzle maker can be what is wanted, in words; None when one can."""
    if wanted.kind == "play" and wanted.rules.players == 2 and (
            wanted.contract_types and wanted.contract_types <= {"misere", "open_misere"}):
        return "there is no misère in the 2-player game"
    if wanted.kind == "play" and wanted.contract_types and (
            wanted.contract_types <= {"misere", "open_misere"}) and not (
            wanted.rules.misere_allowed):
        return "your rules have no misère"
    if next(seeds(wanted, SEED_BASE), None) is None:
        return "no deal the puzzle maker plays gives all of these choices together"
    return None


def first_seed(rng: random.Random | None = None) -> int:
    """A job's first seed: the start of a random block of `BLOCK` seeds from `SEED_BASE`."""
    return SEED_BASE + (rng or random.Random()).randrange(BLOCKS) * BLOCK


# --- the search --------------------------------------------------------------------------------


def fits(wanted: Wanted, record: dict[str, Any]) -> bool:
    """Is ``record`` (a puzzle's JSON) what is wanted: every wanted theme, a wanted contract
    type and side (play), its rating in range, and a misère only where the rules allow it?"""
    themes = set(record.get("themes", ()))
    if not wanted.themes <= themes:
        return False
    if wanted.kind == "play":
        kind = record.get("contract_type")
        if wanted.contract_types and kind not in wanted.contract_types:
            return False
        if wanted.sides and record.get("side") not in wanted.sides:
            return False
        if kind in ("misere", "open_misere") and not wanted.rules.misere_allowed:
            return False
        if kind == "open_misere" and not wanted.rules.open_misere_allowed:
            return False
    if wanted.rating is not None:
        low, high = wanted.rating
        if not low <= float(record.get("rating", 0.0)) <= high:
            return False
    return True


_solver = None


def make(wanted: Wanted, seed: int) -> dict[str, Any] | None:
    """The record the bank's generator makes of ``seed`` for what is wanted (its kind, the
    rules, the theme asked for, `theme_asked`), or None when the seed gives no puzzle. Play
    puzzles share one solver per process."""
    global _solver
    if wanted.kind == "play":
        from trainer.generate.play_puzzles import generate_play_puzzle
        from trainer.solver import Solver

        if _solver is None:
            _solver = Solver()
        puzzle = generate_play_puzzle(seed, _solver, rules=wanted.rules,
                                      theme=theme_asked(wanted))
        return None if puzzle is None else puzzle.to_json()
    if wanted.kind == "bid":
        bid = bid_puzzles.generate_bid_puzzle(seed, rules=wanted.rules)
        return None if bid is None else bid.to_json()
    if wanted.kind == "discard":
        from trainer.generate.discard_puzzles import generate_discard_puzzle

        discard = generate_discard_puzzle(seed, rules=wanted.rules)
        return None if discard is None else discard.to_json()
    raise ValueError(f"kind: {wanted.kind!r} is not a puzzle bank (play, bid or discard)")


@dataclass(frozen=True)
class Found:
    """What one `search` did: the record found (None: none in its seeds or its time), the seed
    to go on from, how many seeds it tried and how long it took (seconds)."""

    record: dict[str, Any] | None
    next_seed: int
    tried: int
    seconds: float


def search(wanted: Wanted, start: int, most_seeds: int, most_seconds: float) -> Found:
    """Try the seeds from ``start`` (`seeds`) until one gives a record that `fits`, or
    ``most_seeds`` are tried, or ``most_seconds`` have passed (checked between seeds: one seed
    may take longer, a themed one some seconds; one seed is always tried, however long the
    worker took to start). Runs in a worker process."""
    began = time.perf_counter()
    tried = 0
    next_seed = start
    for seed in seeds(wanted, start):
        if tried >= most_seeds or (tried and time.perf_counter() - began >= most_seconds):
            break  # (a new worker's first seed waits for the solver to load: no time limit)
        tried += 1
        next_seed = seed + 1
        record = make(wanted, seed)
        if record is not None and fits(wanted, record):
            return Found(record, next_seed, tried, time.perf_counter() - began)
    return Found(None, next_seed, tried, time.perf_counter() - began)


def lower_priority() -> None:
    """A worker process's start: run at a lower priority, so the pages being served get the
    cores first (where the system allows it)."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(10)
