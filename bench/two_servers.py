"""Several app servers on one learner store (prints figures; not a timed test).

- Answer latency: one process saving ``--latency`` puzzle answers (`record_puzzle_attempt`,
  one transaction each) on an SQLite file, on PostgreSQL through the store's pool of
  connections, and on PostgreSQL connecting afresh for every call; median and 95th percentile
  in milliseconds, and the time to open one PostgreSQL connection.
- Servers: ``--servers`` OS processes (spawn), each its own `ProgressStore` on one PostgreSQL
  database, as that many Streamlit servers would be; all create the learner at once ("Ann",
  "ann", ...), then each answers ``--answers`` puzzles going round the same ``--puzzles`` ids
  in its own order (tests/load_kit.py, `run_servers`). Printed: answers made, kept, rated,
  distinct puzzles, learners, whether each puzzle's rating moved once and the learner's rating
  equals replaying the rated attempts in commit order, answers per second per server and the
  answers' latency. ``--sqlite`` runs the same on an SQLite file for comparison.

Without ``--url`` a throwaway PostgreSQL server is started (tests/pg_kit.py) with fsync on, as a
real server has it (``--fast``: off), and removed afterwards. ``--url`` names a database to use
instead: its learner "Ann" must be new there.

Run: ``python bench/two_servers.py [--servers 2] [--answers 200] [--puzzles 100] [--latency
200] [--url postgresql://...] [--fast] [--sqlite]``. Machine load from other jobs inflates the
figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # the trainer, and the kits the tests use

from load_kit import Figures, run_servers  # noqa: E402
from pg_kit import start_cluster  # noqa: E402

from trainer.progress import ProgressStore, Rating  # noqa: E402


def pct(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def ms(values: Sequence[float]) -> str:
    return (f"median {1000 * statistics.median(values):.2f} ms, "
            f"p95 {1000 * pct(values, 0.95):.2f} ms")


def answer_times(location: str, answers: int, fresh_connections: bool = False) -> list[float]:
    """Seconds per saved answer, ``answers`` of them (100 distinct puzzles, then practice)."""
    store = ProgressStore(location)
    if fresh_connections:  # no pool: every call opens and closes its own connection
        backend = store.backend
        backend.close()
        backend._give_back = lambda conn: conn.close()  # type: ignore[method-assign,union-attr]
    me = store.learner("Lat")
    times = []
    for n in range(answers):
        t = time.perf_counter()
        store.record_puzzle_attempt(me, "play", f"q{n % 100}", [], n % 3 == 0, Rating(1500, 100))
        times.append(time.perf_counter() - t)
    store.close()
    return times


def connect_times(url: str, count: int = 20) -> list[float]:
    import psycopg

    times = []
    for _ in range(count):
        t = time.perf_counter()
        psycopg.connect(url).close()
        times.append(time.perf_counter() - t)
    return times


def show(title: str, f: Figures) -> None:
    print(f"{title}: answers made {f.made}, kept {f.kept}, rated {f.rated}, distinct puzzles "
          f"{f.distinct}, learners {f.learners}; each puzzle rated once: {f.ratings_once}; "
          f"learner's rating = replay in commit order: {f.replayed}")
    print("  answers per second per server: " + ", ".join(f"{r:.0f}" for r in f.rates)
          + f"; an answer: {ms(f.latencies)}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--answers", type=int, default=200, help="answers per server")
    ap.add_argument("--puzzles", type=int, default=100, help="distinct puzzle ids")
    ap.add_argument("--latency", type=int, default=200, help="answers timed one by one")
    ap.add_argument("--url", help="a PostgreSQL database to use (default: a throwaway server)")
    ap.add_argument("--fast", action="store_true", help="throwaway server without fsync")
    ap.add_argument("--sqlite", action="store_true", help="also run the servers on SQLite")
    args = ap.parse_args(argv)
    cluster = None if args.url else start_cluster(durable=not args.fast)
    try:
        fresh = [cluster.create_database() for _ in range(3)] if cluster else []
        url = cluster.url(fresh[0]) if cluster else args.url
        lat_url = cluster.url(fresh[1]) if cluster else args.url
        nopool_url = cluster.url(fresh[2]) if cluster else args.url
        with tempfile.TemporaryDirectory() as tmp:
            print(f"PostgreSQL: {'fsync on' if not args.fast else 'fsync off'}"
                  + (" (throwaway server)" if cluster else " (--url)"))
            print(f"open a PostgreSQL connection: {ms(connect_times(lat_url))}")
            print(f"an answer, SQLite file: "
                  f"{ms(answer_times(str(Path(tmp) / 'lat.sqlite3'), args.latency))}")
            print(f"an answer, PostgreSQL (pooled connections): "
                  f"{ms(answer_times(lat_url, args.latency))}")
            print(f"an answer, PostgreSQL (a new connection per call): "
                  f"{ms(answer_times(nopool_url, args.latency, fresh_connections=True))}")
            show(f"{args.servers} servers x {args.answers} answers, PostgreSQL",
                 run_servers(url, args.servers, args.answers, args.puzzles))
            if args.sqlite:
                show(f"{args.servers} servers x {args.answers} answers, SQLite",
                     run_servers(str(Path(tmp) / "servers.sqlite3"), args.servers,
                                 args.answers, args.puzzles))
    finally:
        if cluster:
            cluster.stop()


if __name__ == "__main__":
    main()
