"""The write-up of a discard puzzle: the principle of the best discard and why, in 2 to 5
sentences.

When three or more discards score within the simulation's noise of the best (`near_best`,
`within_noise`: one standard error), the write-up opens instead with `any_of` (any of them
will do, with what they share), then why this void (below), the best's figures and the rule of
thumb; it names no runner-up. Where two voids are possible, `void_choice` always says why this
one: what the other void would throw, or, when neither suit holds a winner, what each discard
keeps and whether the simulation can tell them apart ("either will do").

Built from the puzzle's record (`trainer.simulate.DiscardAnalysis`: the 13 cards, the contract,
the candidate table with the simple policy's discard marked) and the rules, with what each
discard keeps counted by `trainer.generate.write_ups.discard_reasons.kept`. The sentences:

1. The principle: the cards to throw and what that does: the voids it makes (and whether the
   suit held a winner), the trumps kept (the joker and the bowers named, RULES.md §2) or the
   trump thrown, the aces kept, the kings kept guarded (K-x); at no trumps the stoppers (ace,
   K-x, Q-x-x) and long suits kept; in misère the high cards thrown.
2. Its figures: the chance of making, the mean tricks, the share of slams when a slam
   scores more than the contract (RULES.md §6), and the expected score, said to be your side's
   points less the opponents' (the defenders' tricks and a set's loss count in it).
3. A discard that scores exactly as much, if the table has one.
4. The nearest rival that scores less, with its reason (`discard_reason`) and figures.
5. The trainer's rule of thumb (`policy.choose_discard`: keep trumps and aces, throw the
   shortest side suits): that it finds the best discard, or what it throws, why that scores
   less (its `discard_reason`: a trump, a winner, a guard, a stopper, length thrown, or the
   cards it throws where the best throws others) and what it loses.
"""

from __future__ import annotations

from trainer.cards import SUITS, Rank
from trainer.generate.write_ups.calls import points, score
from trainer.generate.write_ups.discard_reasons import (
    DiscardReasonKind,
    discard_reason,
    kept,
    slams_pay,
    winners,
)
from trainer.generate.write_ups.facts import (
    by_suit,
    cards_text,
    count_word,
    high_cards,
    join,
    pct,
    stopper,
    trump_holding,
)
from trainer.policy import RULE_OF_THUMB
from trainer.rules import CardOrder, RuleSet
from trainer.scoring import SLAM_VALUE, bid_value
from trainer.simulate import DiscardAnalysis, DiscardResult, score_key

RULE = RULE_OF_THUMB


def _names(cards: list, order: CardOrder) -> str:
    return cards_text(cards, order).replace("Joker", "the joker")


