"""Puzzle themes, each detected from the solver's analysis by a documented rule.

The rules read a `MainLine` (the learner's decisions with the solver's verdicts, the main line,
the refutation of each wrong card at the first decision, and the opponents' leads):

- ``joker_timing``: the learner holds the joker at the first decision and when to play it is
  the point: every joker play is right while some other card is wrong, or every joker play is
  wrong while some other card is right.
- ``left_bower``: a suit contract where the left bower is a right card at some decision, or
  wins a trick in the main line or in a refutation.
- ``drawing_trumps``: a suit contract; the learner, on the declarer's side and on lead at the
  first decision, must lead a trump (every right card is a trump, some plain-suit lead is
  wrong) while the opponents still hold trumps.
- ``ruff``: a suit contract where a plain-suit trick is won by a trump: by the learner's side
  in the main line, or by the opponents in a refutation.
- ``throw_in`` (endplay): at a decision the learner's right card loses the trick to an opponent
  while a wrong card would have won it for the learner's side; the opponent must then lead,
  has at least two distinct choices, and every one of them keeps the learner's goal.
- ``unblock``: at a decision where the learner follows to a trick, every right card is the
  learner's highest card of the suit led, a lower card of that suit is wrong, and the learner
  does not win that trick on the main line.
- ``entry``: at a decision the right card lets the partner win the trick (the partner's hand
  is reached) and the partner wins a later trick of the main line too, while after some wrong
  card the partner does not win that trick.
- ``joker_nomination``: no trumps or misère with the joker free; at a decision the joker may be
  led naming different suits, and some named suits are right while others are wrong.
Plus descriptive tags: the contract type (``suit``, ``no_trumps``, ``misere``), the side
(``declarer``, ``defence``), ``short`` (2-3 tricks left) or ``long`` (4-6), and
``one_decision`` when the main line has a single decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trainer.cards import JOKER, Rank, Seat
from trainer.generate.goals import Verdicts
from trainer.generate.lines import DecisionInfo, MainLine
from trainer.play import PlayState
from trainer.rules import Play

ThemeRule = Callable[[MainLine], bool]


def _replay(state: PlayState, line: Iterable[Play]) -> list[tuple[PlayState, Play, object]]:
    """Each play of ``line`` from ``state``: (state before, play, the completed trick or None)."""
    work = state.copy()
    out = []
    for play in line:
        before = work.copy()
        done = work.push(play)
        out.append((before, play, done))
    return out


def _tricks(state: PlayState, line: Iterable[Play]):
    """Completed tricks of a line, with the card order and the winner's seat."""
    work = state.copy()
    for play in line:
        done = work.push(play)
        if done is not None:
            yield done, work.trick_winner_seat(done), work


def _is_left_bower(card, state: PlayState) -> bool:
    trump = state.order.trump
    return trump is not None and card.rank is Rank.JACK and card.suit is trump.same_colour


def _holds_joker(info: DecisionInfo) -> bool:
    seat = info.state.to_play
    return seat is not None and JOKER in info.state.hands[seat]


def joker_timing(line: MainLine) -> bool:
    first = line.decisions[0]
    if not _holds_joker(first):
        return False
    v = first.verdicts
    jokers = [p for p in v.analysis.values if p.card.is_joker]
    others = [p for p in v.analysis.values if not p.card.is_joker]
    if not jokers or not others:
        return False
    all_right = all(p in v.right for p in jokers) and any(p in v.wrong for p in others)
    all_wrong = all(p in v.wrong for p in jokers) and any(p in v.right for p in others)
    return all_right or all_wrong


def left_bower(line: MainLine) -> bool:
    start = line.start
    if start.order.trump is None:
        return False
    for info in line.decisions:
        if any(_is_left_bower(p.card, info.state) for p in info.verdicts.right):
            return True
    lines = [(d.state, d.line) for d in line.decisions]
    lines += [(line.decisions[0].state, r) for r in line.decisions[0].refutations.values()]
    for state, plays in lines:
        for done, winner, _ in _tricks(state, plays):
            if _is_left_bower(done.plays[done.seats.index(winner)].card, state):
                return True
    return False


