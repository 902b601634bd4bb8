"""The Learn page's strategy lessons (lessons 11-15): text, worked examples from the puzzle
banks, engine-made practice and links to the puzzle themes (`trainer.ui.strategy.lesson`)."""
