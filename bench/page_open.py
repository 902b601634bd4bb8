"""How long opening a puzzle page takes with the shipped banks: ``python bench/page_open.py``.

Prints each bank's size on disk and puzzle count, the time to read it lazily (as the app does,
`trainer.generate.records.LazyRecord`) and fully, and the time of opening the Play puzzles,
Bidding and Discard pages through Streamlit's AppTest: the first open in a fresh server
process (modules already imported, the bank read from disk: the cache is cleared first) and
later opens (the bank cached), median of ``--runs``.
The target (issue 19) is under half a second.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.ui.data.puzzle_bank import KINDS, LOADERS, _load, bank_path  # noqa: E402
from trainer.ui.pages import BID_PAGE, DISCARD_PAGE, PLAY_PAGE  # noqa: E402

APP = str(ROOT / "streamlit_app.py")
PAGES = {"play": PLAY_PAGE, "bid": BID_PAGE, "discard": DISCARD_PAGE}


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def open_page(page: str) -> float:
    """Seconds to switch from Home to ``page`` in a new session (Home run first, untimed)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    seconds = timed(lambda: at.switch_page(page).run())
    if at.exception:
        raise SystemExit(f"{page}: {at.exception[0].message}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="warm opens per page")
    args = parser.parse_args()
    os.environ.setdefault("TRAINER_DB", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    print("bank      puzzles  on disk   read lazily  read fully  first open  later opens")
    for kind in KINDS:
        path = bank_path(kind)
        lazy = timed(lambda: LOADERS[kind](path, lazy=True))  # noqa: B023
        full = timed(lambda: LOADERS[kind](path))  # noqa: B023
        count = len(LOADERS[kind](path, lazy=True))
        open_page(PAGES[kind])  # the page's modules imported (numba's solver loaded)
        _load.clear()
        first = open_page(PAGES[kind])
        later = statistics.median(open_page(PAGES[kind]) for _ in range(args.runs))
        print(f"{kind:8} {count:8} {path.stat().st_size / 1e6:6.2f} MB {lazy:10.3f} s "
              f"{full:9.3f} s {first:10.3f} s {later:10.3f} s")


if __name__ == "__main__":
    main()
