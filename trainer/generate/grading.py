"""Grading a play puzzle card by card, with the solver: the API the app calls.

`PuzzleSession(puzzle)` holds the hand in play from the puzzle's position. `play(card)` grades a
learner card: right when the solver says it keeps the goal, else wrong with the tricks it
costs, the refutation (the solver's line against it, trick by trick) and the right card's line.
After a right card the partner and the opponents reply (the recorded main line when the learner
is on it, else the generator's reply rule, `LineBuilder.reply`) until the learner's next
decision or the goal is settled. A wrong card fails the attempt; `retry` starts again.

Before the solver is ready (a first start compiles it), `play(card, solver=False)` grades from
the puzzle's record alone while the learner is on the recorded main line: the record holds each
decision's right cards and the cards played until the next decision, so right or wrong, the
replies and the next decision need no search. What does need one (the tricks a wrong card costs,
its refutation, why a right card works) is left *pending* (`Verdict.pending`) and filled in by
`complete` once the solver is ready; a card the record cannot grade (a right card off the main
line, whose replies the recorded line does not give) raises `SolverPending`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.cards import Seat
from trainer.errors import IllegalPlayError
from trainer.generate.card_reasons import CardReason, wrong_card_reasons
from trainer.generate.explain import TrickStory, play_text, seat_name, tell_line, tricks_phrase
from trainer.generate.goals import PuzzleError, Verdicts, counted_since, judge
from trainer.generate.lines import LineBuilder
from trainer.generate.records import PlayPuzzle
from trainer.generate.right_reasons import right_card_reason
from trainer.lessons.question import names_list
from trainer.notation import parse_play
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:
    from trainer.solver import Solver


class SolverPending(Exception):
    """Raised by `PuzzleSession.play` with ``solver=False`` for a card that only the solver can
    grade now: grade it again once the solver is ready."""


@dataclass(frozen=True)
class Verdict:
    """The grade of one learner card.

    ``value``/``best``: the solver's values (declarer side's tricks from this trick on) after
    this card and with the best card; ``cost``: tricks it gives away against the best card
    (0 for a right card that is not the very best); ``replies``: the other seats' cards played
    after it, in order; ``refutation`` / ``right_line``: trick-by-trick stories (wrong cards);
    ``refutation_plays`` / ``right_line_plays``: the same two lines as plays from the position
    before the card, the learner's card first (wrong cards; empty for a right card);
    ``reasons``: why a wrong card fails, in concepts (`trainer.generate.card_reasons`, the
    first ones shown in ``explanation``); ``explanation``: the verdict in words (a right card:
    why it works, `trainer.generate.right_reasons`); ``pending``: graded from the record before
    the solver was ready, so ``value``, ``best`` and ``cost`` are 0, the lines and reasons empty
    and the explanation says only right or wrong and the right card, until
    `PuzzleSession.complete` fills them in.
    """

    play: Play
    right: bool
    value: int
    best: int
    cost: int
    right_plays: tuple[Play, ...]
    replies: tuple[tuple[Seat, Play], ...]
    refutation: tuple[TrickStory, ...]
    right_line: tuple[TrickStory, ...]
    explanation: str
    solved: bool
    reasons: tuple[CardReason, ...] = ()
    refutation_plays: tuple[Play, ...] = ()
    right_line_plays: tuple[Play, ...] = ()
    pending: bool = False


class PuzzleSession:
    """One attempt at a play puzzle (see the module docstring)."""

    def __init__(self, puzzle: PlayPuzzle, solver: Solver | None = None) -> None:
        self.puzzle = puzzle
        # by default whichever solver is lent to the current request (a session lives across
        # requests; the app lends each request a solver of its pool), imported on first use
        self.solver = solver or _LazyCurrentSolver()
        self.retry()

    def retry(self) -> None:
        """Back to the puzzle's position, as a fresh attempt."""
        self.state: PlayState = self.puzzle.position.to_state()
        self.start_tricks = len(self.state.history)
        self.builder = LineBuilder(self.state, self.learner, self.puzzle.goal, self.solver)
        self.failed = False
        self.decision = 0  # index into the recorded solution while the learner follows it
        self.on_line = True
        self.history: list[Verdict] = []
        # graded from the record, to fill in (`complete`): index in history, table before it
        self._pending: list[tuple[int, PlayState]] = []

    @property
    def learner(self) -> Seat:
        return self.puzzle.learner

    @property
    def solved(self) -> bool:
        return not self.failed and self.builder.settled(self.state)

    @property
    def finished(self) -> bool:
        return self.failed or self.solved

    def legal_plays(self) -> list[Play]:
        """The learner's legal plays now (empty when the attempt is over)."""
        if self.finished or self.state.to_play is not self.learner:
            return []
        return self.state.legal_plays()

    @property
    def pending(self) -> bool:
        """True while a verdict graded from the record waits for the solver (`complete`)."""
        return bool(self._pending)

    def play(self, choice: Play | str, solver: bool = True) -> Verdict:
        """Grade the learner's card and, if right, play the replies.

        ``choice``: a `Play` or its code (``"AS"``, ``"JK:H"``); ``solver``: False to grade
        from the record without the solver (module docstring). Raises `PuzzleError` when the
        attempt is over, `IllegalPlayError` naming the reason for an illegal card, and
        `SolverPending` (only with ``solver=False``) for a card the record cannot grade.
        """
        if self.finished:
            raise PuzzleError("the puzzle is over: retry or pick another")
        play = parse_play(choice) if isinstance(choice, str) else choice
        legal = self.state.legal_plays()
        if play not in legal:
            if play.card.is_joker and play.named is None:
                options = [p for p in legal if p.card == play.card]
                if len(options) == 1:
                    play = options[0]
            if play not in legal:
                reason = self.state.why_illegal(play) or "not legal now"
                raise IllegalPlayError(f"play {play}: {reason}")
        if not solver:
            return self._from_record(play)
        before = self.state.copy()
        counted, verdicts = self._judged(before)
        if play not in verdicts.right:
            self.failed = True
            verdict = self._wrong_verdict(play, verdicts, counted)
        else:
            replies = self._advance(play)
            verdict = self._right_verdict(before, play, replies, verdicts, self.solved)
        self.history.append(verdict)
        return verdict

    def _judged(self, state: PlayState) -> tuple[int, Verdicts]:
        counted = counted_since(state, self.start_tricks)[0]
        return counted, judge(self.solver.analyse(state), state, self.puzzle.goal, counted)

    def _wrong_verdict(self, play: Play, verdicts: Verdicts, counted: int) -> Verdict:
        best, value = verdicts.analysis.best, verdicts.analysis.values[play]
        cost = (best - value) if verdicts.analysis.maximising else (value - best)
        return self._wrong(play, value, best, cost, verdicts.right, counted)

    def _right_verdict(self, before: PlayState, play: Play,
                       replies: tuple[tuple[Seat, Play], ...], verdicts: Verdicts,
                       solved: bool) -> Verdict:
        """A right card's verdict: ``before`` the table before it, ``replies`` already played,
        ``solved`` whether they settled the goal."""
        best, value = verdicts.analysis.best, verdicts.analysis.values[play]
        cost = (best - value) if verdicts.analysis.maximising else (value - best)
        line = played_out(before, (play, *(p for _, p in replies)), self.solver)
        why = right_card_reason(before, self.learner, self.puzzle.goal, play, line)
        text = ("Right: puzzle solved! " if solved else "Right. ") + why.sentence(play_text(play))
        return Verdict(play, True, value, best, cost, verdicts.right, replies, (), (), text,
                       solved)

    # --- before the solver is ready ----------------------------------------------------------

    def _from_record(self, play: Play) -> Verdict:
        recorded = self.puzzle.solution
        if not self.on_line or self.decision >= len(recorded):
            raise SolverPending(f"play {play}: off the recorded line")
        decision = recorded[self.decision]
        before = self.state.copy()
        if play not in decision.right:
            good = self._best_right(decision.right)
            others = tuple(p for p in decision.right if p != good)
            also = (f" ({names_list([choice_text(p) for p in others])} "
                    f"{'keeps' if len(others) == 1 else 'keep'} it too)" if others else "")
            said = play_text(play)
            text = (f"{said[0].upper()}{said[1:]} does not keep the goal. The right card for "
                    f"{seat_name(self.learner)} is {choice_text(good)}{also}.")
            verdict = Verdict(play, False, 0, 0, 0, decision.right, (), (), (), text, False,
                              pending=True)
            self.failed = True
        else:
            if decision.line[:1] != (play,):
                raise SolverPending(f"play {play}: a right card off the recorded line")
            replies = self._advance(play, record=True)
            text = "Right: puzzle solved!" if self.solved else "Right."
            verdict = Verdict(play, True, 0, 0, 0, decision.right, replies, (), (), text,
                              self.solved, pending=True)
        self._pending.append((len(self.history), before))
        self.history.append(verdict)
        return verdict

    def complete(self) -> None:
        """Fill in the verdicts graded from the record (`Verdict.pending`) with the solver's
        values, lines and reasons; the cards and replies played stay as they were."""
        for index, before in self._pending:
            old = self.history[index]
            counted, verdicts = self._judged(before)
            if old.right:
                new = self._right_verdict(before, old.play, old.replies, verdicts, old.solved)
            else:
                new = self._wrong_verdict(old.play, verdicts, counted)
            self.history[index] = new
        self._pending = []

    # --- after a right card ------------------------------------------------------------------

    def _advance(self, play: Play, record: bool = False) -> tuple[tuple[Seat, Play], ...]:
        """Play ``play`` and the replies up to the learner's next decision. ``record``: the
        recorded line alone, no solver (the caller has checked that ``play`` starts it)."""
        recorded = self.puzzle.solution
        follow = (self.on_line and self.decision < len(recorded)
                  and recorded[self.decision].line[:1] == (play,))
        script = list(recorded[self.decision].line[1:]) if follow else []
        self.on_line = follow
        self.decision += 1
        self.state.push(play)
        replies: list[tuple[Seat, Play]] = []
        while not self.builder.settled(self.state):
            seat = self.state.to_play
            assert seat is not None
            if record and not script:
                break  # the recorded line stops at the learner's next decision
            if seat is self.learner:
                if script and script[0] in self.state.legal_plays():
                    nxt = script.pop(0)  # the learner's free card, on the recorded line
                else:
                    free = self.builder.free_play(self.state)
                    if free is None:
                        break  # a real decision: the learner's turn
                    nxt = free
            elif script:
                nxt = script.pop(0)
            else:
                nxt = self.builder.reply(self.state)
            self.state.push(nxt)
            replies.append((seat, nxt))
        return tuple(replies)

    # --- after a wrong card ------------------------------------------------------------------

    def _wrong(self, play: Play, value: int, best: int, cost: int,
               right: tuple[Play, ...], counted: int) -> Verdict:
        work = self.state.copy()
        work.push(play)
        refutation = (play, *self.solver.principal_line(work)) if not work.is_over else (play,)
        good = self._best_right(right)
        recorded = self.puzzle.solution
        # the main line, as "Show solution" steps it, when the learner is on it
        shown = (self.puzzle.main_line_from(self.decision)
                 if self.on_line and self.decision < len(recorded)
                 and recorded[self.decision].line[:1] == (good,) else (good,))
        right_line = played_out(self.state, shown, self.solver)
        ref_story = tuple(tell_line(self.state, refutation))
        right_story = tuple(tell_line(self.state, right_line))
        others = tuple(p for p in right if p != good)
        reasons = tuple(wrong_card_reasons(self.state, self.learner, self.puzzle.goal, play,
                                           refutation, right, good, right_line, self.solver,
                                           counted))
        text = self._explain(play, value, cost, good, others, reasons, counted)
        return Verdict(play, False, value, best, cost, right, (), ref_story, right_story, text,
                       False, reasons, tuple(refutation), tuple(right_line))

    def _best_right(self, right: tuple[Play, ...]) -> Play:
        recorded = self.puzzle.solution
        if self.on_line and self.decision < len(recorded):
            main = recorded[self.decision].line[0]
            if main in right:
                return main
        return right[0]

    def _explain(self, play: Play, value: int, cost: int, good: Play, others: tuple[Play, ...],
                 reasons: tuple[CardReason, ...], counted: int) -> str:
        goal = self.puzzle.goal
        total = value + counted
        declarer_side = self.state.declarer is not None and self.learner in \
            self.state.rules.side_of(self.state.declarer)
        left = len(self.state.history) - self.start_tricks + self.state.tricks_left
        if declarer_side:
            outcome = f"your side takes {total} of the last {left} tricks"
        else:
            outcome = f"the declarer's side takes {total} of the last {left} tricks"
        need = (f"at least {goal.tricks}" if goal.at_least else f"at most {goal.tricks}")
        said = play_text(play)
        head = (f"{said[0].upper()}{said[1:]} costs {tricks_phrase(max(cost, 1))}: against "
                f"best play {outcome}, and the goal needs {need}.")
        contract = self.state.contract
        if contract is not None and contract.misere:  # tricks count only as none or some
            declarer = self.state.declarer
            head = (f"{said[0].upper()}{said[1:]} sets your misère: against best play you take "
                    f"{tricks_phrase(total)}." if self.learner is declarer else
                    f"{said[0].upper()}{said[1:]} lets the misère make: against best play "
                    f"{seat_name(declarer) if declarer else 'the declarer'} takes no trick.")
        why = "".join(f" {r.text}" for r in reasons[:REASONS_SHOWN])
        who = seat_name(self.learner)
        # the line below follows one right card; any others keep the goal too
        also = (f" ({names_list([choice_text(p) for p in others])} "
                f"{'keeps' if len(others) == 1 else 'keep'} it too)" if others else "")
        return (f"{head}{why} The right card for {who} is {choice_text(good)}{also}: step "
                f"through both lines on the table.")


