"""The play-puzzle generator: candidates -> solver verification (only-move test) -> themes ->
rating, in the manner of the Lichess puzzle generator.

From a seed (one `random.Random`):
1. Deal (`trainer.cards.deal`), bid with the simple documented policy (`trainer.policy`); if the
   auction does not give the wanted kind of contract, the policy's best seat for that kind
   declares it (suit: best suit estimate; no trumps: best NT estimate, joker in play; misère:
   the lowest hand). The declarer exchanges with `policy.choose_discard`.
2. Play the early tricks with the solver's best card, with some noise (a random legal card
   ``NOISE`` of the time), until 2 to 6 tricks are left and the learner's seat is to play.
3. Only-move test: the goal can be reached with best play, some legal cards fail it, and no
   more than a third of the distinct (non-equivalent) cards keep it. Else play on a card and try
   again, down to 2 tricks left; else the seed gives no puzzle.
4. The main line: the learner plays a right card (the best); the partner plays the solver's
   best card; an opponent plays a best reply, and among equally good replies the one that
   leaves the learner the fewest right answers at the next decision; forced cards (one
   distinct choice, or every card keeps the goal) are played in the line, so every recorded
   decision has a wrong card. It stops when the goal is settled by the tricks.
5. Themes (`trainer.generate.themes`) and the initial rating (`initial_rating`).

A themed seed (``theme`` given, one of `THEMED`) looks for a puzzle of that theme: its kinds
are the theme's, step 3 keeps only the moments that fit it (`fits_theme`), and the puzzle is
kept only if the theme is detected in step 5; it tries up to ``THEMED_ATTEMPTS`` deals, as such
moments are rare (for the joker's named suit, about one deal in 270).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.bidding import MISERE, OPEN_MISERE, Auction, Bid
from trainer.cards import JOKER, Seat, deal
from trainer.generate.goals import Goal, Verdicts, counted_since, equivalence_classes, judge
from trainer.generate.records import Decision, PlayPuzzle
from trainer.notation import Position
from trainer.play import PlayState, start_play
from trainer.policy import choose_bid, choose_discard, estimate_tricks
from trainer.rules import Play, RuleSet, Strain, ruleset
from trainer.scoring import bid_value
from trainer.solver import Solver

GENERATOR_VERSION = 2
KINDS = ("suit_declarer", "suit_defence", "nt_declarer", "nt_defence", "misere_declarer",
         "misere_defence")
NOISE = 0.1
MIN_LEFT, MAX_LEFT = 2, 6
ATTEMPTS = {"misere_declarer": 60}  # makeable misères are rare (about 1 deal in 14)
DEFAULT_ATTEMPTS = 12
THEMED: dict[str, tuple[str, ...]] = {
    "joker_nomination": ("nt_declarer", "nt_defence", "misere_defence")}
"""Themes a seed can be asked for, with the kinds of puzzle that can have them."""
THEMED_ATTEMPTS = 400


@dataclass
class DecisionInfo:
    """What the generator learnt at one learner decision (for themes and the record)."""

    state: PlayState
    verdicts: Verdicts
    main: Play
    line: list[Play] = field(default_factory=list)
    refutations: dict[Play, tuple[Play, ...]] = field(default_factory=dict)


@dataclass
class OpponentLead:
    """An opponent's lead on the main line: its distinct choices and whether all keep the goal."""

    after_opponent_won: bool
    choices: int
    all_keep_goal: bool
    decision: int
    """Index of the learner's last decision before this lead."""


@dataclass
class MainLine:
    start: PlayState
    learner: Seat
    goal: Goal
    decisions: list[DecisionInfo] = field(default_factory=list)
    opponent_leads: list[OpponentLead] = field(default_factory=list)
    end: PlayState | None = None


# --- 1. the deal and the contract ---------------------------------------------------------------


