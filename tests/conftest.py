"""Every test writes its saves and exports under a temporary folder, never in the home of
whoever runs the suite."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_folders(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("flank-home")
    for var, sub in (("FLANK_SAVE_DIR", "saves"), ("FLANK_EXPORT_DIR", "exports")):
        os.environ.setdefault(var, str(base / sub))
    yield
