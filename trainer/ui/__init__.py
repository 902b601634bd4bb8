"""The Streamlit app: its pages and what they draw with (card pictures, lessons, puzzles, rules).

Five packages, each importing only those after it (no circles):

- `trainer.ui.pages`: one Streamlit page script a page; ``streamlit_app.py`` routes to them.
- `trainer.ui.puzzles`: what the Play, Bidding and Discard pages share (choosing a puzzle and
  saving its result, a one-decision answer, a play attempt).
- `trainer.ui.analysis`: the Analyse page's valuing of a typed-in position or hand.
- `trainer.ui.data`: what several pages read or keep: the puzzle banks, the lessons, the rule
  book and rule options, the learner store, the session state, the solver lock.
- `trainer.ui.widgets`: pure functions returning HTML, tables and figures (cards, board,
  auction, candidate tables, charts); no Streamlit, no store.
"""
