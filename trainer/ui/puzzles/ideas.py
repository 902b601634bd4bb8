"""What the Bidding and Discard pages show of a puzzle's write-up and reasons once it is
answered (`trainer.generate.write_ups`): the reason under the learner's own choice when it is
not the best, and the write-up under the heading "The idea"."""

from __future__ import annotations

import streamlit as st

WHY_COLUMN = st.column_config.TextColumn(
    "Why", width="large", help="Why this choice scores what it does (hover or tap to read it "
    "all)")
"""The candidate tables' "Why" column: wide, the phrase whole on hover."""


def reason_line(text: str, best: bool) -> None:
    """The reason for the learner's choice, under the grade (nothing when it is the best)."""
    if text and not best:
        st.markdown(f"**Why yours scores less:** {text}.")


def idea(write_up: str) -> None:
    """The write-up under "The idea" (nothing for a record without one)."""
    if not write_up:
        return
    with st.container(border=True, key="puzzle_idea"):
        st.markdown("**The idea**")
        st.markdown(write_up)
