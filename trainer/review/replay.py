"""The Play section of a hand record put in the engine (`trainer.review.records`): the fixed
seat columns read into one row a trick, the declarer's discard (CardsRemoved, or worked out
from a complete Play), and the plays made in the order played. Module docstring of
`trainer.review.records` for the rules; errors are `RecordError` naming the tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trainer.bidding import Bid
from trainer.cards import JOKER, Card, Seat, Suit
from trainer.codes import parse_suit
from trainer.errors import RecordError, TrainerError, shown
from trainer.game.hand import GameHand, Phase
from trainer.play import active_seats
from trainer.review.pbn import Game, Tag, card_readings, read_cards, seat_prefix
from trainer.review.seating import SeatNames
from trainer.rules import Play, RuleSet

Row = dict[Seat, str]


def play_rows(tag: Tag | None, rules: RuleSet, contract: Bid | None, declarer: Seat | None,
               names: SeatNames) -> list[Row]:
    """The Play section as one row a trick, each seat's token (``-`` for none)."""
    if tag is None or not tag.value.strip():
        return []
    lines: list[list[str]] = []
    for line in tag.data:
        tokens = [t for t in line.split() if not t.startswith(("$", "="))]
        if "*" in tokens:
            lines.append(tokens[:tokens.index("*")])
            break
        lines.append(tokens)
    lead = names.seat(tag.value, "Play")
    active = active_seats(rules, contract, declarer)
    if lead not in active:
        raise RecordError(f"Play: {lead} sits out this misère hand and cannot lead")
    width = max((len(t) for t in lines), default=0)
    columns = names.clockwise(lead)
    if width <= len(active) < len(columns):
        columns = names.clockwise(lead, active)
    rows: list[Row] = []
    for t, tokens in enumerate(lines, 1):
        if len(tokens) > len(columns):
            raise RecordError(f"Play: trick {t} has {len(tokens)} cards for {len(columns)} "
                              "seats")
        row = dict.fromkeys(columns, "-") | dict(zip(columns, tokens, strict=False))
        for seat, token in row.items():
            if seat not in active and token != "-":
                raise RecordError(f"Play: trick {t}: {seat} sits out the misère but has "
                                  f"{shown(token)}")
        rows.append(row)
    while rows and all(tok == "-" for tok in rows[-1].values()):
        rows.pop()
    return rows


def exchange(game: Game, hand: GameHand, rows: list[Row]) -> None:
    """The declarer's discard (CardsRemoved, or worked out from the Play) and any nominated
    joker suit."""
    declarer = hand.declarer
    assert declarer is not None
    pool = hand.kitty_pool()
    text = game.value("CardsRemoved", "Discard", "Discards")
    if text is not None:
        discard = read_cards(seat_prefix(text)[1], "CardsRemoved", lambda c: c in pool)
    else:
        played = [_in(card_readings(r.get(declarer, "-")), pool) for r in rows]
        kept = {c for c in played if c is not None}
        if not rows:
            return
        if len(kept) != 10:
            raise RecordError("CardsRemoved: missing (the declarer's discard), and the Play "
                              "does not show all ten of the declarer's cards")
        discard = tuple(c for c in pool if c not in kept)
    suit_text = game.value("JokerSuit", "NominatedSuit")
    try:
        joker_suit = parse_suit(suit_text, "JokerSuit") if suit_text is not None else None
        hand.exchange(discard, joker_suit)
    except TrainerError as exc:
        tag = "JokerSuit" if str(exc).startswith("joker_suit") else "CardsRemoved"
        raise RecordError(f"{tag}: {exc}") from None


def _in(plays: Sequence[Play], pool: Sequence[Card]) -> Card | None:
    return next((p.card for p in plays if p.card in pool), None)


def replay(hand: GameHand, rows: list[Row]) -> None:
    """Play the rows in the order played (module docstring)."""
    for t, row in enumerate(rows, 1):
        if hand.phase is not Phase.PLAY:
            why = "the discard is not known" if hand.phase is Phase.EXCHANGE else \
                "the hand is over, but the record goes on"
            raise RecordError(f"Play: trick {t}: {why}")
        state = hand.state
        assert state is not None
        order = [state.seats[(state.seats.index(state.leader) + k) % len(state.seats)]
                 for k in range(len(state.seats))]
        for k, seat in enumerate(order):
            token = row.get(seat, "-")
            if token == "-":
                later = any(row.get(s, "-") != "-" for s in order[k + 1:]) or any(
                    tok != "-" for r in rows[t:] for tok in r.values())
                if later:
                    raise RecordError(f"Play: trick {t}: {seat} has no card, but the play "
                                      "goes on")
                return
            hand.play(_choose(hand, token, row, t, seat))


def _choose(hand: GameHand, token: str, row: Row, t: int, seat: Seat) -> Play:
    """The play ``token`` stands for: its first reading that is legal now."""
    readings = card_readings(token)
    if not readings:
        raise RecordError(f"Play: trick {t}, card {shown(token)} is not a card")
    state = hand.state
    assert state is not None
    legal = state.legal_plays()
    for play in readings:
        if play in legal:
            return play
        if play.card.is_joker:
            jokers = [p for p in legal if p.card == JOKER]
            if len(jokers) == 1 or (jokers and play.named is not None
                                    and Play(JOKER) in jokers):
                return jokers[0]
            if jokers and play.named is None:
                return _named_joker(state, jokers, row, seat)
    first = next((p for p in readings if p.card in state.hands[seat]), readings[0])
    reason = state.why_illegal(first)
    raise RecordError(f"Play: trick {t}: {seat} cannot play {first.code}: {reason}")


def _named_joker(state: Any, jokers: list[Play], row: Row, seat: Seat) -> Play:
    """A led joker written without its suit: the suit most of the others followed with."""
    counts: dict[Suit, int] = {}
    for other, token in row.items():
        readings = card_readings(token)
        if other is not seat and readings:
            suit = state.order.effective_suit(readings[0].card)
            if suit is not None:
                counts[suit] = counts.get(suit, 0) + 1
    return max(jokers, key=lambda p: counts.get(p.named, 0) if p.named else 0)
