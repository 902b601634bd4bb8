"""The hosting files, tested as far as a machine without a Docker daemon allows.

No image is built here (this machine has a ``docker`` CLI but no daemon and no compose plugin).
What is tested instead (``hosting_kit`` reads the files):

- statically, that ``compose.yaml``'s services have what they need: the app waits for a
  healthy PostgreSQL, its ``TRAINER_DB`` names that service with its user, password and
  database, every named volume is declared, the solver's compiled cache and PostgreSQL's data
  are in volumes, the app publishes the port its server listens on and PostgreSQL publishes
  none; that the Dockerfile's CMD is the CLI's ``app`` command run as a user of its own, its
  HEALTHCHECK asks Streamlit's health endpoint; and that ``.dockerignore`` keeps the secrets
  out of the image and the app in it;
- by running them: a PostgreSQL started as compose starts the ``postgres`` image (its
  ``POSTGRES_USER``, ``POSTGRES_PASSWORD`` and ``POSTGRES_DB``, password authentication over
  TCP; ``pg_kit``) and answering compose's own health check (``pg_isready``); the image's CMD
  run here with the app container's environment (the image's ENV, then compose's, container
  paths moved under a temporary folder, the ``postgres`` host made the test's server), until
  the image's own HEALTHCHECK command passes; then Streamlit's health endpoint and the app's
  page over HTTP, a learner created on Home in Chromium found in that PostgreSQL database, and
  the solver compiling into the folder standing for compose's ``numba-cache`` volume.

Without PostgreSQL or Chromium these fail in CI (``CI`` set, as .ci/run does) and skip
elsewhere, as the store's and the browser tests do.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_kit import Browser, click, expect, open_page
from hosting_kit import (
    ROOT,
    container_env,
    host_command,
    host_path,
    ignored,
    read_compose,
    read_dockerfile,
    service_env,
    volume_targets,
)
from pg_kit import Cluster, PgUnavailable, find_bin, free_port, start_cluster

from trainer.__main__ import build_parser

IMAGE = read_dockerfile()
COMPOSE = read_compose()
SERVICES: dict[str, Any] = COMPOSE["services"]
APP, DB = SERVICES["app"], SERVICES["postgres"]
DB_ENV = service_env(DB)
STARTUP_SECONDS = 180.0  # the app's start on a loaded two-core machine, health check passing
COMPILE_SECONDS = 300.0  # the solver's first compiled kernel in the cache, at nice 10
RUN_HERE = pytest.mark.xdist_group("hosting")
"""The tests of the started services: on one pytest-xdist worker, so they start them once."""


def _fail_or_skip(reason: str) -> None:
    """Fail in CI (``CI`` set), skip elsewhere: one line, no traceback."""
    if os.environ.get("CI"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


# --- the files, statically ----------------------------------------------------------------------


def test_the_image_runs_the_cli_app_command_as_a_user_of_its_own() -> None:
    assert IMAGE.cmd == ["python", "-m", "trainer", "app"]
    assert "app" in build_parser().command_names  # type: ignore[attr-defined]
    assert IMAGE.user not in ("", "root", "0")
    assert IMAGE.workdir == "/app" and ["." , "/app"] in IMAGE.copies
    port = int(IMAGE.env["STREAMLIT_SERVER_PORT"])
    assert IMAGE.expose == [port]
    assert IMAGE.env["STREAMLIT_SERVER_ADDRESS"] == "0.0.0.0"  # reachable from outside
    assert IMAGE.env["STREAMLIT_SERVER_HEADLESS"] == "true"
    # the compiled solver's cache and the default SQLite store are in volumes
    assert IMAGE.env["NUMBA_CACHE_DIR"] in IMAGE.volumes
    assert str(Path(IMAGE.env["TRAINER_DB"]).parent) in IMAGE.volumes


def test_the_health_check_asks_streamlits_health_endpoint_on_the_servers_port() -> None:
    check = IMAGE.healthcheck
    assert check is not None
    assert check.command[0] == "python"  # python:3.11-slim has no curl
    assert "/_stcore/health" in check.command[-1]
    assert "STREAMLIT_SERVER_PORT" in check.command[-1]
    # a first start compiles nothing before serving (the compile runs beside the server), so
    # the start period covers the server's own start; every option is a duration
    assert set(check.options) == {"interval", "timeout", "start-period", "retries"}
    assert check.options["start-period"].endswith("s") and int(check.options["retries"]) >= 1


def test_the_app_waits_for_a_healthy_postgres_and_names_it_in_trainer_db() -> None:
    assert APP["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert DB["healthcheck"]["test"] == [
        "CMD", "pg_isready", "-U", DB_ENV["POSTGRES_USER"], "-d", DB_ENV["POSTGRES_DB"]]
    url = urlsplit(service_env(APP)["TRAINER_DB"])
    assert url.scheme == "postgresql"
    assert url.hostname == "postgres" and url.port == 5432  # the service, its own port
    assert url.username == DB_ENV["POSTGRES_USER"]
    assert url.password == DB_ENV["POSTGRES_PASSWORD"]
    assert url.path == "/" + DB_ENV["POSTGRES_DB"]
    assert DB["image"].split(":")[1].isdigit()  # a pinned major version: data stays readable
    assert APP["build"] == "." and APP["restart"] == DB["restart"] == "unless-stopped"


def test_one_password_setting_reaches_both_services() -> None:
    compose = read_compose(env={"POSTGRES_PASSWORD": "a club's secret"})
    app, db = compose["services"]["app"], compose["services"]["postgres"]
    assert service_env(db)["POSTGRES_PASSWORD"] == "a club's secret"
    assert urlsplit(service_env(app)["TRAINER_DB"]).password == "a club's secret"


def test_every_volume_is_declared_and_mounted_where_its_program_looks() -> None:
    declared = set(COMPOSE["volumes"])
    named = {source for service in SERVICES.values()
             for source, _ in volume_targets(service).values() if not source.startswith(".")}
    assert named == declared == {"numba-cache", "postgres-data"}
    app, db = volume_targets(APP), volume_targets(DB)
    assert app[IMAGE.env["NUMBA_CACHE_DIR"]] == ("numba-cache", False)
    assert db["/var/lib/postgresql/data"] == ("postgres-data", False)  # the image's PGDATA
    # the secrets (sign-in provider, cookie secret) come from the host, read-only
    assert app[f"{IMAGE.workdir}/.streamlit"] == ("./.streamlit", True)
    assert (ROOT / ".streamlit" / "config.toml").is_file()


def test_only_the_app_publishes_a_port_the_one_its_server_listens_on() -> None:
    host, container = APP["ports"][0].split(":")
    assert int(container) == int(IMAGE.env["STREAMLIT_SERVER_PORT"]) and host.isdigit()
    assert len(APP["ports"]) == 1
    assert "ports" not in DB  # PostgreSQL is reachable only inside compose's network


def test_the_build_context_keeps_the_secrets_out_and_the_app_in() -> None:
    for secret in (".streamlit/secrets.toml", ".env", ".git/config"):
        assert ignored(secret), secret
    for needed in ("pyproject.toml", "streamlit_app.py", "trainer/__main__.py",
                   "trainer/solver/search.py", ".streamlit/config.toml", "lessons",
                   "puzzles"):
        assert not ignored(needed), needed
    assert ignored("trainer/solver/__pycache__/search.nbi")  # compiled code: the volume's


# --- the services, run here ---------------------------------------------------------------------


@dataclass(frozen=True)
class Hosted:
    """The app started here as its container would run: ``url`` its address, ``env`` its
    environment, ``cluster`` the PostgreSQL standing for compose's ``postgres`` service,
    ``mounts`` container path -> the folder standing for it here."""

    url: str
    env: dict[str, str]
    cluster: Cluster
    mounts: dict[str, Path]
    log: Path


def _pg_isready(cluster: Cluster) -> list[str]:
    """Compose's health check of the ``postgres`` service, pointed at the test's server."""
    test = DB["healthcheck"]["test"]
    program = find_bin(test[1])
    assert test[0] == "CMD" and program is not None, f"no {test[1]} here"
    return [str(program), *test[2:], "-h", "127.0.0.1", "-p", str(cluster.port)]


def _wait_for(command: list[str], env: dict[str, str] | None, seconds: float,
              process: subprocess.Popen[bytes] | None = None, log: Path | None = None) -> float:
    """Run ``command`` until it exits 0 (a health check's meaning of healthy); returns the
    seconds that took. Raises `AssertionError` when ``process`` exits first or time runs out."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if process is not None and process.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log else ""
            raise AssertionError(f"the app exited ({process.returncode}) before healthy:\n{tail}")
        if subprocess.run(command, env=env, capture_output=True, timeout=30).returncode == 0:
            return time.monotonic() - start
        time.sleep(0.5)  # between polls of a state, as compose's interval
    raise AssertionError(f"{command[0]} did not pass in {seconds:.0f} s")


def _mounts(tmp: Path) -> dict[str, Path]:
    """Every path of the app's container mapped to a folder here: compose's named volumes
    under ``tmp`` by name, its bind mounts to the checkout's folders, the image's other
    volumes under ``tmp``, and ``/app`` the checkout."""
    mounts: dict[str, Path] = {IMAGE.workdir: ROOT}
    for target, (source, _) in volume_targets(APP).items():
        mounts[target] = ROOT / source[2:] if source.startswith("./") else tmp / source
    for n, target in enumerate(v for v in IMAGE.volumes if v not in mounts):
        mounts[target] = tmp / f"anonymous-{n}"
    for folder in mounts.values():
        folder.mkdir(parents=True, exist_ok=True)
    return mounts


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hosted]:
    """PostgreSQL as compose starts it, healthy, then the image's CMD with the container's
    environment, healthy by the image's HEALTHCHECK; both stopped afterwards."""
    try:
        cluster = start_cluster(user=DB_ENV["POSTGRES_USER"],
                                password=DB_ENV["POSTGRES_PASSWORD"])
    except PgUnavailable as e:
        reason = f"hosting tests: {e}"
    else:
        reason = ""
    if reason:
        _fail_or_skip(reason)
    tmp = tmp_path_factory.mktemp("hosted")
    process = None
    try:
        cluster.create_database(DB_ENV["POSTGRES_DB"])
        _wait_for(_pg_isready(cluster), None, 60)
        mounts = _mounts(tmp)
        port = free_port()
        env = container_env(IMAGE, APP, mounts, {"postgres:5432": f"127.0.0.1:{cluster.port}"},
                            port, tmp / "home")
        (tmp / "home").mkdir()
        log = tmp / "app.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(
                host_command(IMAGE.cmd), cwd=host_path(IMAGE.workdir, mounts), env=env,
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        assert IMAGE.healthcheck is not None
        _wait_for(host_command(IMAGE.healthcheck.command), env, STARTUP_SECONDS, process, log)
        yield Hosted(f"http://127.0.0.1:{port}", env, cluster, mounts, log)
    finally:
        if process is not None:
            _stop_group(process)
        cluster.stop()


