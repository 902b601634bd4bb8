"""Recognisers of the joker's techniques: the free joker's trick when void, the joker held
back as a stopper, and naming the free joker's suit (to draw a card, to keep a stopper). The
joker led to draw the last trump is with the trump techniques
(`trainer.generate.techniques.trumps`). Rules: RULES.md §2 (the joker the highest trump),
§5 (the free joker at no trumps and misère wins when played void; led, its holder names the
suit). R: the right line from the decision; B: the refutation compared.
"""

from __future__ import annotations

from trainer.generate.techniques.model import FactKind, Technique, TechniqueKey, technique
from trainer.generate.techniques.view import LineView


def joker_wins_void(v: LineView) -> Technique | None:
    """The free joker's trick: at no trumps or misère with the joker free, the learner,
    unable to follow, plays the joker; it wins the trick on R, and after a card other than the
    joker an opponent (not the learner's side) wins that trick on B. (Not for the misère
    declarer, who must not win it.)"""
    if not v.order.free_joker or (v.misere and v.learner is v.declarer):
        return None
    for d, info in v.decisions():
        if not info.state.trick or not info.main.card.is_joker:
            continue
        right = v.right(d)
        if not right or right[0].winner is not v.learner:
            continue
        for wrong in v.wrongs(d):
            if wrong.card.is_joker:
                continue
            bad = v.refuted(d, wrong)
            if not bad or bad[0].winner in v.own:
                continue
            facts = [v.winner_fact(d, None, right[0]), v.winner_fact(d, wrong, bad[0])]
            return technique(TechniqueKey.JOKER_WINS_VOID, d, info.main, wrong, facts)
    return None


def joker_stopper(v: LineView) -> Technique | None:
    """The joker held back as a stopper: the learner holds the joker, the joker is the wrong
    card compared and the right card is not; on R the joker wins a later trick that an
    opponent led, and on B the opponents win that trick. (Not for the misère declarer.)"""
    if v.misere and v.learner is v.declarer:
        return None
    for d, info in v.decisions():
        if info.main.card.is_joker:
            continue
        right = v.right(d)
        stop = next((t for t in right[1:] if t.winning.card.is_joker
                     and t.winner is v.learner and t.seats[0] in v.others), None)
        if stop is None:
            continue
        for wrong in v.wrongs(d):
            if not wrong.card.is_joker:
                continue
            bad = v.refuted(d, wrong)
            same = next((t for t in bad if t.number == stop.number), None)
            if same is None or same.winner in v.own:
                continue
            facts = [v.fact(d, None, FactKind.LEADS, stop.seats[0], stop.plays[0],
                            stop.number),
                     v.winner_fact(d, None, stop), v.trick_fact(d, wrong, bad[0], v.learner),
                     v.winner_fact(d, wrong, same)]
            return technique(TechniqueKey.JOKER_STOPPER, d, info.main, wrong, facts)
    return None


def joker_named(v: LineView) -> Technique | None:
    """Naming the joker's suit: the learner leads the free joker naming a suit, and leading it
    naming another suit is wrong. "To draw a card": on R an opponent follows to the joker with
    a card that on B wins a trick. "To keep a stopper": a card of the own side wins a trick on
    R and none on B (neither in misère, where the catch is the point: the misère recognisers
    say why). Else the facts are the first trick the lines give differently."""
    if not v.order.free_joker:
        return None
    for d, info in v.decisions():
        main = info.main
        if info.state.trick or not main.card.is_joker or main.named is None:
            continue
        right = v.right(d)
        if not right:
            continue
        for wrong in v.wrongs(d):
            if not wrong.card.is_joker or wrong.named in (None, main.named):
                continue
            bad = v.refuted(d, wrong)
            first = right[0]
            lead = v.fact(d, None, FactKind.LEADS, v.learner, main, first.number)
            drawn = [s for s, p in zip(first.seats[1:], first.plays[1:], strict=True)
                     if s in v.others and v.order.play_suit(p) is main.named]
            for seat in drawn:
                card = first.card_of(seat)
                assert card is not None
                later = v.fate(bad, card.card)
                if not v.misere and later is not None and later.winning == card \
                        and later.winner is seat:
                    facts = [lead, v.trick_fact(d, None, first, seat),
                             v.winner_fact(d, wrong, later)]
                    return technique(TechniqueKey.JOKER_NAMED, d, main, wrong, facts,
                                     "naming the joker's suit to draw a card")
            for t in right[1:]:
                if t.winner not in v.own or v.misere:
                    continue
                fate = v.fate(bad, t.winning.card)
                if fate is not None and fate.winning != t.winning:
                    facts = [lead, v.winner_fact(d, None, t),
                             v.trick_fact(d, wrong, fate, t.winner)]
                    return technique(TechniqueKey.JOKER_NAMED, d, main, wrong, facts,
                                     "naming the joker's suit to keep a stopper")
            return technique(TechniqueKey.JOKER_NAMED, d, main, wrong,
                             [lead, *v.parting(d, wrong)])
    return None
