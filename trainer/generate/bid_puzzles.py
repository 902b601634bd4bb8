"""Bidding puzzles: generation from a seed, the record, and grading a learner's call.

From a seed (one `random.Random(seed)`), kind ``KINDS[seed % 4]``:
- ``opening``: no one has bid yet; the learner's hand has some strain that
  `policy.estimate_tricks` values at 5 tricks or more (near an opening bid);
- ``partner``: the learner's partner holds the high bid; some strain is worth 4.5 or more;
- ``competition``: an opponent holds the high bid; some strain is worth 5 or more;
- ``misere``: "is this hand a misère?": no joker, at most one card above the ten (J, Q, K, A),
  and misère itself is legal now (after a seven, RULES.md §3): open misère, which may be bid
  at any time, alone does not make a misère decision.
Up to ``ATTEMPTS`` deals are tried: each is dealt (`cards.deal`, a random dealer), and the
auction is run with `policy.choose_bid` until the seat to call fits the kind; that seat is the
learner and the auction so far is the puzzle's. The candidate table is then simulated
(`trainer.simulate.analyse_bid`, ``SAMPLES`` layouts, layout seed = the puzzle's seed, every
legal call a candidate, the auction after it finished by `policy.choose_bid` on each layout
and the contract reached played: ``finish="policy"``; each row records its final contracts),
so `generate_bid_puzzle(seed)` reproduces a record exactly.

Rating: 1000, +100 (partner), +200 (competition) or +150 (misère), + 500 x the closeness of the
two best calls (1 - gap/150 points, at least 0); clamped to 600-2400, deviation 300.
Grading (`grade_bid`): the bands of `trainer.generate.bands` on the expected-score loss.
Write-up: `with_write_up`, from the record as stored (`trainer.generate.write_ups.bid`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from trainer.bidding import MISERE, PASS, Auction, Bid, parse_call
from trainer.cards import JOKER, Card, Rank, Seat, deal
from trainer.generate.bands import band_words, bid_band
from trainer.generate.explain import seat_name
from trainer.generate.records import LazyRecord, RecordHeader, read_lazily, read_record
from trainer.generate.write_ups.bid import bid_write_up
from trainer.generate.write_ups.calls import stands
from trainer.notation import parse_hand, parse_seat
from trainer.policy import best_strain, choose_bid
from trainer.rules import STRAINS, RuleSet, Strain, preset_name, ruleset
from trainer.simulate import BidAnalysis, CallResult, analyse_bid

GENERATOR_VERSION = 4  # 2: trick bids show their level's strength (simulate.BID_SLACK); 3: a
# misère puzzle needs misère itself legal (not open misère alone); 4: every legal call valued
# with the auction finished by the policy bidder (analyse_bid finish="policy")
KINDS = ("opening", "partner", "competition", "misere")
SAMPLES = 100
ATTEMPTS = 200  # deals tried a seed; a misère moment (misère legal, after a seven) is rare
INITIAL_DEVIATION = 300.0
KIND_BONUS = {"opening": 0, "partner": 100, "competition": 200, "misere": 150}


@dataclass(frozen=True)
class Moment:
    """A bidding decision found in a dealt hand: the learner's seat, hand, dealer and calls."""

    kind: str
    seat: Seat
    hand: tuple[Card, ...]
    dealer: Seat
    calls: tuple[str, ...]


def _fits(kind: str, auction: Auction, seat: Seat, hand: tuple[Card, ...],
          rules: RuleSet) -> bool:
    high = auction.high_bidder
    best = best_strain(hand, rules.players)[1]
    if kind == "opening":
        return high is None and best >= 5.0
    if kind == "partner":
        return high is not None and high is not seat and high in rules.side_of(seat) \
            and best >= 4.5
    if kind == "competition":
        return high is not None and high not in rules.side_of(seat) and best >= 5.0
    legal = auction.legal_calls()
    high_cards = sum(1 for c in hand if c.rank is not None and c.rank >= Rank.JACK)
    return JOKER not in hand and high_cards <= 1 and MISERE in legal


def find_moment(rng: random.Random, kind: str, rules: RuleSet) -> Moment | None:
    """Deal with ``rng`` and run the policy auction to the first call fitting ``kind``
    (module docstring), or None if this deal has none."""
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    auction = Auction(rules, d.dealer)
    while not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        if _fits(kind, auction, seat, d.hands[seat], rules):
            calls = tuple(c if isinstance(c, str) else c.code for c in auction.calls)
            return Moment(kind, seat, d.hands[seat], d.dealer, calls)
        auction.call(choose_bid(d.hands[seat], auction))
    return None


