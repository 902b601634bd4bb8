"""Layouts of the cards a player cannot see, fitting everything that player has seen.

The method of GIB, Jack and Ben in bridge: a bot (or the review, grading a learner's card)
deals the unseen cards at random among the places they may be, keeping only layouts that fit
what that seat has seen, then solves each double dummy (`trainer.bots.cards`).

What a seat sees (`Knowledge`): its own cards (2 players: its hand and its face-up table
cards), every card played, the other face-up table cards (2 players), an open misère
declarer's hand once exposed (RULES.md §3), the declarer's own discard (for the declarer).
Constraints (`Constraints`), all taken from that view:
- counts: each other seat holds exactly as many cards as it has left; the kitty's discard
  (or, with no declarer, the kitty) and a misère declarer's partners' hands (out of play) hold
  the rest; 2 players: each face-down card is one place of its own;
- voids shown: a seat that did not follow a suit led holds none of it (a free joker played to
  a trick shows a void too: it may be played only by a player who cannot follow, RULES.md §5);
  2 players: only a card played from hand says anything about the hand;
- the joker's nomination: a nominated joker not yet played is in the declarer's hand;
- the auction (4 players, `trainer.simulate.auction_inferences`): each other seat's ten cards
  (the cards it holds now and those it has played) fit what its calls showed. These are soft:
  after `SOFT_FAILS` rejected layouts in a row the latest still in force is dropped, a bid's
  strength before its shape (`trainer.simulate.relax`, as `trainer.simulate.sample_layouts`
  does). For the declarer the test reads the ten cards after
  the exchange (its kitty is unseen), a slightly looser reading.

Dealing (`sample_states`): cards most constrained first, each to a place with room, chosen at
random with weight the room left (uniform when no void constrains), among the places that
still leave every other card a place (`_deal`): a consistent view never reaches a dead end.
The same ``rng`` state gives the same layouts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.cards import JOKER, Card, Seat, Suit, sort_key
from trainer.game.hand import GameHand
from trainer.play import PlayState
from trainer.rules import CardOrder
from trainer.simulate import Inference, auction_inferences, relax
from trainer.two_player import HAND, TablePlayState, TableTrick

SOFT_FAILS = 300
"""Rejected layouts in a row after which the latest auction inference is dropped."""

KITTY = "kitty"
OUT = "out"


@dataclass(frozen=True)
class Place:
    """Where unseen cards may lie: a seat's hand (``seat``), one face-down card of a 2-player
    pile (``seat`` and ``pile``), the kitty's discard, or the hands out of play (``name``)."""

    name: str
    size: int
    seat: Seat | None = None
    pile: int | None = None
    void: frozenset[Suit] = frozenset()


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows at a decision: the unseen cards, the places they go, the cards that
    can only be in one place (the nominated joker), and the auction's soft inferences."""

    seat: Seat
    unseen: tuple[Card, ...]
    places: tuple[Place, ...]
    fixed: tuple[tuple[Card, str], ...]
    inferences: tuple[Inference, ...]


def shown_voids(state: PlayState) -> dict[Seat, set[Suit]]:
    """Suits each seat has shown void in, from the finished tricks and the current one (2
    players: from hand plays only)."""
    order = state.order
    out: dict[Seat, set[Suit]] = {s: set() for s in state.seats}
    rows: list[tuple[tuple, tuple, tuple | None]] = []
    for t in state.history:
        sources = t.sources if isinstance(t, TableTrick) else None
        rows.append((t.plays, t.seats, sources))
    if state.trick:
        seats = state.trick_seats()
        sources = None
        if isinstance(state, TablePlayState):
            sources = tuple(src for _, src in state.turns()[:len(state.trick)])
        rows.append((tuple(state.trick), seats, sources))
    for plays, seats, sources in rows:
        led = order.play_suit(plays[0])
        if led is None:
            continue
        for k in range(1, len(plays)):
            if sources is not None and sources[k] != HAND:
                continue
            if order.play_suit(plays[k]) is not led:
                out[seats[k]].add(led)
    return out


def knowledge(hand: GameHand, seat: Seat) -> Knowledge:
    """What ``seat`` knows now in ``hand`` (module docstring); the hand must be in play."""
    state = hand.state
    if state is None:
        raise ValueError("sampling: the hand is not in play")
    rules = hand.rules
    know = state_knowledge(state, seat, hand.discard if hand.declarer is seat else ())
    inferences: tuple[Inference, ...] = ()
    if rules.players == 4 and hand.auction.calls:
        calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
        inferences = auction_inferences(calls, hand.deal.dealer, seat, rules)
    return Knowledge(know.seat, know.unseen, know.places, know.fixed, inferences)


