"""The tasks of a lesson's steps: one small thing the learner does, checked by the engine.

A rules lesson is a series of steps (``## Step: ...`` sections, read by
`trainer.ui.data.lesson_steps`); each step ends with a task marker on a line of its own::

    :task[winner]{trick="KS AS 4H 9S" trump=H}
    :task[pick_cards]{rule=out_of_pack cards="AS 2S 3H 9C"}
    :task[choose]{fact=pack_size}

The marker names a task kind and its parameters (card codes as in docs/DESIGN.md; a value
with spaces in double quotes). The right answer is never written in the lesson: `build_task`
computes it with the engine (`trainer.cards`, `trainer.rules.CardOrder`, `legal_plays`,
`trick_winner`, `trainer.scoring`), under the default rules (`PRESETS["australian"]`, RULES.md),
since the steps teach the game as the rule book has it and the house-rules boxes the options.

Kinds (`KINDS`):

- ``pick_cards{cards rule [trump suit]}``: click every card of ``cards`` that ``rule`` names
  (`PICK_RULES`: ``out_of_pack``, ``in_pack``, ``trump``, ``suit``, ``bowers``).
- ``highest{cards [trump] [suit]}``: click the highest card: of ``suit`` when given, else the
  highest trump (with ``trump``), else the highest of cards of one suit (RULES.md §2).
- ``legal{hand trick [trump] [every]}``: click a card you may play to ``trick`` (led first;
  ``every=yes``: click every one) (RULES.md §4).
- ``winner{trick [trump]}``: click the card that wins the trick (RULES.md §4).
- ``score{bid tricks [side]}``: how many points the hand scores for the declarer's side (or
  ``side=defenders``), multiple choice (RULES.md §6).
- ``discard{cards bid}``: click the cards to discard from hand and kitty (13 cards), by the
  habit `trainer.policy.choose_discard` plays: keep trumps and aces, make a void in the
  shortest side suit (RULES.md §4; lesson 6).
- ``can_call{dealer calls call}``: after the calls so far (clockwise from the dealer's left),
  may the player whose turn it is make ``call``? Yes or no by `trainer.bidding.Auction.can_call`,
  its reason by ``why_not`` (RULES.md §3).
- ``choose{fact ...}``: a multiple-choice fact computed by a function of `FACTS`.

``trump`` is a suit letter (``S C D H``) or ``NT`` (no trumps, the default). At no trumps
``joker=<suit>`` is the suit the declarer nominated for the joker (RULES.md §5), and in a
``legal`` or ``winner`` trick led by a free joker ``named=<suit>`` is the suit its holder named.

A `TaskView` holds what to show (the cards, or the options), the right answers, whether the
learner picks one or every right card, and the words that explain the answer. Errors: a bad
marker raises `TaskError` (a `trainer.errors.TrainerError`, so a ``ValueError``) naming it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from trainer.bidding import Auction, Bid, is_higher, parse_bid, parse_call
from trainer.cards import Card, Rank, Seat, Suit, pack, pack_size
from trainer.errors import TrainerError
from trainer.notation import parse_card, parse_suit
from trainer.policy import choose_discard
from trainer.rules import PRESETS, CardOrder, Play, RuleSet, legal_plays, nameable_suits
from trainer.scoring import bid_value, score_hand

TASK_MARKER = re.compile(r":task\[([a-z_]+)\](?:\{([^}]*)\})?")
_PARAM = re.compile(r'(\w+)=(?:"([^"]*)"|(\S+))')
RULES: RuleSet = PRESETS["australian"]
"""The rules every step teaches: the rule book's defaults."""
SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class TaskError(TrainerError):
    """A task marker that cannot be built: an unknown kind, fact or rule, a missing
    parameter, a bad card code, or a task whose answer comes out empty."""


@dataclass(frozen=True)
class Task:
    """A parsed task marker: its kind and its parameters, as written."""

    kind: str
    params: tuple[tuple[str, str], ...] = ()

    def get(self, key: str, default: str | None = None) -> str | None:
        return dict(self.params).get(key, default)

    def need(self, key: str) -> str:
        value = self.get(key)
        if value is None or not value.strip():
            raise TaskError(f":task[{self.kind}]: needs {key}=...")
        return value


