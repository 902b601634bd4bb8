"""Seeded random positions for the solver tests: real hands played out with random legal
cards from a dealt pack, so histories (suits led, voids shown) are ones that can arise."""

from __future__ import annotations

import random

from trainer.bidding import parse_bid
from trainer.cards import JOKER, deal
from trainer.notation import Position, parse_position, parse_suit
from trainer.play import PlayState, start_play
from trainer.rules import Play, RuleSet

KINDS = ("suit", "nt", "mis", "omis")


def random_rules(rng: random.Random, players: int) -> RuleSet:
    return RuleSet(
        players=players,
        deck=45 if players == 4 and rng.random() < 0.2 else 43,
        six_player_teams=rng.choice(("two_threes", "three_pairs")),
        joker_lead=rng.choice(("any_suit", "not_shown_void", "not_yet_led")),
        joker_low_in_misere=rng.random() < 0.4,
    )


def random_state(
    rng: random.Random,
    *,
    players: int | None = None,
    kind: str | None = None,
    tricks_left: int = 10,
    mid_trick: bool | None = None,
    keep_joker: float = 0.85,
    rules: RuleSet | None = None,
    nominate: float = 0.3,
) -> PlayState:
    """A position with ``tricks_left`` tricks to go (the current one included).

    ``kind``: suit, nt, mis or omis. ``keep_joker``: chance that a random play avoids the
    joker when it can (so endings keep the joker in play). ``mid_trick``: some cards of the
    current trick already played (random if None).
    """
    players = players or rng.choice((3, 4, 6))
    kind = kind or rng.choice(KINDS)
    rules = rules or random_rules(rng, players)
    contract = parse_bid({
        "suit": f"{rng.randint(6, 10)}{rng.choice('SCDH')}",
        "nt": f"{rng.randint(6, 10)}NT",
        "mis": "MIS",
        "omis": "OMIS",
    }[kind])
    d = deal(rng.randrange(1 << 30), rules.players, rules.deck, rng.choice(rules.seats))
    declarer = rng.choice(rules.seats)
    pool = list(d.hands[declarer]) + list(d.kitty)
    droppable = [c for c in pool if c != JOKER or rng.random() > keep_joker]
    discard = rng.sample(droppable, rules.kitty_size)
    kept = [c for c in pool if c not in discard]
    joker_suit = None
    if contract.trump is None and JOKER in kept and rng.random() < nominate:
        joker_suit = rng.choice(("S", "C", "D", "H"))
    state = start_play(d, contract, declarer, discard, rules,
                       parse_suit(joker_suit) if joker_suit else None)
    if mid_trick is None:
        mid_trick = rng.random() < 0.5
    extra = rng.randrange(1, len(state.seats)) if mid_trick else 0
    while state.tricks_left > tricks_left or (state.tricks_left == tricks_left
                                              and len(state.trick) < extra):
        state.push(_random_play(rng, state, keep_joker))
    return state


def _random_play(rng: random.Random, state: PlayState, keep_joker: float) -> Play:
    plays = state.legal_plays()
    others = [p for p in plays if not p.card.is_joker]
    if others and len(others) < len(plays) and rng.random() < keep_joker:
        plays = others
    return rng.choice(plays)


def round_trip(state: PlayState) -> PlayState:
    """The state through its position JSON and back (checks the notation path too)."""
    return parse_position(Position.from_state(state).to_json()).to_state()
