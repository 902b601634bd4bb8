"""Club deal sets in the learner store: deals shared among friends, each member's result on each.

A **deal set** (``club_sets``) is made by one learner: ``id`` (an 8-character code, lower-case
letters and digits with none that look alike, `new_code`, the part of a link
``?set=<code>``), ``name``, the creator, the rules (a preset name, or the options that differ
from the default preset, as a saved game keeps them: `trainer.rules.preset_name`), the bots'
level, ``seed`` (a whole number) and ``deals`` (1-12); which cards deal ``i`` holds is
`trainer.review.club.deal_of` (from the seed and ``i`` alone, so every member gets the same).

A learner who opens a set's link becomes a **member** (``club_members``: the name to show them
by, when they joined). A member's **result** on a deal (``club_results``, one per member and
deal: the first one stands, as at a duplicate table) is their side's points on the hand and
the other sides' (``points``, ``against``), their seat, the contract, its declarer and the
declarer's side's tricks (None: thrown in), the review's accuracy (0-100, None when nothing was
graded) and the points lost against the best choices, the commentary in words, the hand record
(its JSON, `trainer.game.HandRecord.to_json`) and when it was played.

Every call takes the learner doing it: a learner writes only their own membership and results,
and reads a set's results only as a member, and another member's result on a deal only once
they have played that deal themselves (`set_results`): nothing shows a deal's cards, contract
or result before the learner has played it. Bad input is a `ClubError` of one line
(a `StoreError`). The SQL is portable (``?`` placeholders, ``INSERT ... ON CONFLICT``), for
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from trainer.progress.backend import Connection, Row
from trainer.progress.errors import StoreError
from trainer.progress.store import Learner, ProgressStore
from trainer.progress.stored import StoredValueError, decode_stored

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""The letters of a set's code: no ``i l o 0 1``, which look alike."""
CODE_LENGTH = 8
MAX_DEALS = 12
MAX_NAME = 60
MAX_SEED = 2**63 - 1


class ClubError(StoreError):
    """A deal set that does not exist, or input it cannot take; the message is one line."""


@dataclass(frozen=True)
class DealSet:
    """A club's deal set (module docstring). ``rules``: the preset name, or a dict of options
    (`trainer.rules.ruleset` reads either); ``level``: a `trainer.bots.Level` value."""

    code: str
    name: str
    creator_id: int
    rules: str | dict[str, Any]
    level: str
    seed: int
    deals: int
    created: datetime


@dataclass(frozen=True)
class Member:
    """A learner who opened the set: their learner id, the name shown, when they joined."""

    learner_id: int
    display: str
    joined: datetime


@dataclass(frozen=True)
class DealResult:
    """One member's result on deal ``deal`` (0 first) of a set (module docstring).

    ``points`` / ``against``: the member's side's points on the hand and the other sides'
    together; ``net`` is their difference, the figure compared at a duplicate table.
    ``contract`` (a code: ``8H``, ``MIS``) and ``declarer`` (a seat letter) are None, and
    ``tricks`` too, for a hand thrown in."""

    learner_id: int
    deal: int
    seat: str
    points: int
    against: int
    contract: str | None
    declarer: str | None
    tricks: int | None
    accuracy: float | None
    points_lost: float | None
    commentary: str
    record: dict[str, Any]
    played: datetime

    @property
    def net(self) -> int:
        return self.points - self.against


@dataclass(frozen=True)
class SetResults:
    """What a member may see of a set: its members (in the order they joined), the deals the
    viewer has played, and the results on those deals (the viewer's and every other member's)
    by deal, each deal's results in the order played."""

    members: tuple[Member, ...]
    played: frozenset[int]
    results: dict[int, tuple[DealResult, ...]]

    def name_of(self, learner_id: int) -> str:
        return next((m.display for m in self.members if m.learner_id == learner_id), "?")


