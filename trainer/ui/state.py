"""Session state shared by the pages: the chosen rules, the question seeds, lesson mastery.

Keys in ``st.session_state``: ``"rules"`` (the `RuleSet` in use), ``"rng"`` (a
``random.Random`` the practice questions draw their seeds from; ``"rng_seed"`` seeds it, and a
test may set it first), ``"mastery"`` (lesson id to `Mastery`).
"""

from __future__ import annotations

import random

import streamlit as st

from trainer.quiz import Mastery
from trainer.rules import PRESETS, RuleSet

RULES_KEY = "rules"
RNG_KEY = "rng"
RNG_SEED_KEY = "rng_seed"
MASTERY_KEY = "mastery"


def current_rules() -> RuleSet:
    """The RuleSet chosen on the Rules page (the Australian preset until one is chosen)."""
    rules = st.session_state.get(RULES_KEY)
    if not isinstance(rules, RuleSet):
        rules = PRESETS["australian"]
        st.session_state[RULES_KEY] = rules
    return rules


def set_rules(rules: RuleSet) -> None:
    """Make ``rules`` the rules every page uses."""
    st.session_state[RULES_KEY] = rules


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


def mastery(lesson_id: str) -> Mastery:
    """The learner's record on a lesson's practice."""
    record = st.session_state.setdefault(MASTERY_KEY, {})
    return record.get(lesson_id, Mastery())


def set_mastery(lesson_id: str, value: Mastery) -> None:
    st.session_state.setdefault(MASTERY_KEY, {})[lesson_id] = value
