"""The Club page's tables and chart: one deal's results member by member against the field,
the set's standings, the scores against the field deal by deal (plotly), and the members'
puzzle ratings, first tries by theme and streaks. Pure functions (pandas and plotly, no
Streamlit); the figures come from `trainer.review.club` and `trainer.progress.club`. Also
`Playing`, the deal on the Club page's table (kept in the session, so defined here: a class of
the page script itself would be a new class on every rerun).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go

from trainer.bidding import Bid, parse_call
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.progress.club import DealResult, MemberActivity, SetResults
from trainer.review.club import Compared, Entry, compare, standings
from trainer.ui.game.scoreboard import COLOURS
from trainer.ui.game.session import Table
from trainer.ui.widgets.charts import MARGIN

THEMES_SHOWN = 6
"""Themes shown in the members' table (those most tried across the members)."""


@dataclass
class Playing:
    """The deal on the Club page's table: its set's code, its number (0 first) and the game's
    `Table` (mutable: the game's controls advance it)."""

    code: str
    deal: int
    table: Table


def entries(results: SetResults) -> list[Entry]:
    """Every visible result as a `trainer.review.club.Entry` (member, deal, net)."""
    return [Entry(r.learner_id, r.deal, r.net) for rs in results.results.values() for r in rs]


def contract_words(result: DealResult) -> str:
    """``7♠ by East``, ``misère by South``; ``thrown in`` for a hand nobody bid."""
    if result.contract is None or result.declarer is None:
        return "thrown in"
    try:
        call = parse_call(result.contract)
        name = call.pretty if isinstance(call, Bid) else result.contract
        who = seat_name(Seat(result.declarer))
    except (TrainerError, ValueError):
        return result.contract
    return f"{name} by {who}"


def signed(x: float) -> str:
    """``+40``, ``−15``, ``0`` (a real minus sign; halves kept: ``+12.5``)."""
    text = f"{abs(x):.1f}".removesuffix(".0")
    return "0" if text == "0" else ("+" if x > 0 else "−") + text


def deal_table(results: SetResults, deal: int) -> pd.DataFrame:
    """One row a member: the contract, the declarer's side's tricks, the member's points
    (their side's less the others'), against the field, the review's accuracy and points
    lost; members who have not played the deal yet say so."""
    mine = {r.learner_id: r for r in results.results.get(deal, ())}
    scored = {c.member: c for c in compare([Entry(r.learner_id, deal, r.net)
                                            for r in mine.values()])}
    rows = []
    for m in results.members:
        r = mine.get(m.learner_id)
        if r is None:
            rows.append({"Member": m.display, "Contract": "not played yet", "Tricks": "",
                         "Points": "", "Against the field": "", "Accuracy": "",
                         "Points lost": ""})
            continue
        c = scored[m.learner_id]
        rows.append({
            "Member": m.display, "Contract": contract_words(r),
            "Tricks": "" if r.tricks is None else str(r.tricks),
            "Points": signed(r.net), "Against the field": signed(c.score),
            "Accuracy": "" if r.accuracy is None else f"{r.accuracy:.0f}%",
            "Points lost": "" if r.points_lost is None else f"{r.points_lost:.0f}",
        })
    return pd.DataFrame(rows, columns=["Member", "Contract", "Tricks", "Points",
                                       "Against the field", "Accuracy", "Points lost"])


def standings_table(results: SetResults) -> pd.DataFrame:
    """The members by their total against the field over the deals they played (only deals
    the viewer has played count, so nothing of the others shows)."""
    rows = [{"Member": results.name_of(s.member), "Deals": s.deals,
             "Against the field": signed(s.total), "A deal": signed(round(s.mean, 1))}
            for s in standings(compare(entries(results)))]
    return pd.DataFrame(rows, columns=["Member", "Deals", "Against the field", "A deal"])


def field_figure(results: SetResults) -> go.Figure:
    """The members' scores against the field, one group of bars a deal (the viewer's deals)."""
    compared: Sequence[Compared] = compare(entries(results))
    deals = sorted({c.deal for c in compared})
    fig = go.Figure()
    for i, m in enumerate(results.members):
        mine = {c.deal: c.score for c in compared if c.member == m.learner_id}
        if not mine:
            continue
        fig.add_trace(go.Bar(
            x=[f"Deal {d + 1}" for d in deals if d in mine],
            y=[round(mine[d], 1) for d in deals if d in mine], name=m.display,
            marker_color=COLOURS[i % len(COLOURS)],
            hovertemplate=f"{m.display}: %{{y:+.0f}} against the field<extra></extra>"))
    fig.add_hline(y=0, line={"color": "#888", "width": 1})
    fig.update_layout(barmode="group", height=280, margin={**MARGIN, "t": 10},
                      legend={"orientation": "h", "y": -0.25},
                      yaxis_title="Points against the field")
    return fig


def activity_table(activity: Sequence[MemberActivity], theme_words: object = str
                   ) -> pd.DataFrame:
    """One row a member: puzzle rating, days in a row, puzzles right in a row, and the first
    tries on the themes most tried across the members (``right/tries``)."""
    counts: dict[str, int] = {}
    for a in activity:
        for t, (tries, _) in a.themes.items():
            counts[t] = counts.get(t, 0) + tries
    shown = sorted(counts, key=lambda t: (-counts[t], t))[:THEMES_SHOWN]
    words = theme_words if callable(theme_words) else str
    rows = []
    for a in activity:
        row: dict[str, object] = {"Member": a.member.display,
                                  "Puzzle rating": round(a.rating),
                                  "Days in a row": a.day_streak,
                                  "Right in a row": a.run}
        for t in shown:
            tries, right = a.themes.get(t, (0, 0))
            row[str(words(t))] = f"{right}/{tries}" if tries else ""
        rows.append(row)
    columns = ["Member", "Puzzle rating", "Days in a row", "Right in a row",
               *(str(words(t)) for t in shown)]
    return pd.DataFrame(rows, columns=columns)
