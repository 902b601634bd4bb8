"""Card faces drawn as SVG, and rows of cards as HTML (pure functions returning strings).

Every card is an ``<svg role="img" aria-label="...">`` with a ``<title>``, so a screen reader
says "jack of diamonds, left bower" where the eye sees J♦. The role words come from a
`CardOrder` when one is given (joker, right bower, left bower, trump); without one the label is
the card's plain name, which is what quiz questions use so the label never gives the answer away.

Suit symbols are drawn as paths (no font needed); ranks are text. Red for hearts and diamonds,
black for spades and clubs, and a purple-and-gold face for the joker. Rows wrap (CSS flexbox),
so a hand of ten fits a phone-width window. The output is meant for
``st.markdown(..., unsafe_allow_html=True)``: one line, no blank lines, inline styles only.
(``st.html`` sanitises with DOMPurify's HTML profile, which removes inline SVG.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape

from trainer.cards import Card, Rank, Suit
from trainer.rules import CardOrder, Play

RED = "#c62828"
BLACK = "#1b1b1b"
JOKER_INK = "#5e2a84"
JOKER_GOLD = "#e9b400"
TRUMP_RING = "#d49b00"

VIEW_W, VIEW_H = 60, 84
"""The card's drawing box; the rendered size is set by ``width``."""
DEFAULT_WIDTH = 64
INLINE_WIDTH = 24

# Suit shapes in a 100 x 100 box, point or stem at the bottom (SVG markup without a fill).
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.DIAMONDS: '<path d="M50 3 L86 50 L50 97 L14 50 Z"/>',
    Suit.HEARTS: (
        '<path d="M50 95 C35 80 5 62 5 36 C5 16 19 6 32 6 C42 6 48 13 50 21 '
        'C52 13 58 6 68 6 C81 6 95 16 95 36 C95 62 65 80 50 95 Z"/>'
    ),
    Suit.SPADES: (
        '<path d="M50 4 C64 24 95 40 95 62 C95 78 83 86 71 86 C62 86 56 82 53 77 '
        'C54 87 58 93 67 97 L33 97 C42 93 46 87 47 77 C44 82 38 86 29 86 '
        'C17 86 5 78 5 62 C5 40 36 24 50 4 Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/>'
        '<circle cx="74" cy="60" r="21"/><circle cx="50" cy="52" r="12"/>'
        '<path d="M47 55 C47 78 43 89 33 97 L67 97 C57 89 53 78 53 55 Z"/>'
    ),
}
_STAR = (
    "M50 4 L61 37 L96 37 L68 58 L79 92 L50 71 L21 92 L32 58 L4 37 L39 37 Z"
)
_SUIT_PLURAL = {s: s.noun for s in Suit}


_CODE_SPAN = re.compile(r"(`[^`]*`)")


def red_suits(markdown: str) -> str:
    """Markdown with each ♥ and ♦ outside code spans coloured red (Streamlit's ``:red[…]``), as
    the suits are printed on the cards: ``"4♥ and 4♦"`` → ``"4:red[♥] and 4:red[♦]"``. For
    text only, not HTML (an attribute holding a suit symbol would break)."""
    parts = _CODE_SPAN.split(markdown)
    for i in range(0, len(parts), 2):  # the even parts lie outside code spans
        parts[i] = parts[i].replace("♥", ":red[♥]").replace("♦", ":red[♦]")
    return "".join(parts)


def suit_colour(suit: Suit) -> str:
    """The ink of a suit: red for hearts and diamonds, black for spades and clubs."""
    return RED if suit.is_red else BLACK


def rank_text(rank: Rank) -> str:
    """The rank as printed in a card's corner: ``A K Q J 10 9 ... 2`` and ``11 12 13``."""
    return "10" if rank is Rank.TEN else rank.code


def card_role(card: Card, order: CardOrder | None) -> str | None:
    """The card's role in a hand under ``order``: ``"joker"``, ``"right bower"``,
    ``"left bower"``, ``"trump"``, or None for a plain card (or when ``order`` is None)."""
    if order is None:
        return None
    if card.is_joker:
        return "joker"
    if order.trump is None or not order.is_trump(card):
        return None
    if card.rank is Rank.JACK:
        return "right bower" if card.suit is order.trump else "left bower"
    return "trump"


