"""Fit the chance-of-winning model (`trainer.review.win_chance`) on bot games and write
``trainer/review/win_model.json`` (prints the fit's figures and a calibration table).

Every seat plays at the easy level (the policy: thousands of games in minutes); each game is
played to its end under the Australian preset (and again with ``must_bid_to_win``); every hand's
starting score is a sample, labelled with whether North-South went on to win, and the mirrored
sample (East-West's view) beside it, so the fitted chances of the two sides add up to 1.

Run: ``python bench/win_model.py [--games 3000] [--seed 1] [--write]``.
"""

from __future__ import annotations

import argparse
import json
import time

from trainer.bots import Level, decide
from trainer.game import Game
from trainer.review.win_chance import MODEL_FILE, WinModel, fit
from trainer.rules import PRESETS, RuleSet

MAX_HANDS = 60
"""A game still going after this many hands is left out (the easy bots rarely need 30)."""


def game_samples(rules: RuleSet, seed: int) -> list[tuple[int, int, bool]] | None:
    """(N-S score, E-W score, N-S won) before every hand of one easy-bot game, each mirrored;
    None when the game does not end within `MAX_HANDS`."""
    game = Game.new(rules, seed)
    ns, ew = rules.sides()
    starts: list[tuple[int, int]] = []
    while not game.is_over:
        if game.number >= MAX_HANDS:
            return None
        starts.append((game.score.scores[ns], game.score.scores[ew]))
        hand = game.hand
        while not hand.is_over:
            decide(hand, Level.EASY, f"win:{seed}:{game.number}").apply(hand)
        game.next_hand()
    won = game.score.winner == ns
    return [s for u, t in starts for s in ((u, t, won), (t, u, not won))]


def calibration(model: WinModel, samples: list[tuple[int, int, bool]]) -> list[str]:
    """Predicted against observed, by tenths of the predicted chance."""
    bins: dict[int, list[bool]] = {}
    for u, t, won in samples:
        bins.setdefault(min(9, int(model.chance(u, t) * 10)), []).append(won)
    return [f"  predicted {k / 10:.1f}-{(k + 1) / 10:.1f}: observed "
            f"{sum(v) / len(v):.3f} over {len(v)} samples" for k, v in sorted(bins.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write win_model.json")
    args = parser.parse_args()
    out = {}
    for name, rules in (("default", PRESETS["australian"]),
                        ("must_bid_to_win", PRESETS["australian"].with_options(
                            must_bid_to_win=True))):
        start = time.perf_counter()
        samples: list[tuple[int, int, bool]] = []
        games = 0
        for g in range(args.games):
            got = game_samples(rules, args.seed * 1_000_000 + g)
            if got is not None:
                samples += got
                games += 1
        model = fit(samples, games)
        print(f"{name}: {games} games, {model.samples} samples, weights {model.weights}, "
              f"log loss {model.log_loss}, Brier {model.brier} "
              f"({time.perf_counter() - start:.0f} s)")
        print("\n".join(calibration(model, samples)))
        for us, them in ((0, 0), (400, 300), (450, 0), (480, 480), (510, 300), (-400, 200)):
            print(f"  {us} to {them}: {model.chance(us, them):.3f}")
        out[name] = {"weights": list(model.weights), "games": model.games,
                     "samples": model.samples, "log_loss": model.log_loss,
                     "brier": model.brier, "seed": args.seed}
    if args.write:
        MODEL_FILE.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {MODEL_FILE}")


if __name__ == "__main__":
    main()
