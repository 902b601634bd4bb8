"""Home page: what Five Hundred is, what the trainer offers, and the way in."""

from __future__ import annotations

import streamlit as st

from trainer.cards import Suit
from trainer.rules import CardOrder
from trainer.ui.cards_svg import hand_html
from trainer.ui.lesson_files import parse_marker
from trainer.ui.rule_options import rules_summary
from trainer.ui.state import current_rules

_SHOWCASE = parse_marker("JK JH JD AH KH")


def render() -> None:
    """Draw the home page."""
    st.title("Five Hundred trainer")
    showcase = hand_html(
        _SHOWCASE.cards,
        CardOrder(trump=Suit.HEARTS),
        label="the top five trumps when hearts are trumps",
        mark_trumps=True,
    )
    st.markdown(showcase, unsafe_allow_html=True)
    st.markdown(
        "**Five Hundred (500)** is a trick-taking card game for four players in two "
        "partnerships, with a 43-card pack: the usual 52 without the 2s, 3s and black 4s, "
        "plus a joker.  \n"
        "Each hand the players bid how many of the ten tricks their side will take, and in "
        "which trump suit; the highest bidder takes the kitty and tries to make the bid.  \n"
        "Bids score on a fixed schedule, from 40 for six spades to 520 for ten no trumps; "
        "the first side to reach 500 by making a bid wins."
    )
    st.subheader("What the trainer offers")
    st.markdown(
        "- **Learn**: short lessons, step by step: the pack, the bowers and the joker, "
        "following suit, winning tricks. Each lesson ends with practice questions dealt fresh "
        "every time, with the reason behind every answer. Five right in a row masters it.\n"
        "- **Rules**: choose the rules you play by (Australian or American, 3, 4 or 6 "
        "players, and every house option), with the scoring table and the order of the bids. "
        "The lessons follow the rules you choose.\n"
        "- Coming next: bidding and play puzzles graded by an exact double-dummy solver."
    )
    left, right = st.columns(2)
    with left:
        st.page_link("trainer/ui/learn.py", label="Start learning", icon=":material/school:")
    with right:
        st.page_link("trainer/ui/rules_page.py", label="Choose the rules", icon=":material/tune:")
    st.caption(f"Rules in use: {rules_summary(current_rules())}.")


if __name__ == "__main__":
    render()
