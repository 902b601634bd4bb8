"""What the pages draw, as pure functions of their arguments: HTML strings, pandas tables and
plotly figures. No Streamlit, no session state, no store: a page decides and draws, a widget
only turns data into a picture, so each is tested without running a page.

`cards` (card faces as SVG, rows of cards), `board` (a play puzzle's table), `auction` (the
auction by seat, calls in words), `candidates` (the bidding and discard candidate tables and
charts), `charts` (the Progress page's figures). Widgets import only each other, never the
other ``trainer.ui`` packages.
"""
