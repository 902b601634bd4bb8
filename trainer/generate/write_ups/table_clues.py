""""How you would know": what at the table tells the learner the layout a play puzzle's line
needs, from what the learner has seen, or a plain word that nothing does.

The layout the line needs is read off the facts the write-up rests on: the first card of
another player that a fact names and that the player still held at the decision (the last
trump, the card that would win on the refutation, the declarer's bare card ...). The learner
sees their own hand, the cards played (the history and the trick under way), an open misère
declarer's hand once it is face up, at two players the face-up table cards, and a no-trump or
misère declarer's nomination of the joker's suit. From the history the learner knows who has
shown out of which suit (`shown_out`). Where the card could be:

- each other player still holding cards who has not shown out of its suit (a free joker has no
  suit: anyone holding cards);
- unseen places: a defender never sees the declarer's discard, and in misère nobody sees the
  hand of the declarer's partner, who sits out.

If the card is in view, the sentence says so; if the nomination places the joker, it says so;
if the voids shown leave one player, it says so with the tricks they showed out in (and "unless
it is in the discard" where an unseen place is left); otherwise it says that nothing tells it
and the line is a guess that comes off only with every card seen (naming the voids shown,
if any).
Every sentence carries its facts: ``SHOWED_OUT`` for each void it cites, ``HOLDS`` for where
the card is.
"""

from __future__ import annotations

from trainer.cards import Card, Seat, Suit
from trainer.generate.explain import seat_name
from trainer.generate.line_facts import held
from trainer.generate.techniques import Fact, FactKind, LineKind
from trainer.generate.techniques.layouts import layout_count, seed_of
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim, card_words
from trainer.lessons.question import names_list
from trainer.play import PlayState
from trainer.rules import Play
from trainer.two_player import TablePlayState


def shown_out(state: PlayState) -> dict[Seat, dict[Suit, tuple[int, Play]]]:
    """For each seat, the suits it has shown out of in the history: the first trick (its
    number in the hand) and the card it played there."""
    order = state.order
    out: dict[Seat, dict[Suit, tuple[int, Play]]] = {}
    for number, trick in enumerate(state.history, 1):
        led = order.play_suit(trick.plays[0])
        if led is None:
            continue
        for seat, play in list(zip(trick.seats, trick.plays, strict=True))[1:]:
            if order.effective_suit(play.card) is not led and play != trick.plays[0]:
                out.setdefault(seat, {}).setdefault(led, (number, play))
    return out


def key_card(view: LineView, facts: tuple[Fact, ...]) -> tuple[int, Seat, Card, bool] | None:
    """The card the "how you would know" sentence is about: of the cards ``facts`` name, still
    held at the puzzle's first decision, the first the learner cannot see there
    (`trainer.bots.sampling.state_knowledge`: at two players the learner's own face-down table
    cards too), right-line facts first; failing that the first another player holds face up
    (a table card, an open misère hand). (0, seat, card, whether a right-line fact names it);
    None when every card named is in the learner's hand or already played."""
    from trainer.bots.sampling import state_knowledge

    state = view.line.decisions[0].state
    unseen = set(state_knowledge(state, view.learner).unseen)
    named = [f for f in facts if f.card is not None and f.kind is not FactKind.SHOWED_OUT
             and f.card.card in held(state, f.seat)]
    named.sort(key=lambda f: f.line is not LineKind.RIGHT)
    for f in named:
        assert f.card is not None
        if f.card.card in unseen:
            return 0, f.seat, f.card.card, f.line is LineKind.RIGHT
    for f in named:
        assert f.card is not None
        if f.seat is not view.learner:
            return 0, f.seat, f.card.card, f.line is LineKind.RIGHT
    return None


def card_name(card: Card) -> str:
    """``"the joker"``, ``"the A♣"``."""
    return "the joker" if card.is_joker else f"the {card.pretty}"


