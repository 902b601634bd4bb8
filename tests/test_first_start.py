"""A first start (issue 26): the compile stamp, the wait box's progress, ``python -m trainer
app``, and play puzzles graded from their record before the solver is ready (AppTest, with the
warm-up held back by a monkeypatched event)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.generate.grading import PuzzleSession, SolverPending, choice_text
from trainer.generate.records import PlayPuzzle, load_play_puzzles
from trainer.progress import ProgressStore
from trainer.rules import RuleSet
from trainer.solver import stamp as stamps
from trainer.solver import warm as warm_module
from trainer.solver import warm_up
from trainer.solver.api import Solver
from trainer.solver.stamp import Stamp
from trainer.solver.warm_up import Progress
from trainer.ui.data import solver_access
from trainer.ui.data.puzzle_bank import for_rules, load_bank

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "streamlit_app.py")
PLAY = "trainer/ui/pages/play.py"
PUZZLES = for_rules(load_bank(), RuleSet()).puzzles


# --- the stamp ---------------------------------------------------------------------------------


def test_a_stamp_reads_back_and_a_garbled_one_is_none(tmp_path: Path) -> None:
    path = tmp_path / "stamp.json"
    made = Stamp("abc", 57, 41.5, 38.9, 55, (2.7, 3.1, 41.5))
    stamps.write_stamp(made, path)
    assert stamps.read_stamp(path) == made
    assert not list(tmp_path.glob("*.part"))  # written atomically, no leftovers
    path.write_text("{not json", encoding="utf-8")
    assert stamps.read_stamp(path) is None
    path.write_text(json.dumps({"key": "abc"}), encoding="utf-8")
    assert stamps.read_stamp(path) is None
    assert stamps.read_stamp(tmp_path / "missing.json") is None


def test_the_key_follows_the_sources_and_numba(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("search.py", "api.py"):
        (tmp_path / name).write_text(f"# {name}\n", encoding="utf-8")
    monkeypatch.setattr(stamps, "SOLVER_DIR", tmp_path)
    first = stamps.source_key()
    assert stamps.source_key() == first
    (tmp_path / "search.py").write_text("# search.py, edited\n", encoding="utf-8")
    edited = stamps.source_key()
    assert edited != first
    monkeypatch.setattr(stamps.metadata, "version", lambda name: "0.0.1")
    assert stamps.source_key() not in (first, edited)


def test_a_stamp_is_current_only_with_its_key_and_its_cache_files(tmp_path: Path) -> None:
    stamp = Stamp("k", 3, 10.0, 9.0, 2, ())
    assert not stamps.is_current(None, "k", tmp_path)
    assert not stamps.is_current(stamp, "k", tmp_path)  # the cache was emptied by hand
    for n in range(2):
        (tmp_path / f"search.f-{n}.py311.nbi").write_bytes(b"")
    assert stamps.is_current(stamp, "k", tmp_path)
    assert not stamps.is_current(stamp, "other", tmp_path)


def test_the_cache_folder_follows_numba_cache_dir(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert stamps.stamp_path() == tmp_path / stamps.STAMP_NAME
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert stamps.stamp_path() == stamps.SOLVER_DIR / "__pycache__" / stamps.STAMP_NAME


def test_a_cache_load_keeps_the_last_compiles_figures(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """`warm.main` with nothing to compile (numba loads its cache) rewrites the stamp with the
    current key but keeps the last real compile's count and times for the next progress bar."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    stamps.write_stamp(Stamp("old key", 57, 41.5, 38.9, 0, (1.0, 41.5)))
    monkeypatch.setattr(warm_module, "warm", lambda: None)  # nothing compiles
    out = tmp_path / "out.txt"
    with open(out, "w", encoding="utf-8") as handle:
        assert warm_module.main(handle) == 0
    assert out.read_text(encoding="utf-8").split()[:2] == ["done", "0"]
    kept = stamps.read_stamp()
    assert kept == Stamp(stamps.source_key(), 57, 41.5, 38.9, 0, (1.0, 41.5))


def test_the_first_compiles_shares_fit_its_kernels() -> None:
    shares = warm_module.FIRST_SHARES
    assert len(shares) == warm_module.FIRST_KERNELS and shares[-1] == 1.0
    assert list(shares) == sorted(shares)


def test_the_report_lines_parse() -> None:
    assert warm_module.parse_report("compiled 12 trainer.solver.search.search\n") == \
        ("compiled", 12)
    assert warm_module.parse_report("done 57 41.20") == ("done", 57)
    assert warm_module.parse_report("NumbaWarning: something") is None
    assert warm_module.parse_report("compiled twelve x") is None


