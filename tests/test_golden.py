"""Golden counts of legal play sequences from fixed small endings (regression data).

Like python-chess's perft: the number of distinct legal ways to play each ending to the last
card. ``suit_2`` and ``three_players`` were counted by hand (see the comments); the others were
recorded from the engine and pin its behaviour (RULES.md §2 left bower, §5 the joker led with a
named suit, §3 the misère partner out, the 3- and 6-player tables).
"""

import pytest

from trainer.notation import parse_position


def count_sequences(state) -> int:
    if state.is_over:
        return 1
    total = 0
    for play in state.legal_plays():
        state.push(play)
        total += count_sequences(state)
        state.pop()
    return total


ENDINGS = {
    "suit_2": {
        "contract": "7H",
        "declarer": "S",
        "leader": "S",
        "hands": {"N": ["AS", "KS"], "E": ["QS", "4H"], "S": ["JK", "JD"], "W": ["9C", "8C"]},
    },
    "suit_3_left_bower": {
        "contract": "8D",
        "declarer": "N",
        "leader": "E",
        "hands": {
            "N": ["JH", "AD", "KS"],
            "E": ["QH", "9H", "5C"],
            "S": ["TD", "AH", "6S"],
            "W": ["JD", "7H", "QC"],
        },
    },
    "nt_joker_3": {
        "contract": "8NT",
        "declarer": "W",
        "leader": "W",
        "hands": {
            "N": ["AS", "KH", "QD"],
            "E": ["KS", "AH", "5D"],
            "S": ["QS", "JH", "AD"],
            "W": ["JK", "9S", "9H"],
        },
        "history": [{"leader": "W", "cards": ["AC", "KC", "QC", "JC"]}],
    },
    "misere_3": {
        "contract": "MIS",
        "declarer": "E",
        "leader": "E",
        "hands": {"N": ["AS", "KH", "QD"], "E": ["5S", "6H", "JK"], "S": ["QS", "JH", "AD"]},
    },
    "three_players": {
        "contract": "7S",
        "declarer": "N",
        "leader": "N",
        "rules": {"players": 3},
        "hands": {"N": ["JK", "JC", "8H"], "E": ["AS", "9H", "AC"], "W": ["7S", "KH", "QD"]},
    },
    "six_players": {
        "contract": "6NT",
        "declarer": "NE",
        "leader": "S",
        "rules": {"players": 6},
        "hands": {
            "N": ["2S", "13H"],
            "NE": ["AS", "12D"],
            "SE": ["3C", "KD"],
            "S": ["11S", "4H"],
            "SW": ["JK", "5D"],
            "NW": ["9S", "TD"],
        },
    },
}

# RULES.md §5 joker_lead="not_yet_led" (a house rule): the same ending, clubs may not be named.
ENDINGS["nt_joker_3_house_rule"] = {**ENDINGS["nt_joker_3"],
                                    "rules": {"joker_lead": "not_yet_led"}}

# suit_2, by hand: S leads JK or JD (2); W void in hearts: 2; N void: 2; E must play 4H: 1;
# then one card each: 2 * 2 * 2 = 8.
# three_players, by hand: lead JK -> 4 + 1; lead JC -> 4 + 1; lead 8H -> 2 + 4; total 16.
GOLDEN = {
    "suit_2": 8,
    "suit_3_left_bower": 128,
    "nt_joker_3": 154,  # a led joker names any suit (RULES.md §5, 002), clubs included
    "nt_joker_3_house_rule": 26,  # joker_lead="not_yet_led": clubs, led already, may not be named
    "misere_3": 50,
    "three_players": 16,
    "six_players": 20,
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_count(name):
    assert count_sequences(parse_position(ENDINGS[name]).to_state()) == GOLDEN[name]
