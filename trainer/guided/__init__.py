"""A guided first hand: one whole hand of Five Hundred for a beginner, from the deal to the
score, in `TOTAL_STEPS` steps (docs/DESIGN.md; issue 17, "A guided first hand").

`GuidedHand` (`hand.py`) is the hand: a seed of `SEEDS` dealt by the engine, the learner in
South's seat. `GuidedWalk` (`walk.py`) walks it: what each step asks, how an answer is checked
by the engine, the other three seats' calls (the simple policy, `trainer.policy`) and cards
(the solver), the hints, and the score (`trainer.scoring`). `words.py` says it all in the
game's words. No Streamlit here: the page is ``trainer/ui/pages/first_hand.py``.
"""

from trainer.guided.hand import SEEDS, STEPS, TOTAL_STEPS, GuidedHand, Step, StepKind
from trainer.guided.walk import Feedback, GuidedWalk, Hint, replay

__all__ = ["SEEDS", "STEPS", "TOTAL_STEPS", "Feedback", "GuidedHand", "GuidedWalk", "Hint",
           "Step", "StepKind", "replay"]
