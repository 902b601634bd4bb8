"""The Bidding and Discard puzzle pages through AppTest: they render; the record's best call or
discard is graded "best" and saved once for the learner; a poor call grades worse; two ticked
cards give a message, not a grade; the attempts show on the Progress page."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

from trainer.cards import Seat
from trainer.generate.bid_puzzles import BidPuzzle, grade_bid
from trainer.generate.discard_puzzles import DiscardPuzzle
from trainer.generate.explain import seat_name
from trainer.progress import ProgressStore, Rating
from trainer.progress.start import starting_rating
from trainer.rules import PRESETS
from trainer.ui.data.puzzle_bank import load_bank
from trainer.ui.puzzles.answer import Answer
from trainer.ui.widgets.auction import auction_table, call_rows, call_text
from trainer.ui.widgets.candidates import (
    ENDS,
    MAKES,
    MISSING,
    SCORE,
    TRICKS,
    WAY,
    YOU,
    bar_figure,
    call_table,
    discard_table,
    ends_text,
    makes,
    mine_row,
    pass_label,
)

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
BID = "trainer/ui/pages/bidding.py"
DISCARD = "trainer/ui/pages/discard.py"
PROGRESS = "trainer/ui/pages/progress.py"
BIDS: tuple[BidPuzzle, ...] = load_bank(kind="bid").puzzles
DISCARDS: tuple[DiscardPuzzle, ...] = load_bank(kind="discard").puzzles


@pytest.fixture(autouse=True)
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes its learner store under tmp_path."""
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def start(page: str, puzzle_id: str | None = None, learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if puzzle_id is not None:
        at.query_params["puzzle"] = puzzle_id
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def poor_call(puzzle: BidPuzzle) -> str:
    """The record's worst candidate (a legal call losing the most)."""
    return puzzle.analysis.candidates[-1].call


def text(at: AppTest) -> str:
    """The page's Markdown, but the glossary box's (which names every grade)."""
    glossary = {m.value for e in at.expander if e.label == "What these words mean"
                for m in e.markdown}
    return "\n".join(m.value for m in at.markdown if m.value not in glossary)


# --- bidding -----------------------------------------------------------------------------------


def test_banks_load() -> None:
    assert len(BIDS) == 1000 and len(DISCARDS) == 500


def test_bid_page_renders_hand_auction_and_legal_calls() -> None:
    puzzle = BIDS[0]
    at = start(BID, puzzle.id)
    assert at.title[0].value == "Bidding puzzles"
    assert at.session_state["bid_current"] == puzzle.id
    assert "your hand" in text(at)
    assert at.table, "the auction table is drawn"
    keys = {b.key for b in at.button if b.key and b.key.startswith("bid_call:")}
    assert keys == {f"bid_call:{c}" for c in puzzle.analysis.legal}


def test_best_call_is_graded_best_and_saved_once(db: Path) -> None:
    puzzle = BIDS[0]
    ProgressStore(db).learner("Ann")
    at = start(BID, puzzle.id, learner="Ann")
    best = puzzle.analysis.best.call
    at.button(key=f"bid_call:{best}").click().run()
    assert not at.exception, at.exception
    answer: Answer = at.session_state["bid_answer"]
    assert answer.band == "best" and answer.result is True and answer.saved
    assert ":green-badge[Best]" in text(at)
    # the auction shows the learner's call where the "?" was
    auction = at.table[0].value
    cells = [c for row in auction.values.tolist() for c in row if c]
    assert "?" not in cells and cells[-1] == call_text(best)
    assert "**The auction, with your call**" in text(at)
    [words] = [e for e in at.expander if e.label == "What these words mean"]
    assert "**Double dummy**" in words.markdown[0].value
    table = at.dataframe[0].value
    assert list(table["You"]).count(YOU) == 1
    assert at.get("plotly_chart"), "the trick chart is drawn"
    # what the layouts assumed of the other hands is shown, as on the Analyse page
    shown = "\n".join(c.value for c in at.caption)
    assert puzzle.analysis.inferences
    first = puzzle.analysis.inferences[0]  # "S bid 6♠: …", shown with the seat in words
    seat, rest = first.split(" ", 1)
    assert f"The layouts fit the auction: {seat_name(Seat(seat))} {rest}" in shown
    at.button(key="bid_retry").click().run()  # practice: not saved again
    at.button(key=f"bid_call:{poor_call(puzzle)}").click().run()
    attempts = ProgressStore(db).attempts(ProgressStore(db).learner("Ann", create=False))
    assert [(a.kind, a.item, a.correct) for a in attempts] == [("bid", puzzle.id, True)]


def test_a_misere_decision_charts_scores_not_tricks(db: Path) -> None:
    # Trick counts per strain say nothing about bidding misère: its chart is the expected score
    # of each call.
    puzzle = next(p for p in BIDS if p.analysis.best.call.endswith("MIS"))
    at = start(BID, puzzle.id)
    at.button(key=f"bid_call:{puzzle.analysis.best.call}").click().run()
    assert not at.exception, at.exception
    chart = at.get("plotly_chart")[0].proto.spec
    assert "Expected score per call" in chart and "Your side's tricks" not in chart
    # "is this hand a misère?" answered with a pass, the best call: scores too
    quiet = next(p for p in BIDS if p.generator["kind"] == "misere"
                 and p.analysis.best.call == "P")
    at = start(BID, quiet.id)
    at.button(key="bid_call:P").click().run()
    assert "Expected score per call" in at.get("plotly_chart")[0].proto.spec


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


PRACTICE = "Practice: you have played this puzzle before, so your rating"


def test_a_reload_answers_a_bidding_puzzle_as_practice(db: Path) -> None:
    puzzle = BIDS[0]
    ProgressStore(db).learner("Tess")
    at = start(BID, puzzle.id, learner="Tess")
    at.button(key=f"bid_call:{poor_call(puzzle)}").click().run()
    store = ProgressStore(db)
    tess = store.learner("Tess", create=False)
    start_at = starting_rating().rating
    assert tess.rating.rating < start_at
    assert f"First try rated: your rating {start_at:.0f} → " in captions(at)
    shared = store.puzzle_rating(puzzle.id, Rating(puzzle.rating))
    again = start(BID, puzzle.id, learner="Tess")  # a reload: a new session
    assert f"{PRACTICE} will not change." in text(again)
    again.button(key=f"bid_call:{puzzle.analysis.best.call}").click().run()
    assert not again.exception, again.exception
    assert again.session_state["bid_answer"].result is True
    assert f"{PRACTICE} is unchanged ({tess.rating.rating:.0f})." in captions(again)
    assert store.learner("Tess", create=False).rating == tess.rating
    assert store.puzzle_rating(puzzle.id, Rating(puzzle.rating)) == shared
    assert [(a.correct, a.rated) for a in store.attempts(tess)] == [(False, True),
                                                                   (True, False)]


def test_poor_call_gets_a_worse_band(db: Path) -> None:
    puzzle = next(p for p in BIDS if grade_bid(p, poor_call(p)).band == "blunder")
    ProgressStore(db).learner("Bo")
    at = start(BID, puzzle.id, learner="Bo")
    at.button(key=f"bid_call:{poor_call(puzzle)}").click().run()
    assert not at.exception, at.exception
    answer: Answer = at.session_state["bid_answer"]
    assert answer.band == "blunder" and answer.result is False
    attempts = ProgressStore(db).attempts(ProgressStore(db).learner("Bo", create=False))
    assert [(a.kind, a.correct) for a in attempts] == [("bid", False)]
    at.switch_page(PROGRESS).run()
    assert not at.exception, at.exception
    history = at.dataframe[-1].value
    assert "bid" in set(history["Kind"]) and puzzle.id in set(history["Item"])


def shown_cells(at: AppTest, n: int = 0) -> pd.DataFrame:
    """The text the n-th dataframe shows in each cell (the Styler's display values)."""
    styler = at.dataframe[n].proto.arrow_data.styler
    return pa.ipc.open_stream(styler.display_values).read_all().to_pandas()


NO_BID_STANDING = next(p.id for p in BIDS if p.analysis.standing_side is None)


@pytest.mark.parametrize("puzzle_id,call,row", [(NO_BID_STANDING, "P", "Pass"),
                                                ("b0000007", "MIS", "misère")])
def test_a_call_without_tricks_shows_a_dash_not_none(puzzle_id: str, call: str,
                                                     row: str) -> None:
    # Pass with no bid standing and misère have no mean tricks: the cell shows "—", and the
    # grid is told to draw "—" for a missing value (it draws "None" by default).
    at = start(BID, puzzle_id)
    at.button(key=f"bid_call:{call}").click().run()
    assert not at.exception, at.exception
    table = at.dataframe[0].value
    assert pd.isna(table.loc[table["Call"].str.startswith(row), TRICKS]).all()
    assert at.dataframe[0].proto.placeholder == MISSING == "—"
    cells = shown_cells(at)
    assert list(cells.loc[cells["Call"].str.startswith(row), TRICKS]) == ["—"]
    assert "None" not in set(cells.to_numpy().ravel())
    assert table[TRICKS].dtype.kind == "f"  # numbers, a missing one as NaN
    # the bank's calls are valued with the auction finished: every row, a pass with no bid
    # standing too, shows how often the hand went your side's way, and where it ended
    assert MAKES not in cells.columns
    [way] = cells.loc[cells["Call"].str.startswith(row), WAY]
    assert way.endswith("%")
    [ends] = cells.loc[cells["Call"].str.startswith(row), ENDS]
    assert ends.endswith("%")


def test_next_puzzle_moves_on() -> None:
    at = start(BID)
    first = at.session_state["bid_current"]
    at.button(key="bid_next").click().run()
    assert not at.exception, at.exception
    assert at.session_state["bid_current"] != first


# --- discards ----------------------------------------------------------------------------------


def box(at: AppTest, code: str):  # type: ignore[no-untyped-def]
    """The checkbox of card ``code`` (its key also holds the round of ticks)."""
    return next(c for c in at.checkbox if c.key and c.key.startswith("discard_pick:")
                and c.key.endswith(f":{code}"))


def tick(at: AppTest, codes: list[str]) -> AppTest:
    for code in codes:
        box(at, code).check()
    return at.run()


def test_discard_page_renders_thirteen_cards() -> None:
    puzzle = DISCARDS[0]
    at = start(DISCARD, puzzle.id)
    assert at.title[0].value == "Discard puzzles"
    boxes = [c for c in at.checkbox if c.key and c.key.startswith("discard_pick:")]
    assert len(boxes) == 13
    # the cards just taken from the kitty are marked where they are ticked
    marked = {c.key.rsplit(":", 1)[1] for c in boxes if c.label.endswith(" (kitty)")}
    assert marked == {c.code for c in puzzle.kitty}
    assert at.button(key="discard_go").disabled


def test_two_cards_give_a_message_not_a_grade() -> None:
    puzzle = DISCARDS[0]
    at = start(DISCARD, puzzle.id)
    tick(at, [c.code for c in puzzle.analysis.best.discard[:2]])
    assert not at.exception, at.exception
    assert any("Choose exactly 3 cards" in i.value for i in at.info)
    assert at.button(key="discard_go").disabled
    assert at.session_state["discard_answer"].grade is None


def test_best_discard_is_graded_best_and_saved(db: Path) -> None:
    puzzle = DISCARDS[0]
    ProgressStore(db).learner("Cy")
    at = start(DISCARD, puzzle.id, learner="Cy")
    tick(at, [c.code for c in puzzle.analysis.best.discard])
    assert not at.info or not any("Choose exactly" in i.value for i in at.info)
    at.button(key="discard_go").click().run()
    assert not at.exception, at.exception
    answer: Answer = at.session_state["discard_answer"]
    assert answer.band == "best" and answer.result is True and answer.saved
    assert ":green-badge[Best]" in text(at)
    assert mine_row(at.dataframe[0].value) == 0
    assert at.dataframe[0].proto.placeholder == MISSING
    assert "None" not in set(shown_cells(at).to_numpy().ravel())
    at.button(key="discard_retry").click().run()
    assert not any(c.value for c in at.checkbox if c.key.startswith("discard_pick:"))
    attempts = ProgressStore(db).attempts(ProgressStore(db).learner("Cy", create=False))
    assert [(a.kind, a.item, a.correct) for a in attempts] == [("discard", puzzle.id, True)]


def test_the_puzzle_list_shows_current_ratings_and_what_was_played(db: Path) -> None:
    # The list's rating is the one the page shows (it moved from the record's), and played
    # puzzles say so.
    puzzle = DISCARDS[0]
    ProgressStore(db).learner("Di")
    at = start(DISCARD, puzzle.id, learner="Di")
    tick(at, [c.code for c in puzzle.analysis.best.discard])
    at.button(key="discard_go").click().run()
    assert not at.exception, at.exception
    now = ProgressStore(db).puzzle_ratings()[puzzle.id].rating
    assert round(now) != round(puzzle.rating)
    label = next(o for o in at.selectbox(key="discard_pick").options if puzzle.id in o)
    assert f" · {now:.0f} · {puzzle.id} · played" in label
    other = next(o for o in at.selectbox(key="discard_pick").options if puzzle.id not in o)
    assert "played" not in other


def test_the_joker_is_called_joker_on_the_discard_page() -> None:
    # d0000001: discarding K♥ Q♥ and the joker reads "K♥ Q♥ Joker", never "Jo".
    puzzle = next(p for p in DISCARDS if p.id == "d0000001")
    at = start(DISCARD, puzzle.id)
    assert box(at, "JK").label == "Joker"
    tick(at, ["KH", "QH", "JK"])
    assert at.button(key="discard_go").label == "Discard K♥ Q♥ Joker"
    at.button(key="discard_go").click().run()
    assert not at.exception, at.exception
    assert "You discarded **Joker K♥ Q♥**." in text(at)  # the hand's order: trumps, joker first
    assert "K♥ Q♥ Joker" in set(at.dataframe[0].value["Discard"])
    shown = text(at) + " ".join(c.label for c in at.checkbox)
    assert not re.search(r"\bJo\b", shown)


def test_a_discard_that_makes_as_often_grades_good_not_mistake(db: Path) -> None:
    # d0000050: 7♠ 6♣ 10♦ makes 7♥ every time, 0.32 tricks fewer than the best: 5.2 points of
    # expected score, "good" (it used to read "mistake"); solved, and saved with the loss.
    puzzle = next(p for p in DISCARDS if p.id == "d0000050")
    ProgressStore(db).learner("Di")
    at = start(DISCARD, puzzle.id, learner="Di")
    tick(at, ["7S", "6C", "TD"])
    at.button(key="discard_go").click().run()
    assert not at.exception, at.exception
    answer: Answer = at.session_state["discard_answer"]
    assert answer.band == "good" and answer.result is True and answer.saved
    shown = text(at)
    assert ":blue-badge[Good]" in shown and "mistake" not in shown.lower()
    assert "Yours, 7♠ 6♣ 10♦: +196.9, 5.2 points less: good." in shown
    assert any("Best within 5 points of the top score, Good within 20" in c.value
               for c in at.caption)
    table = at.dataframe[0].value
    assert table["Discard"].iloc[0] == "10♣ 6♣ 10♦"  # best expected score first
    assert list(table[SCORE]) == sorted(table[SCORE], reverse=True)
    assert list(table["Discard"])[mine_row(table)] == "7♠ 6♣ 10♦"
    [attempt] = ProgressStore(db).attempts(ProgressStore(db).learner("Di", create=False))
    assert attempt.correct is True
    assert attempt.detail["band"] == "good" and attempt.detail["loss"] == 5.2
    assert attempt.detail["best"] == ["TC", "6C", "TD"]
    assert attempt.detail["chance_loss"] == 0 and attempt.detail["trick_loss"] == 0.32


def test_a_costly_discard_is_still_a_mistake_on_the_page(db: Path) -> None:
    # d0000038: the simple policy's K♠ 9♦ 5♥ makes 7♠ 37% of the time against 44%: 53.0
    # points of expected score lost, a mistake, not solved.
    puzzle = next(p for p in DISCARDS if p.id == "d0000038")
    at = start(DISCARD, puzzle.id)
    tick(at, ["KS", "9D", "5H"])
    at.button(key="discard_go").click().run()
    assert not at.exception, at.exception
    answer: Answer = at.session_state["discard_answer"]
    assert answer.band == "mistake" and answer.result is False
    assert ":orange-badge[Mistake]" in text(at) and "53.0 points less: mistake." in text(at)


def test_a_reload_answers_a_discard_puzzle_as_practice(db: Path) -> None:
    puzzle = DISCARDS[0]
    ProgressStore(db).learner("Tess")
    for n in range(2):
        at = start(DISCARD, puzzle.id, learner="Tess")
        tick(at, [c.code for c in puzzle.analysis.best.discard])
        at.button(key="discard_go").click().run()
        assert not at.exception, at.exception
        if n == 0:
            rating = ProgressStore(db).learner("Tess", create=False).rating
            start_at = starting_rating().rating
            assert rating.rating > start_at
            assert f"First try rated: your rating {start_at:.0f} → " in captions(at)
        else:
            assert f"{PRACTICE} is unchanged ({rating.rating:.0f})." in captions(at)
    store = ProgressStore(db)
    assert store.learner("Tess", create=False).rating == rating
    assert [a.rated for a in store.attempts(store.learner("Tess"))] == [True, False]


# --- the pure parts ----------------------------------------------------------------------------


def test_auction_table_puts_calls_under_their_seats() -> None:
    a = BIDS[0].analysis
    table = auction_table(a.rules, a.dealer, a.auction, a.seat)
    assert list(table.iloc[-1]).count("?") == 1
    assert [c for c in table.columns if "(you" in c] == [c for c in table.columns
                                                          if c.startswith("North")]
    assert sum(1 for row in table.values for cell in row if cell not in ("", "?")) == len(
        a.auction)
    # a finished auction (the discard page's): no "?", the declarer still marked as you
    d = DISCARDS[0].analysis
    done = auction_table(DISCARDS[0].rules, d.dealer, d.auction, you=d.seat)
    assert "?" not in set(done.to_numpy().ravel())
    assert [c for c in done.columns if "you" in c] == [
        c for c in done.columns if c.startswith(seat_name(d.seat))]


def test_a_player_who_is_out_has_a_dash_not_a_second_pass() -> None:
    """d0000017's auction, dealer South: W passes, N 6♣, E passes, S 9♠, (W out), N passes.
    West's turn in the second round is an implicit pass, not a call West made."""
    table = auction_table(PRESETS["australian"], Seat.S, ["P", "6C", "P", "9S", "P", "P"])
    assert [list(row) for row in table.values] == [["Pass", "6♣", "Pass", "9♠"],
                                                   ["—", "Pass", "", ""]]


def test_call_rows_cover_every_legal_call_once() -> None:
    for puzzle in BIDS[:20]:
        rows = call_rows(puzzle.analysis.legal)
        assert sorted(c for row in rows for c in row) == sorted(puzzle.analysis.legal)


def test_bar_figures_keep_figures_off_error_bars() -> None:
    # An error bar drawn through a bar's figure hid the minus of -6: with error bars the
    # figures are left to the table and the hover, without them they sit on the bars.
    with_errors = bar_figure(["a", "b"], [12.0, -6.0], 1, title="t", errors=[8.0, 9.0])
    assert with_errors.data[0].text is None
    assert list(with_errors.data[0].hovertext) == ["+12", "-6"]
    plain = bar_figure(["a", "b"], [0.5, 0.25], None, title="t", percent=True)
    assert list(plain.data[0].text) == ["50%", "25%"]


def _as_final(candidates):
    """The candidates as a table taking each call as the final contract (``finish=None``)
    shows them: the same figures without ``finals``."""
    return tuple(replace(c, finals=()) for c in candidates)


def test_makes_for_pass_is_the_standing_bids_own_chance() -> None:
    # b0000006: South (an opponent) bid 8♥ and the learner passes; the record's pass p_make is
    # our side's success (8♥ set 86%; the auction ends in it on every layout).
    puzzle = next(p for p in BIDS if p.id == "b0000006")
    assert puzzle.analysis.standing_side == "theirs"
    passed = puzzle.analysis.value_of("P")
    assert passed.p_make == pytest.approx(0.86) and passed.finals == (("8H", "S", 100),)
    # with the auction finished, the column is "Your way": 86% as it is
    table = call_table(puzzle.analysis.candidates, None, puzzle.analysis.standing_side)
    row = table[table["Call"] == "Pass"].iloc[0]
    assert row[WAY] == pytest.approx(0.86) and row[ENDS] == "South 8♥ 100%"
    # a call taken as the final contract: the Makes column says how often 8♥ makes: 14%
    table = call_table(_as_final(puzzle.analysis.candidates), None,
                       puzzle.analysis.standing_side)
    row = table[table["Call"] == "Pass"].iloc[0]
    assert row[MAKES] == pytest.approx(0.14) and ENDS not in table.columns
    # partner's standing bid, or a bid, is shown as it is; no bid standing: no figure
    ours = next(p for p in BIDS if p.analysis.standing_side == "ours")
    table = call_table(_as_final(ours.analysis.candidates), None, "ours")
    assert table[table["Call"] == "Pass"].iloc[0][MAKES] == ours.analysis.value_of("P").p_make
    bare = next(p for p in BIDS if p.analysis.standing_side is None)
    table = call_table(_as_final(bare.analysis.candidates), None, None)
    assert pd.isna(table[table["Call"] == "Pass"].iloc[0][MAKES])
    assert all(makes(c, "theirs") == c.p_make for c in puzzle.analysis.candidates
               if c.call != "P")


def test_bid_and_discard_themes_are_hidden_until_answered() -> None:
    # All 66 "Passing" puzzles had Pass as the best call: the theme gave the answer away.
    puzzle = next(p for p in BIDS if "pass" in p.themes)
    at = start(BID, puzzle.id)
    text = " ".join(c.value for c in at.caption)
    assert "themes:" not in text and "themes shown once you answer" in text
    at.button(key="bid_call:P").click().run()
    assert "themes: " in " ".join(c.value for c in at.caption)


def test_the_pass_row_says_whose_contract_it_describes() -> None:
    # Taken as the final contract, the pass row's Makes and Tricks are the standing
    # contract's: b0000006's is South's 8♥.
    puzzle = next(p for p in BIDS if p.id == "b0000006")
    final = replace(puzzle.analysis, finish=None)
    label = pass_label(final)
    assert label == "Pass: South plays 8♥"
    table = call_table(_as_final(puzzle.analysis.candidates), None, "theirs", label)
    assert label in list(table["Call"]) and "Pass" not in list(table["Call"])
    bare = next(p for p in BIDS if p.analysis.standing_side is None)
    assert pass_label(replace(bare.analysis, finish=None)) == (
        "Pass: no bid stands, the hand is thrown in")
    # with the auction finished it may go on after a pass: the row is "Pass", and its Ends in
    # cell says where the auction ended most often
    assert pass_label(puzzle.analysis) == "Pass"
    assert ends_text(puzzle.analysis.value_of("P")) == "South 8♥ 100%"
    at = start(BID, "b0000006")
    at.button(key="bid_call:P").click().run()
    shown = at.dataframe[0].value
    assert "Pass" in list(shown["Call"])
    assert list(shown.loc[shown["Call"] == "Pass", ENDS]) == ["South 8♥ 100%"]


def test_tables_add_the_learners_choice_when_missing() -> None:
    # the bank's tables list every legal call (the auction finished); a table of fewer calls
    # (taken as the final contract, levels made under 10% left out) adds the learner's
    puzzle = BIDS[0]
    assert {c.call for c in puzzle.analysis.candidates} == set(puzzle.analysis.legal)
    mine = puzzle.analysis.candidates[-1]
    shown = puzzle.analysis.candidates[:-1]
    listed = {c.call for c in shown}
    table = call_table(shown, mine)
    assert len(table) == len(listed) + 1 and mine_row(table) is not None
    assert list(table[SCORE]) == sorted(table[SCORE], reverse=True)
    discards = discard_table(DISCARDS[0].analysis.candidates)
    assert mine_row(discards) is None and len(discards) == len(DISCARDS[0].analysis.candidates)
