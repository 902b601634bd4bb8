"""The one decoder of JSON values kept in the learner store (settings, saved games, attempts,
review cards, puzzle records).

A store edited by hand, left by a damaged disk or by an old trainer may hold any text where JSON
is expected. `decode_stored` reads it safely or refuses it with `StoredValueError` (a one-line
reason, never the value itself): a value over ``max_bytes`` is refused before it is parsed;
nesting deeper than ``max_depth`` is refused by a scan that does not recurse (``json.loads``
itself recurses, so a deep ``[[[[...]]]]`` would raise `RecursionError`); ``NaN``,
``Infinity`` and numbers too large for a float are refused; and a caller that knows the value's
top-level shape (an object, a list) has it checked. The store's callers report a refused row
once and skip it, or read it as its default (`trainer.progress.store.ProgressStore.problems`).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from trainer.progress.errors import StoreError

MAX_BYTES = 1_000_000
"""The largest stored value read (UTF-8 bytes); a real one is a few kilobytes."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects read; a real value nests a few levels."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
"""A JSON string (or an unterminated one at the end), whose brackets do not nest."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")

_SHAPES = {dict: "an object", list: "a list", str: "a string"}


class StoredValueError(StoreError):
    """A stored value that is refused: ``field`` names what it was (``"setting 'rules'"``),
    ``reason`` why, in a few words; ``kind`` is ``"damaged"`` (the text is not JSON),
    ``"limit"`` (too large, too deep, NaN or an infinity) or ``"shape"`` (JSON, but not of the
    top-level shape the caller wants)."""

    def __init__(self, field: str, reason: str, kind: str = "limit") -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.kind = kind

    @property
    def detail(self) -> str:
        """The reason in parentheses, with a leading space, for a report; nothing for text
        that is merely not JSON (the report's "unreadable" says it all)."""
        return "" if self.kind == "damaged" else f" ({self.reason})"


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number the store keeps")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number too large for a float")
    return value


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the lists and objects of JSON ``text`` nest (brackets inside strings do not
    count), without recursion; the scan stops once past ``limit`` (returning ``limit + 1``)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest


def decode_stored(text: Any, field: str, *, max_bytes: int = MAX_BYTES,
                  max_depth: int = MAX_DEPTH,
                  shape: type | tuple[type, ...] | None = None) -> Any:
    """The value of the stored JSON ``text`` (``field`` names it in a refusal). Raises
    `StoredValueError` when ``text`` is not text, is over ``max_bytes``, nests deeper than
    ``max_depth``, holds NaN or an infinity, is not JSON, or is not of ``shape`` (a type or
    tuple of types, such as ``dict``) when given."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > max_bytes:
            raise StoredValueError(field, f"{len(text)} bytes is over the {max_bytes} read")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise StoredValueError(field, "its text is not UTF-8", kind="damaged") from None
    if not isinstance(text, str):
        raise StoredValueError(field, f"a {type(text).__name__} where JSON text is kept",
                               kind="damaged")
    size = len(text) if len(text) > max_bytes else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise StoredValueError(field, f"{size} bytes is over the {max_bytes} read")
    if nesting_depth(text, max_depth) > max_depth:
        raise StoredValueError(field, f"it nests deeper than {max_depth} levels")
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except ValueError as e:  # json.JSONDecodeError too; and over-long integers
        damaged = isinstance(e, json.JSONDecodeError)
        raise StoredValueError(field, "its JSON is damaged" if damaged else str(e)[:80],
                               kind="damaged" if damaged else "limit") from None
    except RecursionError:  # not reached within MAX_DEPTH; kept as a last guard
        raise StoredValueError(field, "it nests too deeply") from None
    if shape is not None and not isinstance(value, shape):
        wanted = shape if isinstance(shape, tuple) else (shape,)
        names = " or ".join(_SHAPES.get(t, t.__name__) for t in wanted)
        raise StoredValueError(field, f"it is not {names}", kind="shape")
    return value
