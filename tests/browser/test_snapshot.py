"""The Python memory snapshot (pyodide/start.mjs, written from
buildtools/pyodide_start.mjs): made once per build after a start that found
none, used by the next start, and never trusted when it is damaged, another
build's, or fails to restore: the app then starts as usual and the snapshot
goes."""

from __future__ import annotations

import re
import zipfile

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
    inside the packed form), under a digest that matches it."""
    page.evaluate("""async ([cacheName, url, how]) => {
      const cache = await caches.open(cacheName);
      const response = await cache.match(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      let digest = response.headers.get("x-sha256");
      if (how === "damage") {
        bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      } else {  // Pyodide's own header: the first bytes after the packed runs' table (start.mjs)
        bytes[12 + 8 * new DataView(bytes.buffer).getUint32(8, true)] ^= 0xff;
        const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        digest = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
      }
      await cache.put(url, new Response(bytes, { headers: { "x-sha256": digest } }));
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
    assert page.evaluate(KEYS) == [url]


def with_a_rewritten_snapshot(open_page, dist_url, how):
    """A table whose build made its snapshot, then had it rewritten (`how`,
    see `rewrite`): the page and the snapshot's address."""
    page = open_page(dist_url + TABLE, init_script=MAKE)
    made(page)
    url = snapshot_url(dist_url)
    rewrite(page, url, how)
    return page, url


def test_a_damaged_snapshot_is_not_used_and_is_made_again(open_page, dist_url):
    page, _ = with_a_rewritten_snapshot(open_page, dist_url, "damage")
    assert reload(page) == "damaged"
    made(page)  # the start found none usable: a new one is made
    assert reload(page) == "used"


def test_a_snapshot_that_fails_to_restore_falls_back_and_none_is_made_again(open_page, dist_url):
    page, url = with_a_rewritten_snapshot(open_page, dist_url, "foreign")
    assert reload(page) == "failed"
    assert page.evaluate(KEYS) == [url + "-failed"]  # the snapshot went; this build makes no other
    assert reload(page) == "none"
    page.wait_for_timeout(12_000)
    assert page.get_attribute("html", "data-python-snapshot-made") is None
    assert page.evaluate(KEYS) == [url + "-failed"]


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



WASM_REQUESTS = ("() => performance.getEntriesByType('resource')"
                 ".filter((e) => e.name.endsWith('/pyodide/pyodide.asm.wasm')).length")


def test_every_file_the_page_preloads_is_used_once(open_page, dist_url):
    """Issue 28: index.html asks at once for the files Python's start fetches
    one after another (Pyodide's, PyScript's modules, its config, the wheel,
    the entry script); each is then taken from that request: Chromium warns
    of a preload left unused, and Pyodide's WebAssembly is requested once."""
    messages = []
    page = open_page(dist_url + TABLE)
    assert page.evaluate(PYTHON_START) == "early"
    assert page.evaluate(BYTECODE) == shipped_bytecode()
    assert page.evaluate(WASM_REQUESTS) == 1
    page.on("console", lambda message: messages.append(message.text))  # from the start of a reload on
    page.reload()
    wait_ready(page, "play")
    assert page.evaluate(WASM_REQUESTS) == 1
    page.wait_for_timeout(4000)  # Chromium warns a few seconds after the load event
    assert not [text for text in messages if "preload" in text.lower()], messages
    assert page.locator("[data-action], [data-step]").count() > 0
