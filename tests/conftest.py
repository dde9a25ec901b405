"""Shared fixtures: the built site, a server for it, and Debian's chromium."""

from __future__ import annotations

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
def built_dist() -> Path:
    """``dist/``, built once per test session (set COALITIONS_NO_BUILD=1 to reuse it as is)."""
    if os.environ.get("COALITIONS_NO_BUILD") == "1" and (build.DIST / "index.html").is_file():
        return build.DIST
    try:
        return build.build()
    except build.BuildError as error:
        pytest.fail(f"python build.py failed: {error}", pytrace=False)


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


# The test command runs two processes (pytest-xdist, pytest.ini). Every test
# that builds or serves dist/ or drives the browser runs in one of them, one
# after the other (dist/ is built once, by that process, and one Chromium at a
# time keeps timings honest); the other tests share out over both, one by one.
SITE_FILES = ("tests/browser/", "tests/test_build.py", "tests/test_pwa.py", "tests/test_pyodide.py")


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class SiteApart(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return "site" if nodeid.startswith(SITE_FILES) else nodeid

    return SiteApart(config, log)
