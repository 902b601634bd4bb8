"""The "Play a game" page's parts: the table on show (`session`), keeping the game in the
learner store (`saved`), drawing the table (`table`), the turns of the bots and the learner
(`turns`), the coach (`coach`), the score (`scoreboard`) and the hand review (`review_view`,
`importing`)."""
