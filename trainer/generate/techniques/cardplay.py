"""Recognisers of the card-play techniques of any contract but misère: the throw-in (and the
strip before it), the unblock, the entry, the duck, the safety play, leading through strength
and setting up a winner. R: the right line from the decision; B: the refutation compared;
"own side": the learner and partner.
"""

from __future__ import annotations

from trainer.generate.line_facts import TrickFact
from trainer.generate.techniques.model import FactKind, Technique, TechniqueKey, technique
from trainer.generate.techniques.view import LineView


def endplay(v: LineView) -> Technique | None:
    """The throw-in: at a decision the right card gives the trick to an opponent, who must
    then lead; that lead (recorded by the line builder) has at least two distinct choices and
    every one keeps the learner's goal, and after a wrong card the own side wins that trick.
    "A strip and throw-in" when on the right line from the first decision the opponent thrown
    in showed out of a suit the own side led before the throw-in trick."""
    if v.misere:
        return None
    for d, info in v.decisions():
        right = v.right(d)
        if len(right) < 2 or right[0].winner in v.own:
            continue
        seat = right[0].winner
        lead = next((x for x in v.line.opponent_leads if x.decision == d), None)
        if lead is None or not (lead.after_opponent_won and lead.choices >= 2
                                and lead.all_keep_goal) or right[1].seats[0] is not seat:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if not bad or bad[0].winner not in v.own:
                continue
            facts = [v.winner_fact(d, None, right[0]),
                     v.fact(d, None, FactKind.LEADS, seat, right[1].plays[0], right[1].number),
                     v.winner_fact(d, wrong, bad[0])]
            strip = _strip(v, seat, right[0].number)
            if strip is not None:
                facts.insert(0, v.trick_fact(0, None, strip, seat))
            return technique(TechniqueKey.ENDPLAY, d, info.main, wrong, facts,
                             "a strip and throw-in" if strip is not None else None)
    return None


def _strip(v: LineView, seat, before: int) -> TrickFact | None:
    """A trick before trick ``before`` on the right line from the first decision, led by the
    own side, in which ``seat`` did not follow suit."""
    for t in v.right(0):
        if t.number >= before:
            return None
        if t.seats[0] in v.own and v.kind_in(t, seat) is FactKind.DISCARDS:
            return t
    return None


def unblock(v: LineView) -> Technique | None:
    """The unblock: following suit, the learner plays the highest of two or more cards of the
    suit led, the trick going to a partner; a lower card of the suit is wrong; and the partners
    win more tricks on R than on B. Facts: the unblocking card, the partner's next trick, and
    what the kept high card does on B."""
    if v.misere or not v.partners:
        return None
    for d, info in v.decisions():
        state = info.state
        if not state.trick:
            continue
        led = v.order.play_suit(state.trick[0])
        mine = v.suit_cards(state, v.learner, led)
        right = v.right(d)
        if len(mine) < 2 or info.main.card != mine[0] or not right \
                or right[0].winner not in v.partners:
            continue
        won = sum(t.winner in v.partners for t in right)
        for wrong in v.wrongs(d):
            if wrong.card not in mine[1:]:
                continue
            bad = v.refuted(d, wrong)
            if sum(t.winner in v.partners for t in bad) >= won:
                continue
            facts = [v.trick_fact(d, None, right[0], v.learner)]
            later = next((t for t in right[1:] if t.winner in v.partners), None)
            if later is not None:
                facts.append(v.winner_fact(d, None, later))
            fate = v.fate(bad, mine[0])
            if fate is not None:
                facts.append(v.trick_fact(d, wrong, fate, v.learner))
            return technique(TechniqueKey.UNBLOCK, d, info.main, wrong, facts)
    return None


def entry(v: LineView) -> Technique | None:
    """The entry: on R a partner wins the decision's trick and a later one; after a wrong
    card the partner does not win that trick."""
    if v.misere or not v.partners:
        return None
    for d, info in v.decisions():
        right = v.right(d)
        if not right or right[0].winner not in v.partners:
            continue
        partner = right[0].winner
        later = next((t for t in right[1:] if t.winner is partner), None)
        if later is None:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if not bad or bad[0].winner in v.partners:
                continue
            facts = [v.winner_fact(d, None, right[0]), v.winner_fact(d, None, later),
                     v.winner_fact(d, wrong, bad[0])]
            return technique(TechniqueKey.ENTRY, d, info.main, wrong, facts)
    return None


