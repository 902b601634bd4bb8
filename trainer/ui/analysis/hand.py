"""The "analyse my hand" section of the Analyse page: a hand and an auction valued by
simulation (`trainer.simulate`, the 4-player game).

Ten cards ask for a call: `run_analysis` calls::

    trainer.simulate.analyse_bid(hand, seat, dealer, calls, rules=..., samples=...,
                                 workers=..., progress=progress(done, total))

``hand``: 10 `Card`; ``calls``: codes from the dealer's left (``"P"`` or a bid code). It
returns an analysis whose ``candidates`` each have ``call``, ``ev``, ``se`` and ``p_make`` (the
bid-puzzle record's ``candidates``, docs/DESIGN.md), and whose ``inferences`` / ``dropped`` list the
auction's assumptions. Thirteen cards (hand and kitty) with a contract ask for a discard:
`run_discard_analysis` calls ``trainer.simulate.analyse_discard`` (layout seed 0). Bad input
raises a `TrainerError` with a message.

The section's fields (`render_hand_analysis`): your seat, the dealer and the number of layouts;
the hand, ticked in the pack or typed; the auction, clicked call by call or typed (both builders
in `trainer.ui.analysis.builder`, which write the typed fields); the contract, for a discard.
`load_hand` fills them in before the section is drawn (a puzzle opened from its page).

One simulation runs at a time on the server (`_LOCK`: it keeps both cores busy), in the
server's own process (``workers=1``: forking a threaded web server is not safe).
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pandas as pd
import streamlit as st

from trainer.bidding import Bid, parse_call, turns_from_calls
from trainer.cards import Seat, sort_key
from trainer.errors import TrainerError
from trainer.notation import parse_hand
from trainer.rules import CardOrder, RuleSet
from trainer.ui.analysis.builder import (
    AUCTION_KEY,
    CONTRACT_KEY,
    DEALER_KEY,
    FILLED_KEY,
    HAND_KEY,
    RIGHT,
    SEAT_KEY,
    auction_builder,
    chosen_seats,
    hand_builder,
    set_hand,
    sync_picks,
)
from trainer.ui.data.glossary import glossary_help, help_columns
from trainer.ui.data.profile import plain
from trainer.ui.data.state import current_rules
from trainer.ui.widgets.auction import call_text, seat_words
from trainer.ui.widgets.candidates import ends_text, field, makes
from trainer.ui.widgets.cards import hand_html

MODULE = "trainer.simulate"
ENTRY = "analyse_bid"
SAMPLES = (20, 50, 100, 200)
FIELDS = ("call", "ev", "se", "p_make")
SAMPLES_KEY = "hand_samples"
_LOCK = threading.Lock()


@dataclass(frozen=True)
class HandReport:
    """What the simulation found: the candidate calls, and notes on what it assumed."""

    candidates: tuple[Any, ...]
    notes: tuple[str, ...] = ()
    standing_side: str | None = None  # whose bid stands if you pass (`makes`)


def simulate_module() -> ModuleType:
    """``trainer.simulate`` (looked up through ``sys.modules`` so tests can stand one in)."""
    return sys.modules.get(MODULE) or importlib.import_module(MODULE)


def supported(rules: RuleSet) -> bool:
    """The simulation covers the 4-player game (`trainer.simulate`)."""
    return rules.players == 4


def run_analysis(hand: Sequence[str], auction: Sequence[str], seat: str, dealer: str,
                 rules: RuleSet, samples: int,
                 progress: Callable[[float], None]) -> HandReport:
    """The one call into `trainer.simulate` (see the module docstring)."""
    module = simulate_module()
    assert module is not None
    cards = parse_hand(list(hand))

    def report(done: int, total: int) -> None:
        progress(done / total if total else 1.0)

    with _LOCK:
        result = getattr(module, ENTRY)(cards, Seat(seat), Seat(dealer), list(auction),
                                        rules=rules, samples=samples, workers=1,
                                        progress=report)
    return HandReport(tuple(result.candidates), _notes(result),
                      getattr(result, "standing_side", None))


def run_discard_analysis(hand: Sequence[str], contract: str, auction: Sequence[str], seat: str,
                         dealer: str, rules: RuleSet, samples: int,
                         progress: Callable[[float], None]) -> HandReport:
    """The discard search (`trainer.simulate.analyse_discard`) for ``seat`` declaring
    ``contract`` with ``hand`` (13 codes: hand and kitty); ``auction``: the whole auction, won
    by ``seat`` in ``contract``, or none. Candidates are `DiscardResult`-like (``discard``,
    ``ev``, ``se``, ``p_make``, ``mean_tricks``), best expected score first. Raises a
    `TrainerError` naming the bad field."""
    module = simulate_module()
    cards = parse_hand(list(hand))
    try:
        bid = parse_call(contract.strip())
    except TrainerError as e:
        raise TrainerError(f"contract: {contract.strip()!r}: give a bid such as 8H, 7NT or "
                           "MIS") from e
    if not isinstance(bid, Bid):
        raise TrainerError(f"contract: {contract.strip()!r} is a pass; give the bid you won, "
                           "such as 8H")

    def report(done: int, total: int) -> None:
        progress(done / total if total else 1.0)

    with _LOCK:
        result = module.analyse_discard(cards, bid, Seat(seat), Seat(dealer), list(auction),
                                        rules, samples, 0, 1, report)
    return HandReport(tuple(result.candidates), _notes(result))


def _notes(result: Any) -> tuple[str, ...]:
    return (*(seat_words(i) for i in getattr(result, "inferences", ())),
            *(f"dropped: {seat_words(d)}" for d in getattr(result, "dropped", ())))


def candidates_table(candidates: Sequence[Any], standing_side: str | None = None) -> pd.DataFrame:
    """The candidate calls as a table, best expected score first; the chance to make is that
    of the contract each call leads to (`makes`). Calls valued with the auction finished (with
    ``finals``): the share of layouts going your side's way, and the commonest final contract
    (`ends_text`)."""
    rows = []
    for c in candidates:
        rows.append({f: field(c, f) for f in FIELDS})
        rows[-1]["p_make"] = makes(c, standing_side)
        rows[-1]["call"] = call_text(rows[-1]["call"])
    frame = pd.DataFrame(rows, columns=list(FIELDS))
    finished = any(field(c, "finals") for c in candidates)
    frame = frame.rename(columns={"call": "Call", "ev": "Expected score", "se": "± (s.e.)",
                                  "p_make": "Goes your way" if finished else "Chance to make"})
    if finished:  # the auction finished by the policy bidder: where it most often ended
        frame["Ends in"] = [ends_text(c) for c in candidates]
    return frame.sort_values("Expected score", ascending=False, ignore_index=True)


def load_hand(hand: Sequence[str], seat: str, dealer: str, calls: Sequence[str],
              contract: str, samples: int, rules: RuleSet) -> None:
    """Fill the section in (before it is drawn): ``hand`` (codes, ticked in the pack too),
    ``seat``, ``dealer`` (a seat), the auction ``calls`` as made, ``contract`` (a code or
    "") and the number of layouts (the nearest offered)."""
    set_hand(list(hand), rules)
    st.session_state[SEAT_KEY] = seat
    st.session_state[DEALER_KEY] = dealer
    st.session_state[AUCTION_KEY] = " ".join(calls)
    st.session_state[CONTRACT_KEY] = contract
    st.session_state.pop(FILLED_KEY, None)
    st.session_state[SAMPLES_KEY] = min(SAMPLES, key=lambda n: abs(n - samples))


def _auction_help(rules: RuleSet) -> str:
    if rules.bid_after_pass == "always" or rules.one_round_bidding:
        return "The calls as they were made, every player in turn."
    return ("The calls as they were made: a player who has passed makes no more calls" +
            ("." if rules.bid_after_pass == "never" and not rules.raise_reopens
             else " until the bidding is reopened."))


def _seats(rules: RuleSet) -> None:
    """Your seat, the dealer and the number of layouts (South, dealer on your right, 100 by
    default: with no calls yet it is your turn)."""
    seats = [s.value for s in rules.seats]
    for key, options, default in ((SEAT_KEY, seats, "S" if "S" in seats else seats[0]),
                                  (DEALER_KEY, [RIGHT, *seats], RIGHT),
                                  (SAMPLES_KEY, list(SAMPLES), 100)):
        if st.session_state.get(key) not in options:
            st.session_state[key] = default
    left, middle, right = st.columns(3)
    left.selectbox("Your seat", seats, key=SEAT_KEY)
    middle.selectbox("Dealer", [RIGHT, *seats], key=DEALER_KEY,
                     help="The player on the dealer's left calls first.")
    right.selectbox("Layouts", SAMPLES, key=SAMPLES_KEY,
                    help="How many deals of the unseen cards are played out: more is surer, "
                         "and slower.")


ABOUT = ("Deals the unseen cards at random many times (the layouts) and plays each layout double "
         "dummy, to estimate each call's or discard's expected score, with its standard error "
         "(± s.e.).")
ABOUT_TERMS = ("Layout", "Double dummy", "Expected score", "Standard error")
"""The glossary entries `ABOUT`'s tooltip gives."""
HAND_HEADING = "**Your hand**: tick the cards, or type them below."
HAND_LABEL = "Your hand: 10 cards to bid, or {full} (with the kitty) to discard"
AUCTION_HEADING = "**The auction**: click the calls, or type them below."
AUCTION_LABEL = ("The auction from the dealer's left: so far, to bid; all of it (or none), to "
                 "discard")
