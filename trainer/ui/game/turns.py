"""Whose turn it is on the "Play a game" page: the bots move until it is the learner's turn
(`run_bots`, each decision under "West is thinking…"), play pauses after every trick until the
learner goes on, and the learner's controls: the calls as buttons, the discard (cards picked
from the hand and the kitty, with the joker's suit when it may be named) and the cards clicked
on the table. Every action is saved at once (`keep`); a refused action is one line
(`ERROR_KEY`). The coach's hint and the costly-card check are here too, since they belong to
the learner's decision.
"""

from __future__ import annotations

import streamlit as st

from trainer.bidding import Bid, parse_call
from trainer.bots import decide
from trainer.cards import SUITS, Suit
from trainer.codes import parse_card, parse_play
from trainer.errors import TrainerError
from trainer.game import Game, Phase
from trainer.generate.explain import seat_name
from trainer.rules import CardOrder, Play
from trainer.scoring import GameScore
from trainer.solver import default_solver
from trainer.ui.data.profile import current_learner
from trainer.ui.data.solver_access import solver_lock
from trainer.ui.game import coach, saved
from trainer.ui.game.session import Table
from trainer.ui.puzzles.play_hand import table_hand_buttons
from trainer.ui.widgets.auction import call_label, call_rows
from trainer.ui.widgets.cards import hand_html, red_suits

TABLE_KEY = "game_table"
"""Session key of the `Table` on show (the game's, or a practice copy's: `PRACTICE_KEY`)."""
PRACTICE_KEY = "game_practice"
DRAWN_KEY = "game_drawn_table"
"""Session key: the `Table` whose controls were drawn last (the game's, a practice copy's or a
club deal's on the Club page): the one their buttons' callbacks act on (`current`)."""
ERROR_KEY = "game_error"
SAVE_PROBLEM_KEY = "game_save_problem"
HINTS_KEY = "game_hints"
"""Session key: the coach's hints, by turn (`turn_tag`)."""
HINT_ASKED_KEY = "game_hint_asked"
COSTLY_KEY = "game_costly"
"""Session key: (turn tag, points) of the last card the coach flagged as costly."""
FLAG_KEY = "game_flag_costly"
"""The "Flag costly cards" checkbox (its value is saved as the learner's setting)."""
HIGHEST_SHOWN = 8


def turn_tag(table: Table) -> str:
    """Names one decision of one hand: widget keys and hints drawn for it match nothing later."""
    hand = table.hand
    return (f"{table.seed}-{table.number}-{'p' if table.practice else 'g'}-"
            f"{len(hand.auction.calls)}-{len(hand.plays)}-{hand.phase.value}")


def keep(table: Table) -> None:
    """Save the game after an action (a practice hand, or no learner chosen: nothing to save)."""
    learner = current_learner()
    if table.game is None or learner is None:
        return
    problem = saved.save(learner, table.game, table.level)
    if problem:
        st.session_state[SAVE_PROBLEM_KEY] = problem
    else:
        st.session_state.pop(SAVE_PROBLEM_KEY, None)


def current() -> Table | None:
    """The table on show: the one whose controls were drawn last (`DRAWN_KEY`), else a
    practice hand when one is open, else the game's."""
    drawn = st.session_state.get(DRAWN_KEY)
    if isinstance(drawn, Table):
        return drawn
    practice = st.session_state.get(PRACTICE_KEY)
    if isinstance(practice, Table):
        return practice
    table = st.session_state.get(TABLE_KEY)
    return table if isinstance(table, Table) else None


# --- the bots ----------------------------------------------------------------------------------