def state_knowledge(state: PlayState, seat: Seat, discard: tuple[Card, ...] = ()) -> Knowledge:
    """What ``seat`` knows from ``state`` alone (module docstring, without the auction's
    inferences): its cards, the cards played, the face-up cards, an exposed misère declarer's
    hand, the voids shown, the joker's nomination, and ``discard`` (the declarer's own discard,
    when ``seat`` is the declarer and it is known; () otherwise). A puzzle position has no
    auction, so this is the view its write-up samples from."""
    rules = state.rules
    seen: set[Card] = set(state.hands.get(seat, ()))
    for t in state.history:
        seen.update(p.card for p in t.plays)
    seen.update(p.card for p in state.trick)
    seen.update(discard)
    voids = shown_voids(state)
    places: list[Place] = []
    exposed = state.declarer_exposed and state.declarer is not seat
    for other in state.seats:
        if other is seat:
            continue
        if exposed and other is state.declarer:
            seen.update(state.hands[other])
            continue
        places.append(Place(other.value, len(state.hands[other]), seat=other,
                            void=frozenset(voids.get(other, ()))))
    if isinstance(state, TablePlayState):
        for owner in state.seats:
            seen.update(state.face_up(owner))
            for i in range(len(state.tables[owner])):
                if _face_down(state, owner, i):
                    places.append(Place(f"{owner.value}{i}", 1, seat=owner, pile=i))
    unseen = tuple(c for c in rules.pack if c not in seen)
    held = sum(p.size for p in places)
    sitting_out = [s for s in rules.seats if s not in state.seats]
    out_size = 10 * len(sitting_out)
    kitty = len(unseen) - held - out_size
    if kitty:
        places.append(Place(KITTY, kitty))
    if out_size:
        places.append(Place(OUT, out_size))
    fixed: list[tuple[Card, str]] = []
    if state.joker_suit is not None and JOKER in unseen and state.declarer is not None:
        fixed.append((JOKER, state.declarer.value))
    return Knowledge(seat, unseen, tuple(places), tuple(fixed), ())


def _face_down(state: TablePlayState, owner: Seat, pile: int) -> bool:
    cards = state.tables[owner][pile]
    return len(cards) == 2 or (len(cards) == 1 and state.pending_pile(owner) == pile)


def _deal(know: Knowledge, order: CardOrder, rng: random.Random) -> dict[str, list[Card]] | None:
    """One random placing of the unseen cards (module docstring), or None when no placing fits.

    Each card goes, most constrained first, to a place with room chosen with weight the room
    left, among the places that leave the other cards a fit: the cards' suits against the
    places' voids is an assignment with capacities, and Hall's condition (for every set of
    places, the cards that may go only there are no more than their room) says whether one
    exists. Places with the same voids are one group for that test, so it stays small (at most
    the seats plus one group), and a deal never reaches a dead end."""
    places = {p.name: p for p in know.places}
    room = {p.name: p.size for p in know.places}
    out: dict[str, list[Card]] = {p.name: [] for p in know.places}
    cards = list(know.unseen)
    rng.shuffle(cards)
    for card, name in know.fixed:
        if card not in cards or room.get(name, 0) <= 0:
            return None
        cards.remove(card)
        out[name].append(card)
        room[name] -= 1
    groups = sorted({p.void for p in know.places}, key=lambda v: sorted(s.value for s in v))
    bit = {void: 1 << i for i, void in enumerate(groups)}
    group_of = {n: bit[p.void] for n, p in places.items()}
    suits = {c: order.effective_suit(c) for c in cards}
    allowed = {c: [n for n, p in places.items() if suits[c] not in p.void] for c in cards}
    mask = {c: sum({group_of[n] for n in allowed[c]}) for c in cards}
    need: dict[int, int] = {}
    for c in cards:
        need[mask[c]] = need.get(mask[c], 0) + 1
    group_room = dict.fromkeys(bit.values(), 0)
    for n, r in room.items():
        group_room[group_of[n]] += r

    def fits() -> bool:
        if len(groups) == 1:  # no void: any placing with the right counts fits
            return True
        for subset in range(1, 1 << len(groups)):
            space = sum(r for g, r in group_room.items() if g & subset)
            if sum(k for m, k in need.items() if m & ~subset == 0) > space:
                return False
        return True

    if not fits():
        return None
    cards.sort(key=lambda c: len(allowed[c]))
    for card in cards:
        need[mask[card]] -= 1
        open_: list[str] = []
        for n in allowed[card]:
            if room[n] <= 0:
                continue
            group_room[group_of[n]] -= 1
            if fits():
                open_.append(n)
            group_room[group_of[n]] += 1
        if not open_:
            return None
        name = rng.choices(open_, weights=[room[n] for n in open_])[0]
        out[name].append(card)
        room[name] -= 1
        group_room[group_of[name]] -= 1
    return out


