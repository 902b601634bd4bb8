"""Bids, the bidding ladder and the auction (RULES.md §3).

A `Bid` is a number of tricks (6-10) in a `Strain`, or misère (``MIS``) or open misère
(``OMIS``). `ladder` lists the bids of a RuleSet from lowest to highest. `Auction` is the
auction state machine with the check / can / do shape: `Auction.legal_calls`,
`Auction.can_call`, `Auction.call`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from trainer.cards import Seat, Suit
from trainer.errors import BidError
from trainer.rules import STRAINS, RuleSet, Strain


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``level`` tricks (6-10) in ``strain``, or misère (``misere``; ``open`` for open
    misère, both with ``level`` None and ``strain`` None). ``str(bid)`` is its code."""

    level: int | None = None
    strain: Strain | None = None
    misere: bool = False
    open: bool = False

    def __post_init__(self) -> None:
        if self.misere:
            if self.level is not None or self.strain is not None:
                raise BidError("a misère bid has no level or strain")
        elif self.open or self.level not in range(6, 11) or self.strain is None:
            raise BidError(f"bid: level {self.level} must be 6 to 10, with a strain")

    @property
    def code(self) -> str:
        if self.misere:
            return "OMIS" if self.open else "MIS"
        assert self.strain is not None
        return f"{self.level}{self.strain.value}"

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None at no trumps and misère."""
        return None if self.strain is None else self.strain.trump

    @property
    def tricks_needed(self) -> int:
        """Tricks the declarer's side must take (misère: the declarer must take none)."""
        return self.level if self.level is not None else 0

    @property
    def pretty(self) -> str:
        if self.misere:
            return "open misère" if self.open else "misère"
        assert self.strain is not None
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Bid({self.code})"


MISERE = Bid(misere=True)
OPEN_MISERE = Bid(misere=True, open=True)
PASS = "P"
"""The pass call; a call is a `Bid` or `PASS`."""

_STRAIN_ALIASES = {"N": Strain.NO_TRUMPS, "NT": Strain.NO_TRUMPS,
                   "♠": Strain.SPADES, "♣": Strain.CLUBS, "♦": Strain.DIAMONDS, "♥": Strain.HEARTS}


def parse_bid(text: str) -> Bid:
    """Parse a bid code: ``6S`` ... ``10NT`` (``N``, suit symbols and lower case accepted),
    ``MIS``, ``OMIS``. Raises `BidError` naming the text."""
    raw = str(text).strip().upper()
    if raw in ("MIS", "MISERE", "MISÈRE", "NULLO"):
        return MISERE
    if raw in ("OMIS", "OPEN MISERE", "OPEN MISÈRE"):
        return OPEN_MISERE
    digits = 2 if raw.startswith("10") else 1
    level, rest = raw[:digits], raw[digits:]
    strain = _STRAIN_ALIASES.get(rest)
    if strain is None and rest in {s.value for s in Strain}:
        strain = Strain(rest)
    if not level.isdigit() or strain is None or not 6 <= int(level) <= 10:
        raise BidError(f"bid {text!r}: expected 6S ... 10NT, MIS or OMIS")
    return Bid(int(level), strain)


def parse_call(text: str) -> Bid | str:
    """A call: ``P`` (or ``PASS``) or a bid code. Raises `BidError`."""
    if str(text).strip().upper() in ("P", "PASS"):
        return PASS
    try:
        return parse_bid(text)
    except BidError:
        raise BidError(f"call {text!r}: expected P (pass), 6S ... 10NT, MIS or OMIS") from None


@cache
def ladder(rules: RuleSet) -> tuple[Bid, ...]:
    """Every bid allowed by ``rules``, lowest first (RULES.md §3).

    6♠ 6♣ 6♦ 6♥ 6NT 7♠ ... 10NT; misère above 7NT (``after_sevens``) or between 8♠ and 8♣
    (``by_points``); open misère between 10♦ and 10♥. Neither when ``misere`` is off.
    """
    bids: list[Bid] = []
    for level in range(6, 11):
        for strain in STRAINS:
            bid = Bid(level, strain)
            if rules.misere and bid.code == "10H":
                bids.append(OPEN_MISERE)
            if rules.misere and rules.misere_placement == "after_sevens" and bid.code == "8S":
                bids.append(MISERE)
            bids.append(bid)
            if rules.misere and rules.misere_placement == "by_points" and bid.code == "8S":
                bids.append(MISERE)
    return tuple(bids)


def bid_rank(bid: Bid, rules: RuleSet) -> int:
    """Position of ``bid`` on the ladder (0 = lowest). Raises `BidError` if not allowed."""
    try:
        return ladder(rules).index(bid)
    except ValueError:
        raise BidError(f"bid {bid}: not allowed under these rules (misère is off)") from None


def is_higher(a: Bid, b: Bid, rules: RuleSet) -> bool:
    """True if bid ``a`` ranks above bid ``b`` on the ladder of ``rules``."""
    return bid_rank(a, rules) > bid_rank(b, rules)


