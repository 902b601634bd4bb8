"""Who is learning: the learner store, and the chosen learner kept across page loads.

The store is `ProgressStore()` (``$TRAINER_DB``: an SQLite file's path or a PostgreSQL URL; else a
file in the user's data directory), one per location for the whole server
(``st.cache_resource``). The chosen learner lives in ``st.session_state["learner"]`` (a
`Learner`) and in the address as ``?learner=<name>``, so a browser refresh, or a new session
after a server restart, finds the same learner again. With no learner chosen every page still
works and nothing is saved.
"""

from __future__ import annotations

import sqlite3

import streamlit as st

from trainer.progress import (
    Learner,
    NotAStoreError,
    ProgressStore,
    StoreError,
    StoreUnavailableError,
    default_location,
)

LEARNER_KEY = "learner"
"""Session key of the chosen `Learner`."""
PARAM = "learner"
"""Query parameter holding the chosen learner's name."""
UNKNOWN_KEY = "learner_unknown"
"""Session key of a name from the address that the store does not know."""

STORE_ERRORS = (sqlite3.Error, OSError, NotAStoreError, StoreUnavailableError)
"""What a store on a broken or read-only disk, a file that is not a store, or a PostgreSQL store
that cannot be reached (or was made by a newer trainer) raises."""


@st.cache_resource(show_spinner=False)
def _store_at(location: str) -> ProgressStore:
    return ProgressStore(location)


def store() -> ProgressStore:
    """The learner store at `default_location` (created on first use, shared by all
    sessions; a store that cannot be opened is tried again on the next call)."""
    return _store_at(default_location())


def current_learner() -> Learner | None:
    """The chosen learner, or None; restores it from ``?learner=`` on a fresh session and keeps
    the address in step with the session."""
    learner = st.session_state.get(LEARNER_KEY)
    if isinstance(learner, Learner):
        if st.query_params.get(PARAM) != learner.name:
            st.query_params[PARAM] = learner.name
        return learner
    name = st.query_params.get(PARAM)
    if not name:
        return None
    try:
        learner = store().learner(name, create=False)
    except STORE_ERRORS:  # the store is out of reach: the name may be fine, so keep it
        return None
    except StoreError:
        st.session_state[UNKNOWN_KEY] = name
        del st.query_params[PARAM]
        return None
    st.session_state[LEARNER_KEY] = learner
    return learner


def open_learner(name: str) -> Learner:
    """Choose the learner called ``name``, creating them if new; raises `StoreError` with a
    message for the learner when the name will not do (empty, or over 40 characters)."""
    learner = store().learner(name)
    st.session_state[LEARNER_KEY] = learner
    st.session_state.pop(UNKNOWN_KEY, None)
    st.query_params[PARAM] = learner.name
    return learner


def forget_learner() -> None:
    """Stop saving: no learner is chosen any more (their saved progress stays in the store)."""
    st.session_state.pop(LEARNER_KEY, None)
    if PARAM in st.query_params:
        del st.query_params[PARAM]


MARKDOWN_SPECIALS = frozenset("\\`*_{}[]()<>#+-.!|~$:=")
"""Characters a learner's name may hold that Streamlit's Markdown would act on."""


def md(text: str) -> str:
    """``text`` for Markdown as typed: each Markdown character backslash-escaped (a learner
    called ``**Al**`` shows as ``**Al**``, not in bold)."""
    return "".join(f"\\{c}" if c in MARKDOWN_SPECIALS else c for c in text)


_MARKUP = set("\\`*_[]<>!$~|#")


def plain(text: str) -> str:
    """``text`` (a message that may quote the learner's own input) for Markdown, with every
    character that could make markup escaped: a card typed as ``![p](http://…)`` shows as typed,
    never as an image fetched from that address. Lighter than `md`: colons, full stops and
    brackets, which messages use, stay as they are."""
    return "".join(f"\\{c}" if c in _MARKUP else c for c in text)


def name_problem(error: StoreError) -> str:
    """A store error about a name, in words for the learner."""
    text = str(error)
    return text.split(": ", 1)[1] if text.startswith("name: ") else text
