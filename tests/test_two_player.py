"""The 2-player game: deal, trick order, turning up, following suit, no misère, the position
JSON and the CLI (RULES.md §1; seed 002, "Wersja dla 2 graczy")."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from trainer.__main__ import main
from trainer.bidding import parse_bid
from trainer.cards import JOKER, Seat, deal, pack
from trainer.errors import IllegalPlayError, PositionError, RuleError
from trainer.notation import parse_card, parse_position
from trainer.notation_two import TablePosition
from trainer.rules import Play, ruleset
from trainer.two_player import HAND, TABLE, TablePlayState, start_table_play

TWO = ruleset({"players": 2})
N, S = Seat.N, Seat.S


def c(code: str):
    return parse_card(code)


def state_of(obj: dict[str, Any]) -> TablePlayState:
    state = parse_position(obj).to_state()
    assert isinstance(state, TablePlayState)
    return state


# Two tricks to go, hearts trumps, N (declarer) on lead from the hand.
BASE: dict[str, Any] = {
    "contract": "7H", "declarer": "N", "leader": "N", "lead_from": "hand",
    "hands": {"N": ["AS", "7C"], "S": ["QS", "KC"]},
    "tables": {"N": [["9C", "TS"], [], [], [], []], "S": [["6D", "QH"], [], [], [], []]},
    "rules": {"players": 2},
}


def test_deal_sizes_and_pack():
    """RULES.md §1, 002: "Rozdający rozdaje każdemu graczowi po 10 kart, kładzie przed każdym
    graczem 5 kart zakrytych, a na nich po jednej karcie odkrytej. Pozostałe 3 karty trafiają
    do musika" with the 43-card pack ("talią 43 kart")."""
    d = deal(11, players=2)
    assert set(d.hands) == {N, S}
    assert [len(d.hands[s]) for s in (N, S)] == [10, 10]
    assert len(d.kitty) == 3
    assert d.tables is not None and [len(d.tables[s]) for s in (N, S)] == [5, 5]
    assert all(len(p) == 2 for s in (N, S) for p in d.tables[s])
    every = [*d.kitty, *(x for h in d.hands.values() for x in h),
             *(x for piles in d.tables.values() for p in piles for x in p)]
    assert sorted(map(str, every)) == sorted(map(str, pack(2))) and len(every) == 43
    assert deal(11, players=2) == d and deal(12, players=2) != d


def test_deal_is_documented_order():
    """`trainer.cards.deal` docstring: hands 3-4-3 with one card to the kitty after each round,
    then five face-down cards each from the dealer's left, then the face-up cards on them."""
    import random

    cards = list(pack(2))
    random.Random(4).shuffle(cards)
    d = deal(4, players=2, dealer=N)
    assert d.tables is not None
    assert d.kitty == (cards[6], cards[15], cards[22])
    rest = cards[23:]
    assert [p[0] for p in d.tables[S]] == rest[0:10:2]  # S sits left of the dealer N
    assert [p[0] for p in d.tables[N]] == rest[1:10:2]
    assert [p[1] for p in d.tables[S]] == rest[10:20:2]
    assert [p[1] for p in d.tables[N]] == rest[11:20:2]


def test_first_trick_order():
    """002: "W pierwszej lewie najpierw kartę z ręki zagrywa rozgrywający, następnie jego
    przeciwnik zagrywa kartę z ręki. Następnie rozgrywający zagrywa kartę ze stołu, a potem to
    samo robi jego przeciwnik" (RULES.md §1)."""
    d = deal(3, players=2)
    state = start_table_play(d, parse_bid("7S"), S, list(d.kitty), TWO)
    turns = []
    for _ in range(4):
        turns.append(state.turn)
        state.push(state.legal_plays()[0])
    assert turns == [(S, HAND), (N, HAND), (S, TABLE), (N, TABLE)]


def test_after_a_table_card_wins():
    """002: "jeśli gracz wziął poprzednią lewę kartą ze stołu, kolejność to: karta ze stołu,
    karta ze stołu, karta z ręki, karta z ręki"; the trick's winner starts (RULES.md §1)."""
    state = state_of(BASE)
    for code in ("AS", "QS", "TS", "QH"):  # S trumps with the table Q♥: a table card wins
        state.push(c(code))
    assert (state.leader, state.lead_from) == (S, TABLE)
    assert state.turns() == ((S, TABLE), (N, TABLE), (S, HAND), (N, HAND))


