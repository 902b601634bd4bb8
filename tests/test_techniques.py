"""The techniques catalogue (`trainer.generate.techniques`): each recogniser on a hand-made
ending where the answer is worked out by hand in the comment, and a near-miss where it must not
fire; the facts' values; every fact replayed by the engine (`fact_holds`); and the puzzles of
issue 27 rebuilt from the shipped bank as the generator builds them.

Rules: RULES.md §2 (bowers; the joker the highest trump), §4 (following suit, ruffing), §5
(the free joker at no trumps wins when played void; led, its holder names the suit), §6
(misère: the declarer must take no trick; the partner sits out). The 43-card pack has no 4♠
or 4♣ (§1). Seats N E S W clockwise; at three players N E W.
"""

from pathlib import Path

import pytest

from trainer.generate.goals import Goal
from trainer.generate.lines import main_line
from trainer.generate.records import load_play_puzzles
from trainer.generate.techniques import (
    CATALOGUE,
    PRECEDENCE,
    FactKind,
    LineKind,
    TechniqueKey,
    fact_holds,
    main_technique,
    recognise,
)
from trainer.notation import parse_position
from trainer.solver import Solver

SOLVER = Solver()
BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"
K = TechniqueKey


def position(contract, declarer, leader, hands, trick=(), rules=None):
    obj = {"contract": contract, "declarer": declarer, "leader": leader,
           "hands": {seat: cards.split() for seat, cards in hands.items()},
           "trick": list(trick)}
    if rules is not None:
        obj["rules"] = rules
    return parse_position(obj)


def line_of(pos, goal):
    state = pos.to_state()
    return main_line(state, state.to_play, goal, SOLVER)


def found(pos, goal):
    line = line_of(pos, goal)
    return line, {t.key: t for t in recognise(line, SOLVER)}


def facts(t):
    """(line, wrong card code or None, kind, seat, card code or None, trick) of each fact."""
    return [(f.line.value, f.wrong.code if f.wrong else None, f.kind.value, f.seat.value,
             f.card.code if f.card else None, f.trick) for f in t.facts]


