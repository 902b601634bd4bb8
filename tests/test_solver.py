"""The double-dummy solver (trainer.solver): hand-made endings with known answers, agreement
with the brute-force reference on random endings, and the API's other forms."""

from __future__ import annotations

import random
from typing import Any

import pytest
from solver_positions import random_state, round_trip
from solver_reference import best_value, brute_values

from trainer.notation import Position, parse_position
from trainer.solver import (
    Analysis,
    Solver,
    SolverError,
    analyse,
    can_take,
    principal_line,
    value,
)
from trainer.solver.arrays import S_LEADER, S_TBASE, S_TCARD, S_TLEN, S_TNAMED
from trainer.solver.layout import make_layout, state_array
from trainer.solver.misere import misere_bounds
from trainer.solver.moves import play_suit, trick_winner
from trainer.solver.ordering import follower_wins


def solve(obj: dict[str, Any]) -> dict[str, Any]:
    """The CLI answer for a position, checked against the brute-force reference too."""
    state = parse_position(obj).to_state()
    answer = analyse(state)
    assert dict(answer.values) == brute_values(state)
    return answer.to_json()


# --- hand-made endings -------------------------------------------------------------------------


def test_left_bower_is_a_trump_and_ruffs() -> None:
    # RULES.md §2: with hearts trumps J♦ is a trump, not a diamond: South, holding no other
    # diamond, may ruff West's A♦ with it (2 tricks) or discard and lose it (1 trick).
    pos = {"contract": "7H", "declarer": "S", "leader": "W", "trick": ["AD", "6S", "QS"],
           "hands": {"N": ["7S"], "E": ["9S"], "S": ["JD", "5C"], "W": ["KD"]}}
    assert solve(pos) == {"to_play": "S", "best": 2, "cards": {"5C": 1, "JD": 2}}


def test_left_bower_does_not_follow_its_printed_suit() -> None:
    # RULES.md §2: "holding J♦ with hearts trump and a diamond led: if you hold another
    # diamond you must play that diamond". South must play 4♦ and West's A♦ wins; J♦ is
    # still a trump for the next trick, and ruffs West's K♦.
    pos = {"contract": "7H", "declarer": "S", "leader": "W", "trick": ["AD", "6S", "QS"],
           "hands": {"N": ["7S"], "E": ["9S"], "S": ["JD", "4D"], "W": ["KD"]}}
    assert solve(pos) == {"to_play": "S", "best": 1, "cards": {"4D": 1}}


def test_left_bower_follows_trumps_and_right_bower_beats_it() -> None:
    # RULES.md §2: trumps from the top are joker, right bower, left bower, A, K ... North
    # leads the left bower J♥ (diamonds trumps): East must follow trumps with J♦, not K♠, and
    # the right bower wins; West's A♦ is below both.
    pos = {"contract": "6D", "declarer": "N", "leader": "N", "trick": ["JH"],
           "hands": {"N": ["5S"], "E": ["JD", "KS"], "S": ["7C", "8C"], "W": ["AD", "QS"]}}
    assert solve(pos) == {"to_play": "E", "best": 0, "cards": {"JD": 0}}


NT_JOKER = {"contract": "7NT", "declarer": "N", "leader": "N", "trick": [],
            "hands": {"N": ["JK", "5S"], "E": ["KH", "7S"], "S": ["AH", "6S"],
                      "W": ["9H", "8S"]}}


def test_no_trump_joker_led_with_each_nameable_suit() -> None:
    # RULES.md §5: a led joker names a suit not yet led; the others must follow it and the
    # joker wins. Naming spades draws both defenders' spades, so 5♠ wins the last trick.
    assert solve(NT_JOKER) == {
        "to_play": "N", "best": 2,
        "cards": {"5S": 1, "JK:S": 2, "JK:C": 1, "JK:D": 1, "JK:H": 1},
    }


def test_no_trump_joker_names_a_suit_already_led_by_default() -> None:
    # RULES.md §5 (default any_suit, 002: "do dowolnego koloru"): spades have been led, and
    # the joker may still be named a spade ...
    pos = dict(NT_JOKER, history=[{"leader": "N", "cards": ["AS", "QS", "KS", "JS"]}])
    assert solve(pos)["cards"]["JK:S"] == 2
    # ... but not under the house rule joker_lead="not_yet_led".
    pos["rules"] = {"joker_lead": "not_yet_led"}
    assert solve(pos)["cards"] == {"5S": 1, "JK:C": 1, "JK:D": 1, "JK:H": 1}