CONTRACT_LABEL = "Your contract, to choose a discard ({full} cards)"


def hand_words(rules: RuleSet) -> list[str]:
    """What the section always shows in words (for the page's glossary box)."""
    if not supported(rules):
        return []
    return [ABOUT, HAND_HEADING, HAND_LABEL, AUCTION_HEADING, AUCTION_LABEL, CONTRACT_LABEL]


def render_hand_analysis() -> list[str]:
    """The section: your seat, the dealer, the hand (ticked in the pack or typed) and the
    auction (clicked call by call or typed), a contract for a discard (4-player rules; a note
    otherwise). Returns what the result shows in words (its table's headings and caption, for
    the page's glossary box; none before a result)."""
    rules = current_rules()
    if not supported(rules):
        st.info("Analyse my hand simulates the 4-player game; choose 4 players on the Rules "
                "page to use it.")
        return []
    st.subheader("Analyse my hand")
    st.caption(ABOUT, help="\n\n".join(glossary_help(t) for t in ABOUT_TERMS))
    _seats(rules)
    full = 10 + rules.kitty_size  # 13, or 15 with the 45-card pack's kitty of 5
    st.markdown(HAND_HEADING)
    hand_builder(rules)
    hand_text = st.text_input(HAND_LABEL.format(full=full), key=HAND_KEY, on_change=sync_picks,
                              placeholder="JK JH JD AH KH 7S 6C ...")
    st.markdown(AUCTION_HEADING)
    auction_builder(rules)
    auction_text = st.text_input(AUCTION_LABEL, key=AUCTION_KEY, placeholder="P 6S P",
                                 help=_auction_help(rules))
    contract_text = st.text_input(
        CONTRACT_LABEL.format(full=full), key=CONTRACT_KEY,
        placeholder="8H", help=f"With {full} cards: the bid you won. The auction is then "
        "the whole auction, or left empty.")
    go = st.button("Analyse the hand", type="primary", key="hand_go",
                   icon=":material/calculate:")
    if not go:
        return []
    seat, dealer = chosen_seats(rules)
    samples = st.session_state[SAMPLES_KEY]
    bar = st.empty()

    def progress(done: float) -> None:
        bar.progress(min(max(done, 0.0), 1.0), text="Dealing and solving layouts…")

    discarding = False
    try:
        try:
            hand = [c.code for c in parse_hand(hand_text)]
        except TrainerError as e:
            raise TrainerError(f"hand: {e}") from e  # name the field, as the others do
        try:  # typed as the calls were made: the players who are out make none
            auction = turns_from_calls(rules, Seat(dealer), auction_text.replace(",", " ")
                                       .split())
        except TrainerError as e:
            raise TrainerError(f"auction: {e}") from e
        if len(hand) not in (10, 10 + rules.kitty_size):
            raise TrainerError(f"hand: {len(hand)} cards; give 10 to bid, or "
                               f"{10 + rules.kitty_size} with the contract to discard")
        discarding = len(hand) == 10 + rules.kitty_size
        if discarding and not contract_text.strip():
            raise TrainerError(f"contract: with {len(hand)} cards give the contract you won "
                               "(such as 8H) to choose a discard; or give 10 cards to bid")
        if not discarding and contract_text.strip():
            raise TrainerError(f"contract: only to choose a discard, with the {full} cards of "
                               f"hand and kitty (the hand has {len(hand)}); leave it empty to "
                               "bid")
        progress(0.0)
        if discarding:
            result = run_discard_analysis(hand, contract_text, auction, seat, dealer, rules,
                                          int(samples), progress)
        else:
            result = run_analysis(hand, auction, seat, dealer, rules, int(samples), progress)
    except TrainerError as e:
        st.error(plain(str(e)), icon=":material/error:")  # the learner's text: as text
        return []
    finally:
        bar.empty()  # no progress bar left standing, above an error or the answer
    if discarding:
        contract = parse_call(contract_text.strip())
        assert isinstance(contract, Bid)  # checked by run_discard_analysis
        order = CardOrder(trump=contract.trump)
        cards = sorted(parse_hand(hand), key=order.display_key)
        st.markdown(hand_html(cards, order, label="your hand", mark_trumps=order.trump
                              is not None), unsafe_allow_html=True)
        return _show_discards(result, contract.misere)
    st.markdown(hand_html(parse_hand(hand), label="your hand"), unsafe_allow_html=True)
    table = candidates_table(result.candidates, result.standing_side)
    st.dataframe(percent_shares(table), hide_index=True, placeholder="—",
                 column_config=help_columns(table.columns, TABLE_TERMS, TABLE_FORMATS))
    st.caption(table_note(table))
    _assumptions(result)
    return [*table.columns, table_note(table)]


