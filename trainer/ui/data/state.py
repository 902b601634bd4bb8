"""Session state shared by the pages: the chosen rules, the question seeds, lesson mastery, and
the learner's saved progress.

Keys in ``st.session_state``: ``"rules"`` (the `RuleSet` in use), ``"rng"`` (a
``random.Random`` the practice questions draw their seeds from; ``"rng_seed"`` seeds it, and a
test may set it first), ``"mastery"`` (lesson id to `Mastery`, this session's answers).

With a learner chosen (`trainer.ui.data.profile`), every practice answer is also written to the
learner store and mastery is read back from it, so it outlasts a refresh or a server restart;
the rules are saved as the learner's ``"rules"`` setting (`preset_name` form) and restored.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from trainer.errors import TrainerError
from trainer.lessons.question import Mastery, Topic
from trainer.progress import Learner, LessonProgress, LessonReview
from trainer.rules import PRESETS, RuleSet, preset_name, ruleset
from trainer.ui.data.profile import STORE_ERRORS, current_learner, open_learner, store

RULES_KEY = "rules"
RNG_KEY = "rng"
RNG_SEED_KEY = "rng_seed"
MASTERY_KEY = "mastery"
SAVE_ERROR_KEY = "save_error"
RULES_SETTING = "rules"
RULE_WIDGET_PREFIX = "rule:"
PRESET_WIDGET_KEY = "rules_preset"
"""The Rules page's widget keys, dropped when the learner changes so they show the new rules."""


# --- rules -------------------------------------------------------------------------------------


def saved_rules(learner: Learner) -> RuleSet | None:
    """The rules saved for ``learner``, or None (nothing saved, or not readable any more)."""
    try:
        value = store().get_setting(learner, RULES_SETTING)
        return None if value is None else ruleset(value)
    except (TrainerError, *STORE_ERRORS):
        return None


def current_rules() -> RuleSet:
    """The RuleSet in use: the session's, else the learner's saved rules, else Australian."""
    rules = st.session_state.get(RULES_KEY)
    if not isinstance(rules, RuleSet):
        learner = current_learner()
        rules = (saved_rules(learner) if learner else None) or PRESETS["australian"]
        st.session_state[RULES_KEY] = rules
    return rules


def set_rules(rules: RuleSet) -> None:
    """Make ``rules`` the rules every page uses (and save them for the learner, if any)."""
    st.session_state[RULES_KEY] = rules
    learner = current_learner()
    if learner is not None:
        _save(lambda: store().set_setting(learner, RULES_SETTING, preset_name(rules)))


def forget_rule_widgets() -> None:
    """Drop the Rules page's widget values, so it shows the rules in use when next drawn."""
    for key in [k for k in st.session_state if isinstance(k, str)
                and (k.startswith(RULE_WIDGET_PREFIX) or k == PRESET_WIDGET_KEY)]:
        del st.session_state[key]


def switch_rules(rules: RuleSet) -> None:
    """`set_rules` from outside the Rules page (its widgets then show the new rules)."""
    set_rules(rules)
    forget_rule_widgets()


def select_learner(name: str) -> Learner:
    """Choose (or create) the learner ``name``: their saved rules come back, or the rules in
    use are saved for them. Raises `StoreError` for a name that will not do."""
    learner = open_learner(name)
    forget_rule_widgets()
    saved = saved_rules(learner)
    if saved is not None:
        st.session_state[RULES_KEY] = saved
    else:
        set_rules(current_rules())
    return learner


# --- question seeds ----------------------------------------------------------------------------


def rng() -> random.Random:
    """The session's random source for question seeds (created on first use)."""
    source = st.session_state.get(RNG_KEY)
    if not isinstance(source, random.Random):
        seed = st.session_state.get(RNG_SEED_KEY)
        if not isinstance(seed, int):
            seed = random.SystemRandom().getrandbits(32)
            st.session_state[RNG_SEED_KEY] = seed
        source = random.Random(seed)
        st.session_state[RNG_KEY] = source
    return source


def next_seed() -> int:
    """A fresh question seed from the session's random source."""
    return rng().getrandbits(32)


# --- mastery -----------------------------------------------------------------------------------


def from_progress(progress: LessonProgress) -> Mastery:
    """A stored lesson record as a `Mastery` (its topics; mastered as the store says)."""
    return Mastery(streak=progress.streak, answered=progress.answered, right=progress.correct,
                   topics=progress.topics, earned=progress.mastered)


def saved_mastery() -> dict[str, Mastery] | None:
    """Every lesson record of the chosen learner from the store; None without a learner."""
    learner = current_learner()
    if learner is None:
        return None
    try:
        return {k: from_progress(v) for k, v in store().lesson_progress(learner).items()}
    except STORE_ERRORS:
        return None


def mastery(lesson_id: str, saved: dict[str, Mastery] | None = None) -> Mastery:
    """The learner's record on a lesson's practice: from the store when a learner is chosen
    (pass ``saved`` from `saved_mastery` to read the store once), else this session's."""
    records = saved if saved is not None else saved_mastery()
    if records is not None:
        return records.get(lesson_id, Mastery())
    return st.session_state.setdefault(MASTERY_KEY, {}).get(lesson_id, Mastery())


