"""How often each bot level solves the play bank's puzzles: ``python bench/bot_tries.py
[--bank FILE] [--sample N] [--levels easy,normal] [--seed S]``.

Each puzzle is tried once per level by `trainer.generate.bot_tries.bot_solves` (the bot in the
learner's seat, seeing only that seat's view, right at every decision). Prints, per level, the
share solved over the bank (or a random sample of ``N`` puzzles, drawn with ``--seed``) and by
kind: contract (suit, no trumps, misère with open misère) by side (declarer, defence), the
2- and 3-player puzzles apart, and the beginners' puzzles (`PlayPuzzle.beginner`) apart; then
the CPU seconds a try took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.generate.bot_tries import bot_solves  # noqa: E402
from trainer.generate.records import PlayPuzzle, load_play_puzzles  # noqa: E402


def kind_of(puzzle: PlayPuzzle) -> str:
    """``suit declarer``, ``no_trumps defence``, ``misere declarer``...; ``2p`` (``3p``) after
    it for the 2- (3-) player table."""
    contract = "misere" if puzzle.contract_type.endswith("misere") else puzzle.contract_type
    rules = puzzle.generator.get("rules")
    table = f" {rules['players']}p" if isinstance(rules, dict) and "players" in rules else ""
    return f"{contract} {puzzle.side}{table}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bank", default=str(ROOT / "puzzles" / "play.jsonl.gz"))
    parser.add_argument("--sample", type=int, help="try a random sample of N puzzles")
    parser.add_argument("--levels", default="easy,normal")
    parser.add_argument("--seed", type=int, default=0, help="the sample's and the bots' seed")
    args = parser.parse_args(argv)
    from trainer.solver import Solver

    solver = Solver()
    puzzles = load_play_puzzles(args.bank, lazy=True)
    if args.sample and args.sample < len(puzzles):
        puzzles = random.Random(args.seed).sample(puzzles, args.sample)
    print(f"{args.bank}: {len(puzzles)} puzzles tried")
    for level in args.levels.split(","):
        start = time.process_time()
        solved: dict[str, list[bool]] = defaultdict(list)
        for p in puzzles:
            ok = bot_solves(p, level, args.seed, solver)
            solved["all"].append(ok)
            solved[kind_of(p)].append(ok)
            solved["declarer" if p.side == "declarer" else "defence"].append(ok)
            if getattr(p, "beginner", False):
                solved["beginners'"].append(ok)
        cpu = time.process_time() - start
        print(f"{level}: solves {100 * sum(solved['all']) / len(puzzles):.1f}% "
              f"({cpu / len(puzzles):.3f} CPU s a try)")
        for key in sorted(k for k in solved if k != "all"):
            got = solved[key]
            print(f"  {key}: {100 * sum(got) / len(got):.1f}% of {len(got)}")


if __name__ == "__main__":
    main()
