"""The page's Content-Security-Policy (issue 16, item 12), in headless
chromium: under it the app starts, plays a whole game with its bots in the
bot worker, and runs as an embed in another origin's iframe, with no
`securitypolicyviolation` event (nor the console error chromium logs for one).
docs/security.md says why each source of the policy is there."""

from __future__ import annotations

import random
import re

import build
from app import share
from coalitions.registry import get_game

from .pages import READY_MS, goto_hash, play_to_the_end, wait_ready
from .test_embed import HOST_SIZES_FRAMES, host_page, other_origin  # noqa: F401 (a fixture)

NEW_BOTS = "#/new/election-day?players=4&seats=human,bot,bot,bot&seed=11"
# In every frame, before its scripts: keep each violation the policy reports.
WATCH_CSP = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push([event.effectiveDirective, event.blockedURI, event.sourceFile + ":" + event.lineNumber,
                             event.sample].join(" "));
}, true);
"""
VIOLATIONS = "() => window.cspViolations"


def policy(site) -> str:
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">',
                      (site / "index.html").read_text("utf-8"))
    assert found
    return found.group(1).replace("&#x27;", "'")


def test_the_policy_is_strict(built_dist):
    directives = dict(d.strip().split(" ", 1) for d in policy(built_dist).split(";"))
    assert directives["default-src"] == "'none'"
    script = directives["script-src"].split()
    # 'unsafe-eval': PyScript's core builds its worker hooks with Function()
    # as it creates the page's interpreter (docs/security.md).
    assert script[:3] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    # two inline scripts: the look set before the first paint, and the page drawn at build time shown
    assert all(s.startswith("'sha256-") for s in script[3:]) and len(script) == 5
    assert "'unsafe-inline'" not in policy(built_dist)
    assert "*" not in policy(built_dist) and "data:" not in policy(built_dist) and "blob:" not in policy(built_dist)


def test_app_and_bot_worker_run_under_the_policy(open_page, dist_url):
    page = open_page(dist_url, init_script=WATCH_CSP)
    wait_ready(page, "home")
    warnings = []
    page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    goto_hash(page, NEW_BOTS, "play")
    assert play_to_the_end(page, random.Random(11)) > 0
    assert page.locator("[data-result]").is_visible()
    # The bots thought in the worker: it started, fetched the wheel, and never failed.
    # (Asked of the page and the worker now: the page starts its worker a second
    # after its first screen, which a busy machine can reach before a listener.)
    workers = [worker for worker in page.workers if worker.url.endswith("/static/bot-worker.js")]
    assert workers, [worker.url for worker in page.workers]
    fetched = workers[0].evaluate("() => performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert [url for url in fetched if url.endswith(build.site_wheel(build.DIST).name)], fetched
    assert not [w for w in warnings if "bot worker" in w], warnings
    assert page.evaluate(VIOLATIONS) == []


def test_the_policy_is_in_force(chromium_browser, dist_url):
    """Not lost by a misplaced meta: an inline script added by the page is
    refused, and reported (an unwatched page: chromium logs the refusal)."""
    context = chromium_browser.new_context()
    context.add_init_script(WATCH_CSP)
    try:
        page = context.new_page()
        page.goto(dist_url)
        wait_ready(page, "home")
        page.evaluate("""() => { const s = document.createElement("script"); s.textContent = "window.injected = 1";
                                 document.body.appendChild(s); }""")
        assert page.evaluate("window.injected === undefined")
        assert [v.split(" ")[0] for v in page.evaluate(VIOLATIONS)] == ["script-src-elem"]
    finally:
        context.close()


def test_embed_runs_under_the_policy(open_page, dist_url, other_origin):  # noqa: F811
    walkthroughs = get_game("election-day").walkthroughs()
    name = "debate-scoring"
    src = share.walkthrough_embed_url(dist_url, "election-day", name)
    url = host_page(other_origin, "embed-csp.html",
                    share.embed_snippet(src, walkthroughs[name]["title"], 800, 600), HOST_SIZES_FRAMES)
    page = open_page(url, init_script=WATCH_CSP)
    inside = page.frame_locator("iframe")
    inside.locator('html[data-ready][data-route="walkthrough"]').wait_for(state="attached", timeout=READY_MS)
    frame = next(f for f in page.frames if f.url.startswith(dist_url))
    # The inline embed flag ran (its hash is in the policy) before the first paint.
    assert frame.evaluate("document.documentElement.hasAttribute('data-embed')")
    page.wait_for_function("() => window.heights.length > 0")
    inside.locator("[data-step-next], [data-ui='step-next'], button").first.wait_for(state="attached")
    assert frame.evaluate(VIOLATIONS) == []
