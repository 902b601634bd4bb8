"""Play puzzles page: pick a puzzle (by theme, contract, side and rating, or "next puzzle for
me"), then play the learner's cards on a face-up table, each card graded by the solver.

The learner's cards at the bottom of the table are the buttons (`trainer.ui.puzzles.play_hand`):
a click or a tap plays the card; a card not legal now stays dimmed and says why; a led joker
asks for its suit after it is clicked. A right card is followed by the partner's and
opponents' replies, shown one at a time (`PAUSE_KEY` seconds apart). A wrong card shows the
explanation, and the table steps through the refutation ("after your card") or the right
card's line ("after the right card"), trick by trick, forward and back
(`trainer.ui.puzzles.stepper`; both lines are also in words under an expander). "Retry"
starts the puzzle again, "Show solution" steps through the main line the same way (which
counts as a miss if the try is not over). Once the puzzle is over its write-up, if it has one,
is shown under "The idea". With a learner chosen on Home, the first result of each showing is
recorded once in the store (the puzzle's record rating as its starting rating) and puts a
failed puzzle in the review queue; only the learner's first attempt at a puzzle moves the
ratings, a later showing is practice and the page says so. ``?puzzle=<id>`` in the address
opens a puzzle.

The page does not wait for the solver: on a first start, while it compiles, a card on the
puzzle's main line is graded from the record at once (`trainer.ui.puzzles.play_attempt`), and
the wait box, under the verdict, shows the compile's progress until the explanation (the
tricks a wrong card costs, the lines, why a right card works) can be filled in.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.generate.explain import TrickStory, label_text, play_text, seat_name
from trainer.generate.grading import Verdict, main_line_story
from trainer.generate.records import PlayPuzzle
from trainer.play import PlayState
from trainer.progress import Learner
from trainer.ui.data import solver_access
from trainer.ui.data.profile import STORE_ERRORS, current_learner, store
from trainer.ui.data.puzzle_bank import (
    CONTRACT_TYPES,
    SIDES,
    Bank,
    load_bank,
    puzzle_label,
    themes_text,
)
from trainer.ui.data.solver_access import wait_for_solver
from trainer.ui.puzzles.analyse_link import play_footer
from trainer.ui.puzzles.daily import note_daily
from trainer.ui.puzzles.ideas import idea
from trainer.ui.puzzles.picker import NO_MATCH, PARAM, PuzzlePicker, open_bank, rating_line
from trainer.ui.puzzles.play_attempt import PlayAttempt
from trainer.ui.puzzles.play_hand import hand_buttons
from trainer.ui.puzzles.stepper import draw_stepper, line_steps
from trainer.ui.widgets.board import board_html, history_rows
from trainer.ui.widgets.cards import red_suits

ATTEMPT_KEY = "play_attempt"  # the PlayAttempt of the puzzle on show
UNFINISHED_SETTING = "play_unfinished"  # a first try still going: {"puzzle": id, "plays": codes}
TYPES_KEY = "play_types"
SIDES_KEY = "play_sides"
PAUSE_KEY = "play_pause"  # seconds between replies (tests set 0)
WAIT_KEY = "play_wait"  # False: leave pending explanations pending (tests look at them)
PAUSE = 0.25


# --- choosing ----------------------------------------------------------------------------------


def _start(puzzle: PlayPuzzle) -> None:
    """A new attempt at ``puzzle``, picking up the learner's unfinished first try at it."""
    attempt = PlayAttempt.start(puzzle)
    kept = _kept_try()
    if kept is not None and kept.get("puzzle") == puzzle.id:
        attempt.resume([str(code) for code in kept.get("plays", [])])
    st.session_state[ATTEMPT_KEY] = attempt


def _kept_try() -> dict | None:
    """The learner's unfinished first try as kept in the store (`UNFINISHED_SETTING`)."""
    learner = current_learner()
    if learner is not None:
        with contextlib.suppress(*STORE_ERRORS):
            kept = store().get_setting(learner, UNFINISHED_SETTING)
            return kept if isinstance(kept, dict) else None
    return None


