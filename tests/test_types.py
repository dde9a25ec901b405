"""The typed folders: mypy (pinned in requirements-dev.txt, configured in
mypy.ini: strict) finds no error in each folder of TYPED, nor in each file of
TYPED_FILES."""

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


# Typed files of packages not typed as a whole yet: the hard level's part of
# each game that gives core/search.py a sampler. mypy reads the modules they
# import too and may find errors there; none may be in the file itself (every
# function it calls from them has typed arguments and result).
TYPED_FILES = [
]


@pytest.mark.parametrize("path", TYPED_FILES)
def test_mypy_finds_no_error_in_the_typed_files(path, tmp_path):
    result = mypy(path, tmp_path)
    assert "Success:" in result.stdout or "Found " in result.stdout, result.stdout + result.stderr  # mypy ran
    mine = [line for line in result.stdout.splitlines() if line.startswith(path + ":")]
    assert not mine, "\n".join(mine)