@dataclass
class Auction:
    """The auction state machine (RULES.md §3).

    Calls go clockwise from the dealer's left. A call is a higher bid or a pass; a player who
    has passed is out (unless ``bid_after_pass``). The auction ends when every other player has
    passed after a bid (``bid_after_pass``: when that many passes in a row follow the last
    bid), or when all pass without a bid, or, under ``one_round_bidding`` (American), once
    every player has called once. Misère needs a previous seven-bid when
    ``misere_needs_seven``; open misère may be bid at any time.
    """

    rules: RuleSet
    dealer: Seat
    calls: list[Bid | str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.dealer not in self.rules.seats:
            raise BidError(f"dealer: {self.dealer} does not sit at this table")
        # ``calls`` is one entry per turn, as `calls` records it: a player who is out has an
        # implicit "P" in their turn, which is replayed as it stands (not as the next call).
        calls, self.calls = list(self.calls), []
        for c in calls:
            call = parse_call(c) if isinstance(c, str) else c
            turn = self.seat_of_call(len(self.calls))
            if not self.is_over and turn is not self.to_call:
                if call != PASS:
                    raise BidError(f"call {call}: {turn} has passed and may not bid again")
                self.calls.append(PASS)
                continue
            self.call(call)

    # --- state -------------------------------------------------------------------------------

    @property
    def seat_order(self) -> list[Seat]:
        first = self.rules.next_seat(self.dealer)
        table = self.rules.seats
        start = table.index(first)
        return [table[(start + i) % len(table)] for i in range(len(table))]

    def seat_of_call(self, index: int) -> Seat:
        order = self.seat_order
        return order[index % len(order)]

    @property
    def high_bid(self) -> Bid | None:
        bids = [c for c in self.calls if isinstance(c, Bid)]
        return bids[-1] if bids else None

    @property
    def high_bidder(self) -> Seat | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if isinstance(self.calls[i], Bid):
                return self.seat_of_call(i)
        return None

    def _passed(self) -> set[Seat]:
        return {self.seat_of_call(i) for i, c in enumerate(self.calls) if c == PASS}

    @property
    def is_over(self) -> bool:
        n = len(self.rules.seats)
        if self.rules.one_round_bidding:
            return len(self.calls) >= n
        if self.high_bid is None:
            return len(self.calls) >= n and all(c == PASS for c in self.calls)
        if self.rules.bid_after_pass:
            tail = 0
            for c in reversed(self.calls):
                if c != PASS:
                    break
                tail += 1
            return tail >= n - 1
        out = self._passed()
        return len(out) >= n - 1 and self.high_bidder not in out

    @property
    def to_call(self) -> Seat | None:
        """The seat to call next, skipping players who are out; None when the auction is over."""
        if self.is_over:
            return None
        i = len(self.calls)
        if self.rules.bid_after_pass or self.rules.one_round_bidding:
            return self.seat_of_call(i)
        out = self._passed()
        for k in range(len(self.rules.seats)):
            seat = self.seat_of_call(i + k)
            if seat not in out:
                return seat
        return None

    @property
    def passed_out(self) -> bool:
        """True when the auction ended with no bid (RULES.md §3 ``all_pass``)."""
        return self.is_over and self.high_bid is None

    @property
    def contract(self) -> Bid | None:
        return self.high_bid if self.is_over else None

    @property
    def declarer(self) -> Seat | None:
        return self.high_bidder if self.is_over else None

    # --- check / can / do --------------------------------------------------------------------

    def why_not(self, call: Bid | str) -> str | None:
        """None if ``call`` is legal now, else the reason in words."""
        if self.is_over:
            return "the auction is over"
        if call == PASS:
            return None
        if not isinstance(call, Bid):
            return f"{call!r} is not a call"
        if call.misere and not self.rules.misere:
            return "misère is not played under these rules"
        high = self.high_bid
        if high is not None and not is_higher(call, high, self.rules):
            return f"{call} is not higher than {high}"
        if call == MISERE and self.rules.misere_needs_seven and not any(
            isinstance(c, Bid) and c.level is not None and c.level >= 7 for c in self.calls
        ):
            return "misère may be bid only after someone has bid seven"
        return None

    def can_call(self, call: Bid | str) -> bool:
        return self.why_not(call) is None

    def legal_calls(self) -> list[Bid | str]:
        """Pass and every bid allowed now, lowest first; empty when the auction is over."""
        if self.is_over:
            return []
        return [PASS, *(b for b in ladder(self.rules) if self.why_not(b) is None)]

    def call(self, call: Bid | str) -> None:
        """Make the next call (by `to_call`). Raises `BidError` saying why it is not allowed."""
        if isinstance(call, str):
            call = parse_call(call)
        reason = self.why_not(call)
        if reason is not None:
            raise BidError(f"call {call}: {reason}")
        # Skip the seats that are out by recording nothing for them: calls are stored per turn.
        seat = self.to_call
        while self.seat_of_call(len(self.calls)) is not seat:
            self.calls.append(PASS)
        self.calls.append(call)


def turns_from_calls(rules: RuleSet, dealer: Seat, calls: Sequence[Bid | str]) -> list[str]:
    """The calls as the players made them, clockwise from the dealer's left (a player who has
    passed and is out makes no more calls), as the per-turn codes `Auction` keeps: each seat
    that is out has an implicit ``"P"`` in its turn. ``P 6S 7S P P`` with North dealing (East
    out after the first pass) is ``P 6S 7S P P P``: the last pass is South's, which ends it.

    Raises `BidError` naming the call that is not allowed (``call 6S: ...``), or a call after
    the auction is over. RULES.md §3.
    """
    auction = Auction(rules, dealer)
    for c in calls:
        auction.call(parse_call(c) if isinstance(c, str) else c)
    return [c.code if isinstance(c, Bid) else c for c in auction.calls]
