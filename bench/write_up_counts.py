"""Print what the bidding and discard banks' write-ups talk about, and how often each reason
class fires over the candidate tables' rows: ``python bench/write_up_counts.py``.

A concept is counted once per write-up that mentions it (by the words below); reasons are
counted per table row (`trainer.generate.write_ups.bid_reasons`, `discard_reasons`).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from trainer.generate.bid_puzzles import BidPuzzle
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.records import read_jsonl
from trainer.generate.write_ups.bid_reasons import bid_reasons
from trainer.generate.write_ups.discard_reasons import discard_reasons

ROOT = Path(__file__).resolve().parent.parent
CONCEPTS = {
    "left bower": r"as left bower|your left bower|the left bower",
    "right bower": r"as right bower|your right bower",
    "joker": r"the joker(?! or the right bower)",
    "side winner": r"side winner",
    "void": r"\bvoid\b",
    "singleton": r"singleton",
    "guard": r"guard",
    "stopper": r"stopper",
    "kitty": r"\bkitty\b",
    "partner's bid": r"[Yy]our partner \w+'s \S+ showed",
    "opponent's bid": r"(?<!partner )\b(?:North|East|South|West)'s \S+ showed",
    "misère": r"(?i)misère",
    "cannot be ducked": r"cannot be ducked",
    "trumps counted": r"\d+ of the 1[23] trumps|all \d+ trumps",
    "slam": r"all ten tricks",
    "level above/below": r"One higher|one lower|One lower",
    "another strain compared": r"instead of side winner|tricks on average there|scores \d+ "
                               r"less a hand than",
    "sacrifice": r"sacrifice",
    "defenders' 10 a trick": r"10 for each trick",
    "rule of thumb": r"rule of thumb",
    "net expected score": r"its points less the opponents'",
    "loses least": r"loses least",
    "best trick bid": r"best trick bid",
    "about as good": r"about as good|nearly as good",
    "what differs (discard)": r"where the best throws",
    "as many / as often": r"as many tricks|as often",
}


def concepts(texts: list[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    for text in texts:
        for name, pattern in CONCEPTS.items():
            if re.search(pattern, text):
                out[name] += 1
    return out


def main() -> int:
    bids = [BidPuzzle.from_json(r) for r in read_jsonl(ROOT / "puzzles" / "bid.jsonl.gz")]
    discards = [DiscardPuzzle.from_json(r)
                for r in read_jsonl(ROOT / "puzzles" / "discard.jsonl.gz")]
    for name, texts in (("bid", [p.write_up for p in bids]),
                        ("discard", [p.write_up for p in discards])):
        counts = concepts(texts)
        print(f"{name} write-ups ({len(texts)}): concepts mentioned")
        for concept in CONCEPTS:
            print(f"  {concept:26} {counts[concept]:4}")
    rows = Counter(r.kind.value for p in bids for r in bid_reasons(p.analysis))
    print(f"bid reasons over {sum(rows.values())} rows")
    for kind, n in rows.most_common():
        print(f"  {kind:26} {n:4}")
    rows = Counter(r.kind.value for p in discards for r in discard_reasons(p.analysis, p.rules))
    print(f"discard reasons over {sum(rows.values())} rows")
    for kind, n in rows.most_common():
        print(f"  {kind:26} {n:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
