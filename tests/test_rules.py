"""Card order, following suit, trick winners and the joker (RULES.md §2, §4, §5), and RuleSet."""

import pytest

from trainer.cards import JOKER, SUITS, Seat, Suit
from trainer.errors import RuleError
from trainer.notation import parse_card, parse_hand
from trainer.rules import (
    PRESETS,
    CardOrder,
    Play,
    RuleSet,
    Trick,
    legal_plays,
    nameable_suits,
    order_for,
    preset_name,
    ruleset,
)

AUS = PRESETS["australian"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def cards(text):
    return [parse_card(c) for c in text.split()]


def plays(text):
    out = []
    for c in text.split():
        if ":" in c:
            out.append(Play(JOKER, Suit(c[-1])))
        else:
            out.append(Play(parse_card(c)))
    return out


def ranked(order, text):
    """Sort cards of one effective suit from the top by the order's power."""
    return [c.code for c in sorted(cards(text), key=order.power, reverse=True)]


# --- card order ---------------------------------------------------------------------------------


def test_trump_order_hearts():
    """RULES.md §2: joker, right bower, left bower, A K Q 10 9 ... 4 in a red trump suit."""
    order = CardOrder(trump=Suit.HEARTS)
    got = ranked(order, "4H 5H TH AH JD JK KH JH QH 9H")
    assert got == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "5H", "4H"]
    assert all(order.effective_suit(c) is Suit.HEARTS for c in cards("JD JK JH 4H"))


def test_trump_order_clubs():
    """RULES.md §2 example: clubs trumps: joker, J♣, J♠, A♣, K♣, Q♣, 10♣ ... 5♣."""
    order = CardOrder(trump=Suit.CLUBS)
    got = ranked(order, "5C TC QC KC AC JS JC JK")
    assert got == ["JK", "JC", "JS", "AC", "KC", "QC", "TC", "5C"]
    assert order.effective_suit(parse_card("JS")) is Suit.CLUBS


def test_plain_suit_order_and_no_trumps():
    """RULES.md §2: other suits and all suits at NT: A K Q J 10 9 ... 5 (4)."""
    for order in (CardOrder(trump=Suit.HEARTS), CardOrder()):
        assert ranked(order, "9S JS AS TS QS KS") == ["AS", "KS", "QS", "JS", "TS", "9S"]
    nt = CardOrder()
    assert nt.effective_suit(parse_card("JD")) is Suit.DIAMONDS  # no bowers at NT


def test_six_player_trump_order():
    """RULES.md §2: the 6-player pack's 13, 12, 11 sit between Q and 10."""
    order = CardOrder(trump=Suit.DIAMONDS)
    got = ranked(order, "TD 11D 12D 13D QD JH JD 2D")
    assert got == ["JD", "JH", "QD", "13D", "12D", "11D", "TD", "2D"]


def test_left_bower_leaves_its_printed_suit():
    """RULES.md §2: with hearts trumps J♦ is a heart, not a diamond."""
    order = CardOrder(trump=Suit.HEARTS)
    assert order.effective_suit(parse_card("JD")) is Suit.HEARTS
    assert order.is_trump(parse_card("JD"))
    assert not order.is_trump(parse_card("JC"))


def test_joker_in_suit_contract_is_top_trump():
    """RULES.md §2: the joker is the highest trump and counts as a trump for following suit."""
    order = CardOrder(trump=Suit.SPADES)
    assert order.effective_suit(JOKER) is Suit.SPADES
    assert order.trick_winner(plays("JS AS JK JC")) == 2


# --- following suit -----------------------------------------------------------------------------


def legal_codes(hand, trick, order=None, rules=AUS, seat=E, history=()):
    order = order or CardOrder(trump=Suit.HEARTS)
    return sorted(p.code for p in legal_plays(cards(hand), plays(trick), order, rules, seat,
                                              history))


def test_must_follow_suit():
    """RULES.md §4: follow the (effective) suit led if you can."""
    assert legal_codes("AS 5S KC", "9S") == ["5S", "AS"]


