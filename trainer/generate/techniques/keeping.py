"""Recognisers of two plain techniques of any contract but misère: keeping a winner when
discarding, and taking a sure trick before leading into an opponent's higher card. R: the
right line from the decision; B: the refutation compared; "own side": the learner and partner.
"""

from __future__ import annotations

from trainer.generate.techniques.model import FactKind, Technique, TechniqueKey, technique
from trainer.generate.techniques.view import LineView


def keeping_winner(v: LineView) -> Technique | None:
    """Keeping a winner: unable to follow, the learner throws the right card (a discard on R),
    while a wrong card, also thrown, is a card that wins a later trick for the learner on R;
    on B the side's goal is lost at the trick where the lines part. Facts: the right card
    thrown, the kept card's trick on R, and the parting trick on B."""
    if v.misere:
        return None
    for d, info in v.decisions():
        right = v.right(d)
        if not right or right[0].card_of(v.learner) != info.main \
                or v.kind_in(right[0], v.learner) is not FactKind.DISCARDS:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if not bad or bad[0].card_of(v.learner) != wrong \
                    or v.kind_in(bad[0], v.learner) is not FactKind.DISCARDS:
                continue
            kept = v.fate(right, wrong.card)
            parted = v.parting(d, wrong)
            if kept is None or kept.winner is not v.learner or not parted:
                continue
            facts = [v.trick_fact(d, None, right[0], v.learner),
                     v.trick_fact(d, None, kept, v.learner), parted[1]]
            return technique(TechniqueKey.KEEPING_WINNER, d, info.main, wrong, facts)
    return None


def sure_trick(v: LineView) -> Technique | None:
    """A sure trick first: on lead, the learner leads the right card and it wins the trick
    (not as a ruff) on R; a wrong card led instead loses that trick to an opponent's higher
    card of its own suit on B. Facts: the right card's trick, the opponent's winning card on
    B, and the parting trick on B when it is a later one."""
    if v.misere:
        return None
    for d, info in v.decisions():
        if info.state.trick:
            continue
        right = v.right(d)
        if not right or right[0].winner is not v.learner or right[0].ruff:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if not bad or bad[0].winner not in v.others or bad[0].ruff:
                continue
            if v.order.effective_suit(bad[0].winning.card) \
                    is not v.order.effective_suit(wrong.card) or wrong.card.is_joker:
                continue
            facts = [v.winner_fact(d, None, right[0]), v.winner_fact(d, wrong, bad[0])]
            return technique(TechniqueKey.SURE_TRICK, d, info.main, wrong, facts)
    return None
