"""A throwaway PostgreSQL server for the tests and ``bench/two_servers.py``, and the two-server
workload they share.

`start_cluster` runs Debian's PostgreSQL binaries (``/usr/lib/postgresql/<version>/bin``, the
newest, else ``initdb`` on PATH): ``initdb`` with trust authentication for the user
``trainer`` into a fresh temporary directory, then ``pg_ctl start`` on a free port of
127.0.0.1 with its socket in that directory. initdb refuses to run as root, so as root both run
as the ``postgres`` OS user (``runuser``), the directory handed to it. `Cluster.stop` stops the
server and removes the directory. Anything that stops it starting is a `PgUnavailable` with the
reason in one line: the ``pg_cluster`` fixture (tests/conftest.py) fails the postgres tests
with it when ``CI`` is set (as .ci/run sets it), and skips them, with the reason, elsewhere.

`run_servers` is the two-app-server check: separate OS processes (multiprocessing, spawn), each
with its own `ProgressStore` on one store, as several Streamlit servers would have, where the
same learner (created as "Ann" and "ann" at the same moment) answers an overlapping set of
puzzles; `check` counts what the store kept.
"""

from __future__ import annotations

import itertools
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

USER = "trainer"
"""The cluster's superuser (trust authentication: no password)."""
OS_USER = "postgres"
"""The OS user the server runs as when the tests run as root."""
_names = itertools.count(1)


class PgUnavailable(RuntimeError):
    """PostgreSQL cannot be started here; the message says why, in one line."""