def _visible(state: PlayState, seat: Seat, card: Card) -> str | None:
    if isinstance(state, TablePlayState) and card in state.face_up(seat):
        shown = "joker" if card.is_joker else card.pretty
        return f"{seat_name(seat)}'s {shown} lies face up on the table"
    if state.declarer_exposed and seat is state.declarer:
        return (f"{seat_name(seat)}'s hand is face up in open misère, so you can see "
                f"{card_name(card)}")
    return None


def clue_claim(view: LineView, facts: tuple[Fact, ...], idea: str, decision: int = 0,
               right: Play | None = None, wrong: Play | None = None) -> Claim:
    """The "how you would know" sentence (module docstring) for the layout ``facts`` need;
    ``idea``: the technique's name, or "the line", for the sentence. With ``right`` (the right
    card at ``decision``, ``wrong`` the tempting one compared), where nothing seen places the
    card the sentence gives the odds instead (`odds_claim`)."""
    found = key_card(view, facts)
    if found is None and right is not None:
        odds = odds_claim(view, decision, right, wrong, ALL_SEEN,
                          f"{idea} turns on the cards you hold")
        if odds is not None:
            return odds
    if found is None:
        return Claim(f"How you would know: the cards that matter are all in your hand or "
                     f"already played, so {idea} needs no guess about the hidden hands.", ())
    d, seat, card, needed = found
    state = view.line.decisions[d].state
    number = view.first_number(d)
    where = Fact(d, LineKind.RIGHT, None, FactKind.HOLDS, seat, Play(card), number)
    name = card_name(card)
    seen = _visible(state, seat, card)
    if seen is not None:
        return Claim(f"How you would know: {seen}.", (where,))
    if card.is_joker and state.joker_suit is not None and seat is state.declarer:
        return Claim(f"How you would know: {seat_name(seat)} nominated "
                     f"{state.joker_suit.symbol} for the joker before the first lead, so "
                     f"{seat_name(seat)} holds it.", (where,))
    whose = f"{seat_name(seat)}'s"
    if seat is view.learner:  # 2 players: one of the learner's own face-down table cards
        mine = "joker" if card.is_joker else card.pretty
        return Claim(f"How you would know: you cannot, for your {mine} lies face down "
                     f"on your side of the table, hidden from you as from your opponent; "
                     f"{idea} rests on it, {GUESS}.", (where,))
    if isinstance(state, TablePlayState):  # a seat plays from hand and table: no void shown
        return Claim(f"How you would know: at two players {seat_name(seat)}'s hand, the "
                     f"face-down table cards and the kitty are hidden, so nothing you have "
                     f"seen places {name}" + (f"; {idea} needs it to be {whose}, {GUESS}."
                                              if needed else f", but {idea} does not "
                                              f"depend on where it is."), (where,))
    order = state.order
    suit = order.effective_suit(card) if not (card.is_joker and order.free_joker) else None
    voids = shown_out(state)
    others = [s for s in state.seats if s is not view.learner and held(state, s)]
    cited = [(s, voids[s][suit]) for s in others if suit is not None and suit in voids.get(s, {})]
    places = [s for s in others if s not in {c[0] for c in cited}]
    hidden = _hidden(state, view)
    shows = [Fact(d, LineKind.RIGHT, None, FactKind.SHOWED_OUT, s, p, n) for s, (n, p) in cited]
    told = names_list([f"{seat_name(s)} in trick {n}" for s, (n, _) in cited])
    noun = suit.noun if suit is not None else "suits"
    if places == [seat]:
        tail = f", unless it is in {hidden}" if hidden else ""
        why = f"{told} showed out of {noun}, so" if cited else \
            f"{seat_name(seat)} is the only other player still holding cards, so"
        return Claim(f"How you would know: {why} {name} can only be {whose}{tail}.",
                     (*shows, where))
    if right is not None:
        rest = names_list([f"{seat_name(s)}'s" for s in places], "or")
        opening = (f"{told} showed out of {noun}, but {name} could still be {rest}" if cited
                   else "the free joker follows no suit, so no void places it"
                   if suit is None else f"nothing you have seen places {name}")
        odds = odds_claim(view, decision, right, wrong, opening,
                          f"{idea} needs it to be {whose}" if needed else None)
        if odds is not None:
            return Claim(odds.text, (*shows, where, *odds.facts))
    tail = f"; {idea} needs it to be {whose}, {GUESS}." if needed else \
        f", but {idea} does not depend on where it is."
    if cited:
        rest = names_list([f"{seat_name(s)}'s" for s in places], "or")
        return Claim(f"How you would know: {told} showed out of {noun}, but {name} could "
                     f"still be {rest}{tail}", (*shows, where))
    if suit is None:
        return Claim(f"How you would know: the free joker follows no suit, so no void places "
                     f"it{tail}", (where,))
    return Claim(f"How you would know: nothing you have seen places {name} (no one has shown "
                 f"out of {noun}){tail}", (where,))


