"""The card table of a play puzzle as one HTML string: four hands around the trick.

The learner's seat is at the bottom, the partner at the top, the next seat clockwise on the left
and the one before on the right (so South at the bottom has West on the left, as in a bridge
diagram). Every hand is face up (double dummy: "you have counted the cards"). A misère
declarer's partner is shown as sitting out. Rows wrap, so on a phone the side hands stack above
and below the trick. Pure functions; the output goes to ``st.markdown(unsafe_allow_html=True)``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from trainer.cards import Card, Seat
from trainer.generate.explain import play_text, seat_name
from trainer.play import PlayState
from trainer.rules import CardOrder, Trick
from trainer.two_player import TablePlayState, TableTrick
from trainer.ui.widgets.cards import card_svg, trick_html

SIDE_WIDTH = 44
"""Card width of the other three hands."""
OWN_WIDTH = 56
"""Card width of the learner's hand."""
SHOWN = 0.55
"""The part of each card of a fanned hand left showing (its corner index stays visible)."""
SHOWN_LONG = 0.4
"""The same for a hand of more than `LONG` cards (a whole hand, in the guided first hand), so
that two side hands and the trick fit on a laptop's line."""
LONG = 6


def fan_share(cards: int) -> float:
    """The part of each card left showing in a fan of ``cards`` cards."""
    return SHOWN_LONG if cards > LONG else SHOWN


def fan_width(cards: int, width: int) -> int:
    """The width in pixels of a fan of ``cards`` cards ``width`` wide."""
    return width + max(cards - 1, 0) * round(width * fan_share(cards))
TRICK_WIDTH = 48
FELT = "#e8f3ec"


def compass(table: tuple[Seat, ...], learner: Seat) -> dict[str, Seat]:
    """Where each seat of a four-seat ``table`` sits: ``bottom`` (the learner), ``left`` (next
    clockwise), ``top`` (the partner), ``right``. Other tables: bottom only."""
    if len(table) != 4 or learner not in table:
        return {"bottom": learner}
    i = table.index(learner)
    return {name: table[(i + k) % 4] for k, name in enumerate(("bottom", "left", "top", "right"))}


def seat_role(state: PlayState, seat: Seat, learner: Seat, you: bool = True) -> str:
    """``"you"``, ``"partner"`` or ``"opponent"`` (seen from ``learner``; with ``you`` False the
    learner's own seat has no word), plus ``"declarer"`` for the declarer. Defenders are
    partners for the hand at every table (RULES.md §1: at 3 players "the declarer plays alone
    against the other two")."""
    declaring = set(state.rules.side_of(state.declarer)) if state.declarer else set()
    if seat is learner:
        words = ["you"] if you else []
    elif seat in state.rules.side_of(learner) or (
            declaring and learner not in declaring and seat not in declaring):
        words = ["partner"]  # (at 3 or 6 players the defenders play as partners this hand)
    else:
        words = ["opponent"]
    if seat is state.declarer:
        words.append("declarer")
    return ", ".join(words)


def seat_caption(state: PlayState, seat: Seat, learner: Seat, you: bool = True) -> str:
    """``"East (you)"``, ``"North (partner, declarer)"``, ``"South"``."""
    role = seat_role(state, seat, learner, you)
    return f"{seat_name(seat)} ({role})" if role else seat_name(seat)


def fan_html(cards: Sequence[Card], order: CardOrder, *, label: str, width: int,
             mark_trumps: bool) -> str:
    """A hand as overlapping cards in `CardOrder.display_key` order (trumps first, bowers at
    their head), each card's left part (rank and suit) showing; every card keeps its own
    screen-reader label."""
    step = round(width * fan_share(len(cards)))
    items = "".join(
        f'<div style="margin-left:{0 if i == 0 else step - width}px;flex:0 0 auto">'
        f"{card_svg(card, order, width=width, mark_trumps=mark_trumps)}</div>"
        for i, card in enumerate(sorted(cards, key=order.display_key)))
    return (f'<div role="group" aria-label="{escape(label)}" style="display:flex;'
            f'flex-wrap:nowrap;margin:2px 0 6px 0">{items}</div>')


