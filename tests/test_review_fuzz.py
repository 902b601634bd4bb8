"""A fuzz of the hand-record importer (issue 25, part 5): mutated records in every real format
(Trickster's PTN and "PBN" exports, plain PBN, the record JSON at 2, 3, 4 and 6 players) either
import or raise `RecordError` with one line of under 300 characters, never another exception.

The mutations: truncations, lines dropped or repeated, tag names and values changed, one card
code put in another's place (a card twice), a huge field, non-UTF-8 bytes decoded as the game
page decodes an upload, and for the JSON any field replaced by another JSON value, a list cut
or a card repeated.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.cards import Seat, deal
from trainer.errors import RecordError
from trainer.game.hand import GameHand, Phase
from trainer.review import import_records
from trainer.rules import ruleset

DATA = Path(__file__).resolve().parent / "data" / "records"
FILES = ["trickster_australian.ptn", "trickster_american.pbn", "trickster_three.ptn",
         "trickster_misere.ptn", "suit_4p.ptn", "notrump_joker.pbn", "six_player.pbn",
         "partial.pbn"]
TEXTS = [(DATA / name).read_text(encoding="utf-8") for name in FILES]
TAGS = ["Deal", "Dealer", "Declarer", "Contract", "Auction", "Play", "Undealt", "CardsAdded",
        "CardsRemoved", "GameOptionsJson", "GameCode", "Event", "JokerSuit", "Kitty"]
CODES = ["AS", "JH", "HJ", "JK", "JK:S", "S5", "10H", "13D", "W:", "S:", "-", "*", "Pass", "7♥",
         "iNT", "Misère", "{", '"', "]", "\\", "0", "1e999", "NaN", '{"whenNullo":9}']


def whole_record(players: int, seed: int) -> dict[str, Any]:
    rules = ruleset({"players": players})
    hand = GameHand(rules, deal(seed, players=players, dealer=Seat.N))
    hand.call("7NT" if players != 2 else "7S")
    while hand.phase is Phase.AUCTION:
        hand.call("P")
    hand.exchange(hand.kitty_pool()[-rules.kitty_size:])
    while hand.phase is Phase.PLAY:
        hand.play(hand.legal_plays()[-1])
    return hand.to_record().to_json()


RECORDS = [whole_record(p, seed) for p in (2, 3, 4, 6) for seed in (1, 2)]


def check(text: str) -> None:
    try:
        import_records(text)
    except RecordError as exc:
        message = str(exc)
        assert "\n" not in message and "\r" not in message, message[:300]
        assert 0 < len(message) < 300, message[:300]


@st.composite
def mutated_text(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cut", "drop", "repeat", "tag", "value", "card", "huge",
                                     "bytes", "insert"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "cut":
            lines = [*lines[:i], lines[i][:draw(st.integers(0, len(lines[i])))]]
        elif kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "tag" and lines[i].startswith("["):
            name = lines[i][1:].split(" ", 1)[0]
            lines[i] = lines[i].replace(name, draw(st.sampled_from(TAGS)), 1)
        elif kind == "value" and lines[i].startswith("["):
            head = lines[i].split('"', 1)[0]
            lines[i] = head + '"' + draw(st.text(max_size=30)) + '"]'
        elif kind == "card":
            words = lines[i].split()
            if words:
                j = draw(st.integers(0, len(words) - 1))
                words[j] = draw(st.sampled_from(CODES + [w for w in " ".join(lines).split()
                                                         if len(w) <= 3]))
                lines[i] = " ".join(words)
        elif kind == "huge":
            lines[i] += draw(st.sampled_from(["Q", "S5", "A.", " -", "[", '"', "{[", "9"])) \
                * draw(st.sampled_from([1000, 100_000]))
        elif kind == "bytes":
            raw = draw(st.binary(min_size=1, max_size=40))
            lines[i] += raw.decode("utf-8", errors="replace")
        else:
            lines.insert(i, draw(st.text(max_size=40)))
    return "\n".join(lines)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["N", "E", "S", "W", "AS", "JK", "JK:S", "7NT", "P"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)


@st.composite
def mutated_json(draw: st.DrawFn) -> str:
    obj = json.loads(json.dumps(draw(st.sampled_from(RECORDS))))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*sorted(obj), "contract", "declarer", "hands"]))
        kind = draw(st.sampled_from(["delete", "replace", "cut", "repeat", "seat"]))
        value = obj.get(key)
        if kind == "delete":
            obj.pop(key, None)
        elif kind == "replace":
            obj[key] = draw(JSON_VALUES)
        elif kind == "cut" and isinstance(value, list):
            obj[key] = value[:draw(st.integers(0, len(value)))]
        elif kind == "repeat" and isinstance(value, list) and value:
            obj[key] = [*value, draw(st.sampled_from(value))]
        elif isinstance(value, dict) and value:
            seat = draw(st.sampled_from(sorted(value)))
            if draw(st.booleans()):
                del value[seat]
            else:
                value[seat] = draw(JSON_VALUES)
    text = json.dumps(obj)
    if draw(st.booleans()):  # a cut JSON text, or one in a list
        text = text[:draw(st.integers(0, len(text)))] if draw(st.booleans()) else f"[{text}]"
    return text


def test_the_fuzz_records_are_whole_to_start_with() -> None:
    for text in TEXTS + [json.dumps(r) for r in RECORDS]:
        assert import_records(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_text())
def test_mutated_tag_records_import_or_say_why_in_one_line(text: str) -> None:
    check(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_json())
def test_mutated_record_json_imports_or_says_why_in_one_line(text: str) -> None:
    check(text)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_import_or_say_why_in_one_line(raw: bytes) -> None:
    check(raw.decode("utf-8", errors="replace"))
    check(raw.decode("latin-1"))
