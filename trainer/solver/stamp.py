"""The compile stamp: a note that numba's on-disk cache holds this solver compiled, and how long
that compile took on this machine.

`python -m trainer.solver.warm` writes it after a successful compile; the app reads it at start
to skip the compile subprocess when the cache is current (a warm start then loads the solver
once) and, when it must compile, to show progress against the last compile's own count of
kernels and time. The stamp's key hashes the solver's sources, their folder, numba's version and
Python's, so an edit, an upgrade or another checkout sharing ``NUMBA_CACHE_DIR`` makes it stale.

Reading it imports neither numba nor the solver (a plain JSON file beside numba's cache).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path

SOLVER_DIR = Path(__file__).resolve().parent
STAMP_NAME = "trainer-solver-stamp.json"


@dataclass(frozen=True)
class Stamp:
    """One successful compile: ``key`` (`source_key` then), ``kernels`` (numba compile events
    it took, the progress bar's whole), ``seconds`` and ``cpu_seconds`` (its wall and CPU time
    in the compiling process), ``index_files`` (numba ``.nbi`` files in the cache after it),
    ``marks`` (wall seconds from its start at which each kernel was done, in order: kernels
    take very different times, so the bar moves by these rather than by the count)."""

    key: str
    kernels: int
    seconds: float
    cpu_seconds: float
    index_files: int
    marks: tuple[float, ...] = ()


def cache_dir() -> Path:
    """Where numba keeps this solver's cache: ``$NUMBA_CACHE_DIR`` when set (numba then makes
    a folder per source folder inside it), else ``trainer/solver/__pycache__``."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    return Path(chosen) if chosen else SOLVER_DIR / "__pycache__"


def stamp_path() -> Path:
    """The stamp's file, in `cache_dir` (so deleting the cache deletes the stamp)."""
    return cache_dir() / STAMP_NAME


def source_key() -> str:
    """A hex digest of the solver's sources (every ``trainer/solver/*.py``), their folder,
    numba's version and Python's: what numba's cached code depends on here."""
    digest = hashlib.sha256()
    try:
        numba_version = metadata.version("numba")
    except metadata.PackageNotFoundError:  # pragma: no cover - numba is a dependency
        numba_version = "none"
    digest.update(f"{numba_version}|{sys.version_info[:3]}|{SOLVER_DIR}".encode())
    for path in sorted(SOLVER_DIR.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def index_files(folder: Path | None = None) -> int:
    """How many numba index files (``*.nbi``) the solver's cache folder holds now."""
    folder = cache_dir() if folder is None else folder
    return sum(1 for _ in folder.rglob("*.nbi")) if folder.is_dir() else 0


def read_stamp(path: Path | None = None) -> Stamp | None:
    """The stamp at ``path`` (default `stamp_path`), or None when there is none or it cannot
    be read (a garbled stamp is no stamp: the app then compiles, which rewrites it)."""
    path = stamp_path() if path is None else path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Stamp(key=str(data["key"]), kernels=int(data["kernels"]),
                     seconds=float(data["seconds"]), cpu_seconds=float(data["cpu_seconds"]),
                     index_files=int(data["index_files"]),
                     marks=tuple(float(m) for m in data.get("marks", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_stamp(stamp: Stamp, path: Path | None = None) -> None:
    """Write ``stamp`` (atomically: a reader never sees half a file)."""
    path = stamp_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    part.write_text(json.dumps(asdict(stamp)), encoding="utf-8")
    os.replace(part, path)


def is_current(stamp: Stamp | None, key: str | None = None,
               folder: Path | None = None) -> bool:
    """True when ``stamp`` says the cache holds these sources compiled: its key is
    `source_key` (or ``key``) and the cache still has at least its index files (a cache
    emptied by hand with the stamp left behind is not current)."""
    if stamp is None:
        return False
    return stamp.key == (source_key() if key is None else key) and \
        index_files(folder) >= stamp.index_files
