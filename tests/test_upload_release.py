"""The Game page's uploader lets the server drop each file it has handled (issue 30):
`trainer.ui.game.importing.release_upload` removes the file from Streamlit's own
``MemoryUploadedFileManager`` for the running session, as ``st.chat_input`` does, and does
nothing without a running script. The same in a real server and browser, with the memory
measured: tests/test_browser_uploads.py.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import streamlit.runtime.scriptrunner as scriptrunner
from streamlit.proto.Common_pb2 import FileURLs
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

from trainer.ui.game import importing

SESSION = "session-1"


def _manager_with(*files: tuple[str, bytes]) -> MemoryUploadedFileManager:
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    for file_id, data in files:
        manager.add_file(SESSION, UploadedFileRec(file_id, f"{file_id}.ptn", "text/plain", data))
    return manager


def _held(manager: MemoryUploadedFileManager) -> int:
    """The bytes the manager holds, by its own count (its cache stats)."""
    return sum(stat.byte_length for stats in manager.get_stats().values() for stat in stats)


def _upload(manager: MemoryUploadedFileManager, file_id: str) -> UploadedFile:
    (record,) = manager.get_files(SESSION, [file_id])
    return UploadedFile(record, FileURLs())


def test_a_handled_upload_leaves_the_servers_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    big, small = b"x" * 3_000_000, b'[Event "club night"]\n'
    manager = _manager_with(("big", big), ("small", small), ("other", b"kept"))
    ctx = SimpleNamespace(session_id=SESSION, uploaded_file_mgr=manager)
    monkeypatch.setattr(scriptrunner, "get_script_run_ctx", lambda: ctx)
    assert _held(manager) == len(big) + len(small) + 4

    refused = _upload(manager, "big")
    assert importing.read_upload(refused)[0] is None  # refused by its size
    assert importing.release_upload(refused) is True
    assert manager.get_files(SESSION, ["big"]) == []

    accepted = _upload(manager, "small")
    assert importing.read_upload(accepted) == (small.decode(), None)
    assert importing.release_upload(accepted) is True
    assert manager.get_files(SESSION, ["small"]) == []

    # only the handled files went: the session's other file and the byte count are right
    assert [r.file_id for r in manager.get_files(SESSION, ["other"])] == ["other"]
    assert _held(manager) == 4


def test_without_a_running_script_nothing_is_released(monkeypatch: pytest.MonkeyPatch) -> None:
    manager = _manager_with(("big", b"x" * 1000))
    upload = _upload(manager, "big")
    monkeypatch.setattr(scriptrunner, "get_script_run_ctx", lambda: None)
    assert importing.release_upload(upload) is False
    # a manager without remove_file (not Streamlit's in-memory one) is left alone
    ctx = SimpleNamespace(session_id=SESSION, uploaded_file_mgr=object())
    monkeypatch.setattr(scriptrunner, "get_script_run_ctx", lambda: ctx)
    assert importing.release_upload(upload) is False
    assert importing.release_upload(SimpleNamespace(name="no id")) is False
    assert [r.file_id for r in manager.get_files(SESSION, ["big"])] == ["big"]
