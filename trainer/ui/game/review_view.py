"""A hand's review shown as Lichess shows a game review: the accuracy big, a table of the
learner's decisions with their grades in colour, a chart of what each cost, and every mistake
and blunder opened up: the better choice, its line played out on the board from the position
before the decision, and the reason in words. "Replay from here" opens a practice copy of the
hand at that point (`practice_from`), which is never saved into the game.

The grading is `trainer.review.grade.review_hand`; it takes a few seconds a decision, so a
review is computed once (under a progress bar, with a solver lent from the pool) and kept in
the session by its key.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from trainer.bots import Level
from trainer.cards import Seat
from trainer.codes import parse_card, parse_play
from trainer.errors import TrainerError
from trainer.game import GameHand, HandRecord
from trainer.generate.explain import play_text, seat_name
from trainer.review.grade import DecisionReview, HandReview, review_hand
from trainer.rules import CardOrder
from trainer.scoring import GameScore
from trainer.ui.data.solver_access import solver_lock
from trainer.ui.game.personal import keep_costly, say_kept
from trainer.ui.game.session import Table
from trainer.ui.widgets.auction import call_text
from trainer.ui.widgets.board import board_html
from trainer.ui.widgets.cards import hand_html, red_suits, trick_html
from trainer.ui.widgets.charts import MARGIN, PLOT_CONFIG

REVIEWS_KEY = "game_reviews"
"""Session key: the reviews computed so far, by review key."""
BANDS = {
    "best": ("Best", "#2e7d32"),
    "good": ("Good", "#689f38"),
    "inaccuracy": ("Inaccuracy", "#f9a825"),
    "mistake": ("Mistake", "#ef6c00"),
    "blunder": ("Blunder", "#c62828"),
}
FORCED = ("Only choice", "#9e9e9e")
OPENED = ("inaccuracy", "mistake", "blunder")
"""Bands whose decisions are opened up under the table."""


PLURALS = {"Inaccuracy": "inaccuracies", "Mistake": "mistakes", "Blunder": "blunders",
           "Only choice": "only choices", "Best": "best", "Good": "good"}
"""A grade's label counted more than once (``Best`` and ``Good`` are adjectives: ``2 best``)."""


def count_words(label: str, n: int) -> str:
    """A count of one grade in words: ``count_words("Inaccuracy", 2)`` -> ``2 inaccuracies``,
    ``1 mistake``, ``0 blunders``, ``3 best``."""
    word = label.lower() if n == 1 else PLURALS.get(label, label.lower() + "s")
    return f"{n} {word}"


def a_grade(label: str) -> str:
    """A grade with its article: ``an inaccuracy``, ``a mistake``, ``a blunder``."""
    word = label.lower()
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def summary_words(review: HandReview) -> str:
    """The grades of a review counted, in the table's order, those with none left out:
    ``1 best · 2 good · 2 inaccuracies · 1 blunder``."""
    counts: dict[str, int] = {}
    for d in review.decisions:
        label = band_of(d)[0]
        counts[label] = counts.get(label, 0) + 1
    order = [name for name, _ in BANDS.values()] + [FORCED[0]]
    ranked = sorted(counts, key=lambda x: order.index(x) if x in order else len(order))
    return " · ".join(count_words(label, counts[label]) for label in ranked)


def costly_title(d: DecisionReview) -> str:
    """A costly decision's heading: ``Auction: 8♥, an inaccuracy (about 30 points)``."""
    lost = (f"{d.win_loss:.0f}% of the chance of the game" if d.win_loss is not None
            else f"about {d.cost:.0f} points")
    return f"{when_words(d)}: {choice_words(d.kind, d.chosen)}, {a_grade(band_of(d)[0])} ({lost})"


def band_of(decision: DecisionReview) -> tuple[str, str]:
    """The grade's label and colour."""
    return FORCED if decision.forced else BANDS.get(decision.band, (decision.band, "#555"))


def choice_words(kind: str, code: str) -> str:
    """A decision's code in the game's words: ``"P"`` → ``Pass``, ``"7H"`` → ``7♥``,
    ``"AS KH 3C"`` → ``A♠ K♥ 3♣``, ``"JK:H"`` → ``the joker (named ♥)``."""
    try:
        if kind == "call":
            return call_text(code)
        if kind == "discard":
            return " ".join(parse_card(c).pretty for c in code.split())
        return play_text(parse_play(code))
    except (TrainerError, ValueError):
        return code


def when_words(decision: DecisionReview) -> str:
    if decision.kind == "card":
        return f"Trick {decision.trick}"
    return "Auction" if decision.kind == "call" else "Discard"


GAME_LOST = "Game chance lost"
COLUMNS = ["When", "You", "Best", "Grade", GAME_LOST, "Points lost", "Tricks lost"]
ROW_PX = 35
"""Height of a table row, so the whole table shows without its own scroll bar."""


