"""Reading hand records: Trickster Cards PTN, PBN-style records and the record JSON
(`trainer.review.records`, `trainer.review.pbn`, `trainer.review.options`).

The fixtures in tests/data/records/ are genuine deals (`trainer.cards.deal(seed)`) played with
legal cards, written by tests/data/records/make_fixtures.py; the broken ones are edits of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.bidding import MISERE, OPEN_MISERE, parse_bid
from trainer.cards import JOKER, Card, Rank, Seat, Suit, deal
from trainer.codes import parse_card
from trainer.errors import RecordError
from trainer.game.hand import GameHand, HandRecord, Phase
from trainer.review import import_record, import_records, read_record, read_records
from trainer.review.options import read_options
from trainer.review.pbn import card_readings, read_hand
from trainer.rules import Play, ruleset

DATA = Path(__file__).resolve().parent / "data" / "records"
GOOD = ["suit_4p.ptn", "notrump_joker.pbn", "misere.ptn", "partial.pbn", "three_player.ptn",
        "six_player.pbn"]


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def codes(plays: tuple[Play, ...]) -> list[str]:
    return [p.code for p in plays]


# --- the good records ------------------------------------------------------------------------


def test_suit_contract_reads_the_deal_auction_and_play() -> None:
    imported = import_record(text("suit_4p.ptn"))
    record = imported.record
    assert imported.title == "Six clubs by East"
    assert imported.ignored_options == ("gameOverScore",)
    assert record.rules == ruleset()
    assert record.deal == deal(11, dealer=Seat.N)  # the hands as written, the kitty Undealt
    assert record.calls == ("6C", "P", "P", "P")
    assert set(record.discard) == {parse_card(c) for c in ("4H", "5S", "6D")}
    assert len(record.plays) == 40
    # trick 1 led by the declarer E (columns E S W N); W wins with AD and leads trick 2, whose
    # line "HA HQ HJ HT" is in E S W N columns but played W N E S
    assert codes(record.plays[:8]) == ["8D", "TD", "AD", "JD", "JH", "TH", "AH", "QH"]
    # N's "JH" (Trickster's joker) in trick 7 is the joker: N holds it, not the jack of hearts
    assert JOKER in [p.card for p in record.plays[24:28]]
    hand = GameHand.from_record(record)
    assert hand.phase is Phase.DONE and hand.declarer is Seat.E


def _rows_from_record(record: HandRecord, leader_columns: list[Seat]) -> list[dict[Seat, str]]:
    """The record's plays put back in fixed seat columns (the inverse of the reader)."""
    hand = GameHand.from_record(record, upto=0)
    rows: list[dict[Seat, str]] = []
    row: dict[Seat, str] = {}
    for play in record.plays:
        seat = hand.to_act
        assert seat is not None
        row[seat] = play.code
        hand.play(play)
        assert hand.state is not None
        if not hand.state.trick:
            rows.append(row)
            row = {}
    if row:
        rows.append(row)
    return rows


@pytest.mark.parametrize("name", GOOD)
def test_plays_come_back_to_the_files_columns(name: str) -> None:
    """Each file's Play lines, seat by seat, are the record's plays put back in columns."""
    record = read_record(text(name))
    lines = text(name).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("[Play"))
    body = [line.split() for line in lines[start + 1:] if line != "*"]
    hand = GameHand.from_record(record, upto=0)
    assert hand.state is not None
    first = hand.state.leader
    table = list(record.rules.seats)
    columns = table[table.index(first):] + table[:table.index(first)]
    rows = _rows_from_record(record, columns)
    assert len(rows) == len(body)
    for got, tokens in zip(rows, body, strict=True):
        for seat, token in zip(columns, tokens, strict=True):
            if token == "-":
                assert seat not in got
            else:
                play = next(p for p in card_readings(token) if p.code == got[seat]
                            or p.card == parse_card(got[seat].split(":")[0]))
                assert play.card == parse_card(got[seat].split(":")[0])


