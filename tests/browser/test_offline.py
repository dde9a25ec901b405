"""Offline after one visit, in headless chromium: the service worker precaches
the site; with the network gone the app still starts and plays a whole game;
a new deployment shows a notice whose "Reload" switches to it, once; all of it
at the root and under a sub-path, with no console error and no request
leaving 127.0.0.1 (the worker's own requests included)."""

from __future__ import annotations

import hashlib
import random
import re
import shutil
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

import build

from .pages import (check_action_buttons, goto_hash, play_to_the_end, step_buttons, wait_bot_worker_loaded,
                    wait_for_turn, wait_ready)

NEW_3P = "#/new/election-day?players=3&seats=human,bot,bot&seed=5"
CONTROLLED = "navigator.serviceWorker.controller !== null"
# The site's caches but the Python snapshot's (tests/browser/test_snapshot.py)
CACHES = "() => caches.keys().then((names) => names.filter((n) => n !== 'coalitions-python-snapshot'))"
WORKER_VERSION = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({ type: "version" }, [channel.port2]);
})"""


def cache_name(site: Path, scope_path: str) -> str:
    """The cache the worker of `site` fills when its scope is `scope_path`."""
    found = re.search(r'^const VERSION = "([0-9a-f]+)";$', (site / "sw.js").read_text("utf-8"), re.MULTILINE)
    assert found
    return build.sw_cache_name(found.group(1), scope_path)


def watch_context(page) -> list[str]:
    """Requests of the whole context (service worker included) to other hosts."""
    offsite = []

    def on_request(request):
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob", "about") and parts.hostname != "127.0.0.1":
            offsite.append(request.url)

    page.context.on("request", on_request)
    return offsite


def wait_controlled(page):
    page.wait_for_function(CONTROLLED, polling=100)


def click_to_reload(page, button):
    """Click `button`, which reloads `page`, and wait for the new page's load.
    The click comes first, on its own: a click that fails says so, where a
    click inside `expect_event("load")` would show only as a missing load. A
    reload that never comes says what the service workers were doing."""
    page.evaluate("window.coalitionsBeforeReload = true")
    button.click()
    try:
        page.wait_for_function(
            "() => window.coalitionsBeforeReload === undefined && document.readyState === 'complete'",
            polling=100, timeout=60_000)
    except PlaywrightError as error:
        raise AssertionError(f"no reload after the click: {error}\nservice workers: {workers_now(page)}") from error


WORKERS_NOW = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const state = (worker) => worker ? worker.state : null;
  return { url: location.href, controlled: !!navigator.serviceWorker.controller,
           installing: state(registration && registration.installing),
           waiting: state(registration && registration.waiting), active: state(registration && registration.active),
           notice: !!document.querySelector('[data-notice="update"]') };
}"""


def workers_now(page):
    try:
        return page.evaluate(WORKERS_NOW)
    except PlaywrightError as error:
        return f"(could not ask: {error})"


def visit_then_go_offline(open_page, url, init_script=None):
    """One visit to the home page at `url`, kept until the service worker
    controls it, then offline (`go_offline`): (page, requests to other hosts,
    the responses from the moment it went offline)."""
    page = open_page(url) if init_script is None else open_page(url, init_script=init_script)
    offsite = watch_context(page)
    wait_ready(page, "home")
    wait_controlled(page)
    return page, offsite, go_offline(page)


def go_offline(page):
    """Once the bot worker the page started has loaded (on a busy machine its
    fetches, some begun before the service worker controlled the page, could
    still be answering), the context goes offline: the responses from then on."""
    wait_bot_worker_loaded(page)
    responses = []
    page.on("response", lambda r: responses.append(r))
    page.context.set_offline(True)
    return responses


@pytest.fixture(scope="module")
def chromium_browser(chromium_browser):
    """A browser of this module's own: service workers are tested in a browser
    that has not run the rest of the suite's pages (a long-shared browser once
    left a new worker's activation waiting past a minute)."""
    browser = chromium_browser.browser_type.launch(**build.chromium_launch_options())
    yield browser
    browser.close()


