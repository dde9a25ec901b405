"""Alliances in the browser: a 4-player game (one human, three bots), a 2-player
hot-seat game and a 3-player game, each played to the end of the best of three
by clicking data-action buttons, one after another in the module's page
(`booted`: Pyodide boots once, the storage is emptied before each game); the
bots play without the table's pace between their moves (`fast=1`)."""

from __future__ import annotations

import random

from .pages import play_to_the_end, start_from_form, wait_ready


def check_final_screen(page, players):
    assert page.locator("[data-result]").is_visible()
    assert page.locator("[data-ranking] li").count() == players
    assert "win" in page.locator("[data-result-summary]").inner_text()
    assert "{p" not in page.locator("[data-result]").inner_text()
    assert page.locator("[data-action]").count() == 0


def test_four_players_one_human_to_the_end(booted):
    page = booted("#/new/alliances?players=4&seats=human,bot,bot,bot&seed=2&fast=1")  # bots without the pace
    wait_ready(page, "play")
    assert page.locator("[data-map] .tile").count() == 20
    assert page.locator(".seats [data-seat]").count() == 4
    assert page.locator("[data-hand-cards] .card").count() == 12
    play_to_the_end(page, random.Random(2), max_moves=600)
    check_final_screen(page, 4)


def test_two_players_hot_seat_to_the_end(booted):
    page = booted("#/new/alliances?players=2&seats=human,human&seed=6&names=Ann,Bob")
    start_from_form(page)  # a link naming its players waits for Start
    names = ["Ann", "Bob"]
    covers = []

    def on_cover(page):
        assert page.locator("[data-table], [data-hand], [data-card], [data-action]").count() == 0
        seat = int(page.locator("[data-pass-cover]").get_attribute("data-pass-cover"))
        covers.append(seat)
        assert page.locator("#pass-title").inner_text() == f"Pass the device to {names[seat]}"
        page.locator("[data-ui=pass]").click()
        wait_ready(page, "play")
        assert page.locator("[data-hand]").get_attribute("data-hand") == str(seat)

    play_to_the_end(page, random.Random(6), on_cover=on_cover, max_moves=900)
    assert set(covers) == {0, 1}
    check_final_screen(page, 2)


def test_three_players_empire_and_rebels_to_the_end(booted):
    page = booted("#/new/alliances?players=3&seats=human,bot,bot&seed=9&fast=1")
    wait_ready(page, "play")
    play_to_the_end(page, random.Random(9), max_moves=900)
    check_final_screen(page, 3)
