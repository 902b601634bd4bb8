"""The rule options of `RuleSet` described for the Rules page (no Streamlit here).

`option_specs` walks the dataclass fields of `RuleSet`, so a new engine option appears on the page
by itself: its kind (toggle or choice) comes from its default, its RULES.md section and engine
note from its attribute docstring (read from the source with `ast`). The plain-words
explanations and the choice labels below are the trainer's own, written from RULES.md.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from dataclasses import MISSING, dataclass, fields
from functools import cache
from itertools import pairwise
from typing import Any

from trainer.rules import RuleSet

SECTION_TITLES: dict[int, str] = {
    1: "Players, pack and deal",
    3: "Bidding",
    4: "Kitty and play",
    5: "The joker at no trumps and misère",
    6: "Scoring",
    7: "Winning",
}

CHOICES: dict[str, dict[Any, str]] = {
    "players": {4: "4 players", 3: "3 players", 6: "6 players"},
    "deck": {43: "43 cards", 45: "45 cards (black 4s kept)"},
    "six_player_teams": {"two_threes": "two teams of three", "three_pairs": "three pairs"},
    "all_pass": {"redeal": "throw in and redeal", "play_no_trumps": "play it at no trumps"},
    "misere_placement": {
        "after_sevens": "after the sevens (above 7NT, below 8♠)",
        "by_points": "by points (between 8♠ and 8♣)",
    },
    "open_misere_reveal": {
        "after_first_trick": "after the first trick",
        "before_first_lead": "before the first lead",
    },
    "first_lead": {"declarer": "the declarer", "dealer_left": "the player left of the dealer"},
}
"""Values of each choice option, with their labels, in the order the page offers them."""

PLAIN: dict[str, str] = {
    "players": (
        "How many play. Four is the usual game: two partnerships, partners opposite, a "
        "43-card pack. Three: 33 cards (A to 7 in every suit and the joker), each for "
        "themselves, the declarer against the other two. Six: 63 cards (the full 52, 11s and "
        "12s in every suit, 13s in hearts and diamonds, and the joker)."
    ),
    "deck": (
        "The 43-card pack is standard: red suits A to 4, black suits A to 5, and the joker. "
        "The 45-card pack keeps the black 4s too, and the kitty then has 5 cards. Four "
        "players only."
    ),
    "six_player_teams": (
        "Six players only: two teams of three sitting alternately, or three pairs of partners "
        "sitting opposite each other."
    ),
    "bid_after_pass": (
        "Off (standard): once you pass you may not bid again in that auction. On: a player "
        "who has passed may come back in with a higher bid."
    ),
    "one_round_bidding": (
        "The American way: one round of bidding, each player calls once. Off (standard): the "
        "bidding goes round until all the other players have passed after a bid."
    ),
    "all_pass": (
        "What happens when everybody passes: the hand is thrown in and the next dealer deals "
        "(standard), or the hand is played at no trumps and each side scores 10 a trick."
    ),
    "misere": (
        "On (standard): misère (take no tricks at no trumps, worth 250; the declarer's "
        "partner sits out) and open misère (the same with the hand shown, worth 500) may be bid."
    ),
    "misere_placement": (
        "Where misère sits among the bids. Standard: above every 7-bid and below every "
        "8-bid. By points: by its 250 points, between 8♠ (240) and 8♣ (260)."
    ),
    "misere_needs_seven": (
        "On (standard): misère may be bid only after someone has bid seven. Open misère may "
        "be bid at any time, even as the first bid."
    ),
    "open_misere_reveal": (
        "When an open-misère declarer lays their hand face up: after the first trick "
        "(standard) or before the first lead."
    ),
    "first_lead": (
        "Who leads to the first trick: the declarer (standard), or the player on the dealer's "
        "left."
    ),
    "joker_lead_any_suit": (
        "At no trumps and misère a joker led without a nominated suit is led as a suit its "
        "holder names. Off (standard): a suit not yet led in this hand. On: any suit, even "
        "one already led."
    ),
    "joker_no_void_suit": (
        "On: a player leading the joker may not name a suit they have already shown out of "
        "(failed to follow). Off (standard): no such limit."
    ),
    "joker_low_in_misere": (
        "On: in misère the joker is the lowest card and never wins a trick. Off (standard): "
        "it behaves as at no trumps."
    ),
    "overtricks_10": (
        "Off (standard): no extra points for tricks over the bid. On: a made contract scores "
        "10 more for each trick over the bid."
    ),
    "slam_250": (
        "On (standard): taking all ten tricks on a bid worth less than 250 scores 250 "
        "instead of the bid's value."
    ),
    "defender_tricks": (
        "On (standard): the defenders score 10 for each trick they take, whether the "
        "contract makes or not."
    ),
    "misere_defenders": (
        "Off (standard): in misère and open misère the defenders score nothing. On: they "
        "score 10 a trick there too."
    ),
    "must_bid_to_win": (
        "On (standard, Australian): a side reaches 500 and wins only by making a bid; points "
        "for defending tricks cannot take it over the line by themselves. Off: any side on "
        "500 or more wins (the declarer's side first if both pass 500)."
    ),
    "minus_500_loses": (
        "On (standard): a side on -500 or below loses at once (it is \"in the hole\")."
    ),
}
"""The trainer's own explanation of each option, in plain words, following RULES.md."""


