"""Keeping a winner, a sure trick first (`trainer.generate.techniques.keeping`) and the odds
behind "how you would know" (`trainer.generate.techniques.layouts`, the ``LAYOUTS`` fact and
`trainer.generate.write_ups.table_clues.odds_claim`): hand-made endings worked out by hand in
the comments, the count replayed by the claim checker and refused when altered, the view the
layouts are dealt from, and bank puzzles whose odds sentence is checked against fresh layouts
dealt with another seed.

Rules: RULES.md §4 (following suit; at no trumps the highest card of the suit led wins), §5
(the joker: here in the discard, out of play). Seats N E S W clockwise. Every ending has the
declarer S as the learner, so the cards in no hand are the declarer's own discard, in view.
"""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from trainer.bots.sampling import state_knowledge
from trainer.cards import Seat
from trainer.generate.goals import Goal
from trainer.generate.lines import main_line
from trainer.generate.records import load_play_puzzles
from trainer.generate.techniques import (
    FactKind,
    TechniqueKey,
    fact_holds,
    main_technique,
    recognise,
)
from trainer.generate.techniques.layouts import layout_count, own_discard
from trainer.generate.write_ups.play import false_claims, line_claims, play_claims, sentences
from trainer.notation import parse_play, parse_position
from trainer.solver import Solver

SOLVER = Solver()
BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"
K = TechniqueKey


def position(leader, hands, trick=()):
    return parse_position({
        "contract": "6NT", "declarer": "S", "leader": leader,
        "hands": {seat: cards.split() for seat, cards in hands.items()}, "trick": list(trick),
        "history": []})


def line_of(pos, goal):
    state = pos.to_state()
    return main_line(state, state.to_play, goal, SOLVER)


def codes(t):
    return [(f.line.value, f.wrong.code if f.wrong else None, f.kind.value, f.seat.value,
             f.card.code if f.card else None, f.trick) for f in t.facts]


# 6NT, S needs 1 of the last 2. W led K♥ (N 6♦, E 8♦); S has no heart. Throwing 5♠ keeps A♣:
# W, left with Q♣ only, must lead it to trick 2 and A♣ wins. Throwing A♣ leaves 5♠, and
# W's Q♣ wins trick 2: no trick.
KEEP = (position("W", {"W": "QC", "N": "7D", "E": "9D", "S": "AC 5S"}, ["KH", "6D", "8D"]),
        Goal(True, 1))
# 6NT, S on lead needs 1 of 2. A♥, the master heart, wins trick 1 (no trumps, the joker out of
# play). 5♠ instead runs into W's A♠; W cashes K♠, S (no spade) throws A♥: no trick.
SURE = (position("S", {"S": "AH 5S", "W": "AS KS", "N": "6D 7D", "E": "8D 9D"}),
        Goal(True, 1))


def test_the_endings_are_what_the_comments_say():
    from trainer.generate.goals import judge

    for (pos, goal), right in ((KEEP, ["5S"]), (SURE, ["AH"])):
        state = pos.to_state()
        verdicts = judge(SOLVER.analyse(state), state, goal, 0)
        assert sorted(p.code for p in verdicts.right) == right


def test_keeping_a_winner_when_discarding():
    line = line_of(*KEEP)
    t = main_technique(line, SOLVER)
    assert t is not None and t.key is K.KEEPING_WINNER and t.name == "keeping your winner"
    assert t.play.code == "5S" and t.wrong.code == "AC"
    assert codes(t) == [("right", None, "discards", "S", "5S", 1),
                        ("right", None, "wins", "S", "AC", 2),
                        ("refutation", "AC", "wins", "W", "QC", 2)]
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)


def test_a_sure_trick_before_leading_into_the_ace():
    line = line_of(*SURE)
    t = main_technique(line, SOLVER)
    assert t is not None and t.key is K.SURE_TRICK and t.name == "taking your sure trick"
    assert codes(t) == [("right", None, "wins", "S", "AH", 1),
                        ("refutation", "5S", "wins", "W", "AS", 1)]
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)


def test_near_misses_of_the_plain_techniques():
    # SURE: S is on lead, no discard: keeping a winner does not fire; KEEP: S follows to no
    # lead of its own: no sure trick
    assert K.KEEPING_WINNER not in {t.key for t in recognise(line_of(*SURE), SOLVER)}
    assert K.SURE_TRICK not in {t.key for t in recognise(line_of(*KEEP), SOLVER)}


def test_the_declarer_sees_its_own_discard():
    state = SURE[0].to_state()
    discard = own_discard(state, Seat.S)
    assert len(discard) == len(state.rules.pack) - 8 and parse_play("JK").card in discard
    assert own_discard(state, Seat.W) == ()  # a defender never sees it
    know = state_knowledge(state, Seat.S, discard)
    # only the six cards in the other hands are unseen, two to each hand
    assert sorted(c.code for c in know.unseen) == sorted(["AS", "KS", "6D", "7D", "8D", "9D"])
    assert sorted((p.name, p.size) for p in know.places) == [("E", 2), ("N", 2), ("W", 2)]


