"""Recognisers of the trump techniques (suit contracts): drawing trumps and when not to,
cashing a winner before it is ruffed, the ruff, the overruff, trump promotion (the uppercut),
the left bower, and the joker led to draw the last trump.

Each is a function of a `LineView` returning a `Technique` or None; the rules are in the
package docstring (`trainer.generate.techniques`). "Own side": the learner and partner;
"opponents": the others; R: the right line from the decision; B: the refutation of the wrong
card compared.
"""

from __future__ import annotations

from trainer.cards import Card, Rank, Seat
from trainer.generate.line_facts import TrickFact, after_trick
from trainer.generate.techniques.model import FactKind, Technique, TechniqueKey, technique
from trainer.generate.techniques.view import LineView


def _last_trump_trick(v: LineView, tricks: list[TrickFact]) -> TrickFact | None:
    """The trick of ``tricks`` after which the opponents hold no trump (None if they keep
    one, or held none before it)."""
    for t in tricks:
        if not v.trumps(t.before, v.others):
            return None
        if not v.trumps(after_trick(t), v.others):
            return t
    return None


def _ruffs(v: LineView, tricks: list[TrickFact], seats: set) -> list[TrickFact]:
    return [t for t in tricks if t.ruff and t.winner in seats]


def _draw(v: LineView, joker: bool) -> Technique | None:
    if not (v.suit_contract and v.declaring and v.goal.at_least):
        return None
    for d, info in v.decisions():
        if info.state.trick or not v.order.is_trump(info.main.card) \
                or info.main.card.is_joker is not joker:
            continue
        right = v.right(d)
        last = _last_trump_trick(v, right)
        if last is None or (joker and last is not right[0]):
            continue
        for wrong in v.wrongs(d):
            if v.order.is_trump(wrong.card):
                continue
            ruff = next((t for t in v.refuted(d, wrong) if t.winner in v.others
                         and v.order.is_trump(t.winning.card)), None)
            if ruff is None:
                continue
            falls = next(s for s, p in zip(last.seats, last.plays, strict=True)
                         if s in v.others and v.order.is_trump(p.card))
            facts = [v.fact(d, None, FactKind.LEADS, v.learner, info.main, right[0].number),
                     v.fact(d, None, FactKind.LAST_TRUMP, falls, last.card_of(falls),
                            last.number),
                     v.winner_fact(d, wrong, ruff)]
            key = TechniqueKey.JOKER_DRAWS_LAST_TRUMP if joker else TechniqueKey.DRAWING_TRUMPS
            return technique(key, d, info.main, wrong, facts)
    return None


def drawing_trumps(v: LineView) -> Technique | None:
    """Drawing trumps: the declaring side's learner leads a trump at a decision, on R the
    opponents' last trump falls, and after a plain-suit lead instead an opponent wins a trick
    with a trump."""
    return _draw(v, joker=False)


def joker_draws_last_trump(v: LineView) -> Technique | None:
    """The joker led to draw the last trump: as drawing trumps, the card led is the joker and
    the opponents' last trump falls on it."""
    return _draw(v, joker=True)


def not_drawing_trumps(v: LineView) -> Technique | None:
    """When not to draw trumps: the declaring side's learner on lead plays a plain card where
    a trump lead is wrong, on R the own side wins a trick by ruffing, and on B (the trump lead)
    the own side ruffs fewer tricks; the facts: that ruff, and where its trump goes on B."""
    if not (v.suit_contract and v.declaring):
        return None
    for d, info in v.decisions():
        if info.state.trick or v.order.is_trump(info.main.card):
            continue
        ruffs = _ruffs(v, v.right(d), v.own)
        if not ruffs:
            continue
        for wrong in v.wrongs(d):
            if not v.order.is_trump(wrong.card):
                continue
            bad = v.refuted(d, wrong)
            if len(_ruffs(v, bad, v.own)) >= len(ruffs):
                continue
            ruff = ruffs[0]
            fate = v.fate(bad, ruff.winning.card)
            facts = [v.winner_fact(d, None, ruff)]
            if fate is not None:
                facts.append(v.trick_fact(d, wrong, fate, ruff.winner))
            return technique(TechniqueKey.NOT_DRAWING_TRUMPS, d, info.main, wrong, facts)
    return None


def cashing(v: LineView) -> Technique | None:
    """Cashing a winner before it is ruffed: a suit contract; the learner leads a plain card
    that wins the trick on R, and on B (another card first) that card is played to a trick an
    opponent wins by ruffing."""
    if not v.suit_contract:
        return None
    for d, info in v.decisions():
        card = info.main.card
        if info.state.trick or v.order.is_trump(card):
            continue
        right = v.right(d)
        if not right or right[0].winning != info.main:
            continue
        for wrong in v.wrongs(d):
            fate = v.fate(v.refuted(d, wrong), card)
            if fate is None or not fate.ruff or fate.winner not in v.others:
                continue
            facts = [v.winner_fact(d, None, right[0]), v.winner_fact(d, wrong, fate),
                     v.trick_fact(d, wrong, fate, v.learner)]
            return technique(TechniqueKey.CASHING, d, info.main, wrong, facts)
    return None


