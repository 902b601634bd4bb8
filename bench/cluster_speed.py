"""Bank generation on a local Dask cluster against one process: ``python bench/cluster_speed.py
[--kind play] [--count 60] [--seed 5000]``.

Times `trainer.generate.bank.write_bank` for the same seeds three ways: one process, a local
Dask cluster of one worker and of two workers (``--cluster local --jobs 1|2``); checks the three
banks are byte-identical; prints the speed-up, and projects N machines of two cores from a
fixed start-up cost plus work shared evenly (fitted to the one- and two-worker runs): the seeds
are independent tasks of about a second, so the scheduler's few milliseconds a task do not
count. Run it on an idle machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.generate.bank import write_bank  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="play", choices=["play", "bid", "discard"])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp())
    runs = {"one process": {"jobs": 1}, "cluster, 1 worker": {"jobs": 1, "cluster": "local"},
            "cluster, 2 workers": {"jobs": 2, "cluster": "local"}}
    seconds, banks = {}, {}
    for name, how in runs.items():
        path = out / f"{len(banks)}.jsonl.gz"
        start = time.perf_counter()
        report = write_bank(args.kind, args.count, args.seed, path, progress=False, **how)
        seconds[name] = time.perf_counter() - start
        banks[name] = path.read_bytes()
        print(f"{name:20} {seconds[name]:7.1f} s  {report.written} puzzles from "
              f"{report.seeds_tried} seeds")
    same = len(set(banks.values())) == 1
    print(f"byte-identical banks: {same}")
    one, two = seconds["cluster, 1 worker"], seconds["cluster, 2 workers"]
    print(f"speed-up, 2 workers over 1: {one / two:.2f}x; over one process: "
          f"{seconds['one process'] / two:.2f}x")
    work = max(0.0, 2 * (one - two))  # one worker's share of the seeds' work, fitted
    fixed = max(0.0, one - work)
    print(f"fitted: start-up {fixed:.1f} s, work {work:.1f} s on one worker")
    for machines in (1, 2, 4, 8, 16, 32):
        cores = 2 * machines
        projected = fixed + work / cores
        print(f"  {machines:3} machines x 2 cores: {projected:7.1f} s "
              f"({work / cores and one / projected:.1f}x one worker)")
    if not same:
        raise SystemExit("the banks differ")


if __name__ == "__main__":
    main()
