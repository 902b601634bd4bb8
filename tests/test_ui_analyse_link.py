""""Analyse this position" from the three puzzle pages, and the Analyse page's hand and auction
builder, through AppTest.

The button appears once a puzzle is over and opens ``/analyse?puzzle=<id>`` with the puzzle
loaded: a play puzzle's starting position in the position field, a bidding puzzle's hand, seat,
dealer and auction, a discard puzzle's 13 cards, contract and auction, each in the "analyse my
hand" fields and ticked in the pack. The builder ticks cards into the hand and clicks calls into
the auction in turn from the dealer's left (legal calls only, misère when the rules allow it),
with Undo and Clear, and the analysis is made from what was built. The position builder clicks
cards into each hand and writes the position JSON, which is then valued.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from trainer.bidding import Auction
from trainer.cards import Seat
from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.records import PlayPuzzle
from trainer.notation import parse_position
from trainer.rules import PRESETS, ruleset
from trainer.ui.analysis.builder import groups
from trainer.ui.analysis.from_puzzle import made_calls
from trainer.ui.data.puzzle_bank import for_rules, load_bank

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
ANALYSE = "trainer/ui/pages/analyse.py"
PLAY = "trainer/ui/pages/play.py"
BID = "trainer/ui/pages/bidding.py"
DISCARD = "trainer/ui/pages/discard.py"
AUSTRALIAN = PRESETS["australian"]
PLAYS: tuple[PlayPuzzle, ...] = for_rules(load_bank(), AUSTRALIAN).puzzles
BIDS: tuple[BidPuzzle, ...] = load_bank(kind="bid").puzzles
DISCARDS: tuple[DiscardPuzzle, ...] = load_bank(kind="discard").puzzles


@pytest.fixture(autouse=True)
def _store_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))


def start(page: str, puzzle_id: str | None = None, **state: object) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    for key, value in state.items():
        at.session_state[key] = value
    if puzzle_id is not None:
        at.query_params["puzzle"] = puzzle_id
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}


def open_analyse(at: AppTest, prefix: str) -> AppTest:
    """Click the page's "Analyse this position" and check that the Analyse page opened."""
    button = at.button(key=f"{prefix}_analyse")
    assert button.label == "Analyse this position"
    button.click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Analyse"
    # AppTest runs the page it was last told to: the script's own switch is not followed on
    # later runs (clicks), so tell it, as the browser's address now says.
    at.switch_page(ANALYSE).run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Analyse"
    return at


def record(calls: list[dict[str, Any]]) -> types.ModuleType:
    """A stand-in `trainer.simulate` recording what it is asked (a bid and a discard)."""

    def analyse_bid(hand, seat, dealer, auction, *, rules, samples, workers, progress):
        calls.append({"hand": [c.code for c in hand], "seat": seat, "dealer": dealer,
                      "auction": list(auction), "samples": samples})
        progress(1, 1)
        return types.SimpleNamespace(
            candidates=[{"call": "P", "ev": -20.0, "se": 2.0, "p_make": 0.0},
                        {"call": "7H", "ev": 112.5, "se": 8.1, "p_make": 0.71}],
            inferences=[], dropped=[])

    def analyse_discard(hand, bid, seat, dealer, auction, rules, samples, seed, workers,
                        progress):
        calls.append({"hand": [c.code for c in hand], "contract": bid.code, "seat": seat,
                      "dealer": dealer, "auction": list(auction), "samples": samples})
        progress(1, 1)
        keep = types.SimpleNamespace(discard=tuple(hand[-3:]), ev=80.0, se=6.0, p_make=0.64,
                                     mean_tricks=8.3)
        return types.SimpleNamespace(candidates=[keep], inferences=[], dropped=[])

    fake = types.ModuleType("trainer.simulate")
    fake.analyse_bid = analyse_bid  # type: ignore[attr-defined]
    fake.analyse_discard = analyse_discard  # type: ignore[attr-defined]
    return fake


def ticked(at: AppTest) -> set[str]:
    """The cards ticked in the pack's pills."""
    return {code for p in at.pills if p.key and p.key.startswith("hand_pick:")
            for code in p.value or ()}


# --- "Analyse this position" from the puzzle pages ----------------------------------------------


def test_a_play_puzzle_opens_analyse_at_its_start_once_over() -> None:
    puzzle = PLAYS[0]
    at = start(PLAY, puzzle.id)
    assert "play_analyse" not in keys(at)  # not while the puzzle is still to solve
    at.button(key="play_reveal").click().run()
    open_analyse(at, "play")
    assert at.query_params["puzzle"] == puzzle.id
    assert parse_position(at.text_area(key="analyse_json").value) == puzzle.position
    assert at.selectbox(key="analyse_source").value == puzzle.id
    assert any(f"From play puzzle {puzzle.id}" in i.value for i in at.info)
    assert [link.value for link in at.get("page_link")] == ["Back to the puzzle"]
    at.button(key="analyse_go").click().run()
    assert not at.exception and not at.error
    legal = {p.code for p in puzzle.position.to_state().legal_plays()}
    assert set(at.dataframe[0].value["Code"]) == legal