def test_no_trump_joker_not_named_as_a_shown_void() -> None:
    # RULES.md §5 joker_lead="not_shown_void" (002's variant, the American rule): East showed
    # void in clubs (discarded 7♠ on a club lead), so East's joker may not be named a club.
    pos = {"contract": "7NT", "declarer": "N", "leader": "E", "trick": [],
           "history": [{"leader": "N", "cards": ["QC", "7S", "KC", "AC"]},
                       {"leader": "W", "cards": ["5D", "6D", "AD", "7D"]}],
           "hands": {"N": ["5S", "9D"], "E": ["JK", "8H"], "S": ["AH", "6S"],
                     "W": ["9H", "8S"]}, "rules": "american"}
    assert sorted(solve(pos)["cards"]) == ["8H", "JK:D", "JK:H", "JK:S"]


def test_no_trump_joker_played_when_void_wins() -> None:
    # RULES.md §5: played when its holder cannot follow, the joker wins the trick.
    pos = {"contract": "7NT", "declarer": "N", "leader": "E", "trick": ["AS"],
           "hands": {"N": ["JK", "5H"], "E": ["KH"], "S": ["6H", "7H"], "W": ["8H", "9S"]}}
    out = solve(pos)
    assert out["to_play"] == "S" and out["best"] == 1


ALL_SUITS_LED = [
    {"leader": "E", "cards": ["JC", "6C", "7C", "AC"]},
    {"leader": "N", "cards": ["JS", "8S", "7S", "5S"]},
    {"leader": "N", "cards": ["QC", "TC", "6H", "8C"]},
    {"leader": "N", "cards": ["QS", "5C", "6S", "AS"]},
    {"leader": "W", "cards": ["KD", "TD", "AD", "JD"]},
    {"leader": "E", "cards": ["9D", "7D", "QD", "4D"]},
    {"leader": "W", "cards": ["QH", "AH", "9H", "JH"]},
    {"leader": "N", "cards": ["TS", "6D", "TH", "9S"]},
]


def test_joker_held_back_when_every_suit_has_been_led() -> None:
    # RULES.md §5 joker_lead="not_yet_led" (a house rule): once every suit has been led the
    # joker can be led only to the last trick.
    pos = {"contract": "8NT", "declarer": "E", "leader": "N", "trick": [],
           "history": ALL_SUITS_LED, "rules": {"joker_lead": "not_yet_led"},
           "hands": {"N": ["8D", "JK"], "E": ["9C", "8H"], "S": ["5D", "5H"],
                     "W": ["KH", "7H"]}}
    # North must lead 8♦ (it wins: East and West have none), then the joker takes the last.
    assert solve(pos) == {"to_play": "N", "best": 0, "cards": {"8D": 0}}


def test_last_trick_joker_is_led_bare() -> None:
    # RULES.md §5, the last-trick exception of the house rule: no suit may be named, the key
    # is plain "JK".
    pos = {"contract": "8NT", "declarer": "E", "leader": "N", "trick": [],
           "rules": {"joker_lead": "not_yet_led"},
           "history": [*ALL_SUITS_LED, {"leader": "N", "cards": ["8D", "8H", "5D", "KH"]}],
           "hands": {"N": ["JK"], "E": ["9C"], "S": ["5H"], "W": ["7H"]}}
    assert solve(pos) == {"to_play": "N", "best": 0, "cards": {"JK": 0}}


MISERE = {"contract": "MIS", "declarer": "S", "leader": "S", "trick": [],
          "hands": {"E": ["KS", "6H"], "S": ["AS", "5H"], "W": ["7H", "8H"]}}


def test_misere_declarer_minimises_own_tricks() -> None:
    # RULES.md §3: the misère declarer must take no trick; the partner (North) sits out.
    # Leading 5♥ lets South discard A♠ on the next heart; leading A♠ takes a trick.
    analysis = analyse(parse_position(MISERE))
    assert analysis.to_json() == {"to_play": "S", "best": 0, "cards": {"AS": 1, "5H": 0}}
    assert not analysis.maximising
    assert analysis.best_plays == tuple(p for p in analysis.values if p.code == "5H")


