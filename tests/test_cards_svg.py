"""Card pictures: every card draws, is labelled for screen readers, rows wrap (RULES.md §1, §2)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from trainer.cards import JOKER, Card, Rank, Suit, pack
from trainer.rules import CardOrder, Play
from trainer.ui.widgets.cards import (
    BLACK,
    JOKER_INK,
    RED,
    TRUMP_RING,
    card_label,
    card_role,
    card_svg,
    hand_html,
    inline_cards_html,
    red_suits,
    trick_html,
)

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = sorted(set(pack(6)) | set(pack(4, 45)), key=str)
HEARTS = CardOrder(trump=Suit.HEARTS)


def c(code: str) -> Card:
    from trainer.notation import parse_card

    return parse_card(code)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_well_formed_and_labelled(card: Card) -> None:
    svg = card_svg(card)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.label
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == card.label
    assert "\n" not in svg  # one line: safe inside st.markdown


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if not c.is_joker], ids=str)
def test_suit_colours(card: Card) -> None:
    svg = card_svg(card)
    assert card.suit is not None
    ink, other = (RED, BLACK) if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else (BLACK, RED)
    assert f'fill="{ink}"' in svg
    assert f'fill="{other}"' not in svg


def test_rank_in_the_corners() -> None:
    svg = card_svg(c("TH"))
    assert svg.count(">10</text>") == 2  # top-left and, rotated, bottom-right
    assert card_svg(c("13D")).count(">13</text>") == 2


def test_joker_has_its_own_face() -> None:
    svg = card_svg(JOKER)
    assert JOKER_INK in svg and RED not in svg
    assert ">J</text>" in svg and ">K</text>" in svg
    assert svg != card_svg(c("JH"))


def test_roles_with_hearts_trumps() -> None:
    # RULES.md §2: joker, right bower (J♥), left bower (J♦), then A♥ ...
    assert card_label(c("JD"), HEARTS) == "jack of diamonds, left bower"
    assert card_label(c("JH"), HEARTS) == "jack of hearts, right bower"
    assert card_label(c("AH"), HEARTS) == "ace of hearts, trump"
    assert card_label(JOKER, HEARTS) == "the joker, highest trump"
    assert card_label(c("KS"), HEARTS) == "king of spades"
    assert card_label(c("JC"), HEARTS) == "jack of clubs"
    assert card_role(c("JD"), HEARTS) == "left bower"
    assert card_role(c("JD"), None) is None


def test_roles_at_no_trumps() -> None:
    no_trumps = CardOrder()
    assert card_label(c("JD"), no_trumps) == "jack of diamonds"
    assert card_label(JOKER, no_trumps) == "the joker, belongs to no suit"
    assert card_label(JOKER, CardOrder(joker_suit=Suit.SPADES)) == "the joker, highest spade"
    assert card_label(JOKER, CardOrder(joker_low=True)) == "the joker, lowest card"


def test_label_without_order_gives_nothing_away() -> None:
    assert 'aria-label="jack of diamonds"' in card_svg(c("JD"))
    assert "left bower" in card_svg(c("JD"), HEARTS)


def test_trumps_ringed_only_when_asked() -> None:
    assert TRUMP_RING in card_svg(c("JD"), HEARTS, mark_trumps=True)
    assert TRUMP_RING not in card_svg(c("JD"), HEARTS)
    assert TRUMP_RING not in card_svg(c("KS"), HEARTS, mark_trumps=True)


def test_width_sets_size_and_keeps_shape() -> None:
    root = ET.fromstring(card_svg(c("AS"), width=120))
    assert root.get("width") == "120" and root.get("height") == "168"


def test_hand_wraps_and_names_its_group() -> None:
    hand = [c(x) for x in ("JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H")]
    html = hand_html(hand, HEARTS, label='your "hand"')
    assert "flex-wrap:wrap" in html
    assert html.count("<svg") == 10
    assert 'aria-label="your &quot;hand&quot;"' in html
    assert "jack of diamonds, left bower" in html
    root = ET.fromstring(html)
    assert root.get("role") == "group"
    assert "\n" not in html


def test_empty_hand() -> None:
    assert "<svg" not in hand_html([])


def test_trick_captions_and_named_joker() -> None:
    plays = [Play(JOKER, Suit.HEARTS), Play(c("5H"))]
    html = trick_html(plays, ["West", "North"])
    assert "West" in html and "North" in html and "named ♥" in html
    ET.fromstring(html)
    with pytest.raises(ValueError):
        trick_html(plays, ["West"])


def test_inline_cards_are_small() -> None:
    html = inline_cards_html([c("JD")], HEARTS)
    root = ET.fromstring(html)
    svg = root.find(f"{SVG}svg")
    assert svg is not None and int(svg.get("width", "0")) < 40
    assert svg.get("aria-label") == "jack of diamonds, left bower"


def test_six_player_ranks_drawn() -> None:
    for rank in (Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN):
        text = rank.code
        assert f">{text}</text>" in card_svg(Card(Suit.HEARTS, rank))


def test_red_suits_colours_hearts_and_diamonds_outside_code() -> None:
    assert red_suits("the red 4s, 4♥ and 4♦; **8♠**") == (
        "the red 4s, 4:red[♥] and 4:red[♦]; **8♠**")
    assert red_suits("`x♥` and ♥") == "`x♥` and :red[♥]"
