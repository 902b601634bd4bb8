"""Bids, the bidding ladder and the auction (RULES.md §3).

A `Bid` is a number of tricks (6-10) in a `Strain`, or misère (``MIS``) or open misère
(``OMIS``). `ladder` lists the bids of a RuleSet from lowest to highest. `Auction` is the
auction state machine with the check / can / do shape: `Auction.legal_calls`,
`Auction.can_call`, `Auction.call`.

The auction's rule options (RULES.md §3) and the sources they follow:

- ``bid_after_pass="never"`` (default): a player who has passed is out for the rest of the
  auction (002: "W przeciwieństwie do brydża, w 500 nie można licytować, jeśli wcześniej się
  spasowało"; 000: "Depois de passar, o jogador não pode voltar ao leilão"). The auction ends
  when every player but the high bidder is out.
- ``bid_after_pass="always"`` (002: "można licytować po spasowaniu (jak w brydżu)"): nobody is
  ever out; the auction ends when all the other players pass in a row after a bid.
- ``bid_after_pass="if_changed"`` (002: "można licytować po spasowaniu, jeśli któryś z graczy
  wciąż zmienił kolor swojej odzywki"): a player who has passed is out, until some player
  *changes the strain of their bid*: a player who has bid before makes a bid in another strain
  than their own previous bid (no trumps is a strain; misère and open misère count as one
  strain of their own). Then every player who is out comes back in; they are out again once
  they pass again. A first bid, or a higher bid in the same strain, changes nothing.
- ``raise_reopens`` (002: "zwycięzca licytacji może podnieść swoją odzywkę, co otwiera
  licytację na nowo; ... jeśli zwycięzca zmienia kolor swojej odzywki (lub BA), pozostali
  gracze mogą licytować ponownie. Jeśli natomiast tylko podniesie poziom ... nie mogą licytować
  ponownie"; "jeśli trzej pozostali gracze spasowali, zwycięzca nie może podnieść swojej
  odzywki"). The reading implemented: when the auction would end (the others have all passed
  after the high bid), its winner gets one more turn, before taking the kitty, provided some
  other player made a bid in this auction (if the others only ever passed, there is no raise:
  the auction ends as usual). On that turn the winner passes (the auction ends) or makes any
  higher bid. A raise in the same strain ends the auction at once with the higher bid; a
  raise into another strain (or no trumps, or misère) reopens it: every other player is back
  in, the bidding goes on clockwise from the winner's left, and it ends again as usual (the
  winner of that, if the others have bid, again gets such a turn). In the usual auction the
  high bidder never has a turn while holding the high bid, so the raise can only come at
  this point.
- ``one_round_bidding`` (002, the American game): each player calls once, the dealer last;
  ``bid_after_pass`` and ``raise_reopens`` then play no part.
- ``six_level_informational`` (002, American: "odzywki na poziomie 6 są odzywkami wyłącznie
  informacyjnymi. Nie mogą one wygrać licytacji, jeśli nie wejdą na poziom 7, w takim
  przypadku karty są rzucane i rozdawane ponownie"): the calls allowed are unchanged, but an
  auction that ends on a 6-level bid has no contract: the hand is thrown in and redealt
  (`Auction.thrown_in`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from trainer.cards import Seat, Suit
from trainer.errors import BidError, shown
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
        raise BidError(f"bid {shown(text)}: expected 6S ... 10NT, MIS or OMIS")
    return Bid(int(level), strain)


def parse_call(text: str) -> Bid | str:
    """A call: ``P`` (or ``PASS``) or a bid code. Raises `BidError`."""
    if str(text).strip().upper() in ("P", "PASS"):
        return PASS
    try:
        return parse_bid(text)
    except BidError:
        raise BidError(f"call {shown(text)}: expected P (pass), 6S ... 10NT, MIS or OMIS") from None


@cache
def ladder(rules: RuleSet) -> tuple[Bid, ...]:
    """Every bid allowed by ``rules``, lowest first (RULES.md §3).

    6♠ 6♣ 6♦ 6♥ 6NT 7♠ ... 10NT; misère above 7NT (``after_sevens``, 002, 003) or between 8♠
    and 8♣ (``by_points``); open misère between 10♦ and 10♥ (``open_misere_placement=
    "between_10D_10H"``, 002: "powyżej 10♦️ i poniżej 10♥️") or between 8NT and 9♠
    (``"between_8NT_9S"``, 003: "situada entre un contrato de ocho y nueve bazas"). No misère
    and no open misère when `RuleSet.misere_allowed` is false (option ``misere`` off, or the
    2-player game, 002); no open misère under ``nullo_500`` (000: "sem variante «Aberta»").
    """
    mis = rules.misere_allowed
    omis = rules.open_misere_allowed
    omis_before = "10H" if rules.open_misere_placement == "between_10D_10H" else "9S"
    bids: list[Bid] = []
    for level in range(6, 11):
        for strain in STRAINS:
            bid = Bid(level, strain)
            if omis and bid.code == omis_before:
                bids.append(OPEN_MISERE)
            if mis and rules.misere_placement == "after_sevens" and bid.code == "8S":
                bids.append(MISERE)
            bids.append(bid)
            if mis and rules.misere_placement == "by_points" and bid.code == "8S":
                bids.append(MISERE)
    return tuple(bids)


def misere_refusal(bid: Bid, rules: RuleSet) -> str | None:
    """Why ``bid`` (misère or open misère) may not be bid under ``rules``, in words, or None
    (also None for every trick bid). RULES.md §1, §3."""
    if not bid.misere:
        return None
    if rules.players == 2:
        return "misère is not played in the two-player game"
    if not rules.misere:
        return "misère is not played under these rules"
    if bid.open and rules.nullo_500:
        return "open misère is not played when misère is worth 500, as nullo"
    return None


def bid_rank(bid: Bid, rules: RuleSet) -> int:
    """Position of ``bid`` on the ladder (0 = lowest). Raises `BidError` if not allowed."""
    try:
        return ladder(rules).index(bid)
    except ValueError:
        why = misere_refusal(bid, rules) or "not on the ladder"
        raise BidError(f"bid {bid}: not allowed under these rules ({why})") from None


def is_higher(a: Bid, b: Bid, rules: RuleSet) -> bool:
    """True if bid ``a`` ranks above bid ``b`` on the ladder of ``rules``."""
    return bid_rank(a, rules) > bid_rank(b, rules)


def _strain_key(bid: Bid) -> str:
    """The strain of a bid for ``if_changed`` and ``raise_reopens``: the strain's code, or
    ``"MIS"`` for misère and open misère alike."""
    return "MIS" if bid.misere else bid.code.lstrip("0123456789")


@dataclass(frozen=True)
class _Walk:
    """The auction's state after its recorded calls (see `Auction._walk`)."""

    over: bool
    out: frozenset[Seat]
    raise_turn: bool
    skipped: tuple[bool, ...]


