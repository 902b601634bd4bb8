"""The learner's hand at the bottom of the Play page's table: the cards themselves are the
buttons to click (or tap).

Each card is an ``st.button`` keyed ``play_card:<code>:<turn>`` (``turn`` is
`PlayAttempt.turn`, so a late second click made on an earlier decision's drawing matches no
button now and plays nothing), drawn as the card by `trainer.ui.widgets.card_buttons` and named
for a screen reader "Play A♠". A card that may not be played now stays in the hand, dimmed and
disabled, named with the reason ("Not now: you must follow hearts"); the reasons are also
written under the hand. A led joker that may be named as several suits asks for the suit after
it is clicked: small buttons "Joker as ♥ hearts" appear under the hand (keys
``play_card:JK:H:<turn>``). At two players (RULES.md §1) the cards to click are the ones the
learner plays from now, the hand or the face-up table cards; the others are drawn as on the
rest of the table.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from trainer.cards import JOKER, Card, Seat
from trainer.generate.explain import label_text, play_text
from trainer.play import PlayState
from trainer.rules import Play
from trainer.two_player import HAND, TablePlayState
from trainer.ui.puzzles.play_attempt import PlayAttempt
from trainer.ui.widgets.board import (
    OWN_WIDTH,
    compass,
    fan_html,
    seat_heading_html,
    table_piles_html,
)
from trainer.ui.widgets.card_buttons import BUTTON_WIDTH, card_buttons_css, key_class
from trainer.ui.widgets.cards import JOKER_INK, card_svg, red_suits

HAND_KEY = "play_hand"
"""The container of the card buttons (its CSS class draws them as cards)."""
JOKER_KEY = "play_joker_open"
"""Session key: the `PlayAttempt.turn` whose joker was clicked (its suit choices on show)."""

OnPlay = Callable[[str, str], None]
"""The page's callback for a card: ``(play code, turn)``."""


def card_key(code: str, turn: str) -> str:
    """The key of the button for play ``code`` drawn for decision ``turn``."""
    return f"play_card:{code}:{turn}"


def your_reason(reason: str, seat: Seat) -> str:
    """`PlayState.why_illegal`'s words said to the learner: ``"S must follow hearts"`` →
    ``"you must follow hearts"``, ``"N must follow clubs from the hand"`` → ``"you must follow
    clubs from your hand"``, "its holder" → "you". Other reasons are returned as they are."""
    text = reason
    if text.startswith(f"{seat} must "):
        text = "you must " + text[len(f"{seat} must "):]
    elif text.startswith(f"{seat} plays from "):
        text = "you play from " + text[len(f"{seat} plays from "):]
    text = text.replace("when its holder cannot", "when you cannot")
    return (text.replace(" from the hand", " from your hand")
            .replace(" from the face-up table cards", " from your face-up table cards"))


def hand_buttons(attempt: PlayAttempt, on_play: OnPlay) -> None:
    """Draw the learner's seat at the bottom of the table with its playable cards as buttons
    (see the module docstring). ``on_play(code, turn)`` is the buttons' callback. Draws
    nothing when the learner has no legal play now."""
    table_hand_buttons(attempt.state, attempt.session.learner, attempt.turn,
                       attempt.legal_plays(), on_play)


def table_hand_buttons(state: PlayState, learner: Seat, turn: str, legal: list[Play],
                       on_play: OnPlay) -> None:
    """`hand_buttons` for any hand in play: ``learner``'s seat with ``legal`` (the plays legal
    now) as buttons keyed for decision ``turn``. Draws nothing when ``legal`` is empty."""
    if not legal:
        return
    # centred under the trick at a four-seat table, as `board_html` draws the other hands;
    # at two players the table is a column, the hands on the left
    align = "center" if len(compass(state.rules.seats, learner)) == 4 else "left"
    st.markdown(f'<div style="display:flex;justify-content:{align};margin-top:0.25rem">'
                f"{seat_heading_html(state, learner, learner)}</div>", unsafe_allow_html=True)
    source = state.to_play_from if isinstance(state, TablePlayState) else None
    faces: dict[str, str] = {}
    reasons: list[str] = []
    if source is None or source == HAND:
        cards = sorted(state.hands[learner], key=state.order.display_key)
        with st.container(horizontal=True, horizontal_alignment=align, key=HAND_KEY):
            for card in cards:
                _card(state, card, legal, learner, turn, on_play, faces, reasons)
        if isinstance(state, TablePlayState):  # the table piles, not to be played now
            st.markdown(table_piles_html(state, learner), unsafe_allow_html=True)
    else:  # 2 players, from the table: the hand is drawn, the face-up cards are the buttons
        st.markdown(fan_html(state.hands[learner], state.order, label="your hand",
                             width=OWN_WIDTH, mark_trumps=state.order.trump is not None),
                    unsafe_allow_html=True)
        _piles(state, legal, learner, turn, on_play, faces, reasons)
    css = card_buttons_css(HAND_KEY, faces)
    if st.session_state.get(JOKER_KEY) == turn:  # the joker clicked: marked while its suits show
        joker = key_class(card_key(Play(JOKER).code, turn))
        css = css.replace("</style>", f".{joker} button{{outline:3px solid {JOKER_INK} "
                          "!important;outline-offset:2px;transform:translateY(-5px)}</style>")
    st.html(css)
    _joker_suits(state, legal, turn, on_play)
    where = ""
    if source is not None:
        where = " from your " + ("hand" if source == HAND else "face-up table cards")
    note = f"Click or tap a card{where} to play it."
    if reasons:
        note += " Dimmed cards cannot be played now: " + "; ".join(reasons) + "."
    st.caption(note)


