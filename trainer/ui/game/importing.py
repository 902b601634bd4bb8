""""Review your own game": a hand record pasted or uploaded (a PTN or PBN file as Trickster
Cards exports it, or the trainer's own JSON), the seat to review (the declarer by default),
then the same review as for a hand played here; a record whose play stops part way is
reviewed as far as it goes and analysed from there (`from_there`).

The record is read by `trainer.review.records.read_record`; a record that will not read is
one line in ``st.error``. An upload over `MAX_BYTES` is refused in one line before it is read
(`read_upload`), and the uploader lets go of every file once handled (`_take_upload`).
"""

from __future__ import annotations

import hashlib
from typing import Any

import streamlit as st

from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.game import GameHand, HandRecord
from trainer.generate.explain import play_text, seat_name
from trainer.review.records import import_record, read_record
from trainer.scoring import GameScore
from trainer.solver import default_solver
from trainer.ui.data.profile import plain
from trainer.ui.data.rule_options import rule_words
from trainer.ui.data.solver_access import solver_lock
from trainer.ui.game import review_view
from trainer.ui.widgets.board import board_html
from trainer.ui.widgets.cards import red_suits

RECORD_KEY = "game_import_record"
"""Session key: (text digest, `HandRecord`, the record's scores by seat) of the record read
last."""
MAX_BYTES = 1_000_000
"""The largest hand record taken (a long Trickster export is a few kB); the server's own limit,
``server.maxUploadSize`` in .streamlit/config.toml, is 2 MB."""
UPLOAD_KEY = "game_import_file"
"""The uploader's key, before its round (``game_import_file:0``, ``:1``, ...)."""
UPLOAD_ROUND_KEY = "game_import_file_round"
UPLOADED_KEY = "game_import_uploaded"
"""Session key: (file name, text) of the file uploaded last."""
UPLOAD_ERROR_KEY = "game_import_upload_error"
"""Session key: the line refusing the file uploaded last."""


def read(text: str) -> HandRecord:
    """The hand record in ``text``; raises `TrainerError` with one line saying what is wrong."""
    return read_record(text)


def _read_kept(text: str, digest: str) -> tuple[HandRecord, dict[Seat, int]] | None:
    """The record and its game scores (a Trickster export's ``GameScores``), read once per
    text; None, with the reason shown, when it will not read."""
    kept = st.session_state.get(RECORD_KEY)
    if isinstance(kept, tuple) and len(kept) == 3 and kept[0] == digest:
        return kept[1], kept[2]
    try:
        imported = import_record(text)
    except TrainerError as e:
        st.error(rule_words(str(e)), icon=":material/error:")
        return None
    st.session_state[RECORD_KEY] = (digest, imported.record, dict(imported.scores))
    return imported.record, dict(imported.scores)


def read_upload(upload: Any) -> tuple[str | None, str | None]:
    """The text of an uploaded hand record, or why not: ``(text, None)`` or ``(None, line)``.
    A file over `MAX_BYTES` is refused by its announced ``size`` before a byte is read, and at
    most ``MAX_BYTES + 1`` bytes are ever read (a size that lies is caught too)."""
    size = getattr(upload, "size", None)
    if isinstance(size, int) and size > MAX_BYTES:
        return None, too_large(size)
    upload.seek(0)
    data = upload.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        return None, too_large(None)
    return data.decode("utf-8", errors="replace"), None


def too_large(size: int | None) -> str:
    """The line refusing a file over `MAX_BYTES` (``size`` in bytes, when known)."""
    what = f" ({size / 1_000_000:.1f} MB)" if size else ""
    return f"That file{what} is too large for one hand record: 1 MB at most."


def release_upload(upload: Any) -> bool:
    """Let the server drop an uploaded file's bytes (``upload.file_id``) once it is handled,
    refused or read, as ``st.chat_input`` does with its files: Streamlit's
    ``MemoryUploadedFileManager`` otherwise keeps every file of a session until the browser
    deletes it or the session ends, and changing the uploader's key does neither (issue 30:
    about 10.5 MB kept per 10 MB file). True when a file was let go; False, doing nothing,
    without a running script (a bare call) or with a manager that has no ``remove_file``."""
    file_id = getattr(upload, "file_id", None)
    if not isinstance(file_id, str):
        return False
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    remove = getattr(getattr(ctx, "uploaded_file_mgr", None), "remove_file", None)
    if ctx is None or not callable(remove):
        return False
    remove(session_id=ctx.session_id, file_id=file_id)
    return True


def _take_upload() -> None:
    """The uploader, under a key that changes once a file is handled: its text (or the line
    refusing it) is kept in the session, the server's copy of the file is let go
    (`release_upload`) and the rerun drops the widget, so the server keeps no upload in
    memory."""
    round_ = int(st.session_state.get(UPLOAD_ROUND_KEY, 0))
    upload = st.file_uploader("…or upload one", type=["ptn", "pbn", "json", "txt"],
                              key=f"{UPLOAD_KEY}:{round_}")
    if upload is None:
        return
    text, problem = read_upload(upload)
    name = str(getattr(upload, "name", ""))[:80]
    release_upload(upload)
    del upload
    st.session_state[UPLOAD_ROUND_KEY] = round_ + 1
    if problem is None:
        st.session_state[UPLOADED_KEY] = (name, text)
        st.session_state.pop(UPLOAD_ERROR_KEY, None)
    else:
        st.session_state.pop(UPLOADED_KEY, None)
        st.session_state[UPLOAD_ERROR_KEY] = problem
    st.rerun()


