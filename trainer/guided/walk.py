"""Walking a guided hand step by step (`GuidedWalk`): what each step asks, how an answer is
checked by the engine, the other seats' calls and cards, hints, and the score.

The steps (`trainer.guided.hand.STEPS`) and who does what in them:

1. **Trumps** (`answer_trumps`): which suit would the learner choose as trumps? Right when it is
   the suit the simple policy values most (`trainer.policy.estimate_tricks`).
2. **Count** (`answer_count`): how many trumps the learner holds in that suit (the best one),
   the joker and both bowers included (RULES.md §2; `CardOrder.is_trump`).
3. **Auction** (`call`): North and East call first (West deals), by the simple policy
   (`trainer.policy.choose_bid`), each call explained (`words.call_reason`); the learner makes
   any legal call (`Auction.legal_calls`), as often as the auction comes back. If all four pass
   the hand is thrown in (RULES.md §3) and the walk goes to the last step with no score.
4. **Kitty** (`discard`): a declaring learner takes the kitty and discards three
   (`trainer.play.exchange_kitty`); another declarer discards by `policy.choose_discard`.
5-14. **Tricks** (`play`, or `watch` when the learner has no card in a trick: a misère
   partner sits out): the learner plays every card of South's seat (`PlayState.legal_plays`;
   `why_illegal` says why not); North, East and West play the solver's best card
   (`Solver.analyse(...).best_plays[0]`). The step is the trick being played.
15. **Score** (`answer_score`): the points of the declarer's side, checked against
   `trainer.scoring.score_hand`, explained on the Avondale schedule (RULES.md §6).

A step that is answered waits for `next` (the page's Continue button); a card played moves on
at once to the next trick. Every action is logged in `actions` as a short code (``trumps:H``,
``count:5``, ``call:7H``, ``discard:4C 5C 6S``, ``play:AS``, ``watch``, ``score:180``,
``next``), and `replay` rebuilds a walk from them (the others' calls and cards are
deterministic), which is how a learner's unfinished hand is resumed. Errors: `GuidedError` for
an action at the wrong step or an illegal answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.bidding import PASS, Auction, Bid, parse_call
from trainer.cards import SUITS, Card, Suit
from trainer.codes import parse_card
from trainer.generate.explain import play_text, seat_name
from trainer.generate.goals import Goal
from trainer.generate.grading import played_out
from trainer.generate.right_reasons import right_card_reason
from trainer.guided import words
from trainer.guided.hand import STEPS, GuidedError, GuidedHand, Step, StepKind
from trainer.notation import parse_play
from trainer.play import PlayState, start_play
from trainer.policy import choose_bid, choose_discard
from trainer.rules import Play
from trainer.scoring import HandScore, bid_value, score_hand

if TYPE_CHECKING:
    from trainer.solver import Analysis, Solver

FIRST_TRICK_STEP = next(s.number for s in STEPS if s.kind is StepKind.TRICK)


@dataclass(frozen=True)
class Feedback:
    """What the page says after an answer: ``right`` True or False for a checked answer, None
    for news (the auction's end, the other declarer's discard); ``text`` in Markdown."""

    right: bool | None
    text: str


@dataclass(frozen=True)
class Hint:
    """The hint for the step on show: ``text`` in words, and what it suggests (a ``call``, a
    ``discard`` or a ``play``; None where the hint is only words)."""

    text: str
    call: Bid | str | None = None
    discard: tuple[Card, ...] = ()
    play: Play | None = None


class GuidedWalk:
    """One walk through a `GuidedHand` (see the module docstring). Mutable, like
    `trainer.play.PlayState`: the page keeps it in its session."""

    def __init__(self, hand: GuidedHand, solver: Solver | None = None) -> None:
        self.hand = hand
        self._solver = solver
        self.actions: list[str] = []
        self.index = 0  # STEPS[index] is the step on show, before the tricks
        self.feedback: Feedback | None = None  # the answer to the step on show, if answered
        self.auction = Auction(hand.rules, hand.dealer)
        self.call_notes: list[str] = []  # every call explained, in order
        self.discarded: tuple[Card, ...] = ()
        self.state: PlayState | None = None
        self.trick_notes: list[str] = []
        self.score: HandScore | None = None
        self.score_answer: int | None = None
        self._analysis: tuple[int, Analysis] | None = None

    # --- where the walk is -------------------------------------------------------------------

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            from trainer.solver import Solver
            self._solver = Solver()
        return self._solver

    @property
    def step(self) -> Step:
        """The step on show: while the cards are played, the trick being played."""
        if self.state is not None and self.index >= FIRST_TRICK_STEP - 1:
            if self.state.is_over:
                return STEPS[-1]
            return STEPS[FIRST_TRICK_STEP - 1 + len(self.state.history)]
        return STEPS[self.index]

    @property
    def waiting(self) -> bool:
        """True when the step on show is answered and waits for `next`."""
        return self.feedback is not None and self.step.kind is not StepKind.SCORE

    @property
    def finished(self) -> bool:
        """True once the score is answered, or the hand was thrown in."""
        return self.score_answer is not None or (self.thrown_in and self.index == len(STEPS) - 1)

    @property
    def thrown_in(self) -> bool:
        return self.auction.is_over and self.auction.contract is None

    @property
    def learner_declares(self) -> bool:
        return self.auction.declarer is self.hand.learner

    @property
    def cards(self) -> tuple[Card, ...]:
        """The learner's cards now: as dealt, then after the kitty, then those left."""
        if self.state is not None and self.hand.learner in self.state.hands:
            return tuple(self.state.hands[self.hand.learner])
        return self.hand.hand

    @property
    def best_suit(self) -> Suit:
        return words.best_suit(self.hand.hand)

    def _expect(self, kind: StepKind) -> None:
        if self.step.kind is not kind or self.waiting or self.finished:
            raise GuidedError(f"not now: the step on show is {self.step.title.lower()}")

    # --- steps 1 and 2: the hand -------------------------------------------------------------

    def answer_trumps(self, suit: Suit) -> Feedback:
        """Step 1: the learner's choice of trump suit, checked."""
        self._expect(StepKind.TRUMPS)
        right, text = words.trumps_answer(self.hand.hand, suit)
        head = "Right." if right else f"Not quite: {self.best_suit.noun} would be better."
        self.feedback = Feedback(right, f"{head} {text}")
        self.actions.append(f"trumps:{suit.value}")
        return self.feedback

    def count_choices(self) -> list[int]:
        return words.count_choices(len(words.trump_cards(self.hand.hand, self.best_suit)))

    def answer_count(self, n: int) -> Feedback:
        """Step 2: how many trumps the learner holds in the best suit, checked."""
        self._expect(StepKind.COUNT)
        right, text = words.count_answer(self.hand.hand, self.best_suit, n)
        head = "Right." if right else f"Not quite ({n})."
        self.feedback = Feedback(right, f"{head} {text}")
        self.actions.append(f"count:{n}")
        return self.feedback

    # --- step 3: the auction -----------------------------------------------------------------

    def legal_calls(self) -> list[Bid | str]:
        """The learner's legal calls now (empty when it is not their turn)."""
        if self.step.kind is not StepKind.AUCTION or self.auction.to_call is not self.hand.learner:
            return []
        return self.auction.legal_calls()

    def _others_call(self) -> None:
        """The other seats call by the policy until the learner's turn or the auction's end."""
        while not self.auction.is_over and self.auction.to_call is not self.hand.learner:
            seat = self.auction.to_call
            assert seat is not None
            before = Auction(self.auction.rules, self.auction.dealer, list(self.auction.calls))
            chosen = choose_bid(self.hand.deal.hands[seat], self.auction)
            self.auction.call(chosen)
            self.call_notes.append(words.call_reason(seat, self.hand.deal.hands[seat], chosen,
                                                     before))
        if self.auction.is_over:
            self._auction_over()

    def call(self, call: Bid | str) -> Feedback:
        """The learner's call (a `Bid`, ``"P"`` or a call code). Raises `GuidedError` when it is
        not legal now, with the reason."""
        self._expect(StepKind.AUCTION)
        if isinstance(call, str):
            call = parse_call(call)
        if self.auction.to_call is not self.hand.learner:
            raise GuidedError("not your turn to call")
        why = self.auction.why_not(call)
        if why is not None:
            raise GuidedError(f"you may not call {call}: {why}")
        suggested = choose_bid(self.hand.hand, self.auction)
        self.auction.call(call)
        self.actions.append(f"call:{call}")
        note = words.your_call_words(call, suggested)
        self.call_notes.append(note)
        self._others_call()
        return self.feedback or Feedback(None, note)

    def _auction_over(self) -> None:
        contract, declarer = self.auction.contract, self.auction.declarer
        if contract is None or declarer is None:
            self.feedback = Feedback(None, "Everyone passed, so nobody plays this hand: it is "
                                     "thrown in and the next dealer deals again (RULES.md §3). "
                                     "Try another hand.")
            return
        if declarer is self.hand.learner:
            text = (f"The auction is over: you are the **declarer** and the **contract** is "
                    f"{contract.pretty}. Your side (you and North) must take at least "
                    f"{contract.tricks_needed} of the 10 tricks.")
        elif declarer in self.hand.rules.side_of(self.hand.learner):
            text = (f"The auction is over: your partner North is the **declarer**, in "
                    f"{contract.pretty}. Your side must take {contract.tricks_needed} tricks.")
        else:
            beat = 11 - contract.tricks_needed
            text = (f"The auction is over: {seat_name(declarer)} is the **declarer**, in "
                    f"{contract.pretty}. You and North defend: take {beat} tricks to set "
                    "the contract.")
        self.feedback = Feedback(None, text)

    # --- step 4: the kitty -------------------------------------------------------------------

    @property
    def kitty_pool(self) -> tuple[Card, ...]:
        """The declaring learner's 13 cards: their hand and the kitty."""
        return (*self.hand.hand, *self.hand.deal.kitty)

    def _other_discards(self) -> None:
        contract, declarer = self.auction.contract, self.auction.declarer
        assert contract is not None and declarer is not None
        pool = (*self.hand.deal.hands[declarer], *self.hand.deal.kitty)
        self.discarded = choose_discard(pool, contract, self.hand.rules)
        self.state = start_play(self.hand.deal, contract, declarer, self.discarded,
                                self.hand.rules)
        self.feedback = Feedback(None, f"{seat_name(declarer)}, the declarer, picks up the three "
                                 "kitty cards without showing them and discards three cards "
                                 "face down. You never see the kitty. The declarer leads to "
                                 "the first trick.")

    def discard(self, cards: Sequence[Card | str]) -> Feedback:
        """The declaring learner's three discards. Raises `GuidedError` for a wrong count or a
        card not in their 13."""
        self._expect(StepKind.KITTY)
        contract = self.auction.contract
        if not self.learner_declares or contract is None:
            raise GuidedError("only the declarer discards")
        chosen = tuple(parse_card(c) if isinstance(c, str) else c for c in cards)
        try:
            state = start_play(self.hand.deal, contract, self.hand.learner, chosen,
                               self.hand.rules)
        except ValueError as e:
            raise GuidedError(str(e)) from None
        suggested = choose_discard(self.kitty_pool, contract, self.hand.rules)
        self.discarded, self.state = chosen, state
        self.actions.append("discard:" + " ".join(c.code for c in chosen))
        self.feedback = Feedback(None, words.discard_words(self.kitty_pool, chosen, suggested,
                                                          contract))
        return self.feedback

    # --- moving on ---------------------------------------------------------------------------

    def next(self) -> None:
        """Continue after an answered step. Raises `GuidedError` when nothing waits."""
        if not self.waiting:
            raise GuidedError("answer the step first")
        self.actions.append("next")
        self.feedback = None
        if self.thrown_in:
            self.index = len(STEPS) - 1
            return
        self.index += 1
        kind = STEPS[self.index].kind
        if kind is StepKind.AUCTION:
            self._others_call()
        elif kind is StepKind.KITTY and not self.learner_declares:
            self._other_discards()
        elif kind is StepKind.TRICK:
            self._others_play()

    # --- steps 5-14: the tricks --------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        """True when the learner has a card to play now."""
        state = self.state
        return (self.step.kind is StepKind.TRICK and state is not None
                and state.to_play is self.hand.learner)

    def legal_plays(self) -> list[Play]:
        return self.state.legal_plays() if self.my_turn and self.state is not None else []

    def _push_other(self) -> None:
        state = self.state
        assert state is not None
        play = self.solver.analyse(state).best_plays[0]
        self._push(play)

    def _push(self, play: Play) -> None:
        state = self.state
        assert state is not None
        done = state.push(play)
        if done is not None:
            self.trick_notes.append(words.trick_words(state, done, len(state.history),
                                                      self.hand.learner))

    def _others_play(self) -> None:
        """The other seats play until the learner's turn or a finished trick with nothing for
        the learner (a misère partner sits out) or the hand's end."""
        state = self.state
        assert state is not None
        while not state.is_over and state.to_play is not self.hand.learner:
            before = len(state.history)
            self._push_other()
            if self.hand.learner not in state.seats and len(state.history) > before:
                return  # one trick at a time, `watch`ed
        if state.is_over:
            self._finish_play()

    def watch(self) -> None:
        """Play the trick on show when the learner has no card in it."""
        if self.step.kind is not StepKind.TRICK or self.my_turn or self.state is None:
            raise GuidedError("not now: play your card")
        self.actions.append("watch")
        self._others_play()

    def analysis(self) -> Analysis:
        """The solver's values of the learner's legal plays now (kept for this turn)."""
        state = self.state
        if not self.my_turn or state is None:
            raise GuidedError("not your turn to play")
        turn = len(state.history) * 10 + len(state.trick)
        if self._analysis is None or self._analysis[0] != turn:
            self._analysis = (turn, self.solver.analyse(state))
        return self._analysis[1]

    def _reason(self, play: Play) -> str:
        state = self.state
        assert state is not None
        analysis = self.analysis()
        goal = Goal(analysis.maximising, analysis.best)
        line = played_out(state, (play,), self.solver)
        return right_card_reason(state, self.hand.learner, goal, play, line).sentence(
            play_text(play))

    def play(self, play: Play | Card | str) -> Feedback:
        """The learner's card to the trick on show. Raises `GuidedError` with the reason
        (`PlayState.why_illegal`) for an illegal one."""
        self._expect(StepKind.TRICK)
        state = self.state
        if state is None or not self.my_turn:
            raise GuidedError("not your turn to play")
        if isinstance(play, str):
            play = parse_play(play)
        if isinstance(play, Card):
            options = [p for p in state.legal_plays() if p.card == play]
            play = options[0] if len(options) == 1 else Play(play)
        why = state.why_illegal(play)
        if why is not None:
            raise GuidedError(f"you may not play {play_text(play)}: "
                              + why.replace(f"{self.hand.learner} must", "you must"))
        analysis = self.analysis()
        best = analysis.best_plays
        value = analysis.values[play]
        if play in best:
            text = (f"{play_text(play)[0].upper()}{play_text(play)[1:]}: a good card, as good "
                    f"as any you hold here (even if the trick is lost).")
            right = True
        else:
            lost = abs(analysis.best - value)
            text = (f"{play_text(play)[0].upper()}{play_text(play)[1:]} costs your side "
                    f"{lost} trick{'s' if lost != 1 else ''}, if everyone plays their best from "
                    f"here. "
                    + self._reason(best[0]))
            right = False
        notes = len(self.trick_notes)
        self._push(play)
        self.actions.append(f"play:{play.code}")
        self._others_play()
        done = " ".join(self.trick_notes[notes:])
        return Feedback(right, f"{text} {done}".strip())

    def hint(self) -> Hint:
        """The hint for the step on show (`Hint`)."""
        kind = self.step.kind
        hand = self.hand.hand
        if kind is StepKind.TRUMPS:
            return Hint("Count, for each suit, the trumps you would hold: every card of the "
                        "suit, the jack of the same colour (the left bower) and the joker. "
                        "More trumps, and higher ones, win more tricks.")
        if kind is StepKind.COUNT:
            suit = self.best_suit
            return Hint(f"Count every {suit.noun[:-1]}, then add the jack of "
                        f"{suit.same_colour.noun} (the left bower) and the joker if you hold "
                        "them.")
        if kind is StepKind.AUCTION and self.auction.to_call is self.hand.learner:
            call = choose_bid(hand, self.auction)
            reason = words.call_reason(self.hand.learner, hand, call, self.auction)
            return Hint(reason.replace("South", "You", 1).replace("their", "your")
                        .replace("You bids", "Bid").replace("You passes", "Pass"), call=call)
        if kind is StepKind.KITTY and self.learner_declares and self.auction.contract:
            cards = choose_discard(self.kitty_pool, self.auction.contract, self.hand.rules)
            names = words.names_list([c.pretty for c in cards])
            return Hint(f"Discard {names}: keep your trumps and aces, and throw the cards of "
                        "your shortest side suit, so you can trump it when it is led.",
                        discard=cards)
        if kind is StepKind.TRICK and self.my_turn:
            analysis = self.analysis()
            play = analysis.best_plays[0]
            return Hint(f"The best card is {play_text(play)}. {self._reason(play)}", play=play)
        if kind is StepKind.SCORE and self.score is not None:
            return Hint("Did the declarer's side take the tricks bid? Then it scores the bid's "
                        "value from the table; if not, it loses that value.")
        return Hint("Nothing to choose here: press Continue.")

    # --- step 15: the score ------------------------------------------------------------------

    def _finish_play(self) -> None:
        state = self.state
        contract = self.auction.contract
        assert state is not None and contract is not None
        self.score = score_hand(contract, state.declarer_tricks(), self.hand.rules)

    def score_choices(self) -> list[int]:
        """The points offered for "what does the declarer's side score?", the right one among
        them, in increasing order."""
        contract, state = self.auction.contract, self.state
        if contract is None or state is None or self.score is None:
            return []
        value = bid_value(contract, self.hand.rules)
        options = {value, -value, self.score.declarer, 10 * state.declarer_tricks()}
        return sorted(options)

    def answer_score(self, points: int) -> Feedback:
        """Step 15: the declarer side's points for the hand, checked against `score_hand`."""
        if self.step.kind is not StepKind.SCORE or self.score is None or self.finished:
            raise GuidedError("not now: the hand is not over")
        assert self.state is not None and self.auction.contract is not None
        declarer = self.auction.declarer
        assert declarer is not None
        right = points == self.score.declarer
        text = words.score_words(self.auction.contract, declarer, self.state.declarer_tricks(),
                                 self.score, self.hand.learner,
                                 self.hand.rules.side_of(declarer))
        head = "Right." if right else f"Not quite: {self.score.declarer:+d}, not {points:+d}."
        self.score_answer = points
        self.actions.append(f"score:{points}")
        self.feedback = Feedback(right, f"{head} {text}")
        return self.feedback

    # --- words for the page ------------------------------------------------------------------

    def status(self) -> str:
        """During play: the contract and the tricks each side has, in words."""
        state, contract, declarer = self.state, self.auction.contract, self.auction.declarer
        if state is None or contract is None or declarer is None:
            return ""
        ours = state.rules.side_of(self.hand.learner)
        won = state.tricks_by_side()
        mine = won.get(ours, 0)
        theirs = sum(n for side, n in won.items() if side != ours)
        who = "you" if declarer is self.hand.learner else seat_name(declarer)
        if state.is_over:
            made = state.declarer_tricks() >= contract.tricks_needed
            return (f"Contract {contract.pretty} by {who}: your side took {mine} "
                    f"trick{'s' if mine != 1 else ''}, the opponents {theirs}: the contract "
                    f"is {'made' if made else 'set'}.")
        if declarer in ours:
            aim = f"your side needs {contract.tricks_needed}"
        else:
            aim = f"your side needs {11 - contract.tricks_needed} to set it"
        return (f"Contract {contract.pretty} by {who}: your side has {mine} "
                f"trick{'s' if mine != 1 else ''}, the opponents {theirs}; {aim}.")


def replay(hand: GuidedHand, actions: Sequence[str], solver: Solver | None = None) -> GuidedWalk:
    """A walk rebuilt from its `GuidedWalk.actions`. Raises `GuidedError` for an action that
    does not fit (a log of another hand)."""
    walk = GuidedWalk(hand, solver)
    for action in actions:
        name, _, arg = action.partition(":")
        try:
            if name == "trumps":
                walk.answer_trumps(next(s for s in SUITS if s.value == arg))
            elif name == "count":
                walk.answer_count(int(arg))
            elif name == "call":
                walk.call(arg if arg == PASS else parse_call(arg))
            elif name == "discard":
                walk.discard(arg.split())
            elif name == "play":
                walk.play(arg)
            elif name == "watch":
                walk.watch()
            elif name == "score":
                walk.answer_score(int(arg))
            elif name == "next":
                walk.next()
            else:
                raise GuidedError(f"action {action!r}: unknown")
        except (ValueError, StopIteration) as e:
            raise GuidedError(f"action {action!r} does not fit this hand: {e}") from None
    return walk
