"""Chromium as the tests and benchmarks launch it (Debian's package, through Playwright)."""

from __future__ import annotations

CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
    "--no-first-run",
    "--disable-sync",
)


def chromium_launch_options(headless: bool = True) -> dict:
    """Keyword arguments for Playwright's ``chromium.launch`` with Debian's chromium."""
    return {"executable_path": CHROMIUM_PATH, "headless": headless, "args": list(CHROMIUM_ARGS),
            # Playwright always passes --disable-dev-shm-usage, which puts Chromium's
            # shared memory in files under the temporary folder, on disk; Debian's
            # launcher passes it itself only when /dev/shm has less than 3.8 GB free.
            "ignore_default_args": ["--disable-dev-shm-usage"]}
