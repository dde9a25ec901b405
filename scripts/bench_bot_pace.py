#!/usr/bin/env python3
"""The bots' pace at the table, in the browser: seconds between two bot moves.

Serves dist/ on 127.0.0.1 and opens, for each game, a table where every seat
is a bot (``#/new/GAME?players=N&seats=bot,...&seed=S``, no ``fast`` flag) in
headless chromium with the settings at their defaults, except that result
panels are not shown (``pause`` "0": their wait is a setting of its own, and
it would count here as a slow move). The app notes, with ``performance.now()``,
the moment each automatic move is drawn in ``window.coalitionsPaceLog``
(app/bots.py report_move), which this script defines before any page script
runs; the gaps between consecutive moves are the pace. It also counts the
main thread's long tasks (over 50 ms, PerformanceObserver "longtask") while
the bots play: the bots think in the worker, and the pace is a timer.

Prints per game the number of gaps, their median and their range, then the
median over all games.

Usage: python scripts/bench_bot_pace.py [--moves 20] [--speed normal] [--no-build]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from benchkit import build, ensure_dist, load_average, READY_PROBE

TABLES = (("election-day", 4), ("koalition", 4), ("alliances", 3), ("die-macher", 4), ("coalition-chess", 4))
PROBE = """window.coalitionsPaceLog = [];
window.__longTasks = [];
try {
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({type: "longtask", buffered: true});
} catch (e) {}"""


def settings_script(speed: str) -> str:
    value = json.dumps(json.dumps({"pause": "0", "bot_speed": speed}))
    return f"localStorage.setItem('coalitions:settings', {value});"


def measure(page, base: str, game_id: str, players: int, seed: int, moves: int) -> tuple[list[float], list[float]]:
    """(gaps in seconds between the first `moves` automatic moves, long tasks in ms meanwhile)."""
    url = f"{base}index.html#/new/{game_id}?players={players}&seats={','.join(['bot'] * players)}&seed={seed}"
    page.goto("about:blank")
    page.goto(url, wait_until="commit")  # (an all-bot table is never idle: no data-ready to wait for)
    page.wait_for_function(f"window.coalitionsPaceLog.length >= {moves} || "
                           "document.documentElement.hasAttribute('data-game-over')", timeout=300_000, polling=100)
    times = [float(t) for t in page.evaluate("window.coalitionsPaceLog")][:moves]
    first, last = times[0], times[-1]
    tasks = [float(d) for start, d in page.evaluate("window.__longTasks") if first <= start <= last]
    return [(b - a) / 1000 for a, b in zip(times, times[1:])], tasks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="bot moves timed per game (default 20)")
    parser.add_argument("--speed", default="normal", help="the bot speed setting (default: normal, the default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    dist = ensure_dist(rebuild=not args.no_build)
    print(load_average(before=True), flush=True)
    from playwright.sync_api import sync_playwright

    every: list[float] = []
    long_tasks: list[float] = []
    with build.serving(dist) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        context = browser.new_context(viewport={"width": 1280, "height": 800})  # motion as the system allows
        context.add_init_script(READY_PROBE)
        context.add_init_script(PROBE)
        context.add_init_script(settings_script(args.speed))
        page = context.new_page()
        for game_id, players in TABLES:
            gaps, tasks = measure(page, base, game_id, players, args.seed, args.moves)
            every += gaps
            long_tasks += tasks
            print(f"{game_id}, {players} bots: {len(gaps)} gaps, median {statistics.median(gaps):.2f} s, "
                  f"min {min(gaps):.2f} s, max {max(gaps):.2f} s; long tasks meanwhile: {len(tasks)}"
                  + (f" (max {max(tasks):.0f} ms)" if tasks else ""), flush=True)
        browser.close()
    print(load_average())
    print(f"all: {len(every)} gaps between bot moves (bot speed {args.speed!r}), median {statistics.median(every):.2f} s, "
          f"min {min(every):.2f} s; main-thread tasks over 50 ms: {len(long_tasks)}"
          + (f", the longest {max(long_tasks):.0f} ms" if long_tasks else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