def new_code() -> str:
    """A fresh random set code (`CODE_LENGTH` characters of `ALPHABET`)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: str | None) -> str:
    """``text`` as a set code (trimmed, lower case); raises `ClubError` when it cannot be one."""
    code = (text or "").strip().lower()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise ClubError(f"set: {(text or '')[:20]!r} is not a deal set's code (8 letters and "
                        "digits, as in the link)")
    return code


def _now() -> datetime:
    return datetime.now(UTC)


def today_seed(now: datetime | None = None) -> int:
    """The day's deal seed: the UTC date as a number (5 December 2026 -> 20261205), so every
    set made from the day's deals on one day deals the same cards."""
    day = (now or _now()).astimezone(UTC).date()
    return day.year * 10000 + day.month * 100 + day.day


def read_seed(text: str) -> int:
    """A seed as typed (spaces, commas and underscores between digits allowed) as a whole
    number; `ClubError` of one line when it is not one from 0 to `MAX_SEED`."""
    clean = (text or "").strip().replace(",", "").replace("_", "").replace(" ", "")
    if not clean.isascii() or not clean.isdigit() or int(clean) > MAX_SEED:
        raise ClubError(f"seed: {(text or '')[:20]!r} is not a whole number from 0 to "
                        f"{MAX_SEED}")
    return int(clean)


def _member_row(db: Connection, code: str, learner: Learner) -> Row | None:
    row: Row | None = db.execute(
        "SELECT * FROM club_members WHERE set_id = ? AND learner_id = ?",
        (code, learner.id)).fetchone()
    return row


def _set(row: Row) -> DealSet:
    rules_text = str(row["rules"])
    try:
        rules: str | dict[str, Any] = decode_stored(rules_text, "set rules")
    except StoredValueError:
        rules = "australian"
    return DealSet(row["id"], row["name"], int(row["creator_id"]), rules, row["level"],
                   int(row["seed"]), int(row["deals"]), datetime.fromisoformat(row["created"]))


def create_deal_set(store: ProgressStore, learner: Learner, name: str, seed: int, deals: int,
                    rules: str | dict[str, Any], level: str, display: str | None = None,
                    when: datetime | None = None) -> DealSet:
    """Make a set of ``deals`` deals (1-`MAX_DEALS`) from ``seed`` (0-`MAX_SEED`) under
    ``rules`` with bots of ``level``, named ``name`` (1-`MAX_NAME` characters, trimmed), with a
    fresh code; its maker is its first member (shown as ``display``, default their name).
    Raises `ClubError` for a bad name, seed or count."""
    clean = (name or "").strip()
    if not clean:
        raise ClubError("name: give the set a name")
    if len(clean) > MAX_NAME:
        raise ClubError(f"name: {len(clean)} characters is too long; {MAX_NAME} at most")
    if not 1 <= deals <= MAX_DEALS:
        raise ClubError(f"deals: from 1 to {MAX_DEALS}, not {deals}")
    if not 0 <= seed <= MAX_SEED:
        raise ClubError(f"seed: a whole number from 0 to {MAX_SEED}, not {seed}")
    when = when or _now()
    with store._write() as db:
        code = new_code()
        while db.execute("SELECT 1 FROM club_sets WHERE id = ?", (code,)).fetchone():
            code = new_code()  # 31**8 codes: a clash is all but impossible, and checked
        db.execute("INSERT INTO club_sets (id, name, creator_id, rules, level, seed, deals, "
                   "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (code, clean, learner.id, json.dumps(rules), level, str(seed), deals,
                    when.isoformat()))
        db.execute("INSERT INTO club_members VALUES (?, ?, ?, ?)",
                   (code, learner.id, display or learner.name, when.isoformat()))
    return DealSet(code, clean, learner.id, rules, level, seed, deals, when)


def deal_set(store: ProgressStore, learner: Learner, code: str) -> DealSet:
    """The set with ``code`` (any learner who has its code may open it; `join` to play).
    Raises `ClubError` for a code that is malformed or names no set."""
    code = clean_code(code)
    with store._connect() as db:
        row = db.execute("SELECT * FROM club_sets WHERE id = ?", (code,)).fetchone()
    if row is None:
        raise ClubError(f"set: no deal set has the code {code!r}; check the link")
    return _set(row)