def decisions_table(review: HandReview) -> pd.DataFrame:
    """One row a decision: when, the learner's choice, the best, the costs and the grade."""
    rows = []
    by_game = any(d.win_loss is not None for d in review.decisions)
    for d in review.decisions:
        rows.append({
            "When": when_words(d),
            "You": choice_words(d.kind, d.chosen),
            "Best": choice_words(d.kind, d.best),
            "Grade": band_of(d)[0],
            GAME_LOST: "" if d.win_loss is None else f"{d.win_loss:.0f}%",
            "Points lost": round(d.cost),
            "Tricks lost": "" if d.dd_cost is None else f"{d.dd_cost:g}",
        })
    columns = [c for c in COLUMNS if by_game or c != GAME_LOST]
    return pd.DataFrame(rows, columns=columns)


def _grade_style(label: str) -> str:
    colour = next((c for name, c in [*BANDS.values(), FORCED] if name == label), None)
    return f"background-color:{colour};color:white;font-weight:600" if colour else ""


def cost_figure(review: HandReview) -> go.Figure:
    """The points each decision cost (where the score decided, the chance of the game lost,
    in percentage points), one bar a decision in its grade's colour."""
    by_game = any(d.win_loss is not None for d in review.decisions)
    labels, calls = [], 0  # distinct labels: a category axis merges equal ones
    for d in review.decisions:
        calls += d.kind == "call"
        labels.append(f"Call {calls}" if d.kind == "call" else when_words(d))
    unit = "% of the game" if by_game else " points"
    fig = go.Figure(go.Bar(
        x=labels, y=[round(d.win_loss if by_game and d.win_loss is not None else d.cost, 1)
                     for d in review.decisions],
        marker_color=[band_of(d)[1] for d in review.decisions],
        text=[band_of(d)[0] for d in review.decisions],
        hovertemplate=f"%{{x}}: %{{y:.0f}}{unit} (%{{text}})<extra></extra>"))
    fig.update_layout(height=240, margin={**MARGIN, "t": 10},
                      yaxis_title="Chance of the game lost (%)" if by_game else "Points lost",
                      xaxis={"tickangle": -45})
    return fig


# --- computing ---------------------------------------------------------------------------------


def computed(key: str) -> HandReview | None:
    got = st.session_state.get(REVIEWS_KEY, {}).get(key)
    return got if isinstance(got, HandReview) else None


def compute(key: str, record: HandRecord, seat: Seat, assisted: bool,
            score: GameScore | None = None) -> HandReview | None:
    """The review of ``seat`` in ``record`` (computed once, under a progress bar); None with
    the reason shown when the record cannot be graded. ``score``: the game's score before the
    hand (graded by the chance of winning the game where it decides)."""
    done = computed(key)
    if done is not None:
        return done
    with st.status("Reviewing the hand…", expanded=True) as status:
        bar = st.progress(0.0, text="Grading each decision against what you could see")

        def progress(graded: int, total: int) -> None:
            bar.progress(min(1.0, graded / max(total, 1)),
                         text=f"Graded {graded} of {total} decisions")

        try:
            with solver_lock():
                review = review_hand(record, seat, progress=progress, assisted=assisted,
                                     score=score)
        except TrainerError as e:
            status.update(label="The hand could not be reviewed", state="error")
            st.error(str(e), icon=":material/error:")
            return None
        bar.progress(1.0, text="Keeping the costly positions as puzzles")
        added = keep_costly(review, record, seat)
        status.update(label="The hand is reviewed", state="complete", expanded=False)
    say_kept(added)
    st.session_state.setdefault(REVIEWS_KEY, {})[key] = review
    return review


# --- showing -----------------------------------------------------------------------------------


def practice_from(record: HandRecord, decision: DecisionReview, seat: Seat,
                  level: Level = Level.NORMAL, seed: int = 0, number: int = 0) -> Table:
    """A practice copy of the hand from the position before ``decision``, ``seat`` to act
    (calls replayed up to it; the discard: the whole auction; a card: the plays before it)."""
    if decision.kind == "card":
        hand = GameHand.from_record(record, upto=decision.action_index)
    else:
        hand = GameHand(record.rules, record.deal)
        if record.calls:
            for code in record.calls[:decision.action_index]:
                hand.auction_call_turn(code)
        elif record.contract is not None and record.declarer is not None:
            hand.set_contract(record.contract, record.declarer)
    seen = len(hand.state.history) if hand.state is not None else 0
    return Table(hand, seat, level, seed, None, number, seen)


