"""Play a game: the learner against three bots (two at a 3-player table, and so on), hand after
hand to 500 or -500, under the rules chosen on the Rules page.

Start: a new game at the bots' level (Easy, Normal, Strong), or the saved game resumed. Each
hand: the deal, the auction, the declarer's kitty and discard, ten tricks (a pause after each),
the score in words and the running totals, then the next hand. The coach's Hint shows the best
choice by the review's own reckoning (the hand is then marked as assisted); "Flag costly
cards" notes a card that lost 20 points or more on average, and the review after the hand
says which card was better. Every hand can be reviewed, and a practice copy replayed from any
graded decision without touching the game. A second tab reviews a hand record brought from
elsewhere.

The game is saved in the learner store after every action (`trainer.ui.game.saved`).
"""

from __future__ import annotations

# ruff: noqa: E402 (the solver is waited for before the imports that load it)
import streamlit as st

from trainer.ui.data.solver_access import wait_for_solver

st.title("Play a game")
wait_for_solver()

from trainer.bots import Level
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.game import Game, HandRecord
from trainer.review.grade import DecisionReview
from trainer.ui.data.profile import current_learner
from trainer.ui.data.rule_options import rule_words, rules_summary
from trainer.ui.data.state import current_rules
from trainer.ui.game import importing, play_view, review_view, saved, turns
from trainer.ui.game.scoreboard import points_words, summaries
from trainer.ui.game.session import Table, new_seed, side_name
from trainer.ui.widgets.cards import red_suits

RULES_PAGE = "trainer/ui/pages/rules.py"
PROBLEM_KEY = "game_load_problem"
LEVEL_KEY = "game_level"
LEVELS = {level.label: level for level in Level}


# --- starting ----------------------------------------------------------------------------------


def _new_game() -> None:
    level = LEVELS.get(str(st.session_state.get(LEVEL_KEY)), Level.NORMAL)
    try:
        game = Game.new(current_rules(), new_seed())
    except TrainerError as e:
        st.session_state[turns.ERROR_KEY] = str(e)
        return
    _clear()
    st.session_state[turns.TABLE_KEY] = Table.of_game(game, level)
    turns.keep(st.session_state[turns.TABLE_KEY])


def _resume(game: Game, level: Level) -> None:
    _clear()
    st.session_state[turns.TABLE_KEY] = Table.of_game(game, level)


def _clear() -> None:
    for key in (turns.TABLE_KEY, turns.PRACTICE_KEY, turns.ERROR_KEY, PROBLEM_KEY,
                play_view.REVIEW_OPEN_KEY):
        st.session_state.pop(key, None)


def _to_start() -> None:
    _clear()
    st.session_state[AUTO_RESUMED_KEY] = True  # the learner left the table: stay at the start


# Session key: set once this session has opened the saved game by itself (a reload, a new
# visit), so that leaving the table shows the start screen.
AUTO_RESUMED_KEY = "game_auto_resumed"


def start_screen() -> None:
    learner = current_learner()
    loaded = saved.load(learner) if learner is not None else saved.Loaded(None)
    if loaded.problem:
        st.session_state[PROBLEM_KEY] = loaded.problem
    problem = st.session_state.get(PROBLEM_KEY)
    if problem:
        st.error(rule_words(problem), icon=":material/error:")
    if learner is None:
        st.caption("Choose a learner on Home to keep your game between visits; without one "
                   "the game lasts as long as this browser tab.")
    game = loaded.game
    if game is not None and not game.is_over and not st.session_state.get(AUTO_RESUMED_KEY):
        st.session_state[AUTO_RESUMED_KEY] = True  # a game in progress opens where it was
        _resume(game, loaded.level)
        st.rerun()
    if game is not None:
        totals = ", ".join(f"{side_name(s, Table.of_game(game, loaded.level).learner)} {v}"
                           for s, v in game.score.scores.items())
        if game.is_over:
            st.markdown(f"Your last game is over ({totals}).")
        else:
            st.markdown(f"**Your game:** hand {game.number + 1}, {totals}; bots: "
                        f"{loaded.level.label}.")
        st.button("See it" if game.is_over else "Resume", key="game_resume", type="primary",
                  icon=":material/play_arrow:", on_click=_resume, args=(game, loaded.level))
    st.subheader("New game")
    st.segmented_control("The bots' level", list(LEVELS), key=LEVEL_KEY, default="Normal",
                         help="Easy bots play by rules of thumb at once. Normal and Strong bots "
                              "deal out the cards they cannot see many ways and play the card "
                              "that scores best on average (Strong tries three times as many).")
    rules = current_rules()
    st.markdown(f"The rules in use: {rules_summary(rules)}.")
    st.page_link(RULES_PAGE, label="Change the rules", icon=":material/tune:")
    if game is not None and not game.is_over:
        st.caption("A new game replaces the game you have saved.")
    st.button("New game", key="game_new", type="secondary" if game else "primary",
              icon=":material/sports_esports:", on_click=_new_game)


# --- playing -----------------------------------------------------------------------------------