@dataclass(frozen=True)
class TaskView:
    """A task ready to show and check.

    ``prompt``: what to do. ``cards``: the cards to click (empty for a multiple choice);
    ``choices``: the answers to click, card codes for a card task; ``right``: the right
    choices; ``multi``: True when every right card is to be picked (then a Check button),
    False when one click answers. ``order``: the card order the cards are drawn with;
    ``trick``: cards already played to the trick, shown above the hand. ``why``: the
    explanation shown once answered right; ``wrong``: words for each wrong single choice;
    ``note``: a line shown under the prompt (who played which card of a trick).
    """

    prompt: str
    choices: tuple[str, ...]
    right: frozenset[str]
    why: str
    cards: tuple[Card, ...] = ()
    multi: bool = False
    order: CardOrder | None = None
    trick: tuple[Card, ...] = ()
    wrong: tuple[tuple[str, str], ...] = field(default=())
    note: str = ""

    def check(self, picked: Iterable[str]) -> bool:
        """True when ``picked`` is right: exactly the right set (``multi``), else one right
        choice."""
        chosen = frozenset(picked)
        if self.multi:
            return chosen == self.right
        return len(chosen) == 1 and chosen <= self.right

    def miss_words(self, picked: Iterable[str]) -> str:
        """Why an answer is wrong: for one choice, its own words; for a set of cards, how many
        are missing and which picked cards do not belong."""
        chosen = frozenset(picked)
        if not self.multi:
            choice = next(iter(chosen), "")
            words = dict(self.wrong).get(choice)
            return words or f"{_label(choice)} is not right. Try again."
        extra = [c for c in self.choices if c in chosen - self.right]
        missing = len(self.right - chosen)
        parts = []
        if extra:
            parts.append(", ".join(_label(c) for c in extra) + (" does" if len(extra) == 1
                                                                 else " do") + " not belong")
        if missing:
            parts.append(f"{missing} card{'s' if missing > 1 else ''} still to find")
        return "Not yet: " + "; ".join(parts) + ". Try again."


def _label(code: str) -> str:
    try:
        return parse_card(code).pretty
    except TrainerError:
        return code


# --- parsing -----------------------------------------------------------------------------------


def parse_task(line: str) -> Task:
    """The `Task` of a marker line; raises `TaskError` when the line is not a task marker."""
    m = TASK_MARKER.fullmatch(line.strip())
    if m is None:
        raise TaskError(f"{line.strip()!r} is not a task marker :task[kind]{{key=value ...}}")
    params = tuple((p.group(1), p.group(2) if p.group(2) is not None else p.group(3))
                   for p in _PARAM.finditer(m.group(2) or ""))
    if m.group(1) not in KINDS:
        raise TaskError(f":task[{m.group(1)}]: the kind is not one of {', '.join(KINDS)}")
    return Task(m.group(1), params)


def _cards(task: Task, key: str) -> tuple[Card, ...]:
    text = task.need(key)
    try:
        cards = tuple(parse_card(c) for c in text.replace(",", " ").split())
    except TrainerError as e:
        raise TaskError(f":task[{task.kind}] {key}: {e}") from None
    if len(set(cards)) != len(cards):
        raise TaskError(f":task[{task.kind}] {key}: a card is named twice")
    return cards


def _order(task: Task) -> CardOrder:
    trump = task.get("trump", "NT") or "NT"
    nominated = task.get("joker")
    try:
        if trump.upper() == "NT":
            return CardOrder(joker_suit=parse_suit(nominated, "joker") if nominated else None)
        return CardOrder(trump=parse_suit(trump, "trump"))
    except TrainerError as e:
        raise TaskError(f":task[{task.kind}] {e}") from None


def _trump_note(order: CardOrder) -> str:
    """``Hearts are trumps.`` or ``No trumps: no suit is trumps.`` (shown with a card task)."""
    if order.trump is None and order.joker_suit is not None:
        return (f"No trumps, and the joker was nominated as a {order.joker_suit.noun[:-1]}: the "
                f"highest {order.joker_suit.noun[:-1]}.")
    if order.trump is None:
        return "No trumps: no suit is trumps."
    return f"{order.trump.noun.capitalize()} are trumps."


def _suit_words(order: CardOrder) -> str:
    return f"with {order.trump.noun} trumps" if order.trump is not None else "at no trumps"


def _role(card: Card, order: CardOrder) -> str:
    """``J♦ (the left bower)``: a card with its role in the trump suit, if any."""
    if card.is_joker:
        return "the joker"
    if order.trump is not None and card.rank is Rank.JACK:
        if card.suit is order.trump:
            return f"{card.pretty} (the right bower)"
        if card.suit is order.trump.same_colour:
            return f"{card.pretty} (the left bower)"
    return card.pretty


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listing(cards: Iterable[Card], order: CardOrder | None = None) -> str:
    """``A♥, 4♥ and the joker`` (with ``order``: the bowers named as such)."""
    names = [_role(c, order) if order is not None else c.pretty for c in cards]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


# --- pick_cards --------------------------------------------------------------------------------

_FULL_PACK = frozenset(pack(4, 43))


def _pick_out_of_pack(card: Card, order: CardOrder, task: Task) -> bool:
    return card not in _FULL_PACK


def _pick_in_pack(card: Card, order: CardOrder, task: Task) -> bool:
    return card in _FULL_PACK


