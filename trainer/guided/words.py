"""The guided hand's explanations, in the game's words (RULES.md §2-§6; the policy's counts,
`trainer.policy`).

Pure functions of cards, calls and scores: the trumps a hand holds in a suit, why a player made
a call, why a discard, what a finished trick did, and the score on the Avondale schedule.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.bidding import Auction, Bid
from trainer.cards import SUITS, Card, Seat, Suit
from trainer.generate.explain import card_role, play_text, seat_name
from trainer.lessons.question import names_list
from trainer.play import PlayState
from trainer.policy import PARTNER_TRICKS, best_strain, estimate_tricks
from trainer.rules import CardOrder, Strain, Trick
from trainer.scoring import HandScore, bid_value

SUIT_STRAINS = {Strain(s.value).trump: Strain(s.value) for s in SUITS}


def trump_cards(hand: Sequence[Card], suit: Suit) -> list[Card]:
    """The cards of ``hand`` that are trumps when ``suit`` is trumps, highest first: the joker,
    the right bower, the left bower, then the suit's A K Q 10 ... (RULES.md §2)."""
    order = CardOrder(trump=suit)
    return sorted((c for c in hand if order.is_trump(c)), key=order.power, reverse=True)


def card_words(card: Card, order: CardOrder) -> str:
    """``"J♥ (the right bower)"``, ``"the joker"``, ``"A♥"``."""
    if card.is_joker:
        return "the joker"
    role = card_role(card, order)
    return f"{card.pretty} ({role})" if role else card.pretty


def trumps_text(hand: Sequence[Card], suit: Suit) -> str:
    """``"5 trumps: the joker, J♥ (the right bower), J♦ (the left bower), A♥ and 7♥"``;
    ``"no trumps"`` when there are none."""
    cards = trump_cards(hand, suit)
    if not cards:
        return "no trumps"
    order = CardOrder(trump=suit)
    noun = "trump" if len(cards) == 1 else "trumps"
    return f"{len(cards)} {noun}: " + names_list([card_words(c, order) for c in cards])


def suit_values(hand: Sequence[Card]) -> dict[Suit, float]:
    """Each suit's estimated tricks as trumps with this hand (`trainer.policy.estimate_tricks`,
    the partner's and the kitty's share included)."""
    return {s: estimate_tricks(hand, SUIT_STRAINS[s]) for s in SUITS}


def best_suit(hand: Sequence[Card]) -> Suit:
    """The suit the policy values highest as trumps (ties: the higher-ranking suit)."""
    values = suit_values(hand)
    return max(SUITS, key=lambda s: (round(values[s], 6), SUITS.index(s)))


def trumps_answer(hand: Sequence[Card], chosen: Suit) -> tuple[bool, str]:
    """Is ``chosen`` the best trump suit for ``hand``, and why, in words: the trumps each suit
    would give, the best first."""
    best = best_suit(hand)
    lines = [f"With {s.symbol} {s.noun} as trumps you would hold {trumps_text(hand, s)}."
             for s in sorted(SUITS, key=lambda s: -len(trump_cards(hand, s)))]
    why = (f"{best.noun.capitalize()} is your best trump suit by the trainer's simple count "
           "of the tricks each suit would bring (more trumps, and higher ones, count more). "
           "Remember the joker and both jacks of the same colour count as trumps too.")
    return chosen is best, " ".join([why, *lines])


def count_choices(n: int) -> list[int]:
    """The numbers offered for "how many trumps?": 0 to at least 8, and past ``n``."""
    return list(range(0, max(8, n + 2) + 1))


def count_answer(hand: Sequence[Card], suit: Suit, answer: int) -> tuple[bool, str]:
    """Is ``answer`` the number of trumps ``hand`` holds with ``suit`` trumps, and the count in
    words."""
    cards = trump_cards(hand, suit)
    other = suit.same_colour
    text = (f"With {suit.noun} trumps you hold {trumps_text(hand, suit)}. The jack of "
            f"{other.noun} (the left bower) is a {suit.noun[:-1]} for the whole hand, and the "
            "joker is the highest trump of all.")
    return answer == len(cards), text


def call_reason(seat: Seat, hand: Sequence[Card], call: Bid | str, before: Auction) -> str:
    """Why the simple policy makes ``call`` for ``seat`` with ``hand`` (``before``: the auction
    before the call), in words: its best strain's estimated tricks against the bid."""
    strain, value = best_strain(hand, before.rules.players)
    tricks = int(value + 0.5)  # as `choose_bid` rounds
    own = tricks - int(PARTNER_TRICKS.get(before.rules.players, 2.0))
    name = "No trumps" if strain.trump is None else strain.trump.noun.capitalize()
    who = seat_name(seat)
    if isinstance(call, Bid) and not call.misere:
        return (f"{who} bids {call.pretty}: {name.lower()} is their best suit, worth about "
                f"{own} tricks in their own hand, plus about 2 expected from partner and the "
                f"kitty: {tricks} in all, enough to promise {call.level} tricks.")
    if isinstance(call, Bid):
        return f"{who} bids {call.pretty}: no card above a 9, a hand that wants no tricks."
    high = before.high_bid
    if high is not None and tricks >= 6:
        return (f"{who} passes: their best suit, {name.lower()}, is worth about {tricks} "
                f"tricks with partner's help, not enough to bid above {high.pretty}.")
    return (f"{who} passes: their best suit, {name.lower()}, is worth only about {tricks} "
            "tricks with partner's help, and a bid promises at least 6.")


