"""Reading the hosting files (``Dockerfile``, ``compose.yaml``, ``.dockerignore``) and running
what they describe on a machine without a Docker daemon, for tests/test_hosting_start.py.

`read_dockerfile` reads the instructions the tests check (FROM, USER, WORKDIR, ENV, VOLUME,
EXPOSE, HEALTHCHECK, CMD); `read_compose` loads ``compose.yaml`` with its ``${VAR:-default}``
variables filled in as ``docker compose`` would with no ``.env`` file; `ignored` says whether
``.dockerignore`` keeps a path out of the build context.

`container_env` is the environment the app's container would have (the image's ENV, then the
compose service's ``environment``), mapped onto this machine: container paths to host folders
(``/app`` is the checkout), the PostgreSQL service's host name to the test's server, the
port to a free one. `host_command` is an exec-form command as run here (``python`` is this
interpreter: the image's Python with the package installed).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "compose.yaml"
DOCKERIGNORE = ROOT / ".dockerignore"


@dataclass(frozen=True)
class Healthcheck:
    """A HEALTHCHECK: its ``--interval=...`` options and its command (exec form)."""

    options: dict[str, str]
    command: list[str]


@dataclass(frozen=True)
class Image:
    """What the tests read from a Dockerfile (the last of each instruction wins, as in a
    build; ENV, VOLUME, EXPOSE and COPY accumulate)."""

    base: str = ""
    user: str = "root"
    workdir: str = "/"
    env: dict[str, str] = field(default_factory=dict)
    volumes: list[str] = field(default_factory=list)
    expose: list[int] = field(default_factory=list)
    copies: list[list[str]] = field(default_factory=list)
    healthcheck: Healthcheck | None = None
    cmd: list[str] = field(default_factory=list)


def _exec_form(text: str) -> list[str]:
    """A command in exec form (a JSON array), or a shell form as ``/bin/sh -c`` would run it."""
    text = text.strip()
    if text.startswith("["):
        value = json.loads(text)
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise ValueError(f"not an exec-form command: {text}")
        return value
    return ["/bin/sh", "-c", text]


def instructions(text: str) -> list[tuple[str, str]]:
    """A Dockerfile's instructions, ``(KEYWORD, arguments)``, continuation lines joined and
    comments dropped."""
    out: list[tuple[str, str]] = []
    current = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not current and (not line or line.startswith("#")):
            continue
        if current and line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        keyword, _, rest = current.strip().partition(" ")
        out.append((keyword.upper(), rest.strip()))
        current = ""
    return out


def read_dockerfile(path: Path = DOCKERFILE) -> Image:
    """The `Image` a Dockerfile describes. Raises `ValueError` on a HEALTHCHECK without CMD
    or a CMD that is neither a JSON array of strings nor a shell form."""
    found: dict[str, Any] = {"env": {}, "volumes": [], "expose": [], "copies": []}
    for keyword, rest in instructions(path.read_text(encoding="utf-8")):
        if keyword == "FROM":
            found["base"] = rest.split()[0]
        elif keyword == "USER":
            found["user"] = rest
        elif keyword == "WORKDIR":
            found["workdir"] = rest
        elif keyword == "ENV":
            words = shlex.split(rest)
            if words and "=" not in words[0]:  # the legacy form: ENV NAME value
                found["env"][words[0]] = " ".join(words[1:])
            else:
                found["env"].update(word.split("=", 1) for word in words)
        elif keyword == "VOLUME":
            found["volumes"] += json.loads(rest) if rest.startswith("[") else rest.split()
        elif keyword == "EXPOSE":
            found["expose"] += [int(p.split("/")[0]) for p in rest.split()]
        elif keyword == "COPY":
            found["copies"].append([w for w in shlex.split(rest) if not w.startswith("--")])
        elif keyword == "HEALTHCHECK":
            options: dict[str, str] = {}
            words = rest
            while words.startswith("--"):
                option, _, words = words.partition(" ")
                name, _, value = option[2:].partition("=")
                options[name] = value
                words = words.strip()
            keyword2, _, command = words.partition(" ")
            if keyword2.upper() != "CMD":
                raise ValueError(f"HEALTHCHECK without CMD: {rest}")
            found["healthcheck"] = Healthcheck(options, _exec_form(command))
        elif keyword == "CMD":
            found["cmd"] = _exec_form(rest)
    return Image(**found)


_VARIABLE = re.compile(r"\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}|\$(\w+)")


def interpolate(text: str, env: Mapping[str, str]) -> str:
    """``text`` with compose's variables filled in from ``env``: ``${X}``, ``$X``,
    ``${X:-default}`` (when unset or empty), ``${X-default}`` (when unset), ``${X:?message}``
    (an error when unset or empty), ``$$`` a dollar sign."""

    def one(m: re.Match[str]) -> str:
        if m.group(0) == "$$":
            return "$"
        name, colon, op, arg = m.group(1) or m.group(5), m.group(2), m.group(3), m.group(4)
        value = env.get(name)
        missing = value is None or (colon == ":" and not value)
        if op == "-" and missing:
            return arg
        if op == "?" and missing:
            raise ValueError(f"compose variable {name} is required: {arg}")
        return value or ""

    return _VARIABLE.sub(one, text)


def _fill(value: Any, env: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return interpolate(value, env)
    if isinstance(value, list):
        return [_fill(v, env) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, env) for k, v in value.items()}
    return value


def read_compose(path: Path = COMPOSE, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``compose.yaml`` loaded (PyYAML) with its variables filled in from ``env`` (default:
    none set, so every default applies, as with no ``.env`` file and a clean shell)."""
    import yaml

    return _fill(yaml.safe_load(path.read_text(encoding="utf-8")), env or {})


