"""A disk that fills up, injected where the system reports it: ten bytes of a write land,
then ENOSPC, as a full disk answers `os.write` (the save-folder tests and the closing
tests)."""

from __future__ import annotations

import errno
import os

REAL_WRITE = os.write


def disk_full(monkeypatch) -> None:
    def write(fd, data):
        REAL_WRITE(fd, bytes(data)[:10])  # ten bytes land, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)
