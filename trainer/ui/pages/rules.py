"""Rules page: choose the preset and every option of `RuleSet`; the pack, the Avondale scoring
table, the ladder of bids for the chosen rules, the glossary (`trainer.ui.data.glossary`) and
the rule book.

Each option is a widget keyed ``rule:<name>`` (a toggle for true/false options, a selectbox for
choices), seeded from the rules in use. Any change builds a new `RuleSet`; if the engine rejects
the combination (the 45-card pack with 3 players) the page says why, naming the options by their
titles (`rule_words`: never a code name such as ``six_player_teams``), and keeps the last valid
rules. The rules in use live in ``st.session_state["rules"]`` (see `trainer.ui.data.state`), and are
saved for the learner chosen on Home, if any.
"""

from __future__ import annotations

from html import escape
from typing import Any

import pandas as pd
import streamlit as st

from trainer.bidding import Bid, ladder
from trainer.errors import TrainerError
from trainer.rules import PRESETS, STRAINS, RuleSet, preset_name
from trainer.scoring import MISERE_VALUE, NULLO_VALUE, OPEN_MISERE_VALUE, bid_value
from trainer.ui.data.glossary import TERMS, glossary_markdown
from trainer.ui.data.profile import current_learner, learner_label, md
from trainer.ui.data.rule_book import rule_book_sections
from trainer.ui.data.rule_options import (
    SECTION_TITLES,
    OptionSpec,
    option_specs,
    rule_words,
    rules_summary,
)
from trainer.ui.data.state import current_rules, set_rules
from trainer.ui.widgets.cards import hand_html

PRESET_KEY = "rules_preset"
CUSTOM = "custom"
PRESET_LABELS = {
    "australian": "Australian (the default: the rule sheets' rules where they agree, else "
                  "pagat.com)",
    "american": "American (one round of bidding, no nominating the joker, a led joker not "
                "named as a suit shown void, misère placed by points)",
    CUSTOM: "Custom (your own options)",
}
MISERE_MARK = "#fff1c2"


def option_key(name: str) -> str:
    """Widget key of a rule option."""
    return f"rule:{name}"


def preset_of(rules: RuleSet) -> str:
    """The preset name of ``rules``, or ``"custom"``."""
    name = preset_name(rules)
    return name if isinstance(name, str) else CUSTOM


def scoring_table() -> pd.DataFrame:
    """The Avondale schedule: tricks 6-10 down, strains across, values from `bid_value`."""
    data = {
        strain.symbol: [bid_value(Bid(level, strain)) for level in range(6, 11)]
        for strain in STRAINS
    }
    return pd.DataFrame(data, index=pd.Index([str(n) for n in range(6, 11)], name="Tricks"))


def ladder_table(rules: RuleSet) -> pd.DataFrame:
    """Every bid of ``rules`` from the lowest, with its points and, for misère and open misère,
    where it sits."""
    bids = ladder(rules)
    rows = []
    for i, bid in enumerate(bids):
        note = ""
        if bid.misere:
            below = bids[i - 1].pretty if i > 0 else "nothing"
            above = bids[i + 1].pretty if i + 1 < len(bids) else "nothing"
            note = f"above {below}, below {above}"
        rows.append({"#": i + 1, "Bid": bid.pretty, "Points": bid_value(bid, rules),
                     "Where": note})
    return pd.DataFrame(rows)


def ladder_html(rules: RuleSet) -> str:
    """The ladder as a wrapping row of small labelled chips, misère and open misère marked."""
    chips = []
    for bid in ladder(rules):
        style = (
            "display:inline-block;padding:2px 8px;border-radius:12px;font-size:0.85rem;"
            "border:1px solid #bbb;white-space:nowrap;"
        )
        if bid.misere:
            style += f"background:{MISERE_MARK};border-color:#d49b00;font-weight:600;"
        text = f"{bid.pretty} · {bid_value(bid, rules)}"
        chips.append(f'<span style="{style}">{escape(text)}</span>')
    return (
        '<div role="list" aria-label="the bids from lowest to highest" '
        'style="display:flex;flex-wrap:wrap;gap:5px;margin:0.25rem 0 0.75rem 0">'
        + "".join(f'<span role="listitem">{c}</span>' for c in chips)
        + "</div>"
    )


def _widget_values(specs: list[OptionSpec]) -> dict[str, Any]:
    return {s.name: st.session_state[option_key(s.name)] for s in specs}


