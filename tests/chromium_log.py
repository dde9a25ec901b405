"""What to say when a page of Chromium crashes ("Target crashed"): the
browser's own last words and the state of the machine at that moment.

A renderer that dies takes no Python or JavaScript error with it, so the
failure names only the wait it interrupted. The test session asks the
Playwright driver to write the browser's standard error to a file of its own
(`driver_env`), and a failure caused by a crash carries the tail of that
file, the memory, the free space where Chromium keeps its shared memory, and
the kernel's word if it killed a process for memory (`describe`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

CRASH_WORDS = ("Target crashed", "Page crashed")
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
    return "\n".join(parts)
