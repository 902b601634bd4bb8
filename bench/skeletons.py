"""How varied the shipped write-ups are, per bank (issue 27's figures; prints, not a test):
``python bench/skeletons.py [--claims]``.

A skeleton is a text with its digits, cards (``K♣``, ``10♦``, ``the joker``), suit symbols and
seat names removed. Per bank (play, bid, discard): the write-ups; the distinct write-up
skeletons and their ratio to the write-ups (goal: at least 0.5); the share of the bank's
write-ups taken by the most common write-up skeleton (goal: at most 5%) and by the most common
sentence skeleton; the mean length in words. For the play bank also: the share of write-ups
with a "How you would know" sentence, and the techniques named (a write-up opening with a
technique's name, `trainer.generate.techniques`; goal: at least 80%). With ``--claims`` every
play write-up is rebuilt (`trainer.generate.write_ups.play.play_claims`) and each claim's facts
replayed by the engine (`false_claims`; goal: 0 false), with the technique taken from the
recogniser rather than the text (``--every N``: every Nth puzzle only). The "how you would know"
sentences are counted by what they rest on: the odds over layouts that fit the player's view
(safe on every layout, the better odds, close odds, a guess), or what the table shows (voids,
cards in view, the joker's nomination).
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

from trainer.generate.records import read_jsonl
from trainer.generate.write_ups.play import sentences

ROOT = Path(__file__).resolve().parent.parent
BANKS = {"play": "play.jsonl.gz", "bid": "bid.jsonl.gz", "discard": "discard.jsonl.gz"}
_CARD = re.compile(r"\b(?:10|[2-9AKQJ])[♠♣♦♥]|the joker|[♠♣♦♥]|\bjoker\b")
_SEAT = re.compile(r"\b(?:North|East|South|West)\b")
_DIGITS = re.compile(r"[+-]?\d+(?:\.\d+)?%?")


def skeleton(text: str) -> str:
    """``text`` with cards, suit symbols, seat names and numbers replaced by placeholders."""
    return _DIGITS.sub("#", _SEAT.sub("@", _CARD.sub("C", text)))


def _technique_head(text: str) -> str | None:
    """The technique name a play write-up opens with ("A throw-in, at trick 7: ..."), or
    None for a plain write-up (which opens with the card: "Lead K♣: ...")."""
    head = text.split(":", 1)[0]
    if re.match(r"(Lead|Play|Throw|Ruff with|Discard) ", head):
        return None
    return head.split(",")[0].lower()


_CLUES = (("works whatever the layout", "safe on every layout"),
          ("better odds:", "the better odds"), ("percentage play", "the better odds"),
          ("odds are with it", "the better odds"), ("not for certain", "the better odds"),
          ("showed out of", "voids shown"),
          ("face up", "cards in view"), ("nominated", "the joker's nomination"),
          ("only other player", "one player left"), ("close to level", "close odds"),
          ("hardly choose", "close odds"), ("better odds at the table", "a guess (odds against)"),
          ("guess", "a guess"), ("double dummy sees", "a guess"),
          ("needs no guess", "no hidden card"))


def _clue_kind(text: str) -> str:
    """What the "how you would know" sentence rests on (the first phrase of `_CLUES` in it)."""
    clue = text.split("How you would know:", 1)[-1]
    if clue == text:
        return "none"
    return next((kind for phrase, kind in _CLUES if phrase in clue), "other")


def report(kind: str, texts: list[str]) -> dict[str, float]:
    n = len(texts)
    whole = collections.Counter(skeleton(t) for t in texts)
    per_sentence: collections.Counter[str] = collections.Counter()
    for t in texts:
        per_sentence.update({skeleton(s) for s in sentences(t)})
    top_whole, top_whole_n = whole.most_common(1)[0]
    top_sent, top_sent_n = per_sentence.most_common(1)[0]
    words = sum(len(t.split()) for t in texts) / n
    print(f"{kind} bank: {n} write-ups")
    print(f"  distinct write-up skeletons   {len(whole):6}  ({len(whole) / n:.2f} a write-up)")
    print(f"  distinct sentence skeletons   {len(per_sentence):6}")
    print(f"  most common write-up skeleton {top_whole_n / n:6.1%}  {top_whole[:90]!r}")
    print(f"  most common sentence skeleton {top_sent_n / n:6.1%}  {top_sent[:90]!r}")
    print(f"  mean length                   {words:6.1f} words")
    return {"skeletons": len(whole) / n, "top": top_whole_n / n}


def play_extra(texts: list[str], claims: bool, every: int = 1) -> None:
    n = len(texts)
    know = sum("How you would know" in t for t in texts)
    print(f"  'how you would know' sentence {know / n:6.1%}")
    kinds = collections.Counter(_clue_kind(t) for t in texts)
    print("  how you would know, by kind:  " + ", ".join(
        f"{k} {c / n:.1%}" for k, c in kinds.most_common()))
    heads = collections.Counter(_technique_head(t) for t in texts)
    named = n - heads[None]
    print(f"  a technique named             {named / n:6.1%}  ({named} of {n})")
    for head, count in heads.most_common():
        if head is not None:
            print(f"    {head:<40}{count:6}")
    if claims:
        from trainer.generate.records import load_play_puzzles
        from trainer.generate.write_ups.play import false_claims, play_claims
        from trainer.solver import default_solver

        solver = default_solver()
        false = checked = 0
        for puzzle in load_play_puzzles(ROOT / "puzzles" / BANKS["play"])[::every]:
            w = play_claims(puzzle, solver)
            checked += sum(len(c.facts) for c in w.claims)
            false += len(false_claims(w, solver))
        print(f"  facts replayed by the engine  {checked:6}, false: {false}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", action="store_true", help="replay every play claim")
    parser.add_argument("--every", type=int, default=1,
                        help="with --claims, rebuild every Nth play puzzle only")
    args = parser.parse_args()
    for kind, name in BANKS.items():
        texts = [r.get("write_up", "") for r in read_jsonl(ROOT / "puzzles" / name)]
        texts = [t for t in texts if t]
        report(kind, texts)
        if kind == "play":
            play_extra(texts, args.claims, args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
