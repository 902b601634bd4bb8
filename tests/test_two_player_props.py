"""Hypothesis games of the 2-player game under several rule options: games conserve the pack,
never revoke, turn the right cards up, and push/pop restores the state (RULES.md §1, 002
"Wersja dla 2 graczy")."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.bidding import parse_bid
from trainer.cards import JOKER, SUITS, pack
from trainer.cards import deal as deal_cards
from trainer.notation import parse_position
from trainer.notation_two import TablePosition
from trainer.rules import ruleset
from trainer.two_player import HAND, TABLE, TablePlayState, start_table_play

OPTIONS = [
    {"players": 2},
    {"players": 2, "joker_lead": "not_shown_void"},
    {"players": 2, "joker_lead": "not_yet_led"},
    {"players": 2, "preset": "american"},
    {"players": 2, "first_lead": "dealer_left"},
]
CONTRACTS = ["6S", "7C", "8D", "9H", "6NT", "10NT"]


def snapshot(state: TablePlayState) -> Any:
    return (
        {s: sorted(map(str, h)) for s, h in state.hands.items()},
        {s: [list(map(str, p)) for p in piles] for s, piles in state.tables.items()},
        state.leader, state.lead_from, [p.code for p in state.trick], list(state.trick_piles),
        list(state.history), state.joker_suit,
    )


@st.composite
def games(draw: Any) -> tuple[TablePlayState, list[int], tuple]:
    rules = ruleset(dict(draw(st.sampled_from(OPTIONS))))
    seed = draw(st.integers(0, 10**6))
    dealer = draw(st.sampled_from(rules.seats))
    d = deal_cards(seed, players=2, dealer=dealer)
    declarer = draw(st.sampled_from(rules.seats))
    contract = parse_bid(draw(st.sampled_from(CONTRACTS)))
    pool = sorted(list(d.hands[declarer]) + list(d.kitty), key=str)
    discard = draw(st.permutations(pool))[:3]
    joker_suit = None
    face_up = [up for _, up in d.tables[declarer]] if d.tables else []
    kept = [c for c in pool if c not in discard]
    if contract.trump is None and rules.nominate_joker and (JOKER in kept or JOKER in face_up) \
            and draw(st.booleans()):
        joker_suit = draw(st.sampled_from(SUITS))
    state = start_table_play(d, contract, declarer, discard, rules, joker_suit)
    choices = draw(st.lists(st.integers(0, 50), min_size=40, max_size=40))
    return state, choices, tuple(discard)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_keep_the_rules(game):
    state, choices, discard = game
    whole = sorted(map(str, pack(2)))
    for pick in choices:
        if state.is_over:
            break
        seat, source = state.turn
        legal = state.legal_plays()
        # Never revoke: a card of the suit led is played whenever the cards that may be played
        # now (hand, or face-up table cards) hold one (RULES.md §1).
        available = state.hands[seat] if source == HAND else state.face_up(seat)
        assert {p.card for p in legal} <= set(available)
        if state.trick:
            led = state.order.play_suit(state.trick[0])
            following = [c for c in available if led is not None
                         and state.order.effective_suit(c) is led]
            if following:
                assert {p.card for p in legal} == set(following)
        before = snapshot(state)
        down_before = {s: state.face_down(s) for s in state.seats}
        play = legal[pick % len(legal)]
        done = state.push(play)
        # push / pop restores the state exactly.
        state.pop()
        assert snapshot(state) == before
        done = state.push(play)
        if done is not None:
            # The right cards turn up: those under the table cards played to this trick, and
            # no others (002: "odkrywa się ją na koniec lewy").
            for s in state.seats:
                ks = [k for k in range(4) if done.seats[k] is s and done.sources[k] == TABLE]
                assert len(ks) == 1  # one table card each a trick (002)
                pile = done.piles[ks[0]]
                now_down = state.face_down(s)
                turned = set(down_before[s]) - set(now_down)
                assert len(turned) <= 1 and set(now_down) <= set(down_before[s])
                if turned:
                    assert state.tables[s][pile] == list(turned)
                    assert next(iter(turned)) in state.face_up(s)
            # The trick's winner leads, from the source of the winning card (002).
            win = state.order.trick_winner(done.plays)
            assert (state.leader, state.lead_from) == (done.seats[win], done.sources[win])
        # The pack is conserved: hands, tables, the trick, the tricks played and the discard.
        cards = [*discard, *(c for h in state.hands.values() for c in h),
                 *(c for s in state.seats for p in state.tables[s] for c in p),
                 *(p.card for p in state.trick),
                 *(p.card for t in state.history for p in t.plays)]
        assert sorted(map(str, cards)) == whole
        # The position JSON reads back as the same position.
        if not state.is_over:
            obj = TablePosition.from_state(state).to_json()
            assert parse_position(obj).to_json() == obj
    if state.is_over:
        assert sum(state.tricks_won().values()) == 10 and len(state.history) == 10
