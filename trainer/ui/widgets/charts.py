"""Plotly figures for the Progress page: the rating line with its deviation band, and accuracy
bars. Pure functions of the tables in `trainer.ui.data.progress_data`."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

BAND = "rgba(94, 42, 132, 0.15)"
LINE = "#5e2a84"
BAR = "#2e7d32"
MARGIN = {"l": 10, "r": 10, "t": 40, "b": 10}
PLOT_CONFIG = {"displaylogo": False, "displayModeBar": False}
"""Streamlit's plotly config for every chart here and on the puzzle pages: no tool bar, which on
a phone sat over the chart's title (the charts are small summaries, not for zooming)."""
INSIDE_FROM = 40
"""Bars at least this % long carry their label inside; shorter ones just outside."""


def rating_figure(history: pd.DataFrame) -> go.Figure:
    """The rating after each attempt (attempt 0: the starting rating), with a band of ± one
    deviation."""
    x = list(range(len(history)))
    hover = [f"{w:%d %b %H:%M} · {p} · {'solved' if s else 'failed'}" if p else "start"
             for w, p, s in zip(history["When"], history["Puzzle"], history["Solved"],
                                strict=True)]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=history["High"], mode="lines", line={"width": 0},
                             hoverinfo="skip", showlegend=False))
    fig.add_trace(go.Scatter(x=x, y=history["Low"], mode="lines", line={"width": 0},
                             fill="tonexty", fillcolor=BAND, hoverinfo="skip",
                             name="± deviation"))
    fig.add_trace(go.Scatter(x=x, y=history["Rating"], mode="lines+markers", name="Rating",
                             line={"color": LINE, "width": 2}, text=hover,
                             hovertemplate="%{y:.0f}<br>%{text}<extra></extra>"))
    fig.update_layout(height=320, margin={**MARGIN, "t": 10},
                      legend={"orientation": "h", "y": -0.25},
                      xaxis_title="Rated puzzle attempts (first tries)", yaxis_title="Rating")
    fig.update_xaxes(tickformat="d", dtick=max(1, len(x) // 8))
    return fig


def accuracy_figure(table: pd.DataFrame, label: str, title: str) -> go.Figure:
    """Horizontal bars of accuracy (0-100%) per ``label`` value, each bar marked with its
    percentage and right/tries: inside a long bar, just outside a short one (so a 0% bar still
    shows its label)."""
    percent = (table["Accuracy"] * 100).tolist()
    text = [f"{p:.0f}% ({r}/{t})"
            for p, r, t in zip(percent, table["Right"], table["Tries"], strict=True)]
    fig = go.Figure(go.Bar(
        x=percent, y=table[label].tolist(), orientation="h",
        marker_color=BAR, text=text,
        textposition=["inside" if p >= INSIDE_FROM else "outside" for p in percent],
        insidetextanchor="end", cliponaxis=False,
        hovertemplate="%{y}: %{text}<extra></extra>"))
    fig.update_layout(title=title, height=max(200, 60 + 32 * len(table)), margin=MARGIN,
                      xaxis={"range": [0, 101], "title": "% right", "ticksuffix": "%",
                             "tickvals": [0, 25, 50, 75, 100]},
                      yaxis={"autorange": "reversed", "automargin": True})
    return fig
