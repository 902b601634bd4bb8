"""The play write-ups (`trainer.generate.write_ups.play`): on hand-made endings worked out by
hand (the comments give the reasoning) and on bank puzzles, a write-up names the technique of
the main line, says the plan, says why the tempting card fails in the same idea, and says how
the player would know the layout (voids shown, the joker's nomination, cards in view) or that
it is a guess; every sentence's facts replay true through the claim checker
(`false_claims`), and the checker refuses a false one.

Rules: RULES.md §1 (two players: face-up table cards), §2 (bowers; the joker the highest
trump), §4 (following suit, ruffing), §5 (the free joker at no trumps; the declarer's
nomination), §6 (misère). The 43-card pack has no 4♠ or 4♣. Seats N E S W clockwise.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from trainer.cards import Seat
from trainer.generate.goals import Goal
from trainer.generate.lines import main_line
from trainer.generate.records import load_play_puzzles
from trainer.generate.techniques import Fact, FactKind, LineKind, TechniqueKey
from trainer.generate.write_ups.claims import Claim
from trainer.generate.write_ups.play import (
    PlayWriteUp,
    false_claims,
    line_claims,
    play_claims,
    sentences,
)
from trainer.notation import parse_play, parse_position
from trainer.solver import Solver

SOLVER = Solver()
BANK = Path(__file__).resolve().parent.parent / "puzzles" / "play.jsonl.gz"
K = TechniqueKey


def position(contract, declarer, leader, hands, trick=(), history=()):
    return parse_position({
        "contract": contract, "declarer": declarer, "leader": leader,
        "hands": {seat: cards.split() for seat, cards in hands.items()}, "trick": list(trick),
        "history": [{"leader": lead, "cards": cards.split()} for lead, cards in history]})


def write_up(pos, goal) -> PlayWriteUp:
    state = pos.to_state()
    return line_claims(main_line(state, state.to_play, goal, SOLVER), SOLVER)


# Hearts trumps, S to win the last 3. J♥ draws E's 4♥, the last trump; A♠ first, E (void in
# spades) ruffs it. Nobody has shown out of hearts: where the 4♥ is, is a guess.
DRAW = (position("8H", "S", "S", {"N": "5C 6C 7C", "E": "4H 9D 8D", "S": "JH AS KS",
                                  "W": "QS JS TS"}), Goal(True, 3))
# The same ending after a first trick in which S's A♥ drew E's 6♥ while W (8♠) and N (8♣)
# showed out of hearts: the 4♥ can only be East's, and the declarer knows it.
DRAW_SEEN = (position("8H", "S", "S", {"N": "5C 6C 7C", "E": "4H 9D 8D", "S": "JH AS KS",
                                       "W": "QS JS TS"}, history=[("S", "AH 8S 8C 6H")]),
             Goal(True, 3))

# name: (ending, the technique, the plan's opening, the trap sentence, the clue sentence)
CASES = {
    "draw": (DRAW, K.DRAWING_TRUMPS,
             "Drawing trumps: lead J♥, the right bower, and it draws East's 4♥ in trick 1: "
             "after it the opponents hold no trump to ruff your winners with.",
             "Leading A♠ at once leaves the opponents a trump: East's 4♥ ruffs and wins "
             "trick 1.",
             # the 4♥ may be anywhere, but J♥ works on every layout: trumps drawn, the aces
             # stand
             "How you would know: nothing you have seen places the 4♥, and it does not "
             "matter: J♥, the right bower, takes the tricks your side needs on all 48 layouts "
             "that fit what you have seen (A♠ on only "),
    "draw_seen": (DRAW_SEEN, K.DRAWING_TRUMPS,
                  "Drawing trumps: lead J♥, the right bower, and it draws East's 4♥ in trick "
                  "2: after it the opponents hold no trump to ruff your winners with.",
                  "Leading A♠ at once leaves the opponents a trump: East's 4♥ ruffs and wins "
                  "trick 2.",
                  "How you would know: North in trick 1 and West in trick 1 showed out of "
                  "hearts, so the 4♥ can only be East's."),
    # No trumps, S needs 2 of 3: 5♣ puts W on lead with K♣, and W must lead a spade into
    # A♠ Q♠; A♠ first wins trick 1 but leaves Q♠ to lose to K♠.
    "throw_in": ((position("7NT", "S", "S", {"N": "6D 7D 8D", "E": "9D TD JD",
                                             "S": "AS QS 5C", "W": "KS 7S KC"}),
                  Goal(True, 2)), K.ENDPLAY,
                 "A throw-in: lead 5♣ and let West win trick 1 with K♣: West is thrown in and "
                 "must lead next",
                 "Leading A♠ at once throws no one in: your A♠ wins trick 1, and your side has "
                 "to lead next.",
                 # not seeing North's hand, A♠ then Q♠ is the better odds: the throw-in is
                 # right only because West holds K♠ and K♣ both
                 "How you would know: nothing you have seen places the K♣; the throw-in needs "
                 "it to be West's, and 5♣ takes the tricks your side needs on only "),
    # No trumps, S needs both: W led 9♣ (N 6♦, E 7♦); S, void in clubs, plays the free
    # joker and wins trick 1. Throwing A♥ leaves the 9♣ winning. Every card that matters is
    # in S's hand or on the table.
    "joker_void": ((position("6NT", "S", "W", {"N": "6S", "E": "7S", "S": "JK AH", "W": "8C"},
                             trick=["9C", "6D", "7D"]), Goal(True, 2)), K.JOKER_WINS_VOID,
                   "The free joker's trick: play the joker, now that you are void: the free "
                   "joker, played when you cannot follow, beats every card, so it takes trick "
                   "1.",
                   "Throwing A♥ at once lets the trick go: West's 9♣ wins trick 1, while the "
                   "joker stays in your hand.",
                   # the joker wins trick 1 and A♥ trick 2 wherever the hidden cards lie
                   "How you would know: you need not know, for on all 48 layouts that fit what "
                   "you have seen the joker takes the tricks your side needs (A♥ on none): it "
                   "works whatever the layout."),
    # No trumps: N led 6♣ (E 7♣); S, void in clubs, throws 5♠ and keeps K♦ 7♦: W wins with
    # 9♣, cashes A♦ (S 7♦) and must lead 8♦ to the K♦, now the master. The tempting card the
    # technique is compared with is K♦ itself, thrown away at once.
    "counting": ((position("7NT", "S", "N", {"N": "8S 9S", "E": "TS JS", "S": "KD 7D 5S",
                                             "W": "9C AD 8D"}, trick=["6C", "7C"]),
                  Goal(True, 1)), K.COUNTING,
                 "Setting up a winner: throw 5♠: after West's A♦, the opponents' highest "
                 "diamond, wins trick 2, your K♦ wins trick 3.",
                 "Throwing K♦ at once wastes the card that would have become master: your K♦ "
                 "is thrown away on trick 1.",
                 "How you would know: nothing you have seen places the A♦"),
    # Misère, S declares, W (learner) leads; S holds A♠ 5♣: a spade catches the bare A♠, a
    # club lets S follow 5♣ under E's clubs and throw the A♠ later.
    "bare_card": ((position("MIS", "S", "W", {"E": "7C 8C", "S": "AS 5C", "W": "6S 6C"}),
                   Goal(True, 1)), K.MISERE_BARE_CARD,
                  "Catching a bare card: lead 6♠: South's A♠ is bare, the declarer's only card "
                  "of its suit, so when you lead that suit to trick 1 it has to win, and the "
                  "misère fails.",
                  "Leading 6♣ instead lets South off the hook: the declarer then wins no trick "
                  "and the misère makes.",
                  "How you would know: only with every card seen: nothing you have seen places "
                  "the A♠; catching a bare card needs it to be South's, and over 48 layouts "
                  "that fit what you have seen, 6♠ makes the declarer take a trick on "),
    # Misère, S declares, E leads: 7♥ lets W, void in hearts, throw A♦, and S's diamonds are
    # then caught under E's J♦ 10♦.
    "partner_unblock": ((position("MIS", "S", "E", {"E": "JD TD 7H", "S": "QD 5D 4H",
                                                    "W": "JC TC AD"}), Goal(True, 1)),
                        K.MISERE_PARTNER_UNBLOCK,
                        "Partner's unblock: lead 7♥: in misère the defence wants the declarer "
                        "to win a trick, so West's A♦ must not cover the declarer; it is thrown "
                        "away on trick 1, and South's Q♦ is left to win trick 2.",
                        "Leading J♦ at once lets the declarer escape: South takes no trick at "
                        "all.",
                        # 7♥ and J♦ do about as well on the layouts East cannot rule out
                        "How you would know: nothing you have seen places the A♦, and the odds "
                        "are close to level (7♥ makes the declarer take a trick on 27 of 48 "
                        "layouts that fit what you have seen, J♦ on 26)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_write_up_names_the_technique_the_plan_the_trap_and_how_you_would_know(name):
    ending, key, plan, trap, clue = CASES[name]
    w = write_up(*ending)
    assert w.technique is not None and w.technique.key is key
    texts = [c.text for c in w.claims]
    assert texts[0].startswith(plan), texts[0]
    assert texts[0].lower().startswith(w.technique.name)  # named in the player's words
    # a note that a trick of the plan is an opponent's free choice may come between
    rest = [t for t in texts[1:] if "choice, though" not in t and "not forced, though" not in t]
    assert rest[0] == trap
    assert texts[-1].startswith(clue), texts[-1]
    assert w.text == " ".join(texts) and 2 <= len(sentences(w.text)) <= 5
    assert false_claims(w, SOLVER) == []
    trap_claim = next(c for c in w.claims[1:] if c.text == rest[0])
    assert w.claims[0].facts and trap_claim.facts  # the plan and the trap rest on facts


def test_the_clue_cites_the_voids_shown_with_their_facts():
    w = write_up(*DRAW_SEEN)
    clue = w.claims[-1]
    shown = [(f.kind, f.seat.value, f.card.code, f.trick) for f in clue.facts]
    assert shown == [(FactKind.SHOWED_OUT, "N", "8C", 1), (FactKind.SHOWED_OUT, "W", "8S", 1),
                     (FactKind.HOLDS, "E", "4H", 2)]
    assert false_claims(w, SOLVER) == []


def test_the_checker_refuses_a_false_claim():
    w = write_up(*DRAW_SEEN)
    north = w.claims[-1].facts[0]  # North showed out of hearts in trick 1 (with 8♣)
    assert (north.kind, north.seat) == (FactKind.SHOWED_OUT, Seat.N)
    # East followed with 6♥ in trick 1: it did not show out
    lie = replace(north, seat=Seat.E, card=parse_play("6H"))
    # East's 4♥ does not win trick 2 on the right line: it falls to the J♥
    wins = Fact(0, LineKind.RIGHT, None, FactKind.WINS, Seat.E, parse_play("4H"), 2)
    bad = replace(w, claims=(*w.claims, Claim("East's 4♥ wins trick 2.", (wins,)),
                             Claim("East showed out of hearts in trick 1.", (lie,))))
    found = false_claims(bad, SOLVER)
    assert [(c.text, f) for c, f in found] == [("East's 4♥ wins trick 2.", wins),
                                               ("East showed out of hearts in trick 1.", lie)]
    # the same claims with their true kinds hold
    falls = replace(wins, kind=FactKind.FALLS)
    assert false_claims(replace(w, claims=(Claim("t", (north, falls)),)), SOLVER) == []


# --- bank positions ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bank():
    return {p.id: p for p in load_play_puzzles(BANK, lazy=True)}


@pytest.mark.parametrize(("pid", "key", "phrases"), [
    # 8NT, N to win 4 of 5: K♣ throws E in with A♣ (trick 6), and E must lead into N's hand
    ("p0001340", K.ENDPLAY, ["A throw-in", "let East win trick 6 with A♣"]),
    # 7♥, E defends: J♠ makes S ruff ahead of W, whose K♥ overruffs in trick 6
    # (issue 27 review: the first sentence is about the first decision, and South may ruff
    # trick 6 with A♥ at no cost, so the promotion is not stated as forced)
    ("p0002665", K.OVERRUFF, ["An overruff: lead A♠", "West's K♥ overruffs it",
                              "Trick 6 is South's choice, though: South may as well ruff with "
                              "A♥ instead"]),
    # misère defence: partner (S) throws A♦ so that the declarer is left with the trick
    ("p1000028", K.MISERE_PARTNER_UNBLOCK, ["Partner's unblock",
                                            "in misère the defence wants the declarer to win "
                                            "a trick", "South's A♦ must not cover"]),
])
def test_the_quoted_puzzles_name_their_technique(bank, pid, key, phrases):
    w = play_claims(bank[pid], SOLVER)
    assert w.technique is not None and w.technique.key is key
    for phrase in phrases:
        assert phrase in w.text, w.text
    assert w.claims[-1].text.startswith("How you would know: ")
    assert false_claims(w, SOLVER) == []


def test_a_two_player_clue_says_the_hidden_cards_make_it_a_guess(bank):
    # at two players a seat plays from hand and table in each trick: no void is read off the
    # history; the K♦ the line needs is among the cards South cannot see
    puzzle = bank["p2000001"]
    w = play_claims(puzzle, SOLVER)
    assert w.claims[-1].text == (
        "How you would know: at two players North's hand, the face-down table cards and the "
        "kitty are hidden, so nothing you have seen places the K♦, but the line does not "
        "depend on where it is.")  # the K♦ beats only the wrong card (issue 27)
    state = puzzle.position.to_state()
    assert parse_play("KD").card not in state.face_up(Seat.N)
    assert false_claims(w, SOLVER) == []


def test_a_two_player_clue_names_a_face_up_table_card(bank):
    # (p2000043 rests on North's own face-down Q♦ since issue 27's review: see
    # tests/test_play_write_up_truths.py)
    puzzle = bank["p2000007"]
    w = play_claims(puzzle, SOLVER)
    assert w.claims[-1].text == "How you would know: South's J♥ lies face up on the table."
    assert parse_play("JH").card in puzzle.position.to_state().face_up(Seat.S)
    assert false_claims(w, SOLVER) == []


def test_the_free_joker_is_placed_by_no_void(bank):
    w = play_claims(bank["p0000687"], SOLVER)  # the joker that beats 10♦ could be anyone's
    assert "the free joker follows no suit, so no void places it" in w.claims[-1].text
    assert "Joker" not in w.text


def test_every_write_up_of_a_sample_of_the_bank_holds_and_says_how_you_would_know(bank):
    ids = sorted(bank)[::97]
    named = 0
    for pid in ids:
        w = play_claims(bank[pid], SOLVER)
        assert false_claims(w, SOLVER) == [], pid
        assert w.claims[-1].text.startswith("How you would know: "), pid
        assert 2 <= len(sentences(w.text)) <= 5, pid
        named += w.technique is not None
    assert named >= len(ids) // 2


@pytest.mark.parametrize(("pid", "clue"), [
    # open misère: the declarer's hand is face up, so the bare 10♠ is in view
    ("p0000125", "How you would know: North's hand is face up in open misère, so you can see "
                 "the 10♠."),
    # the declarer's partner and one opponent showed out of hearts: the 8♥ is West's
    ("p0000060", "How you would know: North in trick 1 and East in trick 2 showed out of "
                 "hearts, so the 8♥ can only be West's."),
])
def test_a_clue_from_what_the_player_has_seen(bank, pid, clue):
    w = play_claims(bank[pid], SOLVER)
    assert w.claims[-1].text == clue
    assert false_claims(w, SOLVER) == []
    state = bank[pid].position.to_state()
    if "showed out" in clue:
        shown = [f for f in w.claims[-1].facts if f.kind is FactKind.SHOWED_OUT]
        assert [(f.seat.value, f.trick) for f in shown] == [("N", 1), ("E", 2)]
        for f in shown:  # each seat really played off-suit to a heart lead in that trick
            trick = state.history[f.trick - 1]
            assert state.order.play_suit(trick.plays[0]).symbol == "♥"
            assert state.order.effective_suit(f.card.card).symbol != "♥"
    else:
        assert state.declarer_exposed