def join(store: ProgressStore, learner: Learner, code: str, display: str | None = None,
         when: datetime | None = None) -> bool:
    """Make ``learner`` a member of the set ``code`` (shown as ``display``, default their
    name). Returns False when they were one already (nothing changes). Raises `ClubError` as
    `deal_set`."""
    found = deal_set(store, learner, code)
    with store._write() as db:
        cursor = db.execute(
            "INSERT INTO club_members VALUES (?, ?, ?, ?) "
            "ON CONFLICT (set_id, learner_id) DO NOTHING",
            (found.code, learner.id, display or learner.name, (when or _now()).isoformat()))
        return cursor.rowcount == 1


def is_member(store: ProgressStore, learner: Learner, code: str) -> bool:
    """Whether ``learner`` has joined the set ``code`` (False for a bad code)."""
    with store._connect() as db:
        return _member_row(db, (code or "").strip().lower(), learner) is not None


def learner_sets(store: ProgressStore, learner: Learner) -> list[DealSet]:
    """The sets ``learner`` is a member of, newest first."""
    with store._connect() as db:
        rows = db.execute(
            "SELECT club_sets.* FROM club_sets JOIN club_members ON club_members.set_id = "
            "club_sets.id WHERE club_members.learner_id = ? ORDER BY club_sets.created DESC, "
            "club_sets.id", (learner.id,)).fetchall()
    return [_set(r) for r in rows]


def record_result(store: ProgressStore, learner: Learner, code: str, deal: int, seat: str,
                  points: int, against: int, contract: str | None, declarer: str | None,
                  tricks: int | None, accuracy: float | None, points_lost: float | None,
                  commentary: str, record: dict[str, Any],
                  when: datetime | None = None) -> bool:
    """Save ``learner``'s own result on deal ``deal`` of the set ``code`` (fields as
    `DealResult`). The first result on a deal stands: returns False when the learner has one
    already (nothing changes). Raises `ClubError` when the learner is not a member or the deal
    is not in the set."""
    found = deal_set(store, learner, code)
    if not 0 <= deal < found.deals:
        raise ClubError(f"deal: the set has deals 1 to {found.deals}, not {deal + 1}")
    with store._write() as db:
        if _member_row(db, found.code, learner) is None:
            raise ClubError("set: open the set's link first to play its deals")
        cursor = db.execute(
            "INSERT INTO club_results (set_id, learner_id, deal, seat, points, against, "
            "contract, declarer, tricks, accuracy, points_lost, commentary, record, played) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (set_id, learner_id, deal) DO NOTHING",
            (found.code, learner.id, deal, seat, points, against, contract, declarer, tricks,
             accuracy, points_lost, commentary, json.dumps(record),
             (when or _now()).isoformat()))
        return cursor.rowcount == 1


def members(store: ProgressStore, learner: Learner, code: str) -> tuple[Member, ...]:
    """The set's members in the order they joined; `ClubError` unless ``learner`` is one."""
    return set_results(store, learner, code).members


def set_results(store: ProgressStore, learner: Learner, code: str) -> SetResults:
    """What ``learner`` may see of the set ``code`` (`SetResults`): every member, and the
    results of every member on the deals ``learner`` has played (none on the others). Raises
    `ClubError` for an unknown set, or when ``learner`` is not a member."""
    found = deal_set(store, learner, code)
    with store._connect() as db:
        if _member_row(db, found.code, learner) is None:
            raise ClubError("set: open the set's link first to see its results")
        member_rows = db.execute("SELECT * FROM club_members WHERE set_id = ? "
                                 "ORDER BY joined, learner_id", (found.code,)).fetchall()
        rows = db.execute(
            "SELECT * FROM club_results WHERE set_id = ? AND deal IN (SELECT deal FROM "
            "club_results WHERE set_id = ? AND learner_id = ?) ORDER BY deal, played, "
            "learner_id", (found.code, found.code, learner.id)).fetchall()
    out: dict[int, list[DealResult]] = {}
    for r in rows:
        result = _result(store, r)
        if result is not None:
            out.setdefault(result.deal, []).append(result)
    mine = {d for d, rs in out.items() if any(x.learner_id == learner.id for x in rs)}
    return SetResults(
        tuple(Member(int(m["learner_id"]), m["display"], datetime.fromisoformat(m["joined"]))
              for m in member_rows),
        frozenset(mine), {d: tuple(rs) for d, rs in out.items()})