def service_env(service: Mapping[str, Any]) -> dict[str, str]:
    """A compose service's ``environment`` (a mapping or a list of ``NAME=value``)."""
    raw = service.get("environment") or {}
    if isinstance(raw, list):
        return dict(item.split("=", 1) for item in raw)
    return {k: "" if v is None else str(v) for k, v in raw.items()}


def volume_targets(service: Mapping[str, Any]) -> dict[str, tuple[str, bool]]:
    """A compose service's volumes in short syntax: container path -> (source, read-only)."""
    out = {}
    for entry in service.get("volumes") or []:
        source, target, *mode = entry.split(":")
        out[target] = (source, bool(mode) and "ro" in mode[0].split(","))
    return out


def _patterns() -> list[str]:
    lines = DOCKERIGNORE.read_text(encoding="utf-8").splitlines()
    return [
        line.strip().rstrip("/")
        for line in lines
        if line.strip() and not line.strip().startswith("#")
    ]


def ignored(relative: str, patterns: list[str] | None = None) -> bool:
    """Whether ``.dockerignore`` keeps the file ``relative`` (to the checkout) out of the
    build context: a pattern matching the path or a folder it is in (``**/`` matching any
    depth; ``!`` exceptions, which the project does not use, are refused)."""
    patterns = _patterns() if patterns is None else patterns
    if any(p.startswith("!") for p in patterns):
        raise ValueError(".dockerignore exceptions (!) are not read here")
    parts = relative.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    for pattern in patterns:
        bare = pattern[3:] if pattern.startswith("**/") else None
        for prefix in prefixes:
            if fnmatch.fnmatchcase(prefix, pattern):
                return True
            tail = prefix.split("/")
            if bare is not None and any(
                fnmatch.fnmatchcase("/".join(tail[i:]), bare) for i in range(len(tail))
            ):
                return True
    return False


def host_path(path: str, mounts: Mapping[str, Path]) -> str:
    """A container ``path`` on this machine: under the longest of ``mounts`` it starts with."""
    for inside in sorted(mounts, key=len, reverse=True):
        if path == inside or path.startswith(inside.rstrip("/") + "/"):
            return str(mounts[inside]) + path[len(inside.rstrip("/")) :]
    return path


def container_env(
    image: Image,
    service: Mapping[str, Any],
    mounts: Mapping[str, Path],
    hosts: Mapping[str, str],
    port: int,
    home: Path,
) -> dict[str, str]:
    """The app container's environment mapped onto this machine (see the module): the
    image's ENV, the service's ``environment`` over it, values that are container paths
    moved under ``mounts``, ``host:port`` pairs of ``hosts`` replaced (compose's service
    names), ``STREAMLIT_SERVER_PORT`` made ``port``, and the checkout on ``PYTHONPATH`` (the
    image installs it editable). ``HOME`` is ``home``, ``PATH`` this machine's."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "LANG": "C.UTF-8",
    }
    for name, value in {**image.env, **service_env(service)}.items():
        for inside, outside in hosts.items():
            value = value.replace(f"@{inside}", f"@{outside}")
        env[name] = host_path(value, mounts)
    env["STREAMLIT_SERVER_PORT"] = str(port)
    return env


def host_command(command: list[str]) -> list[str]:
    """An exec-form command as run here: ``python`` is this interpreter."""
    return [sys.executable if command[0] == "python" else command[0], *command[1:]]