SHARES = ("Chance to make", "Goes your way")
"""The columns of `candidates_table` and `discards_table` that are shares of the layouts (0-1),
shown as whole percents (`percent_shares`)."""
TABLE_TERMS = {"Expected score": "Expected score", "± (s.e.)": "Standard error",
               "Chance to make": "Make and set", "Goes your way": "Goes your way",
               "Ends in": "Ends in", "Mean tricks": "Trick"}
"""The glossary term explaining each column, shown as its header's tooltip."""
TABLE_FORMATS = {"Expected score": "%.1f", "± (s.e.)": "%.1f", "Mean tricks": "%.2f",
                 **dict.fromkeys(SHARES, "%d%%")}
FINISHED_NOTE = ("Expected score: points for your side minus the opponents' on this hand, "
                 "averaged over the layouts. After each call the bots finish the auction on "
                 "every layout and the contract it ends in is played double dummy, so each row "
                 "is a finished auction, not the call taken as the last one. Ends in: the "
                 "contract the auction most often ended in, and on how many of the layouts. "
                 "Goes your way: how often that contract went your side's way (your contract "
                 "made or theirs set). ± (s.e.): the standard error, how far the average may be "
                 "off with this many layouts.")
FINAL_NOTE = ("Expected score: points for your side minus the opponents' on this hand, "
              "averaged over the layouts, each call taken as the final contract (pass: the "
              "standing bid is played; with no bid, the hand is thrown in, or under \"When all "
              "pass: play it at no trumps\" played at no trumps for 10 a trick). Chance to "
              "make: that contract's, whoever declares it.")


