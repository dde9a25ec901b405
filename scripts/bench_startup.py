#!/usr/bin/env python3
"""Start-up time of the app in headless chromium, against bare Pyodide.

Builds dist/ (unless --no-build) and serves it on 127.0.0.1 with build.py's
server, sending ``Cache-Control: max-age=600`` as GitHub Pages does.  Each run
starts chromium with a new, empty profile (launch_persistent_context on a temp
user-data dir) and measures, from navigation start to ``<html data-ready>``:

  app  cold   index.html#/new/election-day?... in the fresh profile
  app  warm   the same page reloaded (HTTP cache and compiled-code caches warm)
  bare cold   a page that only does ``await loadPyodide({indexURL: "./pyodide/"})``,
  bare warm   in its own fresh profile, then reloaded

and prints the medians of N runs (default 5) and the app/bare ratios.

Usage: python scripts/bench_startup.py [-n 5] [--no-build] [--page URL-PATH] [--markdown]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys

from benchkit import (
    BARE_PYODIDE_PAGE,
    CACHE_SECONDS,
    SETTLE_MS,
    build,
    describe,
    drop_profile,
    ensure_dist,
    fresh_profile,
    load_and_wait,
    median,
    new_persistent_context,
    load_average,
    overlay_site,
    retrying,
)

APP_PAGE = "index.html#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"
BARE_PAGE = "__bench_bare_pyodide.html"


def cold_then_warm(playwright, url: str) -> tuple[dict, dict]:
    profile = fresh_profile()
    try:
        context = new_persistent_context(playwright, profile)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.wait_for_timeout(SETTLE_MS)
            cold = load_and_wait(page, url)
            page.wait_for_timeout(500)  # let caches settle, as a person would before reloading
            warm = load_and_wait(page, None)
        finally:
            context.close()
    finally:
        drop_profile(profile)
    return cold, warm


def chromium_version() -> str:
    try:
        return subprocess.run([build.CHROMIUM_PATH, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "chromium ?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--page", default=APP_PAGE, help=f"app page to time (default {APP_PAGE})")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    dist = ensure_dist(rebuild=not args.no_build)
    print(f"before: {load_average(before=True)}", flush=True)
    keys = ("app cold", "app warm", "bare cold", "bare warm")
    times: dict[str, list[float]] = {k: [] for k in keys}
    sizes: dict[str, list[int]] = {k: [] for k in keys}
    stages: dict[str, dict[str, list[float]]] = {k: {} for k in keys}
    with overlay_site(dist, {BARE_PAGE: BARE_PYODIDE_PAGE}) as site, \
            build.serving(site, cache_seconds=CACHE_SECONDS) as base, \
            sync_playwright() as playwright:
        # One untimed round first (OS file cache, first chromium start).
        for run in range(-1, args.runs):
            results = {}
            results["app cold"], results["app warm"] = retrying(lambda: cold_then_warm(playwright, base + args.page))
            results["bare cold"], results["bare warm"] = retrying(lambda: cold_then_warm(playwright, base + BARE_PAGE))
            if run < 0:
                continue
            for key, stats in results.items():
                times[key].append(stats["readyMs"])
                sizes[key].append(stats["transferred"])
                for stage, at in stats["stages"].items():
                    stages[key].setdefault(stage, []).append(at)
            print(f"run {run + 1}/{args.runs}: "
                  + ", ".join(f"{k} {results[k]['readyMs'] / 1000:.2f}s" for k in keys), flush=True)

    med = {k: median(v) for k, v in times.items()}
    print(f"\nTime from navigation start to <html data-ready>, median of {args.runs} runs")
    print(f"({chromium_version()}, headless; {platform.machine()}, {os.cpu_count()} cores; "
          f"served from 127.0.0.1 with max-age={CACHE_SECONDS}; after: {load_average()})")
    for key in keys:
        print(f"  {key:10s} {describe(times[key])}   transferred {median(sizes[key]) / 1e6:5.2f} MB")
    for key in keys:
        if stages[key]:
            marks = sorted((median(v), s) for s, v in stages[key].items())
            print(f"  {key:10s} stages (<html data-boot>, median): "
                  + ", ".join(f"{s} {at / 1000:.2f}s" for at, s in marks)
                  + f", ready {med[key] / 1000:.2f}s")
    print(f"  app/bare   cold {med['app cold'] / med['bare cold']:.2f}x, warm {med['app warm'] / med['bare warm']:.2f}x")
    print(f"  warm/cold  app {med['app warm'] / med['app cold']:.2f}x, bare {med['bare warm'] / med['bare cold']:.2f}x")
    if args.markdown:
        print("\n| page | cold (new profile) | warm (reload) |\n|---|---|---|")
        print(f"| app `{args.page}` | {med['app cold'] / 1000:.2f} s | {med['app warm'] / 1000:.2f} s |")
        print(f"| bare `loadPyodide()` | {med['bare cold'] / 1000:.2f} s | {med['bare warm'] / 1000:.2f} s |")
        print(f"| app / bare | {med['app cold'] / med['bare cold']:.2f}x | {med['app warm'] / med['bare warm']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
