"""Choosing a puzzle on a puzzle page, and saving its result: shared by the Play, Bidding and
Discard puzzle pages.

A `PuzzlePicker` draws the filters (themes and difficulty, plus any the page adds), the
puzzle list and the "Next puzzle for me" button (`trainer.ui.data.puzzle_choice.next_puzzle`: due
reviews first, then the puzzle the learner is about 60% likely to solve), and keeps the puzzle on
show in the session and in the address (``?puzzle=<id>``). Its session and widget keys start
with the page's ``prefix``: ``<prefix>_current``, ``_pick``, ``_themes``, ``_rating``,
``_types`` and ``_sides`` (read when the page draws them), ``_done``, ``_passed``, ``_note``,
``_next``.

`PuzzlePicker.save` records a showing's first result once for the chosen learner (the puzzle's
record rating as its starting rating), which moves both ratings and puts a failed puzzle in the
review queue.

The page's bank holds the learner's personal puzzles (play) and the puzzles made on demand
(`trainer.ui.data.made_puzzles`); when the filters leave no unplayed puzzle, the picker has new
ones made (`trainer.ui.puzzles.more_puzzles`; the page's ``prefix`` is its bank's kind:
``play``, ``bid`` or ``discard``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.goals import PuzzleError
from trainer.generate.records import LazyRecord, PlayPuzzle
from trainer.progress import Learner, PuzzleResult, Rating
from trainer.progress.personal import personal_puzzles
from trainer.progress.start import answer_shown, starting_rating
from trainer.rules import PRESETS
from trainer.ui.data.made_puzzles import with_generated
from trainer.ui.data.profile import (
    LEARNER_KEY,
    STORE_ERRORS,
    current_learner,
    keep_words,
    learner_label,
    md,
    store,
)
from trainer.ui.data.puzzle_bank import (
    PERSONAL_THEME,
    Bank,
    PuzzleFilter,
    for_rules,
    load_bank,
    matching,
    puzzle_rules,
    theme_words,
)
from trainer.ui.data.puzzle_choice import (
    P,
    RatedPuzzle,
    next_puzzle,
    record_rating,
    waiting_themes,
)
from trainer.ui.data.rule_options import rules_summary
from trainer.ui.data.state import MASTERY_KEY, current_rules, saved_mastery, switch_rules
from trainer.ui.puzzles.more_puzzles import offer, offer_for_rules

PARAM = "puzzle"
NO_MATCH = "No puzzle matches these choices: widen the filters."


def puzzle_rating(puzzle: RatedPuzzle) -> Rating:
    """The puzzle's current rating: from the store, else from its record."""
    try:
        return store().puzzle_rating(puzzle.id, record_rating(puzzle))
    except STORE_ERRORS:
        return record_rating(puzzle)


def current_ratings() -> dict[str, Rating]:
    """Every puzzle rating moved from its record's, by id (empty when the store cannot say)."""
    try:
        return store().puzzle_ratings()
    except STORE_ERRORS:
        return {}


def rating_values(ratings: Mapping[str, Rating]) -> dict[str, float]:
    """`current_ratings` as plain numbers, for the filters."""
    return {k: r.rating for k, r in ratings.items()}


def learner_rating(learner: Learner | None) -> Rating:
    """The learner's rating; without one, a new learner's (`starting_rating`)."""
    return learner.rating if learner is not None else starting_rating()


PROVISIONAL = 110.0
"""A learner's rating with more deviation than this is provisional (as Lichess marks it)."""

PRACTICE_AHEAD = ("Practice: you have played this puzzle before, so your rating will not "
                  "change.")
PRACTICE_DONE = "Practice: you have played this puzzle before, so your rating is unchanged"
SHOWN_AHEAD = ("Practice: you have seen this puzzle's answer in a lesson, so your rating will "
               "not change.")
SHOWN_DONE = ("Practice: you have seen this puzzle's answer in a lesson, so your rating is "
              "unchanged")


