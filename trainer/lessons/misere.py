"""Lesson 8, misère (RULES.md §3, §5, §6): who plays (the declarer's partner sits out), what
misère and open misère score made or set, who wins a misère trick (the joker, and the option
``joker_low_in_misere``), and when an open misère hand is shown. Answers from
`trainer.play.active_seats`, `trainer.scoring.score_hand`, `CardOrder.trick_winner` (with
`trainer.rules.order_for`) and `PlayState.declarer_exposed`.

Misère needs the option ``misere`` and a table of more than two (RULES.md §1: two players
never bid it, 002); when it is not played the questions say so and set it up at a table of
four. Under ``nullo_500`` (000's "Nullo") misère is worth 500 and there is no open misère.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from trainer.bidding import MISERE, OPEN_MISERE, Bid
from trainer.cards import JOKER, Seat, deal
from trainer.lessons.common import number_choices, rotated, seat_name, shuffled
from trainer.lessons.joker import joker_trick, joker_winner_why
from trainer.lessons.question import CardGroup, Question, names_list, play_name, suit_one
from trainer.play import PlayState, active_seats
from trainer.rules import CardOrder, Play, RuleSet, order_for
from trainer.scoring import bid_value, score_hand

QUIZ = "misere"
OFF_NOTE = "(Misère is off in your rules, option `misere`; this question assumes it is on.) "
TWO_NOTE = ("(Two players never bid misère; this question is about the game for four, option "
            "`players` is 4.) ")


def quiz_misere(rng: random.Random, rules: RuleSet) -> Question:
    """A misère question: ``who_plays``, ``score``, ``defenders``, ``trick`` or ``reveal``
    (``reveal`` only where open misère is played)."""
    note = ""
    if rules.players == 2:
        note, rules = TWO_NOTE, rules.with_options(players=4, misere=True)
    elif not rules.misere:
        note, rules = OFF_NOTE, rules.with_options(misere=True)
    kinds = ["who_plays", "who_plays", "score", "score", "defenders", "trick", "trick"]
    if rules.open_misere_allowed:
        kinds.append("reveal")
    kind = rng.choice(kinds)
    maker = {"who_plays": _who_plays, "score": _score, "defenders": _defenders,
             "trick": _trick, "reveal": _reveal}[kind]
    question = maker(rng, rules)
    return replace(question, prompt=note + question.prompt) if note else question


def _contract(rng: random.Random, rules: RuleSet) -> Bid:
    if not rules.open_misere_allowed:
        return MISERE
    return rng.choice((MISERE, MISERE, OPEN_MISERE))


def _seats_words(seats: tuple[Seat, ...] | list[Seat]) -> str:
    return names_list([seat_name(s) for s in seats])


def _who_plays(rng: random.Random, rules: RuleSet) -> Question:
    declarer = rng.choice(rules.seats)
    contract = _contract(rng, rules)
    playing = active_seats(rules, contract, declarer)
    everyone = rules.seats
    partners = [s for s in rules.side_of(declarer) if s is not declarer]
    options = {
        _seats_words(playing),
        _seats_words(everyone),
        _seats_words([s for s in everyone if s is not declarer]),
        _seats_words([s for s in everyone if s is not rules.next_seat(declarer)]),
    }
    answer = _seats_words(playing)
    choices = shuffled(rng, sorted(options))  # a set of options: in a random order
    if partners:
        many = len(partners) > 1
        why = (
            f"In misère the declarer's partner{'s' if many else ''} "
            f"({_seats_words(partners)}) lay{'' if many else 's'} "
            f"{'their hands' if many else 'their hand'} down and take{'' if many else 's'} no "
            f"part: the declarer plays alone against the other side. So {answer} play."
        )
    else:
        table = "At three players" if rules.players == 3 else "With six each for themselves"
        why = (
            f"{table} nobody has a partner: the declarer plays alone against all the others, "
            f"so everyone plays: {answer}."
        )
    return Question(
        quiz=QUIZ, seed=0, kind="who_plays",
        prompt=f"{seat_name(declarer)} bids {contract.pretty} and wins the auction. Who plays "
               "the hand?",
        choices=tuple(choices), answer=answer, explanation=why,
        facts=(("declarer", declarer.value), ("contract", contract.code)),
    )


def _tricks(rng: random.Random) -> int:
    return 0 if rng.random() < 0.45 else rng.randint(1, 4)


def _score(rng: random.Random, rules: RuleSet) -> Question:
    contract = _contract(rng, rules)
    taken = _tricks(rng)
    value = bid_value(contract, rules)
    result = score_hand(contract, taken, rules).declarer
    if taken == 0:
        why = f"The declarer took no trick, so {contract.pretty} is made: +{value}."
    else:
        why = (
            f"The declarer took {taken} trick{'s' if taken > 1 else ''}: one is enough to be "
            f"set, and a set {contract.pretty} loses its {value}."
        )
    why += (" Under your rules misère is the Nullo, worth 500, and there is no open misère "
            "(option `nullo_500`, rule book §3, §6)." if rules.nullo_500 else
            " Misère is worth 250 and open misère 500 (rule book §6).")
    return Question(
        quiz=QUIZ, seed=0, kind="score",
        prompt=f"{contract.pretty.capitalize()}: the declarer took {taken} "
               f"trick{'' if taken == 1 else 's'}. What does the declarer's side score?",
        choices=number_choices(rng, result, _score_near(value, taken)),
        answer=str(result),
        explanation=why, facts=(("contract", contract.code), ("tricks", str(taken))),
    )


def _score_near(value: int, taken: int) -> set[int]:
    """Wrong scores a learner might give for a misère worth ``value`` in which the declarer
    took ``taken`` tricks: the other sign, the other misère's value, the bids next to it by
    points, nothing, or 10 a trick on top (further ones 10 apart, `number_choices`)."""
    near = {0, 250, 500, 240, 260, 480, 520}
    near |= {-n for n in near}
    return near | {value + 10 * (10 - taken), -value - 10 * max(taken, 1),
                   -value - 10 * (10 - taken)}


def _defenders(rng: random.Random, rules: RuleSet) -> Question:
    contract = _contract(rng, rules)
    taken = _tricks(rng)
    theirs = 10 - taken
    value = bid_value(contract, rules)
    result = score_hand(contract, taken, rules).defenders
    if rules.misere_defenders:
        why = (f"Under your rules (option `misere_defenders`) the defenders score 10 a trick in "
               f"misère too: {theirs} tricks make {result}.")
    else:
        why = ("In misère and open misère the defenders score nothing for their tricks (option "
               "`misere_defenders` is off). " + (
                   "The declarer took none: the bid is made." if taken == 0 else
                   "The declarer, taking a trick, is set and loses the bid's value."))
    return Question(
        quiz=QUIZ, seed=0, kind="defenders",
        prompt=f"{contract.pretty.capitalize()}: the declarer took {taken} "
               f"trick{'' if taken == 1 else 's'} and the defenders {theirs}. What do the "
               "defenders score?",
        choices=number_choices(rng, result, (
            0, 10 * theirs, -10 * theirs, 10 * (theirs + 1), 10 * (theirs - 1),
            -10 * (theirs - 1), 10 * taken, -10 * taken, value, -value, 250, -250)),
        answer=str(result), explanation=why,
        facts=(("contract", contract.code), ("tricks", str(taken))),
    )


def _trick(rng: random.Random, rules: RuleSet) -> Question:
    order = order_for(None, True, rules)
    while True:
        dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
        declarer = rng.choice(rules.seats)
        contract = _contract(rng, rules)
        seats = active_seats(rules, contract, declarer)
        hands = {s: list(dealt.hands[s]) for s in seats}
        holder = next((s for s in seats if JOKER in hands[s]), None)
        if holder is None:
            continue
        played = joker_trick(rng, rules, order, hands, holder, seats)
        if played is None:
            continue
        trick, trick_seats = played
        winner = order.trick_winner(trick)
        break
    label = {s: f"{seat_name(s)}: {play_name(p)}" for s, p in zip(trick_seats, trick, strict=True)}
    # in table order from a random seat, not in the order played: the leader is not always first
    choices = tuple(label[s] for s in rotated(rng, trick_seats))
    won_by = trick_seats[winner]
    verdict = (
        f"The declarer wins it, so {contract.pretty} is set."
        if won_by is declarer
        else "The declarer does not win it."
    )
    return Question(
        quiz=QUIZ, seed=0, kind="trick",
        prompt=f"{contract.pretty.capitalize()} by {seat_name(declarer)} (misère is played at "
               f"no trumps). {seat_name(trick_seats[0])} led. Who wins this trick?",
        choices=choices, answer=label[won_by],
        explanation=misere_winner_why(trick, winner, order) + " " + verdict,
        cards=(CardGroup("The trick", tuple(trick), tuple(seat_name(s) for s in trick_seats)),),
        order=order, subject=JOKER,
        facts=(("declarer", declarer.value), ("contract", contract.code)),
    )


def misere_winner_why(trick: Sequence[Play], winner: int, order: CardOrder) -> str:
    """Why the winner of a misère trick with the joker in it wins (RULES.md §5): as at no
    trumps, or under ``joker_low_in_misere`` with the joker the lowest card."""
    if not order.joker_low:
        return joker_winner_why(trick, winner, order)
    best = trick[winner]
    led = order.play_suit(trick[0])
    assert led is not None
    low = ("In misère under option `joker_low_in_misere` the joker is the lowest card: led, it "
           "is the lowest card of the suit named, and it wins only when nobody follows that "
           "suit; played by a player who cannot follow, it is a discard and cannot win.")
    if best.card.is_joker:
        return (f"{low} Here it was led, named as {led.noun}, and nobody followed "
                f"{led.noun}: it wins.")
    return f"{low} The highest {suit_one(led)} wins: {play_name(best)}."


def _reveal(rng: random.Random, rules: RuleSet) -> Question:
    dealt = deal(rng.getrandbits(32), rules.players, rules.deck)
    declarer = rng.choice(rules.seats)
    seats = active_seats(rules, OPEN_MISERE, declarer)
    state = PlayState(rules, OPEN_MISERE, declarer, {s: list(dealt.hands[s]) for s in seats},
                      declarer)
    before = state.declarer_exposed
    answer = "Before the first lead" if before else "After the first trick"
    why = (
        "Under your rules (option `open_misere_reveal`) the open misère declarer lays the hand "
        "face up before the first lead."
        if before
        else "The open misère declarer's hand is laid face up after the first trick (option "
             "`open_misere_reveal` can make it before the first lead)."
    )
    return Question(
        quiz=QUIZ, seed=0, kind="reveal",
        prompt="When are the open misère declarer's cards shown to everyone?",
        choices=tuple(shuffled(rng, ("Before the first lead", "After the first trick", "Never",
                                     "After the last trick"))),
        answer=answer, explanation=why,
    )
