"""Play-puzzle records: the JSON Lines shape of docs/DESIGN.md ("Puzzle records"), read and written.

A record: ``id``, ``kind`` ("play"), ``themes``, ``rating``, ``rating_deviation``,
``generator`` ({"name", "version", "seed"}: the puzzle is regenerated from it), ``position``
(the learner's seat is the one to play), ``goal``, ``solution`` (the learner's decisions along
the main line, each ``{"position", "right", "line"}``; ``line`` starts with the learner's
main-line card and runs to the next decision), plus ``learner``, ``contract_type``, ``side``,
``title`` and ``write_up`` (the plan in words, shown when the puzzle is over) for the app, and
``beginner`` (written only when true: a puzzle the rules of thumb solve, kept for beginners,
`trainer.generate.real_decisions`; a record without it is not one).
"""

from __future__ import annotations

import gc
import gzip
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.generate.goals import Goal, PuzzleError
from trainer.notation import Position, parse_play, parse_position
from trainer.rules import Play, RuleSet, ruleset

T = TypeVar("T")


def record_header(kind: str, id: str, themes: Sequence[str], rating: float,
                  rating_deviation: float, generator: Mapping[str, Any]) -> dict[str, Any]:
    """The fields every puzzle record starts with (docs/DESIGN.md "Puzzle records")."""
    return {"id": id, "kind": kind, "themes": list(themes), "rating": rating,
            "rating_deviation": rating_deviation, "generator": dict(generator)}


@dataclass(frozen=True)
class RecordHeader:
    """The fields every puzzle record starts with (`record_header`), as the first fields of the
    bid and discard puzzles (`trainer.generate.bid_puzzles.BidPuzzle`,
    `trainer.generate.discard_puzzles.DiscardPuzzle`)."""

    id: str
    themes: tuple[str, ...]
    rating: float
    rating_deviation: float
    generator: Mapping[str, Any]

    def header(self, kind: str) -> dict[str, Any]:
        """The record's first fields, for a record of ``kind``."""
        return record_header(kind, self.id, self.themes, self.rating, self.rating_deviation,
                             self.generator)

    @staticmethod
    def read_header(obj: Mapping[str, Any]) -> tuple[str, tuple[str, ...], float, float,
                                                     dict[str, Any]]:
        """The header fields of a record, in order (for the record class's constructor)."""
        return (str(obj["id"]), tuple(obj["themes"]), float(obj["rating"]),
                float(obj["rating_deviation"]), dict(obj["generator"]))


def read_record(obj: Mapping[str, Any], kind: str, build: Callable[[], T]) -> T:
    """``build()`` a puzzle from a record of ``kind``; a wrong kind, a missing field or a bad
    value raises `PuzzleError` naming it."""
    try:
        if obj.get("kind") != kind:
            raise PuzzleError(f"kind: expected {kind!r}, got {obj.get('kind')!r}")
        return build()
    except KeyError as exc:
        raise PuzzleError(f"{exc.args[0]}: missing from the puzzle record") from None
    except PuzzleError:
        raise
    except TrainerError as exc:
        raise PuzzleError(f"puzzle {obj.get('id', '?')}: {exc}") from None


class LazyRecord:
    """A puzzle record class whose heavy fields (``_LAZY``: positions, analyses) may be read on
    first use: `read_lazily` keeps the record's JSON and sets the light fields only, so a bank
    of thousands opens in a fraction of a second (parsing and checking every position of 3,000
    play puzzles takes seconds). The first use of a heavy field reads the whole record with the
    class's ``from_json``, which raises `PuzzleError` naming a bad field then."""

    _LAZY: ClassVar[frozenset[str]] = frozenset()

    def __getattr__(self, name: str) -> Any:
        # Called only when normal lookup fails: a heavy field of a record read lazily.
        raw = self.__dict__.get("_raw")
        if raw is None or name not in self._LAZY:
            raise AttributeError(f"{type(self).__name__!s} has no attribute {name!r}")
        full = type(self).from_json(raw)  # type: ignore[attr-defined]
        for field in self._LAZY:
            object.__setattr__(self, field, getattr(full, field))
        return self.__dict__[name]

    def loaded(self) -> None:
        """Read the heavy fields now, if not yet read; raises `PuzzleError` naming a bad one."""
        for field in self._LAZY:
            getattr(self, field)


