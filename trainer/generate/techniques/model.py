"""The records of the techniques catalogue (`trainer.generate.techniques`): what a recogniser
returns, and the facts it rests on.

A `Fact` is one checkable statement about one line of play from one of the learner's decisions
of a `trainer.generate.lines.MainLine`: the *right line* (the recorded main line from that
decision, played out to the last trick by the solver when one was given) or the *refutation*
of one wrong card (the wrong card, then the solver's best play to the last trick). Tricks are
numbered in the hand (1 = the hand's first trick), as `trainer.generate.line_facts.TrickFact`
numbers them. `trainer.generate.techniques.check.fact_holds` replays a fact with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.cards import Seat
from trainer.generate.explain import play_text, seat_name
from trainer.rules import Play


class TechniqueKey(Enum):
    """The techniques of the catalogue (`CATALOGUE` gives each its name and description)."""

    DRAWING_TRUMPS = "drawing_trumps"
    NOT_DRAWING_TRUMPS = "not_drawing_trumps"
    CASHING = "cashing"
    RUFF = "ruff"
    OVERRUFF = "overruff"
    TRUMP_PROMOTION = "trump_promotion"
    LEFT_BOWER = "left_bower"
    JOKER_WINS_VOID = "joker_wins_void"
    JOKER_STOPPER = "joker_stopper"
    JOKER_DRAWS_LAST_TRUMP = "joker_draws_last_trump"
    JOKER_NAMED = "joker_named"
    ENDPLAY = "endplay"
    UNBLOCK = "unblock"
    ENTRY = "entry"
    DUCK = "duck"
    SAFETY_PLAY = "safety_play"
    LEAD_THROUGH = "lead_through"
    COUNTING = "counting"
    MISERE_DUCK = "misere_duck"
    MISERE_UNBLOCK = "misere_unblock"
    MISERE_PARTNER_DISCARD = "misere_partner_discard"
    MISERE_PARTNER_UNBLOCK = "misere_partner_unblock"
    MISERE_BARE_CARD = "misere_bare_card"
    KEEPING_WINNER = "keeping_winner"
    SURE_TRICK = "sure_trick"


CATALOGUE: dict[TechniqueKey, tuple[str, str]] = {
    TechniqueKey.DRAWING_TRUMPS: (
        "drawing trumps", "Lead trumps until the opponents have none, so they cannot ruff your "
        "winners."),
    TechniqueKey.NOT_DRAWING_TRUMPS: (
        "keeping a trump to ruff", "Do not draw trumps yet: a trump of your side is worth more "
        "ruffing a loser than falling on a trump lead."),
    TechniqueKey.CASHING: (
        "cashing a winner", "Take a winner while it stands: later an opponent, void in the "
        "suit, would ruff it."),
    TechniqueKey.RUFF: (
        "a ruff", "Win a trick of a suit you are void in with a trump; a ruff in the hand "
        "short in trumps is an extra trick."),
    TechniqueKey.OVERRUFF: (
        "an overruff", "An opponent ruffs and your side ruffs higher over it."),
    TechniqueKey.TRUMP_PROMOTION: (
        "a trump promotion", "Force an opponent to spend a high trump (ruffing ahead of your "
        "partner, or overruffing your ruff), so that a lower trump of your side wins a trick."),
    TechniqueKey.LEFT_BOWER: (
        "the left bower", "The jack of the trump suit's colour is the third trump, not a card "
        "of its printed suit: it wins a trick as a trump."),
    TechniqueKey.JOKER_WINS_VOID: (
        "the free joker's trick", "At no trumps a free joker played when you cannot follow "
        "wins the trick: use it to take the trick that matters."),
    TechniqueKey.JOKER_STOPPER: (
        "holding the joker back", "Keep the joker as a stopper: it takes a later trick the "
        "opponents would otherwise win."),
    TechniqueKey.JOKER_DRAWS_LAST_TRUMP: (
        "the joker draws the last trump", "Lead the joker, the highest trump, to pull the "
        "opponents' last trump before cashing winners."),
    TechniqueKey.JOKER_NAMED: (
        "naming the joker's suit", "Lead the free joker naming the suit that makes the "
        "others play the card you want played, or lets your side keep its stopper."),
    TechniqueKey.ENDPLAY: (
        "a throw-in", "Give an opponent the lead when every card they can lead gives your side "
        "its tricks (after stripping their safe exits: a strip and throw-in)."),
    TechniqueKey.UNBLOCK: (
        "an unblock", "Play the high card of a suit now, so that it does not win a trick in "
        "the way of your partner's winners in that suit."),
    TechniqueKey.ENTRY: (
        "keeping an entry", "Reach your partner's hand with the card that lets them win this "
        "trick and take their winners after it."),
    TechniqueKey.DUCK: (
        "a duck", "Let the opponents win this trick with a low card, keeping your high card "
        "of the suit (an entry, or control of the suit) for a later trick."),
    TechniqueKey.SAFETY_PLAY: (
        "a safety play", "Overtricks score nothing in 500: give up a trick you could take now "
        "when taking it risks the contract."),
    TechniqueKey.LEAD_THROUGH: (
        "leading through strength", "Lead a suit through the opponent who holds its high card, "
        "so your partner, playing after it, can capture it."),
    TechniqueKey.COUNTING: (
        "setting up a winner", "Keep (or play on) the card that becomes a winner once the "
        "opponents' higher cards of its suit have gone: not a count of the suit, but its "
        "high cards falling."),
    TechniqueKey.MISERE_DUCK: (
        "ducking under", "In misère, play a card that goes under the trick's winner."),
    TechniqueKey.MISERE_UNBLOCK: (
        "unblocking high cards early", "In misère, get rid of a high card while it can still "
        "go under another card or be thrown away, before it is forced to win."),
    TechniqueKey.MISERE_PARTNER_DISCARD: (
        "a lead for partner's discard", "Defending a misère, lead a suit your partner cannot "
        "follow, so that partner throws the card that stands in the way of the catch."),
    TechniqueKey.MISERE_PARTNER_UNBLOCK: (
        "the defence's unblock", "Defending a misère, your side gets rid of the high card that "
        "would cover the declarer's card, so the declarer is left winning the trick."),
    TechniqueKey.MISERE_BARE_CARD: (
        "catching a bare card", "Defending a misère, lead the suit of the declarer's single "
        "high card: it has no low card to go under with and must win."),
    TechniqueKey.KEEPING_WINNER: (
        "keeping your winner", "When you cannot follow suit, throw a card that takes no trick "
        "and keep the card that will win one later."),
    TechniqueKey.SURE_TRICK: (
        "taking your sure trick", "On lead, cash the card that wins the trick now rather than "
        "lead one an opponent's higher card of its suit can capture."),
}


class LineKind(Enum):
    """Which line of a decision a fact is about."""

    RIGHT = "right"
    REFUTATION = "refutation"


class FactKind(Enum):
    """What a fact says about ``card`` of ``seat`` in trick ``trick`` of its line.

    ``LEADS``: the card leads the trick. ``WINS``: it wins the trick. ``RUFFS``: it wins a trick
    led in another suit by being a trump. ``OVERRUFFS``: it wins so, over another seat's trump.
    ``LOSES``: it is played to the trick and another seat wins it. ``DISCARDS``: it is played
    without following the suit led and is not a trump (at no trumps a free joker is no
    discard). ``FALLS``: it is played to a trick led in trumps and does not win it. ``HOLDS``:
    the seat holds the card at the line's first position in that trick (a card it has already
    played to the trick under way counts). ``NO_TRICK``: the seat wins no trick of the
    line (``card`` and ``trick`` are None). ``LAST_TRUMP``: the card is the last trump of the
    seat's side: after the trick that side holds none. ``SHOWED_OUT``: in trick ``trick`` (one
    already played before the decision, or one of the line) the seat played ``card``, not of
    the suit led: it showed out of that suit, for every player at the table to see.
    ``LAYOUTS``: at the decision (``trick`` its trick's number), of ``count[0]`` layouts dealt
    to fit what the learner has seen (`trainer.generate.techniques.layouts`), ``card`` (the
    learner's right card) keeps the goal on ``count[1]`` and ``wrong`` on ``count[2]`` (-1
    without a wrong card)."""

    LEADS = "leads"
    WINS = "wins"
    RUFFS = "ruffs"
    OVERRUFFS = "overruffs"
    LOSES = "loses"
    DISCARDS = "discards"
    FALLS = "falls"
    HOLDS = "holds"
    NO_TRICK = "no_trick"
    LAST_TRUMP = "last_trump"
    SHOWED_OUT = "showed_out"
    LAYOUTS = "layouts"


_PHRASES = {
    FactKind.WINS: "{card} wins trick {n}", FactKind.RUFFS: "{card} ruffs and wins trick {n}",
    FactKind.OVERRUFFS: "{card} overruffs and wins trick {n}",
    FactKind.LOSES: "{card} goes to trick {n} and loses it",
    FactKind.DISCARDS: "{card} is thrown on trick {n}",
    FactKind.FALLS: "{card} falls on the trump lead of trick {n}",
    FactKind.LAST_TRUMP: "{card}, in trick {n}, is the last trump of that side",
    FactKind.SHOWED_OUT: "{card} in trick {n} shows out of the suit led",
}


def _owned(play: Play) -> str:
    """``9♥``, ``joker``, ``joker (named ♥)``: a play after a possessive ("West's joker")."""
    return play_text(play).removeprefix("the ")


@dataclass(frozen=True)
class Fact:
    """One checkable statement about a line (module docstring).

    ``decision``: the index of the learner's decision in `MainLine.decisions` the line starts
    at; ``line``: the right line or the refutation of ``wrong`` (the wrong card, None on the
    right line); ``kind``: what is said (`FactKind`); ``seat``/``card``: whose card; ``trick``:
    the trick's number in the hand (None for ``NO_TRICK``); ``count``: the figures of a
    ``LAYOUTS`` fact (layouts, right card's, wrong card's), None for any other."""

    decision: int
    line: LineKind
    wrong: Play | None
    kind: FactKind
    seat: Seat
    card: Play | None
    trick: int | None
    count: tuple[int, int, int] | None = None

    def text(self) -> str:
        """``"on the right line East's 9♥ ruffs and wins trick 7"``; ``"after 10♦ South wins
        no trick"``."""
        where = ("on the right line" if self.line is LineKind.RIGHT or self.wrong is None
                 else f"after {play_text(self.wrong)}")
        who = seat_name(self.seat)
        if self.kind is FactKind.NO_TRICK or self.card is None:
            return f"{where} {who} wins no trick"
        card = play_text(self.card)
        if self.kind is FactKind.LAYOUTS and self.count is not None:
            n, right, wrong = self.count
            versus = f", {play_text(self.wrong)} on {wrong}" if self.wrong is not None else ""
            return (f"of {n} layouts that fit {who}'s view at trick {self.trick}, {card} keeps "
                    f"the goal on {right}{versus}")
        if self.kind is FactKind.HOLDS:
            return f"{where} {who} still holds {card} at trick {self.trick}"
        if self.kind is FactKind.LEADS:
            return f"{where} {who} leads {card} to trick {self.trick}"
        phrase = _PHRASES[self.kind].format(card=_owned(self.card), n=self.trick)
        return f"{where} {who}'s {phrase}"


@dataclass(frozen=True)
class Technique:
    """A technique a recogniser found in a main line.

    ``key``: the stable key; ``name``: the player's name for it ("a throw-in", "an uppercut":
    a recogniser may give a variant's name); ``description``: one line; ``decision``: the
    index of the learner's decision where it shows; ``play``: the right card that carries it
    out there; ``wrong``: the refuted card the facts compare with (None when only the right
    line is cited); ``facts``: what it rests on, right line first."""

    key: TechniqueKey
    name: str
    description: str
    decision: int
    play: Play
    wrong: Play | None
    facts: tuple[Fact, ...]

    def summary(self) -> str:
        """``"a throw-in: on the right line ...; after 6♠ ..."``: the name and the facts."""
        return f"{self.name}: " + "; ".join(f.text() for f in self.facts)


def technique(key: TechniqueKey, decision: int, play: Play, wrong: Play | None,
              facts: list[Fact] | tuple[Fact, ...], name: str | None = None) -> Technique:
    """A `Technique` of ``key`` with the catalogue's name (or a variant's ``name``) and
    description."""
    default, description = CATALOGUE[key]
    unique = tuple(dict.fromkeys(facts))  # a parting trick may repeat a fact already given
    return Technique(key, name or default, description, decision, play, wrong, unique)