REASONS_SHOWN = 2
"""How many of a wrong card's reasons its explanation gives (the first are the most telling:
`trainer.generate.card_reasons` lists them in that order)."""


def choice_text(play: Play) -> str:
    """A card as a choice in a sentence: ``K♦``, ``the joker``, ``the joker naming ♥``."""
    return f"the joker naming {play.named.symbol}" if play.named else play_text(play)


def played_out(state: PlayState, line: Sequence[Play], solver: Solver) -> tuple[Play, ...]:
    """``line`` from ``state`` (left unchanged), continued to the end of the hand by the
    solver's best play (`Solver.principal_line`)."""
    work = state.copy()
    for play in line:
        work.push(play)
    return (*line, *(solver.principal_line(work) if not work.is_over else ()))


class _LazyCurrentSolver:
    """`trainer.solver.CurrentSolver`, imported on the first search (importing the solver
    compiles it on a first start: a session made before then must not)."""

    def __getattr__(self, name: str) -> object:
        from trainer.solver import CurrentSolver

        return getattr(CurrentSolver(), name)


def main_line_story(puzzle: PlayPuzzle) -> list[TrickStory]:
    """The recorded solution as tricks, for "show solution"."""
    return tell_line(puzzle.position.to_state(), puzzle.main_line_from(0))

