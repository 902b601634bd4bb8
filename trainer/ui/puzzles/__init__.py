"""What the three puzzle pages share, kept beside them rather than in `trainer.ui.data`
because only puzzle pages use it:

- `picker`: choosing a puzzle (filters, list, "Next puzzle for me") and saving its result
  (Play, Bidding and Discard pages).
- `answer`: a one-decision puzzle's answer and its page flow: grading, saving once, Retry
  (Bidding and Discard pages).
- `play_attempt`: one attempt at a play puzzle, kept between reruns (Play page).
- `analyse_link`: the foot of each puzzle page: "Analyse this position" and "What these words
  mean".

Imports `trainer.ui.data` and `trainer.ui.widgets`, never the pages.
"""
