"""At-the-table puzzle records (``kind`` "table", ``puzzles/table.jsonl.gz``), read and written.

A record has the common fields of docs/DESIGN.md ("Puzzle records": ``id``, ``kind``,
``themes``, ``rating``, ``rating_deviation``, ``generator``, ``write_up``) and:
- ``position``: a position (docs/DESIGN.md) at the puzzle's moment, the learner's seat to
  play; its other hands are the layout shown after the answer (one where the tempting card
  fails and the right card succeeds), hidden until then;
- ``goal`` as a play puzzle's, ``title``, ``learner``, ``contract_type``, ``side``;
- ``dealer`` and ``auction`` (the calls from the dealer's left, ``"P"`` or a bid code), and
  ``discard``: the declarer's own discard when the learner is the declarer, else ``[]``;
- ``layouts`` (how many layouts were graded), ``sample_seed`` (they are dealt again from it,
  `trainer.generate.table_puzzles.layouts_of`), ``cards``: every legal play with
  ``{"play", "made", "share", "right"}`` (``made``: the layouts on which the learner's side
  then reaches the goal, best first), ``outcomes``: for each play the outcome on every layout,
  a string of ``1`` and ``0``;
- ``right`` (the plays with the best outcome on every layout), ``tempting`` (the rules of
  thumb's card, or the next best choice when that card is right), ``easy_solves`` (the rules
  of thumb play a right card), ``margin`` and ``se`` (the best choice's chance less the next
  one's, and its standard error over the paired layouts), ``shown_layout`` (its index among
  the layouts, or -1 for the real one) and ``real_layout`` (true when the layout shown is the
  one the bots played, not one of the graded layouts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from trainer.cards import Card, Seat
from trainer.codes import parse_card, parse_play, parse_seat
from trainer.generate.goals import Goal
from trainer.generate.records import gc_paused, read_jsonl, read_record, record_header
from trainer.notation import Position, parse_position
from trainer.rules import Play

KIND = "table"
DEFAULT_BANK = "puzzles/table.jsonl.gz"


@dataclass(frozen=True)
class CardShare:
    """One legal play: on how many of the graded layouts it reaches the goal, and whether it
    is a right card."""

    play: Play
    made: int
    right: bool


@dataclass(frozen=True)
class TablePuzzle:
    """An at-the-table puzzle (the module docstring gives the fields)."""

    id: str
    position: Position
    goal: Goal
    themes: tuple[str, ...]
    rating: float
    rating_deviation: float
    generator: Mapping[str, Any]
    title: str
    contract_type: str
    side: str
    dealer: Seat
    auction: tuple[str, ...]
    discard: tuple[Card, ...]
    layouts: int
    sample_seed: int
    cards: tuple[CardShare, ...]
    outcomes: Mapping[Play, tuple[bool, ...]]
    right: tuple[Play, ...]
    tempting: Play
    easy_solves: bool
    margin: float
    se: float
    shown_layout: int
    real_layout: bool
    write_up: str = ""

    @property
    def learner(self) -> Seat:
        return self.position.to_play

    def share(self, play: Play) -> float:
        """The share of the layouts on which ``play`` reaches the goal (0-1)."""
        return sum(self.outcomes[play]) / self.layouts

    @property
    def best_share(self) -> float:
        return self.share(self.right[0])

    def with_write_up(self, text: str) -> TablePuzzle:
        return replace(self, write_up=text)

    def to_json(self) -> dict[str, Any]:
        return {
            **record_header(KIND, self.id, self.themes, round(self.rating, 1),
                            round(self.rating_deviation, 1), self.generator),
            "position": self.position.to_json(),
            "goal": self.goal.to_json(),
            "learner": self.learner.value,
            "contract_type": self.contract_type,
            "side": self.side,
            "title": self.title,
            "dealer": self.dealer.value,
            "auction": list(self.auction),
            "discard": [c.code for c in self.discard],
            "layouts": self.layouts,
            "sample_seed": self.sample_seed,
            "cards": [{"play": c.play.code, "made": c.made,
                       "share": round(c.made / self.layouts, 4), "right": c.right}
                      for c in self.cards],
            "outcomes": {p.code: "".join("1" if x else "0" for x in out)
                         for p, out in self.outcomes.items()},
            "right": [p.code for p in self.right],
            "tempting": self.tempting.code,
            "easy_solves": self.easy_solves,
            "margin": self.margin,
            "se": self.se,
            "shown_layout": self.shown_layout,
            "real_layout": self.real_layout,
            "write_up": self.write_up,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TablePuzzle:
        """Read a record; raises `PuzzleError` naming the bad field."""

        def build() -> TablePuzzle:
            layouts = int(obj["layouts"])
            position = parse_position(obj["position"])
            return cls(
                id=str(obj["id"]), position=position,
                goal=Goal.from_json(obj["goal"]), themes=tuple(obj["themes"]),
                rating=float(obj["rating"]), rating_deviation=float(obj["rating_deviation"]),
                generator=dict(obj["generator"]), title=str(obj["title"]),
                contract_type=str(obj["contract_type"]), side=str(obj["side"]),
                dealer=parse_seat(obj["dealer"], position.rules, "dealer"),
                auction=tuple(obj["auction"]),
                discard=tuple(parse_card(c) for c in obj["discard"]),
                layouts=layouts, sample_seed=int(obj["sample_seed"]),
                cards=tuple(CardShare(parse_play(c["play"]), int(c["made"]), bool(c["right"]))
                            for c in obj["cards"]),
                outcomes={parse_play(k): tuple(ch == "1" for ch in v)
                          for k, v in obj["outcomes"].items()},
                right=tuple(parse_play(c) for c in obj["right"]),
                tempting=parse_play(obj["tempting"]), easy_solves=bool(obj["easy_solves"]),
                margin=float(obj["margin"]), se=float(obj["se"]),
                shown_layout=int(obj["shown_layout"]), real_layout=bool(obj["real_layout"]),
                write_up=str(obj.get("write_up", "")),
            )

        return read_record(obj, KIND, build)


def load_table_puzzles(path: str | Path = DEFAULT_BANK) -> list[TablePuzzle]:
    """The at-the-table puzzles of a bank file; raises `PuzzleError` naming a bad record."""
    with gc_paused():
        return [TablePuzzle.from_json(obj) for obj in read_jsonl(path)]
