"""What the trainer pages draw (issue 29, "Trainers beyond puzzles"): `value_hand` for the Value a
hand page and `count_infer` for the Count and infer page. Their logic is `trainer.train`."""