def test_the_odds_sentence_on_a_safe_play():
    # A♥ wins trick 1 on any placing of the six hidden cards: on every layout it takes the one
    # trick needed. The sentence says it works whatever the layout, and its count replays.
    line = line_of(*SURE)
    w = line_claims(line, SOLVER)
    clue = w.claims[-1]
    assert clue.text.startswith("How you would know: ")
    assert "works whatever the layout" in clue.text, clue.text
    (fact,) = [f for f in clue.facts if f.kind is FactKind.LAYOUTS]
    n, right, wrong = fact.count
    assert (n, right) == (48, 48) and 0 <= wrong < 48
    assert f"on only {wrong}" in clue.text
    assert false_claims(w, SOLVER) == []
    # another seed deals other layouts: A♥ still works on every one
    fresh = layout_count(line.decisions[0].state, Seat.S, line.goal, 0, parse_play("AH"),
                         parse_play("5S"), SOLVER, seed=99)
    assert fresh.right == fresh.layouts == 48


def test_the_checker_refuses_an_altered_count():
    line = line_of(*SURE)
    w = line_claims(line, SOLVER)
    clue = w.claims[-1]
    (fact,) = [f for f in clue.facts if f.kind is FactKind.LAYOUTS]
    n, right, wrong = fact.count
    for count in ((n, right - 1, wrong), (n, right, wrong + 1)):
        assert not fact_holds(line, replace(fact, count=count), SOLVER)
    assert not fact_holds(line, replace(fact, trick=fact.trick + 1), SOLVER)
    assert fact_holds(line, fact, SOLVER)


def test_the_plain_techniques_write_ups():
    w = line_claims(line_of(*KEEP), SOLVER)
    assert w.text.startswith("Keeping your winner: throw 5♠")
    assert "A♣" in sentences(w.text)[0] and "your A♣ wins trick 2" in sentences(w.text)[0]
    assert sentences(w.text)[1].startswith("Throwing A♣ at once")  # A♣ is played later
    assert "West's Q♣ wins trick 2" in sentences(w.text)[1]
    assert false_claims(w, SOLVER) == []
    w = line_claims(line_of(*SURE), SOLVER)
    assert w.text.startswith("Taking your sure trick: lead A♥")
    assert "West's A♠ wins trick 1" in sentences(w.text)[1]
    assert false_claims(w, SOLVER) == []


# --- bank positions: the odds sentence against fresh layouts -----------------------------------


@pytest.fixture(scope="module")
def bank():
    return {p.id: p for p in load_play_puzzles(BANK, lazy=True)}


def test_the_odds_hold_on_fresh_layouts(bank):
    """For a sample of bank puzzles whose clue gives the odds, 40 layouts dealt with another
    seed agree with the sentence: a card said to work on every layout works on at least 44 of
    the fresh ones, a card said to be the better odds is not clearly worse there, and the counts
    move by at most 15 of 48 (three standard deviations), 5 on average."""
    checked = 0
    spread: list[int] = []
    for pid in sorted(bank)[::60]:
        w = play_claims(bank[pid], SOLVER)
        odds = [f for f in w.claims[-1].facts if f.kind is FactKind.LAYOUTS]
        if not odds:
            continue
        (fact,) = odds
        n, right, wrong = fact.count
        line = w.line
        fresh = layout_count(line.decisions[fact.decision].state, line.learner, line.goal,
                             len(line.start.history), fact.card, fact.wrong, SOLVER,
                             layouts=n, seed=12345)
        text = w.claims[-1].text
        if "works whatever the layout" in text:
            assert right == n and fresh.right >= n - 4, (pid, fact.count, fresh)
        if "better odds:" in text or "percentage play" in text or "odds are with it" in text:
            assert right > wrong and fresh.right + 8 >= fresh.wrong, (pid, fact.count, fresh)
        # two counts of 48 layouts differ by about 5 (one standard deviation) at most
        assert abs(fresh.right - right) <= 15, (pid, fact.count, fresh)
        if wrong >= 0:
            assert abs(fresh.wrong - wrong) <= 15, (pid, fact.count, fresh)
        spread.append(abs(fresh.right - right))
        figures = re.findall(r"(?<![\w♠♣♦♥])\d+\b(?![♠♣♦♥])", w.claims[-1].text)
        assert str(n) in figures and (right == n or str(right) in figures), (pid, figures)
        checked += 1
    assert checked >= 20
    assert sum(spread) / len(spread) <= 5  # on average the counts agree closely
