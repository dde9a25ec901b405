"""The rules core is typed: mypy (pinned in requirements-dev.txt, configured
in mypy.ini: strict) finds no error in py/coalitions/core."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is in requirements-dev.txt")


def test_mypy_finds_no_error_in_the_core(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "mypy.ini"), "--cache-dir", str(tmp_path),
         "py/coalitions/core"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
