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
