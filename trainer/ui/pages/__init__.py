"""The Streamlit pages, one script a page: Home, Learn, Your first hand, Play, At the table,
Bidding, Discard, Play a game, Analyse, Progress and Rules. ``streamlit_app.py`` (the router)
lists them; Streamlit runs the chosen one top to bottom on every interaction.

A page draws, and keeps what it must in session state; what it computes or reads lives below
it: `trainer.ui.puzzles` (what the puzzle pages share), `trainer.ui.analysis` (the Analyse
page's valuing), `trainer.ui.data` (banks, lessons, rules, the learner store and session state)
and `trainer.ui.widgets` (pictures, tables and charts). Pages never import each other: they
link by path, with the paths below (as the router names them, from the project's root).
A page script keeps no bare string after its docstring (Streamlit would print it).
"""

HOME_PAGE = "trainer/ui/pages/home.py"
LEARN_PAGE = "trainer/ui/pages/learn.py"
PLAY_PAGE = "trainer/ui/pages/play.py"
TABLE_PAGE = "trainer/ui/pages/at_the_table.py"
BID_PAGE = "trainer/ui/pages/bidding.py"
DISCARD_PAGE = "trainer/ui/pages/discard.py"
ANALYSE_PAGE = "trainer/ui/pages/analyse.py"
PROGRESS_PAGE = "trainer/ui/pages/progress.py"
RULES_PAGE = "trainer/ui/pages/rules.py"
FIRST_HAND_PAGE = "trainer/ui/pages/first_hand.py"
GAME_PAGE = "trainer/ui/pages/game.py"
CLUB_PAGE = "trainer/ui/pages/club.py"
# A deal set's code kept while its visitor picks a name on Home (the Club page reads it back).
PENDING_SET_KEY = "club_pending_set"
# The Club page's address parameter naming a deal set (``/club?set=<code>``); Home keeps it
# while the visitor picks a name, then sends them back to the set.
SET_PARAM = "set"