def _seed_widgets(rules: RuleSet, specs: list[OptionSpec]) -> None:
    if st.session_state.get(PRESET_KEY) not in PRESET_LABELS:
        st.session_state[PRESET_KEY] = preset_of(rules)
    for spec in specs:
        key = option_key(spec.name)
        if key not in st.session_state or st.session_state[key] not in spec.choices:
            st.session_state[key] = getattr(rules, spec.name)


def _on_preset() -> None:
    name = st.session_state[PRESET_KEY]
    if name not in PRESETS:
        return
    rules = PRESETS[name]
    set_rules(rules)
    for spec in option_specs():
        st.session_state[option_key(spec.name)] = getattr(rules, spec.name)


def _on_option() -> None:
    try:
        rules = RuleSet(**_widget_values(option_specs()))
    except TrainerError:
        return  # the page shows the message and keeps the last valid rules
    set_rules(rules)
    st.session_state[PRESET_KEY] = preset_of(rules)


MISERE_OPTIONS = frozenset({"misere", "misere_placement", "misere_needs_seven", "nullo_500",
                            "open_misere_placement", "open_misere_reveal", "misere_defenders",
                            "joker_low_in_misere"})


def _option_widget(spec: OptionSpec, rules: RuleSet) -> None:
    key = option_key(spec.name)
    where = f"rule book §{spec.section}" if spec.section else "rule book"
    # the seating of six only matters at a table of six, the 45-card pack at a table of four,
    # misère's options not at all at a table of two (002: two players never bid misère)
    idle = (spec.name == "six_player_teams" and rules.players != 6) or (
        spec.name == "deck" and rules.players != 4 and rules.deck == 43) or (
        spec.name in MISERE_OPTIONS and rules.players == 2)
    if spec.kind == "toggle":
        st.toggle(spec.title, key=key, on_change=_on_option, disabled=idle)
    else:
        st.selectbox(
            spec.title,
            spec.choices,
            format_func=spec.label_of,
            key=key,
            on_change=_on_option,
            disabled=idle,
        )
    default = spec.label_of(spec.default)
    source = f" From: {spec.source}" if spec.source else ""
    st.caption(f"{spec.plain} Default: {default}.{source} ({where[0].upper() + where[1:]}.)")


def _options(specs: list[OptionSpec], rules: RuleSet) -> None:
    sections: dict[int | None, list[OptionSpec]] = {}
    for spec in specs:
        sections.setdefault(spec.section, []).append(spec)
    for number, group in sorted(sections.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)):
        title = SECTION_TITLES.get(number or 0, "Other options")
        heading = f"§{number} {title}" if number else title
        with st.expander(heading, expanded=number == 1):
            for spec in group:
                _option_widget(spec, rules)


def _pack(rules: RuleSet) -> None:
    cards = rules.pack
    st.subheader(f"The pack: {len(cards)} cards")
    st.caption(pack_words(rules) + " (Rule book §1.)")
    picture = hand_html(cards, label=f"the {len(cards)}-card pack", width=44)
    st.markdown(picture, unsafe_allow_html=True)


def pack_words(rules: RuleSet) -> str:
    """How the pack of ``rules`` is dealt, in a sentence (RULES.md §1)."""
    kitty = rules.kitty_size
    if rules.players == 2:
        return (
            f"Each of the 2 players has 10 cards in hand and 5 face-down cards with a face-up "
            f"card on each on the table (20 cards each), and {kitty} go to the kitty."
        )
    return f"Ten cards to each of the {rules.players} players and {kitty} to the kitty."


def scoring_notes(rules: RuleSet) -> list[str]:
    """The scoring rules of ``rules`` beside the schedule, in short sentences (RULES.md §6)."""
    if not rules.misere_allowed:
        why = "two players" if rules.misere else "these rules"
        notes = [f"Misère is not played by {why}."]
    elif rules.nullo_500:
        notes = [f"Misère (Nullo) {NULLO_VALUE}, and no open misère."]
    else:
        notes = [f"Misère {MISERE_VALUE}, open misère {OPEN_MISERE_VALUE}."]
    notes.append(
        "Made: the bid's value"
        + (", plus 10 for each trick over the bid, at most 520 for the hand."
           if rules.overtricks_10 else " (nothing extra for overtricks).")
        + " Set: minus the bid's value."
    )
    if rules.slam_250:
        notes.append("All ten tricks on a bid worth less than 250 score 250.")
    if rules.defender_tricks:
        misere_too = " (in misère too)" if rules.misere_defenders else " (none in misère)"
        notes.append(
            f"Defenders score 10 a trick{misere_too if rules.misere_allowed else ''}.")
    notes.append(
        "The first side to 500 wins only by making a bid."
        if rules.must_bid_to_win
        else "The first side to 500 wins, by bidding or by defending."
    )
    return notes


