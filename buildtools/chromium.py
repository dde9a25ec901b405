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
    return {"executable_path": CHROMIUM_PATH, "headless": headless, "args": list(CHROMIUM_ARGS)}