def initial_rating(kind: str, analysis: BidAnalysis) -> float:
    """The module docstring's rating formula."""
    ev = [c.ev for c in analysis.candidates]
    gap = ev[0] - ev[1] if len(ev) > 1 else 150.0
    rating = 1000 + KIND_BONUS[kind] + 500 * max(0.0, 1 - gap / 150)
    return float(max(600, min(2400, round(rating))))


def detect_themes(kind: str, analysis: BidAnalysis, rules: RuleSet) -> list[str]:
    """Themes: the kind, then what the best call is: ``pass``, ``no_trumps``, ``misere``,
    ``open_misere``, ``slam`` (a ten bid), ``raise`` (partner's strain), ``jump`` (two or more
    levels above the lowest legal level of its strain)."""
    themes = [kind]
    best = parse_call(analysis.best.call)
    if best == PASS:
        return [*themes, "pass"]
    assert isinstance(best, Bid)
    if best.misere:
        return [*themes, "open_misere" if best.open else "misere"]
    if best.strain is Strain.NO_TRUMPS:
        themes.append("no_trumps")
    if best.level == 10:
        themes.append("slam")
    if analysis.standing is not None:
        call, seat, _ = analysis.standing
        standing = parse_call(call)
        if (seat in rules.side_of(analysis.seat) and isinstance(standing, Bid)
                and standing.strain is best.strain):
            themes.append("raise")
    levels = [b.level for b in map(parse_call, analysis.legal)
              if isinstance(b, Bid) and b.strain is best.strain and b.level is not None]
    if best.level is not None and levels and best.level >= min(levels) + 2:
        themes.append("jump")
    return themes


