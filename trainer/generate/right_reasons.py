"""Why a right card works, in one clause a player would say, read off the solver's line.

`right_card_reason` looks at the line of play after a right card (the card first; the grader
and the write-ups give the line the learner is shown: the puzzle's main line or the replies
played, continued by the solver's best play, `trainer.generate.grading.played_out`) and says
what the card does, by the first rule that holds:

- ``duck`` (the misère declarer): the card loses the trick: it ducks under the winner, or goes
  safely on a suit the declarer cannot follow.
- ``catches`` (defending a misère, where only the declarer's tricks matter): the declarer wins a
  trick of the line.
- ``joker_named``: the joker led naming a suit draws an opponent's card of that suit.
- ``draws_trumps``: a trump lead after which the opponents hold no trump.
- ``ruff``: the card wins a trick led in another suit with a trump.
- ``entry``: the partner wins the trick and a later one (not in misère).
- ``keeps_winner``: a discard (not following suit, not a trump) while a card kept takes a later
  trick (not in misère).
- ``throw_in``: a lead, or a card when another would head the trick, gives the trick to an
  opponent, who must lead next, and the goal still holds (not in misère).
- ``wins``: the card takes the trick.
- ``count``: what the learner's side takes of the line's tricks against best play.

The same facts as the wrong cards' reasons (`trainer.generate.card_reasons`), by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.cards import Seat
from trainer.generate.explain import play_text, seat_name
from trainer.generate.goals import Goal
from trainer.generate.line_facts import LinePair, after_trick, trumps_held
from trainer.lessons.question import names_list
from trainer.play import PlayState
from trainer.rules import Play


class RightKind(Enum):
    """The rules of the module docstring."""

    DUCK = "duck"
    JOKER_NAMED = "joker_named"
    DRAWS_TRUMPS = "draws_trumps"
    RUFF = "ruff"
    THROW_IN = "throw_in"
    ENTRY = "entry"
    KEEPS_WINNER = "keeps_winner"
    WINS = "wins"
    CATCHES = "catches"
    COUNT = "count"


@dataclass(frozen=True)
class RightReason:
    """Why a right card works: its ``kind`` and a ``predicate`` to follow the card ("draws the
    opponents' last trump"), for `sentence`."""

    kind: RightKind
    predicate: str

    def sentence(self, subject: str) -> str:
        """``"A♥ draws the opponents' last trump."`` for subject ``"A♥"``."""
        return f"{subject[:1].upper()}{subject[1:]} {self.predicate}."


def right_card_reason(state: PlayState, learner: Seat, goal: Goal, play: Play,
                      line: Sequence[Play]) -> RightReason:
    """Why ``play`` works at ``state`` (module docstring), from ``line``: best play after it,
    starting with it. Raises `trainer.errors.IllegalPlayError` if the line is not playable."""
    x = LinePair(state, learner, goal, play, line, (play,), play, line)
    facts = x.fine
    if not facts:
        return RightReason(RightKind.COUNT, "keeps the goal")
    first = facts[0]
    order = x.order
    contract = state.contract
    misere = contract is not None and contract.misere
    declarer = state.declarer
    if misere and learner is declarer and first.winner is not learner:
        if order.play_suit(play) is not first.led and first.led is not None:
            return RightReason(RightKind.DUCK, "goes safely, as you cannot follow suit")
        return RightReason(RightKind.DUCK, f"ducks under {x.whose(first.winner)} "
                                           f"{play_text(first.winning)}")
    if misere and learner is not declarer:  # only the declarer's tricks matter
        caught = next((t for t in facts if t.winner is declarer), None)
        if caught is not None:
            return RightReason(RightKind.CATCHES,
                               f"leaves the declarer no escape: on this line "
                               f"{seat_name(declarer)} wins trick {caught.number} with "
                               f"{play_text(caught.winning)}")
    if play.card.is_joker and play.named is not None:
        drawn = [(s, p) for s, p in zip(first.seats[1:], first.plays[1:], strict=True)
                 if s in x.others and order.play_suit(p) is play.named]
        if drawn:
            cards = names_list([f"{x.whose(s)} {play_text(p)}" for s, p in drawn])
            return RightReason(RightKind.JOKER_NAMED,
                               f"draws {cards}, as the joker names {play.named.symbol}")
    if not state.trick and order.is_trump(play.card):
        before = trumps_held(state, x.others)
        if before and not trumps_held(after_trick(first), x.others):
            last = "trump" if sum(len(v) for v in before.values()) == 1 else "trumps"
            whose = names_list([seat_name(s) for s in before])
            return RightReason(RightKind.DRAWS_TRUMPS, f"draws {whose}'s last {last}"
                               if len(before) == 1 else f"draws the last {last} of {whose}")
    if first.ruff and first.winner is learner and first.winning == play:
        at = next(i for i, p in enumerate(first.plays) if p == play)
        if at == 0 or first.seats[0] is learner:  # two players: the learner led it too
            return RightReason(RightKind.RUFF, f"ruffs the {first.led.symbol} trick"
                               if first.led else "ruffs the trick")
        top = order.trick_winner(first.plays[:at])
        return RightReason(RightKind.RUFF, f"ruffs {x.whose(first.seats[top])} "
                                           f"{play_text(first.plays[top])}")
    if first.winner in x.partners and not misere:
        again = [t for t in facts[1:] if t.winner is first.winner]
        if again:
            return RightReason(RightKind.ENTRY,
                               f"lets {seat_name(first.winner)} win the trick and then take "
                               f"trick {again[0].number} with {play_text(again[0].winning)}")
    if first.winner is learner and first.winning == play and not misere:
        if play.card.is_joker and order.free_joker and state.trick:
            return RightReason(RightKind.WINS, "takes the trick: a free joker played when "
                                               "you cannot follow suit wins it")
        return RightReason(RightKind.WINS, "takes the trick")
    led = order.play_suit(state.trick[0]) if state.trick else None
    if state.trick and order.play_suit(play) is not led and not order.is_trump(play.card) \
            and not misere:
        could = {p.card for p in state.legal_plays()}  # at two players: not a table card
        kept = [t for t in facts[1:] if t.winner is learner  # that could not be played now
                and t.winning.card in could]
        if kept:
            return RightReason(RightKind.KEEPS_WINNER,
                               f"goes safely, and you keep {play_text(kept[0].winning)} for "
                               f"trick {kept[0].number}")
    if (first.winner in x.others and not x.good_for_us(first) and len(facts) > 1
            and not misere and (not state.trick or _could_win(state))):
        return RightReason(RightKind.THROW_IN,
                           f"gives the lead to {seat_name(first.winner)}, who must lead next, "
                           f"and you still get what you need")
    if first.winner is learner and first.winning == play:
        return RightReason(RightKind.WINS, "takes the trick")
    theirs = sum(not x.good_for_us(t) for t in facts)
    if goal.at_least:
        return RightReason(RightKind.COUNT,
                           f"keeps the goal: against best play your side still takes "
                           f"{len(facts) - theirs} of the last {len(facts)} tricks")
    return RightReason(RightKind.COUNT,
                       f"keeps the goal: against best play the declarer's side takes only "
                       f"{theirs} of the last {len(facts)} tricks")


def _could_win(state: PlayState) -> bool:
    """Has the player to move a legal card that would head the trick so far?"""
    order = state.order
    return any(order.trick_winner((*state.trick, p)) == len(state.trick)
               for p in state.legal_plays())