def _auction(rng: random.Random, rules: RuleSet, hands: dict[Seat, tuple]) -> Auction:
    dealer = rng.choice(rules.seats)
    auction = Auction(rules, dealer)
    while not auction.is_over:
        seat = auction.to_call
        assert seat is not None
        auction.call(choose_bid(hands[seat], auction))
    return auction


def _wanted(kind: str, contract: Bid | None) -> bool:
    if contract is None:
        return False
    if kind.startswith("misere"):
        return contract.misere
    if kind.startswith("nt"):
        return not contract.misere and contract.trump is None
    return contract.trump is not None


def choose_contract(kind: str, hands: dict[Seat, tuple], rules: RuleSet,
                    rng: random.Random) -> tuple[Bid, Seat]:
    """The contract the policy's best seat declares for a kind of puzzle (module step 1)."""
    seats = rules.seats
    if kind.startswith("misere"):
        def badness(seat: Seat) -> int:
            return sum((c.rank or 20) for c in hands[seat])
        seat = min(seats, key=badness)
        return (OPEN_MISERE if rng.random() < 0.25 else MISERE), seat
    if kind.startswith("nt"):
        strains = [Strain.NO_TRUMPS]
    else:
        strains = [s for s in Strain if s is not Strain.NO_TRUMPS]
    est, _, seat, strain = max(
        (estimate_tricks(hands[s], st, rules.players), i, s, st)
        for i, (s, st) in enumerate((s, st) for s in seats for st in strains)
    )
    level = max(6, min(10, int(est + 0.5)))
    return Bid(level, strain), seat


def deal_hand(seed: int, kind: str, rules: RuleSet, solver: Solver) -> PlayState | None:
    """Step 1 of the module docstring; None when the deal cannot serve this kind.

    The contract's strain and declarer come from the auction (or `choose_contract`); its level
    is set later, at the puzzle moment (`tight_level`). A misère is kept only if double-dummy
    play makes it (declarer puzzles) or beats it (defence puzzles).
    """
    rng = random.Random(seed)
    d = deal(rng.randrange(2**31), rules.players, rules.deck, rng.choice(rules.seats))
    auction = _auction(rng, rules, d.hands)
    if _wanted(kind, auction.contract):
        contract, declarer = auction.contract, auction.declarer
    else:
        contract, declarer = choose_contract(kind, d.hands, rules, rng)
    assert contract is not None and declarer is not None
    pool = list(d.hands[declarer]) + list(d.kitty)
    discard = choose_discard(pool, contract, rules)
    state = start_play(d, contract, declarer, discard, rules)
    if kind.startswith("nt") and not any(JOKER in h for h in state.hands.values()):
        return None
    if contract.misere:
        tricks = solver.value(state)
        return state if (tricks == 0) == kind.endswith("declarer") else None
    return state


# --- 2-3. playing on to the moment, and the only-move test ---------------------------------------


def learner_side(kind: str, state: PlayState) -> set[Seat]:
    """Seats the learner may sit in for this kind: the declarer's side, or the defenders."""
    assert state.declarer is not None
    side = set(state.rules.side_of(state.declarer)) & set(state.seats)
    return side if kind.endswith("declarer") else set(state.seats) - side


def tight_level(state: PlayState, learner: Seat, best: int) -> PlayState | None:
    """A copy of ``state`` whose contract level sits at the edge of double-dummy play, as a
    contested auction ends: what the declarer's side can make from here (the learner on that
    side), or one trick more (the learner defending). None when that level is not 6-10.
    Misère contracts are returned as they are."""
    contract = state.contract
    assert contract is not None and state.declarer is not None
    if contract.misere:
        return state.copy()
    assert contract.strain is not None
    level = state.declarer_tricks() + best
    if learner not in state.rules.side_of(state.declarer):
        level += 1
    if not 6 <= level <= 10:
        return None
    moment = state.copy()
    moment.contract = Bid(level, contract.strain)
    return moment


