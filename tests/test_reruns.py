"""The test command runs a test a second time only when Chromium's renderer
died under it: the options in pytest.ini, applied to tests that fail in
each way (run with pytest's own pytester, in a folder of their own)."""

from __future__ import annotations

import configparser
import shlex
import struct
import time
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


def minidump(signal: int, code: int, address: int, sp: int, ip: int, process: str) -> bytes:
    """A minidump with what `chromium_log.minidump_summary` reads: an
    exception stream with its thread's context, one module, crashpad's
    process-type annotation."""
    name = "/usr/lib/chromium/chromium".encode("utf-16-le")
    context = bytearray(0x4D0)
    struct.pack_into("<Q", context, 0x98, sp)
    struct.pack_into("<Q", context, 0xF8, ip)
    header_and_directory = 32 + 12 * 2
    exception_at = header_and_directory
    context_at = exception_at + 168
    modules_at = context_at + len(context)
    name_at = modules_at + 4 + 108
    annotation_at = name_at + 4 + len(name)
    exception = struct.pack("<II", 7, 0) + struct.pack("<IIQQ", signal, code, 0, address) + bytes(128)
    exception += struct.pack("<II", len(context), context_at)
    module = bytearray(108)
    struct.pack_into("<QI", module, 0, 0x5500_0000_0000, 0x1000_0000)
    struct.pack_into("<I", module, 20, name_at)
    annotation = struct.pack("<I", 5) + b"ptype\x00\x00\x00" + struct.pack("<I", len(process)) + process.encode()
    return (b"MDMP" + struct.pack("<III", 0xA793, 2, 32) + bytes(16)
            + struct.pack("<III", 6, len(exception), exception_at)
            + struct.pack("<III", 4, 4 + 108, modules_at)
            + exception + bytes(context) + struct.pack("<I", 1) + bytes(module)
            + struct.pack("<I", len(name)) + name + annotation)


def test_a_crash_report_says_where_the_page_crashed(tmp_path: Path) -> None:
    # As the reports of the pages lost to WebAssembly's switched stacks read:
    # the renderer's thread on a stack V8 allocated, faulting at its end.
    dump = minidump(11, 2, 0x37E2_9C37_A000, 0x37E2_9C37_7210, 0x5500_09C6_56BD, "renderer")
    assert chromium_log.minidump_summary(dump) == (
        "renderer, thread 7: signal 11 (code 2) at 0x37e29c37a000; "
        "stack pointer 0x37e29c377210, instruction chromium+0x9c656bd")
    (tmp_path / "pending").mkdir()
    (tmp_path / "pending" / "a.dmp").write_bytes(dump)
    (tmp_path / "pending" / "b.dmp").write_bytes(b"not a minidump")
    lines = chromium_log.crash_reports(since=0, folder=tmp_path)
    assert sorted(lines) == ["a.dmp: " + chromium_log.minidump_summary(dump), "b.dmp: unreadable (not a minidump)"]
    assert chromium_log.crash_reports(since=time.time() + 60, folder=tmp_path) == []
    assert chromium_log.crash_reports(folder=tmp_path / "none") == []
