"""Scoring variants and keeping the score of a game (RULES.md §6, §7): nullo, the overtricks
cap, winning by defending, both sides crossing on one hand, tables where each plays for
themselves, and `score --before` on the command line. Each test cites its seed sentence."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.__main__ import main
from trainer.bidding import MISERE, ladder, parse_bid
from trainer.cards import Seat
from trainer.errors import BidError
from trainer.rules import PRESETS, RuleSet
from trainer.scoring import HAND_CAP, GameScore, HandScore, score_hand, score_into_game
from trainer.simulate import net_score, strain_result

AUS = PRESETS["australian"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = (N, S), (E, W)
NULLO = AUS.with_options(nullo_500=True)


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- one hand ----------------------------------------------------------------------------------


def test_nullo_scores_500_either_way() -> None:
    """RULES.md §3, §6 `nullo_500` (000: "Nullo: como a Misère, mas pontuado 500 / -500"):
    misère made +500, set -500; the defenders score nothing in it as in misère (002)."""
    assert score_hand(MISERE, 0, NULLO) == HandScore(500, 0)
    assert score_hand(MISERE, 1, NULLO) == HandScore(-500, 0)
    assert score_hand(MISERE, 0, AUS) == HandScore(250, 0)
    assert net_score(MISERE, 0, NULLO, True) == 500  # the simulation uses the same value


def test_overtricks_10_never_take_a_hand_over_520() -> None:
    """RULES.md §6 `overtricks_10` (000: "Vazas extras (mais do que apostado) geralmente marcam
    10 cada, a menos que elevem o total acima do valor de 10 Sem Trunfo"): every made contract
    scores at most 520. With the Avondale values the cap never bites: the most a hand makes
    with overtricks is 9NT and one over, 430."""
    rules = AUS.with_options(overtricks_10=True)
    assert HAND_CAP == 520
    made, over = {}, {}
    for bid in ladder(rules):
        if bid.misere:
            continue
        for tricks in range(bid.tricks_needed, 11):
            score = score_hand(bid, tricks, rules).declarer
            made[(bid.code, tricks)] = score
            if tricks > bid.tricks_needed:
                over[(bid.code, tricks)] = score
    assert max(made.values()) == 520  # 10NT made, with no overtrick possible
    assert max(over.values()) == 430 == over[("9NT", 10)]
    assert over[("9H", 10)] == 410
    assert score_hand(parse_bid("7H"), 9, rules) == HandScore(220, 10)


# --- the game ----------------------------------------------------------------------------------


def test_first_side_to_500_wins_by_defending() -> None:
    """RULES.md §7 default (000: "A primeira dupla a atingir ou superar +500 pontos vence a
    partida"): 6♣ set with three tricks; the defenders' seven tricks take them from 480 to
    550 and they win."""
    result = score_into_game(parse_bid("6C"), 3, (0, 480), AUS)
    assert result.hand == HandScore(-60, 70)
    assert result.after == (-60, 550)
    assert result.winner == 1


def test_must_bid_to_win_variant() -> None:
    """RULES.md §7 `must_bid_to_win` (002: "nie wystarczy zdobyć 500 punktów, aby wygrać;
    trzeba być rozgrywającym"): the same hand leaves the defenders on 550 without a win."""
    rules = AUS.with_options(must_bid_to_win=True)
    result = score_into_game(parse_bid("6C"), 3, (0, 480), rules)
    assert result.after == (-60, 550) and result.winner is None
    # A side already over 500 from defending may be given: the game is not over.
    made = score_into_game(parse_bid("6S"), 6, (520, 100), rules)
    assert made.after == (560, 140) and made.winner == 0


def test_one_side_to_500_as_the_other_falls_to_minus_500() -> None:
    """RULES.md §7 (000: "No raro caso em que ambas as duplas cruzem o limite na mesma mão
    (uma até 500+, a outra até -500), a dupla que atingiu +500 vence"): 7♥ set with four
    tricks takes the declarer's side from -300 to -500 and the defenders from 480 to 540."""
    result = score_into_game(parse_bid("7H"), 4, (-300, 480), AUS)
    assert result.after == (-500, 540) and result.winner == 1


def test_both_sides_over_500_the_declarers_side_wins() -> None:
    """RULES.md §7: "If both sides reach 500 on one hand, the declarer's side wins": 7NT made
    with 7 tricks takes 290 to 510; the defenders' 3 tricks take 490 to 520."""
    result = score_into_game(parse_bid("7NT"), 7, (290, 490), AUS)
    assert result.after == (510, 520) and result.winner == 0


def test_nullo_in_the_game() -> None:
    """RULES.md §6, §7 `nullo_500` (000): a made nullo from 0 is 500, and wins."""
    assert score_into_game(MISERE, 0, (0, 300), NULLO).winner == 0
    # GameScore keeps misère's value by the rules too
    g = GameScore({NS: 100, EW: 0}).after_hand(MISERE, N, {NS: 1, EW: 9}, NULLO)
    assert g.scores == {NS: -400, EW: 0}


def test_six_players_individual_every_seat_its_own_side() -> None:
    """RULES.md §1 `six_player_teams="individual"` (000: six players "3 contra 3 ou
    individual"): six sides of one; the declarer alone against five, each defender scoring
    its own tricks."""
    rules = RuleSet(players=6, six_player_teams="individual")
    game = GameScore.new(rules)
    assert list(game.scores) == [(s,) for s in rules.seats]
    tricks = {(N,): 7, (Seat.NE,): 1, (Seat.SE,): 1, (S,): 1, (Seat.SW,): 0, (Seat.NW,): 0}
    after = game.after_hand(parse_bid("7S"), N, tricks, rules)
    assert after.scores == {(N,): 140, (Seat.NE,): 10, (Seat.SE,): 10, (S,): 10,
                            (Seat.SW,): 0, (Seat.NW,): 0}
    near = GameScore({side: (480 if side == (Seat.SE,) else 0) for side in rules.sides()})
    done = near.after_hand(parse_bid("8S"), N, {**tricks, (N,): 5, (Seat.SE,): 3}, rules)
    assert done.scores[(Seat.SE,)] == 510 and done.winner == (Seat.SE,)


def test_two_player_game() -> None:
    """RULES.md §1 (002, "Wersja dla 2 graczy"): N and S each a side; the defender scores 10 a
    trick (000, 003), and a made bid crossing 500 wins."""
    rules = RuleSet(players=2)
    game = GameScore.new(rules)
    assert game.scores == {(N,): 0, (S,): 0}
    after = game.after_hand(parse_bid("8H"), S, {(S,): 8, (N,): 2}, rules)
    assert after.scores == {(N,): 20, (S,): 300}
    result = score_into_game(parse_bid("8H"), 8, (300, 20), rules)
    assert result.after == (600, 40) and result.winner == 0


def test_score_into_game_bad_input() -> None:
    """RULES.md §7: totals that mean the game is over, and the wrong number of totals or
    tricks, are refused naming the field."""
    with pytest.raises(BidError, match="before: expected 2 totals"):
        score_into_game(parse_bid("7H"), 7, (0, 0, 0), AUS)
    with pytest.raises(BidError, match="before: a side on -500 or below"):
        score_into_game(parse_bid("7H"), 7, (-500, 0), AUS)
    with pytest.raises(BidError, match="before: a side on 500 or more"):
        score_into_game(parse_bid("7H"), 7, (0, 500), AUS)
    three = RuleSet(players=3)
    with pytest.raises(BidError, match="tricks: give each of the 2 other sides"):
        score_into_game(parse_bid("7H"), 7, (0, 0, 0), three)
    with pytest.raises(BidError, match="adding up to 3"):
        score_into_game(parse_bid("7H"), 7, (0, 0, 0), three, (2, 2))


def test_six_level_informational_in_the_simulation() -> None:
    """RULES.md §3 `six_level_informational` (002: "Nie mogą one wygrać licytacji"): a 6-level
    bid taken as the final contract throws the hand in: 0 points, never made."""
    rules = AUS.with_options(six_level_informational=True)
    hist = (0,) * 7 + (4,) + (0,) * 3  # 7 tricks every time
    six = strain_result(parse_bid("6H"), hist, rules)
    assert six.ev == 0 and six.p_make == 0
    assert strain_result(parse_bid("7H"), hist, rules).ev == 200 - 30


# --- the command line --------------------------------------------------------------------------


def test_score_before_subprocess_exact_output() -> None:
    """README CLI table, RULES.md §6, §7 (000: "A primeira dupla a atingir ou superar +500
    pontos vence"): `score --contract 6C --tricks 3 --before 0,480`."""
    proc = subprocess.run(
        [sys.executable, "-m", "trainer", "score", "--contract", "6C", "--tricks", "3",
         "--before", "0,480"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == ('{"declarer": -60, "defenders": 70, "after": [-60, 550], '
                           '"winner": "defenders"}\n')


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--contract", "8H", "--tricks", "8", "--before", "250,100"],
         {"declarer": 300, "defenders": 20, "after": [550, 120], "winner": "declarer"}),
        (["--contract", "8H", "--tricks", "8", "--before", "0,100"],
         {"declarer": 300, "defenders": 20, "after": [300, 120], "winner": None}),
        (["--contract", "8H", "--tricks", "8", "--before=-60,100"],
         {"declarer": 300, "defenders": 20, "after": [240, 120], "winner": None}),
        (["--contract", "6C", "--tricks", "3", "--before", "0,480", "--rules",
          '{"must_bid_to_win": true}'],
         {"declarer": -60, "defenders": 70, "after": [-60, 550], "winner": None}),
        (["--contract", "MIS", "--tricks", "0", "--before", "0,0", "--rules",
          '{"nullo_500": true}'],
         {"declarer": 500, "defenders": 0, "after": [500, 0], "winner": "declarer"}),
        (["--contract", "7S", "--tricks", "7", "--before", "400,100", "--rules",
          '{"players": 2}'],
         {"declarer": 140, "defenders": 30, "after": [540, 130], "winner": "declarer"}),
        (["--contract", "7S", "--tricks", "7", "--before", "400,100,30", "--defender-tricks",
          "2,1", "--rules", '{"players": 3}'],
         {"declarer": 140, "defenders": 30, "after": [540, 120, 40], "winner": "declarer"}),
        (["--contract", "8S", "--tricks", "5", "--before", "100,0,480", "--defender-tricks",
          "2,3", "--rules", '{"players": 3}'],
         {"declarer": -240, "defenders": 50, "after": [-140, 20, 510],
          "winner": "defender 2"}),
        (["--contract", "7S", "--tricks", "2", "--before", "0,0,0,0,0,0", "--defender-tricks",
          "2,2,2,1,1", "--rules", '{"players": 6, "six_player_teams": "individual"}'],
         {"declarer": -140, "defenders": 80, "after": [-140, 20, 20, 20, 10, 10],
          "winner": None}),
    ],
    ids=["made-wins", "made-short", "negative-total", "must-bid", "nullo", "two-players",
         "three-players", "three-defender-wins", "six-individual"],
)
def test_score_before(capsys: pytest.CaptureFixture[str], args: list[str],
                      expected: dict[str, object]) -> None:
    """README CLI table, RULES.md §6, §7: `--before` takes the declarer's side's total, then
    each other side's clockwise from the declarer's left; with more than two sides
    `--defender-tricks` gives each other side's tricks, and `winner` names "defender N"."""
    code, out, err = run_main(capsys, "score", *args)
    assert (code, err) == (0, "")
    assert json.loads(out) == expected


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--before", "0"], "before: expected 2 totals"),
        (["--before", "0,x"], "--before: expected whole numbers"),
        (["--before=-500,0"], "already lost"),  # a negative first total: --before=...
        (["--before", "0,510"], "already won"),
        (["--defender-tricks", "3"], "--defender-tricks: give it with --before"),
        (["--before", "0,0,0", "--rules", '{"players": 3}'], "--defender-tricks: give each"),
        (["--before", "0,0,0", "--defender-tricks", "1,1", "--rules", '{"players": 3}'],
         "adding up to 3"),
        (["--rules", '{"six_level_informational": true}', "--contract", "6S"],
         "6-level bid cannot win the auction"),
        (["--rules", '{"players": 2}', "--contract", "MIS"], "two-player game"),
        (["--rules", '{"nullo_500": true}', "--contract", "OMIS"], "open misère"),
    ],
)
def test_score_bad_before_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                             args: list[str], named: str) -> None:
    """docs/DESIGN.md: bad input prints one line naming the problem and exits with status 2."""
    base = ["--contract", "7S", "--tricks", "7"]
    code, out, err = run_main(capsys, "score", *base, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and named in err