def duck(v: LineView) -> Technique | None:
    """The duck: the right card, of suit S, lets an opponent win the trick, while a higher
    card of S, wrong, wins it for the own side; on R the own side wins a later trick led in
    S. "To keep control" when the learner wins it, "to keep an entry" when a partner does."""
    if v.misere:
        return None
    for d, info in v.decisions():
        suit = v.order.effective_suit(info.main.card)
        right = v.right(d)
        if suit is None or not right or right[0].winner in v.own:
            continue
        later = next((t for t in right[1:] if t.winner in v.own and t.led is suit
                      and not t.ruff), None)
        if later is None:
            continue
        for wrong in v.wrongs(d):
            if v.order.effective_suit(wrong.card) is not suit \
                    or v.order.power(wrong.card) <= v.order.power(info.main.card):
                continue
            bad = v.refuted(d, wrong)
            if not bad or bad[0].winner not in v.own:
                continue
            facts = [v.trick_fact(d, None, right[0], v.learner), v.winner_fact(d, None, later),
                     v.winner_fact(d, wrong, bad[0]), *v.parting(d, wrong)[1:]]
            name = "a duck to keep control" if later.winner is v.learner \
                else "a duck to keep an entry"
            return technique(TechniqueKey.DUCK, d, info.main, wrong, facts, name)
    return None


def safety_play(v: LineView) -> Technique | None:
    """The safety play, as far as one layout shows it: the declaring side's learner, at the
    first decision, gives up the trick (an opponent wins it on R) though a wrong card of
    another suit would win it at once, and on R the side takes exactly the tricks it needs:
    the trick given up is the overtrick it cannot afford to play for."""
    if v.misere or not v.declaring or not v.goal.at_least:
        return None
    info = v.line.decisions[0]
    right = v.right(0)
    if not right or right[0].winner in v.own:
        return None
    if sum(t.winner in v.own for t in right) != v.goal.tricks:
        return None
    suit = v.order.effective_suit(info.main.card)
    for wrong in v.wrongs(0):
        bad = v.refuted(0, wrong)
        if not bad or bad[0].winning != wrong or v.order.effective_suit(wrong.card) is suit:
            continue
        facts = [v.trick_fact(0, None, right[0], v.learner), v.winner_fact(0, wrong, bad[0]),
                 *v.parting(0, wrong)]
        return technique(TechniqueKey.SAFETY_PLAY, 0, info.main, wrong, facts)
    return None


def lead_through(v: LineView) -> Technique | None:
    """Leading through strength: the learner leads a suit S; the next seat, an opponent,
    holds a card H of S higher than the lead; on R H wins no trick (a partner playing after it
    captures it), and on B it wins one."""
    if v.misere or not v.partners:
        return None
    for d, info in v.decisions():
        state = info.state
        if state.trick:
            continue
        seats = state.seats
        nxt = seats[(seats.index(v.learner) + 1) % len(seats)]
        suit = v.order.effective_suit(info.main.card)
        if nxt not in v.others or suit is None:
            continue
        theirs = v.suit_cards(state, nxt, suit)
        if not theirs or v.order.power(theirs[0]) <= v.order.power(info.main.card):
            continue
        high = theirs[0]
        right = v.right(d)
        mine = v.fate(right, high)
        if not right or right[0].winner not in v.partners or mine is None \
                or mine.winning.card == high:
            continue
        for wrong in v.wrongs(d):
            fate = v.fate(v.refuted(d, wrong), high)
            if fate is None or fate.winning.card != high:
                continue
            facts = [v.fact(d, None, FactKind.LEADS, v.learner, info.main, right[0].number),
                     v.trick_fact(d, None, mine, nxt), v.winner_fact(d, wrong, fate)]
            return technique(TechniqueKey.LEAD_THROUGH, d, info.main, wrong, facts)
    return None


def counting(v: LineView) -> Technique | None:
    """Setting up a winner (key ``counting``): on R an own card K of a plain suit wins a
    trick though at the decision an opponent held a higher card of that suit, which falls
    first on R; on B K wins no trick. (At no trumps with a free joker, and in suit
    contracts; not in misère.)"""
    if v.misere:
        return None
    order = v.order
    for d, info in v.decisions():
        state = info.state
        right = v.right(d)
        for t in right:
            card = t.winning.card
            suit = order.effective_suit(card)
            if t.winner not in v.own or suit is None or order.is_trump(card) or card.is_joker:
                continue
            higher = [c for s in state.seats if s in v.others
                      for c in v.suit_cards(state, s, suit) if order.power(c) > order.power(card)]
            if not higher:
                continue
            top = max(higher, key=order.power)
            fell = v.fate(right, top)
            if fell is None or fell.number >= t.number:
                continue
            for wrong in v.wrongs(d):
                fate = v.fate(v.refuted(d, wrong), card)
                if fate is None or fate.winning.card == card:
                    continue
                facts = [v.trick_fact(d, None, fell, v.seat_of(fell, top)),
                         v.winner_fact(d, None, t), v.trick_fact(d, wrong, fate, t.winner)]
                return technique(TechniqueKey.COUNTING, d, info.main, wrong, facts)
    return None
