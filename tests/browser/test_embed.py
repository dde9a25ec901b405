"""Embedded walkthroughs, learner steps and share links, end to end in headless
chromium: the embed page in an iframe of another origin with storage blocked,
the "Copy embed code" snippet, a learner step, and a shared game opened in a
fresh browser context. Every page is watched for console errors and for
requests leaving 127.0.0.1 (tests/browser/conftest.py). Where no start-up of
its own is needed a test uses the module's running page (`booted`)."""

from __future__ import annotations

import json
import random
import string
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

import build
from app import share
from coalitions.core.match import Match
from coalitions.core.records import dumps, make_players
from coalitions.registry import get_game

from .pages import READY_MS, check_action_buttons, goto_hash, save_keys, wait_ready

WALKTHROUGHS = get_game("election-day").walkthroughs()
WT = "debate-scoring"
RECORD = WALKTHROUGHS[WT]
NEW_4P = "#/new/election-day?players=4&seats=human,bot,bot,bot&seed=7"

# Storage as a browser that blocks third-party storage shows it to an iframe:
# reading localStorage, sessionStorage or indexedDB throws a SecurityError. Only
# frames are affected, not the host page.
BLOCK_STORAGE_IN_FRAMES = """
    if (window.top !== window) {
        for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {
            Object.defineProperty(window, name, {
                configurable: true,
                get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); },
            });
        }
    }
"""


class Elements(HTMLParser):
    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def iframe_attrs(snippet):
    page = Elements(snippet)
    assert [tag for tag, _ in page.elements] == ["iframe", "script"], snippet
    return page.elements[0][1]


@pytest.fixture(scope="module")
def other_origin(tmp_path_factory):
    """A second static server on another port of 127.0.0.1: another origin,
    playing the wiki that embeds the walkthrough. Returns (url, folder)."""
    folder = tmp_path_factory.mktemp("wiki")
    with build.serving(folder) as url:
        yield url, folder


# The host's side of the height messages, as docs/records.md shows it, keeping
# what it received.
HOST_SIZES_FRAMES = """<script>
window.heights = [];
addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "coalitions:height") return;
  for (const frame of document.querySelectorAll("iframe")) {
    if (frame.contentWindow === event.source) {
      window.heights.push(event.data.height);
      frame.style.height = event.data.height + "px";
    }
  }
});
</script>"""


def host_page(other_origin, name, snippet, script=""):
    url, folder = other_origin
    (folder / name).write_text(
        "<!doctype html><html lang=en data-ready><head><meta charset=utf-8><title>A wiki page</title>"
        f'<link rel="icon" href="data:,">{script}'
        "<style>body{margin:8px;font:16px sans-serif}</style></head>"
        f"<body><h1>How debates are scored</h1>{snippet}<p>The end of the wiki page.</p></body></html>",
        encoding="utf-8",
    )
    return url + name


def frame_settled(frame):
    frame.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def fitted(page, frame, tries=100):
    """Wait until the host's iframe is as tall as the frame's content and the
    frame has nothing to scroll: after a step, the frame redraws (later on a
    busy machine than the two frames `frame_settled` waits) and then the
    include resizes the iframe; each try reads both sides again."""
    for _ in range(tries):
        content = frame.evaluate("() => Math.ceil(document.body.getBoundingClientRect().height)")
        height = page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height")
        fits = frame.evaluate("() => document.documentElement.scrollHeight <= window.innerHeight + 1")
        if abs(height - content) < 1 and fits:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the iframe ({height}px) never fitted its content ({content}px, scrolls: {not fits})")


def no_horizontal_scroll(frame):
    return frame.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


# -- 1. the embed page in a third-party iframe, storage blocked ----------------------------------


