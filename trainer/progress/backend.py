"""Where the learner store keeps its rows: an SQLite file, or a PostgreSQL database by URL.

``TRAINER_DB`` (or the location handed to `trainer.progress.store.ProgressStore`) is a
PostgreSQL URL when it starts ``postgresql://`` or ``postgres://`` (`is_postgres_url`), and the
path of an SQLite file otherwise (`open_backend`). Both backends give the store the same two
things:

- ``connect()``: a `Connection` for reads (each statement its own transaction);
- ``write()``: a `Connection` inside one write transaction, all of it committed or none of it;
  writers are serialised, one at a time across every process using the store.

`Connection.execute` takes the SQL the store writes, which is portable (``?`` placeholders,
``INSERT ... ON CONFLICT``), and returns a cursor whose rows read both as ``row["col"]`` and
``row[0]``. PostgreSQL connections are kept in a small pool, as connecting costs a few
milliseconds (``bench/two_servers.py``); SQLite opens a connection per call, as it always has.
A PostgreSQL failure to connect or a dropped connection is a `StoreUnavailableError` of one
line that never shows the password.
"""

from __future__ import annotations

import functools
import queue
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

from trainer.progress.errors import StoreUnavailableError

SQLITE = "sqlite"
POSTGRES = "postgres"
WRITE_LOCK = 0x500_7241_1E4
"""The PostgreSQL advisory lock every write transaction takes (any constant will do, as long as
every trainer uses the same one)."""
LOCK_WAIT_SECONDS = 30
"""How long a PostgreSQL writer waits for the write lock before failing (SQLite's wait)."""
POOL_SIZE = 4
"""Idle PostgreSQL connections a store keeps for reuse (more may be open while busy)."""
STALE_SECONDS = 30.0
"""A pooled connection idle longer than this is checked (``SELECT 1``) before reuse, so a
restarted server costs one reconnection rather than one failed page."""


class Row(Protocol):
    """A result row: ``row["col"]`` or ``row[0]`` (`sqlite3.Row`, or `PgRow`)."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class Cursor(Protocol):
    """The rows of one statement."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection:
    """One open connection of either backend. ``execute(sql, params)`` takes the store's
    portable SQL (``?`` placeholders; for PostgreSQL they become ``%s`` and a literal ``%``
    becomes ``%%``) and returns a `Cursor`."""

    def __init__(self, raw: Any, dialect: str) -> None:
        self.raw = raw
        self.dialect = dialect

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        if self.dialect == POSTGRES:
            cursor: Cursor = self.raw.execute(_pg_sql(sql), tuple(params))
            return cursor
        return self.raw.execute(sql, tuple(params))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=256)