def _line_html(record: HandRecord, decision: DecisionReview, seat: Seat) -> str:
    """The best choice's double-dummy line, trick by trick, each card under its player."""
    hand = GameHand.from_record(record, upto=decision.action_index)
    state = hand.state
    if state is None or not decision.line:
        return ""
    work = state.copy()
    parts = []
    # the trick in progress starts with the cards already played to it
    plays, seats = list(state.trick), list(state.trick_seats())
    for code in decision.line:
        try:
            play = parse_play(code)
            seats.append(work.to_play)
            work.push(play)
        except (TrainerError, ValueError):
            break
        plays.append(play)
        if not work.trick:  # the trick is complete
            captions = ["You" if s is seat else seat_name(s) for s in seats]
            number = len(work.history)
            parts.append(f'<div style="flex:0 0 auto;border:1px solid #ddd;border-radius:8px;'
                         f'padding:4px 8px"><div style="font-size:0.8rem;font-weight:600">'
                         f"Trick {number}</div>"
                         + trick_html(plays, captions, state.order, width=34,
                                      label=f"trick {number} of the best line") + "</div>")
            plays, seats = [], []
    return ('<div style="display:flex;flex-wrap:wrap;gap:8px;margin-bottom:0.5rem">'
            + "".join(parts) + "</div>")


def _position(record: HandRecord, decision: DecisionReview, seat: Seat) -> None:
    """The position before the decision, every hand shown."""
    if decision.kind == "card":
        hand = GameHand.from_record(record, upto=decision.action_index)
        if hand.state is not None:
            st.markdown(board_html(hand.state, seat, live=True), unsafe_allow_html=True)
        return
    hand = GameHand(record.rules, record.deal)
    if decision.kind == "discard":
        practice = practice_from(record, decision, seat).hand
        contract = practice.contract
        order = CardOrder(trump=contract.trump if contract else None)
        cards = sorted(practice.kitty_pool(), key=order.display_key)
        st.markdown(hand_html(cards, order, label="your cards and the kitty", width=48,
                              mark_trumps=True), unsafe_allow_html=True)
    else:
        order = CardOrder(trump=None)
        st.markdown(hand_html(sorted(hand.deal.hands[seat], key=order.display_key), order,
                              label="your hand", width=48), unsafe_allow_html=True)


def show(review: HandReview, record: HandRecord, key: str, on_replay: object = None) -> None:
    """Draw ``review`` (module docstring). ``on_replay(table)``: opens a practice hand (None:
    no "Replay from here" buttons)."""
    seat = review.seat
    left, right = st.columns([1, 2], vertical_alignment="center")
    with left:
        accuracy = "—" if review.accuracy is None else f"{review.accuracy:.0f}%"
        st.metric("Accuracy", accuracy, help="How close your decisions came to the best, "
                  "100% being the best every time (as Lichess counts it).")
    with right:
        contract = choice_words("call", review.contract) if review.contract else "no contract"
        who = ("you" if review.declarer is seat else seat_name(review.declarer)) \
            if review.declarer else "nobody"
        st.markdown(red_suits(f"**{seat_name(seat)}'s decisions** · contract {contract} by "
                              f"{who}"))
        st.caption(summary_words(review))
        if review.assisted:
            st.badge("Assisted: you took a hint in this hand", icon=":material/lightbulb:",
                     color="orange")
    for note in review.notes:
        st.caption(note)
    if not review.decisions:
        st.info("There is nothing to grade: this seat made no decision in the hand.")
        return
    table = decisions_table(review)
    st.dataframe(table.style.map(_grade_style, subset=["Grade"]), hide_index=True,
                 width="stretch", height=ROW_PX * (len(table) + 1) + 3)
    st.caption("A grade judges a choice by what you could see at the time, not by how the "
               "cards lay. Points lost: the average over the deals you could have been facing "
               "(your side's points less the opponents'). Tricks lost: what the card cost with "
               "every card face up, so a fair guess can still lose a trick, and a poor one "
               "can get away with it."
               + (" Near the end of the game the score decides: there a choice is graded by "
                  f"the {GAME_LOST.lower()}, your side's chance of winning the game given up "
                  "against the best." if any(d.win_loss is not None for d in review.decisions)
                  else ""))
    st.plotly_chart(cost_figure(review), config=PLOT_CONFIG, key=f"{key}:chart")
    costly = [d for d in review.decisions if d.band in OPENED and not d.forced]
    if not costly:
        st.success("No mistake or blunder in this hand.", icon=":material/check_circle:")
    for d in costly:
        with st.expander(red_suits(costly_title(d))):
            st.markdown(red_suits(f"**Better: {choice_words(d.kind, d.best)}.** {d.reason}"))
            _position(record, d, seat)
            line = _line_html(record, d, seat)
            if line:
                st.markdown("**The best line, all cards shown:**")
                st.markdown(line, unsafe_allow_html=True)
            if callable(on_replay):
                st.button("Replay from here", key=f"{key}:replay:{d.number}",
                          icon=":material/replay:", on_click=on_replay,
                          args=(record, d, seat))
