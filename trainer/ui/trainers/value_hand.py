"""The Value a hand page (issue 29): South's ten cards and the auction so far; the learner says
how many tricks the hand will take in the strain shown; then the tricks over the layouts
(`trainer.train.value_hand`): a histogram, the mean, the share of layouts reaching each level,
the bid the layouts support over the auction so far and its score on the Avondale schedule.
The page calls `current_learner` first, so ``?learner=`` stays in the address beside
``?deal=`` and a reload keeps the learner.

State: the deal on show is ``vh_seed`` (a fresh one from the session's seeds, or the
``?deal=<seed>`` of the address, so a deal can be shared and reproduced); the guess made on it
is ``vh_guess``. The first guess at a deal, with a learner chosen, is saved and rated like a
puzzle (`trainer.train.records.record_trainer_attempt`, once per showing: ``vh_saved``); a deal
the learner valued before is practice. The valuation is cached per deal in the process.
"""

from __future__ import annotations

import contextlib
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from trainer.bidding import Auction, Bid
from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.generate.explain import seat_name
from trainer.policy import RULE_OF_THUMB
from trainer.progress import Rating
from trainer.rules import CardOrder, RuleSet, Strain
from trainer.scoring import bid_value
from trainer.train.records import record_trainer_attempt
from trainer.train.value_hand import (
    KIND,
    LEARNER,
    LEVELS,
    RULE,
    SAMPLES,
    GuessGrade,
    Valuation,
    ValueDeal,
    ValueHandError,
    Verdict,
    cached,
    deal_rating,
    grade_guess,
    standing,
    supported_call,
    value_deal,
    value_hand,
)
from trainer.ui.data.glossary import glossary_box, terms_in
from trainer.ui.data.profile import STORE_ERRORS, current_learner, keep_words, store
from trainer.ui.data.state import current_rules, next_seed
from trainer.ui.widgets.auction import auction_table
from trainer.ui.widgets.cards import hand_html, red_suits
from trainer.ui.widgets.charts import LINE, PLOT_CONFIG

SEED_KEY = "vh_seed"
GUESS_KEY = "vh_guess"
SAVED_KEY = "vh_saved"
PARAM = "deal"
THEMES = ("valuation",)
SOLVING = (f"Dealing {SAMPLES} layouts that fit the calls so far and playing each out: this "
           "takes a few seconds (longer on a phone or a busy server)…")
METHOD = ("How this is worked out: {samples} random layouts of the cards you cannot see (the "
          "other three hands and the kitty), each fitting the calls so far. On each you take "
          "the kitty and discard by " + RULE_OF_THUMB[0].lower() + RULE_OF_THUMB[1:] + ", you "
          "lead, and your side's tricks (yours and your partner's) are counted with every card "
          "seen, played as well as possible: real play, where no one sees the other hands, "
          "makes somewhat fewer. " + RULE)


def strain_words(strain: Strain) -> str:
    """``"with hearts as trumps"`` or ``"at no trumps"``."""
    if strain is Strain.NO_TRUMPS:
        return "at no trumps"
    trump = strain.trump
    assert trump is not None
    return f"with {trump.noun} ({trump.symbol}) as trumps"


def question(vd: ValueDeal) -> str:
    return f"How many tricks will your side take {strain_words(vd.strain)}, you declaring?"


def current_seed() -> int:
    """The deal on show: the address's ``?deal=``, else the one kept, else a fresh one."""
    wanted = st.query_params.get(PARAM)
    if wanted is not None:
        with contextlib.suppress(ValueError):
            seed = int(wanted)
            if seed >= 0 and st.session_state.get(SEED_KEY) != seed:
                st.session_state[SEED_KEY] = seed
                st.session_state.pop(GUESS_KEY, None)
                st.session_state.pop(SAVED_KEY, None)
    seed = st.session_state.get(SEED_KEY)
    if not isinstance(seed, int):
        seed = next_seed() % 1_000_000
        st.session_state[SEED_KEY] = seed
    st.query_params[PARAM] = str(seed)  # the address reproduces the deal on show
    return seed


def _guess(n: int) -> None:
    if GUESS_KEY not in st.session_state:
        st.session_state[GUESS_KEY] = n


def _next() -> None:
    st.session_state[SEED_KEY] = next_seed() % 1_000_000
    for key in (GUESS_KEY, SAVED_KEY):
        st.session_state.pop(key, None)
    st.query_params[PARAM] = str(st.session_state[SEED_KEY])


