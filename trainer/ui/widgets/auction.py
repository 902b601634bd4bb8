"""The auction so far as a table by seat, calls and auction notes in words, and call buttons'
labels (pure functions).

Columns are the seats in calling order, from the dealer's left (the dealer last); each row is
one round. With ``to_call`` given, a "?" marks where that seat calls next. A player who has
passed and is out (RULES.md §3; under ``bid_after_pass="if_changed"`` or ``raise_reopens``
until the bidding is reopened) has "—" in those turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from trainer.bidding import Auction, Bid, parse_call
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.rules import RuleSet


def seat_words(note: str) -> str:
    """An auction note with its seat in words: ``"W bid 6♣: …"`` -> ``"West bid 6♣: …"``."""
    first, _, rest = note.partition(" ")
    try:
        return f"{seat_name(Seat(first))} {rest}"
    except (ValueError, KeyError):
        return note


def call_text(code: Any) -> str:
    """A call code in words: ``"P"`` -> ``"Pass"``, ``"7H"`` -> ``"7♥"`` (unknown codes as
    they are)."""
    try:
        call = parse_call(str(code))
    except TrainerError:
        return str(code)
    return call.pretty if isinstance(call, Bid) else "Pass"


def seat_heading(seat: Seat, dealer: Seat, you: Seat | None) -> str:
    """A column heading: ``"North (you)"``, ``"West (dealer)"``."""
    notes = [w for w, on in (("you", seat is you), ("dealer", seat is dealer)) if on]
    return seat_name(seat) + (f" ({', '.join(notes)})" if notes else "")


def auction_table(rules: RuleSet, dealer: Seat, calls: Sequence[str],
                  to_call: Seat | None = None, you: Seat | None = None) -> pd.DataFrame:
    """The calls as a table by seat (module docstring); every cell a string. ``you``: the
    learner's seat, marked in its heading (by default ``to_call``)."""
    you = you or to_call
    players = len(rules.seats)
    # A player who is out (RULES.md §3 bid_after_pass) has an implicit pass in their turn,
    # shown as "—"; `Auction.sat_out` knows which passes those are under every option.
    try:
        auction = Auction(rules, dealer, list(calls))
        out = [auction.sat_out(i) for i in range(len(calls))]
    except TrainerError:  # calls that do not replay: shown as they are
        auction, out = Auction(rules, dealer), [False] * len(calls)
    order = [auction.seat_of_call(i) for i in range(players)]
    cells = ["—" if gone else call_text(c) for c, gone in zip(calls, out, strict=True)]
    if to_call is not None:
        cells.append("?")
    cells += [""] * (-len(cells) % players)
    rows = [cells[i:i + players] for i in range(0, len(cells), players)] or [[""] * players]
    columns = [seat_heading(s, dealer, you) for s in order]
    return pd.DataFrame(rows, columns=columns)


def call_label(code: str) -> str:
    """A call button's label: the call in symbols, red suits in red (Streamlit markdown)."""
    call = parse_call(code)
    text = call_text(code)
    trump = call.trump if isinstance(call, Bid) else None
    return f":red[**{text}**]" if trump is not None and trump.is_red else f"**{text}**"


def call_rows(legal: Sequence[str]) -> list[list[str]]:
    """Legal calls grouped for buttons: pass alone, then one row per level, misères last."""
    passes = [c for c in legal if not isinstance(parse_call(c), Bid)]
    bids = [c for c in legal if c not in passes]
    levels: dict[object, list[str]] = {}
    for code in bids:
        bid = parse_call(code)
        assert isinstance(bid, Bid)
        levels.setdefault("misère" if bid.misere else bid.level, []).append(code)
    rows = [passes] if passes else []
    rows += [codes for level, codes in levels.items() if level != "misère"]
    return rows + ([levels["misère"]] if "misère" in levels else [])