def test_no_trump_joker_led_with_its_suit() -> None:
    record = read_record(text("notrump_joker.pbn"))
    assert record.deal == deal(11, dealer=Seat.W)
    assert record.plays[0] == Play(JOKER, Suit.DIAMONDS)
    assert record.calls == ("P", "P", "P", "7NT")  # the Auction from N, the dealer W's left
    assert GameHand.from_record(record).contract == parse_bid("7NT")


def test_led_joker_without_a_suit_gets_the_suit_the_others_followed() -> None:
    plain = text("notrump_joker.pbn").replace("JK:D", "JK  ")
    assert read_record(plain).plays[0] == Play(JOKER, Suit.DIAMONDS)


def test_misere_partner_sits_out() -> None:
    record = read_record(text("misere.ptn"))
    assert record.contract == MISERE and record.declarer is Seat.N
    assert record.deal == deal(5, dealer=Seat.S)  # Trickster writes the Deal from the dealer
    assert len(record.plays) == 30
    hand = GameHand.from_record(record)
    assert hand.phase is Phase.DONE
    assert hand.state is not None and Seat.S not in hand.state.seats


@pytest.mark.parametrize(("written", "bid"), [
    ("MIS", MISERE), ("Nullo", MISERE), ("misère", MISERE), ("OMIS", OPEN_MISERE),
    ("Open Misere", OPEN_MISERE), ("open nullo", OPEN_MISERE)])
def test_misere_spellings(written: str, bid: object) -> None:
    record = read_record(text("misere.ptn").replace('"Misere"', f'"{written}"'))
    assert record.contract == bid


def test_play_that_stops_part_way() -> None:
    record = read_record(text("partial.pbn"))
    assert record.deal == deal(23, dealer=Seat.E)
    assert len(record.plays) == 18
    # trick 5: E (who ruffed trick 4) leads 9S, S plays AH; W and N have "-"
    assert codes(record.plays[16:]) == ["9S", "AH"]
    assert GameHand.from_record(record).phase is Phase.PLAY


def test_three_players_in_tricksters_seats() -> None:
    record = read_record(text("three_player.ptn"))
    assert record.rules.players == 3
    assert record.deal == deal(8, players=3, dealer=Seat.N)  # Trickster's S is our N
    assert record.declarer is Seat.E  # Trickster's W
    # "HT HA HJ" in Trickster's W E S columns: our E, W, N; HJ is the jack of hearts here
    assert codes(record.plays[:3]) == ["TH", "AH", "JH"]
    assert JOKER in [p.card for p in record.plays]  # W's "JH" in trick 7 is the joker
    assert GameHand.from_record(record).phase is Phase.DONE


def test_six_players_with_the_big_packs_ranks() -> None:
    record = read_record(text("six_player.pbn"))
    assert record.rules.players == 6
    assert record.deal == deal(3, players=6, dealer=Seat.N)
    assert Card(Suit.DIAMONDS, Rank.THIRTEEN) in record.deal.hands[Seat.N]  # "1311T3"
    assert GameHand.from_record(record).phase is Phase.DONE


def test_misere_play_lines_without_the_partners_column() -> None:
    original = text("misere.ptn")
    narrow = "\n".join(line.replace("  -   ", "  ") if line[:1] in "SHDCJ" and " - " in line
                        else line for line in original.splitlines())
    assert narrow != original
    assert read_record(narrow) == read_record(original)


# --- tolerance --------------------------------------------------------------------------------


def test_missing_closing_brackets_read_fine() -> None:
    assert read_record(text("missing_bracket.pbn")) == read_record(text("notrump_joker.pbn"))


def test_unescaped_quotes_read_fine() -> None:
    imported = import_record(text("unescaped_quotes.ptn"))
    assert imported.title == 'Six "easy" clubs by East'
    assert imported.record == read_record(text("suit_4p.ptn"))


def test_bom_crlf_comments_blank_lines_and_tag_case() -> None:
    original = text("suit_4p.ptn")
    lines = original.splitlines()
    messy = ["% exported by hand", "", "{a comment", "over two lines}"]
    for line in lines:
        if line.startswith("[Deal"):
            line = line.replace("[Deal", "[deal") + " ; trailing comment"
        messy += [line, ""]
    messy[-3] += " {the end}"
    assert read_record("\ufeff" + "\r\n".join(messy)) == read_record(original)