def puzzle_goal(state: PlayState, learner: Seat, best: int) -> tuple[Goal, str] | None:
    """The goal for the learner at ``state`` with solver value ``best``, and its words; None
    when the contract's result is already settled or out of reach (trivial or hopeless)."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None and declarer is not None
    left = state.tricks_left
    taken = state.declarer_tricks()
    on_declarer_side = learner in state.rules.side_of(declarer)
    name = contract.pretty
    if contract.misere:
        if taken:
            return None
        if learner == declarer:
            return (Goal(False, 0), f"{name}: take none of the last {left}") if best == 0 else None
        return (Goal(True, 1), f"beat {name}: make the declarer take one of the last {left}") \
            if best >= 1 else None
    needed = contract.tricks_needed - taken
    if on_declarer_side:
        if needed <= 0 and taken == len(state.history) and bid_value(contract) < 250 \
                and best == left and state.rules.slam_250:
            return Goal(True, left), f"win all of the last {left} (the slam scores 250)"
        if 1 <= needed <= left and best >= needed:
            them = "it" if needed == 1 else "them all" if needed == left else "them"
            return Goal(True, needed), f"win {_of_last(needed, left)} (you need {them} for {name})"
        return None
    if 1 <= needed <= left and best <= needed - 1:
        return Goal(False, needed - 1), f"beat {name}: take {_of_last(left - needed + 1, left)}"
    return None


def _of_last(tricks: int, left: int) -> str:
    """``"3 of the last 5"``, or ``"all of the last 5"``."""
    return f"{'all' if tricks == left else tricks} of the last {left}"


def only_move(verdicts: Verdicts) -> bool:
    """Lichess's only-move test: some card fails, and at most a third of the distinct cards
    keep the goal."""
    right = verdicts.right_classes
    return bool(verdicts.wrong) and right >= 1 and 3 * right <= len(verdicts.classes)


def _noisy_best(state: PlayState, solver: Solver, rng: random.Random) -> Play:
    legal = state.legal_plays()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < NOISE:
        return rng.choice(legal)
    return rng.choice(solver.analyse(state).best_plays)


# --- 4. the main line ---------------------------------------------------------------------------


def _first_best(state: PlayState, solver: Solver) -> Play:
    legal = state.legal_plays()
    return legal[0] if len(legal) == 1 else solver.analyse(state).best_plays[0]


class LineBuilder:
    """Plays the main line of a puzzle from its position: the learner's best right card,
    the partner's best card, the opponents' best reply that leaves the learner the fewest
    right answers (module step 4). The grader uses it for replies off the recorded line."""

    def __init__(self, start: PlayState, learner: Seat, goal: Goal, solver: Solver) -> None:
        self.start_tricks = len(start.history)
        self.total = start.tricks_left
        self.learner = learner
        self.goal = goal
        self.solver = solver
        self.own_side = set(start.rules.side_of(learner))
        self.line = MainLine(start.copy(), learner, goal)

    def counted(self, state: PlayState) -> tuple[int, int]:
        return counted_since(state, self.start_tricks)

    def settled(self, state: PlayState) -> bool:
        counted, done = self.counted(state)
        return state.is_over or self.goal.settled(counted, done, self.total)

    def verdicts(self, state: PlayState) -> Verdicts:
        return judge(self.solver.analyse(state), state, self.goal, self.counted(state)[0])

    def right_classes_ahead(self, state: PlayState) -> int:
        """Right distinct answers at the learner's next decision, others playing first-best."""
        work = state.copy()
        while not self.settled(work) and work.to_play is not self.learner:
            work.push(_first_best(work, self.solver))
        if self.settled(work):
            return 0
        return self.verdicts(work).right_classes

    def opponent_reply(self, state: PlayState) -> Play:
        analysis = self.solver.analyse(state)
        classes = equivalence_classes(state, list(analysis.best_plays))
        if not state.trick:
            counted = self.counted(state)[0]
            all_keep = all(self.goal.met_by(v, counted) for v in analysis.values.values())
            won = bool(state.history) and state.trick_winner_seat(state.history[-1]) \
                not in self.own_side
            n = len(equivalence_classes(state, state.legal_plays()))
            self.line.opponent_leads.append(
                OpponentLead(won, n, all_keep, len(self.line.decisions) - 1))
        if len(classes) == 1:
            return classes[0][0]
        scored = []
        for i, group in enumerate(classes):
            state.push(group[0])
            scored.append((self.right_classes_ahead(state), i, group[0]))
            state.pop()
        return min(scored)[2]

    def free_play(self, state: PlayState) -> Play | None:
        """The learner's card when it is no decision (one distinct card, or every card keeps
        the goal: the solver's best is played for them), else None: a real decision."""
        legal = state.legal_plays()
        if len(equivalence_classes(state, legal)) == 1:
            return legal[0]
        verdicts = self.verdicts(state)
        if verdicts.wrong:
            return None
        return verdicts.analysis.best_plays[0]

    def reply(self, state: PlayState) -> Play:
        """The card the partner or an opponent plays at ``state`` (not the learner's turn)."""
        if state.to_play in self.own_side:
            return _first_best(state, self.solver)
        return self.opponent_reply(state)

    def build(self) -> MainLine:
        state = self.line.start.copy()
        while not self.settled(state):
            verdicts = self.verdicts(state)
            values = verdicts.analysis.values
            pick = max if verdicts.analysis.maximising else min
            best_right = pick(values[p] for p in verdicts.right)
            main = next(p for p in verdicts.right if values[p] == best_right)
            info = DecisionInfo(state.copy(), verdicts, main, [main])
            self.line.decisions.append(info)
            state.push(main)
            while not self.settled(state):
                seat = state.to_play
                if seat is self.learner:
                    play = self.free_play(state)
                    if play is None:
                        break
                else:
                    play = self.reply(state)
                state.push(play)
                info.line.append(play)
        self.line.end = state
        return self.line


