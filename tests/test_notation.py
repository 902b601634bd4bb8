"""Card codes, hands, plays and the position JSON (docs/DESIGN.md "Card codes and positions")."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from trainer.cards import JOKER, Card, Rank, Seat, Suit
from trainer.errors import CardError, PositionError, TrainerError
from trainer.notation import (
    format_hand,
    parse_card,
    parse_hand,
    parse_play,
    parse_position,
    parse_seat,
)
from trainer.rules import PRESETS, Play, RuleSet

# --- card codes (docs/DESIGN.md; RULES.md §1 packs) -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "card"),
    [
        ("TH", "TH", Card(Suit.HEARTS, Rank.TEN)),
        ("10H", "TH", Card(Suit.HEARTS, Rank.TEN)),  # 10 for T
        ("th", "TH", Card(Suit.HEARTS, Rank.TEN)),  # lower case
        ("10♥", "TH", Card(Suit.HEARTS, Rank.TEN)),  # suit symbol
        ("A♠", "AS", Card(Suit.SPADES, Rank.ACE)),
        ("k♣", "KC", Card(Suit.CLUBS, Rank.KING)),
        ("Q♦", "QD", Card(Suit.DIAMONDS, Rank.QUEEN)),
        ("jd", "JD", Card(Suit.DIAMONDS, Rank.JACK)),
        ("4h", "4H", Card(Suit.HEARTS, Rank.FOUR)),
        ("JK", "JK", JOKER),
        ("jk", "JK", JOKER),
        ("13D", "13D", Card(Suit.DIAMONDS, Rank.THIRTEEN)),  # 6-player pack
        ("12c", "12C", Card(Suit.CLUBS, Rank.TWELVE)),
        ("11♠", "11S", Card(Suit.SPADES, Rank.ELEVEN)),
        ("2S", "2S", Card(Suit.SPADES, Rank.TWO)),
        (" 9c ", "9C", Card(Suit.CLUBS, Rank.NINE)),
    ],
)
def test_card_codes(text: str, code: str, card: Card) -> None:
    """docs/DESIGN.md card codes for the RULES.md §1 packs: input accepts 10, lower case and ♠♣♦♥;
    output is canonical."""
    parsed = parse_card(text)
    assert parsed == card
    assert parsed.code == code
    assert str(parsed) == code
    assert parse_card(code) == parsed  # canonical output parses back


@pytest.mark.parametrize(
    "text", ["1H", "ZZ", "", "AX", "10", "H", "T", "JKH", "1OH", "14S", "AS:H", "A S", "KK"]
)
def test_bad_card_codes(text: str) -> None:
    """docs/DESIGN.md: a bad card code is a CardError (a ValueError) naming the code."""
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_card_code_not_a_string() -> None:
    """docs/DESIGN.md: bad input is a clear error, not a crash."""
    with pytest.raises(CardError, match="12"):
        parse_card(12)  # type: ignore[arg-type]


def test_hands() -> None:
    """docs/DESIGN.md, RULES.md §1: a hand is a list of card codes; output canonical, in display
    order (♠ ♣ ♦ ♥, high first, joker last)."""
    hand = parse_hand(["10h", "JK", "5s", "A♠", "qc", "JD"])
    assert format_hand(hand) == ["AS", "5S", "QC", "JD", "TH", "JK"]
    assert parse_hand("th, JK 5s  A♠,qc jd") == hand
    assert parse_hand([]) == ()
    with pytest.raises(CardError, match="TH"):
        parse_hand(["TH", "10h"])  # the same card twice
    with pytest.raises(CardError, match="'XX'"):
        parse_hand("AS XX")


@pytest.mark.parametrize(
    ("text", "play"),
    [
        ("JK:H", Play(JOKER, Suit.HEARTS)),
        ("jk:s", Play(JOKER, Suit.SPADES)),
        ("JK:♦", Play(JOKER, Suit.DIAMONDS)),
        ("JK", Play(JOKER)),
        ("10c", Play(Card(Suit.CLUBS, Rank.TEN))),
    ],
)
def test_plays(text: str, play: Play) -> None:
    """docs/DESIGN.md / RULES.md §5: a joker led with a named suit is written JK:H."""
    parsed = parse_play(text)
    assert parsed == play
    assert parsed.code == (play.card.code if play.named is None
                           else f"JK:{play.named.value}")


@pytest.mark.parametrize("text", ["AS:H", "JK:X", "JK:", "XX:H"])
def test_bad_plays(text: str) -> None:
    """RULES.md §5: only the joker is led with a named suit, and the suit is S C D or H."""
    with pytest.raises(CardError) as info:
        parse_play(text)
    assert repr(text.partition(":")[0]) in str(info.value) or repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("players", "names"),
    [(4, ["N", "E", "S", "W"]), (3, ["N", "E", "W"]), (6, ["N", "NE", "SE", "S", "SW", "NW"])],
)
def test_seat_names(players: int, names: list[str]) -> None:
    """RULES.md §1; docs/DESIGN.md seats: N E S W; 3 players N E W; 6 players N NE SE S SW NW."""
    rules = RuleSet(players=players)
    assert [s.value for s in rules.seats] == names
    assert [parse_seat(n.lower(), rules) for n in names] == list(rules.seats)
    absent = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"} - set(names)
    for name in absent:
        with pytest.raises(PositionError, match=f"'{name}'"):
            parse_seat(name, rules)


# --- valid positions: round trip (docs/DESIGN.md positions) ---------------------------------------

SUIT_MID_TRICK: dict[str, Any] = {
    # RULES.md §2, §4: hearts trumps; W won the last trick with the right bower and led 9♣;
    # N, void in clubs, discarded A♠.
    "contract": "7H",
    "declarer": "S",
    "hands": {"N": ["KS"], "E": ["QH", "4H"], "S": ["JD", "JK"], "W": ["8C"]},
    "leader": "W",
    "trick": ["9C", "AS"],
    "history": [{"leader": "S", "cards": ["5H", "JH", "7H", "6H"]}],
    "joker_suit": None,
    "rules": "australian",
}
NT_JOKER_LED: dict[str, Any] = {
    # RULES.md §5: at no trumps N led the joker naming spades and won; now N leads A♥.
    "contract": "8NT",
    "declarer": "N",
    "hands": {"N": ["KH"], "E": ["QH", "5H"], "S": ["AD", "KD"], "W": ["AC", "KC"]},
    "leader": "N",
    "trick": ["AH"],
    "history": [{"leader": "N", "cards": ["JK:S", "5S", "6S", "7S"]}],
    "joker_suit": None,
    "rules": "australian",
}
MISERE_PARTNER_OUT: dict[str, Any] = {
    # RULES.md §3: misère; the declarer E's partner W lays the hand down and takes no part.
    "contract": "MIS",
    "declarer": "E",
    "hands": {"N": ["AS", "KS"], "E": ["6S"], "S": ["8S", "7S"]},
    "leader": "E",
    "trick": ["5S"],
    "history": [],
    "joker_suit": None,
    "rules": "australian",
}
OPEN_MISERE_HISTORY: dict[str, Any] = {
    # RULES.md §3: open misère by N (S out); three cards to a trick: N, E, W.
    "contract": "OMIS",
    "declarer": "N",
    "hands": {"N": ["7C", "5D"], "E": ["AC", "8D"], "W": ["KC", "QC"]},
    "leader": "W",
    "trick": [],
    "history": [{"leader": "N", "cards": ["6H", "KH", "AH"]}],
    "joker_suit": None,
    "rules": "australian",
}
NT_NOMINATED_JOKER: dict[str, Any] = {
    # RULES.md §5: the declarer nominated hearts for the joker; it follows hearts.
    "contract": "9NT",
    "declarer": "S",
    "hands": {"N": ["AS"], "E": ["AC", "KC"], "S": ["QD", "JK"], "W": ["AD", "KD"]},
    "leader": "N",
    "trick": ["4H"],
    "history": [],
    "joker_suit": "H",
    "rules": "australian",
}
THREE_PLAYER: dict[str, Any] = {
    # RULES.md §1: three players (N E W), 33 cards (A–7 and the joker).
    "contract": "7S",
    "declarer": "E",
    "hands": {"N": ["7H"], "E": ["KS", "8D"], "W": ["QS", "9C"]},
    "leader": "N",
    "trick": ["AS"],
    "history": [],
    "joker_suit": None,
    "rules": {"players": 3},
}
SIX_PLAYER: dict[str, Any] = {
    # RULES.md §1: six players (N NE SE S SW NW), 63 cards with 11, 12, 13 and 2s, 3s.
    "contract": "9NT",
    "declarer": "NE",
    "hands": {
        "N": ["3C"],
        "NE": ["9S", "13H"],
        "SE": ["11S", "12C"],
        "S": ["5D", "4D"],
        "SW": ["2S", "13D"],
        "NW": ["AH", "KH"],
    },
    "leader": "N",
    "trick": ["2H"],
    "history": [],
    "joker_suit": None,
    "rules": {"players": 6},
}
AMERICAN_RULES: dict[str, Any] = {
    **SUIT_MID_TRICK,
    "rules": "american",
}

VALID = {
    "suit-mid-trick": SUIT_MID_TRICK,
    "nt-joker-led": NT_JOKER_LED,
    "misere-partner-out": MISERE_PARTNER_OUT,
    "open-misere-history": OPEN_MISERE_HISTORY,
    "nt-nominated-joker": NT_NOMINATED_JOKER,
    "three-player": THREE_PLAYER,
    "six-player": SIX_PLAYER,
    "american": AMERICAN_RULES,
}


@pytest.mark.parametrize("canonical", list(VALID.values()), ids=list(VALID))
def test_position_round_trip(canonical: dict[str, Any]) -> None:
    """docs/DESIGN.md positions (RULES.md §1–§5): parse_position(x).to_json() is the canonical
    form, from the object and from the JSON text, and the keys come in docs/DESIGN.md's order."""
    assert parse_position(canonical).to_json() == canonical
    out = parse_position(json.dumps(canonical)).to_json()
    assert out == canonical
    assert list(out) == ["contract", "declarer", "hands", "leader", "trick", "history",
                         "joker_suit", "rules"]
    assert parse_position(json.dumps(out)).to_json() == canonical