# name: (position, goal)
ENDINGS = {
    # Hearts trumps, S to win all 3. J♥ first draws E's 4♥, the last trump; A♠ first, E (void
    # in spades) ruffs it with 4♥ in trick 1.
    "draw": (position("8H", "S", "S", {"N": "5C 6C 7C", "E": "4H 9D 8D", "S": "JH AS KS",
                                       "W": "QS JS TS"}), Goal(True, 3)),
    # Hearts trumps, S needs both. 5♣: N (void in clubs) ruffs with 9♥, leads 5♠ and S ruffs
    # with J♥. J♥ first only draws N's 9♥ (the opponents have no trump) and W's A♣ wins.
    "ruff_not_draw": (position("6H", "S", "S", {"N": "9H 5S", "E": "7S 8D", "S": "JH 5C",
                                                "W": "AC KC"}), Goal(True, 2)),
    # Spades trumps, S needs 1 of 2. A♥ now wins (W follows with 6♥). 5♣ first: W throws 6♥
    # (ruffing with 7♠ would give S the A♥), E wins with K♣ and leads 8♣, S must play A♥ and
    # W, now void in hearts, ruffs it with 7♠ in trick 2.
    "cash": (position("6S", "S", "S", {"N": "8D 9D", "E": "KC 8C", "S": "AH 5C",
                                       "W": "6H 7S"}), Goal(True, 1)),
    # The near-miss: W holds 7♦, no trump. A♥ is still right (after 5♣ E's clubs keep the lead
    # and S must throw the A♥ on 8♣), but nobody ruffs it: no cashing before a ruff.
    "cash_near": (position("6S", "S", "S", {"N": "8D 9D", "E": "KC 8C", "S": "AH 5C",
                                            "W": "6H 7D"}), Goal(True, 1)),
    # Hearts trumps, S declares, E defends (E-W need 1 of 2). W led 5♣, N ruffed with 7♥, N's
    # only trump. E overruffs with 9♥ and wins trick 1 (S follows 8♣). Throwing 6♦ lets N's 7♥
    # win; N leads Q♦, E ruffs with 9♥ and S overruffs with 10♥: none.
    "overruff": (position("7H", "S", "W", {"N": "QD", "E": "9H 6D", "S": "8C TH", "W": "KC"},
                          trick=["5C", "7H"]), Goal(False, 1)),
    # Hearts trumps, S declares, E leads, E-W need 1 of 2. 7♠ (S and W void in spades): S must
    # ruff; with 8♥ W overruffs with K♥, with A♥ W's K♥ is then the master and wins trick 2.
    # 5♦ instead: S ruffs, W must follow with 9♦, and S's A♥ draws the K♥: none.
    "promotion": (position("7H", "S", "E", {"N": "6S 6D", "E": "7S 5D", "S": "AH 8H",
                                            "W": "KH 9D"}), Goal(False, 1)),
    # Hearts trumps; W leads A♣, N (declarer's side, void in clubs: J♦ is a heart) ruffs with
    # J♦, the left bower, and wins trick 1. Throwing 8♦ lets A♣ win, and W's joker then draws
    # the J♦ in trick 2.
    "left_bower": (position("7H", "S", "W", {"N": "JD 8D", "E": "5S 6S", "S": "7S 8S",
                                             "W": "JK"}, trick=["AC"]), Goal(True, 1)),
    # The near-miss: N holds the right bower J♥: the same ruff, but no left bower.
    "left_bower_near": (position("7H", "S", "W", {"N": "JH 8D", "E": "5S 6S", "S": "7S 8S",
                                                  "W": "JK"}, trick=["AC"]), Goal(True, 1)),
    # No trumps, S needs both: W led 9♣, N 6♦, E 7♦; S (void in clubs) plays the free joker,
    # which wins trick 1, then A♥. Throwing A♥ leaves 9♣ winning trick 1.
    "joker_void": (position("6NT", "S", "W", {"N": "6S", "E": "7S", "S": "JK AH", "W": "8C"},
                            trick=["9C", "6D", "7D"]), Goal(True, 2)),
    # Hearts trumps, nobody else holds one; S needs 2 of 3. K♣ loses to A♣, W leads 9♦ and S
    # ruffs it with the joker (trick 2), and Q♣ is good. The joker first: K♣ loses trick 2 to
    # A♣ and W's diamonds take the last trick.
    "joker_stopper": (position("7H", "S", "S", {"N": "5S 6S 7S", "E": "5D 6D 7D",
                                                "S": "JK KC QC", "W": "AC 9D 8D"}),
                      Goal(True, 2)),
    # Hearts trumps, S needs both: the joker pulls W's K♥, the last trump; A♠ first, W
    # (void in spades) ruffs it with K♥.
    "joker_draw": (position("8H", "S", "S", {"N": "7D 8D", "E": "9D TD", "S": "JK AS",
                                             "W": "KH 9C"}), Goal(True, 2)),
    # No trumps, S needs both: the joker named ♣ makes W play K♣, and Q♣ is good. Named ♠, W
    # follows 5♠ and K♣ wins trick 2.
    "joker_named": (position("6NT", "S", "S", {"N": "7D 8D", "E": "9D TD", "S": "JK QC",
                                               "W": "KC 5S"}), Goal(True, 2)),
    # No trumps, S needs 2 of 3: 5♣ puts W on lead with K♣, and W must lead a spade into
    # A♠ Q♠. A♠ first wins trick 1 for S but leaves Q♠ to lose to K♠.
    "throw_in": (position("7NT", "S", "S", {"N": "6D 7D 8D", "E": "9D TD JD",
                                            "S": "AS QS 5C", "W": "KS 7S KC"}), Goal(True, 2)),
    # No trumps, N led A♣ (E 6♦): S must drop K♣ under it so that N's Q♣ J♣ take tricks 2-3;
    # 5♣ leaves K♣ to win trick 2 and S has no club back to N.
    "unblock": (position("8NT", "S", "N", {"N": "QC JC", "E": "7D 8D", "S": "KC 5C 7S",
                                           "W": "AS 9S 8S"}, trick=["AC", "6D"]), Goal(True, 3)),
    # No trumps, S needs all 3: 5♠ to N's A♠ (the entry), and N cashes K♦ Q♦. 8♥ loses to W's
    # A♥ and N never gets in.
    "entry": (position("8NT", "S", "S", {"N": "AS KD QD", "E": "KH QH 9C", "S": "5S 8H 7H",
                                         "W": "AH JH TH"}), Goal(True, 3)),
    # No trumps, W (defending S's 7NT) leads, E-W need all 3. 5♥ goes through N's K♥ to E's
    # A♥ Q♥: E takes both hearts (K♥ falls under one) and 10♦. 9♦ instead: E wins with 10♦
    # but must lead hearts from A♥ Q♥ to N, and N's K♥ wins a trick.
    "lead_through": (position("7NT", "S", "W", {"N": "KH 6H 5S", "E": "AH QH TD",
                                                "S": "7C 8C 9C", "W": "5H 9D 8D"}),
                     Goal(False, 0)),
    # No trumps: N led 6♣, E 7♣; S (void in clubs) must keep 7♦ with K♦: W wins with 9♣,
    # cashes A♦ (S 7♦) and must lead 8♦ to the K♦, good now that A♦ is gone (trick 3).
    # Throwing 7♦ leaves K♦ bare under W's A♦.
    "counting": (position("7NT", "S", "N", {"N": "8S 9S", "E": "TS JS", "S": "KD 7D 5S",
                                            "W": "9C AD 8D"}, trick=["6C", "7C"]),
                 Goal(True, 1)),
    # The near-miss: S keeps A♥, a master from the start: a winner kept, nothing counted out.
    "counting_near": (position("7NT", "S", "N", {"N": "TD", "E": "TS", "S": "AH 5S",
                                                 "W": "8C 9H"}, trick=["6C", "7C"]),
                      Goal(True, 1)),
    # Misère, S declares (N sits out). W led Q♠, E played A♠: S must drop K♠ under it now;
    # 5♠ keeps K♠, and E's 7♠ lead makes it win trick 2.
    "misere_unblock": (position("MIS", "S", "W", {"E": "7S", "S": "KS 5S", "W": "6C"},
                                trick=["QS", "AS"]), Goal(False, 0)),
    # Misère, S declares: W led 9♠, E 8♠; S with J♠ 6♠ must play 6♠ under the 9♠; J♠ wins
    # trick 1 at once. (Trick 2: S's J♠ against W's K♠ lead or E's Q♠... every line after 6♠
    # ducks again: E and W still hold K♠ and Q♠ above it.)
    "misere_duck": (position("MIS", "S", "W", {"E": "QS", "S": "JS 6S", "W": "KS"},
                             trick=["9S", "8S"]), Goal(False, 0)),
    # Misère, S declares, W and E defend; W (learner) leads. S holds A♠ 5♣. A spade lead
    # catches the bare A♠ (S's only spade): it must win trick 1. A club lets S follow 5♣ under
    # E's clubs and throw the A♠ on the next club.
    "bare_card": (position("MIS", "S", "W", {"E": "7C 8C", "S": "AS 5C", "W": "6S 6C"}),
                  Goal(True, 1)),
    # Misère, S declares; E leads, E-W need S to take a trick. E leads 7♥: S follows 4♥ and W,
    # void in hearts, throws A♦; then S's diamonds are caught under E's J♦ 10♦ (on the line
    # the solver gives, S gives up at once: Q♦ wins trick 2). J♦ first: S ducks 5♦ under
    # W's A♦, W must lead a club and S throws Q♦ on it.
    "partner_discard": (position("MIS", "S", "E", {"E": "JD TD 7H", "S": "QD 5D 4H",
                                                   "W": "JC TC AD"}), Goal(True, 1)),
}


