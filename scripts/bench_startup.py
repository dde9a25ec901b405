#!/usr/bin/env python3
"""Start-up time of the app in headless chromium, against bare Pyodide, from
the network, the HTTP cache and the service worker (offline).

Builds dist/ (unless --no-build) and serves it on 127.0.0.1 with build.py's
server, sending ``Cache-Control: max-age=600`` as GitHub Pages does.  Each run
starts chromium with new, empty profiles (launch_persistent_context on a temp
user-data dir) and measures, from navigation start to ``<html data-ready>``:

  app cold      index.html#/new/election-day?... in a fresh profile where pages
                cannot register a service worker
  app warm      the same page reloaded: HTTP cache (and Chrome's compiled-code
                caches) warm, no service worker
  app warm 2    reloaded once more
  app sw        in another fresh profile: the first visit, then, once the
                service worker controls the page (it has precached
                everything), a reload served by the worker
  app sw 2      reloaded once more
  app offline   reloaded once more with the browser offline
                (context.set_offline), so only the worker can answer
  app offline tab  then that tab closed and the page opened in a new tab,
                still offline: an offline visit with no page before it to
                take down (a reload also unloads the page it replaces, with
                its bot worker)
  bare cold     a page that only does ``await loadPyodide(...)`` on Pyodide as
  bare warm     its npm package publishes it (``./__stock_pyodide/``), in its own
  bare warm 2   fresh profile, then reloaded twice (no service worker: the page
                registers none)
  same cold     the same bare page on the site's own ``./pyodide/`` (its
  same warm     shipped standard library: the same assets as the app), so that
  same warm 2   app / same shows what PyScript and the app add to Pyodide

and, for the app's loads, when the shell was first painted (the browser's
``first-paint`` and ``first-contentful-paint`` entries), and for every load
"the next frame painted": the first frame after the screen was drawn
(``data-ready-soon``, or ``data-ready`` on a site older than that mark, which
set it as soon as Python drew), once painted, when the table is seen; this is
the figure to compare across versions of the site (benchkit.READY_PROBE).

and prints the medians of N runs (default 5), the ratios to bare warm, and the
bytes of a first visit, raw and gzipped.

Each reload of the app's page (one with bots) waits until the bot worker of
the load before it has started (a second Pyodide, which takes a core for a few
seconds once the table is on screen), then the pause: so every load starts on
a page at rest, as the bare pages' reloads do. ``--reload-at-once`` reloads
after the pause only; the reload after a reload then competes with that
worker (on two cores, 1.35 to 2.24 s where it took 1.26 to 1.49 s six seconds
later: docs/performance.md).

Usage: python scripts/bench_startup.py [-n 5] [--no-build | --dist DIR] [--no-sw] [--page URL-PATH] [--markdown]
       [--reload-at-once]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
from pathlib import Path

from benchkit import (
    BARE_PYODIDE_PAGE,
    CACHE_SECONDS,
    SETTLE_MS,
    build,
    describe,
    drop_profile,
    ensure_dist,
    first_visit_bytes,
    fresh_profile,
    load_and_wait,
    load_average,
    median,
    new_persistent_context,
    overlay_site,
    retrying,
    wait_bot_worker,
    wait_controlled,
)

APP_PAGE = "index.html#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"
BARE_PAGE = "__bench_bare_pyodide.html"
# The bare page on the site's own Pyodide files (dist/pyodide/).
SAME_PAGE = "__bench_bare_same_assets.html"
SAME_ASSETS_PAGE = BARE_PYODIDE_PAGE.replace("./__stock_pyodide/", "./pyodide/")
# Time between loads, as a person would take before reloading; it also lets
# chromium write its caches (compiled code among them) after a load.
PAUSE_MS = 500
# How long the app's first visit may take to make its Python snapshot.
SNAPSHOT_WAIT_MS = 120_000
# What the app's start did with it: "used", "none", ... (null on the bare pages).
SNAPSHOT_STATE = "document.documentElement.getAttribute('data-python-snapshot')"


def one_profile(playwright, url: str, reloads: int, service_workers: bool, offline: bool = False,
                pause_ms: int = PAUSE_MS, snapshot: bool = False, bot_worker: bool = False) -> list[dict]:
    """The first visit, then ``reloads`` reloads (after the worker took control
    if ``service_workers``), then one more offline if ``offline``, and the
    page opened offline in a new tab once that tab is closed. With
    ``bot_worker``, each load but the last is followed by a wait until the
    page's bot worker has started, before the pause and the next load."""

    def settle() -> None:
        if bot_worker and not wait_bot_worker(page):
            raise RuntimeError(f"{url}: the bot worker did not start")

    profile = fresh_profile()
    try:
        context = new_persistent_context(playwright, profile, service_workers=service_workers)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.wait_for_timeout(SETTLE_MS)
            results = [load_and_wait(page, url)]
            results[0]["snapshot"] = page.evaluate(SNAPSHOT_STATE)
            if service_workers:
                wait_controlled(page)
                results[0]["storage"] = page.evaluate(
                    "navigator.storage.estimate().then(e => ({usage: e.usage, quota: e.quota}))")
            if snapshot:  # the app makes its Python snapshot 10 s after its first start (pyodide/start.mjs)
                page.wait_for_selector("html[data-python-snapshot-made]", state="attached", timeout=SNAPSHOT_WAIT_MS)
            for _ in range(reloads):
                settle()
                page.wait_for_timeout(pause_ms)
                results.append(load_and_wait(page, None))
                results[-1]["snapshot"] = page.evaluate(SNAPSHOT_STATE)
            if offline:
                settle()
                page.wait_for_timeout(pause_ms)
                context.set_offline(True)
                results.append(load_and_wait(page, None))
                page.wait_for_timeout(pause_ms)
                tab = context.new_page()
                page.close()
                tab.wait_for_timeout(pause_ms)
                results.append(load_and_wait(tab, url))
        finally:
            context.close()
    finally:
        drop_profile(profile)
    return results


