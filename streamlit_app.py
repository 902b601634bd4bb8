"""The Five Hundred trainer: the router only. Run with ``streamlit run streamlit_app.py``.

Pages live in ``trainer/ui/pages/``, one script a page; this file sets up the page and the
navigation, nothing else.
"""

import streamlit as st

from trainer.ui.data.puzzle_bank import start_reading
from trainer.ui.data.solver_access import start_warm_up

st.set_page_config(
    page_title="Five Hundred trainer", page_icon=":material/playing_cards:", layout="centered"
)

PAGES = [
    st.Page("trainer/ui/pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("trainer/ui/pages/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
    st.Page("trainer/ui/pages/first_hand.py", title="Your first hand",
            icon=":material/front_hand:", url_path="first-hand"),
    st.Page("trainer/ui/pages/play.py", title="Play puzzles", icon=":material/playing_cards:",
            url_path="play"),
    st.Page("trainer/ui/pages/at_the_table.py", title="At the table",
            icon=":material/visibility_off:", url_path="at-the-table"),
    st.Page("trainer/ui/pages/bidding.py", title="Bidding puzzles", icon=":material/gavel:",
            url_path="bidding"),
    st.Page("trainer/ui/pages/discard.py", title="Discard puzzles", icon=":material/swap_horiz:",
            url_path="discard"),
    st.Page("trainer/ui/pages/value_hand.py", title="Value a hand", icon=":material/balance:",
            url_path="value"),
    st.Page("trainer/ui/pages/count_infer.py", title="Count and infer", icon=":material/timer:",
            url_path="count"),
    st.Page("trainer/ui/pages/game.py", title="Play a game", icon=":material/sports_esports:",
            url_path="game"),
    st.Page("trainer/ui/pages/club.py", title="Club", icon=":material/groups:", url_path="club"),
    st.Page("trainer/ui/pages/analyse.py", title="Analyse", icon=":material/calculate:",
            url_path="analyse"),
    st.Page("trainer/ui/pages/progress.py", title="Progress", icon=":material/monitoring:",
            url_path="progress"),
    st.Page("trainer/ui/pages/rules.py", title="Rules", icon=":material/tune:", url_path="rules"),
]

start_warm_up()  # once per server: the solver compiles off the pages' way (a first start)
start_reading()  # once per server: the puzzle banks are read before a puzzle page asks
st.navigation(PAGES).run()
