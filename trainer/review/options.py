"""A record's ``[GameOptionsJson]`` (Trickster Cards' table options) as the trainer's rule
options (`trainer.rules.RuleSet`, RULES.md).

Keys are matched in any case, with ``_`` and ``-`` ignored, so both Trickster's camelCase
(``bidAfterPass``) and the trainer's own names (``bid_after_pass``) work. Trickster writes its
options as Newtonsoft JSON of its ``FiveHundredOptions`` class: enums as numbers, and a key
only when its value is not the default, so in a record from Trickster Cards (a
``[GameCode "FiveHundred"]`` tag, or an Event starting "Trickster Cards") a key left out has
Trickster's default, as in the first column below. Without those tags the trainer's default
(the Australian game) stands and only the keys given change it.

Sources: github.com/TricksterCards/TricksterBots, ``TricksterBots/Bots/FiveHundred/
FiveHundredBot.cs`` (the option names ``variation``, ``whenNullo``, ``bidAfterPass``,
``deckSize`` with ``KittySize => options.deckSize - 40``, ``gameOverScore``,
``isPartnership``, ``players``) and ``TestBots/TestFiveHundredBot.cs`` (the enum names
``FiveHundredVariation.American/Australian``, ``FiveHundredWhenNullo.Off``,
``BidAfterPass.Never/Always``; American 6-level bids are inkles). The class and its enums are
not in that repository: they come from its ``TricksterBotClasses`` NuGet package
(``TestBots/TestBots.csproj``), so the declaration order cannot be read there. The numbers
come from the real exports attached to that repository's issues, each matched with the words
of the same export's Event title (Trickster spells its options out there): no ``variation`` with
"American", ``"variation":1`` with "Australian"; no ``whenNullo`` with "nullo anytime",
``"whenNullo":1`` with "misère after 7"; no ``bidAfterPass`` with nothing said,
``"bidAfterPass":2`` with "bid after pass if bid changed"; ``"S8Overbid250Nullo":false`` on an
Australian table, its default true with "8♠ overbids nullo"; ``deckSize`` 45 with "5-card
widow", none with "3-card kitty". The numbers never seen (``whenNullo`` 2, ``bidAfterPass``
1) are the enum members left over.

======================  ===========  =====================================================
key                     Trickster's  read as
                        default
======================  ===========  =====================================================
``variation``           0            0 ``American``: the ``american`` preset with
                                     ``six_level_informational`` (Trickster's inkles); 1
                                     ``Australian``: the ``australian`` preset
``whenNullo``           0            0 ``Anytime``: misère on, no seven needed; 1
                                     ``AfterSeven``: ``misere_needs_seven``; 2 ``Off``:
                                     misère and open misère off
``bidAfterPass``        0            0 ``Never``, 1 ``Always``, 2 ``IfChanged``:
                                     ``bid_after_pass`` never / always / if_changed
``S8Overbid250Nullo``   true         true: 8♠ beats misère (``misere_placement``
                                     ``after_sevens``); false: misère between 8♠ and 8♣
                                     (``by_points``)
``mustBidToWin``        false        ``must_bid_to_win``
``deckSize``            43           the kitty (``deckSize`` - 40 cards): 43, 3 cards; 45
                                     (the black 4s, 4 players), 5 cards, ``deck=45``; 46
                                     (the black joker too, 6 cards) is refused; 33 and 63,
                                     the 3- and 6-player packs, are accepted and change
                                     nothing
``players``             4            2, 3, 4 or 6 (checked against the Deal); 5 is refused
``isPartnership``       true         false at 6 players: ``six_player_teams`` individual;
                                     at 3 players each plays alone anyway; false at 4
                                     players is refused (no such game here)
======================  ===========  =====================================================

The enums also take their names (``"Australian"``, ``"AfterSeven"``, ``"IfChanged"``; true /
false for ``bidAfterPass``). An enum number or name not listed, a true/false option that is not
true or false, or a value the trainer cannot play is refused in one line naming the key, e.g.
``GameOptionsJson: whenNullo: 3 is not one of 0 (anytime), 1 (after 7), 2 (off)``.

Also read: the trainer's own option names (``jokerLead``, ``misereNeedsSeven``, ``firstLead``:
``Declarer`` / ``DealerLeft`` ...), ``misere`` / ``nullo`` / ``allowMisere`` true or false,
``nominateJoker``; ``withJoker`` false is refused (the trainer's game has the joker).

Trickster's other misère options, open misère's points ("open misère ±500") and "Joker low in
Nullo (Misère)", appear in its Event titles and help pages but in no export seen, so their keys
are not known: such a key is listed as ignored (the joker-low rule is read under the trainer's
name, ``jokerLowInMisere``).

Ignored and listed (they do not change how the hand is played or scored): ``gameOverScore``
(the game's target, not the hand's), the table's settings ``noWatching``, ``noSuggestions``,
``noChat`` ..., the bots' state (keys starting ``_`` such as ``_jokerSuit``), and any key not
known here.
Errors: `RecordError` naming ``GameOptionsJson`` and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from trainer.errors import RecordError, shown
from trainer.rules import PRESETS, RuleSet

_FIELDS = {f.name.replace("_", ""): f.name for f in fields(RuleSet)}


def _norm(text: Any) -> str:
    return str(text).lower().replace("_", "").replace("-", "").replace(" ", "")


# Each Trickster enum: its numbers in order, a word for the error, and the names it also takes.
_VARIATION = (("american", "American"), ("australian", "Australian"))
_WHEN_NULLO = (("anytime", "anytime"), ("afterseven", "after 7"), ("off", "off"))
_BID_AFTER_PASS = (("never", "never"), ("always", "always"), ("ifchanged", "if changed"))
_NAMES = {
    "variation": {"american": 0, "australian": 1},
    "whennullo": {"anytime": 0, "always": 0, "any": 0, "on": 0, "true": 0, "afterseven": 1,
                  "aftersevens": 1, "after7": 1, "aftersevenbid": 1, "off": 2, "never": 2,
                  "none": 2, "false": 2, "no": 2},
    "bidafterpass": {"never": 0, "false": 0, "always": 1, "true": 1, "ifchanged": 2,
                     "ifbidchanged": 2, "ifsuitchanged": 2},
}
TRICKSTER_DEFAULTS: dict[str, Any] = {"variation": 0, "whennullo": 0, "s8overbid250nullo": True}
"""The defaults of a Trickster record that change the trainer's (module docstring); the others
(``bidAfterPass`` 0, ``mustBidToWin`` false, ``deckSize`` 43) are the trainer's too."""
_FIRST_LEAD = {"declarer": "declarer", "contractor": "declarer", "dealerleft": "dealer_left",
               "leftofdealer": "dealer_left", "eldest": "dealer_left"}