def _scoring(rules: RuleSet) -> None:
    st.subheader("Scoring: the Avondale schedule")
    st.table(scoring_table())
    st.caption(" ".join(scoring_notes(rules)) + " (Rule book §6, §7.)")


def _ladder(rules: RuleSet) -> None:
    st.subheader("The bids, lowest first")
    st.markdown(ladder_html(rules), unsafe_allow_html=True)
    table = ladder_table(rules)
    placed = table[table["Where"] != ""]
    if placed.empty:
        why = "two players" if rules.players == 2 else "these rules"
        st.caption(f"No misère for {why}: only the trick-and-strain bids."
                   + ladder_notes(rules) + " (Rule book §3.)")
    else:
        lines = [f"**{row.Bid}** sits {row.Where}" for row in placed.itertuples()]
        lines[0] = lines[0].replace("**m", "**M", 1)
        st.markdown("; ".join(lines) + "." + ladder_notes(rules) + " (Rule book §3.)")
    with st.expander("The ladder as a table"):
        styled = table.style.apply(
            lambda row: [f"background-color: {MISERE_MARK}" if row["Where"] else ""] * len(row),
            axis=1,
        )
        st.dataframe(styled, hide_index=True, width="stretch")


def ladder_notes(rules: RuleSet) -> str:
    """When misère may be bid, and the bidding options that change what wins the auction, as
    sentences that each start with a space (RULES.md §3)."""
    notes = []
    if rules.misere_allowed and rules.misere_needs_seven:
        notes.append("Misère may be bid only after someone has bid seven"
                     + ("; open misère at any time." if rules.open_misere_allowed else "."))
    elif rules.misere_allowed:
        notes.append("Misère may be bid at any time.")
    if rules.six_level_informational:
        notes.append("A bid of six cannot win the auction: if nobody bids seven or more, the "
                     "hand is dealt again.")
    return "".join(f" {n}" for n in notes)


def render() -> None:
    """Draw the Rules page."""
    st.title("Rules")
    st.markdown(
        "Choose the rules you play by. The lessons' practice questions follow them, and the "
        "puzzle pages serve only puzzles made for them (play puzzles also fit rules that "
        "differ only in bidding or scoring). The full rule book is at the foot of the page; "
        "each option below names its section and the rules it comes from: the Portuguese, "
        "Italian, Polish and Spanish rule sheets the trainer follows, or pagat.com's "
        "Australian game where they say nothing."
    )
    learner = current_learner()
    rules = current_rules()
    specs = option_specs()
    _seed_widgets(rules, specs)
    st.selectbox(
        "Preset",
        list(PRESET_LABELS),
        format_func=PRESET_LABELS.__getitem__,
        key=PRESET_KEY,
        on_change=_on_preset,
        help="A preset sets every option at once; change any option afterwards.",
    )
    try:
        RuleSet(**_widget_values(specs))
    except TrainerError as e:
        st.error(
            f"These options do not go together: {rule_words(str(e))}. The trainer keeps the "
            f"last rules that worked ({rules_summary(rules)}) until you change them.",
            icon=":material/warning:",
        )
    saved = f" Saved for {md(learner_label(learner))}." if learner is not None else ""
    st.info(f"Rules in use: {rules_summary(rules)}.{saved}")
    _options(specs, rules)
    _pack(rules)
    _scoring(rules)
    _ladder(rules)
    _glossary()
    _rule_book()


def _glossary() -> None:
    st.subheader("Glossary")
    st.caption("The words the trainer uses, in plain terms; the puzzle and Analyse pages show "
               "the ones they use under \"What these words mean\".")
    with st.expander("Every word explained", icon=":material/menu_book:"):
        st.markdown(glossary_markdown([t.name for t in TERMS]))


def _rule_book() -> None:
    st.subheader("The rule book")
    st.caption(
        "The rules the trainer follows, with every option it offers. Explanations across the "
        "trainer cite these sections as §1 to §8; the options above change what they say."
    )
    for section in rule_book_sections():
        with st.expander(f"§{section.number} {section.title}"):
            st.markdown(section.body)


if __name__ == "__main__":
    render()
