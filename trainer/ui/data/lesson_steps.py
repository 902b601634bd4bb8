"""A rules lesson cut into steps: ``## Step: <title>`` sections, each ending in a task marker.

A step is one idea in a few sentences and one small task (`trainer.lessons.tasks`)::

    ## Step: Take out the 2s and 3s

    Start from an ordinary pack of 52 cards ...

    :task[pick_cards]{rule=out_of_pack cards="AS 2S 3H 9C"}

The step's text runs from its heading to the next ``## Step:`` heading (or the end of the
lesson) and may hold card markers and ``:::house-rules`` blocks like any lesson text. Exactly one
task marker, on a line of its own, per step. Text before the first step is the lesson's
opening, shown above the first step. A lesson without ``## Step:`` headings has no steps and
is drawn as one page (`steps_of` returns ``()``).

No Streamlit here. Errors: `StepError` (a ``ValueError``) naming the step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trainer.lessons.tasks import TASK_MARKER, Task, TaskError, TaskView, build_task, parse_task

STEP_HEADING = re.compile(r"^##\s+Step:\s*(.+?)\s*$")


class StepError(ValueError):
    """A step that cannot be read: no task, two tasks, or a task that cannot be built."""


@dataclass(frozen=True)
class Step:
    """One step: its number (1-based), title, text (Markdown with card markers, without the
    task marker) and task."""

    number: int
    title: str
    text: str
    task: Task

    def view(self) -> TaskView:
        """The task ready to show, its answer computed by the engine (`build_task`)."""
        return build_task(self.task)


def split_steps(body: str) -> tuple[str, tuple[Step, ...]]:
    """A lesson body as (its opening text, its steps). Raises `StepError` for a step with no
    task marker or with two, or a task whose answer cannot be computed."""
    opening: list[str] = []
    raw: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        m = STEP_HEADING.match(line)
        if m:
            raw.append((m.group(1), []))
        elif raw:
            raw[-1][1].append(line)
        else:
            opening.append(line)
    steps = []
    for number, (title, lines) in enumerate(raw, start=1):
        tasks = [i for i, line in enumerate(lines) if TASK_MARKER.fullmatch(line.strip())]
        if len(tasks) != 1:
            raise StepError(f"step {number} ({title}): "
                            f"{'no task marker' if not tasks else 'more than one task marker'}"
                            " (one :task[kind]{...} line a step)")
        try:
            task = parse_task(lines[tasks[0]])
            build_task(task)
        except TaskError as e:
            raise StepError(f"step {number} ({title}): {e}") from None
        text = "\n".join(line for i, line in enumerate(lines) if i != tasks[0]).strip("\n")
        steps.append(Step(number, title, text, task))
    return "\n".join(opening).strip("\n"), tuple(steps)


def steps_of(body: str) -> tuple[Step, ...]:
    """The steps of a lesson body (``()`` for a lesson written as one page)."""
    return split_steps(body)[1]
