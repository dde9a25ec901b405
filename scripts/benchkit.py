"""Shared pieces of the start-up benchmarks (scripts/bench_*.py).

Pages are loaded from build.py's static server on 127.0.0.1 in Debian's
chromium through Playwright.  Time-to-ready is ``performance.now()`` (ms since
the navigation started) at the moment ``<html>`` gets a ``data-ready``
attribute, recorded in the page by a MutationObserver, so the figure includes
neither browser start-up nor Playwright's polling.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import sys
import time
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

# Cache-Control max-age the benchmarks serve with; GitHub Pages sends 600.
CACHE_SECONDS = 600
READY_TIMEOUT_MS = 120_000
# A new chromium context starts a renderer of its own UI that takes some CPU for
# a moment; the first navigation waits this long so it does not share the cores.
SETTLE_MS = 1000

# Installed before any page script runs.
READY_PROBE = """
(() => {
  window.__stages = {};
  const mark = () => {
    const html = document.documentElement;
    if (!html) return false;
    const stage = html.getAttribute("data-boot");
    if (stage && window.__stages[stage] === undefined) window.__stages[stage] = performance.now();
    // The screen drawn: Python set data-ready-soon (which static/boot.js turns
    // into data-ready after the next frame) or, on sites older than that mark,
    // data-ready at once. The first frame after it, once painted, is when the
    // table is seen: the same moment on both kinds of site (measured from
    // data-ready, a site of the first kind would be charged one frame more).
    if ((html.hasAttribute("data-ready-soon") || html.hasAttribute("data-ready")) && window.__drawnAt === undefined) {
      window.__drawnAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }, 0));
    }
    if (html.hasAttribute("data-ready") && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
    return window.__readyAt !== undefined && window.__paintedAt !== undefined;
  };
  if (!mark()) {
    const observer = new MutationObserver(() => { if (mark()) observer.disconnect(); });
    observer.observe(document, {
      subtree: true, childList: true, attributes: true,
      attributeFilter: ["data-ready", "data-ready-soon", "data-boot"],
    });
  }
})();
"""

STATS_JS = """
() => {
  const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
  return {
    readyMs: window.__readyAt,
    paintedMs: window.__paintedAt,  // the first frame after the screen was drawn, painted
    // When the shell was first painted: any pixels, then text or images.
    firstPaintMs: (performance.getEntriesByName("first-paint")[0] || {}).startTime,
    firstContentfulPaintMs: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
    stages: window.__stages || {},  // when <html data-boot> took each value (the app's loading stages)
    requests: entries.length,
    // Answered from Cache Storage (by the service worker).
    fromWorker: entries.filter(e => e.deliveryType === "cache-storage").length,
    transferred: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    // A URL fetched twice (a preload the page did not use, say).
    duplicates: entries.map(e => e.name).filter((name, i, all) => all.indexOf(name) !== i),
  };
}
"""

# A page that only boots Pyodide as its npm package publishes it (the stock
# python_stdlib.zip, not the site's precompiled one), as a reference for what
# PyScript and the app add. overlay_site() serves that package at ./__stock_pyodide/.
STOCK_PYODIDE_DIR = "__stock_pyodide"
BARE_PYODIDE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pyodide only</title><link rel="icon" href="data:,"></head>
<body>
<script type="module">
  import { loadPyodide } from "./__stock_pyodide/pyodide.mjs";
  const pyodide = await loadPyodide({ indexURL: "./__stock_pyodide/" });
  document.body.textContent = pyodide.runPython("import sys; sys.version");
  document.documentElement.dataset.ready = "1";
</script>
</body>
</html>
"""


def median(values: list[float]) -> float:
    return statistics.median(values)


def describe(values: list[float]) -> str:
    """``median (min–max)`` in seconds, from milliseconds."""
    return f"{median(values) / 1000:6.2f} s  (min {min(values) / 1000:.2f}, max {max(values) / 1000:.2f})"


