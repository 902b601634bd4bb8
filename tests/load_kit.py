"""Several app servers on one learner store: the load test's method, shared by
``bench/two_servers.py``, tests/test_store_backends.py and tests/test_club_servers.py.

`run_processes` starts the servers as separate OS processes (multiprocessing, spawn: each
imports the trainer afresh and opens its own `ProgressStore`, as several Streamlit servers on
one store would), lets them start their work at the same moment (a shared barrier) and gathers
what each reports. Two workloads run on it:

- `run_servers`: the same learner, created as "Ann", "ann", ... by every server at the same
  moment, answers an overlapping set of puzzles on each; `check` counts what the store kept
  (one learner, every answer, each puzzle rated once, the rating replayed in commit order).
- `run_club`: a club's learners at once, spread over the servers, each in a thread of its own
  on its server's one store (a Streamlit server's sessions share its store, ``st.cache_resource``):
  all created at the same moment, then each saves puzzle answers, lesson answers and a
  setting, every one marked with the learner's own name; `check_club` reads every learner's
  data back and lists whatever is missing or belongs to someone else.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

NAMES = ("Ann", "ann", "ANN", "aNN", "AnN", "anN")
"""The spellings the servers create the learner under, one a server (one learner results)."""


def _initial() -> Any:
    from trainer.progress import Rating

    return Rating(1500, 100)


def run_processes(
    target: Callable[..., None],
    location: str,
    work: Sequence[tuple[Any, ...]],
    timeout: float = 300.0,
) -> list[Any]:
    """Run ``target(location, server, barrier, results, *work[server])`` in one spawned process
    per entry of ``work``, all sharing one barrier (`multiprocessing.Barrier` of that many),
    and return what each put on ``results`` (one item a server, in the order they came).
    The store is opened (and migrated) once here first, so the servers find it ready. Raises
    `RuntimeError` when a server fails."""
    import multiprocessing

    from trainer.progress import ProgressStore

    ProgressStore(location).close()
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(len(work)), ctx.Queue()
    procs = [
        ctx.Process(target=target, args=(location, s, barrier, results, *args))
        for s, args in enumerate(work)
    ]
    for p in procs:
        p.start()
    got = []
    try:
        for _ in procs:
            got.append(results.get(timeout=timeout))
    finally:
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.terminate()
    if any(p.exitcode for p in procs):
        raise RuntimeError(f"a server failed: exit codes {[p.exitcode for p in procs]}")
    return got


# --- one learner on every server (bench/two_servers.py) -------------------------------------


def serve(
    location: str, server: int, barrier: Any, results: Any, puzzles: list[str], answers: int
) -> None:
    """One app server (run in its own process): open the store, wait for the others, create
    the learner under this server's spelling of "Ann" at the same moment as they do, then
    answer ``answers`` puzzles going round ``puzzles`` in this server's own shuffled order,
    solved at random. Puts ``(server, answers, seconds, [answer latencies])`` on ``results``."""
    from trainer.progress import ProgressStore

    store = ProgressStore(location)
    rng = random.Random(server)
    order = puzzles[:]
    rng.shuffle(order)
    barrier.wait()
    learner = store.learner(NAMES[server % len(NAMES)])
    barrier.wait()
    latencies = []
    start = time.perf_counter()
    for n in range(answers):
        t = time.perf_counter()
        store.record_puzzle_attempt(
            learner,
            "play",
            order[n % len(order)],
            ["ruff"],
            rng.random() < 0.5,
            _initial(),
            {"server": server},
        )
        latencies.append(time.perf_counter() - t)
    results.put((server, answers, time.perf_counter() - start, latencies))
    store.close()


@dataclass(frozen=True)
class Figures:
    """What `run_servers` made and what the store kept.

    ``made``: answers the servers made; ``kept``: attempts the store holds; ``rated``: of
    them rated; ``distinct``: puzzles answered; ``learners``: learner rows; ``ratings_once``:
    every answered puzzle has one
    ``puzzle_ratings`` row, its ``attempts`` 1; ``replayed``: the learner's final rating
    (and each rated attempt's) equals replaying the rated attempts in commit (id) order;
    ``rates``: answers per second of each server; ``latencies``: every answer's seconds.
    """

    made: int
    kept: int
    rated: int
    distinct: int
    learners: int
    ratings_once: bool
    replayed: bool
    rates: tuple[float, ...]
    latencies: tuple[float, ...]


def run_servers(
    location: str, servers: int = 2, answers: int = 30, puzzles: int = 30, timeout: float = 300.0
) -> Figures:
    """Run ``servers`` app-server processes on the store at ``location`` (each answering
    ``answers`` of the same ``puzzles`` puzzle ids) and `check` the store."""
    ids = [f"p{n:07d}" for n in range(puzzles)]
    got = run_processes(serve, location, [(ids, answers)] * servers, timeout)
    rates = tuple(n / seconds for _, n, seconds, _ in sorted(got))
    latencies = tuple(t for *_, ts in got for t in ts)
    return check(location, servers * answers, rates, latencies)


def check(
    location: str, made: int, rates: tuple[float, ...] = (), latencies: tuple[float, ...] = ()
) -> Figures:
    """Count what the store at ``location`` kept of the learner "Ann"'s answers."""
    from trainer.progress import ProgressStore, update_pair
    from trainer.progress.start import starting_rating

    store = ProgressStore(location)
    try:
        names = store.learners()
        learner = store.learner(NAMES[0], create=False)
        attempts = store.attempts(learner)
        with store._connect() as db:
            counts = [r["attempts"] for r in db.execute("SELECT attempts FROM puzzle_ratings")]
        me, replayed = starting_rating(), True  # a new learner's start (the store's)
        for a in attempts:
            if a.rated:
                me, _ = update_pair(me, _initial(), a.correct)
                replayed = replayed and a.rating == me.rating and a.deviation == me.deviation
        replayed = replayed and learner.rating == me
    finally:
        store.close()
    distinct = len({a.item for a in attempts})
    once = len(counts) == distinct and all(c == 1 for c in counts)
    return Figures(
        made,
        len(attempts),
        sum(a.rated for a in attempts),
        distinct,
        len(names),
        once,
        replayed,
        rates,
        latencies,
    )


# --- a club: many learners at once on every server ------------------------------------------

CLUB_LESSON = "bidding"
"""The lesson every club learner answers on."""
CLUB_SETTING = "club_check"
"""The setting every club learner saves (their own name and count)."""


def club_names(learners: int) -> list[str]:
    """The club's learners' names: ``Member 01`` ... (distinct in any case)."""
    return [f"Member {n:02d}" for n in range(1, learners + 1)]


def club_serve(
    location: str,
    server: int,
    barrier: Any,
    results: Any,
    names: list[str],
    answers: int,
    puzzles: int,
) -> None:
    """One app server (its own process) with one store shared by a thread a learner: every
    learner of every server is created at the same moment (the barrier, then one inside the
    process), then saves ``answers`` puzzle answers (going round ``puzzles`` ids every learner
    shares, in its own order) and as many lesson answers, each marked with its name, and a
    setting. Puts ``(server, {name: learner id}, [errors])`` on ``results``."""
    from trainer.progress import ProgressStore

    store = ProgressStore(location)
    ids: dict[str, int] = {}
    errors: list[str] = []
    ready = threading.Barrier(len(names) + 1)

    def learner_session(name: str) -> None:
        rng = random.Random(name)
        order = [f"club{n:03d}" for n in range(puzzles)]
        rng.shuffle(order)
        ready.wait()
        try:
            learner = store.learner(name)
            ids[name] = learner.id
            for n in range(answers):
                mark = {"learner": name, "n": n}
                store.record_puzzle_attempt(
                    learner,
                    "play",
                    order[n % puzzles],
                    ["club"],
                    rng.random() < 0.5,
                    _initial(),
                    mark,
                )
                store.record_lesson_answer(learner, CLUB_LESSON, rng.random() < 0.5, mark)
            store.set_setting(learner, CLUB_SETTING, {"learner": name, "answers": answers})
        except Exception as e:  # reported, so the check names what went wrong
            errors.append(f"{name}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=learner_session, args=(name,)) for name in names]
    for t in threads:
        t.start()
    barrier.wait()  # every server's threads are waiting: all learners start together
    ready.wait()
    for t in threads:
        t.join()
    results.put((server, ids, errors))
    store.close()


@dataclass(frozen=True)
class Club:
    """What `run_club` found: ``learners`` rows in the store, ``problems`` (empty when every
    learner's saves are all there and nothing of anyone else's is in any learner's data),
    ``seconds`` the servers' run."""

    learners: int
    problems: tuple[str, ...]
    seconds: float


def run_club(
    location: str,
    servers: int = 2,
    learners: int = 20,
    answers: int = 10,
    puzzles: int = 12,
    timeout: float = 300.0,
) -> Club:
    """``learners`` learners at once on ``servers`` app-server processes (dealt round the
    servers), each saving ``answers`` puzzle and lesson answers; then `check_club`."""
    names = club_names(learners)
    work = [(names[s::servers], answers, puzzles) for s in range(servers)]
    start = time.perf_counter()
    got = run_processes(club_serve, location, work, timeout)
    seconds = time.perf_counter() - start
    errors = [e for _, _, errs in got for e in errs]
    ids = {name: i for _, made, _ in got for name, i in made.items()}
    return (
        Club(*check_club(location, names, ids, answers), seconds)
        if not errors
        else Club(0, tuple(errors), seconds)
    )


def check_club(
    location: str, names: list[str], ids: dict[str, int], answers: int
) -> tuple[int, tuple[str, ...]]:
    """Read every club learner back from a fresh store at ``location``: their puzzle and
    lesson answers (``answers`` of each, numbered 0 to ``answers - 1``, every one marked with
    their own name), their lesson's count and their setting. Returns the learners in the store
    and the problems found."""
    from trainer.progress import ProgressStore

    store = ProgressStore(location)
    problems: list[str] = []
    try:
        saved = store.learners()
        for name in names:
            if name not in saved:
                problems.append(f"{name}: not in the store")
                continue
            learner = store.learner(name, create=False)
            if learner.id != ids.get(name):
                problems.append(f"{name}: id {learner.id}, created as {ids.get(name)}")
            attempts = store.attempts(learner)
            for kind in ("play", "lesson"):
                marks = sorted(a.detail.get("n", -1) for a in attempts if a.kind == kind)
                if marks != list(range(answers)):
                    problems.append(f"{name}: {kind} answers {marks}")
            strangers = {a.detail.get("learner") for a in attempts} - {name}
            if strangers:
                problems.append(f"{name}: holds answers of {sorted(map(str, strangers))}")
            lesson = store.lesson_progress(learner).get(CLUB_LESSON)
            if lesson is None or lesson.answered != answers:
                problems.append(f"{name}: lesson count {lesson and lesson.answered}")
            setting = store.get_setting(learner, CLUB_SETTING)
            if setting != {"learner": name, "answers": answers}:
                problems.append(f"{name}: setting {setting}")
    finally:
        store.close()
    return len(saved), tuple(problems)
