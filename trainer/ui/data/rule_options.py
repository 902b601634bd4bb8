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
    "players": {2: "2 players", 3: "3 players", 4: "4 players", 6: "6 players"},
    "deck": {43: "43 cards", 45: "45 cards (black 4s kept)"},
    "six_player_teams": {
        "two_threes": "two teams of three",
        "three_pairs": "three pairs",
        "individual": "each for themselves",
    },
    "bid_after_pass": {
        "never": "never",
        "always": "always",
        "if_changed": "once another player changes suit",
    },
    "all_pass": {"redeal": "throw in and redeal", "play_no_trumps": "play it at no trumps"},
    "misere_placement": {
        "after_sevens": "after the sevens (above 7NT, below 8♠)",
        "by_points": "by points (between 8♠ and 8♣)",
    },
    "open_misere_placement": {
        "between_10D_10H": "between 10♦ and 10♥",
        "between_8NT_9S": "between 8NT and 9♠",
    },
    "open_misere_reveal": {
        "after_first_trick": "after the first trick",
        "before_first_lead": "before the first lead",
    },
    "first_lead": {"declarer": "the declarer", "dealer_left": "the player left of the dealer"},
    "joker_lead": {
        "any_suit": "any suit",
        "not_shown_void": "not a suit its holder has shown void in",
        "not_yet_led": "only a suit not yet led",
    },
}
"""Values of each choice option, with their labels, in the order the page offers them."""

SOURCES: dict[str, str] = {
    "players": "Four: all four rule sheets. Three and two: the Polish rules. Six: the "
               "Portuguese rules and pagat.com (the 63-card pack with one joker: pagat.com; "
               "the Portuguese rules add a second joker, not played here).",
    "deck": "The 45-card pack: the Polish rules.",
    "six_player_teams": "Two teams of three sitting alternately: the Portuguese rules and "
                        "pagat.com; each for themselves: the Portuguese rules (\"3 against 3 "
                        "or individual\"); three pairs: pagat.com.",
    "bid_after_pass": "Never: all four rule sheets. Always and once another changes suit: "
                      "variants in the Polish rules.",
    "raise_reopens": "A variant in the Polish rules.",
    "one_round_bidding": "The American game, as the Polish rules describe it.",
    "six_level_informational": "The American game, as the Polish rules describe it.",
    "all_pass": "Redeal: pagat.com; playing it at no trumps: a common house rule.",
    "misere": "Misère and open misère: all four rule sheets.",
    "misere_placement": "After the sevens: the Polish and Spanish rules; by points: the "
                        "Avondale schedule as American players use it.",
    "misere_needs_seven": "The Polish rules.",
    "open_misere_placement": "Between 10♦ and 10♥: the Polish rules; between 8NT and 9♠: the "
                             "Spanish rules (\"between a contract of eight and of nine "
                             "tricks\").",
    "open_misere_reveal": "After the first trick: the Spanish rules; before the first lead: a "
                          "house rule.",
    "nullo_500": "The Portuguese rules' \"Nullo\".",
    "first_lead": "The declarer: pagat.com; the player left of the dealer: a house rule.",
    "nominate_joker": "Nominating: the Italian rules; not nominating: the American game (the "
                      "Polish rules).",
    "joker_lead": "Any suit: the Polish rules (\"to any suit\") and the Portuguese rules; not "
                  "a suit shown void: a variant in the Polish rules and the American game; "
                  "only a suit not yet led: a house rule.",
    "joker_low_in_misere": "A house rule.",
    "overtricks_10": "Nothing extra: the Polish rules; 10 a trick: the Portuguese rules.",
    "slam_250": "The Polish and Spanish rules.",
    "defender_tricks": "The Portuguese and Spanish rules.",
    "misere_defenders": "Nothing in misère: the Polish rules.",
    "must_bid_to_win": "Off: the Portuguese, Italian and Spanish rules (the first side to 500 "
                       "wins); on: a variant in the Polish rules, and Australian leaflets.",
    "minus_500_loses": "The Portuguese and Spanish rules.",
}
"""Where each option and its settings come from, in the learner's words (RULES.md cites the
source documents by number: 000 Portuguese, 001 Italian, 002 Polish, 003 Spanish)."""

