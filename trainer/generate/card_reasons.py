"""Why a card is wrong (or right), in a player's concepts, from the lines the solver plays.

`wrong_card_reasons` compares two lines from the same position, both best play by both sides
after the first card (`trainer.solver.Solver.principal_line`): the *refutation* (the learner's
wrong card first) and the *right line* (a right card first). Each reason class below has one
rule, read off the tricks of the two lines (`trainer.generate.line_facts`), so every sentence it
makes is a fact the engine and the solver establish. The classes, in the order their reasons
are given (`RULES`):

- ``joker_named_wrongly``: the joker is led naming a suit, and a right card is the joker led
  naming another suit.
- ``joker_too_early``: the wrong card is the joker and no right card is; on the right line the
  joker takes a later trick (or the puzzle is settled with it still in hand).
- ``joker_too_late``: every right card is the joker and the wrong card is not.
- ``blocks`` in misère: the misère declarer follows with a low card of the suit led where
  every right card is a higher card of it that still loses the trick, and the refutation makes
  the learner win a trick (the high card must go while it can duck).
- ``misere_stuck`` (the learner is the misère declarer): on the refutation the learner wins a
  trick; the sentence names that trick and the card that wins it.
- ``misere_escape`` (the learner defends a misère): on the right line the declarer must win a
  trick, on the refutation it wins none.
- ``no_draw``: a suit contract, the learner's side declaring and on lead; every right card is a
  trump lead, the wrong card is not, the opponents still hold trumps, and on the refutation an
  opponent wins a trick with a trump.
- ``draws_instead_of_ruff``: the learner leads a trump, no right card is a trump, and on the
  right line the learner's side wins a trick by ruffing.
- ``unguards``: the wrong card was the only card below a higher card of its suit in the
  learner's hand; that card, left bare, is caught on the refutation (played to a trick an
  opponent wins with a higher card of the suit) and wins a trick on the right line.
- ``blocks``: the learner follows to a trick with a lower card of the suit led where every
  right card is the learner's highest card of that suit, which does not win the trick, and the
  partner wins more tricks on the right line than on the refutation (unblocking).
- ``needs_lead`` (gives up the trick, and the lead, it needs): the right card wins this trick
  for the learner's side, the wrong card lets an opponent win it (not in misère).
- ``throw_in``: the right card gives this trick to an opponent, who must then lead; the wrong
  card wins it for the learner's side. With a solver given, the sentence says every lead the
  opponent has keeps the learner's goal only when the solver says so (not in misère).
- ``wastes_entry``: on the right line the partner wins this trick and a later one; on the
  refutation the partner does not win this trick and wins fewer tricks.
- ``lets_ruff``: opponents win more tricks by ruffing on the refutation than on the right line;
  the sentence names the first such ruff (an overruff when the learner's side trumped that
  trick before it).
- ``throws_winner``: the wrong card is a discard (not the suit led, not a trump), and on the
  right line, played later, it wins a trick that the refutation loses.
- ``unguards`` in its length form: another card of the wrong card's suit wins a trick for the
  learner on the right line and none on the refutation.
- ``lines_part`` (when no other class holds): the first trick the two lines give to different
  sides.

`trainer.generate.right_reasons` says why a right card works, by the same facts. The grader
(`trainer.generate.grading`) and the play write-ups (`trainer.generate.write_ups`)
use both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.generate.goals import Goal, judge
from trainer.generate.line_facts import (
    LinePair,
    TrickFact,
    after_trick,
    tricks_won,
    trumps_held,
    wins_with,
)
from trainer.lessons.question import names_list
from trainer.play import PlayState
from trainer.rules import Play


class ReasonKind(Enum):
    """The reason classes of the module docstring."""

    JOKER_NAMED_WRONGLY = "joker_named_wrongly"
    JOKER_TOO_EARLY = "joker_too_early"
    JOKER_TOO_LATE = "joker_too_late"
    MISERE_STUCK = "misere_stuck"
    MISERE_ESCAPE = "misere_escape"
    NO_DRAW = "no_draw"
    DRAWS_INSTEAD_OF_RUFF = "draws_instead_of_ruff"
    UNGUARDS = "unguards"
    THROWS_WINNER = "throws_winner"
    BLOCKS = "blocks"
    WASTES_ENTRY = "wastes_entry"
    LETS_RUFF = "lets_ruff"
    NEEDS_LEAD = "needs_lead"
    THROW_IN = "throw_in"
    LINES_PART = "lines_part"


@dataclass(frozen=True)
class CardReason:
    """One reason in words, with the fact it rests on: the ``card`` it is about, the ``trick``
    (its number in the hand) where the fact shows, and the ``seat`` that wins or holds it."""

    kind: ReasonKind
    text: str
    card: Card | None = None
    trick: int | None = None
    seat: Seat | None = None


def _card(card: Card) -> str:
    """``9♠``, or ``joker`` (after a possessive: "West's joker")."""
    return "joker" if card.is_joker else card.pretty


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- the rules, one a function; each returns a reason or None ----------------------------------


def _joker_name(x: LinePair) -> CardReason | None:
    wrong = x.wrong
    if not (wrong.card.is_joker and wrong.named is not None):
        return None
    better = [p.named for p in x.right if p.card.is_joker and p.named not in (None, wrong.named)]
    if not better:
        return None
    named = names_list([s.symbol for s in better if s is not None], "or")
    text = (f"The joker is the card to lead, but name {named}, not {wrong.named.symbol}."
            if x.good.card.is_joker else
            f"If you lead the joker, name {named}, not {wrong.named.symbol}.")
    first = x.fine[0] if x.fine else None
    contract = x.state.contract
    if contract is not None and contract.misere:  # tricks are the declarer's burden here
        if x.learner is not x.state.declarer and x.state.declarer is not None:
            text += (f" In misère the defence wants the declarer to take a trick: named "
                     f"{named}, the joker leaves {seat_name(x.state.declarer)} one to win; "
                     f"named {wrong.named.symbol}, it does not.")
    elif first is not None and x.good.named is not None:
        followers = [(s, p) for s, p in zip(first.seats[1:], first.plays[1:], strict=True)
                     if s in x.others and x.order.play_suit(p) is x.good.named]
        if followers:
            cards = names_list([f"{x.whose(s)} {play_text(p)}" for s, p in followers])
            text += (f" Naming {x.good.named.symbol} draws {cards}, a card that would "
                     f"otherwise take a trick." if len(followers) == 1 else
                     f" Naming {x.good.named.symbol} draws {cards}.")
    return CardReason(ReasonKind.JOKER_NAMED_WRONGLY, text, wrong.card,
                      first.number if first else None)


def _joker_early(x: LinePair) -> CardReason | None:
    if not x.wrong.card.is_joker or any(p.card.is_joker for p in x.right):
        return None
    later = wins_with(x.fine, x.wrong.card)
    if later is not None and later.winner is x.learner:
        return CardReason(ReasonKind.JOKER_TOO_EARLY,
                          f"That spends the joker too early: kept, it takes trick "
                          f"{later.number} on the right line.", x.wrong.card, later.number,
                          x.learner)
    if x.goal.at_least or not x.order.free_joker:
        return CardReason(ReasonKind.JOKER_TOO_EARLY,
                          "That spends the joker too early: the right line keeps it.",
                          x.wrong.card)
    return None


def _joker_late(x: LinePair) -> CardReason | None:
    if x.wrong.card.is_joker or not x.right or not all(p.card.is_joker for p in x.right):
        return None
    text = "Now is the time for the joker."
    contract = x.state.contract
    # in misère who wins the trick where the lines part is not the point: `_misere` says it
    parted = None if contract is not None and contract.misere else x.part()
    if parted is not None:
        text = f"Now is the time for the joker: held back, {x.won_text(parted[0])}."
    return CardReason(ReasonKind.JOKER_TOO_LATE, text, x.good.card,
                      parted[0].number if parted else None)


def _misere(x: LinePair) -> CardReason | None:
    contract = x.state.contract
    if contract is None or not contract.misere:
        return None
    declarer = x.state.declarer
    if x.learner is declarer:
        stuck = next((t for t in x.bad if t.winner is declarer), None)
        if stuck is None:
            return None
        card = stuck.winning
        if card.card == x.wrong.card:
            text = (f"{_cap(play_text(card))} wins trick {stuck.number}: in misère that "
                    f"sets you.")
        else:
            lead = stuck.plays[0]
            by = "you lead" if stuck.seats[0] is x.learner else f"{seat_name(stuck.seats[0])} leads"
            text = (f"It leaves you stuck with {play_text(card)}: in trick {stuck.number} "
                    f"{by} {play_text(lead)} and your {play_text(card)} wins it.")
        return CardReason(ReasonKind.MISERE_STUCK, text, card.card, stuck.number, declarer)
    if declarer is None:
        return None
    caught = next((t for t in x.fine if t.winner is declarer), None)
    if caught is None or any(t.winner is declarer for t in x.bad):
        return None
    who = seat_name(declarer)
    return CardReason(ReasonKind.MISERE_ESCAPE,
                      f"It lets the declarer escape: on the right line {who} wins trick "
                      f"{caught.number} with {play_text(caught.winning)}, and after "
                      f"{play_text(x.wrong)} "
                      f"{who} wins no trick.", caught.winning.card, caught.number, declarer)


def _misere_unblock(x: LinePair) -> CardReason | None:
    """The misère declarer follows with a low card where the right card is a higher one of
    the suit led that still loses the trick: the high card must go while it can duck."""
    state = x.state
    contract = state.contract
    if contract is None or not contract.misere or x.learner is not state.declarer:
        return None
    if not state.trick or not x.right or not x.bad or not x.fine:
        return None
    order = x.order
    led = order.play_suit(state.trick[0])
    wrong = x.wrong.card
    if order.effective_suit(wrong) is not led or x.fine[0].winner is x.learner:
        return None
    if not all(order.effective_suit(p.card) is led and order.power(p.card) > order.power(wrong)
               for p in x.right):
        return None
    stuck = next((t for t in x.bad if t.winner is x.learner), None)
    if stuck is None:
        return None
    first = x.fine[0]
    text = (f"Play your highest card that still ducks: {play_text(x.good)} goes under "
            f"{x.whose(first.winner)} {play_text(first.winning)}. After "
            f"{play_text(x.wrong)} your {play_text(stuck.winning)} wins trick {stuck.number}.")
    return CardReason(ReasonKind.BLOCKS, text, stuck.winning.card, stuck.number, x.learner)


def _on_lead_declaring(x: LinePair) -> bool:
    s = x.state
    return (s.order.trump is not None and not s.trick and s.declarer is not None
            and x.learner in s.rules.side_of(s.declarer) and x.goal.at_least)


def _no_draw(x: LinePair) -> CardReason | None:
    order = x.order
    if not _on_lead_declaring(x) or order.is_trump(x.wrong.card):
        return None
    if not x.right or not all(order.is_trump(p.card) for p in x.right):
        return None
    theirs = trumps_held(x.state, x.others)
    ruff = next((t for t in x.bad if t.winner in x.others and x.order.is_trump(t.winning.card)),
                None)
    if not theirs or ruff is None:
        return None
    held_text = "; ".join(f"{seat_name(s)}'s {names_list([_card(c) for c in cs])}"
                          for s, cs in theirs.items())
    text = (f"Draw trumps first: the opponents still hold trumps ({held_text}), and after "
            f"{play_text(x.wrong)} {x.won_text(ruff)}.")
    return CardReason(ReasonKind.NO_DRAW, text, ruff.winning.card, ruff.number, ruff.winner)


def _draws_instead(x: LinePair) -> CardReason | None:
    order = x.order
    if not _on_lead_declaring(x) or not order.is_trump(x.wrong.card):
        return None
    if not x.right or any(order.is_trump(p.card) for p in x.right):
        return None
    ruff = next((t for t in x.fine if t.ruff and t.winner in x.own), None)
    if ruff is None:
        return None
    text = (f"Leading trumps now spends the trump you need for a ruff: on the right line "
            f"{x.won_text(ruff)}.")
    return CardReason(ReasonKind.DRAWS_INSTEAD_OF_RUFF, text, ruff.winning.card, ruff.number,
                      ruff.winner)


def _unguards(x: LinePair) -> CardReason | None:
    wrong = x.wrong.card
    if wrong.is_joker:
        return None
    order = x.order
    suit = order.effective_suit(wrong)
    mine = [c for c in x.state.hands[x.learner] if c != wrong
            and order.effective_suit(c) is suit and order.power(c) > order.power(wrong)]
    for card in sorted(mine, key=order.power):
        below = [c for c in x.state.hands[x.learner] if c not in (wrong, card)
                 and order.effective_suit(c) is suit and order.power(c) < order.power(card)]
        if below:
            continue  # still guarded by another card
        caught = next((t for t in x.bad if any(p.card == card for p in t.plays)), None)
        if caught is None or caught.winner not in x.others:
            continue
        if order.play_suit(caught.winning) is not suit or caught.ruff:
            continue
        later = wins_with(x.fine, card)
        if later is None or later.winner not in x.own:
            continue
        text = (f"{_cap(wrong.pretty)} was the guard of your {card.pretty}: without it, "
                f"{x.whose(caught.winner)} {play_text(caught.winning)} catches it in trick "
                f"{caught.number}. On the right line your {card.pretty} takes trick "
                f"{later.number}.")
        return CardReason(ReasonKind.UNGUARDS, text, card, caught.number, caught.winner)
    return None


def _shortens(x: LinePair) -> CardReason | None:
    """The length form of ``unguards``: another card of the wrong card's suit wins a trick for
    the learner on the right line and none on the refutation (the suit's length guarded it)."""
    wrong = x.wrong.card
    if wrong.is_joker:
        return None
    suit = x.order.effective_suit(wrong)
    for card in sorted(x.state.hands[x.learner], key=x.order.power):
        if card == wrong or x.order.effective_suit(card) is not suit:
            continue
        later = wins_with(x.fine, card)
        if later is None or later.winner is not x.learner or wins_with(x.bad, card):
            continue
        after = (f"on the right line your {card.pretty} takes trick {later.number}, and after "
                 f"{wrong.pretty} it takes none.")
        fate = next((t for t in x.bad if t.card_of(x.learner) is not None
                     and t.card_of(x.learner).card == card), None)
        if x.order.is_trump(wrong) and x.order.power(wrong) > x.order.power(card):
            text = f"{_cap(wrong.pretty)} spends a high trump where a low one does: {after}"
        elif fate is not None and fate.led is suit:  # it has to follow, with no card left
            name = suit.symbol if suit is not None else "cards"  # to guard it: length
            text = f"Keep your {name} length: {after}"
        elif fate is not None:
            text = (f"After {wrong.pretty} your {card.pretty} takes no trick: it is thrown "
                    f"away in trick {fate.number}, where on the right line it takes trick "
                    f"{later.number}.")
        else:
            continue
        return CardReason(ReasonKind.UNGUARDS, text, card, later.number, x.learner)
    return None


def _discarding(x: LinePair, play: Play) -> bool:
    """Does ``play`` neither follow the suit led nor trump (a discard)?"""
    state = x.state
    if not state.trick:
        return False
    led = x.order.play_suit(state.trick[0])
    return x.order.play_suit(play) is not led and not x.order.is_trump(play.card)


def _throws_winner(x: LinePair) -> CardReason | None:
    wrong = x.wrong.card
    first = x.bad[0] if x.bad else None
    if first is None or first.winning.card == wrong or not _discarding(x, x.wrong):
        return None
    later = wins_with(x.fine, wrong)
    if later is None or later.winner not in x.own or later.number == first.number:
        return None
    twin = next((t for t in x.bad if t.number == later.number), None)
    if twin is not None and x.good_for_us(twin):
        return None  # that trick is not lost without it
    how = "throw" if _discarding(x, x.good) else "play"
    text = (f"{_cap(play_text(x.wrong))} is a winner: on the right line it takes trick "
            f"{later.number}. Keep it, and {how} {play_text(x.good)} now.")
    return CardReason(ReasonKind.THROWS_WINNER, text, wrong, later.number, later.winner)


def _partner_tricks(x: LinePair, facts: Sequence[TrickFact]) -> list[TrickFact]:
    return tricks_won(facts, x.partners)


def _blocks(x: LinePair) -> CardReason | None:
    state = x.state
    if not state.trick or not x.partners or not x.fine or not x.bad:
        return None
    order = x.order
    led = order.play_suit(state.trick[0])
    mine = [c for c in state.hands[x.learner] if order.effective_suit(c) is led]
    if len(mine) < 2 or x.wrong.card not in mine:
        return None
    top = max(mine, key=order.power)
    if not x.right or any(p.card != top for p in x.right) or x.wrong.card == top:
        return None
    if x.fine[0].winner is x.learner:
        return None
    fine_p, bad_p = _partner_tricks(x, x.fine), _partner_tricks(x, x.bad)
    if len(fine_p) <= len(bad_p):
        return None
    partner = fine_p[0].winner
    numbers = names_list([str(t.number) for t in fine_p])
    text = (f"Keeping {top.pretty} blocks the suit: play it now, and on the right line "
            f"{seat_name(partner)} takes trick{'s' if len(fine_p) > 1 else ''} {numbers}.")
    return CardReason(ReasonKind.BLOCKS, text, top, fine_p[0].number, partner)


def _wastes_entry(x: LinePair) -> CardReason | None:
    if not x.partners or not x.fine or not x.bad:
        return None
    first = x.fine[0]
    if first.winner not in x.partners:
        return None
    partner = first.winner
    again = [t for t in x.fine[1:] if t.winner is partner]
    if not again or x.bad[0].winner is partner:
        return None
    if len(_partner_tricks(x, x.bad)) >= len(_partner_tricks(x, x.fine)):
        return None
    cashed = again[0]
    text = (f"It wastes the entry to {seat_name(partner)}'s hand: on the right line "
            f"{seat_name(partner)} wins this trick with {play_text(first.winning)} and then "
            f"takes trick {cashed.number} with {play_text(cashed.winning)}.")
    return CardReason(ReasonKind.WASTES_ENTRY, text, first.winning.card, first.number, partner)


def _lets_ruff(x: LinePair) -> CardReason | None:
    def theirs(facts: Sequence[TrickFact]) -> list[TrickFact]:
        return [t for t in facts if t.ruff and t.winner in x.others]

    bad, fine = theirs(x.bad), theirs(x.fine)
    if len(bad) <= len(fine):
        return None
    matched = {(t.winner, t.led) for t in fine}
    for trick in bad:
        if (trick.winner, trick.led) in matched:
            continue
        at = trick.plays.index(trick.winning)
        ours = [(s, p) for s, p in list(zip(trick.seats, trick.plays, strict=True))[:at]
                if s in x.own and x.order.is_trump(p.card)]
        if ours:
            seat, card = ours[-1]
            text = (f"It lets {seat_name(trick.winner)} overruff: in trick {trick.number} "
                    f"{seat_name(trick.winner)} beats {x.whose(seat)} {play_text(card)} with "
                    f"{play_text(trick.winning)}.")
        else:
            text = (f"It lets {seat_name(trick.winner)} ruff: in trick {trick.number} "
                    f"{seat_name(trick.winner)} trumps {play_text(trick.plays[0])} with "
                    f"{play_text(trick.winning)}.")
        return CardReason(ReasonKind.LETS_RUFF, text, trick.winning.card, trick.number,
                          trick.winner)
    return None


def _first_trick_sides(x: LinePair) -> tuple[TrickFact, TrickFact] | None:
    """The first trick on both lines, when it is the same trick (not in misère, where who
    wins a trick is the misère rule's business)."""
    contract = x.state.contract
    if contract is not None and contract.misere:
        return None
    if not x.bad or not x.fine or x.bad[0].number != x.fine[0].number:
        return None
    return x.bad[0], x.fine[0]


def _needs_lead(x: LinePair) -> CardReason | None:
    pair = _first_trick_sides(x)
    if pair is None:
        return None
    bad, fine = pair
    if not (fine.winner in x.own and bad.winner in x.others):
        return None
    takes = "take" if bad.winner is x.learner else "takes"
    after = (f"after {play_text(x.wrong)}, {x.who(bad.winner)} {takes} it with "
             f"{play_text(bad.winning)}")
    if fine.winning == x.good:
        wins = "ruffs and wins" if fine.ruff else "wins"
        text = f"{_cap(play_text(x.good))} {wins} this trick for your side; {after}."
    else:
        text = (f"After {play_text(x.good)}, {x.whose(fine.winner)} {play_text(fine.winning)} "
                f"wins this trick for your side; {after}.")
    return CardReason(ReasonKind.NEEDS_LEAD, text, fine.winning.card, fine.number, fine.winner)


def every_lead_keeps(state: PlayState, seat: Seat, goal: Goal, counted: int,
                     solver) -> bool:
    """Does every legal lead of ``seat``, on lead in ``state``, keep the learner's ``goal``
    (``counted``: the goal's tricks already taken)? By the solver's values."""
    if state.to_play is not seat or state.trick:
        return False
    verdicts = judge(solver.analyse(state), state, goal, counted)
    return not verdicts.wrong


def _throw_in(x: LinePair) -> CardReason | None:
    solver, counted = x.solver, x.counted
    pair = _first_trick_sides(x)
    if pair is None:
        return None
    bad, fine = pair
    if not (fine.winner in x.others and bad.winner in x.own):
        return None
    opp = seat_name(fine.winner)
    text = f"Winning this trick is wrong: let {opp} win it, and {opp} must lead next."
    if solver is not None and x.state.declarer is not None:
        after = after_trick(fine)
        declarers = set(x.state.rules.side_of(x.state.declarer))
        taken = counted + (fine.winner in declarers)
        if every_lead_keeps(after, fine.winner, x.goal, taken, solver):
            text = (f"Winning this trick is wrong: let {opp} win it. {opp} must then lead, and "
                    f"every card {opp} can lead gives you what you need.")
    return CardReason(ReasonKind.THROW_IN, text, fine.winning.card, fine.number, fine.winner)


def _lines_part(x: LinePair) -> CardReason | None:
    parted = x.part()
    if parted is None:
        return None
    bad, fine = parted
    text = (f"The lines part in trick {bad.number}: after {play_text(x.wrong)} "
            f"{x.won_text(bad)}, where "
            f"on the right line {x.won_text(fine)}.")
    return CardReason(ReasonKind.LINES_PART, text, bad.winning.card, bad.number, bad.winner)


RULES = (_joker_name, _joker_early, _joker_late, _misere_unblock, _misere, _no_draw,
         _draws_instead, _unguards, _blocks, _needs_lead, _throw_in, _wastes_entry, _lets_ruff,
         _throws_winner, _shortens)
"""The rules in the order their reasons are given: the joker, misère and trumps first, then
what the card does to this trick, then what it costs later."""


def wrong_card_reasons(state: PlayState, learner: Seat, goal: Goal, wrong: Play,
                       refutation: Sequence[Play], right: Sequence[Play], good: Play,
                       right_line: Sequence[Play], solver=None,
                       counted: int = 0) -> list[CardReason]:
    """Every reason class (module docstring) that holds for ``wrong`` at ``state``, in the
    order listed; ``lines_part`` only when no other holds (and nothing when the lines never
    part, which a wrong card's lines always do).

    ``refutation`` and ``right_line``: best play from ``state`` after ``wrong`` and after
    ``good`` (each starting with that card, to the end of the hand or as far as known);
    ``right``: every right play; ``goal``: the puzzle's goal, ``counted`` its tricks already
    taken since the puzzle began; ``solver``: used only by ``throw_in`` to check the
    opponent's leads. Raises `trainer.errors.IllegalPlayError` if a line is not playable.
    """
    lines = LinePair(state, learner, goal, wrong, refutation, right, good, right_line, solver,
                     counted)
    found: list[CardReason] = []
    for rule in RULES:
        reason = rule(lines)
        if reason is not None and all(r.kind is not reason.kind for r in found):
            found.append(reason)  # one reason a class: the first rule's
    if any(r.kind is ReasonKind.BLOCKS for r in found):  # the misère unblock says it already
        found = [r for r in found if r.kind is not ReasonKind.MISERE_STUCK]
    if not found:
        parted = _lines_part(lines)
        if parted is not None:
            found.append(parted)
    return found
