""""Analyse my hand": the candidate table for any hand and auction, as an API and a CLI.

``python -m trainer analyse --hand "JK JH JD AH KH QH AS AC 5D 6S" --seat S --dealer E
[--auction "P 7S"] [--samples N] [--seed S] [--rules NAME] [--jobs J] [--progress]
[--finish policy|none]`` prints the bidding table of `trainer.simulate.analyse_bid` as JSON
(``BidAnalysis.to_json``): by default every legal call, valued with the auction after it
finished by the policy bidder (each row's ``finals``: the contracts reached); ``--finish none``
takes each call as the final contract instead (faster, the older valuation).
With 13 cards (hand and kitty) and ``--contract 7H`` it prints the discard table of
`trainer.simulate.analyse_discard` instead (the auction is then the whole auction, or empty).
Bad input (a card code, a hand of the wrong size, a call out of turn, an unknown seat): one line
on stderr, exit status 2 (`trainer.errors.TrainerError`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from trainer.bidding import parse_bid, turns_from_calls
from trainer.errors import TrainerError
from trainer.notation import parse_hand, parse_seat
from trainer.rules import RuleSet, ruleset
from trainer.simulate import (
    BidAnalysis,
    DiscardAnalysis,
    Progress,
    SimulationError,
    analyse_bid,
    analyse_discard,
)

ANALYSE_SAMPLES = 100
"""Layouts by default: about 0.1-0.15 s each on two free cores (see bench/simulate.py)."""


def split_calls(auction: str | Sequence[str] | None) -> list[str]:
    """An auction as codes: a string split on spaces, commas or dashes, or a list."""
    if auction is None:
        return []
    if isinstance(auction, str):
        return auction.replace(",", " ").replace("-", " ").split()
    return [str(c) for c in auction]


def analyse_hand(hand: str | Sequence[str], seat: str, dealer: str,
                 auction: str | Sequence[str] | None = None, contract: str | None = None,
                 rules: RuleSet | str | None = None, samples: int = ANALYSE_SAMPLES,
                 seed: int = 0, workers: int | None = None,
                 progress: Progress | None = None,
                 finish: str | None = "policy") -> BidAnalysis | DiscardAnalysis:
    """Parse and analyse a hand from a real game (the module docstring).

    ``hand``: 10 card codes (a bidding decision) or 13 with ``contract`` (a discard). ``seat``,
    ``dealer``: ``N E S W``. ``finish``: `analyse_bid`'s (``"policy"`` or None; a discard
    ignores it). Raises a `TrainerError` subclass naming the bad field.
    """
    rs = rules if isinstance(rules, RuleSet) else ruleset(rules)
    cards = parse_hand(hand)
    me = parse_seat(seat, rs)
    deal_seat = parse_seat(dealer, rs, "dealer")
    try:  # typed as the calls were made: the players who are out make none
        calls = turns_from_calls(rs, deal_seat, split_calls(auction))
    except TrainerError as e:
        raise SimulationError(f"auction: {e}") from e
    if samples < 1:
        raise SimulationError("samples: give at least 1")
    if contract is None:
        if len(cards) != 10:
            raise SimulationError(f"hand: {len(cards)} cards; give 10 to bid, or 13 with "
                                  "--contract to discard")
        return analyse_bid(cards, me, deal_seat, calls, rs, samples, seed, workers, progress,
                           finish)
    if len(cards) != 10 + rs.kitty_size:
        raise SimulationError(f"hand: {len(cards)} cards; a discard needs the 13 cards of "
                              "hand and kitty")
    bid = parse_bid(contract)
    return analyse_discard(cards, bid, me, deal_seat, calls, rs, samples, seed, workers,
                           progress)


def cmd_analyse(args: argparse.Namespace) -> Any:
    rules: Any = args.rules
    if rules is not None and rules.lstrip().startswith("{"):
        from trainer.notation import load_json

        rules = ruleset(load_json(rules, "rules"))
    bar = None
    progress = None
    if args.progress:
        from tqdm import tqdm

        bar = tqdm(total=args.samples, desc="layouts", unit="layout", file=sys.stderr)

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.n = done
            bar.refresh()

    try:
        result = analyse_hand(args.hand, args.seat, args.dealer, args.auction, args.contract,
                              rules, args.samples, args.seed, args.jobs, progress,
                              None if args.finish == "none" else args.finish)
    finally:
        if bar is not None:
            bar.close()
    return result.to_json()


def register(sub: Any) -> None:
    p = sub.add_parser("analyse", help="candidate table for a hand and auction (simulation)")
    p.add_argument("--hand", required=True, help="10 card codes (13 with --contract)")
    p.add_argument("--seat", required=True, help="your seat: N E S W")
    p.add_argument("--dealer", required=True, help="the dealer's seat")
    p.add_argument("--auction", default="",
                   help='the calls so far as made, from the dealer\'s left (a player who has '
                   'passed makes no more calls): "P 7S"')
    p.add_argument("--contract", help="analyse the discard for this contract (13 cards)")
    p.add_argument("--samples", type=int, default=ANALYSE_SAMPLES, help="layouts to simulate")
    p.add_argument("--seed", type=int, default=0, help="layout seed")
    p.add_argument("--rules", help="preset name or a JSON object of options")
    p.add_argument("--jobs", type=int, help="worker processes (default: up to 2 cores)")
    p.add_argument("--progress", action="store_true", help="progress bar on stderr")
    p.add_argument("--finish", choices=["policy", "none"], default="policy",
                   help="policy: finish the auction after each call with the policy bidder "
                   "(default); none: take each call as the final contract")
    p.set_defaults(func=cmd_analyse)


__all__ = ["ANALYSE_SAMPLES", "TrainerError", "analyse_hand", "register", "split_calls"]
