"""Trickster Cards' real export format (issue 25, part 1) and the record JSON's bad shapes
(part 5): `trainer.review.records`, `trainer.review.options`, `trainer.review.pbn`.

The trickster_*.ptn/pbn fixtures are genuine deals played with legal cards, written by
``python tests/data/records/make_fixtures.py trickster`` as Trickster's exports are written
(numeric GameOptionsJson, seat-prefixed CardsAdded/CardsRemoved runs, suit-first Play codes
with the joker ``JH``, ``-`` for seats out of the auction; a "PBN" export with unescaped quotes
and a tag line without its ``]``). Each test checks what was read: the rules, the cards, the
calls, the plays replayed to the end and the score.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trainer.__main__ import main
from trainer.bidding import MISERE, parse_bid
from trainer.cards import JOKER, Seat, Suit, deal
from trainer.codes import parse_card
from trainer.errors import RecordError
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.review import import_record, read_record
from trainer.review.options import read_options
from trainer.review.pbn import read_cards, seat_prefix
from trainer.rules import Play, ruleset

DATA = Path(__file__).resolve().parent / "data" / "records"


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def cards(codes: str) -> set[Any]:
    return {parse_card(c) for c in codes.split()}


def finished(record: HandRecord) -> GameHand:
    hand = GameHand.from_record(record)
    assert hand.phase is Phase.DONE
    return hand


# --- the records, in each real format ---------------------------------------------------------


def test_an_australian_ptn_export_with_numeric_options() -> None:
    imported = import_record(text("trickster_australian.ptn"))
    record = imported.record
    assert imported.title.startswith("Trickster Cards: Play 500 - Australian")
    assert imported.ignored_options == ("noWatching",)
    # variation 1, mustBidToWin, whenNullo 1 (after a seven), S8Overbid250Nullo false (misère
    # above 8♠), bidAfterPass 2 (if the bid changed)
    assert record.rules == ruleset({"must_bid_to_win": True, "misere_needs_seven": True,
                                    "misere_placement": "by_points",
                                    "bid_after_pass": "if_changed"})
    assert record.deal == deal(31, dealer=Seat.E)  # "E:..." from the dealer, "H" the joker
    assert set(record.deal.kitty) == cards("9S KS AS")  # Undealt "S9SKSA"
    assert record.calls == ("6H", "P", "7H", "P", "P")  # "Pass - - -": W is out
    assert set(record.discard) == cards("5S 6S 7C")  # CardsRemoved "N:S5S6C7"
    assert len(record.plays) == 40
    assert [p.code for p in record.plays[:4]] == ["AS", "TS", "JS", "8S"]
    assert Play(JOKER) in record.plays[8:12]  # E's "JH" in trick 3
    hand = finished(record)
    assert (hand.contract, hand.declarer, hand.declarer_tricks()) == (parse_bid("7H"), Seat.N, 8)
    score = hand.hand_score()
    assert score is not None and (score.declarer, score.defenders) == (200, 20)


def test_an_american_pbn_export_takes_tricksters_defaults() -> None:
    """No variation key: Trickster's default, American (inkles: 6-level bids cannot win), no
    whenNullo (nullo any time), S8Overbid250Nullo's default (8♠ beats nullo), deckSize 45."""
    imported = import_record(text("trickster_american.pbn"))
    record = imported.record
    assert record.rules == ruleset({"preset": "american", "deck": 45,
                                    "six_level_informational": True,
                                    "misere_placement": "after_sevens"})
    assert record.rules.one_round_bidding and not record.rules.misere_needs_seven
    assert record.deal == deal(44, deck=45, dealer=Seat.S)
    assert len(record.deal.kitty) == 5 and len(record.discard) == 5
    assert record.calls == ("6S", "P", "P", "7NT")  # "i♠ Pass Pass 7NT": W's inkle
    assert record.plays[0] == Play(JOKER, Suit.CLUBS)  # "JH" led, the others follow clubs
    hand = finished(record)
    assert (hand.contract, hand.declarer, hand.declarer_tricks()) == (parse_bid("7NT"), Seat.S,
                                                                      10)
    score = hand.hand_score()
    assert score is not None and score.declarer == 250  # a slam on a bid under 250


