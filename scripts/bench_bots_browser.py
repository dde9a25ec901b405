#!/usr/bin/env python3
"""How long a bot takes to decide, in the browser.

Serves dist/ on 127.0.0.1, opens tables where every seat is a bot
(``#/new/GAME?players=N&seats=bot,...&seed=S&fast=1``) in headless chromium and
lets the bots play each game to the end.  The app times every bot decision
(``Match.pending()``: the seat's view is built and the bot chooses) with
``performance.now()`` and pushes it to ``window.coalitionsBench`` when a page
defines that array, which this script does before any page script runs.  Forced
moves (a player with no cards passes) are not counted. A decision asked for
while the page's bot worker is still loading Pyodide waits for that load: it
is not counted with the others but printed apart ("while the worker loaded").

Prints, per player count, the number of decisions, the median, the 95th
percentile and the slowest decision in milliseconds, and where the slowest
decisions came (the game's seed and the decision's number in that game: the
first decision of a page also loads the level's modules).

With ``--level LEVEL`` every seat plays that level (``&levels=...``) and
``--players N`` measures one player count only.

Usage: python scripts/bench_bots_browser.py [--game election-day] [-n GAMES] [--level hard] [--players 4]
[--no-build]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from benchkit import build, ensure_dist, load_average, load_and_wait, READY_PROBE

BENCH_INIT = "window.coalitionsBench = []; window.coalitionsBenchLoading = [];"
GAME_OVER_TIMEOUT_MS = 300_000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_game(page, base: str, game_id: str, players: int, seed: int,
             level: str = "") -> tuple[list[float], list[float]]:
    """The times of the game's bot decisions: those made by a loaded worker,
    and those asked for while it was loading."""
    seats = ",".join(["bot"] * players)
    url = f"{base}index.html#/new/{game_id}?players={players}&seats={seats}&seed={seed}&fast=1"
    if level:
        url += "&levels=" + ",".join([level] * players)
    page.goto("about:blank")
    load_and_wait(page, url)
    page.wait_for_selector("html[data-game-over]", state="attached", timeout=GAME_OVER_TIMEOUT_MS)
    return ([float(ms) for ms in page.evaluate("window.coalitionsBench")],
            [float(ms) for ms in page.evaluate("window.coalitionsBenchLoading")])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="election-day")
    parser.add_argument("-n", type=int, default=5, help="games per player count (default 5)")
    parser.add_argument("--level", default="", help="the bot level at every seat (default: the game's default)")
    parser.add_argument("--players", type=int, help="one player count only")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(build.PY_SRC))
    from coalitions.registry import get_game

    game = get_game(args.game)
    dist = ensure_dist(rebuild=not args.no_build)
    print(load_average(before=True), flush=True)
    from playwright.sync_api import sync_playwright

    rows = []
    with build.serving(dist) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        context = browser.new_context(reduced_motion="reduce")
        context.add_init_script(READY_PROBE)
        context.add_init_script(BENCH_INIT)
        page = context.new_page()
        counts = [args.players] if args.players else range(game.min_players, game.max_players + 1)
        for players in counts:
            times: list[float] = []
            where: list[tuple[float, int, int]] = []
            loading: list[float] = []
            for seed in range(args.n):
                game_times, waited = bot_game(page, base, game.id, players, seed, args.level)
                times += game_times
                loading += waited
                where += [(ms, seed, k) for k, ms in enumerate(game_times)]
            rows.append((players, times))
            print(
                f"{game.id}{' ' + args.level if args.level else ''}, {players} players, {args.n} games: "
                f"{len(times)} bot decisions, "
                f"median {statistics.median(times):.1f} ms, 95th percentile {percentile(times, 0.95):.1f} ms, "
                f"max {max(times):.1f} ms",
                flush=True,
            )
            slowest = sorted(where, reverse=True)[:3]
            print("  slowest: " + ", ".join(f"{ms:.0f} ms (seed {seed}, decision {k + 1} of its game)"
                                            for ms, seed, k in slowest), flush=True)
            if loading:
                print(f"  while the worker loaded: {len(loading)} decisions, "
                      + ", ".join(f"{ms:.0f} ms" for ms in loading), flush=True)
        browser.close()
    print(load_average())
    every = [t for _, ts in rows for t in ts]
    print(f"all: {len(every)} decisions, median {statistics.median(every):.1f} ms, max {max(every):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