def _card(state: PlayState, card: Card, legal: list[Play], learner: Seat, turn: str,
          on_play: OnPlay, faces: dict[str, str], reasons: list[str]) -> None:
    """One card of the hand as a button: playable, the joker that asks for its suit, or
    dimmed with the reason."""
    plays = [p for p in legal if p.card == card]
    face = card_svg(card, state.order, width=BUTTON_WIDTH,
                    mark_trumps=state.order.trump is not None)
    if not plays:
        reason = your_reason(state.why_illegal(Play(card)) or "not legal now", learner)
        if reason not in reasons:
            reasons.append(reason)
        key = card_key(Play(card).code, turn)
        st.button(f"{label_text(Play(card))}: not now, {reason}", key=key, disabled=True,
                  help=f"Not now: {reason}.")
    elif len(plays) == 1:
        key = card_key(plays[0].code, turn)
        st.button(f"Play {play_text(plays[0])}", key=key, on_click=on_play,
                  args=(plays[0].code, turn))
    else:  # a led joker with a choice of suits: its suits appear under the hand
        key = card_key(Play(card).code, turn)
        st.button("Play the joker (then name its suit)", key=key, on_click=_open_joker,
                  args=(turn,))
    faces[key] = face


def _piles(state: TablePlayState, legal: list[Play], learner: Seat, turn: str,
           on_play: OnPlay, faces: dict[str, str], reasons: list[str]) -> None:
    """2 players, playing from the table: each face-up card a button over a note naming the
    card face down under it (double dummy: every card is seen)."""
    st.markdown('<div style="font-size:0.85rem;color:#444">Your table piles (a face-up card on '
                "a face-down one)</div>", unsafe_allow_html=True)
    pending = state.pending_pile(learner)
    with st.container(horizontal=True, key=HAND_KEY):
        for i, pile in enumerate(state.tables[learner]):
            if not pile or i == pending:
                continue
            with st.container(width="content", gap=None, horizontal_alignment="center"):
                _card(state, pile[-1], legal, learner, turn, on_play, faces, reasons)
                under = f"on {pile[0].pretty}" if len(pile) > 1 else "nothing under"
                st.caption(under)


def _open_joker(turn: str) -> None:
    """The joker was clicked: show its suits (a second click hides them)."""
    st.session_state[JOKER_KEY] = None if st.session_state.get(JOKER_KEY) == turn else turn


def _joker_suits(state: PlayState, legal: list[Play], turn: str, on_play: OnPlay) -> None:
    """After the joker was clicked: one button for each suit it may be led as."""
    named = [p for p in legal if p.card.is_joker and p.named is not None]
    if len(named) < 2 or st.session_state.get(JOKER_KEY) != turn:
        return
    st.markdown("**Lead the joker as which suit?**", text_alignment="center")
    with st.container(horizontal=True, horizontal_alignment="center", key="play_joker_suits"):
        for play in named:
            assert play.named is not None
            st.button(red_suits(f"{play.named.symbol} {play.named.noun}"),
                      key=card_key(play.code, turn),
                      on_click=on_play, args=(play.code, turn),
                      help=f"Play {play_text(play)}")
        st.button("Cancel", key=f"play_joker_cancel:{turn}", on_click=_open_joker,
                  args=(turn,), type="tertiary")