@dataclass(frozen=True)
class BidPuzzle(LazyRecord, RecordHeader):
    """A bidding puzzle record (docs/DESIGN.md ``bid``): the fields of `BidAnalysis` plus the
    common ones (`RecordHeader`); ``title`` a one-line prompt; ``kind_of_moment`` one of
    ``KINDS``. `lazy` reads one whose analysis is parsed on first use (`LazyRecord`)."""

    _LAZY: ClassVar[frozenset[str]] = frozenset({"analysis"})

    analysis: BidAnalysis
    moment: str
    title: str
    write_up: str = ""
    """Why the best call is best, in a player's words (`trainer.generate.write_ups`)."""

    @property
    def rules(self) -> RuleSet:
        """The rules the puzzle was made under, without parsing a lazy one's analysis."""
        known = self.__dict__.get("_rules")
        return known if known is not None else self.analysis.rules

    @classmethod
    def lazy(cls, obj: Mapping[str, Any]) -> BidPuzzle:
        """Read a record lazily (`LazyRecord`); raises `PuzzleError` for a wrong kind or a
        missing header field."""
        return read_lazily(cls, obj, "bid", lambda: {
            **dict(zip(("id", "themes", "rating", "rating_deviation", "generator"),
                       cls.read_header(obj), strict=True)),
            "moment": str(obj.get("moment", "")), "title": str(obj.get("title", "")),
            "write_up": str(obj.get("write_up", "")),
            "_rules": ruleset(obj.get("rules", "australian"))})

    def to_json(self) -> dict[str, Any]:
        a = self.analysis.to_json()
        return {
            **self.header("bid"),
            "hand": a["hand"], "seat": a["seat"], "dealer": a["dealer"],
            "auction": a["auction"], "samples": a["samples"], "candidates": a["candidates"],
            "tricks": a["tricks"], "misere_made": a["misere_made"], "standing": a["standing"],
            "legal": a["legal"], "inferences": a["inferences"], "dropped": a["dropped"],
            **({"finish": a["finish"]} if "finish" in a else {}),
            "rules": preset_name(self.analysis.rules), "moment": self.moment,
            "title": self.title, "write_up": self.write_up,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> BidPuzzle:
        """Read a record; raises `PuzzleError` naming a missing or bad field."""

        def build() -> BidPuzzle:
            rules = ruleset(obj.get("rules", "australian"))
            standing = obj.get("standing")
            analysis = BidAnalysis(
                hand=parse_hand(obj["hand"]), seat=parse_seat(obj["seat"], rules),
                dealer=parse_seat(obj["dealer"], rules, "dealer"),
                auction=tuple(obj["auction"]), samples=int(obj["samples"]),
                candidates=tuple(CallResult(c["call"], float(c["ev"]), float(c["se"]),
                                            float(c["p_make"]), c.get("mean_tricks"),
                                            tuple((str(f[0]), f[1], int(f[2]))
                                                  for f in c.get("finals", ())))
                                 for c in obj["candidates"]),
                tricks={k: tuple(v) for k, v in obj["tricks"].items()},
                misere_made=obj.get("misere_made"),
                standing=None if standing is None else (
                    standing["call"], parse_seat(standing["seat"], rules),
                    tuple(standing["tricks"])),
                legal=tuple(obj["legal"]), inferences=tuple(obj.get("inferences", ())),
                dropped=tuple(obj.get("dropped", ())), rules=rules,
                finish=obj.get("finish"),
            )
            return cls(*cls.read_header(obj), analysis, str(obj.get("moment", "")),
                       str(obj.get("title", "")), str(obj.get("write_up", "")))

        return read_record(obj, "bid", build)


QUESTION = "Your call?"
"""Every bidding puzzle's question, whatever its kind: a misère moment asked "Is this hand a
misère?" named the idea before the answer (issue 28), when the learner should find it."""


def _title(moment: Moment, rules: RuleSet) -> str:
    return puzzle_title(moment.seat, moment.dealer, moment.calls, rules)


def puzzle_title(seat: Seat, dealer: Seat, calls: tuple[str, ...], rules: RuleSet) -> str:
    """The one-line prompt: the learner's seat and the calls so far, then `QUESTION`: "You are
    W. E 6♥, S pass. Your call?" (the kind of moment is not named)."""
    if not calls:
        return f"You are {seat}, first to call. {QUESTION}"
    auction = Auction(rules, dealer, list(calls))
    said = ", ".join(f"{auction.seat_of_call(i)} {call_name(c)}" for i, c in enumerate(calls))
    return f"You are {seat}. {said}. {QUESTION}"


def generate_bid_puzzle(seed: int, samples: int = SAMPLES, workers: int | None = 1,
                        rules: RuleSet | None = None) -> BidPuzzle | None:
    """The bidding puzzle of ``seed`` (module docstring), or None when no deal of the seed
    fits its kind. The same seed, samples and rules always give the same record."""
    rules = rules or ruleset()
    rng = random.Random(seed)
    kind = KINDS[seed % len(KINDS)]
    moment = None
    for _ in range(ATTEMPTS):
        moment = find_moment(rng, kind, rules)
        if moment is not None:
            break
    if moment is None:
        return None
    analysis = analyse_bid(moment.hand, moment.seat, moment.dealer, moment.calls, rules,
                           samples, seed, workers)
    return with_write_up(BidPuzzle(
        id=f"b{seed:07d}", themes=tuple(detect_themes(kind, analysis, rules)),
        rating=initial_rating(kind, analysis), rating_deviation=INITIAL_DEVIATION,
        generator={"name": "bid", "version": GENERATOR_VERSION, "seed": seed, "kind": kind,
                   "samples": samples},
        analysis=analysis, moment=kind, title=_title(moment, rules),
    ))


def with_write_up(puzzle: BidPuzzle) -> BidPuzzle:
    """The puzzle with its write-up (`trainer.generate.write_ups.bid`), computed from the record
    as stored (figures rounded as in the bank), so that filling a bank's write-ups from its
    records (`trainer.generate.write_ups.fill`) gives the same text as generating them."""
    stored = BidPuzzle.from_json(puzzle.to_json())
    return replace(puzzle, write_up=bid_write_up(stored.analysis, stored.moment))


# --- grading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BidGrade:
    """The grade of a learner's call: its result and the best call's, the expected-score loss in
    points, the band (`trainer.generate.bands`), and an explanation in words."""

    call: CallResult
    best: CallResult
    loss: float
    band: str
    explanation: str


def call_name(code: str) -> str:
    """A call in words and symbols: ``pass``, ``7♥``, ``misère``."""
    call = parse_call(code)
    return call.pretty if isinstance(call, Bid) else "pass"


def outcome(analysis: BidAnalysis, result: CallResult) -> str:
    """What ``p_make`` means for this call, in words: "makes 71%", "their 7♠ is set 40%", or,
    when the finished auction did not always end in the call's own contract, "goes your way
    71%: your contract made or theirs set"."""
    pct = f"{100 * result.p_make:.0f}%"
    if not stands(analysis, result):
        return f"goes your way {pct}: your contract made or theirs set"
    if result.call != PASS:
        return f"makes {pct}"
    if analysis.standing is None:
        return "no bid stands: scored 0"
    call, seat, _ = analysis.standing
    if seat in analysis.rules.side_of(analysis.seat):
        return f"{seat_name(seat)}'s {call_name(call)} makes {pct}"
    return f"{seat_name(seat)}'s {call_name(call)} is set {pct}"


def strain_summary(analysis: BidAnalysis, strain: Strain) -> str:
    """One line on a strain's trick distribution: mean, and the chance of 6, 7, 8+ tricks."""
    hist = analysis.tricks.get(strain.value)
    if not hist:
        return ""
    n = sum(hist)
    mean = sum(t * k for t, k in enumerate(hist)) / n
    at_least = {lv: sum(hist[lv:]) / n for lv in (6, 7, 8, 9, 10)}
    name = "no trumps" if strain is Strain.NO_TRUMPS else f"{strain.symbol} trumps"
    chances = ", ".join(f"{lv}+ {100 * p:.0f}%" for lv, p in at_least.items())
    return f"At {name} you take {mean:.1f} tricks on average ({chances})."


def grade_bid(puzzle: BidPuzzle | BidAnalysis, call: str) -> BidGrade:
    """Grade ``call`` (``"P"`` or a bid code) against the table. Raises
    `trainer.simulate.SimulationError` (a `TrainerError`) if it is not a legal call here."""
    analysis = puzzle.analysis if isinstance(puzzle, BidPuzzle) else puzzle
    code = call if isinstance(call, str) else str(call)
    mine = analysis.value_of(code)
    best = analysis.best
    loss = max(0.0, best.ev - mine.ev)
    band = bid_band(loss)
    n = analysis.samples
    # one decimal, as the table beside it shows (a sentence's +10 against the table's +9.5)
    text = [f"Best: {call_name(best.call)}, {best.ev:+.1f} points a hand on average over {n} "
            f"layouts ({outcome(analysis, best)})."]
    if mine.call == best.call:
        text.append("That is your call: best.")
    else:
        text.append(f"Your {call_name(mine.call)}: {mine.ev:+.1f} "
                    f"({outcome(analysis, mine)}), {loss:.1f} points less: "
                    f"{band_words(band, loss)}.")
    strains = []
    for c in (best, mine):
        bid = parse_call(c.call)
        if isinstance(bid, Bid) and bid.strain is not None and bid.strain not in strains:
            strains.append(bid.strain)
    text.extend(s for s in (strain_summary(analysis, st) for st in strains) if s)
    if analysis.misere_made is not None and any(c.call in ("MIS", "OMIS") for c in (best, mine)):
        text.append(f"A misère is made on {analysis.misere_made} of {n} layouts.")
    return BidGrade(mine, best, loss, band, " ".join(text))


def top_strains(analysis: BidAnalysis, count: int = 2) -> list[Strain]:
    """The strains of the best strain bids in the table, best first (for the trick charts)."""
    out: list[Strain] = []
    for c in analysis.candidates:
        bid = parse_call(c.call)
        if isinstance(bid, Bid) and bid.strain is not None and bid.strain not in out:
            out.append(bid.strain)
    return out[:count] or [s for s in STRAINS if s.value in analysis.tricks][:count]


def bank_worker(seed: int) -> dict[str, Any] | None:
    """One seed for `trainer.generate.bank` (a worker process, one solver per process)."""
    puzzle = generate_bid_puzzle(seed)
    return None if puzzle is None else puzzle.to_json()


__all__ = [
    "KINDS",
    "BidGrade",
    "BidPuzzle",
    "Moment",
    "bank_worker",
    "call_name",
    "detect_themes",
    "find_moment",
    "generate_bid_puzzle",
    "grade_bid",
    "initial_rating",
    "outcome",
    "puzzle_title",
    "strain_summary",
    "top_strains",
    "with_write_up",
]
