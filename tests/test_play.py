"""A hand in play: kitty exchange, turns, tricks, push/pop, the misère partner (RULES.md §3, §4)."""

import pytest

from trainer.bidding import parse_bid
from trainer.cards import JOKER, Deal, Seat, Suit, deal
from trainer.errors import CardError, IllegalPlayError
from trainer.notation import parse_card, parse_hand, parse_play, parse_position
from trainer.play import PlayState, exchange_kitty, first_leader, start_play
from trainer.rules import PRESETS, ruleset
from trainer.scoring import GameScore

AUS = PRESETS["australian"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def small_deal() -> Deal:
    return deal(11)


def test_kitty_exchange_keeps_ten():
    """RULES.md §4: the declarer takes the three kitty cards and discards any three."""
    d = small_deal()
    hand = d.hands[S]
    kept = exchange_kitty(hand, d.kitty, d.kitty, AUS)
    assert set(kept) == set(hand)
    discard = [hand[0], hand[1], d.kitty[0]]
    kept = exchange_kitty(hand, d.kitty, discard, AUS)
    assert len(kept) == 10 and not set(discard) & set(kept)


def test_kitty_exchange_errors():
    d = small_deal()
    with pytest.raises(CardError, match="discards 3"):
        exchange_kitty(d.hands[S], d.kitty, d.kitty[:2], AUS)
    with pytest.raises(CardError, match="not in the declarer's hand"):
        exchange_kitty(d.hands[S], d.kitty, [d.hands[N][0], *d.kitty[:2]], AUS)
    with pytest.raises(CardError, match="twice"):
        exchange_kitty(d.hands[S], d.kitty, [d.kitty[0]] * 3, AUS)


def test_45_card_pack_discards_five():
    """RULES.md §1 deck=45: the kitty holds 5, so the declarer discards 5."""
    rules = ruleset({"deck": 45})
    d = deal(3, 4, 45)
    state = start_play(d, parse_bid("7H"), E, d.kitty, rules)
    assert all(len(h) == 10 for h in state.hands.values())


def test_declarer_leads_first_trick():
    """RULES.md §4: the declarer leads to the first trick (option: player left of dealer)."""
    d = deal(2, dealer=Seat.W)
    state = start_play(d, parse_bid("7S"), E, d.kitty, AUS)
    assert state.to_play is E
    left = ruleset({"first_lead": "dealer_left"})
    assert start_play(d, parse_bid("7S"), E, d.kitty, left).to_play is N


def test_dealer_left_lead_skips_the_misere_partner():
    """RULES.md §3: the misère declarer's partner takes no part, so cannot lead."""
    left = ruleset({"first_lead": "dealer_left"})
    assert first_leader(left, parse_bid("MIS"), S, dealer=W) is E


def test_misere_partner_sits_out():
    """RULES.md §3: in misère the declarer's partner lays their hand down and takes no part."""
    d = small_deal()
    state = start_play(d, parse_bid("MIS"), S, d.kitty, AUS)
    assert state.seats == (E, S, W) and N not in state.hands
    order = []
    for _ in range(3):
        order.append(state.to_play)
        state.push(state.legal_plays()[0])
    assert order == [S, W, E]
    assert len(state.history) == 1 and len(state.history[0].plays) == 3


def test_six_player_misere_both_partners_out():
    rules = ruleset({"players": 6})
    d = deal(4, 6)
    state = start_play(d, parse_bid("MIS"), Seat.N, d.kitty, rules)
    assert [s.value for s in state.seats] == ["N", "NE", "S", "NW"]


def test_open_misere_exposure():
    """RULES.md §3: the open misère hand is exposed after the first trick (option: before)."""
    d = small_deal()
    state = start_play(d, parse_bid("OMIS"), S, d.kitty, AUS)
    assert not state.declarer_exposed
    for _ in range(3):
        state.push(state.legal_plays()[0])
    assert state.declarer_exposed
    early = ruleset({"open_misere_reveal": "before_first_lead"})
    assert start_play(d, parse_bid("OMIS"), S, d.kitty, early).declarer_exposed


def test_joker_nomination_checks():
    """RULES.md §5: only a no-trump or misère declarer holding the joker nominates its suit."""
    d = small_deal()
    holder = next(s for s, h in d.hands.items() if JOKER in h)
    state = start_play(d, parse_bid("8NT"), holder, d.kitty, AUS, joker_suit=Suit.CLUBS)
    assert state.order.effective_suit(JOKER) is Suit.CLUBS
    with pytest.raises(IllegalPlayError, match="no-trump or misère"):
        start_play(d, parse_bid("8H"), holder, d.kitty, AUS, joker_suit=Suit.CLUBS)
    other = next(s for s in d.hands if s is not holder)
    with pytest.raises(IllegalPlayError, match="does not hold the joker"):
        start_play(d, parse_bid("8NT"), other, d.kitty, AUS, joker_suit=Suit.CLUBS)


POSITION = {
    "contract": "7H", "declarer": "S", "leader": "S",
    "hands": {"N": ["AS", "KS"], "E": ["QS", "4H"], "S": ["JK", "JD"], "W": ["9C", "8C"]},
    "trick": [], "history": [], "joker_suit": None, "rules": "australian",
}


def test_push_trick_winner_leads_next_and_pop_restores():
    """RULES.md §4: a trick's winner leads next; pop undoes a play, reopening the trick."""
    state = parse_position(POSITION).to_state()
    before = {s: list(h) for s, h in state.hands.items()}
    assert state.to_play is S
    for code in ("JD", "9C", "AS"):
        assert state.push(parse_card(code)) is None
    done = state.push(parse_card("4H"))
    assert done is not None and [p.code for p in done.plays] == ["JD", "9C", "AS", "4H"]
    assert state.trick_winner_seat(done) is S and state.to_play is S
    assert state.tricks_won() == {N: 0, E: 0, S: 1, W: 0}
    assert [p.code for p in (state.pop(), state.pop())] == ["4H", "AS"]
    assert state.history == [] and len(state.trick) == 2 and state.to_play is N
    state.pop()
    state.pop()
    assert state.hands == before and state.to_play is S


def test_illegal_plays_are_refused_with_a_reason():
    state = parse_position(POSITION).to_state()
    with pytest.raises(IllegalPlayError, match="does not hold"):
        state.push(parse_card("AS"))
    state.push(parse_card("JK"))
    state.push(parse_card("9C"))
    state.push(parse_card("KS"))
    with pytest.raises(IllegalPlayError, match="must follow hearts"):
        state.push(parse_card("QS"))
    with pytest.raises(IllegalPlayError, match="nothing has been played"):
        PlayState(AUS, parse_bid("7H"), S, {s: [] for s in AUS.seats}, S).pop()


def test_free_joker_needs_a_named_suit_when_led():
    pos = dict(POSITION, contract="7NT", hands={"N": ["AS", "KS"], "E": ["QS", "4H"],
                                                 "S": ["JK", "JD"], "W": ["9C", "8C"]})
    state = parse_position(pos).to_state()
    with pytest.raises(IllegalPlayError, match="JK:S, JK:C, JK:D, JK:H"):
        state.push(JOKER)
    state.push(parse_play("JK:C"))
    assert [p.code for p in state.legal_plays()] == ["9C", "8C"]


def test_hand_over_after_ten_tricks():
    """RULES.md §4: ten tricks are played; then nobody is to play."""
    d = small_deal()
    state = start_play(d, parse_bid("6NT"), W, d.kitty, AUS)
    count = 0
    while not state.is_over:
        state.push(state.legal_plays()[-1])
        count += 1
    assert count == 40 and len(state.history) == 10 and state.to_play is None
    assert sum(state.tricks_won().values()) == 10
    assert state.legal_plays() == []
    assert state.declarer_tricks() + sum(
        n for side, n in state.tricks_by_side().items() if W not in side) == 10


def test_all_pass_hand_at_no_trumps():
    """RULES.md §3 all_pass=play_no_trumps: played at NT with no declarer, left of dealer leads."""
    rules = ruleset({"all_pass": "play_no_trumps"})
    d = deal(5, dealer=S)
    state = start_play(d, None, None, (), rules)
    assert state.to_play is W and state.order.free_joker
    with pytest.raises(IllegalPlayError, match="no declarer"):
        state.declarer_tricks()
    while not state.is_over:
        state.push(state.legal_plays()[0])
    by_side = state.tricks_by_side()
    game = GameScore.new(rules).after_all_pass(by_side, rules)
    assert game.scores == {side: 10 * n for side, n in by_side.items()}
    near = GameScore({side: 495 for side in rules.sides()})
    # §7 default (000: "A primeira dupla a atingir ou superar +500 pontos vence"): the side
    # with more tricks, over 500, wins; under must_bid_to_win (002: "trzeba być
    # rozgrywającym") nobody bid, so nobody wins by this hand.
    best = max(by_side, key=by_side.get)
    assert near.after_all_pass(by_side, rules).winner == best
    bid_to_win = rules.with_options(must_bid_to_win=True)
    assert near.after_all_pass(by_side, bid_to_win).winner is None


def test_parse_hand_sorted_and_unique():
    assert [c.code for c in parse_hand("4H jk AS th")] == ["AS", "TH", "4H", "JK"]
