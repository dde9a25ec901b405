#!/usr/bin/env python3
"""Main-thread long tasks while bots play, and what the bot worker costs.

Serves dist/ on 127.0.0.1 and, in headless chromium (Playwright, Debian's
/usr/bin/chromium), plays as the one human a Koalition game for 6 and an
Alliances game for 4: after the table first becomes interactive
(``html[data-ready][data-route=play]``), clicks a random ``[data-action]``
button each time the page is ready again (a random ``[data-step]`` of a move
built in steps when no action is offered), K times (or to the end of the game).
A ``PerformanceObserver`` for ``longtask`` entries (tasks over 50 ms on the
page's main thread), installed before any page script runs, records every long
task; the script prints, per game, how many started after the table first
became interactive, the longest and their total. It also defines
``window.coalitionsBench``, where the app pushes the time of each bot decision
(computed on the page's thread, or from request to answer when the bot worker
decides), and prints their count, total and longest.

Then it measures the bot worker (static/bot-worker.js) on an idle page: the
time from ``new Worker(...)`` to its ``{ready: true}`` message, and the round
trip of one decision (post the request, get the reply; median over N bot
positions taken along a seeded game) for Koalition-6 and Alliances-4 views.

Usage: python scripts/bench_longtasks.py [--clicks K] [--seed N] [--fast]
                                         [--no-build | --dist PATH] [--skip-play] [--skip-worker]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from benchkit import build, ensure_dist, load_average

READY_TIMEOUT_MS = 120_000

# Before any page script: every long task, and when the table is first interactive.
PROBE = """
(() => {
  window.__longTasks = [];
  window.coalitionsBench = [];  // the app pushes each main-thread bot decision's ms here
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    window.__longTasks = null;  // not supported
  }
  const mark = () => {
    const html = document.documentElement;
    if (html && html.hasAttribute("data-ready") && html.getAttribute("data-route") === "play") {
      window.__interactiveAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (mark()) observer.disconnect(); });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-route"] });
})();
"""

PLAY_READY = 'html[data-ready][data-route="play"]'

GAMES = [
    ("Koalition, 6 players", "koalition", "players=6&seats=human,bot,bot,bot,bot,bot"),
    ("Alliances, 4 players", "alliances", "players=4&seats=human,bot,bot,bot"),
]

WORKER_START = """async ([wheel]) => {
  const started = performance.now();
  const worker = new Worker("./static/bot-worker.js", { type: "module" });
  window.__botWorker = worker;
  const ready = await new Promise((resolve, reject) => {
    worker.addEventListener("message", (e) => { if ("ready" in e.data) resolve(e.data); });
    worker.addEventListener("error", (e) => reject(new Error("worker error: " + e.message)));
    worker.postMessage({ type: "init", wheel });
  });
  if (!ready.ready) throw new Error(ready.error);
  return { pageMs: performance.now() - started, workerMs: ready.ms };
}"""

ROUND_TRIPS = """async (requests) => {
  const worker = window.__botWorker;
  const times = [];
  for (const request of requests) {
    const started = performance.now();
    const reply = await new Promise((resolve) => {
      const on = (e) => {
        if (e.data.id === request.id) { worker.removeEventListener("message", on); resolve(e.data); }
      };
      worker.addEventListener("message", on);
      worker.postMessage(request);
    });
    if (reply.error) throw new Error(reply.error);
    times.push(performance.now() - started);
  }
  return times;
}"""


def play(context, base: str, game_id: str, query: str, seed: int, clicks: int, fast: bool) -> dict:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = f"{base}index.html#/new/{game_id}?{query}&seed={seed}" + ("&fast=1" if fast else "")
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(PLAY_READY, state="attached", timeout=READY_TIMEOUT_MS)
    interactive_at = page.evaluate("window.__interactiveAt")
    rng = random.Random(seed)
    made = 0
    play_started = time.monotonic()
    while made < clicks:
        page.wait_for_selector(PLAY_READY, state="attached", timeout=READY_TIMEOUT_MS)
        if page.locator("html[data-game-over]").count():
            break
        actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.getAttribute('data-action'))")
        if not actions:  # a move built in steps (a card, then its choice): its first step
            steps = page.eval_on_selector_all("[data-step]", "els => els.map(e => e.getAttribute('data-step'))")
            if not steps:
                raise RuntimeError(f"{game_id}: nothing to click and the game is not over")
            page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
            continue
        page.locator(f'[data-action="{rng.choice(actions)}"]').first.click()
        made += 1
    page.wait_for_selector(PLAY_READY, state="attached", timeout=READY_TIMEOUT_MS)
    played_s = time.monotonic() - play_started
    tasks = page.evaluate("window.__longTasks")
    decisions = [float(ms) for ms in page.evaluate("window.coalitionsBench || []")]
    if errors:
        raise RuntimeError(f"{game_id}: page errors: {errors}")
    page.close()
    if tasks is None:
        raise RuntimeError("this chromium does not report long tasks")
    after = [duration for start, duration in tasks if start >= interactive_at]
    return {
        "clicks": made,
        "interactive_ms": interactive_at,
        "played_s": played_s,
        "load_s": play_started - started,
        "before": len(tasks) - len(after),
        "count": len(after),
        "longest": max(after, default=0.0),
        "total": sum(after),
        # when each one started, in ms after the table was first interactive, and how long it took
        "when": [(round(start - interactive_at), round(duration)) for start, duration in tasks if start >= interactive_at],
        "decisions": len(decisions),
        "decisions_total": sum(decisions),
        "decisions_longest": max(decisions, default=0.0),
    }


def bot_positions(game_id: str, players: int, seed: int, count: int):
    """`count` successive bot turns of an all-bot game, from its 10th move on."""
    from app.flow import bot_job
    from coalitions.core.match import Match
    from coalitions.core.records import make_players

    match = Match.new(game_id, make_players(["bot"] * players), seed=seed)
    turns = []
    while len(turns) < count and not match.is_over():
        turn = bot_job(match)
        if turn is not None and turn.step >= 10:
            turns.append(turn)
        match.step()
    return turns


def measure_worker(context, base: str, wheel: str, seed: int, positions: int) -> dict:
    from app.botworker import encode_view, request

    page = context.new_page()
    page.goto(base + "index.html#/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(1000)  # let the page settle: the worker starts on an idle page
    start = page.evaluate(WORKER_START, [wheel])
    results = {"start": start}
    next_id = 0
    for label, game_id, players in (("Koalition-6", "koalition", 6), ("Alliances-4", "alliances", 4)):
        turns = bot_positions(game_id, players, seed, positions + 1)
        requests = []
        for turn in turns:
            next_id += 1
            requests.append(request(next_id, *turn.args()))
        times = page.evaluate(ROUND_TRIPS, requests)[1:]  # the first is a warm-up
        sizes = [len(encode_view(t.view)) for t in turns]
        results[label] = {"median": statistics.median(times), "min": min(times), "max": max(times),
                          "n": len(times), "view_bytes": statistics.median(sizes)}
    page.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40, help="human clicks per game (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed (default 1)")
    parser.add_argument("--fast", action="store_true", help="no pause between bot moves (&fast=1)")
    parser.add_argument("--positions", type=int, default=20, help="decisions timed per game (default 20)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--dist", type=Path, help="serve this built site instead of dist/ (no build)")
    parser.add_argument("--skip-play", action="store_true", help="only measure the worker")
    parser.add_argument("--skip-worker", action="store_true", help="only count long tasks")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(build.PY_SRC))
    dist = args.dist.resolve() if args.dist else ensure_dist(rebuild=not args.no_build)
    wheels = sorted(dist.glob("coalitions-*-py3-none-any.whl"))
    if len(wheels) != 1:
        print(f"{dist}: expected one coalitions wheel, found {[w.name for w in wheels]}", file=sys.stderr)
        return 1
    print(load_average(before=True), flush=True)
    from playwright.sync_api import sync_playwright

    with build.serving(dist, cache_seconds=600) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        if not args.skip_play:
            print(f"\nMain-thread long tasks (> 50 ms) after the table is first interactive, "
                  f"{args.clicks} clicks, seed {args.seed}{', fast' if args.fast else ''}:")
            print(f"{'game':<22} {'clicks':>6} {'tasks':>6} {'longest':>9} {'total':>9} {'played':>7}  "
                  f"(interactive at, long tasks before; bot decisions the app timed: n, total, longest)")
            for label, game_id, query in GAMES:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.add_init_script(PROBE)
                r = play(context, base, game_id, query, args.seed, args.clicks, args.fast)
                context.close()
                print(f"{label:<22} {r['clicks']:>6} {r['count']:>6} {r['longest']:>6.0f} ms {r['total']:>6.0f} ms "
                      f"{r['played_s']:>5.1f} s  ({r['interactive_ms']:.0f} ms, {r['before']}; {r['decisions']}, "
                      f"{r['decisions_total']:.0f} ms, {r['decisions_longest']:.0f} ms)", flush=True)
                if r["when"]:
                    print("    started at (ms after interactive) / lasted: "
                          + ", ".join(f"{at}/{ms}" for at, ms in r["when"]), flush=True)
        if not args.skip_worker:
            context = browser.new_context()
            w = measure_worker(context, base, wheels[0].name, args.seed, args.positions)
            context.close()
            start = w["start"]
            print(f"\nBot worker start, new Worker() to ready: {start['pageMs']:.0f} ms "
                  f"(inside the worker: {start['workerMs']:.0f} ms)")
            for label in ("Koalition-6", "Alliances-4"):
                r = w[label]
                print(f"Round trip of one decision, {label}: median {r['median']:.1f} ms "
                      f"(min {r['min']:.1f}, max {r['max']:.1f}, n={r['n']}; view {r['view_bytes']:.0f} bytes of JSON)")
        browser.close()
    print("\n" + load_average(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
