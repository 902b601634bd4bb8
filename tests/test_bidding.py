"""Bids, the bidding ladder and the auction state machine (RULES.md §3)."""

from __future__ import annotations

import pytest

from trainer.bidding import (
    MISERE,
    OPEN_MISERE,
    PASS,
    Auction,
    Bid,
    bid_rank,
    is_higher,
    ladder,
    parse_bid,
    parse_call,
    turns_from_calls,
)
from trainer.cards import Seat
from trainer.errors import BidError, TrainerError
from trainer.rules import PRESETS, RuleSet, Strain

AUS = PRESETS["australian"]
AMERICAN = PRESETS["american"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# RULES.md §3: "Order: 6♠ 6♣ 6♦ 6♥ 6NT 7♠ … 10NT"; misère above every 7-bid and below every
# 8-bid (after_sevens); open misère above 10♦ and below 10♥.
AUSTRALIAN_LADDER = [
    "6S", "6C", "6D", "6H", "6NT",
    "7S", "7C", "7D", "7H", "7NT",
    "MIS",
    "8S", "8C", "8D", "8H", "8NT",
    "9S", "9C", "9D", "9H", "9NT",
    "10S", "10C", "10D", "OMIS", "10H", "10NT",
]
# RULES.md §3 option misere_placement=by_points: misère between 8♠ (240) and 8♣ (260).
AMERICAN_LADDER = [
    "6S", "6C", "6D", "6H", "6NT",
    "7S", "7C", "7D", "7H", "7NT",
    "8S", "MIS", "8C", "8D", "8H", "8NT",
    "9S", "9C", "9D", "9H", "9NT",
    "10S", "10C", "10D", "OMIS", "10H", "10NT",
]
# RULES.md §3 option misere off: neither misère nor open misère.
NO_MISERE_LADDER = [
    "6S", "6C", "6D", "6H", "6NT",
    "7S", "7C", "7D", "7H", "7NT",
    "8S", "8C", "8D", "8H", "8NT",
    "9S", "9C", "9D", "9H", "9NT",
    "10S", "10C", "10D", "10H", "10NT",
]


def auction(rules: RuleSet, dealer: Seat, *calls: str) -> Auction:
    a = Auction(rules, dealer)
    for c in calls:
        a.call(c)
    return a


# --- the ladder (RULES.md §3) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (AUS, AUSTRALIAN_LADDER),
        (AMERICAN, AMERICAN_LADDER),
        (AUS.with_options(misere=False), NO_MISERE_LADDER),
        (AMERICAN.with_options(misere=False), NO_MISERE_LADDER),
    ],
    ids=["australian", "american", "australian-no-misere", "american-no-misere"],
)
def test_ladder_in_full(rules: RuleSet, expected: list[str]) -> None:
    """RULES.md §3: the ladder of bids, lowest first, under each preset and `misere=False`."""
    assert [b.code for b in ladder(rules)] == expected


@pytest.mark.parametrize("rules", [AUS, AMERICAN], ids=["australian", "american"])
def test_ladder_order_agrees_with_is_higher_and_bid_rank(rules: RuleSet) -> None:
    """RULES.md §3: each bid on the ladder is higher than every bid below it."""
    bids = ladder(rules)
    for i, low in enumerate(bids):
        assert bid_rank(low, rules) == i
        for high in bids[i + 1:]:
            assert is_higher(high, low, rules)
            assert not is_higher(low, high, rules)
        assert not is_higher(low, low, rules)