def test_every_ending_is_what_the_comment_says():
    # the right cards worked out by hand, checked against the solver
    from trainer.generate.goals import judge

    expected = {"draw": ["JH"], "ruff_not_draw": ["5C"], "cash": ["AH"], "cash_near": ["AH"],
                "overruff": ["9H"], "promotion": ["7S"], "left_bower": ["JD"],
                "left_bower_near": ["JH"], "joker_void": ["JK"], "joker_stopper": ["KC", "QC"],
                "joker_draw": ["JK"], "joker_named": ["JK:C"], "throw_in": ["5C"],
                "unblock": ["KC"], "entry": ["5S"], "lead_through": ["5H"],
                "counting": ["5S"], "counting_near": ["5S"], "misere_unblock": ["KS"],
                "misere_duck": ["6S"], "bare_card": ["6S"], "partner_discard": ["7H"]}
    for name, (pos, goal) in ENDINGS.items():
        state = pos.to_state()
        verdicts = judge(SOLVER.analyse(state), state, goal, 0)
        assert sorted(p.code for p in verdicts.right) == expected[name], name
    assert set(expected) == set(ENDINGS)


# name: (the technique, its name, the expected facts)
FIRES = {
    "draw": (K.DRAWING_TRUMPS, "drawing trumps", [
        ("right", None, "leads", "S", "JH", 1), ("right", None, "last_trump", "E", "4H", 1),
        ("refutation", "AS", "ruffs", "E", "4H", 1)]),
    "ruff_not_draw": (K.NOT_DRAWING_TRUMPS, "keeping a trump to ruff", [
        ("right", None, "ruffs", "N", "9H", 1), ("refutation", "JH", "falls", "N", "9H", 1)]),
    "cash": (K.CASHING, "cashing a winner", [
        ("right", None, "wins", "S", "AH", 1), ("refutation", "5C", "ruffs", "W", "7S", 2),
        ("refutation", "5C", "discards", "S", "AH", 2)]),
    "overruff": (K.OVERRUFF, "an overruff", [
        ("right", None, "loses", "N", "7H", 1), ("right", None, "overruffs", "E", "9H", 1),
        ("refutation", "6D", "ruffs", "N", "7H", 1)]),
    "left_bower": (K.LEFT_BOWER, "the left bower", [
        ("right", None, "ruffs", "N", "JD", 1), ("refutation", "8D", "falls", "N", "JD", 2)]),
    "joker_void": (K.JOKER_WINS_VOID, "the free joker's trick", [
        ("right", None, "wins", "S", "JK", 1), ("refutation", "AH", "wins", "W", "9C", 1)]),
    "joker_stopper": (K.JOKER_STOPPER, "holding the joker back", [
        ("right", None, "leads", "W", "9D", 2), ("right", None, "ruffs", "S", "JK", 2),
        ("refutation", "JK", "wins", "S", "JK", 1), ("refutation", "JK", "wins", "W", "AC", 2)]),
    "joker_draw": (K.JOKER_DRAWS_LAST_TRUMP, "the joker draws the last trump", [
        ("right", None, "leads", "S", "JK", 1), ("right", None, "last_trump", "W", "KH", 1),
        ("refutation", "AS", "ruffs", "W", "KH", 1)]),
    "joker_named": (K.JOKER_NAMED, "naming the joker's suit to draw a card", [
        ("right", None, "leads", "S", "JK:C", 1), ("right", None, "loses", "W", "KC", 1),
        ("refutation", "JK:S", "wins", "W", "KC", 2)]),
    "throw_in": (K.ENDPLAY, "a throw-in", [
        ("right", None, "wins", "W", "KC", 1), ("right", None, "leads", "W", "KS", 2),
        ("refutation", "AS", "wins", "S", "AS", 1)]),
    "unblock": (K.UNBLOCK, "an unblock", [
        ("right", None, "loses", "S", "KC", 1), ("right", None, "wins", "N", "QC", 2),
        ("refutation", "5C", "wins", "S", "KC", 2)]),
    "entry": (K.ENTRY, "keeping an entry", [
        ("right", None, "wins", "N", "AS", 1), ("right", None, "wins", "N", "KD", 2),
        ("refutation", "8H", "wins", "W", "AH", 1)]),
    "lead_through": (K.LEAD_THROUGH, "leading through strength", [
        ("right", None, "leads", "W", "5H", 1), ("right", None, "loses", "N", "KH", 1),
        ("refutation", "9D", "wins", "N", "KH", 3)]),
    "counting": (K.COUNTING, "setting up a winner", [
        ("right", None, "wins", "W", "AD", 2), ("right", None, "wins", "S", "KD", 3),
        ("refutation", "KD", "discards", "S", "KD", 1)]),
    "misere_unblock": (K.MISERE_UNBLOCK, "unblocking high cards early", [
        ("right", None, "loses", "S", "KS", 1), ("right", None, "wins", "E", "AS", 1),
        ("refutation", "5S", "wins", "S", "KS", 2)]),
    "misere_duck": (K.MISERE_DUCK, "ducking under", [
        ("right", None, "loses", "S", "6S", 1), ("right", None, "wins", "W", "9S", 1),
        ("refutation", "JS", "wins", "S", "JS", 1)]),
    "bare_card": (K.MISERE_BARE_CARD, "catching a bare card", [
        ("right", None, "holds", "S", "AS", 1), ("right", None, "leads", "W", "6S", 1),
        ("right", None, "wins", "S", "AS", 1), ("refutation", "6C", "no_trick", "S", None,
                                                 None)]),
    "partner_discard": (K.MISERE_PARTNER_DISCARD, "a lead for partner's discard", [
        ("right", None, "leads", "E", "7H", 1), ("right", None, "discards", "W", "AD", 1),
        ("right", None, "wins", "S", "QD", 2), ("refutation", "JD", "no_trick", "S", None,
                                                 None)]),
}