def _keep_unfinished(attempt: PlayAttempt) -> None:
    """Keep a first try that is still going in the store, so that a reload or a restart goes on
    from the same trick instead of starting a new, rated try (cleared once the try ends)."""
    learner = current_learner()
    if learner is None:
        return
    going = attempt.result is None and not attempt.revealed and attempt.verdicts
    value = {"puzzle": attempt.puzzle.id, "plays": attempt.plays_text()} if going else None
    with contextlib.suppress(*STORE_ERRORS):
        store().set_setting(learner, UNFINISHED_SETTING, value)


def _contract_and_side(bank: Bank[PlayPuzzle]) -> None:
    counts: dict[str, int] = {}
    for p in bank.puzzles:
        counts[p.contract_type] = counts.get(p.contract_type, 0) + 1
        counts[p.side] = counts.get(p.side, 0) + 1
    st.pills("Contract", list(CONTRACT_TYPES), selection_mode="multi", key=TYPES_KEY,
             format_func=lambda t: f"{CONTRACT_TYPES[t]} ({counts.get(t, 0)})")
    st.pills("Side", list(SIDES), selection_mode="multi", key=SIDES_KEY,
             format_func=lambda s: f"{SIDES[s]} ({counts.get(s, 0)})")


def picker(bank: Bank[PlayPuzzle]) -> PuzzlePicker[PlayPuzzle]:
    """The page's puzzle picker (keys ``play_...``), with the contract and side filters."""
    return PuzzlePicker("play", bank, puzzle_label, _start,
                        extra_filters=lambda: _contract_and_side(bank),
                        what="theme, contract, side, difficulty")


def _on_show(chooser: PuzzlePicker[PlayPuzzle]) -> PlayPuzzle | None:
    """The puzzle on show (`PuzzlePicker.on_show`), with an attempt of its own. Opened with no
    puzzle asked for (a new visit), it is the learner's unfinished try, if any."""
    if st.session_state.get(chooser.key("current")) is None and not st.query_params.get(PARAM):
        kept = _kept_try()
        if kept is not None and chooser.bank.by_id(kept.get("puzzle")) is not None:
            st.query_params[PARAM] = str(kept["puzzle"])
    puzzle = chooser.on_show()
    if puzzle is None:
        return None
    attempt = st.session_state.get(ATTEMPT_KEY)
    if not isinstance(attempt, PlayAttempt) or attempt.puzzle.id != puzzle.id:
        _start(puzzle)
    return puzzle


# --- playing -----------------------------------------------------------------------------------


def _save(attempt: PlayAttempt) -> None:
    """Record the showing's result once, for the chosen learner (nothing without one)."""
    if attempt.result is None or attempt.saved:
        return
    puzzle = attempt.puzzle
    detail = {"plays": attempt.plays_text(), "title": puzzle.title,
              "contract_type": puzzle.contract_type, "side": puzzle.side,
              "revealed": attempt.revealed, "retries": attempt.retries}
    bank = load_bank()
    attempt.saved = picker(bank).save("play", puzzle, attempt.result, detail)
    if attempt.saved:
        note_daily(puzzle.id)  # today's puzzle solved at the first try counts the day


def _play(play_code: str, turn: str) -> None:
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    if attempt.click(play_code, turn) is None:
        return  # a click drawn for an earlier decision, or a card not legal now
    _save(attempt)
    _keep_unfinished(attempt)


def _retry() -> None:
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    attempt.retry()
    _keep_unfinished(attempt)  # a first try begun again: nothing of it to pick up


def _reveal() -> None:
    attempt: PlayAttempt = st.session_state[ATTEMPT_KEY]
    attempt.reveal()
    _save(attempt)
    _keep_unfinished(attempt)


def _stories(stories: Sequence[TrickStory]) -> str:
    return "\n".join(f"- {s.text}" for s in stories) or "- (no more tricks)"


def _verdicts(attempt: PlayAttempt) -> None:
    state = attempt.puzzle.position.to_state()
    for n, verdict in enumerate(attempt.verdicts, 1):
        if verdict.right:
            _right(n, verdict, state)
        else:
            _wrong(n, verdict)
        for play in [verdict.play, *(p for _, p in verdict.replies)]:
            state.push(play)