def refute(state: PlayState, play: Play, solver: Solver) -> tuple[Play, ...]:
    """The wrong ``play`` followed by the solver's best line against it, to the last card."""
    work = state.copy()
    work.push(play)
    return (play, *solver.principal_line(work)) if not work.is_over else (play,)


def main_line(state: PlayState, learner: Seat, goal: Goal, solver: Solver) -> MainLine:
    """The main line from ``state`` (module step 4), with the refutation of one card of each
    wrong class at every decision (for themes and explanations)."""
    line = LineBuilder(state, learner, goal, solver).build()
    for info in line.decisions:
        for group in info.verdicts.classes:
            if group[0] in info.verdicts.wrong:
                info.refutations[group[0]] = refute(info.state, group[0], solver)
    return line


# --- 5. rating and the whole pipeline -----------------------------------------------------------


def initial_rating(tricks_left: int, right_share: float, decisions: int) -> float:
    """Initial puzzle rating from its features: 1000, +110 a trick left beyond 2, +500 times
    (1 - 3 x the share of distinct cards that are right), +120 a decision beyond the first;
    clamped to 600-2400. (Glicko-2 attempts then correct it.)"""
    rating = 1000 + 110 * (tricks_left - 2) + 500 * (1 - 3 * right_share) \
        + 120 * (decisions - 1)
    return float(max(600, min(2400, rating)))


INITIAL_DEVIATION = 300.0


def contract_type(contract: Bid) -> str:
    if contract.misere:
        return "open_misere" if contract.open else "misere"
    return "no_trumps" if contract.trump is None else "suit"


