"""Writes the hand-record fixtures of tests/test_review_records.py and test_review_cli.py.

Each good record is a genuine deal (`trainer.cards.deal(seed)`) played out with legal cards
(the solver's principal line, with a chosen card played instead at one point where named), then
written as Trickster Cards would (PTN: the Deal from the dealer, the joker in a fifth field,
cards suit-first in fixed seat columns) or as plain PBN. The broken fixtures are hand edits of
the good ones (see tests/test_review_records.py). Run from the worktree root:
``python tests/data/records/make_fixtures.py`` (it rewrites the good fixtures only);
``... make_fixtures.py trickster`` writes only the records in Trickster's real export format
(`trickster`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from trainer.bidding import Auction, parse_bid, parse_call, turns_from_calls
from trainer.cards import JOKER, Card, Seat, Suit, deal, sort_key
from trainer.game.hand import GameHand, HandRecord
from trainer.rules import Play, ruleset
from trainer.solver import Solver

HERE = Path(__file__).resolve().parent
PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def dotted(cards: tuple[Card, ...], joker: str) -> str:
    fields = ["".join(c.rank.code for c in sorted(cards, key=sort_key) if c.suit is s)
              for s in PBN_SUITS]
    if JOKER in cards:
        fields.append(joker)
    return ".".join(fields)


def card_text(play: Play, joker: str) -> str:
    if play.card.is_joker:
        return joker + (f":{play.named.value}" if play.named else "")
    return play.card.suit.value + play.card.rank.code


def play_out(record: HandRecord, blunder_from: int | None = None,
             stop: int | None = None, forced: dict[int, Play] | None = None) -> HandRecord:
    """Principal-line play, except that from play index ``blunder_from`` on, the declarer's
    first turn with a card that costs a trick gets that card; ``stop``: play that many only."""
    hand = GameHand.from_record(record)
    solver = Solver()
    while hand.state is not None and not hand.state.is_over:
        i = len(hand.plays)
        if stop is not None and i == stop:
            break
        if forced and i in forced:
            hand.play(forced[i])
            continue
        if blunder_from is not None and i >= blunder_from \
                and hand.to_act is hand.declarer:
            a = solver.analyse(hand.state)
            worse = [p for p, v in a.values.items() if v < a.best]
            if worse:
                hand.play(worse[0])
                blunder_from = None
                continue
        hand.play(solver.principal_line(hand.state)[0])
    return hand.to_record()


def write(name: str, record: HandRecord, *, style: str, calls_from: Seat | None = None,
          calls: list[str] | None = None, options: dict | None = None,
          joker_card: str = "JK", event: str = "", contract_text: str | None = None) -> None:
    hand = GameHand.from_record(record)
    rules, d = record.rules, record.deal
    table = list(rules.seats)
    names = {s: s.value for s in table}
    if rules.players == 3 and style == "ptn":  # Trickster's 3-player table: S W E
        names = {Seat.N: "S", Seat.E: "W", Seat.W: "E"}
    first = d.dealer if style == "ptn" else table[(table.index(d.dealer) + 1) % len(table)]
    order = table[table.index(first):] + table[:table.index(first)]
    hands = " ".join(dotted(d.hands[s], "H" if style == "ptn" else "JK") for s in order)
    lines = [f'[Event "{event}"]', '[Site "Trickster Cards"]' if style == "ptn" else
             '[Site "hand-written PBN"]']
    if options is not None:
        lines.append('[GameOptionsJson "' + json.dumps(options).replace('"', '\\"') + '"]')
    if style == "pbn":
        lines.append(f'[Dealer "{names[d.dealer]}"]')
    lines.append(f'[Deal "{names[first]}:{hands}"]')
    lines.append('[Undealt "' + " ".join(c.code for c in d.kitty) + '"]')
    lines.append(f'[Declarer "{names[hand.declarer]}"]')
    lines.append(f'[Contract "{contract_text or hand.contract.code}"]')
    if calls:
        lines.append(f'[Auction "{names[calls_from]}"]')
        lines.append(" ".join(calls))
    if style == "ptn":
        lines.append('[CardsAdded "' + " ".join(c.code for c in d.kitty) + '"]')
    lines.append('[CardsRemoved "' + " ".join(c.code for c in record.discard) + '"]')
    # fixed seat columns clockwise from the first leader
    replay = GameHand.from_record(record, upto=0)
    leader = replay.state.leader
    columns = table[table.index(leader):] + table[:table.index(leader)]
    lines.append(f'[Play "{names[leader]}"]')
    row: dict[Seat, str] = {}
    rows = []
    for play in record.plays:
        seat = replay.to_act
        row[seat] = card_text(play, joker_card)
        replay.play(play)
        if replay.state.trick == [] and len(row) == len(replay.state.seats):
            rows.append(row)
            row = {}
    if row:
        rows.append(row)
    for r in rows:
        lines.append(" ".join(r.get(s, "-").ljust(3) for s in columns).rstrip())
    lines.append("*")
    (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    aus = ruleset()
    # 1. 4 players, 6C by E (first to call, dealer N), a blunder by E from trick 3 on.
    d = deal(11, dealer=Seat.N)
    rec = with_discard(HandRecord(aus, d, calls=("6C", "P", "P", "P")), Suit.CLUBS)
    write("suit_4p.ptn", play_out(rec, blunder_from=8), style="ptn", calls_from=Seat.E,
          calls=["6♣", "Pass", "Pass", "Pass"], event="Six clubs by East",
          options={"players": 4, "deckSize": 43, "gameOverScore": 500, "bidAfterPass": "Never"},
          joker_card="JH")

    # 2. 4 players, 7NT by N (the joker), dealer W, plain PBN; N leads the joker naming diamonds.
    d = deal(11, dealer=Seat.W)
    holder = next(s for s, h in d.hands.items() if JOKER in h)
    order = [Seat.N, Seat.E, Seat.S, Seat.W]
    made = ["P"] * order.index(holder) + ["7NT"] + ["P"] * (3 - order.index(holder))
    turns = tuple(turns_from_calls(aus, Seat.W, made))
    rec = with_discard(HandRecord(aus, d, calls=turns), None)
    write("notrump_joker.pbn", play_out(rec, forced={0: Play(JOKER, Suit.DIAMONDS)}),
          style="pbn", calls_from=Seat.N,
          calls=["Pass" if c == "P" else c for c in made],
          event="Seven no trumps, the joker led as a diamond")
    # 3. 4 players, misere by the seat with the lowest cards (no auction given), PTN.
    d = deal(5, dealer=Seat.S)
    low = min(aus.seats, key=lambda s: sum(int(c.rank or 20) for c in d.hands[s]))
    rec = HandRecord(aus, d, contract=parse_bid("MIS"), declarer=low)
    pool = GameHand.from_record(rec).kitty_pool()
    top = tuple(sorted(pool, key=lambda c: -int(c.rank or 20))[:3])
    rec = HandRecord(aus, d, contract=rec.contract, declarer=low, discard=top)
    write("misere.ptn", play_out(rec), style="ptn", event="Misere", contract_text="Misere",
          joker_card="JH")
    # 4. 4 players, 6H by S, PBN, the play stopping after 18 cards (trick 5, two cards).
    d = deal(23, dealer=Seat.E)
    rec = with_discard(HandRecord(aus, d, contract=parse_bid("6H"), declarer=Seat.S),
                       Suit.HEARTS)
    write("partial.pbn", play_out(rec, stop=18), style="pbn", event="Six hearts, unfinished")
    # 5. 3 players (Trickster's seats S W E), 7S by the trainer's E (Trickster's W).
    three = ruleset({"players": 3})
    d = deal(8, players=3, dealer=Seat.N)
    rec = with_discard(HandRecord(three, d, contract=parse_bid("7S"), declarer=Seat.E),
                       Suit.SPADES)
    write("three_player.ptn", play_out(rec), style="ptn", event="Three players, seven spades",
          options={"players": 3, "isPartnership": False, "deckSize": 33}, joker_card="JH")
    # 6. 6 players (two teams of three), 8NT by SE, plain PBN (ranks 11 12 13).
    six = ruleset({"players": 6})
    d = deal(3, players=6, dealer=Seat.N)
    rec = with_discard(HandRecord(six, d, contract=parse_bid("8NT"), declarer=Seat.SE), None)
    write("six_player.pbn", play_out(rec), style="pbn", event="Six players, eight no trumps")
    broken()


def broken() -> None:
    """The broken fixtures, as edits of the good ones."""
    nt = (HERE / "notrump_joker.pbn").read_text(encoding="utf-8")
    ptn = (HERE / "suit_4p.ptn").read_text(encoding="utf-8")
    mis = (HERE / "misere.ptn").read_text(encoding="utf-8")
    out = {
        # reads fine: no closing bracket on three tag lines
        "missing_bracket.pbn": "\n".join(
            line.removesuffix("]") if line.startswith(('[Deal "', "[Contract", "[Declarer"))
            else line for line in nt.splitlines()) + "\n",
        # reads fine: quotes inside values, not escaped
        "unescaped_quotes.ptn": ptn.replace("Six clubs by East", 'Six "easy" clubs by East')
        .replace('\\"', '"'),
    }
    deal_line = next(line for line in nt.splitlines() if line.startswith('[Deal "'))
    hand2 = deal_line.split()[2]
    out["nine_cards.pbn"] = nt.replace(hand2, hand2[:-1] if not hand2.endswith(".") else
                                       hand2.replace(".", "", 1)[1:], 1)
    out["no_deal.pbn"] = nt.replace(deal_line + "\n", "")
    out["no_contract.ptn"] = "\n".join(
        line for line in mis.splitlines() if not line.startswith("[Contract")) + "\n"
    lines = nt.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith('[Play')) + 3  # trick 3
    first = lines[at].split()
    lines[at] = " ".join(["QX", *first[1:]])
    out["bad_card.pbn"] = "\n".join(lines) + "\n"
    # trick 4 of suit_4p: N leads SQ; S (holding AS) plays 6H instead
    out["revoke.ptn"] = ptn.replace("S8  SA  SK  SQ", "S8  H6  SK  SQ")
    for name, text in out.items():
        (HERE / name).write_text(text, encoding="utf-8")


def with_discard(rec: HandRecord, trump: Suit | None) -> HandRecord:
    pool = GameHand.from_record(rec).kitty_pool()
    return HandRecord(rec.rules, rec.deal, calls=rec.calls, contract=rec.contract,
                      declarer=rec.declarer,
                      discard=discard_for(pool, trump, rec.rules.kitty_size))


def discard_for(pool: tuple[Card, ...], trump: Suit | None, n: int = 3) -> tuple[Card, ...]:
    """The ``n`` lowest cards outside the trump suit (never the joker or a bower)."""
    keep_out = [c for c in pool if not c.is_joker and c.suit is not trump
                and not (c.rank is not None and c.rank.code == "J" and trump is not None
                         and c.suit is trump.same_colour)]
    return tuple(sorted(keep_out, key=lambda c: int(c.rank))[:n])


# --- Trickster Cards' real export format ------------------------------------------------------
# As the exports attached to TricksterBots' issues are written: GameCode and an Event title
# spelling the options out, GameOptionsJson with enum numbers (quotes escaped in a PTN export,
# not in a "PBN" one), GameScores, the players' names, the Deal from the dealer with the joker
# as "H" in a fifth field, Undealt as a run of suit-first codes, the kitty tags with the seat
# first ("W:S5HQC8"), the auction with suit symbols and "-" for a seat that is out, the Play in
# suit-first codes with the joker "JH".

TRICKSTER_SEATS = {4: {s: s.value for s in (Seat.N, Seat.E, Seat.S, Seat.W)},
                   3: {Seat.N: "S", Seat.E: "W", Seat.W: "E"}}
SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def run(cards: tuple[Card, ...]) -> str:
    return "".join("JH" if c.is_joker else c.suit.value + c.rank.code for c in cards)


def trickster_call(code: str) -> str:
    if code == "P":
        return "Pass"
    if code in ("MIS", "OMIS"):
        return "Misère" if code == "MIS" else "Open Misère"
    return code if code.endswith("NT") else code[:-1] + SYMBOL[code[-1]]


def auction_lines(record: HandRecord, made: list[str], inkle: bool = False) -> list[str]:
    """The calls as made, with "-" in the turns of seats that are out, four to a line."""
    auction = Auction(record.rules, record.deal.dealer)
    words: list[str] = []
    for code in made:
        before = len(auction.calls)
        auction.call(parse_call(code))
        words += ["-"] * (len(auction.calls) - before - 1)
        word = trickster_call(code)
        words.append("i" + word[1:] if inkle and code[0] == "6" else word)
    players = record.rules.players
    while len(words) % players:
        words.append("-")
    return [" ".join(words[i:i + players]) for i in range(0, len(words), players)]


def write_trickster(name: str, record: HandRecord, made: list[str], *, options: dict,
                    event: str, escaped: bool, scores: str, inkle: bool = False) -> None:
    hand = GameHand.from_record(record)
    rules, d = record.rules, record.deal
    names = TRICKSTER_SEATS[rules.players]
    table = list(rules.seats)
    order = table[table.index(d.dealer):] + table[:table.index(d.dealer)]
    text = json.dumps(options, separators=(",", ":"), ensure_ascii=False)
    lines = ["% PTN ---------------------------" if escaped else
             "% PBN ---------------------------",
             f'[Event "Trickster Cards: Play 500 - {event}"]', '[UTCDate "2025.01.18"]',
             '[UTCTime "09:12:40"]',
             '[LocalDateTime "1/18/2025 8:12 PM AEDT"' + ("]" if escaped else ""),
             '[GameCode "FiveHundred"]',
             '[GameOptionsJson "' + (text.replace('"', '\\"') if escaped else text) + '"]',
             f'[GameScores "{scores}"]']
    words = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
    for seat in table:
        lines.append(f'[{words[Seat(names[seat])]} "Player {names[seat]} (Auto)"]')
    lines.append(f'[Dealer "{names[d.dealer]}"]')
    lines.append(f'[Deal "{names[d.dealer]}:'
                 + " ".join(dotted(d.hands[s], "H") for s in order) + '"]')
    lines.append(f'[Undealt "{run(d.kitty)}"]')
    who = names[hand.declarer]
    lines.append(f'[Declarer "{who}"]')
    lines.append(f'[Contract "{trickster_call(hand.contract.code)}"]')
    lines.append(f'[Auction "{names[table[(table.index(d.dealer) + 1) % len(table)]]}"]')
    lines += auction_lines(record, made, inkle)
    lines.append(f'[CardsAdded "{who}:{run(tuple(reversed(d.kitty)))}"]')
    lines.append(f'[CardsRemoved "{who}:{run(record.discard)}"]')
    replay = GameHand.from_record(record, upto=0)
    leader = replay.state.leader
    columns = table[table.index(leader):] + table[:table.index(leader)]
    lines.append(f'[Play "{names[leader]}"]')
    row: dict[Seat, str] = {}
    for play in record.plays:
        seat = replay.to_act
        row[seat] = "JH" if play.card.is_joker else play.card.suit.value + play.card.rank.code
        replay.play(play)
        if replay.state.trick == [] and len(row) == len(replay.state.seats):
            lines.append(" ".join(row.get(s, "-") for s in columns))
            row = {}
    (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def trickster() -> None:
    """The records in Trickster's real export format (tests/test_review_trickster.py)."""
    from trainer.review import read_record

    # 1. Australian, numeric options (misère after 7, 8♠ not over misère, bid after pass if the
    #    bid changed, must bid to win), a PTN export: 7♥ by N after S's 6♥, E and W passing.
    aus = ruleset({"must_bid_to_win": True, "misere_placement": "by_points",
                   "bid_after_pass": "if_changed"})
    d = deal(31, dealer=Seat.E)
    made = ["6H", "P", "7H", "P", "P"]
    rec = with_discard(HandRecord(aus, d, calls=tuple(turns_from_calls(aus, Seat.E, made))),
                       Suit.HEARTS)
    write_trickster("trickster_australian.ptn", play_out(rec), made, escaped=True,
                    options={"variation": 1, "mustBidToWin": True, "whenNullo": 1,
                             "S8Overbid250Nullo": False, "bidAfterPass": 2,
                             "noWatching": True},
                    event="Australian with 3-card kitty, must bid to win, bid after pass if "
                          "bid changed, misère after 7, open misère ±500",
                    scores="S:120 -40 120 -40")
    # 2. American (variation left out: Trickster's default), 45 cards, a "PBN" export with the
    #    quotes of GameOptionsJson unescaped: W's inkle, 7NT by the joker's holder, who leads
    #    the joker first, written "JH" without its suit.
    am = ruleset({"preset": "american", "deck": 45, "six_level_informational": True,
                  "misere_placement": "after_sevens"})
    d = deal(44, deck=45, dealer=Seat.S)
    holder = next(s for s, h in d.hands.items() if JOKER in h)
    table = [Seat.W, Seat.N, Seat.E, Seat.S]
    made = ["6S" if s is Seat.W and holder is not Seat.W else
            "7NT" if s is holder else "P" for s in table]
    rec = with_discard(HandRecord(am, d, calls=tuple(turns_from_calls(am, Seat.S, made))),
                       None)
    write_trickster("trickster_american.pbn",
                    play_out(rec, forced={0: Play(JOKER, Suit.CLUBS)}), made, escaped=False,
                    options={"deckSize": 45, "noWatching": True}, inkle=True,
                    event="American with 5-card widow, nullo anytime, 8♠ overbids nullo, open "
                          "nullo ±500", scores="S:0 0 0 0")
    # 3. 3 players (Trickster's seats S W E), Australian, 7♦ by Trickster's E (our W).
    three = ruleset({"players": 3, "misere_needs_seven": False})
    d = deal(12, players=3, dealer=Seat.E)
    made = ["6D", "P", "7D", "P"]
    calls = tuple(turns_from_calls(three, Seat.E, made))
    rec = with_discard(HandRecord(three, d, calls=calls), Suit.DIAMONDS)
    write_trickster("trickster_three.ptn", play_out(rec), made, escaped=True,
                    options={"variation": 1, "players": 3, "isPartnership": False},
                    event="Australian for 3 players, misère anytime, open misère ±500",
                    scores="S:60 -20 200")
    # 4. Misère after a seven (Australian, "whenNullo":1), S's partner N sits out.
    mis = ruleset({"misere_needs_seven": True})
    d = deal(5, dealer=Seat.S)
    made = ["7S", "MIS", "P", "P", "P"]
    rec = HandRecord(mis, d, calls=tuple(turns_from_calls(mis, Seat.S, made)))
    hand = GameHand.from_record(rec)
    pool = hand.kitty_pool()
    top = tuple(sorted(pool, key=lambda c: -int(c.rank or 20))[:3])
    rec = HandRecord(mis, d, calls=rec.calls, discard=top)
    write_trickster("trickster_misere.ptn", play_out(rec), made, escaped=True,
                    options={"variation": 1, "whenNullo": 1},
                    event="Australian with 3-card kitty, misère after 7, open misère ±500",
                    scores="S:-80 250 -80 250")
    for name in ("trickster_australian.ptn", "trickster_american.pbn", "trickster_three.ptn",
                 "trickster_misere.ptn"):
        record = read_record((HERE / name).read_text(encoding="utf-8"))
        assert GameHand.from_record(record).phase.value == "done", name


if __name__ == "__main__":
    if sys.argv[1:] == ["trickster"]:
        trickster()
    else:
        main()