def test_open_misere_counts_like_misere() -> None:
    assert solve(dict(MISERE, contract="OMIS"))["cards"] == {"AS": 1, "5H": 0}


LOW_JOKER = {"contract": "MIS", "declarer": "S", "leader": "S", "trick": [],
             "hands": {"E": ["KS", "6H"], "S": ["JK", "5S"], "W": ["QS", "7H"]}}


def test_misere_joker_high_by_default() -> None:
    # RULES.md §5: the joker wins any trick it is played to, in misère too: South cannot
    # escape a trick. Naming spades strips the defenders' spades, and naming a suit nobody
    # holds lets them throw theirs, so that 5♠ wins as well.
    assert solve(LOW_JOKER) == {"to_play": "S", "best": 1,
                                "cards": {"5S": 1, "JK:S": 2, "JK:C": 2, "JK:D": 2, "JK:H": 1}}


def test_misere_joker_low_option() -> None:
    # RULES.md §5 joker_low_in_misere: the joker is the lowest card and not a winner; led with
    # a suit nobody holds it is still the only card of that suit and takes the trick.
    out = solve(dict(LOW_JOKER, rules={"joker_low_in_misere": True}))
    assert out == {"to_play": "S", "best": 0,
                   "cards": {"5S": 0, "JK:S": 0, "JK:C": 2, "JK:D": 2, "JK:H": 0}}


def test_six_player_teams_of_three() -> None:
    # RULES.md §1: two teams of three sitting alternately (N SE SW against NE S NW).
    hands = {"N": ["2S"], "NE": ["3S"], "SE": ["4S"], "S": ["5S"], "SW": ["AS"], "NW": ["6S"]}
    pos = {"contract": "6C", "declarer": "N", "leader": "N", "trick": [], "hands": hands,
           "rules": {"players": 6}}
    assert solve(pos)["best"] == 1  # South-West is North's partner
    pos["rules"] = {"players": 6, "six_player_teams": "three_pairs"}
    assert solve(pos)["best"] == 0  # now North's partner is South only


def test_three_players_each_for_themselves() -> None:
    # RULES.md §1: three players, the declarer against the other two.
    pos = {"contract": "6S", "declarer": "N", "leader": "N", "trick": [],
           "hands": {"N": ["AH", "7H"], "E": ["KH", "8H"], "W": ["QH", "JS"]},
           "rules": {"players": 3}}
    # A♥ first takes a trick; 7♥ first loses to Q♥, and West's J♠ (the right bower) then
    # takes the last trick while North's A♥ falls on it.
    assert solve(pos) == {"to_play": "N", "best": 1, "cards": {"AH": 1, "7H": 0}}


# --- the API -----------------------------------------------------------------------------------


def test_value_can_take_and_line_agree() -> None:
    rng = random.Random(7)
    solver = Solver(table_bits=10)
    for _ in range(30):
        state = random_state(rng, tricks_left=rng.randint(2, 5))
        a = solver.analyse(state)
        assert isinstance(a, Analysis)
        assert solver.value(state) == a.best
        assert solver.can_take(state, a.best)
        assert not solver.can_take(state, a.best + 1)
        line = solver.principal_line(state)
        replay = state.copy()
        before = replay.declarer_tricks()
        for play in line:
            replay.push(play)
        assert replay.is_over
        # The line keeps the value: the counted tricks it gives are the position's value.
        assert replay.declarer_tricks() - before == a.best
        assert line[0] in a.best_plays


def test_module_functions_and_positions_or_states() -> None:
    pos = parse_position(MISERE)
    assert value(pos) == 0 and value(pos.to_state()) == 0
    assert can_take(pos, 0) and not can_take(pos, 1)
    assert principal_line(pos)[0].code == "5H"
    state = pos.to_state()
    analyse(state)
    assert Position.from_state(state) == pos  # the caller's state is left unchanged


def test_a_finished_hand_is_an_error() -> None:
    state = parse_position(MISERE).to_state()
    while not state.is_over:
        state.push(state.legal_plays()[0])
    assert state.is_over
    with pytest.raises(SolverError, match="over"):
        analyse(state)
    with pytest.raises(ValueError):
        value(state)