def replies_text(state: PlayState, verdict: Verdict) -> str:
    """The cards played after the learner's until its next decision, split at the end of each
    trick with its winner: ``"West 5♠, North 2♠ (North wins the trick); North A♥, East 4♥"``
    (the learner's own cards and tricks as "South (you)", "you win"). ``state``: the position
    before the learner's card (left unchanged)."""
    work = state.copy()
    you = state.to_play
    done = work.push(verdict.play)
    parts = []
    if done:  # the learner's card ended the trick
        winner = work.trick_winner_seat(done)
        parts.append("you win the trick" if winner is you else
                     f"your card ends the trick, won by {seat_name(winner)}")
    words: list[str] = []
    for seat, play in verdict.replies:
        # the learner's own cards come in the line too, where only one card made sense
        words.append(f"{seat_name(seat)}{' (you)' if seat is you else ''} {play_text(play)}")
        done = work.push(play)
        if done is not None:
            winner = work.trick_winner_seat(done)
            won = "you win" if winner is you else f"{seat_name(winner)} wins"
            parts.append(", ".join(words) + f" ({won} the trick)")
            words = []
    if words:
        parts.append(", ".join(words))
    return "; ".join(parts)


PENDING_NOTE = ("Graded from the puzzle's record. Why, and the lines to step through, "
                "follow as soon as the solver is ready (its progress is below).")


def _right(n: int, verdict: Verdict, state: PlayState) -> None:
    text = f"**Card {n} ✓ {label_text(verdict.play)}**: {verdict.explanation}"
    if verdict.replies:
        text += f"  \nThen: {replies_text(state, verdict)}."
    st.success(text, icon=":material/check_circle:")
    if verdict.pending:
        st.caption(PENDING_NOTE)


def _wrong(n: int, verdict: Verdict) -> None:
    st.error(f"**Card {n} ✗** {verdict.explanation}", icon=":material/cancel:")
    if verdict.pending:  # graded from the record: the lines come with the solver
        st.caption(PENDING_NOTE)
        return
    # the lines are stepped through on the board; here they are in words, trick by trick
    with st.expander("Both lines in words"):
        st.markdown(f"**After you play {play_text(verdict.play)}** (best play by both sides)")
        st.markdown(_stories(verdict.refutation))
        best = ", ".join(play_text(p) for p in verdict.right_plays)
        st.markdown(f"**After the right card** ({best})")
        st.markdown(_stories(verdict.right_line))


def _solution(puzzle: PlayPuzzle) -> None:
    st.subheader("Solution")
    decisions = []
    for n, decision in enumerate(puzzle.solution, 1):
        right = " or ".join(play_text(p) for p in decision.right)
        decisions.append(f"{n}. {right}")
    st.markdown("Your decisions on the main line: " + "; ".join(decisions) + ". Step through "
                "it on the table above.")
    with st.expander("The main line in words"):
        st.markdown(_stories(main_line_story(puzzle)))


def _write_up(attempt: PlayAttempt) -> None:
    """The puzzle's write-up ("The idea"), once the puzzle is over and when it has one."""
    text = attempt.puzzle.write_up.strip()
    if text and (attempt.session.finished or attempt.revealed):
        idea(red_suits(text))


def _outcome(attempt: PlayAttempt, chooser: PuzzlePicker[PlayPuzzle]) -> None:
    session = attempt.session
    if session.solved:
        st.success("Puzzle solved!", icon=":material/emoji_events:")
    elif session.failed:
        st.info("Not solved this time: step through the lines on the table above, then retry "
                "or show the solution.", icon=":material/replay:")
    if attempt.result is not None and attempt.retries and session.solved and not attempt.result:
        st.caption("Solved on a retry: practice, as only a first try at a puzzle is rated.")
    chooser.show_saved(attempt.puzzle)


REVEAL_HELP = ("Shows the main line. Before you finish, it counts as a miss: on your first try at "
               "a puzzle that lowers your rating, as a failed puzzle does.")


def reveal_note(attempt: PlayAttempt, learner: Learner | None, played: bool) -> str | None:
    """The caption by "Show solution" while it would still count (the try not over): that it
    counts as a miss, and what that does to the learner's rating. None once it cannot count."""
    if attempt.result is not None or attempt.revealed:
        return None
    if learner is None:
        return "\"Show solution\" counts as a miss (nothing is saved without a name)."
    if played:
        return ("\"Show solution\" counts as a miss (practice: your rating is unchanged either "
                "way).")
    return "\"Show solution\" now counts as a miss on your first try: your rating goes down."


