"""The tag layer of PBN and Trickster Cards' PTN files: games, tags and their section lines,
and the tolerant readers of cards, hands and card lists (`trainer.review.records` maps them to
a `HandRecord`).

Sources: PBN 2.1 (tistis.nl/pbn, "Portable Bridge Notation": ``[Tag "value"]`` lines, the
Deal tag ``"E:S.H.D.C ..."`` clockwise from the named seat, an Auction or Play section's lines
after its tag, ``{...}`` and ``;`` commentary, ``%`` escape lines, ``*`` ending a section,
``"#"`` inheriting the previous game's value) and Trickster Cards' own PTN reader
(github.com/TricksterCards/TricksterBots, ``TestBots/PTN.cs``: a tag's value is taken from
its first quote to its last, unescaped; a Deal hand's fields are the suits S H D C and a fifth
field holding the joker; cards in Play lines are suit then rank, the joker's suit being ``J``).

Trickster writes its card lists as runs of suit-first codes with no spaces (``[Undealt
"C8HQS5"]``) and its kitty tags with the seat first (``[CardsAdded "W:S5HQC8"]``,
``[CardsRemoved "W:H7H9HQ"]``; `seat_prefix`); its joker is ``JH`` in Play lines and runs (suit
``J``, rank ``H`` for the red joker; ``L`` is the black joker of its 46-card pack, refused) and
``H`` in a Deal hand's fifth field.

What is tolerated (real exports contain it): a BOM, CRLF, blank lines, ``%`` lines, comments,
tags in any case, a tag line without its closing bracket or with unescaped quotes inside the
value, and several games in one file (a game ends where a tag it already has comes again).

Card tokens (`card_readings`) are read both ways, suit-rank (PBN, ``HT``) and rank-suit (the
trainer's codes, ``TH``), ``10`` for ``T`` and the 6-player ranks ``11 12 13``; the joker as
``JK``, ``JO``, ``JOKER``, ``*J``, ``J*``, ``W``, ``BIRD`` or Trickster's ``JH``/``HJ`` (also the
jack of hearts, so both readings are kept and the deal decides); a led joker may carry the
suit its holder named, ``JK:H``. Every error is a `trainer.errors.RecordError` naming the tag.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from trainer.cards import JOKER, Card, Rank, Suit
from trainer.errors import RecordError, shown
from trainer.rules import Play


@dataclass(frozen=True)
class Tag:
    """One tag: its name as written, its value, and the section lines that follow it (comments
    removed, stripped, none empty)."""

    name: str
    value: str
    data: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """One game (a hand record) of a file: its tags in order."""

    tags: tuple[Tag, ...]

    def get(self, *names: str) -> Tag | None:
        """The first tag with any of ``names`` (any case), or None."""
        wanted = {n.lower() for n in names}
        return next((t for t in self.tags if t.name.lower() in wanted), None)

    def value(self, *names: str) -> str | None:
        """The value of `get`'s tag, stripped; None when absent or empty (PBN's ``?`` too)."""
        tag = self.get(*names)
        if tag is None:
            return None
        text = tag.value.strip()
        return None if text in ("", "?") else text


_TAG_NAME = re.compile(r"\s*([A-Za-z0-9_]+)")


def _tag_line(line: str) -> tuple[str, str, str]:
    """``[Name "value"] rest`` to (name, value, rest); tolerant of a missing ``]`` and of
    quotes inside the value (from the first quote to the last)."""
    body = line[1:]
    m = _TAG_NAME.match(body)
    if m is None:
        raise RecordError(f"tag {shown(line)}: no tag name")
    rest = body[m.end():]
    first, last = rest.find('"'), rest.rfind('"')
    after = ""
    if first == -1:  # [Name value] without quotes
        value = rest.strip().removesuffix("]").strip()
    elif last == first:  # one quote only: the value runs to the end of the line
        value = rest[first + 1:].rstrip().removesuffix("]").rstrip()
    else:
        value = rest[first + 1:last]
        after = rest[last + 1:].strip().removeprefix("]").strip()
    value = value.replace('\\"', '"').replace("\\\\", "\\")
    return m.group(1), value, after


def _uncomment(line: str, in_comment: bool) -> tuple[str, bool]:
    """``line`` without ``{...}`` comments (which may run over lines) and ``;`` comments."""
    out: list[str] = []
    for ch in line:
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
        elif ch == ";":
            break
        else:
            out.append(ch)
    return "".join(out), in_comment


def read_games(text: str) -> list[Game]:
    """Every game in ``text``, in order. Raises `RecordError` when there is no tag at all."""
    games: list[list[tuple[str, str, list[str]]]] = [[]]
    previous: dict[str, str] = {}
    in_comment = False
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not in_comment and line.startswith("["):
            name, value, after = _tag_line(line)
            current = games[-1]
            if any(n.lower() == name.lower() for n, _, _ in current):
                for n, v, _ in current:
                    previous[n.lower()] = v
                current = []
                games.append(current)
            if value == "#":  # PBN: the value of the previous game's tag
                value = previous.get(name.lower(), "")
            current.append((name, value, [after] if after else []))
            continue
        if line.startswith("%") and not in_comment:
            continue
        line, in_comment = _uncomment(line, in_comment)
        line = line.strip()
        if line and games[-1]:
            games[-1][-1][2].append(line)
    found = [Game(tuple(Tag(n, v, tuple(d)) for n, v, d in g)) for g in games if g]
    if not found:
        raise RecordError("record: no tags found (expected PBN/PTN tags such as [Deal \"N:...\"] "
                          "or the trainer's record JSON)")
    return found


# --- cards ------------------------------------------------------------------------------------

SUIT_LETTERS: dict[str, Suit] = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS,
                                 "C": Suit.CLUBS, "♠": Suit.SPADES, "♥": Suit.HEARTS,
                                 "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
RANK_TEXT: dict[str, Rank] = {r.code: r for r in Rank} | {"10": Rank.TEN}
HAND_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The order of a PBN hand's dotted fields."""
JOKER_WORDS = frozenset({"JK", "JO", "JOKER", "*J", "J*", "W", "BIRD", "JR"})
JOKER_FIELD = frozenset({"H", "J", "JK", "JO", "JOKER", "W", "*", "B", "BIRD", "1", "X", "R"})
"""What a Deal hand's fifth (joker) field may hold when the hand has the joker."""