def run_bots(table: Table) -> None:
    """Let the bots act until it is the learner's decision, a trick has just ended, or the hand
    is over; each decision is saved as it is made."""
    hand = table.hand
    while not hand.is_over and not table.my_turn and not table.paused:
        seat = hand.to_act
        assert seat is not None
        try:
            with st.spinner(f"{seat_name(seat)} is thinking…"), solver_lock():
                decision = decide(hand, table.level, table.bot_seed)
            decision.apply(hand)
        except (TrainerError, ValueError) as e:  # a bot's bug must not take the game down
            st.error(f"{seat_name(seat)} could not decide ({e}).", icon=":material/error:")
            return
        keep(table)


def next_trick_button(table: Table) -> None:
    st.session_state[DRAWN_KEY] = table
    label = "Continue" if table.sits_out() else "Next trick"
    with st.container(horizontal=True):
        st.button(label, key=f"game_go_on:{turn_tag(table)}", type="primary",
                  icon=":material/arrow_forward:", on_click=_go_on)
        if table.sits_out():
            st.button("Watch it to the end", key=f"game_watch:{turn_tag(table)}",
                      icon=":material/fast_forward:", on_click=_watch)


def _watch() -> None:
    table = current()
    if table is not None:
        table.go_on()
        table.watching = True


def _go_on() -> None:
    table = current()
    if table is not None:
        table.go_on()


# --- the learner's actions ---------------------------------------------------------------------


def _act(tag: str, action: str, code: str, joker: str | None = None) -> None:
    """A learner's call, discard or card from a button (ignored when drawn for an earlier
    decision); refused actions leave their reason under `ERROR_KEY`."""
    table = current()
    if table is None or tag != turn_tag(table) or not table.my_turn:
        return
    st.session_state.pop(ERROR_KEY, None)
    hand = table.hand
    try:
        if action == "call":
            hand.call(parse_call(code))
        elif action == "discard":
            suit = Suit(joker) if joker else None
            hand.exchange(tuple(parse_card(c) for c in code.split()), suit)
        else:
            play = parse_play(code)
            _check_cost(table, tag, play)
            hand.play(play)
    except TrainerError as e:
        st.session_state[ERROR_KEY] = str(e)
        return
    keep(table)


def _check_cost(table: Table, tag: str, play: Play | object) -> None:
    """With "Flag costly cards" on, value the learner's card against the best before it is
    played (over what the learner could see) and note a costly one."""
    if not st.session_state.get(FLAG_KEY) or not isinstance(play, Play):
        return
    with solver_lock():
        cost = coach.card_cost(table.hand, table.learner, play, table.bot_seed, default_solver())
    if cost >= coach.COSTLY:
        st.session_state[COSTLY_KEY] = (tag, round(cost))


def costly_note() -> None:
    """The quiet note after a costly card (shown once; which card was better waits for the
    review)."""
    note = st.session_state.pop(COSTLY_KEY, None)
    if note is not None:
        text = (f"That card may have cost about {note[1]} points on average — see the review "
                "after the hand.")
        st.toast(text, icon=":material/flag:")
        st.caption(text)


def controls(table: Table) -> None:
    """The learner's decision now: calls, the discard, or the cards to click."""
    st.session_state[DRAWN_KEY] = table
    tag = turn_tag(table)
    hand = table.hand
    if hand.phase is Phase.AUCTION:
        _calls(table, tag)
    elif hand.phase is Phase.EXCHANGE:
        _discard(table, tag)
    elif hand.phase is Phase.PLAY and hand.state is not None:
        table_hand_buttons(hand.state, table.learner, tag, hand.legal_plays(),
                           lambda code, turn: _act(turn, "play", code))
    hint_box(table, tag)


def _level(code: str) -> int:
    call = parse_call(code)
    if not isinstance(call, Bid):
        return 0
    return call.level if call.level is not None else 11


def _calls(table: Table, tag: str) -> None:
    legal = [c.code if isinstance(c, Bid) else str(c) for c in table.hand.auction.legal_calls()]
    st.markdown("**Your call:**")
    rows = call_rows(legal)
    low = [r for r in rows if _level(r[0]) <= HIGHEST_SHOWN]
    high = [r for r in rows if _level(r[0]) > HIGHEST_SHOWN]
    for row in low:
        _call_row(row, tag)
    if high:
        with st.expander("Higher bids"):
            for row in high:
                _call_row(row, tag)