@pytest.fixture(params=["root", "subpath"])
def prefix(request):
    return "/" if request.param == "root" else "/coalitions/"


@pytest.fixture
def served(built_dist, prefix):
    with build.serving(built_dist, prefix=prefix) as url:
        yield url


def test_offline_after_one_visit(open_page, served, built_dist, prefix):
    page = open_page(served)
    offsite = watch_context(page)
    wait_ready(page, "home")
    wait_controlled(page)
    assert page.evaluate(CACHES) == [cache_name(built_dist, prefix)]
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == served
    assert page.locator('[data-notice="update"]').count() == 0

    # Chrome would offer to install it (a context of these tests is incognito,
    # which is the one thing it holds against it).
    cdp = page.context.new_cdp_session(page)
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert set(errors) <= {"in-incognito"}, errors
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["manifest"]["startUrl"] == served and manifest["manifest"]["scope"] == served
    cdp.detach()

    responses = go_offline(page)
    page.reload()
    wait_ready(page, "home")
    # A new document, offline, straight to a new table.
    page.goto(served + "index.html" + NEW_3P)
    wait_ready(page, "play")
    assert play_to_the_end(page, random.Random(5)) > 0
    assert page.locator("[data-result]").is_visible()
    goto_hash(page, "#/", "home")

    assert responses, "no response after going offline"
    not_from_worker = [r.url for r in responses if not r.from_service_worker]
    assert not_from_worker == []
    assert [f"{r.status} {r.url}" for r in responses if r.status != 200] == []
    assert offsite == []
    page.context.set_offline(False)


# Once the page has started, its Cache Storage answers for the games' parts
# 20 s late, after the test (the service worker's own answers are not delayed).
SLOW_PARTS = """
    const matchFirst = CacheStorage.prototype.match;
    CacheStorage.prototype.match = function (request) {
        const answer = matchFirst.apply(this, arguments);
        return document.documentElement.hasAttribute("data-ready")
            && /\\/games\\//.test(String(request && request.url || request))
            ? answer.then((response) => new Promise((resolve) => setTimeout(() => resolve(response), 20000)))
            : answer;
    };
"""


@pytest.mark.parametrize("slow", [False, True], ids=["parts-kept", "parts-still-being-kept"])
def test_offline_in_the_same_page_after_a_first_visit_another_game_plays(open_page, built_dist, slow):
    """A first visit to a table, then offline without a reload: the service
    worker kept the site only after the page had started, and the page asks
    for a game's part with a synchronous request, which Chromium does not
    hand to a service worker from a page (it does from the bot worker, which
    the service worker claims). The page puts on disk what the service worker
    keeps once it takes control, so a game not opened before plays, its bots
    deciding in the bot worker; and while those parts are still being put on
    disk (`slow`), the new game's screen fetches its part first, which the
    service worker answers."""
    with build.serving(built_dist) as served:
        page = open_page(served + "index.html" + NEW_3P,
                         init_script="window.coalitionsBench = [];" + (SLOW_PARTS if slow else ""))
        warnings = []
        page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
        wait_ready(page, "play")
        wait_controlled(page)
        responses = go_offline(page)
        goto_hash(page, "#/new/koalition?players=3&seats=human,bot,bot&seed=5", "play")  # seated: straight to the table
        rng = random.Random(3)
        for _ in range(40):  # until both bots have decided (Koalition: a player at a time)
            wait_for_turn(page)
            if page.evaluate("window.coalitionsBench.length") >= 2:
                break
            choices = [f'[data-action="{a}"]' for a in check_action_buttons(page)]
            choices += [f'[data-step="{s}"]' for s in step_buttons(page)]
            page.locator(rng.choice(choices)).first.click()
        assert page.evaluate("window.coalitionsBench.length") >= 2, "the bots never decided"
        assert not [w for w in warnings if "bot worker" in w], warnings
        assert [r.url for r in responses if not r.from_service_worker] == []
        page.context.set_offline(False)