@pytest.mark.parametrize(
    ("canonical", "to_play"),
    [(SUIT_MID_TRICK, "E"), (NT_JOKER_LED, "E"), (MISERE_PARTNER_OUT, "S"),
     (OPEN_MISERE_HISTORY, "W"), (THREE_PLAYER, "E"), (SIX_PLAYER, "NE")],
)
def test_position_to_play(canonical: dict[str, Any], to_play: str) -> None:
    """RULES.md §4: play goes clockwise from the leader (a misère partner is skipped)."""
    assert parse_position(canonical).to_play.value == to_play


def test_non_canonical_input_gives_canonical_output() -> None:
    """docs/DESIGN.md: input accepts 10, lower case and symbols; output is always canonical."""
    loose = copy.deepcopy(SUIT_MID_TRICK)
    loose["hands"] = {"N": ["k♠"], "E": ["4h", "Q♥"], "S": ["jk", "jd"], "W": ["8c"]}
    loose["trick"] = ["9♣", "as"]
    loose["history"] = [{"leader": "s", "cards": ["5h", "j♥", "7H", "6h"]}]
    loose["declarer"] = "s"
    loose["leader"] = "w"
    loose["contract"] = "7♥"
    del loose["joker_suit"]
    loose["rules"] = {}
    assert parse_position(loose).to_json() == SUIT_MID_TRICK


