"""The trainer's exception family.

Every error caused by bad input is a `TrainerError`, itself a `ValueError`, so callers can catch
one type; the subclasses say which kind of input was wrong. Messages name the offending field
or card, so the CLI prints them as they are (one line, exit status 2).
"""


class TrainerError(ValueError):
    """Base of every bad-input error raised by the trainer."""


class CardError(TrainerError):
    """A card code, hand or pack that cannot be parsed or does not exist (docs/DESIGN.md card
    codes)."""


class RuleError(TrainerError):
    """An unknown rule preset or option, or an option value out of range (RULES.md)."""


class BidError(TrainerError):
    """A bid code that cannot be parsed, or a call that is not allowed now (RULES.md §3)."""


class IllegalPlayError(TrainerError):
    """A card played out of turn, not held, or a revoke (RULES.md §4, §5)."""


class PositionError(TrainerError):
    """A position JSON that cannot be parsed or cannot arise in play (docs/DESIGN.md positions)."""


class RecordError(TrainerError):
    """A hand record (PTN, PBN or the trainer's record JSON) that cannot be read or replayed;
    the message names the tag, e.g. ``Deal: hand 2 has 9 cards, expected 10``
    (`trainer.review.records`)."""


def shown(value: object, limit: int = 24) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters with "…" so a
    huge input (a 10 MB card code) never comes back whole in the message."""
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python converts to text
        return "a number too long to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"