PLAIN: dict[str, str] = {
    "players": (
        "How many play. Four is the usual game: two partnerships, partners opposite, a "
        "43-card pack. Two: the same 43 cards; each has 10 in hand and 5 face-down cards with "
        "a face-up card on each on the table, 3 to the kitty, four cards to a trick, and no "
        "misère. Three: 33 cards (A to 7 in every suit and the joker), each for themselves, "
        "the declarer against the other two. Six: 63 cards (the full 52, 11s and 12s in every "
        "suit, 13s in hearts and diamonds, and the joker)."
    ),
    "deck": (
        "The 43-card pack is standard: red suits A to 4, black suits A to 5, and the joker. "
        "The 45-card pack keeps the black 4s too, and the kitty then has 5 cards. Four "
        "players only."
    ),
    "six_player_teams": (
        "Six players only: two teams of three sitting alternately, three pairs of partners "
        "sitting opposite each other, or each for themselves (the declarer alone against the "
        "other five)."
    ),
    "bid_after_pass": (
        "Never (standard): once you pass you may not bid again in that auction. Always: a "
        "player who has passed may come back in with a higher bid, as in bridge. Once another "
        "player changes suit: a player who has passed may come back in after another player "
        "has changed the suit of their bid."
    ),
    "raise_reopens": (
        "Off (standard): the auction's winner plays the last bid. On: once the others have "
        "passed, the winner may raise their own bid; a raise into another strain lets the "
        "others bid again, a raise in the same strain does not; and there is no raise when "
        "nobody else bid at all."
    ),
    "one_round_bidding": (
        "The American way: one round of bidding, each player calls once. Off (standard): the "
        "bidding goes round until all the other players have passed after a bid."
    ),
    "six_level_informational": (
        "The American way: a bid of six is only information and cannot win the auction; if "
        "nobody bids seven or more the hand is dealt again. Off (standard): a six may win."
    ),
    "all_pass": (
        "What happens when everybody passes: the hand is thrown in and the next dealer deals "
        "(standard), or the hand is played at no trumps and each side scores 10 a trick."
    ),
    "misere": (
        "On (standard): misère (take no tricks at no trumps, worth 250; the declarer's "
        "partner sits out) and open misère (the same with the hand shown, worth 500) may be "
        "bid. Two players never bid them."
    ),
    "misere_placement": (
        "Where misère sits among the bids. Standard: above every 7-bid and below every "
        "8-bid. By points: by its 250 points, between 8♠ (240) and 8♣ (260)."
    ),
    "misere_needs_seven": (
        "On (standard): misère may be bid only after someone has bid seven. Open misère may "
        "be bid at any time, even as the first bid."
    ),
    "open_misere_placement": (
        "Where open misère sits among the bids: above 10♦ and below 10♥ (standard, by its "
        "500 points), or between the eights and the nines, above 8NT and below 9♠."
    ),
    "open_misere_reveal": (
        "When an open-misère declarer lays their hand face up: after the first trick "
        "(standard) or before the first lead."
    ),
    "nullo_500": (
        "Off (standard): misère scores 250 and open misère 500. On: misère is \"Nullo\", "
        "worth 500 made and -500 set, and there is no open misère."
    ),
    "first_lead": (
        "Who leads to the first trick: the declarer (standard), or the player on the dealer's "
        "left."
    ),
    "nominate_joker": (
        "On (standard): a declarer at no trumps or in misère who holds the joker may, before "
        "the first lead, nominate a suit for it; it is then the highest card of that suit. "
        "Off (the American game): the joker is never nominated and stays free."
    ),
    "joker_lead": (
        "At no trumps and misère a free joker is led as a suit its holder names. Any suit "
        "(standard); not a suit the holder has shown void in (failed to follow earlier); or "
        "only a suit not yet led in this hand (then, once every suit has been led, the joker "
        "can be led only to the last trick)."
    ),
    "joker_low_in_misere": (
        "On: in misère the joker is the lowest card. Played when its holder cannot follow, it "
        "cannot win; led, it is the lowest card of the suit named and wins only when nobody "
        "follows that suit. Off (standard): it behaves as at no trumps and wins any trick it "
        "is played to."
    ),
    "overtricks_10": (
        "Off (standard): no extra points for tricks over the bid. On: a made contract scores "
        "10 more for each trick over the bid, the hand scoring at most 520 (the value of "
        "10NT)."
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
        "Off (standard): the first side to 500 wins, by bidding or by defending (the "
        "declarer's side first if both reach 500 on one hand). On: a side reaches 500 and "
        "wins only by making a bid; points for defending tricks cannot take it over the line "
        "by themselves."
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
    "raise_reopens": "The winner may raise their bid",
    "one_round_bidding": "One round of bidding",
    "six_level_informational": "Sixes are only information",
    "all_pass": "When all pass",
    "misere": "Misère",
    "misere_placement": "Where misère ranks",
    "misere_needs_seven": "Misère only after a seven",
    "open_misere_placement": "Where open misère ranks",
    "open_misere_reveal": "Open misère hand shown",
    "nullo_500": "Misère scores 500 (Nullo)",
    "first_lead": "First lead",
    "nominate_joker": "The declarer may nominate the joker",
    "joker_lead": "A led joker names",
    "joker_low_in_misere": "Joker low in misère",
    "overtricks_10": "10 a trick for overtricks",
    "slam_250": "A slam scores at least 250",
    "defender_tricks": "Defenders score 10 a trick",
    "misere_defenders": "Defenders score in misère too",
    "must_bid_to_win": "Only a made bid wins the game",
    "minus_500_loses": "-500 loses",
}
"""Each option's name on the Rules page and in the rules summary."""
_OPTION_CODE = re.compile(r"`([A-Za-z0-9_]+)`")
_OPTION_SETTING = re.compile(r"`([a-z0-9_]+)=([A-Za-z0-9_]+)`")


VALUE_WORDS: dict[str, str] = {
    "two_threes": "two teams of three", "three_pairs": "three pairs",
    "individual": "each for themselves", "never": "never", "always": "always",
    "if_changed": "once another player changes suit",
    "between_10D_10H": "between 10♦ and 10♥", "between_8NT_9S": "between 8NT and 9♠",
    "any_suit": "any suit", "not_shown_void": "not a suit its holder has shown void in",
    "not_yet_led": "only a suit not yet led", "redeal": "redeal",
    "play_no_trumps": "play it at no trumps", "after_sevens": "after the sevens",
    "by_points": "by points", "after_first_trick": "after the first trick",
    "before_first_lead": "before the first lead", "dealer_left": "the player left of the dealer",
    "declarer": "the declarer",
}
"""The choice values of options, in words (the lessons' and questions' code names for them)."""


def option_words(text: str) -> str:
    """Markdown ``text`` with each rule option written as code (```joker_low_in_misere```)
    named as the Rules page names it (*Joker low in misère*), each choice value in code
    (```by_points```) in words (*by points*) and each setting (```deck=45```) as both
    (*Pack*: 45 cards (black 4s kept)); other code is left as it is."""

    def words(m: re.Match[str]) -> str:
        title = TITLES.get(m.group(1)) or VALUE_WORDS.get(m.group(1))
        return m.group(0) if title is None else f"*{title}*"

    def setting(m: re.Match[str]) -> str:
        name, raw = m.group(1), m.group(2)
        if name not in TITLES:
            return m.group(0)
        labels = {str(k): v for k, v in CHOICES.get(name, {}).items()}
        return f"*{TITLES[name]}*: {labels.get(raw, VALUE_WORDS.get(raw, raw))}"

    return _OPTION_CODE.sub(words, _OPTION_SETTING.sub(setting, text))


def _field_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(RuleSet))


