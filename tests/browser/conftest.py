"""Browser fixtures: a fresh context per test on the shared chromium, watched for
console errors, page errors, dialogs and any request that leaves 127.0.0.1;
or, for tests that need a fresh screen but not a fresh start, one page per
module, booted once (`booted`).

Uses `dist_url`, `dist_url_prefixed` and `chromium_browser` from tests/conftest.py
(dist/ built once per session, served by a threaded static server)."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

import chromium_log

from .pages import READY_MS, wait_ready

LOCAL_SCHEMES = ("data", "blob", "about")


class Watch:
    """What went wrong in a page: filled by listeners, checked at teardown."""

    def __init__(self, hosts=("127.0.0.1",)):
        self.hosts = hosts
        self.errors = []
        self.offsite = []
        self.dialogs = []

    def attach(self, page):
        def on_console(msg):
            if msg.type == "error":
                self.errors.append(f"console.error: {msg.text}")

        def on_request(request):
            parts = urlsplit(request.url)
            if parts.scheme in LOCAL_SCHEMES:
                return
            if parts.hostname not in self.hosts:
                self.offsite.append(request.url)

        def on_dialog(dialog):
            self.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("request", on_request)
        page.on("dialog", on_dialog)

    def check(self):
        assert not self.errors, "\n".join(self.errors)
        assert not self.offsite, f"requests to other origins: {self.offsite}"
        assert not self.dialogs, f"unexpected dialogs: {self.dialogs}"

    def clear(self):
        self.errors.clear()
        self.offsite.clear()
        self.dialogs.clear()


# The bots play without the table's pace in the browser tests (app/bots.py
# pace_override): at the default pace of about a second per bot move, the
# suite would spend minutes watching them. A test of the pace itself opens its
# page with paced=True.
NO_PACE = "window.coalitionsBotPace = 0;"
# Nor does a page make a Python memory snapshot 10 s after its start (a second
# Pyodide in a worker, pyodide/start.mjs): tests/browser/test_snapshot.py does.
NO_SNAPSHOT = "window.coalitionsMakeSnapshot = false;"


def new_context(browser, reduced_motion="reduce", viewport=None, paced=False, **options):
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 900},
        reduced_motion=reduced_motion,
        accept_downloads=True,
        **options,
    )
    context.set_default_timeout(READY_MS)
    if not paced:
        context.add_init_script(NO_PACE)
    context.add_init_script(NO_SNAPSHOT)
    return context


@pytest.fixture
def open_page(chromium_browser):
    """open_page(url, **context options) -> page; every page is checked at
    teardown. `hosts`: the hosts it may request (a host page on another site)."""
    contexts = []
    watches = []

    def opener(url, reduced_motion="reduce", viewport=None, init_script=None, hosts=("127.0.0.1",), paced=False,
               **options):
        context = new_context(chromium_browser, reduced_motion, viewport, paced, **options)
        contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        watch = Watch(hosts)
        watch.attach(page)
        watches.append(watch)
        page.goto(url)
        wait_ready(page)
        return page

    yield opener
    try:
        for watch in watches:
            watch.check()
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="module")
def module_page(chromium_browser, dist_url):
    """The page `booted` hands out: one context and one Pyodide boot per test
    module, at the site's root (default viewport, reduced motion)."""
    context = new_context(chromium_browser)
    page = context.new_page()
    watch = Watch()
    watch.attach(page)
    page.goto(dist_url + "#/")
    wait_ready(page, "home")
    yield page, watch
    context.close()


@pytest.fixture
def booted(module_page):
    """booted(hash, route=None, settings=None) -> the module's page, already running, at `hash`
    with the site's storage empty: for a test that checks a screen, not a
    start-up (a boot costs seconds). The page leaves whatever screen the last
    test left (its bots stop), its localStorage and sessionStorage are emptied
    there, then it goes to `hash`. Watched and checked as open_page's pages are."""
    page, watch = module_page
    watch.clear()

    def navigate(hash_text, route):
        # (data-ready goes at once, so that the wait is for this hash's screen)
        page.evaluate("h => { document.documentElement.removeAttribute('data-ready'); location.hash = h; }",
                      hash_text)
        wait_ready(page, route)

    def go(hash_text, route=None, settings=None):
        page.bring_to_front()
        navigate("#/?fresh=1", "home")
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        if settings is not None:  # the settings page's choices, stored before the screen opens
            page.evaluate("s => localStorage.setItem('coalitions:settings', s)", json.dumps(settings))
        navigate(hash_text, route)
        return page

    yield go
    watch.check()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failure that a crash of Chromium caused anywhere but in `wait_ready`
    (which says so itself) carries the same account of the browser and the machine."""
    outcome = yield
    report = outcome.get_result()
    error = call.excinfo.value if call.excinfo is not None else None
    if report.failed and error is not None and chromium_log.is_crash(error) and "Machine:" not in str(error):
        report.sections.append(("Chromium crashed", chromium_log.describe()))
