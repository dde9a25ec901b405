"""Offline after one visit, in headless chromium: the service worker precaches
the site; with the network gone the app still starts and plays a whole game;
a new deployment shows a notice whose "Reload" switches to it, once; all of it
at the root and under a sub-path, with no console error and no request
leaving 127.0.0.1 (the worker's own requests included)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build

from .pages import goto_hash, play_to_the_end, wait_ready

NEW_3P = "#/new/election-day?players=3&seats=human,bot,bot&seed=5"
CONTROLLED = "navigator.serviceWorker.controller !== null"
CACHES = "() => caches.keys()"
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

    responses = []
    page.on("response", lambda r: responses.append(r))
    page.context.set_offline(True)
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

        with page.expect_event("load"):
            button.click()
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
