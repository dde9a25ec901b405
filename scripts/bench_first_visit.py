#!/usr/bin/env python3
"""First useful paint of a first visit: how soon the home page is readable.

The home page is drawn at build time into index.html, and each rules page
into a file of its own (buildtools/prerender.py), so a first visit shows them
with the first paint (a rules page once its file arrives), while the Python
runtime (about 15 MB) is still downloading.  This script
serves dist/ with build.py's server (max-age=600, as GitHub Pages sends),
opens ``index.html#/`` in a fresh chromium profile with no service worker and
an empty cache, over a network throttled through the DevTools protocol (by
default 5 Mbit/s down, 40 ms latency; ``--mbps 0`` for no throttling), and
records, in ms after navigation start:

  useful paint  the first contentful paint, checked to hold the home page:
                the home's "Games" heading was in the page before it (a
                MutationObserver notes when it arrives);
  lcp           the largest contentful paint up to then;
  ready         ``<html data-ready>``: Python has started and taken the page
                over, which is when the home page used to appear (a spinner
                before);

and prints the medians of N runs (default 3).

Then it prints what a first visit downloads, compressed as a static host sends
it (gzip per file, as build.py serve and GitHub Pages): every file the page
and its bot worker request from opening a game's table (TABLE) until the worker
has started and answers, each counted once at its gzipped size, and the files
the service worker precaches beyond those (it downloads them during the same
first visit).  ``--bytes-only`` prints only that.

Usage: python scripts/bench_first_visit.py [-n 3] [--mbps 5] [--latency 40] [--bytes-only] [--no-build | --dist DIR]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

from benchkit import CACHE_SECONDS, READY_PROBE, WORKER_STARTED, build, ensure_dist, fresh_profile, drop_profile, load_average, median
from buildtools import serve

PAGE = "index.html#/"

PAINT_PROBE = """
(() => {
  window.__lcp = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__lcp.push([e.startTime, e.element ? e.element.tagName : ""]);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (e) {}
  const seen = () => {
    if (window.__homeAt === undefined && document.querySelector("#app [data-home] #games-title")) {
      window.__homeAt = performance.now();
      return true;
    }
    return false;
  };
  if (!seen()) {
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true });
  }
})();
"""

STATS = """
() => ({
  ready: window.__readyAt,
  home: window.__homeAt,
  fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
  lcp: window.__lcp.length ? window.__lcp[window.__lcp.length - 1][0] : null,
  bytes: Number(document.documentElement.getAttribute("data-boot-bytes") || 0),
})
"""


def one_visit(playwright, url: str, mbps: float, latency: int) -> dict:
    profile = fresh_profile()
    try:
        context = playwright.chromium.launch_persistent_context(
            str(profile), service_workers="block", **build.chromium_launch_options())
        try:
            context.add_init_script(READY_PROBE)
            context.add_init_script(PAINT_PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            if mbps > 0:
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", {
                    "offline": False, "latency": latency,
                    "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": mbps * 1e6 / 8,
                })
            page.goto(url, wait_until="commit")
            page.wait_for_function("window.__readyAt !== undefined", timeout=600_000, polling=100)
            stats = page.evaluate(STATS)
        finally:
            context.close()
    finally:
        drop_profile(profile)
    if stats["home"] is None or stats["fcp"] is None or stats["home"] > stats["fcp"]:
        raise RuntimeError(f"the first paint came before the home page: {stats}")
    return stats


TABLE = "index.html#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"
# --all-games: a table of each game (each game's own modules are a part of their own).
GAME_TABLES = {
    "election-day": TABLE,
    "koalition": "index.html#/new/koalition?players=4&seats=human,bot,bot,bot&seed=7",
    "alliances": "index.html#/new/alliances?players=4&seats=human,bot,bot,bot&seed=7",
    "coalition-chess": "index.html#/new/coalition-chess?players=4&seats=human,bot,bot,bot&seed=7",
    "die-macher": "index.html#/new/die-macher?players=4&seats=human,bot,bot,bot&seed=7",
    "home": PAGE,  # no bot worker: until nothing more is requested
}

def gzipped_size(path: Path, cache: dict[Path, int]) -> int:
    if path not in cache:
        cache[path] = len(serve.gzipped(str(path)))
    return cache[path]


def first_visit_files(playwright, dist: Path, base: str, table: str = TABLE) -> list[str]:
    """Paths (relative to the site) the page and its bot worker request, from
    opening ``table`` with an empty cache until the worker answers."""
    profile = fresh_profile()
    try:
        context = playwright.chromium.launch_persistent_context(
            str(profile), service_workers="block", **build.chromium_launch_options())
        try:
            asked: list[str] = []
            context.on("requestfinished", lambda request: asked.append(request.url))
            context.add_init_script(READY_PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(base + table, wait_until="commit")
            page.wait_for_function("window.__readyAt !== undefined", timeout=600_000, polling=100)
            # A site from before the worker's probe channel never answers: there,
            # the visit is over when nothing more is requested for three probes (6 s).
            quiet, seen = 0, -1
            for _ in range(300):
                if page.evaluate(WORKER_STARTED):
                    break
                quiet, seen = (quiet + 1, seen) if len(asked) == seen else (0, len(asked))
                if quiet >= 3:
                    break
            else:
                raise RuntimeError("the bot worker did not start")
        finally:
            context.close()
    finally:
        drop_profile(profile)
    paths = []
    for url in asked:
        if url.startswith(base):
            path = url[len(base):].split("#")[0].split("?")[0] or "index.html"
            if (dist / path).is_file() and path not in paths:
                paths.append(path)
    return paths


def report_bytes(playwright, dist: Path, base: str, table: str = TABLE) -> None:
    sizes: dict[Path, int] = {}
    files = first_visit_files(playwright, dist, base, table)
    precached = [name for name in build.precache_files(dist) if name not in files]
    loaded = sum(gzipped_size(dist / name, sizes) for name in files)
    extra = sum(gzipped_size(dist / name, sizes) for name in precached)
    raw = sum((dist / name).stat().st_size for name in files + precached)
    print(f"\nFirst visit to {table} until the bot worker answers (gzip per file, level {serve.GZIP_LEVEL}):")
    for name in sorted(files, key=lambda n: -sizes[dist / n])[:8]:
        print(f"  {sizes[dist / name] / 1e6:7.3f} MB  {name}")
    print(f"  page and worker: {len(files)} files, {loaded / 1e6:.3f} MB compressed")
    print(f"  precached by the service worker besides: {len(precached)} files, {extra / 1e6:.3f} MB")
    print(f"  first visit in all: {(loaded + extra) / 1e6:.2f} MB compressed ({raw / 1e6:.1f} MB uncompressed,"
          f" {len(files) + len(precached)} files)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=3)
    parser.add_argument("--mbps", type=float, default=5.0, help="download speed in Mbit/s (0: not throttled)")
    parser.add_argument("--latency", type=int, default=40, help="added round-trip latency in ms")
    parser.add_argument("--bytes-only", action="store_true", help="only print what a first visit downloads")
    parser.add_argument("--all-games", action="store_true", help="with --bytes-only: a table of each game")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--dist", type=Path, help="time this built site (implies --no-build)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    dist = args.dist or ensure_dist(rebuild=not args.no_build)
    print(f"before: {load_average(before=True)}", flush=True)
    runs = []
    with build.serving(dist, cache_seconds=CACHE_SECONDS) as base, sync_playwright() as playwright:
        if args.bytes_only:
            for table in GAME_TABLES.values() if args.all_games else [TABLE]:
                report_bytes(playwright, dist, base, table)
            return 0
        for run in range(args.runs):
            stats = one_visit(playwright, base + PAGE, args.mbps, args.latency)
            runs.append(stats)
            print(f"run {run + 1}/{args.runs}: useful paint {stats['fcp']:.0f} ms, lcp {stats['lcp'] or 0:.0f} ms,"
                  f" ready {stats['ready'] / 1000:.2f} s", flush=True)
    network = f"{args.mbps:g} Mbit/s, {args.latency} ms latency" if args.mbps > 0 else "not throttled"
    print(f"\nFirst visit of {PAGE} ({network}; empty cache, no service worker), median of {args.runs} runs")
    print(f"({platform.machine()}, {os.cpu_count()} cores; after: {load_average()})")
    for key, label in (("fcp", "useful paint (home readable)"), ("lcp", "largest contentful paint"),
                       ("ready", "Python ready (data-ready)")):
        values = [r[key] for r in runs if r[key] is not None]
        print(f"  {label:30s} {median(values):8.0f} ms  (min {min(values):.0f}, max {max(values):.0f})")
    with build.serving(dist, cache_seconds=CACHE_SECONDS) as base, sync_playwright() as playwright:
        report_bytes(playwright, dist, base)
    return 0


if __name__ == "__main__":
    sys.exit(main())