def card_readings(token: str, suit_first: bool = True) -> tuple[Play, ...]:
    """Every play ``token`` may stand for, the likelier first (module docstring); empty when it
    is no card. ``suit_first``: prefer the suit-rank reading (PBN Play lines) to rank-suit."""
    raw = token.strip().upper().rstrip("!?")
    named: Suit | None = None
    if ":" in raw:
        raw, _, suit_text = raw.partition(":")
        named = SUIT_LETTERS.get(suit_text.strip())
        if named is None:
            return ()
    cards: list[Card] = []
    if raw in JOKER_WORDS:
        cards.append(JOKER)
    if raw in ("JH", "JL"):  # Trickster's PTN joker (suit J), before the jack of hearts
        cards.append(JOKER)
    suit_rank = _card(raw[1:], raw[:1]) if len(raw) >= 2 else None
    rank_suit = _card(raw[:-1], raw[-1:]) if len(raw) >= 2 else None
    for card in (suit_rank, rank_suit) if suit_first else (rank_suit, suit_rank):
        if card is not None and card not in cards:
            cards.append(card)
    if raw in ("HJ", "LJ") and JOKER not in cards:  # Trickster's own code for the joker
        cards.append(JOKER)
    if named is not None:
        return (Play(JOKER, named),) if JOKER in cards else ()
    return tuple(Play(c) for c in cards)


def _card(rank_text: str, suit_text: str) -> Card | None:
    rank, suit = RANK_TEXT.get(rank_text), SUIT_LETTERS.get(suit_text)
    return Card(suit, rank) if rank is not None and suit is not None else None


def _ranks(field: str, where: str) -> list[Rank]:
    """The ranks of one dotted suit field: ``AKQJT9``, ``10`` for T, ``11 12 13`` as two digits."""
    out: list[Rank] = []
    i = 0
    while i < len(field):
        step = 2 if field[i] == "1" else 1
        rank = RANK_TEXT.get(field[i:i + step])
        if rank is None:
            raise RecordError(f"{where}: {shown(field[i:i + step] or field)} is not a rank")
        out.append(rank)
        i += step
    return out


