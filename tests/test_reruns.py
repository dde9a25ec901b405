"""The test command runs a test a second time only when Chromium's renderer
died under it: the options in pytest.ini, applied to tests that fail in
each way (run with pytest's own pytester, in a folder of their own)."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

import pytest

import chromium_log

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent


def rerun_options() -> list[str]:
    """pytest.ini's options, without the ones that share tests out among processes."""
    config = configparser.ConfigParser()
    config.read(ROOT / "pytest.ini")
    words = shlex.split(config["pytest"]["addopts"])
    kept: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("-n", "--dist"):
            skip = True
        else:
            kept.append(word)
    return kept


TESTS = '''
import pathlib

def once(name):
    mark = pathlib.Path(name)
    first = not mark.exists()
    mark.write_text("ran")
    return first

def test_crashed_once():
    if once("crashed"):
        raise RuntimeError("Page.wait_for_selector: Page crashed")

def test_target_crashed_once():
    if once("target"):
        raise RuntimeError("Page.goto: Target crashed")

def test_crashes_every_time():
    raise RuntimeError("Page.wait_for_selector: Page crashed")

def test_fails_once_otherwise():
    if once("other"):
        assert 1 == 2, "the table was not in view"
'''


def test_only_a_crashed_page_is_run_again(pytester: pytest.Pytester) -> None:
    options = rerun_options()
    assert all(f'--only-rerun={word}' in " ".join(options).replace("--only-rerun ", "--only-rerun=")
               for word in chromium_log.CRASH_WORDS), options
    pytester.makepyfile(test_cases=TESTS)
    result = pytester.runpytest_inprocess(*options, "-p", "no:randomly")
    outcomes = result.parseoutcomes()
    # the two crashed once: run again, and passed; the one that crashes every time fails
    # after one rerun; an ordinary failure is not run again, even though it would pass
    assert outcomes.get("passed") == 2, outcomes
    assert outcomes.get("failed") == 2, outcomes
    assert outcomes.get("rerun") == 3, outcomes
    # the summary names each rerun (what this test says on failing leaves the
    # page's words out, or it would be run again itself)
    lines = result.stdout.lines
    for name in ("test_crashed_once", "test_target_crashed_once", "test_crashes_every_time"):
        assert any(line.startswith("RERUN") and name in line for line in lines), f"no RERUN line for {name}"
    assert not any(line.startswith("RERUN") and "fails_once_otherwise" in line for line in lines)