def ruff(v: LineView) -> Technique | None:
    """A ruff: a suit contract; on R the own side wins a trick led in another suit with a
    trump, and on B it ruffs fewer tricks. "A ruff in the short hand" when the declaring
    side's ruffing seat held fewer trumps at the decision than a partner (a defender's ruff is
    plain "a ruff": the short hand is a declarer's idea)."""
    if not v.suit_contract:
        return None
    for d, info in v.decisions():
        ruffs = _ruffs(v, v.right(d), v.own)
        if not ruffs:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if len(_ruffs(v, bad, v.own)) >= len(ruffs):
                continue
            first = ruffs[0]
            facts = [v.winner_fact(d, None, first)]
            fate = v.fate(bad, first.winning.card)
            if fate is not None:
                facts.append(v.trick_fact(d, wrong, fate, first.winner))
            counts = {s: len(v.trumps(info.state, {s})) for s in v.own}
            short = v.declaring and any(counts[s] > counts[first.winner] for s in v.own)
            return technique(TechniqueKey.RUFF, d, info.main, wrong, facts,
                             "a ruff in the short hand" if short else None)
    return None


def _overruffs(v: LineView, tricks: list[TrickFact]) -> list[TrickFact]:
    return [t for t in tricks if t.winner in v.own and v.kind_in(t, t.winner)
            is FactKind.OVERRUFFS and any(s in v.others for s, _ in t.trumped_by(v.order))]


def overruff(v: LineView) -> Technique | None:
    """An overruff: on R an opponent trumps a plain-suit trick and the own side trumps higher
    and wins it, and on B the own side overruffs fewer tricks."""
    if not v.suit_contract:
        return None
    for d, info in v.decisions():
        overs = _overruffs(v, v.right(d))
        if not overs:
            continue
        for wrong in v.wrongs(d):
            bad = v.refuted(d, wrong)
            if len(_overruffs(v, bad)) >= len(overs):
                continue
            t = overs[0]
            under = next(s for s, _ in t.trumped_by(v.order) if s in v.others)
            facts = [v.trick_fact(d, None, t, under), v.winner_fact(d, None, t)]
            facts += [f for f in v.parting(d, wrong) if f.wrong is not None]
            return technique(TechniqueKey.OVERRUFF, d, info.main, wrong, facts)
    return None


def _promotion(v: LineView, d: int, t: TrickFact) -> tuple[TrickFact, Seat] | None:
    """How ``t``'s winning trump T of the own side is promoted, if it is (it was not the
    master at decision ``d``): the trick and seat of the opponent's trump that T overruffs in
    ``t``, or of an opponent's higher trump spent on an earlier plain-suit trick; else None."""
    card = t.winning.card
    order = v.order
    if t.winner not in v.own or not order.is_trump(card):
        return None
    state = v.line.decisions[d].state
    higher = [c for c in v.trumps(state, v.others) if order.power(c) > order.power(card)]
    if not higher:
        return None
    if v.kind_in(t, t.winner) is FactKind.OVERRUFFS:  # the ruffer kept a higher trump back
        under = [s for s, _ in t.trumped_by(order) if s in v.others
                 and any(c in higher for c in v.cards(state, s))]
        if under:
            return t, under[0]
    for x in v.right(d):
        if x.number >= t.number:
            return None
        if x.led is not order.trump:
            spent = [s for s, p in zip(x.seats, x.plays, strict=True) if p.card in higher]
            if spent:
                return x, spent[0]
    return None


def trump_promotion(v: LineView) -> Technique | None:
    """Trump promotion: on R the own side wins a trick with trump T while at the decision an
    opponent held a higher trump, and T wins it by overruffing the trump of an opponent who
    held a higher one (ruffing high would promote T later), or after an opponent's higher trump
    was spent on a plain-suit trick; on B T wins no trick. "An
    uppercut" when, on R, an own-side seat other than T's ruffed and an opponent overruffed
    it, at T's trick or before."""
    if not v.suit_contract:
        return None
    order = v.order
    for d, info in reversed(list(v.decisions())):  # the decision nearest the promoted trick
        right = v.right(d)
        for t in right:
            how = _promotion(v, d, t)
            if how is None:
                continue
            card = t.winning.card
            for wrong in v.wrongs(d):
                fate = v.fate(v.refuted(d, wrong), card)
                if fate is None or fate.winning.card == card:
                    continue
                facts = [v.trick_fact(d, None, how[0], how[1]), v.winner_fact(d, None, t),
                         v.trick_fact(d, wrong, fate, t.winner)]
                upper = any(x.number <= t.number and x.ruff and x.winner in v.others
                            and any(s in v.own and s is not t.winner and order.is_trump(p.card)
                                    for s, p in zip(x.seats, x.plays, strict=True))
                            for x in right)
                return technique(TechniqueKey.TRUMP_PROMOTION, d, info.main, wrong, facts,
                                 "an uppercut" if upper else None)
    return None


def left_bower(v: LineView) -> Technique | None:
    """The left bower: a suit contract; on R the own side's left bower wins a trick, and on B
    it wins none."""
    if not v.suit_contract:
        return None
    for d, info in v.decisions():
        for t in v.right(d):
            card = t.winning.card
            if t.winner not in v.own or not _is_left(v, card):
                continue
            for wrong in v.wrongs(d):
                fate = v.fate(v.refuted(d, wrong), card)
                if fate is None or fate.winning.card == card:
                    continue
                facts = [v.winner_fact(d, None, t), v.trick_fact(d, wrong, fate, t.winner)]
                return technique(TechniqueKey.LEFT_BOWER, d, info.main, wrong, facts)
    return None


def _is_left(v: LineView, card: Card) -> bool:
    trump = v.order.trump
    return trump is not None and card.rank is Rank.JACK and card.suit is trump.same_colour
