"""The candidate tables and charts of the bidding and discard puzzles (pure functions returning
pandas tables, Stylers and plotly figures; the pages draw them).

Each table lists the record's candidates best first, with the learner's choice added when the
table did not hold it, marked in a "You" column (words, not only colour) and highlighted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from pandas.io.formats.style import Styler

from trainer.bidding import parse_call
from trainer.cards import Seat, sort_key
from trainer.generate.bid_puzzles import top_strains
from trainer.generate.explain import seat_name
from trainer.rules import Strain
from trainer.simulate import BidAnalysis, CallResult, DiscardResult, score_key
from trainer.ui.widgets.auction import call_text

YOU = "◀ you"
HIGHLIGHT = "background-color: rgba(255, 193, 7, 0.28); font-weight: 600"
MINE_COLOUR = "#e9a100"
OTHER_COLOUR = "#5b7db1"
SCORE, SE, MAKES, TRICKS = "Score", "± s.e.", "Makes", "Tricks"
WAY, ENDS = "Your way", "Ends in"
"""A finished-auction table's columns (``BidAnalysis.finish``): in place of `MAKES`, the share of
layouts where the contract reached goes your side's way (``p_make``: your contract made or
theirs set); last, the commonest final contract and its share of the layouts."""
COLUMN_TERMS = {SCORE: "Expected score", SE: "Standard error", WAY: "Goes your way",
                ENDS: "Ends in", MAKES: "Make and set", TRICKS: "Trick"}
"""The glossary term (`trainer.ui.data.glossary`) each figure column is explained by, for its
header's tooltip."""
WHY = "Why"
"""The column of each row's reason (`trainer.generate.write_ups`), when the page gives them."""
"""Column names: expected score, its standard error, chance of making, mean tricks (short, so
the table fits a phone)."""
FORMATS = {SCORE: "{:+.1f}", SE: "{:.1f}", MAKES: "{:.0%}", WAY: "{:.0%}", TRICKS: "{:.2f}"}
MISSING = "—"
"""What a cell without a figure shows (the tricks of a pass with no bid standing, or of a
misère): the pages pass it to ``st.dataframe(placeholder=...)``, which otherwise draws "None"
for a missing value whatever the Styler says."""


def field(candidate: Any, name: str) -> Any:
    """A candidate's ``name`` field, from a record's dict or a result object (None if absent)."""
    return candidate.get(name) if isinstance(candidate, Mapping) else getattr(candidate, name,
                                                                                None)


def makes(result: Any, standing_side: str | None) -> float | None:
    """The chance the contract a call leads to makes, whoever declares it. A pass leaves the
    standing bid to be played (``standing_side``: `BidAnalysis.standing_side`); when that bid
    is the opponents', the result's ``p_make`` (our side's success: the bid set) is turned
    round. None for a pass with no bid standing: the hand is thrown in. A call valued with the
    auction finished (it has ``finals``): its ``p_make`` as it is, the share of layouts where
    the contract reached goes the learner's side's way."""
    call, chance = field(result, "call"), field(result, "p_make")
    if call != "P" or chance is None or field(result, "finals"):
        return chance
    if standing_side is None:
        return None
    return 1 - chance if standing_side == "theirs" else chance


def discard_text(result: DiscardResult) -> str:
    """A discard in symbols, in hand order: ``8♠ J♣ 6♣``."""
    return " ".join(c.pretty for c in sorted(result.discard, key=sort_key))


def _with_mine(rows: list[dict[str, object]], mine: int | None,
               why: Sequence[str] | None = None) -> pd.DataFrame:
    """The rows with ``You`` and `WHY` right after the choice, so that on a phone, where the
    table scrolls sideways, the learner's mark and the reasons are in sight."""
    out = []
    for i, row in enumerate(rows):
        (first, choice), *figures = row.items()
        front: dict[str, object] = {first: choice, "You": YOU if i == mine else ""}
        if why is not None:
            front[WHY] = why[i]
        out.append({**front, **dict(figures)})
    return pd.DataFrame(out)


def mine_row(table: pd.DataFrame) -> int | None:
    """The position of the learner's row in a candidate table, or None."""
    marks = list(table["You"])
    return marks.index(YOU) if YOU in marks else None


def ends_text(result: CallResult) -> str:
    """The commonest final contract after a call and its share: ``West 8♠ 30%``, ``all pass
    100%``; "" for a call taken as the final contract (no ``finals``)."""
    finals = field(result, "finals")
    if not finals:
        return ""
    contract, declarer, count = finals[0]
    total = sum(k for _, _, k in finals)
    what = "all pass" if declarer is None else f"{seat_name(Seat(declarer))} {call_text(contract)}"
    return f"{what} {count / total:.0%}"


def pass_label(analysis: BidAnalysis) -> str:
    """The pass row's label: what passing leads to, so that its Makes and Tricks are read as
    the standing contract's, whoever declares it (``"Pass: West plays 7♠"``). With the auction
    finished (``analysis.finish``) the auction may go on after a pass: ``"Pass"`` (its `ENDS`
    cell says where it most often ended)."""
    if analysis.finish is not None:
        return "Pass"
    if analysis.standing is None:
        return "Pass: no bid stands, the hand is thrown in"
    code, seat, _ = analysis.standing
    who = "you play" if seat is analysis.seat else f"{seat_name(seat)} plays"
    return f"Pass: {who} {call_text(code)}"


