"""Practice questions on the game for two (RULES.md §1, 002 "Wersja dla 2 graczy"), for the
variants lesson (and lessons 3 and 4 when the learner's rules are the 2-player game).

Each player holds 10 cards in hand and 5 table piles (a face-down card under a face-up card);
3 cards go to the kitty. A trick has four cards: the first trick is the declarer's hand card,
the opponent's hand card, the declarer's table card, the opponent's table card; after that the
trick's winner starts, hand, hand, table, table if a hand card won the last trick, table,
table, hand, hand if a table card did. A face-down card turns up at the end of the trick in
which the card on it was played, and a player follows suit with the cards they may play at
that moment.

Every answer comes from the engine: `trainer.cards.deal` (the deal), `trainer.two_player`'s
`TablePlayState` (``turn``, ``legal_plays``, ``face_up``, ``push``), `CardOrder.trick_winner`
and `trainer.bidding.Auction.can_call` (no misère for two). Question kinds (``kind``):
``deal``, ``next_turn``, ``may_play``, ``winner``, ``turn_up``, ``can_call``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.bidding import MISERE, OPEN_MISERE, Bid, ladder
from trainer.cards import Seat, deal
from trainer.errors import RuleError
from trainer.lessons.common import (
    calls_words,
    number_choices,
    pick_play,
    random_auction,
    seat_name,
)
from trainer.lessons.question import CardGroup, Question, card_name, contract_words, names, suit_one
from trainer.rules import Play, RuleSet, Strain, Trick
from trainer.two_player import HAND, TABLE, TablePlayState, start_table_play, trick_turns

QUIZ = "variants"
TOPICS = ("deal", "next_turn", "may_play", "winner", "turn_up", "can_call")
RULE_NOTE = "Rule book §1 (the game for two)."
TWO = "The game for two."


def two_player_rules(rules: RuleSet) -> RuleSet:
    """``rules`` at a table of two (the 43-card pack; the other options kept)."""
    try:
        return rules.with_options(players=2)
    except RuleError:
        return rules.with_options(players=2, deck=43)


def quiz_for_two(rng: random.Random, rules: RuleSet, kind: str | None = None) -> Question:
    """A question on the game for two, of ``kind`` (one of `TOPICS`, random if None), under
    ``rules`` moved to a table of two. Raises KeyError for an unknown kind."""
    two = two_player_rules(rules)
    kind = kind or rng.choice(("deal", "next_turn", "next_turn", "may_play", "may_play",
                               "winner", "turn_up", "can_call"))
    maker = {"deal": _deal, "next_turn": _next_turn, "may_play": may_play, "winner": winner,
             "turn_up": _turn_up, "can_call": _can_call}[kind]
    question = maker(rng, two)
    if question.choices == ("Yes", "No"):
        # left alone most such situations give one answer: draw the one wanted first
        wanted = rng.choice(("Yes", "No"))
        for _ in range(BALANCE_TRIES):
            if question.answer == wanted:
                break
            question = maker(rng, two)
    return question


BALANCE_TRIES = 30
NUMBERS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 13, 15, 20, 23)


def balanced_numbers(rng: random.Random, answer: int, pool: Sequence[int],
                     count: int = 4) -> tuple[str, ...]:
    """``count`` card counts in increasing order, the answer at a place drawn first, uniformly,
    the others from ``pool`` (and the counts next to the answer, none below 0) so its place
    does not give it away (`trainer.lessons.common.number_choices`)."""
    return number_choices(rng, answer, pool, count, step=1, low=0)


# --- a hand in play ----------------------------------------------------------------------------


def source_words(source: str) -> str:
    """``from hand`` or ``from the table``."""
    return "from hand" if source == HAND else "from the table"


def turn_words(seat: Seat, source: str) -> str:
    """``North, from hand``."""
    return f"{seat_name(seat)}, {source_words(source)}"


@dataclass
class _Hand:
    state: TablePlayState
    dealer: Seat


def _start(rng: random.Random, rules: RuleSet) -> _Hand:
    """A fresh 2-player hand after the kitty: a random trick contract (no trumps one time in
    five), a random declarer, a random discard."""
    dealer = rng.choice(rules.seats)
    dealt = deal(rng.getrandbits(32), 2, 43, dealer)
    declarer = rng.choice(rules.seats)
    strain = Strain.NO_TRUMPS if rng.random() < 0.2 else rng.choice(
        [Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS])
    contract = Bid(rng.randint(6, 8), strain)
    pool = [*dealt.hands[declarer], *dealt.kitty]
    discard = rng.sample(pool, rules.kitty_size)
    return _Hand(start_table_play(dealt, contract, declarer, discard, rules), dealer)


def _play_to(rng: random.Random, state: TablePlayState, tricks: int, cards: int) -> None:
    """Play at random (the joker kept back) until ``tricks`` tricks are done and ``cards``
    cards of the next are down, or the hand ends."""
    while not state.is_over and (len(state.history) < tricks or len(state.trick) < cards):
        state.push(pick_play(rng, state.legal_plays()))


def _captions(seats_sources: Sequence[tuple[Seat, str]]) -> tuple[str, ...]:
    return tuple(f"{seat_name(s)} ({'hand' if src == HAND else 'table'})"
                 for s, src in seats_sources)


def _trick_group(label: str, plays: Sequence[Play], turns: Sequence[tuple[Seat, str]],
                 ) -> CardGroup:
    return CardGroup(label, tuple(plays), _captions(turns[: len(plays)]))


def _contract_line(state: TablePlayState) -> str:
    assert state.contract is not None and state.declarer is not None
    return (f"{seat_name(state.declarer)} is the declarer in {state.contract.pretty} "
            f"({contract_words(state.order).lower()}).")


def _won_by(trick: Trick, state: TablePlayState) -> tuple[Seat, str, Play]:
    """The seat, source and play that won a completed trick."""
    turns = _turns_of(trick)
    win = state.order.trick_winner(trick.plays)
    seat, source = turns[win]
    return seat, source, trick.plays[win]


def _turns_of(trick: Trick) -> list[tuple[Seat, str]]:
    """(seat, source) of each play of a completed 2-player trick (a `TableTrick`)."""
    return list(zip(trick.seats, getattr(trick, "sources", ()), strict=True))


def other_seat(seat: Seat) -> Seat:
    """The other player at a table of two."""
    return Seat.S if seat is Seat.N else Seat.N


def order_words(source: str) -> str:
    """The order of a trick whose first two cards come from ``source``."""
    return "hand, hand, table, table" if source == HAND else "table, table, hand, hand"


# --- how the cards are dealt -------------------------------------------------------------------


def _deal(rng: random.Random, rules: RuleSet) -> Question:
    dealer = rng.choice(rules.seats)
    dealt = deal(rng.getrandbits(32), 2, 43, dealer)
    seat = rng.choice(rules.seats)
    assert dealt.tables is not None
    counts = {
        "hand": (f"How many cards does {seat_name(seat)} hold in hand after the deal (before "
                 "the kitty)?", len(dealt.hands[seat])),
        "table": (f"How many cards does {seat_name(seat)} have on the table in front of them "
                  "after the deal, face down and face up?", 2 * len(dealt.tables[seat])),
        "face_up": (f"How many of {seat_name(seat)}'s table cards are face up after the "
                    "deal?", sum(1 for _ in dealt.tables[seat])),
        "kitty": ("How many cards go to the kitty?", len(dealt.kitty)),
    }
    ask = rng.choice(list(counts))
    prompt, answer = counts[ask]
    why = (
        f"Two players use the 43-card pack. Each holds {len(dealt.hands[seat])} cards in hand "
        f"and has {len(dealt.tables[seat])} face-down cards on the table with a face-up card "
        f"on each ({2 * len(dealt.tables[seat])} table cards); {len(dealt.kitty)} go to the "
        f"kitty: 2 × 20 + 3 = 43. {RULE_NOTE}"
    )
    return Question(
        quiz=QUIZ, seed=0, kind="deal", prompt=f"{TWO} {prompt}",
        choices=balanced_numbers(rng, answer, NUMBERS), answer=str(answer),
        explanation=why, facts=(("ask", ask), ("seat", seat.value)),
    )


# --- who plays next, and from where ------------------------------------------------------------

ALL_TURNS = ((Seat.N, HAND), (Seat.N, TABLE), (Seat.S, HAND), (Seat.S, TABLE))


def table_turns(rng: random.Random) -> list[tuple[Seat, str]]:
    """The four (seat, hand or table) turns of a trick as choices: grouped by player, a random
    player first and hand or table first at random (the same for both), so that any one turn
    is at each of the four places equally often."""
    seats = [Seat.N, Seat.S] if rng.random() < 0.5 else [Seat.S, Seat.N]
    sources = [HAND, TABLE] if rng.random() < 0.5 else [TABLE, HAND]
    return [(seat, source) for seat in seats for source in sources]


def _next_turn(rng: random.Random, rules: RuleSet) -> Question:
    hand = _start(rng, rules)
    state = hand.state
    first = rng.random() < 0.3
    _play_to(rng, state, 0 if first else rng.randint(1, 8), rng.randint(1, 3) if first else
             rng.randint(0, 3))
    turn = state.turn
    assert turn is not None
    seat, source = turn
    turns = state.turns()
    groups = []
    parts = []
    if state.history:
        last = state.history[-1]
        won_seat, won_source, won_play = _won_by(last, state)
        groups.append(_trick_group("The last trick", last.plays, _turns_of(last)))
        parts.append(
            f"The last trick was won by {seat_name(won_seat)}'s {card_name(won_play.card)}, a "
            f"card played {source_words(won_source)}: so {seat_name(won_seat)} starts this "
            f"trick, and the order is {order_words(won_source)} ({seat_name(won_seat)}, "
            f"{seat_name(other_seat(won_seat))}, {seat_name(won_seat)}, "
            f"{seat_name(other_seat(won_seat))})."
        )
        where = f"trick {len(state.history) + 1}"
    else:
        assert state.declarer is not None
        parts.append(
            f"The first trick is the {'declarer' if state.leader is state.declarer else 'leader'}"
            f"'s hand card, the other player's hand card, then the "
            f"{'declarer' if state.leader is state.declarer else 'leader'}'s table card and the "
            "other player's table card."
        )
        where = "the first trick"
    if state.trick:
        groups.append(_trick_group("This trick so far", state.trick, turns))
    n = len(state.trick)
    parts.append(f"{n} card{'s' if n != 1 else ''} of this trick {'are' if n != 1 else 'is'} "
                 f"down, so next comes {turn_words(seat, source)}. {RULE_NOTE}")
    answer = turn_words(seat, source)
    return Question(
        quiz=QUIZ, seed=0, kind="next_turn",
        prompt=f"{TWO} {_contract_line(state)} This is {where}. Who plays the next "
               "card, and from where?",
        choices=tuple(turn_words(s, src) for s, src in table_turns(rng)), answer=answer,
        explanation=" ".join(parts), cards=tuple(groups), order=state.order,
        facts=(("seat", seat.value), ("source", source), ("trick", str(len(state.history))),
               ("played", str(n))),
    )


# --- may you play this card --------------------------------------------------------------------


def may_play(rng: random.Random, rules: RuleSet) -> Question:
    """May the player to move play this card now (hand or table, following suit)?"""
    while True:
        hand = _start(rng, rules)
        state = hand.state
        _play_to(rng, state, rng.randint(0, 7), rng.randint(1, 3))
        turn = state.turn
        if turn is not None and state.trick:
            break
    you, source = turn
    other = TABLE if source == HAND else HAND
    now = state.available(you, source)
    then = state.available(you, other)
    legal = {p.card for p in state.legal_plays()}
    roll = rng.random()
    pool = (then if roll < 0.2 and then else
            [c for c in now if c not in legal] if roll < 0.6 and set(now) - legal else now)
    card = rng.choice(pool)
    ok = card in legal
    led = state.order.play_suit(state.trick[0])
    assert led is not None
    why = []
    where_now = "your hand" if source == HAND else "your face-up table cards"
    if card not in now:
        place = "in your hand" if card in state.hands[you] else "on the table"
        why.append(f"You play {source_words(source)} now, and {card_name(card)} is {place}: it "
                   "cannot be played in this turn.")
    else:
        follow = [c for c in now if state.order.effective_suit(c) is led]
        if follow:
            why.append(f"The suit led is {led.noun}. Among the cards you may play now "
                       f"({where_now}) you hold {names(follow)}, so you must follow "
                       f"{led.noun}.")
            if card.is_joker and state.order.free_joker:
                why.append("At no trumps the joker belongs to no suit: it may be played only "
                           "when you cannot follow.")
        else:
            extra = [c for c in then if state.order.effective_suit(c) is led]
            count = "do not count" if len(extra) > 1 else "does not count"
            also = (f" ({names(extra)} in your {'hand' if other == HAND else 'table cards'} "
                    f"{count}: you do not play from there now)") if extra else ""
            why.append(f"The suit led is {led.noun}, and none of the cards you may play now "
                       f"({where_now}) is a {suit_one(led)}{also}: any of them may be played.")
    why.append(f"So {card_name(card)}: {'yes' if ok else 'no'}. {RULE_NOTE}")
    turns = state.turns()
    return Question(
        quiz=QUIZ, seed=0, kind="may_play",
        prompt=f"{TWO} {_contract_line(state)} You are {seat_name(you)} and play "
               f"{source_words(source)} now. May you play {card_name(card)}?",
        choices=("Yes", "No"), answer="Yes" if ok else "No", explanation=" ".join(why),
        cards=(
            _trick_group("The trick so far", state.trick, turns),
            CardGroup("Your hand", tuple(Play(c) for c in state.hands[you])),
            CardGroup("Your face-up table cards", tuple(Play(c) for c in state.face_up(you))),
        ),
        order=state.order, subject=card,
        facts=(("you", you.value), ("source", source)),
    )


# --- who wins this trick -----------------------------------------------------------------------


def winner(rng: random.Random, rules: RuleSet) -> Question:
    """A whole four-card trick of the game for two: who wins it?"""
    hand = _start(rng, rules)
    state = hand.state
    _play_to(rng, state, rng.randint(0, 8), 0)
    done = state.history[-1] if state.history else None
    if done is None:
        _play_to(rng, state, 1, 0)
        done = state.history[-1]
    turns = _turns_of(done)
    win = state.order.trick_winner(done.plays)
    label = {turn: f"{cap}: {card_name(p.card) if p.named is None else _named(p)}"
             for turn, cap, p in zip(turns, _captions(turns), done.plays, strict=True)}
    # grouped by player in a random order, not in the order played (the picture shows that)
    labels = tuple(label[turn] for turn in table_turns(rng))
    seat, source = turns[win]
    best = done.plays[win]
    trumps = [p for p in done.plays if state.order.is_trump(p.card)]
    led = state.order.play_suit(done.plays[0])
    assert led is not None
    if best.card.is_joker and state.order.free_joker:
        how = "At no trumps the joker (no suit nominated) wins any trick it is played to."
    elif trumps:
        how = f"The highest trump wins: {card_name(best.card)}."
    else:
        how = f"No trump was played: the highest {suit_one(led)} (the suit led) wins, " \
              f"{card_name(best.card)}."
    why = (f"{how} It was played {source_words(source)}, so {seat_name(seat)} starts the next "
           f"trick, {order_words(source)}. A trick of two players is won as any other. "
           f"{RULE_NOTE}")
    return Question(
        quiz=QUIZ, seed=0, kind="winner",
        prompt=f"{TWO} {_contract_line(state)} {seat_name(turns[0][0])} led. Who wins "
               "this trick?",
        choices=labels, answer=label[turns[win]], explanation=why,
        cards=(_trick_group("The trick", done.plays, turns),), order=state.order,
        facts=(("seat", seat.value), ("source", source)),
    )


def _named(play: Play) -> str:
    assert play.named is not None
    return f"the joker (named as {play.named.noun})"


# --- when a face-down card turns up ------------------------------------------------------------

TURN_UP = ("At once", "At the end of this trick", "When its owner next plays from the table",
           "At the end of the hand")


def _turn_up(rng: random.Random, rules: RuleSet) -> Question:
    while True:
        hand = _start(rng, rules)
        state = hand.state
        _play_to(rng, state, rng.randint(0, 4), 0)
        # play on to a table card with a face-down card under it, before the trick's end
        found = None
        while not state.is_over and found is None:
            turn = state.turn
            assert turn is not None
            seat, source = turn
            play = pick_play(rng, state.legal_plays())
            pile = None
            if source == TABLE:
                pile = next(i for i, p in enumerate(state.tables[seat]) if p and p[-1] == play.card)
            under = state.tables[seat][pile][0] if pile is not None and len(
                state.tables[seat][pile]) == 2 else None
            state.push(play)
            if under is not None and state.trick:
                found = (seat, play.card, under)
        if found is not None:
            break
    seat, card, under = found
    visible_now = under in state.face_up(seat)
    probe = state.copy()
    while probe.trick:
        probe.push(pick_play(rng, probe.legal_plays()))
    answer = TURN_UP[0] if visible_now else (
        TURN_UP[1] if under in probe.face_up(seat) else TURN_UP[2])
    choices = list(TURN_UP)
    rng.shuffle(choices)  # the answer is the same every time: its place must not tell it
    why = (f"A face-down card is turned face up at the end of the trick in which the card lying "
           f"on it was played: {seat_name(seat)} may play it from the next trick on, not in "
           f"this one. {RULE_NOTE}")
    turns = state.turns()
    return Question(
        quiz=QUIZ, seed=0, kind="turn_up",
        prompt=f"{TWO} {_contract_line(state)} {seat_name(seat)} has just played "
               f"{card_name(card)} from the table; a face-down card lay under it. When is that "
               "card turned face up?",
        choices=tuple(choices), answer=answer, explanation=why,
        cards=(_trick_group("This trick so far", state.trick, turns),), order=state.order,
        facts=(("seat", seat.value),),
    )


# --- no misère for two -------------------------------------------------------------------------


def _can_call(rng: random.Random, rules: RuleSet) -> Question:
    auction, made = random_auction(rng, rules, max_calls=3)
    seat = auction.to_call
    assert seat is not None
    bids = [b for b in ladder(rules) if auction.high_bid is None or b != auction.high_bid]
    call = rng.choice((MISERE, OPEN_MISERE, *rng.sample(bids, 2)))
    ok = auction.can_call(call)
    history = f"The calls so far: {calls_words(made)}." if made else "Nobody has called yet."
    if call.misere:
        why = ("Two players may not bid misère or open misère: the bidding is as with four, "
               "but without them.")
    elif ok:
        why = f"{call.pretty} is higher than the last bid, so it may be bid." if (
            auction.high_bid is not None) else f"Nobody has bid yet: {call.pretty} may open."
    else:
        assert auction.high_bid is not None
        why = f"Each bid must be higher than the last, {auction.high_bid.pretty}."
    return Question(
        quiz=QUIZ, seed=0, kind="can_call",
        prompt=f"{TWO} {seat_name(auction.dealer)} dealt. {history} May "
               f"{seat_name(seat)} bid {call.pretty}?",
        choices=("Yes", "No"), answer="Yes" if ok else "No", explanation=f"{why} {RULE_NOTE}",
        facts=(("bid", call.code),),
    )


__all__ = ["TOPICS", "may_play", "quiz_for_two", "trick_turns", "turn_words", "winner"]