def test_embedded_walkthrough_in_another_origin_with_storage_blocked(open_page, dist_url, other_origin):
    src = share.walkthrough_embed_url(dist_url, "election-day", WT)
    url = host_page(other_origin, "embed.html", share.embed_snippet(src, RECORD["title"], 800, 600),
                    HOST_SIZES_FRAMES)
    assert urlsplit(url).port != urlsplit(dist_url).port
    page = open_page(url, init_script=BLOCK_STORAGE_IN_FRAMES)
    frame_el = page.locator("iframe")
    assert frame_el.get_attribute("title") == f"{RECORD['title']} — Coalitions"
    inside = page.frame_locator("iframe")
    inside.locator('html[data-ready][data-route="walkthrough"]').wait_for(state="attached", timeout=READY_MS)
    frame = next(f for f in page.frames if f.url.startswith(dist_url))

    # a third-party frame on another origin, with storage refused
    assert urlsplit(frame.url).netloc != urlsplit(page.url).netloc
    assert frame.evaluate("() => { try { localStorage; return 'open'; } catch (e) { return e.name; } }") \
        == "SecurityError"
    assert page.evaluate("() => { localStorage.setItem('host', '1'); return localStorage.getItem('host'); }") == "1"
    # IndexedDB refused too: PyScript got the shell's in-memory stand-in
    assert frame.evaluate("() => { try { indexedDB; return 'open'; } catch (e) { return e.name; } }") == "open"
    assert inside.locator("html").get_attribute("data-idb") == "memory"

    # the frame told the host its height, and the host sized it to fit: no scroll bar
    def content_height():
        return frame.evaluate("() => Math.ceil(document.body.getBoundingClientRect().height)")

    page.wait_for_function("() => window.heights.length > 0")
    frame_settled(frame)
    assert page.evaluate("() => window.heights.at(-1)") == content_height()
    assert frame.evaluate("() => document.documentElement.scrollHeight <= window.innerHeight")

    # only the board, the caption, the controls and the "play" link
    assert inside.locator("html[data-embed]").count() == 1
    assert not inside.locator("[data-site-header]").is_visible()
    assert inside.locator(".wt-title.visually-hidden").count() == 1  # for screen readers only
    assert not inside.locator("[data-log]").is_visible()
    assert inside.locator("[data-ui=share], [data-ui=embed-code], [data-embed-code], .crumbs").count() == 0
    assert inside.locator("[data-error]").count() == 0
    notice = inside.locator('[data-notice="storage"]')
    assert notice.count() == 0 or not notice.is_visible()
    assert inside.locator("[data-table]").is_visible()
    assert inside.locator("[data-caption]").inner_text() == RECORD["captions"]["0"]

    play = inside.locator("[data-play-link]")
    assert play.get_attribute("target") == "_blank"
    assert "noopener" in play.get_attribute("rel").split()
    assert play.evaluate("a => a.href") == dist_url + "#/new/election-day"

    def step():
        return int(inside.locator("[data-at-step]").get_attribute("data-at-step"))

    # step through with the buttons: step 2 is the learner's, "Show me" makes it
    inside.locator("[data-ui=next]").click()
    assert step() == 1
    assert inside.locator("[data-caption]").inner_text() == RECORD["captions"]["1"]
    assert inside.locator("[data-ui=next]").is_disabled()
    inside.locator("[data-ui=show-me]").click()
    assert step() == 2
    assert inside.locator("[data-caption]").inner_text() == RECORD["captions"]["2"]

    # and with the arrow keys, once the frame has the focus
    inside.locator("[data-caption]").click()
    page.keyboard.press("ArrowRight")
    assert step() == 3
    assert inside.locator("[data-caption]").inner_text() == RECORD["captions"]["3"]
    page.keyboard.press("ArrowLeft")
    assert step() == 2
    inside.locator("[data-ui=restart]").click()
    assert step() == 0
    frame_settled(frame)
    page.wait_for_function("h => window.heights.at(-1) === h", arg=content_height())

    # it fits the frame: no horizontal scrolling at 480 or 800 pixels wide
    for width in (480, 800):
        frame_el.evaluate("(el, w) => { el.style.width = w + 'px'; el.style.height = '600px'; }", width)
        frame_settled(frame)
        assert frame.evaluate("() => window.innerWidth") == width
        for _ in range(len(RECORD["moves"]) + 1):
            assert no_horizontal_scroll(frame), f"horizontal scroll at {width}px, step {step()}"
            if inside.locator("[data-learn]").count():
                inside.locator("[data-ui=show-me]").click()
            elif not inside.locator("[data-ui=next]").is_disabled():
                inside.locator("[data-ui=next]").click()
            frame_settled(frame)
        assert inside.locator("[data-result]").is_visible()
        inside.locator("[data-ui=restart]").click()

    # "Play" opens the game in a new tab of the site itself
    with page.context.expect_page() as info:
        play.click()
    tab = info.value
    errors = []
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    wait_ready(tab, "new")
    assert tab.url == dist_url + "#/new/election-day"
    assert tab.locator("[data-setup-form]").is_visible()
    assert not errors, errors


