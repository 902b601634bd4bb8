"""Play-puzzle records: the JSON Lines shape of docs/DESIGN.md ("Puzzle records"), read and written.

A record: ``id``, ``kind`` ("play"), ``themes``, ``rating``, ``rating_deviation``,
``generator`` ({"name", "version", "seed"}: the puzzle is regenerated from it), ``position``
(the learner's seat is the one to play), ``goal``, ``solution`` (the learner's decisions along
the main line, each ``{"position", "right", "line"}``; ``line`` starts with the learner's
main-line card and runs to the next decision), plus ``learner``, ``contract_type``, ``side``,
``title`` and ``write_up`` (the plan in words, shown when the puzzle is over) for the app.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.generate.goals import Goal, PuzzleError
from trainer.notation import Position, parse_play, parse_position
from trainer.rules import Play

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
class PlayPuzzle:
    """A verified play puzzle (see the module docstring for the fields)."""

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

    @property
    def learner(self) -> Seat:
        return self.position.to_play

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
            )

        return read_record(obj, "play", build)


def write_jsonl(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Write records one a line (UTF-8); returns how many. The file is written beside
    ``path`` and then moved over it, so a crash leaves the old file or the new, never half."""
    n = 0
    tmp = Path(f"{path}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            n += 1
    os.replace(tmp, path)
    return n


def read_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """Records of a JSON Lines file; raises `PuzzleError` naming the bad line."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise PuzzleError(f"{path}:{number}: not valid JSON ({exc.msg})") from None


def load_play_puzzles(path: str | Path) -> list[PlayPuzzle]:
    return [PlayPuzzle.from_json(obj) for obj in read_jsonl(path)]