# --- the progress ------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_moves_by_the_last_compiles_times() -> None:
    clock = Clock()
    last = Stamp("k", 4, 40.0, 36.0, 4, (2.0, 4.0, 30.0, 40.0))  # the third kernel is long
    progress = Progress(phase="compiling", last=last, began=100.0, clock=clock)
    assert progress.share() == 0.0 and progress.seconds_left() is None
    progress.done, clock.now = 2, 108.0  # twice as slow as last time so far
    assert progress.total == 4
    assert progress.share() == pytest.approx(0.1)  # 4 s of 40, not 2 kernels of 4
    assert progress.seconds_left() == pytest.approx((40.0 - 4.0) * 2)
    text = progress.text()
    assert "2 of 4 parts" in text and "about 72 s left" in text and "took 40 s" in text
    progress.done = 4
    assert progress.share() == 0.99  # full only once ready
    progress.phase = "ready"
    assert progress.share() == 1.0 and progress.text() == "The solver is ready."


def test_progress_without_a_stamp_counts_against_the_first_compile() -> None:
    progress = Progress(phase="compiling", began=0.0, clock=lambda: 10.0, done=19)
    assert progress.total == warm_module.FIRST_KERNELS
    assert progress.share() == pytest.approx(warm_module.FIRST_SHARES[18])
    assert progress.seconds_left() == pytest.approx(
        (1 - warm_module.FIRST_SHARES[18]) * 10.0 / warm_module.FIRST_SHARES[18])
    assert f"19 of {warm_module.FIRST_KERNELS} parts" in progress.text()
    assert "a first compile takes about" in progress.text()
    progress.done = warm_module.FIRST_KERNELS + 3  # more than expected: the whole grows
    assert progress.total == warm_module.FIRST_KERNELS + 3
    assert progress.share() == 0.99


def test_the_subprocess_report_is_counted(tmp_path: Path) -> None:
    script = ("import sys\nfor n in range(1, 4): print(f'compiled {n} k{n}', flush=True)\n"
              "print('a numba warning')\nprint('done 3 0.10')\n")
    progress = Progress()
    status = warm_up.compile_in_subprocess(progress, None, [sys.executable, "-c", script])
    assert status == 0 and progress.done == 3 and progress.phase == "compiling"


def test_a_current_stamp_skips_the_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[object] = []
    monkeypatch.setattr(warm_up, "PROGRESS", Progress())
    monkeypatch.setattr(warm_up, "READY", threading.Event())
    monkeypatch.setattr(warm_up, "compile_in_subprocess", lambda *a: compiled.append(a))
    monkeypatch.setattr(warm_module, "warm", lambda: None)
    for current, expected in ((True, 0), (False, 1)):
        monkeypatch.setattr(warm_up, "is_current", lambda stamp, c=current: c)
        warm_up.READY.clear()
        warm_up._warm_up()
        assert len(compiled) == expected
        assert warm_up.READY.is_set() and warm_up.PROGRESS.phase == "ready"


# --- python -m trainer app ---------------------------------------------------------------------


