"""Play-puzzle generator version 3 (issue 28): the auction's contract, histories played by the
easy bots, real decisions with plausible cards, and beginners' puzzles marked in the record.

RULES.md §3 (the auction), §4 (following suit), §5 (the joker at no trumps).
"""

import random

import pytest

from trainer.cards import deal
from trainer.generate.bot_tries import bot_solves
from trainer.generate.goals import Goal, judge
from trainer.generate.play_puzzles import KINDS, deal_hand, generate_play_puzzle
from trainer.generate.play_steps import GENERATOR_VERSION, _auction, declare, find_moments
from trainer.generate.real_decisions import (
    BEGINNER_EVERY,
    beginner_seed,
    plausible_classes,
    throws_winner,
)
from trainer.generate.records import PlayPuzzle
from trainer.generate.write_ups.play import false_claims, play_claims, play_write_up
from trainer.notation import parse_play, parse_position
from trainer.policy import choose_play
from trainer.rules import ruleset
from trainer.solver import Solver

SOLVER = Solver()
AUS = ruleset()
SEEDS = (1, 3, 8, 11, 12, 15, 20)  # each gives a puzzle (kinds by seed % 6; 15, 20 beginners')


@pytest.fixture(scope="module")
def generated():
    return {s: generate_play_puzzle(s, SOLVER) for s in SEEDS}


def start_of(puzzle: PlayPuzzle):
    """The puzzle's deal in play before its first trick (each seat's cards now and those it
    played), and the cards played since, trick by trick (the current trick last)."""
    pos = puzzle.position.to_json()
    hands = {s: list(c) for s, c in pos["hands"].items()}
    seats = [s for s in "NESW" if s in hands]  # a misère declarer's partner is out of play
    tricks = [*(pos.get("history") or []), {"leader": pos["leader"], "cards": pos["trick"]}]
    for trick in tricks:
        at = seats.index(trick["leader"])
        for k, code in enumerate(trick["cards"]):
            hands[seats[(at + k) % len(seats)]].append(code.split(":")[0])
    state = parse_position({**pos, "hands": hands, "history": [], "trick": [],
                            "leader": tricks[0]["leader"]}).to_state()
    return state, tricks


def test_version_three_records(generated):
    for seed, puzzle in generated.items():
        assert puzzle is not None, seed
        assert puzzle.generator == {"name": "play", "version": 3, "seed": seed,
                                    "kind": KINDS[seed % 6]}
        assert GENERATOR_VERSION == 3
        assert PlayPuzzle.from_json(puzzle.to_json()).to_json() == puzzle.to_json()


def test_write_ups_are_the_fillers_and_every_claim_holds(generated):
    """The generator's write-up is the one `write-ups play` fills from the record (issue 27),
    names a technique or the line, and the claim checker finds no false claim."""
    for puzzle in generated.values():
        assert play_write_up(puzzle, SOLVER) == puzzle.write_up, puzzle.id
        assert 2 <= puzzle.write_up.count(". ") + 1 <= 8, puzzle.write_up
        assert false_claims(play_claims(puzzle, SOLVER), SOLVER) == [], puzzle.id


def test_histories_are_the_easy_bots_cards(generated):
    """Every card before the puzzle's position is the one the rules of thumb play there."""
    checked = 0
    for puzzle in generated.values():
        state, history = start_of(puzzle)
        for trick in history:
            for code in trick["cards"]:
                assert choose_play(state, misere_defence=True) == parse_play(code), puzzle.id
                state.push(parse_play(code))
                checked += 1
        assert state.tricks_left == puzzle.position.to_state().tricks_left
    assert checked >= 7 * 16


def test_the_contract_is_the_auctions():
    """A deal whose policy auction ends in another kind of contract is dropped; else the
    contract, its level and its declarer are the auction's (no level set at the moment)."""
    rng = random.Random(7)
    seen = {"dropped": 0, "kept": 0}
    for _ in range(40):
        d = deal(rng.randrange(2**31), 4, AUS.deck, rng.choice(AUS.seats))
        state = random.getstate()
        auction = _auction(random.Random(1), AUS, d.hands)
        declared = declare(random.Random(1), "suit_declarer", AUS, d)
        random.setstate(state)
        if auction.contract is None or auction.contract.trump is None:
            assert declared is None
            seen["dropped"] += 1
        else:
            assert declared is not None and declared[:2] == (auction.contract,
                                                             auction.declarer)
            seen["kept"] += 1
    assert seen["dropped"] >= 1 and seen["kept"] >= 30
    # and version 2 declared another kind's contract itself
    assert declare(random.Random(1), "misere_declarer", AUS, d, version=2) is not None