def test_a_failed_play_puzzle_offers_the_analysis_too() -> None:
    puzzle = next(p for p in PLAYS if len(p.position.to_state().legal_plays()) >
                  len(p.solution[0].right))
    at = start(PLAY, puzzle.id)
    wrong = next(p.code for p in puzzle.position.to_state().legal_plays()
                 if p not in set(puzzle.solution[0].right))
    card = next(b.key for b in at.button if b.key and b.key.startswith(f"play_card:{wrong}:"))
    at.button(key=card).click().run()
    assert at.session_state["play_attempt"].session.failed
    open_analyse(at, "play")
    assert parse_position(at.text_area(key="analyse_json").value) == puzzle.position


def test_a_bidding_puzzle_opens_analyse_with_its_hand_and_auction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = next(p for p in BIDS if len(p.analysis.auction) >= 3)
    a = puzzle.analysis
    at = start(BID, puzzle.id)
    assert "bid_analyse" not in keys(at)  # not before the call is graded
    at.button(key=f"bid_call:{a.best.call}").click().run()
    open_analyse(at, "bid")
    assert at.query_params["puzzle"] == puzzle.id
    assert at.text_input(key="hand_cards").value.split() == [c.code for c in a.hand]
    assert ticked(at) == {c.code for c in a.hand}
    assert at.selectbox(key="hand_seat").value == a.seat.value
    assert at.selectbox(key="hand_dealer").value == a.dealer.value
    assert at.text_input(key="hand_auction").value.split() == made_calls(
        a.rules, a.dealer, a.auction)
    assert at.text_input(key="hand_contract").value == ""
    assert any(f"From bidding puzzle {puzzle.id}" in i.value for i in at.info)
    # the auction table shows the puzzle's calls and "?" at the learner's turn
    cells = [c for row in at.table[0].value.values.tolist() for c in row if c]
    assert cells[-1] == "?"
    calls: list[dict[str, Any]] = []
    monkeypatch.setitem(sys.modules, "trainer.simulate", record(calls))
    at.button(key="hand_go").click().run()
    assert not at.exception and not at.error, at.error
    assert calls == [{"hand": [c.code for c in a.hand], "seat": a.seat, "dealer": a.dealer,
                      "auction": list(a.auction), "samples": a.samples}]