@pytest.mark.parametrize("name", sorted(FIRES))
def test_the_recogniser_fires_with_its_facts(name):
    key, label, expected = FIRES[name]
    line, got = found(*ENDINGS[name])
    assert key in got, sorted(k.value for k in got)
    t = got[key]
    assert t.name == label
    assert t.description == CATALOGUE[key][1]
    assert facts(t) == expected, t.summary()
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)


# name: the techniques that must not fire there (the near-misses)
NEAR_MISSES = {
    "ruff_not_draw": [K.DRAWING_TRUMPS],  # the trump lead is the wrong card here
    "draw": [K.NOT_DRAWING_TRUMPS, K.RUFF, K.JOKER_DRAWS_LAST_TRUMP],
    "cash_near": [K.CASHING],  # A♥ is right but nobody can ruff it
    "overruff": [K.TRUMP_PROMOTION],  # N had no higher trump to keep back: no promotion
    "left_bower_near": [K.LEFT_BOWER],  # the right bower ruffs
    "joker_stopper": [K.JOKER_WINS_VOID],  # a suit contract: the joker is a trump
    "joker_draw": [K.JOKER_STOPPER],  # the joker is the right card, not held back
    "joker_void": [K.JOKER_NAMED],  # the joker is not led
    "entry": [K.LEAD_THROUGH, K.DUCK],  # W holds no spade; 5♠ wins for the side
    "unblock": [K.ENTRY],  # after 5♣ too N wins trick 1
    "counting_near": [K.COUNTING],  # A♥ was a master from the start
    "misere_unblock": [K.MISERE_DUCK],  # 5♠ would also lose trick 1
    "partner_discard": [K.MISERE_BARE_CARD],  # Q♦ is not S's only diamond
    "throw_in": [K.DUCK, K.TRUMP_PROMOTION],
}


