"""The words of a play write-up's sentences, each a `Claim`: its text and the facts
(`trainer.generate.techniques.Fact`) it rests on, replayable by `fact_holds`.

`Words` turns facts into clauses a player would say ("East's A♣ wins trick 6", "your K♥
overruffs trick 8") and a card into the action that plays it ("lead K♣", "throw 7♣", "ruff
with 9♥", "lead the joker naming ♥"); `trainer.generate.write_ups.technique_words` builds the
plan and the trap of each technique with them, `trainer.generate.write_ups.table_clues` the
"how you would know" sentence.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from trainer.cards import Card, Seat
from trainer.generate.explain import card_role, play_text, seat_name
from trainer.generate.techniques import Fact, FactKind, LineKind
from trainer.generate.techniques.layouts import seed_of
from trainer.generate.techniques.view import LineView
from trainer.play import PlayState
from trainer.rules import Play


@dataclass(frozen=True)
class Claim:
    """One sentence of a write-up and the facts it rests on (none for a sentence that states
    only a rule of the game). ``choice``: the facts of ``facts`` the write-up says are an
    opponent's free choice (a sentence after it names the reply that changes them,
    `trainer.generate.write_ups.forced`), so the checker does not ask them to be forced."""

    text: str
    facts: tuple[Fact, ...] = ()
    choice: tuple[Fact, ...] = ()


GERUNDS = {"lead": "Leading", "play": "Playing", "ruff with": "Ruffing with",
           "throw": "Throwing"}

_DOES = {
    FactKind.WINS: "wins trick {n}", FactKind.RUFFS: "ruffs and wins trick {n}",
    FactKind.OVERRUFFS: "overruffs and wins trick {n}", FactKind.LOSES: "loses trick {n}",
    FactKind.DISCARDS: "is thrown away on trick {n}",
    FactKind.FALLS: "falls on the trump lead of trick {n}", FactKind.LEADS: "leads trick {n}",
    FactKind.LAST_TRUMP: "goes in trick {n}", FactKind.SHOWED_OUT: "shows out in trick {n}",
    FactKind.HOLDS: "is there at trick {n}",
}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_words(state: PlayState, play: Play) -> str:
    """``"A♥"``, ``"J♦, the left bower"``, ``"the joker naming ♣"``."""
    if play.card.is_joker:
        return f"the joker naming {play.named.symbol}" if play.named else "the joker"
    role = card_role(play.card, state.order)
    return f"{play.card.pretty}, {role}" if role else play.card.pretty


def verb(state: PlayState, play: Play) -> str:
    """``lead``, ``play`` (following suit), ``ruff with`` or ``throw``."""
    if not state.trick:
        return "lead"
    led = state.order.play_suit(state.trick[0])
    if state.order.play_suit(play) is led:
        return "play"
    if state.order.is_trump(play.card):
        return "ruff with"
    return "play" if play.card.is_joker and state.order.free_joker else "throw"


class Words:
    """Clauses about the facts of one `LineView` (module docstring)."""

    def __init__(self, view: LineView) -> None:
        self.v = view
        self.learner = view.learner

    def pick(self, salt: str, options: list[str]) -> str:
        """One of ``options``, fixed by the puzzle's position and ``salt`` (the sentence's
        name): the same puzzle always reads the same, and different puzzles vary the shape."""
        key = seed_of(self.v.start, self.learner) + zlib.crc32(salt.encode())
        return options[key % len(options)]

    def who(self, seat: Seat) -> str:
        return "you" if seat is self.learner else seat_name(seat)

    def whose(self, seat: Seat) -> str:
        return "your" if seat is self.learner else f"{seat_name(seat)}'s"

    def owned(self, seat: Seat, play: Play | Card) -> str:
        """``"East's A♣"``, ``"your joker"``."""
        play = play if isinstance(play, Play) else Play(play)
        text = play_text(play).removeprefix("the ")
        return f"{self.whose(seat)} {text}"

    def clause(self, fact: Fact) -> str:
        """``"East's A♣ wins trick 6"`` (``"West wins no trick"`` for ``NO_TRICK``)."""
        if fact.kind is FactKind.NO_TRICK or fact.card is None:
            return f"{self.who(fact.seat)} {'win' if fact.seat is self.learner else 'wins'} " \
                   "no trick"
        return f"{self.owned(fact.seat, fact.card)} {_DOES[fact.kind].format(n=fact.trick)}"

    def state(self, d: int) -> PlayState:
        return self.v.line.decisions[d].state

    def action(self, d: int, play: Play) -> str:
        """``"lead K♣"``: the verb for the card at decision ``d`` and its words."""
        state = self.state(d)
        return f"{verb(state, play)} {card_words(state, play)}"

    def gerund(self, d: int, play: Play) -> str:
        """``"Leading 6♠"``, ``"Throwing the joker"``."""
        state = self.state(d)
        return f"{GERUNDS[verb(state, play)]} {card_words(state, play)}"

    def doing(self, d: int, play: Play, later: bool) -> str:
        """``"Leading 6♠ instead"``, ``"Leading J♦, the right bower, at once"`` (``later``: the
        card is right later on the line)."""
        words = self.gerund(d, play)
        return f"{words}{',' if ',' in words else ''} {'at once' if later else 'instead'}"

    def holds(self, d: int, seat: Seat, card: Card) -> Fact:
        """The fact that ``seat`` holds ``card`` at decision ``d``."""
        return Fact(d, LineKind.RIGHT, None, FactKind.HOLDS, seat, Play(card),
                    self.v.first_number(d))


def of(facts: tuple[Fact, ...], line: LineKind, *kinds: FactKind) -> list[Fact]:
    """The facts of ``line`` (of ``kinds``, any if none given), in order."""
    return [f for f in facts if f.line is line and (not kinds or f.kind in kinds)]