def test_moments_keep_the_auction_level():
    found = 0
    for seed in range(12340, 12360):
        state = deal_hand(seed, "suit_defence", AUS, SOLVER)
        if state is None:
            continue
        contract = state.contract
        moments = find_moments(random.Random(3), "suit_defence", state, SOLVER)
        assert all(m[0].contract == contract for m in moments)
        found += len(moments)
    assert found >= 1  # moments with the auction's level are rarer than at the edge level


def test_real_decisions_and_beginners(generated):
    """A puzzle of an ordinary seed is one the easy level fails; of a beginners' seed (one in
    five) one it solves, marked so in its record; either has two plausible cards or more."""
    kinds = {"real": 0, "beginner": 0}
    for seed, puzzle in generated.items():
        first = puzzle.solution[0]
        state = first.position.to_state()
        verdicts = judge(SOLVER.analyse(state), state, puzzle.goal, 0)
        assert len(plausible_classes(state, verdicts)) >= 2, seed
        assert puzzle.beginner == beginner_seed(seed) == (seed % BEGINNER_EVERY == 0)
        assert bot_solves(puzzle, "easy", 0, SOLVER) == puzzle.beginner, seed
        assert ("beginner" in puzzle.to_json()) == puzzle.beginner
        kinds["beginner" if puzzle.beginner else "real"] += 1
    assert kinds == {"real": 5, "beginner": 2}


def test_an_old_record_is_no_beginners_puzzle(generated):
    rec = generated[1].to_json()
    assert "beginner" not in rec
    assert PlayPuzzle.from_json(rec).beginner is False
    assert PlayPuzzle.lazy(rec).beginner is False
    beginner = generated[15].to_json()
    assert beginner["beginner"] is True and PlayPuzzle.lazy(beginner).beginner is True


def ending(contract, leader, hands, trick=()):
    return parse_position({"contract": contract, "declarer": "S", "leader": leader,
                           "hands": {s: c.split() for s, c in hands.items()},
                           "trick": list(trick)}).to_state()


def test_a_thrown_winner_is_not_plausible():
    # 6NT. West leads 9♦; South, void in diamonds, holds A♠ (the best spade left: K♠ Q♠ are
    # unseen but below it), K♥ (below the unseen A♥) and 7♣. Throwing A♠ throws a winner;
    # K♥ and 7♣ are ordinary discards.
    state = ending("6NT", "W", {"N": "8D 5C 6C", "E": "TD 5S 6S", "S": "AS KH 7C",
                                "W": "JD 7S"}, ["9D"])
    assert state.to_play.value == "N"
    state.push(parse_play("8D"))
    state.push(parse_play("TD"))
    assert state.to_play.value == "S"
    assert throws_winner(state, parse_play("AS"))
    assert not throws_winner(state, parse_play("KH"))
    assert not throws_winner(state, parse_play("7C"))
    # in misère nothing is a thrown winner
    mis = ending("MIS", "W", {"E": "TD 5S", "S": "AS KH", "W": "6S"}, ["9D"])
    mis.push(parse_play("TD"))
    assert not throws_winner(mis, parse_play("AS"))


def test_plausible_classes_count_the_rules_of_thumb_card():
    # The ending above: the solver gives South's side 2 of the 3 tricks after 7♣ or K♥ and none
    # after A♠ (East's spades then take them). Goal 2: 7♣ and K♥ right; A♠ wrong, a thrown
    # winner, and not the rules of thumb's card (7♣, the lowest from the shortest suit).
    state = ending("6NT", "W", {"N": "8D 5C 6C", "E": "TD 5S 6S", "S": "AS KH 7C",
                                "W": "JD 7S"}, ["9D"])
    state.push(parse_play("8D"))
    state.push(parse_play("TD"))
    verdicts = judge(SOLVER.analyse(state), state, Goal(True, 2), 0)
    assert [p.code for p in verdicts.right] == ["7C", "KH"]
    assert choose_play(state, misere_defence=True) == parse_play("7C")
    assert [g[0].code for g in plausible_classes(state, verdicts)] == ["7C", "KH"]
    # goal 3, out of reach: no card is right; A♠ is still a thrown winner, 7♣ and K♥ are not
    none = judge(SOLVER.analyse(state), state, Goal(True, 3), 0)
    assert none.right == () and [g[0].code for g in plausible_classes(state, none)] \
        == ["7C", "KH"]


def test_a_three_player_puzzle_names_its_rules():
    three = ruleset({"players": 3})
    puzzle = generate_play_puzzle(5000001, SOLVER, rules=three)
    assert puzzle is not None and puzzle.generator == {
        "name": "play", "version": 3, "seed": 5000001, "kind": "nt_defence",
        "rules": {"players": 3}}
    assert len(puzzle.position.to_state().seats) == 3
    again = generate_play_puzzle(5000001, SOLVER, rules=ruleset(puzzle.generator["rules"]))
    assert again is not None and again.to_json() == puzzle.to_json()
