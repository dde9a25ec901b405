#!/usr/bin/env python3
"""Write stdlib-modules.txt: the files of Pyodide's python_stdlib.zip that the
site imports, which build.py ships as bytecode (the rest stay as sources).

Builds dist/ (unless --no-build), serves it and opens, in headless chromium,
the home page and, for every game, its rules page, its first walkthrough and a
table of bots played to the end (the most players the game allows).  Each page
is asked which standard-library modules Python has imported
(``window.coalitionsProbe.stdlibModules()``, which py/main.py provides when a
page defines ``window.coalitionsProbe``), and so is the bot worker (on its
probe channel); the union is written, sorted, without the modules frozen into
Pyodide's interpreter (os, io, codecs...: never read from the zip).

Only these files are in the site's python_stdlib.zip; any other module is
fetched with the whole library the first time it is imported (py/app/stdlib.py),
so a missing one costs a download, not a failure.

Run it again after upgrading Pyodide or when the app starts importing other
modules of the standard library: tests/browser/test_app.py and
test_first_visit.py (every game, every bot level, page and worker) fail when
one that is not listed is imported.

Usage: python scripts/list_stdlib_modules.py [--no-build] [--check]
"""

from __future__ import annotations

import argparse
import json
import sys

from benchkit import READY_PROBE, build, ensure_dist, load_and_wait

PROBE_INIT = "window.coalitionsProbe = {};"
# The bot worker answers on this channel with its own imports (static/bot-worker.js).
WORKER_PROBE = """() => new Promise((resolve) => {
  const channel = new BroadcastChannel("coalitions-bot-worker-probe");
  const timer = setTimeout(() => { channel.close(); resolve(null); }, 3000);
  channel.onmessage = (event) => { clearTimeout(timer); channel.close(); resolve(event.data); };
  channel.postMessage({ type: "stdlib-modules" });
})"""
GAME_OVER_TIMEOUT_MS = 300_000
# Shipped although the pages visited here need not import them, so that these
# paths work offline and without fetching the whole library: the registry's
# scan of every game folder (an unknown game's id: pkgutil and, with it, the
# zip directory's code page), and a digest (writing a walkthrough, a seed given
# as text: hashlib). They were imported by the home page while it listed the
# games from their packages (before app/catalogue.py).
KEPT = ("encodings/cp437.py", "hashlib.py", "pkgutil.py")
HEADER = """\
# Files of Pyodide's python_stdlib.zip that build.py ships as bytecode: what the
# app imports to start and to play every game. Written by
# scripts/list_stdlib_modules.py; do not edit by hand.
"""


def pages(base: str) -> list[tuple[str, str | None]]:
    """(URL, selector to wait for after data-ready, or None)."""
    sys.path.insert(0, str(build.PY_SRC))
    from app import routes
    from coalitions.registry import all_games

    found = [(base + "index.html" + routes.home(), None)]
    for game in all_games():
        seats = ",".join(["bot"] * game.max_players)
        found.append((base + "index.html" + routes.new_game(
            game.id, f"players={game.max_players}&seats={seats}&seed=1&fast=1"), "html[data-game-over]"))
        found.append((base + "index.html" + routes.rules(game.id), None))
        walkthroughs = game.walkthroughs()
        if walkthroughs:
            found.append((base + "index.html" + routes.walkthrough(game.id, next(iter(walkthroughs))), None))
    return found


def imported(playwright, base: str) -> set[str]:
    browser = playwright.chromium.launch(**build.chromium_launch_options())
    try:
        context = browser.new_context()
        context.add_init_script(READY_PROBE)
        context.add_init_script(PROBE_INIT)
        page = context.new_page()
        names: set[str] = set()
        for url, wait_for in pages(base):
            page.goto("about:blank")
            load_and_wait(page, url)
            if wait_for:
                page.wait_for_selector(wait_for, state="attached", timeout=GAME_OVER_TIMEOUT_MS)
            names |= {name for name, how in json.loads(page.evaluate("window.coalitionsProbe.stdlibModules()"))
                      if how != "frozen"}
            worker = page.evaluate(WORKER_PROBE)  # the bot worker's Python, if it has started
            if worker:
                names |= {name for name, how in json.loads(worker["stdlibModules"]) if how != "frozen"}
            print(f"{len(names):4d} files after {url[len(base):]}", flush=True)
        return names
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--check", action="store_true",
                        help="only say whether stdlib-modules.txt lists them all (exit 1 if not)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = ensure_dist(rebuild=not args.no_build)
    with build.serving(dist) as base, sync_playwright() as playwright:
        names = imported(playwright, base) | set(KEPT)
    listed = set(build.stdlib_modules()) if build.STDLIB_MODULES.is_file() else set()
    if args.check:
        missing = sorted(names - listed)
        print("complete" if not missing else f"not listed: {', '.join(missing)}")
        return 1 if missing else 0
    build.STDLIB_MODULES.write_text(HEADER + "".join(name + "\n" for name in sorted(names)), "utf-8")
    print(f"wrote {build.STDLIB_MODULES.name}: {len(names)} files "
          f"({len(names - listed)} added, {len(listed - names)} dropped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
