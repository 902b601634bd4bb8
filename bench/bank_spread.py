"""What the shipped banks hold: ``python bench/bank_spread.py``.

For each bank: its puzzles and size on disk; for play puzzles, contract type by side, each
theme, the table (4 or 2 players) and the puzzles made for a theme; for bidding puzzles, each
moment; for discard puzzles, each theme; and the spread of initial ratings (quartiles).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.generate.records import read_jsonl  # noqa: E402

BANKS = ROOT / "puzzles"


def line(title: str, counts: Counter) -> None:
    print(f"  {title}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(),
                                                                   key=lambda kv: -kv[1])))


def main() -> None:
    for kind in ("play", "bid", "discard"):
        path = BANKS / f"{kind}.jsonl.gz"
        records = list(read_jsonl(path))
        ratings = [r["rating"] for r in records]
        quartiles = statistics.quantiles(ratings, n=4)
        print(f"{kind}: {len(records)} puzzles, {path.stat().st_size / 1e6:.2f} MB; ratings "
              f"{min(ratings):.0f} / {quartiles[0]:.0f} / {quartiles[1]:.0f} / "
              f"{quartiles[2]:.0f} / {max(ratings):.0f} (min / quartiles / max)")
        if kind == "play":
            line("contract, side", Counter(f"{r['contract_type']} {r['side']}"
                                           for r in records))
            line("themes", Counter(t for r in records for t in r["themes"]))
            line("table", Counter(f"{r['generator'].get('rules', {}).get('players', 4)} "
                                  "players" for r in records))
            line("made for a theme", Counter(r["generator"].get("theme") or "none"
                                             for r in records))
        elif kind == "bid":
            line("moments", Counter(r["moment"] for r in records))
            line("themes", Counter(t for r in records for t in r["themes"]))
        else:
            line("themes", Counter(t for r in records for t in r["themes"]))


if __name__ == "__main__":
    main()
