"""Question generators for lessons 5-10 (bidding, the kitty, the joker, misère, scoring, the
rule variants), one module a lesson. Each exports one ``(random.Random, RuleSet) -> Question``
generator, registered in `trainer.quiz.QUIZZES`. No Streamlit here."""