ALL_SEEN = "the cards the line names are all in your hand or already played"
GUESS = "a guess that comes off here, as you would know only with every card seen"
"""What a line that turns on a hidden card is at the table (issue 27: the write-ups say "with
every card seen", not the solver's "double dummy")."""

CLOSE = 2
"""Layouts (of `trainer.generate.techniques.layouts.LAYOUTS`) within which two cards' counts
are called close to level."""


def goal_words(view: LineView) -> tuple[str, str]:
    """What a card does on a layout where it keeps the goal, as (``"takes the tricks your side
    needs"``, ``"take the tricks your side needs"``)."""
    if view.misere:
        if view.declaring:
            return "keeps you from taking a trick", "keep you from taking a trick"
        return "makes the declarer take a trick", "make the declarer take a trick"
    return "takes the tricks your side needs", "take the tricks your side needs"


def odds_claim(view: LineView, decision: int, right: Play, wrong: Play | None, opening: str,
               need: str | None) -> Claim | None:
    """The "how you would know" sentence from the odds (`trainer.generate.techniques.layouts`):
    on how many of the layouts that fit what the learner has seen the right card keeps the
    goal, and the tempting card ``wrong``. ``opening``: what the table shows of the card the
    line needs ("nothing you have seen places the A♣"); ``need``: "the throw-in needs it to be
    East's" (None when the right line does not rest on that card: only the tempting card's
    line names it). Its one fact is the count (``LAYOUTS``). None when no layout can be dealt or the
    solver is missing.

    - the right card keeps the goal on every layout, the tempting one not: it works whatever
      the layout (as far as the layouts tell);
    - both on every layout: only a rare layout such as this one tells them apart, a guess;
    - the two within `CLOSE` layouts of each other: the odds are close to level, a guess;
    - the right card on more layouts than the tempting one, and at least half: the better odds;
    - else: a guess that comes off here (naming the tempting card as the better odds
      when it keeps the goal on more layouts)."""
    solver = view.solver
    if solver is None:
        return None
    state = view.line.decisions[decision].state
    try:
        count = layout_count(state, view.learner, view.goal, len(view.start.history), right,
                             wrong, solver)
    except ValueError:
        return None
    n, r = count.layouts, count.right
    w = count.wrong
    fact = Fact(decision, LineKind.RIGHT, wrong, FactKind.LAYOUTS, view.learner, right,
                view.first_number(decision), (n, r, -1 if w is None else w))
    plain = card_words(state, right)
    mine = _subject(plain)
    does, do = goal_words(view)
    theirs = _subject(card_words(state, wrong)) if wrong is not None else None
    fit = "layouts that fit what you have seen"
    pick = seed_of(state, view.learner)
    if opening == ALL_SEEN and r < n:  # the cards named are seen; other hidden cards matter
        opening += ", though where the hidden cards lie still matters"
    needs = f" ({need})" if need else ""  # "...tells them apart (the throw-in needs ...)"
    then = f"; {need}, and" if need else ", and"  # "...; the throw-in needs ..., and ..."
    colon = f": {need}, {GUESS}" if need else f": {GUESS}"
    if r == n and (w is None or w < n):
        against = f" ({theirs} on {_few(w)})" if theirs is not None else ""
        options = [
            f"How you would know: you need not know, for on all {n} {fit} {mine} {does}"
            f"{against}: it works whatever the layout.",
            f"How you would know: no guess is needed; {mine} {does} on every one of {n} {fit}"
            f"{against}, so it works whatever the layout.",
            f"How you would know: {opening}, and it does not matter: {mine} {does} on all {n} "
            f"{fit}{against}, a play that works whatever the layout.",
        ]
    elif r == n:
        options = [
            f"How you would know: on all {n} {fit} {theirs} {does} as well as {plain}; only a "
            f"rarer layout like the real one tells them apart{needs}, and finding it is "
            f"{GUESS}.",
            f"How you would know: {opening}; {theirs} and {mine} both {do} on all {n} {fit}, "
            f"so only a rarer layout like the real one{needs} tells them apart, {GUESS}.",
        ]
    elif w is not None and abs(r - w) <= CLOSE:
        options = [
            f"How you would know: {opening}; {mine} {does} on {r} of {n} {fit} and {theirs} on "
            f"{w}, so the odds hardly choose between them{colon}.",
            f"How you would know: {opening}, and the odds are close to level ({mine} {does} on "
            f"{r} of {n} {fit}, {theirs} on {w}){colon}.",
        ]
    elif r > (w or 0) and 2 * r >= n:
        against = f", {theirs} on {_few(w)}" if theirs is not None else ""
        options = [
            f"How you would know: {opening}, but {mine} is the better odds: on {r} of {n} {fit} "
            f"it {does}{against}.",
            f"How you would know: {opening}; still, {mine} {does} on {r} of {n} {fit}"
            f"{against}, so it is the percentage play.",
            f"How you would know: {opening}{then} on {r} of {n} {fit} {mine} {does}"
            f"{against}: the odds are with it.",
            f"How you would know: not for certain, since {opening}; but deal the hidden cards "
            f"{n} ways to fit what you have seen and {mine} {does} on {r} of them{against}.",
        ]
    else:
        better = (f"; {theirs.rstrip(',')}, on {w}, is the better odds at the table"
                  if theirs is not None and w is not None and w > r else "")
        against = (f" ({theirs} on {w if w else 'none'})" if theirs is not None and not better
                   else "")
        few = "only " if 2 * r < n else ""
        options = [
            f"How you would know: {opening}{then} {mine} {does} on {few}{r} of {n} "
            f"{fit}{against}{better}: {GUESS}.",
            f"How you would know: not for certain: {opening}; {mine} {does} on {few}{r} of {n} "
            f"{fit}{against}{better}, so the line is {GUESS}.",
            f"How you would know: only with every card seen: {opening}{then} over {n} {fit}, "
            f"{mine} {does} on {few}{r}{against}{better}.",
        ]
    return Claim(options[pick % len(options)], (fact,))


def _few(count: int | None) -> str:
    """``"none"`` for 0, ``"only 3"`` for 3: how many layouts the tempting card works on."""
    return "none" if not count else f"only {count}"


def _subject(words: str) -> str:
    """``"J♥, the right bower,"`` for ``"J♥, the right bower"``: a card's words before a verb
    (every odds sentence puts the cards before a verb or a bracket)."""
    return words + "," if "," in words else words


def _hidden(state: PlayState, view: LineView) -> str:
    """The unseen places a card might be in besides the hands: the declarer's discard (for
    anyone but the declarer), the sitting-out partner's hand in misère."""
    if isinstance(state, TablePlayState):
        return "a face-down table card or the kitty"
    contract = state.contract
    if contract is not None and contract.misere:
        if view.learner is state.declarer:
            return "the hand of your partner, who sits out"
        return "the hand of the declarer's partner, who sits out, or the discard"
    if view.learner is not state.declarer:
        return "the declarer's discard"
    return ""
