"""Trainers beyond puzzles (issue 29): the logic of the Trainers page, no Streamlit here.

- `trainer.train.value_hand`: value a hand. A seeded deal gives South's ten cards and the
  auction so far (the policy bidder's calls); the learner guesses the tricks the hand takes in
  a strain, then sees the tricks over sampled layouts of the unseen cards and the kitty.
- `trainer.train.count_infer`: count and infer. A seeded deal played by the bots; questions
  answered from what the learner's seat has seen (`trainer.bots.sampling.state_knowledge`).
- `trainer.train.storm`: the timed run of count-and-infer questions (three minutes, a streak,
  a personal best), its clock injected so tests drive it.
- `trainer.train.records`: a rated trainer attempt in the learner store (Glicko-2, as a
  puzzle) and the timed run's personal best.
"""