def read_lazily(cls: type[T], obj: Mapping[str, Any], kind: str,
                light: Callable[[], Mapping[str, Any]]) -> T:
    """A ``cls`` (a `LazyRecord`) with only the ``light()`` fields set and ``obj`` kept for the
    rest; a wrong kind or a missing light field raises `PuzzleError` as `read_record` does."""

    def build() -> T:
        record = object.__new__(cls)
        for name, value in light().items():
            object.__setattr__(record, name, value)
        object.__setattr__(record, "_raw", obj)
        return record

    return read_record(obj, kind, build)


@dataclass(frozen=True)
class PlayNeeds:
    """What a play puzzle's position asks of the rules, read without parsing it
    (`trainer.ui.data.puzzle_bank.play_options`): the rules it was made under, whether the
    joker's suit was nominated, whether the contract is a misère, and whether a free joker
    (no trumps or misère, RULES.md §5) is still held in a hand or on a table."""

    rules: RuleSet
    nominated: bool
    misere: bool
    free_joker: bool

    @classmethod
    def of_json(cls, position: Mapping[str, Any]) -> PlayNeeds:
        """From a position's JSON (docs/DESIGN.md "Position JSON"); raises `KeyError` for a
        missing field."""
        contract = str(position["contract"])
        misere = contract in ("MIS", "OMIS")
        held = [c for hand in position["hands"].values() for c in hand]
        held += [c for piles in (position.get("tables") or {}).values()
                 for pile in piles for c in pile]
        free = (misere or contract.endswith("NT")) and "JK" in held
        return cls(ruleset(position.get("rules", "australian")),
                   position.get("joker_suit") is not None, misere, free)


@dataclass(frozen=True)
class Decision:
    """One learner decision of the main line: where, which plays are right, what follows."""

    position: Position
    right: tuple[Play, ...]
    line: tuple[Play, ...]

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position.to_json(), "right": [p.code for p in self.right],
                "line": [p.code for p in self.line]}


