"""What the Bidding and Discard pages show of a puzzle's write-up and reasons once it is
answered (`trainer.generate.write_ups`): the reason under the learner's own choice when it is
not the best, the write-up under the heading "The idea", and every row's reason in full (the
table's "Why" column holds each reason's few-word label; a table cell cannot wrap)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

WHY_COLUMN = st.column_config.TextColumn(
    "Why", width="medium", help="Why this choice scores what it does, in a few words: the "
    "reasons in full are in the box under the table")
"""The candidate tables' "Why" column."""


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


def all_reasons(title: str, rows: Sequence[tuple[str, str]]) -> None:
    """Every row's reason in full, as (choice, reason) pairs, in a closed box."""
    if not rows:
        return
    with st.expander(title, icon=":material/format_list_bulleted:"):
        st.markdown("\n".join(f"- **{choice}**: {text}" for choice, text in rows))
