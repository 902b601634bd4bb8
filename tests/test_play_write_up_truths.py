"""The play write-ups tell the truth a strong player checked for (issue 27, review of 6 Dec):
on the quoted puzzles' positions (copied from the play bank into
``tests/data/play_write_up_quoted.json``, so a regenerated bank does not move them):

1. an opponent's free choice is not stated as forced (`trainer.generate.write_ups.forced`);
2. "the cards the line names are all in your hand or already played" only when they are
   (`trainer.bots.sampling.state_knowledge`), and at two players the learner's own face-down
   card is a hidden card;
3. no "needs it to be East's" for a card the right line does not rest on;
4. the first sentence is about the puzzle's first decision;
5. no defender's "ruff in the short hand", no "counting out a suit", no "double dummy".

Rules: RULES.md §1 (two players: face-down table cards), §4 (ruffing), §6 (misère).
"""

import json
import re
from pathlib import Path

import pytest

from trainer.bots.sampling import state_knowledge
from trainer.cards import Seat
from trainer.generate.goals import Goal
from trainer.generate.lines import main_line
from trainer.generate.techniques import FactKind, LineKind
from trainer.generate.write_ups.claims import Claim
from trainer.generate.write_ups.forced import escape
from trainer.generate.write_ups.play import PlayWriteUp, false_claims, line_claims
from trainer.generate.write_ups.table_clues import ALL_SEEN
from trainer.notation import parse_play, parse_position
from trainer.solver import Solver

SOLVER = Solver()
QUOTED = json.loads((Path(__file__).parent / "data" / "play_write_up_quoted.json")
                    .read_text(encoding="utf-8"))
_OWNED = re.compile(r"(North|East|South|West)'s (10|[2-9AKQJ])([♠♣♦♥])")
_SUIT = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


def quoted(pid: str) -> PlayWriteUp:
    record = QUOTED[pid]
    state = parse_position(record["position"]).to_state()
    return line_claims(main_line(state, Seat(record["learner"]), Goal.from_json(record["goal"]),
                                 SOLVER), SOLVER)


def first_trick(w: PlayWriteUp) -> int:
    return len(w.line.start.history) + 1


# --- 1. an opponent's free choice -------------------------------------------------------------

def test_south_may_ruff_the_ace_of_clubs_at_no_cost():
    # p0000301, 7♦ by South, East defends: after A♥ (trick 6) East leads A♣ at trick 7; South,
    # void in clubs, may ruff it with J♦ or 9♦ or throw a heart: all keep the declarer's best
    w = quoted("p0000301")
    assert w.text.startswith("Taking your sure trick: lead A♥"), w.text
    assert "your A♣ wins trick 7." not in w.text
    assert false_claims(w, SOLVER) == []
    # the fact "East's A♣ wins trick 7" on the right line is South's choice
    info = w.line.decisions[1]
    assert info.main == parse_play("AC")
    fact = next(f for c in quoted_cashing(w) for f in c.facts
                if f.kind is FactKind.WINS and f.trick == 7)
    got = escape(w.line, fact, SOLVER)
    assert got is not None and got.seat is Seat.S and got.ruff
    # stated as forced, the checker refuses it
    bad = PlayWriteUp(w.line, (Claim("your A♣ wins trick 7.", (fact,)),), None)
    assert false_claims(bad, SOLVER) == [(bad.claims[0], fact)]


def quoted_cashing(w: PlayWriteUp) -> tuple[Claim, ...]:
    """The cashing claim at trick 7 the old write-up made, rebuilt from the technique."""
    from trainer.generate.techniques import TechniqueKey, recognise
    from trainer.generate.techniques.view import LineView
    from trainer.generate.write_ups.technique_words import plan_claims

    cash = next(t for t in recognise(w.line, SOLVER) if t.key is TechniqueKey.CASHING)
    assert cash.decision == 1
    return tuple(plan_claims(LineView(w.line, SOLVER), cash))


def test_west_is_not_made_to_take_the_trick_he_may_duck():
    # p0001433, misère by West, North defends and leads 5♥: West may play Q♥, 9♥, 6♥ or 4♥,
    # every one as good for him; the write-up does not say he is made to take trick 5
    w = quoted("p0001433")
    assert "made to take trick 5" not in w.text
    assert "the declarer cannot avoid a trick" in w.text
    assert "gives a trick away" not in w.text  # in misère defence the defence wants a trick
    assert "lets the declarer off at trick 5" in w.text
    assert false_claims(w, SOLVER) == []


