"""``python -m trainer solve [FILE] [--jsonl]`` (docs/DESIGN.md "The CLI").

One position (a file, or stdin) in; ``{"to_play": "N", "best": 6, "cards": {"AS": 6, ...}}``
out. Bad input: one line on stderr and exit status 2 (a `TrainerError`, which
``trainer.__main__.main`` reports).

``--jsonl``: one position a line in, one answer a line out, in order, flushed line by line.
Blank lines are skipped. A line that cannot be solved does not stop the batch: its output line
is ``{"error": "line 3: <reason>"}`` (numbered from 1 in the input), and once every line is
done the command exits with status 2 and a one-line summary on stderr naming the bad lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from trainer.cli_input import read_input
from trainer.errors import TrainerError
from trainer.notation import parse_position
from trainer.solver.api import default_solver


class BatchError(TrainerError):
    """Some lines of a ``solve --jsonl`` batch could not be solved (each is reported in place)."""


def register(subparsers: Any) -> None:
    """Add the ``solve`` command to the CLI's subparsers (called by ``trainer.__main__``)."""
    p = subparsers.add_parser(
        "solve", help="double-dummy value of a position and of each legal card"
    )
    p.add_argument("file", nargs="?", help="position JSON file (default: stdin; - for stdin)")
    p.add_argument("--jsonl", action="store_true",
                   help="one position a line in, one answer a line out")
    p.set_defaults(func=cmd_solve)


def solve_text(text: str) -> dict[str, Any]:
    """The ``solve`` answer for one position's JSON text; raises `TrainerError` if bad."""
    return default_solver().analyse(parse_position(text)).to_json()


def cmd_solve(args: argparse.Namespace) -> Any:
    if not args.jsonl:
        return solve_text(read_input(args.file))
    # Lines are read as bytes and decoded one by one: a line that is not UTF-8 is one bad line.
    if args.file is None or args.file == "-":
        bad = solve_lines(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    else:
        try:
            with open(args.file, "rb") as f:
                bad = solve_lines(f, sys.stdout)
        except OSError as exc:
            raise TrainerError(f"{args.file}: {exc.strerror}") from None
    if bad:
        shown = ", ".join(map(str, bad[:10])) + (" ..." if len(bad) > 10 else "")
        raise BatchError(f"{len(bad)} line(s) could not be solved: line {shown}")
    return None


def solve_lines(lines: Iterable[str | bytes], out: TextIO) -> list[int]:
    """Answer each line of ``lines`` on ``out``, one answer a line (a blank or bad line answers
    ``{"error": "line N: ..."}`` so answers stay paired with lines); returns the bad lines'
    numbers."""
    bad: list[int] = []
    for number, answer in _answers(lines):
        if "error" in answer:
            bad.append(number)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
    return bad


def _answers(lines: Iterable[str | bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, raw in enumerate(lines, start=1):
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError as exc:
            yield number, {"error": f"line {number}: not UTF-8 text (byte {exc.start + 1})"}
            continue
        if not line.strip():
            yield number, {"error": f"line {number}: empty line, expected a position"}
            continue
        try:
            yield number, solve_text(line)
        except TrainerError as exc:
            yield number, {"error": f"line {number}: {exc}"}

