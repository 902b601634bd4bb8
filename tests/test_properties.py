"""Property tests: random legal hands played to the end under every preset and table size.

RULES.md §1 (the pack), §4 (follow suit, one winner a trick), §5 (the joker), §6 (scoring).
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.bidding import ladder
from trainer.cards import JOKER, SUITS, deal
from trainer.notation import Position, parse_position
from trainer.play import start_play
from trainer.rules import PRESETS, ruleset
from trainer.scoring import GameScore, score_hand

TABLES = [{}, {"players": 3}, {"players": 6}, {"deck": 45},
          {"players": 6, "six_player_teams": "three_pairs"},
          {"players": 6, "six_player_teams": "individual"}]
VARIANTS = [{}, {"joker_lead": "not_yet_led"}, {"joker_lead": "not_shown_void"},
            {"joker_low_in_misere": True}, {"first_lead": "dealer_left"},
            {"overtricks_10": True, "slam_250": False, "misere_defenders": True}]


@st.composite
def hands_in_play(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    options = {"preset": preset, **draw(st.sampled_from(TABLES)), **draw(st.sampled_from(VARIANTS))}
    rules = ruleset(options)
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    dealer = rng.choice(rules.seats)
    d = deal(seed, rules.players, rules.deck, dealer)
    contract = rng.choice(ladder(rules))
    declarer = rng.choice(rules.seats)
    pool = list(d.hands[declarer]) + list(d.kitty)
    discard = rng.sample(pool, rules.kitty_size)
    kept = [c for c in pool if c not in discard]
    joker_suit = None
    if contract.trump is None and JOKER in kept and rules.nominate_joker and rng.random() < 0.5:
        joker_suit = rng.choice(SUITS)  # the declarer nominates a suit for the joker (§5, 001)
    state = start_play(d, contract, declarer, discard, rules, joker_suit)
    return rules, d, discard, state, rng


def all_cards(state, discard):
    held = [c for h in state.hands.values() for c in h]
    played = [p.card for t in state.history for p in t.plays] + [p.card for p in state.trick]
    return held + played + list(discard)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands_in_play())
def test_random_hands_keep_every_rule(args):
    rules, d, discard, state, rng = args
    sitting_out = [c for s, h in d.hands.items() if s not in state.hands for c in h]
    pack = sorted(rules.pack, key=str)
    start = state.copy()
    pushes = 0
    while not state.is_over:
        seat = state.to_play
        hand_before = list(state.hands[seat])
        legal = state.legal_plays()
        assert legal, "a player to move always has a legal play"
        play = rng.choice(legal)
        # Never a revoke: a card off the suit led only from a hand with none of it (§4).
        if state.trick:
            led = state.order.play_suit(state.trick[0])
            if state.order.play_suit(play) is not led:
                assert all(state.order.effective_suit(c) is not led for c in hand_before)
        # A free joker is never played to a trick its holder could follow (§5).
        if play.card is JOKER and state.trick and state.order.free_joker:
            led = state.order.play_suit(state.trick[0])
            assert all(state.order.effective_suit(c) is not led for c in hand_before if c != JOKER)
        done = state.push(play)
        pushes += 1
        # The pack is conserved after every play (§1).
        assert sorted(all_cards(state, discard) + sitting_out, key=str) == pack
        if done is not None:
            winner = state.order.trick_winner(done.plays)
            assert 0 <= winner < len(done.plays)
            assert state.leader is done.seats[winner]
            trumps = [i for i, p in enumerate(done.plays) if state.order.is_trump(p.card)]
            if trumps and not (state.order.free_joker and any(p.card is JOKER for p in done.plays)):
                assert winner in trumps
            # Every reachable position round-trips through the position JSON (docs/DESIGN.md).
            if not state.is_over and rng.random() < 0.3:
                text = json.dumps(Position.from_state(state).to_json())
                again = parse_position(text).to_state()
                assert again.hands == state.hands and again.leader is state.leader
                assert again.legal_plays() == state.legal_plays()
    assert len(state.history) == 10
    won = state.tricks_won()
    assert sum(won.values()) == 10
    tricks = state.declarer_tricks()
    score = score_hand(state.contract, tricks, rules)
    made = tricks == 0 if state.contract.misere else tricks >= state.contract.tricks_needed
    assert (score.declarer > 0) == made
    by_side = state.tricks_by_side()
    game = GameScore.new(rules).after_hand(state.contract, state.declarer, by_side, rules)
    own = rules.side_of(state.declarer)
    assert game.scores[own] == score.declarer
    assert sum(v for s, v in game.scores.items() if s != own) == score.defenders
    # pop returns the same state, card for card (python-chess's push/pop discipline).
    for _ in range(pushes):
        state.pop()
    assert state.hands == start.hands and state.leader is start.leader
    assert state.history == [] and state.trick == []
