"""Your first hand: one whole hand of Five Hundred for a beginner, from the deal to the score,
in 15 steps (`trainer.guided`; issue 17, "A guided first hand").

The learner sits South. Step by step: choose a trump suit for the ten cards dealt and count
its trumps, make a call in the auction (North, East and West call by the simple policy, each
call explained), take the kitty and discard three, play every card of South's seat to the ten
tricks by clicking it on the table (`trainer.ui.puzzles.play_hand.table_hand_buttons`; the
other seats play the solver's best card), and score the hand. Every step has a Hint button
(the policy's suggestion, or the solver's best card with a one-line reason); a progress bar
and "Step n of 15" say where the learner is. "Another hand" deals the next of the shipped
hands. With a learner chosen on Home, the actions so far are kept in the store
(`SAVED_SETTING`) and a reload resumes the hand.
"""

from __future__ import annotations

# ruff: noqa: E402 (the solver is waited for before the imports that load it)
import contextlib
from collections.abc import Callable

import streamlit as st

from trainer.ui.data.solver_access import wait_for_solver

wait_for_solver()

from trainer.bidding import Bid, parse_call
from trainer.cards import SUITS, Suit
from trainer.errors import TrainerError
from trainer.guided import SEEDS, TOTAL_STEPS, GuidedHand, GuidedWalk, StepKind, replay
from trainer.guided.walk import Feedback
from trainer.rules import CardOrder
from trainer.ui.data.profile import STORE_ERRORS, current_learner, store
from trainer.ui.puzzles.play_hand import table_hand_buttons
from trainer.ui.widgets.auction import auction_table, call_label, call_rows
from trainer.ui.widgets.board import board_html
from trainer.ui.widgets.cards import hand_html, red_suits

WALK_KEY = "guided_walk"  # the GuidedWalk on show
INDEX_KEY = "guided_index"  # which of the shipped hands (counts up with "Another hand")
ERROR_KEY = "guided_error"  # the last refused action's reason
HINT_KEY = "guided_hint"  # the step (and action count) whose hint is on show
LAST_KEY = "guided_last"  # the last answer's feedback, shown once
SAVED_SETTING = "guided_hand"  # {"index": i, "actions": [...]} for a learner
HIGHEST_SHOWN = 8  # bids above this level go in a "higher bids" expander


# --- keeping the walk --------------------------------------------------------------------------


def _saved() -> dict | None:
    learner = current_learner()
    if learner is None:
        return None
    with contextlib.suppress(*STORE_ERRORS):
        kept = store().get_setting(learner, SAVED_SETTING)
        return kept if isinstance(kept, dict) else None
    return None


def _keep(walk: GuidedWalk) -> None:
    learner = current_learner()
    if learner is None:
        return
    value = {"index": int(st.session_state.get(INDEX_KEY, 0)), "actions": list(walk.actions)}
    with contextlib.suppress(*STORE_ERRORS):
        store().set_setting(learner, SAVED_SETTING, value)


def _walk() -> GuidedWalk:
    """The walk on show: the session's, else the learner's saved one, else a new hand."""
    walk = st.session_state.get(WALK_KEY)
    if isinstance(walk, GuidedWalk):
        return walk
    kept = _saved()
    index = 0
    walk = None
    if kept is not None:
        index = int(kept.get("index", 0))
        with contextlib.suppress(TrainerError, TypeError):
            walk = replay(GuidedHand.shipped(index), [str(a) for a in kept.get("actions", [])])
    st.session_state[INDEX_KEY] = index
    walk = walk or GuidedWalk(GuidedHand.shipped(index))
    st.session_state[WALK_KEY] = walk
    return walk


def _act(action: Callable[..., object], *args: object) -> None:
    """Run a walk action from a button, keeping its feedback or its refusal."""
    walk: GuidedWalk = st.session_state[WALK_KEY]
    st.session_state.pop(ERROR_KEY, None)
    try:
        result = action(walk, *args)
    except TrainerError as e:
        st.session_state[ERROR_KEY] = str(e)
        return
    st.session_state[LAST_KEY] = (len(walk.actions), result) if isinstance(result, Feedback) \
        else None
    _keep(walk)


def _another() -> None:
    st.session_state[INDEX_KEY] = int(st.session_state.get(INDEX_KEY, 0)) + 1
    st.session_state[WALK_KEY] = GuidedWalk(GuidedHand.shipped(st.session_state[INDEX_KEY]))
    for key in (ERROR_KEY, LAST_KEY, HINT_KEY):
        st.session_state.pop(key, None)
    _keep(st.session_state[WALK_KEY])


def _show_hint(tag: str) -> None:
    st.session_state[HINT_KEY] = tag


# --- drawing -----------------------------------------------------------------------------------


def _feedback(feedback: Feedback | None) -> None:
    if feedback is None:
        return
    text = red_suits(feedback.text)
    if feedback.right is True:
        st.success(text, icon=":material/check_circle:")
    elif feedback.right is False:
        st.warning(text, icon=":material/info:")
    else:
        st.info(text, icon=":material/campaign:")


