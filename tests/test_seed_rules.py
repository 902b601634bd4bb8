"""Rules and options checked against the sentences of the user's source documents.

Each test quotes the seed document (../shared/seeds: 000 Portuguese, 001 Italian, 002 Polish,
003 Spanish) and the RULES.md section it follows.
"""

from __future__ import annotations

from trainer.bidding import MISERE, OPEN_MISERE, Auction, parse_bid
from trainer.cards import Seat, deal
from trainer.rules import RuleSet
from trainer.scoring import GameScore, score_hand

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = (N, S), (E, W)
AUS = RuleSet()


def test_deck_45_keeps_the_black_fours_and_a_kitty_of_five() -> None:
    """RULES.md §1 ``deck=45`` (002: "gra się talią 45 kart bez odkładania czarnych czwórek,
    co sprawia, że musik liczy 5 kart")."""
    rules = RuleSet(deck=45)
    assert len(rules.pack) == 45 and rules.kitty_size == 5
    dealt = deal(3, rules.players, rules.deck)
    assert len(dealt.kitty) == 5 and all(len(h) == 10 for h in dealt.hands.values())
    assert {c.code for c in rules.pack} - {c.code for c in AUS.pack} == {"4S", "4C"}


def test_misere_needs_a_seven_first() -> None:
    """RULES.md §3 ``misere_needs_seven`` (002: "Można ją zgłaszać dopiero, gdy w licytacji padła
    odzywka na poziomie 7"); open misère at any time (002: "Może być zgłoszone w dowolnym
    momencie, nawet jako pierwsza odzywka")."""
    auction = Auction(AUS, W)
    assert not auction.can_call(MISERE)
    assert auction.can_call(OPEN_MISERE)
    auction.call(parse_bid("7S"))
    assert auction.can_call(MISERE)
    free = Auction(AUS.with_options(misere_needs_seven=False), W)
    assert free.can_call(MISERE)


def test_slam_scores_at_least_250() -> None:
    """RULES.md §6 ``slam_250`` (003: "Si un equipo gana las 10 bazas en un contrato normal, su
    puntuación mínima será de 250 puntos"; 002: "gracze otrzymują 250 punktów zamiast zapisu za
    kontrakt, pod warunkiem, że zapis za kontrakt był niższy niż 250")."""
    assert score_hand(parse_bid("7S"), 10, AUS).declarer == 250
    assert score_hand(parse_bid("8C"), 10, AUS).declarer == 260  # worth more than 250 already
    assert score_hand(parse_bid("7S"), 10, AUS.with_options(slam_250=False)).declarer == 140


def test_defenders_score_ten_a_trick_made_or_set() -> None:
    """RULES.md §6 ``defender_tricks`` (003: "el equipo defensor siempre anota 10 puntos por cada
    baza que consiga ganar, independientemente de si los contratistas cumplen su contrato o
    no"; 000: "A dupla não declarante marca 10 pontos por vaza conquistada")."""
    assert score_hand(parse_bid("7H"), 7, AUS).defenders == 30
    assert score_hand(parse_bid("7H"), 4, AUS).defenders == 60
    assert score_hand(parse_bid("7H"), 4, AUS.with_options(defender_tricks=False)).defenders == 0


def test_misere_defenders_score_nothing() -> None:
    """RULES.md §6 ``misere_defenders`` (002: "Obrońcy nie zdobywają punktów za lewy wzięte w
    misère")."""
    assert score_hand(MISERE, 0, AUS).defenders == 0
    assert score_hand(MISERE, 1, AUS).defenders == 0
    paid = AUS.with_options(misere_defenders=True)
    assert score_hand(MISERE, 1, paid).defenders == 90


def test_minus_500_loses_and_plus_500_beats_it_on_one_hand() -> None:
    """RULES.md §7 ``minus_500_loses`` (000: "Uma dupla que cair para -500 ('no pântano') perde a
    partida imediatamente"; "No raro caso em que ambas as duplas cruzem o limite na mesma mão
    (uma até 500+, a outra até -500), a dupla que atingiu +500 vence")."""
    game = GameScore({NS: -400, EW: 100})
    after = game.after_hand(parse_bid("7H"), N, {NS: 5, EW: 5}, AUS)  # set: -200
    assert after.scores[NS] == -600 and after.winner == EW
    crossing = GameScore({NS: -300, EW: 460}).after_hand(parse_bid("8S"), N, {NS: 4, EW: 6}, AUS)
    assert crossing.scores == {NS: -540, EW: 520} and crossing.winner == EW
    lenient = GameScore({NS: -400, EW: 100}).after_hand(
        parse_bid("7H"), N, {NS: 5, EW: 5}, AUS.with_options(minus_500_loses=False))
    assert lenient.winner is None
