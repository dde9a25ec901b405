"""The typed folders: mypy (pinned in requirements-dev.txt, configured in
mypy.ini: strict) finds no error in each folder of TYPED: the core and every
game's rules package."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is in requirements-dev.txt")


# The folders checked under mypy strict; add a folder here once it is typed.
TYPED = [
    "py/coalitions/core",
    "py/coalitions/games/coalition_chess",
    "py/coalitions/games/die_macher",
    "py/coalitions/games/election_day",
    "py/coalitions/games/koalition",
    "py/coalitions/games/alliances",
]


def mypy(path, cache):
    """mypy run on `path` (a folder or a file) with mypy.ini, as the test command runs it."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "mypy.ini"), "--cache-dir", str(cache), path],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )


@pytest.mark.parametrize("folder", TYPED)
def test_mypy_finds_no_error_in_the_typed_folders(folder, tmp_path):
    result = mypy(folder, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_game_package_is_in_the_typed_set():
    """Every game's rules package is typed as a whole, a new one too."""
    games = sorted(f"py/coalitions/games/{p.parent.name}" for p in (ROOT / "py/coalitions/games").glob("*/__init__.py"))
    assert len(games) == 5 and [g for g in games if g not in TYPED] == []