def _actions(attempt: PlayAttempt, chooser: PuzzlePicker[PlayPuzzle], played: bool) -> None:
    with st.container(horizontal=True, gap="small", key="play_actions"):
        st.button("Retry", key="play_retry", on_click=_retry, icon=":material/replay:",
                  disabled=not attempt.verdicts and not attempt.revealed)
        st.button("Show solution", key="play_reveal", on_click=_reveal,
                  icon=":material/lightbulb:", disabled=attempt.revealed,
                  help=REVEAL_HELP)
        st.button("Next puzzle", key="play_next_bottom", on_click=chooser.next,
                  icon=":material/skip_next:",
                  type="primary" if attempt.session.finished else "secondary")
    note = reveal_note(attempt, current_learner(), played)
    if note:
        st.caption(note)


def _header(puzzle: PlayPuzzle, attempt: PlayAttempt, learner: Learner | None,
            played: bool) -> None:
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
    # As on Lichess the themes stay hidden until the puzzle is over: they would give it away.
    over = attempt.session.finished or attempt.revealed
    themes = themes_text(puzzle.themes) if over else ""
    st.caption(f"Puzzle {puzzle.id}" +
               (f" · themes: {themes}" if themes else "" if over else
                " · themes shown when the puzzle is over") +
               " · every hand is shown: you have counted the cards.")
    st.markdown(rating_line(puzzle, learner, played))


def goal_text(puzzle: PlayPuzzle) -> str:
    """The goal in words: who takes at least or at most how many of the tricks left."""
    goal = puzzle.goal
    left = puzzle.position.to_state().tricks_left
    side = "the declarer" if puzzle.contract_type in ("misere", "open_misere") else (
        "the declarer's side")
    if goal.at_least and goal.tricks == left:
        amount = "all"
    elif not goal.at_least and goal.tricks == 0:
        amount = "none"
    else:
        amount = f"{'at least' if goal.at_least else 'at most'} {goal.tricks}"
    return f"{side} takes {amount} of the last {left} tricks"


def _board(attempt: PlayAttempt, frames: Sequence[PlayState], skip: DeltaGenerator,
           place: DeltaGenerator) -> None:
    """The table, in ``place`` (drawn last, so that the verdict above is on the page while
    this runs): the replies after a right card (``frames``) one by one (a "Skip" button in
    ``skip`` shows the end at once), then the position now with the learner's cards to click
    (`hand_buttons`); after a wrong card, the refutation and the right card's line stepped
    through on the table; once the solution is shown, the main line the same way; else the
    table as it stands."""
    pause = float(st.session_state.get(PAUSE_KEY, PAUSE))
    learner = attempt.session.learner
    if pause and len(frames) > 1:
        # any click reruns the page, which stops the replies and draws the end at once
        skip.button("Skip the replies", key=f"play_skip:{attempt.turn}",
                    icon=":material/fast_forward:")
        for frame in frames[:-1]:  # the learner's card, then each reply but the last
            place.markdown(board_html(frame, learner, live=False), unsafe_allow_html=True)
            time.sleep(pause)
    skip.empty()
    last = attempt.verdicts[-1] if attempt.verdicts else None
    if attempt.revealed:
        with place.container():
            _solution_steps(attempt)
    elif last is not None and not last.right:
        with place.container():
            _wrong_steps(attempt, last)
    elif attempt.legal_plays():
        with place.container():
            st.markdown(board_html(attempt.state, learner, bottom=False),
                        unsafe_allow_html=True)
            hand_buttons(attempt, _play)
    else:
        place.markdown(board_html(attempt.state, learner, live=False), unsafe_allow_html=True)


def step_key(attempt: PlayAttempt, line: str) -> str:
    """The session key of the step on show of ``line`` (``"yours"``, ``"right"`` or
    ``"solution"``): by puzzle, try and decision, so a rerun keeps it and a new card or a
    Retry starts at the default step again."""
    return f"play_step:{attempt.puzzle.id}:{attempt.turn}:{line}"