TITLES: dict[str, str] = {
    "players": "Players",
    "deck": "Pack",
    "six_player_teams": "Six-player seating",
    "bid_after_pass": "Bid again after passing",
    "one_round_bidding": "One round of bidding",
    "all_pass": "When all pass",
    "misere": "Misère",
    "misere_placement": "Where misère ranks",
    "misere_needs_seven": "Misère only after a seven",
    "open_misere_reveal": "Open misère hand shown",
    "first_lead": "First lead",
    "joker_lead_any_suit": "Led joker may name a suit already led",
    "joker_no_void_suit": "Led joker may not name a suit its holder is void in",
    "joker_low_in_misere": "Joker low in misère",
    "overtricks_10": "10 a trick for overtricks",
    "slam_250": "A slam scores at least 250",
    "defender_tricks": "Defenders score 10 a trick",
    "misere_defenders": "Defenders score in misère too",
    "must_bid_to_win": "Only a made bid wins the game",
    "minus_500_loses": "-500 loses",
}
"""Each option's name on the Rules page and in the rules summary."""
_OPTION_CODE = re.compile(r"`([a-z0-9_]+)`")


VALUE_WORDS: dict[str, str] = {
    "two_threes": "two teams of three", "three_pairs": "three pairs", "redeal": "redeal",
    "play_no_trumps": "play it at no trumps", "after_sevens": "after the sevens",
    "by_points": "by points", "after_first_trick": "after the first trick",
    "before_first_lead": "before the first lead", "dealer_left": "the player left of the dealer",
}
"""The choice values of options, in words (the lessons' and questions' code names for them)."""


def option_words(text: str) -> str:
    """Markdown ``text`` with each rule option written as code (```joker_low_in_misere```)
    named as the Rules page names it (*Joker low in misère*), and each choice value in code
    (```by_points```) in words (*by points*); other code is left as it is."""

    def words(m: re.Match[str]) -> str:
        title = TITLES.get(m.group(1)) or VALUE_WORDS.get(m.group(1))
        return m.group(0) if title is None else f"*{title}*"

    return _OPTION_CODE.sub(words, text)


@dataclass(frozen=True)
class OptionSpec:
    """One rule option as the Rules page shows it."""

    name: str
    default: Any
    kind: str
    """``"toggle"`` for a true/false option, ``"choice"`` for one of several values."""
    choices: tuple[Any, ...]
    labels: tuple[str, ...]
    section: int | None
    engine_note: str
    plain: str

    def label_of(self, value: Any) -> str:
        """The label shown for ``value`` (its text form if it has no label)."""
        for v, label in zip(self.choices, self.labels, strict=True):
            if v == value:
                return label
        return str(value)

    @property
    def title(self) -> str:
        return TITLES.get(self.name, self.name.replace("_", " ").capitalize())


@cache
def field_docstrings() -> dict[str, str]:
    """The attribute docstrings of `RuleSet`'s fields, read from its source (empty if the
    source cannot be read)."""
    try:
        source = textwrap.dedent(inspect.getsource(RuleSet))
    except (OSError, TypeError):
        return {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for node, after in pairwise(body.body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs


def section_of(doc: str) -> int | None:
    """The RULES.md section a docstring cites (``"§3 ..."`` gives 3), or None."""
    m = re.search(r"§(\d+)", doc)
    return int(m.group(1)) if m else None


def option_specs() -> list[OptionSpec]:
    """Every field of `RuleSet`, in declaration order, described for the page."""
    docs = field_docstrings()
    specs = []
    for f in fields(RuleSet):
        default = f.default if f.default is not MISSING else None
        doc = docs.get(f.name, "")
        if isinstance(default, bool):
            kind, choices, labels = "toggle", (False, True), ("off", "on")
        else:
            table = CHOICES.get(f.name, {default: str(default)})
            kind, choices, labels = "choice", tuple(table), tuple(table.values())
        specs.append(
            OptionSpec(
                name=f.name,
                default=default,
                kind=kind,
                choices=choices,
                labels=labels,
                section=section_of(doc),
                engine_note=doc,
                plain=PLAIN.get(f.name, doc),
            )
        )
    return specs


def rules_summary(rules: RuleSet) -> str:
    """A one-line description of a RuleSet: the table and the options away from the default."""
    table = f"{rules.players} players, {len(rules.pack)}-card pack, kitty {rules.kitty_size}"
    default = RuleSet()
    changed = [
        f"{s.title[0].lower() + s.title[1:]}: {s.label_of(getattr(rules, s.name))}"
        for s in option_specs()
        if s.name not in ("players", "deck") and getattr(rules, s.name) != getattr(default, s.name)
    ]
    return table + (" · " + "; ".join(changed) if changed else "")