@pytest.fixture(scope="module")
def other_site(tmp_path_factory):
    """A wiki on another site: served on `localhost`, while the app is on
    127.0.0.1, so the browser treats the app's frame as third-party and, as
    Chromium does in a fresh profile, refuses it storage."""
    folder = tmp_path_factory.mktemp("wiki-site")
    with build.serving(folder) as url:
        yield url.replace("//127.0.0.1:", "//localhost:"), folder


def test_embedded_walkthrough_on_another_site_whose_storage_the_browser_refuses(open_page, dist_url, other_site):
    """The snippet as "Copy embed code" gives it, on a 390-pixel wiki page of
    another site: the frame starts, fits the column, and its include sizes it
    to its content at every step without ever making it shorter."""
    src = share.walkthrough_embed_url(dist_url, "election-day", WT)
    url = host_page(other_site, "real.html", share.embed_snippet(src, RECORD["title"]))
    assert urlsplit(url).hostname == "localhost" and urlsplit(dist_url).hostname == "127.0.0.1"
    page = open_page(url, hosts=("127.0.0.1", "localhost"), viewport={"width": 390, "height": 844})
    inside = page.frame_locator("iframe")
    inside.locator('html[data-ready][data-route="walkthrough"]').wait_for(state="attached", timeout=READY_MS)
    frame = next(f for f in page.frames if f.url.startswith(dist_url))
    # The browser itself refuses the frame's storage (nothing faked here): its
    # IndexedDB fails only after open() has returned, and the app started anyway
    # on the in-memory stand-in.
    assert frame.evaluate("() => { try { localStorage; return 'open'; } catch (e) { return e.name; } }") \
        == "SecurityError"
    assert inside.locator("html").get_attribute("data-idb") == "memory"
    assert inside.locator("[data-error]").count() == 0
    assert inside.locator("[data-caption]").inner_text() == RECORD["captions"]["0"]

    frame_el = page.locator("iframe")
    column = page.evaluate("() => document.body.clientWidth")
    sizes = []
    for _ in range(len(RECORD["moves"]) + 1):
        frame_settled(frame)
        fitted(page, frame)
        box = frame_el.bounding_box()
        sizes.append(round(box["height"]))
        assert box["width"] <= column
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert no_horizontal_scroll(frame)
        if inside.locator("[data-learn]").count():
            inside.locator("[data-ui=show-me]").click()
        elif not inside.locator("[data-ui=next]").is_disabled():
            inside.locator("[data-ui=next]").click()
    assert sizes != [600] * len(sizes)  # the include sized it
    assert sizes == sorted(sizes), sizes  # and it never jumped back up the page


# -- 2. "Copy embed code" ----------------------------------------------------------------------------