def test_after_a_hand_card_wins():
    """002: "jeśli gracz wziął poprzednią lewę kartą z ręki, kolejność to: karta z ręki,
    karta z ręki, karta ze stołu, karta ze stołu" (RULES.md §1)."""
    obj = copy.deepcopy(BASE)
    obj["tables"]["S"] = [["6D", "5S"], [], [], [], []]
    state = state_of(obj)
    for code in ("7C", "KC", "TS", "5S"):  # nobody trumps: S's hand K♣ wins
        state.push(c(code))
    assert (state.leader, state.lead_from) == (S, HAND)
    assert state.turns() == ((S, HAND), (N, HAND), (S, TABLE), (N, TABLE))


def test_face_down_turns_up_at_the_end_of_the_trick():
    """002: "Jeżeli pod zagraną kartą ze stołu leżała karta zakryta, odkrywa się ją na koniec
    lewy" (RULES.md §1)."""
    state = state_of(BASE)
    state.push(c("AS"))
    state.push(c("QS"))
    state.push(c("TS"))
    assert state.face_up(N) == [] and state.face_down(N) == [c("9C")]  # not yet
    state.push(c("QH"))
    assert state.face_up(N) == [c("9C")] and state.face_up(S) == [c("6D")]
    assert state.face_down(N) == [] and state.face_down(S) == []


def test_follow_with_the_cards_you_may_play_now():
    """RULES.md §1: "Follow suit if you can with the cards you may play at that moment": a
    spade in the hand does not oblige a table card to be a spade, and a table spade face down
    does not count (002: "jedną z odkrytych kart ze stołu")."""
    obj = copy.deepcopy(BASE)
    obj["hands"] = {"N": ["AS", "7C"], "S": ["QS", "KC"]}
    obj["tables"] = {"N": [["9C", "TS"], [], [], [], []], "S": [["5S", "QH"], [], [], [], []]}
    state = state_of(obj)
    state.push(c("AS"))
    assert [p.code for p in state.legal_plays()] == ["QS"]  # S follows from the hand
    state.push(c("QS"))
    state.push(c("TS"))
    # S's only face-up card is Q♥ (5♠ lies face down under it): any card may be played.
    assert [p.code for p in state.legal_plays()] == ["QH"]
    assert state.why_illegal(Play(c("5S"))) == "5S is face down on S's table"


def test_table_must_follow_when_it_can():
    obj = copy.deepcopy(BASE)
    obj["tables"]["S"] = [["6D", "QH"], [], [], [], []]
    obj["hands"] = {"N": ["AS", "7C"], "S": ["QS", "KC"]}
    state = state_of(obj)
    state.push(c("7C"))  # clubs led: S must follow from hand with K♣
    assert [p.code for p in state.legal_plays()] == ["KC"]
    assert "must follow clubs from the hand" in state.why_illegal(Play(c("QS")))
    state.push(c("KC"))
    assert [p.code for p in state.legal_plays()] == ["TS"]  # N's only face-up card
    assert state.why_illegal(Play(c("AS"))) == "N plays from the table now; AS is in the hand"


def test_no_misere_at_two():
    """RULES.md §1, 002: "misère jest niedozwolone"."""
    assert not TWO.misere_allowed and not TWO.open_misere_allowed
    d = deal(1, players=2)
    with pytest.raises(RuleError, match="misère"):
        start_table_play(d, parse_bid("MIS"), N, list(d.kitty), TWO)
    obj = dict(BASE, contract="MIS")
    with pytest.raises(PositionError, match=r"^contract: misère"):
        parse_position(obj)


def test_declarer_discards_from_hand_only():
    """RULES.md §1: "The declarer takes the kitty and discards three" (the table cards are not
    exchanged)."""
    d = deal(2, players=2)
    assert d.tables is not None
    table_card = d.tables[N][0][1]
    with pytest.raises(Exception, match="discard"):
        start_table_play(d, parse_bid("6NT"), N, [table_card, *d.kitty[:2]], TWO)
    state = start_table_play(d, parse_bid("6NT"), N, list(d.hands[N][:3]), TWO)
    assert sorted(map(str, state.hands[N])) == sorted(map(str, [*d.hands[N][3:], *d.kitty]))
    assert state.tables[N] == [list(p) for p in d.tables[N]]


