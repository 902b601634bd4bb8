"""The plan and the trap of a play write-up, in the words of the technique the main line
shows (`trainer.generate.techniques.main_technique`).

`plan_claims` names the technique and says the plan in one or two sentences, from the
technique's own facts (the right line); `trap_claim` says why the tempting card the technique
was compared with fails, in terms of the same idea (its refutation's facts). Each sentence is a
`Claim` with the facts it rests on. The phrasing is one function a technique; where a clause
rests on the recogniser's own condition (a trump promoted was not the best trump out, a safety
play takes exactly the tricks needed), a ``HOLDS`` fact or the goal the solver verified backs it.
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.generate.techniques import Fact, FactKind, LineKind, Technique, TechniqueKey
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim, Words, cap, of

K = TechniqueKey
R, B = LineKind.RIGHT, LineKind.REFUTATION
WINNING = (FactKind.WINS, FactKind.RUFFS, FactKind.OVERRUFFS)


def _head(w: Words, t: Technique) -> str:
    """``"A throw-in: lead K♣"`` (``"Later, at trick 7, a throw-in: lead K♣"`` after the first
    decision: the write-up's second point, after the first decision's)."""
    if t.decision:
        return (f"Later, at trick {w.v.first_number(t.decision)}, {t.name}: "
                f"{w.action(t.decision, t.play)}")
    return f"{cap(t.name)}: {w.action(t.decision, t.play)}"


def _suit_word(w: Words, card: Card) -> str:
    suit = w.v.order.effective_suit(card)
    return suit.noun if suit is not None else "cards"


def _plan(w: Words, t: Technique) -> list[Claim]:
    f = t.facts
    right = of(f, R)
    head = _head(w, t)
    k = t.key
    if k in (K.DRAWING_TRUMPS, K.JOKER_DRAWS_LAST_TRUMP):
        last = of(f, R, FactKind.LAST_TRUMP)[0]
        lead = "the joker, the highest trump," if k is K.JOKER_DRAWS_LAST_TRUMP else "it"
        return [Claim(f"{head}, and {lead} draws {w.owned(last.seat, last.card)} in trick "
                      f"{last.trick}: after it the opponents hold no trump to ruff your "
                      f"winners with.", tuple(right))]
    if k is K.NOT_DRAWING_TRUMPS:
        ruff = right[0]
        return [Claim(f"{head} and keep your side's trumps for ruffing: "
                      f"{w.clause(ruff)}.", (ruff,))]
    if k is K.CASHING:
        return [Claim(f"{head} while it still stands: {w.clause(right[0])}.", (right[0],))]
    if k is K.RUFF:
        if t.name.endswith("short hand"):
            return [Claim(f"{head}: {w.clause(right[0])}, a trump from the hand with fewer "
                          f"trumps, so it is an extra trick.", (right[0],))]
        return [Claim(w.pick("ruff", [
            f"{head}: {w.clause(right[0])}.",
            f"{head}, and a trump of your side wins a trick of another suit: "
            f"{w.clause(right[0])}.",
            f"{head} to make a trump count on its own: {w.clause(right[0])}.",
        ]), (right[0],))]
    if k is K.OVERRUFF:
        under, over = right[0], right[1]
        return [Claim(f"{head}: {seat_name(under.seat)} ruffs trick {under.trick} with "
                      f"{play_text(under.card)}, and "
                      f"{w.owned(over.seat, over.card)} overruffs it.", (under, over))]
    if k is K.TRUMP_PROMOTION:
        return _promotion(w, t, head, right)
    if k is K.LEFT_BOWER:
        win = right[0]
        return [Claim(f"{head}: {w.owned(win.seat, win.card)}, the left bower, counts as a "
                      f"trump, not a card of its printed suit, and "
                      f"{_DOES_SHORT[win.kind].format(n=win.trick)}.", (win,))]
    if k is K.JOKER_WINS_VOID:
        win = right[0]
        n = win.trick
        return [Claim(w.pick("joker_void", [
            f"{head}: you cannot follow suit, and a free joker played when void wins the "
            f"trick, so your joker takes trick {n}.",
            f"{head}: void in the suit led, you may play the free joker, and it wins trick "
            f"{n} outright.",
            f"{head}, now that you are void: the free joker, played when you cannot "
            f"follow, beats every card, so it takes trick {n}.",
        ]), (win,))]
    if k is K.JOKER_STOPPER:
        lead, stop = right[0], right[1]
        return [Claim(f"{head} and hold the joker back as a stopper: when "
                      f"{seat_name(lead.seat)} leads "
                      f"{play_text(lead.card)} to trick {lead.trick}, "
                      f"your joker wins it.", (lead, stop))]
    if k is K.JOKER_NAMED:
        return _named(w, t, head, right)
    if k is K.ENDPLAY:
        return _endplay(w, t, head, right)
    if k is K.UNBLOCK:
        mine = right[0]
        text = (f"{head}, your highest {_suit_word(w, t.play.card).removesuffix('s')}, under "
                f"your partner's winner")
        facts = [mine]
        if len(right) > 1:
            text += f", so that {w.clause(right[1])}"
            facts.append(right[1])
        return [Claim(text + ".", tuple(facts))]
    if k is K.ENTRY:
        first, later = right[0], right[1]
        who = seat_name(later.seat)
        return [Claim(w.pick("entry", [
            f"{head}, so that {w.clause(first)} and {who}, on lead, can take trick "
            f"{later.trick} with {play_text(later.card)}.",
            f"{head} to put your partner in: {w.clause(first)}, and from there {who} takes "
            f"trick {later.trick} with {play_text(later.card)}.",
            f"{head}: it reaches your partner's hand, as {w.clause(first)}, and {who} then "
            f"cashes {play_text(later.card)} in trick {later.trick}.",
        ]), (first, later))]
    if k is K.DUCK:
        mine, later = right[0], right[1]
        kept = "control of the suit" if later.seat is w.learner else "an entry"
        return [Claim(f"{head} and let the opponents have trick {mine.trick}, keeping "
                      f"{kept}: later {w.clause(later)} in the same suit.", (mine, later))]
    if k is K.SAFETY_PLAY:
        mine = right[0]
        return [Claim(f"{head} and give up trick {mine.trick}: overtricks score nothing in 500, "
                      f"and this line takes exactly the tricks the contract needs.", (mine,))]
    if k is K.LEAD_THROUGH:
        lead, high = right[0], right[1]
        return [Claim(f"{head} through {seat_name(high.seat)}, who holds "
                      f"{play_text(high.card)}: your partner plays "
                      f"after it, and {w.clause(high)}.", (lead, high))]
    if k is K.COUNTING:
        fell, win = right[0], right[1]
        suit = _suit_word(w, win.card.card).removesuffix("s")
        gone = w.clause(fell).replace(f"{w.owned(fell.seat, fell.card)} ",
                                      f"{w.owned(fell.seat, fell.card)}, the opponents' "
                                      f"highest {suit}, ", 1)
        return [Claim(f"{head}: after {gone}, {w.clause(win)}.",
                      (fell, win))]
    if k is K.KEEPING_WINNER:
        kept = right[1]
        card = w.owned(kept.seat, kept.card)
        return [Claim(w.pick("keep", [
            f"{head} and keep {card}: a card that takes no trick goes, and {w.clause(kept)}.",
            f"{head}, a card with no future, and hold on to {card}: {w.clause(kept)}.",
        ]), (right[0], kept))]
    if k is K.SURE_TRICK:
        win = right[0]
        return [Claim(w.pick("sure", [
            f"{head} and take the trick while you can: {w.clause(win)}, and you keep the "
            f"lead.",
            f"{head}, the card that wins now: {w.clause(win)}, and the lead stays with you.",
            f"{head}: cash the trick that is yours ({w.clause(win)}) before you lead a card "
            f"the opponents can beat.",
        ]), (win,))]
    if k in (K.MISERE_UNBLOCK, K.MISERE_DUCK):
        mine, winner = right[0], right[1]
        top = w.owned(winner.seat, winner.card)
        does = _DOES_SHORT[winner.kind].format(n=winner.trick)
        if k is K.MISERE_DUCK:
            return [Claim(f"{head} under {top}, which {does}.", (mine, winner))]
        return [Claim(w.pick("misere_unblock", [
            f"{head} now, while it can still go under {top}, which {does}.",
            f"{head}: get rid of it while {top} is there to take the trick ({top} {does}).",
            f"{head} early: this trick goes to {top}, which {does}, so your high card is "
            f"safely gone.",
        ]), (mine, winner))]
    return _misere_defence(w, t, head, right)


_DOES_SHORT = {FactKind.WINS: "wins trick {n}", FactKind.RUFFS: "ruffs and wins trick {n}",
               FactKind.OVERRUFFS: "overruffs and wins trick {n}"}


def _promotion(w: Words, t: Technique, head: str, right: list[Fact]) -> list[Claim]:
    how, win = right[0], right[1]
    card = win.card.card
    order = w.v.order
    state = w.state(t.decision)
    higher = [(s, c) for s in state.seats if s in w.v.others for c in w.v.cards(state, s)
              if order.is_trump(c) and order.power(c) > order.power(card)
              and c != how.card.card]  # the trump forced out is not one left above it
    facts = [how, win] + [w.holds(t.decision, s, c) for s, c in higher[:1]]
    top = (f", though {w.owned(*higher[0])} is a higher trump" if higher else "")
    if how.trick == win.trick:
        text = (f"{head}: {seat_name(how.seat)} ruffs trick {how.trick}, and "
                f"{w.owned(win.seat, win.card)} overruffs it{top}.")
    else:
        text = (f"{head}: {w.clause(how)}, and that promotes {w.owned(win.seat, win.card)}"
                f"{top}: it {_DOES_SHORT[win.kind].format(n=win.trick)}.")
    return [Claim(text, tuple(facts))]


def _named(w: Words, t: Technique, head: str, right: list[Fact]) -> list[Claim]:
    lead = right[0]
    rest = right[1:]
    if t.name.endswith("draw a card") and rest:
        drawn = rest[0]
        return [Claim(f"{head}: {w.owned(drawn.seat, drawn.card)} has to follow to it in "
                      f"trick {drawn.trick}.", (lead, drawn))]
    if t.name.endswith("keep a stopper") and rest:
        stop = rest[0]
        return [Claim(f"{head}, keeping your side's stopper: later {w.clause(stop)}.",
                      (lead, stop))]
    if rest:
        return [Claim(f"{head}: {w.clause(rest[0])}.", (lead, rest[0]))]
    return [Claim(f"{head}.", (lead,))]


def _endplay(w: Words, t: Technique, head: str, right: list[Fact]) -> list[Claim]:
    strip = [f for f in right if f.decision == 0 and f.kind is FactKind.DISCARDS
             and f is right[0] and len(right) > 2]
    body = right[len(strip):]
    won, lead = body[0], body[1]
    opp = seat_name(won.seat)
    claims = [Claim(f"{head} and let {opp} win trick {won.trick} with "
                    f"{play_text(won.card)}: {opp} is thrown in "
                    f"and must lead next, and {opp}'s lead (such as "
                    f"{play_text(lead.card)} to trick {lead.trick}) "
                    f"gives your side the tricks it needs.", (won, lead))]
    if strip:
        s = strip[0]
        claims.append(Claim(f"The strip comes first: in trick {s.trick} {opp} shows out, "
                            f"throwing {play_text(s.card)}.", (s,)))
    return claims


def _misere_defence(w: Words, t: Technique, head: str, right: list[Fact]) -> list[Claim]:
    k = t.key
    declarer = w.v.declarer
    assert declarer is not None
    caught = next(f for f in right if f.seat is declarer and f.kind in WINNING)
    stuck = w.owned(declarer, caught.card)
    if k is K.MISERE_PARTNER_UNBLOCK:
        x = right[0]
        return [Claim(f"{head}: in misère the defence wants the declarer to win a trick, so "
                      f"{w.owned(x.seat, x.card)} must not cover the declarer; it "
                      f"{_verb_of(x)}, and {stuck} is left to win trick {caught.trick}.",
                      (x, caught))]
    if k is K.MISERE_PARTNER_DISCARD:
        lead, thrown = right[0], right[1]
        return [Claim(f"{head}, a suit your partner cannot follow: {w.clause(thrown)}, and "
                      f"then {stuck} wins trick {caught.trick}, setting the misère.",
                      (lead, thrown, caught))]
    hold, lead = right[0], right[1]
    leads = "lead" if lead.seat is w.learner else "leads"
    return [Claim(w.pick("bare", [
        f"{head}: {stuck} is bare, the declarer's only card of its suit, so when "
        f"{w.who(lead.seat)} {leads} that suit to trick {lead.trick} it has to win, and the "
        f"misère fails.",
        f"{head}: {stuck} stands alone in the declarer's hand, with no lower card of its "
        f"suit to play under, so the lead of that suit makes it win trick {caught.trick}.",
        f"{head} into the declarer's singleton: {stuck} cannot duck, and it takes trick "
        f"{caught.trick}, which beats the misère.",
    ]), (hold, lead, caught))]


def _verb_of(fact: Fact) -> str:
    return {FactKind.DISCARDS: "is thrown away on trick {n}", FactKind.LOSES:
            "goes early, on trick {n}", FactKind.LEADS: "is led to trick {n}",
            FactKind.WINS: "wins trick {n} out of the way"}.get(
                fact.kind, "goes on trick {n}").format(n=fact.trick)


def plan_claims(view: LineView, technique: Technique) -> list[Claim]:
    """The technique named and the plan, one or two sentences (module docstring)."""
    return _plan(Words(view), technique)


def trap_claim(view: LineView, technique: Technique) -> Claim | None:
    """Why the technique's wrong card fails, in the technique's terms (None without one)."""
    wrong = technique.wrong
    if wrong is None:
        return None
    w = Words(view)
    bad = of(technique.facts, B)
    later = any(wrong in d.line for d in view.line.decisions)
    doing = w.doing(technique.decision, wrong, later)
    return _TRAPS.get(technique.key, _generic_trap)(w, technique, doing, bad)


def _generic_trap(w: Words, t: Technique, doing: str, bad: list[Fact]) -> Claim | None:
    if not bad:
        return None
    return Claim(f"{doing} fails: {w.clause(bad[0])}.", (bad[0],))


def _trap_text(text: str) -> Callable[[Words, Technique, str, list[Fact]], Claim | None]:
    def trap(w: Words, t: Technique, doing: str, bad: list[Fact]) -> Claim | None:
        if not bad:
            return None
        first = bad[0]
        more = bad[1] if len(bad) > 1 else first
        return Claim(text.format(doing=doing, first=w.clause(first), more=w.clause(more),
                                 card=w.owned(first.seat, first.card) if first.card else "",
                                 n=first.trick), tuple(bad[:2]))
    return trap


def _trap_texts(salt: str, texts: list[str]
                ) -> Callable[[Words, Technique, str, list[Fact]], Claim | None]:
    """`_trap_text` with a choice of shapes, picked by the puzzle (`Words.pick`)."""
    def trap(w: Words, t: Technique, doing: str, bad: list[Fact]) -> Claim | None:
        return _trap_text(w.pick(salt, texts))(w, t, doing, bad)
    return trap


def _stuck_trap(w: Words, t: Technique, doing: str, bad: list[Fact]) -> Claim | None:
    if not bad:
        return None
    f = bad[0]
    if t.key is K.MISERE_DUCK:
        return Claim(f"{doing} wins trick {f.trick}, and a trick taken sets a misère.", (f,))
    card = play_text(f.card)
    return Claim(w.pick("stuck", [
        f"{doing} leaves you holding {card}, and it wins trick {f.trick}: in misère one "
        f"trick sets you.",
        f"{doing} keeps {card} too long: it is forced to win trick {f.trick}, and one trick "
        f"beats a misère.",
        f"{doing} saves the wrong card: later {card} has nothing to go under and takes trick "
        f"{f.trick}.",
    ]), (f,))


def _escape_trap(w: Words, t: Technique, doing: str, bad: list[Fact]) -> Claim | None:
    none = [f for f in bad if f.kind is FactKind.NO_TRICK]
    cover = [f for f in bad if f.kind is not FactKind.NO_TRICK]
    if not none:
        return None
    who = seat_name(none[0].seat)
    if cover:
        return Claim(w.pick("escape_cover", [
            f"{doing} lets the declarer escape: {w.clause(cover[0])}, and {who} takes no "
            f"trick.",
            f"{doing} rescues the declarer: {w.clause(cover[0])}, and {who} wins nothing.",
        ]), (cover[0], none[0]))
    return Claim(w.pick("escape", [
        f"{doing} lets the declarer escape: {who} takes no trick at all.",
        f"{doing} lets {who} off the hook: the declarer then wins no trick and the misère "
        f"makes.",
        f"{doing} gives the declarer a way out, and {who} ends with no trick.",
    ]), (none[0],))


_TRAPS: dict[TechniqueKey, Callable[[Words, Technique, str, list[Fact]], Claim | None]] = {
    K.DRAWING_TRUMPS: _trap_text("{doing} leaves the opponents a trump: {first}."),
    K.JOKER_DRAWS_LAST_TRUMP: _trap_text("{doing} leaves the last trump out: {first}."),
    K.NOT_DRAWING_TRUMPS: _trap_text("{doing} draws trumps too soon: {first}, and your "
                                     "side ruffs fewer tricks."),
    K.CASHING: _trap_text("{doing} waits too long: {first}, and your winner is ruffed."),
    K.RUFF: _trap_text("{doing} gives up the ruff: {first}, and your side ruffs fewer "
                       "tricks."),
    K.OVERRUFF: _trap_text("{doing} loses the overruff: {first}."),
    K.TRUMP_PROMOTION: _trap_text("{doing} promotes nothing: {first}."),
    K.LEFT_BOWER: _trap_text("{doing} wastes the left bower: {first}."),
    K.JOKER_WINS_VOID: _trap_texts("joker_void", [
        "{doing} keeps the joker but gives away the trick: {first}.",
        "{doing} saves the joker for nothing: {first}.",
        "{doing} lets the trick go: {first}, while the joker stays in your hand."]),
    K.JOKER_STOPPER: _trap_text("{doing} spends the stopper: {first}, and then {more}."),
    K.JOKER_NAMED: _trap_text("{doing} names the wrong suit for it: {first}."),
    K.ENDPLAY: _trap_text("{doing} throws no one in: {first}, and your side has to lead "
                          "next."),
    K.UNBLOCK: _trap_text("{doing} blocks the suit: {first}, and your partner takes fewer "
                          "tricks."),
    K.ENTRY: _trap_texts("entry", [
        "{doing} loses the entry: {first}, so your partner is not on lead.",
        "{doing} cuts you off from your partner: {first}.",
        "{doing} never reaches your partner's hand: {first}, and the winners there wait."]),
    K.DUCK: _trap_text("{doing} wins too soon: {first}, but then {more}."),
    K.SAFETY_PLAY: _trap_text("{doing} grabs the trick and risks the contract: {first}, "
                              "but then {more}."),
    K.LEAD_THROUGH: _trap_text("{doing} lets the high card score: {first}."),
    K.COUNTING: _trap_texts("counting", [
        "{doing} gives up the card that would become a winner: {first}, so it never wins "
        "a trick.",
        "{doing} wastes the card that would have become master: {first}.",
        "{doing} gives up on the suit too soon: {first}, and no winner comes of it."]),
    K.KEEPING_WINNER: _trap_text("{doing} throws away a winner: {first}."),
    K.SURE_TRICK: _trap_texts("sure", [
        "{doing} runs into a higher card: {first}, and the opponents have the lead.",
        "{doing} hands the opponents the trick: {first}.",
        "{doing} leads into strength: {first}, and they are on lead."]),
    K.MISERE_UNBLOCK: _stuck_trap,
    K.MISERE_DUCK: _stuck_trap,
    K.MISERE_PARTNER_UNBLOCK: _escape_trap,
    K.MISERE_PARTNER_DISCARD: _escape_trap,
    K.MISERE_BARE_CARD: _escape_trap,
}


def seat_words(seat: Seat) -> str:
    return seat_name(seat)
