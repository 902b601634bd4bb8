"""Recognisers of the misère techniques (RULES.md §3, §6: the declarer must take no trick; the
partner sits out). The declarer's: ducking under, unblocking high cards early. The defence's
(the defenders want the declarer to win a trick): the lead for partner's discard, the unblock
of the card that would cover the declarer's, catching a bare card. R: the right line from the
decision; B: the refutation compared.
"""

from __future__ import annotations

from trainer.generate.line_facts import TrickFact
from trainer.generate.techniques.model import FactKind, Technique, TechniqueKey, technique
from trainer.generate.techniques.view import LineView


def _stuck(v: LineView, tricks: list[TrickFact]) -> TrickFact | None:
    """The first trick of ``tricks`` the misère declarer wins."""
    return next((t for t in tricks if t.winner is v.declarer), None)


def _declarer(v: LineView) -> bool:
    return v.misere and v.learner is v.declarer


def _defence(v: LineView) -> bool:
    return v.misere and v.declarer is not None and v.learner is not v.declarer


def misere_unblock(v: LineView) -> Technique | None:
    """Unblocking high cards early (the misère declarer): on R the right card loses its trick;
    on B, the wrong card played instead, the card kept, the right card, wins a later trick."""
    if not _declarer(v):
        return None
    for d, info in v.decisions():
        right = v.right(d)
        if not right or right[0].winner is v.learner:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            stuck = _stuck(v, bad)
            if stuck is None or stuck.winning != info.main or stuck is bad[0]:
                continue
            facts = [v.trick_fact(d, None, right[0], v.learner),
                     v.winner_fact(d, None, right[0]), v.winner_fact(d, wrong, stuck)]
            return technique(TechniqueKey.MISERE_UNBLOCK, d, info.main, wrong, facts)
    return None


def misere_duck(v: LineView) -> Technique | None:
    """Ducking under (the misère declarer): following suit, the right card loses the trick,
    and a wrong card of the same suit wins that trick on B."""
    if not _declarer(v):
        return None
    for d, info in v.decisions():
        state = info.state
        right = v.right(d)
        if not state.trick or not right or right[0].winner is v.learner:
            continue
        suit = v.order.effective_suit(info.main.card)
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if v.order.effective_suit(wrong.card) is not suit or not bad \
                    or bad[0].winning != wrong:
                continue
            facts = [v.trick_fact(d, None, right[0], v.learner),
                     v.winner_fact(d, None, right[0]), v.winner_fact(d, wrong, bad[0])]
            return technique(TechniqueKey.MISERE_DUCK, d, info.main, wrong, facts)
    return None


def _escapes(v: LineView, d: int) -> list:
    """The wrong cards of decision ``d`` after which the misère declarer wins no trick."""
    return [w for w in v.wrongs(d) if _stuck(v, v.refuted(d, w)) is None]


def misere_partner_unblock(v: LineView) -> Technique | None:
    """The defence's unblock: on R the declarer wins trick T with card Y; before T a seat of
    the learner's side played (followed with or threw) card X of Y's suit, higher than Y, that
    it held at the decision; on B the declarer wins no trick. "Partner's unblock" when the
    partner plays X, "unblocking your high card" when the learner does. Facts: X's trick, Y's
    trick, X's fate on B (it covers the declarer) and the declarer's empty hand of tricks."""
    if not _defence(v):
        return None
    order = v.order
    for d, info in v.decisions():
        right = v.right(d)
        caught = _stuck(v, right)
        if caught is None:
            continue
        card = caught.winning.card
        suit = order.effective_suit(card)
        gone = [(t, s) for t in right if t.number < caught.number
                for s, p in zip(t.seats, t.plays, strict=True)
                if s in v.own and order.effective_suit(p.card) is suit and suit is not None
                and order.power(p.card) > order.power(card)]
        if not gone:
            continue
        t, seat = gone[0]
        x = t.card_of(seat)
        assert x is not None
        for wrong in _escapes(v, d):
            bad = v.refuted(d, wrong)
            facts = [v.trick_fact(d, None, t, seat), v.winner_fact(d, None, caught)]
            fate = v.fate(bad, x.card)
            if fate is not None and fate.number > t.number:
                facts.append(v.trick_fact(d, wrong, fate, seat))
            facts.append(v.fact(d, wrong, FactKind.NO_TRICK, v.declarer, None, None))
            name = "unblocking your high card" if seat is v.learner else "partner's unblock"
            return technique(TechniqueKey.MISERE_PARTNER_UNBLOCK, d, info.main, wrong, facts,
                             name)
    return None


def misere_partner_discard(v: LineView) -> Technique | None:
    """The lead for partner's discard: the learner defending a misère leads a suit (or the
    joker naming it) that a partner cannot follow; the partner throws a card on it on R, the
    declarer then wins a trick on R, and after a wrong card the declarer wins none."""
    if not _defence(v) or not v.partners:
        return None
    for d, info in v.decisions():
        right = v.right(d)
        if info.state.trick or not right:
            continue
        first = right[0]
        thrown = [s for s in first.seats if s in v.partners
                  and v.kind_in(first, s) is FactKind.DISCARDS]
        caught = _stuck(v, right)
        if not thrown or caught is None:
            continue
        for wrong in _escapes(v, d):
            facts = [v.fact(d, None, FactKind.LEADS, v.learner, info.main, first.number),
                     v.trick_fact(d, None, first, thrown[0]), v.winner_fact(d, None, caught),
                     v.fact(d, wrong, FactKind.NO_TRICK, v.declarer, None, None)]
            return technique(TechniqueKey.MISERE_PARTNER_DISCARD, d, info.main, wrong, facts)
    return None


def misere_bare_card(v: LineView) -> Technique | None:
    """Catching a bare card: on R the declarer wins a trick led by the learner's side with Y,
    the declarer's only card of Y's suit at the decision; after a wrong card the declarer
    wins no trick."""
    if not _defence(v):
        return None
    for d, info in v.decisions():
        right = v.right(d)
        caught = _stuck(v, right)
        if caught is None or caught.seats[0] not in v.own or caught.ruff:
            continue
        card = caught.winning.card
        suit = v.order.effective_suit(card)
        if suit is None or caught.led is not suit \
                or v.suit_cards(info.state, v.declarer, suit) != [card]:
            continue
        for wrong in _escapes(v, d):
            facts = [v.fact(d, None, FactKind.HOLDS, v.declarer, caught.winning,
                            v.first_number(d)),
                     v.fact(d, None, FactKind.LEADS, caught.seats[0], caught.plays[0],
                            caught.number),
                     v.winner_fact(d, None, caught),
                     v.fact(d, wrong, FactKind.NO_TRICK, v.declarer, None, None)]
            return technique(TechniqueKey.MISERE_BARE_CARD, d, info.main, wrong, facts)
    return None