def sample_states(hand: GameHand, seat: Seat, count: int, rng: random.Random) -> list[PlayState]:
    """``count`` copies of the hand in play, each with the cards ``seat`` cannot see dealt at
    random to fit what it has seen (module docstring). ``seat``'s own cards and every card
    played are unchanged. Raises `ValueError` when the hand is not in play."""
    state = hand.state
    if state is None or state.is_over:
        raise ValueError("sampling: the hand is not in play")
    return sample_known(state, knowledge(hand, seat), count, rng)


def sample_known(state: PlayState, know: Knowledge, count: int,
                 rng: random.Random) -> list[PlayState]:
    """``count`` copies of ``state`` with the cards unseen in ``know`` dealt at random to fit
    it (as `sample_states`, for a view built by `knowledge` or `state_knowledge`). Raises
    `ValueError` when no layout fits."""
    active = list(know.inferences)
    played = _played_by(state)
    out: list[PlayState] = []
    fails = 0
    while len(out) < count:
        placed = _deal(know, state.order, rng)
        if placed is None:
            raise ValueError("sampling: no layout fits what this seat has seen")
        if not all(inf.holds(placed[inf.seat.value] + played[inf.seat])
                   for inf in active if inf.seat.value in placed):
            fails += 1
            if fails >= SOFT_FAILS and active:
                relax(active)
                fails = 0
            continue
        fails = 0
        out.append(_rebuild(state, know, placed))
    return out


def _played_by(state: PlayState) -> dict[Seat, list[Card]]:
    out: dict[Seat, list[Card]] = {s: [] for s in state.rules.seats}
    for t in state.history:
        for s, p in zip(t.seats, t.plays, strict=True):
            out[s].append(p.card)
    for s, p in zip(state.trick_seats(), state.trick, strict=True):
        out[s].append(p.card)
    return out


def _rebuild(state: PlayState, know: Knowledge, placed: dict[str, list[Card]]) -> PlayState:
    new = state.copy()
    for place in know.places:
        cards = placed[place.name]
        if place.seat is None:
            continue
        if place.pile is None:
            new.hands[place.seat] = sorted(cards, key=sort_key)
        else:
            assert isinstance(new, TablePlayState)
            pile = new.tables[place.seat][place.pile]
            pile[0] = cards[0]
    return new


def true_placing(hand: GameHand, know: Knowledge) -> dict[str, list[Card]]:
    """Where the cards ``know.seat`` cannot see really are: the placing of the real layout in
    ``know``'s places (for tests and checks: a consistent view always holds it)."""
    state = hand.state
    assert state is not None
    unseen = set(know.unseen)
    out: dict[str, list[Card]] = {}
    for place in know.places:
        if place.name == KITTY:
            pool = hand.discard if hand.declarer is not None else hand.deal.kitty
            out[KITTY] = [c for c in pool if c in unseen]
        elif place.name == OUT:
            out[OUT] = [c for s in hand.rules.seats if s not in state.seats
                        for c in state.hands.get(s, hand.deal.hands[s]) if c in unseen]
        elif place.pile is None:
            assert place.seat is not None
            out[place.name] = [c for c in state.hands[place.seat] if c in unseen]
        else:
            assert isinstance(state, TablePlayState) and place.seat is not None
            out[place.name] = [state.tables[place.seat][place.pile][0]]
    return out


def broken_constraints(know: Knowledge, placed: dict[str, list[Card]],
                       order: CardOrder) -> list[str]:
    """The hard constraints of ``know`` that ``placed`` breaks, one line each (empty: it fits):
    a place holding the wrong number of cards, a card in a suit its place is void in, a fixed
    card elsewhere, or a card placed twice or not at all."""
    broken: list[str] = []
    fixed = dict(know.fixed)
    where: dict[Card, str] = {}
    for place in know.places:
        cards = placed.get(place.name, [])
        if len(cards) != place.size:
            broken.append(f"{place.name}: holds {len(cards)} cards, not {place.size}")
        for card in cards:
            if card in where:
                broken.append(f"{card.code}: placed twice")
            where[card] = place.name
            if card not in fixed and order.effective_suit(card) in place.void:
                broken.append(f"{place.name}: holds {card.code}, a suit shown void")
    for card, name in fixed.items():
        if where.get(card) != name:
            broken.append(f"{card.code}: must be in {name}, is in {where.get(card)}")
    missing = set(know.unseen) - set(where)
    if missing:
        broken.append(f"not placed: {' '.join(sorted(c.code for c in missing))}")
    return broken