def _pick_trump(card: Card, order: CardOrder, task: Task) -> bool:
    return order.is_trump(card)


def _pick_suit(card: Card, order: CardOrder, task: Task) -> bool:
    return order.effective_suit(card) is parse_suit(task.need("suit"), "suit")


def _pick_bowers(card: Card, order: CardOrder, task: Task) -> bool:
    return (order.trump is not None and card.rank is Rank.JACK
            and card.suit in (order.trump, order.trump.same_colour))


def _shortest_side(task: Task, order: CardOrder) -> Suit:
    """The side suit (not trumps) with fewest cards among ``cards``, of those held; raises
    `TaskError` on a tie."""
    cards = _cards(task, "cards")
    counts = {s: sum(1 for c in cards if order.effective_suit(c) is s) for s in Suit
              if s is not order.trump}
    held = sorted((n, s.value) for s, n in counts.items() if n)
    if not held or (len(held) > 1 and held[0][0] == held[1][0]):
        raise TaskError(":task[pick_cards] rule shortest_side: no single shortest side suit")
    return Suit(held[0][1])


def _pick_shortest_side(card: Card, order: CardOrder, task: Task) -> bool:
    return order.effective_suit(card) is _shortest_side(task, order)


PICK_RULES: dict[str, tuple[Callable[[Card, CardOrder, Task], bool], str]] = {
    "out_of_pack": (_pick_out_of_pack, "Click every card that is taken out of the pack."),
    "in_pack": (_pick_in_pack, "Click every card that is in the 43-card pack."),
    "trump": (_pick_trump, "Click every trump."),
    "suit": (_pick_suit, "Click every card of the suit."),
    "bowers": (_pick_bowers, "Click both bowers."),
    "shortest_side": (_pick_shortest_side,
                      "Click every card of your shortest side suit (not trumps)."),
}
"""A pick rule: (is this card one to pick?, the default prompt)."""


def _pick_why(rule: str, right: list[Card], order: CardOrder, task: Task) -> str:
    if rule == "out_of_pack":
        return (f"{_listing(right)}: the 43-card pack has no 2s or 3s and no black 4s "
                "(4♠, 4♣). The red 4s stay.")
    if rule == "in_pack":
        return (f"{_listing(right)}: the pack keeps hearts and diamonds from the ace down to the "
                "4, spades and clubs from the ace down to the 5, and one joker.")
    if rule in ("trump", "bowers"):
        return f"{_cap(_suit_words(order))} the trumps here are {_listing(right, order)}."
    if rule == "shortest_side":
        suit = _shortest_side(task, order)
        return (f"{_cap(_suit_words(order))} your shortest side suit is {suit.noun}: "
                f"{_listing(right, order)}. Throw {'it' if len(right) == 1 else 'them'} away "
                f"and you hold no {suit.noun}: when {suit.noun} are led you may trump.")
    suit = parse_suit(task.need("suit"), "suit")
    note = ""
    if order.trump is not None and suit is order.trump.same_colour:
        note = (f" J{suit.symbol} is not one of them: {_suit_words(order)} it is the left "
                f"bower, a {order.trump.noun[:-1]}.")
    return f"The {suit.noun} here are {_listing(right)}.{note}"


def _build_pick(task: Task) -> TaskView:
    rule = task.need("rule")
    if rule not in PICK_RULES:
        raise TaskError(f":task[pick_cards] rule {rule!r} is not one of {', '.join(PICK_RULES)}")
    cards, order = _cards(task, "cards"), _order(task)
    test, prompt = PICK_RULES[rule]
    try:
        right = [c for c in cards if test(c, order, task)]
    except TrainerError as e:
        raise TaskError(f":task[pick_cards] {e}") from None
    if not right:
        raise TaskError(f":task[pick_cards] rule {rule}: no card of {task.need('cards')} fits")
    if rule == "suit":
        prompt = f"Click every {parse_suit(task.need('suit'), 'suit').noun[:-1]}."
    return TaskView(prompt=task.get("ask") or prompt, choices=tuple(c.code for c in cards),
                    right=frozenset(c.code for c in right), cards=cards, multi=True,
                    order=order, why=_pick_why(rule, right, order, task),
                    note=_trump_note(order) if task.get("trump") else "")


# --- highest -----------------------------------------------------------------------------------