def card_label(card: Card, order: CardOrder | None = None) -> str:
    """Words for a screen reader: ``"jack of diamonds, left bower"``, ``"ace of hearts, trump"``,
    ``"the joker, highest trump"``, ``"king of spades"``. Without ``order``: the plain name."""
    role = card_role(card, order)
    if role is None or order is None:
        return card.label
    if role == "joker":
        if order.trump is not None:
            return f"{card.label}, highest trump"
        if order.joker_suit is not None:
            return f"{card.label}, highest {order.joker_suit.noun[:-1]}"
        if order.joker_low:
            return f"{card.label}, lowest card"
        return f"{card.label}, belongs to no suit"
    return f"{card.label}, {role}"


def _suit_shape(suit: Suit, x: float, y: float, size: float) -> str:
    scale = size / 100
    return (
        f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{suit_colour(suit)}">'
        f"{_SUIT_SHAPES[suit]}</g>"
    )


def _corner(card: Card) -> str:
    assert card.suit is not None and card.rank is not None
    text = rank_text(card.rank)
    size = 12 if len(text) > 1 else 14
    ink = suit_colour(card.suit)
    return (
        f'<text x="7.5" y="15" font-size="{size}" text-anchor="middle" font-weight="700" '
        f'font-family="Arial, Helvetica, DejaVu Sans, sans-serif" fill="{ink}" '
        f'letter-spacing="-1">{text}</text>' + _suit_shape(card.suit, 3.5, 18, 8)
    )


def _centre(card: Card) -> str:
    assert card.suit is not None and card.rank is not None
    ink = suit_colour(card.suit)
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        return (
            f'<rect x="15" y="13" width="30" height="58" rx="3" fill="none" stroke="{ink}" '
            f'stroke-width="1"/>'
            f'<text x="30" y="47" font-size="24" text-anchor="middle" font-weight="700" '
            f'font-family="Georgia, DejaVu Serif, serif" fill="{ink}">{card.rank.code}</text>'
            + _suit_shape(card.suit, 24, 52, 12)
        )
    size = 30 if card.rank is Rank.ACE else 24
    return _suit_shape(card.suit, 30 - size / 2, 42 - size / 2, size)


def _joker_face() -> str:
    letters = "".join(
        f'<text x="7.5" y="{13 + 9 * i}" font-size="9" text-anchor="middle" font-weight="700" '
        f'font-family="Arial, Helvetica, DejaVu Sans, sans-serif" fill="{JOKER_INK}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    star = (
        f'<path transform="translate(15 22) scale(0.30)" d="{_STAR}" fill="{JOKER_GOLD}" '
        f'stroke="{JOKER_INK}" stroke-width="4"/>'
    )
    corners = f'{letters}<g transform="rotate(180 30 42)">{letters}</g>'
    return (
        f'<rect x="14" y="10" width="32" height="64" rx="4" fill="#f4ecfa" stroke="{JOKER_INK}" '
        f'stroke-width="1"/>{star}'
        f'<text x="30" y="66" font-size="7" text-anchor="middle" font-weight="700" '
        f'font-family="Arial, Helvetica, DejaVu Sans, sans-serif" fill="{JOKER_INK}">'
        f'BIRD</text>{corners}'
    )


def _compact_face(card: Card) -> str:
    if card.suit is None or card.rank is None:
        return (
            f'<path transform="translate(6 8) scale(0.48)" d="{_STAR}" fill="{JOKER_GOLD}" '
            f'stroke="{JOKER_INK}" stroke-width="5"/>'
            f'<text x="30" y="76" font-size="17" text-anchor="middle" font-weight="700" '
            f'font-family="Arial, Helvetica, DejaVu Sans, sans-serif" fill="{JOKER_INK}">JK</text>'
        )
    text = rank_text(card.rank)
    size = 30 if len(text) > 1 else 38
    return (
        f'<text x="30" y="38" font-size="{size}" text-anchor="middle" font-weight="700" '
        f'font-family="Arial, Helvetica, DejaVu Sans, sans-serif" fill="{suit_colour(card.suit)}" '
        f'letter-spacing="-2">{text}</text>' + _suit_shape(card.suit, 14, 45, 32)
    )


