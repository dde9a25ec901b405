"""The settings page in the browser: each choice stored at once and applied
after a reload (the theme before the first paint, by index.html's inline
script), tampered settings read as the defaults with no error, and axe-core
finding nothing on it, light and dark."""

from __future__ import annotations

import json
import os

from .pages import goto_hash, wait_ready
from .test_builder import axe_violations

SHOTS = os.environ.get("COALITIONS_SHOTS")
LIGHT_BG = "#dfe6da"
DARK_BG = "#14201b"
# what the page looked like when its HTML was parsed (Python has not started then)
AT_PARSE = """document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  window.atParse = [root.getAttribute("data-theme"), root.getAttribute("data-motion"),
                    getComputedStyle(root).getPropertyValue("--bg").trim()];
});"""


def stored(page):
    text = page.evaluate("localStorage.getItem('coalitions:settings')")
    return json.loads(text) if text else {}


def bg(page):
    return page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bg').trim()")


def test_settings_are_stored_and_applied_after_a_reload(open_page, dist_url):
    page = open_page(dist_url + "#/settings", init_script=AT_PARSE, color_scheme="light", reduced_motion="no-preference")
    wait_ready(page, "settings")
    assert page.locator("h1").inner_text() == "Settings"
    assert page.locator("#set-theme-system").is_checked() and page.locator("#set-pause-4").is_checked()
    assert page.locator("#set-orientation-turn").is_checked() and page.locator("#set-bot_speed-normal").is_checked()
    assert bg(page) == LIGHT_BG
    page.locator("label[for=set-theme-dark]").click()
    page.wait_for_selector("html[data-theme=dark]", state="attached")
    assert bg(page) == DARK_BG  # applied at once
    assert "Theme: saved" in page.locator("[data-settings-saved]").inner_text()
    page.locator("label[for=set-bot_speed-slow]").click()
    page.locator("label[for=set-pause-continue]").click()
    page.locator("label[for=set-motion-reduce]").click()
    page.locator("label[for=set-orientation-fixed]").click()
    page.wait_for_selector("html[data-motion=reduce]", state="attached")
    assert stored(page) == {"theme": "dark", "bot_speed": "slow", "pause": "continue", "motion": "reduce",
                            "orientation": "fixed"}
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "settings-dark-1280.png"), full_page=True)
    page.reload()
    wait_ready(page, "settings")
    # dark and reduced motion from the first paint, before Python ran
    assert page.evaluate("window.atParse") == ["dark", "reduce", DARK_BG]
    for name, value in (("theme", "dark"), ("bot_speed", "slow"), ("pause", "continue"), ("motion", "reduce"),
                        ("orientation", "fixed")):
        assert page.locator(f"#set-{name}-{value}").is_checked(), name
    # the animation of a new card is off under reduced motion
    duration = page.evaluate("""() => { const el = document.createElement('div'); el.className = 'fresh';
        document.body.append(el); const d = getComputedStyle(el).animationDuration; el.remove(); return d; }""")
    assert duration in ("1e-05s", "0.00001s"), duration
    # back to light, under a system that is light
    page.locator("label[for=set-theme-light]").click()
    page.wait_for_selector("html[data-theme=light]", state="attached")
    assert bg(page) == LIGHT_BG


def test_light_wins_over_a_dark_system_and_system_follows_it(open_page, dist_url):
    page = open_page(dist_url + "#/settings", init_script=AT_PARSE, color_scheme="dark")
    wait_ready(page, "settings")
    assert bg(page) == DARK_BG  # the system's
    page.locator("label[for=set-theme-light]").click()
    page.wait_for_selector("html[data-theme=light]", state="attached")
    assert bg(page) == LIGHT_BG
    page.reload()
    wait_ready(page, "settings")
    assert page.evaluate("window.atParse") == ["light", None, LIGHT_BG]
    page.locator("label[for=set-theme-system]").click()
    page.wait_for_selector("html[data-theme=system]", state="attached")
    assert bg(page) == DARK_BG


def test_tampered_settings_read_as_the_defaults_without_an_error(open_page, dist_url):
    for junk in ("not json", '{"theme": "<img src=x onerror=alert(1)>", "pause": 3}', "[" * 5000, '"dark"'):
        script = f"localStorage.setItem('coalitions:settings', {json.dumps(junk)});" + AT_PARSE
        page = open_page(dist_url + "#/settings", init_script=script, color_scheme="light")
        wait_ready(page, "settings")
        assert page.evaluate("window.atParse")[0] == "system", junk
        assert page.locator("#set-theme-system").is_checked() and page.locator("#set-pause-4").is_checked(), junk
        assert page.locator("[data-error]").count() == 0


