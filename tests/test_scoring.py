"""The Avondale schedule, the score of a hand and the game to 500 (RULES.md §6, §7)."""

from __future__ import annotations

import pytest

from trainer.bidding import MISERE, OPEN_MISERE, Bid, ladder, parse_bid
from trainer.cards import Seat
from trainer.errors import BidError
from trainer.rules import PRESETS, RuleSet, Strain
from trainer.scoring import GameScore, HandScore, bid_value, score_hand

AUS = PRESETS["australian"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = (N, S), (E, W)

# RULES.md §6, the Avondale schedule, typed cell by cell.
#          ♠    ♣    ♦    ♥    NT
AVONDALE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}
CELLS = [
    (f"{level}{strain}", value)
    for level, row in AVONDALE.items()
    for strain, value in zip(("S", "C", "D", "H", "NT"), row, strict=True)
]


@pytest.mark.parametrize(("code", "value"), [*CELLS, ("MIS", 250), ("OMIS", 500)])
def test_avondale_schedule(code: str, value: int) -> None:
    """RULES.md §6: the Avondale schedule; misère 250, open misère 500 (003: "Misere: 250
    puntos si se tiene éxito. Open Misere: 500 puntos")."""
    assert bid_value(parse_bid(code), AUS) == value


def test_avondale_table_covers_the_ladder() -> None:
    """RULES.md §6: every bid on the ladder has its value (25 cells plus the two misères)."""
    assert len(CELLS) == 25
    values = dict([*CELLS, ("MIS", 250), ("OMIS", 500)])
    assert {b.code: bid_value(b, AUS) for b in ladder(AUS)} == values


# --- one hand (RULES.md §6) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "tricks", "declarer", "defenders"),
    [
        ("7H", 7, 200, 30),  # made exactly
        ("7H", 9, 200, 10),  # no extra for overtricks
        ("7H", 6, -200, 40),  # set by one
        ("6S", 6, 40, 40),
        ("6S", 5, -40, 50),
        ("6S", 0, -40, 100),
        ("8NT", 8, 320, 20),
        ("8NT", 7, -320, 30),
        ("10S", 9, -440, 10),
        ("9D", 9, 380, 10),
    ],
)
def test_made_and_set(contract: str, tricks: int, declarer: int, defenders: int) -> None:
    """RULES.md §6: made scores the bid's value, set loses it; defenders 10 a trick either way."""
    assert score_hand(parse_bid(contract), tricks, AUS) == HandScore(declarer, defenders)


@pytest.mark.parametrize(
    ("contract", "tricks", "declarer"),
    [("7H", 7, 200), ("7H", 8, 210), ("7H", 9, 220), ("6NT", 9, 150), ("7H", 6, -200)],
)
def test_overtricks_10(contract: str, tricks: int, declarer: int) -> None:
    """RULES.md §6 option `overtricks_10`: 10 more a trick over the bid; a set is unchanged."""
    rules = AUS.with_options(overtricks_10=True)
    assert score_hand(parse_bid(contract), tricks, rules).declarer == declarer


@pytest.mark.parametrize(
    ("contract", "slam_on", "slam_off"),
    [
        ("6S", 250, 40),  # 40 < 250: slam
        ("7NT", 250, 220),
        ("8S", 250, 240),  # 240 < 250: slam
        ("8C", 260, 260),  # worth more than 250: its own value
        ("8H", 300, 300),  # 300, since it is over 250
        ("10NT", 520, 520),
    ],
)
def test_slam(contract: str, slam_on: int, slam_off: int) -> None:
    """RULES.md §6 slam: all ten tricks on a bid worth less than 250 score 250 (`slam_250`)."""
    on = score_hand(parse_bid(contract), 10, AUS)
    off = score_hand(parse_bid(contract), 10, AUS.with_options(slam_250=False))
    assert on == HandScore(slam_on, 0)
    assert off == HandScore(slam_off, 0)


