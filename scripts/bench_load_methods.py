#!/usr/bin/env python3
"""Compare ways of getting the game's wheel into PyScript's Pyodide.

Builds dist/ (unless --no-build), then serves dist/ plus one small page per
method from a temporary directory on 127.0.0.1 and loads each page N times in
headless chromium, each time in a fresh browser context (empty HTTP cache).
Every page imports ``coalitions`` and runs a tiny thing, then sets
``<html data-ready>``; the figure is the time from navigation start to that.

Methods:
  files        pyscript.toml  [files] "./coalitions-<v>-py3-none-any.whl" = "./*"
               (PyScript fetches the wheel and unpacks it into the working dir)
  files-preload  the same, plus <link rel=preload/modulepreload> in the page's <head>
               for Pyodide's files and the wheel, so they download while PyScript starts
  loadpackage  main.py: await pyodide_js.loadPackage(<absolute wheel URL>)
  micropip     main.py: await micropip.install("./coalitions-<v>-py3-none-any.whl")
  packages     pyscript.toml  packages = ["./coalitions-<v>-py3-none-any.whl"]
               (PyScript installs it with micropip)
  bare         no PyScript: only loadPyodide() from ./pyodide/pyodide.mjs (reference)

With --latency-ms/--mbps, chromium emulates a slower network (DevTools
throttling: added latency per request, capped download rate) so that the
effect of round trips shows even though the server is on 127.0.0.1.

Usage: python scripts/bench_load_methods.py [-n 7] [--no-build] [--methods files,micropip]
           [--latency-ms 80 --mbps 20]
"""

from __future__ import annotations

import argparse
import sys

from benchkit import (
    BARE_PYODIDE_PAGE,
    CACHE_SECONDS,
    READY_PROBE,
    SETTLE_MS,
    build,
    describe,
    ensure_dist,
    load_and_wait,
    median,
    load_average,
    overlay_site,
    retrying,
)

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><title>{name}</title><link rel="icon" href="data:,">
{head}<script type="module" src="./pyscript/core.js"></script>
</head>
<body>
<script type="py" src="./{name}.py" config="./{name}.toml"></script>
</body>
</html>
"""

CONFIG = 'interpreter = "./pyodide/pyodide.mjs"\n'

FINISH = """
import coalitions
from js import document
document.body.append(f"coalitions {coalitions.__version__}")
document.documentElement.dataset.ready = "1"
"""


def method_files(wheel: str) -> dict[str, str]:
    return {
        "toml": CONFIG + f'\n[files]\n"./{wheel}" = "./*"\n',
        "py": FINISH,
    }


# Hints that let the browser fetch Pyodide while PyScript is still starting.
PRELOAD = """<link rel="modulepreload" href="./pyodide/pyodide.mjs">
<link rel="modulepreload" href="./pyodide/pyodide.asm.mjs">
<link rel="preload" href="./pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
<link rel="preload" href="./pyodide/python_stdlib.zip" as="fetch" crossorigin>
<link rel="preload" href="./pyodide/pyodide-lock.json" as="fetch" crossorigin>
<link rel="preload" href="./{wheel}" as="fetch" crossorigin>
"""


def method_files_preload(wheel: str) -> dict[str, str]:
    return {**method_files(wheel), "head": PRELOAD.format(wheel=wheel)}


def method_loadpackage(wheel: str) -> dict[str, str]:
    return {
        "toml": CONFIG,
        "py": (
            "import pyodide_js\nfrom js import location\nfrom urllib.parse import urljoin\n"
            f"await pyodide_js.loadPackage(urljoin(location.href, './{wheel}'))\n" + FINISH
        ),
    }


def method_micropip(wheel: str) -> dict[str, str]:
    return {
        "toml": CONFIG,
        "py": (
            "import pyodide_js\nawait pyodide_js.loadPackage('micropip')\nimport micropip\n"
            f"await micropip.install('./{wheel}')\n" + FINISH
        ),
    }


def method_packages(wheel: str) -> dict[str, str]:
    return {
        "toml": CONFIG + f'packages = ["./{wheel}"]\n',
        "py": FINISH,
    }


METHODS = {
    "files": method_files,
    "files-preload": method_files_preload,
    "loadpackage": method_loadpackage,
    "micropip": method_micropip,
    "packages": method_packages,
    "bare": None,
}


def emulate_network(context, page, latency_ms: float, mbps: float) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbps * 1e6 / 8 if mbps else -1
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": rate, "uploadThroughput": -1,
    })


def site_files(wheel: str, methods: list[str]) -> dict[str, str]:
    files = {}
    for name in methods:
        if name == "bare":
            files["bare.html"] = BARE_PYODIDE_PAGE
            continue
        parts = METHODS[name](wheel)
        files[f"{name}.html"] = PAGE.format(name=name, head=parts.get("head", ""))
        files[f"{name}.toml"] = parts["toml"]
        files[f"{name}.py"] = parts["py"]
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=7, help="loads per method (default 7)")
    parser.add_argument("--methods", default=",".join(METHODS), help="comma-separated subset")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--latency-ms", type=float, default=0, help="emulated latency per request")
    parser.add_argument("--mbps", type=float, default=0, help="emulated download rate, Mbit/s (0: no cap)")
    args = parser.parse_args(argv)
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = set(methods) - set(METHODS)
    if unknown:
        parser.error(f"unknown methods: {', '.join(sorted(unknown))}")

    from playwright.sync_api import sync_playwright

    dist = ensure_dist(rebuild=not args.no_build)
    wheel = build.site_wheel(dist).name
    wheel_kb = (dist / wheel).stat().st_size / 1024
    print(f"before: {load_average(before=True)}", flush=True)
    times: dict[str, list[float]] = {m: [] for m in methods}
    with overlay_site(dist, site_files(wheel, methods)) as site, \
            build.serving(site, cache_seconds=CACHE_SECONDS) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(**build.chromium_launch_options())
        # Warm-up: one untimed load of each page (first chromium start, disk cache of the OS).
        for run in range(-1, args.runs):
            for method in methods:  # interleaved, so drift hits every method alike
                def measure(url=f"{base}{method}.html"):
                    context = browser.new_context()
                    try:
                        context.add_init_script(READY_PROBE)
                        page = context.new_page()
                        if args.latency_ms or args.mbps:
                            emulate_network(context, page, args.latency_ms, args.mbps)
                        page.wait_for_timeout(SETTLE_MS)
                        return load_and_wait(page, url)
                    finally:
                        context.close()

                stats = retrying(measure)
                if stats["duplicates"]:
                    print(f"  {method}: fetched twice: {stats['duplicates']}", flush=True)
                if run >= 0:
                    times[method].append(stats["readyMs"])
            if run >= 0:
                print(f"run {run + 1}/{args.runs}: "
                      + ", ".join(f"{m} {times[m][-1] / 1000:.2f}s" for m in methods), flush=True)
        browser.close()

    network = (f" emulated network: {args.latency_ms:g} ms latency, {args.mbps:g} Mbit/s;"
               if args.latency_ms or args.mbps else "")
    print(f"\nTime to data-ready, cold (fresh context), {args.runs} runs, wheel {wheel} ({wheel_kb:.0f} KiB);"
          f"{network} after: {load_average()}")
    for method in sorted(methods, key=lambda m: median(times[m])):
        print(f"  {method:14s} {describe(times[method])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