@pytest.mark.parametrize(
    ("a", "b", "rules", "higher"),
    [
        ("6C", "6S", AUS, True),  # §3: spades < clubs
        ("6H", "6D", AUS, True),  # §3: diamonds < hearts
        ("6NT", "6H", AUS, True),  # §3: hearts < no trumps
        ("7S", "6NT", AUS, True),  # §3: 6NT < 7♠
        ("MIS", "7NT", AUS, True),  # §3: misère above every 7-bid
        ("8S", "MIS", AUS, True),  # §3: ... and below every 8-bid
        ("MIS", "8S", AMERICAN, True),  # §3 by_points: 8♠ = 240 < misère
        ("8C", "MIS", AMERICAN, True),  # §3 by_points: misère < 8♣ = 260
        ("MIS", "7NT", AMERICAN, True),
        ("OMIS", "10D", AUS, True),  # §3: open misère above 10♦
        ("10H", "OMIS", AUS, True),  # §3: ... and below 10♥
        ("OMIS", "10D", AMERICAN, True),
        ("10H", "OMIS", AMERICAN, True),
        ("10NT", "10H", AUS, True),
        ("6S", "6C", AUS, False),
        ("7NT", "MIS", AUS, False),
        ("8S", "MIS", AMERICAN, False),
    ],
)
def test_is_higher(a: str, b: str, rules: RuleSet, higher: bool) -> None:
    """RULES.md §3: strains rank ♠ < ♣ < ♦ < ♥ < NT; misère and open misère placements."""
    assert is_higher(parse_bid(a), parse_bid(b), rules) is higher


def test_misere_not_on_ladder_when_off() -> None:
    """RULES.md §3 option `misere` off: misère has no rank, and comparing it is an error."""
    rules = AUS.with_options(misere=False)
    with pytest.raises(BidError, match="MIS"):
        bid_rank(MISERE, rules)
    with pytest.raises(BidError, match="OMIS"):
        is_higher(OPEN_MISERE, parse_bid("10D"), rules)


# --- bid codes (RULES.md §3; docs/DESIGN.md contract codes) ---------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "level", "strain"),
    [
        ("6S", "6S", 6, Strain.SPADES),
        ("6C", "6C", 6, Strain.CLUBS),
        ("7D", "7D", 7, Strain.DIAMONDS),
        ("8H", "8H", 8, Strain.HEARTS),
        ("9NT", "9NT", 9, Strain.NO_TRUMPS),
        ("10NT", "10NT", 10, Strain.NO_TRUMPS),
        ("10S", "10S", 10, Strain.SPADES),
        ("6N", "6NT", 6, Strain.NO_TRUMPS),  # N for NT
        ("10N", "10NT", 10, Strain.NO_TRUMPS),
        ("7♠", "7S", 7, Strain.SPADES),  # suit symbols
        ("7♣", "7C", 7, Strain.CLUBS),
        ("8♦", "8D", 8, Strain.DIAMONDS),
        ("10♥", "10H", 10, Strain.HEARTS),
        ("6s", "6S", 6, Strain.SPADES),  # lower case
        ("7nt", "7NT", 7, Strain.NO_TRUMPS),
        ("9n", "9NT", 9, Strain.NO_TRUMPS),
        (" 8h ", "8H", 8, Strain.HEARTS),
    ],
)
def test_parse_bid(text: str, code: str, level: int, strain: Strain) -> None:
    """RULES.md §3: a bid is 6–10 tricks in a strain; codes 6S … 10NT (docs/DESIGN.md)."""
    bid = parse_bid(text)
    assert bid == Bid(level, strain)
    assert bid.code == code
    assert str(bid) == code
    assert bid.tricks_needed == level
    assert bid.trump == strain.trump


@pytest.mark.parametrize(
    ("text", "expected"),
    [("MIS", MISERE), ("mis", MISERE), ("OMIS", OPEN_MISERE), ("omis", OPEN_MISERE)],
)
def test_parse_misere(text: str, expected: Bid) -> None:
    """RULES.md §3: misère (MIS) and open misère (OMIS): no trumps, no tricks to take."""
    bid = parse_bid(text)
    assert bid == expected
    assert bid.code == text.upper()
    assert bid.trump is None
    assert bid.tricks_needed == 0
    assert bid.misere
    assert bid.open is (text.upper() == "OMIS")