def card_svg(
    card: Card,
    order: CardOrder | None = None,
    *,
    width: int = DEFAULT_WIDTH,
    mark_trumps: bool = False,
    compact: bool = False,
) -> str:
    """One card face as an ``<svg>`` string, labelled for screen readers.

    ``order`` supplies the role words of the label (and, with ``mark_trumps``, a gold border
    on trumps and the joker). ``width`` is in CSS pixels; the height keeps the card's shape.
    ``compact`` draws a small face (big rank over its suit, no corners) for use inside text.
    """
    label = escape(card_label(card, order))
    height = round(width * VIEW_H / VIEW_W)
    role = card_role(card, order)
    in_trumps = order is not None and order.trump is not None
    ring = mark_trumps and role is not None and (role == "joker" or in_trumps)
    border = TRUMP_RING if ring else ("#7a5a96" if card.is_joker else "#8a8a8a")
    border_w = 2.5 if ring else 1
    if compact:
        face = _compact_face(card)
    elif card.is_joker:
        face = _joker_face()
    else:
        face = _corner(card) + f'<g transform="rotate(180 30 42)">{_corner(card)}</g>'
        face += _centre(card)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}" '
        f'viewBox="0 0 {VIEW_W} {VIEW_H}" width="{width}" height="{height}" '
        f'style="display:block;flex:0 0 auto">'
        f"<title>{label}</title>"
        f'<rect x="1" y="1" width="{VIEW_W - 2}" height="{VIEW_H - 2}" rx="5" fill="#ffffff" '
        f'stroke="{border}" stroke-width="{border_w}"/>{face}</svg>'
    )


def hand_html(
    cards: Iterable[Card],
    order: CardOrder | None = None,
    *,
    label: str | None = None,
    width: int = DEFAULT_WIDTH,
    mark_trumps: bool = False,
) -> str:
    """A row of cards (a hand) as one HTML string; the row wraps on a narrow window.

    ``label`` names the group for screen readers (``"your hand"``); each card keeps its own
    label. An empty hand gives an empty group.
    """
    items = "".join(
        card_svg(c, order, width=width, mark_trumps=mark_trumps) for c in cards
    )
    name = f' aria-label="{escape(label)}"' if label else ""
    return (
        f'<div role="group"{name} style="display:flex;flex-wrap:wrap;gap:6px;'
        f'align-items:flex-start;margin:0.25rem 0 0.75rem 0">{items}</div>'
    )


def play_label(play: Play) -> str:
    """Words for a play: the card's name, and the suit named for a led joker."""
    if play.named is not None:
        return f"{play.card.label}, named as {_SUIT_PLURAL[play.named]}"
    return play.card.label


def trick_html(
    plays: Sequence[Play],
    captions: Sequence[str],
    order: CardOrder | None = None,
    *,
    label: str = "the trick",
    width: int = DEFAULT_WIDTH,
) -> str:
    """The cards of a trick in play order, each captioned (usually with its seat).

    A joker led with a named suit shows that suit under its caption ("named ♥").
    Raises ValueError if there are not as many captions as plays.
    """
    if len(plays) != len(captions):
        raise ValueError("trick_html: one caption per play")
    items = []
    for play, caption in zip(plays, captions, strict=True):
        note = f"<br/>named {play.named.symbol}" if play.named is not None else ""
        items.append(
            '<figure style="margin:0;display:flex;flex-direction:column;align-items:center">'
            f"{card_svg(play.card, order, width=width)}"
            f'<figcaption style="font-size:0.8rem;text-align:center;line-height:1.2">'
            f"{escape(caption)}{note}</figcaption></figure>"
        )
    return (
        f'<div role="group" aria-label="{escape(label)}" style="display:flex;flex-wrap:wrap;'
        f'gap:10px;align-items:flex-start;margin:0.25rem 0 0.75rem 0">{"".join(items)}</div>'
    )


def inline_cards_html(cards: Iterable[Card], order: CardOrder | None = None) -> str:
    """Small cards to sit inside a line of text (the lesson marker used mid-sentence)."""
    items = "".join(card_svg(c, order, width=INLINE_WIDTH, compact=True) for c in cards)
    return (
        '<span style="display:inline-flex;gap:2px;vertical-align:middle;flex-wrap:wrap">'
        f"{items}</span>"
    )