def _hint(walk: GuidedWalk) -> None:
    tag = f"{walk.step.number}:{len(walk.actions)}"
    if st.session_state.get(HINT_KEY) == tag:
        st.info(red_suits("**Hint.** " + walk.hint().text), icon=":material/lightbulb:")
    else:
        st.button("Hint", key="guided_hint_button", icon=":material/lightbulb:",
                  on_click=_show_hint, args=(tag,))


def _continue() -> None:
    st.button("Continue", key="guided_next", type="primary", icon=":material/arrow_forward:",
              on_click=_act, args=(GuidedWalk.next,))


def _hand(walk: GuidedWalk, trump: Suit | None = None, label: str = "your hand") -> None:
    order = CardOrder(trump=trump)
    st.markdown(hand_html(walk.cards, order, label=label, mark_trumps=trump is not None),
                unsafe_allow_html=True)


def _trumps(walk: GuidedWalk) -> None:
    st.markdown("You sit **South**. North is your partner; East and West are your opponents. "
                "West dealt ten cards to each player and three face down to the **kitty**. "
                "Here are your ten cards, sorted by suit (♠ ♣ ♦ ♥, highest first).")
    _hand(walk)
    st.markdown("**Which suit would you choose as trumps?** Remember: with a suit as trumps, "
                "the **joker** and both **jacks of that colour** (the **bowers**) are trumps too.")
    if walk.feedback is None:
        with st.container(horizontal=True, key="guided_suits"):
            for suit in SUITS:
                st.button(red_suits(f"{suit.symbol} {suit.noun.capitalize()}"),
                          key=f"guided_trumps:{suit.value}", on_click=_act,
                          args=(GuidedWalk.answer_trumps, suit))
        _hint(walk)


def _count(walk: GuidedWalk) -> None:
    suit = walk.best_suit
    st.markdown(red_suits(f"Say {suit.symbol} {suit.noun} are trumps. **How many trumps do you "
                          "hold, counting the joker and any bowers?**"))
    _hand(walk, suit if walk.feedback is not None else None)
    if walk.feedback is None:
        with st.container(horizontal=True, key="guided_counts"):
            for n in walk.count_choices():
                st.button(str(n), key=f"guided_count:{n}", on_click=_act,
                          args=(GuidedWalk.answer_count, n))
        _hint(walk)


def _auction(walk: GuidedWalk) -> None:
    st.markdown("Now the **auction**: starting left of the dealer, each player **bids** how many "
                "of the ten tricks (6 to 10) their side will take with a trump suit of their "
                "choice, or passes. Each bid must be higher than the last (♠ lowest, then ♣, ♦, "
                "♥ and no trumps); a player who passes is out. The last bid is the "
                "**contract**, and its bidder the **declarer**.")
    _hand(walk)
    learner = walk.hand.learner
    table = auction_table(walk.hand.rules, walk.hand.dealer, [str(c) for c in
                          walk.auction.calls], to_call=walk.auction.to_call, you=learner)
    st.dataframe(table, hide_index=True)
    if walk.call_notes:
        st.markdown(red_suits("\n".join(f"- {n}" for n in walk.call_notes)))
    legal = [str(c) for c in walk.legal_calls()]
    if legal:
        st.markdown("**Your call:**")
        rows = call_rows(legal)
        low = [r for r in rows if _level(r[0]) <= HIGHEST_SHOWN]
        high = [r for r in rows if _level(r[0]) > HIGHEST_SHOWN]
        for row in low:
            _call_row(row)
        if high:
            with st.expander("Higher bids"):
                for row in high:
                    _call_row(row)
        _hint(walk)


def _level(code: str) -> int:
    call = parse_call(code)
    if not isinstance(call, Bid):
        return 0
    return call.level if call.level is not None else 11


def _call_row(row: list[str]) -> None:
    with st.container(horizontal=True):
        for code in row:
            st.button(call_label(code), key=f"guided_call:{code}", on_click=_act,
                      args=(GuidedWalk.call, code))


def _kitty(walk: GuidedWalk) -> None:
    contract = walk.auction.contract
    if not walk.learner_declares or contract is None:
        return
    trump = contract.trump
    if walk.state is not None:
        st.markdown("Your hand for the play:")
        _hand(walk, trump)
        return
    kitty = walk.hand.deal.kitty
    st.markdown("As declarer you pick up the three **kitty** cards: "
                + red_suits(", ".join(c.pretty for c in kitty))
                + ". Now you hold 13 cards and must **discard** three of them face down. "
                "Choose the three cards to throw away.")
    order = CardOrder(trump=trump)
    pool = sorted(walk.kitty_pool, key=order.display_key)
    st.markdown(hand_html(pool, order, label="your 13 cards", mark_trumps=True),
                unsafe_allow_html=True)
    chosen = st.pills("Discard", [c.code for c in pool], selection_mode="multi",
                      key=f"guided_discard:{walk.hand.seed}",
                      format_func=lambda code: red_suits(next(c.pretty for c in pool
                                                              if c.code == code)))
    chosen = list(chosen or [])
    st.button(f"Discard these {len(chosen)}" if len(chosen) != 3 else "Discard these three",
              key="guided_discard_go", type="primary", disabled=len(chosen) != 3,
              on_click=_act, args=(GuidedWalk.discard, chosen))
    st.caption("Trumps are ringed in gold.")
    _hint(walk)