def test_a_three_player_export_in_tricksters_seats() -> None:
    record = read_record(text("trickster_three.ptn"))
    assert record.rules == ruleset({"players": 3, "misere_needs_seven": False})
    assert record.deal == deal(12, players=3, dealer=Seat.E)  # Trickster's W is our E
    assert record.calls == ("6D", "P", "7D", "P")
    assert set(record.discard) == cards("7S 7C 8C")  # "W:S7C7C8", W being our E
    hand = finished(record)
    assert (hand.contract, hand.declarer, hand.declarer_tricks()) == (parse_bid("7D"), Seat.E, 3)
    score = hand.hand_score()
    assert score is not None and (score.declarer, score.defenders) == (-180, 70)


def test_a_misere_after_a_seven_with_the_partner_out() -> None:
    record = read_record(text("trickster_misere.ptn"))
    assert record.rules == ruleset()  # whenNullo 1 and 8♠ over misère: the trainer's defaults
    assert record.calls == ("7S", "MIS", "P", "P", "P")
    assert JOKER in record.discard  # "N:JHCAHA": JH is the joker in a suit-first run
    hand = finished(record)
    assert hand.contract == MISERE and hand.declarer is Seat.N
    assert len(record.plays) == 30 and hand.state is not None and Seat.S not in hand.state.seats
    score = hand.hand_score()
    assert score is not None and score.declarer == -250


def test_a_trickster_record_reviews_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(DATA / "trickster_australian.ptn")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["contract"], out["declarer"], len(out["cards"])) == ("7H", "N", 40)
    assert out["rules"]["bid_after_pass"] == "if_changed"


def test_the_same_options_without_tricksters_tags_keep_the_trainers_defaults() -> None:
    """Without GameCode or a "Trickster Cards" Event, a key left out is the trainer's default
    (Australian), not Trickster's (American)."""
    plain = "\n".join(line for line in text("trickster_misere.ptn").splitlines()
                      if not line.startswith(("[GameCode", "[Event")))
    plain = plain.replace('{\\"variation\\":1,\\"whenNullo\\":1}', "{}")
    assert read_record(plain).rules == ruleset()
    with_code = plain.replace("[Dealer", '[GameCode "FiveHundred"]\n[Dealer')
    assert read_record(with_code).rules == ruleset({"preset": "american",
                                                    "six_level_informational": True,
                                                    "misere_placement": "after_sevens"})


def test_the_kitty_tags_seat_must_be_the_declarers() -> None:
    bad = text("trickster_australian.ptn").replace('[CardsAdded "N:', '[CardsAdded "E:')
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert str(info.value) == "CardsAdded: the cards of E, but the declarer is N"
    bad = text("trickster_australian.ptn").replace('[CardsRemoved "N:', '[CardsRemoved "Q:')
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert str(info.value) == "CardsRemoved: 'Q' is not a seat at this table (N E S W)"


def test_card_runs_and_seat_prefixes() -> None:
    assert seat_prefix("W:S5HQC8") == ("W", "S5HQC8")
    assert seat_prefix("NE : AS KS") == ("NE", " AS KS")
    assert seat_prefix("S5HQC8") == (None, "S5HQC8")
    assert read_cards("S5HQC8", "x") == tuple(parse_card(c) for c in ("5S", "QH", "8C"))
    assert read_cards("S10H12D13", "x") == tuple(parse_card(c) for c in ("TS", "12H", "13D"))
    assert read_cards("10SQH", "x") == tuple(parse_card(c) for c in ("TS", "QH"))
    assert read_cards("JHD9", "x") == (JOKER, parse_card("9D"))  # suit-first: JH the joker
    with pytest.raises(RecordError, match=r"^x: 'S5HQC' is not a card$"):
        read_cards("S5HQC", "x")


def test_the_black_joker_is_refused_in_one_line() -> None:
    bad = text("trickster_australian.ptn").replace("AQ95.H ", "AQ95.HL ")
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert str(info.value) == ("Deal: hand 2: joker field 'HL': the black joker (L, Trickster's "
                               "46-card pack) is not in the trainer's packs")


# --- every option value -----------------------------------------------------------------------


