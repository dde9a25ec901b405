"""Writing a walkthrough in the browser: from the review of a finished game,
a caption and a learner step, the draft surviving a reload and a full
storage, the share link opened in a fresh browser (the caption shown as
text, the learner step asking for the move), the embed snippet in a frame
of another site, a shared game's hidden hands, and axe-core on the screen."""

from __future__ import annotations

import base64
import json
import os
import zlib
from urllib.parse import urlsplit

import pytest

import build
from app import authoring, share
from coalitions.core.match import Match
from coalitions.core.records import dumps, make_players
from coalitions.registry import get_game

from .pages import READY_MS, check_action_buttons, goto_hash, wait_ready
from .test_builder import axe_violations

SHOTS = os.environ.get("COALITIONS_SHOTS")  # a folder: screenshots are written there to be looked at
EVIL = '<img src=x onerror="document.title=\'owned\'"> & <b>bold</b>'
SID = "abcd2345"
CAPTION_STEP = 2
LEARN_AFTER = 4  # the learner makes move 5


def finished_record():
    m = Match.new("election-day", make_players(["bot", "bot", "bot"], names=["Ann", "Bo", "Cy"]), seed=7)
    m.advance()
    assert m.is_over()
    return m.record


RECORD = finished_record()
SAVE = f"localStorage.setItem('coalitions:save:{SID}', {json.dumps(dumps(RECORD))});"


def shot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)


def at_step(page):
    return int(page.locator("[data-at-step]").get_attribute("data-at-step"))


def go_to(page, k, route):
    while at_step(page) < k:
        page.locator('[data-ui="next"]').click()
        wait_ready(page, route)
    assert at_step(page) == k


@pytest.fixture(scope="module")
def other_site(tmp_path_factory):
    """A wiki on another site (localhost, while the app is on 127.0.0.1)."""
    folder = tmp_path_factory.mktemp("wiki-author")
    with build.serving(folder) as url:
        yield url.replace("//127.0.0.1:", "//localhost:"), folder


