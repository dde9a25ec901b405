"""The Python memory snapshot (pyodide/start.mjs, written from
buildtools/pyodide_start.mjs): made once per build after a start that found
none, used by the next start, and never trusted when it is damaged, another
build's, or fails to restore: the app then starts as usual and the snapshot
goes."""

from __future__ import annotations

import re
import zipfile

import pytest

import build
from buildtools.pyscript_bytecode import BYTECODE_FOLDER

from .pages import goto_hash, wait_ready

TABLE = "index.html#/new/election-day?players=3&seats=human,bot,bot&seed=5"
CACHE = "coalitions-python-snapshot"
STATE = "document.documentElement.getAttribute('data-python-snapshot')"
# The other browser tests make no snapshot (conftest.py): these do.
MAKE = "window.coalitionsMakeSnapshot = true;"
KEYS = f"() => caches.open('{CACHE}').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))"


def snapshot_url(base: str) -> str:
    text = (build.DIST / "pyodide" / "start.mjs").read_text("utf-8")
    key = re.search(r'^const KEY = "([0-9a-f]{16})";$', text, re.MULTILINE)
    assert key, "start.mjs carries no snapshot key"
    return f"{base}pyodide/python-snapshot-{key.group(1)}"


def made(page) -> None:
    page.wait_for_selector("html[data-python-snapshot-made]", state="attached", timeout=120_000)
    assert page.get_attribute("html", "data-python-snapshot-made") == "made"


def reload(page) -> str | None:
    page.reload()
    wait_ready(page, "play")
    return page.evaluate(STATE)


def rewrite(page, url: str, how: str) -> None:
    """Put back the cached snapshot at `url` changed: "damage" flips a byte
    in Python's memory and keeps the stored digest; "foreign" writes a
    snapshot that restoring rejects (the magic number of Pyodide's header,
    inside the packed form), under a digest that matches it; "other-base"
    says it was packed against another base (its checksum changed), under a
    digest that matches; "unsized" keeps the bytes but not the memory's
    length stored with them."""
    page.evaluate("""async ([cacheName, url, how]) => {
      const cache = await caches.open(cacheName);
      const response = await cache.match(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const headers = new Headers(response.headers);
      if (how === "damage") {
        bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      } else if (how === "unsized") {
        headers.delete("x-memory-length");
      } else {
        if (how === "other-base") {  // the base's checksum, the packed form's sixth word (start.mjs)
          bytes[20] ^= 0x01;
        } else {  // Pyodide's own header: the first bytes after the packed runs' table
          bytes[24 + 8 * new DataView(bytes.buffer).getUint32(8, true)] ^= 0xff;
        }
        const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        headers.set("x-sha256", Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join(""));
      }
      await cache.put(url, new Response(bytes, { headers }));
    }""", [CACHE, url, how])


# How many files of PyScript's package's bytecode the page put in place
# (buildtools/pyscript_bytecode.py): as many as python_stdlib.zip holds.
BYTECODE = "document.documentElement.getAttribute('data-pyscript-bytecode')"


def shipped_bytecode() -> str:
    with zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip") as archive:
        count = sum(name.startswith(BYTECODE_FOLDER + "/") for name in archive.namelist())
    assert count >= 10
    return str(count)


def test_a_reload_starts_from_the_snapshot_made_after_the_first_start(open_page, dist_url):
    page = open_page(dist_url + TABLE, init_script=MAKE)
    assert page.evaluate(STATE) == "none"
    assert page.evaluate(BYTECODE) == shipped_bytecode()
    made(page)
    url = snapshot_url(dist_url)
    assert page.evaluate(KEYS) == [url]
    # another build's snapshot of this site is deleted on sight
    page.evaluate("([c, u]) => caches.open(c).then((cache) => cache.put(u, new Response('old')))",
                  [CACHE, dist_url + "pyodide/python-snapshot-0000000000000000"])
    for _ in range(2):
        assert reload(page) == "used"
        assert page.evaluate(BYTECODE) == shipped_bytecode()  # the restored Python's files are new too
        goto_hash(page, "#/", "home")  # the restored Python draws another page
        goto_hash(page, "#" + TABLE.partition("#")[2], "play")
    # (once Python has started, off the start's way)
    page.wait_for_function(f"({KEYS})().then((keys) => keys.length === 1 && keys[0] === {url!r})", timeout=10_000)