def test_joker_nomination_at_no_trumps():
    """RULES.md §5 (001) as in the 4-player game: a no-trump declarer holding the joker (here in
    hand or face up on the table) may nominate its suit before the first lead."""
    seed = next(s for s in range(200) if (d := deal(s, players=2)).tables is not None
                and JOKER in d.hands[N])
    d = deal(seed, players=2)
    discard = [x for x in d.hands[N] if x != JOKER][:3]
    state = start_table_play(d, parse_bid("7NT"), N, discard, TWO, joker_suit=parse_card("AH").suit)
    assert state.order.joker_suit is not None and not state.order.free_joker
    with pytest.raises(IllegalPlayError, match="joker_suit"):
        start_table_play(d, parse_bid("7NT"), S, list(d.hands[S][:3]), TWO,
                         joker_suit=parse_card("AH").suit)
    with pytest.raises(IllegalPlayError, match="nominated"):
        start_table_play(d, parse_bid("7NT"), N, discard, ruleset({"players": 2,
                         "nominate_joker": False}), joker_suit=parse_card("AH").suit)


def test_push_pop_across_a_trick():
    state = state_of(BASE)
    before = TablePosition.from_state(state).to_json()
    for code in ("AS", "QS", "TS", "QH"):
        state.push(c(code))
    for _ in range(4):
        state.pop()
    assert TablePosition.from_state(state).to_json() == before


# --- the position JSON ------------------------------------------------------------------------


def test_round_trip_mid_trick_with_null_pile():
    state = state_of(BASE)
    for code in ("AS", "QS", "TS"):
        state.push(c(code))
    obj = TablePosition.from_state(state).to_json()
    assert obj["tables"]["N"][0] == ["9C", None]
    assert obj["lead_from"] == "hand" and obj["trick"] == ["AS", "QS", "TS"]
    again = parse_position(obj)
    assert again.to_json() == obj
    assert again.to_play is S and again.to_play_from == TABLE


def test_history_round_trip():
    state = state_of(BASE)
    for code in ("AS", "QS", "TS", "QH"):
        state.push(c(code))
    obj = TablePosition.from_state(state).to_json()
    assert obj["history"] == [{"leader": "N", "from": "hand", "cards": ["AS", "QS", "TS", "QH"]}]
    assert obj["leader"] == "S" and obj["lead_from"] == "table"
    assert parse_position(obj).to_json() == obj


def bad(**changes: Any) -> dict[str, Any]:
    obj = copy.deepcopy(BASE)
    obj.update(changes)
    return obj


@pytest.mark.parametrize(("obj", "message"), [
    (bad(hands={"N": ["AS", "7C"], "S": ["AS", "KC"]}), r"^hands.S: card AS is also in"),
    (bad(tables={"N": [["9C", "TS"], [], [], []], "S": [["6D", "QH"], [], [], [], []]}),
     r"^tables.N: expected a list of 5 piles"),
    (bad(tables={"N": [["9C", "TS", "8C"], [], [], [], []],
                 "S": [["6D", "QH"], [], [], [], []]}), r"^tables.N\[0\]: a pile"),
    (bad(tables={"N": [["9C"], ["TS"], ["8C"], [], []], "S": [["6D", "QH"], [], [], [], []]}),
     r"^tables.N: 3 cards, but 2 tricks to go"),
    (bad(hands={"N": ["AS"], "S": ["QS", "KC"]}), r"^hands.N: 1 cards, but 2 tricks to go"),
    (bad(lead_from="deck"), r"^lead_from: 'deck' is not"),
    (bad(tables={"N": [["9C", None], [], [], [], []], "S": [["6D", "QH"], [], [], [], []]}),
     r"^tables.N\[0\]: null marks a card played to the current trick"),
    (bad(trick=["AS", "KC"], hands={"N": ["7C"], "S": ["QS"]}), r"^trick: KC: S revokes"),
    (bad(contract="OMIS"), r"^contract: misère"),
    (bad(piles=[]), r"^piles: unknown field"),
    (bad(tables={"N": [["9C", "XX"], [], [], [], []], "S": [["6D", "QH"], [], [], [], []]}),
     r"^tables.N\[0\]: card 'XX'"),
    (bad(hands={"N": ["AS", "4S"], "S": ["QS", "KC"]}), r"^hands.N: card 4S: not in the 43"),
    (bad(tables={"N": [["9C", "TS"], [], [], [], []]}), r"^tables.S: missing"),
])
def test_bad_positions_refused_by_name(obj, message):
    with pytest.raises(PositionError, match=message):
        parse_position(obj)


