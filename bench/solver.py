"""Solver benchmark (prints figures; not a timed test).

200 seeded random deals, 4 players: the declarer takes the kitty and discards three cards at
random (never the joker), leads, and every legal opening lead is valued (`analyse`). Reported
per contract type: median, 90th percentile and maximum milliseconds per deal (wall clock), and
the median search nodes per deal, for a suit contract, no trumps with the joker in play, and
misère; DDS (endplay's ``solve_board``, all cards) on the same suit-contract deals, and the ratio
of medians (also in CPU time of this process, steadier on a shared machine; DDS's nodes are its
completed tricks, not comparable with ours). Also the cold first call (numba compiling, empty
cache) and the warm first call (loading the cache) in fresh processes.

Run: ``python bench/solver.py [--deals 200] [--seed 0] [--no-cold]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from trainer.bidding import parse_bid
from trainer.cards import JOKER, deal
from trainer.play import PlayState, start_play
from trainer.rules import RuleSet
from trainer.solver import Solver
from trainer.solver.bridge import dds_values

RULES = RuleSet()
CONTRACTS = {"suit": None, "nt_joker": "7NT", "misere": "MIS"}


def make_state(seed: int, kind: str) -> PlayState:
    """Deal ``seed``; a contract of ``kind`` for a random declarer, who discards at random."""
    rng = random.Random(seed)
    d = deal(seed, 4, 43, rng.choice(RULES.seats))
    declarer = rng.choice(RULES.seats)
    contract = CONTRACTS[kind] or f"7{rng.choice('SCDH')}"
    pool = [c for c in list(d.hands[declarer]) + list(d.kitty) if c != JOKER]
    discard = rng.sample(pool, RULES.kitty_size)
    return start_play(d, parse_bid(contract), declarer, discard, RULES)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def first_call(cold: bool) -> float:
    """Seconds for import + first `analyse` in a fresh process (cold: empty numba cache)."""
    code = (
        "import time; t = time.perf_counter(); import sys; sys.path.insert(0, 'bench'); "
        "from solver import make_state; from trainer.solver import analyse; "
        "analyse(make_state(0, 'suit')); print(time.perf_counter() - t)"
    )
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as tmp:
        if cold:
            env["NUMBA_CACHE_DIR"] = tmp
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-cold", action="store_true", help="skip the first-call timings")
    args = parser.parse_args()
    solver = Solver()
    solver.analyse(make_state(args.seed, "suit"))  # warm up (load or compile)
    seeds = range(args.seed, args.seed + args.deals)
    times: dict[str, list[float]] = {k: [] for k in CONTRACTS}
    nodes: dict[str, list[int]] = {k: [] for k in CONTRACTS}
    cpu_suit: list[float] = []
    cpu_dds: list[float] = []
    dds: list[float] = []
    mismatches = 0
    for kind in CONTRACTS:
        for seed in seeds:
            state = make_state(seed, kind)
            n0 = solver.nodes
            c0 = time.process_time()
            t0 = time.perf_counter()
            analysis = solver.analyse(state)
            times[kind].append((time.perf_counter() - t0) * 1000)
            nodes[kind].append(solver.nodes - n0)
            if kind == "suit":
                cpu_suit.append(time.process_time() - c0)
                c0 = time.process_time()
                t0 = time.perf_counter()
                ref = dds_values(state)
                dds.append((time.perf_counter() - t0) * 1000)
                cpu_dds.append(time.process_time() - c0)
                mismatches += ref != dict(analysis.values)
    print(f"{args.deals} deals, 4 players, declarer on lead, every opening lead valued (ms/deal)")
    print(f"{'contract':<10} {'median':>8} {'p90':>8} {'max':>8} {'nodes':>9}")
    for kind, xs in times.items():
        print(f"{kind:<10} {statistics.median(xs):8.2f} {percentile(xs, 0.9):8.2f} "
              f"{max(xs):8.2f} {statistics.median(nodes[kind]):9.0f}")
    print(f"{'dds suit':<10} {statistics.median(dds):8.2f} {percentile(dds, 0.9):8.2f} "
          f"{max(dds):8.2f}")
    ratio = statistics.median(times["suit"]) / statistics.median(dds)
    print(f"suit median / DDS median: {ratio:.1f}x; DDS disagreements: {mismatches}")
    cpu_ratio = statistics.median(cpu_suit) / statistics.median(cpu_dds)
    print(f"CPU time: suit median {statistics.median(cpu_suit) * 1000:.2f} ms, DDS median "
          f"{statistics.median(cpu_dds) * 1000:.2f} ms, {cpu_ratio:.1f}x")
    print(f"nodes searched: {solver.nodes}")
    if not args.no_cold:
        print(f"first call, cold (compiling): {first_call(True):.1f} s; "
              f"warm (cached): {first_call(False):.2f} s")


if __name__ == "__main__":
    main()
