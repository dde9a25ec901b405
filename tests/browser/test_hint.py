""""Suggest a move" in the page: at the person's turn against bots the button
asks the hard bot (in the bot worker) and lights the control it would play;
in hot seat it is not offered."""

from __future__ import annotations

from .pages import wait_ready


def test_suggest_a_move_lights_a_legal_control(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")
    button = page.locator('[data-ui="suggest"]')
    button.wait_for(state="visible", timeout=30000)
    button.click()
    page.locator("[data-hinted]").wait_for(state="visible", timeout=60000)
    lit = page.locator("[data-hinted]")
    assert lit.count() == 1
    action = lit.get_attribute("data-action")
    assert page.locator("[data-hint]").get_attribute("data-hint-action") == action
    assert "Suggested:" in page.locator("[data-hint]").inner_text()
    lit.click()  # it plays: the suggestion was a legal move of this seat
    page.wait_for_function("() => !document.querySelector('[data-hinted]')", timeout=30000)


def test_not_offered_in_hot_seat(booted):
    page = booted("#/new/election-day?players=3&seats=human,human,human&seed=4")
    page.wait_for_selector("[data-ui=pass], [data-hand]", timeout=30000)
    if page.locator("[data-ui=pass]").count():
        page.locator("[data-ui=pass]").click()
    wait_ready(page, "play")
    assert page.locator('[data-ui="suggest"]').count() == 0
