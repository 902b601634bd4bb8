"""Building a hand and an auction by clicking, for the Analyse page's "analyse my hand" section.

The typed fields stay the record: the hand is the text of ``hand_cards`` (card codes), the
auction the text of ``hand_auction`` (the calls as the players made them, from the dealer's
left; a player who is out makes none, `trainer.bidding.turns_from_calls`). The builders write
into those fields, and read them back, so typing and clicking can be mixed:

- the pack (`trainer.rules.RuleSet.pack`: 43 cards for four players, 45 with the black fours)
  as one row of pills a suit (``hand_pick:<suit>``, ``hand_pick:JK`` for the joker); ticking a
  card writes the hand field, typing in the field ticks its cards (`sync_picks`);
- the auction so far as a table, then a button for each legal call of the player to call
  (``hand_call:<code>``: pass, every bid above the last, misère and open misère when the rules
  allow them, `trainer.bidding.Auction.legal_calls`), in turn from the dealer's left, with Undo
  (``hand_undo``) and Clear (``hand_clear``). When a call ends the auction won by the learner's
  seat, the contract field is filled in with the contract (for a discard).

Keys: `HAND_KEY`, `AUCTION_KEY`, `CONTRACT_KEY`, `SEAT_KEY`, `DEALER_KEY`.
"""

from __future__ import annotations

import streamlit as st

from trainer.bidding import Auction, Bid, turns_from_calls
from trainer.cards import SUITS, Card, Seat, sort_key
from trainer.codes import parse_card
from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.rules import RuleSet
from trainer.ui.data.profile import plain
from trainer.ui.data.state import current_rules
from trainer.ui.widgets.auction import auction_table, call_label, call_rows, call_text

HAND_KEY = "hand_cards"
AUCTION_KEY = "hand_auction"
CONTRACT_KEY = "hand_contract"
SEAT_KEY = "hand_seat"
DEALER_KEY = "hand_dealer"
PICK_PREFIX = "hand_pick:"
FILLED_KEY = "hand_contract_filled"  # the contract the auction builder wrote, if any
RIGHT = "On your right"  # the dealer choice that follows the seat picked
JOKER_GROUP = "JK"


# --- seats -------------------------------------------------------------------------------------


def dealer_of(seat: str, choice: str, seats: list[str]) -> str:
    """The dealer: ``choice``, or with `RIGHT` the player on ``seat``'s right (so that with no
    calls yet it is ``seat``'s turn)."""
    return seats[(seats.index(seat) - 1) % len(seats)] if choice == RIGHT else choice


def chosen_seats(rules: RuleSet) -> tuple[str, str]:
    """The learner's seat and the dealer as chosen in the section's boxes (their defaults before
    they are drawn: South, the dealer on South's right)."""
    seats = [s.value for s in rules.seats]
    seat = st.session_state.get(SEAT_KEY)
    seat = seat if seat in seats else ("S" if "S" in seats else seats[0])
    choice = st.session_state.get(DEALER_KEY)
    choice = choice if choice in (RIGHT, *seats) else RIGHT
    return seat, dealer_of(seat, choice, seats)


# --- the hand ----------------------------------------------------------------------------------


def groups(rules: RuleSet) -> dict[str, list[Card]]:
    """The pack by pill row: each suit's cards from the ace down (by suit letter), then the
    joker (`JOKER_GROUP`)."""
    rows: dict[str, list[Card]] = {s.value: [] for s in SUITS} | {JOKER_GROUP: []}
    for card in rules.pack:
        rows[_group_of(card)].append(card)
    return {group: cards for group, cards in rows.items() if cards}


def _group_of(card: Card) -> str:
    return card.suit.value if card.suit is not None else JOKER_GROUP


def typed_cards(text: str, rules: RuleSet) -> list[Card]:
    """The cards of the pack that ``text`` names, each once, in the order typed; words that are
    not cards of this pack are left out (the analysis names them when it reads the field)."""
    cards: list[Card] = []
    in_pack = set(rules.pack)
    for word in text.replace(",", " ").split():
        try:
            card = parse_card(word)
        except TrainerError:
            continue
        if card in in_pack and card not in cards:
            cards.append(card)
    return cards


def sync_picks() -> None:
    """Callback of the hand field: tick the pills of the cards typed."""
    set_picks(typed_cards(st.session_state.get(HAND_KEY, ""), current_rules()), current_rules())


def set_picks(cards: list[Card], rules: RuleSet) -> None:
    """Tick exactly ``cards`` in the pills (before they are drawn)."""
    for group, pack_cards in groups(rules).items():
        st.session_state[PICK_PREFIX + group] = [c.code for c in pack_cards if c in cards]


def _picked() -> None:
    """Callback of the pills: the hand field becomes the ticked cards, in suit order."""
    rules = current_rules()
    codes = {code for group in groups(rules)
             for code in st.session_state.get(PICK_PREFIX + group) or ()}
    cards = sorted((c for c in rules.pack if c.code in codes), key=sort_key)
    st.session_state[HAND_KEY] = " ".join(c.code for c in cards)


def set_hand(codes: list[str], rules: RuleSet) -> None:
    """Put ``codes`` in the hand field and tick them (before the section is drawn)."""
    st.session_state[HAND_KEY] = " ".join(codes)
    set_picks(typed_cards(" ".join(codes), rules), rules)