def _build_highest(task: Task) -> TaskView:
    cards, order = _cards(task, "cards"), _order(task)
    suit_code = task.get("suit")
    if suit_code:
        suit = parse_suit(suit_code, "suit")
        pool = [c for c in cards if order.effective_suit(c) is suit]
        what = f"the highest {suit.noun[:-1]}"
    elif order.trump is not None:
        suit = order.trump
        pool = [c for c in cards if order.is_trump(c)]
        what = "the highest trump"
    else:
        suits = {order.effective_suit(c) for c in cards}
        if len(suits) != 1 or None in suits:
            raise TaskError(":task[highest]: cards of several suits need suit= or trump=")
        suit = next(iter(suits))
        assert suit is not None
        pool = list(cards)
        what = f"the highest {suit.noun[:-1]}"
    if not pool:
        raise TaskError(f":task[highest]: no card of {task.need('cards')} to choose from")
    ranked = sorted(pool, key=order.power, reverse=True)
    best = ranked[0]
    why = (f"{_cap(_role(best, order))} is {what} {_suit_words(order)}. From the top: "
           + ", ".join(_role(c, order) for c in ranked) + ".")
    wrong = []
    for c in cards:
        if c == best:
            continue
        if c in pool:
            wrong.append((c.code, f"{_cap(_role(c, order))} is not the highest: "
                                  f"{_role(best, order)} ranks above it. Try again."))
        else:
            wrong.append((c.code, f"{c.pretty} is not a {suit.noun[:-1]} {_suit_words(order)}."
                                  " Try again."))
    return TaskView(prompt=task.get("ask") or f"Click {what}.",
                    choices=tuple(c.code for c in cards), right=frozenset({best.code}),
                    cards=cards, order=order, why=why, wrong=tuple(wrong),
                    note=_trump_note(order))


# --- legal -------------------------------------------------------------------------------------


def _led_plays(task: Task, trick: tuple[Card, ...], order: CardOrder) -> list[Play]:
    """The trick's plays; a led free joker with the suit named for it (``named=``)."""
    plays = [Play(c) for c in trick]
    if trick and trick[0].is_joker and order.free_joker:
        named = task.get("named")
        if not named:
            raise TaskError(f":task[{task.kind}]: a joker led at no trumps needs named=<suit>")
        plays[0] = Play(trick[0], parse_suit(named, "named"))
    return plays


def _build_legal(task: Task) -> TaskView:
    hand, trick, order = _cards(task, "hand"), _cards(task, "trick"), _order(task)
    if set(hand) & set(trick):
        raise TaskError(":task[legal]: a card is both in the hand and in the trick")
    led_plays = _led_plays(task, trick, order)
    plays = legal_plays(hand, led_plays, order, RULES, Seat.S)
    right = [c for c in hand if any(p.card == c for p in plays)]
    led = order.play_suit(led_plays[0])
    assert led is not None
    following = [c for c in hand if order.effective_suit(c) is led]
    if trick[0].is_joker and order.free_joker:
        led_words = f"The joker was led and named {led.noun}"
    else:
        led_words = ("Trumps were led" if led is order.trump
                     else f"{led.noun.capitalize()} were led")
    if following:
        why = (f"{led_words} and you hold {_listing(following, order)}: you must follow suit, so "
               f"{'that card is' if len(following) == 1 else 'those are'} the only "
               f"{'one' if len(following) == 1 else 'ones'} you may play.")
    else:
        why = (f"{led_words} and you have none, so you may play any card: a trump or a "
               "discard.")
    if order.free_joker and _has_joker(hand):
        why += (" The joker belongs to no suit: it may be played only when you cannot follow"
                 + (", so it must wait." if following else ", as now, and it wins the trick."))
    lefts = [c for c in hand if order.trump is not None and c.rank is Rank.JACK
             and c.suit is order.trump.same_colour]
    if lefts and order.trump is not None:
        printed = order.trump.same_colour.noun[:-1]
        why += (f" {lefts[0].pretty} is the left bower: {_suit_words(order)} it is a "
                f"{order.trump.noun[:-1]}, not a {printed}.")
    wrong = tuple((c.code, f"Not {c.pretty}: {why} Try again.") for c in hand if c not in right)
    every = (task.get("every") or "no").lower() in ("yes", "true")
    prompt = ("Click every card you may play to this trick." if every
              else "Click a card you may play to this trick.")
    return TaskView(prompt=task.get("ask") or prompt, choices=tuple(c.code for c in hand),
                    right=frozenset(c.code for c in right), cards=hand, multi=every,
                    order=order, trick=trick, why=why, wrong=wrong, note=_trump_note(order))


# --- winner ------------------------------------------------------------------------------------


