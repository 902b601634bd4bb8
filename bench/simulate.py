"""Simulation benchmark (prints figures; not a timed test).

- Seconds per bidding puzzle at ``--samples`` layouts (default 100), one process
  (`generate_bid_puzzle` with ``workers=1``: what one bank worker spends), over ``--puzzles``
  seeds from ``--seed``; with the solves per layout.
- Seconds per discard puzzle, the same way (`generate_discard_puzzle`).
- "Analyse my hand": wall-clock seconds of `analyse_hand` on two workers for an opening hand
  (joker, both bowers, A K Q of hearts) and a competitive decision, at the default layouts.
- The projected CPU time of 200 bidding + 100 discard puzzles, and wall time on 2 cores.

Run: ``python bench/simulate.py [--puzzles 4] [--samples 100] [--seed 1]``. Machine load from
other jobs inflates every figure; the CPU seconds are measured with ``time.process_time``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from trainer.generate.analyse_cli import ANALYSE_SAMPLES, analyse_hand
from trainer.generate.bid_puzzles import generate_bid_puzzle
from trainer.generate.discard_puzzles import generate_discard_puzzle


def _time(fn, *args, **kwargs) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return time.perf_counter() - wall, time.process_time() - cpu, out


def _report(name: str, walls: list[float], cpus: list[float]) -> None:
    print(f"{name}: wall median {statistics.median(walls):.1f} s, mean {statistics.mean(walls):.1f}"
          f" s, max {max(walls):.1f} s; CPU mean {statistics.mean(cpus):.1f} s"
          f" ({len(walls)} puzzles)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=4)
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    _time(analyse_hand, "JK JH JD AH KH QH AS AC 5D 6S", "E", "N", samples=2, workers=1)  # warm

    walls, cpus = [], []
    for seed in range(args.seed, args.seed + args.puzzles):
        wall, cpu, puzzle = _time(generate_bid_puzzle, seed, args.samples, 1)
        if puzzle is not None:
            walls.append(wall)
            cpus.append(cpu)
    _report(f"bidding puzzle at {args.samples} layouts, 1 process", walls, cpus)
    bid_cpu = statistics.mean(cpus)

    walls, cpus = [], []
    for seed in range(args.seed, args.seed + args.puzzles):
        wall, cpu, puzzle = _time(generate_discard_puzzle, seed, args.samples, 1)
        if puzzle is not None:
            walls.append(wall)
            cpus.append(cpu)
    _report(f"discard puzzle at {args.samples} layouts, 1 process", walls, cpus)
    discard_cpu = statistics.mean(cpus)

    total = 200 * bid_cpu + 100 * discard_cpu
    print(f"projected: 200 bidding + 100 discard puzzles = {total / 60:.0f} CPU minutes, "
          f"{total / 120:.0f} minutes on 2 free cores")

    for label, hand, seat, dealer, auction in (
        ("opening, obvious hearts", "JK JH JD AH KH QH AS AC 5D 6S", "E", "N", ""),
        ("competition after 7S", "AS JS TS QC 5C AD KD 7D QH 5H", "E", "E", "P 7S P"),
    ):
        wall, _, _ = _time(analyse_hand, hand, seat, dealer, auction)
        print(f"analyse my hand ({label}), {ANALYSE_SAMPLES} layouts, 2 workers: {wall:.1f} s")


if __name__ == "__main__":
    main()