def _stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop the app and what it started (the solver's compile), its own process group: a
    SIGTERM, then, once the server is gone or after 15 s, a SIGKILL to whatever is left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=15)


@RUN_HERE
def test_the_environment_is_the_images_then_composes(hosted: Hosted) -> None:
    url = urlsplit(hosted.env["TRAINER_DB"])  # compose's value over the image's SQLite path
    assert (url.scheme, url.hostname, url.port) == ("postgresql", "127.0.0.1",
                                                    hosted.cluster.port)
    assert hosted.env["NUMBA_CACHE_DIR"] == str(hosted.mounts["/var/cache/trainer/numba"])


@RUN_HERE
def test_streamlits_health_and_the_apps_page_answer_over_http(hosted: Hosted) -> None:
    with urllib.request.urlopen(f"{hosted.url}/_stcore/health", timeout=30) as reply:
        assert (reply.status, reply.read()) == (200, b"ok")
    with urllib.request.urlopen(f"{hosted.url}/", timeout=30) as reply:
        page = reply.read().decode()
        assert reply.status == 200 and "text/html" in reply.headers["Content-Type"]
    assert '<div id="root">' in page


@RUN_HERE
def test_a_learner_created_on_home_is_in_composes_postgres(hosted: Hosted,
                                                          browser: Browser) -> None:
    import psycopg

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        open_page(page, hosted.url)
        page.get_by_label("New learner").fill("Club Member")
        click(page, page.get_by_role("button", name="Create"))
        expect(page.get_by_text("Learning as")).to_be_visible()
    finally:
        context.close()
    # read back as compose's app would connect: its user, password and database, over TCP
    db_url = hosted.cluster.url(DB_ENV["POSTGRES_DB"])
    assert urlsplit(db_url).password == DB_ENV["POSTGRES_PASSWORD"]
    with psycopg.connect(db_url) as db:
        names = [row[0] for row in db.execute("SELECT name FROM learners")]
    assert names == ["Club Member"]


@RUN_HERE
def test_the_solver_compiles_into_composes_cache_volume(hosted: Hosted) -> None:
    """The app's own code resolves the cache to the volume's folder, and the compile the app
    started writes numba's index files there."""
    volume = hosted.mounts["/var/cache/trainer/numba"]
    resolved = subprocess.run(
        host_command(["python", "-c", "from trainer.solver.stamp import cache_dir, "
                      "stamp_path; print(cache_dir()); print(stamp_path())"]),
        env=hosted.env, capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert resolved == [str(volume), str(volume / "trainer-solver-stamp.json")]
    start = time.monotonic()
    while not any(volume.rglob("*.nbi")):
        assert time.monotonic() - start < COMPILE_SECONDS, (
            f"no compiled kernel in {volume} after {COMPILE_SECONDS:.0f} s:\n"
            f"{hosted.log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.5)  # polling a state: a kernel's compile takes seconds
