"""The daily puzzle: one play puzzle a UTC day, the same for every learner of the store, with its
card on Home and the learner's streak (issue 29, "A daily puzzle and a streak").

The day's puzzle (`daily_puzzle`) is chosen from the shipped play bank only (never a learner's
personal puzzles, nor puzzles made on demand), among the puzzles that fit the rules in use
(`trainer.ui.data.puzzle_bank.for_rules`), sorted by id: the SHA-256 of ``daily:<ISO date>``
read as a number, modulo their count. So every learner with the same rules gets the same puzzle
on a date, a new date usually another, and the choice needs nothing stored.

The card (`daily_card`) says what the puzzle is without giving it away: its contract, whether
you declare or defend, how many tricks are left and its rating, never its title, themes or
answer (as on Lichess, themes are shown once a puzzle is over). "Open today's puzzle" puts it on
show on the Play page. Solving it counts the day (`note_daily`, called by the Play page once an
attempt is saved; `trainer.progress.daily.record_daily`: the first try of the day must solve
it), and the streak (`trainer.progress.daily.Streak`) shows on Home and on the Progress page.
"""

from __future__ import annotations

import contextlib
import hashlib
from datetime import date

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.generate.records import PlayPuzzle
from trainer.progress.daily import Streak, daily_streak, record_daily, utc_day
from trainer.rules import RuleSet
from trainer.ui.data.profile import STORE_ERRORS, current_learner, keep_words, store
from trainer.ui.data.puzzle_bank import SIDES, for_rules, load_bank
from trainer.ui.data.state import current_rules
from trainer.ui.pages import PLAY_PAGE
from trainer.ui.widgets.cards import red_suits

CARD_KEY = "daily_card"
OPEN_KEY = "daily_open"
PLAY_CURRENT = "play_current"
"""The Play page's puzzle on show (`trainer.ui.puzzles.picker.PuzzlePicker` ``prefix`` play)."""
_CHOSEN: dict[tuple[date, RuleSet, int], str | None] = {}
"""`daily_puzzle`'s choices, by date, rules and bank size (the bank has thousands)."""


def daily_index(day: date, count: int) -> int:
    """The position of ``day``'s puzzle among ``count`` (> 0) puzzles sorted by id."""
    digest = hashlib.sha256(f"daily:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def daily_puzzle(day: date, rules: RuleSet) -> PlayPuzzle | None:
    """``day``'s puzzle under ``rules`` (module docstring); None when no shipped play puzzle fits
    the rules."""
    bank = load_bank()
    key = (day, rules, len(bank.puzzles))
    if key not in _CHOSEN:
        ids = sorted(p.id for p in for_rules(bank, rules).puzzles)
        _CHOSEN[key] = ids[daily_index(day, len(ids))] if ids else None
    return bank.by_id(_CHOSEN[key])


def learner_streak() -> Streak | None:
    """The chosen learner's daily streak today; None without a learner or when the store cannot
    say."""
    learner = current_learner()
    if learner is None:
        return None
    try:
        return daily_streak(store(), learner, utc_day())
    except STORE_ERRORS:
        return None


def note_daily(puzzle_id: str) -> bool:
    """After the Play page saved an attempt at ``puzzle_id``: count today for the learner when
    it is today's puzzle and their first try of the day solved it; True when today counts."""
    learner = current_learner()
    today = utc_day()
    daily = daily_puzzle(today, current_rules())
    if learner is None or daily is None or daily.id != puzzle_id:
        return False
    try:
        return record_daily(store(), learner, today, puzzle_id)
    except STORE_ERRORS:
        return False


def card_words(puzzle: PlayPuzzle) -> str:
    """What the card says of the puzzle, giving nothing away: ``"8♥ by South · you defend ·
    5 tricks left · rated 1540"``."""
    try:
        position = puzzle.position
        contract = position.contract.pretty
        declarer = seat_name(position.declarer)
        left = max(len(cards) for cards in position.hands.values())
        where = f"{contract} by {declarer} · "
        tricks = f" · {left} trick{'s' if left != 1 else ''} left"
    except (TrainerError, AttributeError, ValueError):
        where = tricks = ""
    role = "you declare" if puzzle.side == "declarer" else "you defend"
    if puzzle.side not in SIDES:
        role = "your move"
    return f"{where}{role}{tricks} · rated {puzzle.rating:.0f}"


def _open(puzzle_id: str) -> None:
    st.session_state[PLAY_CURRENT] = puzzle_id
    st.session_state.pop("play_saved", None)


def daily_card() -> None:
    """Home's "Today's puzzle" card (module docstring), with the learner's streak."""
    today = utc_day()
    puzzle = None
    with contextlib.suppress(TrainerError):
        puzzle = daily_puzzle(today, current_rules())
    with st.container(border=True, key=CARD_KEY):
        st.markdown(f"**Today's puzzle** · {today.day} {today:%B %Y}")
        if puzzle is None:
            st.caption("No play puzzle in the bank fits your rules, so there is no daily "
                       "puzzle for them: the Australian rules have one every day.")
            return
        st.markdown(red_suits(f"A play puzzle, the same for everyone today: "
                              f"{card_words(puzzle)}."))
        streak = learner_streak()
        if streak is None:
            st.caption(f"{keep_words()[:1].upper() + keep_words()[1:]} to keep a daily streak: "
                       "the days in a row you solve it.")
        elif streak.today:
            st.success(f"Solved today. Daily streak: {streak.words()}.",
                       icon=":material/local_fire_department:")
        else:
            st.markdown(f"Daily streak: **{streak.words()}**. Solve it at the first try today "
                        "to keep it going.")
        if st.button("Open today's puzzle", key=OPEN_KEY, type="primary",
                     icon=":material/today:", on_click=_open, args=(puzzle.id,)):
            st.switch_page(PLAY_PAGE)


def streak_section() -> None:
    """The Progress page's lines on the daily puzzle: the streak and the best."""
    streak = learner_streak()
    if streak is None:
        return
    st.subheader("Daily puzzle")
    solved = len(streak.days)
    st.markdown(f"Daily streak: **{streak.words()}** · solved on {solved} "
                f"day{'s' if solved != 1 else ''} in all"
                + (" · today's is solved." if streak.today else " · today's is still to do."))
