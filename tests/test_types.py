"""The typed folders: mypy (pinned in requirements-dev.txt, configured in
mypy.ini: strict) finds no error in each folder of TYPED."""

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
]


@pytest.mark.parametrize("folder", TYPED)
def test_mypy_finds_no_error_in_the_typed_folders(folder, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "mypy.ini"), "--cache-dir", str(tmp_path),
         folder],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
