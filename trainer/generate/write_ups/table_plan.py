"""The plan of an at-the-table puzzle in a strong player's words, from the layouts and the solver.

On a layout, a card's *line* is the rest of the hand with best play on both sides after it
(each seat plays the card that is best for its side, `trainer.bots.cards.layout_values`; ties
go to the lowest card). The plan compares the right card's line with the tempting card's on
the layout shown (where the right card succeeds and the tempting one fails), at the trick on
the table first:

- partner is winning the trick and the tempting card overtakes: "North's Q♦ is winning this
  trick: let it win, and keep your A♥.";
- a ruff that wins the trick: "Ruff West's A♦ with K♥: East must follow diamonds, so he
  cannot overruff." (who is left to play, and that each followed suit or held no higher trump);
- the right card wins the trick and the tempting one lets an opponent win it: "Win this trick
  with A♣: after 8♣, North takes it with K♣.";
- the right card lets the trick go where the tempting card wins it, and the tempting card
  then wins a later trick: "Let this trick go and keep K♥: it takes trick 7 later.";
- a lead from the top of a sequence: "Lead K♥ from K♥ Q♥: it drives out the A♥, and your
  Q♥ takes trick 6.";
- misère: "Play 7♥ under East's 8♥: 9♥ would win the trick." (declarer), "Make the declarer
  win this trick: after 5♠ his 9♠ takes it." (defence);
- the right card wins the trick now, and kept (the tempting line) falls later to an
  opponent's card or under partner's: "Ruff with K♦ now, while it wins the trick: kept, it
  falls under North's J♥ at trick 6.";
- otherwise the first later trick that the tempting card's line loses and the right card's
  line takes: "After 5♣, East takes trick 6 with A♦; after K♦ that trick is your side's.".

The facts are tried in that order; a trick fact is used only when it holds on at least half
the graded layouts where the right card succeeds and the tempting one fails (`HOLDS_SHARE`),
else the later-trick sentence on the layout shown. Every sentence comes with a `Plan` naming
the fact, so tests can check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.bots.cards import layout_values
from trainer.cards import Card, Seat
from trainer.generate.explain import seat_name
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:
    from trainer.generate.records_table import TablePuzzle
    from trainer.solver import Solver

SUIT_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
HOLDS_SHARE = 0.5
"""The share of the deciding layouts (right succeeds, tempting fails) on which a trick fact
must hold to be the plan."""


def name(card: Card) -> str:
    return "the joker" if card.is_joker else card.pretty


def his(seat: Seat, learner: Seat) -> str:
    return "your" if seat is learner else f"{seat_name(seat)}'s"


def best_play(state: PlayState, solver: Solver) -> Play:
    """The play best for the side of the seat to move (lowest card among equals)."""
    seat = state.to_play
    assert seat is not None
    values = layout_values(state, seat, solver)
    top = max(v[0] for v in values.values())
    best = [p for p, v in values.items() if v[0] == top]
    return min(best, key=lambda p: (state.order.display_key(p.card)))


@dataclass(frozen=True)
class TrickEnd:
    """How the trick on the table ends after one card, with best play: its plays and seats
    (learner's card included), the winner's seat and winning card."""

    plays: tuple[Play, ...]
    seats: tuple[Seat, ...]
    winner: Seat
    card: Card


def finish_trick(state: PlayState, play: Play, solver: Solver) -> tuple[TrickEnd, PlayState]:
    """Push ``play``, then best play to the end of the trick; the end and the state after."""
    work = state.copy()
    done = work.push(play)
    while done is None:
        done = work.push(best_play(work, solver))
    winner = work.trick_winner_seat(done)
    card = next(p.card for p, s in zip(done.plays, done.seats, strict=True) if s is winner)
    return TrickEnd(tuple(done.plays), tuple(done.seats), winner, card), work


def line_tricks(state: PlayState, play: Play, solver: Solver) -> list[TrickEnd]:
    """The trick on the table and each later trick, best play after ``play``."""
    end, work = finish_trick(state, play, solver)
    out = [end]
    while not work.is_over:
        end, work = finish_trick(work, best_play(work, solver), solver)
        out.append(end)
    return out


def line_winners(state: PlayState, play: Play, solver: Solver) -> list[tuple[Seat, Card]]:
    """(winner, winning card) of the trick on the table and each later trick, best play after
    ``play``."""
    return [(t.winner, t.card) for t in line_tricks(state, play, solver)]


@dataclass(frozen=True)
class Plan:
    """The plan sentence and the fact it states: ``kind`` (``overtake``, ``ruff``, ``win``,
    ``duck``, ``sequence``, ``under``, ``feed``, ``keep``, ``later``), the seat and card it names
    (``seat``, ``card``), the trick it names (number from the first of the hand, or 0 for the
    one on the table) and the share of the deciding layouts on which the trick fact holds."""

    kind: str
    text: str
    seat: Seat | None = None
    card: Card | None = None
    trick: int = 0
    holds: float = 1.0


def trick_kind(state: PlayState, right: Play, tempting: Play, solver: Solver) -> str | None:
    """The first trick fact (module docstring) that holds on ``state``, or None."""
    kinds = trick_kinds(state, right, tempting, solver)
    return kinds[0] if kinds else None


def trick_kinds(state: PlayState, right: Play, tempting: Play, solver: Solver) -> list[str]:
    """Every trick fact (module docstring) that holds on ``state``, first choice first."""
    out: list[str] = []
    learner = state.to_play
    assert learner is not None
    ours = set(state.rules.side_of(learner))
    contract = state.contract
    assert contract is not None and state.declarer is not None
    r, _ = finish_trick(state, right, solver)
    t, _ = finish_trick(state, tempting, solver)
    if contract.misere:
        if learner is state.declarer:
            return ["under"] if r.winner is not learner and t.winner is learner else []
        d = state.declarer
        return ["feed"] if r.winner is d and t.winner is not d else []
    if state.trick:
        before = state.order.trick_winner(list(state.trick))
        leader_now = state.trick_seats()[before]
        if (leader_now in ours and leader_now is not learner and r.winner is leader_now
                and t.winner is learner):
            out.append("overtake")
    trump = contract.trump
    led = state.order.play_suit(state.trick[0]) if state.trick else None
    if (trump is not None and led is not None and led is not trump
            and state.order.play_suit(right) is trump and r.winner in ours
            and t.winner not in ours):
        out.append("ruff")
    if not state.trick and _sequence(state, right) is not None:
        out.append("sequence")
    if r.winner in ours and t.winner not in ours:
        out.append("win")
    if r.winner not in ours and t.winner in ours:
        out.append("duck")
    return out


def _sequence(state: PlayState, play: Play) -> Card | None:
    """The learner's card just below ``play`` in its suit, when ``play`` heads a sequence."""
    seat = state.to_play
    assert seat is not None
    suit = state.order.play_suit(play)
    if play.card.is_joker or suit is None:
        return None
    same = sorted((c for c in state.hands[seat] if state.order.effective_suit(c) is suit),
                  key=state.order.display_key)
    unseen_between = [c for c in _suit_cards(state, suit) if c not in state.hands[seat]]
    at = same.index(play.card)
    if at + 1 >= len(same):
        return None
    lower = same[at + 1]
    # no card of another player between them (cards played already do not count)
    between = [c for c in unseen_between
               if state.order.display_key(play.card) < state.order.display_key(c)
               < state.order.display_key(lower)]
    return None if between else lower


def _suit_cards(state: PlayState, suit: object) -> list[Card]:
    return [c for h in state.hands.values() for c in h if state.order.effective_suit(c) is suit]


def plan(puzzle: TablePuzzle, layouts: Sequence[PlayState], solver: Solver) -> Plan:
    """The plan of ``puzzle`` (module docstring): ``layouts`` are the record's graded layouts
    in its order (the shown one is the record's position)."""
    shown = puzzle.position.to_state()
    right, tempting = puzzle.right[0], puzzle.tempting
    deciding = [layouts[i] for i in range(puzzle.layouts)
                if puzzle.outcomes[right][i] and not puzzle.outcomes[tempting][i]]
    kinds = trick_kinds(shown, right, tempting, solver) if deciding else []
    found = [trick_kinds(s, right, tempting, solver) for s in deciding] if kinds else []
    for kind in kinds:
        share = sum(kind in k for k in found) / len(deciding)
        if share >= HOLDS_SHARE:
            text = _trick_text(kind, shown, right, tempting, solver)
            if text is not None:
                return Plan(kind, text[0], text[1], text[2], text[3], share)
    return _later(shown, right, tempting, solver)


def _trick_text(kind: str, state: PlayState, right: Play, tempting: Play, solver: Solver
                ) -> tuple[str, Seat | None, Card | None, int] | None:
    learner = state.to_play
    assert learner is not None
    r, after_r = finish_trick(state, right, solver)
    t, _ = finish_trick(state, tempting, solver)
    rc, tc = name(right.card), name(tempting.card)
    now = len(state.history) + 1
    if kind == "overtake":
        at = state.order.trick_winner(list(state.trick))
        seat, card = state.trick_seats()[at], state.trick[at].card
        return (f"{seat_name(seat)}'s {name(card)} is winning this trick: let it win, and keep "
                f"your {tc}.", seat, card, 0)
    if kind == "ruff":
        at = state.order.trick_winner(list(state.trick))
        seat, card = state.trick_seats()[at], state.trick[at].card
        led = state.order.play_suit(state.trick[0])
        suit = SUIT_WORDS[led.value] if led is not None else "the suit"
        later = [(s, p) for s, p in zip(r.seats, r.plays, strict=True)
                 if r.seats.index(s) > r.seats.index(learner)
                 and s not in state.rules.side_of(learner)]
        text = f"Ruff {seat_name(seat)}'s {name(card)} with {rc}"
        if later:
            followed = [s for s, p in later if state.order.play_suit(p) is led]
            if len(followed) == len(later):
                who = " and ".join(seat_name(s) for s, _ in later)
                text += (f": {who} must follow {suit}, so "
                         f"{'he cannot' if len(later) == 1 else 'they cannot'} overruff.")
            else:
                text += ": it is high enough that nobody after you can overruff."
        else:
            text += ": you play last, so it wins the trick."
        return text, seat, card, 0
    if kind == "win":
        return (f"Win this trick with {rc}: after {tc}, {seat_name(t.winner)} takes it with "
                f"{name(t.card)}.", t.winner, t.card, 0)
    if kind == "duck":
        wins = line_winners(state, right, solver)
        later = next((k for k, (s, c) in enumerate(wins) if k and c == tempting.card), None)
        if later is None:
            return None
        return (f"Let {seat_name(r.winner)}'s {name(r.card)} win this trick and keep {tc}: it "
                f"takes trick {now + later} later.", r.winner, r.card, now + later)
    if kind == "sequence":
        lower = _sequence(state, right)
        assert lower is not None
        wins = line_winners(state, right, solver)
        later = next((k for k, (s, c) in enumerate(wins) if k and c == lower), None)
        if later is None:
            return None
        first = ("it drives out the " + name(r.card) if r.winner is not learner
                 else "it wins the trick")
        return (f"Lead {rc} from {rc} {name(lower)}: {first}, and your {name(lower)} takes "
                f"trick {now + later}.", r.winner, lower, now + later)
    if kind == "under":
        return (f"Play {rc} under {his(r.winner, learner)} {name(r.card)}: {tc} would win the "
                "trick.", r.winner, r.card, 0)
    if kind == "feed":
        return (f"Make the declarer win this trick: after {rc} {seat_name(r.winner)}'s "
                f"{name(r.card)} takes it; after {tc} it does not.", r.winner, r.card, 0)
    del after_r
    return None


def _later(state: PlayState, right: Play, tempting: Play, solver: Solver) -> Plan:
    """The first trick the tempting card's line gives to the other side that the right card's
    line keeps (by trick number), on ``state``."""
    learner = state.to_play
    assert learner is not None
    contract = state.contract
    assert contract is not None and state.declarer is not None
    ours = set(state.rules.side_of(learner))
    now = len(state.history) + 1
    rc, tc = name(right.card), name(tempting.card)
    misere = contract.misere
    rl, tl = line_tricks(state, right, solver), line_tricks(state, tempting, solver)
    wins_now = rl[0].winner is learner and rl[0].card == right.card
    for k, trick in enumerate(tl):
        if not (k and wins_now and not misere and right.card in (p.card for p in trick.plays)
                and trick.winner is not learner):
            continue
        suit = state.order.effective_suit(right.card)
        if state.order.effective_suit(trick.card) is suit or (
                contract.trump is not None and state.order.effective_suit(trick.card)
                is contract.trump):
            verb = "Ruff with" if state.trick and suit is contract.trump and \
                state.order.play_suit(state.trick[0]) is not suit else "Play"
            to = "under" if trick.winner in ours else "to"
            return Plan("keep", f"{verb} {rc} now, while it wins the trick: kept, it falls {to} "
                        f"{his(trick.winner, learner)} {name(trick.card)} at trick {now + k}.",
                        trick.winner, trick.card, now + k)
        break
    for k, (r, t) in enumerate(zip(rl, tl, strict=True)):
        rs, ts, tcard = r.winner, t.winner, t.card
        if misere and learner is state.declarer:
            bad = ts is learner and rs is not learner
        elif misere:
            bad = ts is not state.declarer and rs is state.declarer
        else:
            bad = ts not in ours and rs in ours
        if not bad:
            continue
        if misere and learner is state.declarer:
            return Plan("later", f"After {tc} you are made to take trick {now + k} with "
                        f"{name(tcard)}; after {rc} you escape it.", ts, tcard, now + k)
        if misere:
            return Plan("later", f"{cap(rc)} makes the declarer take trick {now + k} (with "
                        f"{name(r.card)}); after {tc} he escapes it.", rs, r.card, now + k)
        return Plan("later", f"{cap(tc)} costs trick {now + k}: after it "
                    f"{'you take' if ts is learner else seat_name(ts) + ' takes'} that trick "
                    f"with {name(tcard)}; after {rc} your side takes it.", ts, tcard, now + k)
    return Plan("later", f"{cap(rc)} keeps your side's chances; {tc} gives them up.")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
