"""What to say when a page of Chromium crashes ("Target crashed"): the
browser's own last words and the state of the machine at that moment.

A renderer that dies takes no Python or JavaScript error with it, so the
failure names only the wait it interrupted. The test session asks the
Playwright driver to write the browser's standard error to a file of its own
(`driver_env`), and a failure caused by a crash carries the tail of that
file, the memory, the free space where Chromium keeps its shared memory, the
kernel's word if it killed a process for memory, and what Chromium's own crash
handler wrote down (`describe`): for each crash report made since the test
session began, the process, the signal, the address it faulted on, and the
crashing thread's stack pointer. (Those reports found the page crashes of
Python on WebAssembly's switched stacks: pyodide/start.mjs,
withoutStackSwitching.)"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import tempfile
import time
from pathlib import Path

CRASH_WORDS = ("Target crashed", "Page crashed")
STARTED = time.time()
# Where Debian's Chromium's crash handler (crashpad) keeps its reports, whatever the profile.
CRASH_REPORTS = Path.home() / ".config" / "chromium" / "Crash Reports"
NOISE = ("dbus", "Floss manager", "idle_linux", "crashpad", "cpufreq", "unexpected operator")


def log_path() -> Path:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return Path(tempfile.gettempdir()) / f"coalitions-chromium-{worker}-{os.getpid()}.log"


def driver_env() -> dict[str, str]:
    """Variables for the Playwright driver: its browser log (Chromium's
    standard error among it) goes to `log_path()`."""
    return {"DEBUG": "pw:browser", "DEBUG_FILE": str(log_path())}


def is_crash(error: BaseException) -> bool:
    return any(word in str(error) for word in CRASH_WORDS)


def _tail(path: Path, lines: int) -> list[str]:
    try:
        text = path.read_text(errors="replace")
    except OSError as error:
        return [f"(no browser log: {error})"]
    kept = [line for line in text.splitlines() if not any(word in line for word in NOISE)]
    return kept[-lines:]


def _memory() -> str:
    try:
        fields = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        return "MemAvailable " + fields["MemAvailable"].strip() + ", MemTotal " + fields["MemTotal"].strip()
    except (OSError, KeyError, ValueError) as error:
        return f"(meminfo: {error})"


def _space(path: str) -> str:
    try:
        usage = shutil.disk_usage(path)
    except OSError as error:
        return f"{path}: {error}"
    return f"{path}: {usage.free // 2**20} MiB free of {usage.total // 2**20}"


def _kernel() -> list[str]:
    try:
        out = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line for line in out.splitlines() if "oom" in line.lower() or "Killed process" in line][-5:]


def _streams(dump: bytes) -> dict[int, int]:
    """A minidump's streams: type -> offset."""
    if dump[:4] != b"MDMP":
        raise ValueError("not a minidump")
    count, directory = struct.unpack_from("<II", dump, 8)
    return {kind: offset for kind, _, offset in
            (struct.unpack_from("<III", dump, directory + 12 * i) for i in range(count))}


def minidump_summary(dump: bytes) -> str:
    """The process type, signal, fault address, and the crashing thread's
    stack pointer and instruction pointer (with its module) of a minidump."""
    streams = _streams(dump)
    at = streams[6]  # the exception stream
    thread, = struct.unpack_from("<I", dump, at)
    signal, code, _, address = struct.unpack_from("<IIQQ", dump, at + 8)
    _, context = struct.unpack_from("<II", dump, at + 160)
    sp, = struct.unpack_from("<Q", dump, context + 0x98)  # x86-64: rsp, then rip
    ip, = struct.unpack_from("<Q", dump, context + 0xF8)
    where = "outside any module"
    if 4 in streams:
        count, = struct.unpack_from("<I", dump, streams[4])
        for i in range(count):
            base, size = struct.unpack_from("<QI", dump, streams[4] + 4 + 108 * i)
            name_at, = struct.unpack_from("<I", dump, streams[4] + 4 + 108 * i + 20)
            length, = struct.unpack_from("<I", dump, name_at)
            if base <= ip < base + size:
                where = Path(dump[name_at + 4:name_at + 4 + length].decode("utf-16-le")).name + f"+{ip - base:#x}"
    found = re.search(rb"ptype\x00+.{4}([a-z-]{3,20})", dump, re.DOTALL)  # crashpad's annotation: length, text
    process = found.group(1).decode() if found else "process"
    return (f"{process}, thread {thread}: signal {signal} (code {code}) at {address:#x}; "
            f"stack pointer {sp:#x}, instruction {where}")


def crash_reports(since: float = STARTED, folder: Path = CRASH_REPORTS) -> list[str]:
    """One line per crash report made since `since`."""
    lines = []
    try:
        dumps = sorted((path for path in folder.glob("*/*.dmp") if path.stat().st_mtime >= since),
                       key=lambda path: path.stat().st_mtime)
    except OSError:
        return []
    for path in dumps:
        try:
            lines.append(f"{path.name}: {minidump_summary(path.read_bytes())}")
        except (OSError, ValueError, KeyError, struct.error) as error:
            lines.append(f"{path.name}: unreadable ({error})")
    return lines


def describe(lines: int = 25) -> str:
    time.sleep(0.5)  # the driver writes the browser's last lines to its log a moment after the crash is reported
    renderers = 0
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and b"--type=renderer" in (proc / "cmdline").read_bytes():
                renderers += 1
        except OSError:
            continue
    parts = ["Chromium crashed a page. Machine: " + _memory() + "; " + _space(tempfile.gettempdir())
             + "; " + _space("/dev/shm") + f"; {renderers} renderer processes.",
             f"Last lines of the browser's log ({log_path()}):"]
    parts += ["  " + (line if len(line) < 400 else line[:400] + "…") for line in _tail(log_path(), lines)]
    parts += ["Kernel: " + line for line in _kernel()]
    parts += ["Crash report: " + line for line in crash_reports()[-5:]]
    return "\n".join(parts)