def rating_line(puzzle: RatedPuzzle, learner: Learner | None, played: bool = False) -> str:
    """Markdown: the puzzle's current rating, and the learner's (or how to get one); with
    ``played`` (the learner has played the puzzle before, or seen its answer in a lesson:
    `PuzzlePicker.played_before`), that this showing is practice."""
    rating = puzzle_rating(puzzle)
    line = f"Puzzle rating **{rating.rating:.0f}** ± {rating.deviation:.0f}"
    if learner is not None:
        line += (f" · {md(learner_label(learner))}'s rating **{learner.rating.rating:.0f}** "
                 f"± {learner.rating.deviation:.0f}")
        if learner.rating.deviation > PROVISIONAL:
            line += (" (provisional: it moves a lot, by up to a few hundred points a puzzle, "
                     "over your first puzzles)")
        if played:
            line += f"  \n{SHOWN_AHEAD if _shown(learner, puzzle.id) else PRACTICE_AHEAD}"
        return line
    return line + f" · {keep_words()} on Home to get your own rating and keep your results"


def saved_text(result: PuzzleResult) -> str:
    """What saving an attempt did to the learner's rating, in words: ``"First try rated: your
    rating 1206 → 1408 (+202); more tries are practice."``, or for an unrated attempt
    `PRACTICE_DONE` with the rating."""
    if not result.rated:
        done = SHOWN_DONE if result.shown else PRACTICE_DONE
        return f"{done} ({result.learner.rating.rating:.0f})."
    return (f"First try rated: your rating {result.before.rating:.0f} → "
            f"{result.learner.rating.rating:.0f} ({result.change:+.0f}); more tries are "
            "practice.")


def _shown(learner: Learner, puzzle_id: str) -> bool:
    """Whether the learner was shown the puzzle's answer (False when the store cannot say)."""
    try:
        return answer_shown(store(), learner, puzzle_id)
    except STORE_ERRORS:
        return False


def mastered_lessons() -> set[str]:
    """The lessons the learner has mastered (the store's, or this session's without a
    learner), by lesson id."""
    records = saved_mastery()
    if records is None:
        records = st.session_state.get(MASTERY_KEY, {})
    return {lesson for lesson, record in records.items() if record.mastered}


def _use_australian() -> None:
    switch_rules(PRESETS["australian"])


def fitting_bank(bank: Bank[P], prefix: str) -> Bank[P] | None:
    """The puzzles of ``bank`` that fit the rules in use (`for_rules`). When none does, offer
    puzzles made for these rules where the maker serves the table (`offer_for_rules`), else
    say so (what the bank is for, and the rules in use); either way with a button that
    switches to the Australian rules, and return None."""
    rules = current_rules()
    fitting = for_rules(bank, rules)
    if fitting.puzzles or not bank.puzzles:
        if fitting.unfit:
            st.caption(f"{fitting.unfit} puzzles in the bank are for other rules and are left "
                       "out.")
        return fitting
    if offer_for_rules(prefix):
        st.button("Or play the bank's puzzles: switch to the Australian rules",
                  key=f"{prefix}_use_australian", on_click=_use_australian,
                  icon=":material/swap_horiz:")
        return None
    made_for = {puzzle_rules(p) for p in bank.puzzles}
    if made_for == {PRESETS["australian"]}:
        start = "The puzzle bank is for the 4-player Australian game"
    else:
        start = "No puzzle in the bank fits your rules"
    st.warning(f"{start}; your rules are {rules_summary(rules)}. Switch to the Australian "
               "rules to play these puzzles, or change the rules on the Rules page.",
               icon=":material/rule:")
    st.button("Switch to the Australian rules", key=f"{prefix}_use_australian",
              on_click=_use_australian, type="primary", icon=":material/swap_horiz:")
    return None


