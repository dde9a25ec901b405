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


def test_the_reason_is_given_where_the_bot_has_one(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")
    page.locator('[data-ui="suggest"]').click()
    page.locator("[data-hinted]").wait_for(state="visible", timeout=60000)
    line = page.locator("[data-hint]")
    # Election Day's bot says why (data-hint-reason) or the line says whose choice it is
    assert page.locator("[data-hint-reason]").count() == 1 or "the hard bot's choice" in line.inner_text()


def test_a_move_of_two_picks_lights_the_piece_then_the_square(booted):
    # Coalition Chess: Yellow's set-up, a piece from the reserve and then its square
    page = booted("#/new/coalition-chess?players=4&seats=human,bot,bot,bot&seed=4&levels=,random,random,random")
    wait_ready(page, "play")
    page.locator('[data-ui="suggest"]').click()
    page.locator("[data-hinted]").wait_for(state="visible", timeout=60000)
    action = page.locator("[data-hint]").get_attribute("data-hint-action")
    assert action.startswith("place ")
    first = page.locator("[data-hinted]")
    assert first.count() == 1 and first.get_attribute("data-step") == "place piece=" + action.split(" ")[1]
    first.click()  # the piece is picked: now its square is lit
    square = page.locator(f'[data-hinted][data-action="{action}"]')
    square.wait_for(state="visible", timeout=30000)
    assert page.locator("[data-hinted]").count() == 1
    square.click()
    page.wait_for_function("() => !document.querySelector('[data-hinted]')", timeout=30000)


def test_koalition_says_why_in_its_own_words(booted):
    # Koalition's hints.py: the line says what the suggested card or coalition does
    page = booted("#/new/koalition?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")
    page.locator('[data-ui="suggest"]').click()
    page.locator("[data-hinted]").wait_for(state="visible", timeout=60000)
    why = page.locator("[data-hint-reason]")
    assert why.count() == 1
    text = why.inner_text()
    assert "the hard bot's choice" not in page.locator("[data-hint]").inner_text()
    assert text.startswith(("It ", "The ", "Gaudino Colorino", "No politician")) and "\n" not in text