def histogram_figure(valuation: Valuation, guess: int | None = None) -> go.Figure:
    """Bars of the layouts taking 0-10 tricks; the guesses graded right in green, close ones
    in light green, the guessed bar outlined and named above its count."""
    low, high = valuation.right_range
    colours = ["#2e7d32" if low <= t <= high else "#a5d6a7" if low - 1 <= t <= high + 1
               else "#9e9e9e" for t in range(11)]
    outline = [4 if t == guess else 0 for t in range(11)]
    fig = go.Figure(go.Bar(x=list(range(11)), y=list(valuation.counts), marker_color=colours,
                           marker_line_color=LINE, marker_line_width=outline,
                           hovertemplate="%{x} tricks: %{y} layouts<extra></extra>",
                           text=[str(n) if n else "" for n in valuation.counts],
                           textposition="outside", cliponaxis=False))
    top = max(valuation.counts) or 1
    if guess is not None:
        fig.add_annotation(x=guess, y=valuation.counts[guess], yshift=30, showarrow=False,
                           text="<b>your guess</b>", font={"color": LINE})
    fig.update_layout(
        title=f"Your side's tricks on {valuation.samples} layouts (green: right)",
        xaxis={"title": "tricks", "dtick": 1, "range": [-0.5, 10.5]},
        yaxis={"title": "layouts", "range": [0, top * 1.35]},
        margin={"l": 10, "r": 10, "t": 60, "b": 10}, height=320, showlegend=False)
    return fig


def reach_rows(valuation: Valuation, vd: ValueDeal, rules: RuleSet) -> list[dict[str, Any]]:
    """The table of levels: tricks, the bid, its points, the share of layouts reaching it,
    and (after a bid) whether it is higher than the standing bid."""
    high, _ = standing(vd, rules)
    auction = Auction(rules, vd.dealer, list(vd.calls))
    rows = []
    for level in LEVELS:
        share = valuation.reach(level)
        bid = Bid(level, valuation.strain)
        row: dict[str, Any] = {"Tricks": f"{level} or more", "Bid": bid.pretty,
                               "Points": bid_value(bid),
                               "Share of layouts": f"{round(100 * share)}%"}
        if high is not None:
            row[f"Over {high.pretty}"] = "yes" if auction.can_call(bid) else "no"
        rows.append(row)
    return rows


def _whose(seat: Seat, rules: RuleSet) -> str:
    return seat_name(seat) + (", your partner" if seat in rules.side_of(LEARNER)
                              else ", an opponent")


def supported_words(valuation: Valuation, vd: ValueDeal, rules: RuleSet) -> str:
    """The bid the layouts support that you may still call over the auction so far (RULES.md
    §3), in a sentence; or why there is none and what passing means."""
    high, holder = standing(vd, rules)
    ours = holder is not None and holder in rules.side_of(LEARNER)
    held = "" if high is None or holder is None else (
        f"Your side holds the standing bid, {high.pretty} by {_whose(holder, rules)}. "
        if ours else f"The standing bid is {high.pretty} by {_whose(holder, rules)}. ")
    bid = supported_call(valuation, vd, rules)
    if bid is None:
        best = valuation.supported
        if best is None:
            why = "it takes six tricks on fewer than half of the layouts"
        else:
            why = (f"the most it makes on at least half of the layouts is {best.pretty} "
                   f"({bid_value(best)} points), which is not higher than {high.pretty}"
                   if high is not None else "")
        if high is None:
            return (f"The layouts support no bid in this strain: {why}. Passing leaves the "
                    "calling to the others.")
        passing = (f"passing leaves {high.pretty} to your partner to play" if ours else
                   f"passing lets {seat_name(holder)} play {high.pretty} unless someone bids "
                   "higher, with your side defending") if holder is not None else ""
        return (f"{held}The hand supports no call over it: {why}. You pass: {passing}.")
    six = " (a six bid cannot win the auction under your rules)" \
        if rules.six_level_informational and bid.tricks_needed == 6 else ""
    over = "" if high is None else f", higher than {high.pretty}"
    return (f"{held}The layouts support **{bid.pretty}**{six}, worth {bid_value(bid)} points "
            f"on the Avondale schedule: the highest bid you may call{over} that is made on at "
            f"least half of them ({round(100 * valuation.reach(bid.tricks_needed))}%).")


def _value(seed: int, rules: RuleSet) -> Valuation:
    """The valuation of ``seed``, cached; else computed with a progress bar."""
    done = cached(seed, SAMPLES, rules)
    if done is not None:
        return done
    from trainer.ui.data.solver_access import solver_lock, wait_for_solver

    wait_for_solver("the layouts")
    note = st.empty()  # said at once (a spinner waits half a second), gone when solved
    note.info(SOLVING, icon=":material/hourglass_top:")
    bar = st.progress(0.0, text=f"Playing out {SAMPLES} layouts…")

    def report(n: int, total: int) -> None:
        bar.progress(n / total if total else 1.0, text=f"Playing out layouts: {n} of {total}")

    with solver_lock():
        result = value_hand(seed, rules, SAMPLES, report)
    bar.empty()
    note.empty()
    return result