def rules_of(options: dict[str, Any], trickster: bool = True, **more: Any) -> dict[str, Any]:
    return read_options(options, trickster=trickster).rules(**more).describe()


@pytest.mark.parametrize(("options", "expected"), [
    ({"variation": 0}, {"one_round_bidding": True, "six_level_informational": True,
                        "nominate_joker": False, "joker_lead": "not_shown_void"}),
    ({"variation": "American"}, {"one_round_bidding": True, "six_level_informational": True}),
    ({"variation": 1}, {"one_round_bidding": False, "six_level_informational": False,
                        "nominate_joker": True, "joker_lead": "any_suit"}),
    ({"variation": "australian"}, {"one_round_bidding": False}),
    ({"variation": 1, "whenNullo": 0}, {"misere": True, "misere_needs_seven": False}),
    ({"variation": 1, "whenNullo": 1}, {"misere": True, "misere_needs_seven": True}),
    ({"variation": 1, "whenNullo": 2}, {"misere": False}),
    ({"variation": 1, "whenNullo": "AfterSeven"}, {"misere_needs_seven": True}),
    ({"variation": 1, "whenNullo": "Off"}, {"misere": False}),
    ({"variation": 1, "bidAfterPass": 0}, {"bid_after_pass": "never"}),
    ({"variation": 1, "bidAfterPass": 1}, {"bid_after_pass": "always"}),
    ({"variation": 1, "bidAfterPass": 2}, {"bid_after_pass": "if_changed"}),
    ({"variation": 1, "bidAfterPass": "IfChanged"}, {"bid_after_pass": "if_changed"}),
    ({"variation": 1, "bidAfterPass": True}, {"bid_after_pass": "always"}),
    ({"variation": 1}, {"misere_placement": "after_sevens"}),
    ({"variation": 1, "S8Overbid250Nullo": True}, {"misere_placement": "after_sevens"}),
    ({"variation": 1, "S8Overbid250Nullo": False}, {"misere_placement": "by_points"}),
    ({"variation": 1, "mustBidToWin": True}, {"must_bid_to_win": True}),
    ({"variation": 1, "mustBidToWin": False}, {"must_bid_to_win": False}),
    ({"variation": 1, "deckSize": 43}, {"deck": 43}),
    ({"variation": 1, "deckSize": 45}, {"deck": 45}),
    ({"variation": 1, "players": 3, "isPartnership": False}, {"players": 3}),
    ({"variation": 1, "players": 3, "isPartnership": True}, {"players": 3}),
    ({"variation": 1, "players": 3, "deckSize": 33}, {"players": 3, "deck": 43}),
    ({"variation": 1, "players": 6, "isPartnership": False},
     {"players": 6, "six_player_teams": "individual"}),
    ({"variation": 1, "players": 6, "isPartnership": True, "deckSize": 63},
     {"players": 6, "six_player_teams": "two_threes"}),
    ({"variation": 1, "gameOverScore": 300, "noSuggestions": True, "_jokerSuit": 2},
     {"players": 4, "misere_needs_seven": False}),
])
def test_each_trickster_option_value(options: dict[str, Any], expected: dict[str, Any]) -> None:
    got = rules_of(options)
    assert {k: got[k] for k in expected} == expected


def test_ignored_options_are_listed() -> None:
    read = read_options({"variation": 1, "gameOverScore": 300, "noSuggestions": True,
                         "noWatching": True, "_jokerSuit": 2, "x" * 60: 1}, trickster=True)
    assert read.ignored == ("gameOverScore", "noSuggestions", "noWatching", "_jokerSuit",
                            "x" * 39 + "…")


def test_tricksters_defaults_only_for_its_records() -> None:
    assert rules_of({}) == ruleset({"preset": "american", "six_level_informational": True,
                                    "misere_placement": "after_sevens"}).describe()
    assert rules_of({}, trickster=False) == ruleset().describe()