def _next_hand() -> None:
    table = st.session_state.get(turns.TABLE_KEY)
    if not isinstance(table, Table) or table.game is None or not table.hand.is_over:
        return
    try:
        table.next_hand()
    except TrainerError as e:
        st.session_state[turns.ERROR_KEY] = str(e)
        return
    st.session_state.pop(play_view.REVIEW_OPEN_KEY, None)
    turns.keep(table)


def _replay(record: HandRecord, decision: DecisionReview, seat: Seat) -> None:
    table = st.session_state.get(turns.TABLE_KEY)
    level = table.level if isinstance(table, Table) else Level.NORMAL
    seed = table.seed if isinstance(table, Table) else 0
    game = table.game if isinstance(table, Table) else None
    number = 0
    if game is not None:  # a finished hand, or the one just played (not yet scored)
        number = next((n for n, r in enumerate(game.finished) if r == record), game.number)
    try:
        practice = review_view.practice_from(record, decision, seat, level, seed, number)
    except TrainerError as e:
        st.session_state[turns.ERROR_KEY] = str(e)
        return
    st.session_state[turns.PRACTICE_KEY] = practice


def _leave_practice() -> None:
    st.session_state.pop(turns.PRACTICE_KEY, None)


def _flag_changed() -> None:
    saved.set_flag_costly(current_learner(), bool(st.session_state.get(turns.FLAG_KEY)))


def coach_settings() -> None:
    if turns.FLAG_KEY not in st.session_state:
        st.session_state[turns.FLAG_KEY] = saved.flag_costly(current_learner())
    st.checkbox("Flag costly cards", key=turns.FLAG_KEY, on_change=_flag_changed,
                help="After you play a card that loses 20 points or more on average against "
                     "the best card, a quiet note says so; the review after the hand shows "
                     "which card was better.")


def earlier_hands(table: Table) -> None:
    """The game's finished hands, each with its Review button; the open review below."""
    game = table.game
    if game is None or not game.finished:
        return
    st.subheader("This game's hands")
    for summary in summaries(game, table.learner):
        n = summary.number
        key = f"{table.seed}:{n}:g"
        line = (f"**Hand {n + 1}:** {summary.contract or 'thrown in'} · "
                f"{points_words(summary)}" + (" · *assisted*" if n in game.assisted else ""))
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(red_suits(line))
            if summary.contract is not None:
                st.button("Review", key=f"game_review_hand:{key}", icon=":material/grading:",
                          on_click=play_view.toggle_review, args=(key,))
    open_key = st.session_state.get(play_view.REVIEW_OPEN_KEY)
    for n in range(len(game.finished)):
        key = f"{table.seed}:{n}:g"
        if open_key == key:
            st.markdown(f"#### Review of hand {n + 1}")
            record = game.finished[n]
            review = review_view.compute(key, record, table.learner, n in game.assisted)
            if review is not None:
                review_view.show(review, record, key, _replay)


def practice_screen(practice: Table) -> None:
    st.info("A practice copy of the hand, from the position before your decision: play on "
            "against the bots. Your game is kept just as it was.", icon=":material/replay:")
    st.button("Back to your game", key="game_practice_leave", icon=":material/arrow_back:",
              on_click=_leave_practice)
    if practice.hand.is_over:
        play_view.hand_over(practice, None, None)
    else:
        play_view.in_play(practice)


def game_screen(table: Table) -> None:
    save_problem = st.session_state.get(turns.SAVE_PROBLEM_KEY)
    if save_problem:
        st.warning(save_problem, icon=":material/warning:")
    game = table.game
    assert game is not None
    if game.is_over:
        play_view.game_over(table)
        st.button("New game", key="game_again", type="primary",
                  icon=":material/sports_esports:", on_click=_to_start)
        earlier_hands(table)
        return
    if table.hand.is_over:
        st.markdown(red_suits(play_view.status_line(table)))
        play_view.hand_over(table, _next_hand, _replay)
    else:
        play_view.in_play(table)
    with st.container(horizontal=True, vertical_alignment="center"):
        coach_settings()
        st.button("Leave the table", key="game_leave", type="tertiary",
                  icon=":material/logout:", on_click=_to_start,
                  help="Back to the start; your game is saved and can be resumed.")
    play_view.scores(table)
    earlier_hands(table)


def render() -> None:
    # the tab open is kept in the session (key): a rerun, such as the uploader's, keeps the
    # learner on the tab they were on rather than going back to the first
    game_tab, import_tab = st.tabs(["Your game", "Review your own game"], key="game_tabs",
                                   on_change="rerun")
    with game_tab:
        error = st.session_state.pop(turns.ERROR_KEY, None)
        if error:
            st.error(red_suits(rule_words(error)), icon=":material/block:")
        practice = st.session_state.get(turns.PRACTICE_KEY)
        table = st.session_state.get(turns.TABLE_KEY)
        if isinstance(practice, Table):
            practice_screen(practice)
        elif isinstance(table, Table):
            game_screen(table)
        else:
            start_screen()
    with import_tab:
        importing.render()


render()
