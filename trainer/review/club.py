"""A club's deal set played and compared, as a duplicate table compares (no Streamlit here).

**The deals.** Deal ``i`` (0 first) of a set with seed ``S`` is `trainer.cards.deal` of
``trainer.game.hand_seed(S, i)``, the dealer moving on one seat a deal (the first deal's
dealer is the table's first seat), as `python -m trainer match` deals (`deal_of`). The bots
decide with the seed ``"<deal seed>:<i>"`` (`bot_seed`: what the game page's table gives hand
``i`` of a game whose seed is the deal seed, `trainer.ui.game.session.Table.bot_seed`) at the
set's level, so every member meets the same cards, the same dealer and the same bots, and bots
facing the same position decide alike.

**The score.** A member's result on a deal is their side's points on the hand and the other
sides' together (`hand_points`: the differences of `GameHand.score_into` from a new game's
score; a thrown-in hand is 0 to 0); its ``net`` is the first less the second (at 4 players,
N/S's net as ``match`` counts it, from the member's side).

**The comparison** (`compare`): per deal, the field is the members who have played it; a
member's score against the field is their net less the field's mean net on that deal (so the
scores on a deal sum to 0, as the two levels' scores of a ``match`` deal do); `standings` sums
and averages them per member over the deals they played.

**The commentary** (`commentary`): once a member has played a deal, the review's grading of
their own calls and cards (`trainer.review.grade.review_hand`): the costliest decision, the
better choice and why, and the double-dummy tricks of the contract (`par_tricks`: every card
shown, best play by all from the opening lead), in words.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.bidding import Bid, parse_call
from trainer.cards import Seat, deal
from trainer.codes import parse_card, parse_play
from trainer.errors import TrainerError
from trainer.game.game import hand_seed
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.generate.explain import play_text, seat_name
from trainer.review.grade import DecisionReview, HandReview
from trainer.rules import RuleSet
from trainer.scoring import GameScore
from trainer.solver import Solver

OPENED = ("inaccuracy", "mistake", "blunder")
"""Grades whose decision the commentary names as the key mistake (as the review opens them)."""


def deal_seed(set_seed: int, index: int) -> int:
    """The deal seed of deal ``index`` (0 first) of the set with ``set_seed``."""
    return hand_seed(set_seed, index)


def bot_seed(set_seed: int, index: int) -> str:
    """The seed the bots decide with on deal ``index`` of the set (module docstring)."""
    return f"{deal_seed(set_seed, index)}:{index}"


def dealer_of(rules: RuleSet, index: int) -> Seat:
    """Deal ``index``'s dealer: the table's seats in turn, the first seat first."""
    return rules.seats[index % len(rules.seats)]


def deal_of(rules: RuleSet, set_seed: int, index: int) -> GameHand:
    """Deal ``index`` of the set, before the first call (module docstring). Raises
    `TrainerError` for a negative index."""
    if index < 0:
        raise TrainerError(f"deal: {index + 1} is not a deal of the set")
    return GameHand(rules, deal(deal_seed(set_seed, index), rules.players, rules.deck,
                                dealer_of(rules, index)))


def hand_points(hand: GameHand, seat: Seat) -> tuple[int, int]:
    """(``seat``'s side's points, the other sides' together) on the finished ``hand``.
    Raises `TrainerError` when the hand is not over."""
    if not hand.is_over:
        raise TrainerError("result: the hand is not over")
    before = GameScore.new(hand.rules)
    after = hand.score_into(before)
    mine = next(side for side in after.scores if seat in side)
    points = after.scores[mine] - before.scores[mine]
    against = sum(after.scores[s] - before.scores[s] for s in after.scores if s != mine)
    return points, against


@dataclass(frozen=True)
class Entry:
    """One member's net on one deal (their side's points less the others')."""

    member: int
    deal: int
    net: int


@dataclass(frozen=True)
class Compared:
    """One member's result on one deal against the field: ``field`` the mean net of the
    members who played the deal (``size`` of them), ``score`` the member's net less it."""

    member: int
    deal: int
    net: int
    field: float
    size: int

    @property
    def score(self) -> float:
        return self.net - self.field


@dataclass(frozen=True)
class Standing:
    """A member's scores against the field summed over the deals they played (``total``),
    their mean (``mean``) and how many (``deals``)."""

    member: int
    deals: int
    total: float

    @property
    def mean(self) -> float:
        return self.total / self.deals if self.deals else 0.0


def compare(entries: Sequence[Entry]) -> list[Compared]:
    """Every entry against its deal's field (module docstring), in deal order then the order
    given. Raises `TrainerError` when one member has two entries on a deal."""
    by_deal: dict[int, list[Entry]] = {}
    for e in entries:
        row = by_deal.setdefault(e.deal, [])
        if any(x.member == e.member for x in row):
            raise TrainerError(f"result: member {e.member} has two results on deal {e.deal + 1}")
        row.append(e)
    out = []
    for number in sorted(by_deal):
        row = by_deal[number]
        field = statistics.fmean(e.net for e in row)
        out.extend(Compared(e.member, number, e.net, field, len(row)) for e in row)
    return out


def standings(compared: Sequence[Compared]) -> list[Standing]:
    """Each member's `Standing`, best total first (ties: fewer deals first, then the member)."""
    totals: dict[int, list[float]] = {}
    for c in compared:
        totals.setdefault(c.member, []).append(c.score)
    rows = [Standing(m, len(v), sum(v)) for m, v in totals.items()]
    return sorted(rows, key=lambda s: (-s.total, s.deals, s.member))


# --- the commentary ------------------------------------------------------------------------


def key_mistake(review: HandReview) -> DecisionReview | None:
    """The costliest unforced decision graded an inaccuracy or worse (the first of equals),
    or None when every decision was good or best."""
    costly = [d for d in review.decisions if not d.forced and d.band in OPENED]
    return max(costly, key=lambda d: d.drop) if costly else None


def choice_words(kind: str, code: str) -> str:
    """A decision in the game's words: ``P`` -> ``pass``, ``7H`` -> ``7♥``, ``AS KH 3C`` ->
    ``A♠ K♥ 3♣``, ``JK:H`` -> ``the joker (named ♥)``."""
    try:
        if kind == "call":
            call = parse_call(code)
            return call.pretty if isinstance(call, Bid) else "pass"
        if kind == "discard":
            return " ".join(parse_card(c).pretty for c in code.split())
        return play_text(parse_play(code))
    except (TrainerError, ValueError):
        return code


def _when(d: DecisionReview) -> str:
    if d.kind == "card":
        return f"At trick {d.trick}"
    return "In the auction" if d.kind == "call" else "In the discard"


def mistake_words(d: DecisionReview) -> str:
    """``At trick 4 you played 9♥; K♥ was better (about 40 points on average). <reason>``"""
    verb = {"call": "called", "discard": "discarded", "card": "played"}.get(d.kind, "chose")
    lost = (f"{d.win_loss:.0f}% of the chance of the game" if d.win_loss is not None
            else f"about {d.cost:.0f} points on average")
    text = (f"{_when(d)} you {verb} {choice_words(d.kind, d.chosen)}; "
            f"{choice_words(d.kind, d.best)} was better ({lost}).")
    reason = d.reason.strip()
    return f"{text} {reason}" if reason else text


def par_tricks(record: HandRecord, solver: Solver) -> int | None:
    """The tricks the declarer's side takes double dummy in the record's contract (misère: the
    declarer's own), with every card shown and best play by all from the opening lead; None
    for a hand with no play (thrown in, or stopped before the lead) or a 2-player table."""
    if record.rules.players == 2:
        return None
    try:
        hand = GameHand.from_record(record, upto=0)
    except TrainerError:
        return None
    if hand.phase is not Phase.PLAY or hand.state is None or hand.contract is None:
        return None
    return solver.value(hand.state)


def commentary(review: HandReview, record: HandRecord, par: int | None,
               taken: int | None) -> str:
    """The solver's commentary on a played deal for its member, a few sentences: the contract
    and its double-dummy tricks against those taken (when ``par`` is known), then the key
    mistake and the better choice, or that every decision was good."""
    parts = []
    hand = GameHand.from_record(record, upto=0)
    contract, declarer = hand.contract, hand.declarer
    if contract is None or declarer is None:
        parts.append("Everyone passed: the hand was thrown in.")
    else:
        who = "you" if declarer is review.seat else seat_name(declarer)
        parts.append(f"The contract was {contract.pretty} by {who}.")
        if par is not None:
            side = "the declarer" if contract.misere else "the declarer's side"
            took = "" if taken is None else f" (they took {taken})"
            parts.append(f"With every card shown and best play all round, {side} takes "
                         f"{par} trick{'' if par == 1 else 's'}{took}.")
    worst = key_mistake(review)
    if worst is not None:
        parts.append(mistake_words(worst))
    elif review.decisions:
        parts.append("Every decision you made was good or best.")
    return " ".join(parts)


def grades(review: HandReview) -> tuple[float | None, float]:
    """(accuracy 0-100 or None, points lost in all over the unforced decisions)."""
    lost = sum(d.cost for d in review.decisions if not d.forced)
    return review.accuracy, round(lost, 1)