def test_copy_embed_code_gives_the_absolute_embed_url(open_page, dist_url_prefixed):
    page = open_page(dist_url_prefixed + "#/walkthrough/election-day/" + WT,
                     permissions=["clipboard-read", "clipboard-write"])
    assert urlsplit(dist_url_prefixed).path == "/coalitions/"
    for name, record in WALKTHROUGHS.items():
        goto_hash(page, f"#/walkthrough/election-day/{name}", "walkthrough")
        button = page.locator("[data-ui=embed-code]")
        assert button.inner_text() == "Copy embed code"
        button.click()
        code = page.locator("[data-embed-code]")
        assert code.evaluate("el => el.tagName") == "TEXTAREA" and code.evaluate("el => el.readOnly")
        snippet = code.input_value()
        attrs = iframe_attrs(snippet)
        assert attrs["src"] == f"{dist_url_prefixed}#/walkthrough/election-day/{name}?embed=1"
        assert attrs["title"] == f"{record['title']} — Coalitions"
        assert attrs["loading"] == "lazy" and "width:100%;max-width:800px" in attrs["style"]
        assert snippet == share.embed_snippet(attrs["src"], record["title"])
        status = page.locator("[data-copy-status][data-copied]")
        status.wait_for()
        if status.get_attribute("data-copied") == "yes":
            assert page.evaluate("() => navigator.clipboard.readText()") == snippet
        else:
            assert "selected" in status.inner_text()

    # the snippet's address opens the embedded form, under the sub-path too
    goto_hash(page, "#" + attrs["src"].split("#", 1)[1], "walkthrough")
    assert page.locator("html[data-embed]").count() == 1
    assert page.locator("[data-embed-code], [data-ui=embed-code]").count() == 0


# -- 3. a learner step -----------------------------------------------------------------------------------


def test_learner_step(booted):
    record = WALKTHROUGHS["ending-a-debate"]
    (k,) = record["learn"]
    page = booted(f"#/walkthrough/election-day/ending-a-debate?step={k - 1}", "walkthrough")

    def step():
        return int(page.locator("[data-at-step]").get_attribute("data-at-step"))

    seat, right = record["moves"][k - 1]
    assert step() == k - 1
    assert page.locator("[data-caption]").inner_text() == record["captions"][str(k - 1)]
    assert page.locator("[data-ui=next]").is_disabled()
    assert page.locator("[data-hand]").get_attribute("data-hand") == str(seat)
    actions = check_action_buttons(page)
    assert right in actions and len(actions) > 1

    # a wrong (but legal) move: a hint, and the walkthrough stays where it is
    for wrong in [a for a in actions if a != right]:
        page.locator(f'[data-action="{wrong}"]').click()
        assert step() == k - 1
        hint = page.locator("[data-learn-hint]")
        assert hint.is_visible() and "Show me" in hint.inner_text()
        assert page.locator("[data-ui=next]").is_disabled()
    page.keyboard.press("ArrowRight")
    assert step() == k - 1

    # the right move advances
    page.locator(f'[data-action="{right}"]').click()
    assert step() == k
    assert page.locator("[data-caption]").inner_text() == record["captions"][str(k)]
    assert page.locator("[data-action], [data-learn]").count() == 0
    assert not page.locator("[data-ui=next]").is_disabled()
    # back one step: done is done, the step plays like any other
    page.locator("[data-ui=prev]").click()
    assert step() == k - 1 and page.locator("[data-learn]").count() == 0

    # after Restart the learner is asked again; "Show me" makes the move
    page.locator("[data-ui=restart]").click()
    for _ in range(k - 1):
        page.keyboard.press("ArrowRight")
    assert step() == k - 1 and page.locator("[data-learn]").count() == 1
    page.locator("[data-ui=show-me]").click()
    assert step() == k
    assert page.locator("[data-action]").count() == 0


# -- 4. share links ---------------------------------------------------------------------------------------


def position(page):
    """What the table shows: the debate, the score track, the hand, the step."""
    return {
        "debate": page.eval_on_selector_all(".debate-cards [data-card]", "els => els.map(e => e.dataset.card)"),
        "track": page.eval_on_selector_all(
            "[data-crown]",
            "els => els.map(e => [e.dataset.crown, e.querySelector('[data-total]').dataset.total,"
            " [...e.querySelectorAll('[data-card]')].map(c => c.dataset.card)])"),
        "hand": page.eval_on_selector_all(
            "[data-hand] [data-card], [data-hand] .card[data-action]",
            "els => els.map(e => e.dataset.card || e.dataset.action.replace(/^play /, ''))"),
        "seats": page.eval_on_selector_all("[data-seat] .seat-name", "els => els.map(e => e.textContent)"),
    }