@dataclass
class Auction:
    """The auction state machine (RULES.md §3; the options in the module docstring).

    Calls go clockwise from the dealer's left. A call is a higher bid or a pass; a player who
    has passed is out (``bid_after_pass="never"``, the default), never out (``"always"``), or
    out until some player changes the strain of their bid (``"if_changed"``). The auction ends
    when every other player has passed after a bid (with ``"always"``: when they pass in a
    row), or when all pass without a bid, or, under ``one_round_bidding`` (American), once
    every player has called once. Under ``raise_reopens`` the winner may then have one more
    turn to raise (module docstring). Misère needs a previous seven-bid when
    ``misere_needs_seven``; open misère may be bid at any time.

    ``calls`` holds one entry per turn in clockwise order: a player who is out has an implicit
    ``"P"`` in their turn (`sat_out` tells it from a pass they made).
    """

    rules: RuleSet
    dealer: Seat
    calls: list[Bid | str] = field(default_factory=list)
    _memo: tuple[tuple[Bid | str, ...], _Walk] | None = field(
        default=None, init=False, repr=False, compare=False)

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

    def _walk(self) -> _Walk:
        """Replay the recorded calls under the options (module docstring): who is out, whether
        the auction is over, whether the next turn is the winner's raise, and which recorded
        passes are the implicit ones of players who were out."""
        key = tuple(self.calls)
        if self._memo is not None and self._memo[0] == key:
            return self._memo[1]
        rules = self.rules
        table = set(rules.seats)
        n = len(table)
        mode = rules.bid_after_pass
        out: set[Seat] = set()
        last_strain: dict[Seat, str] = {}
        bidders: set[Seat] = set()
        high: Bid | None = None
        high_seat: Seat | None = None
        run = 0  # passes in a row since the last bid (or since the start)
        over = raise_turn = False
        skipped: list[bool] = []
        for i, call in enumerate(key):
            seat = self.seat_of_call(i)
            if over:
                skipped.append(True)
                continue
            if rules.one_round_bidding:
                skipped.append(False)
                over = i + 1 >= n
                continue
            if seat in out:
                skipped.append(True)
                continue
            skipped.append(False)
            if raise_turn:  # the winner's turn to raise (raise_reopens)
                raise_turn = False
                if not isinstance(call, Bid):
                    over = True
                    continue
                same = high is not None and _strain_key(call) == _strain_key(high)
                high, high_seat = call, seat
                last_strain[seat] = _strain_key(call)
                if same:
                    over = True
                else:
                    out.clear()
                    run = 0
                continue
            if isinstance(call, Bid):
                strain = _strain_key(call)
                if mode == "if_changed" and last_strain.get(seat, strain) != strain:
                    out.clear()
                last_strain[seat] = strain
                high, high_seat = call, seat
                bidders.add(seat)
                out.discard(seat)
                run = 0
            else:
                run += 1
                if mode != "always":
                    out.add(seat)
            if high is None:
                ends = run >= n if mode == "always" else out == table
            elif mode == "always":
                ends = run >= n - 1
            else:
                ends = out >= table - {high_seat}
            if ends:
                if high is not None and rules.raise_reopens and bidders - {high_seat}:
                    raise_turn = True
                else:
                    over = True
        walk = _Walk(over, frozenset(out), raise_turn, tuple(skipped))
        self._memo = (key, walk)
        return walk

    def sat_out(self, index: int) -> bool:
        """True when the call at ``index`` is the implicit pass of a player who was out then
        (RULES.md §3: they make no call), False for a call made."""
        return self._walk().skipped[index]

    @property
    def is_over(self) -> bool:
        return self._walk().over

    @property
    def raise_turn(self) -> bool:
        """True when the next call is the winner's chance to raise their own bid
        (``raise_reopens``, module docstring)."""
        return self._walk().raise_turn

    @property
    def to_call(self) -> Seat | None:
        """The seat to call next, skipping players who are out; None when the auction is over."""
        walk = self._walk()
        if walk.over:
            return None
        i = len(self.calls)
        if self.rules.one_round_bidding:
            return self.seat_of_call(i)
        for k in range(len(self.rules.seats)):
            seat = self.seat_of_call(i + k)
            if seat not in walk.out:
                return seat
        return None

    @property
    def passed_out(self) -> bool:
        """True when the auction ended with no bid (RULES.md §3 ``all_pass``)."""
        return self.is_over and self.high_bid is None

    @property
    def six_level_thrown_in(self) -> bool:
        """True when the auction ended on a 6-level bid under ``six_level_informational``: the
        bid cannot win the auction, and the hand is thrown in and redealt (002, American)."""
        high = self.high_bid
        return (self.is_over and self.rules.six_level_informational and high is not None
                and high.level == 6)

    @property
    def thrown_in(self) -> bool:
        """True when the auction is over and the hand is thrown in and redealt: nobody bid and
        ``all_pass`` is ``redeal``, or it ended on an informational 6-level bid
        (`six_level_thrown_in`)."""
        return (self.passed_out and self.rules.all_pass == "redeal") or self.six_level_thrown_in

    @property
    def contract(self) -> Bid | None:
        """The final bid once the auction is over; None before, when nobody bid, and when a
        6-level bid ended it under ``six_level_informational``."""
        if not self.is_over or self.six_level_thrown_in:
            return None
        return self.high_bid

    @property
    def declarer(self) -> Seat | None:
        return self.high_bidder if self.contract is not None else None

    # --- check / can / do --------------------------------------------------------------------

    def why_not(self, call: Bid | str) -> str | None:
        """None if ``call`` is legal now, else the reason in words."""
        if self.is_over:
            return "the auction is over"
        if call == PASS:
            return None
        if not isinstance(call, Bid):
            return f"{shown(call)} is not a call"
        refusal = misere_refusal(call, self.rules)
        if refusal is not None:
            return refusal
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
