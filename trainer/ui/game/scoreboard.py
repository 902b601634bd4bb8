"""The score in words and figures: what one hand scored (`hand_summary`), the running totals
after each hand (`score_table`, `score_figure`) and the game's end (`winner_words`). Pure
functions of the game (pandas and plotly, no Streamlit)."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go

from trainer.cards import Seat
from trainer.game import Game, GameHand, Phase
from trainer.generate.explain import seat_name
from trainer.scoring import GameScore
from trainer.ui.game.session import side_name
from trainer.ui.widgets.charts import MARGIN

COLOURS = ("#2e7d32", "#c62828", "#1565c0", "#6a1b9a", "#ef6c00", "#00838f")


@dataclass(frozen=True)
class HandSummary:
    """One finished hand: ``contract`` ("7♥ by West", or None: thrown in, or played with no
    bids), ``result`` (a sentence: made or set, the tricks), and the points each side scored
    (`side_name` words, in table order)."""

    number: int
    contract: str | None
    result: str
    points: tuple[tuple[str, int], ...]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def hand_summary(hand: GameHand, number: int, before: GameScore, after: GameScore,
                 learner: Seat) -> HandSummary:
    """``hand`` (over) in words: the contract, whether it was made, each side's points."""
    points = tuple((side_name(side, learner), after.scores[side] - before.scores[side])
                   for side in after.scores)
    if hand.phase is Phase.THROWN_IN:
        return HandSummary(number, None, "Everybody passed, so the hand was thrown in and the "
                           "next dealer deals again. Nobody scores.", points)
    contract, declarer = hand.contract, hand.declarer
    if contract is None or declarer is None:
        return HandSummary(number, None, "Everybody passed, so the hand was played at no trumps "
                           "with no declarer: each side scores 10 a trick.", points)
    who = "You" if declarer is learner else seat_name(declarer)
    tricks = hand.declarer_tricks()
    score = hand.hand_score()
    made = score is not None and score.declarer > 0
    if contract.misere:
        what = (f"{who} played {contract.pretty} and took no trick: made." if made else
                f"{who} played {contract.pretty} and took {_plural(tricks, 'trick')}: set.")
    else:
        side = side_name(hand.rules.side_of(declarer), learner)
        side = side.replace("You", "you", 1) if side.startswith("You") else side  # mid-sentence
        what = (f"{who} played {contract.pretty}; {side} took {_plural(tricks, 'trick')}: "
                + (f"made (bid {contract.level})." if made else
                   f"set (bid {contract.level}, so {contract.level - tricks} short)."))
    by = "you" if declarer is learner else seat_name(declarer)
    return HandSummary(number, f"{contract.pretty} by {by}", what, points)


def summaries(game: Game, learner: Seat) -> list[HandSummary]:
    """Every finished hand of ``game``, oldest first."""
    out = []
    before = GameScore.new(game.rules)
    for number, (record, after) in enumerate(zip(game.finished, game.scores, strict=True)):
        out.append(hand_summary(GameHand.from_record(record), number, before, after, learner))
        before = after
    return out


def points_words(summary: HandSummary) -> str:
    """``"You and North +40, East and West 0"`` (no sign on nothing scored)."""
    return ", ".join(f"{name} {points:+d}" if points else f"{name} 0"
                     for name, points in summary.points)


def score_table(game: Game, learner: Seat) -> pd.DataFrame:
    """One row a finished hand: its number, contract, and each side's total after it."""
    rows = []
    for summary, after in zip(summaries(game, learner), game.scores, strict=True):
        row: dict[str, object] = {"Hand": summary.number + 1,
                                  "Contract": summary.contract or "thrown in"}
        for side, total in after.scores.items():
            row[side_name(side, learner)] = total
        rows.append(row)
    columns = ["Hand", "Contract", *(side_name(s, learner) for s in game.score.scores)]
    return pd.DataFrame(rows, columns=columns)


def score_figure(game: Game, learner: Seat) -> go.Figure:
    """The running totals of every side, hand by hand (hand 0: the start), with the 500 and
    -500 lines that end the game."""
    fig = go.Figure()
    start = GameScore.new(game.rules)
    for i, side in enumerate(start.scores):
        totals = [0, *(s.scores[side] for s in game.scores)]
        fig.add_trace(go.Scatter(x=list(range(len(totals))), y=totals, mode="lines+markers",
                                 name=side_name(side, learner),
                                 line={"color": COLOURS[i % len(COLOURS)], "width": 2}))
    for level in (500, -500):
        fig.add_hline(y=level, line={"dash": "dot", "color": "#888", "width": 1})
    fig.update_layout(height=260, margin={**MARGIN, "t": 10},
                      legend={"orientation": "h", "y": -0.3}, xaxis_title="After hand",
                      yaxis_title="Points")
    fig.update_xaxes(tickformat="d", dtick=1)
    return fig


def winner_words(game: Game, learner: Seat) -> str:
    """The game's result in a sentence (empty while it goes on)."""
    winner = game.score.winner
    if winner is None:
        return ""
    return (f"{why_won(game.score, learner, game.rules.minus_500_loses)} after "
            f"{_plural(len(game.finished), 'hand')}.")


def why_won(score: GameScore, learner: Seat, minus_500_loses: bool) -> str:
    """Who won the game and why (RULES.md §7): a side reached 500, or one fell to -500."""
    winner = score.winner
    assert winner is not None
    name = side_name(winner, learner)
    verb = "win" if learner in winner or len(winner) > 1 else "wins"
    fallen = [s for s, v in score.scores.items() if v <= -500 and s != winner]
    if minus_500_loses and fallen:
        loser = fallen[0]
        return (f"{side_name(loser, learner)} fell to {score.scores[loser]}, and a side on "
                f"−500 or below loses, so {name} {verb} the game")
    pronoun = "you" if learner in winner else "they" if len(winner) > 1 else "it"
    return f"{name} reached {score.scores[winner]}, 500 or more, so {pronoun} {verb} the game"