def read_hand(text: str, where: str) -> tuple[Card, ...] | None:
    """A PBN hand, ``S.H.D.C`` with an optional fifth field for the joker (``AKQ.JT9..32.H``);
    None for ``-`` (a hand not given). Raises `RecordError` naming ``where``."""
    raw = text.strip().upper()
    if raw == "-":
        return None
    fields = raw.split(".")
    if len(fields) not in (4, 5):
        raise RecordError(f"{where}: {shown(text)} is not a hand written S.H.D.C "
                          f"(4 fields, a 5th for the joker), it has {len(fields)}")
    cards = [Card(suit, r) for suit, f in zip(HAND_SUITS, fields, strict=False)
             for r in _ranks(f, where)]
    if len(fields) == 5 and fields[4]:
        if fields[4] in ("L", "HL", "LH"):
            raise RecordError(f"{where}: joker field {shown(fields[4])}: the black joker (L, "
                              "Trickster's 46-card pack) is not in the trainer's packs")
        if fields[4] not in JOKER_FIELD:
            raise RecordError(f"{where}: joker field {shown(fields[4])} not understood "
                              "(write H, J or JK for the joker)")
        cards.append(JOKER)
    if len(set(cards)) != len(cards):
        raise RecordError(f"{where}: a card is named twice")
    return tuple(cards)


def read_cards(text: str, where: str,
               fits: Callable[[Card], bool] = lambda _c: True) -> tuple[Card, ...]:
    """A list of cards: a dotted hand (`read_hand`), or codes split by spaces or commas (either
    order; ``JHKD3D``-style runs of 2-character codes too). Of a code's readings, the first
    that ``fits`` is taken (the deal decides between the joker and the jack of hearts)."""
    if "." in text:
        return read_hand(text, where) or ()
    out: list[Card] = []
    for token, suit_first in _list_tokens(text):
        plays = card_readings(token, suit_first=suit_first)
        if not plays:
            raise RecordError(f"{where}: {shown(token)} is not a card")
        out.append(next((p.card for p in plays if fits(p.card)), plays[0].card))
    if len(set(out)) != len(out):
        raise RecordError(f"{where}: a card is named twice")
    return tuple(out)


_SUIT_FIRST_RUN = re.compile(r"(?:[SHDC](?:1[0-3]|[2-9TJQKA])|J[HLK])+")
_RANK_FIRST_RUN = re.compile(r"(?:(?:1[0-3]|[2-9TJQKA])[SHDC]|[HL]J|JK)+")
_RUN_CARD = re.compile(r"[SHDC](?:1[0-3]|[2-9TJQKA])|J[HLK]|(?:1[0-3]|[2-9TJQKA])[SHDC]|[HL]J")


def _list_tokens(text: str) -> Iterable[tuple[str, bool]]:
    """The card tokens of a list, each with whether to prefer its suit-first reading: a run of
    codes without spaces (Trickster's ``S5HQC8``, or ``JHKD3D``) is cut into its cards, read
    suit-first when the whole run reads so (Trickster's way), else rank-first."""
    for token in text.replace(",", " ").split():
        raw = token.upper()
        if 3 < len(raw) <= 64 and not card_readings(raw):  # a kitty is at most 6 cards
            for run, suit_first in ((_SUIT_FIRST_RUN, True), (_RANK_FIRST_RUN, False)):
                if run.fullmatch(raw):
                    yield from ((m.group(), suit_first) for m in _split_run(raw, run))
                    break
            else:
                yield token, False
        else:
            yield token, False


def _split_run(raw: str, run: re.Pattern[str]) -> Iterable[re.Match[str]]:
    """The cards of a run ``run`` matches whole: each card the longest that leaves the rest a
    run (``S10`` and ``S1`` ``0...`` are told apart)."""
    i = 0
    while i < len(raw):
        for size in (3, 2):
            piece = _RUN_CARD.fullmatch(raw, i, i + size)
            if piece is not None and (i + size == len(raw) or run.fullmatch(raw, i + size)):
                yield piece
                i += size
                break
        else:  # cannot happen: ``run`` matched the whole text
            return


def seat_prefix(text: str) -> tuple[str | None, str]:
    """``"W:S5HQC8"`` (Trickster's CardsAdded and CardsRemoved) to ``("W", "S5HQC8")``: the
    letters before a colon, to be read as a seat; text without them comes back whole, with
    None."""
    m = _SEAT_PREFIX.match(text)
    if m is None:
        return None, text
    return m.group(1), text[m.end():]


_SEAT_PREFIX = re.compile(r"\s*([A-Za-z]{1,5})\s*:")