def test_void_may_play_anything():
    """RULES.md §4: otherwise any card."""
    assert legal_codes("KC 4H", "9S") == ["4H", "KC"]


def test_left_bower_does_not_follow_printed_suit():
    """RULES.md §2: holding J♦ and another diamond, hearts trumps, diamond led: play the diamond."""
    assert legal_codes("JD 7D AS", "9D") == ["7D"]


def test_left_bower_alone_is_not_a_diamond():
    """RULES.md §2: J♦ alone does not count as a diamond: void in diamonds, play anything."""
    assert legal_codes("JD AS", "9D") == ["AS", "JD"]


def test_left_bower_must_follow_trumps():
    """RULES.md §2: it must be played when trumps are led and it is one's only trump."""
    assert legal_codes("JD AS 7D", "9H") == ["JD"]


def test_joker_follows_trumps_in_suit_contract():
    """RULES.md §2: the joker counts as a trump for following suit."""
    assert legal_codes("JK AS", "9H") == ["JK"]
    assert legal_codes("JK AS", "9S") == ["AS"]


def test_leader_may_lead_anything():
    assert legal_codes("JD AS 7D", "") == ["7D", "AS", "JD"]


# --- trick winners ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "trump,trick,winner",
    [
        ("H", "9S AS KS 5S", 1),  # highest of the suit led
        ("H", "9S AS 4H 5S", 2),  # a trump wins
        ("H", "9S JD AH 5S", 1),  # the left bower outranks the ace of trumps
        ("H", "9S JD JH 5S", 2),  # right bower beats left bower
        ("H", "AD KD JD QD", 2),  # J♦ is a trump with hearts trumps: it wins the diamond trick
        ("S", "AD KD JC QD", 2),  # left bower ruffs
        ("S", "AD KD JD QD", 0),  # J♦ is a plain diamond with spades trumps
        ("C", "AH JS 5C KH", 1),  # J♠ (left bower) beats 5♣
    ],
)
def test_trick_winner_suit_contract(trump, trick, winner):
    """RULES.md §4: a trick is won by the highest trump, else the highest card of the suit led."""
    order = CardOrder(trump=Suit(trump))
    assert order.trick_winner(plays(trick)) == winner


def test_trick_winner_no_trumps_ignores_other_suits():
    """RULES.md §4: at NT the highest card of the suit led wins; other suits never do."""
    assert CardOrder().trick_winner(plays("9S AH KS 5S")) == 2


# --- the joker at no trumps and misère (RULES.md §5) --------------------------------------------

NT = CardOrder()


def test_free_joker_played_only_when_void():
    """RULES.md §5: the joker may be played only when its holder cannot follow; then it wins."""
    assert legal_codes("JK 7S AH", "9S", NT) == ["7S"]
    assert legal_codes("JK AH", "9S", NT) == ["AH", "JK"]
    assert NT.trick_winner(plays("9S AS JK KS")) == 2


def test_free_joker_led_names_a_suit_not_yet_led_under_the_house_rule():
    """RULES.md §5 ``joker_lead="not_yet_led"``: led, its holder names a suit not yet led."""
    history = [Trick(tuple(plays("AS 5S 6S 7S")), (E, S, W, N)),
               Trick(tuple(plays("AH 5H 6H 7H")), (E, S, W, N))]
    rules = AUS.with_options(joker_lead="not_yet_led")
    got = legal_codes("JK KD", "", NT, rules=rules, seat=E, history=history)
    assert got == ["JK:C", "JK:D", "KD"]


def test_joker_led_with_a_named_suit_must_be_followed_and_wins():
    """RULES.md §5: the others must follow that suit, and the joker wins."""
    assert legal_codes("AD KC", "JK:C", NT) == ["KC"]
    assert NT.trick_winner(plays("JK:C AC KC QC")) == 0


HOUSE = AUS.with_options(joker_lead="not_yet_led")
SHOWN_VOID = AUS.with_options(joker_lead="not_shown_void")