def _panel(state: PlayState, seat: Seat, learner: Seat, width: int, you: bool,
           live: bool) -> str:
    caption = escape(seat_caption(state, seat, learner, you))
    cards = state.hands.get(seat)
    if cards is None:
        caption = escape(f"{seat_name(seat)} (declarer's partner)")
        body = ('<div style="font-size:0.85rem;color:#666">sits out: in misère the declarer '
                "plays alone</div>")
        label = f"{seat_name(seat)} sits out"
    else:
        mark = state.order.trump is not None
        label = f"{seat_name(seat)}'s hand"
        body = fan_html(cards, state.order, label=label, width=width, mark_trumps=mark)
        if not cards:
            body = '<div style="font-size:0.85rem;color:#666">no cards left</div>'
        body += _table_piles(state, seat, width)
    return (f'<section aria-label="{escape(label)}" style="min-width:0">'
            f"{_heading(state, seat, caption, live)}{body}</section>")


def _heading(state: PlayState, seat: Seat, caption: str, live: bool) -> str:
    turn = live and state.to_play is seat
    weight = "700" if turn else "600"
    source = getattr(state, "to_play_from", None)  # 2 players: hand or table
    marker = (" · to play" + (f" from the {source}" if source else "")) if turn else ""
    return (f'<div style="font-weight:{weight};font-size:0.9rem;margin-bottom:2px">{caption}'
            f'<span style="color:#b35c00">{marker}</span></div>')


def seat_heading_html(state: PlayState, seat: Seat, learner: Seat, *, you: bool = True,
                      live: bool = True) -> str:
    """The line over a seat's hand, as `board_html` draws it: ``"South (you) · to play"``
    (the "to play" part, and at two players where from, only when ``live`` and it is the
    seat's turn). For a hand the page draws itself (the learner's cards as buttons)."""
    return _heading(state, seat, escape(seat_caption(state, seat, learner, you)), live)


def table_piles_html(state: PlayState, seat: Seat, width: int = SIDE_WIDTH) -> str:
    """``seat``'s 2-player table piles as `board_html` draws them under the hand (RULES.md
    §1); the empty string at other tables."""
    return _table_piles(state, seat, width)


def _table_piles(state: PlayState, seat: Seat, width: int) -> str:
    """The 2-player table piles of ``seat`` (RULES.md §1), pile by pile: each face-up card with
    the face-down card under it named below it (double dummy: every card is seen), since the
    table card played decides which card turns up (002). Empty at other tables."""
    if not isinstance(state, TablePlayState) or seat not in state.tables:
        return ""
    pending = state.pending_pile(seat)
    trumps = state.order.trump is not None
    piles = []
    for i, pile in enumerate(state.tables[seat]):
        if not pile:
            continue
        if i == pending:  # its face-up card is in the trick; the one under turns up after it
            top, note = "", f"{pile[-1].pretty} face down, turned up after this trick"
        else:
            top = card_svg(pile[-1], state.order, width=width, mark_trumps=trumps)
            note = f"on {pile[0].pretty}" if len(pile) > 1 else "nothing under"
        piles.append(f'<div style="display:flex;flex-direction:column;align-items:center;'
                     f'gap:2px">{top}<div style="font-size:0.72rem;color:#555;'
                     f'max-width:{width + 16}px;text-align:center">{escape(note)}</div></div>')
    label = f"{seat_name(seat)}'s table piles"
    body = (f'<div role="group" aria-label="{escape(label)}" style="display:flex;'
            f'flex-wrap:wrap;gap:6px">{"".join(piles)}</div>') if piles else ""
    return (f'<div style="font-size:0.85rem;color:#444">Table piles (a face-up card on a '
            f'face-down one){"" if piles else ": none"}</div>{body}')


def last_trick(state: PlayState) -> Trick | None:
    """The most recent completed trick, or None."""
    return state.history[-1] if state.history else None


def trick_panel(state: PlayState, learner: Seat, you: bool = True, live: bool = True) -> str:
    """The centre of the table: the current trick with its seats, or the last trick (and its
    winner) between tricks."""
    def captions(seats: tuple[Seat, ...], sources: Sequence[str] = ()) -> list[str]:
        # 2 players (RULES.md §1): each plays twice a trick, once from hand, once from table
        names = ["You" if s is learner and you else seat_name(s) for s in seats]
        return [f"{n} ({src})" for n, src in zip(names, sources, strict=True)] if sources \
            else names

    if state.trick:
        seats = state.trick_seats()
        sources = ([src for _, src in state.turns()[: len(state.trick)]]
                   if isinstance(state, TablePlayState) else [])
        head = f"Trick {len(state.history) + 1}"
        body = trick_html(state.trick, captions(seats, sources), state.order,
                          label="the current trick", width=TRICK_WIDTH)
    else:
        done = last_trick(state)
        if done is None:
            head, body = "Trick 1", ""
        else:
            winner = state.trick_winner_seat(done)
            who = "you" if winner is learner and you else seat_name(winner)
            head = f"Trick {len(state.history)}, won by {who}"
            sources = done.sources if isinstance(done, TableTrick) else ()
            body = trick_html(done.plays, captions(done.seats, sources), state.order,
                              label="the last trick", width=TRICK_WIDTH)
    if live and state.to_play is not None and not state.trick:
        mine = state.to_play is learner and you
        lead = "You lead" if mine else f"{seat_name(state.to_play)} leads"
        body += f'<div style="font-size:0.85rem">{escape(lead)} next.</div>'
    return (
        f'<section aria-label="the trick" style="background:{FELT};border-radius:10px;'
        f'padding:6px 10px;min-height:110px">'
        f'<div style="font-weight:600;font-size:0.9rem">{escape(head)}</div>{body}</section>'
    )


