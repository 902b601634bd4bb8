"""One lock around every solver call the app makes.

The solver's shared default instance keeps a transposition table that is reset per search; two
Streamlit sessions (threads) searching at once would spoil each other's table. Every UI call that
reaches the solver (grading a card, valuing a position) runs inside `solver_lock()`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()


@contextmanager
def solver_lock() -> Iterator[None]:
    """Hold the app-wide solver lock for the duration of the ``with`` block."""
    with _LOCK:
        yield
