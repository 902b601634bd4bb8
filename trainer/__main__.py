"""The command line: ``python -m trainer COMMAND`` (docs/DESIGN.md "The CLI").

Commands print JSON on stdout. Bad input prints one line on stderr and exits with status 2;
it never shows a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from trainer.bidding import bid_rank, ladder, parse_bid
from trainer.cards import Seat, deal
from trainer.cli_input import read_input
from trainer.errors import BidError, TrainerError, shown
from trainer.notation import format_hand, load_json, parse_position, parse_seat
from trainer.rules import RuleSet, ruleset
from trainer.scoring import bid_value, score_hand, score_into_game


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2 (argparse prints two)
        raise _UsageError(message)


def _rules(args: argparse.Namespace) -> RuleSet:
    text = args.rules
    if text is not None and text.lstrip()[:1] in ("{", "["):
        return ruleset(load_json(text, "rules"))
    return ruleset(text)


def _numbers(text: str | None, name: str, example: str) -> list[int] | None:
    """Comma-separated whole numbers (``0,480``), or None when the option is not given."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise _UsageError(f"{name}: expected whole numbers separated by commas, such as "
                          f"{example}, got {shown(text)}") from None


def cmd_score(args: argparse.Namespace) -> Any:
    """A hand's score; with ``--before``, also every side's total after it and the winner
    (README's CLI table; RULES.md §6, §7)."""
    rules = _rules(args)
    contract = parse_bid(args.contract)
    bid_rank(contract, rules)  # refuses misère when the rules do not play it
    if rules.six_level_informational and contract.level == 6:
        raise BidError(f"contract {contract}: a 6-level bid cannot win the auction under "
                       "six_level_informational (the hand is thrown in)")
    before = _numbers(args.before, "--before", "0,480")
    others = _numbers(args.defender_tricks, "--defender-tricks", "2,1")
    if before is None:
        if others is not None:
            raise _UsageError("--defender-tricks: give it with --before")
        score = score_hand(contract, args.tricks, rules)
        return {"declarer": score.declarer, "defenders": score.defenders}
    sides = len(rules.sides())
    if others is None and sides > 2:
        raise _UsageError(f"--defender-tricks: give each of the {sides - 1} other sides' "
                          "tricks at this table, in --before's order")
    result = score_into_game(contract, args.tricks, before, rules, others)
    winner: str | None = None
    if result.winner == 0:
        winner = "declarer"
    elif result.winner is not None:
        winner = "defenders" if sides == 2 else f"defender {result.winner}"
    return {"declarer": result.hand.declarer, "defenders": result.hand.defenders,
            "after": list(result.after), "winner": winner}


def cmd_ladder(args: argparse.Namespace) -> Any:
    rules = _rules(args)
    return [{"bid": b.code, "value": bid_value(b, rules)} for b in ladder(rules)]


def cmd_deal(args: argparse.Namespace) -> Any:
    rules = _rules(args)
    dealer = parse_seat(args.dealer, rules, "dealer") if args.dealer is not None else Seat.N
    d = deal(args.seed, rules.players, rules.deck, dealer)
    out: dict[str, Any] = {
        "seed": args.seed,
        "dealer": d.dealer.value,
        "hands": {s.value: format_hand(h) for s, h in d.hands.items()},
    }
    if d.tables is not None:  # 2 players: piles [face down, face up] (RULES.md §1, 002)
        out["tables"] = {s.value: [[c.code for c in pile] for pile in piles]
                         for s, piles in d.tables.items()}
    out["kitty"] = [c.code for c in d.kitty]
    return out


def cmd_review(args: argparse.Namespace) -> Any:
    """A hand record (PTN, PBN or the record JSON) to each card's double-dummy cost
    (`trainer.review.dd.review_json`; README's CLI table)."""
    from trainer.review.dd import review_json
    from trainer.review.records import read_record

    return review_json(read_record(read_input(args.file)))


def cmd_legal(args: argparse.Namespace) -> Any:
    state = parse_position(read_input(args.file)).to_state()
    out = {"to_play": state.to_play.value if state.to_play else None,
           "cards": [p.code for p in state.legal_plays()]}
    source = getattr(state, "to_play_from", None)  # 2 players: "hand" or "table"
    return out if source is None else {"to_play": out["to_play"], "from": source,
                                       "cards": out["cards"]}


def cmd_match(args: argparse.Namespace) -> Any:
    """Bots against bots in duplicate (`trainer.bots.match`), a progress bar on stderr."""
    from tqdm import tqdm

    from trainer.bots.levels import parse_level
    from trainer.bots.match import check_match, run_match

    ns, ew = parse_level(args.ns, "--ns"), parse_level(args.ew, "--ew")
    rules = _rules(args)
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)
    check_match(args.deals, ns, ew, rules, jobs)
    with tqdm(total=args.deals, desc="deals", unit="deal", file=sys.stderr,
              disable=args.quiet) as bar:
        result = run_match(args.deals, args.seed, ns, ew, rules, jobs,
                           progress=lambda _: bar.update(1), cluster=args.cluster)
    return result.to_json()


APP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                   "streamlit_app.py")


