"""The strategy lessons' rules claims once wrong or overstated (issue 29, "Wrong or overstated
today"), each checked against the engine and cited to RULES.md and the seed documents
(../shared/seeds: 000 Portuguese, 001 Italian, 002 Polish, 003 Spanish)."""

from __future__ import annotations

import re

from trainer.bidding import Auction, parse_bid
from trainer.cards import JOKER, SUITS, Card, Seat, Suit, pack
from trainer.notation import parse_card
from trainer.play import first_leader
from trainer.rules import CardOrder, Play, RuleSet, legal_plays, ruleset
from trainer.scoring import score_hand
from trainer.ui.data.lesson_files import load_lessons

RULES = ruleset()


def lesson(number: int) -> str:
    """The lesson's body, line breaks and bold marks made plain."""
    body = next(x for x in load_lessons() if x.order == number).body
    return re.sub(r"\s+", " ", body.replace("**", ""))


def cards(codes: str) -> list[Card]:
    return [parse_card(c) for c in codes.split()]


def test_counting_trumps_uses_only_what_a_player_sees() -> None:
    """Lesson 12. 002: "w przeciwieństwie do brydża, nie stosuje się wykładania „dziadka”"
    (unlike bridge, there is no dummy) and "partner gracza, który wygrał licytację, nie
    odsłania swoich kart": nobody sees partner's hand, so the count is your own trumps, the
    trumps played and, for the declarer, the discard (RULES.md §4: the declarer discards)."""
    text = lesson(12)
    assert "less yours and your partner's" not in text
    assert "There is no dummy in 500: you never see your partner's hand" in text
    for seen in ("your own", "the ones already played", "the ones you put in the discard"):
        assert seen in text


def test_a_joker_lead_fells_only_a_bare_card() -> None:
    """Lesson 13. RULES.md §5: the joker led, "the others must follow that suit if they can"
    (002: "pozostali gracze muszą dokładać do nominowanego koloru"). With a bare K♣ the king
    must go under the joker; with K♣ 7♣ the defender may keep the king."""
    text = lesson(13)
    assert "would beat yours later: they must play it under the joker now" not in text
    assert "if it is their only card of that suit (a bare king, say), they must play it" in text
    assert "With two or more cards of the suit they play a low one and keep the high card" in text
    order = CardOrder()  # no trumps, the joker not nominated
    lead = [Play(JOKER, Suit.CLUBS)]
    bare = legal_plays(cards("KC AH QD 9S"), lead, order, RULES, Seat.W)
    assert [p.code for p in bare] == ["KC"]
    guarded = {p.code for p in legal_plays(cards("KC 7C AH QD"), lead, order, RULES, Seat.W)}
    assert guarded == {"KC", "7C"}
    assert order.trick_winner([*lead, Play(parse_card("7C"))]) == 0


def test_a_misere_ace_is_safe_under_the_joker_or_when_void() -> None:
    """Lesson 14. Misère is played at no trumps (RULES.md §3). An ace wins any trick of its
    suit it is led or followed to (§2: A K Q J 10 ...), but under a joker led naming its suit
    it loses (§5: "the joker wins"), and when void in the suit led it may be thrown (§4: "
    otherwise they may play any card")."""
    text = lesson(14)
    assert (
        "An ace can never go under another card of its suit: it must go in the discard" not in text
    )
    assert "It is safe only when it can drop under the joker (a joker led naming its suit)" in text
    assert "or be thrown away when you are out of the suit led" in text
    order = CardOrder()
    ace = parse_card("AH")
    for other in (c for c in pack() if c.suit is Suit.HEARTS and c != ace):
        assert order.trick_winner([Play(other), Play(ace)]) == 1  # the ace wins when it follows
        assert order.trick_winner([Play(ace), Play(other)]) == 0  # and when it is led
    under = [Play(JOKER, Suit.HEARTS), Play(ace)]
    assert order.trick_winner(under) == 0  # the joker wins: the ace is safe
    void = legal_plays(cards("AH 5D 6C"), [Play(parse_card("9S"))], order, RULES, Seat.S)
    assert Play(ace) in void
    assert order.trick_winner([Play(parse_card("9S")), Play(ace)]) == 0


def test_the_raiser_is_the_declarer() -> None:
    """Lesson 11. RULES.md §3: "the last bid is the contract and its bidder the declarer"; §4:
    "The declarer leads to the first trick". 003: "El jugador que gana la subasta se convierte
    en el declarante. Recoge las tres cartas del kitty"; 002: "Zwycięzca licytacji bierze
    karty z musika" and "Rozpoczyna osoba, która wygrała licytację"."""
    text = lesson(11)
    assert "its bidder is the declarer" in text
    assert "If you raise your partner and the others pass, you are the declarer" in text
    assert "you take the kitty, discard three and lead to the first trick" in text
    assert "there is no dummy" in text
    auction = Auction(RULES, Seat.W)  # North opens 7♥, South raises to 8♥
    for call in ("7H", "P", "8H", "P", "P"):  # East, out after passing, calls no more
        auction.call(call)
    assert auction.is_over and auction.contract == parse_bid("8H")
    assert auction.declarer is Seat.S
    assert first_leader(RULES, auction.contract, auction.declarer, Seat.W) is Seat.S


def test_the_defence_lessons_claims_of_500() -> None:
    """Lesson 15, each claim true of 500 by RULES.md: the declarer leads first (§4), takes the
    kitty and discards three face down (§4), the joker is the highest trump then the right and
    left bowers (§2), players must follow a trump lead if they can and may overruff when void
    (§4), defenders score 10 a trick whether the contract makes or not (§6, 000 and 003)."""
    text = lesson(15)
    for claim in (
        "The declarer leads first.",
        "discarded three cards face down",
        "There is no dummy",
        "Find the suit the declarer voided",
        "Lead trumps to stop the ruffs",
        "Keep the joker or a bower to overruff",
        "the defenders score 10 a trick whether the contract makes or not",
    ):
        assert claim in text, claim
    assert "Second hand low" not in text and "Cover an honour" not in text  # bridge generalities
    assert first_leader(RULES, parse_bid("8H"), Seat.S, Seat.W) is Seat.S
    for trump in SUITS:
        order = CardOrder(trump=trump)
        trumps = sorted((c for c in pack() if order.is_trump(c)), key=order.power, reverse=True)
        assert trumps[0] == JOKER
        assert trumps[1] == Card(trump, trumps[1].rank) and trumps[1].rank.name == "JACK"
        assert trumps[2].suit is trump.same_colour and trumps[2].rank.name == "JACK"
    order = CardOrder(trump=Suit.HEARTS)  # a club led, the declarer ruffs with 9♥
    trick = [Play(parse_card("AC")), Play(parse_card("9H"))]
    mine = legal_plays(cards("JD 5H AS"), trick, order, RULES, Seat.E)
    assert Play(parse_card("JD")) in mine  # void in clubs, the left bower may be played
    assert order.trick_winner([*trick, Play(parse_card("JD"))]) == 2  # and overruffs
    # a trump led must be followed with a trump: the joker counts as one
    led = [Play(parse_card("AH"))]
    assert {p.code for p in legal_plays(cards("JK 7S 8C"), led, order, RULES, Seat.E)} == {"JK"}
    for tricks in (8, 9, 10, 3):  # the defenders' 10 a trick, made or set
        assert score_hand(parse_bid("8H"), tricks, RuleSet()).defenders == 10 * (10 - tricks)