def _build_winner(task: Task) -> TaskView:
    trick, order = _cards(task, "trick"), _order(task)
    if len(trick) < 2:
        raise TaskError(":task[winner]: a trick needs at least two cards")
    plays = _led_plays(task, trick, order)
    best = trick[order.trick_winner(plays)]
    led = order.play_suit(plays[0])
    assert led is not None
    trumps = [c for c in trick if order.is_trump(c)]
    free = order.free_joker and best.is_joker
    if free and trick[0].is_joker:
        why = (f"The joker was led and named {led.noun}: the others had to follow with "
               f"{led.noun} if they could, and the led joker wins the trick.")
    elif free:
        why = ("The joker wins: at no trumps a joker that belongs to no suit may be played only "
               "by a player who cannot follow, and then it wins the trick.")
    elif trumps and led is not order.trump:
        why = (f"{_cap(_role(best, order))} wins: it is the highest trump in the trick, and a "
               f"trump beats every card of the suit led ({led.noun}).")
    elif trumps:
        why = f"Trumps were led: {_role(best, order)} wins, the highest trump in the trick."
    elif best.is_joker:
        why = (f"The joker, nominated as a {led.noun[:-1]}, is the highest {led.noun[:-1]}: "
               "it wins.")
    else:
        why = f"No trump was played: {best.pretty} wins, the highest of the {led.noun} led."
    others = [] if free else [c for c in trick if order.effective_suit(c) is not led
                              and not order.is_trump(c)]
    if others:
        why += (f" {_cap(_listing(others, order))} cannot win: not {led.noun} and not a trump, "
                f"{'it is a discard' if len(others) == 1 else 'they are discards'}.")
    wrong = []
    for c in trick:
        if c == best:
            continue
        if free:
            words = f"{_cap(_role(c, order))} cannot beat the joker here."
        elif order.effective_suit(c) is not led and not order.is_trump(c):
            words = (f"{_cap(_role(c, order))} cannot win: it is not {led.noun} (the suit led) "
                     "and not a trump.")
        else:
            words = f"{_cap(_role(c, order))} is beaten by a higher card in this trick."
        wrong.append((c.code, words + " Try again."))
    seats = [SEAT_NAMES[s] for s in (Seat.N, Seat.E, Seat.S, Seat.W)]
    plays_words = [f"{seats[i % 4]} {c.pretty}" for i, c in enumerate(trick)]
    if trick[0].is_joker and order.free_joker:
        plays_words[0] += f" (named {led.noun})"
    note = f"{_trump_note(order)} {plays_words[0]} led; then " + ", ".join(plays_words[1:]) + "."
    return TaskView(prompt=task.get("ask") or "Click the card that wins this trick.",
                    choices=tuple(c.code for c in trick), right=frozenset({best.code}),
                    cards=trick, order=order, why=why, wrong=tuple(wrong), note=note)


def _has_joker(cards: Iterable[Card]) -> bool:
    return any(c.is_joker for c in cards)


# --- score -------------------------------------------------------------------------------------


def _points(value: int) -> str:
    return f"{value:+d}".replace("-", "−") if value else "0"


def _build_score(task: Task) -> TaskView:
    try:
        bid = parse_bid(task.need("bid"))
        tricks = int(task.need("tricks"))
        score = score_hand(bid, tricks, RULES)
    except (TrainerError, ValueError) as e:
        raise TaskError(f":task[score]: {e}") from None
    defenders = (task.get("side") or "declarer") == "defenders"
    value = bid_value(bid, RULES)
    answer = score.defenders if defenders else score.declarer
    pool = [answer, value, -value, 10 * tricks, 10 * (10 - tricks), 250, 0]
    options: list[int] = []
    for p in pool:
        if p not in options:
            options.append(p)
    options = sorted(options[:4])
    needed = bid.tricks_needed
    if bid.misere and defenders:
        why = "In misère the defenders score nothing, whatever tricks they take."
    elif bid.misere:
        why = (f"{_cap(bid.pretty)}: the declarer must take no trick. "
               + ("No trick taken: the bid is made" if tricks == 0 else
                  f"{tricks} trick{'s' if tricks > 1 else ''} taken: the bid is set")
               + f", {_points(answer)}.")
    elif defenders:
        why = (f"The defenders took {10 - tricks} trick{'s' if 10 - tricks != 1 else ''}: "
               f"10 points a trick, {_points(answer)}, whether the contract makes or not.")
    elif tricks >= needed and answer != value:
        why = (f"{bid.pretty} is worth {value} and the declarer's side took all ten tricks: a "
               f"slam. On a bid worth less than 250 a slam scores 250 instead, {_points(answer)}.")
    elif tricks >= needed:
        why = (f"{bid.pretty} needs {needed} tricks and the declarer's side took {tricks}: "
               f"the bid is made and scores its value, {_points(answer)}.")
        if tricks > needed:
            why += " The tricks over the bid earn nothing extra."
    else:
        why = (f"{bid.pretty} needs {needed} tricks and the declarer's side took only "
               f"{tricks}: the bid is set and loses its value, {_points(answer)}.")
    asked = "do the defenders" if defenders else "does the declarer's side"
    return TaskView(prompt=task.get("ask") or f"How many points {asked} score?",
                    choices=tuple(_points(o) for o in options),
                    right=frozenset({_points(answer)}), why=why)


