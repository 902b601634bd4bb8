"""Play puzzles page: pick a puzzle (by theme, contract, side and rating, or "next puzzle for
me"), then play the learner's cards on a face-up table, each card graded by the solver.

A right card is followed by the partner's and opponents' replies, shown one at a time
(`PAUSE_KEY` seconds apart); a wrong card shows the explanation and the refutation beside the
right card's line, trick by trick. "Retry" starts the puzzle again, "Show solution" tells the
main line. With a learner chosen on Home, the first result of each showing is recorded once in
the store (the puzzle's record rating as its starting rating), which moves both ratings and
puts a failed puzzle in the review queue. ``?puzzle=<id>`` in the address opens a puzzle.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import streamlit as st

from trainer.errors import TrainerError
from trainer.generate.explain import TrickStory, play_text, seat_name
from trainer.generate.grading import Verdict, main_line_story
from trainer.generate.records import PlayPuzzle
from trainer.progress import Learner, Rating
from trainer.rules import Play
from trainer.ui.board_html import board_html, history_rows
from trainer.ui.play_attempt import PlayAttempt
from trainer.ui.profile import LEARNER_KEY, STORE_ERRORS, current_learner, store
from trainer.ui.puzzle_bank import (
    CONTRACT_TYPES,
    SIDES,
    Bank,
    PuzzleFilter,
    load_bank,
    matching,
    puzzle_label,
    theme_words,
    themes_text,
)
from trainer.ui.puzzle_choice import next_puzzle, record_rating

CURRENT_KEY = "play_current"  # id of the puzzle on show
ATTEMPT_KEY = "play_attempt"  # the PlayAttempt of the puzzle on show
PICK_KEY = "play_pick"  # the puzzle picker widget
THEMES_KEY = "play_themes"
TYPES_KEY = "play_types"
SIDES_KEY = "play_sides"
RATING_KEY = "play_rating"
DONE_KEY = "play_done"  # puzzles finished in this session (used without a learner)
NOTE_KEY = "play_note"  # a one-off message for the next run
PAUSE_KEY = "play_pause"  # seconds between replies (tests set 0)
PAUSE = 0.4
PARAM = "puzzle"
HOME_PAGE = "trainer/ui/home.py"


# --- choosing ----------------------------------------------------------------------------------


def current_filter(bank: Bank) -> PuzzleFilter:
    """The learner's choices in the filter widgets (read from session state)."""
    low, high = bank.rating_range()
    chosen = st.session_state.get(RATING_KEY)
    rating = None
    if isinstance(chosen, (tuple, list)) and tuple(chosen) != (low, high):
        rating = (float(chosen[0]), float(chosen[1]))
    return PuzzleFilter(
        themes=frozenset(st.session_state.get(THEMES_KEY) or ()),
        contract_types=frozenset(st.session_state.get(TYPES_KEY) or ()),
        sides=frozenset(st.session_state.get(SIDES_KEY) or ()),
        rating=rating,
    )


def puzzle_rating(puzzle: PlayPuzzle) -> Rating:
    """The puzzle's current rating: from the store, else from its record."""
    try:
        return store().puzzle_rating(puzzle.id, record_rating(puzzle))
    except STORE_ERRORS:
        return record_rating(puzzle)


def learner_rating(learner: Learner | None) -> Rating:
    return learner.rating if learner is not None else Rating()


def choose_next(bank: Bank, skip: str | None) -> PlayPuzzle | None:
    """The next puzzle for the learner among those the filters accept (see `next_puzzle`)."""
    candidates = matching(bank.puzzles, current_filter(bank))
    learner = current_learner()
    done: set[str] = set(st.session_state.get(DONE_KEY, set()))
    due: list[str] = []
    if learner is not None:
        try:
            done |= store().attempted(learner)
            due = store().due_reviews(learner)
        except STORE_ERRORS:
            pass
    return next_puzzle(candidates, learner_rating(learner), puzzle_rating, done, due, skip)


def open_puzzle(puzzle: PlayPuzzle) -> None:
    """Put ``puzzle`` on show with a fresh attempt."""
    st.session_state[CURRENT_KEY] = puzzle.id
    st.session_state[ATTEMPT_KEY] = PlayAttempt.start(puzzle)
    st.query_params[PARAM] = puzzle.id