def _wrong_steps(attempt: PlayAttempt, verdict: Verdict) -> None:
    """After a wrong card: "after your card" (the refutation) or "after the right card",
    stepped through on the table, starting from the table with the card just played."""
    right = verdict.right_line_plays[0] if verdict.right_line_plays else verdict.right_plays[0]
    names = {"yours": f"After your card ({play_text(verdict.play)})",
             "right": f"After the right card ({play_text(right)})"}
    st.markdown(f":red[**✗ {label_text(verdict.play)} is not the right card.**] Step "
                "through what happens after it, and after the right card:")
    line = st.segmented_control("Line to step through", list(names), format_func=names.get,
                                default="yours", required=True,
                                key=f"play_line:{attempt.puzzle.id}:{attempt.turn}")
    plays = (verdict.right_line_plays or (right,)) if line == "right" else \
        (verdict.refutation_plays or (verdict.play,))  # the card alone while pending
    steps = line_steps(attempt.state, plays, attempt.session.learner,
                       first_card=True)
    draw_stepper(steps, step_key(attempt, line or "yours"), attempt.session.learner,
                 default=min(1, len(steps) - 1))


def _solution_steps(attempt: PlayAttempt) -> None:
    """The solution's main line stepped through on the table, from the puzzle's position."""
    puzzle = attempt.puzzle
    st.markdown("**The solution**, trick by trick:")
    steps = line_steps(puzzle.position.to_state(), puzzle.main_line_from(0),
                       attempt.session.learner)
    draw_stepper(steps, step_key(attempt, "solution"), attempt.session.learner)


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
    """Draw the Play puzzles page: the picker, then the puzzle on show (`_puzzle_area`)."""
    fitting = open_bank("play", "Play puzzles", "play")
    if fitting is None:
        return
    chooser = picker(fitting)
    puzzle = _on_show(chooser)
    chooser.render(puzzle)
    if puzzle is None:
        st.info(NO_MATCH)
        return
    st.divider()
    chooser.drawn_for(puzzle)
    _puzzle_area(chooser)


@st.fragment
def _puzzle_area(chooser: PuzzlePicker[PlayPuzzle]) -> None:
    """The puzzle on show and its attempt. A fragment: a card, a step of the table, Retry or
    Show solution reruns this part alone, not the picker above with its list of thousands of
    puzzles (issue 26: a click answers at once); "Next puzzle" reruns the whole page."""
    puzzle = chooser.fragment_puzzle()
    attempt = st.session_state.get(ATTEMPT_KEY)
    if not isinstance(attempt, PlayAttempt) or attempt.puzzle.id != puzzle.id:
        st.rerun(scope="app")
    played = chooser.played_before(puzzle)
    _header(puzzle, attempt, current_learner(), played)
    # the table's places first, drawn last: a card's verdict shows while the replies play
    frames, attempt.frames = attempt.frames, []
    skip, place = st.empty(), st.empty()
    if frames:
        place.markdown(board_html(frames[0], attempt.session.learner, live=False),
                       unsafe_allow_html=True)
    _outcome(attempt, chooser)
    _verdicts(attempt)
    _actions(attempt, chooser, played)
    play_footer(attempt)  # "Analyse this position" once over; "What these words mean"
    if attempt.revealed:
        _solution(puzzle)
    _write_up(attempt)
    _history(attempt)
    _board(attempt, frames, skip, place)
    _finish_pending(attempt)


def _finish_pending(attempt: PlayAttempt) -> None:
    """While the solver compiles (a first start): the card waiting for it, and the wait box;
    once it is ready, the pending explanations filled in and the page drawn again. A click
    meanwhile reruns the page as usual (the wait is at the page's end)."""
    if not attempt.pending:
        return
    queued = next((p for p in attempt.legal_plays()
                   if attempt.queued is not None and p.code == attempt.queued[0]), None)
    if queued is not None:
        st.info(f"Your card, {play_text(queued)}, is graded as soon as the solver is ready: it "
                "leaves the recorded line, so the replies need a search.",
                icon=":material/hourglass_top:")
    if not st.session_state.get(WAIT_KEY, True) and not solver_access.solver_ready():
        return
    wait_for_solver("your card" if queued is not None else "the explanation of your card")
    attempt.finish_pending()
    _save(attempt)
    _keep_unfinished(attempt)
    st.rerun()


if __name__ == "__main__":
    render()