def _pg_sql(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def is_postgres_url(location: str | Path) -> bool:
    """True when ``location`` is a PostgreSQL URL (``postgresql://`` or ``postgres://``, any
    case); a `Path`, or any other text, names an SQLite file."""
    return isinstance(location, str) and location.strip().lower().startswith(
        ("postgresql://", "postgres://"))


def open_backend(location: str | Path) -> SQLiteBackend | PostgresBackend:
    """The backend for ``location``: `PostgresBackend` for a PostgreSQL URL, else
    `SQLiteBackend` for the file at that path. Connects to nothing yet; raises
    `StoreUnavailableError` for a URL that does not parse."""
    if is_postgres_url(location):
        scheme, rest = str(location).strip().split("://", 1)
        return PostgresBackend(f"{scheme.lower()}://{rest}")  # libpq knows lower case only
    return SQLiteBackend(Path(location))


class SQLiteBackend:
    """An SQLite file: a connection per call; a write is ``BEGIN IMMEDIATE`` ... ``COMMIT``
    (SQLite's one writer at a time; others wait up to 30 s). WAL journaling lets readers go on
    while a writer commits."""

    dialect = SQLITE

    def __init__(self, path: Path) -> None:
        self.path = path
        self.label = str(path)

    def prepare(self) -> None:
        """Create the file's folder, and turn on WAL (not possible inside a transaction)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.connect() as db:
            db.execute("PRAGMA journal_mode=WAL")

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            yield Connection(db, SQLITE)
        finally:
            db.close()

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction: all of it lands, or none of it."""
        with self.connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def tables(self, db: Connection) -> set[str]:
        """The names of the file's tables (raises `sqlite3.DatabaseError` when the file is not
        an SQLite database)."""
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def close(self) -> None:
        """Nothing to close: every call opens and closes its own connection."""


class PgRow(tuple):  # type: ignore[type-arg]
    """A PostgreSQL result row readable as ``row["col"]`` and ``row[0]``, as `sqlite3.Row`."""

    _names: dict[str, int]

    def __new__(cls, values: Sequence[Any], names: dict[str, int]) -> PgRow:
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


def _row_factory(cursor: Any) -> Callable[[Sequence[Any]], PgRow]:
    """psycopg's row factory for `PgRow`s (the column names are read once per statement)."""
    names = {column.name: i for i, column in enumerate(cursor.description or ())}
    return lambda values: PgRow(values, names)


class PostgresBackend:
    """A PostgreSQL database by URL (psycopg 3), with a small pool of connections.

    A write is ``BEGIN ISOLATION LEVEL READ COMMITTED`` then ``SELECT
    pg_advisory_xact_lock(WRITE_LOCK)``: every writer of every app server takes the same lock
    until its commit, so writers run one at a time exactly as SQLite's single writer lock makes
    them, and each statement after the lock sees every write committed before it (READ
    COMMITTED takes a fresh snapshot per statement; a snapshot taken before the lock would
    not). That is what keeps the store's rules true across servers: a learner's first attempt
    at a puzzle is the only rated one (two servers answering the same puzzle at once do not
    both find "not played yet"), and two servers creating "Ann" and "ann" at once make one
    learner.
    """

    dialect = POSTGRES

    def __init__(self, url: str) -> None:
        self.url = url
        self.label = redact(url)
        self._secrets = _secrets(url)
        try:
            from psycopg.conninfo import conninfo_to_dict

            self._params: dict[str, Any] = dict(conninfo_to_dict(url))
        except ImportError:
            raise StoreUnavailableError(
                f"TRAINER_DB: {self.label} needs the psycopg package (pip install "
                "'psycopg[binary]')") from None
        except Exception as e:  # psycopg.ProgrammingError: libpq cannot parse the URL
            raise self._unavailable("is not a usable PostgreSQL URL", e) from None
        self._params.setdefault("connect_timeout", 10)
        self._params.setdefault("application_name", "fivehundred-trainer")
        self._idle: queue.LifoQueue[tuple[Any, float]] = queue.LifoQueue(maxsize=POOL_SIZE)

    def _unavailable(self, what: str, error: BaseException) -> StoreUnavailableError:
        """One line naming TRAINER_DB and the store (password hidden) and libpq's reason."""
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        reason = reason.replace(self.url, self.label)
        for secret in self._secrets:
            reason = reason.replace(secret, "***")
        return StoreUnavailableError(f"TRAINER_DB: {self.label} {what}: {reason}")

    def prepare(self) -> None:
        """Connect once, so a bad URL or an unreachable server is reported on opening."""
        with self.connect() as db:
            db.execute("SELECT 1")

    def _new(self) -> Any:
        import psycopg

        try:
            conn = psycopg.connect(autocommit=True, row_factory=_row_factory, **self._params)
            # a writer waits for the write lock as long as SQLite's would (30 s), then fails
            conn.execute(f"SET lock_timeout = '{LOCK_WAIT_SECONDS}s'")
        except psycopg.Error as e:
            raise self._unavailable("cannot be reached", e) from None
        return conn

    def _take(self) -> Any:
        """An idle pooled connection that still works, else a new one."""
        while True:
            try:
                conn, since = self._idle.get_nowait()
            except queue.Empty:
                return self._new()
            if conn.closed or conn.broken:
                continue
            if time.monotonic() - since > STALE_SECONDS:
                try:
                    conn.execute("SELECT 1")
                except Exception:
                    with suppress(Exception):
                        conn.close()
                    continue
            return conn

    def _give_back(self, conn: Any) -> None:
        from psycopg.pq import TransactionStatus

        if conn.closed or conn.broken or conn.info.transaction_status != TransactionStatus.IDLE:
            with suppress(Exception):
                conn.close()
            return
        try:
            self._idle.put_nowait((conn, time.monotonic()))
        except queue.Full:
            conn.close()

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        import psycopg

        conn = self._take()
        try:
            yield Connection(conn, POSTGRES)
        except psycopg.OperationalError as e:  # the server went away, or refused the work
            raise self._unavailable("failed", e) from None
        finally:
            self._give_back(conn)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction, serialised with every other writer (see the class)."""
        with self.connect() as db:
            db.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
            try:
                db.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
                yield db
            except BaseException:
                with suppress(Exception):  # a dropped connection cannot roll back; nor need it
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def tables(self, db: Connection) -> set[str]:
        """The names of the tables in the connection's current schema (``search_path``)."""
        return {r[0] for r in db.execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()")}

    def close(self) -> None:
        """Close the pooled connections (a later call opens new ones)."""
        while True:
            try:
                conn, _ = self._idle.get_nowait()
            except queue.Empty:
                return
            with suppress(Exception):
                conn.close()


def redact(url: str) -> str:
    """``url`` with its password, in the user part or a ``password=`` parameter, shown as
    ``***``: safe to print and log."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url.split("://", 1)[0] + "://***"
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        if ":" in user:
            user = user.split(":", 1)[0] + ":***"
        netloc = f"{user}@{host}"
    query = "&".join(
        (p.split("=", 1)[0] + "=***") if p.split("=", 1)[0].lower() == "password" else p
        for p in parts.query.split("&")) if parts.query else ""
    return parts._replace(netloc=netloc, query=query).geturl()


def _secrets(url: str) -> list[str]:
    """Every spelling of the URL's password (as written and decoded), longest first."""
    found: list[str] = []
    try:
        parts = urlsplit(url)
    except ValueError:
        return found
    if "@" in parts.netloc:
        user = parts.netloc.rsplit("@", 1)[0]
        if ":" in user:
            found.append(user.split(":", 1)[1])
    for p in parts.query.split("&"):
        key, _, value = p.partition("=")
        if key.lower() == "password":
            found.append(value)
    found += [unquote(s) for s in found]
    return sorted({s for s in found if s}, key=len, reverse=True)
