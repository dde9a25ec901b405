"""The first visit: the home page and the rules pages are drawn at build time
(buildtools/prerender.py) and readable while the Python runtime is still
downloading, with its progress in bytes; Python then takes over the same
markup, and the page works as before. The home page is in index.html; a rules
page is a file of its own (pages/rules-<game>.html), fetched only when shown."""

from __future__ import annotations

import re

import build

from .conftest import new_context
from .pages import READY_MS, WORKER_PROBE, goto_hash, wait_bot_worker_loaded, wait_ready
from .test_builder import axe_violations

RUNTIME = "**/pyodide/pyodide.asm.wasm"  # the largest file: held back until the test lets it through
RULES_FILES = "/pages/rules-"  # pages/rules-<game>.html: asked for only to show that page


def rules_files(urls):
    return sorted(url.rpartition("/")[2] for url in urls if RULES_FILES in url)

# Markup as the page holds it once parsed (innerHTML of a template holding it).
AS_PARSED = "text => { const t = document.createElement('template'); t.innerHTML = text; return t.innerHTML; }"
DUPLICATE_IDS = """() => {
  const ids = [...document.querySelectorAll("[id]")].map(e => e.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}"""


def held_page(chromium_browser, url, viewport=None):
    """A page whose WebAssembly runtime does not arrive until release() is called."""
    context = chromium_browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                                           reduced_motion="reduce")
    return held_page_in(context, url)


def held_page_in(context, url):
    """held_page in `context`; the page's `asked` lists the URLs its documents
    requested (not the service worker's precaching, once Python has drawn)."""
    context.set_default_timeout(READY_MS)
    held = []
    context.route(RUNTIME, lambda route: held.append(route))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.asked = []
    context.on("request", lambda request: None if request.service_worker else page.asked.append(request.url))
    page.goto(url)

    def release():
        for route in held:
            route.continue_()
        context.unroute(RUNTIME)

    return page, held, release, errors


def wait_held(page, routes):
    """Wait (up to a minute) until a request is held in `routes`."""
    for _ in range(600):
        if routes:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the request was never made")


def test_home_and_rules_readable_before_python_then_python_takes_over(chromium_browser, built_dist):
    total = int(re.search(r'data-download-bytes="(\d+)"', (built_dist / "index.html").read_text("utf-8")).group(1))
    with build.serving(built_dist) as url:
        page, held, release, errors = held_page(chromium_browser, url + "#/")
        try:
            # The home page is there at once, with Python not started.
            page.wait_for_selector("#app [data-home] #games-title")
            wait_held(page, held)  # the runtime has been asked for, and is held: Python cannot start meanwhile
            assert page.locator("[data-game-card]").count() == 5
            assert not page.locator("html[data-ready]").count()
            assert page.locator("[data-loading]").is_visible()
            assert page.locator("[data-ui=import]").is_disabled()  # needs Python: off until then
            assert page.evaluate(DUPLICATE_IDS) == []
            # The download is counted in bytes, against the runtime's size.
            page.wait_for_function("() => Number(document.documentElement.getAttribute('data-boot-bytes')) > 0")
            text = page.locator("[data-boot-bytes-text]").inner_text()
            assert re.fullmatch(r"\d+\.\d of \d+\.\d MB", text), text
            assert text.endswith(f"of {total / 1e6:.1f} MB"), text
            page.wait_for_function("() => document.querySelectorAll('[data-boot-progress]').length === 1")
            assert page.evaluate("document.title") == "Coalitions"
            assert rules_files(page.asked) == []  # the home page asks for no rules page

            # A rules page from the home page's link, still before Python: its file, then the page.
            page.locator('[data-game-card="koalition"] a', has_text="Rules").click()
            page.wait_for_selector('#app [data-rules="koalition"] [data-interpretations]')
            assert rules_files(page.asked) == ["rules-koalition.html"]
            assert page.evaluate("document.title") == "Koalition · Coalitions"
            assert page.locator("#interp-title").inner_text() == "Rules as implemented"
            # Its contents jump within the page (the address stays on the rules)
            page.locator('.toc [data-ui="jump"]').nth(1).click()
            assert page.evaluate("location.hash") == "#/rules/koalition"
            assert page.evaluate(DUPLICATE_IDS) == []
            assert held and not page.locator("html[data-ready]").count()
            page.evaluate("() => { window.seenHeading = document.querySelector('#app h1'); }")

            release()
            wait_ready(page, "rules")
            # Python drew the same page over the same nodes: the heading is the one seen before.
            assert page.evaluate("() => window.seenHeading === document.querySelector('#app h1')"
                                 " && window.seenHeading.isConnected")
            assert page.locator("[data-loading]").count() == 0
            assert not page.locator("html[data-prerendered]").count()
            assert page.evaluate(DUPLICATE_IDS) == []
            # And the page works as before: home (its import field on), a new game.
            page.locator(".site-nav a", has_text="Games").click()
            wait_ready(page, "home")
            assert page.locator("[data-ui=import]").is_enabled()
            page.locator('[data-game-card="election-day"] a', has_text="New game").click()
            wait_ready(page, "new")
            page.locator("[data-ui=start]").click()
            wait_ready(page, "play")
            assert not errors, errors
        finally:
            page.context.close()