@pytest.mark.parametrize("name", sorted(NEAR_MISSES))
def test_near_misses(name):
    _, got = found(*ENDINGS[name])
    for key in NEAR_MISSES[name]:
        assert key not in got, (key, got[key].summary())


def test_trump_promotion_by_forcing_the_declarer_to_ruff_ahead_of_partner():
    line, got = found(*ENDINGS["promotion"])
    t = got[K.TRUMP_PROMOTION]
    assert t.name == "a trump promotion" and t.play.code == "7S" and t.wrong.code == "5D"
    # the declarer's trump spent on the spade (either ruff), then West's K♥ wins, after 5♦
    # it falls under the A♥
    (spent, win, refuted) = t.facts
    assert (spent.seat.value, spent.trick, spent.line) == ("S", 1, LineKind.RIGHT)
    assert (win.seat.value, win.card.code, win.kind) in {("W", "KH", FactKind.OVERRUFFS),
                                                        ("W", "KH", FactKind.WINS)}
    assert (refuted.card.code, refuted.kind, refuted.wrong.code) == ("KH", FactKind.FALLS, "5D")
    assert main_technique(line, SOLVER).key is K.TRUMP_PROMOTION
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)


def test_main_technique_follows_the_precedence():
    # the ruff-not-draw ending also shows a ruff; the plan named is not drawing trumps
    line, got = found(*ENDINGS["ruff_not_draw"])
    assert {K.NOT_DRAWING_TRUMPS, K.RUFF} <= set(got)
    assert main_technique(line, SOLVER).key is K.NOT_DRAWING_TRUMPS
    assert PRECEDENCE.index(K.NOT_DRAWING_TRUMPS) < PRECEDENCE.index(K.RUFF)
    assert set(PRECEDENCE) == set(TechniqueKey) == set(CATALOGUE)


