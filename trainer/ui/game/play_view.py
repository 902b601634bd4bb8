"""The hand on the table, drawn for the learner: the auction with their ten cards, the discard,
the tricks (the table, the learner's cards to click, a pause after each trick), and once the
hand is over its score in words, the running totals and the review.

Used for the game's hand and for a practice copy of a hand ("replay from here"), which shows
its own result and is never scored into the game.
"""

from __future__ import annotations

import streamlit as st

from trainer.game import GameHand, Phase
from trainer.generate.explain import seat_name
from trainer.rules import CardOrder
from trainer.scoring import GameScore
from trainer.ui.game import review_view, turns
from trainer.ui.game.scoreboard import (
    hand_summary,
    points_words,
    score_figure,
    score_table,
    why_won,
    winner_words,
)
from trainer.ui.game.session import Table, side_name
from trainer.ui.game.table import table_html
from trainer.ui.widgets.auction import auction_table
from trainer.ui.widgets.board import trick_panel
from trainer.ui.widgets.cards import hand_html, red_suits
from trainer.ui.widgets.charts import PLOT_CONFIG

REVIEW_OPEN_KEY = "game_review_open"
"""Session key: the review key of the hand whose review is open."""


def status_line(table: Table) -> str:
    """``"Hand 3 · West deals · bots: Normal"`` and the contract once there is one."""
    hand = table.hand
    parts = [f"Hand {table.number + 1}", f"{seat_name(hand.deal.dealer)} deals",
             f"bots: {table.level.label}"]
    if hand.contract is not None and hand.declarer is not None:
        who = "you" if hand.declarer is table.learner else seat_name(hand.declarer)
        parts.append(f"contract **{hand.contract.pretty}** by {who}")
    if hand.state is not None and hand.contract is not None:
        taken = hand.declarer_tricks()
        parts.append(f"misère: the declarer has taken {taken} trick{'' if taken == 1 else 's'}"
                     if hand.contract.misere
                     else f"tricks for the declarer's side: {taken} (bid {hand.contract.level})")
    return " · ".join(parts)


def _auction(table: Table, expanded: bool) -> None:
    hand = table.hand
    calls = [c if isinstance(c, str) else c.code for c in hand.auction.calls]
    frame = auction_table(hand.rules, hand.deal.dealer, calls,
                          to_call=hand.auction.to_call if hand.phase is Phase.AUCTION else None,
                          you=table.learner)
    if expanded:
        st.dataframe(frame, hide_index=True)
    else:
        with st.expander("The auction"):
            st.dataframe(frame, hide_index=True)


def score_caption(table: Table) -> None:
    """The game's score before this hand, and who sits where."""
    partners = [s for s in table.hand.rules.side_of(table.learner) if s is not table.learner]
    seat = f"You sit {seat_name(table.learner)}" + (
        f", {' and '.join(seat_name(s) for s in partners)} your partner"
        + ("s" if len(partners) > 1 else "") if partners else "")
    if table.game is None:
        st.caption(seat + ".")
        return
    totals = " · ".join(f"{side_name(s, table.learner)} {v}"
                        for s, v in table.game.score.scores.items())
    st.caption(f"{seat}. Score: {totals}.")


def in_play(table: Table) -> None:
    """The hand while it is being played: the bots move first, then the learner's decision."""
    turns.run_bots(table)
    hand = table.hand
    st.markdown(red_suits(status_line(table)))
    score_caption(table)
    if hand.is_over:
        st.rerun()  # the bots finished the hand: show its score
    if hand.phase is Phase.AUCTION:
        order = CardOrder(trump=None)
        cards = sorted(hand.deal.hands[table.learner], key=order.display_key)
        st.markdown(hand_html(cards, order, label="your hand", width=56),
                    unsafe_allow_html=True)
        _auction(table, expanded=True)
        if table.my_turn:
            turns.controls(table)
        return
    if hand.phase is Phase.EXCHANGE:
        _auction(table, expanded=False)
        turns.controls(table)
        return
    state = hand.state
    assert state is not None
    clickable = table.my_turn and not table.paused
    st.markdown(table_html(state, table.learner, bottom=not clickable),
                unsafe_allow_html=True)
    turns.costly_note()
    if table.paused:
        if table.sits_out():
            st.caption("Your partner plays misère alone, so you sit this hand out and watch.")
        turns.next_trick_button(table)
    elif clickable:
        turns.controls(table)
    _auction(table, expanded=False)


def toggle_review(key: str) -> None:
    st.session_state[REVIEW_OPEN_KEY] = None if st.session_state.get(REVIEW_OPEN_KEY) == key \
        else key


def review_block(table: Table, number: int, key: str, on_replay: object) -> None:
    """The "Review this hand" toggle and, when open, the review."""
    open_now = st.session_state.get(REVIEW_OPEN_KEY) == key
    st.button("Hide the review" if open_now else "Review this hand", key=f"game_review:{key}",
              icon=":material/grading:", on_click=toggle_review, args=(key,))
    if not open_now:
        return
    game = table.game
    record = game.record(number) if game is not None else table.hand.to_record()
    assisted = game is not None and number in game.assisted
    review = review_view.compute(key, record, table.learner, assisted,
                                 turns.score_before(game, number))
    if review is not None:
        review_view.show(review, record, key, on_replay)


def hand_over(table: Table, on_next: object, on_replay: object) -> None:
    """The finished hand: the table with every card played, what it scored, the running
    totals, the review, and "Next hand"."""
    hand = table.hand
    game = table.game
    state = hand.state
    if state is not None:
        st.markdown(trick_panel(state, table.learner, live=False), unsafe_allow_html=True)
        start = GameHand.from_record(hand.to_record(), upto=0).state
        if start is not None:
            with st.expander("Every hand as the play began"):
                st.markdown(table_html(start, table.learner, live=False, open_hands=True),
                            unsafe_allow_html=True)
    before = game.score if game is not None else GameScore.new(hand.rules)
    after = hand.score_into(before)
    summary = hand_summary(hand, table.number, before, after, table.learner)
    st.subheader("The hand's score" if not table.practice else "How the practice hand ended")
    st.markdown(red_suits(summary.result))
    st.markdown(red_suits(f"Points this hand: {points_words(summary)}."))
    if game is not None:
        totals = ", ".join(f"{side_name(s, table.learner)} {v}" for s, v in after.scores.items())
        st.markdown(f"Totals: **{totals}**.")
        if after.winner is not None:
            st.success(why_won(after, table.learner, hand.rules.minus_500_loses) + ".",
                       icon=":material/emoji_events:")
        label = "Finish the game" if after.winner is not None else "Next hand"
        st.button(label, key=f"game_next_hand:{turns.turn_tag(table)}", type="primary",
                  icon=":material/skip_next:", on_click=on_next)
    if hand.phase is not Phase.THROWN_IN and state is not None:
        key = f"{table.seed}:{table.number}:{'p' if table.practice else 'g'}"
        review_block(table, table.number, key, on_replay)


def game_over(table: Table) -> None:
    """The game's result and its score sheet."""
    game = table.game
    assert game is not None
    st.success(winner_words(game, table.learner), icon=":material/emoji_events:")
    scores(table)


def scores(table: Table) -> None:
    """The running totals: a small chart and the table of hands."""
    game = table.game
    if game is None or not game.finished:
        return
    st.plotly_chart(score_figure(game, table.learner), config=PLOT_CONFIG,
                    key=f"game_scores:{game.seed}:{len(game.finished)}")
    st.dataframe(score_table(game, table.learner), hide_index=True)
