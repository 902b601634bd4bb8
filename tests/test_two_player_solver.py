"""The 2-player solver against a brute-force reference: exact double-dummy values, checked on
at least 500 small 2-player endings (RULES.md §1, §5; 002, "Wersja dla 2 graczy")."""

from __future__ import annotations

import json
import random

import pytest
from two_player_reference import brute_value, brute_values

from trainer.__main__ import main
from trainer.bidding import parse_bid
from trainer.cards import JOKER, SUITS, deal
from trainer.errors import TrainerError
from trainer.notation import parse_position
from trainer.notation_two import TablePosition
from trainer.rules import ruleset
from trainer.solver import Solver, analyse, can_take, principal_line, value
from trainer.two_player import TablePlayState, start_table_play

RULE_OPTIONS = [
    {"players": 2},
    {"players": 2, "joker_lead": "not_shown_void"},
    {"players": 2, "joker_lead": "not_yet_led"},
    {"players": 2, "nominate_joker": False, "first_lead": "dealer_left"},
]
CONTRACTS = ["6S", "7C", "8D", "7H", "6NT", "8NT", "7NT"]
CHUNKS = 10
PER_CHUNK = 55  # 550 endings in all


def ending(seed: int) -> TablePlayState:
    """A random 2-player ending: 2 to 4 tricks left, sometimes mid-trick, every contract kind
    (no trumps with the joker in play, nominated or free), several rule options."""
    rng = random.Random(seed)
    rules = ruleset(RULE_OPTIONS[seed % len(RULE_OPTIONS)])
    contract = parse_bid(CONTRACTS[seed % len(CONTRACTS)])
    while True:
        d = deal(rng.randrange(10**6), players=2, dealer=rng.choice(rules.seats))
        if contract.trump is None and JOKER in d.kitty:
            continue  # no trumps: keep the joker in play
        break
    declarer = rng.choice(rules.seats)
    pool = [c for c in list(d.hands[declarer]) + list(d.kitty) if c != JOKER]
    discard = rng.sample(pool, 3)
    joker_suit = None
    face_up = [up for _, up in d.tables[declarer]] if d.tables else []
    holds = JOKER in d.hands[declarer] or JOKER in face_up
    if contract.trump is None and rules.nominate_joker and holds and rng.random() < 0.4:
        joker_suit = rng.choice(SUITS)
    state = start_table_play(d, contract, declarer, discard, rules, joker_suit)
    left = rng.choice((2, 2, 2, 2, 3, 3, 3, 3, 3, 4))  # the brute force is slow at 4
    while state.tricks_left > left:
        state.push(rng.choice(state.legal_plays()))
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        state.push(rng.choice(state.legal_plays()))
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solver_matches_brute_force(chunk):
    solver = Solver()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        state = ending(seed)
        want = brute_values(state)
        got = solver.analyse(state)
        assert dict(got.values) == want, (seed, TablePosition.from_state(state).to_json())
        best = max(want.values()) if state.to_play is state.declarer else min(want.values())
        assert got.best == best == solver.value(state)
        assert solver.can_take(state, best) and not solver.can_take(state, best + 1)


def test_principal_line_keeps_the_value():
    for seed in range(40):
        state = ending(seed)
        line = principal_line(state)
        target = value(state)
        assert target == brute_value(state)
        work = state.copy()
        taken = 0
        for play in line:
            done = work.push(play)
            if done is not None and work.trick_winner_seat(done) is work.declarer:
                taken += 1
        assert work.is_over and taken == target


def test_position_and_state_agree():
    state = ending(7)
    position = TablePosition.from_state(state)
    assert analyse(position) == analyse(state)
    assert can_take(position, 0)


FULL = {
    "contract": "7H", "declarer": "N", "leader": "N", "lead_from": "hand",
    "rules": {"players": 2},
}


def test_full_deal_solves():
    """A whole 10-trick 2-player deal: every opening lead valued (double dummy)."""
    rules = ruleset({"players": 2})
    d = deal(3, players=2)
    state = start_table_play(d, parse_bid("7H"), d.dealer, list(d.kitty), rules)
    result = Solver().analyse(state)
    assert result.tricks_left == 10 and len(result.values) == 10
    assert 0 <= result.best <= 10


def test_cli_solve_two_players(capsys, tmp_path):
    obj = {
        "contract": "7H", "declarer": "N", "leader": "N", "lead_from": "hand",
        "hands": {"N": ["AS", "KS"], "S": ["QS", "4H"]},
        "tables": {"N": [["9C"], ["7C"], [], [], []], "S": [["6D", "QH"], [], [], [], []]},
        "rules": {"players": 2},
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj))
    assert main(["solve", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    # N's A♠ and K♠ lose: S trumps the first trick with the table Q♥ (hearts are trumps), then
    # leads the table 6♦, and trumps again with the hand 4♥.
    assert out == {"to_play": "N", "best": 0, "cards": {"AS": 0, "KS": 0}}
    obj["tables"]["S"] = [["6D", "QD"], [], [], [], []]
    path.write_text(json.dumps(obj))
    assert main(["solve", str(path)]) == 0
    # Now N's A♠ wins the first trick, but S, void in spades, trumps the K♠ with the 4♥.
    assert json.loads(capsys.readouterr().out) == {"to_play": "N", "best": 1,
                                                    "cards": {"AS": 1, "KS": 1}}


def test_over_hand_refused():
    state = ending(3)
    while not state.is_over:
        state.push(state.legal_plays()[0])
    with pytest.raises(TrainerError, match="over"):
        analyse(state)


def test_bad_position_through_solve(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(dict(FULL, hands={"N": ["AS"], "S": ["AS"]})))
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_parse_then_solve_round_trip():
    state = ending(11)
    obj = TablePosition.from_state(state).to_json()
    assert analyse(parse_position(obj)).values == analyse(state).values
