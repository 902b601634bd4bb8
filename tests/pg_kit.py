"""A throwaway PostgreSQL server for the tests and ``bench/two_servers.py``.

`start_cluster` runs Debian's PostgreSQL binaries (``/usr/lib/postgresql/<version>/bin``, the
newest, else ``initdb`` on PATH): ``initdb`` with trust authentication for the user
``trainer`` (or, given a password, password authentication over TCP for the user named, as the
``postgres`` Docker image sets up its ``POSTGRES_USER``) into a fresh temporary directory,
then ``pg_ctl start`` on a free port of 127.0.0.1 with its socket in that directory. initdb
refuses to run as root, so as root both run as the ``postgres`` OS user (``runuser``), the
directory handed to it. `Cluster.stop` stops the server and removes the directory. Anything
that stops it starting is a `PgUnavailable` with the reason in one line: the ``pg_cluster``
fixture (tests/conftest.py) fails the postgres tests with it when ``CI`` is set (as .ci/run
sets it), and skips them, with the reason, elsewhere.

The workloads of several app servers on one store are in ``load_kit``.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

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
    """A running throwaway server: ``port`` on 127.0.0.1, ``root`` its directory, ``user`` its
    superuser and ``password`` theirs (None: trust authentication)."""

    root: Path
    port: int
    pg_ctl: Path
    as_user: list[str]
    user: str = USER
    password: str | None = None

    def url(self, dbname: str = "postgres") -> str:
        """The URL of database ``dbname`` as the cluster's superuser."""
        secret = f":{quote(self.password, safe='')}" if self.password is not None else ""
        return f"postgresql://{quote(self.user, safe='')}{secret}@127.0.0.1:{self.port}/{dbname}"

    def admin(self, sql: str) -> None:
        """Run ``sql`` on the ``postgres`` database, outside any transaction."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(sql)  # type: ignore[arg-type]

    def create_database(self, name: str | None = None) -> str:
        """A new empty database (``name``, default a fresh one); returns its name."""
        name = name or f"t{os.getpid()}_{next(_names)}"
        self.admin(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name``, closing whatever connections a test's stores left open."""
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once and remove its directory."""
        subprocess.run([*self.as_user, str(self.pg_ctl), "-D", str(self.root / "data"), "-m",
                        "immediate", "-w", "stop"], capture_output=True, check=False)
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster(durable: bool = False, user: str = USER, password: str | None = None
                  ) -> Cluster:
    """Start a throwaway server (see the module). ``durable``: keep PostgreSQL's fsync on
    commit, as a real server would (the tests turn it off for speed). ``user``: its superuser;
    ``password``: theirs, required over TCP (scram-sha-256, the ``postgres`` image's rule for
    connections from other hosts); None: trust authentication. Raises `PgUnavailable`."""
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
        return _start(root, initdb, pg_ctl, durable, user, password)
    except OSError as e:
        shutil.rmtree(root, ignore_errors=True)
        raise PgUnavailable(f"the server could not be set up in {root}: {e}") from None


def _start(root: Path, initdb: Path, pg_ctl: Path, durable: bool, user: str,
           password: str | None) -> Cluster:
    as_user: list[str] = []
    auth = ["-A", "trust"]
    if password is not None:  # as the postgres image: trust on the socket, a password on TCP
        secret = root / "pwfile"
        secret.write_text(password + "\n", encoding="utf-8")
        auth = ["--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={secret}"]
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam(OS_USER)
        except KeyError:
            shutil.rmtree(root, ignore_errors=True)
            raise PgUnavailable(f"running as root and there is no {OS_USER!r} user to run "
                                "PostgreSQL as (initdb refuses root)") from None
        os.chown(root, account.pw_uid, account.pw_gid)
        if password is not None:
            os.chown(root / "pwfile", account.pw_uid, account.pw_gid)
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
        [*as_user, str(initdb), "-D", str(root / "data"), *auth, "-U", user,
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
    (root / "pwfile").unlink(missing_ok=True)
    return Cluster(root, port, pg_ctl, as_user, user, password)