@contextlib.contextmanager
def overlay_site(dist: Path, files: dict[str, str]):
    """A temporary site: every entry of ``dist`` linked in, plus ``files`` (name
    -> text), plus Pyodide's npm package as it is at ``STOCK_PYODIDE_DIR``."""
    with tempfile.TemporaryDirectory(prefix="coalitions-bench-") as tmp:
        site = Path(tmp)
        os.symlink(build.PYODIDE_SRC, site / STOCK_PYODIDE_DIR)
        for entry in dist.iterdir():
            if entry.name not in files:
                os.symlink(entry, site / entry.name)
        for name, text in files.items():
            target = site / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
        yield site


def ensure_dist(rebuild: bool) -> Path:
    if rebuild or not (build.DIST / "index.html").is_file():
        return build.build()
    return build.DIST


class PageCrashed(RuntimeError):
    pass


def load_average(before: bool = False) -> str:
    """The load average, with a warning when the machine is busy before a benchmark."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load average unknown"
    note = "  (busy machine: figures will be inflated and noisy)" if before and one >= 1.0 else ""
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min){note}"


def load_and_wait(page, url: str | None) -> dict:
    """Navigate (or reload when ``url`` is None) and wait for ``data-ready``."""
    errors: list[str] = []
    crashed: list[bool] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("crash", lambda _page: crashed.append(True))
    try:
        if url is None:
            page.reload(wait_until="commit")
        else:
            page.goto(url, wait_until="commit")
        page.wait_for_function("window.__paintedAt !== undefined && window.__readyAt !== undefined",
                               timeout=READY_TIMEOUT_MS, polling=50)
        return page.evaluate(STATS_JS)
    except Exception as error:
        if crashed or "crash" in str(error).lower():
            raise PageCrashed(f"{url or 'reload'}: the page crashed") from None
        try:
            detail = "; ".join(errors) or page.inner_text("body", timeout=2000)[:500]
        except Exception:
            detail = str(error)
        raise RuntimeError(f"{url or 'reload'} never set data-ready: {detail}") from None


def retrying(measure, attempts: int = 3):
    """Run ``measure()``; a renderer crash (rare, seen with headless chromium) is retried."""
    for attempt in range(1, attempts + 1):
        try:
            return measure()
        except PageCrashed as crash:
            print(f"  ({crash}; attempt {attempt} of {attempts})", flush=True)
            if attempt == attempts:
                raise


def new_persistent_context(playwright, profile: Path, service_workers: bool = True):
    """Chromium on the user-data dir ``profile``; with ``service_workers=False``
    pages cannot register one (Playwright's ``service_workers="block"``)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), service_workers="allow" if service_workers else "block", **build.chromium_launch_options()
    )
    context.add_init_script(READY_PROBE)
    return context


# Answered by the app's bot worker once it has started (static/bot-worker.js).
WORKER_STARTED = """() => new Promise((resolve) => {
  const channel = new BroadcastChannel("coalitions-bot-worker-probe");
  const timer = setTimeout(() => { channel.close(); resolve(false); }, 2000);
  channel.onmessage = () => { clearTimeout(timer); channel.close(); resolve(true); };
  channel.postMessage({ type: "stdlib-modules" });
})"""


def wait_bot_worker(page, timeout_s: float = 60.0) -> bool:
    """Wait until the page's bot worker (a second Pyodide, started once a table
    with bots is on screen) has started; False if it did not within ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(WORKER_STARTED):
            return True
    return False


def wait_controlled(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until a service worker controls ``page``: the site's worker takes
    control once it has precached everything (install, then activate and claim)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=timeout_ms, polling=100)


def first_visit_bytes(site: Path) -> list[tuple[str, int, int]]:
    """(file, bytes, gzipped bytes) of every file the service worker precaches,
    which is every file a first visit downloads (plus sw.js); gzip level 6, as
    a static host that compresses on the fly would send them."""
    import gzip

    rows = []
    for name in build.precache_files(site) + ["sw.js"]:
        data = (site / name).read_bytes()
        rows.append((name, len(data), len(gzip.compress(data, compresslevel=6, mtime=0))))
    return rows


def fresh_profile() -> Path:
    return Path(tempfile.mkdtemp(prefix="coalitions-profile-"))


def drop_profile(profile: Path) -> None:
    shutil.rmtree(profile, ignore_errors=True)
