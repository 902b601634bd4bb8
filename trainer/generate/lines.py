"""Step 4 of the play-puzzle pipeline (`trainer.generate.play_puzzles`): the main line.

From the puzzle's position the learner plays a right card (the best); the partner plays the
solver's best card; an opponent plays a best reply, and among equally good replies the one that
leaves the learner the fewest right answers at the next decision; forced cards (one distinct
choice, or every card keeps the goal) are played in the line, so every recorded decision has a
wrong card. It stops when the goal is settled by the tricks.

`MainLine` holds what the generator learns on the way (each decision's verdicts and line, the
refutations of the wrong cards, the opponents' leads); the theme rules
(`trainer.generate.themes`) read it, and the grader (`trainer.generate.grading`) plays replies
off the recorded line with `LineBuilder`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from trainer.cards import Seat
from trainer.generate.goals import Goal, Verdicts, counted_since, equivalence_classes, judge
from trainer.play import PlayState
from trainer.rules import Play

if TYPE_CHECKING:  # only named here: a grader built before the solver is ready imports none
    from trainer.solver import Solver


@dataclass
class DecisionInfo:
    """What the generator learnt at one learner decision (for themes and the record)."""

    state: PlayState
    verdicts: Verdicts
    main: Play
    line: list[Play] = field(default_factory=list)
    refutations: dict[Play, tuple[Play, ...]] = field(default_factory=dict)


@dataclass
class OpponentLead:
    """An opponent's lead on the main line: its distinct choices and whether all keep the goal."""

    after_opponent_won: bool
    choices: int
    all_keep_goal: bool
    decision: int
    """Index of the learner's last decision before this lead."""


@dataclass
class MainLine:
    start: PlayState
    learner: Seat
    goal: Goal
    decisions: list[DecisionInfo] = field(default_factory=list)
    opponent_leads: list[OpponentLead] = field(default_factory=list)
    end: PlayState | None = None



def _first_best(state: PlayState, solver: Solver) -> Play:
    legal = state.legal_plays()
    return legal[0] if len(legal) == 1 else solver.analyse(state).best_plays[0]


class LineBuilder:
    """Plays the main line of a puzzle from its position: the learner's best right card,
    the partner's best card, the opponents' best reply that leaves the learner the fewest
    right answers (module docstring). The grader uses it for replies off the recorded line."""

    def __init__(self, start: PlayState, learner: Seat, goal: Goal, solver: Solver) -> None:
        self.start_tricks = len(start.history)
        self.total = start.tricks_left
        self.learner = learner
        self.goal = goal
        self.solver = solver
        self.own_side = set(start.rules.side_of(learner))
        self.line = MainLine(start.copy(), learner, goal)

    def counted(self, state: PlayState) -> tuple[int, int]:
        return counted_since(state, self.start_tricks)

    def settled(self, state: PlayState) -> bool:
        counted, done = self.counted(state)
        return state.is_over or self.goal.settled(counted, done, self.total)

    def verdicts(self, state: PlayState) -> Verdicts:
        return judge(self.solver.analyse(state), state, self.goal, self.counted(state)[0])

    def right_classes_ahead(self, state: PlayState) -> int:
        """Right distinct answers at the learner's next decision, others playing first-best."""
        work = state.copy()
        while not self.settled(work) and work.to_play is not self.learner:
            work.push(_first_best(work, self.solver))
        if self.settled(work):
            return 0
        return self.verdicts(work).right_classes

    def opponent_reply(self, state: PlayState) -> Play:
        analysis = self.solver.analyse(state)
        classes = equivalence_classes(state, list(analysis.best_plays))
        if not state.trick:
            counted = self.counted(state)[0]
            all_keep = all(self.goal.met_by(v, counted) for v in analysis.values.values())
            won = bool(state.history) and state.trick_winner_seat(state.history[-1]) \
                not in self.own_side
            n = len(equivalence_classes(state, state.legal_plays()))
            self.line.opponent_leads.append(
                OpponentLead(won, n, all_keep, len(self.line.decisions) - 1))
        if len(classes) == 1:
            return classes[0][0]
        scored = []
        for i, group in enumerate(classes):
            state.push(group[0])
            scored.append((self.right_classes_ahead(state), i, group[0]))
            state.pop()
        return min(scored)[2]

    def free_play(self, state: PlayState) -> Play | None:
        """The learner's card when it is no decision (one distinct card, or every card keeps
        the goal: the solver's best is played for them), else None: a real decision."""
        legal = state.legal_plays()
        if len(equivalence_classes(state, legal)) == 1:
            return legal[0]
        verdicts = self.verdicts(state)
        if verdicts.wrong:
            return None
        return verdicts.analysis.best_plays[0]

    def reply(self, state: PlayState) -> Play:
        """The card the partner or an opponent plays at ``state`` (not the learner's turn)."""
        if state.to_play in self.own_side:
            return _first_best(state, self.solver)
        return self.opponent_reply(state)

    def build(self) -> MainLine:
        state = self.line.start.copy()
        while not self.settled(state):
            verdicts = self.verdicts(state)
            values = verdicts.analysis.values
            pick = max if verdicts.analysis.maximising else min
            best_right = pick(values[p] for p in verdicts.right)
            main = next(p for p in verdicts.right if values[p] == best_right)
            info = DecisionInfo(state.copy(), verdicts, main, [main])
            self.line.decisions.append(info)
            state.push(main)
            while not self.settled(state):
                seat = state.to_play
                if seat is self.learner:
                    play = self.free_play(state)
                    if play is None:
                        break
                else:
                    play = self.reply(state)
                state.push(play)
                info.line.append(play)
        self.line.end = state
        return self.line


def refute(state: PlayState, play: Play, solver: Solver) -> tuple[Play, ...]:
    """The wrong ``play`` followed by the solver's best line against it, to the last card."""
    work = state.copy()
    work.push(play)
    return (play, *solver.principal_line(work)) if not work.is_over else (play,)


def main_line(state: PlayState, learner: Seat, goal: Goal, solver: Solver) -> MainLine:
    """The main line from ``state`` (module docstring), with the refutation of one card of each
    wrong class at every decision (for themes and explanations)."""
    line = LineBuilder(state, learner, goal, solver).build()
    for info in line.decisions:
        for group in info.verdicts.classes:
            if group[0] in info.verdicts.wrong:
                info.refutations[group[0]] = refute(info.state, group[0], solver)
    return line