def test_several_games_in_a_file() -> None:
    both = text("suit_4p.ptn") + "\n" + text("misere.ptn")
    records = read_records(both)
    assert [r.deal for r in records] == [deal(11, dealer=Seat.N), deal(5, dealer=Seat.S)]
    assert read_record(both) == records[0]
    assert [r.title for r in import_records(both)] == ["Six clubs by East", "Misere"]


def test_a_hand_not_given_is_worked_out_from_the_pack() -> None:
    original = text("suit_4p.ptn")
    hidden = original.replace("A96.Q976.T4.K", "-")
    assert read_record(hidden) == read_record(original)
    no_kitty = "\n".join(line for line in original.splitlines()
                         if not line.startswith(("[Undealt", "[CardsAdded")))
    assert read_record(no_kitty) == read_record(original)


def test_discard_worked_out_from_a_complete_play() -> None:
    original = text("suit_4p.ptn")
    cut = "\n".join(line for line in original.splitlines()
                    if not line.startswith("[CardsRemoved"))
    assert read_record(cut) == read_record(original)


def test_record_json_is_accepted() -> None:
    record = read_record(text("misere.ptn"))
    assert read_record(json.dumps(record.to_json())) == record
    assert read_records(json.dumps([record.to_json()])) == [record]


def test_card_readings() -> None:
    jh = Card(Suit.HEARTS, Rank.JACK)
    assert card_readings("HT") == (Play(Card(Suit.HEARTS, Rank.TEN)),)
    assert card_readings("th") == (Play(Card(Suit.HEARTS, Rank.TEN)),)
    assert card_readings("S10") == (Play(Card(Suit.SPADES, Rank.TEN)),)
    assert card_readings("JK") == (Play(JOKER),)
    assert card_readings("*J") == (Play(JOKER),)
    assert card_readings("JH") == (Play(JOKER), Play(jh))
    assert card_readings("HJ") == (Play(jh), Play(JOKER))
    assert card_readings("JK:H") == (Play(JOKER, Suit.HEARTS),)
    assert card_readings("QX") == ()


def test_read_hand_with_a_joker_field() -> None:
    hand = read_hand("AK.Q..T9.JK", "Deal: hand 1")
    assert hand is not None and JOKER in hand and len(hand) == 6
    assert read_hand("-", "Deal: hand 1") is None
    with pytest.raises(RecordError, match=r"^Deal: hand 1: 'Z' is not a rank$"):
        read_hand("AZ...", "Deal: hand 1")


def test_game_options_are_mapped_and_the_rest_listed() -> None:
    read = read_options({"players": 4, "variation": "American", "bidAfterPass": "Always",
                         "whenNullo": "Off", "firstLead": "DealerLeft", "gameOverScore": 500,
                         "jokerLead": "not_yet_led", "variation2": 1})
    rules = read.rules()
    assert read.preset == "american" and rules.one_round_bidding
    assert rules.bid_after_pass == "always" and not rules.misere
    assert rules.first_lead == "dealer_left" and rules.joker_lead == "not_yet_led"
    assert read.ignored == ("gameOverScore", "variation2")
    with pytest.raises(RecordError, match=r"^GameOptionsJson: joker_lead: .sometimes. is not"):
        read_options({"jokerLead": "sometimes"}).rules()


# --- broken records: one line naming the tag --------------------------------------------------