def test_joker_lead_any_suit_is_the_default():
    """RULES.md §5: a led joker's holder names any suit (002: "Posiadacz dżokera może go
    nominować do dowolnego koloru"; 000: "deve nomear um naipe"): at trick 9 with every suit
    led, holding the joker and 7♣, both the joker (any suit) and 7♣ may be led."""
    history = [Trick(tuple(plays(f"A{s} 5{s} 6{s} 7{s}")), (E, S, W, N)) for s in "SCDH"]
    history += [Trick(tuple(plays(f"K{s} 8{s} 9{s} Q{s}")), (E, S, W, N)) for s in "SCDH"]
    got = legal_codes("JK 7C", "", NT, seat=E, history=history)
    assert got == ["7C", "JK:C", "JK:D", "JK:H", "JK:S"]
    assert AUS.joker_lead == "any_suit"


def test_joker_lead_not_yet_led_house_rule():
    """RULES.md §5 joker_lead=not_yet_led (a house rule, the project's old default): once every
    suit has been led the joker can be led only to the last trick."""
    history = [Trick(tuple(plays(f"A{s} 5{s} 6{s} 7{s}")), (E, S, W, N)) for s in "SCDH"]
    assert legal_codes("JK KD", "", NT, rules=HOUSE, seat=E, history=history) == ["KD"]
    assert legal_codes("JK", "", NT, rules=HOUSE, seat=E, history=history) == ["JK"]


def test_joker_lead_not_shown_void():
    """RULES.md §5 joker_lead=not_shown_void (002: "w innych zasadach nie wolno nominować
    dżokera do koloru, w którym wcześniej pokazano renons"; the American rule: "pod warunkiem,
    że wcześniej nie pokazano renonsu w danym kolorze")."""
    # E discards a club on a diamond lead: E has shown void in diamonds.
    history = [Trick(tuple(plays("AD 5D 6C 7D")), (W, N, E, S))]
    assert nameable_suits(E, history, NT, SHOWN_VOID) == [Suit.SPADES, Suit.CLUBS, Suit.HEARTS]
    assert nameable_suits(N, history, NT, SHOWN_VOID) == list(SUITS)  # N followed
    assert nameable_suits(E, history, NT, AUS) == list(SUITS)  # the default: any suit
    # The house rule takes away the suit led, for everyone.
    assert nameable_suits(N, history, NT, HOUSE) == [Suit.SPADES, Suit.CLUBS, Suit.HEARTS]
    assert PRESETS["american"].joker_lead == "not_shown_void"


def test_american_preset_follows_002():
    """002's American paragraph: one round of bidding ("tylko jedna runda licytacji"), the
    joker not nominated before the first lead ("dżokera nie można nominować wcześniej do
    koloru"), defenders 10 a trick; must_bid_to_win off in both presets (000, 001, 003)."""
    american = PRESETS["american"]
    assert american.one_round_bidding and not american.nominate_joker
    assert american.defender_tricks
    assert not american.must_bid_to_win and not AUS.must_bid_to_win
    assert AUS.nominate_joker


def test_old_joker_options_are_gone():
    """RULES.md §5: one option ``joker_lead`` replaced the two booleans."""
    with pytest.raises(RuleError, match="joker_lead_any_suit"):
        AUS.with_options(joker_lead_any_suit=True)
    with pytest.raises(RuleError, match="joker_lead"):
        AUS.with_options(joker_lead="anything")


def test_nominated_joker_is_top_of_its_suit():
    """RULES.md §5: nominated, it is the highest card of that suit, follows and is followed."""
    order = CardOrder(joker_suit=Suit.DIAMONDS)
    assert order.effective_suit(JOKER) is Suit.DIAMONDS
    assert legal_codes("JK 5S", "9D", order) == ["JK"]
    assert legal_codes("AD 5S", "JK", order) == ["AD"]
    assert order.trick_winner(plays("AD JK KD QD")) == 1


def test_nominated_joker_played_void_cannot_win():
    """RULES.md §5: played when void in the led suit it is just a discard and cannot win."""
    order = CardOrder(joker_suit=Suit.DIAMONDS)
    assert legal_codes("JK 5D", "9S", order) == ["5D", "JK"]
    assert order.trick_winner(plays("5S JK 9S 6S")) == 2


