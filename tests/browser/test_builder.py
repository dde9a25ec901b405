"""The move builder in the browser: a move built in steps by mouse and by
keyboard, Escape stepping back, "Confirm moves", the amount of a bid; and
axe-core (pinned in package.json) on every kind of screen."""

from __future__ import annotations

import json
from pathlib import Path

import build

from .pages import check_action_buttons, focused, step_buttons, wait_ready

AXE = Path(build.ROOT) / "node_modules" / "axe-core" / "axe.min.js"
KOALITION = "#/new/koalition?players=3&seats=human,bot,bot&seed=1&levels=,random,random"
ALLIANCES = "#/new/alliances?players=4&seats=human,bot,bot,bot&seed=0&levels=,random,random,random"


def test_a_card_then_its_party_by_mouse_and_by_keyboard(booted):
    page = booted(KOALITION, "play")
    colorino = page.locator('[data-step="play card=colorino"]')
    assert colorino.count() == 1, step_buttons(page)
    assert "Colorino" in colorino.get_attribute("aria-label")
    assert page.locator("[data-choices]").count() == 0
    # no Colorino action until the card is picked: the choices follow the pick
    assert not [a for a in check_action_buttons(page) if a.startswith("play colorino")]
    colorino.click()
    wait_ready(page, "play")
    assert colorino.get_attribute("aria-pressed") == "true"
    parties = [a for a in check_action_buttons(page) if a.startswith("play colorino ")]
    assert len(parties) >= 2 and page.locator("[data-choices] [data-action]").count() == len(parties)
    assert "ways to go on" in page.locator("[data-announce]").inner_text()
    # Escape steps back: nothing picked, nothing played
    page.keyboard.press("Escape")
    wait_ready(page, "play")
    assert page.locator("[data-choices]").count() == 0
    assert page.locator('[data-step="play card=colorino"]').get_attribute("aria-pressed") == "false"
    # by keyboard: focus the card, Enter picks it, an arrow moves to the next party, Enter plays
    log_before = page.locator("[data-log] li").count()
    page.locator('[data-step="play card=colorino"]').focus()
    page.keyboard.press("Enter")
    wait_ready(page, "play")
    focused(page, "[data-choices] [data-action]")
    first = page.evaluate("document.activeElement.getAttribute('data-action')")
    assert first == parties[0], "focus goes to the first choice"
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.getAttribute('data-action')")
    assert second == parties[1]
    page.keyboard.press("Enter")
    wait_ready(page, "play")
    assert page.locator("[data-log] li").count() > log_before
    assert page.locator('[data-card="colorino"].fresh, .played-by [data-card="colorino"]').count() >= 1
    assert page.locator('[data-hand-cards] [data-step="play card=colorino"]').count() == 0


def test_confirm_moves_is_a_setting_per_player(booted):
    page = booted(KOALITION)
    wait_ready(page, "play")
    toggle = page.locator('[data-ui="toggle-confirm"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    wait_ready(page, "play")
    assert page.locator('[data-ui="toggle-confirm"]').get_attribute("aria-pressed") == "true"
    log_before = page.locator("[data-log] li").count()
    action = [a for a in check_action_buttons(page) if a.startswith("play ")][0]
    page.locator(f'[data-action="{action}"]').click()
    wait_ready(page, "play")
    staged = page.locator("[data-staged]")
    assert staged.is_visible() and page.locator("[data-log] li").count() == log_before
    page.locator('[data-ui="cancel-move"]').click()
    wait_ready(page, "play")
    assert page.locator("[data-staged]").count() == 0 and page.locator("[data-log] li").count() == log_before
    page.locator(f'[data-action="{action}"]').click()
    wait_ready(page, "play")
    assert page.locator(f'[data-action="{action}"]').get_attribute("data-staged-control") is not None
    assert page.locator('[data-ui="confirm-move"]').count() == 0  # the same control confirms, no other
    page.locator(f'[data-action="{action}"]').click()
    wait_ready(page, "play")
    assert page.locator("[data-log] li").count() > log_before
    # the setting is kept for this player across a reload
    page.reload()
    wait_ready(page, "play")
    assert page.locator('[data-ui="toggle-confirm"]').get_attribute("aria-pressed") == "true"


def test_a_bid_is_an_amount_then_a_suit(booted):
    page = booted(ALLIANCES)
    wait_ready(page, "play")
    numbers = [s for s in step_buttons(page) if s.startswith("bid ")]
    assert numbers, "the legal numbers of countries are offered"
    values = [int(s.rpartition("=")[2]) for s in numbers]
    assert values == sorted(values) and values[0] >= 10 and values[-1] <= 20
    assert not [a for a in check_action_buttons(page) if a.startswith("bid ")]
    page.locator(f'[data-step="{numbers[0]}"]').click()
    wait_ready(page, "play")
    suits = [a for a in check_action_buttons(page) if a.startswith("bid ")]
    assert suits and all(a.startswith(f"bid {values[0]} ") for a in suits)
    page.locator(f'[data-action="{suits[0]}"]').click()
    wait_ready(page, "play")
    assert page.locator("[data-bids] .bid-history li").count() >= 1


def axe_violations(page):
    if not page.evaluate("() => typeof axe === 'object'"):  # once per document (650 KB to parse)
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in json.loads(result)]


def test_axe_finds_nothing_on_any_screen(open_page, dist_url):
    # axe is injected as an inline script, which the page's CSP refuses: this
    # test is about accessibility, so the context lets it in
    page = open_page(dist_url + "#/", bypass_csp=True)
    screens = [
        ("#/", "home"),
        ("#/new/koalition", "new"),
        ("#/rules/alliances", "rules"),
        ("#/walkthrough/election-day/debate-scoring", "walkthrough"),
        (KOALITION, "play"),
    ]
    found = {}
    for hash_text, route in screens:
        page.evaluate("h => { location.hash = h; }", hash_text)
        wait_ready(page, route)
        if route == "play":  # with a move being built: the card picked, its choices shown
            page.locator('[data-step="play card=colorino"]').click()
            wait_ready(page, "play")
        found[hash_text] = axe_violations(page)
    assert not any(found.values()), found
