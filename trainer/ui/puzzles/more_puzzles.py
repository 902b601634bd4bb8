"""Practice never runs out: when a learner has played every puzzle their filters leave (a narrow
theme, the 2-player table), the puzzle page has new ones made for those filters, in the
background, and says so (issue 19).

- The page's bank has the puzzles made so far at its end (the store's, made for any learner:
  they are shared), tagged "Made for you" (`trainer.ui.data.made_puzzles.with_generated`).
- `offer`, drawn by the picker under its list: when no unplayed puzzle is left, a job of the
  puzzle maker (`trainer.ui.data.puzzle_jobs`) starts for the filters, and a progress bar
  (a fragment that looks again every `POLL_SECONDS`) shows it going, while the learner keeps
  practising the puzzles they have played; when nothing matches at all, a button starts it.
  When new puzzles are ready, "Play the new puzzle" opens one (and with nothing on show the
  page opens it by itself). A job that found nothing says so, with "Try again".

Nothing here shows what a new puzzle is about: its themes stay hidden until it is played, as
every puzzle's are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from trainer.generate.on_demand import Wanted, cannot_make
from trainer.progress import Rating
from trainer.ui.data import puzzle_jobs
from trainer.ui.data.profile import current_learner, store
from trainer.ui.data.puzzle_bank import MADE_THEME, PERSONAL_THEME, PuzzleFilter
from trainer.ui.data.puzzle_choice import RatedPuzzle, next_puzzle, record_rating
from trainer.ui.data.state import current_rules

if TYPE_CHECKING:
    from trainer.ui.puzzles.picker import PuzzlePicker

MAKER_TABLES = frozenset({2, 3, 4})
"""Tables whose play puzzles the maker makes on the spot (at six players a deal takes it too
long to be worth waiting for)."""
POLL_SECONDS = 2.0
"""How often the progress bar looks at the job."""
CHECKS = {"play": "checks every card with the solver",
          "bid": "scores every call over a hundred layouts of the unseen cards",
          "discard": "scores the discards over a hundred layouts of the unseen cards"}
"""What the puzzle maker does to each new puzzle of a kind, as it does for the banks'."""


def wanted_for(kind: str, chosen: PuzzleFilter) -> tuple[Wanted, str | None]:
    """What the puzzle maker is asked for by the filters ``chosen`` on the page of ``kind``,
    under the rules in use ("Made for you" asks for nothing more: every new puzzle has it), and
    why it cannot make them, in words (None when it can)."""
    wanted = Wanted(kind, current_rules(), chosen.themes - {MADE_THEME}, chosen.contract_types,
                    chosen.sides, chosen.rating)
    if PERSONAL_THEME in chosen.themes:
        return wanted, ("puzzles from your games come only from the hands you play: play a "
                        "game, and its review makes them")
    return wanted, cannot_make(wanted)


def offer(chooser: PuzzlePicker[Any], chosen: PuzzleFilter, shown: list[Any],
          played: set[str], current: RatedPuzzle | None) -> None:
    """Under the picker: new puzzles for ``chosen`` (module docstring). ``shown``: the puzzles
    the filters leave; ``played``: the ids the learner has played; ``current``: the puzzle on
    show."""
    kind = chooser.prefix
    wanted, why_not = wanted_for(kind, chosen)
    job = puzzle_jobs.job_for(wanted)
    made = set(job.made) if job is not None else set()
    fresh = [p for p in shown if p.id in made and p.id not in played]
    if fresh and job is not None and (current is None or current.id not in made):
        _ready(chooser, fresh)
        if job.running:  # more to come
            _watch(wanted, len(job.made))
        return
    if any(p.id not in played for p in shown):
        return
    meanwhile = ("Meanwhile, keep practising the puzzles you have played: \"Next puzzle for "
                 "me\" goes round them, and practice leaves your rating as it is." if shown
                 else "Meanwhile, widen the filters to play other puzzles.")
    if why_not is not None:
        if shown:
            st.info(f"You have played every puzzle these choices leave, and no new ones can be "
                    f"made for them: {why_not}. Widen the filters for new puzzles, or keep "
                    "practising these.", icon=":material/info:")
        return
    if job is not None and job.running:
        _making(kind, wanted, job, meanwhile)
    elif job is not None and (job.problem or not job.made):
        st.warning(f"{job.outcome()} Widen the filters, or try again. {meanwhile}",
                   icon=":material/search_off:")
        st.button("Try again", key=chooser.key("make_again"), on_click=_start,
                  args=(wanted,), icon=":material/refresh:")
    elif shown:  # every one played: make more at once
        job = _start(wanted)
        if job.running:
            _making(kind, wanted, job, meanwhile)
    else:
        st.info("No puzzle in the bank matches these choices, but new ones can be made for "
                f"them: the puzzle maker deals new hands and {CHECKS[kind]}, as for the bank.",
                icon=":material/auto_awesome:")
        st.button("Make puzzles for these choices", key=chooser.key("make"), on_click=_start,
                  args=(wanted,), icon=":material/auto_awesome:")