# Layout shifts of the page's content (the loading bar itself left out), as
# the browser reports them, from the start of the load.
SHIFTS_INIT = """
window.contentShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const moved = (entry.sources || []).filter((s) => s.node && !(s.node.closest && s.node.closest("[data-loading]")));
    if (moved.length) window.contentShifts.push({value: entry.value, nodes: moved.map((s) => s.node.nodeName + "." + s.node.className)});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def test_the_page_drawn_at_build_time_does_not_move_while_python_starts_or_once_it_has(chromium_browser, built_dist):
    """Over the home page drawn at build time, the loading panel is a bar at
    the window's bottom edge: its stage, its download line and its going once
    Python has drawn move nothing of the page (a reader about to press "New
    game" presses what they aimed at), at a phone's width and a laptop's."""
    with build.serving(built_dist) as url:
        for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
            # (axe is injected as an inline script, which the page's policy refuses)
            context = chromium_browser.new_context(viewport=viewport, reduced_motion="reduce", bypass_csp=True)
            context.add_init_script(SHIFTS_INIT)
            page, held, release, errors = held_page_in(context, url + "#/")
            try:
                button = page.locator('[data-game-card="koalition"] a', has_text="New game")
                button.wait_for()
                wait_held(page, held)
                page.wait_for_function("() => Number(document.documentElement.getAttribute('data-boot-bytes')) > 0")
                bar = page.locator("[data-loading]")
                assert bar.is_visible()
                box = bar.bounding_box()
                assert abs(box["y"] + box["height"] - viewport["height"]) <= 1, (box, viewport)  # at the bottom edge
                assert axe_violations(page) == []  # the page and its bar, as they are while Python starts
                before = button.bounding_box()
                release()
                wait_ready(page, "home")
                assert page.locator("[data-loading]").count() == 0
                assert button.bounding_box() == before
                assert page.evaluate("window.contentShifts") == []
                assert not errors, errors
            finally:
                context.close()


def test_the_home_page_lists_every_game_and_fetches_no_game_s_part(chromium_browser, built_dist):
    """The home page lists the games and their walkthroughs from the wheel's
    catalogue (py/app/catalogue.py), so it fetches no game's part
    (games/<game>-<hash>.zip); a game's own page fetches its own part only."""
    from app import catalogue

    listed = catalogue.from_registry()
    context = new_context(chromium_browser, service_workers="block")  # the worker precaches every part
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    errors = []

    def parts():
        return sorted({re.sub(r"-[0-9a-f]+\.zip$", "", url.rpartition("/games/")[2])
                       for url in asked if "/games/" in url and url.endswith(".zip")})

    try:
        with build.serving(built_dist) as url:
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url + "#/")
            wait_ready(page, "home")
            assert not page.locator("html[data-prerendered]").count()  # Python has drawn it
            assert page.locator("[data-ui=import]").is_enabled()
            cards = page.locator("[data-game-card]")
            assert [cards.nth(i).get_attribute("data-game-card") for i in range(cards.count())] == [
                entry["meta"]["id"] for entry in listed]
            for entry in listed:
                card = page.locator(f'[data-game-card="{entry["meta"]["id"]}"]')
                assert card.locator("h3").inner_text() == entry["meta"]["title"]
                assert card.locator(".wt-list a").all_text_contents() == [title for _, title in entry["walkthroughs"]]
            assert sum(len(entry["walkthroughs"]) for entry in listed) > 5
            assert any("/coalitions-" in u and u.endswith(".whl") for u in asked)
            assert parts() == [], parts()
            assert rules_files(asked) == []
            # A game's own pages: its rules, then a walkthrough of another game, each fetching
            # that game's part, the part of its guide and walkthroughs and the app's
            # reading screens only.
            goto_hash(page, "#/rules/koalition", "rules")
            assert page.locator("[data-interpretations]").count() == 1
            assert parts() == ["app.reading", "koalition", "koalition.guide"]
            first = listed[2]["walkthroughs"][0][0]
            goto_hash(page, f"#/walkthrough/{listed[2]['meta']['id']}/{first}", "walkthrough")
            other = listed[2]["meta"]["id"].replace("-", "_")
            assert parts() == sorted(["app.reading", "koalition", "koalition.guide", other, f"{other}.guide"])
            assert rules_files(asked) == []  # once Python has drawn, it draws the rules pages itself
            assert not errors, errors
    finally:
        context.close()