def test_index_html_names_the_snapshot_its_first_script_reads_and_without_it_the_start_looks_itself(
        open_page, dist_url):
    """index.html's head names this build's snapshot (build.py writes the
    key start.mjs carries), so that its first script reads it with one
    lookup; a page without that name (another build's page, a deploy under
    way) still starts from the snapshot, which start.mjs then looks up."""
    url = snapshot_url(dist_url)
    # (no service worker: it would answer index.html before the route below)
    page = open_page(dist_url + TABLE, init_script=MAKE, service_workers="block")
    named = page.get_attribute('meta[name="coalitions-python-snapshot"]', "content")
    assert dist_url + named == url
    made(page)
    assert reload(page) == "used"
    assert page.evaluate("window.coalitionsSnapshot") is None  # its bytes are not kept

    def unnamed(route):
        response = route.fetch()
        text = response.text()
        assert text.count('<meta name="coalitions-python-snapshot"') == 1
        route.fulfill(response=response, body=re.sub(r'<meta name="coalitions-python-snapshot"[^>]*>', "", text))

    page.route(re.compile(r".*/index\.html$"), unnamed)
    assert reload(page) == "used"
    assert page.locator('meta[name="coalitions-python-snapshot"]').count() == 0
    assert page.locator("[data-action], [data-step]").count() > 0


def with_a_rewritten_snapshot(open_page, dist_url, how):
    """A table whose build made its snapshot, then had it rewritten (`how`,
    see `rewrite`): the page and the snapshot's address."""
    page = open_page(dist_url + TABLE, init_script=MAKE)
    made(page)
    url = snapshot_url(dist_url)
    rewrite(page, url, how)
    return page, url


@pytest.mark.parametrize("how", ["damage", "unsized"])
def test_a_damaged_snapshot_is_not_used_and_is_made_again(open_page, dist_url, how):
    page, _ = with_a_rewritten_snapshot(open_page, dist_url, how)
    assert reload(page) == "damaged"
    assert page.locator("[data-action], [data-step]").count() > 0  # the table started as usual
    assert page.evaluate(HINTS) == {}
    made(page)  # the start found none usable: a new one is made
    assert reload(page) == "used"


@pytest.mark.parametrize("how", ["foreign", "other-base"])
def test_a_snapshot_that_fails_to_restore_falls_back_and_none_is_made_again(open_page, dist_url, how):
    page, url = with_a_rewritten_snapshot(open_page, dist_url, how)
    assert reload(page) == "failed"
    assert page.evaluate(KEYS) == [url + "-failed"]  # the snapshot went; this build makes no other
    assert page.evaluate(HINTS) == {}
    if how == "other-base":
        return
    # another build's snapshot goes also after a start without one (checked below)
    page.evaluate("([c, u]) => caches.open(c).then((cache) => cache.put(u, new Response('old')))",
                  [CACHE, dist_url + "pyodide/python-snapshot-0000000000000000"])
    assert reload(page) == "none"
    page.wait_for_timeout(12_000)
    assert page.get_attribute("html", "data-python-snapshot-made") is None
    assert page.evaluate(KEYS) == [url + "-failed"]


HINT = "document.documentElement.getAttribute('data-python-snapshot-hint')"
HINTS = """() => Object.fromEntries(Object.keys(localStorage)
    .filter((key) => key.startsWith('coalitions-python-snapshot-length:')).map((key) => [key, localStorage[key]]))"""


def stored_length(page, url: str) -> str:
    return page.evaluate("""([c, u]) => caches.open(c).then((cache) => cache.match(u))
        .then((response) => response.headers.get('x-memory-length'))""", [CACHE, url])


def test_the_snapshot_s_length_is_known_at_once_and_a_wrong_one_loses_nothing(open_page, dist_url):
    """The snapshot's memory length is kept in localStorage once the snapshot
    is made, so that a start hands Pyodide its memory before Cache Storage
    has answered. A length that is not the entry's (the start is begun again
    with the entry's), an entry that went (the usual start, and a snapshot is
    made again) and another build's hint (deleted) lose nothing."""
    page = open_page(dist_url + TABLE, init_script=MAKE)
    assert page.evaluate(HINT) == "none"
    made(page)
    url = snapshot_url(dist_url)
    key = "coalitions-python-snapshot-length:" + url
    length = stored_length(page, url)
    assert int(length) > 1_000_000 and page.evaluate(HINTS) == {key: length}
    other = "coalitions-python-snapshot-length:" + dist_url + "pyodide/python-snapshot-0000000000000000"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [other, length])
    assert reload(page) == "used" and page.evaluate(HINT) == "used"
    page.wait_for_function(f"() => !localStorage.getItem({other!r})", timeout=10_000)
    # a length that is not the snapshot's: looked up, used, and put right
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, str(int(length) + 65536)])
    assert reload(page) == "used" and page.evaluate(HINT) == "wrong"
    assert page.evaluate(HINTS) == {key: length}
    # the snapshot gone but its length still known: the usual start, then a new snapshot
    page.evaluate("([c, u]) => caches.open(c).then((cache) => cache.delete(u))", [CACHE, url])
    assert reload(page) == "none" and page.evaluate(HINT) == "used"
    assert page.locator("[data-action], [data-step]").count() > 0
    assert page.evaluate(HINTS) == {}
    made(page)
    assert page.evaluate(HINTS) == {key: length}
    assert reload(page) == "used"


PYTHON_START = "document.documentElement.getAttribute('data-python-start')"