def test_a_rules_page_opens_offline_from_the_worker_s_cache(open_page, built_dist):
    """A rules page's file (pages/rules-<game>.html, fetched only when that
    page is shown before Python has drawn) is precached: offline after a visit
    to the home page, a new document on a rules page gets it from the service
    worker, and Python then draws that page."""
    with build.serving(built_dist, prefix="/coalitions/") as served:
        page, offsite, responses = visit_then_go_offline(open_page, served)
        page.goto(served + "index.html#/rules/coalition-chess")
        wait_ready(page, "rules")
        assert page.locator('#app [data-rules="coalition-chess"] [data-interpretations]').count() == 1
        files = [(r.url.rpartition("/")[2], r.status, r.from_service_worker) for r in responses if "/pages/" in r.url]
        assert files == [("rules-coalition-chess.html", 200, True)]
        assert [r.url for r in responses if not r.from_service_worker] == []
        assert offsite == []
        page.context.set_offline(False)


def test_a_module_fetched_on_demand_works_offline_afterwards(open_page, built_dist):
    """The standard library beyond the shipped part (py/app/stdlib.py) is
    fetched the first time it is imported; the service worker keeps it, so the
    same import works offline in a new document."""
    archive = build.stdlib_archive(built_dist).relative_to(built_dist).as_posix()
    with build.serving(built_dist, prefix="/coalitions/") as served:
        page = open_page(served, init_script="window.coalitionsProbe = {};")
        offsite = watch_context(page)
        wait_ready(page, "home")
        wait_controlled(page)
        assert page.evaluate("window.coalitionsProbe.stdlibFetched()") is False
        assert page.evaluate("window.coalitionsProbe.importModule('difflib')") is True
        assert page.evaluate("window.coalitionsProbe.stdlibFetched()") is True
        page.wait_for_function("url => caches.match(url).then(r => !!r)", arg=served + archive, polling=100)

        responses = go_offline(page)
        page.reload()
        wait_ready(page, "home")
        # put in place from Cache Storage at start (app/stdlib.py, restore)
        assert page.evaluate("window.coalitionsProbe.stdlibFetched()") is True
        for name in ("difflib", "statistics"):  # the one imported before, and another of the library
            assert page.evaluate("name => window.coalitionsProbe.importModule(name)", name) is True
        assert [r.url for r in responses if not r.from_service_worker] == []
        assert offsite == []
        page.context.set_offline(False)


def test_writing_a_walkthrough_works_offline_after_one_visit(open_page, built_dist):
    """The screens no first page opens (a review, writing a walkthrough) are a
    part of their own (games/app.extras-<hash>.zip, buildtools/wheel.py),
    never fetched by the home page; the service worker precaches it, so after
    one visit to the home page they open offline in a new document."""
    import json

    from coalitions.core.match import Match
    from coalitions.core.records import dumps, make_players

    match = Match.new("election-day", make_players(["bot", "bot", "bot"], names=["Ann", "Bo", "Cy"]), seed=7)
    match.advance()
    save = f"localStorage.setItem('coalitions:save:offline1', {json.dumps(dumps(match.record))});"
    with build.serving(built_dist) as served:
        page, offsite, responses = visit_then_go_offline(open_page, served, init_script=save)
        page.goto(served + "index.html#/review/offline1")
        wait_ready(page, "review")
        page.locator('[data-ui="make-walkthrough"]').click()
        wait_ready(page, "author")
        page.locator("[data-author-title]").fill("Offline notes")
        page.locator('[data-ui="next"]').click()
        wait_ready(page, "author")
        assert page.locator("[data-at-step]").get_attribute("data-at-step") == "1"
        assert responses and [r.url for r in responses if not r.from_service_worker] == []
        assert offsite == []
        page.context.set_offline(False)


