"""The techniques of 500 card play, each recognised from what the play-puzzle generator learns:
the solver's right line and the refutations of the wrong cards (`trainer.generate.lines`).

`recognise(line, solver=None)` runs every recogniser on a `MainLine` and returns the
`Technique` records that fire, in the order of `PRECEDENCE`; `main_technique` returns the first
of them, the one a write-up should name. Each record carries a stable key (`TechniqueKey`), the
player's name ("a throw-in", "an uppercut"), a one-line description, the decision and the right
card that carry it out, the wrong card it is compared with, and its facts (`Fact`): the tricks,
cards and seats on the right line and on the refutation that establish it, each replayable by
`fact_holds`. With a ``solver`` the right lines are played out to the last trick (the recorded
main line stops where the goal is settled), so a fact may name a trick after that point.

The recognisers (one line each; R is the right line from a decision, B the refutation of the
wrong card compared, most tempting wrong card first; "own side" the learner and partner):

- ``drawing_trumps``: declaring a suit contract, the learner leads a trump, the opponents'
  last trump falls on R, and after a plain-suit lead an opponent wins a trick with a trump.
- ``not_drawing_trumps``: declaring, a plain lead is right and a trump lead wrong; the own
  side ruffs on R, fewer times on B.
- ``cashing``: a plain card led wins on R, and on B it is ruffed by an opponent.
- ``ruff``: the own side ruffs a trick on R, fewer on B ("in the short hand" when the
  declaring side's ruffer held fewer trumps than a partner).
- ``overruff``: on R the own side overruffs an opponent's ruff, fewer times on B.
- ``trump_promotion``: an own trump, not the master at the decision, wins on R by overruffing
  or after an opponent's higher trump went on a plain-suit trick; it wins nothing on B ("an
  uppercut" when an own ruff was overruffed before it).
- ``left_bower``: the own side's left bower wins a trick on R and none on B.
- ``joker_wins_void``: at no trumps/misère, void, the free joker wins the trick on R; after
  another card the opponents win it.
- ``joker_stopper``: the joker played now is wrong; kept, it wins a later trick an opponent
  led, which the opponents win on B.
- ``joker_draws_last_trump``: drawing trumps with the joker, the last trump falling on it.
- ``joker_named``: the free joker led naming one suit is right, naming another wrong (to draw
  a card that wins on B; to keep a stopper that wins on R only).
- ``endplay``: the right card gives the trick to an opponent whose every lead keeps the goal
  (at least two choices), a wrong card wins it ("a strip and throw-in" when that opponent
  showed out of an own-side lead before).
- ``unblock``: following, the learner's highest card of the suit goes under a partner's
  winner; a lower card is wrong; the partners win more on R.
- ``entry``: a partner wins this trick and a later one on R; on B not this trick.
- ``duck``: a low card loses the trick, a higher card of the suit (wrong) wins it; the own side
  wins a later trick of the suit on R (to keep control / an entry).
- ``safety_play``: declaring, the first decision's card gives up a trick a wrong card of
  another suit would win at once; R makes exactly the tricks needed.
- ``lead_through``: the learner leads through the next seat's higher card of the suit; the
  partner wins on R and that card wins nothing; on B it wins a trick.
- ``counting`` (setting up a winner): an own plain card wins on R after the opponents'
  higher card of its suit fell; on B it wins nothing.
- ``misere_unblock``: the misère declarer's right card loses now; kept (after the wrong card)
  it wins a later trick.
- ``misere_duck``: the misère declarer follows under the winner; a card of the suit that wins
  this trick is wrong.
- ``misere_partner_unblock``: defending, the own side plays a card above the declarer's
  catching card Y of that suit before Y wins on R; on B the declarer escapes.
- ``misere_partner_discard``: defending, the learner leads a suit a partner cannot follow, the
  partner throws a card, the declarer is caught on R and escapes on B.
- ``misere_bare_card``: defending, the declarer's catching card was its only card of the suit
  the own side leads; on B the declarer escapes.
- ``keeping_winner``: unable to follow, the learner throws a card; a wrong card also thrown
  is one that wins a later trick for the learner on R.
- ``sure_trick``: on lead, the learner's right card wins the trick (no ruff) on R; a wrong
  card led loses it to an opponent's higher card of the wrong card's suit on B.

`PRECEDENCE` (for `main_technique`) puts the plan before the means and the specific before the
general: the misère defence's unblock, bare card and discard lead, then the misère declarer's
unblock and duck; the joker's named suit, draw, void trick and stopper; the throw-in, trump
promotion, overruff, unblock, entry, duck, safety play; then not drawing trumps, drawing
trumps, cashing, the ruff, leading through, the left bower and counting (the left bower and the
ruff come late because they are as often the means of another plan as the plan); last
keeping a winner and a sure trick, the plainest.
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.generate.lines import MainLine
from trainer.generate.techniques import cardplay, joker, keeping, misere, trumps
from trainer.generate.techniques.check import fact_holds, fact_plays
from trainer.generate.techniques.model import (
    CATALOGUE,
    Fact,
    FactKind,
    LineKind,
    Technique,
    TechniqueKey,
)
from trainer.generate.techniques.view import LineView

__all__ = ["CATALOGUE", "PRECEDENCE", "Fact", "FactKind", "LineKind", "Technique",
           "TechniqueKey", "fact_holds", "fact_plays", "main_technique", "recognise"]

Recogniser = Callable[[LineView], Technique | None]

RECOGNISERS: dict[TechniqueKey, Recogniser] = {
    TechniqueKey.MISERE_PARTNER_UNBLOCK: misere.misere_partner_unblock,
    TechniqueKey.MISERE_BARE_CARD: misere.misere_bare_card,
    TechniqueKey.MISERE_PARTNER_DISCARD: misere.misere_partner_discard,
    TechniqueKey.MISERE_UNBLOCK: misere.misere_unblock,
    TechniqueKey.MISERE_DUCK: misere.misere_duck,
    TechniqueKey.JOKER_NAMED: joker.joker_named,
    TechniqueKey.JOKER_DRAWS_LAST_TRUMP: trumps.joker_draws_last_trump,
    TechniqueKey.JOKER_WINS_VOID: joker.joker_wins_void,
    TechniqueKey.JOKER_STOPPER: joker.joker_stopper,
    TechniqueKey.ENDPLAY: cardplay.endplay,
    TechniqueKey.TRUMP_PROMOTION: trumps.trump_promotion,
    TechniqueKey.OVERRUFF: trumps.overruff,
    TechniqueKey.UNBLOCK: cardplay.unblock,
    TechniqueKey.ENTRY: cardplay.entry,
    TechniqueKey.DUCK: cardplay.duck,
    TechniqueKey.SAFETY_PLAY: cardplay.safety_play,
    TechniqueKey.NOT_DRAWING_TRUMPS: trumps.not_drawing_trumps,
    TechniqueKey.DRAWING_TRUMPS: trumps.drawing_trumps,
    TechniqueKey.CASHING: trumps.cashing,
    TechniqueKey.RUFF: trumps.ruff,
    TechniqueKey.LEAD_THROUGH: cardplay.lead_through,
    TechniqueKey.LEFT_BOWER: trumps.left_bower,
    TechniqueKey.COUNTING: cardplay.counting,
    TechniqueKey.KEEPING_WINNER: keeping.keeping_winner,
    TechniqueKey.SURE_TRICK: keeping.sure_trick,
}
"""Every recogniser, in the order of `PRECEDENCE`."""

PRECEDENCE: tuple[TechniqueKey, ...] = tuple(RECOGNISERS)


def recognise(line: MainLine, solver=None,
              keys: tuple[TechniqueKey, ...] | None = None) -> tuple[Technique, ...]:
    """Every technique whose recogniser fires on ``line`` (of ``keys``, all by default), in
    the order of `PRECEDENCE`. ``solver`` (a `trainer.solver.Solver`) plays the right lines out
    to the last trick; without it they stop where the recorded main line does. The 2-player
    game (a seat plays two cards a trick) is not recognised: () there."""
    if line.start.rules.players == 2:
        return ()
    view = LineView(line, solver)
    found = (RECOGNISERS[k](view) for k in PRECEDENCE if keys is None or k in keys)
    return tuple(t for t in found if t is not None)


def main_technique(line: MainLine, solver=None) -> Technique | None:
    """The technique a write-up should name: the first of `PRECEDENCE` that fires (module
    docstring), or None (always at 2 players, as `recognise`)."""
    if line.start.rules.players == 2:
        return None
    view = LineView(line, solver)
    for key in PRECEDENCE:
        found = RECOGNISERS[key](view)
        if found is not None:
            return found
    return None