def test_a_state_without_declarer_is_an_error() -> None:
    state = parse_position(NT_JOKER).to_state()
    state.declarer = None
    with pytest.raises(SolverError, match="declarer"):
        analyse(state)


# --- brute-force agreement ---------------------------------------------------------------------


def _endings(seed: int, count: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        players = (3, 4, 6)[i % 3]
        kind = ("suit", "nt", "mis", "omis")[(i // 3) % 4]
        tricks = rng.randint(2, 3 if players == 6 else 4)
        out.append(round_trip(random_state(rng, players=players, kind=kind,
                                           tricks_left=tricks)))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_agrees_with_brute_force(seed: int) -> None:
    # 8 x 250 = 2,000 random endings of 2 to 4 tricks: 3, 4 and 6 players, suit contracts,
    # no trumps and misère with the joker mostly still in play, random rule options, half of
    # them mid-trick. Every legal play's value must match the pure-Python reference.
    solver = Solver(table_bits=12)
    checked = 0
    for state in _endings(seed, 250):
        expected = brute_values(state)
        got = solver.analyse(state)
        assert dict(got.values) == expected, Position.from_state(state).to_json()
        assert got.best == best_value(state, expected)
        assert solver.value(state) == got.best  # the root search path as well
        checked += 1
    assert checked == 250


@pytest.mark.parametrize("seed", range(3))
def test_agrees_with_brute_force_on_five_trick_endings(seed: int) -> None:
    # Longer endings, where the misère "never wins again" bound (`duck_rounds`, `exit_safely`)
    # and the no-trump later-tricks bound (`top_lengths`, DDS's) cut most: 3 x 24 endings of
    # 5 tricks at trick start, 3 and 4 players, misère, open misère, and no trumps with the joker
    # kept in play or mostly played out.
    rng = random.Random(5000 + seed)
    solver = Solver(table_bits=12)
    for i in range(24):
        kind = ("mis", "omis", "nt", "nt")[i % 4]
        state = random_state(rng, players=(3, 4)[i % 2], kind=kind, tricks_left=5,
                             mid_trick=False, keep_joker=0.9 if i % 4 < 3 else 0.0)
        expected = brute_values(state)
        assert dict(solver.analyse(state).values) == expected, Position.from_state(state).to_json()


def test_misere_every_trick_bound_respects_a_defenders_joker() -> None:
    # RULES.md §5: a defender's joker wins the trick it is played to, so a declarer whose cards
    # all top their suits still cannot be made to take all four tricks left (value 3). The
    # kernel's misère bound must not claim all four, whatever bound runs before it in `search`.
    pos = {"contract": "MIS", "declarer": "S", "leader": "E", "trick": [],
           "hands": {"E": ["KS", "TS", "TD", "JK"], "S": ["KC", "JC", "AD", "9H"],
                     "W": ["7S", "9C", "7C", "5H"]}}
    state = parse_position(pos).to_state()
    assert value(state) == 3
    layout = make_layout(state)
    st = state_array(layout, state)
    decided, _, _ = misere_bounds(st, layout.consts, int(st[S_LEADER]), 4)
    assert decided != 1


@pytest.mark.parametrize("seed", range(4))
def test_follower_wins_agrees_with_trick_winner(seed: int) -> None:
    """The move ordering's one-card test against the trick's winner so far decides every
    follower's card as the full trick_winner does (RULES.md §4, §5), in every contract."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(150):
        state = random_state(rng, tricks_left=rng.randint(1, 10), mid_trick=True)
        layout = make_layout(state)
        st = state_array(layout, state)
        cx, bs = layout.consts, layout.suit_of_bit
        tlen, tb = int(st[S_TLEN]), int(st[S_TBASE])
        if tlen == 0:
            continue
        wi = trick_winner(st, cx, bs, tlen)
        wcard = int(st[S_TCARD + tb + wi])
        wsuit = play_suit(cx, bs, wcard, int(st[S_TNAMED + tb + wi]))
        for play in state.legal_plays():
            b = layout.move(play) & 63
            st[S_TCARD + tb + tlen] = b
            st[S_TNAMED + tb + tlen] = -1
            assert follower_wins(cx, bs, b, wcard, wsuit) == (
                trick_winner(st, cx, bs, tlen + 1) == tlen), Position.from_state(state).to_json()
            checked += 1
    assert checked > 300
