"""The Analyse page's valuing, kept out of the page script (which Streamlit re-runs, redefining
its classes) and beside it, as no other page uses it:

- `position`: a typed-in position valued card by card by the solver, and its principal line.
- `hand`: a hand and auction valued by simulation (the "analyse my hand" section);
  `builder`: its hand ticked in the pack and its auction clicked call by call.
- `from_puzzle`: a puzzle loaded from the address (``?puzzle=<id>``).

Imports `trainer.ui.data` and `trainer.ui.widgets`, never the pages.
"""