@pytest.mark.parametrize(
    "text",
    ["5S", "11S", "6X", "6", "10", "S6", "", "6 S", "6NTT", "0H", "MISS", "P", "JK", "7SH"],
)
def test_parse_bid_rejects_bad_codes(text: str) -> None:
    """RULES.md §3: only 6–10 in ♠ ♣ ♦ ♥ NT, MIS, OMIS; the error names the text."""
    with pytest.raises(BidError) as info:
        parse_bid(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, TrainerError)


@pytest.mark.parametrize(("level", "strain"), [(5, Strain.SPADES), (11, Strain.HEARTS),
                                              (7, None)])
def test_bid_constructor_rejects_levels_out_of_range(level: int, strain: Strain | None) -> None:
    """RULES.md §3: a bid is a number of tricks (6–10) and a strain."""
    with pytest.raises(BidError, match="6 to 10"):
        Bid(level, strain)


def test_parse_call() -> None:
    """RULES.md §3: each call is a bid or a pass ("P")."""
    assert parse_call("P") == PASS
    assert parse_call("pass") == PASS
    assert parse_call("7h") == Bid(7, Strain.HEARTS)
    with pytest.raises(BidError, match=r"call 'Q': expected P \(pass\), 6S"):
        parse_call("Q")


# --- the auction (RULES.md §3) -----------------------------------------------------------------


def test_first_call_is_left_of_dealer() -> None:
    """RULES.md §3: the player left of the dealer bids first; bidding goes clockwise."""
    assert Auction(AUS, W).to_call is N
    assert Auction(AUS, N).to_call is E
    a = auction(AUS, S, "6S")
    assert a.to_call is N  # W bid first, then N
    assert a.high_bidder is W


def test_ends_after_three_passes_following_a_bid() -> None:
    """RULES.md §3: the auction ends when three players have passed after a bid."""
    a = auction(AUS, W, "6S", "P", "P")
    assert not a.is_over
    assert a.to_call is W
    assert a.contract is None and a.declarer is None
    a.call("P")
    assert a.is_over
    assert a.to_call is None
    assert a.contract == parse_bid("6S")
    assert a.declarer is N
    assert not a.passed_out
    assert a.legal_calls() == []


def test_competitive_auction_contract_is_last_bid() -> None:
    """RULES.md §3: the last bid is the contract and its bidder the declarer."""
    a = auction(AUS, W, "6S", "7S", "P", "P")
    assert not a.is_over
    assert a.to_call is N  # N has not passed; E's bid is the high one
    a.call("7H")
    assert a.to_call is E
    a.call("P")
    assert a.is_over
    assert a.contract == parse_bid("7H")
    assert a.declarer is N
    assert a.calls == [Bid(6, Strain.SPADES), Bid(7, Strain.SPADES), PASS, PASS,
                       Bid(7, Strain.HEARTS), PASS]


def test_passed_player_is_skipped_and_gets_implicit_pass() -> None:
    """RULES.md §3: a player who has passed may not bid again: their turns are skipped, and the
    recorded calls hold an implicit "P" in their turn."""
    a = auction(AUS, W, "6S", "P", "6C", "P", "6D")
    # E and W are out; S (high 6C) is next, not E.
    assert a.to_call is S
    a.call("7S")
    assert [str(c) for c in a.calls] == ["6S", "P", "6C", "P", "6D", "P", "7S"]
    assert a.seat_of_call(5) is E  # the implicit pass sits in E's turn
    assert a.seat_of_call(6) is S
    assert a.to_call is N  # W is skipped too
    a.call("P")
    assert a.is_over
    assert a.declarer is S
    assert a.contract == parse_bid("7S")
    assert [str(c) for c in a.calls] == ["6S", "P", "6C", "P", "6D", "P", "7S", "P", "P"]


