"""Building a play position by clicking, for the Analyse page's "A position in play" tab: the
contract, the declarer and the player to lead, and the cards of each hand clicked from the pack
(`trainer.rules.RuleSet.pack`). The builder writes the position JSON of docs/DESIGN.md into
the page's text field (which stays the record, and can still be typed in): a position at the
start of a trick, no cards played to it yet, with the rules in use. A misère declarer's
partner sits out (RULES.md §3), so their hand is left out (`trainer.play.active_seats`).

Keys: ``build_contract``, ``build_declarer``, ``build_leader``, ``build_to`` (the seat the
clicked cards go to), a button ``build_card:<code>`` a card, ``build_write``, ``build_clear``,
``build_read``; the hands are kept in `HANDS_KEY` (seat letter to card codes).
The 2-player game's table piles are not built here: such a position is typed.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import streamlit as st

from trainer.bidding import Bid, ladder
from trainer.cards import Card, Seat, sort_key
from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.play import active_seats
from trainer.rules import RuleSet, preset_name
from trainer.ui.analysis.builder import groups
from trainer.ui.analysis.position import read_position
from trainer.ui.data.profile import plain
from trainer.ui.data.state import current_rules

HANDS_KEY = "build_hands"
NOTE_KEY = "build_note"  # a message left by the last button: (kind, text)
CONTRACT_KEY, DECLARER_KEY, LEADER_KEY, TO_KEY = (
    "build_contract", "build_declarer", "build_leader", "build_to")


def hands() -> dict[str, list[str]]:
    """The hands being built: seat letter to card codes (kept in the session)."""
    kept = st.session_state.get(HANDS_KEY)
    if not isinstance(kept, dict):
        kept = st.session_state[HANDS_KEY] = {}
    return kept


def holder(code: str) -> str | None:
    """The seat letter holding the card ``code`` in the builder, or None."""
    return next((seat for seat, codes in hands().items() if code in codes), None)


def _click(code: str) -> None:
    """A card clicked: to the chosen seat; back to the pack if that seat holds it already."""
    to = st.session_state.get(TO_KEY)
    if not to:
        return
    was = holder(code)
    built = hands()
    if was is not None:
        built[was].remove(code)
    if was != to:
        built.setdefault(to, []).append(code)


def _clear() -> None:
    st.session_state[HANDS_KEY] = {}


def position_json(rules: RuleSet) -> dict[str, object]:
    """The position built, as the JSON object of docs/DESIGN.md (a trick about to be led).
    Raises `TrainerError` when no contract or declarer is chosen."""
    contract, declarer = st.session_state.get(CONTRACT_KEY), st.session_state.get(DECLARER_KEY)
    if not contract or not declarer:
        raise TrainerError("choose the contract and the declarer")
    bid = next(b for b in ladder(rules) if b.code == contract)
    playing = active_seats(rules, bid, Seat(declarer))
    built = hands()
    order = {c.code: sort_key(c) for c in rules.pack}
    return {"contract": contract, "declarer": declarer,
            "hands": {s.value: sorted(built.get(s.value, []), key=order.__getitem__)
                      for s in playing},
            "leader": st.session_state.get(LEADER_KEY) or declarer, "trick": [],
            "history": [], "joker_suit": None, "rules": preset_name(rules)}


def _write(put: Callable[[str], None]) -> None:
    """"Write the position": into the text field through ``put`` if it reads as a position;
    else a message naming what is wrong."""
    rules = current_rules()
    try:
        obj = position_json(rules)
        text = json.dumps(obj, indent=2, ensure_ascii=False)
        read_position(text, rules)
    except TrainerError as e:
        st.session_state[NOTE_KEY] = ("error", f"Not a position yet: {e}")
        return
    put(text)
    st.session_state[NOTE_KEY] = ("success", "Written into the position below: value it "
                                  "with \"Value every card\".")


def _read(get: Callable[[], str]) -> None:
    """"Start from the position below" (its text from ``get``): its contract, declarer,
    leader and hands."""
    try:
        position = read_position(get(), current_rules())
    except TrainerError as e:
        st.session_state[NOTE_KEY] = ("error", f"The position below will not read: {e}")
        return
    st.session_state[CONTRACT_KEY] = position.contract.code
    st.session_state[DECLARER_KEY] = position.declarer.value
    st.session_state[LEADER_KEY] = position.leader.value
    st.session_state[HANDS_KEY] = {s.value: [c.code for c in cards]
                                   for s, cards in position.hands.items()}
    played = " (the cards already played are left out)" if position.trick or \
        position.history else ""
    st.session_state[NOTE_KEY] = ("success", f"Taken from the position below{played}.")


def _label(card: Card, seat: str | None, chosen: bool) -> str:
    """A card button's label: the card (red suits in red, but on the chosen player's own
    buttons, which are red), and the letter of the player holding it."""
    text = card.pretty
    if card.suit is not None and card.suit.is_red and not chosen:
        text = f":red[{text}]"
    return f"{text} {seat}" if seat else text


def _choices(rules: RuleSet) -> None:
    seats = [s.value for s in rules.seats]
    bids = {b.code: b for b in ladder(rules)}
    for key, options, default in ((CONTRACT_KEY, list(bids), "8H" if "8H" in bids else
                                   next(iter(bids))),
                                  (DECLARER_KEY, seats, "S" if "S" in seats else seats[0]),
                                  (TO_KEY, seats, seats[0])):
        if st.session_state.get(key) not in options:
            st.session_state[key] = default
    if st.session_state.get(LEADER_KEY) not in seats:
        st.session_state[LEADER_KEY] = st.session_state[DECLARER_KEY]
    left, middle, right = st.columns(3)
    left.selectbox("Contract", list(bids), key=CONTRACT_KEY,
                   format_func=lambda c: _bid_words(bids[c]))
    middle.selectbox("Declarer", seats, key=DECLARER_KEY, format_func=_seat_words)
    right.selectbox("To lead", seats, key=LEADER_KEY, format_func=_seat_words,
                    help="Who leads to the trick (the builder starts at a trick's first card).")


def _bid_words(bid: Bid) -> str:
    return bid.pretty[0].upper() + bid.pretty[1:] if bid.misere else bid.pretty


def _seat_words(seat: str) -> str:
    return seat_name(Seat(seat))


COMPACT = ("<style>[class*='st-key-build_suit_'] button {min-height: 2rem; padding: 0.1rem "
           "0.5rem}</style>")
"""Smaller card buttons than Streamlit's, so that a suit takes two rows on a phone, not
three."""


def _pack(rules: RuleSet) -> None:
    st.markdown(COMPACT, unsafe_allow_html=True)
    seats = [s.value for s in rules.seats]
    st.segmented_control("Give the cards you click to", seats, key=TO_KEY,
                         format_func=_seat_words, required=True)
    to = st.session_state.get(TO_KEY)
    for group, cards in groups(rules).items():
        with st.container(horizontal=True, gap="xsmall", key=f"build_suit_{group}"):
            for card in cards:
                seat = holder(card.code)
                chosen = seat is not None and seat == to
                st.button(_label(card, seat, chosen), key=f"build_card:{card.code}",
                          on_click=_click, args=(card.code,),
                          type="primary" if chosen else "secondary",
                          help=f"Held by {_seat_words(seat)}" if seat else None)


def _summary(rules: RuleSet) -> None:
    built = hands()
    order = {c.code: sort_key(c) for c in rules.pack}
    lines = []
    for seat in rules.seats:
        codes = sorted(built.get(seat.value, []), key=order.__getitem__)
        cards = " ".join(next(c.pretty for c in rules.pack if c.code == code) for code in codes)
        lines.append(f"- **{seat_name(seat)}** ({len(codes)}): {cards or '—'}")
    st.markdown("\n".join(lines))


def position_builder(get: Callable[[], str], put: Callable[[str], None]) -> None:
    """The builder (module docstring). ``get`` reads the position field's text (to start
    from), ``put`` writes a position's text into it."""
    rules = current_rules()
    if rules.players == 2:
        st.caption("The builder makes positions for 3, 4 and 6 players; a 2-player position, "
                   "with its table cards, is typed below.")
        return
    st.caption("Choose the contract, then click cards into each hand: pick a player, then "
               "their cards (a card clicked again goes back to the pack). The position starts "
               "at a trick's first card; every hand needs as many cards.")
    _choices(rules)
    _pack(rules)
    _summary(rules)
    with st.container(horizontal=True, gap="small", key="build_actions"):
        st.button("Write the position", key="build_write", type="primary", on_click=_write,
                  args=(put,), icon=":material/edit_note:")
        st.button("Start from the position below", key="build_read", on_click=_read,
                  args=(get,), icon=":material/download:")
        st.button("Clear the hands", key="build_clear", on_click=_clear,
                  icon=":material/clear_all:")
    note = st.session_state.pop(NOTE_KEY, None)
    if isinstance(note, tuple):
        kind, message = note
        (st.error if kind == "error" else st.success)(plain(message))