def test_a_discard_puzzle_opens_analyse_with_its_cards_and_contract(
        monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = DISCARDS[0]
    a = puzzle.analysis
    at = start(DISCARD, puzzle.id)
    assert "discard_analyse" not in keys(at)
    for card in a.best.discard:
        next(c for c in at.checkbox if c.key and c.key.endswith(f":{card.code}")).check()
    at.run()
    at.button(key="discard_go").click().run()
    open_analyse(at, "discard")
    assert at.text_input(key="hand_cards").value.split() == [c.code for c in a.hand]
    assert len(ticked(at)) == 13
    assert at.text_input(key="hand_contract").value == a.contract.code
    assert at.selectbox(key="hand_seat").value == a.seat.value
    assert at.text_input(key="hand_auction").value.split() == made_calls(
        puzzle.rules, a.dealer, a.auction)
    assert any("The auction is over: you won it in" in c.value for c in at.caption)
    calls: list[dict[str, Any]] = []
    monkeypatch.setitem(sys.modules, "trainer.simulate", record(calls))
    at.button(key="hand_go").click().run()
    assert not at.exception and not at.error, at.error
    assert calls == [{"hand": [c.code for c in a.hand], "contract": a.contract.code,
                      "seat": a.seat, "dealer": a.dealer, "auction": list(a.auction),
                      "samples": a.samples}]


def test_the_address_loads_once_and_an_unknown_id_is_a_message() -> None:
    puzzle = BIDS[0]
    at = start(ANALYSE, puzzle.id)
    at.text_input(key="hand_cards").input("JK JH").run()  # the learner's change stays
    assert at.text_input(key="hand_cards").value == "JK JH"
    assert ticked(at) == {"JK", "JH"}
    at = start(ANALYSE, "p9999999")
    assert not at.exception
    assert any("No puzzle p9999999 to analyse" in w.value for w in at.warning)


def test_a_puzzle_under_other_rules_offers_its_rules() -> None:
    other = ruleset({"overtricks_10": True})
    at = start(ANALYSE, BIDS[0].id, rules=other)
    assert any("made under other rules" in w.value for w in at.warning)
    at.button(key="analyse_puzzle_rules").click().run()
    assert at.session_state["rules"] == BIDS[0].analysis.rules
    assert not any("made under other rules" in w.value for w in at.warning)


# --- building a hand and an auction by clicks ----------------------------------------------------


def test_the_pack_is_the_pack_of_the_rules() -> None:
    at = start(ANALYSE)
    assert sum(len(p.options) for p in at.pills if p.key.startswith("hand_pick:")) == 43
    assert [p.key for p in at.pills] == ["hand_pick:S", "hand_pick:C", "hand_pick:D",
                                         "hand_pick:H", "hand_pick:JK"]
    forty_five = ruleset({"deck": 45})
    assert sum(len(cards) for cards in groups(forty_five).values()) == 45
    assert [c.code for c in groups(forty_five)["S"]][-2:] == ["5S", "4S"]


def test_a_card_ticked_from_a_pack_no_longer_in_use_is_dropped() -> None:
    at = start(ANALYSE, rules=ruleset({"deck": 45}))
    at.pills(key="hand_pick:S").set_value(["AS", "4S"]).run()
    assert at.text_input(key="hand_cards").value == "AS 4S"
    at.session_state["rules"] = AUSTRALIAN  # the 43-card pack: no black fours
    at.run()
    assert not at.exception, at.exception
    assert at.pills(key="hand_pick:S").value == ["AS"]


HAND = ["JK", "JH", "JD", "AH", "KH", "QH", "7S", "6C", "5C", "9D"]


def build_hand(at: AppTest, codes: list[str]) -> AppTest:
    for group in ("S", "C", "D", "H", "JK"):
        pills = at.pills(key=f"hand_pick:{group}")
        pills.set_value([c for c in codes if (c == "JK") == (group == "JK")
                         and (c == "JK" or c[-1] == group)])
    return at.run()


def test_ticking_cards_writes_the_hand_and_typing_ticks_them() -> None:
    at = build_hand(start(ANALYSE), HAND)
    assert not at.exception
    # the hand field in the pack's order: spades, clubs, diamonds, hearts, high first, joker
    assert at.text_input(key="hand_cards").value == "7S 6C 5C JD 9D AH KH QH JH JK"
    assert any(c.value.startswith("10 cards ticked (10 to choose a call") for c in at.caption)
    at.text_input(key="hand_cards").input("AS ks 10h xx").run()
    assert ticked(at) == {"AS", "KS", "TH"}
    assert any(c.value.startswith("3 cards ticked: 7 more to bid") for c in at.caption)


def test_clicking_calls_builds_the_auction_in_turn() -> None:
    at = start(ANALYSE)  # South, the dealer on South's right (East): South calls first
    assert at.text_input(key="hand_auction").value == ""
    assert "hand_call:MIS" not in keys(at) and "hand_call:OMIS" in keys(at)  # misère after 7s
    for code in ("P", "6S", "7S", "P"):
        at.button(key=f"hand_call:{code}").click().run()
        assert not at.exception
    assert at.text_input(key="hand_auction").value == "P 6S 7S P"
    # South passed and is out (rule book §3): the next call is West's, and misère is open now
    assert any("Next call: West." in m.value for m in at.markdown)
    assert "hand_call:MIS" in keys(at) and "hand_call:7S" not in keys(at)
    auction = Auction(AUSTRALIAN, Seat.E, ["P", "6S", "7S", "P"])
    assert set(keys(at)) >= {f"hand_call:{c if isinstance(c, str) else c.code}"
                             for c in auction.legal_calls()}
    at.button(key="hand_undo").click().run()
    assert at.text_input(key="hand_auction").value == "P 6S 7S"
    at.button(key="hand_clear").click().run()
    assert at.text_input(key="hand_auction").value == ""
    assert at.button(key="hand_undo").disabled


def test_an_auction_won_by_you_fills_in_the_contract() -> None:
    at = start(ANALYSE)
    for code in ("8H", "P", "P", "P"):
        at.button(key=f"hand_call:{code}").click().run()
    assert at.text_input(key="hand_contract").value == "8H"
    assert any("The auction is over: you won it in 8♥." in c.value for c in at.caption)
    assert not any(k.startswith("hand_call:") for k in keys(at))
    at.button(key="hand_undo").click().run()  # the contract goes with the call that made it
    assert at.text_input(key="hand_contract").value == ""


def test_a_typed_auction_that_does_not_read_is_a_note() -> None:
    at = start(ANALYSE)
    at.text_input(key="hand_auction").input("6S 6S").run()
    assert not at.exception
    assert any("The auction below does not read" in w.value for w in at.warning)
    assert not any(k.startswith("hand_call:") for k in keys(at))


def test_a_built_hand_and_auction_are_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setitem(sys.modules, "trainer.simulate", record(calls))
    at = build_hand(start(ANALYSE), HAND)
    at.selectbox(key="hand_dealer").set_value("N").run()  # East calls first, then South
    at.button(key="hand_call:6S").click().run()
    at.button(key="hand_go").click().run()
    assert not at.exception and not at.error, at.error
    assert calls[0]["auction"] == ["6S"] and calls[0]["dealer"] == Seat.N
    assert set(calls[0]["hand"]) == set(HAND) and calls[0]["seat"] == Seat.S
    assert list(at.dataframe[0].value["Call"]) == ["7♥", "Pass"]


def test_a_built_hand_is_analysed_by_the_real_simulation() -> None:
    at = build_hand(start(ANALYSE), HAND)
    at.selectbox(key="hand_samples").set_value(20)
    at.button(key="hand_go").click().run(timeout=180)  # South, first to call
    assert not at.exception and not at.error, at.error
    table = at.dataframe[0].value
    assert "Pass" in set(table["Call"]) and table["Expected score"].notna().all()
    assert list(table["Expected score"]) == sorted(table["Expected score"], reverse=True)


# --- building a play position by clicks ----------------------------------------------------------


def give(at: AppTest, seat: str, codes: list[str]) -> AppTest:
    at.segmented_control(key="build_to").set_value(seat).run()
    for code in codes:
        at.button(key=f"build_card:{code}").click().run()
        assert not at.exception, at.exception
    return at


def test_a_position_built_by_clicks_is_valued() -> None:
    from trainer.solver import analyse

    at = start(ANALYSE)
    at.selectbox(key="build_contract").set_value("7H")
    at.selectbox(key="build_declarer").set_value("S")
    at.selectbox(key="build_leader").set_value("S").run()
    for seat, codes in {"N": ["AS", "KS"], "E": ["QH", "4H"], "S": ["9S", "JK"],
                        "W": ["9C", "8C"]}.items():
        give(at, seat, codes)
    assert at.session_state["build_hands"] == {"N": ["AS", "KS"], "E": ["QH", "4H"],
                                               "S": ["9S", "JK"], "W": ["9C", "8C"]}
    assert any("- **North** (2): A♠ K♠\n" in m for m in at.markdown.values)
    assert at.button(key="build_card:AS").label == "A♠ N"
    assert at.button(key="build_card:QH").label == ":red[Q♥] E"
    assert at.button(key="build_card:9C").proto.type == "primary"  # West's, and West is chosen
    assert at.button(key="build_card:AS").proto.type == "secondary"
    give(at, "E", [])
    assert at.button(key="build_card:QH").label == "Q♥ E"  # on a red button: not red
    at.button(key="build_write").click().run()
    assert not at.exception and not at.error, at.error
    position = parse_position(at.text_area(key="analyse_json").value)
    assert position.contract.code == "7H" and position.leader is Seat.S
    assert {s.value: [c.code for c in h] for s, h in position.hands.items()} == {
        "N": ["AS", "KS"], "E": ["QH", "4H"], "S": ["9S", "JK"], "W": ["9C", "8C"]}
    at.button(key="analyse_go").click().run()
    expected = analyse(position)
    table = at.dataframe[0].value
    assert dict(zip(table["Code"], table["Value"], strict=True)) == {
        p.code: v for p, v in expected.values.items()}


def test_clicking_again_or_for_another_player_moves_the_card() -> None:
    at = give(start(ANALYSE), "N", ["AS", "KS"])
    give(at, "N", ["AS"])  # again: back to the pack
    give(at, "E", ["KS"])  # another player's card: moved to East
    assert at.session_state["build_hands"] == {"N": [], "E": ["KS"]}
    at.button(key="build_clear").click().run()
    assert at.session_state["build_hands"] == {}


def test_a_built_position_that_cannot_arise_is_a_message() -> None:
    at = give(start(ANALYSE), "N", ["AS", "KS"])
    give(at, "E", ["QH"])
    text = at.text_area(key="analyse_json").value
    at.button(key="build_write").click().run()
    assert at.text_area(key="analyse_json").value == text  # left as it was
    [error] = at.error
    assert error.value.startswith("Not a position yet: ")


def test_a_misere_position_leaves_the_partner_out_and_the_example_reads_in() -> None:
    at = start(ANALYSE)
    at.button(key="build_read").click().run()  # the example: 8♥ by South, five cards each
    example = parse_position(at.text_area(key="analyse_json").value)
    assert at.session_state["build_hands"] == {
        s.value: [c.code for c in h] for s, h in example.hands.items()}
    at.selectbox(key="build_contract").set_value("MIS").run()
    at.button(key="build_write").click().run()
    assert not at.error, at.error
    position = parse_position(at.text_area(key="analyse_json").value)
    assert position.contract.misere and set(position.hands) == {Seat.E, Seat.S, Seat.W}