def test_passes_before_the_only_bid_end_the_auction() -> None:
    """RULES.md §3: passed players are out, so once three have passed, the fourth's bid wins."""
    a = auction(AUS, W, "P", "P", "P", "6NT")
    assert a.is_over
    assert a.declarer is W
    assert a.contract == parse_bid("6NT")


def test_bid_after_pass_allows_reentry() -> None:
    """RULES.md §3 option `bid_after_pass`: a player who has passed may bid again."""
    rules = AUS.with_options(bid_after_pass="always")
    a = auction(rules, W, "P", "6S", "P", "P")
    assert not a.is_over  # N passed but may come back in
    assert a.to_call is N
    assert a.can_call(parse_bid("6C"))
    a.call("6C")
    assert a.to_call is E
    a.call("P")
    a.call("P")
    assert not a.is_over  # two passes in a row after the bid
    a.call("P")
    assert a.is_over  # three passes in a row after a bid
    assert a.declarer is N
    assert a.contract == parse_bid("6C")
    assert [str(c) for c in a.calls] == ["P", "6S", "P", "P", "6C", "P", "P", "P"]


def test_bid_after_pass_passes_before_the_bid_do_not_count() -> None:
    """RULES.md §3 `bid_after_pass`: the auction ends after three passes following a bid."""
    a = auction(AUS.with_options(bid_after_pass="always"), W, "P", "P", "P", "6S")
    assert not a.is_over
    assert a.to_call is N
    a.call("P")
    a.call("P")
    a.call("P")
    assert a.is_over and a.declarer is W


def test_default_passed_player_cannot_reenter() -> None:
    """RULES.md §3: without `bid_after_pass`, the same opening ends the auction at once."""
    a = auction(AUS, W, "P", "6S", "P", "P")
    assert a.is_over
    assert a.declarer is E


@pytest.mark.parametrize("rules", [AUS, AMERICAN, AUS.with_options(bid_after_pass="always")],
                         ids=["australian", "american", "bid_after_pass"])
def test_all_pass(rules: RuleSet) -> None:
    """RULES.md §3: if all four pass, the hand is thrown in (`passed_out`)."""
    a = auction(rules, W, "P", "P", "P")
    assert not a.is_over
    assert a.to_call is W
    a.call("P")
    assert a.is_over
    assert a.passed_out
    assert a.contract is None
    assert a.declarer is None
    assert a.to_call is None
    assert a.calls == [PASS] * 4


def test_misere_only_after_a_seven() -> None:
    """RULES.md §3: misère may be bid only after someone has bid seven (`misere_needs_seven`)."""
    a = auction(AUS, W, "6S")
    assert not a.can_call(MISERE)
    assert MISERE not in a.legal_calls()
    assert "seven" in (a.why_not(MISERE) or "")
    with pytest.raises(BidError, match="seven"):
        a.call("MIS")
    a.call("7S")
    assert a.can_call(MISERE)
    assert MISERE in a.legal_calls()
    a.call("MIS")
    assert a.high_bid == MISERE
    assert a.high_bidder is S


def test_misere_not_first_bid_in_australian() -> None:
    """RULES.md §3: misère needs a previous seven even as the first bid."""
    a = Auction(AUS, W)
    with pytest.raises(BidError, match="seven"):
        a.call("MIS")
    assert a.calls == []


def test_misere_needs_seven_off() -> None:
    """RULES.md §3 option `misere_needs_seven` off: misère may be bid without a seven."""
    a = auction(AUS.with_options(misere_needs_seven=False), W, "6S")
    a.call("MIS")
    assert a.high_bid == MISERE


