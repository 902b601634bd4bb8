"""The game's table as one HTML string: the learner's hand face up, the bots' hands face down
(their card counts), an open misère declarer's hand face up once exposed, at two players the
table piles' face-up cards (the card under each stays face down), and the trick in the middle.

The layout is the play puzzles' board (`trainer.ui.widgets.board`): the learner at the bottom,
the partner at the top at a four-seat table; other tables show the trick, then the hands in a
column. Pure functions; the output goes to ``st.markdown(unsafe_allow_html=True)``.
"""

from __future__ import annotations

from html import escape

from trainer.cards import Seat
from trainer.generate.explain import seat_name
from trainer.play import PlayState
from trainer.two_player import TablePlayState
from trainer.ui.widgets.board import (
    OWN_WIDTH,
    SIDE_WIDTH,
    compass,
    fan_html,
    fan_width,
    seat_heading_html,
    table_layout,
    trick_panel,
)
from trainer.ui.widgets.cards import VIEW_H, VIEW_W, card_svg

BACK = "#2f4f8f"
BACK_STEP = 0.22
"""The part of each face-down card left showing: a tight stack, since only the count matters."""


def card_back_svg(width: int) -> str:
    """A face-down card (a blue back with a lattice), hidden from screen readers: the hand's
    label says how many cards it holds."""
    height = round(width * VIEW_H / VIEW_W)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" viewBox="0 0 {VIEW_W} '
        f'{VIEW_H}" width="{width}" height="{height}" style="display:block;flex:0 0 auto">'
        f'<defs><pattern id="lat" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<path d="M0 0L8 8M8 0L0 8" stroke="#9fb3dd" stroke-width="1"/></pattern></defs>'
        f'<rect x="1" y="1" width="{VIEW_W - 2}" height="{VIEW_H - 2}" rx="5" fill="{BACK}" '
        f'stroke="#1c2f57"/><rect x="6" y="6" width="{VIEW_W - 12}" height="{VIEW_H - 12}" '
        f'rx="3" fill="url(#lat)"/></svg>'
    )


def _back_step(width: int) -> int:
    return max(6, round(width * BACK_STEP))


def backs_width(count: int, width: int = SIDE_WIDTH) -> int:
    """The width in pixels of `backs_html` (the count written after the cards included)."""
    return width + max(count - 1, 0) * _back_step(width) + 28


def backs_html(count: int, label: str, width: int = SIDE_WIDTH) -> str:
    """``count`` face-down cards in a tight fan, labelled ``label`` for screen readers."""
    step = _back_step(width)
    items = "".join(
        f'<div style="margin-left:{0 if i == 0 else step - width}px;flex:0 0 auto">'
        f"{card_back_svg(width)}</div>" for i in range(count))
    return (f'<div role="img" aria-label="{escape(label)}" style="display:flex;'
            f'flex-wrap:nowrap;align-items:center;gap:0;margin:2px 0 6px 0">{items}'
            f'<span style="margin-left:8px;font-size:0.85rem;color:#444">{count}</span></div>')


def face_up(state: PlayState, seat: Seat, learner: Seat, open_hands: bool) -> bool:
    """Whether ``seat``'s hand is drawn face up: the learner's, an exposed open misère
    declarer's, or every hand once ``open_hands`` (the hand is over)."""
    return (open_hands or seat is learner
            or (seat is state.declarer and state.declarer_exposed))


def _piles(state: PlayState, seat: Seat) -> str:
    """At two players, ``seat``'s table piles: the face-up cards (the one under each is face
    down, so it is not named)."""
    if not isinstance(state, TablePlayState) or seat not in state.tables:
        return ""
    trumps = state.order.trump is not None
    pending = state.pending_pile(seat)
    cards = []
    for i, pile in enumerate(state.tables[seat]):
        if not pile:
            continue
        under = len(pile) > 1 or i == pending
        top = (card_back_svg(SIDE_WIDTH) if i == pending
               else card_svg(pile[-1], state.order, width=SIDE_WIDTH, mark_trumps=trumps))
        note = "on a face-down card" if under and i != pending else (
            "turns up after this trick" if i == pending else "")
        cards.append(f'<div style="display:flex;flex-direction:column;align-items:center;'
                     f'gap:2px">{top}<div style="font-size:0.7rem;color:#555;max-width:'
                     f'{SIDE_WIDTH + 14}px;text-align:center">{note}</div></div>')
    label = f"{seat_name(seat)}'s table piles"
    return (f'<div style="font-size:0.85rem;color:#444">Table piles</div><div role="group" '
            f'aria-label="{escape(label)}" style="display:flex;flex-wrap:wrap;gap:6px">'
            f'{"".join(cards)}</div>')


def seat_panel(state: PlayState, seat: Seat, learner: Seat, *, live: bool,
               open_hands: bool = False) -> str:
    """One seat: its heading ("West (opponent, declarer) · to play") and its hand."""
    heading = seat_heading_html(state, seat, learner, live=live)
    cards = state.hands.get(seat)
    width = OWN_WIDTH if seat is learner else SIDE_WIDTH
    if cards is None:
        body = ('<div style="font-size:0.85rem;color:#666">sits out: in misère the declarer '
                "plays alone</div>")
    elif not cards:
        body = '<div style="font-size:0.85rem;color:#666">no cards left</div>'
    elif face_up(state, seat, learner, open_hands):
        label = "your hand" if seat is learner else f"{seat_name(seat)}'s hand"
        body = fan_html(cards, state.order, label=label, width=width,
                        mark_trumps=state.order.trump is not None)
    else:
        body = backs_html(len(cards), f"{seat_name(seat)}: {len(cards)} cards, face down")
    body += _piles(state, seat)
    return f'<section style="min-width:0">{heading}{body}</section>'


def table_html(state: PlayState, learner: Seat, *, live: bool = True, bottom: bool = True,
               open_hands: bool = False) -> str:
    """The whole table (module docstring). ``bottom`` False leaves out the learner's hand (the
    page draws it as buttons); ``open_hands`` shows every hand (a review)."""
    where = compass(state.rules.seats, learner)

    def panel(seat: Seat) -> str:
        if seat is learner and not bottom:
            return ""
        return seat_panel(state, seat, learner, live=live, open_hands=open_hands)

    trick = trick_panel(state, learner, live=live)
    if len(where) < 4:
        parts = [trick, *(panel(s) for s in state.rules.seats if s is not learner),
                 panel(learner)]
        return (f'<div role="region" aria-label="the table" style="display:flex;'
                f'flex-direction:column;gap:6px">{"".join(parts)}</div>')

    def side(seat: Seat) -> str:
        cards = len(state.hands.get(seat) or ())
        shown = face_up(state, seat, learner, open_hands)
        needed = fan_width(cards, SIDE_WIDTH) if shown else backs_width(cards)
        return f"flex:1 1 {max(140, needed + 4)}px;min-width:0"

    return table_layout(where, panel, side, trick, bottom)