@dataclass(frozen=True)
class OptionsRead:
    """What a GameOptionsJson said: the preset to start from, option values over it, the keys
    ignored, and ``isPartnership`` (resolved once the Deal gives the players)."""

    preset: str = "australian"
    options: tuple[tuple[str, Any], ...] = ()
    ignored: tuple[str, ...] = ()
    partnership: bool | None = None

    def rules(self, **more: Any) -> RuleSet:
        """The `RuleSet`: the preset, these options, then ``more`` (from the deal)."""
        values = dict(self.options) | more
        players = values.get("players", 4)
        if self.partnership is False and players == 4:
            raise RecordError("GameOptionsJson: isPartnership: false at 4 players: the trainer's "
                              "4-player game is played in partnerships")
        if self.partnership is False and players == 6:
            values.setdefault("six_player_teams", "individual")
        try:
            return PRESETS[self.preset].with_options(**values)
        except Exception as exc:  # RuleError, or CardError from an impossible table
            raise RecordError(f"GameOptionsJson: {exc}") from None

    def gives(self, name: str) -> bool:
        return any(k == name for k, _ in self.options)


def _enum(key: str, value: Any, enum: str, members: tuple[tuple[str, str], ...]) -> int:
    """The member number of a Trickster enum given as its number or its name."""
    if type(value) is int and 0 <= value < len(members):
        return value
    if isinstance(value, str | bool):
        number = _NAMES[enum].get(_norm(value))
        if number is not None:
            return number
    known = ", ".join(f"{i} ({word})" for i, (_, word) in enumerate(members))
    raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not one of {known}")