def test_history_leader_must_follow_from_winner():
    """RULES.md §1: the trick's winner starts, from the source of the winning card."""
    obj = bad(hands={"N": ["7C"], "S": ["KC"]},
              tables={"N": [["9C"], [], [], [], []], "S": [["6D"], [], [], [], []]},
              history=[{"leader": "N", "from": "hand", "cards": ["AS", "QS", "TS", "QH"]}],
              leader="S", lead_from="hand")
    with pytest.raises(PositionError, match=r"^lead_from: S leads from the hand, but S won"):
        parse_position(obj)
    obj["leader"] = "N"
    with pytest.raises(PositionError, match=r"^leader: N leads"):
        parse_position(obj)
    obj.update(leader="S", lead_from="table")
    assert parse_position(obj).to_play is S


def test_table_revoke_against_a_card_face_up_since_the_deal():
    """A table card that does not follow while a card of the suit led lay face up on the table
    since the deal (the top of a pile not yet touched) is a revoke (RULES.md §1: "Follow suit
    if you can with the cards you may play at that moment")."""
    obj = bad(hands={"N": ["7C", "8C", "9C"], "S": ["KC", "QC", "JC"]},
              tables={"N": [["9S"], ["7S", "8S"], [], [], []],
                      "S": [["4D"], ["8D", "5S"], [], [], []]},
              history=[{"leader": "N", "from": "hand", "cards": ["AS", "QS", "TS", "6D"]}],
              leader="N", lead_from="hand")
    with pytest.raises(PositionError, match=r"^history\[0\]: 6D: S revokes: it holds a card "
                       r"of the suit led in its face-up table cards"):
        parse_position(obj)
    obj["tables"]["S"] = [["4D"], ["8D", "5H"], [], [], []]  # no spade face up: fine
    assert parse_position(obj).to_play is N


def test_first_trick_from_the_hand():
    """002: "Zwycięzca licytacji rozpoczyna rozgrywkę, zagrywając dowolną kartę z ręki"."""
    d = deal(9, players=2)
    state = start_table_play(d, parse_bid("7S"), N, list(d.kitty), TWO)
    obj = TablePosition.from_state(state).to_json()
    assert parse_position(obj).to_play is N
    with pytest.raises(PositionError, match=r"^lead_from: the first trick is led from the hand"):
        parse_position(dict(obj, lead_from="table"))
    with pytest.raises(PositionError, match=r"^leader: the declarer N leads"):
        parse_position(dict(obj, leader="S"))


# --- the CLI ----------------------------------------------------------------------------------


def run_cli(capsys, *args: str) -> tuple[int, Any, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def test_cli_deal_two_players(capsys):
    """docs/DESIGN.md: ``deal --rules '{"players": 2}'`` prints hands, tables, kitty."""
    code, out, _ = run_cli(capsys, "deal", "--seed", "5", "--rules", '{"players": 2}')
    assert code == 0
    assert list(out) == ["seed", "dealer", "hands", "tables", "kitty"]
    assert [len(out["hands"][s]) for s in "NS"] == [10, 10]
    assert [len(out["tables"][s]) for s in "NS"] == [5, 5]
    assert all(len(p) == 2 for s in "NS" for p in out["tables"][s])
    assert len(out["kitty"]) == 3
    d = deal(5, players=2)
    assert d.tables is not None
    assert out["tables"]["N"] == [[x.code for x in p] for p in d.tables[N]]


def test_cli_legal_two_players(capsys, tmp_path):
    path = tmp_path / "p.json"
    obj = copy.deepcopy(BASE)
    obj["trick"] = ["AS", "QS"]
    obj["hands"] = {"N": ["7C"], "S": ["KC"]}
    path.write_text(json.dumps(obj))
    code, out, _ = run_cli(capsys, "legal", str(path))
    assert code == 0 and out == {"to_play": "N", "from": "table", "cards": ["TS"]}


def test_cli_bad_two_player_position(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(bad(lead_from="deck")))
    code, out, err = run_cli(capsys, "legal", str(path))
    assert code == 2 and out is None and err.startswith("error: lead_from:")