def test_american_misere_without_seven() -> None:
    """RULES.md §3 `american`: misère needs no seven, and ranks between 8♠ and 8♣."""
    assert AMERICAN.misere_needs_seven is False
    a = Auction(AMERICAN, W)
    assert a.can_call(MISERE)
    a.call("MIS")
    assert a.high_bid == MISERE
    assert a.legal_calls()[:3] == [PASS, parse_bid("8C"), parse_bid("8D")]
    b = auction(AMERICAN, W, "8S")
    assert b.can_call(MISERE)
    c = auction(AMERICAN, W, "8C")
    assert not c.can_call(MISERE)
    assert "not higher" in (c.why_not(MISERE) or "")


@pytest.mark.parametrize("rules", [AUS, AMERICAN], ids=["australian", "american"])
def test_open_misere_may_be_first_bid(rules: RuleSet) -> None:
    """RULES.md §3: open misère may be bid at any time, even as the first bid."""
    a = Auction(rules, W)
    assert OPEN_MISERE in a.legal_calls()
    a.call("OMIS")
    assert a.high_bid == OPEN_MISERE
    # Only pass, 10♥ and 10NT are higher.
    assert a.legal_calls() == [PASS, parse_bid("10H"), parse_bid("10NT")]


def test_misere_off_rejects_misere_calls() -> None:
    """RULES.md §3 option `misere` off: MIS and OMIS may not be called."""
    a = Auction(AUS.with_options(misere=False, misere_needs_seven=False), W)
    for code in ("MIS", "OMIS"):
        with pytest.raises(BidError, match="misère is not played"):
            a.call(code)
    assert all(isinstance(c, str) or not c.misere for c in a.legal_calls())
    assert len(a.legal_calls()) == 1 + 25


def test_american_one_round_of_bidding() -> None:
    """RULES.md §3 `american`: one round of bidding only (each player bids once)."""
    a = auction(AMERICAN, W, "6S", "7S", "P")
    assert not a.is_over
    assert a.to_call is W
    a.call("P")
    assert a.is_over  # N does not get a second call
    assert a.declarer is E
    assert a.contract == parse_bid("7S")
    with pytest.raises(BidError, match="over"):
        a.call("8S")
    # The same calls leave the Australian auction open for N.
    b = auction(AUS, W, "6S", "7S", "P", "P")
    assert not b.is_over and b.to_call is N


def test_american_bids_must_still_rise() -> None:
    """RULES.md §3: each call is a bid higher than the last or a pass (one round too)."""
    a = auction(AMERICAN, W, "7S")
    with pytest.raises(BidError, match="not higher"):
        a.call("6NT")


def test_american_all_pass() -> None:
    """RULES.md §3 `american`: four passes throw the hand in."""
    a = auction(AMERICAN, E, "P", "P", "P", "P")
    assert a.passed_out
    assert a.declarer is None


def test_three_player_table() -> None:
    """RULES.md §1, §3: at three players (N E W) the auction ends after two passes."""
    rules = RuleSet(players=3)
    a = auction(rules, W, "6S", "P")
    assert not a.is_over
    assert a.to_call is W
    a.call("P")
    assert a.is_over
    assert a.declarer is N
    b = auction(rules, N, "P", "7H", "P")  # E, W, N
    assert b.is_over and b.declarer is W
    c = auction(rules, N, "P", "P", "P")
    assert c.passed_out
    with pytest.raises(BidError, match="dealer"):
        Auction(rules, S)  # South's chair is empty


def test_six_player_table() -> None:
    """RULES.md §1, §3: at six players (N NE SE S SW NW) the auction ends after five passes."""
    rules = RuleSet(players=6)
    a = auction(rules, Seat.NW, "6S", "P", "P", "P", "P")
    assert not a.is_over
    assert a.to_call is Seat.NW
    a.call("P")
    assert a.is_over
    assert a.declarer is N
    b = auction(rules, Seat.N, "P", "7S", "P", "P", "P")  # NE first; NE is out
    assert not b.is_over
    assert b.to_call is Seat.N
    b.call("P")
    assert b.is_over
    assert b.declarer is Seat.SE
    c = auction(rules, Seat.N, *["P"] * 5)
    assert not c.is_over
    c.call("P")
    assert c.passed_out