def _next(bank: Bank) -> None:
    puzzle = choose_next(bank, st.session_state.get(CURRENT_KEY))
    if puzzle is None:
        st.session_state[NOTE_KEY] = "No puzzle matches these choices: widen the filters."
    else:
        open_puzzle(puzzle)


def _picked(bank: Bank) -> None:
    puzzle = bank.by_id(st.session_state.get(PICK_KEY))
    if puzzle is not None:
        open_puzzle(puzzle)


def _on_show(bank: Bank) -> PlayPuzzle | None:
    """The puzzle on show: the session's, else the address's, else the next for the learner."""
    puzzle = bank.by_id(st.session_state.get(CURRENT_KEY))
    if puzzle is None:
        puzzle = bank.by_id(st.query_params.get(PARAM)) or choose_next(bank, None)
        if puzzle is None:
            return None
        open_puzzle(puzzle)
    attempt = st.session_state.get(ATTEMPT_KEY)
    if not isinstance(attempt, PlayAttempt) or attempt.puzzle.id != puzzle.id:
        st.session_state[ATTEMPT_KEY] = PlayAttempt.start(puzzle)
    if st.query_params.get(PARAM) != puzzle.id:
        st.query_params[PARAM] = puzzle.id
    return puzzle


def _filters(bank: Bank) -> None:
    counts: dict[str, int] = {}
    for p in bank.puzzles:
        counts[p.contract_type] = counts.get(p.contract_type, 0) + 1
        counts[p.side] = counts.get(p.side, 0) + 1
    low, high = bank.rating_range()
    with st.expander("Filter puzzles: theme, contract, side, difficulty"):
        st.multiselect("Themes (all of them)", bank.themes(), format_func=theme_words,
                       key=THEMES_KEY, placeholder="Any theme")
        st.pills("Contract", list(CONTRACT_TYPES), selection_mode="multi", key=TYPES_KEY,
                 format_func=lambda t: f"{CONTRACT_TYPES[t]} ({counts.get(t, 0)})")
        st.pills("Side", list(SIDES), selection_mode="multi", key=SIDES_KEY,
                 format_func=lambda s: f"{SIDES[s]} ({counts.get(s, 0)})")
        st.slider("Difficulty (puzzle rating)", low, high, (low, high), step=25, key=RATING_KEY)


def _picker(bank: Bank, puzzle: PlayPuzzle | None) -> None:
    _filters(bank)
    shown = matching(bank.puzzles, current_filter(bank))
    options = [p.id for p in shown]
    if puzzle is not None and puzzle.id not in options:
        options.append(puzzle.id)
    labels = {p.id: puzzle_label(p) for p in bank.puzzles}
    if puzzle is not None:
        st.session_state[PICK_KEY] = puzzle.id
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    with left:
        st.selectbox(f"Puzzle ({len(shown)} of {len(bank.puzzles)} match)", options,
                     format_func=lambda i: labels.get(i, i), key=PICK_KEY,
                     on_change=_picked, args=(bank,))
    with right:
        st.button("Next puzzle for me", key="play_next", on_click=_next, args=(bank,),
                  type="primary", icon=":material/skip_next:", width="stretch",
                  help="Puzzles you failed come back when they are due for review; otherwise "
                       "the unplayed puzzle you have about a 60% chance of solving.")
    note = st.session_state.pop(NOTE_KEY, None)
    if note:
        st.warning(note, icon=":material/filter_alt_off:")


# --- playing -----------------------------------------------------------------------------------


def _save(attempt: PlayAttempt) -> None:
    """Record the showing's result once, for the chosen learner (nothing without one)."""
    if attempt.result is None or attempt.saved:
        return
    st.session_state.setdefault(DONE_KEY, set()).add(attempt.puzzle.id)
    learner = current_learner()
    if learner is None:
        return
    puzzle = attempt.puzzle
    detail = {"plays": attempt.plays_text(), "title": puzzle.title,
              "contract_type": puzzle.contract_type, "side": puzzle.side,
              "revealed": attempt.revealed, "retries": attempt.retries}
    try:
        updated = store().record_puzzle_attempt(
            learner, "play", puzzle.id, puzzle.themes, attempt.result, record_rating(puzzle),
            detail)
    except (TrainerError, *STORE_ERRORS) as e:
        st.session_state[NOTE_KEY] = f"Your result could not be saved: {e}"
        return
    attempt.saved = True
    st.session_state[LEARNER_KEY] = updated
    change = updated.rating.rating - learner.rating.rating
    st.toast(f"Saved. Your rating {learner.rating.rating:.0f} → {updated.rating.rating:.0f} "
             f"({change:+.0f}).", icon=":material/save:")


