"""Short paths: "Start the game" a few Tabs from the top of the setup screen,
and from a table to its rules and straight back."""

from __future__ import annotations

from .pages import save_id_of, wait_ready

START = '[data-ui="start"]'


def tabs_to(page, selector, limit=40):
    """Tabs pressed from the top of the page until `selector` has focus."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    for count in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return count
    raise AssertionError(f"{selector} not reached in {limit} Tabs")


def test_start_the_game_is_five_tabs_from_the_top_and_in_view(open_page, dist_url):
    # It used to take 22 Tabs (skip link, header, then every field of the form).
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page = open_page(dist_url + "#/new/koalition", viewport=viewport)
        wait_ready(page, "new")
        assert tabs_to(page, START) == 5  # skip link, Coalitions, Games, Settings, Start
        assert page.locator(START).inner_text() == "Start the game"
        # in view without scrolling, and still in view at the end of the form
        assert page.locator(START).bounding_box()["y"] + 40 < viewport["height"]
        page.locator('[name="seed"]').scroll_into_view_if_needed()
        box = page.locator(START).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], box
        page.locator(START).press("Enter")
        wait_ready(page, "play")


def test_rules_from_a_table_lead_straight_back_to_it(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")  # a link that names its seats starts at once
    sid = save_id_of(page)
    page.locator(".play-links a", has_text="Rules").click()
    wait_ready(page, "rules")
    back = page.locator("[data-back-to-game] a")
    assert back.inner_text() == "Back to the game"
    assert back.get_attribute("href") == f"#/play/{sid}"
    # the link names the table (?from=), so a reload keeps the way back
    assert page.url.endswith(f"#/rules/election-day?from={sid}")
    page.reload()
    wait_ready(page, "rules")
    assert page.locator("[data-back-to-game] a").get_attribute("href") == f"#/play/{sid}"
    # ?from= naming no saved game of this game offers no way back
    for wrong in (f"#/rules/koalition?from={sid}", "#/rules/election-day?from=nosuchgame"):
        page.evaluate("h => { document.documentElement.removeAttribute('data-ready'); location.hash = h; }", wrong)
        wait_ready(page, "rules")
        assert page.locator("[data-back-to-game]").count() == 0, wrong
    page.evaluate("h => { document.documentElement.removeAttribute('data-ready'); location.hash = h; }",
                  f"#/rules/election-day?from={sid}")
    wait_ready(page, "rules")
    # the first thing after the page's top: one Tab past the header
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('[data-back-to-game]') !== null")
    page.keyboard.press("Enter")
    wait_ready(page, "play")
    assert save_id_of(page) == sid
    assert page.locator("[data-table]").count() == 1
    # a rules page opened from the home page has no such link
    page.evaluate("() => { location.hash = '#/rules/koalition'; }")
    wait_ready(page, "rules")
    assert page.locator("[data-back-to-game]").count() == 0


LONG = "Maximiliane Wolkenstein-Oberhausen"


def test_long_seat_names_are_shown_whole_on_a_phone(open_page, dist_url):
    page = open_page(dist_url + f"#/new/koalition?players=3&seats=human,bot,bot&names={LONG},,&seed=2"
                     "&levels=,random,random", viewport={"width": 390, "height": 844})
    wait_ready(page, "new")  # a link that names its players shows the form first
    page.locator(START).click()
    wait_ready(page, "play")
    seat = page.locator('.seat[data-seat="0"] .seat-name')
    assert seat.inner_text() == LONG
    # nothing cut off: the name wraps inside its box
    assert page.evaluate("el => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis'",
                         seat.element_handle())
