"""The Play puzzles page through AppTest, and its pure parts (choosing the next puzzle, the
filters, the table drawing): a puzzle solved by clicking the recorded solution's cards on the
table is marked solved and saved once; a wrong card shows its refutation, stepped through on
the table; nothing is saved without a learner; failed puzzles come back first when due."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.cards import JOKER
from trainer.generate.explain import play_text
from trainer.generate.grading import PuzzleSession
from trainer.generate.records import PlayPuzzle
from trainer.notation import parse_play
from trainer.progress import ProgressStore, Rating
from trainer.progress.start import starting_rating
from trainer.rules import PRESETS, Play, RuleSet
from trainer.ui.data.puzzle_bank import (
    PuzzleFilter,
    fits_rules,
    for_rules,
    load_bank,
    matching,
    theme_words,
)
from trainer.ui.data.puzzle_choice import TARGET_SCORE, next_puzzle, record_rating
from trainer.ui.widgets.board import NARROW_STYLE, board_html, compass, history_rows
from trainer.ui.widgets.card_buttons import key_class
from trainer.ui.widgets.cards import red_suits

APP = str(Path(__file__).resolve().parents[1] / "streamlit_app.py")
PLAY = "trainer/ui/pages/play.py"
BANK = load_bank()
PUZZLES = for_rules(BANK, RuleSet()).puzzles  # those the app serves under the default rules


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes its learner store under tmp_path."""
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TRAINER_DB", str(path))
    return path


