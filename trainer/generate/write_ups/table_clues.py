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
and the line is a guess that double dummy gets right (naming the voids shown, if any).
Every sentence carries its facts: ``SHOWED_OUT`` for each void it cites, ``HOLDS`` for where
the card is.
"""

from __future__ import annotations

from trainer.cards import Card, Seat, Suit
from trainer.generate.explain import seat_name
from trainer.generate.line_facts import held
from trainer.generate.techniques import Fact, FactKind, LineKind
from trainer.generate.techniques.view import LineView
from trainer.generate.write_ups.claims import Claim
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


def key_card(view: LineView, facts: tuple[Fact, ...]) -> tuple[int, Seat, Card] | None:
    """The first card of another player named by ``facts`` that the player still held at the
    fact's decision: (decision, seat, card)."""
    for f in facts:
        if f.card is None or f.seat is view.learner or f.kind is FactKind.SHOWED_OUT:
            continue
        state = view.line.decisions[f.decision].state
        if f.card.card in held(state, f.seat):
            return f.decision, f.seat, f.card.card
    return None


def card_name(card: Card) -> str:
    """``"the joker"``, ``"the A♣"``."""
    return "the joker" if card.is_joker else f"the {card.pretty}"


def _visible(state: PlayState, seat: Seat, card: Card) -> str | None:
    if isinstance(state, TablePlayState) and card in state.face_up(seat):
        return f"{seat_name(seat)}'s {card.pretty} lies face up on the table"
    if state.declarer_exposed and seat is state.declarer:
        return (f"{seat_name(seat)}'s hand is face up in open misère, so you can see "
                f"{card_name(card)}")
    return None


def clue_claim(view: LineView, facts: tuple[Fact, ...], idea: str) -> Claim:
    """The "how you would know" sentence (module docstring) for the layout ``facts`` need;
    ``idea``: the technique's name, or "the line", for the sentence."""
    found = key_card(view, facts)
    if found is None:
        return Claim(f"How you would know: the cards that matter are all in your hand or "
                     f"already played, so {idea} needs no guess about the hidden hands.", ())
    d, seat, card = found
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
    if isinstance(state, TablePlayState):  # a seat plays from hand and table: no void shown
        return Claim(f"How you would know: at two players {seat_name(seat)}'s hand, the "
                     f"face-down table cards and the kitty are hidden, so nothing you have "
                     f"seen places {name}; {idea} needs it to be {whose}, a guess that double "
                     f"dummy gets right.", (where,))
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
    if cited:
        rest = names_list([f"{seat_name(s)}'s" for s in places], "or")
        return Claim(f"How you would know: {told} showed out of {noun}, but {name} could "
                     f"still be {rest}; {idea} needs it to be {whose}, a guess that double "
                     f"dummy gets right.", (*shows, where))
    if suit is None:
        return Claim(f"How you would know: the free joker follows no suit, so no void places "
                     f"it; {idea} needs it to be {whose}, and at the table that is a guess "
                     f"double dummy gets right.", (where,))
    return Claim(f"How you would know: nothing you have seen places {name} (no one has shown "
                 f"out of {noun}); {idea} needs it to be {whose}, and at the table that is a "
                 f"guess double dummy gets right.", (where,))


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