def test_the_app_command_starts_the_warm_up_then_streamlit_without_the_solver() -> None:
    """``app`` starts the warm-up before Streamlit and passes its options on; it loads neither
    the solver nor numba itself (the compile runs in a subprocess)."""
    code = (
        "import sys, streamlit.web.cli as c\n"
        "import trainer.solver.warm_up as w\n"
        "seen = []\n"
        "w.start = lambda: seen.append('warm-up')\n"
        "def fake(): seen.append(list(sys.argv[1:])); raise SystemExit(3)\n"
        "c.main = fake\n"
        "from trainer.__main__ import main\n"
        "status = main(['app', '--server.port', '8599', '--server.headless=true'])\n"
        "bad = [m for m in sys.modules if m.startswith(('numba', 'trainer.solver.api'))]\n"
        "print(status, seen[0], seen[1][2:], bad)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-800:]
    assert proc.stdout.strip() == \
        "3 warm-up ['--server.port', '8599', '--server.headless=true'] []"


# --- grading from the record -------------------------------------------------------------------


class NoSolver:
    """A solver that fails the test if asked anything."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the solver was asked for {name} before it was ready")


@pytest.mark.parametrize("puzzle", load_play_puzzles(ROOT / "puzzles" / "play.jsonl.gz")[::97],
                         ids=lambda p: p.id)
def test_a_shipped_puzzle_plays_through_from_its_record(puzzle: PlayPuzzle) -> None:
    session = PuzzleSession(puzzle, NoSolver())  # type: ignore[arg-type]
    for decision in puzzle.solution:
        assert session.legal_plays(), "the recorded line stopped short of a decision"
        verdict = session.play(decision.line[0], solver=False)
        assert verdict.right and verdict.pending
    assert session.solved and session.pending
    session.retry()
    assert not session.pending
    wrong = [p for p in session.legal_plays() if p not in puzzle.solution[0].right]
    if wrong:
        verdict = session.play(wrong[0], solver=False)
        assert not verdict.right and session.failed
        assert f"is {choice_text(puzzle.solution[0].line[0])}" in verdict.explanation


def test_complete_fills_in_what_the_solver_would_have_said() -> None:
    puzzle = next(p for p in PUZZLES if len(p.solution) >= 2 and wrong_cards(p))
    solver = Solver()
    held = PuzzleSession(puzzle, solver)
    for decision in puzzle.solution:
        held.play(decision.line[0], solver=False)
    held.complete()
    direct = PuzzleSession(puzzle, solver)
    for decision in puzzle.solution:
        direct.play(decision.line[0])
    assert held.history == direct.history and not held.pending
    held.retry()
    direct.retry()
    wrong = wrong_cards(puzzle)[0]
    held.play(wrong, solver=False)
    held.complete()
    assert held.history == [direct.play(wrong)]


def test_a_right_card_off_the_recorded_line_waits_for_the_solver() -> None:
    puzzle, other = off_line_right_card()
    session = PuzzleSession(puzzle, NoSolver())  # type: ignore[arg-type]
    with pytest.raises(SolverPending):
        session.play(other, solver=False)
    assert not session.history and session.state.to_play is puzzle.learner


def wrong_cards(puzzle: PlayPuzzle) -> list:
    right = set(puzzle.solution[0].right)
    return [p for p in puzzle.position.to_state().legal_plays() if p not in right]


def off_line_right_card() -> tuple[PlayPuzzle, object]:
    for puzzle in PUZZLES:
        first = puzzle.solution[0]
        others = [p for p in first.right if p != first.line[0]]
        if others and len(puzzle.solution) == 1:
            return puzzle, others[0]
    raise AssertionError("no shipped puzzle with a second right card")


# --- the Play page before the solver is ready (AppTest) -----------------------------------------


@pytest.fixture
def held_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> threading.Event:
    """The warm-up held back: the solver is "ready" only once the returned event is set, and
    any search before then is recorded (the test then fails)."""
    monkeypatch.setenv("TRAINER_DB", str(tmp_path / "progress.sqlite3"))
    gate = threading.Event()
    monkeypatch.setattr(warm_up, "READY", gate)
    monkeypatch.setattr(warm_up, "start", lambda: False)
    monkeypatch.setattr(solver_access, "solver_ready", gate.is_set)
    early: list[str] = []
    for name in ("analyse", "principal_line"):
        real = getattr(Solver, name)

        def spy(self: Solver, *args: object, _real: object = real, _name: str = name,
                **kwargs: object) -> object:
            if not gate.is_set():
                early.append(_name)
            return _real(self, *args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(Solver, name, spy)
    gate.early = early  # type: ignore[attr-defined]
    return gate


def open_held(puzzle: PlayPuzzle, learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["play_pause"] = 0
    at.session_state["play_wait"] = False  # leave the explanations pending to look at them
    at.query_params["puzzle"] = puzzle.id
    if learner is not None:
        at.query_params["learner"] = learner
    at.run()
    at.switch_page(PLAY).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, code: str) -> None:
    [key] = [b.key for b in at.button
             if b.key and b.key.rsplit(":", 1)[0] == f"play_card:{code}"]
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def test_a_wrong_card_is_graded_before_the_solver_is_ready(held_back: threading.Event,
                                                          tmp_path: Path) -> None:
    puzzle = next(p for p in PUZZLES if wrong_cards(p))
    ProgressStore(tmp_path / "progress.sqlite3").learner("Ann")
    at = open_held(puzzle, learner="Ann")
    assert not held_back.early  # type: ignore[attr-defined]
    wrong = wrong_cards(puzzle)[0]
    click(at, wrong.code)
    [shown] = [e.value for e in at.error]
    right = choice_text(puzzle.solution[0].line[0])
    assert "✗" in shown and "does not keep the goal" in shown and f"is {right}" in shown
    assert "costs" not in shown  # the tricks it costs need the search
    assert any("Graded from the puzzle's record" in c.value for c in at.caption)
    store = ProgressStore(tmp_path / "progress.sqlite3")
    [attempt] = store.attempts(store.learner("Ann", create=False))
    assert attempt.correct is False and attempt.detail["plays"] == [wrong.code]
    assert not held_back.early  # type: ignore[attr-defined]
    held_back.set()  # the solver is ready: the next run fills the explanation in
    at.run()
    assert not at.exception, at.exception
    expected = PuzzleSession(puzzle, Solver()).play(wrong).explanation
    assert [e.value for e in at.error] == [f"**Card 1 ✗** {expected}"]
    assert "costs" in expected or "misère" in expected
    assert not any("Graded from the puzzle's record" in c.value for c in at.caption)
    assert len(store.attempts(store.learner("Ann", create=False))) == 1  # saved once


def test_a_puzzle_is_solved_before_the_solver_is_ready(held_back: threading.Event) -> None:
    puzzle = next(p for p in PUZZLES if len(p.solution) >= 2)
    at = open_held(puzzle)
    for decision in puzzle.solution:
        click(at, decision.line[0].code)
    assert any(s.value == "Puzzle solved!" for s in at.success)
    cards = [s.value for s in at.success if s.value.startswith("**Card ")]
    assert len(cards) == len(puzzle.solution)
    assert all("✓" in c for c in cards) and "Right: puzzle solved!" in cards[-1]
    assert not held_back.early  # type: ignore[attr-defined]
    held_back.set()
    at.run()
    direct = PuzzleSession(puzzle, Solver())
    expected = [direct.play(d.line[0]).explanation for d in puzzle.solution]
    filled = [s.value for s in at.success if s.value.startswith("**Card ")]
    assert [any(e in f for e in expected[n:n + 1]) for n, f in enumerate(filled)] == \
        [True] * len(expected)


def test_a_card_off_the_line_is_graded_once_the_solver_is_ready(
        held_back: threading.Event) -> None:
    puzzle, other = off_line_right_card()
    at = open_held(puzzle)
    click(at, other.code)  # type: ignore[attr-defined]
    assert not [s for s in at.success if s.value.startswith("**Card ")]
    assert any("is graded as soon as the solver is ready" in i.value for i in at.info)
    assert not held_back.early  # type: ignore[attr-defined]
    held_back.set()
    at.run()
    assert not at.exception, at.exception
    expected = PuzzleSession(puzzle, Solver()).play(other).explanation  # type: ignore[arg-type]
    assert any(expected in s.value for s in at.success)


def test_a_puzzle_opens_and_is_graded_without_loading_the_solver() -> None:
    """In a fresh process with the warm-up held back, the Play page opens the first puzzle
    and grades a right and a wrong card without importing the solver or numba (which would
    compile it in the page's thread on a first start)."""
    code = (
        "import sys\n"
        "import trainer.solver.warm_up as w\n"
        "w.start = lambda: False\n"
        "from streamlit.testing.v1 import AppTest\n"
        f"at = AppTest.from_file({APP!r}, default_timeout=120)\n"
        "at.session_state['play_wait'] = False\n"
        "at.session_state['play_pause'] = 0\n"
        f"at.query_params['puzzle'] = {PUZZLES[0].id!r}\n"
        "at.run()\n"
        f"at.switch_page({PLAY!r}).run()\n"
        "keys = [b.key for b in at.button if b.key and b.key.startswith('play_card:')]\n"
        "turn = lambda: at.session_state['play_attempt'].turn\n"
        f"at.button(key='play_card:{PUZZLES[0].solution[0].line[0].code}:' + turn()).click()"
        ".run()\n"
        "right = [s.value for s in at.success if s.value.startswith('**Card 1')]\n"
        "at.button(key='play_retry').click().run()\n"
        f"at.button(key='play_card:{wrong_cards(PUZZLES[0])[0].code}:' + turn()).click().run()\n"
        "wrong = [e.value for e in at.error if e.value.startswith('**Card 1')]\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('numba', 'trainer.solver.api',"
        " 'trainer.solver.search')))\n"
        "print(len(keys), len(right), len(wrong), loaded, list(at.exception))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-1500:]
    cards = len(PUZZLES[0].position.to_state().legal_plays())
    assert proc.stdout.split("\n")[-2] == f"{cards} 1 1 [] []"
