"""Value a hand page (issue 29): a seeded deal's ten cards and the calls so far; guess the tricks
your side takes in the strain shown, then see them over the layouts (drawn by
`trainer.ui.trainers.value_hand`, worked out by `trainer.train.value_hand`)."""

from __future__ import annotations

from trainer.ui.trainers.value_hand import render

render()
