#!/usr/bin/env python3
"""Lighthouse's mobile performance audit of the home page and of a game's table.

Serves dist/ with build.py's server (gzip, max-age=600: as GitHub Pages sends
it) and runs Lighthouse, the npm dev dependency pinned in package.json
(``npm ci``), against Debian's chromium (CHROME_PATH, default
/usr/bin/chromium; headless, --no-sandbox) with its default mobile preset:
simulated slow 4G and a 4x slower CPU, each run in a fresh profile (empty
cache, no service worker yet). The pages are audited in turn, N times each
(default 3), and the medians printed: the performance score, total blocking
time, time to interactive, first and largest contentful paint, speed index,
and the longest main-thread tasks with what ran in them (Lighthouse's
long-tasks and bootup-time audits), which is where the blocking time goes.

Usage: python scripts/bench_lighthouse.py [-n 3] [--no-build | --dist DIR] [--json-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchkit import CACHE_SECONDS, ROOT, build, ensure_dist, load_average, median

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "home": "index.html#/",
    "table": "index.html#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7",
}
METRICS = (
    ("total-blocking-time", "total blocking time"),
    ("interactive", "time to interactive"),
    ("first-contentful-paint", "first contentful paint"),
    ("largest-contentful-paint", "largest contentful paint"),
    ("speed-index", "speed index"),
)


def audit(url: str, out: Path) -> dict:
    """One Lighthouse run of ``url``; its JSON report (also written to ``out``)."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", build.CHROMIUM_PATH)}
    command = [
        str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json", f"--output-path={out}",
        "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage", "--quiet", "--max-wait-for-load=90000",
    ]
    subprocess.run(command, env=env, check=True, timeout=600)
    return json.loads(out.read_text("utf-8"))


def summary(report: dict) -> dict:
    audits = report["audits"]
    found = {"score": report["categories"]["performance"]["score"]}
    for key, _ in METRICS:
        found[key] = audits.get(key, {}).get("numericValue")
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    found["longest tasks"] = sorted(((t.get("duration", 0), t.get("url", "")) for t in tasks), reverse=True)[:3]
    boot = (audits.get("bootup-time", {}).get("details") or {}).get("items") or []
    found["scripts"] = [(item.get("url", ""), item.get("scripting", 0)) for item in boot[:3]]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--dist", type=Path, help="audit this built site (implies --no-build)")
    parser.add_argument("--json-dir", type=Path, help="keep each run's report here")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run npm ci", file=sys.stderr)
        return 1

    dist = args.dist or ensure_dist(rebuild=not args.no_build)
    print(f"before: {load_average(before=True)}", flush=True)
    results: dict[str, list[dict]] = {name: [] for name in PAGES}
    with tempfile.TemporaryDirectory(prefix="coalitions-lighthouse-") as tmp, \
            build.serving(dist, cache_seconds=CACHE_SECONDS) as base:
        folder = args.json_dir or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for run in range(args.runs):
            for name, page in PAGES.items():  # in turn, so that the machine's load falls on both
                found = summary(audit(base + page, folder / f"{name}-{run + 1}.json"))
                results[name].append(found)
                print(f"run {run + 1}/{args.runs} {name}: performance {found['score']:.2f},"
                      f" total blocking time {found['total-blocking-time'] / 1000:.2f} s,"
                      f" time to interactive {found['interactive'] / 1000:.1f} s", flush=True)
    version = json.loads((ROOT / "node_modules" / "lighthouse" / "package.json").read_text())["version"]
    print(f"\nLighthouse {version}, mobile preset (simulated slow 4G, 4x CPU slowdown), median of {args.runs} runs"
          f" (after: {load_average()})")
    for name, runs in results.items():
        print(f"  {name} ({PAGES[name]}): performance {median([r['score'] for r in runs]):.2f}"
              f" (min {min(r['score'] for r in runs):.2f}, max {max(r['score'] for r in runs):.2f})")
        for key, label in METRICS:
            values = [r[key] for r in runs if r[key] is not None]
            if values:
                print(f"    {label:26s} {median(values) / 1000:6.2f} s")
        last = runs[-1]
        print("    longest main-thread tasks (last run): "
              + ", ".join(f"{ms / 1000:.2f} s {url.rsplit('/', 1)[-1] or url}" for ms, url in last["longest tasks"]))
        print("    script time (last run): "
              + ", ".join(f"{url.rsplit('/', 1)[-1] or url} {ms / 1000:.2f} s" for url, ms in last["scripts"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
