"""How often each reason class fires over the play bank, and which concepts the play
write-ups mention (prints figures; not a test; the bidding and discard banks:
``bench/write_up_counts.py``).

- Play reasons: at every decision of every play puzzle, each wrong card (one per equivalence
  class) is explained (`trainer.generate.card_reasons.wrong_card_reasons`); every class that
  holds is counted, and the first one (the one the page shows first).
- Right cards: the `trainer.generate.right_reasons` kind of each decision's main-line card.
- Write-ups: how many play write-ups mention each concept (`CONCEPTS`, by words).

Run: ``python bench/explain_counts.py [--every 1]`` (``--every N``: every Nth play puzzle).
"""

from __future__ import annotations

import argparse
import collections
import json
import re
from pathlib import Path

from trainer.generate.card_reasons import wrong_card_reasons
from trainer.generate.goals import judge
from trainer.generate.records import load_play_puzzles
from trainer.generate.right_reasons import right_card_reason
from trainer.solver import Solver

BANKS = Path(__file__).resolve().parent.parent / "puzzles"
CONCEPTS = {
    "joker": r"\bjoker\b",
    "naming the joker's suit": r"joker nam|names? [♠♣♦♥]",
    "right bower": r"right bower",
    "left bower": r"left bower",
    "trumps": r"\btrumps?\b",
    "drawing trumps": r"draw(s|ing)? trumps|last trump",
    "ruff": r"\bruff",
    "overruff": r"overruff",
    "entry": r"\bentry\b",
    "unblock / blocks": r"block",
    "guard": r"\bguard",
    "winner": r"\bwinner",
    "loser": r"\bloser",
    "throw-in": r"must lead next|must then lead",
    "duck": r"\bduck",
    "misère": r"misère",
    "length": r"length",
}


def _line(solver: Solver, state, play):
    work = state.copy()
    work.push(play)
    return (play, *(solver.principal_line(work) if not work.is_over else ()))


def play_counts(every: int) -> None:
    solver = Solver()
    fired: collections.Counter[str] = collections.Counter()
    shown: collections.Counter[str] = collections.Counter()
    right: collections.Counter[str] = collections.Counter()
    wrong_cards = decisions = 0
    for puzzle in load_play_puzzles(BANKS / "play.jsonl.gz")[::every]:
        start = puzzle.position.to_state()
        for decision in puzzle.solution:
            state = decision.position.to_state()
            counted = sum(state.trick_winner_seat(t) in state.rules.side_of(state.declarer)
                          for t in state.history[len(start.history):])
            verdicts = judge(solver.analyse(state), state, puzzle.goal, counted)
            good = decision.line[0]
            good_line = _line(solver, state, good)
            decisions += 1
            right[right_card_reason(state, puzzle.learner, puzzle.goal, good,
                                    good_line).kind.value] += 1
            for group in verdicts.classes:
                wrong = group[0]
                if wrong in verdicts.right:
                    continue
                reasons = wrong_card_reasons(state, puzzle.learner, puzzle.goal, wrong,
                                             _line(solver, state, wrong), verdicts.right, good,
                                             good_line, solver, counted)
                wrong_cards += 1
                fired.update(r.kind.value for r in reasons)
                if reasons:
                    shown[reasons[0].kind.value] += 1
    print(f"play bank: {decisions} decisions, {wrong_cards} wrong cards explained")
    print(f"{'reason class':<24}{'fires':>8}{'shown first':>13}")
    for kind, n in fired.most_common():
        print(f"{kind:<24}{n:>8}{shown[kind]:>13}")
    print(f"{'right-card kind':<24}{'decisions':>10}")
    for kind, n in right.most_common():
        print(f"{kind:<24}{n:>10}")


def concept_counts() -> None:
    path = BANKS / "play.jsonl.gz"
    texts = [json.loads(line).get("write_up", "") for line in path.open(encoding="utf-8")
             if line.strip()]
    print(f"\nplay bank: {len(texts)} records, {sum(1 for t in texts if t)} with a write-up")
    for concept, pattern in CONCEPTS.items():
        n = sum(1 for t in texts if re.search(pattern, t, re.IGNORECASE))
        if n:
            print(f"  {concept:<26}{n:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    play_counts(args.every)
    concept_counts()


if __name__ == "__main__":
    main()