def test_a_module_not_fetched_before_fails_offline_as_missing(chromium_browser, built_dist):
    """Offline, with the library never fetched, such an import fails as a
    missing module would (code that tries an optional import goes on)."""
    with build.serving(built_dist) as served:
        context = chromium_browser.new_context()
        try:
            context.add_init_script("window.coalitionsProbe = {};")
            page = context.new_page()
            page.goto(served)
            wait_ready(page, "home")
            wait_controlled(page)
            context.set_offline(True)
            page.reload()
            wait_ready(page, "home")
            assert page.evaluate("window.coalitionsProbe.stdlibFetched()") is False
            error = page.evaluate("""() => { try { window.coalitionsProbe.importModule('difflib'); return null; }
                                             catch (e) { return String(e.message || e); } }""")
            assert error is not None and "ModuleNotFoundError" in error and "difflib" in error, error
            assert page.evaluate("window.coalitionsProbe.importModule('json')") is True  # the shipped part
        finally:
            context.close()


def test_new_version_offers_reload_once(open_page, built_dist, tmp_path, prefix):
    site = Path(shutil.copytree(built_dist, tmp_path / "site"))
    with build.serving(site, prefix=prefix) as url:
        page = open_page(url)
        offsite = watch_context(page)
        wait_controlled(page)
        old = cache_name(site, prefix)
        assert page.evaluate(WORKER_VERSION)["cache"] == old

        # Deploy a new version: a changed stylesheet, and the worker written again.
        css = site / "static" / "app.css"
        css.write_text(css.read_text("utf-8") + "\n/* new version */\n", "utf-8")
        new = build.sw_cache_name(build.write_service_worker(site).version, prefix)
        assert new != old

        loads = []
        page.on("load", lambda _page: loads.append(1))
        fetched = []  # by the worker, but its own script
        page.context.on("request", lambda r: r.service_worker and not r.url.endswith("/sw.js")
                        and fetched.append(r.url[len(url):]))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        button = page.locator('[data-notice="update"] [data-ui="update-reload"]')
        button.wait_for(state="visible")
        assert "new version" in page.locator('[data-notice="update"]').inner_text()
        # Nothing happens until the player asks: the old version still runs.
        assert loads == []
        assert page.evaluate(WORKER_VERSION)["cache"] == old
        # The new version downloaded only what changed; the rest came from the old cache.
        assert fetched == ["static/app.css"]

        click_to_reload(page, button)
        wait_ready(page)
        wait_controlled(page)
        assert page.evaluate(WORKER_VERSION)["cache"] == new
        assert page.evaluate(CACHES) == [new]  # the old cache is gone
        css_now = page.evaluate("fetch('./static/app.css').then(r => r.text())")
        assert css_now.endswith("/* new version */\n")
        assert page.locator('[data-notice="update"]').count() == 0

        # It reloaded once, and stays put: a new update check finds nothing new.
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        goto_hash(page, NEW_3P, "play")
        page.wait_for_timeout(1000)
        assert loads == [1]
        assert page.locator('[data-notice="update"]').count() == 0
        assert offsite == []