def _save(vd: ValueDeal, valuation: Valuation, grade: GuessGrade) -> str | None:
    """Save the first guess of this showing for the learner; a line on the rating, or None."""
    learner = current_learner()
    if learner is None or st.session_state.get(SAVED_KEY):
        return st.session_state.get(SAVED_KEY) if learner is not None else None
    detail = {"guess": grade.guess, "mean": round(valuation.mean, 2),
              "median": grade.median, "right": list(grade.right_range),
              "verdict": grade.verdict.value, "strain": vd.strain.value,
              "title": f"Value a hand, deal {vd.seed}"}
    try:
        result = record_trainer_attempt(store(), learner, KIND, vd.item, THEMES, grade.right,
                                        Rating(deal_rating(valuation), 350.0), detail)
    except STORE_ERRORS as e:
        line = f"Your guess could not be saved: {e}"
    else:
        if result.rated:
            line = (f"Your rating: {result.before.rating:.0f} → "
                    f"{result.learner.rating.rating:.0f} ({result.change:+.0f}).")
        else:
            line = "You valued this deal before: this guess is practice and is not rated."
    st.session_state[SAVED_KEY] = line
    return line


def _hand(vd: ValueDeal, rules: RuleSet) -> None:
    dealer = vd.dealer
    st.markdown(f"**You:** {seat_name(LEARNER)} · **Dealer:** {seat_name(dealer)} · "
                f"deal {vd.seed}")
    order = CardOrder(trump=vd.strain.trump)
    st.markdown(hand_html(sorted(vd.hand, key=order.display_key), order, label="your hand"),
                unsafe_allow_html=True)
    if vd.calls:
        st.markdown("**The auction so far** (the bots' calls)")
        st.table(auction_table(rules, dealer, list(vd.calls), LEARNER, you=LEARNER),
                 border="horizontal", hide_index=True)
    else:
        st.caption("You are first to call: no one has bid yet.")


def _buttons() -> None:
    st.markdown("**Your guess, in tricks:**")
    st.caption(RULE)
    with st.container(horizontal=True, gap="small", key="vh_guesses"):
        for n in range(11):
            st.button(str(n), key=f"vh_guess_{n}", on_click=_guess, args=(n,))


def _result(vd: ValueDeal, valuation: Valuation, guess: int, rules: RuleSet) -> None:
    grade = grade_guess(valuation, guess)
    badge = {Verdict.RIGHT: ":green-badge[Right]", Verdict.CLOSE: ":blue-badge[Close]",
             Verdict.OFF: ":orange-badge[Not quite]"}[grade.verdict]
    st.markdown(f"{badge} You said **{guess}** tricks. {grade.reason}")
    line = _save(vd, valuation, grade)
    if line:
        st.caption(line)
    elif current_learner() is None:
        st.caption(f"{keep_words()[:1].upper() + keep_words()[1:]} to have your guesses rated.")
    st.plotly_chart(histogram_figure(valuation, guess), key="vh_chart", config=PLOT_CONFIG)
    st.markdown(f"On average your side takes **{valuation.mean:.1f}** tricks.")
    st.markdown(red_suits(supported_words(valuation, vd, rules)))
    st.dataframe(reach_rows(valuation, vd, rules), hide_index=True, key="vh_levels",
                 column_config={"Share of layouts": st.column_config.TextColumn(
                     help="The share of layouts on which your side takes that many tricks")})
    st.caption(METHOD.format(samples=valuation.samples))
    if valuation.dropped:
        st.caption("No layout fitted every call, so these were let go: "
                   + "; ".join(valuation.dropped) + ".")


def render() -> None:
    """Draw the Value a hand page."""
    st.title("Value a hand")
    st.caption("Look at your ten cards and the calls so far, and say how many tricks your side "
               "will take. Then see what the hand takes over many ways the other cards could "
               "lie.")
    rules = current_rules()
    if rules.players != 4:
        st.info("Valuing a hand covers the 4-player game: choose a 4-player table on the Rules "
                "page.", icon=":material/info:")
        return
    current_learner()  # keeps ?learner= in the address beside ?deal=: a reload keeps it
    seed = current_seed()
    try:
        vd = value_deal(seed, rules)
    except (ValueHandError, TrainerError) as e:
        st.error(f"This deal cannot be shown: {e}")
        return
    _hand(vd, rules)
    st.subheader(red_suits(question(vd)))
    guess = st.session_state.get(GUESS_KEY)
    words = [question(vd), "the auction so far" if vd.calls else ""]
    if not isinstance(guess, int):
        _buttons()
    else:
        valuation = _value(seed, rules)
        _result(vd, valuation, guess, rules)
        words += [METHOD, supported_words(valuation, vd, rules), *valuation.dropped]
    st.button("Next hand" if isinstance(guess, int) else "Another hand", key="vh_next",
              type="primary" if isinstance(guess, int) else "secondary", on_click=_next,
              icon=":material/skip_next:")
    glossary_box(terms_in(words), key="vh_words")