def principle(analysis: DiscardAnalysis, rules: RuleSet) -> str:
    """Sentence 1 (module docstring)."""
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    hand = analysis.hand
    best = analysis.best
    thrown = sorted(best.discard, key=order.display_key)
    left = kept(hand, best.discard, contract, rules.pack)
    before = by_suit(hand, order)
    does: list[str] = []
    if contract.misere:
        high = [c for c in thrown if c in high_cards(hand)]
        if high:
            does.append(f"it gets rid of {_names(high, order)}, "
                        f"{'a high card' if len(high) == 1 else 'high cards'} (a jack or "
                        "higher) the play could force to win a trick")
        return f"Throw {_names(thrown, order)}" + (f": {join(does)}" if does else "")
    all_winners = set(winners(hand, contract, rules.pack))
    leaves: list[str] = []
    if left.voids:
        plain = all(not all_winners & set(before[s]) for s in left.voids)
        names = join([s.noun for s in left.voids])
        leaves.append(f"a void in {names}" + (
            (", a suit with no winner" if len(left.voids) == 1 else ", suits with no winner")
            if plain else ""))
    given = [c for c in thrown if c in all_winners]
    keeps: list[str] = []
    if contract.trump is not None:
        held = trump_holding(left.cards, contract.trump, rules)
        if not left.thrown_trumps:
            keeps.append(f"all {held.count} trumps ({held.named()})" if held.count > 1
                         else f"your trump, {held.named()}")
        else:
            leaves.insert(0, f"{held.count} trumps ({held.named()})")
    aces = [c for c in hand if c.rank is Rank.ACE and not order.is_trump(c)]
    if aces and not any(c in best.discard for c in aces) and contract.trump is not None:
        keeps.append(f"the {aces[0].pretty}" if len(aces) == 1
                     else f"the aces ({_names(aces, order)})")
    after = by_suit(left.cards, order)
    for king in left.cards:
        if (king.rank is not Rank.KING or order.is_trump(king) or king.suit is None
                or contract.trump is None):
            continue
        suit = after[king.suit]
        if len(suit) >= 2 and all(x.rank is not Rank.ACE for x in suit):
            keeps.append(f"the {king.pretty} guarded ({_names(suit, order)})")
    if contract.trump is None:
        if any(c.is_joker for c in left.cards):
            keeps.append("the joker")
        stopped = [s for s in SUITS if stopper(after[s]) is not None]
        cards = join([c.pretty for s in stopped if (c := stopper(after[s])) is not None])
        if stopped and len(stopped) == sum(1 for s in SUITS if before[s]):
            keeps.append(f"a stopper in every suit ({cards})")
        elif stopped:
            keeps.append(f"{cards} as stoppers in {join([s.noun for s in stopped])}")
        long_suits = [s for s in SUITS if len(before[s]) >= 4 and len(after[s]) == len(before[s])]
        if long_suits:
            keeps.append(f"the long {join([s.noun for s in long_suits])} whole")
    parts = []
    if left.thrown_trumps:
        parts.append(f"throws {count_word(len(left.thrown_trumps), 'trump')} "
                     f"({_names(list(left.thrown_trumps), order)})")
    for_void = [c for c in given if order.effective_suit(c) in left.voids]
    other = [c for c in given if c not in for_void]
    if other:
        parts.append(f"gives up the {_names(other, order)}")
    if for_void and leaves:
        parts.append(f"gives up the {_names(for_void, order)} to leave {join(leaves)}")
    elif leaves:
        parts.append(f"leaves {join(leaves)}")
    if keeps:
        parts.append(f"keeps {join(keeps)}")
    text = f"Throw {_names(thrown, order)}"
    if not parts:
        return text
    glue = ", and " if any("," in p for p in parts[:-1]) else " and "
    return f"{text}: that " + (parts[0] if len(parts) == 1 else
                               ", ".join(parts[:-1]) + glue + parts[-1])


def void_choice(analysis: DiscardAnalysis, rules: RuleSet) -> str:
    """When the table holds a discard that voids another suit than the best one does (two voids
    possible), why this void and not that one, in the hand's words: what voiding the other suit
    would throw (its winners, a guarded king, a trump) and what the best discard's void costs
    (a suit with no winner). ``""`` when no such discard is listed."""
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    hand = analysis.hand
    best = analysis.best
    mine = kept(hand, best.discard, contract, rules.pack)
    top = score_key(best)
    other = None
    for cand in analysis.candidates:
        if score_key(cand) >= top:
            continue
        theirs = kept(hand, cand.discard, contract, rules.pack)
        new = [v for v in theirs.voids if v not in mine.voids]
        if new:
            other = (cand, theirs, new)
            break
    if other is None or contract.misere:
        return ""
    cand, theirs, new = other
    suit = new[0]
    before = by_suit(hand, order)
    gone = before[suit]
    all_winners = set(winners(hand, contract, rules.pack))
    lost = [c for c in gone if c in all_winners]
    why = f"voiding {suit.noun} would throw {_names(gone, order)}"
    if lost and len(lost) == len(gone):
        why = (f"voiding {suit.noun} would throw the {_names(gone, order)}, "
               f"{'a winner' if len(gone) == 1 else 'winners'}")
    elif lost:
        what = "a winner" if len(lost) == 1 else "winners"
        why += f", {what} among them ({_names(lost, order)})"
    if theirs.thrown_trumps and len(theirs.thrown_trumps) > len(mine.thrown_trumps):
        why += f", and a trump ({_names(list(theirs.thrown_trumps), order)})"
    trump = theirs.thrown_trumps and len(theirs.thrown_trumps) > len(mine.thrown_trumps)
    if not mine.voids:
        if not lost and not trump:
            return f"Why no void in {suit.noun}: {_trade(analysis, cand, order)}"
        return f"Why no void in {suit.noun}: {why}"
    ours = mine.voids[0]
    held = before[ours]
    head = f"Why the {ours.noun} void and not the {suit.noun} one: "
    if all_winners & set(held):
        return head + _trade(analysis, cand, order)
    if lost or trump:
        return head + why + f", while {_names(held, order)} held no winner"
    if len(held) < len(gone):
        rest = [c for c in best.discard if c not in held]
        return (head + f"voiding {ours.noun} takes only {_names(held, order)}, so "
                f"{_names(sorted(rest, key=order.display_key), order)} can go as well, while "
                f"voiding {suit.noun} takes {_names(gone, order)}")
    return head + "neither suit holds a winner; " + _trade(analysis, cand, order)