def test_optional_fields_default() -> None:
    """docs/DESIGN.md: `history` is optional; `joker_suit` null and `rules` the default preset."""
    minimal = {"contract": "7H", "declarer": "S", "leader": "W",
               "hands": {"N": ["KS"], "E": ["QH", "4H"], "S": ["JD", "JK"], "W": ["8C"]},
               "trick": ["9C", "AS"]}
    out = parse_position(minimal).to_json()
    assert out == {**SUIT_MID_TRICK, "history": []}


def test_rules_object_round_trips() -> None:
    """docs/DESIGN.md: `rules` may be an object of options over the default preset."""
    pos = copy.deepcopy(SUIT_MID_TRICK)
    pos["rules"] = {"slam_250": False, "overtricks_10": True}
    assert parse_position(pos).to_json() == pos
    assert parse_position(pos).rules == PRESETS["australian"].with_options(
        slam_250=False, overtricks_10=True)


# --- the left bower and the joker in `trick` (RULES.md §2, §5) ---------------------------------


def _hearts_trick(trick: list[str], north: list[str]) -> dict[str, Any]:
    """7♥ by S; W leads, N plays second: W and N hold one card, E and S two."""
    return {
        "contract": "7H", "declarer": "S", "leader": "W", "trick": trick,
        "hands": {"N": north, "E": ["QS", "5S"], "S": ["KS", "JK"], "W": ["8C"]},
    }


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    """RULES.md §2: with hearts trumps J♦ is a trump; on a diamond lead, holding another
    diamond, N must play the diamond: J♦ there is a revoke."""
    with pytest.raises(PositionError) as info:
        parse_position(_hearts_trick(["9D", "JD"], ["5D"]))
    msg = str(info.value)
    assert msg.startswith("trick")
    assert "JD" in msg and "revokes" in msg and "N" in msg


