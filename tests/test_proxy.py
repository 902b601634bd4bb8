"""docs/nginx-club.conf run with nginx in front of two app processes on one store.

Two ``python -m trainer app`` processes on free ports share one SQLite learner store (as the
load test's servers share one, ``load_kit``); nginx runs in the foreground with a temporary
prefix, pid file and error log, and the documented configuration, its listen port and upstream
servers filled in, included in a minimal main configuration that logs which upstream served
each request. Then: a page loads through the proxy and sets the route cookie; one browser
(one cookie) always reaches one process, and the first request, before the cookie, reaches the
process the cookie then names; browsers with different cookies spread over both processes; the
websocket handshake to ``/_stcore/stream`` is upgraded through it; and in Chromium two
browsers on different processes each see Home, create a learner (over the websocket), and
both learners are in the one store.

Without nginx (``/usr/sbin/nginx``; .ci/run installs Debian's) or Chromium these fail in CI
(``CI`` set) and skip elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_kit import ROOT, Browser, click, expect, free_port, open_page, wait_until_up

from trainer.progress import ProgressStore

NGINX = Path("/usr/sbin/nginx")
CONF = ROOT / "docs" / "nginx-club.conf"
COOKIE = "trainer_route"
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's
LOG_SECONDS = 30.0  # nginx writes a request's log line as it finishes it
pytestmark = pytest.mark.xdist_group("proxy")  # one worker starts nginx and the two apps once


def _fail_or_skip(reason: str) -> None:
    """Fail in CI (``CI`` set), skip elsewhere: one line, no traceback."""
    if os.environ.get("CI"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def filled_conf(listen: int, upstreams: list[int]) -> str:
    """docs/nginx-club.conf with its ``listen 80;`` made ``listen`` on 127.0.0.1 and its two
    upstream ``server`` lines made ``upstreams``. Raises `AssertionError` when the file no
    longer has exactly those lines (the test would then run something else than it documents)."""
    text = CONF.read_text(encoding="utf-8")
    servers = re.findall(r"^    server 127\.0\.0\.1:\d+;$", text, flags=re.M)
    assert len(servers) == 2 and len(re.findall(r"^    listen 80;$", text, flags=re.M)) == 1
    text = text.replace("    listen 80;", f"    listen 127.0.0.1:{listen};")
    for line, port in zip(servers, upstreams, strict=True):
        text = text.replace(line, f"    server 127.0.0.1:{port};", 1)
    return text


def main_conf(prefix: Path) -> str:
    """A main configuration around the documented one (as Debian's nginx.conf includes
    conf.d/*.conf in its http block): in the foreground, everything under ``prefix``, an
    access log of each request's id, route cookie, upstream, status and address."""
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    temps = "".join(f"    {kind}_temp_path {prefix}/{kind}_temp;\n"
                    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"{user}daemon off;\nworker_processes 1;\npid {prefix}/nginx.pid;\n"
            f"error_log {prefix}/error.log info;\n"
            "events { worker_connections 256; }\n"
            "http {\n"
            "    log_format routes '$request_id $cookie_trainer_route $upstream_addr $status "
            "$request_uri';\n"
            f"    access_log {prefix}/access.log routes;\n{temps}"
            f"    include {prefix}/trainer.conf;\n}}\n")


@dataclass(frozen=True)
class Proxied:
    """nginx at ``url`` in front of ``upstreams`` (``127.0.0.1:<port>``, as nginx logs them),
    logging to ``access``; ``store`` the SQLite file both processes share."""

    url: str
    port: int
    upstreams: tuple[str, ...]
    access: Path
    store: Path


@dataclass(frozen=True)
class Hit:
    """One access-log line: nginx's request id, the route cookie (``-`` when none), the
    upstream that served it, the status, and the address asked for."""

    request_id: str
    cookie: str
    upstream: str
    status: int
    uri: str


def log_lines(access: Path) -> list[Hit]:
    lines = access.read_text(errors="replace").splitlines() if access.exists() else []
    return [Hit(a, b, c, int(d), e) for a, b, c, d, e in (line.split(" ", 4) for line in lines)]


def hit_for(proxied: Proxied, uri: str) -> Hit:
    """The log line of the request for ``uri`` (unique to it), once nginx has written it."""
    start = time.monotonic()
    while time.monotonic() - start < LOG_SECONDS:
        found = [h for h in log_lines(proxied.access) if h.uri == uri]
        if found:
            assert len(found) == 1, found
            return found[0]
        time.sleep(0.1)  # polling a state: the line is written as the request ends
    raise AssertionError(f"no access-log line for {uri}")


def _stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop a process started here in its own group, and what it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=15)


@pytest.fixture(scope="module")
def proxied() -> Iterator[Proxied]:
    """Two app processes on one store, and nginx with the documented configuration."""
    if not NGINX.exists():
        _fail_or_skip(f"proxy tests: no nginx at {NGINX} (apt-get install nginx)")
    prefix = Path(tempfile.mkdtemp(prefix="trainer-nginx-"))
    prefix.chmod(0o755)
    store = prefix / "progress.sqlite3"
    ProgressStore(store).close()  # made once, as load_kit makes the servers' store
    processes: list[subprocess.Popen[bytes]] = []
    try:
        ports = [free_port(), free_port()]
        env = {**os.environ, "TRAINER_DB": str(store),
               "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
        for n, port in enumerate(ports):
            with open(prefix / f"app{n}.log", "wb") as out:
                processes.append(subprocess.Popen(
                    [sys.executable, "-m", "trainer", "app", "--server.port", str(port),
                     "--server.address", "127.0.0.1", "--server.headless", "true",
                     "--server.fileWatcherType", "none"],
                    cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True))
        for n, port in enumerate(ports):
            wait_until_up(f"http://127.0.0.1:{port}", processes[n], prefix / f"app{n}.log")
        listen = free_port()
        (prefix / "trainer.conf").write_text(filled_conf(listen, ports), encoding="utf-8")
        (prefix / "nginx.conf").write_text(main_conf(prefix), encoding="utf-8")
        command = [str(NGINX), "-p", str(prefix), "-e", str(prefix / "error.log"), "-c",
                   str(prefix / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, checked.stderr
        with open(prefix / "nginx.out", "wb") as out:
            processes.append(subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                              start_new_session=True))
        url = f"http://127.0.0.1:{listen}"
        wait_until_up(url, processes[-1], prefix / "error.log")
        yield Proxied(url, listen, tuple(f"127.0.0.1:{p}" for p in ports),
                      prefix / "access.log", store)
    finally:
        for process in reversed(processes):
            _stop_group(process)
        shutil.rmtree(prefix, ignore_errors=True)


def get(proxied: Proxied, uri: str, cookie: str | None = None) -> tuple[int, str, Hit]:
    """GET ``uri`` through the proxy (with the route cookie ``cookie``): the status, the
    route cookie's Set-Cookie header ('' when none; Streamlit sets its XSRF cookie beside it)
    and the request's log line."""
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    request = urllib.request.Request(proxied.url + uri, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as reply:
        reply.read()
        status, set_cookie = reply.status, route_cookie(reply.headers.get_all("Set-Cookie"))
    return status, set_cookie, hit_for(proxied, uri)


def route_cookie(set_cookies: list[str] | None) -> str:
    """The route cookie's one Set-Cookie header among ``set_cookies``, or ''."""
    mine = [c for c in set_cookies or [] if c.startswith(f"{COOKIE}=")]
    assert len(mine) <= 1, mine
    return mine[0] if mine else ""


def test_a_page_loads_through_the_proxy_and_sets_the_route_cookie(proxied: Proxied) -> None:
    with urllib.request.urlopen(f"{proxied.url}/?probe=page", timeout=30) as reply:
        page = reply.read().decode()
        assert reply.status == 200 and '<div id="root">' in page
        set_cookie = route_cookie(reply.headers.get_all("Set-Cookie"))
    hit = hit_for(proxied, "/?probe=page")
    assert set_cookie == f"{COOKIE}={hit.request_id}; Path=/; HttpOnly; SameSite=Lax"
    assert re.fullmatch(r"[0-9a-f]{32}", hit.request_id)
    assert hit.cookie == "-" and hit.upstream in proxied.upstreams and hit.status == 200


def test_one_browser_stays_on_the_process_its_first_request_reached(proxied: Proxied) -> None:
    for first in range(6):  # six new browsers, wherever their first request lands
        _, set_cookie, hit = get(proxied, f"/_stcore/health?new={first}")
        cookie = set_cookie.split(";")[0].split("=", 1)[1]
        assert cookie == hit.request_id and hit.upstream in proxied.upstreams
        later = [get(proxied, f"{uri}?new={first}&n={n}", cookie)
                 for n, uri in enumerate(["/", "/_stcore/health", "/_stcore/host-config"] * 3)]
        assert [status for status, _, _ in later] == [200] * 9
        assert [set_cookie for _, set_cookie, _ in later] == [""] * 9  # set once
        assert {h.upstream for _, _, h in later} == {hit.upstream}


def test_browsers_with_different_cookies_spread_over_both_processes(proxied: Proxied) -> None:
    rounds = [{c: get(proxied, f"/_stcore/health?c={c}&r={r}", c)[2].upstream
               for c in (f"browser-{n:02d}" for n in range(20))} for r in range(2)]
    assert rounds[0] == rounds[1]  # each browser where it was
    assert set(rounds[0].values()) == set(proxied.upstreams)


def test_the_websocket_handshake_is_upgraded_through_the_proxy(proxied: Proxied) -> None:
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET /_stcore/stream?probe=ws HTTP/1.1\r\nHost: 127.0.0.1:{proxied.port}\r\n"
               f"Origin: {proxied.url}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
               f"Sec-WebSocket-Protocol: streamlit\r\nCookie: {COOKIE}=browser-ws\r\n\r\n")
    with socket.create_connection(("127.0.0.1", proxied.port), timeout=30) as conn:
        conn.sendall(request.encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = conn.recv(4096)
            assert chunk, reply
            reply += chunk
    status, *headers = reply.split(b"\r\n\r\n")[0].decode().split("\r\n")
    fields = {k.lower(): v.strip() for k, v in (h.split(":", 1) for h in headers)}
    accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
    assert status.startswith("HTTP/1.1 101"), status
    assert fields["upgrade"].lower() == "websocket" and fields["connection"].lower() == "upgrade"
    assert fields["sec-websocket-accept"] == accept
    hit = hit_for(proxied, "/_stcore/stream?probe=ws")  # logged once the socket closed
    assert hit.status == 101 and hit.upstream in proxied.upstreams


def test_two_browsers_on_two_processes_see_home_and_save_to_one_store(
    proxied: Proxied, browser: Browser
) -> None:
    # a cookie for each process (the hash is nginx's: found by asking, not assumed)
    route: dict[str, str] = {}
    for n in range(40):
        upstream = get(proxied, f"/_stcore/health?pick={n}", f"chromium-{n:02d}")[2].upstream
        route.setdefault(upstream, f"chromium-{n:02d}")
        if len(route) == 2:
            break
    assert set(route) == set(proxied.upstreams)
    for n, (upstream, cookie) in enumerate(sorted(route.items())):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_cookies([{"name": COOKIE, "value": cookie, "url": proxied.url}])
        try:
            page = context.new_page()
            open_page(page, proxied.url)
            expect(page.get_by_role("heading", name="Five Hundred trainer")).to_be_visible()
            page.get_by_label("New learner").fill(f"Table {n + 1}")
            click(page, page.get_by_role("button", name="Create"))
            expect(page.get_by_text("Learning as")).to_be_visible()
        finally:
            context.close()  # the websocket closes: nginx logs it
        start = time.monotonic()
        while True:  # polling a state: the websocket's line is written as it closes
            streams = [h for h in log_lines(proxied.access)
                       if h.cookie == cookie and h.uri.startswith("/_stcore/stream")]
            if streams or time.monotonic() - start > LOG_SECONDS:
                break
            time.sleep(0.1)
        assert streams and {(h.upstream, h.status) for h in streams} == {(upstream, 101)}
    store = ProgressStore(proxied.store)
    try:
        assert set(store.learners()) == {"Table 1", "Table 2"}
    finally:
        store.close()