@pytest.mark.parametrize(
    ("calls", "bad", "reason"),
    [
        (["7S"], "6NT", "not higher than 7S"),
        (["7S"], "7S", "not higher than 7S"),
        (["7S", "MIS"], "7NT", "not higher than MIS"),
        (["6S"], "MIS", "only after someone has bid seven"),
        (["6S", "P", "P", "P"], "7S", "the auction is over"),
        (["OMIS"], "10D", "not higher than OMIS"),
    ],
)
def test_calls_out_of_rules_raise(calls: list[str], bad: str, reason: str) -> None:
    """RULES.md §3: each call is a bid higher than the last or a pass; BidError says why."""
    a = auction(AUS, W, *calls)
    before = list(a.calls)
    assert reason in (a.why_not(parse_bid(bad)) or "")
    assert not a.can_call(parse_bid(bad))
    with pytest.raises(BidError) as info:
        a.call(bad)
    assert reason in str(info.value)
    assert bad in str(info.value)
    assert a.calls == before  # nothing recorded


def test_bad_call_text_raises_naming_it() -> None:
    """RULES.md §3: a call is a bid code or a pass; anything else is a BidError."""
    a = Auction(AUS, W)
    with pytest.raises(BidError, match="'6Z'"):
        a.call("6Z")
    assert a.calls == []


def test_auction_replays_calls_given_to_constructor() -> None:
    """RULES.md §3: the recorded calls rebuild the same auction (implicit passes included)."""
    a = auction(AUS, W, "6S", "P", "6C", "P", "6D", "7S", "P")
    b = Auction(AUS, W, list(a.calls))
    assert b.calls == a.calls
    assert b.is_over and b.declarer is S and b.contract == parse_bid("7S")
    with pytest.raises(BidError, match="not higher"):
        Auction(AUS, W, ["7S", "6S"])
    # A bid recorded in the turn of a player who has passed (E, index 5) is out of rules.
    with pytest.raises(BidError, match="E has passed"):
        Auction(AUS, W, ["6S", "P", "6C", "P", "6D", "7S"])


def test_legal_calls_at_start() -> None:
    """RULES.md §3: at the start any bid but misère (no seven yet) may be made, or a pass."""
    calls = Auction(AUS, W).legal_calls()
    assert calls[0] == PASS
    assert [c.code for c in calls[1:]] == [c for c in AUSTRALIAN_LADDER if c != "MIS"]


def test_calls_as_made_become_turns_with_implicit_passes() -> None:
    """A tester typed ``P 6S 7S P P`` (North dealing): East passed first and is out, so the
    last pass is South's and ends the auction (RULES.md §3). Read turn by turn, it had been
    East's implicit pass, leaving South to call again."""
    rules = PRESETS["australian"]
    turns = turns_from_calls(rules, Seat.N, ["P", "6S", "7S", "P", "P"])
    assert turns == ["P", "6S", "7S", "P", "P", "P"]
    done = Auction(rules, Seat.N, turns)
    assert done.is_over and done.contract == parse_bid("7S") and done.declarer is Seat.W
    # dealer West: N passes, E 7S, S 8H, W passes, E passes: South declares 8H
    turns = turns_from_calls(rules, Seat.W, ["P", "7S", "8H", "P", "P"])
    auction = Auction(rules, Seat.W, turns)
    assert auction.is_over and auction.declarer is Seat.S
    with pytest.raises(BidError, match="call P: the auction is over"):
        turns_from_calls(rules, Seat.W, ["P", "7S", "8H", "P", "P", "P"])
    # with bid_after_pass nobody is out: the calls are the turns
    back = RuleSet(bid_after_pass="always")
    assert turns_from_calls(back, Seat.N, ["P", "6S", "7S", "P"]) == ["P", "6S", "7S", "P"]
