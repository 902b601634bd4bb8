"""Closed misère at the table against double dummy (prints figures; not a timed test).

Double dummy a closed misère is played as if the defenders could see the declarer's hand, so
the bidding simulation values misère and open misère alike (RULES.md §3) and the bank's bidding
answers never tell them apart. `trainer.bots.misere_play.played_misere` plays a closed misère
out with every player seeing only what it would see (an open misère stays double dummy: its
defenders see the declarer's hand). This re-runs the shipped bidding puzzles whose
best or second call is a misère both ways, on the same layouts, and prints per puzzle the
expected score of MIS and OMIS each way and whether the answer changes.

Run: ``python bench/closed_misere.py [--puzzles 12] [--samples 40]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

from trainer.bots.misere_play import played_misere
from trainer.cards import Seat
from trainer.notation import parse_hand
from trainer.rules import ruleset
from trainer.simulate import analyse_bid


def _misere_records(limit: int) -> list[dict]:
    chosen = []
    bank = Path(__file__).resolve().parents[1] / "puzzles" / "bid.jsonl.gz"
    with gzip.open(bank, "rt", encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    for record in records:
        calls = [c["call"] for c in record["candidates"][:2]]
        if any(c in ("MIS", "OMIS") for c in calls):
            chosen.append(record)
    return chosen[:limit]


def _evs(analysis) -> dict[str, float]:
    return {c.call: c.ev for c in analysis.candidates}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=12)
    ap.add_argument("--samples", type=int, default=40)
    args = ap.parse_args()
    changed = made_dd = made_played = 0
    start = time.perf_counter()
    records = _misere_records(args.puzzles)
    for record in records:
        hand = parse_hand(" ".join(record["hand"]))
        where = (hand, Seat(record["seat"]), Seat(record["dealer"]), tuple(record["auction"]),
                 ruleset(record["rules"]))
        dd = analyse_bid(*where, samples=args.samples, seed=record["generator"]["seed"],
                         workers=1)
        table = analyse_bid(*where, samples=args.samples, seed=record["generator"]["seed"],
                            workers=1, misere_play=played_misere)
        made_dd += dd.misere_made
        made_played += table.misere_made
        best_dd, best_table = dd.candidates[0].call, table.candidates[0].call
        changed += best_dd != best_table
        e_dd, e_table = _evs(dd), _evs(table)
        nan = float("nan")
        cells = "  ".join(f"{c} {e_dd.get(c, nan):+6.1f} -> {e_table.get(c, nan):+6.1f}"
                          for c in ("MIS", "OMIS"))
        print(f"{record['id']}: best {best_dd} -> {best_table}; {cells}; own misère made "
              f"{dd.misere_made} -> {table.misere_made} of {args.samples}", flush=True)
    n = len(records)
    print(f"{n} puzzles at {args.samples} layouts: answer changed in {changed}; the learner's "
          f"misère made {made_dd} of {n * args.samples} double dummy, {made_played} played out; "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