# --- discard -----------------------------------------------------------------------------------


def _build_discard(task: Task) -> TaskView:
    cards = _cards(task, "cards")
    try:
        bid = parse_bid(task.need("bid"))
    except TrainerError as e:
        raise TaskError(f":task[discard]: {e}") from None
    if bid.misere or bid.trump is None:
        raise TaskError(":task[discard]: the discard habit is taught for a trump contract")
    n = RULES.kitty_size
    if len(cards) != 10 + n:
        raise TaskError(f":task[discard]: the declarer holds {10 + n} cards after the kitty")
    order = CardOrder(trump=bid.trump)
    thrown = choose_discard(cards, bid, RULES)
    kept_out = [c for c in thrown if order.is_trump(c) or c.rank is Rank.ACE]
    voids = [s for s in Suit if s is not bid.trump
             and any(order.effective_suit(c) is s for c in cards)
             and all(c in thrown for c in cards if order.effective_suit(c) is s)]
    if kept_out or not voids:
        raise TaskError(":task[discard]: in this hand the habit does not keep every trump and "
                        "ace and make a void")
    void_words = " and ".join(s.noun for s in voids)
    why = (f"Throw {_listing(thrown)}: every trump and every ace stay, and you hold no "
           f"{void_words}, so when {void_words} are led you may trump. The other cards thrown "
           "are the lowest of the next shortest side suits.")
    return TaskView(prompt=task.get("ask") or f"{bid.pretty}: click the {n} cards to discard.",
                    choices=tuple(c.code for c in cards), right=frozenset(c.code for c in thrown),
                    cards=cards, multi=True, order=order, why=why, note=_trump_note(order))


# --- can_call ----------------------------------------------------------------------------------


def _auction(task: Task) -> Auction:
    dealer = Seat(task.get("dealer") or "W")
    calls = [parse_call(c) for c in (task.get("calls") or "").split()]
    return Auction(RULES, dealer, calls)


def _call_words(call: Bid | str) -> str:
    return "pass" if isinstance(call, str) else f"bid {call.pretty}"


def _calls_so_far(auction: Auction) -> str:
    """``West deals. North bids 6♥, East passes.``"""
    words = []
    for i, call in enumerate(auction.calls):
        if auction.sat_out(i):
            continue
        seat = SEAT_NAMES[auction.seat_of_call(i)]
        words.append(f"{seat} passes" if isinstance(call, str) else f"{seat} bids {call.pretty}")
    head = f"{SEAT_NAMES[auction.dealer]} deals."
    return head + (" " + ", ".join(words) + "." if words else " No call yet.")


def _build_can_call(task: Task) -> TaskView:
    try:
        auction = _auction(task)
        call = parse_call(task.need("call"))
    except (TrainerError, ValueError) as e:
        raise TaskError(f":task[can_call]: {e}") from None
    seat = auction.to_call
    if seat is None:
        raise TaskError(":task[can_call]: the auction is over")
    reason = auction.why_not(call)
    answer = "Yes" if reason is None else "No"
    if reason is None:
        why = f"Yes: {SEAT_NAMES[seat]} may {_call_words(call)} now."
        if isinstance(call, Bid) and auction.high_bid is not None:
            why += f" {_cap(call.pretty)} is higher than {auction.high_bid.pretty}."
        if call == parse_bid("MIS"):
            why += " Someone has bid seven, so misère may be bid."
    else:
        why = f"No: {reason.replace(' 6', ' 6').strip()}."
        for bid in (b for b in [call, auction.high_bid] if isinstance(b, Bid)):
            why = why.replace(bid.code, bid.pretty)
        why = why.replace("MIS", "misère")
    return TaskView(prompt=task.get("ask") or f"It is {SEAT_NAMES[seat]}'s turn. May "
                    f"{SEAT_NAMES[seat]} {_call_words(call)} now?",
                    choices=("Yes", "No"), right=frozenset({answer}), why=why,
                    note=_calls_so_far(auction))


# --- choose ------------------------------------------------------------------------------------

Fact = Callable[[Task], tuple[str, tuple[str, ...], str, str]]
"""A fact: the task → (prompt, choices, the right choice, why)."""