def test_three_players_each_for_themselves():
    # 3 players (N E W; A-7 in each suit), hearts trumps, N declares against E and W, N to win
    # both. J♥ draws E's 7♥, the last trump, then A♠ wins; A♠ first is ruffed by E (void in
    # spades).
    pos = position("6H", "N", "N", {"N": "JH AS", "E": "7H 8D", "W": "KS 9D"},
                   rules={"players": 3})
    _, got = found(pos, Goal(True, 2))
    assert facts(got[K.DRAWING_TRUMPS]) == [
        ("right", None, "leads", "N", "JH", 1), ("right", None, "last_trump", "E", "7H", 1),
        ("refutation", "AS", "ruffs", "E", "7H", 1)]


def test_a_false_fact_is_found_false():
    from dataclasses import replace

    line, got = found(*ENDINGS["throw_in"])
    fact = got[K.ENDPLAY].facts[0]  # West's K♣ wins trick 1
    assert fact_holds(line, fact, SOLVER)
    assert not fact_holds(line, replace(fact, trick=2), SOLVER)
    assert not fact_holds(line, replace(fact, kind=FactKind.LOSES), SOLVER)


def test_fact_words():
    _, got = found(*ENDINGS["joker_void"])
    assert got[K.JOKER_WINS_VOID].summary() == (
        "the free joker's trick: on the right line South's joker wins trick 1; after A♥ "
        "West's 9♣ wins trick 1")


# --- the puzzles issue 27 quotes, rebuilt from the shipped bank --------------------------------


@pytest.fixture(scope="module")
def quoted():
    ids = {"p0001340", "p0002665", "p0002693", "p1000028"}
    bank = {p.id: p for p in load_play_puzzles(BANK, lazy=True) if p.id in ids}
    assert set(bank) == ids
    return {i: main_line(p.position.to_state(), p.learner, p.goal, SOLVER)
            for i, p in bank.items()}


def test_p0001340_is_an_endplay(quoted):
    # 8NT, N to win 4 of 5: K♣ gives E the lead with A♣ (trick 6) and E must lead from
    # K♠ 10♠ 9♠ 10♣; 6♠... K♥ instead wins trick 6 for N.
    line = quoted["p0001340"]
    t = main_technique(line, SOLVER)
    assert t.key is K.ENDPLAY and t.play.code == "KC"
    assert facts(t)[:2] == [("right", None, "wins", "E", "AC", 6),
                            ("right", None, "leads", "E", "KS", 7)]
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)


def test_p0002665_is_a_trump_promotion(quoted):
    # 7♥, E defends: after A♠, J♠ (S and W void in spades) makes S ruff ahead of W; W's K♥,
    # below S's joker and A♥, overruffs S's 10♥ in trick 6. After 10♦ W must follow with K♦
    # and the K♥ falls in trick 8.
    line = quoted["p0002665"]
    t = main_technique(line, SOLVER)
    assert t.key is K.TRUMP_PROMOTION and t.decision == 1 and t.play.code == "JS"
    assert facts(t) == [("right", None, "loses", "S", "TH", 6),
                        ("right", None, "overruffs", "W", "KH", 6),
                        ("refutation", "TD", "loses", "W", "KH", 8)]


@pytest.mark.parametrize("pid", ["p0002693", "p1000028"])
def test_misere_defence_lets_partner_unblock_the_ace_of_diamonds(quoted, pid):
    line = quoted[pid]
    t = main_technique(line, SOLVER)
    assert t.key is K.MISERE_PARTNER_UNBLOCK and t.name == "partner's unblock"
    first = t.facts[0]
    assert (first.card.code, first.kind) == ("AD", FactKind.DISCARDS)
    assert t.facts[-1].kind is FactKind.NO_TRICK
    assert K.MISERE_PARTNER_DISCARD in {x.key for x in recognise(line, SOLVER)}
    assert all(fact_holds(line, f, SOLVER) for f in t.facts)