def _call_row(row: list[str], tag: str) -> None:
    with st.container(horizontal=True):
        for code in row:
            st.button(call_label(code), key=f"game_call:{code}:{tag}", on_click=_act,
                      args=(tag, "call", code))


def _discard(table: Table, tag: str) -> None:
    hand = table.hand
    contract = hand.contract
    assert contract is not None
    kitty = hand.deal.kitty
    need = len(kitty)
    order = CardOrder(trump=contract.trump)
    pool = sorted(hand.kitty_pool(), key=order.display_key)
    st.markdown(red_suits(f"You are the **declarer** in {contract.pretty}. You pick up the "
                          f"**kitty** ({', '.join(c.pretty for c in kitty)}) and now hold "
                          f"{len(pool)} cards: **discard** {need} of them face down."))
    st.markdown(hand_html(pool, order, label="your cards and the kitty", mark_trumps=True),
                unsafe_allow_html=True)
    names = {c.code: c.pretty for c in pool}
    chosen = st.pills("Discard", list(names), selection_mode="multi",
                      key=f"game_discard:{tag}", format_func=lambda code: red_suits(names[code]))
    chosen = list(chosen or [])
    joker = None
    if len(chosen) == need and hand.may_nominate(tuple(parse_card(c) for c in chosen)):
        choices = ["", *(s.value for s in SUITS)]
        joker = st.radio(
            "The joker's suit", choices, key=f"game_joker:{tag}", horizontal=True,
            format_func=lambda v: "leave it free" if not v else red_suits(
                f"{Suit(v).symbol} {Suit(v).noun}"),
            help="At no trumps and misère the joker has no suit until it is played. You may "
                 "name its suit now, before the first lead, or leave it free.") or None
    words = "three" if need == 3 else str(need)
    st.button(f"Discard these {words}" if len(chosen) == need else f"Pick {need} cards",
              key=f"game_discard_go:{tag}", type="primary", disabled=len(chosen) != need,
              on_click=_act, args=(tag, "discard", " ".join(chosen), joker))
    st.caption("Trumps are ringed in gold.")


# --- the coach ---------------------------------------------------------------------------------


def _ask_hint(tag: str) -> None:
    st.session_state[HINT_ASKED_KEY] = tag


def score_before(game: Game | None, number: int) -> GameScore | None:
    """The game's score before its hand ``number`` (None: a practice hand, no game)."""
    if game is None or not 0 <= number <= len(game.scores):
        return None
    return game.scores[number - 1] if number > 0 else GameScore.new(game.rules)


def hint_box(table: Table, tag: str) -> None:
    """The Hint button; once pressed, the coach's advice for this decision (the hand is then
    marked as assisted)."""
    hints = st.session_state.setdefault(HINTS_KEY, {})
    if st.session_state.get(HINT_ASKED_KEY) == tag and tag not in hints:
        try:
            with st.spinner("The coach is thinking…"), solver_lock():
                hints[tag] = coach.hint(table.hand, table.learner, table.bot_seed,
                                        default_solver(),
                                        score_before(table.game, table.number))
        except (TrainerError, ValueError) as e:
            st.error(f"The coach could not advise here ({e}).", icon=":material/error:")
            return
        if table.game is not None:
            table.game.assisted.add(table.number)
            keep(table)
    shown = hints.get(tag)
    if isinstance(shown, coach.Hint):
        st.info(red_suits("**Hint.** " + shown.text), icon=":material/lightbulb:")
    else:
        st.button("Hint", key=f"game_hint:{tag}", icon=":material/lightbulb:",
                  on_click=_ask_hint, args=(tag,),
                  help="The best choice here, and why, by the review's own reckoning. The hand "
                       "is then marked as assisted.")

