"""``python -m trainer generate KIND --count N --seed S [--out FILE] [--jobs J] [--cluster C]``, and
``python -m trainer write-ups play|bid|discard|table [--bank FILE] [--check]`` (fill a bank's
write-ups from its records, `trainer.generate.write_ups.fill`), and ``python -m trainer rerate
play|bid|discard [--bank FILE] [--out FILE]`` (the starting ratings from the bots' tries,
`trainer.generate.rating_estimate`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from trainer.errors import TrainerError

DEFAULT_OUT = {"play": "puzzles/play.jsonl.gz", "bid": "puzzles/bid.jsonl.gz",
               "discard": "puzzles/discard.jsonl.gz", "table": "puzzles/table.jsonl.gz"}


def cmd_generate(args: argparse.Namespace) -> Any:
    from trainer.generate.bank import write_bank

    if args.count < 1:
        raise TrainerError("--count: give at least 1")
    if args.theme is not None:
        from trainer.generate.play_puzzles import THEMED

        if args.kind != "play" or args.theme not in THEMED:
            raise TrainerError(f"--theme: play puzzles only, one of {', '.join(THEMED)}")
    rules = None
    if args.rules is not None:
        from trainer.notation import load_json
        from trainer.rules import ruleset

        if args.kind != "play":
            raise TrainerError("--rules: play puzzles only")
        text = args.rules
        rules = ruleset(load_json(text, "rules") if text.lstrip()[:1] == "{" else text)
    out = Path(args.out or DEFAULT_OUT[args.kind])
    report = write_bank(args.kind, args.count, args.seed, out, args.jobs,
                        progress=not args.quiet, theme=args.theme, append=args.append,
                        rules=rules, cluster=args.cluster)
    summary = {"kind": args.kind, "written": report.written, "seeds_tried": report.seeds_tried,
               "seconds": round(report.seconds, 1), "per_minute": round(report.per_minute, 1),
               "out": str(out)}
    print(json.dumps(summary), file=sys.stderr)
    return None


def register(sub: Any) -> None:
    p = sub.add_parser("generate", help="generate a puzzle bank (JSON Lines)")
    p.add_argument("kind", choices=sorted(DEFAULT_OUT), help="which puzzles")
    p.add_argument("--count", type=int, required=True, help="puzzles to write")
    p.add_argument("--seed", type=int, required=True, help="first seed; seeds go up from it")
    p.add_argument("--out", help="output file (default puzzles/KIND.jsonl.gz; a name ending in "
                   ".gz is compressed)")
    p.add_argument("--jobs", type=int, help="worker processes (default: up to 2 cores; with "
                   "--cluster local, the local cluster's workers)")
    p.add_argument("--cluster", metavar="local|ADDRESS",
                   help="run the seeds as tasks on Dask: 'local' starts a cluster here, an "
                   "address (tcp://host:8786) uses a running scheduler; the bank is the same")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--theme", help="play puzzles of one theme only (joker_nomination); the "
                   "moments are rare, so give such puzzles seeds of their own")
    p.add_argument("--rules", help="play puzzles under these rules (a preset name or a JSON "
                   "object, such as '{\"players\": 2}' for the 2-player game); recorded in "
                   "each puzzle's generator")
    p.add_argument("--append", action="store_true",
                   help="add to the bank's records (same id: replaced) instead of replacing it")
    p.set_defaults(func=cmd_generate)
    register_write_ups(sub)
    register_rerate(sub)


def cmd_write_ups(args: argparse.Namespace) -> Any:
    from trainer.generate.write_ups.fill import DEFAULT_BANK, fill_bank

    path = args.bank or DEFAULT_BANK[args.kind]
    report = fill_bank(args.kind, path, check=args.check)
    print(json.dumps({"kind": args.kind, "bank": str(path), "records": report.records,
                      "changed": report.changed, "check": args.check}))
    if args.check and report.changed:
        raise TrainerError(f"{path}: {report.changed} write-ups differ from the generator's")
    return None


def register_write_ups(sub: Any) -> None:
    p = sub.add_parser("write-ups", help="fill a bank's write-ups from its records (no "
                       "simulation; play puzzles use the solver)")
    p.add_argument("kind", choices=["play", "bid", "discard", "table"], help="which bank")
    p.add_argument("--bank", help="the bank file (default puzzles/KIND.jsonl.gz)")
    p.add_argument("--check", action="store_true",
                   help="change nothing; fail if any write-up differs")
    p.set_defaults(func=cmd_write_ups)


def cmd_rerate(args: argparse.Namespace) -> Any:
    from trainer.generate.rating_estimate import rerate_bank
    from trainer.generate.write_ups.fill import DEFAULT_BANK

    path = args.bank or DEFAULT_BANK[args.kind]
    if args.seeds < 1 or args.jobs < 1 or (args.limit is not None and args.limit < 1):
        raise TrainerError("--seeds, --jobs, --limit: give at least 1")
    levels = tuple(v.strip() for v in args.levels.split(",") if v.strip())
    report, figures = rerate_bank(args.kind, path, args.out, levels, args.seeds, args.jobs,
                                  args.limit, args.tries_out, args.tries)
    print(json.dumps({"kind": args.kind, "bank": str(path), "out": str(args.out or path),
                      "records": report.records, "changed": report.changed,
                      **figures.to_json()}, ensure_ascii=False))
    return None


def register_rerate(sub: Any) -> None:
    p = sub.add_parser("rerate", help="set a bank's starting ratings from how often the bots' "
                       "levels solve each puzzle (only the ratings change)")
    p.add_argument("kind", choices=["play", "bid", "discard"], help="which bank")
    p.add_argument("--bank", help="the bank file (default puzzles/KIND.jsonl.gz)")
    p.add_argument("--out", help="write the re-rated bank here (default: over --bank)")
    p.add_argument("--levels", default="easy,normal",
                   help="the bots' levels that try each puzzle (default easy,normal)")
    p.add_argument("--seeds", type=int, default=3,
                   help="tries of each level that samples layouts (default 3)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--limit", type=int, help="try only this many puzzles, a seeded sample; "
                   "the rest keep their ratings")
    p.add_argument("--tries-out", dest="tries_out",
                   help="also write each puzzle's tries here (JSON Lines)")
    p.add_argument("--tries", help="re-rate from a --tries-out file instead of trying again")
    p.set_defaults(func=cmd_rerate)
