"""Reading a CLI command's input: a file named on the command line, or standard input."""

from __future__ import annotations

import sys

from trainer.errors import TrainerError


def read_input(path: str | None) -> str:
    """The text of ``path`` (UTF-8), or of standard input when ``path`` is None or "-".

    Raises `TrainerError` naming the file when it cannot be read (the CLI prints it on one line
    and exits with status 2).
    """
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise TrainerError(f"{path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise TrainerError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None
