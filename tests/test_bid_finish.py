"""Bidding simulation with the auction finished by the policy bidder (`trainer.simulate.finish`,
``analyse_bid(..., finish="policy")``): a call is valued by the contract the auction reaches on
each layout, solves are shared between candidates, and results do not depend on workers."""

import random

import pytest

from trainer.bidding import PASS, Auction, parse_bid
from trainer.cards import Seat
from trainer.notation import parse_hand
from trainer.policy import choose_bid
from trainer.rules import PRESETS, ruleset
from trainer.simulate import (
    FinishTask,
    Job,
    SimulationError,
    analyse_bid,
    finish_layout,
    net_score,
    sample_layouts,
    solve_layout,
)
from trainer.simulate import finish as finish_module

AUS = PRESETS["australian"]
# North, first to call (West dealt): 5.75 estimated tricks in spades, an opening 6♠ by the policy
OPENER = parse_hand("JS AS KS 7S AD 9D 8H 6C 7C 5D")


def _layout(seed: int):
    """The one layout `analyse_bid(OPENER, N, W, (), samples=1, seed=seed)` plays."""
    return sample_layouts(OPENER, Seat.N, Seat.W, (), AUS, 1,
                          random.Random(f"layouts:{seed}")).layouts[0]


def test_an_overcalled_bid_is_valued_by_the_contract_reached():
    """Layout 1: East holds K♥ J♥ 10♥ 9♥ 7♥ 6♥ with K♣ Q♣ 10♣. After North's 6♠ the policy
    (every later call `policy.choose_bid`) has East overcall 8♥ and everyone pass; East takes 6
    tricks double dummy, two down: -300 for East-West, 40 for our four tricks, +340 for us."""
    layout = _layout(1)
    auction = Auction(AUS, Seat.W)
    auction.call("6S")
    seen = []
    while not auction.is_over:
        seat = auction.to_call
        call = choose_bid(layout.hands[seat], auction)
        seen.append((seat, call if call == PASS else call.code))
        auction.call(call)
    assert seen == [(Seat.E, "8H"), (Seat.S, PASS), (Seat.W, PASS), (Seat.N, PASS)]
    assert (auction.contract, auction.declarer) == (parse_bid("8H"), Seat.E)
    (tricks,) = solve_layout(layout, [Job(parse_bid("8H"), Seat.E)], AUS)
    assert tricks == 6
    assert net_score(parse_bid("8H"), tricks, AUS, ours=False) == 340

    a = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=1, seed=1, workers=1)
    six = a.value_of("6S")
    assert six.finals == (("8H", "E", 1),)
    assert (six.ev, six.p_make) == (340.0, 1.0)  # their 8♥ set: it goes our way
    assert six.mean_tricks == 10.0  # North declaring spades would take all ten
    # taken as the final contract, 6♠ was a slam by North: 250
    old = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=1, seed=1, workers=1,
                      finish=None).value_of("6S")
    assert (old.ev, old.finals) == (250.0, ())
    # 9♠ is above East's 8♥: it stands, and ten tricks make it (+340, no defenders' tricks)
    nine = a.value_of("9S")
    assert nine.finals == (("9S", "N", 1),) and nine.ev == 340.0
    assert a.finish == "policy"
    assert [c.call for c in a.candidates] != [] and set(a.legal) == {c.call for c in
                                                                      a.candidates}


def test_each_distinct_contract_is_solved_once_per_layout(monkeypatch):
    """The learner's strains are solved first; a contract another seat reaches (whatever the
    candidate) adds one solve per (declarer, strain)."""
    layout = _layout(2)
    base = tuple(Job(parse_bid(f"7{s}"), Seat.N) for s in ("S", "C", "D", "H", "NT"))
    calls = tuple(c if c == PASS else c.code for c in Auction(AUS, Seat.W).legal_calls())
    solved = []

    def strain(bid):
        return "MIS" if bid.misere else bid.strain.value

    def counting(lay, jobs, rules):
        solved.extend((j.declarer.value, strain(j.contract)) for j in jobs)
        return solve_layout(lay, jobs, rules)

    monkeypatch.setattr(finish_module, "solve_layout", counting)
    _, finals = finish_layout(FinishTask(layout, base, Seat.N, (), calls, AUS))
    reached = {(f.declarer.value, strain(parse_bid(f.contract))) for f in finals}
    assert len(solved) == len(set(solved)) == len(reached | {("N", s) for s in
                                                           ("S", "C", "D", "H", "NT")})
    # on this layout 6♠ is overcalled: 9♦ by West (East 8♥, West 9♦)
    assert finals[calls.index("6S")].contract == "9D"


def test_results_do_not_depend_on_workers():
    one = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=4, seed=5, workers=1)
    two = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=4, seed=5, workers=2)
    assert one.to_json() == two.to_json()
    assert all(sum(k for _, _, k in c.finals) == 4 for c in one.candidates)