def open_bank(kind: str, title: str, what: str) -> Bank[Any] | None:
    """The top of a puzzle page: its title, a note when results are not saved, and the bank of
    ``kind`` cut to the rules in use (`fitting_bank`). None when there is nothing to show (the
    page has said why: a bad or empty bank file, or no puzzle for these rules)."""
    st.title(title)
    if current_learner() is None:
        st.caption(f"Your results are not saved: {keep_words()} on Home to keep them.")
    bank: Bank[Any] = load_bank(kind=kind)
    if kind == "play" and not bank.problem:
        bank = with_personal(bank)
    if not bank.problem:
        bank = with_generated(bank, kind)
    if bank.problem or not bank.puzzles:
        st.warning(bank.problem or f"The {what} puzzle bank is empty.",
                   icon=":material/warning:")
        return None
    return fitting_bank(bank, kind)


def with_personal(bank: Bank[Any]) -> Bank[Any]:
    """The play bank with the learner's personal puzzles (from the reviews of their games) at
    its end, tagged `PERSONAL_THEME`; a record that no longer reads is skipped."""
    learner = current_learner()
    if learner is None:
        return bank
    mine = []
    for record in personal_puzzles(store(), learner):
        try:
            puzzle = PlayPuzzle.from_json(record)
        except (TrainerError, KeyError, TypeError, ValueError):
            continue
        mine.append(replace(puzzle, themes=(*puzzle.themes, PERSONAL_THEME)))
    known = {p.id for p in bank.puzzles}
    return replace(bank, puzzles=bank.puzzles + tuple(p for p in mine if p.id not in known))