def test_a_table_s_first_visit_fetches_its_own_game_s_part_only(chromium_browser, built_dist):
    """A table with bots, until its bot worker answers, fetches its game's part
    and no other: not another game's, not its game's guide and walkthroughs
    (games/<game>.guide-<hash>.zip), not the app's screens no table opens
    (games/app.reading-<hash>.zip: a rules page, a walkthrough, share links;
    games/app.extras-<hash>.zip: writing a walkthrough, a review, a shared game)."""
    context = new_context(chromium_browser, service_workers="block")  # the worker precaches every part
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    errors = []
    try:
        with build.serving(built_dist) as url:
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url + "#/new/die-macher?players=4&seats=human,bot,bot,bot&seed=7")
            wait_ready(page, "play")
            wait_bot_worker_loaded(page)
            fetched = sorted({re.sub(r"-[0-9a-f]+\.zip$", "", u.rpartition("/games/")[2])
                              for u in asked if "/games/" in u and u.endswith(".zip")})
            assert fetched == ["die_macher"], fetched
            assert rules_files(asked) == []  # nor any rules page drawn at build time
            assert not errors, errors
    finally:
        context.close()



def test_a_rules_page_opened_first_is_fetched_and_shown_before_python(chromium_browser, built_dist):
    """An address of a rules page: its file arrives and is shown while the
    runtime is held back (the loading panel reduced to its progress), and
    Python's first drawing takes over the same nodes."""
    with build.serving(built_dist) as url:
        page, held, release, errors = held_page(chromium_browser, url + "index.html#/rules/die-macher")
        try:
            page.wait_for_selector('#app [data-rules="die-macher"] [data-interpretations]')
            assert page.evaluate("document.documentElement.getAttribute('data-prerendered')") == "rules/die-macher"
            assert page.evaluate("document.title") == "Die Macher · Coalitions"
            assert rules_files(page.asked) == ["rules-die-macher.html"]
            text = (built_dist / "pages/rules-die-macher.html").read_text("utf-8")
            assert page.locator("#app").inner_html() == page.evaluate(AS_PARSED, text)  # the file as it is
            assert page.locator("[data-loading] [data-boot-bytes]").count() == 1
            assert not page.locator("#loading-title").is_visible()  # the panel, reduced to a line
            assert page.evaluate(DUPLICATE_IDS) == []
            wait_held(page, held)
            assert not page.locator("html[data-ready]").count()
            page.evaluate("() => { window.seenHeading = document.querySelector('#app h1'); }")
            release()
            wait_ready(page, "rules")
            assert page.evaluate("() => window.seenHeading === document.querySelector('#app h1')"
                                 " && window.seenHeading.isConnected")
            assert not page.locator("html[data-prerendered]").count()
            assert page.locator("#app [data-rules]").count() == 1
            assert rules_files(page.asked) == ["rules-die-macher.html"]
            assert not errors, errors
        finally:
            page.context.close()


