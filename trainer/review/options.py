"""A record's ``[GameOptionsJson]`` (Trickster Cards' table options) as the trainer's rule
options (`trainer.rules.RuleSet`, RULES.md).

Keys are matched in any case, with ``_`` and ``-`` ignored, so both Trickster's camelCase
(``bidAfterPass``) and the trainer's own names (``bid_after_pass``) work. Recognised:

- ``players`` / ``numPlayers`` / ``nPlayers``: 3, 4 or 6 (checked against the Deal);
- ``deckSize`` / ``deck``: 43 or 45 (45: the black 4s kept); 33 at 3 players and 63 at 6 are
  the only packs there and change nothing;
- ``variation`` / ``variant``: ``"American"`` (the ``american`` preset) or ``"Australian"``;
  a number (an enum whose order is not published) is not understood and is listed as ignored;
- ``bidAfterPass``: ``Never`` / ``Always`` / ``IfChanged`` (or true / false);
- ``whenNullo`` / ``whenMisere``: ``Off`` / ``Never`` turns misère off; ``AfterSeven(s)`` needs
  a seven first; ``Always`` / ``Any`` does not;
- ``misere`` / ``nullo`` / ``allowMisere`` / ``allowNullo``: misère on or off;
- ``firstLead``: ``Declarer`` / ``DealerLeft`` (``LeftOfDealer``, ``Eldest``);
- ``nominateJoker``; ``isPartnership`` false at 6 players: each for themselves;
- every other `RuleSet` option under its own name (``jokerLead``, ``misereNeedsSeven`` ...).

Anything else (``gameOverScore``, ``openNullo``: false, which the trainer cannot turn off on
its own) is ignored and listed. ``withJoker`` false is refused: the trainer's game has the joker.
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


@dataclass(frozen=True)
class OptionsRead:
    """What a GameOptionsJson said: the preset to start from, option values over it, whether
    ``first_lead`` was given, and the keys ignored."""

    preset: str = "australian"
    options: tuple[tuple[str, Any], ...] = ()
    ignored: tuple[str, ...] = ()

    def rules(self, **more: Any) -> RuleSet:
        """The `RuleSet`: the preset, these options, then ``more`` (from the deal)."""
        values = dict(self.options) | more
        try:
            return PRESETS[self.preset].with_options(**values)
        except Exception as exc:  # RuleError, or CardError from an impossible table
            raise RecordError(f"GameOptionsJson: {exc}") from None

    def gives(self, name: str) -> bool:
        return any(k == name for k, _ in self.options)


_BID_AFTER_PASS = {"never": "never", "always": "always", "ifchanged": "if_changed",
                   "true": "always", "false": "never"}
_FIRST_LEAD = {"declarer": "declarer", "contractor": "declarer", "dealerleft": "dealer_left",
               "leftofdealer": "dealer_left", "eldest": "dealer_left"}


def read_options(obj: Any) -> OptionsRead:
    """A parsed GameOptionsJson object to `OptionsRead`. Raises `RecordError` for a value
    that cannot be right (not an object, ``withJoker`` false, an unknown pack)."""
    if not isinstance(obj, Mapping):
        raise RecordError("GameOptionsJson: expected a JSON object")
    preset = "australian"
    out: dict[str, Any] = {}
    ignored: list[str] = []
    for key, value in obj.items():
        k = _norm(key)
        v = _norm(value)
        if k in ("players", "numplayers", "nplayers", "playercount"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not a number")
            out["players"] = value
        elif k in ("decksize", "deck", "numcards"):
            if value in (43, 45):
                out["deck"] = value
            elif value not in (33, 63):
                raise RecordError(f"GameOptionsJson: {key}: {shown(value)} is not a pack the "
                                  "trainer plays (43 or 45 cards; 33 at 3 players, 63 at 6)")
        elif k in ("variation", "variant", "preset"):
            if v in PRESETS:
                preset = v
            else:
                ignored.append(str(key))
        elif k == "bidafterpass" and v in _BID_AFTER_PASS:
            out["bid_after_pass"] = _BID_AFTER_PASS[v]
        elif k in ("whennullo", "whenmisere"):
            if v in ("off", "never", "none", "false", "no"):
                out["misere"] = False
            elif v.startswith("afterseven"):
                out |= {"misere": True, "misere_needs_seven": True}
            elif v in ("always", "any", "anytime", "on", "true"):
                out |= {"misere": True, "misere_needs_seven": False}
            else:
                ignored.append(str(key))
        elif k in ("misere", "nullo", "allowmisere", "allownullo") and isinstance(value, bool):
            out["misere"] = value
        elif k == "firstlead" and v in _FIRST_LEAD:
            out["first_lead"] = _FIRST_LEAD[v]
        elif k in ("nominatejoker", "jokernominate", "jokernomination") \
                and isinstance(value, bool):
            out["nominate_joker"] = value
        elif k == "ispartnership" and isinstance(value, bool):
            if not value and obj.get("players", obj.get("numPlayers")) == 6:
                out["six_player_teams"] = "individual"
        elif k in ("withjoker", "joker") and value is False:
            raise RecordError(f"GameOptionsJson: {key}: false: the trainer's game has the joker")
        elif k in _FIELDS and k != "players":
            out[_FIELDS[k]] = value
        else:
            ignored.append(str(key))
    return OptionsRead(preset, tuple(out.items()), tuple(ignored))
