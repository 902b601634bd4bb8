"""The auction's rule options and the ladder's variants (RULES.md §1, §3), each test citing the
seed file and sentence it follows."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.bidding import (
    MISERE,
    OPEN_MISERE,
    PASS,
    Auction,
    bid_rank,
    ladder,
    parse_bid,
    turns_from_calls,
)
from trainer.cards import Seat
from trainer.errors import BidError, RuleError
from trainer.notation import parse_hand
from trainer.policy import choose_bid
from trainer.rules import PRESETS, RuleSet
from trainer.scoring import bid_value
from trainer.ui.widgets.auction import auction_table

AUS = PRESETS["australian"]
AMERICAN = PRESETS["american"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
IF_CHANGED = AUS.with_options(bid_after_pass="if_changed")
RAISE = AUS.with_options(raise_reopens=True)
SIX_INFO = AUS.with_options(six_level_informational=True)


def auction(rules: RuleSet, dealer: Seat, *calls: str) -> Auction:
    a = Auction(rules, dealer)
    for c in calls:
        a.call(c)
    return a


def codes(a: Auction) -> list[str]:
    return [str(c) for c in a.calls]


# --- bid_after_pass ----------------------------------------------------------------------------


def test_bid_after_pass_is_a_choice_defaulting_to_never() -> None:
    """RULES.md §3 `bid_after_pass`: ``never`` by default (002: "W przeciwieństwie do brydża,
    w 500 nie można licytować, jeśli wcześniej się spasowało"; 000: "Depois de passar, o
    jogador não pode voltar ao leilão"); the old true/false values are refused."""
    assert RuleSet().bid_after_pass == "never"
    assert AMERICAN.bid_after_pass == "never"
    with pytest.raises(RuleError, match="bid_after_pass"):
        RuleSet(bid_after_pass=True)  # type: ignore[arg-type]
    # N passes and is out for good: E's 6S is passed by S and W and wins at once.
    a = auction(AUS, W, "P", "6S", "P", "P")
    assert a.is_over and a.contract == parse_bid("6S") and a.declarer is E


def test_bid_after_pass_always_lets_a_passed_player_back_in() -> None:
    """RULES.md §3 `bid_after_pass="always"` (002: "można licytować po spasowaniu (jak w
    brydżu)"): the same opening goes on; N comes back in with 6C."""
    a = auction(AUS.with_options(bid_after_pass="always"), W, "P", "6S", "P", "P")
    assert not a.is_over and a.to_call is N
    a.call("6C")
    for _ in range(3):
        a.call("P")
    assert a.is_over and a.declarer is N and a.contract == parse_bid("6C")
    assert not any(a.sat_out(i) for i in range(len(a.calls)))


def test_if_changed_same_strain_keeps_passed_players_out() -> None:
    """RULES.md §3 `bid_after_pass="if_changed"` (002: "można licytować po spasowaniu, jeśli
    któryś z graczy wciąż zmienił kolor swojej odzywki"): E bids 6♠ then 7♠, the same strain,
    so N and W, who passed, stay out; S passes and E's 7♠ wins."""
    a = auction(IF_CHANGED, W, "P", "6S", "6H", "P")
    assert a.to_call is E  # N passed and is out
    a.call("7S")
    a.call("P")
    assert a.is_over and a.contract == parse_bid("7S") and a.declarer is E
    assert codes(a) == ["P", "6S", "6H", "P", "P", "7S", "P"]
    assert [a.sat_out(i) for i in range(7)] == [False] * 4 + [True, False, False]


def test_if_changed_a_change_of_strain_lets_passed_players_back_in() -> None:
    """RULES.md §3 `if_changed` (002, as above): E, who bid 6♠, bids 7♦: a change of strain,
    so N and W, who had passed, may bid again; W comes in with 7♥ and wins when the others
    pass (S is out again after passing once more)."""
    a = auction(IF_CHANGED, W, "P", "6S", "6H", "P", "7D")
    assert codes(a) == ["P", "6S", "6H", "P", "P", "7D"]
    assert a.to_call is S
    a.call("P")
    assert a.to_call is W  # back in
    assert a.can_call(parse_bid("7H"))
    a.call("7H")
    assert a.to_call is N  # back in too
    a.call("P")
    a.call("P")  # E
    assert a.is_over and a.contract == parse_bid("7H") and a.declarer is W
    assert codes(a) == ["P", "6S", "6H", "P", "P", "7D", "P", "7H", "P", "P"]
    assert a.sat_out(4) and not a.sat_out(8)  # N's first pass was implicit, the second made


def test_if_changed_a_first_bid_is_no_change() -> None:
    """RULES.md §3 `if_changed`: a player's first bid changes nothing, whatever its strain:
    W's first bid, 6♥ after E's 6♠, leaves N out."""
    a = auction(IF_CHANGED, W, "P", "6S", "P", "6H")
    assert a.to_call is E


def test_if_changed_into_misere_is_a_change() -> None:
    """RULES.md §3 `if_changed`: misère counts as a strain of its own, so E's 7♠ then misère
    lets N and W back in."""
    a = auction(IF_CHANGED, W, "P", "7S", "7H", "P", "MIS")
    assert codes(a) == ["P", "7S", "7H", "P", "P", "MIS"]
    a.call("P")  # S
    assert a.to_call is W


def test_if_changed_replays_and_reads_calls_as_made() -> None:
    """RULES.md §3 `if_changed`: the per-turn record replays, and calls typed as they were made
    get the implicit passes of players who were out."""
    turns = turns_from_calls(IF_CHANGED, W, ["P", "6S", "6H", "P", "7D", "P", "7H", "P", "P"])
    assert turns == ["P", "6S", "6H", "P", "P", "7D", "P", "7H", "P", "P"]
    again = Auction(IF_CHANGED, W, turns)
    assert again.is_over and again.declarer is W
    with pytest.raises(BidError, match="N has passed"):
        Auction(IF_CHANGED, W, ["P", "6S", "6H", "P", "7S"])  # 7S sits in N's turn


def test_auction_table_shows_players_out_and_back_in() -> None:
    """RULES.md §3 `if_changed`: the auction table marks N's implicit pass with "—" and shows
    N's later pass, made after the change of strain, as a pass."""
    table = auction_table(IF_CHANGED, W, ["P", "6S", "6H", "P", "P", "7D", "P", "7H", "P", "P"])
    assert table.iloc[1].tolist() == ["—", "7♦", "Pass", "7♥"]
    assert table.iloc[2].tolist()[0] == "Pass"


# --- raise_reopens -----------------------------------------------------------------------------


def test_no_raise_when_the_others_only_passed() -> None:
    """RULES.md §3 `raise_reopens` (002: "jeśli trzej pozostali gracze spasowali, zwycięzca
    nie może podnieść swojej odzywki"): N's 6♠, passed by all three and no other bid, ends
    the auction as usual."""
    a = auction(RAISE, W, "6S", "P", "P", "P")
    assert a.is_over and not a.raise_turn and a.contract == parse_bid("6S")


def test_the_winner_may_raise_in_the_same_strain_and_it_ends_the_auction() -> None:
    """RULES.md §3 `raise_reopens` (002: "zwycięzca licytacji może podnieść swoją odzywkę";
    "Jeśli natomiast tylko podniesie poziom swojej odzywki, ale nie zmieni koloru, pozostali
    gracze nie mogą licytować ponownie"): after a contested auction N, who won in 7♠, raises
    to 8♠; the others may not bid again."""
    a = auction(RAISE, W, "6S", "6H", "P", "P", "7S", "P")
    assert not a.is_over and a.raise_turn and a.to_call is N
    legal = a.legal_calls()
    assert legal[0] == PASS and legal[1] == parse_bid("7C")  # anything higher than 7♠
    a.call("8S")
    assert a.is_over and a.contract == parse_bid("8S") and a.declarer is N
    assert codes(a) == ["6S", "6H", "P", "P", "7S", "P", "P", "P", "8S"]
    assert a.sat_out(6) and a.sat_out(7)


def test_the_winner_may_stand() -> None:
    """RULES.md §3 `raise_reopens`: at that turn the winner may pass: 7♠ stands."""
    a = auction(RAISE, W, "6S", "6H", "P", "P", "7S", "P", "P")
    assert a.is_over and a.contract == parse_bid("7S") and a.declarer is N


def test_a_raise_into_another_strain_reopens_the_bidding() -> None:
    """RULES.md §3 `raise_reopens` (002: "jeśli zwycięzca zmienia kolor swojej odzywki (lub
    BA), pozostali gracze mogą licytować ponownie"): N raises 7♠ to 7NT; E, S and W are back
    in; W bids 8♠, the others pass, and W (now the winner of a contested auction) stands."""
    a = auction(RAISE, W, "6S", "6H", "P", "P", "7S", "P", "7NT")
    assert not a.is_over and a.to_call is E
    a.call("P")
    a.call("P")  # S
    a.call("8S")  # W, who had passed
    a.call("P")  # N
    assert a.raise_turn and a.to_call is W
    a.call("P")
    assert a.is_over and a.contract == parse_bid("8S") and a.declarer is W
    assert codes(a) == ["6S", "6H", "P", "P", "7S", "P", "P", "P", "7NT", "P", "P", "8S",
                        "P", "P", "P", "P"]


def test_raise_with_one_round_bidding_plays_no_part() -> None:
    """RULES.md §3: under `one_round_bidding` (002's American game, each player calls once)
    there is no raise: the round ends the auction."""
    a = auction(AMERICAN.with_options(raise_reopens=True), W, "6S", "6H", "P", "P")
    assert a.is_over and a.contract == parse_bid("6H") and a.declarer is E


def test_raise_with_bid_after_pass_always() -> None:
    """RULES.md §3 `raise_reopens` with `bid_after_pass="always"`: three passes in a row after
    a contested bid give its bidder the raise turn."""
    rules = AUS.with_options(raise_reopens=True, bid_after_pass="always")
    a = auction(rules, W, "6S", "6H", "P", "P", "7S", "P", "P", "P")
    assert a.raise_turn and a.to_call is N
    a.call("8S")
    assert a.is_over and a.contract == parse_bid("8S")


# --- six_level_informational -------------------------------------------------------------------


def test_an_auction_ending_on_a_six_bid_is_thrown_in() -> None:
    """RULES.md §3 `six_level_informational` (002: "odzywki na poziomie 6 są odzywkami
    wyłącznie informacyjnymi. Nie mogą one wygrać licytacji, jeśli nie wejdą na poziom 7, w
    takim przypadku karty są rzucane i rozdawane ponownie"): 6♥ passed out has no contract
    and the hand is redealt; the calls allowed are the usual ones."""
    assert Auction(SIX_INFO, W).legal_calls() == Auction(AUS, W).legal_calls()
    a = auction(SIX_INFO, W, "6S", "6H", "P", "P", "P")
    assert a.is_over and a.high_bid == parse_bid("6H")
    assert a.contract is None and a.declarer is None
    assert a.thrown_in and a.six_level_thrown_in and not a.passed_out
    b = auction(SIX_INFO, W, "6S", "7S", "P", "P", "P")
    assert b.contract == parse_bid("7S") and b.declarer is E and not b.thrown_in


def test_american_six_level_informational() -> None:
    """RULES.md §3: in the American one round (002: "tylko dwaj pierwsi gracze mogą dawać
    odzywki informacyjne"), a round ending on 6♠ is thrown in."""
    rules = AMERICAN.with_options(six_level_informational=True)
    a = auction(rules, W, "6S", "P", "P", "P")
    assert a.is_over and a.contract is None and a.thrown_in


def test_thrown_in_follows_all_pass() -> None:
    """RULES.md §3 `all_pass`: four passes throw the hand in under ``redeal`` only."""
    assert auction(AUS, W, "P", "P", "P", "P").thrown_in
    nt = auction(AUS.with_options(all_pass="play_no_trumps"), W, "P", "P", "P", "P")
    assert nt.passed_out and not nt.thrown_in


def test_policy_never_ends_an_auction_on_a_six_bid_under_six_level_informational() -> None:
    """RULES.md §3 `six_level_informational` (002): the bidding policy, worth six in hearts,
    bids 6♥ under the usual rules but passes when a six cannot win; a hand worth 7.5 tricks
    bids 8♥ under either."""
    six = parse_hand("AH KH QH 9H 8H AS 5C 6C 5D 7D")
    strong = parse_hand("AH KH QH 9H 8H 7H AS 5C 6C 5D")
    assert choose_bid(six, Auction(AUS, W)) == parse_bid("6H")
    assert choose_bid(six, Auction(SIX_INFO, W)) == "P"
    assert choose_bid(strong, Auction(SIX_INFO, W)) == parse_bid("8H")
    assert choose_bid(strong, Auction(AUS, W)) == parse_bid("8H")


# --- the ladder's misère variants --------------------------------------------------------------


def test_open_misere_between_8nt_and_9s() -> None:
    """RULES.md §3 `open_misere_placement="between_8NT_9S"` (003: "Open Misere ... situada
    entre un contrato de ocho y nueve bazas"); the default is between 10♦ and 10♥ (002: "na
    przykład po 10♦️ i poniżej 10♥️")."""
    default = [b.code for b in ladder(AUS)]
    assert default[default.index("OMIS") - 1:default.index("OMIS") + 2] == ["10D", "OMIS", "10H"]
    rules = AUS.with_options(open_misere_placement="between_8NT_9S")
    codes_ = [b.code for b in ladder(rules)]
    assert codes_[codes_.index("OMIS") - 1:codes_.index("OMIS") + 2] == ["8NT", "OMIS", "9S"]
    assert len(codes_) == 27 and codes_.index("MIS") == 10
    assert bid_value(OPEN_MISERE, rules) == 500  # RULES.md §6 (see the report on 002's 330)
    assert Auction(rules, W, ["OMIS"]).why_not(parse_bid("8NT")) == "8NT is not higher than OMIS"
    assert Auction(rules, W, ["OMIS"]).can_call(parse_bid("9S"))


def test_nullo_500_misere_worth_500_and_no_open_misere() -> None:
    """RULES.md §3 `nullo_500` (000: "Nullo: como a Misère, mas pontuado 500 / -500; sem
    variante «Aberta»"): misère where it always sits, worth 500, and no open misère."""
    rules = AUS.with_options(nullo_500=True)
    codes_ = [b.code for b in ladder(rules)]
    assert "OMIS" not in codes_ and codes_.index("MIS") == 10
    assert bid_value(MISERE, rules) == 500 and bid_value(MISERE, AUS) == 250
    a = Auction(rules, W, ["7S"])
    assert a.why_not(OPEN_MISERE) == "open misère is not played when misère is worth 500, as nullo"
    with pytest.raises(BidError, match="OMIS: not allowed"):
        bid_rank(OPEN_MISERE, rules)


def test_no_misere_in_the_two_player_game() -> None:
    """RULES.md §1 (002, "Wersja dla 2 graczy": bidding as with four, but no misère): the
    ladder of a 2-player table has no misère or open misère, and the auction refuses them."""
    rules = RuleSet(players=2)
    assert not rules.misere_allowed and not rules.open_misere_allowed
    assert all(not b.misere for b in ladder(rules)) and len(ladder(rules)) == 25
    a = Auction(rules, N, ["7S"])
    assert a.why_not(MISERE) == "misère is not played in the two-player game"
    assert a.legal_calls()[0] == PASS and MISERE not in a.legal_calls()
    a.call("P")  # N passes: S's 7♠ wins (S calls first, left of the dealer N)
    assert a.is_over and a.declarer is S and a.contract == parse_bid("7S")


def test_ladder_cli_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md §3 through `ladder --rules`: no MIS or OMIS at 2 players (002); misère 500 and
    no open misère under nullo_500 (000); open misère after 8NT (003)."""
    def ladder_of(rules: str) -> list[tuple[str, int]]:
        assert main(["ladder", "--rules", rules]) == 0
        return [(d["bid"], d["value"]) for d in json.loads(capsys.readouterr().out)]

    two = ladder_of('{"players": 2}')
    assert len(two) == 25 and not {"MIS", "OMIS"} & {b for b, _ in two}
    nullo = ladder_of('{"nullo_500": true}')
    assert ("MIS", 500) in nullo and "OMIS" not in {b for b, _ in nullo}
    spanish = [b for b, _ in ladder_of('{"open_misere_placement": "between_8NT_9S"}')]
    assert spanish[15:18] == ["8NT", "OMIS", "9S"]