def played_deals(store: ProgressStore, learner: Learner, code: str) -> frozenset[int]:
    """The deals of the set ``code`` that ``learner`` has a result on."""
    with store._connect() as db:
        rows = db.execute("SELECT deal FROM club_results WHERE set_id = ? AND learner_id = ?",
                          ((code or "").strip().lower(), learner.id)).fetchall()
    return frozenset(int(r["deal"]) for r in rows)


def _result(store: ProgressStore, r: Row) -> DealResult | None:
    try:
        record = decode_stored(r["record"], "club result", shape=dict)
        return DealResult(int(r["learner_id"]), int(r["deal"]), r["seat"], int(r["points"]),
                          int(r["against"]), r["contract"], r["declarer"],
                          None if r["tricks"] is None else int(r["tricks"]),
                          r["accuracy"], r["points_lost"], r["commentary"], record,
                          datetime.fromisoformat(r["played"]))
    except (StoredValueError, TypeError, ValueError):
        store._report(f"club result of deal {r['deal']} in set {r['set_id']} is unreadable; "
                      "skipped")
        return None


@dataclass(frozen=True)
class MemberActivity:
    """What the club page shows of a member's own practice: their puzzle ``rating`` (the
    store keeps one Glicko-2 rating a learner, not one a theme), their first tries by theme
    (``themes``: theme -> (tries, right), rated attempts only, as the Progress page counts
    them), ``day_streak`` (days in a row, up to today or yesterday UTC, with a puzzle or lesson
    answered) and ``run`` (puzzles answered right in a row, latest first)."""

    member: Member
    rating: float
    themes: dict[str, tuple[int, int]]
    day_streak: int
    run: int


def member_activity(store: ProgressStore, learner: Learner, code: str,
                    today: datetime | None = None) -> tuple[MemberActivity, ...]:
    """Every member's `MemberActivity`, in the order they joined. Only a member reads it
    (`ClubError` otherwise, or for an unknown set)."""
    people = set_results(store, learner, code).members
    day = (today or _now()).astimezone(UTC).date()
    out = []
    with store._connect() as db:
        for m in people:
            row = db.execute("SELECT rating FROM learners WHERE id = ?",
                             (m.learner_id,)).fetchone()
            rows = db.execute("SELECT kind, themes, correct, created, rating FROM attempts "
                              "WHERE learner_id = ? ORDER BY id", (m.learner_id,)).fetchall()
            themes: dict[str, tuple[int, int]] = {}
            days = set()
            run = 0
            for r in rows:
                try:
                    days.add(datetime.fromisoformat(r["created"]).astimezone(UTC).date())
                except (TypeError, ValueError):
                    continue
                if r["kind"] == "lesson":
                    continue
                run = run + 1 if r["correct"] else 0
                if r["rating"] is None:
                    continue
                try:
                    names = decode_stored(r["themes"], "attempt themes", shape=list)
                except StoredValueError:
                    names = []
                for t in names:
                    tries, right = themes.get(str(t), (0, 0))
                    themes[str(t)] = (tries + 1, right + bool(r["correct"]))
            streak = 0
            probe = day if day in days else day.fromordinal(day.toordinal() - 1)
            while probe in days:
                streak += 1
                probe = probe.fromordinal(probe.toordinal() - 1)
            rating = float(row["rating"]) if row is not None else 0.0
            out.append(MemberActivity(m, rating, themes, streak, run))
    return tuple(out)