def call_table(candidates: Sequence[CallResult], mine: CallResult | None = None,
               standing_side: str | None = None, pass_words: str | None = None,
               why: Callable[[CallResult], str] | None = None) -> pd.DataFrame:
    """Calls best first (expected score): ``Call``, `SCORE`, `SE`, `MAKES` (`makes`), `TRICKS`,
    ``You`` (marks ``mine``, added if missing), and with ``why`` a `WHY` column of each row's
    reason; calls valued with the auction finished: `WAY` for `MAKES`, and `ENDS` last.
    ``standing_side``: whose bid stands if the learner passes
    (`BidAnalysis.standing_side`); ``pass_words``: the pass row's label (`pass_label`), else
    "Pass"."""
    results = list(candidates)
    if mine is not None and all(c.call != mine.call for c in results):
        results.append(mine)
    results.sort(key=lambda c: -c.ev)
    finished = any(c.finals for c in results)
    rows: list[dict[str, object]] = [
        {"Call": pass_words if c.call == "P" and pass_words else call_text(c.call),
         SCORE: c.ev, SE: c.se,
         WAY if finished else MAKES: makes(c, standing_side),
         TRICKS: c.mean_tricks, **({ENDS: ends_text(c)} if finished else {})}
        for c in results]
    at = next((i for i, c in enumerate(results) if mine is not None and c.call == mine.call),
              None)
    return _with_mine(rows, at, None if why is None else [why(c) for c in results])


def discard_table(candidates: Sequence[DiscardResult],
                  mine: DiscardResult | None = None,
                  why: Callable[[DiscardResult], str] | None = None) -> pd.DataFrame:
    """Discards best first, by expected score as they are graded (`trainer.simulate.score_key`;
    equal ones in the record's order), the learner's added if missing: ``Discard``, `SCORE`,
    `SE`, `MAKES`, `TRICKS`, ``You``, and with ``why`` a `WHY` column of each row's reason."""
    results = list(candidates)
    key = frozenset(mine.discard) if mine is not None else None
    if mine is not None and all(frozenset(c.discard) != key for c in results):
        results.append(mine)
    results.sort(key=lambda c: -score_key(c))
    rows: list[dict[str, object]] = [
        {"Discard": discard_text(c), SCORE: c.ev, SE: c.se, MAKES: c.p_make,
         TRICKS: c.mean_tricks} for c in results]
    at = next((i for i, c in enumerate(results) if frozenset(c.discard) == key), None)
    return _with_mine(rows, at, None if why is None else [why(c) for c in results])


def styled(table: pd.DataFrame) -> Styler:
    """The table with numbers formatted (a missing figure as `MISSING`) and the learner's row
    highlighted."""
    def paint(row: pd.Series) -> list[str]:
        return [HIGHLIGHT if row["You"] else ""] * len(row)

    formats = {k: v for k, v in FORMATS.items() if k in table.columns}
    return table.style.apply(paint, axis=1).format(formats, na_rep=MISSING)


def bar_figure(labels: Sequence[str], values: Sequence[float], mine: int | None, *,
               title: str, errors: Sequence[float] | None = None,
               percent: bool = False) -> go.Figure:
    """Horizontal bars, first label on top, the learner's bar in gold. With ``errors``, error
    bars and no figures on the bars (an error bar drawn through a figure hid its minus sign;
    the table above gives them); without, each bar's figure."""
    colours = [MINE_COLOUR if i == mine else OTHER_COLOUR for i in range(len(labels))]
    text = [f"{v:.0%}" if percent else f"{v:+.0f}" for v in values]
    bars = go.Bar(x=list(values), y=list(labels), orientation="h", marker_color=colours,
                  text=text if errors is None else None, textposition="auto",
                  hovertext=text, hoverinfo="y+text",
                  error_x=None if errors is None else {"type": "data", "array": list(errors)})
    fig = go.Figure(bars)
    fig.update_layout(
        title={"text": title, "font": {"size": 14}}, height=90 + 32 * len(labels),
        margin={"l": 10, "r": 10, "t": 40, "b": 30}, showlegend=False,
        yaxis={"autorange": "reversed", "type": "category"},
        xaxis={"tickformat": ".0%" if percent else "+d", "zeroline": True})
    return fig


def score_figure(table: pd.DataFrame, label: str, title: str) -> go.Figure:
    """`bar_figure` of a candidate table (`call_table`, `discard_table`): the ``label`` column's
    expected scores with their standard errors, the learner's row in gold."""
    return bar_figure(list(table[label]), list(table[SCORE]), mine_row(table), title=title,
                      errors=list(table[SE]))


def trick_figure(analysis: BidAnalysis, mine: str | None = None) -> go.Figure | None:
    """The learner-declarer's trick distributions in the best strains of the table (and the
    strain of ``mine``, a call code): share of layouts per trick count. None when the record
    has no distributions."""
    strains = top_strains(analysis, 2)
    call = parse_call(mine) if mine else None
    extra = getattr(call, "strain", None)
    if isinstance(extra, Strain) and extra not in strains and extra.value in analysis.tricks:
        strains.append(extra)
    strains = [s for s in strains if analysis.tricks.get(s.value)]
    if not strains:
        return None
    fig = go.Figure()
    for strain in strains:
        hist = analysis.tricks[strain.value]
        total = sum(hist) or 1
        name = "No trumps" if strain is Strain.NO_TRUMPS else f"{strain.symbol} trumps"
        fig.add_bar(x=list(range(len(hist))), y=[n / total for n in hist], name=name)
    fig.update_layout(
        title={"text": "Your side's tricks over the layouts", "font": {"size": 14}},
        barmode="group", height=320, margin={"l": 10, "r": 10, "t": 40, "b": 30},
        xaxis={"title": "tricks", "dtick": 1}, yaxis={"tickformat": ".0%"},
        legend={"orientation": "h", "y": -0.2})
    return fig
