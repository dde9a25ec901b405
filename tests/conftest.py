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

    import chromium_log

    saved = {name: os.environ.get(name) for name in chromium_log.driver_env()}
    os.environ.update(chromium_log.driver_env())  # read by the driver when it starts, then put back
    try:
        playwright = sync_playwright().start()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    try:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        yield browser
        browser.close()
    finally:
        playwright.stop()
        chromium_log.log_path().unlink(missing_ok=True)


@pytest.fixture(scope="session")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is missing (install Node.js)", pytrace=False)
    return path



@pytest.fixture
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every searching bot at a small budget: a few short playouts for the
    hard level of the card games, a few positions for Coalition Chess's
    alpha-beta. For tests of what a bot reads, that it decides the same way
    twice and that it plays legally: none of these depends on the budget,
    and the full budgets are measured by the benchmarks (docs/bots.md)."""
    from coalitions.registry import all_games

    for game in all_games():
        for bot in set(game.bots.values()):
            spec = getattr(bot, "spec", None)
            if spec is not None:
                monkeypatch.setattr(spec, "playouts", 4)
                monkeypatch.setattr(spec, "horizon", 3)
            if isinstance(getattr(bot, "budget", None), int):
                monkeypatch.setattr(bot, "budget", 120)

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


# The test command runs three processes (pytest-xdist, pytest.ini), and each
# takes whole test files (`--dist loadscope`), so a file's module-scoped
# fixtures (a browser of its own, a page booted once) are set up once. The
# site is built once for all (built_dist). Each process runs its own server
# and its own Chromium.
#
# The files are handed out longest first, so that the processes finish
# together: SECONDS is roughly what each took in a run of the test command
# (`--durations=0`, summed per file, on a busy machine; refresh it when a
# file's time changes a lot). A file not listed counts as a second per test. The longest plain
# Python files are cut up: the property tests into one unit per game, the
# files in PER_TEST into one unit per test.
SECONDS = {
    "tests/browser/test_offline.py": 195,
    "tests/browser/test_hot_seat.py": 150,
    "tests/browser/test_alliances.py": 140,
    "tests/browser/test_app.py": 110,
    "tests/browser/test_settings.py": 110,
    "tests/browser/test_results.py": 100,
    "tests/browser/test_coalition_chess.py": 95,
    "tests/browser/test_embed.py": 90,
    "tests/browser/test_authoring.py": 65,
    "tests/browser/test_untrusted.py": 58,
    "tests/test_app_render.py": 40,
    "tests/test_cli.py": 38,
    "tests/browser/test_navigation.py": 35,
    "tests/browser/test_csp.py": 35,
    "tests/browser/test_botworker.py": 33,
    "tests/test_die_macher.py": 25,
    "tests/browser/test_builder.py": 23,
    "tests/test_pyodide.py": 19,
    "tests/test_die_macher_table.py": 14,
    "tests/browser/test_in_view.py": 11,
    "tests/browser/test_first_visit.py": 11,
    "tests/test_properties.py[koalition": 20,
    "tests/test_properties.py[die": 15,
    "tests/test_properties.py[alliances": 12,
    "tests/test_properties.py[coalition": 8,
    "tests/test_properties.py[election": 4,
}
PER_TEST = ("tests/test_botworker.py", "tests/test_bots.py", "tests/test_protocol_all_games.py",
            # browser files whose tests each open a page of their own
            "tests/browser/test_axe.py", "tests/browser/test_die_macher.py", "tests/browser/test_koalition.py")
PER_TEST_SECONDS = {
    "tests/browser/test_axe.py::test_axe_finds_nothing_on_any_screen_in_either_theme[desktop]": 80,
    "tests/browser/test_axe.py::test_axe_finds_nothing_on_any_screen_in_either_theme[phone]": 50,
    "tests/browser/test_die_macher.py::test_three_players_hot_seat_whole_game_with_secret_bids_behind_the_cover": 60,
    "tests/browser/test_die_macher.py::test_four_players_one_human_against_bots_to_the_end": 33,
    "tests/browser/test_die_macher.py::test_axe_finds_nothing_on_the_table": 17,
    "tests/browser/test_koalition.py::test_three_players_hot_seat_to_the_bonus_round": 58,
    "tests/browser/test_koalition.py::test_eight_players_one_human_to_the_bonus_round": 42,
    "tests/test_protocol_all_games.py::test_random_simulation_keeps_the_protocol[coalition-chess]": 13,
    "tests/test_protocol_all_games.py::test_random_simulation_keeps_the_protocol[koalition]": 8,
    "tests/test_protocol_all_games.py::test_random_simulation_keeps_the_protocol[die-macher]": 8,
}


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class LongestFirst(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            scope = super()._split_scope(nodeid)
            if scope == "tests/test_properties.py" and "[" in nodeid:
                return scope + "[" + nodeid.rsplit("[", 1)[1].split("-")[0]
            if scope in PER_TEST:
                return nodeid
            return scope

        def _seconds(self, scope):
            return SECONDS.get(scope) or PER_TEST_SECONDS.get(scope) or len(self.workqueue[scope])

        def _assign_work_unit(self, node):
            if not self.sorted:
                self.sorted = True
                for scope in sorted(self.workqueue, key=self._seconds, reverse=True):
                    self.workqueue.move_to_end(scope)
            super()._assign_work_unit(node)

    LongestFirst.sorted = False
    return LongestFirst(config, log)
