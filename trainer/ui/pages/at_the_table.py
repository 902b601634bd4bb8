"""At the table page: play puzzles seen as a player at the table sees them (own cards, the
auction, the cards played, the declarer's own discard, a nominated joker), graded by the
chance the card gives over the layouts of the unseen cards that fit all of that
(`trainer.ui.puzzles.at_the_table`). Nothing of the other hands is shown before a card is
chosen; then the verdict by chance, every card's chance, the layout dealt (one on which the
tempting card fails and the best one succeeds) and the write-up. ``?puzzle=<id>`` in the
address opens a puzzle.

With a learner chosen, the first card of a showing is saved (kind ``table``, shown as "at the
table" on the Progress page) and, the learner's first try at the puzzle, rated (Glicko-2, the
learner and the puzzle, `trainer.progress.ProgressStore.record_puzzle_attempt`; "Try it
again" is practice and not saved); a miss enters the review queue. "Next puzzle for me" picks
as the Play page's does (`trainer.ui.data.puzzle_choice.next_puzzle`: a due review first, then
the unplayed puzzle nearest the learner's rating, misère and no trumps after their lessons).
"""

from __future__ import annotations

import contextlib
import random

import streamlit as st

INTRO = ("You see only your own cards, the auction and the cards played, as a player at the "
         "table does. Each card is graded by how often it reaches your goal over the layouts "
         "of the unseen cards that fit what you have seen.")
st.title("At the table")

with st.spinner("Dealing the puzzle ...", show_time=False):  # imports: ~1.2 s cold
    from trainer.errors import TrainerError
    from trainer.generate.explain import seat_name
    from trainer.generate.records_table import TablePuzzle
    from trainer.progress import expected_score
    from trainer.rules import Play
    from trainer.ui.data.profile import (
        LEARNER_KEY,
        STORE_ERRORS,
        current_learner,
        keep_words,
        store,
    )
    from trainer.ui.data.puzzle_choice import (
        TARGET_SCORE,
        next_puzzle,
        record_rating,
        waiting_themes,
    )
    from trainer.ui.puzzles.at_the_table import (
        CONTRACT_WORDS,
        KIND_STORED,
        SIDE_WORDS,
        TAGS_KEY,
        Choosable,
        attempt_detail,
        find,
        grade_card,
        heading,
        label,
        matching,
        shares_rows,
        solved,
        table_bank,
        view_of,
    )
    from trainer.ui.puzzles.picker import (
        current_ratings,
        learner_rating,
        mastered_lessons,
        rating_line,
        saved_text,
    )
    from trainer.ui.widgets.auction import auction_table
    from trainer.ui.widgets.board import board_html, history_rows
    from trainer.ui.widgets.cards import (
        hand_html,
        inline_cards_html,
        play_label,
        red_suits,
        trick_html,
    )

CURRENT_KEY = "table_puzzle"  # the id of the puzzle on show
ANSWER_KEY = "table_answer"  # {"puzzle": id, "play": code} once a card is chosen
TYPES_KEY = "table_types"
SIDES_KEY = "table_sides"
ASKED_KEY = "table_asked"  # the ?puzzle= id already opened
SAVED_KEY = "table_saved"  # (puzzle id, what saving did) once this showing's card is saved
DONE_KEY = "table_done"  # ids answered in this session
NOTE_KEY = "table_note"  # a save failure, shown once
SEED_KEY = "table_seed"  # this visit's seed for the first puzzle when no learner is chosen
OPENING_POOL = 30  # without a learner, the first puzzle is one of this many near a new rating


def _done() -> set[str]:
    """The ids answered in this session, and with a learner (unless the store is out of reach)
    every puzzle they have played."""
    done: set[str] = set(st.session_state.get(DONE_KEY, set()))
    learner = current_learner()
    if learner is not None:
        with contextlib.suppress(*STORE_ERRORS):
            done |= store().attempted(learner)
    return done