@dataclass(frozen=True)
class PuzzlePicker(Generic[P]):
    """The choosing part of one puzzle page (module docstring).

    ``label``: a puzzle's line in the list (distinct per puzzle); ``on_open``: called when a
    puzzle is put on show (the page starts a fresh attempt); ``extra_filters``: draws more
    filter widgets inside the filter expander; ``what``: the filters in words, for its title.
    """

    prefix: str
    bank: Bank[P]
    label: Callable[[P], str]
    on_open: Callable[[P], None]
    extra_filters: Callable[[], None] | None = None
    what: str = "theme, difficulty"

    def key(self, name: str) -> str:
        return f"{self.prefix}_{name}"

    # --- choosing --------------------------------------------------------------------------

    def current_filter(self, moved: Mapping[str, float] | None = None) -> PuzzleFilter:
        """The learner's choices in the filter widgets (read from session state); ``moved``:
        the puzzles' current ratings (`rating_values`), if already read."""
        if moved is None:
            moved = rating_values(current_ratings())
        low, high = self.bank.rating_range(moved)
        chosen = st.session_state.get(self.key("rating"))
        rating = None
        if isinstance(chosen, (tuple, list)) and tuple(chosen) != (low, high):
            rating = (float(chosen[0]), float(chosen[1]))
        return PuzzleFilter(
            themes=frozenset(st.session_state.get(self.key("themes")) or ()),
            contract_types=frozenset(st.session_state.get(self.key("types")) or ()),
            sides=frozenset(st.session_state.get(self.key("sides")) or ()),
            rating=rating,
        )

    def choose_next(self, skip: Collection[str] = ()) -> P | None:
        """The next puzzle for the learner among those the filters accept (`next_puzzle`),
        not one in ``skip`` unless nothing else is left. Puzzles whose themes wait for a rules
        lesson not yet mastered (`waiting_themes`: the joker, misère) come only when the
        filters leave no other unplayed one; due reviews come first either way."""
        ratings = current_ratings()
        moved = rating_values(ratings)
        candidates = matching(self.bank.puzzles, self.current_filter(moved), moved)
        learner = current_learner()
        done = self._played()
        due: list[str] = []
        if learner is not None:
            with contextlib.suppress(*STORE_ERRORS):
                due = store().due_reviews(learner)
        return next_puzzle(candidates, learner_rating(learner),
                           lambda p: ratings.get(p.id) or record_rating(p), done, due, skip,
                           waiting_themes(mastered_lessons()))

    def open(self, puzzle: P) -> None:
        """Put ``puzzle`` on show (the page's `on_open` starts its attempt). A bank record read
        lazily whose position turns out unreadable is not opened: a note says which."""
        try:
            if isinstance(puzzle, LazyRecord):
                puzzle.loaded()
        except PuzzleError as exc:
            st.session_state[self.key("note")] = (f"Puzzle {md(puzzle.id[:40])} could not be "
                                                  f"read ({md(str(exc)[:200])}): pick another.")
            return
        st.session_state[self.key("current")] = puzzle.id
        st.session_state.pop(self.key("saved"), None)
        self.on_open(puzzle)
        st.query_params[PARAM] = puzzle.id

    def next(self) -> None:
        """Button callback: open the next puzzle for the learner (or say none matches). The one
        on show, if left unanswered, is passed over for the rest of the session, so pressing
        on moves through the bank instead of swinging between two due reviews."""
        current = st.session_state.get(self.key("current"))
        passed: set[str] = st.session_state.setdefault(self.key("passed"), set())
        if current is not None and current not in st.session_state.get(self.key("done"), ()):
            passed.add(current)
        now = {current} if current else set()
        puzzle = self.choose_next(passed | now)
        if puzzle is not None and puzzle.id in passed | now and passed:
            # every puzzle the filters leave was passed over: go round them again
            passed.clear()
            puzzle = self.choose_next(now)
            st.session_state[self.key("note")] = ("You have seen every puzzle these filters "
                                                  "leave: going round them again.")
        if puzzle is None:
            st.session_state[self.key("note")] = NO_MATCH
        else:
            self.open(puzzle)

    def _picked(self) -> None:
        puzzle = self.bank.by_id(st.session_state.get(self.key("pick")))
        if puzzle is not None:
            self.open(puzzle)

    def on_show(self) -> P | None:
        """The puzzle on show: the session's, else the address's, else the next for the
        learner (None when no puzzle matches)."""
        puzzle = self.bank.by_id(st.session_state.get(self.key("current")))
        if puzzle is None:
            wanted = st.query_params.get(PARAM)
            puzzle = self.bank.by_id(wanted) or self.choose_next()
            if puzzle is None:
                return None
            if wanted and wanted != puzzle.id:  # a link to a puzzle this page does not have
                st.warning(f"No puzzle {md(wanted[:40])} on this page for these rules: here "
                           f"is {puzzle.id} instead.", icon=":material/help:")
            self.open(puzzle)
            if st.session_state.get(self.key("current")) != puzzle.id:
                return None  # unreadable (`open` left a note)
        if st.query_params.get(PARAM) != puzzle.id:
            st.query_params[PARAM] = puzzle.id
        return puzzle

    # --- drawing ---------------------------------------------------------------------------

    def _filters(self, moved: Mapping[str, float]) -> None:
        low, high = self.bank.rating_range(moved)
        with st.expander(f"Filter puzzles: {self.what}"):
            st.multiselect("Themes (all of them)", self.bank.themes(), format_func=theme_words,
                           key=self.key("themes"), placeholder="Any theme")
            if self.extra_filters is not None:
                self.extra_filters()
            chosen = st.session_state.get(self.key("rating"))
            if isinstance(chosen, (tuple, list)) and len(chosen) == 2:
                # the range follows the ratings as they move: keep a choice inside it
                inside = tuple(min(max(v, low), high) for v in chosen)
                if inside != tuple(chosen):
                    st.session_state[self.key("rating")] = inside
            st.slider("Difficulty (puzzle rating)", low, high, (low, high), step=25,
                      key=self.key("rating"))

    def render(self, puzzle: P | None) -> None:
        """The filters, the puzzle list and the "Next puzzle for me" button; then, when the
        filters leave no unplayed puzzle, new ones in the making (`offer`)."""
        moved = rating_values(current_ratings())
        self._filters(moved)
        chosen = self.current_filter(moved)
        shown = matching(self.bank.puzzles, chosen, moved)
        options = [p.id for p in shown]
        if puzzle is not None and puzzle.id not in options:
            options.append(puzzle.id)
        played = self._played()
        # the label's rating is the puzzle's current one, as the page above it shows
        labels = {p.id: self.label(replace(p, rating=moved[p.id]) if p.id in moved else p)
                  + (" · played" if p.id in played else "") for p in self.bank.puzzles}
        if puzzle is not None:
            st.session_state[self.key("pick")] = puzzle.id
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        with left:
            st.selectbox(f"Puzzle ({len(shown)} of {len(self.bank.puzzles)} match)", options,
                         format_func=lambda i: labels.get(i, i), key=self.key("pick"),
                         on_change=self._picked)
        with right:
            st.button("Next puzzle for me", key=self.key("next"), on_click=self.next,
                      type="primary", icon=":material/skip_next:", width="stretch",
                      help="Puzzles you failed come back when they are due for review; "
                           "otherwise the unplayed puzzle you have about a 60% chance of "
                           "solving.")
        self.show_note()
        offer(self, chosen, shown, played, puzzle)

    def drawn_for(self, puzzle: P) -> None:
        """Note that the page, this picker included, is drawn for ``puzzle`` (see
        `fragment_puzzle`)."""
        st.session_state[self.key("drawn")] = puzzle.id

    def fragment_puzzle(self) -> P:
        """In the page's fragment under the picker (a click there reruns the fragment alone):
        the puzzle on show, and the note a callback left. When a button in the fragment has
        opened another puzzle than the one the page was drawn for (`drawn_for`), the whole page
        is rerun instead, so that the picker follows."""
        puzzle = self.bank.by_id(st.session_state.get(self.key("current")))
        if puzzle is None or puzzle.id != st.session_state.get(self.key("drawn")):
            st.rerun(scope="app")
        self.show_note()
        return puzzle

    def _played(self) -> set[str]:
        """Puzzles the chosen learner has attempted (ever) or this session has shown done."""
        done: set[str] = set(st.session_state.get(self.key("done"), set()))
        learner = current_learner()
        if learner is not None:
            with contextlib.suppress(*STORE_ERRORS):
                done |= store().attempted(learner)
        return done

    def show_note(self) -> None:
        """The one-off message left by the last callback (a save failure, no match)."""
        note = st.session_state.pop(self.key("note"), None)
        if note:
            st.warning(note, icon=":material/info:")

    # --- saving ----------------------------------------------------------------------------

    def save(self, kind: str, puzzle: P, solved: bool, detail: dict[str, Any]) -> bool:
        """Record a showing's result for the chosen learner; True once it is in the store.

        The puzzle counts as done for this session either way; without a learner nothing is
        written. What the save did to the rating (`saved_text`: rated, or practice because the
        learner has played the puzzle before) is kept for `show_saved` and toasted. A store
        failure leaves a note for the next run.
        """
        st.session_state.setdefault(self.key("done"), set()).add(puzzle.id)
        learner = current_learner()
        if learner is None:
            return False
        try:
            result = store().record_puzzle_attempt(
                learner, kind, puzzle.id, puzzle.themes, solved, record_rating(puzzle), detail)
        except (TrainerError, *STORE_ERRORS) as e:
            st.session_state[self.key("note")] = f"Your result could not be saved: {e}"
            return False
        st.session_state[LEARNER_KEY] = result.learner
        text = saved_text(result)
        st.session_state[self.key("saved")] = (puzzle.id, text)
        st.toast(f"Saved. {text}", icon=":material/save:")
        return True

    def saved(self, puzzle: P) -> str | None:
        """`saved_text` of this showing's saved result, None before it is saved."""
        kept = st.session_state.get(self.key("saved"))
        if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == puzzle.id:
            return str(kept[1])
        return None

    def played_before(self, puzzle: P) -> bool:
        """True when the chosen learner had played ``puzzle`` before this showing, or was shown
        its answer in a lesson (so its result will not be rated); False without a learner or
        when the store cannot say."""
        learner = current_learner()
        if learner is None or self.saved(puzzle) is not None:
            return False
        try:
            return store().played(learner, puzzle.id) or _shown(learner, puzzle.id)
        except STORE_ERRORS:
            return False

    def show_saved(self, puzzle: P) -> None:
        """A caption under the result: what saving it did to the learner's rating."""
        text = self.saved(puzzle)
        if text:
            st.caption(text)