def board_html(state: PlayState, learner: Seat, *, you: bool = True, live: bool = True,
               bottom: bool = True) -> str:
    """The whole table (see the module docstring) as one line of HTML, ``learner``'s seat at
    the bottom; ``you`` False leaves out the "you" words (a table seen by an analyst); ``live``
    False leaves out whose turn it is (a puzzle that is over, or a table mid-replies);
    ``bottom`` False leaves out the learner's own hand, for a page that draws it below as
    buttons to click."""
    where = compass(state.rules.seats, learner)

    def panel(seat: Seat) -> str:
        if seat is learner and not bottom:
            return ""
        return _panel(state, seat, learner, OWN_WIDTH if seat is learner else SIDE_WIDTH, you,
                      live)

    trick = trick_panel(state, learner, you, live)
    if len(where) < 4:  # not a four-seat table: the trick, then the hands in a column
        parts = [trick, *(panel(s) for s in state.rules.seats)]
        return f'<div role="region" aria-label="the table">{"".join(parts)}</div>'
    def side(seat: Seat) -> str:  # wide enough for the whole fan, else it runs under the trick
        needed = fan_width(len(state.hands.get(seat) or ()), SIDE_WIDTH) + 4
        return f"flex:1 1 {max(150, needed)}px;min-width:0"

    return table_layout(where, panel, side, trick, bottom)


def table_layout(where: dict[str, Seat], panel: Callable[[Seat], str],
                 side: Callable[[Seat], str], trick: str, bottom: bool = True) -> str:
    """Four seats around the trick as one line of HTML: ``panel(seat)`` at the top, left,
    right and (``bottom``) bottom of `compass`'s ``where``, the side panels styled by
    ``side(seat)``; they stack on a phone."""
    centred = "display:flex;justify-content:center"
    return (
        NARROW_STYLE +
        '<div role="region" aria-label="the table" style="display:flex;flex-direction:column;'
        'gap:4px;margin-bottom:0.5rem">'
        f'<div style="{centred}">{panel(where["top"])}</div>'
        '<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:stretch">'
        f'<div style="{side(where["left"])}">{panel(where["left"])}</div>'
        f'<div class="fh-trick" style="flex:1 1 210px;min-width:0">{trick}</div>'
        f'<div style="{side(where["right"])}">{panel(where["right"])}</div>'
        "</div>"
        + (f'<div style="{centred}">{panel(where["bottom"])}</div>' if bottom else "")
        + "</div>"
    )


NARROW_STYLE = ("<style>@media (max-width: 560px) {.fh-trick {order: 3; flex-basis: 100% "
                "!important}}</style>")
"""On a narrow screen the left and right hands share a line above the trick, in compass
order, instead of the right hand wrapping below the trick."""


def history_rows(state: PlayState, start: int = 0) -> list[dict[str, str]]:
    """The completed tricks as table rows: number, leader, each seat's card, winner. Tricks
    before ``start`` (played before the puzzle began) are marked."""
    rows = []
    for n, trick in enumerate(state.history, 1):
        row = {"Trick": f"{n}" + ("" if n > start else " (before)"),
               "Led by": seat_name(trick.leader)}
        if isinstance(trick, TableTrick):  # 2 players: a hand card and a table card each
            for seat, source, play in zip(trick.seats, trick.sources, trick.plays, strict=True):
                row[f"{seat_name(seat)} {source}"] = play_text(play)
            row["Won by"] = seat_name(state.trick_winner_seat(trick))
            rows.append(row)
            continue
        played = dict(zip(trick.seats, trick.plays, strict=True))
        for seat in state.rules.seats:
            row[seat_name(seat)] = play_text(played[seat]) if seat in played else "—"
        row["Won by"] = seat_name(state.trick_winner_seat(trick))
        rows.append(row)
    return rows