def _forget_upload() -> None:
    st.session_state.pop(UPLOADED_KEY, None)
    st.session_state.pop(UPLOAD_ERROR_KEY, None)


def _text() -> str | None:
    pasted = st.text_area("Paste a hand record", key="game_import_text", height=140,
                          placeholder="A PTN or PBN record (Trickster Cards: Export), or JSON")
    _take_upload()
    problem = st.session_state.get(UPLOAD_ERROR_KEY)
    if problem:
        st.error(problem, icon=":material/error:")
    kept = st.session_state.get(UPLOADED_KEY)
    if isinstance(kept, tuple) and len(kept) == 2:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.caption(f"Reviewing the uploaded file {plain(kept[0])}.")
            st.button("Forget the uploaded file", key="game_import_forget",
                      on_click=_forget_upload, icon=":material/close:")
        return str(kept[1])
    return pasted or None


def render() -> None:
    """The import tab."""
    st.markdown("Played a hand somewhere else? Paste or upload its record and see every "
                "decision of one seat graded, as for the hands you play here.")
    text = _text()
    if not text or not text.strip():
        return
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    got = _read_kept(text, digest)
    if got is None:
        return
    record, given = got
    seats = list(record.rules.seats)
    declarer = _declarer(record)
    seat = st.selectbox("Review the decisions of", seats,
                        index=seats.index(declarer) if declarer in seats else 0,
                        format_func=lambda s: seat_name(s) + (" (declarer)" if s is declarer
                                                              else ""),
                        key=f"game_import_seat:{digest}")
    score = _score(record, seat, digest, given)
    key = f"import:{digest}:{seat.value}"
    if score is not None:
        key += ":" + ":".join(str(v) for v in score.scores.values())
    if review_view.computed(key) is None and not st.button(
            "Review this hand", key=f"game_import_go:{digest}", type="primary",
            icon=":material/grading:"):
        return
    review = review_view.compute(key, record, seat, assisted=False, score=score)
    if review is not None:
        st.markdown(red_suits(f"### Review for {seat_name(seat)}"))
        review_view.show(review, record, key)
        from_there(record, seat)


def _score(record: HandRecord, seat: Seat, digest: str,
           given: dict[Seat, int]) -> GameScore | None:
    """The game's score before the hand, as the record gives it (``given``, by seat) or the
    learner types it (4 players): near the end of a game the review then grades by the chance
    of winning the game."""
    if record.rules.players != 4:
        return None
    partner = next(s for s in record.rules.side_of(seat) if s is not seat)
    opponent = next(s for s in record.rules.seats if s not in record.rules.side_of(seat))
    mine = max(-1000, min(1500, given.get(seat, given.get(partner, 0))))
    theirs = max(-1000, min(1500, given.get(opponent, 0)))
    label = ("The game's score before this hand (from the record)" if given
             else "The game's score before this hand (optional)")
    with st.expander(label, expanded=bool(given) and max(mine, theirs) >= 250):
        st.caption("Near the end of a game the score decides more than the points: on 410 a "
                   "made 7♥ wins as surely as a made 10♥. Give the score and those decisions "
                   "are graded by your side's chance of winning the game.")
        left, right = st.columns(2)
        us = left.number_input("Your side", min_value=-1000, max_value=1500, value=mine,
                               step=10, key=f"game_import_us:{digest}:{seat.value}")
        them = right.number_input("The other side", min_value=-1000, max_value=1500,
                                  value=theirs, step=10,
                                  key=f"game_import_them:{digest}:{seat.value}")
    rules = record.rules
    if not rules.must_bid_to_win and max(us, them) >= 500:
        st.warning("A side on 500 has already won under these rules: the hand is graded by "
                   "points.", icon=":material/info:")
        return None
    if rules.minus_500_loses and min(us, them) <= -500:
        st.warning("A side on -500 has already lost under these rules: the hand is graded by "
                   "points.", icon=":material/info:")
        return None
    score = GameScore.new(rules)
    side = score.side_of(seat)
    return GameScore({s: int(us) if s == side else int(them) for s in score.scores})


def from_there(record: HandRecord, seat: Seat) -> None:
    """A record whose play stops part way: the position where it stops, every card face up,
    and what each card of the player to move is worth from there (the solver's tricks for the
    declarer's side), with the line of best play."""
    try:
        hand = GameHand.from_record(record)
    except TrainerError:
        return
    state = hand.state
    if state is None or state.is_over or state.contract is None or state.to_play is None:
        return
    mover = state.to_play
    st.markdown(f"### Where the record stops: trick {len(state.history) + 1}, "
                f"{seat_name(mover)} to play")
    st.markdown(board_html(state, seat, you=False), unsafe_allow_html=True)
    with solver_lock():
        analysis = default_solver().analyse(state)
        line = default_solver().principal_line(state)
    rows = [{"Card": play_text(p), "Tricks for the declarer's side": v}
            for p, v in sorted(analysis.values.items(), key=lambda pv: -pv[1]
                               if analysis.maximising else pv[1])]
    st.dataframe(rows, hide_index=True)
    st.caption(red_suits("With every card face up, best play from here: "
                         + " ".join(play_text(p) for p in line[:8])
                         + (" …" if len(line) > 8 else "")))


def _declarer(record: HandRecord) -> Seat | None:
    try:
        return GameHand.from_record(record, upto=0).declarer
    except TrainerError:
        return None