def test_only_the_calls_asked_for_are_valued_and_each_as_in_the_full_analysis():
    """``only``: the calls a bot will choose among, each valued on the same layouts as the
    whole analysis values it; a call that is not legal is refused by name."""
    full = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=3, seed=2, workers=1)
    part = analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=3, seed=2, workers=1,
                       only=("P", "6S", "7S"))
    assert sorted(c.call for c in part.candidates) == ["6S", "7S", "P"]
    assert len(full.candidates) > 20 and part.legal == full.legal
    for call in ("P", "6S", "7S"):
        assert part.value_of(call).scores == full.value_of(call).scores
        assert part.value_of(call).finals == full.value_of(call).finals
    assert part.tricks.keys() == {"S"}  # no other strain solved
    with pytest.raises(SimulationError, match=r"only: '5S' is not a legal call"):
        analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=1, only=("5S",))
    with pytest.raises(SimulationError, match="only"):
        analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=1, only=("P",), finish=None)


def test_thrown_in_hands_score_zero():
    """All pass under ``redeal``: 0 for both sides; a final 6-level bid under
    ``six_level_informational`` is thrown in too (RULES.md §3)."""
    weak = parse_hand("5S 7S 9C 6C 5D 7D 8H 4H 6H TC")
    a = analyse_bid(weak, Seat.W, Seat.W, ("P", "P", "P"), AUS, samples=3, seed=1, workers=1)
    assert a.value_of("P").finals == (("P", None, 3),)
    assert (a.value_of("P").ev, a.value_of("P").p_make) == (0.0, 0.0)
    six = ruleset({"six_level_informational": True})
    b = analyse_bid(weak, Seat.W, Seat.W, ("P", "P", "P"), six, samples=3, seed=1, workers=1)
    assert b.value_of("6S").finals == (("6S", "W", 3),)  # the others have all passed
    assert (b.value_of("6S").ev, b.value_of("6S").p_make) == (0.0, 0.0)


def test_an_unknown_finish_is_refused():
    with pytest.raises(SimulationError, match="finish"):
        analyse_bid(OPENER, Seat.N, Seat.W, (), AUS, samples=1, finish="nested")


# --- the write-up and the reasons say what the auction became ----------------------------------


def _finished(rows, standing=None):
    """A hand-made finished-auction table (East, North dealt, no call yet); rows are (call, ev,
    p_make, mean_tricks, finals)."""
    from trainer.simulate import BidAnalysis, CallResult

    cands = tuple(CallResult(c, ev, 5.0, p, m, f) for c, ev, p, m, f in rows)
    hist = (0, 0, 0, 0, 0, 0, 10, 20, 40, 20, 10)  # 8.0 tricks on average
    return BidAnalysis(
        hand=parse_hand("JS 9S 8C 6C QD 8D AH KH 8H JK"), seat=Seat.E, dealer=Seat.N,
        auction=(), samples=100, candidates=cands, tricks={"C": hist, "H": hist},
        misere_made=None, standing=standing, legal=tuple(c.call for c in cands),
        inferences=(), dropped=(), rules=AUS, finish="policy")


OVERCALLED = _finished([
    ("7C", 120.0, 0.8, 8.26, (("7C", "E", 60), ("8S", "S", 30), ("8H", "N", 6), ("8D", "S", 4))),
    ("8C", 100.0, 0.7, 8.26, (("8C", "E", 100),)),
    ("6C", 70.0, 0.75, 8.26, (("6C", "E", 50), ("7S", "S", 50))),
    ("P", -30.0, 0.4, None, (("7S", "S", 70), ("P", None, 30))),
])


def test_the_write_up_says_where_the_auction_ended():
    from trainer.generate.write_ups.bid import bid_write_up

    text = bid_write_up(OVERCALLED, "opening")
    # 7♣ did not always end the auction: "goes your way", never "makes"; 8♣ stood: "makes"
    assert text.endswith("\n\nOver 100 layouts: 7♣ +120.0 a hand for your side (its points "
                         "less the opponents'), goes your way 80%, 8.3 tricks; 8♣ +100.0, "
                         "makes 70%, 8.3 tricks.")


def test_the_reasons_and_the_grade_say_where_the_auction_ended():
    from trainer.generate.bid_puzzles import grade_bid
    from trainer.generate.write_ups.bid_reasons import bid_reasons

    reasons = {r.call: r for r in bid_reasons(OVERCALLED)}
    assert reasons["6C"].text == ("too low: 7♣ still goes your way 80% and is worth 160 to "
                                  "this 60")
    assert reasons["P"].text == ("after a pass the auction ends in South's 7♠ on 70 of 100 "
                                 "layouts and other contracts on 30: -30.0 a hand, though 7♣ "
                                 "goes your way 80% for 160")
    grade = grade_bid(OVERCALLED, "8C")
    assert grade.explanation.startswith(
        "Best: 7♣, +120.0 points a hand on average over 100 layouts (goes your way 80%: your "
        "contract made or theirs set). Your 8♣: +100.0 (makes 70%), 20.0 points less")