def set_mastery(lesson_id: str, value: Mastery) -> None:
    """Replace this session's record on a lesson."""
    st.session_state.setdefault(MASTERY_KEY, {})[lesson_id] = value


def record_answer(lesson_id: str, correct: bool, detail: dict[str, Any], topic: str = "",
                  topics: Sequence[Topic] = ()) -> None:
    """Count one practice answer on ``topic`` (one of the lesson's ``topics``): in the
    session, and in the store for the chosen learner."""
    session = st.session_state.setdefault(MASTERY_KEY, {})
    session[lesson_id] = session.get(lesson_id, Mastery()).record(correct, topic, topics)
    learner = current_learner()
    if learner is not None:
        _save(lambda: store().record_lesson_answer(learner, lesson_id, correct, detail, topic,
                                                   topics))


# --- lesson reviews ----------------------------------------------------------------------------


def lesson_reviews() -> dict[str, LessonReview]:
    """The chosen learner's mastered lessons' review cards by lesson id ({} without a learner,
    or when the store cannot be read)."""
    learner = current_learner()
    if learner is None:
        return {}
    try:
        return store().lesson_reviews(learner)
    except STORE_ERRORS:
        return {}


def due_reviews() -> list[LessonReview]:
    """The chosen learner's lessons due for review now, most overdue first."""
    learner = current_learner()
    if learner is None:
        return []
    try:
        return store().due_lessons(learner)
    except STORE_ERRORS:
        return []


def save_review(lesson_id: str, right: int, asked: int) -> LessonReview | None:
    """Save a lesson's short review for the chosen learner (None without one, or unsaved)."""
    learner = current_learner()
    if learner is None:
        return None
    saved: list[LessonReview] = []
    _save(lambda: saved.append(store().record_lesson_review(learner, lesson_id, right, asked)))
    return saved[0] if saved else None


def _save(write: Callable[[], object]) -> None:
    try:
        write()
    except STORE_ERRORS as e:
        st.session_state[SAVE_ERROR_KEY] = f"Your progress could not be saved: {e}"


def review_words(card: LessonReview) -> str:
    """``mastered on 3 May 2025, last reviewed 10 May 2025`` (or ``not reviewed yet``)."""
    later = (f"last reviewed {card.last_review:%-d %B %Y}" if card.last_review is not None
             else "not reviewed yet")
    return f"mastered on {card.mastered_on:%-d %B %Y}, {later}"


# --- lesson steps ------------------------------------------------------------------------------

STEP_STARS_KEY = "step_stars"
STEP_STARS_SETTING = "step_stars"
"""Stars of the lesson steps: lesson id → one mark a step (`NOT_DONE`, `PASSED`, `STAR`), in the
session (``st.session_state["step_stars"]``) and, for a learner, as the ``"step_stars"`` setting
(a JSON object in the store's settings table, beside the rules: no table changes)."""
NOT_DONE, PASSED, STAR = 0, 1, 2


def step_stars(lesson_id: str, steps: int) -> list[int]:
    """The marks of a lesson's ``steps`` steps: the session's, else the learner's saved ones
    (padded or cut to ``steps``, as a lesson's steps may change)."""
    session = st.session_state.setdefault(STEP_STARS_KEY, {})
    if lesson_id not in session:
        learner = current_learner()
        saved: dict[str, list[int]] = {}
        if learner is not None:
            try:
                saved = store().get_setting(learner, STEP_STARS_SETTING, {}) or {}
            except STORE_ERRORS:
                saved = {}
        marks = saved.get(lesson_id, []) if isinstance(saved, dict) else []
        session[lesson_id] = [int(m) if m in (NOT_DONE, PASSED, STAR) else NOT_DONE
                              for m in marks if isinstance(m, int)]
    marks = list(session[lesson_id])[:steps]
    return marks + [NOT_DONE] * (steps - len(marks))


def save_step(lesson_id: str, index: int, mark: int, steps: int) -> None:
    """Keep the better of the step's old and new mark, in the session and for the learner."""
    marks = step_stars(lesson_id, steps)
    marks[index] = max(marks[index], mark)
    st.session_state[STEP_STARS_KEY][lesson_id] = marks
    learner = current_learner()
    if learner is not None:
        def write() -> None:
            saved = store().get_setting(learner, STEP_STARS_SETTING, {})
            saved = saved if isinstance(saved, dict) else {}
            saved[lesson_id] = marks
            store().set_setting(learner, STEP_STARS_SETTING, saved)
        _save(write)


def session_alive() -> Callable[[], bool]:
    """A test, callable from any thread, of whether this visitor's session is still connected
    (Streamlit's ``Runtime.is_active_session``: False once the tab is closed or its connection
    lost). Outside a running server (AppTest, a bare script) it is always True."""
    from streamlit import runtime
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is None or not runtime.exists():
        return lambda: True
    server, session = runtime.get_instance(), ctx.session_id
    return lambda: server.is_active_session(session)
