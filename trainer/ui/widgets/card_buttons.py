"""Streamlit buttons dressed as playing cards: the CSS that puts a card face on a keyed button.

Streamlit gives the element of a widget with key ``k`` the class ``st-key-`` + ``k`` with every
character outside ``[a-zA-Z0-9_-]`` turned into ``-`` (`key_class`). `card_buttons_css` styles
every button inside one keyed container as a card (the face, an SVG from
`trainer.ui.widgets.cards`, as a data-URI background), dims the disabled ones, and hides the
label from the eye only: a screen reader still reads it ("Play A♠"). Pure functions returning
strings; the output goes to ``st.html`` (a ``<style>`` block takes no room on the page).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping

from trainer.ui.widgets.cards import VIEW_H, VIEW_W

BUTTON_WIDTH = 60
"""Card width of a clickable card on a wide screen, in CSS pixels."""
NARROW_WIDTH = 52
"""Card width on a phone (at most `NARROW_SCREEN` wide): six cards to a row at 390 pixels."""
NARROW_SCREEN = 560
GAP = 6

_NOT_IN_CLASS = re.compile(r"[^a-zA-Z0-9_-]")


def key_class(key: str) -> str:
    """The CSS class Streamlit puts on the element of the widget or container keyed ``key``:
    ``"play_card:JK:H:0.1"`` → ``"st-key-play_card-JK-H-0-1"``."""
    return "st-key-" + _NOT_IN_CLASS.sub("-", key.strip())


def svg_data_uri(svg: str) -> str:
    """An SVG string as a ``data:`` URI (base64), for a CSS ``url(...)``."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


def _height(width: int) -> int:
    return round(width * VIEW_H / VIEW_W)


def card_buttons_css(container: str, faces: Mapping[str, str]) -> str:
    """One ``<style>`` block: every button inside the container keyed ``container`` drawn as a
    card (`BUTTON_WIDTH`, `NARROW_WIDTH` on a phone), its label visually hidden; ``faces``
    maps a button's key to its card face (an ``<svg>`` string). A disabled button is dimmed;
    an enabled one lifts when hovered (keeping the strip it left, so it settles under a resting
    pointer) and shows a focus ring from the keyboard."""
    box = f".{key_class(container)}"
    button = f"{box} .stButton button"
    wide, narrow = BUTTON_WIDTH, NARROW_WIDTH
    rules = [
        f"{box}{{gap:{GAP}px !important;row-gap:{GAP + 2}px !important}}",
        f"{button}{{width:{wide}px;min-width:{wide}px;height:{_height(wide)}px;"
        f"min-height:{_height(wide)}px;padding:0;border:none;border-radius:6px;"
        "background-color:transparent;background-position:center;background-repeat:no-repeat;"
        "background-size:100% 100%;box-shadow:0 1px 3px rgba(0,0,0,0.3);position:relative;"
        "transition:transform 0.1s ease-out}",
        f"{button}:not(:disabled):hover{{transform:translateY(-5px);"
        "box-shadow:0 4px 10px rgba(0,0,0,0.35)}",
        f"{button}:not(:disabled):active{{transform:translateY(-2px)}}",
        # the lifted card keeps the strip it left under the pointer: else a pointer resting on
        # its bottom edge lifts it off, drops it back, lifts it again, and it never settles
        f'{button}:not(:disabled):hover::after{{content:"";position:absolute;left:0;right:0;'
        "top:100%;height:6px}",
        f"{button}:focus-visible{{outline:3px solid #1565c0;outline-offset:2px}}",
        f"{button}:disabled{{opacity:0.4;filter:grayscale(0.6);cursor:not-allowed;"
        "box-shadow:none}",
        # the label stays for screen readers only
        f"{button} > *{{position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
        "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}",
        f"@media (max-width:{NARROW_SCREEN}px){{{button}{{width:{narrow}px;"
        f"min-width:{narrow}px;height:{_height(narrow)}px;min-height:{_height(narrow)}px}}}}",
    ]
    rules += [f'.{key_class(key)} button{{background-image:url("{svg_data_uri(svg)}")}}'
              for key, svg in faces.items()]
    return "<style>" + "".join(rules) + "</style>"
