"""The app end to end in headless chromium: play, hot seat, reload, walkthroughs,
import, names as text, storage failures. A test of a start-up (a sub-path, a
storage that fails) boots Pyodide (a few seconds) in a fresh browser context;
the others share the module's page (`booted`), its storage emptied before
each, so localStorage starts empty for every test."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlsplit

import pytest

from app.storage import prefix_for
from coalitions.core.match import Match
from coalitions.core.records import dumps, make_players
from coalitions.registry import get_game

from .pages import (check_action_buttons, goto_hash, play_to_the_end, save_id_of, save_keys, start_from_form,
                    wait_bot_worker_loaded, wait_ready)

NEW_4P = "#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"
EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture(params=["root", "subpath"])
def site(request, dist_url, dist_url_prefixed):
    return dist_url if request.param == "root" else dist_url_prefixed


def test_play_against_bots_to_the_end(open_page, site, dist_url):
    page = open_page(site + NEW_4P, init_script="window.coalitionsProbe = {};")
    wait_ready(page, "play")
    sid = save_id_of(page)
    assert page.locator("[data-hand] .card").count() > 0
    assert page.locator("[data-crown]").count() == 6
    assert page.locator("[data-log] li").count() > 0
    moves = play_to_the_end(page, random.Random(7))
    assert moves > 0

    result = page.locator("[data-result]")
    assert result.is_visible()
    summary = page.locator("[data-result-summary]").inner_text()
    assert "elected" in summary or "Prince" in summary
    assert page.locator("[data-aces] li").count() == 4
    assert page.locator("[data-ranking] tbody tr").count() == 6
    assert page.locator("[data-action]").count() == 0
    assert page.locator("[data-ui=undo]").count() == 0

    # every module of the standard library that it imported was shipped as bytecode
    loaded = json.loads(page.evaluate("window.coalitionsProbe.stdlibModules()"))
    assert len(loaded) > 50
    from_source = [name for name, how in loaded if how == "py"]
    assert not from_source, f"not in stdlib-modules.txt (run scripts/list_stdlib_modules.py): {from_source}"

    # the save index knows the game is finished
    # (under a sub-path the keys carry the site's path: app.storage.prefix_for)
    prefix = prefix_for(urlsplit(page.url).path)
    assert prefix == ("coalitions:" if site == dist_url else "coalitions:/coalitions/:")
    index = json.loads(save_keys(page)[prefix + "index"])
    assert index[0]["id"] == sid and index[0]["finished"]

    with page.expect_download() as info:
        page.locator("[data-result-wrap] [data-ui=export]").click()
    download = info.value
    assert re.fullmatch(rf"election-day-\d{{4}}-\d\d-\d\d-{sid}\.json", download.suggested_filename)
    record = json.loads(open(download.path(), encoding="utf-8").read())
    assert record["format"] == "coalitions-record" and record["seed"] == 7
    assert Match(record).is_over()

    page.locator("[data-result-wrap] a", has_text="Back home").click()
    wait_ready(page, "home")
    assert page.locator(f'[data-save="{sid}"]').is_visible()
    assert page.locator("html[data-game-over]").count() == 0


def test_python_runs_without_stack_switching_on_the_page_and_in_the_bot_worker(open_page, dist_url):
    # Chromium has WebAssembly.Suspending, so Pyodide would run calls into
    # Python on stacks of their own, where Chromium 156 now and then crashes
    # the page; the page and the bot worker both start Pyodide without it
    # (pyodide/start.mjs, withoutStackSwitching).
    page = open_page(dist_url + NEW_4P, init_script="window.coalitionsProbe = {};")
    wait_ready(page, "play")
    assert page.evaluate("window.coalitionsProbe.stackSwitching()") is False
    assert page.evaluate("'Suspending' in WebAssembly") is False
    worker = wait_bot_worker_loaded(page)
    assert worker["stackSwitching"] is False
    # and the browser does have it: without the start's care, Pyodide would use it
    other = page.context.new_page()
    other.goto("about:blank")
    assert other.evaluate("'Suspending' in WebAssembly") is True
    other.close()


def test_hot_seat_hides_the_previous_hand(booted):
    page = booted("#/new/election-day?seats=human,human,human&seed=11&names=Ann,Bob,Cy")
    start_from_form(page)  # a link naming its players waits for Start
    names = ["Ann", "Bob", "Cy"]
    seen = {"covers": 0, "undone": False}

    def on_cover(page):
        seen["covers"] += 1
        take_back = page.locator("[data-ui=undo-last]")
        if not seen["undone"] and take_back.count():
            # the player who just moved may still take it back before handing over
            seen["undone"] = True
            who = int(take_back.get_attribute("data-seat"))
            take_back.click()
            wait_ready(page, "play")
            assert page.locator("[data-pass-cover]").count() == 0
            assert page.locator("[data-hand]").get_attribute("data-hand") == str(who)
            assert page.locator(f'[data-seat="{who}"].is-turn').count() == 1
            return
        # nothing of the table is left on the page: no hand, no cards, no actions
        assert page.locator("[data-table]").count() == 0
        assert page.locator("[data-hand], [data-card], [data-action]").count() == 0
        seat = int(page.locator("[data-pass-cover]").get_attribute("data-pass-cover"))
        title = page.locator("#pass-title").inner_text()
        assert title == f"Pass the device to {names[seat]}"
        page.locator("[data-ui=pass]").click()
        wait_ready(page, "play")
        assert page.locator("[data-pass-cover]").count() == 0
        assert page.locator("[data-hand]").get_attribute("data-hand") == str(seat)
        assert page.locator(f'[data-seat="{seat}"].is-turn').count() == 1

    play_to_the_end(page, random.Random(3), on_cover=on_cover, prefer_play=True)
    assert seen["covers"] >= 3 and seen["undone"]
    assert page.locator("[data-result]").is_visible()


def test_undo_then_reload_returns_to_the_same_position(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")

    # undo: play cards until the table offers to take one back, then take it back
    played = None
    for _ in range(30):
        wait_ready(page, "play")
        actions = check_action_buttons(page)
        plays = [a for a in actions if a.startswith("play ")]
        if not plays:
            page.locator('[data-action="pass"]').click()
            continue
        played = plays[0]
        log_before = page.locator("[data-log] li").count()
        page.locator(f'[data-action="{played}"]').click()
        wait_ready(page, "play")
        if page.locator("[data-ui=undo]").count():
            break
    assert page.locator("[data-ui=undo]").count() == 1, "no undo offered after a play"
    page.locator("[data-ui=undo]").click()
    wait_ready(page, "play")
    assert page.locator(f'[data-action="{played}"]').count() == 1
    assert page.locator("[data-log] li").count() == log_before

    # a few more moves, then reload: same hand, same log, same debate
    rng = random.Random(5)
    for _ in range(3):
        wait_ready(page, "play")
        if page.locator("html[data-game-over]").count():
            break
        actions = check_action_buttons(page)
        choice = [a for a in actions if a.startswith("play ")] or actions
        page.locator(f'[data-action="{rng.choice(choice)}"]').first.click()
    wait_ready(page, "play")
    url = page.url

    def position():
        return {
            "hand": page.eval_on_selector_all(
                "[data-hand] [data-card], [data-hand] .card[data-action]",
                "els => els.map(e => e.getAttribute('data-card') || e.getAttribute('data-action'))"),
            "actions": check_action_buttons(page),
            "log": page.locator("[data-log] li").count(),
            "debate": page.locator(".debate-cards li").count(),
            "status": page.locator("[data-status]").inner_text(),
        }

    before = position()
    assert before["hand"]
    page.reload()
    wait_ready(page, "play")
    assert page.url == url
    assert position() == before

    # exporting a game in progress warns that the file holds the whole deal
    with page.expect_download() as info:
        page.locator(".play-header [data-ui=export]").click()
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert not Match(record).is_over()
    notice = page.locator('[data-notice="message"]')
    assert notice.count() == 1 and "whole deal" in notice.inner_text()
    with page.expect_download():
        page.locator(".play-header [data-ui=export]").click()
    assert notice.count() == 1, "a new message replaces the previous one"

    # a setup that cannot start shows the form with the reason
    goto_hash(page, "#/new/election-day?players=3&seats=human,robot,bot", "new")
    assert "human or bot" in page.locator("[data-form-error]").inner_text()


def test_walkthrough_and_its_embedded_form(booted):
    record = get_game("election-day").walkthroughs()["debate-scoring"]
    total = len(record["moves"])
    base = "#/walkthrough/election-day/debate-scoring"
    page = booted(base, "walkthrough")
    for embed in (False, True):
        if embed:
            goto_hash(page, base + "&embed=1", "walkthrough")
        assert page.locator("[data-site-header]").is_visible() is (not embed)
        assert page.locator("html[data-embed]").count() == int(embed)
        step_through(page, record, total)
    goto_hash(page, "#/", "home")
    assert page.locator("[data-site-header]").is_visible()


def step_through(page, record, total):
    def step():
        return int(page.locator("[data-at-step]").get_attribute("data-at-step"))

    assert page.locator("[data-action]").count() == 0
    assert step() == 0
    assert page.locator(".wt-step").inner_text() == f"Step 0 of {total}"
    assert page.locator("[data-caption]").inner_text() == record["captions"]["0"]
    assert page.locator("[data-ui=prev]").is_disabled()
    for k in range(1, total + 1):
        if page.locator("[data-learn]").count():
            # a learner step: Next waits for the learner's move; "Show me" makes it
            assert k in record["learn"]
            assert page.locator("[data-ui=next]").is_disabled()
            page.locator("[data-ui=show-me]").click()
        else:
            page.locator("[data-ui=next]").click()
        wait_ready(page, "walkthrough")
        assert step() == k
        assert page.locator(".wt-step").inner_text() == f"Step {k} of {total}"
        if str(k) in record["captions"]:
            assert page.locator("[data-caption]").inner_text() == record["captions"][str(k)]
        if not page.locator("[data-learn]").count():
            assert page.locator("[data-action]").count() == 0
    assert page.locator("[data-ui=next]").is_disabled()
    assert page.locator("[data-result]").is_visible()  # the example ends with the election
    page.keyboard.press("ArrowLeft")
    assert step() == total - 1
    page.keyboard.press("ArrowRight")
    assert step() == total
    page.locator("[data-ui=restart]").click()
    assert step() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_import_checks_the_file_and_touches_nothing(booted):
    page = booted(NEW_4P)
    wait_ready(page, "play")
    sid = save_id_of(page)
    goto_hash(page, "#/", "home")
    before = save_keys(page)
    assert f"coalitions:save:{sid}" in before

    good = Match.new("election-day", make_players(["human", "bot", "bot"], names=["Imported"]), seed=3)
    good.advance()
    bad_step = json.loads(dumps(good.record))
    bad_step["moves"].append([0, "play nothing"])

    cases = [
        (b"{not json", "not a Coalitions record as saved"),
        (b"\xff\xfe\x00", "not"),
        (json.dumps({"format": "coalitions-record", "version": 1, "game": "chess", "players": []}).encode(),
         "unknown game"),
        (json.dumps({"hello": "world"}).encode(), "not a Coalitions record"),
        (dumps(bad_step).encode(), f"step {len(bad_step['moves'])}"),
        # read exactly as the command line reads a file: UTF-8 only
        (dumps(good.record).encode("utf-16"), "not text (UTF-8)"),
        (dumps(good.record).replace("Imported", "Impört").encode("latin-1"), "not text (UTF-8)"),
    ]
    picker = page.locator("[data-ui=import]")
    for data, words in cases:
        # (so that the message waited for below is this file's, not the last one's)
        page.evaluate("() => document.querySelectorAll('[data-import-message]').forEach(el => el.remove())")
        picker.set_input_files(files=[{"name": "game.json", "mimeType": "application/json", "buffer": data}])
        message = page.locator("[data-import-message]")
        message.wait_for()
        text = message.inner_text()
        assert "game.json" in text and words in text, text
        assert save_keys(page) == before
        assert page.locator(f'[data-save="{sid}"]').is_visible()

    # saved with a byte-order mark, as editors on Windows write UTF-8: imported all the same
    picker.set_input_files(files=[{"name": "good.json", "mimeType": "application/json",
                                   "buffer": b"\xef\xbb\xbf" + dumps(good.record).encode()}])
    wait_ready(page, "play")
    new_sid = save_id_of(page)
    assert new_sid != sid
    assert "Imported" in page.locator("[data-seat='0'] .seat-name").inner_text()
    goto_hash(page, "#/", "home")
    assert page.locator("[data-save]").count() == 2

    # a damaged save shows a message in the list and can be deleted; the rest still works
    page.evaluate("() => localStorage.setItem('coalitions:save:damaged1', '{oops')")
    goto_hash(page, "#/?r=1", "home")
    broken = page.locator('[data-save="damaged1"]')
    assert "cannot be opened" in broken.inner_text()
    assert page.locator("[data-save]").count() == 3
    broken.locator("[data-ui=delete]").click()
    page.locator('[data-save="damaged1"] [data-ui=delete-yes]').click()
    wait_ready(page, "home")
    assert page.locator('[data-save="damaged1"]').count() == 0
    assert "coalitions:save:damaged1" not in save_keys(page)
    assert page.locator("[data-save]").count() == 2


def test_names_show_as_text(booted):
    page = booted("#/new/election-day")
    wait_ready(page, "new")
    page.locator("select[name=players]").select_option("3")
    wait_ready(page, "new")
    page.locator("select[name=seat1]").select_option("human")
    wait_ready(page, "new")
    page.locator("input[name=name0]").fill(EVIL)
    page.locator("input[name=name1]").fill('Bo "B" & <i>co</i>')
    page.locator("input[name=seed]").fill("5")
    share = page.locator("[data-share]").input_value()
    assert "seats=human,human,bot" in share and "seed=5" in share and "%3Cimg" in share
    page.locator("[data-ui=start]").click()
    wait_ready(page, "play")
    # two humans: the pass screen names the first player literally
    if page.locator("[data-pass-cover]").count():
        assert EVIL in page.locator("#pass-title").inner_text() or "Bo" in page.locator("#pass-title").inner_text()
        page.locator("[data-ui=pass]").click()
        wait_ready(page, "play")
    assert page.locator("[data-seat='0'] .seat-name").inner_text() == EVIL
    assert page.locator("[data-seat='1'] .seat-name").inner_text() == 'Bo "B" & <i>co</i>'
    assert page.locator("#app img, #app i").count() == 0
    assert EVIL in page.locator("[data-log]").inner_text()
    goto_hash(page, "#/", "home")
    assert EVIL in page.locator("[data-saves]").inner_text()
    assert page.locator("#app img").count() == 0


def test_blocked_storage_warns_and_plays_in_memory(open_page, dist_url):
    # As Firefox blocks storage: localStorage throws, and so does indexedDB.open().
    blocked = """
        Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
        });
        IDBFactory.prototype.open = function () {
            throw new DOMException('The operation is insecure.', 'SecurityError');
        };
    """
    page = open_page(dist_url + NEW_4P, init_script=blocked)
    wait_ready(page, "play")
    assert page.locator("html").get_attribute("data-idb") == "memory"
    notice = page.locator('[data-notice="storage"]')
    assert notice.is_visible() and "not available" in notice.inner_text()
    actions = check_action_buttons(page)
    page.locator(f'[data-action="{actions[0]}"]').first.click()
    wait_ready(page, "play")
    assert page.locator("[data-log] li").count() > 3
    goto_hash(page, "#/", "home")
    assert page.locator("[data-save]").count() == 1


# PyScript keeps a database of its own in IndexedDB ("IDBMap/@pyscript.fs",
# one store, "entries"), which it opens without a version as it loads.
PYSCRIPT_DB = "IDBMap/@pyscript.fs"
# The stores of a database, or null where there is none, without making one
# (IndexedDB's own open, not the shell's wrapper of it: boot.js).
STORES_OF = """name => new Promise((done) => {
    const request = IDBFactory.prototype.open.call(indexedDB, name);
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => { const names = [...request.result.objectStoreNames]; request.result.close(); done(names); };
    request.onerror = (event) => { event.preventDefault(); done(null); };
})"""


def no_broken_database(page) -> None:
    """Once the shell has settled (it waits 3 s at most): PyScript's database
    has its store; or, where the shell went on in memory again (a very busy
    machine), there is no database at all. Never one without its store."""
    page.wait_for_timeout(3500)
    stores = page.evaluate(STORES_OF, PYSCRIPT_DB)
    if page.locator("html").get_attribute("data-idb") == "memory":
        assert stores is None
    else:
        assert stores == ["entries"]


def test_an_indexeddb_slower_than_the_shell_waits_leaves_no_broken_database(open_page, dist_url):
    # On a busy machine the first open of PyScript's database can take longer
    # than the shell waits for it (3 s). The page goes on in memory; the late
    # upgrade must not leave a database without its store behind, which every
    # later start would fail on. Here another open holds the database's
    # creation until the shell has stopped waiting, then gives it up, on the
    # first load only.
    slow = """
        if (!sessionStorage.getItem('held')) {
            sessionStorage.setItem('held', '1');
            const holding = indexedDB.open('%s', 1);
            holding.onupgradeneeded = () => {
                const store = holding.result.createObjectStore('hold');
                // until the shell has stopped waiting and gone on in memory, and a moment more
                const until = Date.now() + 30000;
                let gaveUp = 0;
                (function keep() {
                    const root = document.documentElement;
                    if (!gaveUp && root && root.getAttribute('data-idb') === 'memory') gaveUp = Date.now();
                    if (Date.now() < until && (!gaveUp || Date.now() < gaveUp + 300)) store.get(0).onsuccess = keep;
                    else holding.transaction.abort();
                })();
            };
            holding.onerror = event => event.preventDefault();
        }
    """ % PYSCRIPT_DB
    page = open_page(dist_url + NEW_4P, init_script=slow)
    wait_ready(page, "play")
    page.locator('html[data-idb="memory"]').wait_for(state="attached")  # the shell stopped waiting
    page.wait_for_timeout(1500)  # the late upgrade has come and been undone
    assert page.evaluate(STORES_OF, PYSCRIPT_DB) is None
    page.reload()
    wait_ready(page, "play")
    no_broken_database(page)


def test_a_database_left_without_its_store_is_made_again(open_page, dist_url):
    # A profile where PyScript's database was made with no store (by the
    # shell before the fix above): the app still starts, and mends it.
    broken = """
        if (!sessionStorage.getItem('broken')) {
            sessionStorage.setItem('broken', '1');
            indexedDB.open('%s').onsuccess = event => event.target.result.close();
        }
    """ % PYSCRIPT_DB
    page = open_page(dist_url + NEW_4P, init_script=broken)
    wait_ready(page, "play")
    no_broken_database(page)
    page.reload()
    wait_ready(page, "play")
    no_broken_database(page)


def test_full_storage_warns(open_page, dist_url):
    full = """
        (() => {
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                if (key.startsWith('coalitions:save:') && window.storageFull !== false) {
                    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
                }
                return setItem.call(this, key, value);
            };
        })();
    """
    page = open_page(dist_url + NEW_4P, init_script=full)
    wait_ready(page, "play")
    notice = page.locator('[data-notice="storage"]')
    assert notice.is_visible() and "full" in notice.inner_text()
    actions = check_action_buttons(page)
    page.locator(f'[data-action="{actions[-1]}"]').first.click()
    wait_ready(page, "play")
    assert page.locator('[data-notice="storage"]').is_visible()
    # space is freed: the next save works, and the notice goes
    page.evaluate("() => { window.storageFull = false; }")
    actions = check_action_buttons(page)
    page.locator(f'[data-action="{actions[-1]}"]').first.click()
    wait_ready(page, "play")
    assert page.locator('[data-notice="storage"]').count() == 0


def test_a_save_that_is_not_there_is_said_so(booted):
    page = booted("#/play/nosuch1", "play")
    assert "There is no saved game “nosuch1” in this browser" in page.inner_text("main")
    assert page.locator("h1, h2").filter(has_text="No such game").count() == 1
    goto_hash(page, "#/review/nosuch2", "review")
    assert "There is no saved game “nosuch2” in this browser" in page.inner_text("main")


@pytest.mark.parametrize("game", ["die-macher", "coalition-chess"])
def test_the_table_links_fit_beside_the_title_on_a_phone(booted, game):
    """At 390 px the title and its links share one line ("Export" and
    "Confirm" with the rest of their names hidden but read; Home is the site
    header's): the first links are whole inside the window, and a link past
    its edge scrolls into it, whole."""
    page = booted(f"#/new/{game}?seats=human,bot,bot,bot&seed=3&names=Ann")
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        start_from_form(page)
        links = page.locator(".play-links > .btn:visible")
        assert links.count() >= 3
        # the row's right edge less its padding, where the fade begins
        clear = page.locator(".play-links").evaluate(
            "e => e.getBoundingClientRect().right - parseFloat(getComputedStyle(e).paddingRight)")
        for i in range(links.count()):
            if i >= 3:
                links.nth(i).evaluate("e => e.scrollIntoView({inline: 'center', block: 'nearest'})")
            box = links.nth(i).bounding_box()
            assert box and 0 <= box["x"] and box["x"] + box["width"] <= clear + 0.5, (links.nth(i).inner_text(), box)
        export = page.locator(".play-header [data-ui=export]")
        assert export.locator(".more").bounding_box()["width"] <= 1  # " record": read, not shown
        assert page.get_by_role("button", name="Export record").count() == 1
        if page.locator("[data-ui=toggle-confirm]").count():
            assert page.get_by_role("button", name="Confirm moves").count() == 1
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