@dataclass(frozen=True)
class PlayPuzzle(LazyRecord):
    """A verified play puzzle (see the module docstring for the fields); `lazy` reads one
    whose position, goal and solution are parsed on first use (`LazyRecord`)."""

    _LAZY: ClassVar[frozenset[str]] = frozenset({"position", "goal", "solution"})

    id: str
    position: Position
    goal: Goal
    solution: tuple[Decision, ...]
    themes: tuple[str, ...]
    rating: float
    rating_deviation: float
    generator: dict[str, Any]
    title: str
    contract_type: str
    side: str
    write_up: str = ""
    """The plan in a player's words, shown when the puzzle is over (`trainer.generate.write_ups`);
    empty in a record written before write-ups existed."""
    beginner: bool = False
    """A beginners' puzzle: the easy level (the rules of thumb) solves it
    (`trainer.generate.real_decisions`); False in a record without the field."""

    @property
    def learner(self) -> Seat:
        return self.position.to_play

    @property
    def needs(self) -> PlayNeeds:
        """What the position asks of the rules (`PlayNeeds`), without parsing a lazy one."""
        known = self.__dict__.get("_needs")
        return known if known is not None else PlayNeeds.of_json(self.position.to_json())

    @classmethod
    def lazy(cls, obj: dict[str, Any]) -> PlayPuzzle:
        """Read a record lazily (`LazyRecord`): the light fields now, the rest on first use.
        Raises `PuzzleError` for a wrong kind or a missing light field."""
        return read_lazily(cls, obj, "play", lambda: {
            "id": str(obj["id"]), "themes": tuple(obj["themes"]),
            "rating": float(obj["rating"]), "rating_deviation": float(obj["rating_deviation"]),
            "generator": dict(obj["generator"]), "title": str(obj["title"]),
            "contract_type": str(obj["contract_type"]), "side": str(obj["side"]),
            "write_up": str(obj.get("write_up", "")),
            "beginner": bool(obj.get("beginner", False)), "_needs": PlayNeeds.of_json(
                obj["position"])})

    def main_line_from(self, decision: int) -> tuple[Play, ...]:
        """The recorded main line from decision ``decision`` (0 = the puzzle's position) to
        where the goal is settled: that decision's card first."""
        return tuple(p for d in self.solution[decision:] for p in d.line)

    def to_json(self) -> dict[str, Any]:
        return {
            **record_header("play", self.id, self.themes, round(self.rating, 1),
                            round(self.rating_deviation, 1), self.generator),
            "position": self.position.to_json(),
            "goal": self.goal.to_json(),
            "solution": [d.to_json() for d in self.solution],
            "learner": self.learner.value,
            "contract_type": self.contract_type,
            "side": self.side,
            "title": self.title,
            "write_up": self.write_up,
            **({"beginner": True} if self.beginner else {}),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> PlayPuzzle:
        """Read a record; raises `PuzzleError` naming the bad field."""

        def build() -> PlayPuzzle:
            solution = tuple(
                Decision(parse_position(d["position"]),
                         tuple(parse_play(c) for c in d["right"]),
                         tuple(parse_play(c) for c in d["line"]))
                for d in obj["solution"]
            )
            return cls(
                id=str(obj["id"]),
                position=parse_position(obj["position"]),
                goal=Goal.from_json(obj["goal"]),
                solution=solution,
                themes=tuple(obj["themes"]),
                rating=float(obj["rating"]),
                rating_deviation=float(obj["rating_deviation"]),
                generator=dict(obj["generator"]),
                title=str(obj["title"]),
                contract_type=str(obj["contract_type"]),
                side=str(obj["side"]),
                write_up=str(obj.get("write_up", "")),
                beginner=bool(obj.get("beginner", False)),
            )

        return read_record(obj, "play", build)


def write_lines(path: str | Path, lines: Sequence[str]) -> None:
    """Write text lines (each ending in a newline) as UTF-8, gzip-compressed when ``path`` ends
    in ``.gz`` with no name or time in the header, so the same lines always give the same
    bytes. The file is written beside ``path`` and then moved over it, so a crash leaves the
    old file or the new, never half."""
    data = "".join(lines).encode("utf-8")
    tmp = Path(f"{path}.tmp")
    with open(tmp, "wb") as f:
        if str(path).endswith(".gz"):
            with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as zipped:
                zipped.write(data)
        else:
            f.write(data)
    os.replace(tmp, path)


def read_lines(path: str | Path) -> list[str]:
    """The text lines of a file (newlines kept), gunzipped when its name ends in ``.gz``."""
    zipped = str(path).endswith(".gz")
    with gzip.open(path, "rt", encoding="utf-8") if zipped else open(path, encoding="utf-8") as f:
        return f.readlines()


def write_jsonl(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Write records one a line (`write_lines`: gzip-compressed for a ``.gz`` name, the same
    bytes for the same records, never half a file); returns how many."""
    lines = [json.dumps(rec, ensure_ascii=False) + "\n" for rec in records]
    write_lines(path, lines)
    return len(lines)


def read_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """Records of a JSON Lines file (gzip-compressed when its name ends in ``.gz``); raises
    `PuzzleError` naming the bad line."""
    for number, line in enumerate(read_lines(path), 1):
        if not line.strip():
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError as exc:
            raise PuzzleError(f"{path}:{number}: not valid JSON ({exc.msg})") from None


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a bank is read: every object made is kept,
    and the collector's passes over tens of thousands of new dicts took most of the time
    (0.6 s of the 0.8 s it took to read the 1,000 bidding puzzles; ``bench/page_open.py``)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def load_play_puzzles(path: str | Path, lazy: bool = False) -> list[PlayPuzzle]:
    """The play puzzles of a bank file; ``lazy``: each read with `PlayPuzzle.lazy`."""
    read = PlayPuzzle.lazy if lazy else PlayPuzzle.from_json
    with gc_paused():
        return [read(obj) for obj in read_jsonl(path)]