_VALUE_CODES = sorted({str(v) for table in CHOICES.values() for v in table if isinstance(v, str)},
                      key=len, reverse=True)
_BARE_NAMES = re.compile(r"(?<![\w`'])(" + "|".join(
    sorted((n for n in _field_names() if "_" in n), key=len, reverse=True)) + r")(?![\w`'])")
_LEADING_NAMES = re.compile(r"(^|: |; )(" + "|".join(
    n for n in _field_names() if "_" not in n) + r"):")
_ONE_OF = re.compile(r"(is not one of )(.+)$")
_QUOTED_VALUES = re.compile(r"'(" + "|".join(map(re.escape, _VALUE_CODES)) + r")'")
_BARE_VALUES = re.compile(r"(?<![\w`'])(" + "|".join(
    map(re.escape, (v for v in _VALUE_CODES if "_" in v))) + r")(?![\w`'])")


def rule_words(text: str) -> str:
    """A line naming rule options in code (an error such as ``six_player_teams: 'x' is not one
    of two_threes, three_pairs, individual`` or ``deck: the 45-card pack is for 4 players
    only``) with each option named as the Rules page names it and each value in words:
    ``Six-player seating: 'x' is not one of two teams of three, three pairs, individual``,
    ``Pack: the 45-card pack ...``. Backticked names go through `option_words`. A field name
    that is an everyday word (``players``, ``deck``, ``misere``) is renamed only where it
    names the field, before a colon."""
    text = option_words(text)
    text = _LEADING_NAMES.sub(lambda m: m.group(1) + TITLES.get(m.group(2), m.group(2)) + ":",
                              text)
    text = _BARE_NAMES.sub(lambda m: TITLES.get(m.group(1), m.group(1)), text)
    text = _ONE_OF.sub(lambda m: m.group(1) + ", ".join(
        VALUE_WORDS.get(v, v) for v in m.group(2).split(", ")), text)
    text = _QUOTED_VALUES.sub(lambda m: f"'{VALUE_WORDS.get(m.group(1), m.group(1))}'", text)
    return _BARE_VALUES.sub(lambda m: VALUE_WORDS.get(m.group(1), m.group(1)), text)


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
    source: str = ""
    """Where the option comes from, in the learner's words (`SOURCES`)."""

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
                source=SOURCES.get(f.name, ""),
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