def offer_for_rules(kind: str) -> bool:
    """When no puzzle of the bank fits the rules in use (a 3-player table, say): play puzzles
    made for those rules, if the maker serves that table (`MAKER_TABLES`): a button starts
    them, then a progress bar shows them coming; the page's bank has them as they are made.
    Returns whether it offered (else the page says the bank has nothing for these rules)."""
    rules = current_rules()
    wanted = Wanted(kind, rules)
    if kind != "play" or rules.players not in MAKER_TABLES or cannot_make(wanted) is not None:
        return False
    job = puzzle_jobs.job_for(wanted)
    if job is not None and job.running:
        st.info("**Making puzzles for your table.** No puzzle in the bank is for these rules, "
                f"so the puzzle maker is dealing new hands in the background and {CHECKS[kind]},"
                " as for the puzzle bank. The first one opens here as soon as it is ready: "
                "seconds for most.", icon=":material/auto_awesome:")
        _watch(wanted, len(job.made))
    elif job is not None:
        st.warning(f"{job.outcome()} Try again, or change the rules.",
                   icon=":material/search_off:")
        st.button("Try again", key=f"{kind}_rules_make_again", on_click=_start, args=(wanted,),
                  icon=":material/refresh:")
    else:
        st.info("No puzzle in the bank is for these rules, but the puzzle maker can make "
                f"some: it deals new hands and {CHECKS[kind]}, as for the bank.",
                icon=":material/auto_awesome:")
        st.button("Make puzzles for these rules", key=f"{kind}_rules_make", on_click=_start,
                  args=(wanted,), type="primary", icon=":material/auto_awesome:")
    return True


def _start(wanted: Wanted) -> puzzle_jobs.Job:
    return puzzle_jobs.start_job(wanted, store(), current_learner())


def _making(kind: str, wanted: Wanted, job: puzzle_jobs.Job, meanwhile: str) -> None:
    st.info(f"**Making new puzzles for these choices.** You have played every puzzle they "
            f"leave, so the puzzle maker is dealing new hands in the background and "
            f"{CHECKS[kind]}, as for the puzzle bank. Each new puzzle joins your puzzles here "
            f"as soon as it is ready: seconds for most, minutes for a rare theme. {meanwhile}",
            icon=":material/auto_awesome:")
    _watch(wanted, len(job.made))


@st.fragment(run_every=POLL_SECONDS)
def _watch(wanted: Wanted, seen: int) -> None:
    """The job's progress bar, looked at every `POLL_SECONDS`; the whole page runs again when
    a puzzle is made or the job ends (its bank gains the puzzle)."""
    job = puzzle_jobs.job_for(wanted)
    if job is None or len(job.made) != seen or not job.running:
        st.rerun()
    st.progress(len(job.made) / job.count, text=f"Making new puzzles: {job.progress()}")


def _ready(chooser: PuzzlePicker[Any], fresh: list[Any]) -> None:
    learner = current_learner()
    best = next_puzzle(fresh, learner.rating if learner is not None else Rating(),
                       record_rating)
    count = f"{len(fresh)} new puzzle{'s are' if len(fresh) > 1 else ' is'}"
    st.success(f"{count} ready, made for these choices.", icon=":material/auto_awesome:")
    st.button("Play the new puzzle", key=chooser.key("play_new"), on_click=_open,
              args=(chooser, best.id if best is not None else None), type="primary",
              icon=":material/play_arrow:")


def _open(chooser: PuzzlePicker[Any], puzzle_id: str | None) -> None:
    puzzle = chooser.bank.by_id(puzzle_id)
    if puzzle is not None:
        chooser.open(puzzle)