def test_confirm_moves_is_listed_by_player_and_can_be_turned_off(open_page, dist_url):
    name = "<b>Ann</b>"
    script = ("localStorage.getItem('coalitions:settings') || localStorage.setItem('coalitions:settings', "
              + json.dumps(json.dumps({"confirm": [name]})) + ");")
    page = open_page(dist_url + "#/settings", init_script=script)
    wait_ready(page, "settings")
    box = page.locator("[data-confirm-name]")
    assert box.count() == 1 and box.get_attribute("data-confirm-name") == name and box.is_checked()
    assert name in page.locator("[data-setting-group=confirm]").inner_text()  # the name as text
    box.uncheck()
    page.wait_for_function("() => !JSON.parse(localStorage.getItem('coalitions:settings')).confirm.length")
    page.reload()
    wait_ready(page, "settings")
    assert page.locator("[data-confirm-empty]").count() == 1


def test_the_settings_page_passes_axe_light_and_dark(open_page, dist_url):
    for scheme, size in (("light", {"width": 1280, "height": 800}), ("dark", {"width": 390, "height": 844})):
        page = open_page(dist_url + "#/", bypass_csp=True, color_scheme=scheme, viewport=size)
        goto_hash(page, "#/settings", "settings")
        assert axe_violations(page) == [], scheme
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"settings-{scheme}-{size['width']}.png"))
        # the header links to it from every page
        assert page.locator(".site-nav a[href='#/settings']").count() == 1


# -- the bots' pace -------------------------------------------------------------------------------

ED_4 = "#/new/election-day?players=4&seats=human,bot,bot,bot&seed=3&levels=,random,random,random"
PACE_LOG = "window.coalitionsPaceLog = [];"  # app/bots.py report_move: when each automatic move is drawn
SETTINGS_NO_RESULTS = "localStorage.setItem('coalitions:settings', JSON.stringify({pause: '0'}));"


def paced_intervals(page, since=0.0):
    """Seconds between automatic moves drawn after `since` (ms), with no move of the player's in between."""
    return page.evaluate("""([since, humans]) => {
        const t = window.coalitionsPaceLog.filter(x => x > since);
        const out = [];
        for (let i = 1; i < t.length; i++) {
            if (!humans.some(h => h > t[i - 1] && h < t[i])) out.push((t[i] - t[i - 1]) / 1000);
        }
        return out; }""", [since, page.evaluate("window.humanMoves || []")])


def test_bots_play_at_a_persons_pace_by_default_even_with_reduced_motion(open_page, dist_url):
    # paced: without the tests' pace of 0; reduced motion (the fixture's default) keeps the pace
    page = open_page(dist_url + ED_4, paced=True, init_script=PACE_LOG + SETTINGS_NO_RESULTS)
    page.evaluate("""() => { window.humanMoves = [];
        document.addEventListener('click', e => { if (e.target.closest('[data-action]')) window.humanMoves.push(performance.now()); }, true); }""")
    wait_ready(page, "play")
    for _ in range(12):
        if len(paced_intervals(page)) >= 5:
            break
        if page.locator("html[data-game-over]").count():
            break
        page.locator("[data-hand] [data-action]").first.click()
        page.wait_for_timeout(200)
        wait_ready(page, "play")
    gaps = paced_intervals(page)
    assert len(gaps) >= 5, gaps
    gaps.sort()
    assert gaps[len(gaps) // 2] >= 0.8 and gaps[0] >= 0.75, gaps  # each bot move on show for at least 0.8 s
    # while they play, the status line tells the last move and offers "Skip to my turn"
    skip = page.locator('[data-ui="skip-bots"]')
    for _ in range(10):
        if page.locator("html[data-game-over]").count():
            break
        page.locator("[data-hand] [data-action]").first.click()
        page.wait_for_selector("[data-last-move]")
        assert page.locator("[data-last-move]").inner_text().strip()
        if skip.count():
            break
        wait_ready(page, "play")
    clicked = page.evaluate("performance.now()")
    skip.click()
    wait_ready(page, "play")  # the player's turn, without the pace
    quick = paced_intervals(page, clicked)
    assert all(g < 0.5 for g in quick), quick
    assert page.locator("[data-last-move], [data-ui='skip-bots']").count() == 0  # gone on the player's turn


def test_the_new_game_screen_offers_the_bot_speed(booted):
    page = booted("#/new/koalition", "new")
    speed = page.locator('[data-setting="bot_speed"]')
    assert speed.is_visible() and speed.input_value() == "normal"
    assert speed.get_attribute("name") is None  # a setting, not part of the setup or its link
    speed.select_option("slow")
    page.wait_for_function("() => (localStorage.getItem('coalitions:settings') || '').includes('slow')")
    assert stored(page)["bot_speed"] == "slow"
    assert "bot_speed" not in page.locator("[data-share]").input_value()
    goto_hash(page, "#/settings", "settings")
    assert page.locator("#set-bot_speed-slow").is_checked()
    # a table of people only: no bots, no speed to choose
    goto_hash(page, "#/new/koalition?players=3&seats=human,human,human&edit=1", "new")
    assert page.locator('[data-setting="bot_speed"]').count() == 0