def your_call_words(call: Bid | str, suggested: Bid | str) -> str:
    """The learner's call compared with the policy's suggestion."""
    mine = call.pretty if isinstance(call, Bid) else "pass"
    if call == suggested:
        return f"You {'bid ' if isinstance(call, Bid) else ''}{mine}: the call the hint suggests."
    hint = suggested.pretty if isinstance(suggested, Bid) else "pass"
    return (f"You {'bid ' if isinstance(call, Bid) else ''}{mine}. The hint suggested {hint}; "
            "any legal call is allowed, and the hand is played out whatever you chose.")


def discard_words(pool: Sequence[Card], discard: Sequence[Card], suggested: Sequence[Card],
                  contract: Bid) -> str:
    """What the learner's discard does, next to the suggested one (`policy.choose_discard`:
    keep trumps and aces, throw short side suits to make voids)."""
    order = CardOrder(trump=contract.trump)
    thrown = names_list([c.pretty for c in sorted(discard, key=order.display_key)])
    trumps = [c for c in discard if order.is_trump(c)]
    aces = [c for c in discard if not order.is_trump(c) and c.rank is not None
            and c.rank.name == "ACE"]
    parts = [f"You discard {thrown}."]
    if trumps:
        parts.append(f"You threw away a trump ({names_list([c.pretty for c in trumps])}): "
                     "trumps win tricks, so declarers nearly always keep them all.")
    if aces:
        parts.append("You threw away an ace: an ace is a sure trick in its suit.")
    kept = [c for c in pool if c not in discard]
    voids = [s for s in SUITS if s is not contract.trump
             and not any(order.effective_suit(c) is s for c in kept)]
    if voids:
        parts.append("You have no " + names_list([s.noun for s in voids]) + " left: when that "
                     "suit is led you may trump it (a ruff).")
    if set(discard) == set(suggested):
        parts.append("That is the discard the hint suggests.")
    else:
        parts.append("The hint's discard was " + names_list(
            [c.pretty for c in sorted(suggested, key=order.display_key)]) + ".")
    return " ".join(parts)


def trick_words(state: PlayState, trick: Trick, number: int, learner: Seat) -> str:
    """``"Trick 3: West led 5♠, then North 9♠, East K♠, you A♠. You win it."``"""
    names = [("you" if s is learner else seat_name(s)) + " " + play_text(p)
             for s, p in zip(trick.seats, trick.plays, strict=True)]
    first, *rest = names
    who, _, card = first.partition(" ")
    text = f"{who[0].upper()}{who[1:]} led {card}, then " + ", ".join(rest)
    winner = state.trick_winner_seat(trick)
    if winner is learner:
        won = "You win it."
    elif winner in state.rules.side_of(learner):
        won = f"{seat_name(winner)}, your partner, wins it."
    else:
        won = f"{seat_name(winner)} wins it."
    return f"Trick {number}: {text}. {won}"


def score_words(contract: Bid, declarer: Seat, tricks: int, score: HandScore,
                learner: Seat, rules_side: tuple[Seat, ...]) -> str:
    """The score explained with the Avondale schedule (RULES.md §6)."""
    value = bid_value(contract)
    side = "Your side" if learner in rules_side else f"{seat_name(declarer)}'s side"
    need = contract.tricks_needed
    defenders = 10 - tricks
    if contract.misere:
        head = f"{seat_name(declarer)} bid {contract.pretty}, worth {value}."
    else:
        head = (f"The contract was {contract.pretty}: {need} tricks with "
                f"{contract.strain.symbol if contract.strain else ''} trumps, worth {value} on "
                "the scoring table (6♠ is 40, each suit up the ladder adds 20, each level "
                "adds 100).")
    if score.declarer > 0:
        made = (f"{side} took {tricks} tricks, so the contract is made: +{score.declarer}. "
                "Extra tricks score nothing more (unless all ten: a slam scores at least 250).")
    else:
        made = (f"{side} took only {tricks} tricks: the contract is set (failed), so it "
                f"loses its value: {score.declarer}.")
    them = (f"The defenders took {defenders} trick{'s' if defenders != 1 else ''}, 10 points "
            f"each: +{score.defenders}.")
    return " ".join([head, made, them])