def test_slam_needs_all_ten_tricks() -> None:
    """RULES.md §6 slam: nine tricks on 6♠ is an ordinary make."""
    assert score_hand(parse_bid("6S"), 9, AUS) == HandScore(40, 10)


def test_defender_tricks_off() -> None:
    """RULES.md §6 option `defender_tricks` off: defenders score nothing for tricks."""
    rules = AUS.with_options(defender_tricks=False)
    assert score_hand(parse_bid("7H"), 7, rules) == HandScore(200, 0)
    assert score_hand(parse_bid("7H"), 4, rules) == HandScore(-200, 0)


@pytest.mark.parametrize(
    ("contract", "tricks", "declarer", "defenders"),
    [
        ("MIS", 0, 250, 0),  # made: no trick
        ("MIS", 1, -250, 0),  # set by one trick; defenders score nothing in misère
        ("MIS", 6, -250, 0),
        ("OMIS", 0, 500, 0),
        ("OMIS", 1, -500, 0),
        ("OMIS", 10, -500, 0),
    ],
)
def test_misere(contract: str, tricks: int, declarer: int, defenders: int) -> None:
    """RULES.md §6: misère/open misère score 250/500 with no trick, else lose 250/500; the
    defenders score nothing in misère."""
    assert score_hand(parse_bid(contract), tricks, AUS) == HandScore(declarer, defenders)


def test_misere_never_gets_slam_or_overtricks() -> None:
    """RULES.md §6: slam and overtricks belong to trick-taking bids, not misère."""
    rules = AUS.with_options(overtricks_10=True)
    assert score_hand(MISERE, 0, rules) == HandScore(250, 0)
    assert score_hand(MISERE, 10, rules) == HandScore(-250, 0)


def test_misere_defenders_option() -> None:
    """RULES.md §6 option `misere_defenders`: defenders score 10 a trick in misère too."""
    rules = AUS.with_options(misere_defenders=True)
    assert score_hand(MISERE, 2, rules) == HandScore(-250, 80)
    assert score_hand(OPEN_MISERE, 0, rules) == HandScore(500, 100)


@pytest.mark.parametrize("tricks", [11, -1, 100])
def test_bad_trick_count_raises(tricks: int) -> None:
    """RULES.md §4: ten tricks are played; another count is bad input (a ValueError)."""
    with pytest.raises(BidError, match=f"tricks: {tricks}"):
        score_hand(parse_bid("7H"), tricks, AUS)
    with pytest.raises(ValueError):
        score_hand(MISERE, tricks, AUS)


# --- the game (RULES.md §7) --------------------------------------------------------------------


def game(ns: int, ew: int) -> GameScore:
    return GameScore({NS: ns, EW: ew})


def test_new_game() -> None:
    """RULES.md §1, §7: two sides, N–S against E–W, both on 0."""
    assert GameScore.new(AUS) == GameScore({NS: 0, EW: 0}, None)


def test_hand_updates_both_sides() -> None:
    """RULES.md §6: the declarer's side scores the bid, the defenders 10 a trick."""
    after = game(100, 50).after_hand(parse_bid("7H"), N, {NS: 8, EW: 2}, AUS)
    assert after.scores == {NS: 300, EW: 70}
    assert after.winner is None


@pytest.mark.parametrize(("start", "contract", "end"), [(460, "6S", 500), (400, "7H", 600)])
def test_reaching_500_by_making_a_bid_wins(start: int, contract: str, end: int) -> None:
    """RULES.md §7: a side with 500 or more wins by making a bid."""
    bid = parse_bid(contract)
    after = game(start, 0).after_hand(bid, S, {NS: bid.tricks_needed, EW: 10 - bid.tricks_needed},
                                      AUS)
    assert after.scores[NS] == end
    assert after.winner == NS


def test_set_declarer_does_not_win() -> None:
    """RULES.md §7: a set declarer loses the bid's value and cannot win on that hand."""
    after = game(480, 0).after_hand(parse_bid("6S"), N, {NS: 5, EW: 5}, AUS)
    assert after.scores == {NS: 440, EW: 50}
    assert after.winner is None


