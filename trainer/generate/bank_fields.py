"""Rewriting one field of a bank's records in place, every other field kept byte for byte: the
titles (`retitle_bank`, issue 28: a title never names an idea before the answer) and, for
`trainer.generate.rating_estimate`, the starting ratings.

A line is read as the record it was and written back with `json.dumps` (the key order kept,
as `trainer.generate.records.write_jsonl` writes it), so only the rewritten field's text
changes; the file is replaced whole (`records.write_lines`: the old bank or the new, never
half). Errors: `PuzzleError` naming the line that is not JSON, or a record a title cannot be
made for.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.generate.goals import PuzzleError
from trainer.generate.records import read_lines, write_lines


@dataclass(frozen=True)
class FieldReport:
    """How many records a rewrite read and how many of them it changed."""

    records: int
    changed: int


def rewritten_lines(lines: list[str], field: str,
                    value_of: Callable[[dict[str, Any]], Any]) -> tuple[list[str], int]:
    """``lines`` with each record's ``field`` set to ``value_of(record)`` (a line whose value
    is unchanged is kept as it was), and how many changed."""
    out, changed = [], 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            out.append(line)
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PuzzleError(f"line {number}: not valid JSON ({exc.msg})") from None
        value = value_of(record)
        if field in record and record[field] == value:
            out.append(line)
            continue
        changed += 1
        record[field] = value
        out.append(json.dumps(record, ensure_ascii=False) + "\n")
    return out, changed


def rewrite_field(path: str | Path, field: str, value_of: Callable[[dict[str, Any]], Any],
                  out: str | Path | None = None, check: bool = False) -> FieldReport:
    """Set ``field`` of every record of the bank at ``path`` (`rewritten_lines`) and write the
    bank to ``out`` (default: over ``path``); with ``check`` only count the changes."""
    lines = read_lines(path)
    new, changed = rewritten_lines(lines, field, value_of)
    if not check and (changed or out is not None):
        write_lines(out if out is not None else path, new)
    return FieldReport(sum(1 for line in lines if line.strip()), changed)


# --- titles --------------------------------------------------------------------------------------


def bid_title(record: dict[str, Any]) -> str:
    """A bidding record's title as the generator makes it (`bid_puzzles.puzzle_title`)."""
    from trainer.generate.bid_puzzles import puzzle_title
    from trainer.notation import parse_seat
    from trainer.rules import ruleset

    try:
        rules = ruleset(record.get("rules", "australian"))
        return puzzle_title(parse_seat(record["seat"], rules),
                            parse_seat(record["dealer"], rules, "dealer"),
                            tuple(record["auction"]), rules)
    except (KeyError, TypeError, ValueError) as exc:
        raise PuzzleError(f"{record.get('id', '?')}: no title ({exc})") from None


TITLES: dict[str, Callable[[dict[str, Any]], str]] = {"bid": bid_title}
"""The banks whose titles the generator's text replaces (discard and play titles name no idea:
`tests/test_titles_give_nothing_away.py`)."""


def retitle_bank(kind: str, path: str | Path, check: bool = False) -> FieldReport:
    """Give every record of the ``kind`` bank at ``path`` the generator's title. Raises
    `PuzzleError` for a kind without a title rule."""
    if kind not in TITLES:
        raise PuzzleError(f"kind: {kind} titles are the generator's already (bid only)")
    return rewrite_field(path, "title", TITLES[kind], check=check)


__all__ = ["TITLES", "FieldReport", "bid_title", "retitle_bank", "rewrite_field",
           "rewritten_lines"]
