"""Shared fixtures: the built site, a server for it, and Debian's chromium."""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402


@pytest.fixture(scope="session")
def built_dist(testrun_uid: str) -> Path:
    """``dist/``, built once per test run (set COALITIONS_NO_BUILD=1 to reuse it as is).

    With two test processes the first to get here builds it, under a file
    lock, and notes the run's id beside it; the other finds the note and
    serves the same files."""
    if os.environ.get("COALITIONS_NO_BUILD") == "1" and (build.DIST / "index.html").is_file():
        return build.DIST
    stamp = build.DIST.with_name(f"{build.DIST.name}.built-by-test-run")
    with open(build.DIST.with_name(f"{build.DIST.name}.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if stamp.is_file() and stamp.read_text() == testrun_uid and (build.DIST / "index.html").is_file():
                return build.DIST
            stamp.unlink(missing_ok=True)
            try:
                build.build()
            except build.BuildError as error:
                pytest.fail(f"python build.py failed: {error}", pytrace=False)
            stamp.write_text(testrun_uid)
            return build.DIST
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def dist_url(built_dist: Path):
    """Base URL (ending in /) of ``dist/`` served on 127.0.0.1, as a static host would."""
    with build.serving(built_dist) as url:
        yield url


@pytest.fixture(scope="session")
def dist_url_prefixed(built_dist: Path):
    """``dist/`` served under /coalitions/, like a GitHub Pages project site."""
    with build.serving(built_dist, prefix="/coalitions/") as url:
        yield url


@pytest.fixture(scope="session")
def chromium_browser():
    """A headless Debian chromium driven by Playwright, shared by the session."""
    if not Path(build.CHROMIUM_PATH).exists():
        pytest.fail(f"{build.CHROMIUM_PATH} is missing: apt-get install chromium", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is missing (install Node.js)", pytrace=False)
    return path


def pytest_collection_modifyitems(config, items):
    """Mark the tests that need Chromium (tests/browser/) or Pyodide under Node
    (tests/test_pyodide.py), so that `-m "not browser and not pyodide"` is the
    fast tier: the rules and the app's plain Python."""
    for item in items:
        path = Path(str(item.fspath))
        if "browser" in path.parts:
            item.add_marker(pytest.mark.browser)
        elif path.name == "test_pyodide.py":
            item.add_marker(pytest.mark.pyodide)


# The test command runs two processes (pytest-xdist, pytest.ini), and each
# takes whole test files (`--dist loadscope`), so a file's module-scoped
# fixtures (a browser of its own, a game played once) are set up once. The
# site is built once for both (built_dist). Each process runs its own server
# and its own Chromium; the longest files are handed out first.
SLOW_FIRST = (
    "tests/browser/test_alliances.py",
    "tests/browser/test_koalition.py",
    "tests/browser/test_offline.py",
    "tests/test_properties.py",
)


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class SlowFirst(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            scope = super()._split_scope(nodeid)
            # the property tests are many and long: one scope per game
            if scope == "tests/test_properties.py" and "[" in nodeid:
                return scope + "[" + nodeid.rsplit("[", 1)[1].split("-")[0]
            return scope

        def _assign_work_unit(self, node):
            def rank(scope):
                return next((i for i, start in enumerate(SLOW_FIRST) if scope.startswith(start)), len(SLOW_FIRST))

            first = min(self.workqueue, key=rank)  # the queue keeps its order otherwise
            self.workqueue.move_to_end(first, last=False)
            super()._assign_work_unit(node)

    return SlowFirst(config, log)