def test_write_share_and_read_a_walkthrough(open_page, dist_url, chromium_browser, other_site):
    page = open_page(dist_url + f"#/review/{SID}", init_script=SAVE, bypass_csp=True,
                     viewport={"width": 1280, "height": 800})
    wait_ready(page, "review")
    page.locator('[data-ui="make-walkthrough"]').click()
    wait_ready(page, "author")
    assert page.locator("[data-author-status]").inner_text() == authoring.SAVED
    assert "every hand" in page.locator("[data-author-shows]").inner_text()
    assert at_step(page) == 0 and page.locator("[data-action]").count() == 0

    page.locator("[data-author-title]").fill("Ann's first debate")
    go_to(page, CAPTION_STEP, "author")
    page.locator("[data-author-caption]").fill(EVIL)
    go_to(page, CAPTION_STEP + 1, "author")
    assert page.locator("[data-author-caption]").input_value() == ""  # each step shows its own caption
    go_to(page, LEARN_AFTER, "author")
    page.locator("[data-author-caption]").fill("Your turn: which card wins this debate?")
    page.locator("[data-author-learn]").check()
    wait_ready(page, "author")
    assert page.locator("[data-author-learn]").is_checked()
    assert page.locator("[data-author-learn-list]").inner_text().endswith(str(LEARN_AFTER + 1))
    shot(page, "author-1280")
    assert axe_violations(page) == []

    # a reload comes back to the same step with everything typed so far
    page.reload()
    wait_ready(page, "author")
    assert at_step(page) == LEARN_AFTER
    assert page.locator("[data-author-title]").input_value() == "Ann's first debate"
    assert page.locator("[data-author-caption]").input_value() == "Your turn: which card wins this debate?"
    assert page.locator("[data-author-learn]").is_checked()
    page.locator('[data-ui="prev"]').click()
    page.locator('[data-ui="prev"]').click()
    wait_ready(page, "author")
    assert page.locator("[data-author-caption]").input_value() == EVIL
    assert page.title() != "owned" and page.locator("[data-author] img").count() == 0

    # the same draft in a second tab follows the edits made in the first
    other = page.context.new_page()
    other.goto(page.url)
    wait_ready(other, "author")
    assert other.locator("[data-author-caption]").input_value() == EVIL
    page.locator("[data-author-title]").fill("Ann's first debate, again")
    other.wait_for_function(
        "() => document.querySelector('[data-author-title]').value === \"Ann's first debate, again\"")
    other.close()
    page.bring_to_front()  # (a tab behind another runs its timers slowly)
    page.locator("[data-author-title]").fill("Ann's first debate")

    # "Start over" asks first, and "Keep them" keeps everything
    page.locator('[data-ui="start-over"]').click()
    wait_ready(page, "author")
    assert page.locator("[data-author-confirm]").is_visible()
    page.locator('[data-ui="start-over-no"]').click()
    wait_ready(page, "author")
    assert page.locator("[data-author-confirm]").count() == 0
    assert page.locator("[data-author-caption]").input_value() == EVIL

    # the share link and the embed snippet
    page.locator('[data-ui="share"]').click()
    wait_ready(page, "author")
    url = page.locator("[data-share-url]").input_value()
    assert url.startswith(dist_url + "#/shared/") and url.endswith("?step=0")
    page.locator('[data-ui="embed-code"]').click()
    wait_ready(page, "author")
    snippet = page.locator("[data-embed-code]").input_value()
    assert "embed=1" in snippet and "<iframe" in snippet
    shot(page, "author-1280-panels")

    # a full storage: a clear message, and the page keeps what was typed
    page.evaluate("""() => {
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    page.locator("[data-author-caption]").fill(EVIL + " (more)")
    status = page.locator("[data-author-status]").inner_text()
    assert status == authoring.NOT_SAVED_FULL
    assert page.locator("[data-author-caption]").input_value() == EVIL + " (more)"
    assert page.locator("[data-error]").count() == 0

    # the link, in a fresh browser: the whole walkthrough, the caption as text
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.set_default_timeout(READY_MS)
    try:
        reader = context.new_page()
        errors = []
        reader.on("pageerror", lambda exc: errors.append(str(exc)))
        reader.goto(url)
        wait_ready(reader, "walkthrough")
        assert reader.locator(".wt-title").inner_text() == "Ann's first debate"
        assert at_step(reader) == 0
        go_to(reader, CAPTION_STEP, "walkthrough")
        assert reader.locator("[data-caption]").inner_text() == EVIL
        assert reader.locator("[data-caption] img, [data-caption] b").count() == 0
        assert reader.title() != "owned"
        go_to(reader, LEARN_AFTER, "walkthrough")
        assert reader.locator("[data-learn]").is_visible()
        assert reader.locator("[data-caption]").inner_text() == "Your turn: which card wins this debate?"
        assert reader.locator('[data-ui="next"]').is_disabled()
        seat, right = RECORD["moves"][LEARN_AFTER]
        actions = check_action_buttons(reader)
        assert right in actions
        reader.locator(f'[data-action="{right}"]').click()
        wait_ready(reader, "walkthrough")
        assert at_step(reader) == LEARN_AFTER + 1 and reader.locator("[data-learn]").count() == 0
        assert not errors, errors
    finally:
        context.close()

    # the snippet on a wiki page of another site: the frame needs nothing else
    site, folder = other_site
    (folder / "wiki.html").write_text(
        "<!doctype html><html lang=en data-ready><head><meta charset=utf-8><title>A wiki</title>"
        f'<link rel="icon" href="data:,"></head><body><h1>A debate</h1>{snippet}</body></html>', encoding="utf-8")
    wiki = open_page(site + "wiki.html", hosts=("127.0.0.1", "localhost"), viewport={"width": 390, "height": 844})
    assert urlsplit(wiki.url).hostname == "localhost"
    inside = wiki.frame_locator("iframe")
    inside.locator('html[data-ready][data-route="walkthrough"]').wait_for(state="attached", timeout=READY_MS)
    assert inside.locator("html[data-embed]").count() == 1
    assert inside.locator(".wt-title").inner_text() == "Ann's first debate"
    for _ in range(CAPTION_STEP):
        inside.locator('[data-ui="next"]').click()
    inside.locator(f'[data-at-step="{CAPTION_STEP}"]').wait_for(state="attached")
    assert inside.locator("[data-caption]").inner_text() == EVIL


def payload_of(data):
    text = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def test_a_shared_game_keeps_its_hidden_hands_and_a_tampered_link_names_its_step(open_page, dist_url):
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=11)
    for _ in range(8):
        seat = m.to_act()[0]
        m.apply(seat, m.view(seat)["legal"][0])
    payload = share.encode(m.record)
    page = open_page(dist_url + f"#/shared/{payload}?seat=0", bypass_csp=True,
                     viewport={"width": 390, "height": 844}, color_scheme="dark")
    wait_ready(page, "shared")
    page.locator('[data-ui="make-walkthrough"]').click()
    wait_ready(page, "author")
    name = m.names[0]
    assert page.locator("[data-author-shows]").inner_text() == \
        f"Readers see the table as {name} saw it, with {name}'s hand only."
    other = next(k for k, (seat, _) in enumerate(m.record["moves"]) if seat != 0)
    go_to(page, other, "author")
    learn = page.locator("[data-author-learn]")
    assert learn.is_disabled() and "only" in page.locator("#author-learn-help").inner_text()
    # the move of a seat whose hand is hidden is not told before it is made
    seat, action = m.record["moves"][other]
    before = dict(m.record, moves=m.record["moves"][:other])
    label = Match(before).view(seat)["labels"][action]
    told = page.locator(".author-learn label").inner_text()
    assert f"{m.names[seat]}'s move" in told and label not in told
    shot(page, "author-390-dark")
    assert axe_violations(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")

    # a built-in walkthrough: its captions and learner steps come along
    builtin = get_game("election-day").walkthroughs()["ending-a-debate"]
    goto_hash(page, "#/walkthrough/election-day/ending-a-debate", "walkthrough")
    page.locator('[data-ui="make-walkthrough"]').click()
    wait_ready(page, "author")
    assert page.locator("[data-author-caption]").input_value() == builtin["captions"]["0"]
    assert page.locator("[data-author-title]").input_value() == builtin["title"]
    marks = page.locator("[data-author-learn-list]").inner_text()
    assert marks.endswith(", ".join(str(k) for k in builtin["learn"]))

    # a walkthrough whose record was changed: the reader is told where it goes wrong
    rec = authoring.walkthrough_of(m.record, 0, False)
    rec["moves"][3][1] = "play no-such-card"
    goto_hash(page, f"#/shared/{payload_of(rec)}?step=0")
    problem = page.locator("[data-problem]").inner_text()
    assert "step 4" in problem and "no-such-card" in problem