def _play(play_code: str) -> None:
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    play = next((p for p in attempt.legal_plays() if p.code == play_code), None)
    if play is None:
        return  # a stale click (the table has moved on)
    attempt.play(play)
    _save(attempt)


def _retry() -> None:
    st.session_state[ATTEMPT_KEY].retry()


def _reveal() -> None:
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    attempt.reveal()
    _save(attempt)


def play_button_label(play: Play, several: bool) -> str:
    """A card button's label: the card (red suits in red), and the named suit of a led joker."""
    if play.card.is_joker:
        return f"Joker, name {play.named.symbol}" if several and play.named else "Joker"
    colour = "red" if play.card.suit is not None and play.card.suit.is_red else "gray"
    return f":{colour}[**{play.card.pretty}**]" if colour == "red" else f"**{play.card.pretty}**"


def _card_buttons(attempt: PlayAttempt) -> None:
    legal = attempt.legal_plays()
    state = attempt.state
    if not legal:
        return
    st.markdown(f"**Your play** ({seat_name(attempt.session.learner)}): click a card.")
    hand = state.hands[attempt.session.learner]
    with st.container(horizontal=True, gap="small", key="play_cards"):
        for card in hand:
            plays = [p for p in legal if p.card == card]
            if not plays:
                reason = state.why_illegal(Play(card)) or "not legal now"
                st.button(card.pretty, key=f"play_card:{card.code}", disabled=True,
                          help=f"Not now: {reason}.")
                continue
            for play in plays:
                st.button(play_button_label(play, len(plays) > 1), key=f"play_card:{play.code}",
                          on_click=_play, args=(play.code,), help=f"Play {play_text(play)}")


def _stories(stories: Sequence[TrickStory]) -> str:
    return "\n".join(f"- {s.text}" for s in stories) or "- (no more tricks)"


def _verdicts(attempt: PlayAttempt) -> None:
    for n, verdict in enumerate(attempt.verdicts, 1):
        if verdict.right:
            _right(n, verdict)
        else:
            _wrong(n, verdict)


def _right(n: int, verdict: Verdict) -> None:
    text = f"**Card {n} ✓ {play_text(verdict.play)}**: {verdict.explanation}"
    if verdict.replies:
        replies = ", ".join(f"{seat_name(s)} {play_text(p)}" for s, p in verdict.replies)
        text += f"  \nThen: {replies}."
    st.success(text, icon=":material/check_circle:")


def _wrong(n: int, verdict: Verdict) -> None:
    st.error(f"**Card {n} ✗** {verdict.explanation}", icon=":material/cancel:")
    left, right = st.columns(2)
    with left:
        st.markdown(f"**After your {play_text(verdict.play)}** (best play by both sides)")
        st.markdown(_stories(verdict.refutation))
    with right:
        best = ", ".join(play_text(p) for p in verdict.right_plays)
        st.markdown(f"**After the right card** ({best})")
        st.markdown(_stories(verdict.right_line))


def _solution(puzzle: PlayPuzzle) -> None:
    st.subheader("Solution")
    decisions = []
    for n, decision in enumerate(puzzle.solution, 1):
        right = " or ".join(play_text(p) for p in decision.right)
        decisions.append(f"{n}. {right}")
    st.markdown("Your decisions on the main line: " + "; ".join(decisions) + ".")
    st.markdown(_stories(main_line_story(puzzle)))


def _outcome(attempt: PlayAttempt) -> None:
    session = attempt.session
    if session.solved:
        st.success("Puzzle solved!", icon=":material/emoji_events:")
    elif session.failed:
        st.info("Not solved this time: see the lines below, then retry or show the solution.",
                icon=":material/replay:")
    if attempt.result is not None and attempt.retries and session.solved and not attempt.result:
        st.caption("Solved on a retry: practice only, the first try is the one that counts.")