def _opening(shown: list[TablePuzzle]) -> TablePuzzle:
    """The puzzle a new visit opens on: with a learner what "Next puzzle for me" would pick
    among those they have not played (no review first: that is the button's), without one a
    seeded choice (one seed a visit, `SEED_KEY`) among the `OPENING_POOL` unplayed puzzles
    nearest a new learner's rating, misère and no trumps waiting for their lessons as there.
    A played puzzle only when every one shown is played."""
    done = _done()
    fresh = [p for p in shown if p.id not in done] or shown
    rating = learner_rating(current_learner())
    if current_learner() is not None:
        ratings = current_ratings()
        pick = next_puzzle([Choosable.of(p) for p in fresh], rating,
                           lambda c: ratings.get(c.id) or record_rating(c), done, (), (),
                           waiting_themes(mastered_lessons()))
        return (None if pick is None else find(fresh, pick.id)) or fresh[0]
    seed = st.session_state.setdefault(SEED_KEY, random.SystemRandom().randrange(2**32))
    waits = set(waiting_themes(mastered_lessons()))
    fresh = [p for p in fresh if not waits & set(Choosable.of(p).themes)] or fresh
    near = sorted(fresh, key=lambda p: (abs(expected_score(rating, record_rating(p))
                                            - TARGET_SCORE), p.id))[:OPENING_POOL]
    return random.Random(seed).choice(near)


def _for_me(shown: list[TablePuzzle], current: TablePuzzle) -> TablePuzzle | None:
    """The next puzzle for the learner among ``shown`` (`next_puzzle`), not ``current``."""
    learner = current_learner()
    ratings = current_ratings()
    done = _done()
    due: list[str] = []
    if learner is not None:
        with contextlib.suppress(*STORE_ERRORS):
            due = store().due_reviews(learner)
    pick = next_puzzle([Choosable.of(p) for p in shown], learner_rating(learner),
                       lambda c: ratings.get(c.id) or record_rating(c), done, due,
                       {current.id}, waiting_themes(mastered_lessons()))
    return None if pick is None else find(shown, pick.id)


def _save(puzzle: TablePuzzle, play: Play) -> None:
    """Save this showing's first card for the chosen learner (once; nothing without one)."""
    st.session_state.setdefault(DONE_KEY, set()).add(puzzle.id)
    kept = st.session_state.get(SAVED_KEY)
    learner = current_learner()
    if learner is None or (kept and kept[0] == puzzle.id):
        return
    try:
        result = store().record_puzzle_attempt(
            learner, KIND_STORED, puzzle.id, puzzle.themes, solved(puzzle, play),
            record_rating(puzzle), attempt_detail(puzzle, play))
    except (TrainerError, *STORE_ERRORS) as e:
        st.session_state[NOTE_KEY] = f"Your result could not be saved: {e}"
        return
    st.session_state[LEARNER_KEY] = result.learner
    st.session_state[SAVED_KEY] = (puzzle.id, saved_text(result))


def _played_before(puzzle: TablePuzzle) -> bool:
    learner = current_learner()
    kept = st.session_state.get(SAVED_KEY)
    if learner is None or (kept and kept[0] == puzzle.id):
        return False
    try:
        return store().played(learner, puzzle.id)
    except STORE_ERRORS:
        return False


def _choose(puzzles: tuple[TablePuzzle, ...]) -> TablePuzzle | None:
    st.multiselect("Contract", list(CONTRACT_WORDS), key=TYPES_KEY,
                   format_func=lambda t: CONTRACT_WORDS[t], placeholder="any contract")
    st.multiselect("Side", list(SIDE_WORDS), key=SIDES_KEY,
                   format_func=lambda s: SIDE_WORDS[s], placeholder="either side")
    shown = matching(puzzles, st.session_state.get(TYPES_KEY) or [],
                     st.session_state.get(SIDES_KEY) or [])
    if not shown:
        st.info("No puzzle fits these choices.")
        return None
    asked = st.query_params.get("puzzle")
    if asked is not None and asked != st.session_state.get(ASKED_KEY):
        st.session_state[ASKED_KEY] = asked  # an address's puzzle opens once, then Next works
        if find(puzzles, asked) is None:
            st.warning(f"There is no at-the-table puzzle {asked}.")
        else:
            st.session_state[CURRENT_KEY] = asked
    current = find(shown, st.session_state.get(CURRENT_KEY, "")) or _opening(shown)
    left, right = st.columns(2)
    if left.button("Next puzzle", key="table_next"):
        at = shown.index(current) if current in shown else -1
        current = shown[(at + 1) % len(shown)]
    if right.button("Next puzzle for me", key="table_for_me", type="primary",
                    help="Puzzles you failed come back when they are due for review; "
                         "otherwise the unplayed puzzle you have about a 60% chance of "
                         "solving."):
        current = _for_me(shown, current) or current
    if st.session_state.get(CURRENT_KEY) != current.id:
        st.session_state.pop(SAVED_KEY, None)  # a new showing
    st.session_state[CURRENT_KEY] = current.id
    note = st.session_state.pop(NOTE_KEY, None)
    if note:
        st.warning(note)
    st.caption(f"Puzzle {current.id} · {label(current)}")  # the id as the Play page shows it
    learner = current_learner()
    st.markdown(rating_line(current, learner, _played_before(current)))
    st.caption(rating_note())
    return current