def _fact_pack_size(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    size = pack_size(4, 43)
    return ("How many cards are in the pack?", ("33", "42", "43", "52"), str(size),
            "52 cards, minus eight 2s and 3s, minus the two black 4s, is 42; with the joker, "
            f"{size}.")


def _fact_kitty_size(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    kitty = RULES.kitty_size
    return ("How many cards go to the kitty?", ("1", "3", "5", "10"), str(kitty),
            f"Ten cards each for four players is 40; the other {kitty} of the 43 go to the "
            "kitty.")


def _fact_partner(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    seat = Seat(task.get("seat") or "N")
    partner = next(s for s in RULES.side_of(seat) if s is not seat)
    return (f"Who is {SEAT_NAMES[seat]}'s partner?", tuple(SEAT_NAMES.values()),
            SEAT_NAMES[partner], f"Partners sit opposite: {SEAT_NAMES[seat]} and "
            f"{SEAT_NAMES[partner]} play together.")


def _fact_next_player(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    seat = Seat(task.get("seat") or "N")
    after = RULES.next_seat(seat)
    return (f"{SEAT_NAMES[seat]} has played. Who plays next?", tuple(SEAT_NAMES.values()),
            SEAT_NAMES[after], f"Play goes clockwise: North, East, South, West. After "
            f"{SEAT_NAMES[seat]} comes {SEAT_NAMES[after]}.")


def _fact_left_bower(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    trump = parse_suit(task.need("trump"), "trump")
    jacks = [Card(s, Rank.JACK) for s in Suit]
    left = next(c for c in jacks if c.suit is trump.same_colour)
    return (f"With {trump.noun} trumps, which jack is the left bower?",
            tuple(c.pretty for c in jacks), left.pretty,
            f"The left bower is the other jack of the trumps' colour: {trump.noun} and "
            f"{trump.same_colour.noun} are the same colour, so {left.pretty}.")


def _fact_suit_of(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    order = _order(task)
    card = _cards(task, "card")[0]
    suit = order.effective_suit(card)
    if suit is None:
        raise TaskError(":task[choose] suit_of: the joker at no trumps belongs to no suit")
    return (f"{_suit_words(order).capitalize()}, which suit is {card.pretty} in?",
            tuple(s.noun.capitalize() for s in Suit), suit.noun.capitalize(),
            f"{_role(card, order)} belongs to {suit.noun} {_suit_words(order)}.")


def _fact_first_lead(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    return ("Who leads to the first trick?",
            ("The dealer", "The declarer", "The player left of the dealer"), "The declarer",
            "The declarer, who won the bidding, leads to the first trick; after that the "
            "winner of each trick leads to the next.")


def _fact_tricks_in_hand(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    return ("How many tricks are played in a hand?", ("4", "8", "10", "13"), "10",
            "Each player has ten cards and plays one to each trick: ten tricks.")


def _fact_higher_bid(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    try:
        a, b = parse_bid(task.need("a")), parse_bid(task.need("b"))
    except TrainerError as e:
        raise TaskError(f":task[choose] higher_bid: {e}") from None
    high, low = (a, b) if is_higher(a, b, RULES) else (b, a)
    if a.misere or b.misere:
        return ("Which bid is higher?", (a.pretty, b.pretty), high.pretty,
                f"{_cap(high.pretty)} is higher than {low.pretty}: misère sits above every "
                "7-bid and below every 8-bid, open misère above 10♦ and below 10♥.")
    return ("Which bid is higher?", (a.pretty, b.pretty), high.pretty,
            f"{high.pretty} is higher than {low.pretty}: more tricks is higher, and with the "
            "same number of tricks the suits rank ♠ ♣ ♦ ♥ then no trumps.")


def _fact_bid_value(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    try:
        bid = parse_bid(task.need("bid"))
    except TrainerError as e:
        raise TaskError(f":task[choose] bid_value: {e}") from None
    value = bid_value(bid, RULES)
    options = sorted({value, value + 20 if value < 500 else value - 40, value - 20
                      if value > 40 else value + 40, value + 100 if value < 420 else value - 100})
    if bid.misere:
        return (f"How many points is {bid.pretty} worth?", tuple(str(o) for o in options),
                str(value), f"{_cap(bid.pretty)} is worth {value}, made or lost.")
    return (f"How many points is {bid.pretty} worth?", tuple(str(o) for o in options),
            str(value), f"6♠ is 40; each suit step adds 20 (♠ ♣ ♦ ♥ NT) and each trick more "
            f"adds 100, so {bid.pretty} is {value}.")


def _fact_who_calls(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    auction = _auction(task)
    seat = auction.to_call
    if seat is None:
        raise TaskError(":task[choose] who_calls: the auction is over")
    out = [s for s in RULES.seats if s is not seat and s is not None
           and any(auction.seat_of_call(i) is s and c == "P" for i, c in enumerate(auction.calls))]
    why = (f"Calling goes clockwise from the dealer's left: "
           f"{' → '.join(SEAT_NAMES[s] for s in auction.seat_order)}.")
    if out:
        why += (f" {_listing_words([SEAT_NAMES[s] for s in out])} passed and may not bid again, "
                f"so the turn goes to {SEAT_NAMES[seat]}.")
    else:
        why += f" Next is {SEAT_NAMES[seat]}."
    return (f"{_calls_so_far(auction)} Who calls next?", tuple(SEAT_NAMES.values()),
            SEAT_NAMES[seat], why)


def _listing_words(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _fact_declarer(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    auction = _auction(task)
    declarer, contract = auction.declarer, auction.contract
    if declarer is None or contract is None:
        raise TaskError(":task[choose] declarer: the auction is not over with a contract")
    return (f"{_calls_so_far(auction)} The auction is over. Who is the declarer?",
            tuple(SEAT_NAMES.values()), SEAT_NAMES[declarer],
            f"The others all passed after {SEAT_NAMES[declarer]}'s {contract.pretty}: it is the "
            f"contract, and {SEAT_NAMES[declarer]} is the declarer.")


def _fact_kitty_seen(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    return ("Who sees the kitty cards?",
            ("Everyone", "The declarer and partner", "Only the declarer", "Nobody"),
            "Only the declarer",
            "The declarer picks up the kitty without showing it; the partner does not see it "
            "either.")


def _fact_discard_count(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    n = RULES.kitty_size
    return (f"You hold ten cards and pick up the {n}-card kitty. How many cards do you discard?",
            ("0", "1", str(n), "5") if n != 5 else ("0", "1", "3", "5"), str(n),
            f"You hold {10 + n} cards and discard {n} face down, back to ten: one for each "
            "trick. They may be cards that came from the kitty.")


def _fact_joker_lead_suits(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    suits = nameable_suits(Seat.S, (), CardOrder(), RULES)
    every = "Any suit: spades, clubs, diamonds or hearts"
    answer = every if len(suits) == len(Suit) else ", ".join(s.noun for s in suits)
    return ("At no trumps you lead the joker. Which suit may you name?",
            (every, "Only a suit you hold", "Only a suit not yet led", "Only hearts"), answer,
            "By the rule book you name any suit you like, even one you hold no card of; the "
            "others must follow that suit if they can, and the joker wins.")


def _fact_misere_partner(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    return ("In misère, what does the declarer's partner do?",
            ("Plays as usual", "Lays their hand down and takes no part",
             "Takes the kitty", "Leads to the first trick"),
            "Lays their hand down and takes no part",
            "The misère declarer plays alone against the two opponents: the partner's hand is "
            "laid down and plays no card.")


def _fact_open_misere_shown(task: Task) -> tuple[str, tuple[str, ...], str, str]:
    after = RULES.open_misere_reveal == "after_first_trick"
    right = "After the first trick" if after else "Before the first lead"
    return ("In open misère, when are the declarer's cards laid face up?",
            ("Never", "Before the first lead", "After the first trick", "At the end of the hand"),
            right, f"{right}, the declarer's cards are shown to everyone for the rest of the hand.")


FACTS: dict[str, Fact] = {
    "pack_size": _fact_pack_size,
    "kitty_size": _fact_kitty_size,
    "partner": _fact_partner,
    "next_player": _fact_next_player,
    "left_bower": _fact_left_bower,
    "suit_of": _fact_suit_of,
    "first_lead": _fact_first_lead,
    "tricks_in_hand": _fact_tricks_in_hand,
    "higher_bid": _fact_higher_bid,
    "bid_value": _fact_bid_value,
    "who_calls": _fact_who_calls,
    "declarer": _fact_declarer,
    "kitty_seen": _fact_kitty_seen,
    "discard_count": _fact_discard_count,
    "joker_lead_suits": _fact_joker_lead_suits,
    "misere_partner": _fact_misere_partner,
    "open_misere_shown": _fact_open_misere_shown,
}
"""The facts a ``choose`` task may ask, each computed from the engine or the rule book."""


def _build_choose(task: Task) -> TaskView:
    name = task.need("fact")
    if name not in FACTS:
        raise TaskError(f":task[choose] fact {name!r} is not one of {', '.join(FACTS)}")
    try:
        prompt, choices, answer, why = FACTS[name](task)
    except (TrainerError, ValueError) as e:
        raise TaskError(f":task[choose] {name}: {e}") from None
    return TaskView(prompt=task.get("ask") or prompt, choices=choices,
                    right=frozenset({answer}), why=why)


KINDS: dict[str, Callable[[Task], TaskView]] = {
    "pick_cards": _build_pick,
    "highest": _build_highest,
    "legal": _build_legal,
    "winner": _build_winner,
    "score": _build_score,
    "discard": _build_discard,
    "can_call": _build_can_call,
    "choose": _build_choose,
}


def build_task(task: Task) -> TaskView:
    """The `TaskView` of a task: its cards or options and its answer, computed by the engine.
    Raises `TaskError` naming the marker when it cannot be built."""
    try:
        return KINDS[task.kind](task)
    except TaskError:
        raise
    except (TrainerError, ValueError) as e:
        raise TaskError(f":task[{task.kind}]: {e}") from None