def _actions(attempt: PlayAttempt, bank: Bank) -> None:
    with st.container(horizontal=True, gap="small", key="play_actions"):
        st.button("Retry", key="play_retry", on_click=_retry, icon=":material/replay:",
                  disabled=not attempt.verdicts and not attempt.revealed)
        st.button("Show solution", key="play_reveal", on_click=_reveal,
                  icon=":material/lightbulb:", disabled=attempt.revealed,
                  help="Counts as not solved if you have not finished the puzzle.")
        st.button("Next puzzle", key="play_next_bottom", on_click=_next, args=(bank,),
                  icon=":material/skip_next:",
                  type="primary" if attempt.session.finished else "secondary")


def _header(puzzle: PlayPuzzle, attempt: PlayAttempt, learner: Learner | None) -> None:
    state = attempt.state
    you = attempt.session.learner
    contract = state.contract.pretty if state.contract else "?"
    declarer = seat_name(state.declarer) if state.declarer else "?"
    if you is state.declarer:
        doing = "declarer"
    elif state.declarer is not None and you in state.rules.side_of(state.declarer):
        doing = "the declarer's partner"
    else:
        doing = "defending"
    st.subheader(puzzle.title)
    st.markdown(f"**Contract:** {contract} by {declarer} · **You play:** {seat_name(you)} "
                f"({doing}) · **Goal:** {goal_text(puzzle)}")
    themes = themes_text(puzzle.themes)
    st.caption(f"Puzzle {puzzle.id}" + (f" · themes: {themes}" if themes else "") +
               " · every hand is shown: you have counted the cards.")
    rating = puzzle_rating(puzzle)
    line = f"Puzzle rating **{rating.rating:.0f}** ± {rating.deviation:.0f}"
    if learner is not None:
        line += (f" · {learner.name}'s rating **{learner.rating.rating:.0f}** "
                 f"± {learner.rating.deviation:.0f}")
    else:
        line += " · pick a name on Home to get your own rating and keep your results"
    st.markdown(line)


def goal_text(puzzle: PlayPuzzle) -> str:
    """The goal in words: who takes at least or at most how many of the tricks left."""
    goal = puzzle.goal
    left = puzzle.position.to_state().tricks_left
    side = "the declarer" if puzzle.contract_type in ("misere", "open_misere") else (
        "the declarer's side")
    bound = "at least" if goal.at_least else "at most"
    return f"{side} takes {bound} {goal.tricks} of the last {left} tricks"


def _board(attempt: PlayAttempt) -> None:
    place = st.empty()
    frames = attempt.frames
    attempt.frames = []
    pause = st.session_state.get(PAUSE_KEY, PAUSE)
    learner = attempt.session.learner
    for frame in frames[:-1]:  # the learner's card, then each reply but the last
        place.markdown(board_html(frame, learner, live=False), unsafe_allow_html=True)
        if pause:
            time.sleep(float(pause))
    live = bool(attempt.legal_plays())
    place.markdown(board_html(attempt.state, learner, live=live), unsafe_allow_html=True)


def _history(attempt: PlayAttempt) -> None:
    rows = history_rows(attempt.state, attempt.session.start_tricks)
    if not rows:
        return
    won = attempt.state.tricks_by_side()
    summary = ", ".join(f"{'–'.join(seat_name(s) for s in side)} {n}"
                        for side, n in won.items())
    with st.expander(f"Tricks so far: {summary}"):
        st.dataframe(rows, hide_index=True)


def render() -> None:
    """Draw the Play puzzles page."""
    st.title("Play puzzles")
    learner = current_learner()
    if learner is None:
        st.caption("Your results are not saved: pick a name on Home to keep them.")
    bank = load_bank()
    if bank.problem:
        st.warning(bank.problem, icon=":material/warning:")
        return
    if not bank.puzzles:
        st.info("The puzzle bank is empty.")
        return
    puzzle = _on_show(bank)
    _picker(bank, puzzle)
    if puzzle is None:
        st.info("No puzzle matches these choices: widen the filters.")
        return
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    st.divider()
    _header(puzzle, attempt, current_learner())
    _board(attempt)
    _card_buttons(attempt)
    _outcome(attempt)
    _verdicts(attempt)
    _actions(attempt, bank)
    if attempt.revealed:
        _solution(puzzle)
    _history(attempt)


if __name__ == "__main__":
    render()
