"""Fixtures of the browser tests (the helpers are in ``browser_kit``): a real Streamlit server
on a free port with its learner store in a temporary directory, Debian's Chromium driven by
Playwright, a page at a laptop's width, and the screenshot folder. Only tests that ask for them
start a server or a browser.

And of the learner store's tests: ``store_location``, run once with an SQLite file and once
(marked ``postgres``) with a fresh database of a throwaway PostgreSQL server (``pg_kit``), which
``pg_cluster`` starts once per session; without PostgreSQL those fail in CI and skip elsewhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_kit import (
    APP,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SKIP_REASON,
    TIMEOUT_MS,
    WIDTHS,
    Browser,
    Page,
    free_port,
    stop_server,
    sync_playwright,
    wait_until_up,
)
from pg_kit import Cluster, PgUnavailable, start_cluster

from trainer.ui.game.session import SEED_ENV


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``--dist loadgroup``, pyproject's addopts) the tests that drive the
    real server go to one worker, so the session starts one server and one browser."""
    for item in items:
        if "server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL server for the session; fails the test in CI (``CI`` set) when
    it cannot start, and skips it, with the reason, elsewhere (as ``browser`` does)."""
    try:
        cluster = start_cluster()
    except PgUnavailable as e:
        reason = f"postgres tests: {e}"
    else:
        reason = ""
    if reason:  # reported outside the except clause: one line, no chained traceback
        if os.environ.get("CI"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """The URL of a new empty database, dropped after the test."""
    name = pg_cluster.create_database()
    try:
        yield pg_cluster.url(name)
    finally:
        pg_cluster.drop_database(name)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's learner store goes: an SQLite file in the test's temporary directory, or
    a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "progress.sqlite3")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture(scope="session")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("browser-store") / "progress.sqlite3"


@pytest.fixture(scope="session")
def server(store_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Streamlit server on a free port; stopped after the session."""
    port = free_port()
    log = tmp_path_factory.mktemp("browser-server") / "streamlit.log"
    env = {**os.environ, "TRAINER_DB": str(store_path), SEED_ENV: "7",
           "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(APP), "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1",
             "--server.fileWatcherType", "none"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    SERVER_LOGS[url] = log
    try:
        wait_until_up(url, process, log)
        yield url
    finally:
        stop_server(process)


SERVER_LOGS: dict[str, Path] = {}
"""The ``server`` fixture's output (stdout and stderr) by its address."""


@pytest.fixture(scope="session")
def server_log(server: str) -> Path:
    """The file the ``server`` fixture's process writes its output to (its log lines)."""
    return SERVER_LOGS[server]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if SKIP_REASON is not None:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests: {SKIP_REASON}", pytrace=False)
        pytest.skip(SKIP_REASON)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": WIDTHS[0], "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$TRAINER_SCREENSHOTS`` or a temporary folder."""
    wanted = os.environ.get("TRAINER_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