@pytest.mark.parametrize(("name", "message"), [
    ("bad_card.pbn", "Play: trick 3, card 'QX' is not a card"),
    ("revoke.ptn", "Play: trick 4: S cannot play 6H: S must follow spades"),
    ("nine_cards.pbn", "Deal: hand 2 has 9 cards, expected 10"),
    ("no_deal.pbn", "Deal: missing"),
    ("no_contract.ptn", "Contract: missing"),
])
def test_broken_fixture(name: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        read_record(text(name))
    assert str(info.value) == message


def _edit(old: str, new: str, name: str = "suit_4p.ptn") -> str:
    original = text(name)
    assert old in original
    return original.replace(old, new, 1)


@pytest.mark.parametrize(("record", "message"), [
    (_edit('[Declarer "E"]', '[Declarer "W"]'),
     "Declarer: W, but the auction's declarer is E"),
    (_edit('[Contract "6C"]', '[Contract "7C"]'), "Contract: 7C, but the auction ends in 6C"),
    (_edit('[Contract "6C"]', '[Contract "6X"]'),
     "Contract: '6X' is not a contract (6S ... 10NT, MIS, OMIS)"),
    (_edit("K7.KJ8.AQ.Q65", "K7.KJ8.AQ.Q66"), "Deal: hand 4: a card is named twice"),
    (_edit("K7.KJ8.AQ.Q65", "K7.KJ8.AQ.Q6K"), "Deal: hand 4: card KC is also in hand 3"),
    (_edit("K7.KJ8.AQ.Q65", "K7.KJ8.AQ.Q6A"), "Deal: hand 4: card AC is also in hand 2"),
    (_edit("K7.KJ8.AQ.Q65", "K7.KJ8.AQ.Q64"),
     "Deal: hand 4: card 4C is not in the 43-card pack"),
    (_edit('[Undealt "JS 5S 6D"]', '[Undealt "JS 5S"]').replace("[CardsAdded", "[Note"),
     "Undealt: 2 cards, the kitty has 3"),
    (_edit('[CardsAdded "JS 5S 6D"]', '[CardsAdded "JS 5S 7D"]'),
     "CardsAdded: JS 5S 7D is not the kitty given by Undealt"),
    (_edit('[CardsRemoved "4H 5S 6D"]', '[CardsRemoved "4H 5S"]'),
     "CardsRemoved: discard: 2 cards, the declarer discards 3"),
    (_edit("6♣ Pass Pass Pass", "6♣ 6S Pass Pass"),
     "Auction: call 2 by S: call 6S: 6S is not higher than 6C"),
    (_edit("6♣ Pass Pass Pass", "6♣ Pass Pass Pass 7♣"),
     "Auction: call 5 ('7♣') comes after the auction ended"),
    (_edit('[Auction "E"]', '[Auction "S"]'), "Declarer: E, but the auction's declarer is S"),
    (_edit('[Auction "E"]', '[Dealer "W"]\n[Auction "E"]'),
     "Auction: the first call is by E, but the dealer W's left is N"),
    (_edit('[Play "E"]', '[Play "Q"]'), "Play: 'Q' is not a seat at this table (N E S W)"),
    (_edit("D7  H6  H8  H5", "D7  H6  H8  H5  H4"), "Play: trick 10 has 5 cards for 4 seats"),
    (_edit("C8  H7  HK  D5", "C8  -   HK  D5"),
     "Play: trick 9: S has no card, but the play goes on"),
    (_edit('{\\"players\\": 4', '{\\"players\\": 3'),
     "Deal: 4 hands, but GameOptionsJson says 3 players"),
    (_edit('{\\"players\\": 4', '{players: 4'),
     "GameOptionsJson: not valid JSON: '{players: 4, \"deckSize…"),
    ("[Event \"x\"]\n[Deal \"N:AK.Q.J.T AK.Q.J.T\"]",
     "Deal: 2 hands: the 2-player game's table piles have no PBN form (import the trainer's "
     "record JSON instead)"),
    ("just some text", "record: no tags found (expected PBN/PTN tags such as [Deal \"N:...\"] "
     "or the trainer's record JSON)"),
    ('{"dealer": "N"}', "record: hands: missing"),
])
def test_bad_record_gives_one_line_naming_the_tag(record: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        read_record(record)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_a_huge_bad_card_is_not_echoed() -> None:
    huge = _edit("D8  DT  DA  DJ", "D8  " + "Q" * 5000 + "  DA  DJ")
    with pytest.raises(RecordError) as info:
        read_record(huge)
    assert str(info.value).startswith("Play: trick 1, card 'QQQQ")
    assert len(str(info.value)) < 80