def _pill(code: str) -> str:
    card = parse_card(code)
    if card.suit is not None and card.suit.is_red:
        return f":red[{card.pretty}]"
    return card.pretty


def hand_builder(rules: RuleSet) -> None:
    """The pack as pills, a row a suit, and a count of the cards ticked."""
    full = 10 + rules.kitty_size
    for group, cards in groups(rules).items():
        suit = cards[0].suit
        options = [c.code for c in cards]
        kept = st.session_state.get(PICK_PREFIX + group)
        if isinstance(kept, list) and not set(kept) <= set(options):  # the pack changed
            st.session_state[PICK_PREFIX + group] = [c for c in kept if c in options]
        st.pills("The joker" if suit is None else suit.noun.capitalize(),
                 options, selection_mode="multi", key=PICK_PREFIX + group,
                 format_func=_pill, on_change=_picked, label_visibility="collapsed")
    count = len(typed_cards(st.session_state.get(HAND_KEY, ""), rules))
    need = ("" if count in (10, full) else
            f": {10 - count} more to bid" if count < 10 else
            f": {full - count} more to discard" if count < full else ": too many")
    st.caption(f"{count} cards ticked{need} (10 to choose a call; {full}, your hand with the "
               "kitty, to choose a discard).")


# --- the auction -------------------------------------------------------------------------------


def calls_made(text: str) -> list[str]:
    """The calls typed in the auction field, as codes (commas or spaces between them)."""
    return text.replace(",", " ").split()


def _auction(rules: RuleSet, dealer: str) -> tuple[Auction, list[str]]:
    """The auction field read from ``dealer``: the `Auction` and its turns. Raises
    `TrainerError` when it does not read."""
    turns = turns_from_calls(rules, Seat(dealer), calls_made(
        st.session_state.get(AUCTION_KEY, "")))
    return Auction(rules, Seat(dealer), list(turns)), turns


def _add_call(code: str) -> None:
    rules = current_rules()
    seat, dealer = chosen_seats(rules)
    calls = [*calls_made(st.session_state.get(AUCTION_KEY, "")), code]
    st.session_state[AUCTION_KEY] = " ".join(calls)
    try:
        auction, _ = _auction(rules, dealer)
    except TrainerError:
        return
    contract = auction.contract
    if (contract is not None and auction.declarer is Seat(seat)
            and not st.session_state.get(CONTRACT_KEY, "").strip()):
        st.session_state[CONTRACT_KEY] = st.session_state[FILLED_KEY] = contract.code


def _forget_filled_contract() -> None:
    filled = st.session_state.pop(FILLED_KEY, None)
    if filled and st.session_state.get(CONTRACT_KEY, "").strip() == filled:
        st.session_state[CONTRACT_KEY] = ""


def _undo() -> None:
    st.session_state[AUCTION_KEY] = " ".join(calls_made(
        st.session_state.get(AUCTION_KEY, ""))[:-1])
    _forget_filled_contract()


def _clear() -> None:
    st.session_state[AUCTION_KEY] = ""
    _forget_filled_contract()


def auction_builder(rules: RuleSet) -> None:
    """The auction so far (a table, "?" where the next call goes), the next player's legal calls
    as buttons, Undo and Clear; or a note when the typed auction does not read."""
    seat, dealer = chosen_seats(rules)
    you = Seat(seat)
    try:
        auction, turns = _auction(rules, dealer)
    except TrainerError as e:
        st.warning(f"The auction below does not read: {plain(str(e))}. Change it, or clear it "
                   "and click the calls.", icon=":material/warning:")
        auction, turns = None, []
    if auction is not None:
        st.table(auction_table(rules, Seat(dealer), turns, auction.to_call, you=you),
                 border="horizontal", hide_index=True)
        _next_calls(auction, you)
    with st.container(horizontal=True, gap="small", key="hand_auction_edit"):
        st.button("Undo the last call", key="hand_undo", on_click=_undo,
                  icon=":material/undo:", disabled=not calls_made(
                      st.session_state.get(AUCTION_KEY, "")))
        st.button("Clear the auction", key="hand_clear", on_click=_clear,
                  icon=":material/clear_all:")


def _next_calls(auction: Auction, you: Seat) -> None:
    to_call = auction.to_call
    if to_call is None:
        st.caption(_over_text(auction, you))
        return
    who = "you" if to_call is you else seat_name(to_call)
    st.markdown(f"**Next call: {who}.** Click the calls in turn from the dealer's left; stop "
                "where it is your turn to ask for your call.")
    codes = [c.code if isinstance(c, Bid) else c for c in auction.legal_calls()]
    with st.container(gap="xsmall", key="hand_calls"):
        for n, row in enumerate(call_rows(codes)):
            with st.container(horizontal=True, gap="small", key=f"hand_call_row_{n}"):
                for code in row:
                    st.button(call_label(code), key=f"hand_call:{code}", on_click=_add_call,
                              args=(code,), help=f"{seat_name(to_call)}: {call_text(code)}")


def _over_text(auction: Auction, you: Seat) -> str:
    contract, declarer = auction.contract, auction.declarer
    if contract is None or declarer is None:
        return "The auction is over with no contract: the hand is thrown in."
    won = "you" if declarer is you else seat_name(declarer)
    text = f"The auction is over: {won} won it in {contract.pretty}."
    if declarer is not you:
        text += (" To choose a discard the auction must be yours; to choose a call, undo back "
                 "to your turn.")
    return text