def test_python_starts_as_the_page_is_parsed_and_pyscript_is_handed_that_start(open_page, dist_url):
    # pyodide/start.mjs is the page's first module: Python starts before
    # PyScript has loaded and read its config, and PyScript gets that start
    page = open_page(dist_url + TABLE)
    assert page.evaluate(PYTHON_START) == "early"
    assert page.evaluate(BYTECODE) == shipped_bytecode()
    assert page.locator("[data-action], [data-step]").count() > 0  # the table can be played
    # where the page asks it not to, PyScript starts Python itself
    later = open_page(dist_url + TABLE, init_script="window.coalitionsEarlyStart = false;")
    assert later.evaluate(PYTHON_START) == "asked"
    assert later.evaluate(BYTECODE) == shipped_bytecode()
    assert later.locator("[data-action], [data-step]").count() > 0



# What the page's scripts fetch (recorded before any of them runs), the page's
# preloads, and how many requests the browser made for one address.
RECORD_FETCHES = """
    window.fetchedUrls = [];
    const fetchFirst = window.fetch;
    window.fetch = function (input, init) {
        try { window.fetchedUrls.push(new URL(input && input.url || String(input), document.baseURI).href); }
        catch (error) { /* not an address: fetch says so */ }
        return fetchFirst.apply(this, arguments);
    };
    new MutationObserver((changes, observer) => {
        if (!document.documentElement || !document.documentElement.hasAttribute("data-ready")) return;
        window.readyAt = performance.now();
        observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""
PRELOADS = ("() => [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
            ".map((link) => [link.rel, link.as, link.href])")
# (until the page was ready: the bot worker, started after, imports pyodide.mjs again, from the HTTP cache)
REQUESTS = ("(url) => performance.getEntriesByType('resource')"
            ".filter((entry) => entry.name === url && entry.startTime <= window.readyAt).length")


def preloads_taken_once(page) -> list[list[str]]:
    """The page's preloads; each was requested once, so whatever used it took
    it from the preload (a preload whose mode does not match what asks for it
    is requested a second time); and every file preloaded for a fetch was
    fetched (a preload nothing uses is wasted bandwidth)."""
    preloads = page.evaluate(PRELOADS)
    assert preloads and page.evaluate("() => window.readyAt > 0")
    fetched = set(page.evaluate("() => window.fetchedUrls"))
    for rel, kind, url in preloads:
        assert page.evaluate(REQUESTS, url) == 1, (url, page.evaluate(REQUESTS, url))
        if rel == "preload" and kind == "fetch":
            assert url in fetched, (url, sorted(fetched))
    return preloads


def test_every_file_the_page_preloads_is_used_once(open_page, dist_url):
    """Issue 28: index.html asks at once for the files Python's start fetches
    one after another (Pyodide's, PyScript's modules, its config, the wheel,
    the entry script); each is then taken from that request, on a first load
    and on a reload from the snapshot. (Chromium's own console warning of a
    preload "not used within a few seconds" of the load event is not
    checked: on a busy machine Python's start takes longer than that.)"""
    page = open_page(dist_url + TABLE, init_script=RECORD_FETCHES)
    assert page.evaluate(PYTHON_START) == "early"
    assert page.evaluate(BYTECODE) == shipped_bytecode()
    preloads = preloads_taken_once(page)
    assert {url.rpartition("/")[2] for _, _, url in preloads} >= {
        "pyodide.asm.wasm", "python_stdlib.zip", "pyscript.toml", "main.py", build.site_wheel(build.DIST).name}
    page.reload()
    wait_ready(page, "play")
    assert preloads_taken_once(page) == preloads
    assert page.locator("[data-action], [data-step]").count() > 0


# Synchronous requests the page makes (a module's import that fetches a part).
RECORD_SYNC = """
    window.syncUrls = [];
    const openFirst = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (method, url, async) {
        if (async === false) window.syncUrls.push(new URL(url, document.baseURI).href);
        return openFirst.apply(this, arguments);
    };
"""


def test_a_reload_of_a_game_under_way_asks_for_its_game_s_part_at_once(open_page, dist_url):
    """A reload of a table (``#/play/<save>``, the address a new game moves
    to) asks for its game's part while the app's modules are imported, as a
    new game's address does: the game is the one its save names. Before, the
    part came with a synchronous request when the table first imported the
    game (22 to 50 ms of the page's thread in a trace of a reload)."""
    page = open_page(dist_url + TABLE, init_script=RECORD_FETCHES + RECORD_SYNC, service_workers="block")
    assert "#/play/" in page.url
    page.reload()
    wait_ready(page, "play")
    parts = [url for url in page.evaluate("() => window.fetchedUrls") if "/games/" in url]
    assert [url.rpartition("/")[2].partition("-")[0] for url in parts] == ["election_day"], parts
    assert [url for url in page.evaluate("() => window.syncUrls") if "/games/" in url] == []
    assert page.locator("[data-action], [data-step]").count() > 0