def find_bin(name: str) -> Path | None:
    """The PostgreSQL program ``name`` (``initdb``, ``pg_ctl``): Debian's newest version's,
    else the one on PATH, else None."""
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
                      key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    if versions:
        return versions[-1]
    found = shutil.which(name)
    return Path(found) if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    """A running throwaway server: ``port`` on 127.0.0.1, ``root`` its directory."""

    root: Path
    port: int
    pg_ctl: Path
    as_user: list[str]

    def url(self, dbname: str = "postgres") -> str:
        """The URL of database ``dbname`` (user ``trainer``, no password)."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{dbname}"

    def admin(self, sql: str) -> None:
        """Run ``sql`` on the ``postgres`` database, outside any transaction."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(sql)  # type: ignore[arg-type]

    def create_database(self) -> str:
        """A new empty database; returns its name."""
        name = f"t{os.getpid()}_{next(_names)}"
        self.admin(f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name``, closing whatever connections a test's stores left open."""
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once and remove its directory."""
        subprocess.run([*self.as_user, str(self.pg_ctl), "-D", str(self.root / "data"), "-m",
                        "immediate", "-w", "stop"], capture_output=True, check=False)
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster(durable: bool = False) -> Cluster:
    """Start a throwaway server (see the module). ``durable``: keep PostgreSQL's fsync on
    commit, as a real server would (the tests turn it off for speed). Raises `PgUnavailable`."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise PgUnavailable("the psycopg package is not installed (pip install "
                            "'psycopg[binary]')") from None
    initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise PgUnavailable("PostgreSQL is not installed (no initdb and pg_ctl under "
                            "/usr/lib/postgresql/*/bin or on PATH; apt-get install postgresql)")
    pg_ctl = initdb.parent / "pg_ctl" if (initdb.parent / "pg_ctl").exists() else pg_ctl
    try:
        root = Path(tempfile.mkdtemp(prefix="trainer-pg-"))
    except OSError as e:
        raise PgUnavailable(f"no temporary directory for the server: {e}") from None
    try:
        return _start(root, initdb, pg_ctl, durable)
    except OSError as e:
        shutil.rmtree(root, ignore_errors=True)
        raise PgUnavailable(f"the server could not be set up in {root}: {e}") from None


def _start(root: Path, initdb: Path, pg_ctl: Path, durable: bool) -> Cluster:
    as_user: list[str] = []
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam(OS_USER)
        except KeyError:
            shutil.rmtree(root, ignore_errors=True)
            raise PgUnavailable(f"running as root and there is no {OS_USER!r} user to run "
                                "PostgreSQL as (initdb refuses root)") from None
        os.chown(root, account.pw_uid, account.pw_gid)
        runuser = shutil.which("runuser")
        as_user = [runuser, "-u", OS_USER, "--"] if runuser else ["setpriv", "--reuid",
                                                                  str(account.pw_uid),
                                                                  "--regid",
                                                                  str(account.pw_gid),
                                                                  "--clear-groups"]
    port = free_port()
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=50"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    steps = [
        [*as_user, str(initdb), "-D", str(root / "data"), "-A", "trust", "-U", USER,
         "-E", "UTF8", "--no-sync", "--no-instructions"],
        [*as_user, str(pg_ctl), "-D", str(root / "data"), "-o", options, "-l",
         str(root / "server.log"), "-w", "-t", "60", "start"],
    ]
    for step in steps:
        try:
            done = subprocess.run(step, capture_output=True, text=True, timeout=120,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            shutil.rmtree(root, ignore_errors=True)
            raise PgUnavailable(f"{Path(step[len(as_user)]).name}: {e}") from None
        if done.returncode != 0:
            log = root / "server.log"
            text = (done.stderr or done.stdout).strip() or (
                log.read_text(errors="replace").strip() if log.exists() else "")
            shutil.rmtree(root, ignore_errors=True)
            last = text.splitlines()[-1] if text else f"exit status {done.returncode}"
            raise PgUnavailable(f"{Path(step[len(as_user)]).name} failed: {last}")
    return Cluster(root, port, pg_ctl, as_user)


# --- two app servers on one store -----------------------------------------------------------

NAMES = ("Ann", "ann", "ANN", "aNN", "AnN", "anN")
"""The spellings the servers create the learner under, one a server (one learner results)."""


def _initial() -> Any:
    from trainer.progress import Rating

    return Rating(1500, 100)


def serve(location: str, server: int, puzzles: list[str], answers: int, barrier: Any,
          results: Any) -> None:
    """One app server (run in its own process): open the store, wait for the others, create
    the learner under this server's spelling of "Ann" at the same moment as they do, then
    answer ``answers`` puzzles going round ``puzzles`` in this server's own shuffled order,
    solved at random. Puts ``(server, answers, seconds, [answer latencies])`` on ``results``."""
    from trainer.progress import ProgressStore

    store = ProgressStore(location)
    rng = random.Random(server)
    order = puzzles[:]
    rng.shuffle(order)
    barrier.wait()
    learner = store.learner(NAMES[server % len(NAMES)])
    barrier.wait()
    latencies = []
    start = time.perf_counter()
    for n in range(answers):
        t = time.perf_counter()
        store.record_puzzle_attempt(learner, "play", order[n % len(order)], ["ruff"],
                                    rng.random() < 0.5, _initial(), {"server": server})
        latencies.append(time.perf_counter() - t)
    results.put((server, answers, time.perf_counter() - start, latencies))
    store.close()


@dataclass(frozen=True)
class Figures:
    """What `run_servers` made and what the store kept.

    ``made``: answers the servers made; ``kept``: attempts the store holds; ``rated``: of
    them rated; ``distinct``: puzzles answered; ``learners``: learner rows; ``ratings_once``:
    every answered puzzle has one
    ``puzzle_ratings`` row, its ``attempts`` 1; ``replayed``: the learner's final rating
    (and each rated attempt's) equals replaying the rated attempts in commit (id) order;
    ``rates``: answers per second of each server; ``latencies``: every answer's seconds.
    """

    made: int
    kept: int
    rated: int
    distinct: int
    learners: int
    ratings_once: bool
    replayed: bool
    rates: tuple[float, ...]
    latencies: tuple[float, ...]


def run_servers(location: str, servers: int = 2, answers: int = 30, puzzles: int = 30,
                timeout: float = 300.0) -> Figures:
    """Run ``servers`` app-server processes on the store at ``location`` (each answering
    ``answers`` of the same ``puzzles`` puzzle ids) and `check` the store."""
    import multiprocessing

    from trainer.progress import ProgressStore

    ProgressStore(location).close()  # migrated once here; the servers find it ready
    ids = [f"p{n:07d}" for n in range(puzzles)]
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(servers), ctx.Queue()
    procs = [ctx.Process(target=serve, args=(location, s, ids, answers, barrier, results))
             for s in range(servers)]
    for p in procs:
        p.start()
    got = []
    try:
        for _ in procs:
            got.append(results.get(timeout=timeout))
    finally:
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.terminate()
    if any(p.exitcode for p in procs):
        raise RuntimeError(f"a server failed: exit codes {[p.exitcode for p in procs]}")
    rates = tuple(n / seconds for _, n, seconds, _ in sorted(got))
    latencies = tuple(t for *_, ts in got for t in ts)
    return check(location, servers * answers, rates, latencies)


def check(location: str, made: int, rates: tuple[float, ...] = (),
          latencies: tuple[float, ...] = ()) -> Figures:
    """Count what the store at ``location`` kept of the learner "Ann"'s answers."""
    from trainer.progress import ProgressStore, update_pair

    store = ProgressStore(location)
    try:
        names = store.learners()
        learner = store.learner(NAMES[0], create=False)
        attempts = store.attempts(learner)
        with store._connect() as db:
            counts = [r["attempts"] for r in db.execute("SELECT attempts FROM puzzle_ratings")]
        me, replayed = _initial().__class__(), True
        for a in attempts:
            if a.rated:
                me, _ = update_pair(me, _initial(), a.correct)
                replayed = replayed and a.rating == me.rating and a.deviation == me.deviation
        replayed = replayed and learner.rating == me
    finally:
        store.close()
    distinct = len({a.item for a in attempts})
    once = len(counts) == distinct and all(c == 1 for c in counts)
    return Figures(made, len(attempts), sum(a.rated for a in attempts), distinct, len(names),
                   once, replayed, rates, latencies)
