"""Who is learning: the learner store, and the chosen learner kept across page loads.

The store is `ProgressStore()` (``$TRAINER_DB``: an SQLite file's path or a PostgreSQL URL; else a
file in the user's data directory), one per location for the whole server
(``st.cache_resource``). The chosen learner lives in ``st.session_state["learner"]`` (a
`Learner`) and in the address as ``?learner=<name>``, so a browser refresh, or a new session
after a server restart, finds the same learner again. With no learner chosen every page still
works and nothing is saved.

With a sign-in provider configured (`trainer.ui.data.accounts.accounts_on`) the learner is the
signed-in account's, never a name from the address: ``?learner=`` is ignored and removed,
`open_learner` refuses, and a session whose account changed (signed out, another account)
drops the learner it held. The store's API still takes the `Learner`
(`trainer.progress.accounts` maps the account onto one).
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
from trainer.progress.accounts import account_learner, is_account_name
from trainer.ui.data.accounts import accounts_on, signed_in

LEARNER_KEY = "learner"
"""Session key of the chosen `Learner`."""
PARAM = "learner"
"""Query parameter holding the chosen learner's name."""
UNKNOWN_KEY = "learner_unknown"
"""Session key of a name from the address that the store does not know."""
ACCOUNT_KEY = "learner_account"
"""Session key of the (issuer, subject) whose learner `LEARNER_KEY` holds, in accounts mode."""

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
    the address in step with the session. In accounts mode: the signed-in account's learner
    (created on its first sign-in), None when signed out or the store is out of reach."""
    if accounts_on():
        return _account_learner()
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


def _account_learner() -> Learner | None:
    """`current_learner` in accounts mode (module docstring)."""
    if PARAM in st.query_params:
        del st.query_params[PARAM]
    account = signed_in()
    if account is None:
        st.session_state.pop(LEARNER_KEY, None)
        st.session_state.pop(ACCOUNT_KEY, None)
        return None
    learner = st.session_state.get(LEARNER_KEY)
    if isinstance(learner, Learner) and st.session_state.get(ACCOUNT_KEY) == account.key:
        return learner
    try:
        learner = account_learner(store(), account.issuer, account.subject)
    except (*STORE_ERRORS, StoreError):
        st.session_state.pop(LEARNER_KEY, None)
        return None
    st.session_state[LEARNER_KEY] = learner
    st.session_state[ACCOUNT_KEY] = account.key
    return learner


def open_learner(name: str) -> Learner:
    """Choose the learner called ``name``, creating them if new; raises `StoreError` with a
    message for the learner when the name will not do (empty, or over 40 characters), or when
    learners sign in here (accounts mode) instead of choosing a name."""
    if accounts_on():
        raise StoreError("name: sign in to keep your progress here")
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


def learner_label(learner: Learner) -> str:
    """The name to show for ``learner``: the signed-in account's display name for an
    account's learner (its store name is never shown), else the name chosen."""
    if is_account_name(learner.name):
        account = signed_in()
        return account.display if account is not None else "your account"
    return learner.name


def keep_words() -> str:
    """How a visitor keeps their progress here, for "..., {keep_words()} on Home": "sign in"
    with a sign-in provider, else "pick a name"."""
    return "sign in" if accounts_on() else "pick a name"


def address_name(learner: Learner | None) -> str:
    """The name a link puts in ``?learner=``: the chosen name, or "" for none and for an
    account's learner (a signed-in learner is never named in an address)."""
    if learner is None or is_account_name(learner.name):
        return ""
    return learner.name


def reread_learner(learner: Learner) -> Learner:
    """``learner`` as the store holds it now (a rating another tab moved); raises `StoreError`
    when they are no longer there, or signed out meanwhile. The store's errors pass through."""
    if is_account_name(learner.name):
        account = signed_in()
        if account is None:
            raise StoreError("you are signed out: sign in again on Home")
        return account_learner(store(), account.issuer, account.subject)
    return store().learner(learner.name, create=False)


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