def late_rules_page(chromium_browser, url, body=None):
    """A page opened on the alliances' rules whose runtime is held, and whose
    rules file is held too (or answered with `body`); returns (page, held
    files, release the runtime, errors)."""
    files = []
    context = chromium_browser.new_context(reduced_motion="reduce")
    context.route("**/pages/rules-alliances.html",
                  lambda route: files.append(route) if body is None else route.fulfill(
                      status=200, content_type="text/html", body=body))
    page, _, release, errors = held_page_in(context, url + "#/rules/alliances")
    return page, files, release, errors


def test_a_rules_page_that_arrives_late_or_altered_is_not_shown(chromium_browser, built_dist):
    """The rules page's file is shown only if the address still asks for it
    and Python has not drawn: one that arrives after the address moved on, or
    after Python's drawing, changes nothing; one that is not what the build
    writes (a script in it) is not put in the page, whose loading panel then
    shows in full until Python draws."""
    text = (built_dist / "pages/rules-alliances.html").read_text("utf-8")
    with build.serving(built_dist) as url:
        # The address moves on (to a page only Python draws) before the file arrives.
        page, files, release, errors = late_rules_page(chromium_browser, url)
        try:
            wait_held(page, files)
            assert page.evaluate("document.documentElement.getAttribute('data-prerendered')") == "rules/alliances"
            assert page.locator("#app").inner_html() == ""
            page.evaluate("() => { location.hash = '#/new/alliances'; }")
            page.wait_for_function("() => !document.documentElement.hasAttribute('data-prerendered')")
            files[0].fulfill(status=200, content_type="text/html", body=text)
            page.wait_for_timeout(500)
            assert page.locator("#app").inner_html() == ""
            assert page.locator("#loading-title").is_visible()
            release()
            wait_ready(page, "new")
            assert not errors, errors
        finally:
            page.context.close()

        # Python draws the rules page before the file arrives: its drawing stays.
        page, files, release, errors = late_rules_page(chromium_browser, url)
        try:
            wait_held(page, files)
            release()
            wait_ready(page, "rules")
            page.evaluate("() => { window.drawn = document.querySelector('#app h1'); }")
            files[0].fulfill(status=200, content_type="text/html", body=text.replace("Alliances", "Altered"))
            page.wait_for_timeout(500)
            assert page.evaluate("() => window.drawn === document.querySelector('#app h1') && window.drawn.isConnected")
            assert page.locator("#app h1").inner_text() == "Alliances"
            assert not errors, errors
        finally:
            page.context.close()

        # A file with a script in it, or not one page of the address's rules, is not put in the page.
        for body in (text.replace("</section></section>", "<script>window.ran = 1</script></section></section>"),
                     text.replace('data-rules="alliances"', 'data-rules="koalition"'), text + "<p>more</p>"):
            page, _, release, errors = late_rules_page(chromium_browser, url, body)
            try:
                page.wait_for_function("() => !document.documentElement.hasAttribute('data-prerendered')")
                assert page.locator("#app").inner_html() == ""
                assert page.locator("#loading-title").is_visible()
                assert page.evaluate("document.title") == "Coalitions"
                release()
                wait_ready(page, "rules")
                assert page.locator('#app [data-rules="alliances"] [data-interpretations]').count() == 1
                assert page.evaluate("window.ran") is None
                assert not errors, errors
            finally:
                page.context.close()