def test_defenders_crossing_500_by_tricks_do_not_win_under_must_bid_to_win() -> None:
    """RULES.md §7 option `must_bid_to_win` (002's variant: "nie wystarczy zdobyć 500 punktów,
    aby wygrać; trzeba być rozgrywającym"): points for defending cannot take a side over the
    line; the side stays on 520 and plays on."""
    rules = AUS.with_options(must_bid_to_win=True)
    after = game(100, 480).after_hand(parse_bid("6S"), N, {NS: 6, EW: 4}, rules)
    assert after.scores == {NS: 140, EW: 520}
    assert after.winner is None
    # Nor when the declarer is set.
    after = game(100, 480).after_hand(parse_bid("8S"), N, {NS: 5, EW: 5}, rules)
    assert after.scores == {NS: -140, EW: 530}
    assert after.winner is None
    # E-W, over 500 from defending, win once they make a bid of their own.
    after = after.after_hand(parse_bid("6S"), E, {EW: 6, NS: 4}, rules)
    assert after.scores == {NS: -100, EW: 570}
    assert after.winner == EW


def test_defenders_crossing_500_win_by_default() -> None:
    """RULES.md §7 default (`must_bid_to_win` off): the first side to 500 wins, by bidding or
    by defending (000: "A primeira dupla a atingir ou superar +500 pontos vence a partida";
    001, 003)."""
    assert AUS.must_bid_to_win is False and PRESETS["american"].must_bid_to_win is False
    after = game(100, 480).after_hand(parse_bid("6S"), N, {NS: 6, EW: 4}, AUS)
    assert after.scores == {NS: 140, EW: 520}
    assert after.winner == EW
    # Set or made, the defenders' tricks count: 8♠ set by three.
    after = game(100, 480).after_hand(parse_bid("8S"), N, {NS: 5, EW: 5}, AUS)
    assert after.scores == {NS: -140, EW: 530}
    assert after.winner == EW


@pytest.mark.parametrize("must_bid", [True, False])
def test_both_over_the_line_declarer_side_wins(must_bid: bool) -> None:
    """RULES.md §7: if both sides pass 500 on one hand, the declarer's side wins, even with
    fewer points than the defenders."""
    rules = AUS.with_options(must_bid_to_win=must_bid)
    after = game(490, 290).after_hand(parse_bid("7NT"), W, {EW: 7, NS: 3}, rules)
    assert after.scores == {NS: 520, EW: 510}
    assert after.winner == EW


@pytest.mark.parametrize(("start", "contract", "end"), [(-400, "7H", -600), (-300, "7H", -500)])
def test_minus_500_loses(start: int, contract: str, end: int) -> None:
    """RULES.md §7: a side on −500 or below loses at once (`minus_500_loses`)."""
    after = game(start, 100).after_hand(parse_bid(contract), N, {NS: 4, EW: 6}, AUS)
    assert after.scores == {NS: end, EW: 160}
    assert after.winner == EW


def test_minus_500_off() -> None:
    """RULES.md §7 option `minus_500_loses` off: the game goes on below −500."""
    rules = AUS.with_options(minus_500_loses=False)
    after = game(-400, 100).after_hand(parse_bid("7H"), N, {NS: 4, EW: 6}, rules)
    assert after.scores == {NS: -600, EW: 160}
    assert after.winner is None
    after = after.after_hand(parse_bid("6S"), E, {NS: 4, EW: 6}, rules)
    assert after.scores == {NS: -560, EW: 200}
    assert after.winner is None


def test_misere_in_the_game() -> None:
    """RULES.md §6: misère made scores 250 to the declarer's side and nothing to defenders;
    §7: reaching 500 by making it wins."""
    after = game(260, 100).after_hand(MISERE, E, {EW: 0, NS: 10}, AUS)
    assert after.scores == {NS: 260, EW: 350}
    assert after.winner is None
    after = game(260, 300).after_hand(MISERE, S, {NS: 0, EW: 10}, AUS)
    assert after.scores == {NS: 510, EW: 300}
    assert after.winner == NS
    after = game(260, 300).after_hand(OPEN_MISERE, S, {NS: 1, EW: 9}, AUS)
    assert after.scores == {NS: -240, EW: 300}
    assert after.winner is None


