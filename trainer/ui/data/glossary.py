"""The trainer's glossary: the words of the game and of the trainer's grading, each with a plain
explanation for a new player, citing the rule book (RULES.md, "rule book §N") where a rule is
involved. One list for every page: the Bidding, Discard, Play and Analyse pages show the terms
their text uses in a closed "What these words mean" box (`glossary_box`), and the Rules page
shows it whole (`glossary_markdown` of `TERMS`).

A `Term` has the words a page may use for it (``forms``, matched whole-word and case-blind,
so "tricks" finds "Trick" and "left bower" finds "Bower"); `terms_in` picks the terms some text
uses, so a page lists only words it shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from trainer.generate.bands import BID_LIMITS


@dataclass(frozen=True)
class Term:
    """One glossary entry: ``name`` as shown (bold), ``text`` its plain explanation, ``section``
    the rule book section it rests on (``3`` for §3; 0 for a word of the trainer's own, not a
    rule), ``forms`` the words (lower case) that count as the term in a page's text (by default
    the name)."""

    name: str
    text: str
    section: int = 0
    forms: tuple[str, ...] = ()
    extra: str = ""
    """A regular expression that also counts as the term (``7NT`` for no trumps)."""

    def words(self) -> tuple[str, ...]:
        return self.forms or (self.name.lower(),)

    def pattern(self) -> re.Pattern[str]:
        """Any of the term's forms as a whole word (a form ending in a letter may take an
        "s": "tricks" for "trick"; "s.e." must be whole)."""
        alternatives = "|".join(re.escape(w) + ("s?" if w[-1].isalpha() else "")
                                for w in sorted(self.words(), key=len, reverse=True))
        extra = f"|{self.extra}" if self.extra else ""
        return re.compile(rf"(?:(?<![\w-])(?:{alternatives}){extra})(?![\w-])", re.IGNORECASE)

    def markdown(self) -> str:
        cite = f" (rule book §{self.section})" if self.section else ""
        return f"- **{self.name}**: {self.text}{cite}"


_GRADES = ("Best within {:g} points of the top choice's expected score, Good within {:g}, "
           "Inaccuracy within {:g}, Mistake within {:g}, Blunder beyond.").format(*BID_LIMITS)

TERMS: tuple[Term, ...] = (
    Term("Contract", "the final bid of the auction: how many of the ten tricks the declarer's "
         "side must take, and the strain they are played in (or a misère).", 3),
    Term("Declarer", "the player who won the auction and must make the contract (with their "
         "partner, if they have one); the others are the defenders.", 3,
         ("declarer", "declarer's", "declares", "declaring", "declare", "defenders",
          "defending", "defence")),
    Term("Auction", "the bidding: from the dealer's left, each player in turn bids higher or "
         "passes. A player who has passed makes no more calls (in the usual rules), and it ends "
         "when all the others have passed after a bid.", 3, ("auction", "bidding")),
    Term("Bid", "an offer to take at least six to ten tricks in a strain, such as 7♥; a call "
         "is a bid or a pass.", 3, ("bid", "call")),
    Term("Strain", "what a bid is played in: one of the four suits as trumps, or no trumps. "
         "They rank spades, clubs, diamonds, hearts, no trumps, so 7♥ is above 7♦.", 3),
    Term("Trumps", "the suit named in the contract. Any trump beats every card of the other "
         "suits; from the top: the joker, the right bower, the left bower, then A, K, Q, 10 "
         "and on down.",
         2, ("trump", "trumps", "trumping")),
    Term("No trumps", "a contract with no trump suit: the highest card of the suit led wins. "
         "The joker then belongs to no suit unless its holder names one (see Joker).", 3,
         ("no trumps", "no-trump"), r"(?<=\d)NT"),
    Term("Joker", "the highest card. In a suit contract it is the top trump. At no trumps and "
         "misère it belongs to no suit unless the declarer named one for it before the first "
         "lead: it may be played only when its holder cannot follow suit, and then wins the "
         "trick; whoever leads it names the suit the others must follow (in the usual rules).",
         5),
    Term("Bowers", "the two jacks of the trump colour. The right bower is the jack of trumps, "
         "the second-best trump; the left bower is the other jack of the same colour, the "
         "third-best trump, and it counts as a trump, not as its printed suit.", 2,
         ("bower", "bowers", "right bower", "left bower")),
    Term("Kitty", "the three cards (five with the 45-card pack) dealt face down to no one. The "
         "declarer picks them up and then discards as many.", 1),
    Term("Discard", "the cards the declarer puts away face down after taking the kitty, so as "
         "to keep ten; they take no part in the play. Playing a card of another suit when you "
         "cannot follow suit is also called discarding.", 4, ("discard", "discarded",
                                                              "discarding")),
    Term("Trick", "one card from each player in turn; the highest trump in it wins, or else "
         "the highest card of the suit led. Ten tricks are played.", 4),
    Term("Lead", "the first card of a trick. The declarer leads to the first trick (in the "
         "usual rules); the winner of each trick leads to the next.", 4,
         ("lead", "leads", "led", "leader", "leading")),
    Term("Follow suit", "play a card of the suit led if you have one (the left bower counts as "
         "a trump). Only when you have none may you play anything.", 4,
         ("follow suit", "follows suit", "following suit", "follow the suit")),
    Term("Void", "holding no cards of a suit. A player void in the suit led may trump (ruff) "
         "or discard.", 4, ("void", "voids")),
    Term("Ruff", "play a trump to a trick led in another suit, when you are void in it: the "
         "trump wins unless a higher trump is played. To overruff is to play a higher trump "
         "than one already in the trick.", 4, ("ruff", "ruffs", "ruffed", "ruffing",
                                               "overruff", "overruffs", "trumps")),
    Term("Draw trumps", "lead trumps until the opponents have none left, so that they cannot "
         "ruff your winners in the other suits.", 4, ("draw trumps", "draws", "drawing trumps",
                                                      "last trump", "last trumps")),
    Term("Cash", "lead a winner and take the trick with it, before it can be ruffed or "
         "overtaken.", 0, ("cash", "cashes", "cashing")),
    Term("Winner and loser", "a winner is a card that will take a trick (the highest card "
         "left in its suit, or a trump); a loser is one that cannot. A side winner is a winner "
         "outside the trump suit.", 0, ("winner", "winners", "loser", "losers",
                                        "side winner", "side winners")),
    Term("Duck", "play a card that loses the trick on purpose: in misère, a card lower than "
         "the one winning the trick so far.", 0, ("duck", "ducks", "ducking")),
    Term("Guard", "a low card kept with a high one (K♥ with 7♥) so that the high card is not "
         "caught when an opponent leads the ace: you play the low card under it. A stopper is "
         "a guarded high card that stops the opponents' run of a suit at no trumps.", 0,
         ("guard", "guarded", "unguards", "stopper", "stoppers", "length")),
    Term("Entry", "a card that wins a trick in a hand, so that the hand is on lead: the way "
         "to reach your partner's winners.", 0, ("entry", "entries")),
    Term("Unblock", "play your high card of a suit early, under your partner's winner, so that "
         "it does not win a trick later and block partner's long suit.", 0,
         ("unblock", "unblocks", "blocks the suit", "blocks")),
    Term("Throw-in", "give the lead to an opponent on purpose, when every card they can lead "
         "helps you (leads into your tenace, or gives you a ruff).", 0,
         ("throw-in", "must lead next", "must then lead", "gives the lead")),
    Term("The lines", "after a wrong card the trainer shows two lines of best play: after "
         "your card, and after the right card. They part at the first trick the two lines "
         "give to different sides.", 0, ("the lines part", "right line")),
    Term("Make and set", "the declarer's side makes its contract by taking at least the "
         "tricks bid, and scores the bid's value; with fewer it is set (euchred) and loses "
         "that value.", 6, ("make", "makes", "making", "set", "euchred")),
    Term("Slam", "all ten tricks. A slam on a bid worth less than 250 scores 250 instead (in "
         "the usual rules).", 6, ("slam", "ten-trick", "all ten tricks")),
    Term("Misère", "a bid to take no tricks at all, played at no trumps; the declarer's "
         "partner lays their hand down and sits out. Worth 250.", 3, ("misère", "misere")),
    Term("Open misère", "misère with the declarer's hand shown to everyone after the first "
         "trick. Worth 500; it may be bid at any time.", 3, ("open misère", "open misere")),
    Term("Simple count", "a quick estimate of how many tricks a hand can take, used only to "
         "guess what the other players' calls show about their hands: for a trump suit the "
         "joker and the right bower count 1, the left bower 0.9, the ace 0.85, the king 0.6; "
         "outside it an ace 0.9 and a guarded king 0.6; partner and the kitty add 2. The "
         "grades never use it: they come from the layouts played out.", 0,
         ("simple count", "estimated tricks")),
    Term("Layout", "one way the cards you cannot see might lie in the other hands and the "
         "kitty. The trainer deals many at random, each fitting what the auction says, and "
         "plays every one out: the figures in its tables are averages over them.", 0,
         ("layout", "layouts")),
    Term("Double dummy", "play as if every player could see every card, with the best play for "
         "both sides, found by an exact search of the tricks left. It is the fairest yardstick "
         "a computer has; real players, who cannot see the cards, make somewhat fewer tricks.",
         0, ("double dummy", "double-dummy")),
    Term("Expected score", "the average over the layouts of your side's points minus the "
         "opponents' on this hand; the Score column.", 6, ("expected score",)),
    Term("Standard error", "the ± s.e. beside an expected score: the simulation's margin of "
         "error. The layouts are only a sample of the ways the unseen cards might lie, so their "
         "average can be a little off the true figure: by less than one s.e. about two times in "
         "three, and by less than two nineteen times in twenty. Two choices whose scores differ "
         "by less than about two s.e. may be equally good; more layouts make it smaller.", 0,
         ("standard error", "s.e.")),
    Term("Standing bid", "the highest bid made so far in the auction. Each new bid must be "
         "higher; when all the other players have passed after it, it becomes the contract "
         "and its bidder the declarer. If you pass, the standing bid may be the one played.",
         3, ("standing bid", "standing contract", "bid stands", "no bid stands")),
    Term("Avondale schedule", "the table of what each contract scores: 6♠ 40, and each step "
         "up the strains (♠ ♣ ♦ ♥ NT) 20 more, each trick more 100 more, up to 10NT 520; "
         "misère 250 and open misère 500. Made, the declarer's side scores the bid's value "
         "(nothing extra for overtricks in the usual rules); set, it loses it.", 6,
         ("avondale", "avondale schedule")),
    Term("Bots", "the trainer's computer players: your partner and opponents in a game, and "
         "the players who finish the auction when a call is valued. There each bids what a "
         "simple count of its own hand supports and otherwise passes; a partner takes out a "
         "misère only for a contract of its own worth more.", 0,
         ("bot", "bots", "simple bidder", "policy bidder")),
    Term("Ends in", "the contract the auction most often ended in after that call, with the "
         "bots finishing the bidding on every layout, and the share of the layouts where it "
         "did: \"North 7NT 90%\". Each call's score is of the contracts its auctions ended in, "
         "not of the call as if it were the last.", 3, ("ends in", "ended in", "auction ends")),
    Term("Goes your way", "the share of the layouts where the contract the auction ended in "
         "went your side's way: your side's contract made, or the opponents' set. Shown as a "
         "percent (98% is 98 layouts in 100).", 6,
         ("goes your way", "your way", "went your way", "go your way")),
    Term("Grades", "how far a call or discard falls short of the best on the layouts: "
         f"{_GRADES}", 0, ("grade", "graded", "inaccuracy", "mistake", "blunder")),
    Term("Principal line", "the cards played from here on when both sides play their best, "
         "one line among equally good ones.", 0, ("principal line",)),
)
"""Every term, in the order the Rules page shows them (the game's words first)."""

GLOSSARY: dict[str, Term] = {t.name: t for t in TERMS}
"""The terms by name."""
BOX_TITLE = "What these words mean"


def terms_in(texts: Iterable[str], names: Iterable[str] | None = None) -> tuple[str, ...]:
    """The names of the terms (of ``names``, by default all) that some text of ``texts`` uses
    (`Term.pattern`), in glossary order. Raises KeyError for a name not in the glossary."""
    text = "\n".join(texts)
    wanted = set(GLOSSARY) if names is None else {GLOSSARY[n].name for n in names}
    return tuple(t.name for t in TERMS if t.name in wanted and t.pattern().search(text))


def glossary_markdown(names: Sequence[str]) -> str:
    """The terms ``names`` as a Markdown list, in glossary order. Raises KeyError for a name not
    in the glossary."""
    wanted = {GLOSSARY[n].name for n in names}
    return "\n".join(t.markdown() for t in TERMS if t.name in wanted)


def glossary_help(name: str) -> str:
    """A term's entry as a widget's or a column's help tooltip: ``"Standing bid: the highest
    bid made so far ... (rule book §3)"``. Raises KeyError for a name not in the glossary."""
    term = GLOSSARY[name]
    cite = f" (rule book §{term.section})" if term.section else ""
    return f"{term.name}: {term.text}{cite}"


def help_columns(columns: Iterable[str], terms: Mapping[str, str],
                 formats: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``st.dataframe`` column configs giving each column of ``columns`` named in ``terms``
    (column -> glossary term) its term's entry as the header's tooltip (`glossary_help`);
    ``formats``: a number format for some of them (``"%.1f"``, ``"%d%%"``), else a plain
    column (the Styler's or the frame's own display stands)."""
    out: dict[str, Any] = {}
    for column in columns:
        if column not in terms:
            continue
        text = glossary_help(terms[column])
        fmt = (formats or {}).get(column)
        out[column] = (st.column_config.NumberColumn(help=text, format=fmt) if fmt
                       else st.column_config.Column(help=text))
    return out


def glossary_box(names: Sequence[str], key: str | None = None) -> None:
    """A closed "What these words mean" expander listing the terms ``names`` (nothing when
    there are none); ``key``: the expander's key, for pages that draw more than one."""
    if not names:
        return
    with st.expander(BOX_TITLE, icon=":material/help:", key=key):
        st.markdown(glossary_markdown(names))
        st.caption("Every word is on the Rules page, under Glossary.")