def test_share_a_game_and_open_it_elsewhere(booted, open_page, dist_url):
    page = booted(NEW_4P, "play")
    rng = random.Random(2)
    for _ in range(4):
        wait_ready(page, "play")
        actions = check_action_buttons(page)
        plays = [a for a in actions if a.startswith("play ")] or actions
        page.locator(f'[data-action="{rng.choice(plays)}"]').first.click()
    wait_ready(page, "play")
    assert page.locator("html[data-game-over]").count() == 0

    page.locator(".play-header [data-ui=share]").click()
    wait_ready(page, "play")
    panel = page.locator("[data-share-panel]")
    url = panel.locator("[data-share-url]").input_value()
    moves = int(panel.get_attribute("data-share-step"))
    assert url.startswith(dist_url + "#/shared/") and len(url) <= share.MAX_URL
    assert "whole deal" in panel.locator("[data-share-warning]").inner_text()
    panel.locator("[data-ui=copy-share]").click()
    panel.locator("[data-copy-status][data-copied]").wait_for()
    before = position(page)
    assert before["hand"] and before["debate"] is not None

    # another machine: a fresh browser context, nothing in its storage
    other = open_page(url)
    wait_ready(other, "shared")
    assert int(other.locator("[data-at-step]").get_attribute("data-at-step")) == moves
    assert position(other) == before
    assert other.locator("[data-action]").count() == 0  # read-only
    assert not any(k.endswith("index") for k in save_keys(other))

    # ... where it can go on as a saved game of its own, at the same position
    other.locator("[data-ui=continue-shared]").click()
    wait_ready(other, "play")
    assert position(other) == before
    assert check_action_buttons(other)
    assert any(k.endswith("index") for k in save_keys(other))

    # a damaged link says so, and so does a link whose record breaks the rules
    payload = url.split("#/shared/", 1)[1].split("?", 1)[0]
    i = len(payload) // 2
    tampered = payload[:i] + ("A" if payload[i] != "A" else "B") + payload[i + 1:]
    goto_hash(other, "#/shared/" + tampered, "shared")
    problem = other.locator("[data-problem]")
    assert "damaged" in problem.inner_text() and "Export record" in problem.inner_text()
    goto_hash(other, "#/shared/" + payload[: len(payload) // 3], "shared")
    assert "damaged or incomplete" in other.locator("[data-problem]").inner_text()
    cheat = json.loads(json.dumps(share.decode(payload)))
    cheat["moves"].append([0, "play nothing"])
    goto_hash(other, "#/shared/" + share.encode(cheat), "shared")
    assert f"step {len(cheat['moves'])}" in other.locator("[data-problem]").inner_text()

    # a walkthrough step shares too, captions and all
    goto_hash(other, f"#/walkthrough/election-day/{WT}?step=3", "walkthrough")
    other.locator("[data-ui=share]").click()
    wt_url = other.locator("[data-share-url]").input_value()
    assert "?step=3" in wt_url
    third = open_page(wt_url)
    wait_ready(third, "walkthrough")
    assert int(third.locator("[data-at-step]").get_attribute("data-at-step")) == 3
    assert third.locator("[data-caption]").inner_text() == RECORD["captions"]["3"]
    assert third.locator(".wt-title").inner_text() == RECORD["title"]


def test_a_record_too_long_for_a_link_offers_the_file(booted):
    page = booted("#/", "home")
    m = Match.new("election-day", make_players(["human", "bot", "bot"], names=["Long"]), seed=3)
    m.advance()
    noise = random.Random(4)
    m.record["description"] = "".join(noise.choice(string.ascii_letters + string.digits) for _ in range(12000))
    page.locator("[data-ui=import]").set_input_files(
        files=[{"name": "long.json", "mimeType": "application/json", "buffer": dumps(m.record).encode()}])
    wait_ready(page, "play")
    page.locator(".play-header [data-ui=share]").click()
    panel = page.locator("[data-share-panel]")
    message = panel.locator("[data-share-too-long]")
    assert message.is_visible() and "too long" in message.inner_text() and "8,000" in message.inner_text()
    assert panel.locator("[data-share-url]").count() == 0
    with page.expect_download() as info:
        panel.locator("[data-ui=export]").click()
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert record["description"] == m.record["description"]