def test_left_bower_follows_trumps() -> None:
    """RULES.md §2: the left bower belongs to the trump suit: on a heart lead it follows."""
    pos = parse_position(_hearts_trick(["9H", "JD"], ["5H"]))
    assert [p.code for p in pos.trick] == ["9H", "JD"]


def test_left_bower_alone_is_not_a_diamond() -> None:
    """RULES.md §2: "J♦ alone does not count as a diamond": N may discard on a diamond lead."""
    pos = parse_position(_hearts_trick(["9D", "AC"], ["JD"]))
    assert pos.to_play is Seat.E


def test_left_bower_must_follow_a_trump_lead() -> None:
    """RULES.md §2: it must be played when trumps are led and it is one's only trump."""
    with pytest.raises(PositionError, match=r"trick: 5C: N revokes"):
        parse_position(_hearts_trick(["9H", "5C"], ["JD"]))


def test_joker_in_trumps_follows_trumps() -> None:
    """RULES.md §2: the joker in a trump contract counts as a trump for following suit."""
    with pytest.raises(PositionError, match=r"trick: 5C: N revokes"):
        parse_position(_hearts_trick(["9H", "5C"], ["JK"]) | {
            "hands": {"N": ["JK"], "E": ["QS", "5S"], "S": ["KS", "AS"], "W": ["8C"]}})


def test_revoke_in_trick_rejected() -> None:
    """RULES.md §4: players must follow the suit led if they can."""
    pos = _hearts_trick(["9S", "AC"], ["6S"])
    with pytest.raises(PositionError, match=r"trick: AC: N revokes"):
        parse_position(pos)


def test_revoke_in_history_rejected() -> None:
    """RULES.md §4: a revoke in a completed trick is rejected too, naming the trick."""
    pos = copy.deepcopy(SUIT_MID_TRICK)
    # E, holding Q♥ and 4♥, discards T♠ on the heart lead.
    pos["history"] = [{"leader": "S", "cards": ["5H", "JH", "7H", "TS"]}]
    with pytest.raises(PositionError, match=r"history\[0\]: TS: E revokes"):
        parse_position(pos)


def _nt(trick: list[str], history: list[dict[str, Any]], hands: dict[str, list[str]],
        leader: str = "N", **extra: Any) -> dict[str, Any]:
    return {"contract": "8NT", "declarer": "N", "leader": leader, "trick": trick,
            "history": history, "hands": hands, **extra}


def test_joker_led_with_a_suit_already_led_rejected() -> None:
    """RULES.md §5 ``joker_lead="not_yet_led"`` (house rule): a led joker names a suit not yet
    led in this hand."""
    pos = _nt(["JK:S"], [{"leader": "N", "cards": ["AS", "5S", "6S", "7S"]}],
              {"N": ["KH"], "E": ["QH", "5H"], "S": ["AD", "KD"], "W": ["AC", "KC"]},
              rules={"joker_lead": "not_yet_led"})
    with pytest.raises(PositionError) as info:
        parse_position(pos)
    msg = str(info.value)
    assert msg.startswith("trick: JK:S")
    assert "C, D, H" in msg
    # Naming a suit not yet led is fine.
    pos["trick"] = ["JK:C"]
    assert parse_position(pos).trick[0] == Play(JOKER, Suit.CLUBS)