def test_three_player_game() -> None:
    """RULES.md §1: three players, each for themselves; §6, §7 scoring per seat."""
    rules = RuleSet(players=3)
    g = GameScore.new(rules)
    assert g.scores == {(N,): 0, (E,): 0, (W,): 0}
    g = g.after_hand(parse_bid("7S"), E, {(N,): 1, (E,): 8, (W,): 1}, rules)
    assert g.scores == {(N,): 10, (E,): 140, (W,): 10}
    assert g.winner is None
    g = g.after_hand(parse_bid("6NT"), N, {(N,): 5, (E,): 3, (W,): 2}, rules)
    assert g.scores == {(N,): -110, (E,): 170, (W,): 30}
    g = GameScore({(N,): 400, (E,): 480, (W,): 0}).after_hand(
        parse_bid("6H"), N, {(N,): 6, (E,): 3, (W,): 1}, rules)
    assert g.scores == {(N,): 500, (E,): 510, (W,): 10}
    assert g.winner == (N,)  # E's 510 came from defending
    g = GameScore({(N,): -400, (E,): 80, (W,): 120}).after_hand(
        parse_bid("7C"), N, {(N,): 2, (E,): 5, (W,): 3}, rules)
    assert g.scores == {(N,): -560, (E,): 130, (W,): 150}
    assert g.winner == (W,)  # N is in the hole; the higher of the others wins


def test_game_bad_input_raises() -> None:
    """RULES.md §4, §7: ten tricks a hand; no hand after the game is won; sides must exist."""
    with pytest.raises(BidError, match="add up to 10"):
        game(0, 0).after_hand(parse_bid("7H"), N, {NS: 7, EW: 4}, AUS)
    with pytest.raises(BidError, match="tricks: 11"):
        game(0, 0).after_hand(parse_bid("7H"), N, {NS: 11, EW: -1}, AUS)
    over = GameScore({NS: 520, EW: 0}, winner=NS)
    with pytest.raises(BidError, match="already over"):
        over.after_hand(parse_bid("7H"), N, {NS: 7, EW: 3}, AUS)
    with pytest.raises(BidError, match="side"):
        game(0, 0).after_hand(parse_bid("7H"), N, {NS: 7, (E,): 3}, AUS)
    with pytest.raises(BidError, match="seat"):
        GameScore.new(RuleSet(players=3)).after_hand(
            parse_bid("7H"), S, {(N,): 7, (E,): 2, (W,): 1}, RuleSet(players=3))


def test_bid_object_values_match_parsed_codes() -> None:
    """RULES.md §6: 6♠ is worth 40 and 10NT 520, whether built or parsed."""
    assert bid_value(Bid(6, Strain.SPADES)) == 40
    assert bid_value(Bid(10, Strain.NO_TRUMPS)) == 520
    assert bid_value(Bid(10, Strain.NO_TRUMPS), AUS) == 520


def test_misere_value_needs_the_rules() -> None:
    """RULES.md §3, §6: misère's value depends on ``nullo_500``, so it is never guessed."""
    with pytest.raises(BidError, match="bid MIS: its value depends on the rules"):
        bid_value(MISERE)


def test_slam_with_overtricks_takes_the_greater() -> None:
    """RULES.md §6 slam with `overtricks_10`: 8♠ + 2 overtricks = 260 beats the slam's 250
    (pagat: 250 or the value earned, whichever is greater); 6♠ + 4 = 80 gives way to 250."""
    both = AUS.with_options(overtricks_10=True)
    assert score_hand(parse_bid("8S"), 10, both) == HandScore(260, 0)
    assert score_hand(parse_bid("6S"), 10, both) == HandScore(250, 0)