# Ask for an update check now and wait for what it gives: "installed" (a new
# version waits), "redundant" (its install failed), "unchanged" (nothing new),
# or "timeout" after a minute.
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  let finish;
  const settled = new Promise((resolve) => { finish = resolve; });
  const watch = (worker) => {
    const check = () => {
      if (worker.state === "installed" || worker.state === "activated") finish("installed");
      else if (worker.state === "redundant") finish("redundant");
    };
    worker.addEventListener("statechange", check);
    check();
  };
  let found = false;
  registration.addEventListener("updatefound", () => { found = true; watch(registration.installing); }, { once: true });
  await registration.update().catch(() => null);
  if (registration.installing) watch(registration.installing);
  else if (!found) finish(registration.waiting ? "installed" : "unchanged");
  setTimeout(() => finish("timeout"), 60000);
  return settled;
}"""
RESOURCES = "() => performance.getEntriesByType('resource').map((entry) => entry.name)"


def next_version(site: Path, target: Path) -> tuple[Path, str]:
    """A new deployment of `site` in `target`: new Python (a module added to
    the wheel, which gets a new name), a changed stylesheet, and the worker
    written for them. Returns (target, the new wheel's name)."""
    new = Path(shutil.copytree(site, target))
    old_wheel = build.site_wheel(new)
    with zipfile.ZipFile(old_wheel, "a") as wheel:
        wheel.writestr("coalitions/_deployed.py", "MARK = 2\n")
    data = old_wheel.read_bytes()
    old_wheel.unlink()
    name = build.wheel_name(build.project_version(), hashlib.sha256(data).hexdigest())
    (new / name).write_bytes(data)
    build.write_config(new / "pyscript.toml", new / "pyscript.toml", name)
    build.write_preloads(new / "index.html", new)
    css = new / "static" / "app.css"
    css.write_text(css.read_text("utf-8") + "\n/* new version */\n", "utf-8")
    build.write_service_worker(new)
    return new, name


def test_half_finished_deploy_is_never_cached(open_page, built_dist, tmp_path):
    """Issue 16, item 9: a new sw.js, config and wheel served with the previous
    version's stylesheet (a deploy half done) installs nothing: no notice, the
    old cache alone. Once the deploy is complete the update is offered, and a
    new tab then runs the new wheel, from the new cache."""
    site = Path(shutil.copytree(built_dist, tmp_path / "site"))
    new, wheel = next_version(site, tmp_path / "new")
    with build.serving(site) as url:
        page = open_page(url)
        wait_controlled(page)
        old = cache_name(site, "/")

        for name in ("sw.js", "pyscript.toml", wheel):
            shutil.copy2(new / name, site / name)
        assert page.evaluate(UPDATE) == "redundant"
        assert page.evaluate(CACHES) == [old]
        assert page.evaluate(WORKER_VERSION)["cache"] == old
        assert page.locator('[data-notice="update"]').count() == 0

        # The rest arrives (the page too: it preloads the new wheel): now the
        # same sw.js installs, and is offered.
        shutil.copy2(new / "static" / "app.css", site / "static" / "app.css")
        shutil.copy2(new / "index.html", site / "index.html")
        (site / build.site_wheel(built_dist).name).unlink()
        assert page.evaluate(UPDATE) == "installed"
        button = page.locator('[data-notice="update"] [data-ui="update-reload"]')
        button.wait_for(state="visible")
        click_to_reload(page, button)
        wait_ready(page)
        wait_controlled(page)
        fresh = cache_name(new, "/")
        assert page.evaluate(WORKER_VERSION)["cache"] == fresh
        assert page.evaluate(CACHES) == [fresh]

        other = page.context.new_page()
        other.goto(url + NEW_3P)
        wait_ready(other, "play")
        assert url + wheel in other.evaluate(RESOURCES)
        assert other.evaluate("fetch('./static/app.css').then(r => r.text())").endswith("/* new version */\n")
        other.close()


def test_two_sites_on_one_origin_keep_their_caches(open_page, built_dist, tmp_path):
    """Issue 16, item 10: the same build at /a/ and /b/ of one origin (two
    GitHub Pages project sites of one user). Updating /b/ leaves /a/'s cache,
    and /a/ still starts offline."""
    origin_root = tmp_path / "origin"
    a = Path(shutil.copytree(built_dist, origin_root / "a"))
    b = Path(shutil.copytree(built_dist, origin_root / "b"))
    with build.serving(origin_root) as origin:
        page_a = open_page(origin + "a/")
        wait_controlled(page_a)
        page_b = page_a.context.new_page()
        page_b.goto(origin + "b/")
        wait_ready(page_b)
        wait_controlled(page_b)
        assert sorted(page_a.evaluate(CACHES)) == sorted([cache_name(a, "/a/"), cache_name(b, "/b/")])

        css = b / "static" / "app.css"
        css.write_text(css.read_text("utf-8") + "\n/* b's new version */\n", "utf-8")
        build.write_service_worker(b)
        assert page_b.evaluate(UPDATE) == "installed"
        button = page_b.locator('[data-notice="update"] [data-ui="update-reload"]')
        button.wait_for(state="visible")
        click_to_reload(page_b, button)
        wait_ready(page_b)
        wait_controlled(page_b)
        assert sorted(page_a.evaluate(CACHES)) == sorted([cache_name(a, "/a/"), cache_name(b, "/b/")])

        page_b.close()  # (a tab behind another runs its timers slowly: /a/ plays in front)
        page_a.context.set_offline(True)
        page_a.goto(origin + "a/index.html" + NEW_3P)
        wait_ready(page_a, "play")
        assert play_to_the_end(page_a, random.Random(3)) > 0
        page_a.context.set_offline(False)


def open_failing(chromium_browser, url, init_script=None):
    """A page whose start-up is expected to fail (so its 404s are no test error)."""
    context = chromium_browser.new_context()
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    return page, errors


RECOVERY = ("Reload the page", "clear this site's data")


@pytest.mark.parametrize("missing", ["wheel", "pyscript.toml"])
def test_a_missing_file_says_what_failed(chromium_browser, built_dist, tmp_path, missing):
    """Issue 11: a missing wheel or config ends the loading screen with what
    failed and how to recover, instead of leaving it up for good."""
    site = Path(shutil.copytree(built_dist, tmp_path / "site"))
    gone = build.site_wheel(site) if missing == "wheel" else site / missing
    gone.unlink()
    with build.serving(site) as url:
        page, _errors = open_failing(chromium_browser, url)
        try:
            failed = page.locator("[data-loading-failed]")
            failed.wait_for(state="visible", timeout=30_000)
            text = failed.inner_text()
            assert "Could not load" in text and gone.name in text and "HTTP 404" in text, text
            assert all(hint in text for hint in RECOVERY), text
            assert page.evaluate("document.documentElement.getAttribute('data-boot')") == "failed"
            assert page.locator('[data-loading-failed] [data-ui="boot-reload"]').is_visible()
            assert page.locator("[data-loading-slow]").is_hidden()
        finally:
            page.context.close()


def test_a_stalled_start_says_where_it_stopped(chromium_browser, built_dist):
    """Issue 11: a file that never arrives (a server that hangs) ends in a
    message after a bounded wait (shortened here to 3 s)."""
    with build.serving(built_dist) as url:
        context = chromium_browser.new_context()
        context.add_init_script("window.coalitionsBootStallMs = 3000;")
        wheel = build.site_wheel(built_dist).name
        held = []
        context.route("**/" + wheel, lambda route: held.append(route))  # never answered
        page = context.new_page()
        try:
            page.goto(url)
            failed = page.locator("[data-loading-failed]")
            failed.wait_for(state="visible", timeout=30_000)
            # On a busy machine, compiling Python's runtime alone can take
            # longer than 3 s without a sign of progress: the message then
            # shows early, and is taken back once the start moves on. Wait
            # for the one that names the file that never comes.
            page.wait_for_function(
                """wheel => {
                    const out = document.querySelector("[data-loading-failed]");
                    return !!out && !out.hidden && out.innerText.includes(wheel);
                }""",
                arg=wheel,
                timeout=60_000,
            )
            text = failed.inner_text()
            assert "has not finished starting after 3 seconds" in text, text
            assert f"waiting for the game's code ({wheel})" in text, text
            assert all(hint in text for hint in RECOVERY), text
            assert held
            # The message is a warning, not an end: once the file comes, it
            # goes away and the page starts.
            for route in held:
                route.continue_()
            wait_ready(page)
            assert failed.is_hidden()
            assert page.evaluate("document.documentElement.getAttribute('data-boot')") != "failed"
        finally:
            context.close()
