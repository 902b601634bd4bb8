"""The learner's game in the learner store: one game a learner (running, or just finished with
its hands kept for review), saved after every action as the learner's ``"game"`` setting:
``{"version": 1, "level": "normal", "game": <Game.to_json()>}``. The game's JSON is its seed and
every action, so it resumes exactly after a reload or a server restart.

A saved game that cannot be read (damaged text, a hand that no longer replays) is reported in
one line and the learner offered a new game; it is never a traceback. The damaged text is kept
under ``"game_damaged"`` before anything overwrites it, so nothing is thrown away silently.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass

from trainer.bots import Level, parse_level
from trainer.errors import TrainerError
from trainer.game import Game
from trainer.progress import Learner
from trainer.ui.data.profile import STORE_ERRORS, store

GAME_SETTING = "game"
DAMAGED_SETTING = "game_damaged"
FLAG_SETTING = "game_flag_costly"
"""The learner's choice of "Flag costly cards" (off unless they turned it on)."""
VERSION = 1


@dataclass(frozen=True)
class Loaded:
    """What the store held: the ``game`` (None: no saved game, or ``problem`` says why it could
    not be read) and the bots' ``level`` it was played at."""

    game: Game | None
    level: Level = Level.NORMAL
    problem: str | None = None


def encode(game: Game, level: Level) -> dict[str, object]:
    return {"version": VERSION, "level": level.value, "game": game.to_json()}


def decode(text: str) -> Loaded:
    """The saved game in ``text``; a problem in one line when it cannot be read."""
    try:
        obj = json.loads(text)
    except ValueError:
        return _unreadable("its text is damaged")
    try:
        if not isinstance(obj, dict) or not isinstance(obj.get("game"), dict):
            raise TrainerError("it is not a game")
        level = parse_level(str(obj.get("level", "normal")))
        return Loaded(Game.from_json(obj["game"]), level)
    except KeyError as e:
        return _unreadable(f"{e.args[0] if e.args else 'a part'} is missing")
    except (TrainerError, ValueError, TypeError, AttributeError) as e:
        return _unreadable(str(e).splitlines()[0][:160] if str(e) else "it does not replay")


def _unreadable(why: str) -> Loaded:
    return Loaded(None, problem=f"Your saved game could not be read ({why}); start a new game.")


def load(learner: Learner) -> Loaded:
    """The learner's saved game, if any (store errors: as if none was saved, with the reason)."""
    try:
        text = store().get_setting_text(learner, GAME_SETTING)
    except STORE_ERRORS as e:
        return Loaded(None, problem=f"Your saved game could not be read ({e}).")
    if text is None or text == "null":
        return Loaded(None)
    loaded = decode(text)
    if loaded.problem is not None:
        with contextlib.suppress(*STORE_ERRORS):  # kept aside, then out of the way
            store().set_setting(learner, DAMAGED_SETTING, text)
            store().set_setting(learner, GAME_SETTING, None)
    return loaded


def save(learner: Learner, game: Game, level: Level) -> str | None:
    """Save the game; returns a one-line problem when the store cannot be written."""
    try:
        store().set_setting(learner, GAME_SETTING, encode(game, level))
    except STORE_ERRORS as e:
        return f"The game could not be saved ({e}); it goes on, but a reload would lose it."
    return None


def flag_costly(learner: Learner | None) -> bool:
    if learner is None:
        return False
    with contextlib.suppress(*STORE_ERRORS):
        return bool(store().get_setting(learner, FLAG_SETTING, False))
    return False


def set_flag_costly(learner: Learner | None, on: bool) -> None:
    if learner is not None:
        with contextlib.suppress(*STORE_ERRORS):
            store().set_setting(learner, FLAG_SETTING, bool(on))
