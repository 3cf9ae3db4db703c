"""Every test writes its saves, exports and remembered settings under a temporary folder,
never in the home of whoever runs the suite.

`--long` runs the tests marked `long` (skipped otherwise): the conformance soak, an hour of
random games under every ruleset and mode with every promise checked (`--long-minutes N`
for another length).  bench/README.md has the figures of a trial run.

Every property test draws the same examples on every run (Hypothesis's `derandomize`, no
example database), so a commit passes or fails the same way on every run and on every
machine.  `--long` turns the draws random again: exploration is the soak's job, and any
example it finds broken becomes a named case (`@example`, or
tests/conformance/failed_seeds.py for a random game).
"""

from __future__ import annotations

import itertools
import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, database=None, print_blob=True)
settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", default=False,
                     help="also run the long soaks (tests marked long)")
    parser.addoption("--long-minutes", type=float, default=60.0,
                     help="how long a --long soak runs, in minutes (default 60)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "long: a soak run only with --long")
    if config.getoption("--long"):
        settings.load_profile("explore")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="a soak: run with --long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def _private_folders(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("flank-home")
    for var, sub in (("FLANK_SAVE_DIR", "saves"), ("FLANK_EXPORT_DIR", "exports")):
        os.environ.setdefault(var, str(base / sub))
    yield


_configs = itertools.count()


@pytest.fixture(autouse=True)
def _nothing_remembered(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's window starts as a first run's does: a settings folder of its own, not
    made until something is remembered in it."""
    folder = tmp_path_factory.getbasetemp() / f"config-{next(_configs)}"
    monkeypatch.setenv("FLANK_CONFIG_DIR", str(folder))
