"""Signing in: Streamlit's own ``st.login`` / ``st.user`` / ``st.logout`` (OpenID Connect
through Authlib), configured by an ``[auth]`` section in ``.streamlit/secrets.toml`` (README,
"Accounts").

Two modes, chosen by the server's secrets, never by the visitor:

- **accounts** (`accounts_on`: an ``[auth]`` section exists): a learner is the signed-in
  account (`signed_in`: the ID token's issuer and subject), mapped onto the store by
  `trainer.progress.accounts`; a visitor who has not signed in uses every page, and nothing is
  saved. ``?learner=`` is ignored there (`trainer.ui.data.profile`).
- **local** (no ``[auth]``): the trainer runs on one machine as before, a learner chosen by
  name.

A refused sign-in (the provider answers ``error=access_denied``) comes back to Streamlit's
callback, which logs it and sends the browser home with no word for the page. So the server
notes each sign-in it starts, by the browser's XSRF token (`start_sign_in`; the token
unmasked, `browser_key`, as the cookie's value changes with each page); a new session from
that browser that is still signed out finds the note (`sign_in_refused`) and says so in one
line; a session that came back signed in drops it (Home's account line calls
`sign_in_refused` too), and so does `sign_out`.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import streamlit as st
from streamlit.errors import StreamlitAPIException, StreamlitAuthError

XSRF_COOKIE = "_streamlit_xsrf"
"""Streamlit's XSRF cookie (on whenever ``[auth]`` is set): the same across a sign-in's
redirects, so it ties the session that comes back to the one that left."""
PENDING_SECONDS = 600.0
"""How long a started sign-in is remembered (a provider's form left longer is forgotten)."""
LOGIN_ERROR_KEY = "accounts_login_error"
"""Session key of the line saying why the sign-in could not start."""
LEAVING_KEY = "accounts_leaving"
"""Session key set when this session sent the browser to the provider."""
REFUSED_KEY = "accounts_refused"
"""Session key: whether this session came back from a sign-in that did not finish."""

_pending: dict[str, float] = {}
"""Sign-ins started and not come back yet: XSRF cookie value -> `time.monotonic` at the start."""
_pending_lock = threading.Lock()


@dataclass(frozen=True)
class Account:
    """A signed-in account: ``issuer`` and ``subject`` (the ID token's ``iss`` and ``sub``,
    together the key of the account's learner) and ``display`` (the name to show: the token's
    ``name``, else ``email``, else ``preferred_username``, else "your account")."""

    issuer: str
    subject: str
    display: str

    @property
    def key(self) -> tuple[str, str]:
        return self.issuer, self.subject


def accounts_on() -> bool:
    """Whether the server has a sign-in provider: an ``[auth]`` section in its secrets."""
    try:
        return bool(st.secrets.load_if_toml_exists() and st.secrets.get("auth"))
    except (StreamlitAPIException, OSError, ValueError):  # an unreadable secrets file
        return False


def _claim(name: str) -> str:
    try:
        value = st.user.get(name)
    except (KeyError, AttributeError):
        return ""
    return value.strip() if isinstance(value, str) else ""


def signed_in() -> Account | None:
    """The signed-in account, or None (signed out, or no provider configured). An ID token
    without a subject counts as signed out."""
    if not accounts_on():
        return None
    try:
        logged_in = bool(st.user.get("is_logged_in"))
    except (KeyError, AttributeError):
        return None
    subject = _claim("sub")
    if not logged_in or not subject:
        return None
    display = _claim("name") or _claim("email") or _claim("preferred_username") or "your account"
    return Account(_claim("iss"), subject, display[:80])


def browser_key(cookie: str) -> str:
    """The browser's XSRF token in ``cookie`` (the `XSRF_COOKIE`'s value), unmasked: Streamlit
    sends the cookie again with each page, the same token under a new random mask (the
    version 2 form ``2|<mask hex>|<masked token hex>|<timestamp>``), so the raw value of the
    browser that comes back from the provider is not the one that left. Any other form (a
    version 1 token is the bare token) is its own key."""
    parts = cookie.split("|")
    if len(parts) == 4 and parts[0] == "2":
        try:
            mask, masked = bytes.fromhex(parts[1]), bytes.fromhex(parts[2])
        except ValueError:
            return cookie
        if mask:
            token = bytes(b ^ mask[i % len(mask)] for i, b in enumerate(masked))
            return f"{token.hex()}|{parts[3]}"
    return cookie


def _browser() -> str | None:
    try:
        value = st.context.cookies.get(XSRF_COOKIE)
    except (AttributeError, RuntimeError):
        return None
    return browser_key(value) if value else None


def _forget_sign_in() -> None:
    browser = _browser()
    if browser:
        with _pending_lock:
            _pending.pop(browser, None)


def start_sign_in() -> None:
    """Send the browser to the provider's sign-in (``st.login``), noting it (module
    docstring); a provider that cannot be reached or is misconfigured leaves one line in
    `LOGIN_ERROR_KEY` instead."""
    st.session_state[LEAVING_KEY] = True
    browser = _browser()
    if browser:
        with _pending_lock:
            now = time.monotonic()
            for key in [k for k, t in _pending.items() if now - t > PENDING_SECONDS]:
                del _pending[key]
            _pending[browser] = now
    try:
        st.login()
    except (StreamlitAuthError, StreamlitAPIException) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else "no reason given"
        st.session_state[LOGIN_ERROR_KEY] = f"Signing in could not start: {first[:200]}"


def sign_in_refused() -> bool:
    """Whether this session is a signed-out browser's return from a sign-in it started that
    did not finish (the provider refused it, or it failed). The note is looked up once a
    session (the answer kept in `REFUSED_KEY`) and dropped, by a signed-in session too; the
    session that started the sign-in never looks."""
    if st.session_state.get(LEAVING_KEY):
        return False
    known = st.session_state.get(REFUSED_KEY)
    if isinstance(known, bool):
        return known and signed_in() is None
    browser = _browser()
    started = None
    if browser:
        with _pending_lock:
            started = _pending.pop(browser, None)
    refused = (
        started is not None
        and signed_in() is None
        and time.monotonic() - started <= PENDING_SECONDS
    )
    st.session_state[REFUSED_KEY] = refused
    return refused


def sign_out() -> None:
    """Sign out (``st.logout``: the account's cookie is removed and a new session starts).
    The account's saved progress stays in the store for the next sign-in, and a sign-in
    note left from this browser is dropped (the signed-out page that follows is no refusal)."""
    _forget_sign_in()
    st.logout()