def rating_note() -> str:
    """What the rating is: one for every puzzle page (the store keeps one rating a learner,
    moved by every first try, `trainer.progress.ProgressStore.record_puzzle_attempt`); that a
    new one moves a lot is said on the rating line (`rating_line`: provisional)."""
    return ("Your puzzle rating is one rating shared by the puzzle pages (Play, Bidding, "
            "Discard and At the table): a first try at any of them moves it.")


def _view(puzzle: TablePuzzle) -> None:
    view = view_of(puzzle)
    state, seat = view.state, view.learner
    contract = state.contract
    assert contract is not None and state.declarer is not None
    by = "you" if state.declarer is seat else seat_name(state.declarer)
    role = "the declarer" if state.declarer is seat else (
        "the declarer's partner" if puzzle.side == "declarer" else "a defender")
    st.subheader(red_suits(heading(puzzle)))
    st.markdown(red_suits(f"You sit {seat_name(seat)}, {role}; {contract.pretty} by {by}."))
    st.markdown("**The auction**")
    st.table(auction_table(state.rules, puzzle.dealer, list(puzzle.auction), you=seat),
             border="horizontal", hide_index=True)
    if view.discard:
        st.markdown("Your discard: " + inline_cards_html(view.discard, state.order),
                    unsafe_allow_html=True)
    if view.nominated is not None:
        st.markdown(red_suits(f"The joker is nominated as {view.nominated}."))
    if view.exposed:
        st.markdown("The declarer's hand, face up: "
                    + inline_cards_html(view.exposed, state.order), unsafe_allow_html=True)
    if state.history:
        st.markdown("**The tricks played**")
        st.table(history_rows(state), border="horizontal")
    if state.trick:
        seats = state.trick_seats()
        st.markdown("**This trick so far**")
        st.markdown(trick_html(state.trick, [seat_name(s) for s in seats], state.order),
                    unsafe_allow_html=True)
    else:
        st.markdown("You are on lead.")
    st.markdown("**Your hand**")
    st.markdown(hand_html(view.hand, state.order, label="your hand"), unsafe_allow_html=True)


def _answer(puzzle: TablePuzzle) -> str | None:
    kept = st.session_state.get(ANSWER_KEY)
    return kept["play"] if kept and kept.get("puzzle") == puzzle.id else None


def _cards(puzzle: TablePuzzle) -> None:
    view = view_of(puzzle)
    st.markdown("**Your card**")
    columns = st.columns(min(5, len(view.legal)))
    for i, play in enumerate(view.legal):
        if columns[i % len(columns)].button(play_label(play), key=f"table_{puzzle.id}_{play.code}"):
            st.session_state[ANSWER_KEY] = {"puzzle": puzzle.id, "play": play.code}
            _save(puzzle, play)
            st.rerun()


def _reveal(puzzle: TablePuzzle, code: str) -> None:
    play = next(p for p in view_of(puzzle).legal if p.code == code)
    verdict = grade_card(puzzle, play)
    (st.success if verdict.right else st.error)(red_suits(verdict.text))
    st.markdown("**Every card's chance**")
    st.table(shares_rows(puzzle), border="horizontal", hide_index=True)
    st.caption(TAGS_KEY)
    state = puzzle.position.to_state()
    st.markdown("**The other hands**")
    st.markdown(board_html(state, puzzle.learner, live=False), unsafe_allow_html=True)
    if puzzle.write_up:
        st.markdown("**Why**")
        st.markdown(red_suits(puzzle.write_up))
    kept = st.session_state.get(SAVED_KEY)
    if kept and kept[0] == puzzle.id:
        st.caption(kept[1])
    if st.button("Try it again", key=f"table_again_{puzzle.id}"):
        st.session_state.pop(ANSWER_KEY, None)
        st.rerun()


def render() -> None:
    st.markdown(INTRO)
    if current_learner() is None:
        st.caption(f"Your results are not saved: {keep_words()} on Home to keep them.")
    with st.spinner("Dealing the puzzle ...", show_time=False):
        puzzles = table_bank()
    if not puzzles:
        st.info("No at-the-table puzzles are installed.")
        return
    puzzle = _choose(puzzles)
    if puzzle is None:
        return
    _view(puzzle)
    code = _answer(puzzle)
    if code is None:
        _cards(puzzle)
    else:
        _reveal(puzzle, code)


render()