def test_joker_lead_any_suit_default() -> None:
    """RULES.md §5 ``joker_lead="any_suit"`` (the default, 002: "do dowolnego koloru"): a led
    joker may name a suit already led."""
    pos = _nt(["JK:S"], [{"leader": "N", "cards": ["AS", "5S", "6S", "7S"]}],
              {"N": ["KH"], "E": ["QH", "5H"], "S": ["AD", "KD"], "W": ["AC", "KC"]})
    assert parse_position(pos).to_json()["trick"] == ["JK:S"]


def test_joker_suit_refused_when_nomination_is_off() -> None:
    """RULES.md §5, 002's American game: "dżokera nie można nominować wcześniej do koloru"."""
    pos = copy.deepcopy(NT_JOKER_LED)
    pos["joker_suit"] = "H"
    pos["rules"] = "american"
    with pytest.raises(PositionError, match=r"^joker_suit: "):
        parse_position(pos)


def test_led_joker_must_be_followed_in_the_named_suit() -> None:
    """RULES.md §5: when the joker is led with a named suit, the others must follow that suit."""
    pos = copy.deepcopy(NT_JOKER_LED)
    pos["history"] = [{"leader": "N", "cards": ["JK:S", "5S", "6S", "7C"]}]
    pos["hands"]["W"] = ["AC", "7S"]  # W held 7♠ but played 7♣
    with pytest.raises(PositionError, match=r"history\[0\]: 7C: W revokes"):
        parse_position(pos)


def test_joker_led_without_a_suit_rejected() -> None:
    """RULES.md §5: a free joker led names a suit (only the last trick allows a bare JK)."""
    bad = _nt(["JK"], [], {"N": ["KH"], "E": ["QH", "5H"], "S": ["AD", "KD"],
                           "W": ["AC", "KC"]})
    with pytest.raises(PositionError, match="trick: JK: a joker led now must name one of"):
        parse_position(bad)


def test_joker_played_while_holding_suit_led_at_no_trumps() -> None:
    """RULES.md §5: the free joker may be played only when its holder cannot follow."""
    pos = _nt(["AH", "JK"], [], {"N": ["KH"], "E": ["5H"], "S": ["AD", "KD"],
                                  "W": ["AC", "KC"]})
    with pytest.raises(PositionError, match="trick: JK: E revokes"):
        parse_position(pos)
    pos["hands"]["E"] = ["5C"]  # void in hearts: the joker may be played
    assert parse_position(pos).to_play is Seat.S


def test_named_joker_in_trump_contract_rejected() -> None:
    """RULES.md §5: JK:H is only for a joker led at no trumps or misère."""
    pos = _hearts_trick(["JK:S"], ["5H"]) | {
        "leader": "N", "hands": {"N": ["5H"], "E": ["QS", "5S"], "S": ["KS", "AS"],
                                 "W": ["8C", "9C"]}}
    with pytest.raises(PositionError, match="trick: JK:S"):
        parse_position(pos)


def test_history_leader_must_follow_from_winner() -> None:
    """RULES.md §4: a trick's winner leads the next."""
    pos = copy.deepcopy(SUIT_MID_TRICK)
    pos["leader"] = "E"  # W won with the right bower
    pos["trick"] = []
    pos["hands"] = {"N": ["KS", "AS"], "E": ["QH", "4H"], "S": ["JD", "JK"], "W": ["8C", "9C"]}
    with pytest.raises(PositionError, match="leader: E leads, but W won the trick before"):
        parse_position(pos)
    pos["leader"] = "W"
    pos["history"] = [
        {"leader": "S", "cards": ["5H", "JH", "7H", "6H"]},
        {"leader": "S", "cards": ["8H", "9H", "TH", "AH"]},
    ]
    with pytest.raises(PositionError, match=r"history\[1\]\.leader: S leads, but W won"):
        parse_position(pos)


def test_misere_partner_given_cards_rejected() -> None:
    """RULES.md §3: the misère declarer's partner takes no part, so holds no cards here."""
    pos = copy.deepcopy(MISERE_PARTNER_OUT)
    pos["hands"]["W"] = ["9S", "TS"]
    with pytest.raises(PositionError, match=r"hands\.W: .*partner"):
        parse_position(pos)
    pos["hands"]["W"] = []  # an empty hand for the partner is the same as leaving it out
    assert parse_position(pos).to_json() == MISERE_PARTNER_OUT
    pos["hands"]["W"] = []
    pos["leader"] = "W"
    with pytest.raises(PositionError, match="leader"):
        parse_position(pos)


