""""Review your own game": a hand record pasted or uploaded (a PTN or PBN file as Trickster
Cards exports it, or the trainer's own JSON), the seat to review (the declarer by default),
then the same review as for a hand played here.

The record is read by `trainer.review.records.read_record`; a record that will not read is
one line in ``st.error``.
"""

from __future__ import annotations

import hashlib

import streamlit as st

from trainer.cards import Seat
from trainer.errors import TrainerError
from trainer.game import GameHand, HandRecord
from trainer.generate.explain import seat_name
from trainer.review.records import read_record
from trainer.ui.game import review_view
from trainer.ui.widgets.cards import red_suits

RECORD_KEY = "game_import_record"
"""Session key: (text digest, `HandRecord`) of the record read last."""
MAX_BYTES = 1_000_000


def read(text: str) -> HandRecord:
    """The hand record in ``text``; raises `TrainerError` with one line saying what is wrong."""
    return read_record(text)


def _text() -> str | None:
    pasted = st.text_area("Paste a hand record", key="game_import_text", height=140,
                          placeholder="A PTN or PBN record (Trickster Cards: Export), or JSON")
    upload = st.file_uploader("…or upload one", type=["ptn", "pbn", "json", "txt"],
                              key="game_import_file")
    if upload is not None:
        data = upload.getvalue()
        if len(data) > MAX_BYTES:
            st.error("That file is too large for one hand record (over 1 MB).")
            return None
        return data.decode("utf-8", errors="replace")
    return pasted or None


def render() -> None:
    """The import tab."""
    st.markdown("Played a hand somewhere else? Paste or upload its record and see every "
                "decision of one seat graded, as for the hands you play here.")
    text = _text()
    if not text or not text.strip():
        return
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    kept = st.session_state.get(RECORD_KEY)
    if isinstance(kept, tuple) and kept[0] == digest:
        record = kept[1]
    else:
        try:
            record = read(text)
        except TrainerError as e:
            st.error(str(e), icon=":material/error:")
            return
        st.session_state[RECORD_KEY] = (digest, record)
    seats = list(record.rules.seats)
    declarer = _declarer(record)
    seat = st.selectbox("Review the decisions of", seats,
                        index=seats.index(declarer) if declarer in seats else 0,
                        format_func=lambda s: seat_name(s) + (" (declarer)" if s is declarer
                                                              else ""),
                        key=f"game_import_seat:{digest}")
    key = f"import:{digest}:{seat.value}"
    if review_view.computed(key) is None and not st.button(
            "Review this hand", key=f"game_import_go:{digest}", type="primary",
            icon=":material/grading:"):
        return
    review = review_view.compute(key, record, seat, assisted=False)
    if review is not None:
        st.markdown(red_suits(f"### Review for {seat_name(seat)}"))
        review_view.show(review, record, key)


def _declarer(record: HandRecord) -> Seat | None:
    try:
        return GameHand.from_record(record, upto=0).declarer
    except TrainerError:
        return None