def test_joker_low_in_misere_option():
    """RULES.md §5 option joker_low_in_misere: the joker is the lowest card, not a winner."""
    rules = AUS.with_options(joker_low_in_misere=True)
    order = order_for(None, True, rules)
    assert order.joker_low and order.free_joker
    assert order.trick_winner(plays("9S AS JK KS")) == 1  # played void: no longer wins
    assert order.trick_winner(plays("JK:S 5S 6S 7S")) == 3  # led: lowest of the named suit
    assert not order_for(None, False, rules).joker_low  # only in misère
    assert not order_for(None, True, AUS).joker_low


def test_joker_nominated_only_without_trumps():
    with pytest.raises(RuleError, match="joker_suit"):
        CardOrder(trump=Suit.HEARTS, joker_suit=Suit.SPADES)


# --- RuleSet ------------------------------------------------------------------------------------


def test_presets():
    """RULES.md: the default is the Australian game; `american` bids one round, nullo by points."""
    assert ruleset() == ruleset("australian") == RuleSet()
    am = ruleset("american")
    assert am.one_round_bidding and am.misere_placement == "by_points"
    assert not AUS.one_round_bidding and AUS.misere_placement == "after_sevens"
    assert preset_name(am) == "american"
    assert preset_name(AUS.with_options(deck=45)) == {"deck": 45}


def test_ruleset_from_mapping():
    assert ruleset({"deck": 45}).kitty_size == 5
    assert ruleset({"preset": "american", "slam_250": False}).one_round_bidding


@pytest.mark.parametrize(
    "spec,match",
    [("bridge", "unknown preset"), ({"jokers": 2}, "unknown option 'jokers'"),
     ({"players": 5}, "players"), ({"players": 3, "deck": 45}, "deck"),
     ({"all_pass": "shuffle"}, "all_pass"), ({"slam_250": "yes"}, "slam_250")],
)
def test_bad_rules_are_named(spec, match):
    with pytest.raises(RuleError, match=match):
        ruleset(spec)


def test_sides():
    """RULES.md §1: partners opposite; 3 players each alone; 6 players alternate, or three pairs."""
    assert AUS.side_of(N) == (N, S)
    assert ruleset({"players": 3}).sides() == ((N,), (E,), (W,))
    six = ruleset({"players": 6})
    assert [[s.value for s in side] for side in six.sides()] == [["N", "SE", "SW"],
                                                                 ["NE", "S", "NW"]]
    pairs = ruleset({"players": 6, "six_player_teams": "three_pairs"})
    assert [[s.value for s in side] for side in pairs.sides()] == [["N", "S"], ["NE", "SW"],
                                                                  ["SE", "NW"]]


def test_every_suit_has_a_same_colour_partner():
    for suit in SUITS:
        assert suit.same_colour.same_colour is suit
        assert suit.same_colour.is_red == suit.is_red


def test_hands_show_trumps_first_with_the_bowers_at_their_head() -> None:
    # RULES.md §2: in 7♠ the trumps run joker, J♠ (right bower), J♣ (left bower), A♠ ...; a
    # player expects them together, not the left bower among the clubs.
    hand = parse_hand("AC JC 6C 8D KH 4H AS QS 9S JS JK")

    def shown(order: CardOrder) -> str:
        return " ".join(c.code for c in sorted(hand, key=order.display_key))

    assert shown(CardOrder(trump=Suit.SPADES)) == "JK JS JC AS QS 9S AC 6C 8D KH 4H"
    assert shown(CardOrder(trump=Suit.DIAMONDS)) == "JK 8D AS QS JS 9S AC JC 6C KH 4H"
    # no trumps: suit by suit, the free joker last; a nominated joker heads its suit
    assert shown(CardOrder()) == "AS QS JS 9S AC JC 6C 8D KH 4H JK"
    assert shown(CardOrder(joker_suit=Suit.HEARTS)) == "AS QS JS 9S AC JC 6C 8D JK KH 4H"