def _flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not true or false")
    return value


def _deck(key: str, value: Any) -> int | None:
    """``deckSize``: the trainer's ``deck`` (None: the pack the table has anyway)."""
    if type(value) is int and value in (43, 45):
        return value
    if type(value) is int and value in (33, 63):
        return None
    if type(value) is int and value == 46:
        raise RecordError(f"GameOptionsJson: {key}: 46 (a 6-card kitty with the black joker) is "
                          "not a pack the trainer plays (43 or 45 cards)")
    raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not a pack the trainer plays "
                      "(43 or 45 cards; 33 at 3 players, 63 at 6)")


def read_options(obj: Any, *, trickster: bool = False) -> OptionsRead:
    """A parsed GameOptionsJson object to `OptionsRead`; ``trickster``: the record is Trickster
    Cards' own, so a key left out has Trickster's default (module docstring). Raises
    `RecordError` naming the key for a value the trainer cannot read or play."""
    if not isinstance(obj, Mapping):
        raise RecordError("GameOptionsJson: expected a JSON object")
    given = {_norm(k) for k in obj}
    items = [(k, v) for k, v in TRICKSTER_DEFAULTS.items() if k not in given] if trickster \
        else []
    items += list(obj.items())
    preset = "australian"
    out: dict[str, Any] = {}
    ignored: list[str] = []
    partnership: bool | None = None
    for key, value in items:
        key = str(key)
        k = _norm(key)
        if k in ("players", "numplayers", "nplayers", "playercount"):
            if type(value) is not int or value not in (2, 3, 4, 6):
                raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not a table the "
                                  "trainer plays (2, 3, 4 or 6 players)")
            out["players"] = value
        elif k in ("decksize", "deck", "numcards"):
            deck = _deck(key, value)
            if deck is not None:
                out["deck"] = deck
        elif k in ("variation", "variant"):
            if _enum(key, value, "variation", _VARIATION) == 0:
                preset = "american"
                out["six_level_informational"] = True
            else:
                preset = "australian"
        elif k == "preset":
            if _norm(value) not in PRESETS:
                raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not a preset "
                                  f"({', '.join(PRESETS)})")
            preset = _norm(value)
        elif k == "bidafterpass":
            number = _enum(key, value, "bidafterpass", _BID_AFTER_PASS)
            out["bid_after_pass"] = ("never", "always", "if_changed")[number]
        elif k in ("whennullo", "whenmisere"):
            number = _enum(key, value, "whennullo", _WHEN_NULLO)
            out["misere"] = number != 2
            if number != 2:
                out["misere_needs_seven"] = number == 1
        elif k in ("s8overbid250nullo", "s8overbidsnullo", "spades8overbidsnullo"):
            out["misere_placement"] = "after_sevens" if _flag(key, value) else "by_points"
        elif k == "mustbidtowin":
            out["must_bid_to_win"] = _flag(key, value)
        elif k == "ispartnership":
            partnership = _flag(key, value)
        elif k in ("misere", "nullo", "allowmisere", "allownullo"):
            out["misere"] = _flag(key, value)
        elif k == "firstlead":
            if _norm(value) not in _FIRST_LEAD:
                raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not one of "
                                  "Declarer, DealerLeft")
            out["first_lead"] = _FIRST_LEAD[_norm(value)]
        elif k in ("nominatejoker", "jokernominate", "jokernomination"):
            out["nominate_joker"] = _flag(key, value)
        elif k in ("withjoker", "joker"):
            if not _flag(key, value):
                raise RecordError(f"GameOptionsJson: {key}: false: the trainer's game has the "
                                  "joker")
        elif k in _FIELDS:
            out[_FIELDS[k]] = value
        else:
            ignored.append(key if len(key) <= 40 else key[:39] + "…")
    return OptionsRead(preset, tuple(out.items()), tuple(ignored), partnership)
