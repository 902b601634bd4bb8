"""How often each technique of `trainer.generate.techniques` is recognised over the play bank
(prints figures; not a test).

For every Nth play puzzle its main line is rebuilt as the generator builds it
(`trainer.generate.lines.main_line` from the puzzle's position, learner and goal), the
recognisers run with the solver playing the right lines out (`recognise(line, solver)`), and
per contract kind (the generator's ``kind``: suit/nt/misère, declarer/defence; 2-player
puzzles as ``two_player``) it prints: how often each technique is the main one
(`main_technique`), how often it fires at all, and the share of puzzles with none. Every fact
of every technique found is replayed (`fact_holds`) and the false ones counted (expected 0).

Run: ``python bench/techniques.py [--every 10] [--bank puzzles/play.jsonl.gz]``.
"""

from __future__ import annotations

import argparse
import collections
import time
from pathlib import Path

from trainer.generate.lines import main_line
from trainer.generate.records import load_play_puzzles
from trainer.generate.techniques import PRECEDENCE, fact_holds, recognise
from trainer.solver import Solver

BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"


def kind_of(puzzle) -> str:
    if puzzle.position.to_state().rules.players == 2:
        return "two_player"
    return str(puzzle.generator.get("kind", "?"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--bank", default=str(BANK))
    args = parser.parse_args()
    solver = Solver()
    bank = load_play_puzzles(args.bank)[::args.every]
    main_counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    fire_counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    totals: collections.Counter = collections.Counter()
    false_facts = facts = errors = 0
    started = time.perf_counter()
    for puzzle in bank:
        kind = kind_of(puzzle)
        totals[kind] += 1
        try:
            line = main_line(puzzle.position.to_state(), puzzle.learner, puzzle.goal, solver)
            found = recognise(line, solver)
        except Exception as error:  # counted and reported, the run goes on
            errors += 1
            print(f"{puzzle.id}: {type(error).__name__}: {error}")
            continue
        main_counts[kind][found[0].key.value if found else "(none)"] += 1
        for t in found:
            fire_counts[kind][t.key.value] += 1
            for fact in t.facts:
                facts += 1
                false_facts += not fact_holds(line, fact, solver)
    seconds = time.perf_counter() - started
    kinds = sorted(totals)
    width = max(len(k.value) for k in PRECEDENCE) + 2
    print(f"{len(bank)} puzzles (every {args.every}th), {seconds:.0f} s; facts replayed "
          f"{facts}, false {false_facts}; errors {errors}")
    print("main technique / fires at all, per kind (count of puzzles)")
    print(" " * width + "".join(f"{k[:15]:>17}" for k in kinds) + f"{'all':>12}")
    for key in [k.value for k in PRECEDENCE] + ["(none)"]:
        cells = [f"{main_counts[k][key]:>7} / {fire_counts[k][key]:<7}" for k in kinds]
        all_main = sum(main_counts[k][key] for k in kinds)
        all_fire = sum(fire_counts[k][key] for k in kinds)
        print(f"{key:<{width}}" + "".join(f"{c:>17}" for c in cells)
              + f"{all_main:>6} / {all_fire:<5}")
    print(f"{'puzzles':<{width}}" + "".join(f"{totals[k]:>17}" for k in kinds)
          + f"{sum(totals.values()):>12}")
    none = sum(main_counts[k]["(none)"] for k in kinds)
    print("share with no technique: " + ", ".join(
        f"{k} {main_counts[k]['(none)'] / totals[k]:.0%}" for k in kinds)
        + f"; all {none / max(1, sum(totals.values())):.0%}")


if __name__ == "__main__":
    main()
