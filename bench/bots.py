"""Bot benchmark (prints figures; not a timed test).

- 4 players, every seat at one level (normal, then strong): whole hands from seeded deals, each
  decision of `trainer.bots.decide` timed; the median and 95th percentile of a card's time (all
  the cards of ``--hands`` hands), of a call's time and of a discard's time, wall clock and
  CPU (`time.process_time`, steadier on a shared machine).
- Misère: the question a misère card asks, "does the declarer take a trick?", as the bot asks
  it (each legal play pushed and `Solver.can_take(state, 1)`) against the full values
  (`Solver.analyse`), on positions of seeded misère hands (the declarer discards by the policy,
  then the cards go by the policy) at tricks 0, 2, 4 and 6: the median time per play and per
  position for the first, per position for the second; a fresh solver for each.
- 2 and 6 players (three pairs): a card's time at the normal level (calls and discards go by
  the policy at those tables), median and 95th percentile.

Run: ``python bench/bots.py [--hands 10] [--strong-hands 3] [--misere 8] [--table-hands 2]
[--seed 1]``. Machine load from other jobs inflates the wall-clock figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

from trainer.bidding import parse_bid
from trainer.bots import Level, decide
from trainer.cards import deal
from trainer.game import GameHand, Phase, hand_seed
from trainer.play import PlayState
from trainer.policy import choose_discard, choose_play
from trainer.rules import RuleSet, ruleset
from trainer.solver import Solver


def pct(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def line(name: str, walls: Sequence[float], cpus: Sequence[float]) -> str:
    if not walls:
        return f"{name}: none"
    return (f"{name}: median {statistics.median(walls):.2f} s, p95 {pct(walls, 0.95):.2f} s "
            f"wall; CPU median {statistics.median(cpus):.2f} s, p95 {pct(cpus, 0.95):.2f} s "
            f"({len(walls)} decisions)")


def time_hands(rules: RuleSet, level: Level, hands: int, seed: int,
               phases: Sequence[Phase] = (Phase.AUCTION, Phase.EXCHANGE, Phase.PLAY),
               ) -> dict[Phase, tuple[list[float], list[float]]]:
    """Play ``hands`` seeded hands with every seat at ``level``, timing each decision of a
    phase in ``phases`` (the others go the same way, untimed). A thrown-in deal is skipped."""
    out: dict[Phase, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    solver = Solver()
    played = 0
    number = 0
    while played < hands:
        d = deal(hand_seed(seed, number), rules.players, rules.deck,
                 rules.seats[number % len(rules.seats)])
        number += 1
        hand = GameHand(rules, d)
        while not hand.is_over:
            phase = hand.phase
            wall, cpu = time.perf_counter(), time.process_time()
            decision = decide(hand, level, f"bench:{number}", solver)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if phase in phases:
                out[phase][0].append(wall)
                out[phase][1].append(cpu)
            decision.apply(hand)
        played += hand.phase is Phase.DONE
    return out


def misere_positions(count: int, seed: int) -> list[PlayState]:
    """Positions of ``count`` seeded misère hands at tricks 0, 2, 4 and 6."""
    rules = ruleset()
    out: list[PlayState] = []
    for i in range(count):
        table = rules.seats
        d = deal(hand_seed(seed, 10_000 + i), 4, 43, table[i % 4])
        hand = GameHand(rules, d)
        declarer = table[(i + 1) % 4]
        hand.set_contract(parse_bid("MIS"), declarer)
        hand.exchange(choose_discard(hand.kitty_pool(), hand.contract, rules))
        state = hand.state
        assert state is not None
        plays = 0
        while not state.is_over and state.declarer_tricks() == 0:
            if plays % len(state.seats) == 0 and plays // len(state.seats) in (0, 2, 4, 6) \
                    and len(state.legal_plays()) > 1:
                out.append(state.copy())
            state.push(choose_play(state))
            plays += 1
    return out


def bench_misere(positions: Sequence[PlayState]) -> None:
    per_play, per_position, full = [], [], []
    quick, slow = Solver(), Solver()
    for state in positions:
        legal = state.legal_plays()
        start = time.process_time()
        for play in legal:
            t = time.process_time()
            after = state.copy()
            after.push(play)
            if not after.is_over and after.declarer_tricks() == 0:
                quick.can_take(after, 1)
            per_play.append(time.process_time() - t)
        per_position.append(time.process_time() - start)
        t = time.process_time()
        slow.analyse(state)
        full.append(time.process_time() - t)
    ms = 1000
    print(f"misère, {len(positions)} positions (tricks 0-6), CPU: can_take(state, 1) per play "
          f"median {statistics.median(per_play) * ms:.1f} ms (p95 {pct(per_play, .95) * ms:.1f}),"
          f" per position (every play) median {statistics.median(per_position) * ms:.1f} ms; "
          f"analyse (full values) per position median {statistics.median(full) * ms:.1f} ms "
          f"(p95 {pct(full, .95) * ms:.1f}); ratio of medians "
          f"{statistics.median(full) / max(statistics.median(per_position), 1e-9):.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10, help="normal-level hands at 4 players")
    ap.add_argument("--strong-hands", type=int, default=3, help="strong-level hands")
    ap.add_argument("--misere", type=int, default=8, help="misère hands")
    ap.add_argument("--table-hands", type=int, default=2, help="hands at 2 and at 6 players")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    Solver().value(misere_positions(1, args.seed)[0])  # load the compiled search first

    bench_misere(misere_positions(args.misere, args.seed))
    rules = ruleset()
    for level, hands in ((Level.NORMAL, args.hands), (Level.STRONG, args.strong_hands)):
        if hands <= 0:
            continue
        times = time_hands(rules, level, hands, args.seed)
        for phase, name in ((Phase.PLAY, "card"), (Phase.AUCTION, "call"),
                            (Phase.EXCHANGE, "discard")):
            print(line(f"{level.value}, 4 players, {hands} hands, a {name}", *times[phase]))
    for options in ({"players": 2}, {"players": 6, "six_player_teams": "three_pairs"}):
        table = ruleset(options)
        if args.table_hands <= 0:
            continue
        times = time_hands(table, Level.NORMAL, args.table_hands, args.seed, (Phase.PLAY,))
        print(line(f"normal, {table.players} players, {args.table_hands} hands, a card",
                   *times[Phase.PLAY]))


if __name__ == "__main__":
    main()