def within_noise(a: DiscardResult, b: DiscardResult) -> bool:
    """True when two discards' expected scores differ by no more than one standard error (the
    larger of the two). The discards of a table are played on the same layouts, so their gap is
    far steadier than two independent means': one standard error, not the two of a bid's close
    call (`trainer.generate.write_ups.bid.close_call`), marks the gap the simulation cannot
    tell from nothing."""
    return abs(score_key(a) - score_key(b)) <= max(a.se, b.se)


def _or(parts: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _trade(analysis: DiscardAnalysis, other: DiscardResult, order: CardOrder) -> str:
    """What the best discard keeps that ``other`` throws and the reverse, and whether the
    simulation can tell them apart: ``this one keeps the 5♠ where the other keeps 10♥, and the
    two score within the simulation's noise (3.0 apart): either will do``."""
    best = analysis.best
    mine = sorted(set(other.discard) - set(best.discard), key=order.display_key)
    theirs = sorted(set(best.discard) - set(other.discard), key=order.display_key)
    named = _names(sorted(other.discard, key=order.display_key), order)
    text = (f"this discard keeps {_names(mine, order)} where the other ({named}) keeps "
            f"{_names(theirs, order)}")
    gap = score_key(best) - score_key(other)
    if within_noise(best, other):
        return text + (f", and the two score within the simulation's noise ({gap:.1f} apart): "
                       "either will do")
    return text + f", and over the layouts that scores {gap:.1f} more"


def figures(analysis: DiscardAnalysis, rules: RuleSet) -> str:
    """Sentence 2 (module docstring): the expected score is your side's points less the
    opponents' (`trainer.simulate.scores.net_score`), which is why it is not the chance of
    making times the contract's value."""
    best = analysis.best
    contract = analysis.contract
    text = (f"It makes {contract.pretty} {pct(best.p_make)} of the time, with "
            f"{best.mean_tricks:.2f} tricks on average over {best.samples} layouts")
    if slams_pay(contract, rules) and best.p_slam:
        text += (f", takes all ten tricks on {pct(best.p_slam)} of them (a slam, scoring "
                 f"{SLAM_VALUE} instead of {bid_value(contract, rules)})")
    return (f"{text}, and gives an expected score of {score(best.ev)} a hand for your side (its "
            "points less the opponents')")


def against(analysis: DiscardAnalysis, result: DiscardResult, rules: RuleSet) -> str:
    """A discard that scores less, as a verb phrase: its reason (`discard_reason`) and what it
    loses, ``throws a trump (6♥): it makes 93% and scores 14 less``."""
    why = discard_reason(analysis, result, rules)
    less = points(score_key(analysis.best) - score_key(result))
    if "%" in why.text:
        return f"{why.text}, and scores {less} less"
    return f"{why.text}: it makes {pct(result.p_make)} and scores {less} less"


def near_best(analysis: DiscardAnalysis) -> list[DiscardResult]:
    """The best discard and the others within the simulation's noise of it (`within_noise`),
    in the table's order, at most 4."""
    best = analysis.best
    near = [best] + [c for c in analysis.candidates
                     if c is not best and score_key(c) <= score_key(best)
                     and within_noise(best, c)]
    return near[:4]


def any_of(analysis: DiscardAnalysis, rules: RuleSet) -> str:
    """When three or more discards score within the noise (`near_best`): that any of them will
    do, with what they share (the cards all of them throw, the voids all make, the trumps all
    keep); ``""`` otherwise."""
    near = near_best(analysis)
    if len(near) < 3:
        return ""
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    common = sorted(set.intersection(*(set(c.discard) for c in near)), key=order.display_key)
    rest = [sorted(set(c.discard) - set(common), key=order.display_key) for c in near]
    if common and all(len(r) == 1 for r in rest):
        text = (f"Throw {_names(common, order)} and any one of "
                f"{_or([_names(r, order) for r in rest])}")
    else:
        text = "Any of " + _or([_names(sorted(c.discard, key=order.display_key), order)
                                for c in near]) + " will do"
    lo, hi = min(score_key(c) for c in near), max(score_key(c) for c in near)
    text += (f": they score the same ({score(hi)})" if lo == hi else
             f": they score within the simulation's noise of each other ({score(hi)} to "
             f"{score(lo)})")
    shared: list[str] = []
    kept_all = [kept(analysis.hand, c.discard, contract, rules.pack) for c in near]
    voids = [v for v in kept_all[0].voids if all(v in k.voids for k in kept_all)]
    if voids:
        shared.append(f"leave a void in {join([v.noun for v in voids])}")
    if contract.trump is not None and not any(k.thrown_trumps for k in kept_all):
        held = trump_holding(kept_all[0].cards, contract.trump, rules)
        shared.append(f"keep all {held.count} trumps" if held.count > 1 else "keep your trump")
    if shared:
        text += f", and all of them {join(shared)}"
    return text


def discard_write_up(analysis: DiscardAnalysis, rules: RuleSet) -> str:
    """The write-up (module docstring) of a discard decision under ``rules``; when three or
    more discards score within the noise, it opens with `any_of` instead of the best one's
    principle, and names no runner-up."""
    contract = analysis.contract
    order = CardOrder(trump=contract.trump)
    best = analysis.best
    top = score_key(best)
    several = any_of(analysis, rules)
    if several:
        out = [several, figures(analysis, rules).replace("It makes", "The best of them makes",
                                                          1)]
        void = void_choice(analysis, rules)
        if void:
            out.insert(1, void)
        policy = next((c for c in analysis.candidates if c.policy), None)
        if policy is not None and any(frozenset(policy.discard) == frozenset(c.discard)
                                      for c in near_best(analysis)):
            out.append(f"{RULE} finds one of them")
        elif policy is not None:
            out.append(f"{RULE} throws "
                       f"{_names(sorted(policy.discard, key=order.display_key), order)}, "
                       f"which {against(analysis, policy, rules)}")
        return " ".join(x.rstrip(".") + "." for x in out[:5])
    out = [principle(analysis, rules)]
    void = void_choice(analysis, rules)
    if void:
        out.append(void)
    out.append(figures(analysis, rules))
    same = [c for c in analysis.candidates if score_key(c) == top
            and frozenset(c.discard) != frozenset(best.discard)]
    if same:
        out.append(f"{_names(sorted(same[0].discard, key=order.display_key), order)} scores "
                   "the same")
    rival: DiscardResult | None = next((c for c in analysis.candidates if score_key(c) < top),
                                       None)
    traded = void and "either will do" in void and rival is not None and _names(
        sorted(set(rival.discard) - set(best.discard), key=order.display_key), order) in void
    if rival is not None and not traded:
        why = discard_reason(analysis, rival, rules)
        cards = _names(list(why.discard), order)
        if why.kind is DiscardReasonKind.CLOSE:
            out.append(f"{cards} is nearly as good: it makes {pct(rival.p_make)} and scores "
                       f"{top - score_key(rival):.1f} less")
        else:
            out.append(f"{cards} {against(analysis, rival, rules)}")
    policy = next((c for c in analysis.candidates if c.policy), None)
    if policy is not None and len(out) < 5:
        if frozenset(policy.discard) == frozenset(best.discard) or score_key(policy) == top:
            out.append(f"{RULE} finds this discard")
        elif rival is None or frozenset(policy.discard) != frozenset(rival.discard):
            out.append(f"{RULE} throws "
                       f"{_names(sorted(policy.discard, key=order.display_key), order)}, "
                       f"which {against(analysis, policy, rules)}")
        else:
            out.append("That is what the trainer's rule of thumb (keep trumps and aces, throw "
                       "the shortest side suits first) throws")
    return " ".join(s.rstrip(".") + "." for s in out[:5])


__all__ = ["RULE", "against", "any_of", "discard_write_up", "figures", "near_best", "principle",
           "void_choice", "within_noise"]