# --- rejected positions: a clear message naming the field or card ------------------------------


def _with(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(base)
    out.update(changes)
    return out


def _hands(base: dict[str, Any], **hands: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    out["hands"].update(hands)
    return out


BAD: list[tuple[str, Any, str]] = [
    # (id, position, a piece of the message)
    ("bad-json", '{"contract": "7H",', "position: not valid JSON"),
    ("not-an-object", "[1, 2]", "position: expected a JSON object"),
    ("unknown-field", _with(SUIT_MID_TRICK, dealer="N"), "dealer: unknown field"),
    ("missing-contract", {k: v for k, v in SUIT_MID_TRICK.items() if k != "contract"},
     "contract: missing"),
    ("unknown-seat-in-hands", _with(SUIT_MID_TRICK, hands={**SUIT_MID_TRICK["hands"], "X": []}),
     "hands: 'X' is not a seat"),
    ("unknown-declarer", _with(SUIT_MID_TRICK, declarer="Q"), "declarer: 'Q'"),
    ("six-player-seat-at-four", _with(SUIT_MID_TRICK, leader="NE"), "leader: 'NE'"),
    ("south-at-three", _with(THREE_PLAYER, declarer="S"), "declarer: 'S'"),
    ("unknown-contract", _with(SUIT_MID_TRICK, contract="11S"), "contract: bid '11S'"),
    ("unknown-strain", _with(SUIT_MID_TRICK, contract="7X"), "contract: bid '7X'"),
    ("contract-not-string", _with(SUIT_MID_TRICK, contract=7), "contract: expected a string"),
    ("misere-off", _with(MISERE_PARTNER_OUT, rules={"misere": False}),
     "contract: misère is not played"),
    ("unknown-preset", _with(SUIT_MID_TRICK, rules="bridge"), "rules: unknown preset 'bridge'"),
    ("unknown-option", _with(SUIT_MID_TRICK, rules={"trumps_wild": True}),
     "rules: unknown option 'trumps_wild'"),
    ("bad-option-value", _with(SUIT_MID_TRICK, rules={"deck": 44}), "rules: deck: 44"),
    ("bad-option-type", _with(SUIT_MID_TRICK, rules={"slam_250": "yes"}), "slam_250"),
    ("unknown-base-preset", _with(SUIT_MID_TRICK, rules={"preset": "euchre"}), "'euchre'"),
    ("bad-card-code", _hands(SUIT_MID_TRICK, N=["ZZ"]), "'ZZ'"),
    ("card-twice-in-hands", _hands(SUIT_MID_TRICK, N=["QH"]),
     "hands.E: card QH is also in hands.N"),
    ("card-in-hand-and-trick", _hands(SUIT_MID_TRICK, N=["AS"]), "card AS is also in"),
    ("card-in-hand-and-history", _hands(SUIT_MID_TRICK, N=["JH"]), "card JH is also in"),
    ("black-4-not-in-43", _hands(SUIT_MID_TRICK, N=["4S"]),
     "hands.N: card 4S: not in the 43-card pack"),
    ("2H-not-in-43", _hands(SUIT_MID_TRICK, N=["2H"]), "card 2H: not in the 43-card pack"),
    ("13D-not-in-43", _hands(SUIT_MID_TRICK, N=["13D"]), "card 13D: not in the 43-card pack"),
    ("6S-not-in-33", _hands(THREE_PLAYER, N=["6S"]), "card 6S: not in the 33-card pack"),
    ("not-in-pack-in-trick", _with(SUIT_MID_TRICK, trick=["9C", "3S"]),
     "trick: card 3S: not in the 43-card pack"),
    ("hand-too-long", _hands(SUIT_MID_TRICK, N=["KS", "QS"]),
     "hands.N: holds 2, but the trick from W needs 1 there"),
    ("hand-too-short", _hands(SUIT_MID_TRICK, E=["QH"]),
     "hands.E: holds 1, but the trick from W needs 2 there"),
    ("leader-hand-wrong", _with(SUIT_MID_TRICK, trick=["9C"]), "hands.N: holds 1, but the "
     "trick from W needs 2 there"),
    ("finished-trick-in-trick", _with(
        SUIT_MID_TRICK, trick=["9C", "AS", "4H", "JK"],
        hands={"N": ["KS"], "E": ["QH"], "S": ["JD"], "W": ["8C"]}), "trick: 4 cards"),
    ("missing-hand", _with(SUIT_MID_TRICK, hands={k: v for k, v in SUIT_MID_TRICK["hands"]
                                                  .items() if k != "E"}), "hands.E: missing"),
    ("hand-not-list", _hands(SUIT_MID_TRICK, N="KS"), "hands.N: expected a list"),
    ("same-trick-twice", _with(SUIT_MID_TRICK, history=[
        {"leader": "S", "cards": ["5H", "JH", "7H", "6H"]}] * 9),
     "card 5H is also in history[0]"),
    ("history-trick-short", _with(SUIT_MID_TRICK, history=[
        {"leader": "S", "cards": ["5H", "JH", "7H"]}]), "history[0]: a trick has 4 cards"),
    ("history-bad-shape", _with(SUIT_MID_TRICK, history=[["5H", "JH", "7H", "6H"]]),
     "history[0]: expected"),
    ("joker-suit-in-trumps", _with(SUIT_MID_TRICK, joker_suit="H"),
     "joker_suit: the joker is nominated only at no trumps"),
    ("joker-suit-bad", _with(NT_NOMINATED_JOKER, joker_suit="X"), "joker_suit: 'X'"),
    ("joker-suit-not-declarers", _with(
        NT_NOMINATED_JOKER, declarer="W"), "joker_suit: only the declarer nominates"),
    ("played-named-joker-not-led", _nt(
        ["AH", "JK:S"], [], {"N": ["KH"], "E": ["5C"], "S": ["AD", "KD"], "W": ["AC", "KC"]}),
     "trick: JK:S: only a led joker is written with a named suit"),
    ("named-joker-when-nominated", _with(
        NT_NOMINATED_JOKER, leader="S", trick=["JK:H"],
        hands={"N": ["AS", "KS"], "E": ["AC", "KC"], "S": ["QD"], "W": ["AD", "KD"]}),
     "trick: JK:H: the joker has a nominated suit"),
]


@pytest.mark.parametrize(("data", "message"), [(d, m) for _, d, m in BAD],
                         ids=[i for i, _, _ in BAD])
def test_rejected_positions(data: Any, message: str) -> None:
    """docs/DESIGN.md: positions that cannot arise, or that do not parse, are a PositionError (a
    ValueError) whose message names the offending field or card."""
    with pytest.raises(PositionError) as info:
        parse_position(data)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, TrainerError)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_more_than_ten_tricks_rejected() -> None:
    """RULES.md §1, §4: ten cards each, ten tricks; history and hands cannot exceed that."""
    # Misère by N (S out): nine completed tricks of three cards and two cards each to go.
    cards = [c.code for c in PRESETS["australian"].pack if not c.is_joker]
    history = [{"leader": "N", "cards": cards[3 * i:3 * i + 3]} for i in range(9)]
    rest = cards[27:33]
    hands = {"N": rest[0:2], "E": rest[2:4], "W": rest[4:6]}
    pos = {"contract": "MIS", "declarer": "N", "leader": "N", "trick": [],
           "history": history, "hands": hands}
    with pytest.raises(PositionError, match="history: 9 tricks played and 2 to go"):
        parse_position(pos)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({k: v for k, v in SUIT_MID_TRICK.items() if k != "contract"}, "contract: missing"),
        (_with(SUIT_MID_TRICK, contract=7), "contract: expected a string, got a number"),
        (_with(SUIT_MID_TRICK, leader=None), "leader: missing"),
        (_with(SUIT_MID_TRICK, hands=[]),
         'hands: expected an object such as {"N": ["AS", "KS"]}, got a list'),
    ],
)
def test_field_errors_name_the_field_once(data: dict[str, Any], message: str) -> None:
    """docs/DESIGN.md: the message names the offending field (once, not "contract: contract:
    ...")."""
    with pytest.raises(PositionError) as info:
        parse_position(data)
    assert str(info.value) == message
