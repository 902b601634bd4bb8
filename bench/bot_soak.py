"""Soak of the bots' sampling (prints figures; not a timed test).

At each table (2, 3, 4 and 6 players, the American preset) ``--hands`` seeded hands are played
to the end: the calls and the discard by the easy level (the policy, whose calls give the
auction's inferences at 4 players), each card by the policy or, one time in three, a random
legal card (odd plays show odd voids). At every card, for every seat still in the hand, the
real layout is checked against what that seat has seen (`broken_constraints` of
`true_placing`), and the seat to play samples ``--layouts`` layouts (`sample_states`, what the
normal and strong bots do before solving). Any exception or broken constraint is counted and
its first few are printed with the hand's record.

Run: ``python bench/bot_soak.py [--hands 2000] [--layouts 8] [--jobs 2]
[--tables '2 players,4 players']``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import time
from typing import Any

from trainer.bots import Level, decide
from trainer.bots.sampling import broken_constraints, knowledge, sample_states, true_placing
from trainer.cards import deal
from trainer.game import GameHand, Phase, hand_seed
from trainer.rules import ruleset

TABLES = {"2 players": {"players": 2}, "3 players": {"players": 3}, "4 players": {},
          "6 players": {"players": 6}, "American": {"preset": "american"}}


def soak_hand(args: tuple[str, int, int]) -> dict[str, Any]:
    """One hand of ``table`` from deal ``index``: counts, and the first problem if any."""
    table, index, layouts = args
    rules = ruleset(dict(TABLES[table]))
    seats = rules.seats
    hand = GameHand(rules, deal(hand_seed(7, index), rules.players, rules.deck,
                                seats[index % len(seats)]))
    rng = random.Random(index)
    out: dict[str, Any] = {"cards": 0, "samples": 0, "problem": None}
    try:
        while not hand.is_over:
            state = hand.state
            if hand.phase is Phase.PLAY and state is not None and hand.to_act is not None:
                for seat in state.seats:
                    know = knowledge(hand, seat)
                    broken = broken_constraints(know, true_placing(hand, know), state.order)
                    if broken:
                        raise AssertionError(f"{seat.value}: {broken}")
                out["samples"] += len(sample_states(hand, hand.to_act, layouts, rng))
                out["cards"] += 1
                if rng.random() < 1 / 3:
                    hand.play(rng.choice(hand.legal_plays()))
                    continue
            decide(hand, Level.EASY, index).apply(hand)
    except Exception as error:  # the soak counts every failure
        out["problem"] = (f"{type(error).__name__}: {error}",
                          json.dumps(hand.to_record().to_json()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--layouts", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tables", default=",".join(TABLES),
                        help="which tables, comma-separated (default: all)")
    args = parser.parse_args()
    print(f"{'table':10} {'hands':>6} {'cards':>7} {'layouts':>8} {'exceptions':>10} {'s':>6}")
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for table in args.tables.split(","):
            start = time.perf_counter()
            work = [(table, i, args.layouts) for i in range(args.hands)]
            results = pool.map(soak_hand, work, chunksize=20)
            problems = [r["problem"] for r in results if r["problem"]]
            print(f"{table:10} {len(results):6} {sum(r['cards'] for r in results):7} "
                  f"{sum(r['samples'] for r in results):8} {len(problems):10} "
                  f"{time.perf_counter() - start:6.1f}", flush=True)
            for error, record in problems[:3]:
                print("   ", error, record[:2000])


if __name__ == "__main__":
    main()