def cmd_app(args: argparse.Namespace) -> Any:
    """Start the solver's compile in the background (`trainer.solver.warm_up`: skipped when
    the compile stamp is current), then run the app's Streamlit server in this process, so the
    compile starts with the server and not with the first visitor. ``args.streamlit``: options
    passed on to ``streamlit run`` (``--server.port 8502``). Returns Streamlit's exit status."""
    if not os.path.isfile(APP):
        raise _UsageError(f"app: no {APP} (run it from a checkout of the project)")
    from trainer.solver import warm_up  # no numba: the compile runs in a subprocess

    warm_up.start()
    from streamlit.web import cli as streamlit_cli

    sys.argv = ["streamlit", "run", APP, *args.streamlit]
    try:
        streamlit_cli.main()
    except SystemExit as exc:  # click ends with one, whatever the outcome
        return _ExitStatus(exc.code if isinstance(exc.code, int) else 0)
    return None


class _ExitStatus(int):
    """A command's exit status, returned instead of a result to print."""


def build_parser(extra: bool = True) -> argparse.ArgumentParser:
    """The CLI's parser; ``extra``: with the commands `_load_extra_commands` registered. Its
    ``command_names`` lists the commands it knows."""
    parser = _Parser(prog="python -m trainer", description="Five Hundred trainer tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    parser.command_names = sub.choices  # type: ignore[attr-defined]
    rules_help = "preset name (australian, american) or a JSON object of options"

    p = sub.add_parser("score", help="score a hand: contract and the declarer side's tricks")
    p.add_argument("--contract", required=True, help="6S ... 10NT, MIS, OMIS")
    p.add_argument("--tricks", required=True, type=int,
                   help="tricks of the declarer's side (misère: the declarer's)")
    p.add_argument("--before", help="totals before the hand: the declarer's side's, then each "
                   "other side's clockwise from the declarer's left (0,480; write "
                   "--before=-60,480 when the first is negative)")
    p.add_argument("--defender-tricks", help="with --before and more than two sides: each "
                   "other side's tricks, in --before's order (2,1)")
    p.add_argument("--rules", help=rules_help)
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("ladder", help="the bids in order, lowest first, with their values")
    p.add_argument("--rules", help=rules_help)
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("deal", help="deal a hand from a seed")
    p.add_argument("--seed", required=True, type=int)
    p.add_argument("--dealer", help="dealer's seat (default N)")
    p.add_argument("--rules", help=rules_help)
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("legal", help="a position's legal cards for the player to move")
    p.add_argument("file", nargs="?", help="position JSON file (default: stdin)")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("review", help="the double-dummy cost of every card of a hand record")
    p.add_argument("file", nargs="?",
                   help="hand record: Trickster PTN, PBN or record JSON (default: stdin)")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("match", help="bots against bots in duplicate: two levels, each deal "
                       "played twice with the seats swapped")
    p.add_argument("--deals", required=True, type=int, help="deals to play")
    p.add_argument("--seed", required=True, type=int, help="match seed (deals and decisions)")
    p.add_argument("--ns", required=True, help="level at N/S at the first table: easy, normal, "
                   "strong")
    p.add_argument("--ew", required=True, help="level at E/W at the first table")
    p.add_argument("--rules", help=rules_help + " (4 players)")
    p.add_argument("--jobs", type=int, help="worker processes (default: up to 2 cores; with "
                   "--cluster local, the local cluster's workers)")
    p.add_argument("--cluster", metavar="local|ADDRESS",
                   help="play the deals as tasks on Dask: 'local' starts a cluster here, an "
                   "address (tcp://host:8786) uses a running scheduler; the figures are the same")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_match)

    p = sub.add_parser("app", help="run the app (streamlit run streamlit_app.py), compiling "
                       "the solver from the start; other options go to streamlit run",
                       add_help=False)
    p.set_defaults(func=cmd_app, streamlit=[])

    for register in _EXTRA_COMMANDS if extra else ():
        register(sub)
    return parser


# Other modules (the solver, the generators) add their commands here without this module
# importing them at the top, so that `legal` and `score` stay fast to start.
_EXTRA_COMMANDS: list[Callable[[Any], None]] = []


def _load_extra_commands() -> None:
    import importlib

    for name in ("trainer.solver.cli", "trainer.generate.cli", "trainer.generate.analyse_cli"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise
            continue
        if module.register not in _EXTRA_COMMANDS:  # main() may run more than once
            _EXTRA_COMMANDS.append(module.register)


def _core_commands() -> set[str]:
    """The commands this module defines itself: they need none of `_load_extra_commands`."""
    return set(build_parser(extra=False).command_names)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    command = next((w for w in words if not w.startswith("-")), None)
    if command not in _core_commands():  # `legal` and `score` never load the solver
        _load_extra_commands()
    try:
        parser = build_parser()
        if command == "app":  # the options after it are streamlit's, passed on as they are
            args, rest = parser.parse_known_args(words)
            args.streamlit = rest
        else:
            args = parser.parse_args(argv)
        result = args.func(args)
    except _UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except TrainerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if isinstance(result, _ExitStatus):
        return int(result)
    if result is not None:
        try:
            print(json.dumps(result, ensure_ascii=False))
            sys.stdout.flush()
        except BrokenPipeError:  # e.g. piped into `head`: the reader has gone, not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