def generate_play_puzzle(seed: int, solver: Solver | None = None,
                         rules: RuleSet | None = None,
                         theme: str | None = None) -> PlayPuzzle | None:
    """The play puzzle of ``seed``, or None if that seed gives none (module docstring);
    ``theme`` (a key of `THEMED`): one with that theme. Raises `KeyError` for another theme.

    The same seed, rules and theme always give the same puzzle (the record's ``generator``).
    """
    from trainer.generate.themes import detect_themes

    solver = solver or Solver()
    rules = rules or ruleset()
    if rules.players == 2:  # hands and table piles (RULES.md §1): their own pipeline
        from trainer.generate.two_player_puzzles import generate_table_puzzle

        return generate_table_puzzle(seed, solver, rules)
    rng = random.Random(seed)
    kinds = THEMED[theme] if theme is not None else KINDS
    kind = kinds[seed % len(kinds)]
    attempts = THEMED_ATTEMPTS if theme is not None else ATTEMPTS.get(kind, DEFAULT_ATTEMPTS)
    for _ in range(attempts):
        found = _attempt(rng, kind, rules, solver, theme)
        if found is not None:
            state, seat, goal, text = found
            puzzle = _finish(seed, kind, state, seat, goal, text, solver, detect_themes, theme)
            if theme is None or theme in puzzle.themes:
                return puzzle
    return None


def fits_theme(theme: str | None, verdicts: Verdicts) -> bool:
    """Can a puzzle whose first decision has these verdicts have ``theme``? (Any, for None.)
    ``joker_nomination``: the joker may be led naming different suits, some right and some
    wrong (`trainer.generate.themes.names_split`, as that theme reads each decision)."""
    from trainer.generate.themes import names_split

    return theme != "joker_nomination" or names_split(verdicts)


def _attempt(rng: random.Random, kind: str, rules: RuleSet, solver: Solver,
             theme: str | None = None) -> tuple[PlayState, Seat, Goal, str] | None:
    """One deal: play it to every candidate moment; a random moment that passes, or None."""
    state = deal_hand(rng.randrange(2**31), kind, rules, solver)
    if state is None:
        return None
    while state.tricks_left > MAX_LEFT:
        state.push(_noisy_best(state, solver, rng))
    seats = learner_side(kind, state)
    moments = []
    while state.tricks_left >= MIN_LEFT and not state.is_over:
        seat = state.to_play
        assert seat is not None
        if seat in seats and len(state.legal_plays()) > 1:
            analysis = solver.analyse(state)
            moment = tight_level(state, seat, analysis.best)
            goal_text = None if moment is None else puzzle_goal(moment, seat, analysis.best)
            if goal_text is not None:
                verdicts = judge(analysis, moment, goal_text[0], 0)
                if only_move(verdicts) and fits_theme(theme, verdicts):
                    moments.append((moment, seat, *goal_text))
        state.push(_noisy_best(state, solver, rng))
    if not moments:
        return None
    left = rng.choice(sorted({m[0].tricks_left for m in moments}))  # spread the lengths
    return rng.choice([m for m in moments if m[0].tricks_left == left])


def _finish(seed, kind, state, seat, goal, text, solver, detect_themes,
            theme=None) -> PlayPuzzle:
    line = main_line(state, seat, goal, solver)
    first = line.decisions[0]
    assert state.contract is not None and state.declarer is not None
    side = "declarer" if seat in state.rules.side_of(state.declarer) else "defence"
    share = first.verdicts.right_classes / len(first.verdicts.classes)
    decisions = tuple(
        Decision(Position.from_state(d.state), d.verdicts.right, tuple(d.line))
        for d in line.decisions
    )
    themes = detect_themes(line)
    return PlayPuzzle(
        id=f"p{seed:07d}",
        position=Position.from_state(state),
        goal=goal,
        solution=decisions,
        themes=tuple(themes),
        rating=initial_rating(state.tricks_left, share, len(decisions)),
        rating_deviation=INITIAL_DEVIATION,
        generator={"name": "play", "version": GENERATOR_VERSION, "seed": seed, "kind": kind,
                   **({"theme": theme} if theme is not None else {})},
        title=text[0].upper() + text[1:],
        contract_type=contract_type(state.contract),
        side=side,
    )
