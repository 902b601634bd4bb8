"""Count and infer page (issue 29): quick questions during a hand the bots play, answered from
what your seat has seen, in practice or against the clock (drawn by
`trainer.ui.trainers.count_infer`, worked out by `trainer.train.count_infer`)."""

from __future__ import annotations

from trainer.ui.trainers.count_infer import render

render()