@pytest.mark.parametrize(("options", "message"), [
    ({"variation": 2}, "variation: 2 is not one of 0 (American), 1 (Australian)"),
    ({"variation": "Italian"}, "variation: 'Italian' is not one of 0 (American), 1 (Australian)"),
    ({"whenNullo": 3}, "whenNullo: 3 is not one of 0 (anytime), 1 (after 7), 2 (off)"),
    ({"whenNullo": -1}, "whenNullo: -1 is not one of 0 (anytime), 1 (after 7), 2 (off)"),
    ({"bidAfterPass": 3}, "bidAfterPass: 3 is not one of 0 (never), 1 (always), 2 (if changed)"),
    ({"bidAfterPass": "sometimes"},
     "bidAfterPass: 'sometimes' is not one of 0 (never), 1 (always), 2 (if changed)"),
    ({"S8Overbid250Nullo": "yes"}, "S8Overbid250Nullo: 'yes' is not true or false"),
    ({"mustBidToWin": 1}, "mustBidToWin: 1 is not true or false"),
    ({"isPartnership": 0}, "isPartnership: 0 is not true or false"),
    ({"deckSize": 46},
     "deckSize: 46 (a 6-card kitty with the black joker) is not a pack the trainer plays (43 or "
     "45 cards)"),
    ({"deckSize": 52},
     "deckSize: 52 is not a pack the trainer plays (43 or 45 cards; 33 at 3 players, 63 at 6)"),
    ({"players": 5}, "players: 5 is not a table the trainer plays (2, 3, 4 or 6 players)"),
    ({"withJoker": False}, "withJoker: false: the trainer's game has the joker"),
    ({"firstLead": "South"}, "firstLead: 'South' is not one of Declarer, DealerLeft"),
])
def test_an_option_the_trainer_cannot_play_is_one_line(options: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(RecordError) as info:
        read_options(options, trickster=True).rules()
    assert str(info.value) == "GameOptionsJson: " + message


@pytest.mark.parametrize(("options", "players", "message"), [
    ({"isPartnership": False}, 4, "isPartnership: false at 4 players: the trainer's 4-player "
                                  "game is played in partnerships"),
    ({"deckSize": 45}, 3, "deck: the 45-card pack is for 4 players only"),
])
def test_an_option_that_does_not_fit_the_table(options: dict[str, Any], players: int,
                                               message: str) -> None:
    with pytest.raises(RecordError) as info:
        read_options(options, trickster=True).rules(players=players)
    assert str(info.value) == "GameOptionsJson: " + message


def test_a_bad_option_in_a_file_is_one_line() -> None:
    bad = text("trickster_australian.ptn").replace('\\"whenNullo\\":1', '\\"whenNullo\\":7')
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert str(info.value) == ("GameOptionsJson: whenNullo: 7 is not one of 0 (anytime), 1 (after "
                               "7), 2 (off)")


# --- part 5: the record JSON's bad shapes -----------------------------------------------------

JOKER_LEAD_2P = {
    "rules": {"players": 2}, "dealer": "S",
    "hands": {"N": ["KS", "7S", "8C", "6C", "QD", "9D", "8D", "AH", "9H", "7H"],
              "S": ["JS", "5S", "AC", "5C", "JD", "7D", "5D", "4D", "JH", "TH"]},
    "kitty": ["KC", "9S", "9C"], "calls": ["P", "6D"], "discard": ["TH", "5S", "5C"],
    "joker_suit": None,
    "plays": ["AC", "6C", "JC", "7C", "KC", "8C", "QC", "TC", "9C", "8D", "KD", "4H", "AS", "8S",
              "9S", "7S", "6S", "6D", "JS", "KS", "JK:S"],
    "tables": {"N": [["QH", "TC"], ["8H", "7C"], ["JK", "4H"], ["5H", "TD"], ["6D", "8S"]],
               "S": [["AD", "6S"], ["KH", "AS"], ["6H", "TS"], ["QS", "JC"], ["KD", "QC"]]}}


def played_record(players: int) -> dict[str, Any]:
    """A whole hand's record JSON at ``players`` (the first legal card each time)."""
    rules = ruleset({"players": players})
    hand = GameHand(rules, deal(9, players=players, dealer=Seat.N))
    hand.call("7S")
    while hand.phase is Phase.AUCTION:
        hand.call("P")
    assert hand.declarer is not None
    hand.exchange(hand.kitty_pool()[:rules.kitty_size])
    while hand.phase is Phase.PLAY:
        hand.play(hand.legal_plays()[0])
    return hand.to_record().to_json()


def cards_in_plays_only(players: int) -> dict[str, Any]:
    obj = played_record(players) | {"hands": {}}
    if players == 3:
        del obj["rules"]
    return obj


BAD_JSON = [
    (cards_in_plays_only(4), "record: hands: no hand for N (a 4-player table)"),
    (cards_in_plays_only(3), "record: hands: no hand for N (a 4-player table)"),
    (JOKER_LEAD_2P, "record: plays: play 21 (JK:S): the joker is led naming a suit only when it "
                    "is free (no trumps or misère, no suit nominated)"),
]


@pytest.mark.parametrize(("obj", "message"), BAD_JSON)
def test_the_tracebacks_of_part_5_are_one_line(obj: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        import_record(json.dumps(obj))
    assert str(info.value) == message


@pytest.mark.parametrize(("obj", "message"), BAD_JSON)
def test_the_cli_says_it_in_one_line(obj: dict[str, Any], message: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert capsys.readouterr().err == f"error: {message}\n"


def test_the_game_pages_reader_says_it_in_one_line() -> None:
    from trainer.ui.game import importing

    for obj, message in BAD_JSON:
        with pytest.raises(RecordError) as info:
            importing.read(json.dumps(obj))
        assert str(info.value) == message


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_whole_record_json_still_reads(players: int) -> None:
    obj = played_record(players)
    record = read_record(json.dumps(obj))
    assert record.to_json() == obj
    assert len(record.plays) == 10 * players if players != 2 else 40
    assert finished(record).hand_score() is not None


@pytest.mark.parametrize(("edit", "message"), [
    ({"hands": {"N": []}}, "record: hands: N has 0 cards, expected 10"),
    ({"kitty": []}, "record: kitty: 0 cards, expected 3"),
    ({"hands": "N"}, "record: hands: expected an object of seats and their cards"),
    ({"hands": {"Q": []}}, "record: hands: 'Q' is not a valid Seat"),
    ({"hands": {"N": "AS KS"}}, "record: hands: N: expected a list of card codes"),
    ({"calls": "7S P P P"}, "record: calls: expected a list of codes"),
    ({"plays": [7]}, "record: plays: expected a list of codes"),
    ({"plays": ["ZZ"]}, "record: plays: play 1: card 'ZZ': expected a rank (A K Q J T 9 ... 5; "
                        "4 3 2 and 11 12 13 in the bigger packs) and a suit (S C D H), or JK"),
    ({"tables": {}}, "record: tables: only the 2-player game has table piles"),
    ({"contract": "P"}, "record: contract: bid 'P': expected 6S ... 10NT, MIS or OMIS"),
])
def test_a_bad_field_is_named(edit: dict[str, Any], message: str) -> None:
    obj = played_record(4)
    for key, value in edit.items():
        obj[key] = value | {s: obj["hands"][s] for s in "ESW"} if key == "hands" and \
            isinstance(value, dict) and "N" in value else value
    with pytest.raises(RecordError) as info:
        import_record(json.dumps(obj))
    assert str(info.value) == message


def test_a_card_twice_is_named() -> None:
    obj = played_record(4)
    obj["kitty"] = [obj["hands"]["N"][0], *obj["kitty"][1:]]
    first = obj["hands"]["N"][0]
    with pytest.raises(RecordError) as info:
        import_record(json.dumps(obj))
    assert str(info.value) == f"record: kitty: {first} is also in hands: N"


def test_the_game_score_before_the_hand_is_read() -> None:
    """``[GameScores "S:120 -40 120 -40"]``: one score a seat, clockwise from South (S W N E),
    so North-South stood on 120 and East-West on -40."""
    got = dict(import_record(text("trickster_australian.ptn")).scores)
    assert got == {Seat.S: 120, Seat.W: -40, Seat.N: 120, Seat.E: -40}
    source = text("trickster_australian.ptn")
    for bad, words in (('"S:120 -40 120"', "4 scores"), ('"S:120 -40 x 9"', "whole number"),
                       ('"Q:1 2 3 4"', "GameScores")):
        with pytest.raises(RecordError, match=words):
            import_record(source.replace('"S:120 -40 120 -40"', bad))