def chromium_version() -> str:
    try:
        return subprocess.run([build.CHROMIUM_PATH, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "chromium ?"


def print_first_visit(dist) -> None:
    rows = first_visit_bytes(dist)
    raw = sum(r[1] for r in rows)
    gz = sum(r[2] for r in rows)
    print(f"\nFirst visit: {len(rows)} files (the service worker's precache list and sw.js), "
          f"{raw / 1e6:.2f} MB, {gz / 1e6:.2f} MB gzipped (level 6)")
    for name, size, packed in sorted(rows, key=lambda r: -r[1])[:6]:
        print(f"  {name:40s} {size / 1e6:6.2f} MB  gzip {packed / 1e6:6.2f} MB")
    rest = rows and sorted(rows, key=lambda r: -r[1])[6:]
    if rest:
        print(f"  {'(' + str(len(rest)) + ' others)':40s} {sum(r[1] for r in rest) / 1e6:6.2f} MB  "
              f"gzip {sum(r[2] for r in rest) / 1e6:6.2f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--dist", type=Path, help="time this built site instead of dist/ (implies --no-build)")
    parser.add_argument("--no-sw", action="store_true",
                        help="skip the service-worker profile (app sw, app sw 2, app offline)")
    parser.add_argument("--page", default=APP_PAGE, help=f"app page to time (default {APP_PAGE})")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="reload the app without waiting for its Python snapshot (made 10 s after the first start)")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    parser.add_argument("--reload-at-once", action="store_true",
                        help="reload the app after the pause only, not once its bot worker has started (a second "
                             "Pyodide that takes a core for a few seconds after each load: the next load then "
                             "competes with it, while the bare pages have none)")
    parser.add_argument("--pause-ms", type=int, default=PAUSE_MS,
                        help=f"wait between a load and the next (default {PAUSE_MS}); the app's bot worker "
                             "starts loading once the first table is ready and takes a core for about a second")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    dist = args.dist or ensure_dist(rebuild=not args.no_build)
    # The app's page reloads once its bot worker has started (when it has bots).
    settle_worker = not args.reload_at_once and "bot" in args.page
    print(f"before: {load_average(before=True)}", flush=True)
    print("the app reloads " + ("once its bot worker has started, then after the pause" if settle_worker
                                else f"{args.pause_ms} ms after it is ready"), flush=True)
    keys = ["app cold", "app warm", "app warm 2"]
    if not args.no_sw:
        keys += ["app sw cold", "app sw", "app sw 2", "app offline", "app offline tab"]
    keys += ["bare cold", "bare warm", "bare warm 2", "same cold", "same warm", "same warm 2"]
    times: dict[str, list[float]] = {k: [] for k in keys}
    sizes: dict[str, list[int]] = {k: [] for k in keys}
    workers: dict[str, list[int]] = {k: [] for k in keys}
    stages: dict[str, dict[str, list[float]]] = {k: {} for k in keys}
    paints: dict[str, dict[str, list[float]]] = {k: {"first paint": [], "first contentful paint": []} for k in keys}
    storage_seen: list[dict] = []
    snapshots: dict[str, list[str | None]] = {}
    with overlay_site(dist, {BARE_PAGE: BARE_PYODIDE_PAGE, SAME_PAGE: SAME_ASSETS_PAGE}) as site, \
            build.serving(site, cache_seconds=CACHE_SECONDS) as base, \
            sync_playwright() as playwright:
        # One untimed round first (OS file cache, first chromium start).
        for run in range(-1, args.runs):
            results = {}
            app = base + args.page
            (results["app cold"], results["app warm"], results["app warm 2"]) = retrying(
                lambda: one_profile(playwright, app, 2, service_workers=False, pause_ms=args.pause_ms,
                                    snapshot=not args.no_snapshot, bot_worker=settle_worker))
            if not args.no_sw:
                (results["app sw cold"], results["app sw"], results["app sw 2"], results["app offline"],
                 results["app offline tab"]) = retrying(
                    lambda: one_profile(playwright, app, 2, service_workers=True, offline=True, pause_ms=args.pause_ms,
                                        snapshot=not args.no_snapshot, bot_worker=settle_worker))
            (results["bare cold"], results["bare warm"], results["bare warm 2"]) = retrying(
                lambda: one_profile(playwright, base + BARE_PAGE, 2, service_workers=False,
                                    pause_ms=args.pause_ms))
            (results["same cold"], results["same warm"], results["same warm 2"]) = retrying(
                lambda: one_profile(playwright, base + SAME_PAGE, 2, service_workers=False,
                                    pause_ms=args.pause_ms))
            if run < 0:
                continue
            if "storage" in results.get("app sw cold", {}):
                storage_seen.append(results["app sw cold"])
            for key, stats in results.items():
                snapshots.setdefault(key, []).append(stats.get("snapshot"))
                times[key].append(stats["readyMs"])
                sizes[key].append(stats["transferred"])
                workers[key].append(stats["fromWorker"])
                for name, field in (("first paint", "firstPaintMs"), ("first contentful paint", "firstContentfulPaintMs")):
                    if stats.get(field) is not None:
                        paints[key][name].append(stats[field])
                if stats.get("paintedMs") is not None:
                    stages[key].setdefault("painted", []).append(stats["paintedMs"])
                for stage, at in stats["stages"].items():
                    stages[key].setdefault(stage, []).append(at)
            print(f"run {run + 1}/{args.runs}: "
                  + ", ".join(f"{k} {results[k]['readyMs'] / 1000:.2f}s" for k in keys), flush=True)

    med = {k: median(v) for k, v in times.items()}
    storage = [r["storage"] for r in storage_seen]
    print(f"\nTime from navigation start to <html data-ready>, median of {args.runs} runs")
    print(f"({chromium_version()}, headless; {platform.machine()}, {os.cpu_count()} cores; "
          f"served from 127.0.0.1 with max-age={CACHE_SECONDS}; after: {load_average()})")
    for key in keys:
        print(f"  {key:15s} {describe(times[key])}   transferred {median(sizes[key]) / 1e6:5.2f} MB"
              f"   from Cache Storage {median(workers[key]):.0f} of the requests")
    for key in keys:
        painted = stages[key].get("painted")
        marks = sorted((median(v), s) for s, v in stages[key].items() if s != "painted")
        if marks or painted:
            print(f"  {key:15s} stages (<html data-boot>, median): "
                  + "".join(f"{s} {at / 1000:.2f}s, " for at, s in marks)
                  + f"ready {med[key] / 1000:.2f}s"
                  + (f", the next frame painted {median(painted) / 1000:.2f}s" if painted else ""))
    print("Shell painted (ms after navigation start, median; min to max):")
    for key in keys:
        if key.startswith("app"):
            print(f"  {key:15s} " + ", ".join(
                f"{name} {median(v):.0f} ms ({min(v):.0f} to {max(v):.0f})" for name, v in paints[key].items() if v))
    bare = med["bare warm"]
    print(f"  app/bare     cold {med['app cold'] / med['bare cold']:.2f}x, "
          f"warm {med['app warm'] / bare:.2f}x, warm 2 {med['app warm 2'] / med['bare warm 2']:.2f}x")
    same = med["same warm"]
    print("  python snapshot (pyodide/start.mjs), per load: "
          + "; ".join(f"{key} {', '.join(str(state) for state in states)}"
                      for key, states in snapshots.items() if key.startswith("app")))
    print(f"  app/same     cold {med['app cold'] / med['same cold']:.2f}x, "
          f"warm {med['app warm'] / same:.2f}x, warm 2 {med['app warm 2'] / med['same warm 2']:.2f}x"
          + (f", app sw {med['app sw'] / same:.2f}x, app offline {med['app offline'] / same:.2f}x"
             if not args.no_sw else "") + "  (the bare page on the same assets)")
    # Like for like: each page charged the one frame after its content is set
    # (data-ready on the bare pages is set at once, the app's after a frame).
    painted = {k: median(stages[k]["painted"]) for k in keys if stages[k].get("painted")}
    if all(k in painted for k in ("app cold", "app warm", "app warm 2", "same cold", "same warm", "same warm 2")):
        print(f"  app/same     the next frame painted: cold {painted['app cold'] / painted['same cold']:.2f}x, "
              f"warm {painted['app warm'] / painted['same warm']:.2f}x, "
              f"warm 2 {painted['app warm 2'] / painted['same warm 2']:.2f}x")
    if not args.no_sw:
        print(f"  /bare warm   app sw {med['app sw'] / bare:.2f}x, app sw 2 {med['app sw 2'] / bare:.2f}x, "
              f"app offline {med['app offline'] / bare:.2f}x, app offline tab {med['app offline tab'] / bare:.2f}x, "
              f"app warm {med['app warm'] / bare:.2f}x")
        print(f"  worker/HTTP  app sw / app warm {med['app sw'] / med['app warm']:.2f}x, "
              f"app sw 2 / app warm 2 {med['app sw 2'] / med['app warm 2']:.2f}x")
    if storage:
        print(f"  storage      after the worker's install: {median([x['usage'] for x in storage]) / 1e6:.1f} MB used "
              f"of a {median([x['quota'] for x in storage]) / 1e9:.1f} GB quota (navigator.storage.estimate)")
    print_first_visit(dist)
    if args.markdown:
        print("\n| page | load | median | / bare warm | / same warm | the next frame painted |\n|---|---|---|---|---|---|")
        for key in keys:
            painted = stages[key].get("painted")
            print(f"| {key.split()[0]} | {' '.join(key.split()[1:])} | {med[key] / 1000:.2f} s | "
                  f"{med[key] / bare:.2f}x | {med[key] / same:.2f}x | {f'{median(painted) / 1000:.2f} s' if painted else ''} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
