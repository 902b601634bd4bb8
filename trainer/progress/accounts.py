"""Learners who sign in: an account (an OpenID Connect issuer and subject) mapped onto a row of
the store's ``learners`` table, so every store read and write keeps taking a `Learner`.

An account's learner is saved under `account_name`: ``"account:"`` and the SHA-256 of the
issuer and subject (72 characters). The name box and ``?learner=`` go through
`ProgressStore.learner`, which refuses any name over 40 characters, so no typed name can ever
reach an account's row, and two providers' subjects cannot meet (the issuer is hashed too).
`ProgressStore.learners` (the name picker's list) leaves these rows out. No migration: the
row is an ordinary learner row.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from trainer.progress.ratings import Rating
from trainer.progress.start import starting_rating
from trainer.progress.store import Learner, ProgressStore, StoreError

PREFIX = "account:"
NAME_LENGTH = len(PREFIX) + 64
"""Every account name's length: longer than any name `ProgressStore.learner` accepts (40)."""


def account_name(issuer: str, subject: str) -> str:
    """The store name of the account ``subject`` at ``issuer`` (both as the ID token's ``iss``
    and ``sub`` give them). Raises `StoreError` when the subject is empty."""
    if not subject:
        raise StoreError("account: the sign-in gave no subject")
    digest = hashlib.sha256(f"{issuer}\n{subject}".encode()).hexdigest()
    return PREFIX + digest


def is_account_name(name: str) -> bool:
    """Whether ``name`` is an account's store name (`account_name`'s shape)."""
    return len(name) == NAME_LENGTH and name.startswith(PREFIX)


def account_learner(store: ProgressStore, issuer: str, subject: str) -> Learner:
    """The learner of the account ``subject`` at ``issuer``, created on its first sign-in.
    The `Learner`'s ``name`` is the store name (`account_name`), never shown: pages show the
    account's own display name. Raises `StoreError` for an empty subject; the store's errors
    (`sqlite3.Error`, `OSError`, `StoreUnavailableError`) pass through."""
    name = account_name(issuer, subject)
    with store._write() as db:
        row = db.execute("SELECT * FROM learners WHERE name = ?", (name,)).fetchone()
        if row is None:
            r = starting_rating()
            db.execute(
                "INSERT INTO learners (name, created, rating, deviation, volatility) "
                "VALUES (?, ?, ?, ?, ?)",
                (name, datetime.now(UTC).isoformat(), r.rating, r.deviation, r.volatility),
            )
            row = db.execute("SELECT * FROM learners WHERE name = ?", (name,)).fetchone()
    return Learner(
        row["id"], row["name"], Rating(row["rating"], row["deviation"], row["volatility"])
    )