# --- 2. what the learner can see -------------------------------------------------------------

@pytest.mark.parametrize("pid", ["p0002296", "p0000033", "p0000892"])
def test_all_seen_only_when_every_card_named_is_seen(pid):
    w = quoted(pid)
    state = w.line.start
    unseen = {str(c) for c in state_knowledge(state, w.line.learner).unseen}
    named = {(r + _SUIT[s]).replace("10", "T") for _, r, s in _OWNED.findall(w.text)}
    if ALL_SEEN in w.text or "the cards that matter are all in your hand" in w.text:
        assert not named & unseen, (w.text, named & unseen)
    assert "you cannot, for the cards" not in w.text
    assert false_claims(w, SOLVER) == []


def test_the_west_six_of_clubs_is_a_hidden_card():
    # p0000033: the line names West's 6♣, which South cannot see: the clue is about it
    w = quoted("p0000033")
    assert "6♣" in w.claims[-1].text and ALL_SEEN not in w.text, w.text


def test_two_players_your_own_face_down_card_is_hidden():
    # p2000039, 2 players: the plan rests on North's own 8♣, face down on his side of the table
    w = quoted("p2000039")
    state = w.line.start
    assert parse_play("8C").card in state_knowledge(state, Seat.N).unseen
    assert w.claims[-1].text.startswith(
        "How you would know: you cannot, for your 8♣ lies face down on your side of the table")
    assert "lies face up" not in w.claims[-1].text
    assert false_claims(w, SOLVER) == []


# --- 3. a condition the sure trick does not need ---------------------------------------------

def test_the_sure_trick_needs_nothing_of_the_ace_of_spades():
    # p0002066, 6NT: cashing A♥ does not depend on the A♠ (only K♠, the wrong lead, loses to it)
    w = quoted("p0002066")
    assert w.text.startswith("Taking your sure trick: lead A♥")
    assert "needs it to be" not in w.text
    assert "nothing you have seen places the A♠" in w.claims[-1].text
    assert false_claims(w, SOLVER) == []


# --- 4. the first decision first --------------------------------------------------------------

@pytest.mark.parametrize(("pid", "start"), [
    ("p0000193", "Keeping your winner: throw Q♠"),  # not the ruff at trick 7
    ("p0000351", "Play Q♥"),  # not the A♥ at trick 9
    ("p0002296", "Ducking under: play 8♦ under North's 10♦"),  # not the A♦ at trick 8
    ("p0000301", "Taking your sure trick: lead A♥"),  # not the A♣ at trick 7
])
def test_the_first_sentence_is_about_the_first_decision(pid, start):
    w = quoted(pid)
    assert w.text.startswith(start), w.text
    head = w.claims[0]
    assert all(f.decision == 0 for f in head.facts), head
    m = re.match(r"[^.]*?, at trick (\d+):", head.text)
    assert m is None or int(m.group(1)) == first_trick(w)
    assert false_claims(w, SOLVER) == []


def test_a_later_technique_follows_as_a_second_point():
    # p0000351: Q♥ wins trick 8, and A♥ is cashed at trick 9
    w = quoted("p0000351")
    assert "Later, at trick 9, taking your sure trick: lead A♥" in w.text
    assert w.claims[-1].text.startswith("How you would know: ")


# --- 5. names a strong player would use -------------------------------------------------------

def test_a_defenders_ruff_is_not_in_the_short_hand():
    w = quoted("p0001435")  # 6♠ by the declarer's side; East defends and ruffs with 8♠
    assert w.line.learner not in w.line.start.rules.side_of(w.line.start.declarer)
    assert w.text.startswith("A ruff: ruff with 8♠"), w.text
    assert "short hand" not in w.text


def test_running_a_suit_is_not_counting_it():
    w = quoted("p0000068")
    assert w.text.startswith("Setting up a winner: lead A♠"), w.text
    assert "ount" not in w.text.split(".")[0]


@pytest.mark.parametrize("pid", sorted(QUOTED))
def test_no_double_dummy_and_every_claim_holds(pid):
    w = quoted(pid)
    assert "double dummy" not in w.text
    assert w.claims[-1].text.startswith("How you would know: ")
    assert len(w.claims) <= 5
    assert not [f for c in w.claims for f in c.facts
                if f.line is LineKind.RIGHT and f.kind is FactKind.WINS and f in c.choice
                and escape(w.line, f, SOLVER) is None]  # a choice is said only of a choice