def drawing_trumps(line: MainLine) -> bool:
    first = line.decisions[0]
    state = first.state
    order = state.order
    if order.trump is None or state.trick or state.declarer is None:
        return False
    if line.learner not in state.rules.side_of(state.declarer):
        return False
    v = first.verdicts
    if not all(order.is_trump(p.card) for p in v.right):
        return False
    if not any(not order.is_trump(p.card) for p in v.wrong):
        return False
    own = set(state.rules.side_of(line.learner))
    return any(order.is_trump(c) for s, h in state.hands.items() if s not in own for c in h)


def _ruffs(state: PlayState, plays: Iterable[Play], by: set[Seat]) -> bool:
    order = state.order
    for done, winner, _ in _tricks(state, plays):
        led = order.play_suit(done.plays[0])
        card = done.plays[done.seats.index(winner)].card
        if winner in by and led is not order.trump and order.is_trump(card):
            return True
    return False


def ruff(line: MainLine) -> bool:
    if line.start.order.trump is None:
        return False
    own = set(line.start.rules.side_of(line.learner))
    others = set(line.start.seats) - own
    if any(_ruffs(d.state, d.line, own) for d in line.decisions):
        return True
    first = line.decisions[0]
    return any(_ruffs(first.state, r, others) for r in first.refutations.values())


def _first_trick_winner(state: PlayState, plays: Iterable[Play]) -> Seat | None:
    for _, winner, _ in _tricks(state, plays):
        return winner
    return None


def throw_in(line: MainLine) -> bool:
    own = set(line.start.rules.side_of(line.learner))
    for lead in line.opponent_leads:
        if not (lead.after_opponent_won and lead.choices >= 2 and lead.all_keep_goal):
            continue
        info = line.decisions[lead.decision]
        if _first_trick_winner(info.state, info.line) in own:
            continue  # the opponent did not win the learner's trick
        # The learner gave the lead away: a wrong card would have won that trick.
        if any(_first_trick_winner(info.state, r) in own for r in info.refutations.values()):
            return True
    return False


def unblock(line: MainLine) -> bool:
    for info in line.decisions:
        state = info.state
        if not state.trick:
            continue
        led = state.order.play_suit(state.trick[0])
        seat = state.to_play
        assert seat is not None
        mine = [c for c in state.hands[seat] if state.order.effective_suit(c) is led]
        if len(mine) < 2:
            continue
        top = max(mine, key=state.order.power)
        v = info.verdicts
        if not v.right or any(p.card != top for p in v.right):
            continue
        lower_wrong = any(p in v.wrong for p in v.analysis.values if p.card in mine
                          and p.card != top)
        if lower_wrong and _first_trick_winner(info.state, info.line) is not seat:
            return True
    return False


def entry(line: MainLine) -> bool:
    for info in line.decisions:
        partners = set(info.state.rules.side_of(line.learner)) - {line.learner}
        wins = [w for _, w, _ in _tricks(info.state, info.line)]
        if not wins or wins[0] not in partners or wins[0] not in wins[1:]:
            continue  # the partner must win this trick and, on lead, a later one
        if any(_first_trick_winner(info.state, r) not in partners
               for r in info.refutations.values()):
            return True
    return False


def names_split(verdicts: Verdicts) -> bool:
    """At this decision the joker may be led naming different suits, some right, some wrong."""
    named = [p for p in verdicts.analysis.values if p.named is not None]
    return (len(named) >= 2 and any(p in verdicts.right for p in named)
            and any(p in verdicts.wrong for p in named))


def joker_nomination(line: MainLine) -> bool:
    return any(names_split(info.verdicts) for info in line.decisions)


THEMES: dict[str, ThemeRule] = {
    "joker_timing": joker_timing,
    "left_bower": left_bower,
    "drawing_trumps": drawing_trumps,
    "ruff": ruff,
    "throw_in": throw_in,
    "unblock": unblock,
    "entry": entry,
    "joker_nomination": joker_nomination,
}


def detect_themes(line: MainLine) -> list[str]:
    """Every theme whose rule holds, then the descriptive tags (module docstring)."""
    found = [name for name, rule in THEMES.items() if rule(line)]
    start = line.start
    contract = start.contract
    assert contract is not None and start.declarer is not None
    found.append("misere" if contract.misere else
                 "no_trumps" if contract.trump is None else "suit")
    found.append("declarer" if line.learner in start.rules.side_of(start.declarer)
                 else "defence")
    found.append("short" if start.tricks_left <= 3 else "long")
    if len(line.decisions) == 1:
        found.append("one_decision")
    return found