def test_in_a_frame_no_rules_page_is_fetched_before_python(chromium_browser, built_dist):
    """In a frame only a walkthrough shows: a rules page's address there asks
    for no file and shows nothing before Python."""
    with build.serving(built_dist) as url:
        context = chromium_browser.new_context(reduced_motion="reduce")
        try:
            context.route(url + "host.html", lambda route: route.fulfill(
                status=200, content_type="text/html",
                body='<iframe src="index.html#/rules/koalition" width="800" height="600"></iframe>'))
            page, held, _, errors = held_page_in(context, url + "host.html")
            frame = page.frame_locator("iframe")
            frame.locator("html[data-boot=download]").wait_for(state="attached")
            wait_held(page, held)
            assert frame.locator("#app").inner_html() == ""
            assert any(u.endswith("/index.html") for u in page.asked)
            assert rules_files(page.asked) == []
            assert not errors, errors
        finally:
            context.close()


def test_a_page_not_drawn_at_build_time_shows_the_loading_panel(chromium_browser, built_dist):
    with build.serving(built_dist) as url:
        page, held, release, errors = held_page(chromium_browser, url + "#/new/koalition",
                                                viewport={"width": 390, "height": 844})
        try:
            page.wait_for_selector("[data-loading] [data-stage=download].active")
            assert page.locator("#loading-title").is_visible()
            assert page.locator("#app").inner_text().strip() == ""
            release()
            wait_ready(page, "new")
            assert page.locator("[data-loading]").count() == 0
            assert not errors, errors
        finally:
            page.context.close()


# ---------------------------------------------------------------------------
# The standard library shipped at start (pyodide/python_stdlib.zip: the files
# of stdlib-modules.txt as bytecode) is all that playing any game imports, in
# the page and in the bot worker, at every bot level: the whole library
# (pyodide/python_stdlib_all-<hash>.zip, py/app/stdlib.py) is never fetched.


def level_tables(game):
    """Seat lists of bot levels, every level of `game` in at least one, each
    table as full as the game allows."""
    levels = list(game.bots)
    size = game.max_players
    tables = []
    for start in range(0, len(levels), size):
        chunk = levels[start:start + size]
        tables.append([chunk[i % len(chunk)] for i in range(size)])
    return tables


def not_shipped(probe_json):
    import json

    return [name for name, how in json.loads(probe_json) if how == "py"]


def test_every_game_and_bot_level_imports_only_the_shipped_standard_library(open_page, built_dist):
    from app import routes
    from coalitions.registry import all_games

    import build

    archive = build.stdlib_archive(built_dist).name
    with build.serving(built_dist) as url:
        page = open_page(url + "#/", init_script="window.coalitionsProbe = {};")
        asked = []
        page.context.on("request", lambda request: asked.append(request.url))
        played, workers = [], 0
        for game in all_games():
            for levels in level_tables(game):
                query = (f"players={len(levels)}&seats={','.join(['bot'] * len(levels))}"
                         f"&levels={','.join(levels)}&seed=3&fast=1")
                # a new document each time: its own Python and bot worker, nothing carried over
                page.goto("about:blank")
                page.goto(url + "index.html" + routes.new_game(game.id, query))
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                page.wait_for_selector("html[data-game-over]", state="attached", timeout=300_000)
                played.append((game.id, tuple(levels)))
                assert not_shipped(page.evaluate("window.coalitionsProbe.stdlibModules()")) == [], game.id
                assert page.evaluate("window.coalitionsProbe.stdlibFetched()") is False, game.id
                worker = page.evaluate(WORKER_PROBE)
                if worker is not None:  # the table's bots ran in the worker
                    workers += 1
                    assert not_shipped(worker["stdlibModules"]) == [], (game.id, levels)
                    assert worker["fetched"] is False, (game.id, levels)
        assert not [u for u in asked if archive in u], "the whole standard library was fetched"
        assert {level for _, levels in played for level in levels} >= {"easy", "normal", "hard"}
        assert len({game for game, _ in played}) == 5
        assert workers > 0, "the bot worker never answered"
