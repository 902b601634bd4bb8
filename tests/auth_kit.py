"""What the sign-in and upload browser tests start: a real OpenID Connect provider
(`oidc-provider-mock`, its own process on a free localhost port, with two predefined users)
and a real ``streamlit run streamlit_app.py`` server on another free port, its learner store in
a temporary directory and, for accounts, an ``[auth]`` secrets file written to a temporary
directory and passed with ``--secrets.files`` (the repository's own .streamlit holds no
secrets; its config.toml, read from the working directory, still applies: the 2 MB upload
limit).

The provider's sign-in form (``/oauth2/authorize``) has a button per predefined user (named by
its subject) and a "Deny" button, which sends ``error=access_denied`` back to Streamlit's
``/oauth2callback``. Its ID tokens' issuer is the address Streamlit reaches it at
(``http://127.0.0.1:<port>``), the issuer the trainer keys a learner by.

A provider or server that does not start raises `ServiceUnavailable` (one line, the log's
tail); the tests' fixtures fail on it in CI (``CI`` set) and skip elsewhere, as the
``browser`` fixture does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from browser_kit import APP, ROOT, STARTUP_SECONDS, free_port, stop_server, wait_until_up

from trainer.ui.game.session import SEED_ENV


class ServiceUnavailable(RuntimeError):
    """The provider or the app server could not start; the message says why in one line."""


@dataclass(frozen=True)
class User:
    """A predefined user of the provider: its ``sub`` (the sign-in form's button) and
    ``name`` (the ID token's ``name`` claim, the name the trainer shows)."""

    sub: str
    name: str


ALICE = User("alice-0001", "Alice Example")
BOB = User("bob-0002", "Bob Example")


@dataclass(frozen=True)
class Provider:
    """A running provider: ``url`` (``http://127.0.0.1:<port>``, also the ID tokens' issuer),
    its ``process`` and ``log`` file."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def issuer(self) -> str:
        return self.url

    def stop(self) -> None:
        stop_server(self.process)


@dataclass(frozen=True)
class App:
    """A running Streamlit server: ``url``, its ``process`` (``pid``: the server itself, whose
    memory the upload test reads), ``log`` (stdout and stderr) and learner ``store`` (an SQLite
    file)."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    store: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> None:
        stop_server(self.process)


def _tail(log: Path) -> str:
    try:
        return log.read_text(errors="replace")[-1500:]
    except OSError:
        return ""


def start_provider(folder: Path, users: tuple[User, ...] = (ALICE, BOB)) -> Provider:
    """Start ``python -m oidc_provider_mock`` on a free port with ``users`` predefined and wait
    for its discovery document. Raises `ServiceUnavailable`."""
    port = free_port()
    log = folder / "provider.log"
    claims = [json.dumps({"sub": u.sub, "name": u.name}) for u in users]
    command = [sys.executable, "-m", "oidc_provider_mock", "--host", "127.0.0.1",
               "--port", str(port)]
    for claim in claims:
        command += ["--user-claims", claim]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServiceUnavailable(f"the OpenID provider exited: {_tail(log)}")
        try:
            with urllib.request.urlopen(f"{url}/.well-known/openid-configuration",
                                        timeout=2) as reply:
                if reply.status == 200 and json.load(reply).get("issuer") == url:
                    return Provider(url, process, log)
        except OSError:
            time.sleep(0.2)  # polling a port that is not open yet, not a wait in a test
    stop_server(process)
    raise ServiceUnavailable(f"the OpenID provider did not answer in {STARTUP_SECONDS}s: "
                             f"{_tail(log)}")


COOKIE_SECRET = "trainer-browser-tests-cookie-secret-0123456789"


def secrets_text(app_url: str, provider: Provider) -> str:
    """The ``[auth]`` section, as README "Accounts" documents it, for ``provider``."""
    return "\n".join([
        "[auth]",
        f'redirect_uri = "{app_url}/oauth2callback"',
        f'cookie_secret = "{COOKIE_SECRET}"',
        'client_id = "trainer"',
        'client_secret = "trainer-test-secret"',
        f'server_metadata_url = "{provider.url}/.well-known/openid-configuration"',
        "",
    ])


def start_app(folder: Path, provider: Provider | None = None,
              options: tuple[str, ...] = ()) -> App:
    """Start the trainer on a free port, its store ``folder/progress.sqlite3``; with a
    ``provider``, an ``[auth]`` section for it in ``folder/secrets.toml``; ``options`` more
    ``streamlit run`` flags (``("--server.maxUploadSize", "20")``). Raises
    `ServiceUnavailable`."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = folder / "streamlit.log"
    store = folder / "progress.sqlite3"
    secrets = folder / "secrets.toml"
    secrets.write_text(secrets_text(url, provider) if provider is not None else "")
    env = {**os.environ, "TRAINER_DB": str(store), SEED_ENV: "7",
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1",
             "--server.fileWatcherType", "none", "--secrets.files", str(secrets),
             *options],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_until_up(url, process, log)
    except RuntimeError as e:
        stop_server(process)
        raise ServiceUnavailable(str(e).splitlines()[0]) from e
    return App(url, process, log, store)
