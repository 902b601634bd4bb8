"""Solver benchmark (prints figures; not a timed test).

200 seeded random deals, 4 players: the declarer takes the kitty and discards three cards at
random (never the joker), leads, and every legal opening lead is valued (`analyse`). Reported
per contract type: median, 90th percentile and maximum milliseconds per deal (wall clock), and
the median search nodes per deal, for a suit contract, no trumps with the joker in play, and
misère; DDS (endplay's ``solve_board``, all cards) on the same suit-contract deals, and the ratio
of medians (also in CPU time of this process, steadier on a shared machine; DDS's nodes are its
completed tricks, not comparable with ours). Also the cold first call (numba compiling, empty
cache) and the warm first call (loading the cache) in fresh processes.

2-player rows (RULES.md §1, 002): ``--two-deals`` seeded 2-player deals (hands and table
piles, the declarer discards three at random); every opening lead of the full deal valued, and
mid-hand positions (4 tricks played at random) valued the same way; median, p90 and max ms and
the median nodes, for a suit contract and no trumps with the joker in play.

3- and 6-player rows (``--table-deals``, default 20): seeded deals at a table of 3 (each for
themselves) and of 6 (three pairs), played at random to 6 tricks left, then every legal card
valued, for a suit contract, no trumps with the joker in play, and misère; and the 6-player
misère position that once froze the app for 93 s (``SIX_MISERE``).

Run: ``python bench/solver.py [--deals 200] [--seed 0] [--no-cold] [--two-deals 40]
[--table-deals 20] [--only-two] [--only-tables]``.
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
from collections.abc import Iterable

from trainer.bidding import parse_bid
from trainer.cards import JOKER, deal
from trainer.play import PlayState, start_play
from trainer.rules import RuleSet
from trainer.solver import Solver
from trainer.solver.bridge import dds_values
from trainer.two_player import TablePlayState, start_table_play

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


TWO = RuleSet(players=2)


def make_two_state(seed: int, kind: str, played: int = 0) -> TablePlayState:
    """A 2-player deal of ``seed``: a 7-level ``kind`` contract (suit, or NT with the joker in
    play) for a random declarer, who discards at random; then ``played`` random tricks."""
    rng = random.Random(seed)
    while True:
        d = deal(rng.randrange(2**31), 2, 43, rng.choice(TWO.seats))
        if kind != "nt_joker" or JOKER not in d.kitty:
            break
    declarer = rng.choice(TWO.seats)
    contract = "7NT" if kind == "nt_joker" else f"7{rng.choice('SCDH')}"
    pool = [c for c in list(d.hands[declarer]) + list(d.kitty) if c != JOKER]
    state = start_table_play(d, parse_bid(contract), declarer, rng.sample(pool, 3), TWO)
    while len(state.history) < played:
        state.push(rng.choice(state.legal_plays()))
    return state


def two_player_rows(deals: int, seed: int) -> None:
    solver = Solver()
    solver.analyse(make_two_state(seed, "suit", 9))  # warm up (load or compile)
    print(f"{deals} deals, 2 players (hands and table piles), every legal card valued (ms)")
    print(f"{'position':<22} {'median':>8} {'p90':>8} {'max':>8} {'nodes':>10}")
    for played, name in ((0, "full deal"), (4, "after 4 tricks")):
        for kind in ("suit", "nt_joker"):
            timed_row(f"{name} {kind}", solver,
                      (make_two_state(s, kind, played) for s in range(seed, seed + deals)))


def timed_row(name: str, solver: Solver, states: Iterable[PlayState]) -> None:
    """Value every legal card of each state; print the median, p90 and max ms and the median
    nodes."""
    times: list[float] = []
    nodes: list[int] = []
    for state in states:
        n0 = solver.nodes
        t0 = time.perf_counter()
        solver.analyse(state)
        times.append((time.perf_counter() - t0) * 1000)
        nodes.append(solver.nodes - n0)
    print(f"{name:<22} {statistics.median(times):8.1f} {percentile(times, 0.9):8.1f} "
          f"{max(times):8.1f} {statistics.median(nodes):10.0f}")


SIX_MISERE = {
    "contract": "MIS", "declarer": "N", "leader": "N", "trick": ["AH", "4H", "9S"],
    "hands": {"N": ["3S", "KC", "QC", "QD", "JD", "5D", "3D", "7H"],
              "NE": ["JC", "TC", "13D", "8D", "7D", "4D", "12H", "2H"],
              "SE": ["12S", "11S", "6S", "8C", "5C", "KD", "9D", "JK"],
              "SW": ["QS", "TS", "7S", "4S", "12C", "11C", "9C", "7C", "3C"],
              "NW": ["KS", "8S", "AC", "4C", "12D", "2D", "QH", "6H", "5H"]},
    "history": [{"leader": "N", "cards": ["KH", "8H", "11H", "3H", "JH"]}],
    "joker_suit": None, "rules": {"players": 6, "six_player_teams": "three_pairs"}}


def make_table_state(seed: int, rules: RuleSet, kind: str, left: int) -> PlayState:
    """A deal of ``seed`` at the table of ``rules``: a ``kind`` contract for a random declarer
    (who discards at random, never the joker), played at random to ``left`` tricks left."""
    rng = random.Random(seed)
    while True:
        d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
        if kind != "nt_joker" or JOKER not in d.kitty:
            break
    declarer = rng.choice(rules.seats)
    contract = CONTRACTS[kind] or f"7{rng.choice('SCDH')}"
    pool = [c for c in list(d.hands[declarer]) + list(d.kitty) if c != JOKER]
    state = start_play(d, parse_bid(contract), declarer, rng.sample(pool, rules.kitty_size),
                       rules)
    while state.tricks_left > left:
        legal = state.legal_plays()
        plain = [p for p in legal if not p.card.is_joker]  # keep the joker in play
        state.push(rng.choice(plain or legal))
    return state


def table_rows(deals: int, seed: int) -> None:
    """The 3- and 6-player rows (module docstring)."""
    from trainer.notation import parse_position

    solver = Solver()
    tables = {"3 players": RuleSet(players=3),
              "6 players": RuleSet(players=6, six_player_teams="three_pairs")}
    print(f"{deals} deals a row, 6 tricks left, every legal card valued (ms)")
    print(f"{'table and contract':<22} {'median':>8} {'p90':>8} {'max':>8} {'nodes':>10}")
    for name, rules in tables.items():
        solver.analyse(make_table_state(seed, rules, "suit", 2))  # warm up
        for kind in CONTRACTS:
            timed_row(f"{name} {kind}", solver,
                      (make_table_state(s, rules, kind, 6) for s in range(seed, seed + deals)))
    n0 = solver.nodes
    c0 = time.process_time()
    solver.analyse(parse_position(SIX_MISERE))
    print(f"the 6-player misère position: {time.process_time() - c0:.1f} s of CPU, "
          f"{solver.nodes - n0} nodes")


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
    parser.add_argument("--two-deals", type=int, default=40, help="2-player deals (0: none)")
    parser.add_argument("--only-two", action="store_true", help="the 2-player rows only")
    parser.add_argument("--table-deals", type=int, default=20,
                        help="3- and 6-player deals a row (0: none)")
    parser.add_argument("--only-tables", action="store_true",
                        help="the 3- and 6-player rows only")
    args = parser.parse_args()
    if args.two_deals and not args.only_tables:
        two_player_rows(args.two_deals, args.seed)
    if args.table_deals and not args.only_two:
        table_rows(args.table_deals, args.seed)
    if args.only_two or args.only_tables:
        return
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