def start(puzzle: PlayPuzzle | None = None, learner: str | None = None,
          rules: RuleSet | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    if rules is not None:
        at.session_state["rules"] = rules
    if puzzle is not None:
        at.query_params["puzzle"] = puzzle.id
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(PLAY).run()
    assert not at.exception, at.exception
    return at


def card_keys(at: AppTest) -> list[str]:
    """The keys of the card buttons on show (``play_card:<code>:<turn>``)."""
    return [b.key for b in at.button if b.key and b.key.startswith("play_card:")]


def card_key(at: AppTest, code: str) -> str:
    """The key of the button for play ``code`` at the decision on show."""
    return next(k for k in card_keys(at) if k.rsplit(":", 1)[0] == f"play_card:{code}")


def click_card(at: AppTest, code: str) -> None:
    """Click the card ``code`` on the table; a led joker named as a suit (``JK:H``) whose suit
    is asked for is clicked, then its suit."""
    codes = {k.rsplit(":", 1)[0] for k in card_keys(at)}
    if f"play_card:{code}" not in codes and code.startswith("JK:"):
        at.button(key=card_key(at, "JK")).click().run()
    at.button(key=card_key(at, code)).click().run()
    assert not at.exception, at.exception


def solve(at: AppTest, puzzle: PlayPuzzle) -> None:
    """Click the recorded main line's card at every decision."""
    for decision in puzzle.solution:
        click_card(at, decision.line[0].code)


def wrong_first_card(puzzle: PlayPuzzle) -> str:
    legal = puzzle.position.to_state().legal_plays()
    right = set(puzzle.solution[0].right)
    return next(p.code for p in legal if p not in right)


def has_wrong_card(puzzle: PlayPuzzle) -> bool:
    return any(p not in set(puzzle.solution[0].right)
               for p in puzzle.position.to_state().legal_plays())


def one_of_each_kind() -> list[PlayPuzzle]:
    """A puzzle for each (contract type, side) in the bank."""
    seen: dict[tuple[str, str], PlayPuzzle] = {}
    for p in PUZZLES:
        seen.setdefault((p.contract_type, p.side), p)
    return list(seen.values())


# --- the page ----------------------------------------------------------------------------------


def test_bank_is_loaded() -> None:
    assert BANK.problem is None and PUZZLES


def test_page_renders_the_puzzle(db: Path) -> None:
    puzzle = PUZZLES[0]
    at = start(puzzle)
    assert at.title[0].value == "Play puzzles"
    assert at.subheader[0].value == puzzle.title
    assert not any("instead" in w.value for w in at.warning)  # the link's puzzle, as asked
    text = " ".join(m.value for m in at.markdown)
    assert "**Contract:**" in text and "**You play:**" in text
    assert 'aria-label="the table"' in text and 'role="img"' in text
    state = puzzle.position.to_state()
    for seat, hand in state.hands.items():
        for card in hand:  # the learner's cards are the buttons, not drawn a second time
            assert (card.label in text) is (seat is not puzzle.learner), (seat, card)
    hand = state.hands[puzzle.learner]
    keys = card_keys(at)
    assert {k.split(":", 1)[1].split(":")[0] for k in keys} == {c.code for c in hand}
    # each legal card is a button named for a screen reader, drawn as its card face
    legal = state.legal_plays()
    assert {b.label for b in at.button if b.key in keys} == {f"Play {play_text(p)}"
                                                             for p in legal}
    css = " ".join(h.value for h in at.html)
    for key in keys:
        assert f".{key_class(key)} button{{background-image:url(\"data:image/svg+xml;" in css
    assert "Click or tap a card to play it." in captions(at)
    assert at.query_params["puzzle"] == puzzle.id


@pytest.mark.parametrize("puzzle", one_of_each_kind(), ids=lambda p: f"{p.contract_type}-{p.side}")
def test_solving_by_clicking_marks_solved_and_saves_once(db: Path, puzzle: PlayPuzzle) -> None:
    ProgressStore(db).learner("Ann")
    at = start(puzzle, learner="Ann")
    solve(at, puzzle)
    assert any(s.value == "Puzzle solved!" for s in at.success)
    assert not any(b.key.startswith("play_card:") for b in at.button if b.key)
    store = ProgressStore(db)
    learner = store.learner("Ann", create=False)
    attempts = store.attempts(learner)
    assert [(a.kind, a.item, a.correct) for a in attempts] == [("play", puzzle.id, True)]
    assert attempts[0].themes == puzzle.themes
    assert learner.rating.rating > starting_rating().rating
    assert store.puzzle_rating(puzzle.id, record_rating(puzzle)).rating < puzzle.rating
    assert at.session_state["learner"].rating == learner.rating
    # a retry is practice: solving again records nothing more
    at.button(key="play_retry").click().run()
    solve(at, puzzle)
    assert len(store.attempts(learner)) == 1


def test_a_late_click_on_an_earlier_decision_matches_no_button(db: Path) -> None:
    # A quick double click sends its second click for a button drawn before the first was
    # graded: the card buttons' keys name the decision, so that click finds no button now.
    puzzle = next(p for p in PUZZLES if len(p.solution) >= 2)
    at = start(puzzle)
    before = {b.key for b in at.button if b.key and b.key.startswith("play_card:")}
    click_card(at, puzzle.solution[0].line[0].code)
    after = {b.key for b in at.button if b.key and b.key.startswith("play_card:")}
    assert after and not before & after


def test_a_click_counts_only_for_the_position_it_was_drawn_for() -> None:
    # Click 9♥ and, 80 ms later, another card: the second click comes with the first
    # decision's turn while the replies are shown; it must play nothing (it was once graded
    # as the next decision, a rated miss).
    from trainer.ui.puzzles.play_attempt import PlayAttempt

    puzzle = next(p for p in PUZZLES if len(p.solution) >= 2)
    attempt = PlayAttempt.start(puzzle)
    drawn_for = attempt.turn
    first = puzzle.solution[0].right[0].code
    assert attempt.click(first, drawn_for) is not None
    second = puzzle.solution[1].right[0].code
    assert second in {p.code for p in attempt.legal_plays()}
    assert attempt.click(second, drawn_for) is None  # stale: nothing played
    assert len(attempt.verdicts) == 1
    assert attempt.click(second, attempt.turn) is not None  # drawn for now: it counts


def test_themes_are_hidden_until_the_puzzle_is_over(db: Path) -> None:
    # As on Lichess: a theme such as "Ruff" or "Unblock" tells the learner what to do.
    puzzle = next(p for p in PUZZLES if has_wrong_card(p) and "ruff" in p.themes)
    at = start(puzzle)
    assert "themes:" not in captions(at) and "themes shown when the puzzle is over" in captions(at)
    click_card(at, wrong_first_card(puzzle))
    assert "themes: " in captions(at) and "Ruff" in captions(at)


def test_after_a_wrong_card_the_board_shows_that_card_played(db: Path) -> None:
    puzzle = next(p for p in PUZZLES if has_wrong_card(p))
    at = start(puzzle)
    wrong = wrong_first_card(puzzle)
    click_card(at, wrong)
    board = next(m.value for m in at.markdown if 'aria-label="the table"' in m.value)
    card = parse_play(wrong).card
    # the wrong card lies in the trick (it once snapped back into the learner's hand)
    trick = board[board.index('aria-label="the trick"'):]
    trick = trick[:trick.index("</section>")]
    assert card.label in trick


def test_the_joker_button_is_called_joker_when_it_cannot_be_played(db: Path) -> None:
    # p0000537: East holds the joker but must follow diamonds; the disabled button says
    # "Joker", as the enabled one does, never "Jo".
    puzzle = next(p for p in PUZZLES if p.id == "p0000537")
    state = puzzle.position.to_state()
    assert JOKER in state.hands[puzzle.learner]
    assert all(p.card != JOKER for p in state.legal_plays())
    at = start(puzzle)
    [joker] = [b for b in at.button if b.key and b.key.startswith("play_card:JK:")]
    reason = "the joker may be played only when you cannot follow suit"
    assert joker.label == f"Joker: not now, {reason}" and joker.disabled
    assert joker.help == f"Not now: {reason}."
    assert all(b.label != "Jo" for b in at.button)
    assert ("Dimmed cards cannot be played now: you must follow diamonds; "
            f"{reason}.") in captions(at)


def test_a_card_that_cannot_follow_is_dimmed_with_the_reason(db: Path) -> None:
    # p0000025: East must follow diamonds; K♠ and K♣ stay in the hand, disabled, saying why.
    puzzle = BANK.by_id("p0000025")
    at = start(puzzle)
    [king] = [b for b in at.button if b.key and b.key.startswith("play_card:KS:")]
    assert king.disabled and king.label == "K♠: not now, you must follow diamonds"
    assert king.help == "Not now: you must follow diamonds."
    assert "Dimmed cards cannot be played now: you must follow diamonds." in captions(at)
    legal = [b for b in at.button if b.key in card_keys(at) and not b.disabled]
    assert legal and all(b.label.startswith("Play ") and "♦" in b.label for b in legal)


def test_a_led_joker_asks_for_its_suit_after_it_is_clicked(db: Path) -> None:
    # p0000026: South leads at no trumps and may name the joker as any suit.
    puzzle = BANK.by_id("p0000026")
    at = start(puzzle)
    assert not [k for k in card_keys(at) if k.startswith("play_card:JK:C:")]
    joker = at.button(key=card_key(at, "JK"))
    assert joker.label == "Play the joker (then name its suit)"
    joker.click().run()
    suits = [b for b in at.button if b.key and b.key.startswith("play_card:JK:")
             and b.key.count(":") == 3]
    assert [b.key.split(":")[2] for b in suits] == ["S", "C", "D", "H"]
    assert [b.help for b in suits][-1] == "Play the joker (named ♥)"
    turn = at.session_state["play_joker_open"]
    at.button(key=f"play_joker_cancel:{turn}").click().run()  # Cancel: the suits go
    assert not [b for b in at.button if b.key and b.key.count(":") == 3]
    click_card(at, "JK:C")  # a right card: the joker as clubs
    assert at.success[0].value.startswith("**Card 1 ✓ Joker (named ♣)**")


def test_the_jokers_suit_choice_does_not_carry_over_to_the_next_puzzle(db: Path) -> None:
    # The suits shown after the joker was clicked in one puzzle once stayed open in the next
    # puzzle whose hand held the joker (3 of 5 puzzles in one walk), giving the joker away.
    def leads_a_free_joker(p: PlayPuzzle) -> bool:
        return sum(x.card.is_joker for x in p.position.to_state().legal_plays()) > 1

    first, second = [p for p in PUZZLES if leads_a_free_joker(p)][:2]
    at = start(first)
    at.button(key=card_key(at, "JK")).click().run()
    assert [b for b in at.button if b.key and b.key.startswith("play_card:JK:")
            and b.key.count(":") == 3]  # the suits are on show
    at.session_state["play_current"] = second.id  # as "Next puzzle" moves on to it
    at.run()
    assert at.session_state["play_attempt"].puzzle.id == second.id
    assert not [b for b in at.button if b.key and b.key.count(":") == 3]
    assert not [b for b in at.button if b.key and b.key.startswith("play_joker_cancel:")]
    assert at.button(key=card_key(at, "JK")).label == "Play the joker (then name its suit)"


def test_wrong_card_shows_its_refutation_and_is_saved_as_failed(db: Path) -> None:
    puzzle = next(p for p in PUZZLES if has_wrong_card(p))
    ProgressStore(db).learner("Ann")
    at = start(puzzle, learner="Ann")
    wrong = wrong_first_card(puzzle)
    click_card(at, wrong)
    shown = at.error[0].value
    assert "✗" in shown and "costs" in shown and "The right card for " in shown
    text = " ".join(m.value for m in at.markdown)
    assert "**After you play " in text and "**After the right card**" in text
    assert "- Trick " in text
    assert any(i.value.startswith("Not solved") for i in at.info)
    store = ProgressStore(db)
    learner = store.learner("Ann", create=False)
    [attempt] = store.attempts(learner)
    assert attempt.correct is False and attempt.detail["plays"] == [wrong]
    assert [p for p, _ in store.review_queue(learner)] == [puzzle.id]
    # retry, then the solution: still one attempt, and the solution is told
    at.button(key="play_retry").click().run()
    assert not at.error
    at.button(key="play_reveal").click().run()
    assert any(h.value == "Solution" for h in at.subheader)
    assert len(store.attempts(learner)) == 1


def step_caption(at: AppTest) -> str:
    """The stepper's caption on show: ``"**Trick 6 of 10: ...** · step 2 of 7"``."""
    [caption] = [m.value for m in at.markdown if " · step " in m.value]
    return caption


def trick_drawn(at: AppTest) -> str:
    """The trick panel of the table drawn (its HTML)."""
    [board] = [m.value for m in at.markdown if 'aria-label="the table"' in m.value]
    trick = board[board.index('aria-label="the trick"'):]
    return trick[:trick.index("</section>")]


def name(code: str) -> str:
    """A card's screen-reader name, as the table's pictures carry it."""
    return parse_play(code).card.label


def step(at: AppTest, which: str) -> None:
    at.button(key=f"play_step_{which}").click().run()
    assert not at.exception, at.exception


def test_a_wrong_cards_refutation_is_stepped_through_on_the_table(db: Path) -> None:
    # p0000001: East (you) plays A♠ on North's 9♦ at 7♥; the right card is 9♥ (a ruff).
    puzzle = BANK.by_id("p0000001")
    verdict = PuzzleSession(puzzle).play("AS")
    assert not verdict.right and len(verdict.refutation) == 5
    at = start(puzzle)
    click_card(at, "AS")
    # it starts on the table with the card just played: start, A♠, then tricks 6 to 10
    assert step_caption(at) == "**Trick 6 of 10: You play A♠** · step 2 of 7"
    trick = trick_drawn(at)
    assert name("AS") in trick and name("9D") in trick and "Trick 6<" in trick
    step(at, "forward")
    assert step_caption(at) == "**Trick 6 of 10: North wins with 9:red[♦]** · step 3 of 7"
    trick = trick_drawn(at)
    assert "Trick 6, won by North" in trick
    assert all(p.card.label in trick for p in verdict.refutation[0].plays)
    step(at, "forward")
    assert step_caption(at) == "**Trick 7 of 10: East (you) wins with Q♠** · step 4 of 7"
    assert all(p.card.label in trick_drawn(at) for p in verdict.refutation[1].plays)
    step(at, "back")
    assert step_caption(at).endswith("· step 3 of 7")
    at.run()  # a rerun keeps the step on show
    assert step_caption(at).endswith("· step 3 of 7")
    step(at, "last")
    assert step_caption(at) == ("**Trick 10 of 10: South wins with K♣** · step 7 of 7")
    assert at.button(key="play_step_forward").disabled
    assert "Trick 10, won by South" in trick_drawn(at)
    assert all(p.card.label in trick_drawn(at) for p in verdict.refutation[4].plays)
    step(at, "first")
    assert step_caption(at) == "**The start, trick 6 of 10: you to play** · step 1 of 7"
    assert at.button(key="play_step_back").disabled
    assert name("AS") not in trick_drawn(at) and name("9D") in trick_drawn(at)
    # the right card's line, from the table with 9♥ played
    line = at.segmented_control(key=next(w.key for w in at.segmented_control))
    assert line.options == ["After your card (A♠)", "After the right card (9♥)"]
    line.set_value("right").run()
    assert step_caption(at) == "**Trick 6 of 10: You play 9:red[♥]** · step 2 of 7"
    assert name("9H") in trick_drawn(at)
    step(at, "forward")
    assert step_caption(at) == ("**Trick 6 of 10: East (you) ruffs with 9:red[♥] and wins** · "
                                "step 3 of 7")
    # the lines stay in words too, for a screen reader
    words = " ".join(m.value for m in at.markdown)
    assert "- Trick 6: North 9♦, East A♠, South 9♠, West 10♠ — North wins with 9♦." in words
    # a Retry, then the same wrong card: the stepper starts again at the card just played
    at.button(key="play_retry").click().run()
    assert not [m for m in at.markdown if " · step " in m.value]
    click_card(at, "AS")
    assert step_caption(at) == "**Trick 6 of 10: You play A♠** · step 2 of 7"


def test_show_solution_steps_through_the_main_line(db: Path) -> None:
    puzzle = BANK.by_id("p0000001")  # the main line: 9♥ ruffs trick 6, A♠ wins trick 7
    at = start(puzzle)
    at.button(key="play_reveal").click().run()
    assert step_caption(at) == "**The start, trick 6 of 10: you to play** · step 1 of 3"
    assert name("9D") in trick_drawn(at) and name("9H") not in trick_drawn(at)
    step(at, "forward")
    assert step_caption(at) == ("**Trick 6 of 10: East (you) ruffs with 9:red[♥] and wins** · "
                                "step 2 of 3")
    assert f"{name('9H')}, trump" in trick_drawn(at)
    step(at, "forward")
    assert step_caption(at) == "**Trick 7 of 10: East (you) wins with A♠** · step 3 of 3"
    trick = trick_drawn(at)
    assert "Trick 7, won by you" in trick
    assert all(c in trick for c in (name("AS"), name("6S"), name("5S"),
                                    name("JS")))
    step(at, "back")
    assert step_caption(at).endswith("· step 2 of 3")
    words = " ".join(m.value for m in at.markdown)
    assert "- Trick 7: East A♠, South 6♠, West 5♠, North J♠ — East wins with A♠." in words


def test_the_write_up_is_shown_once_the_puzzle_is_over(db: Path) -> None:
    puzzle = BANK.by_id("p0000001")
    assert puzzle.write_up  # every shipped puzzle has one
    at = start(puzzle)
    assert "**The idea**" not in [m.value for m in at.markdown]
    solve(at, puzzle)
    assert any(s.value == "Puzzle solved!" for s in at.success)
    texts = [m.value for m in at.markdown]
    assert "**The idea**" in texts
    assert red_suits(puzzle.write_up) in texts
    # shown the solution, the puzzle is over too
    again = start(BANK.by_id("p0000025"))
    again.button(key="play_reveal").click().run()
    assert red_suits(BANK.by_id("p0000025").write_up) in [m.value for m in again.markdown]


def test_two_players_click_the_table_cards_when_playing_from_the_table(db: Path) -> None:
    # p2000001: South plays from the face-up table cards (RULES.md §1): those are the buttons.
    puzzle = BANK.by_id("p2000001")
    state = puzzle.position.to_state()
    assert state.to_play_from == "table"
    at = start(puzzle, rules=RuleSet(players=2))
    assert at.session_state["play_current"] == puzzle.id
    keys = card_keys(at)
    assert sorted(k.split(":")[1] for k in keys) == sorted(c.code for c in
                                                            state.face_up(puzzle.learner))
    assert "Click or tap a card from your face-up table cards to play it." in captions(at)
    solve(at, puzzle)
    assert any(s.value == "Puzzle solved!" for s in at.success)
    # a wrong table card, stepped through on the 2-player table
    at.button(key="play_retry").click().run()
    click_card(at, "7C")
    assert step_caption(at) == "**Trick 8 of 10: You play 7♣** · step 2 of 5"
    step(at, "forward")
    assert step_caption(at) == "**Trick 8 of 10: North wins with 8♣** · step 3 of 5"
    assert "Trick 8, won by North" in trick_drawn(at)
    assert "You (table)" in trick_drawn(at) and "North (hand)" in trick_drawn(at)


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_a_reload_replays_the_puzzle_as_practice(db: Path) -> None:
    """The tester's case: a wrong card, a reload, then the right line. Only the first try is
    rated; the reload's solve is saved as practice and the page says the rating is unchanged."""
    puzzle = next(p for p in PUZZLES if has_wrong_card(p))
    ProgressStore(db).learner("Tess")
    at = start(puzzle, learner="Tess")
    assert "Practice" not in " ".join(m.value for m in at.markdown)
    click_card(at, wrong_first_card(puzzle))
    store = ProgressStore(db)
    tess = store.learner("Tess", create=False)
    assert tess.rating.rating < starting_rating().rating
    start_at = f"your rating {starting_rating().rating:.0f} →"
    assert f"First try rated: {start_at} {tess.rating.rating:.0f} (" in captions(at)
    assert at.toast[0].value.startswith(f"Saved. First try rated: {start_at}")
    shared = store.puzzle_rating(puzzle.id, record_rating(puzzle))
    for _ in range(2):  # a reload is a new session on the same address
        again = start(puzzle, learner="Tess")
        header = " ".join(m.value for m in again.markdown)
        assert ("Practice: you have played this puzzle before, so your rating will not "
                "change.") in header
        assert "Show solution\" counts as a miss (practice" in captions(again)
        solve(again, puzzle)
        assert any(s.value == "Puzzle solved!" for s in again.success)
        assert (f"Practice: you have played this puzzle before, so your rating is unchanged "
                f"({tess.rating.rating:.0f}).") in captions(again)
        assert "Rated:" not in captions(again)
        assert again.toast[0].value.startswith("Saved. Practice:")
        assert store.learner("Tess", create=False).rating == tess.rating
        assert again.session_state["learner"].rating == tess.rating
        assert store.puzzle_rating(puzzle.id, record_rating(puzzle)) == shared
    attempts = store.attempts(tess)  # each try is kept: one rated, then practice
    assert [(a.correct, a.rated) for a in attempts] == [(False, True), (True, False),
                                                       (True, False)]
    assert puzzle.id in [p for p, _ in store.review_queue(tess)]


def test_a_reload_mid_try_goes_on_from_the_same_trick(db: Path) -> None:
    """A tester's case: a right card, a reload (or a server restart), then a wrong card. The
    reload goes on after the right card, and the try rated is the one begun before it."""
    puzzle = next(p for p in PUZZLES if len(p.solution) >= 2
                  and any(q not in set(p.solution[1].right) for q in _second_legal(p)))
    ProgressStore(db).learner("Rita")
    at = start(puzzle, learner="Rita")
    first = puzzle.solution[0].line[0].code
    click_card(at, first)
    again = start(puzzle, learner="Rita")  # a reload is a new session on the same address
    assert again.success[0].value.startswith("**Card 1 ✓")
    assert f"play_card:{first}" not in {b.key.rsplit(":", 1)[0] for b in again.button if b.key}
    wrong = next(q.code for q in _second_legal(puzzle) if q not in set(puzzle.solution[1].right))
    click_card(again, wrong)
    store = ProgressStore(db)
    rita = store.learner("Rita", create=False)
    [attempt] = store.attempts(rita)
    assert (attempt.correct, attempt.rated, attempt.detail["plays"]) == (False, True,
                                                                         [first, wrong])
    assert store.get_setting(rita, "play_unfinished") is None  # the try is over: nothing kept
    third = start(puzzle, learner="Rita")  # a later showing starts afresh, as practice
    assert not any("Card 1" in m.value for m in third.success)


def test_a_new_visit_opens_the_unfinished_try_and_retry_forgets_it(db: Path) -> None:
    """A tester opened /play with no puzzle in the address and met another puzzle while a try
    was going; and a Retry mid-try came back after a reload."""
    puzzle = next(p for p in PUZZLES[5:] if len(p.solution) >= 2)
    ProgressStore(db).learner("Uma")
    at = start(puzzle, learner="Uma")
    click_card(at, puzzle.solution[0].line[0].code)
    bare = start(learner="Uma")  # a new visit to the page, no puzzle asked for
    assert bare.session_state["play_current"] == puzzle.id
    assert bare.success[0].value.startswith("**Card 1 ✓")
    bare.button(key="play_retry").click().run()
    store = ProgressStore(db)
    assert store.get_setting(store.learner("Uma", create=False), "play_unfinished") is None
    again = start(puzzle, learner="Uma")
    assert not again.success  # back at the start, as Retry left it


def _second_legal(puzzle: PlayPuzzle) -> list[Play]:
    """The learner's legal plays at the puzzle's second decision, after the main line."""
    session = PuzzleSession(puzzle)
    session.play(puzzle.solution[0].line[0])
    return session.legal_plays()


def test_show_solution_says_it_counts_as_a_miss(db: Path) -> None:
    puzzle = PUZZLES[0]
    ProgressStore(db).learner("Ann")
    at = start(puzzle, learner="Ann")
    assert "counts as a miss" in at.button(key="play_reveal").help
    assert ("\"Show solution\" now counts as a miss on your first try: your rating goes down."
            in captions(at))
    at.button(key="play_reveal").click().run()
    assert "counts as a miss" not in captions(at)  # counted: the note has done its job
    learner = ProgressStore(db).learner("Ann", create=False)
    assert learner.rating.rating < starting_rating().rating
    start_at = f"your rating {starting_rating().rating:.0f} →"
    assert f"First try rated: {start_at} {learner.rating.rating:.0f} (-" in captions(at)


def test_show_solution_counts_as_failed(db: Path) -> None:
    puzzle = PUZZLES[0]
    ProgressStore(db).learner("Ann")
    at = start(puzzle, learner="Ann")
    at.button(key="play_reveal").click().run()
    assert not at.exception
    assert any(h.value == "Solution" for h in at.subheader)
    text = " ".join(m.value for m in at.markdown)
    assert "Your decisions on the main line" in text
    store = ProgressStore(db)
    [attempt] = store.attempts(store.learner("Ann", create=False))
    assert attempt.correct is False and attempt.detail["revealed"] is True


def test_nothing_is_saved_without_a_learner(db: Path) -> None:
    puzzle = PUZZLES[0]
    at = start(puzzle)
    solve(at, puzzle)
    assert any(s.value == "Puzzle solved!" for s in at.success)
    store = ProgressStore(db)
    assert store.learners() == []
    assert store.puzzle_rating(puzzle.id, Rating(1.0, 2.0)) == Rating(1.0, 2.0)


def test_filters_and_next_puzzle_for_me(db: Path) -> None:
    at = start(PUZZLES[0])
    kind = PUZZLES[-1].contract_type
    at.session_state["play_types"] = [kind]
    at.run()
    wanted = [p.id for p in PUZZLES if p.contract_type == kind]
    options = at.selectbox(key="play_pick").options
    assert len(options) >= len(wanted)
    at.button(key="play_next").click().run()
    assert not at.exception
    shown = at.session_state["play_current"]
    assert (shown in wanted and shown != PUZZLES[0].id) or len(wanted) == 1


def test_next_puzzle_serves_a_due_review_first(db: Path) -> None:
    store = ProgressStore(db)
    learner = store.learner("Ann")
    failed = PUZZLES[-1]
    store.record_puzzle_attempt(learner, "play", failed.id, failed.themes, False,
                                record_rating(failed), {},
                                when=datetime.now(UTC) - timedelta(days=30))
    assert store.due_reviews(store.learner("Ann")) == [failed.id]
    at = start(PUZZLES[0], learner="Ann")
    at.button(key="play_next").click().run()
    assert at.session_state["play_current"] == failed.id
    assert at.subheader[0].value == failed.title
    # passed over unanswered, the review does not come straight back: pressing on moves on
    seen = [failed.id]
    for _ in range(3):
        at.button(key="play_next").click().run()
        seen.append(at.session_state["play_current"])
    assert len(set(seen)) == 4, seen


def test_next_puzzle_goes_round_a_narrow_filter_again(db: Path) -> None:
    # Three puzzles match: pressing on serves each, then says so and goes round again
    # (it served the same one over and over).
    at = start(PUZZLES[0])
    _, high = for_rules(BANK, RuleSet()).rating_range()  # the range the app's slider has
    ranked = sorted(PUZZLES, key=lambda p: -p.rating)
    # the fewest top puzzles (at least three) that a rating floor can pick out (ratings tie)
    n = next(k for k in range(3, len(ranked)) if ranked[k - 1].rating > ranked[k].rating)
    top = ranked[:n]
    at.session_state["play_rating"] = (float(top[-1].rating), float(high))
    at.run()
    seen = []
    for _ in range(2 * n):
        at.button(key="play_next").click().run()
        seen.append(at.session_state["play_current"])
    assert set(seen[:n]) == {p.id for p in top}, seen
    assert len(set(seen[n:])) > 1, seen


def test_picking_a_puzzle_in_the_list_opens_it(db: Path) -> None:
    at = start(PUZZLES[0])
    other = PUZZLES[1]
    at.selectbox(key="play_pick").set_value(other.id).run()
    assert not at.exception
    assert at.subheader[0].value == other.title
    assert at.query_params["puzzle"] == other.id


def test_empty_filter_result_is_a_message(db: Path) -> None:
    kinds = ["suit", "no_trumps", "misere", "open_misere"]
    theme, kind = next((t, k) for t in BANK.themes() for k in kinds
                       if not any(t in p.themes and p.contract_type == k for p in PUZZLES))
    at = start(PUZZLES[0])
    at.session_state["play_themes"] = [theme]
    at.session_state["play_types"] = [kind]
    at.run()
    at.button(key="play_next").click().run()
    assert not at.exception
    assert any("No puzzle matches" in w.value for w in at.warning)


# --- pure parts --------------------------------------------------------------------------------


def test_next_puzzle_prefers_due_then_target_score() -> None:
    puzzles = list(PUZZLES)
    me = Rating()
    chosen = next_puzzle(puzzles, me, record_rating)
    assert chosen is not None

    def gap(p: PlayPuzzle) -> float:
        from trainer.progress import expected_score
        return abs(expected_score(me, record_rating(p)) - TARGET_SCORE)

    assert gap(chosen) == min(gap(p) for p in puzzles)
    assert next_puzzle(puzzles, me, record_rating, due=[puzzles[3].id]) == puzzles[3]
    # a due puzzle on show is skipped; attempted puzzles wait until all are done
    later = next_puzzle(puzzles, me, record_rating, attempted={chosen.id})
    assert later is not None and later != chosen
    everything = {p.id for p in puzzles}
    assert next_puzzle(puzzles, me, record_rating, attempted=everything) is not None
    assert next_puzzle(puzzles[:1], me, record_rating, skip=[puzzles[0].id]) == puzzles[0]
    assert next_puzzle([], me, record_rating) is None
    # two due reviews passed over unanswered: a new puzzle, not the two in turn
    due = [puzzles[3].id, puzzles[4].id]
    fresh = next_puzzle(puzzles, me, record_rating, attempted=set(due), due=due, skip=due)
    assert fresh is not None and fresh.id not in due


def test_filter_accepts() -> None:
    p = PUZZLES[0]
    assert PuzzleFilter().accepts(p)
    assert PuzzleFilter(themes=frozenset(p.themes[:1])).accepts(p)
    assert not PuzzleFilter(themes=frozenset({"nope"})).accepts(p)
    assert PuzzleFilter(contract_types=frozenset({p.contract_type})).accepts(p)
    assert not PuzzleFilter(sides=frozenset({"declarer", "defence"} - {p.side})).accepts(p)
    assert not PuzzleFilter(rating=(p.rating + 1, p.rating + 100)).accepts(p)
    assert matching(PUZZLES, PuzzleFilter(rating=(0, 5000))) == list(PUZZLES)
    assert theme_words("left_bower") == "Left bower" and theme_words("new_idea") == "New idea"


def test_compass_puts_the_learner_at_the_bottom() -> None:
    from trainer.cards import Seat
    table = (Seat.N, Seat.E, Seat.S, Seat.W)
    assert compass(table, Seat.S) == {"bottom": Seat.S, "left": Seat.W, "top": Seat.N,
                                      "right": Seat.E}
    assert compass(table, Seat.E)["left"] is Seat.S


def test_board_shows_every_hand_and_the_history() -> None:
    puzzle = PUZZLES[0]
    state = puzzle.position.to_state()
    html = board_html(state, puzzle.learner)
    assert "\n" not in html and "(you)" in html
    # narrow screens: the trick drops below the left and right hands, which keep one line
    assert html.startswith(NARROW_STYLE) and 'class="fh-trick"' in html
    assert html.count("<svg") == sum(len(h) for h in state.hands.values()) + len(state.trick)
    rows = history_rows(state, len(state.history))
    assert len(rows) == len(state.history)
    assert all(r["Trick"].endswith("(before)") for r in rows)
    assert list(rows[0])[2:6] == ["North", "East", "South", "West"] if rows else True


def test_line_steps_draw_the_start_the_card_and_each_trick() -> None:
    from trainer.ui.puzzles.stepper import line_steps

    puzzle = BANK.by_id("p0000001")
    start_state = puzzle.position.to_state()
    verdict = PuzzleSession(puzzle).play("AS")
    steps = line_steps(start_state, verdict.refutation_plays, puzzle.learner, first_card=True)
    assert [s.trick for s in steps] == [6, 6, 6, 7, 8, 9, 10]
    assert steps[1].state.trick == [parse_play("9D"), parse_play("AS")]
    assert [len(s.state.history) for s in steps] == [5, 5, 6, 7, 8, 9, 10]
    assert steps[4].caption == "Trick 8 of 10: South ruffs with 6♥ and wins"
    assert len(start_state.history) == 5 and start_state.trick == [parse_play("9D")]  # as it was
    # without the first card, and a line that stops inside a trick
    cut = line_steps(start_state, verdict.refutation_plays[:6], puzzle.learner)
    assert [s.caption for s in cut] == [
        "The start, trick 6 of 10: you to play",
        "Trick 6 of 10: North wins with 9♦",
        "Trick 7 of 10, unfinished: North J♠, East Q♠, South 6♠"]
    assert line_steps(start_state, (), puzzle.learner)[0].state.trick == start_state.trick


def test_reasons_are_said_to_the_learner_and_keys_become_classes() -> None:
    from trainer.cards import Seat
    from trainer.ui.puzzles.play_hand import your_reason
    from trainer.ui.widgets.card_buttons import card_buttons_css

    assert your_reason("S must follow hearts", Seat.S) == "you must follow hearts"
    assert your_reason("N must follow clubs from the hand", Seat.N) == (
        "you must follow clubs from your hand")
    assert your_reason("the joker may be played only when its holder cannot follow suit",
                       Seat.E) == "the joker may be played only when you cannot follow suit"
    assert key_class("play_card:JK:H:0.1") == "st-key-play_card-JK-H-0-1"
    css = card_buttons_css("play_hand", {"play_card:AS:0.0": "<svg/>"})
    assert css.startswith("<style>") and css.endswith("</style>") and "\n" not in css
    assert '.st-key-play_card-AS-0-0 button{background-image:url("data:image/svg+xml;base64,' \
        'PHN2Zy8+")}' in css
    assert ".st-key-play_hand .stButton button:disabled{opacity:0.4" in css


def test_next_puzzle_looks_up_a_shortlist_only() -> None:
    import dataclasses

    from trainer.ui.data.puzzle_choice import SHORTLIST

    many = [dataclasses.replace(PUZZLES[0], id=f"x{i:04d}", rating=1000.0 + 10 * i)
            for i in range(200)]
    asked: list[str] = []

    def rating_of(p: PlayPuzzle) -> Rating:
        asked.append(p.id)
        return record_rating(p)

    chosen = next_puzzle(many, Rating(1800.0, 60.0), rating_of)
    assert chosen is not None and len(asked) <= SHORTLIST
    assert abs(chosen.rating - 1730) < 60  # about a 60% chance for a 1800 learner


# --- the rules in use --------------------------------------------------------------------------


def test_three_players_get_a_message_and_a_way_back(db: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    at.session_state["rules"] = RuleSet(players=3)
    at.run()
    at.switch_page(PLAY).run()
    assert not at.exception, at.exception
    # The bank holds 4-player and 2-player puzzles, none for 3 players: the page offers to
    # make some (tests/test_generated_puzzles.py), or to switch to the Australian rules.
    assert any(i.value.startswith("No puzzle in the bank is for these rules, but the puzzle "
                                  "maker can make some") for i in at.info)
    assert not [b for b in at.button if b.key and b.key.startswith("play_card:")]
    at.button(key="play_use_australian").click().run()
    assert not at.exception, at.exception
    assert at.session_state["rules"] == PRESETS["australian"]
    assert at.subheader and any(at.subheader[0].value == p.title for p in PUZZLES)
    assert any(b.key and b.key.startswith("play_card:") for b in at.button)


def test_play_puzzles_fit_rules_that_change_only_bidding_or_scoring() -> None:
    bidding = RuleSet(one_round_bidding=True, overtricks_10=True)
    assert len(for_rules(BANK, bidding).puzzles) == len(PUZZLES)
    # a joker option keeps the puzzles it cannot touch: no free joker held (suit contracts,
    # the joker gone or nominated), and for the misère option every non-misère puzzle
    low = for_rules(BANK, RuleSet(joker_low_in_misere=True)).puzzles
    assert 0 < len(low) < len(PUZZLES)
    assert all(p.contract_type not in ("misere", "open_misere")
               or not any(c.is_joker for h in p.position.hands.values() for c in h)
               for p in low)
    misere = next(p for p in PUZZLES if p.contract_type in ("misere", "open_misere"))
    assert not fits_rules(misere, RuleSet(misere=False))
    assert fits_rules(PUZZLES[0], PRESETS["australian"])
    assert not fits_rules(PUZZLES[0], RuleSet(players=6))


@pytest.mark.parametrize("option", [("joker_lead", "not_yet_led"),
                                    ("joker_lead", "not_shown_void"),
                                    ("joker_low_in_misere", True)], ids=str)
def test_puzzles_kept_under_a_joker_option_solve_the_same(option: tuple[str, object]) -> None:
    # The claim behind keeping them: every card of the puzzle's position has the same
    # double-dummy value under the changed rules (a sample of the no-trump and misère ones).
    from dataclasses import replace

    from trainer.solver import Solver

    name, setting = option
    changed = RuleSet(**{name: setting})
    kept = [p for p in for_rules(BANK, changed).puzzles
            if p.position.contract.trump is None][:12]
    assert kept
    solver = Solver(table_bits=10)
    for puzzle in kept:
        own = solver.analyse(puzzle.position).values
        other = solver.analyse(replace(puzzle.position, rules=replace(
            puzzle.position.rules, **{name: setting}))).values
        assert own == other, puzzle.id


def test_bid_and_discard_puzzles_need_the_same_rules() -> None:
    for kind in ("bid", "discard"):
        bank = load_bank(kind=kind)
        assert len(for_rules(bank, PRESETS["australian"]).puzzles) == len(bank.puzzles)
        assert not for_rules(bank, PRESETS["american"]).puzzles
        assert not for_rules(bank, RuleSet(overtricks_10=True)).puzzles
    # no discard puzzle is a misère: the misère joker option leaves them all
    discards = load_bank(kind="discard")
    low = for_rules(discards, RuleSet(joker_low_in_misere=True)).puzzles
    assert len(low) == len(discards.puzzles)
    assert not for_rules(load_bank(kind="bid"), RuleSet(joker_low_in_misere=True)).puzzles


@pytest.mark.parametrize("wanted", ["p9999999", "b0000003", "<script>"])
def test_a_link_to_a_missing_puzzle_says_so(db: Path, wanted: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    at.query_params["puzzle"] = wanted
    at.run()
    at.switch_page(PLAY).run()
    assert not at.exception, at.exception
    shown = at.session_state["play_current"]
    assert shown != wanted and any(f"here is {shown} instead" in w.value for w in at.warning)


def test_one_miss_moves_a_puzzle_a_little() -> None:
    # The banks record a deviation of 300; starting there, one miss by a 1009 learner moved a
    # puzzle 1230 -> 1309. Capped at 120 it moves about 17.
    from trainer.progress import update_pair
    from trainer.ui.data.puzzle_choice import PUZZLE_DEVIATION

    puzzle = PUZZLES[0]
    assert puzzle.rating_deviation == 300
    start = record_rating(puzzle)
    assert start.rating == puzzle.rating and start.deviation == PUZZLE_DEVIATION
    _, after = update_pair(Rating(1009, 200), start, False)
    assert 0 < after.rating - start.rating < 40


def test_a_new_learners_rating_is_called_provisional() -> None:
    from trainer.progress import Learner
    from trainer.ui.puzzles.picker import rating_line

    new = Learner(1, "Ann", Rating())
    settled = Learner(1, "Ann", Rating(1600, 80))
    assert "provisional" in rating_line(PUZZLES[0], new)
    assert "provisional" not in rating_line(PUZZLES[0], settled)


def test_replies_are_told_trick_by_trick() -> None:
    # p0000080: the right first card is followed by three tricks of replies; each ends with
    # its winner (the first one the learner's) instead of one long run of cards.
    from trainer.generate.grading import PuzzleSession
    from trainer.ui.pages.play import replies_text

    puzzle = BANK.by_id("p0000080")
    session = PuzzleSession(puzzle)
    before = session.state.copy()
    verdict = session.play(puzzle.solution[0].right[0])
    assert verdict.right and len(verdict.replies) == 11
    text = replies_text(before, verdict)
    assert text.count("wins the trick") == 2 and text.count(";") == 2
    assert text.startswith("West 7♥, North 9♠, East J♠ (you win the trick); South (you) 10♥")
    # p0000006's second card ends a trick the learner wins; their next card comes in the line
    six = BANK.by_id("p0000006")
    session = PuzzleSession(six)
    session.play(six.solution[0].right[0])
    before = session.state.copy()
    text = replies_text(before, session.play(six.solution[1].right[0]))
    assert text.startswith("you win the trick; South (you) 6♣, West K♦")


def test_difficulty_range_follows_the_current_ratings() -> None:
    low, high = BANK.rating_range()
    moved = {PUZZLES[0].id: low - 250.0}
    assert BANK.rating_range(moved) == (int((low - 250) // 100 * 100), high)
    assert PuzzleFilter(rating=(low - 300, low - 200)).accepts(PUZZLES[0], moved[PUZZLES[0].id])


def test_one_puzzle_on_a_round_rating_still_has_a_difficulty_range() -> None:
    """The slider needs two different ends (a 3-player table's first made puzzle is alone)."""
    one = replace(BANK, puzzles=(PUZZLES[0],))
    assert one.rating_range({PUZZLES[0].id: 1800.0}) == (1800, 1900)


def test_at_three_players_the_two_defenders_are_partners_for_the_hand() -> None:
    """RULES.md §1: "the declarer plays alone against the other two" (a new user saw the
    other defender labelled an opponent on a 3-player puzzle)."""
    from trainer.bidding import parse_bid
    from trainer.cards import deal
    from trainer.play import start_play
    from trainer.ui.widgets.board import seat_caption

    rules = RuleSet(players=3)
    hand = deal(7, rules.players, rules.deck, rules.seats[0])
    declarer, one, other = rules.seats
    state = start_play(hand, parse_bid("7S"), declarer, hand.kitty, rules)
    assert "partner" in seat_caption(state, other, one) and "opponent" not in seat_caption(
        state, other, one)
    assert seat_caption(state, declarer, one).endswith("(opponent, declarer)")
    assert seat_caption(state, one, declarer).endswith("(opponent)")
