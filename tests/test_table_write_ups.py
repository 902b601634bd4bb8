"""At-the-table write-ups name the plan (issue 28, review27 pattern 4): each opens with the plan in
the game's words, gives at most one clue from what the player saw, and ends with the figures in
one line. The five records the review quoted have their claims checked with the solver: on the
layout shown (best play after each card, double dummy) and over the record's layouts (the
deciding ones: the right card succeeds, the tempting one fails). The shipped bank's write-ups
are the ones ``write-ups table`` fills from the records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.bots.cards import layout_values
from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.generate.records_table import DEFAULT_BANK, TablePuzzle, load_table_puzzles
from trainer.generate.table_puzzles import knowledge_at, layouts_of, success
from trainer.generate.write_ups.fill import table_text
from trainer.generate.write_ups.table import figures
from trainer.generate.write_ups.table_plan import plan, trick_kinds
from trainer.play import PlayState
from trainer.rules import Play
from trainer.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
BANK = {p.id: p for p in load_table_puzzles(ROOT / DEFAULT_BANK)}
QUOTED = ("t0000109", "t0000139", "t0000157", "t0000177", "t0000122")


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


def layouts(puzzle: TablePuzzle) -> list[PlayState]:
    state = puzzle.position.to_state()
    know = knowledge_at(state, puzzle.learner, puzzle.auction, puzzle.dealer, puzzle.discard)
    return layouts_of(state, know, puzzle.layouts, puzzle.sample_seed)


def best(state: PlayState, solver: Solver) -> Play:
    """The best play for the side to move, double dummy (lowest card among equals)."""
    seat = state.to_play
    assert seat is not None
    values = layout_values(state, seat, solver)
    top = max(v[0] for v in values.values())
    return min((p for p, v in values.items() if v[0] == top),
               key=lambda p: state.order.display_key(p.card))


def tricks_after(state: PlayState, play: Play, solver: Solver) -> list[tuple[Seat, str]]:
    """(winner, winning card's name) of every trick from the one on the table, best play."""
    work = state.copy()
    out = []
    move: Play | None = play
    while not work.is_over:
        done = work.push(move if move is not None else best(work, solver))
        move = None
        if done is not None:
            seat = work.trick_winner_seat(done)
            card = next(p.card for p, s in zip(done.plays, done.seats, strict=True)
                        if s is seat)
            out.append((seat, card_name(card)))
    return out


def card_name(card: Card) -> str:
    return "the joker" if card.is_joker else card.pretty


def _tricks(state: PlayState, solver: Solver) -> list:  # type: ignore[type-arg]
    """The tricks completed from ``state`` (mid-trick) with best play."""
    work, out = state.copy(), []
    while not work.is_over:
        done = work.push(best(work, solver))
        if done is not None:
            out.append(done)
    return out


@pytest.mark.parametrize("puzzle_id", QUOTED)
def test_quoted_records_name_a_plan_that_holds(puzzle_id: str, solver: Solver) -> None:
    puzzle = BANK[puzzle_id]
    state = puzzle.position.to_state()
    right, tempting = puzzle.right[0], puzzle.tempting
    found = plan(puzzle, layouts(puzzle), solver)
    assert puzzle.write_up.startswith(found.text)
    assert puzzle.write_up.endswith(figures(puzzle))
    assert "rules of thumb" not in puzzle.write_up and "of those" not in puzzle.write_up
    out = success(state, puzzle.learner, solver)  # the layout shown: right wins, tempting fails
    assert out[right] and not out[tempting]
    ours = set(state.rules.side_of(puzzle.learner))
    r_line, t_line = tricks_after(state, right, solver), tricks_after(state, tempting, solver)
    now = len(state.history) + 1
    if found.kind in {"ruff", "win"}:
        assert r_line[0][0] in ours and t_line[0][0] not in ours
        deciding = [s for i, s in enumerate(layouts(puzzle))
                    if puzzle.outcomes[right][i] and not puzzle.outcomes[tempting][i]]
        held = sum(found.kind in trick_kinds(s, right, tempting, solver) for s in deciding)
        assert held / len(deciding) == pytest.approx(found.holds) and found.holds >= 0.5
    if found.kind == "win":
        seat, card = t_line[0]
        assert f"after {play_text(tempting)}, {seat_name(seat)} takes it with {card}." \
            in found.text
    if found.kind == "ruff":
        led = state.order.play_suit(state.trick[0])
        later = [s for s in state.seats if s not in ours and s not in state.trick_seats()]
        assert later and all(any(state.order.effective_suit(c) is led for c in state.hands[s])
                             for s in later)  # they must follow: no overruff
    if found.kind == "keep":  # the right card wins now; kept, it falls at trick k
        assert found.card is not None
        assert r_line[0] == (puzzle.learner, card_name(right.card))
        seat, card = t_line[found.trick - now]
        assert seat is not puzzle.learner and card == card_name(found.card)
        work = state.copy()
        work.push(tempting)
        kept = [right.card in {q.card for q in t.plays} for t in _tricks(work, solver)]
        assert kept.index(True) == found.trick - now
    if found.kind == "later":
        seat, card = t_line[found.trick - now]
        assert seat not in ours and r_line[found.trick - now][0] in ours
        assert f"trick {found.trick}: after it {seat_name(seat)} takes that trick with {card}" \
            in found.text


def test_quoted_plans_in_words() -> None:
    """The review's own example, and the kinds of plan the five quoted records get."""
    assert BANK["t0000109"].write_up.startswith(
        "Ruff West's A♦ with K♥: East must follow diamonds, so he cannot overruff.")
    assert BANK["t0000139"].write_up.startswith(
        "Ruff with K♦ now, while it wins the trick: kept, it falls under North's J♥ at trick 6.")
    assert BANK["t0000157"].write_up.startswith(
        "Win this trick with A♣: after 8♣, North takes it with K♣.")
    assert BANK["t0000122"].write_up.startswith(
        "Win this trick with A♣: after 9♣, North takes it with 10♣.")


@pytest.mark.parametrize("puzzle_id", QUOTED)
def test_refilled_from_the_record(puzzle_id: str) -> None:
    puzzle = BANK[puzzle_id]
    assert table_text(puzzle.to_json()) == puzzle.write_up


FIGURES = re.compile(r"Over the (\d+) layouts that fit what you have seen: .+ on (\d+)%, .+ "
                     r"\((the card a beginner would play|the next best choice)\) on (\d+)%\.$")


def test_every_write_up_plan_first_figures_last() -> None:
    plans = 0
    for puzzle in BANK.values():
        text = puzzle.write_up
        assert not text.startswith("Of the"), puzzle.id
        assert "rules of thumb" not in text and "of those" not in text, puzzle.id
        m = FIGURES.search(text)
        assert m, (puzzle.id, text)
        made = {c.play: c.made for c in puzzle.cards}
        assert int(m.group(1)) == puzzle.layouts
        assert int(m.group(2)) == round(100 * made[puzzle.right[0]] / puzzle.layouts)
        assert int(m.group(4)) == round(100 * made[puzzle.tempting] / puzzle.layouts)
        assert (m.group(3) == "the next best choice") == puzzle.easy_solves
        plans += "keeps your side's chances" not in text
    assert plans >= 0.95 * len(BANK), plans


def test_write_ups_table_refills_only_the_write_up(tmp_path: Path) -> None:
    """``write-ups table`` (`fill_bank`) sets the write-up of each line and keeps every other
    byte: a spoilt write-up is put back, the untouched line is unchanged."""
    import gzip

    from trainer.generate.write_ups.fill import fill_bank

    with gzip.open(ROOT / DEFAULT_BANK, "rt", encoding="utf-8") as f:
        lines = [next(f), next(f)]
    spoilt = lines[0].replace(json_text(BANK_ORDER[0].write_up), json_text("Of the 96 layouts"))
    assert spoilt != lines[0]
    path = tmp_path / "table.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.writelines([spoilt, lines[1]])
    assert fill_bank("table", path, check=True).changed == 1
    report = fill_bank("table", path)
    assert (report.records, report.changed) == (2, 1)
    with gzip.open(path, "rt", encoding="utf-8") as f:
        assert f.readlines() == lines


def json_text(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)


BANK_ORDER = load_table_puzzles(ROOT / DEFAULT_BANK)