def _trick(walk: GuidedWalk) -> None:
    state = walk.state
    assert state is not None
    learner = walk.hand.learner
    st.markdown(red_suits(f"**{walk.status()}**"))
    st.caption("Every hand is face up here so you can follow the play; at a real table you see "
               "only your own cards and those played to the tricks.")
    if walk.step.trick == 1 and not state.history and not state.trick:
        st.caption("You lead first: click a card of your hand to play it. Everybody must "
                   "**follow suit** (play the suit led) if they can; the highest trump wins "
                   "the trick, else the highest card of the suit led.")
    if walk.trick_notes:
        st.markdown(red_suits(f"_{walk.trick_notes[-1]}_"))
    st.markdown(board_html(state, learner, bottom=not walk.my_turn), unsafe_allow_html=True)
    if walk.my_turn:
        turn = f"g{walk.hand.seed}-{len(walk.actions)}"
        table_hand_buttons(state, learner, turn, walk.legal_plays(), _play)
        _hint(walk)
    else:
        st.button("Next trick", key="guided_watch", type="primary", on_click=_act,
                  args=(GuidedWalk.watch,))


def _play(code: str, turn: str) -> None:
    walk: GuidedWalk = st.session_state[WALK_KEY]
    if turn != f"g{walk.hand.seed}-{len(walk.actions)}":
        return  # a click drawn for an earlier card
    _act(GuidedWalk.play, code)


def _score(walk: GuidedWalk) -> None:
    state = walk.state
    if walk.thrown_in or state is None or walk.score is None:
        st.markdown("Nobody bid, so there is no score for this hand.")
    else:
        st.markdown(board_html(state, walk.hand.learner, live=False), unsafe_allow_html=True)
        st.markdown(red_suits(f"**{walk.status()}**"))
        with st.expander("All ten tricks"):
            st.markdown(red_suits("\n".join(f"- {n}" for n in walk.trick_notes)))
        if not walk.finished:
            st.markdown("**How many points does the declarer's side score for this hand?** "
                        "The scoring table: 6♠ is worth 40 and each step up the ladder adds 20 "
                        "(♠ ♣ ♦ ♥ NT); each level adds 100 (7♥ is 200, 8♥ is 300).")
            with st.container(horizontal=True, key="guided_scores"):
                for points in walk.score_choices():
                    st.button(f"{points:+d}", key=f"guided_score:{points}", on_click=_act,
                              args=(GuidedWalk.answer_score, points))
            _hint(walk)
    if walk.finished:
        _feedback(walk.feedback)
        st.success("That is a whole hand of Five Hundred: deal, auction, kitty, ten tricks and "
                   "the score. Play another, or practise the parts in the lessons and puzzles.",
                   icon=":material/emoji_events:")
    st.button("Another hand", key="guided_another", on_click=_another,
              type="primary" if walk.finished else "secondary", icon=":material/autorenew:")


def render() -> None:
    """Draw the page."""
    st.title("Your first hand")
    walk = _walk()
    step = walk.step
    st.progress(step.number / TOTAL_STEPS,
                text=f"Step {step.number} of {TOTAL_STEPS}: {step.title}")
    st.caption(f"Hand {int(st.session_state.get(INDEX_KEY, 0)) % len(SEEDS) + 1} of "
               f"{len(SEEDS)} · a real deal, the other three players played by the computer.")
    error = st.session_state.pop(ERROR_KEY, None)
    if error:
        st.error(red_suits(error), icon=":material/block:")
    last = st.session_state.get(LAST_KEY)  # kept until the next action (a Hint reruns too)
    shown = last[1] if isinstance(last, tuple) and last[0] == len(walk.actions) else None
    if step.kind is StepKind.TRICK or (step.kind is StepKind.SCORE and not walk.finished):
        _feedback(shown)  # the card just played, and the trick it finished
    if step.kind is StepKind.TRUMPS:
        _trumps(walk)
    elif step.kind is StepKind.COUNT:
        _count(walk)
    elif step.kind is StepKind.AUCTION:
        _auction(walk)
    elif step.kind is StepKind.KITTY:
        _kitty(walk)
    elif step.kind is StepKind.TRICK:
        _trick(walk)
    else:
        _score(walk)
    if walk.waiting:
        _feedback(walk.feedback)
        _continue()


if __name__ == "__main__":
    render()
