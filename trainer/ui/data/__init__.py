"""What the pages read and keep, shared by several pages (so it sits here, not beside one):

- `puzzle_bank` and `puzzle_choice`: the shipped puzzle banks as the app sees them, and which
  puzzle comes next (Play, Bidding, Discard, Analyse and Progress pages; the
  bank's records are typed by the choice's `RatedPuzzle`).
- `progress_data`: the learner's history from the store as tables (Progress and Home).
- `lesson_files`: the lesson Markdown files (Home, Learn, Progress).
- `rule_options`: the rule options in words (Rules, Learn, Home, Bidding, the lessons and the
  puzzle picker); `rule_book`: the shipped rule book's sections (Rules page), a file reader kept
  beside the option words that cite it.
- `profile` and `state`: the learner store and the session state the pages share.
- `solver_access`: the one lock around the app's solver calls (Play, Discard, Analyse).
- `glossary`: the words of the game and of the grading explained (the puzzle pages, Analyse and
  Rules).

Modules here import `trainer.ui.widgets` (a lesson's card markers become pictures) and each
other, never the pages, `trainer.ui.puzzles` or `trainer.ui.analysis`.
"""