def table_note(table: pd.DataFrame) -> str:
    """The caption under a `candidates_table`: what its rows are (finished auctions when it
    has an "Ends in" column) and what its columns mean."""
    return FINISHED_NOTE if "Ends in" in table.columns else FINAL_NOTE


def percent_shares(table: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``table`` with its `SHARES` columns in whole percents (0.98 -> 98, shown
    "98%" by `TABLE_FORMATS`; a missing share stays missing)."""
    out = table.copy()
    for column in SHARES:
        if column in out.columns:
            out[column] = (pd.to_numeric(out[column], errors="coerce") * 100).round()
    return out


def discards_table(candidates: Sequence[Any], misere: bool = False) -> pd.DataFrame:
    """The candidate discards as a table, best expected score first; no mean tricks in misère
    (the simulation records a set misère as one trick, so they only restate the chance)."""
    columns = ["Discard", "Expected score", "± (s.e.)", "Chance to make"]
    if not misere:
        columns.append("Mean tricks")
    rows = [{"Discard": " ".join(c.pretty for c in sorted(c.discard, key=sort_key)),
             "Expected score": c.ev, "± (s.e.)": c.se, "Chance to make": c.p_make,
             "Mean tricks": c.mean_tricks} for c in candidates]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values("Expected score", ascending=False, ignore_index=True, kind="stable")


def best_discard_text(table: pd.DataFrame) -> str:
    """The headline over a `discards_table`: the best discard, and the others that tie with it
    (the same expected score and chance to make, to the table's precision), so that a tie is
    not read as one right answer."""
    def key(i: int) -> tuple[float, float]:
        return round(table["Expected score"][i], 1), round(table["Chance to make"][i], 3)

    ties = [table["Discard"][i] for i in range(1, len(table)) if key(i) == key(0)]
    text = f"Best discard: **{table['Discard'][0]}**."
    if ties:
        text += (" As good on these layouts: " + "; ".join(f"**{t}**" for t in ties) +
                 " (the same expected score and chance to make).")
    return text


DISCARD_NOTE = ("Expected score: points for your side minus the opponents' on this hand, "
                "averaged over the layouts, every discard played on the same layouts. The "
                "search plays a shortlist of sensible discards on the first layouts and the "
                "best of them on all (the Discard page explains the grades).")


def _show_discards(result: HandReport, misere: bool) -> list[str]:
    table = discards_table(result.candidates, misere)
    st.markdown(best_discard_text(table))
    st.dataframe(percent_shares(table), hide_index=True,
                 column_config=help_columns(table.columns, TABLE_TERMS, TABLE_FORMATS))
    st.caption(DISCARD_NOTE)
    _assumptions(result)
    return [*table.columns, DISCARD_NOTE]


def _assumptions(result: HandReport) -> None:
    if result.notes:
        st.caption("Assumed from the auction: " + "; ".join(result.notes) + ".")
