"""Hot seat played through in the browser: two people and two bots at one
device, Alliances (a game of hidden hands) played to the end at 390×844 and
at 1280×800.

Between two people the pass screen hides the whole table (no hand, no card,
no control, no result panel); once the next person says who they are, the
table shows their seat, the one that decides, and each decision's controls
and its current play are inside the window and uncovered (the checks of
tests/browser/test_in_view.py). "Suggest a move" is not offered in hot seat.
A result reached just before the hand-off is named on the pass screen and
waits for the next person: its countdown starts in full once they see the
table. "Skip" says it skips the bots' moves (the next person to decide may
not be the one who pressed it)."""

from __future__ import annotations

import random

import pytest

from .pages import CONTINUE, wait_for_turn, wait_ready
from .test_in_view import check_decision, random_move, start_game
from .test_results import PANEL, in_view

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def covered(page, names, seen):
    """The pass screen: nothing of the table on the page (no hand, no card,
    no control, no result panel), the next person named. Returns their seat."""
    assert page.locator("[data-table], [data-hand], [data-card], [data-action], [data-moment-panel]").count() == 0
    seat = int(page.locator("[data-pass-cover]").get_attribute("data-pass-cover"))
    assert page.locator("#pass-title").inner_text() == f"Pass the device to {names[seat]}"
    in_view(page, page.locator("[data-ui=pass]"))
    seen["covers"] += 1
    return seat


def decision(page, names, where, seen):
    """The table at a person's decision: that person's seat, named in the
    status, no suggestion offered, controls and current play in view."""
    page.wait_for_selector(".table[data-deciding]")
    seat = int(page.locator("[data-hand]").first.get_attribute("data-hand"))
    assert page.locator("[data-turn-text]").inner_text() == f"Your turn, {names[seat]}.", where
    assert page.locator("[data-hint], [data-ui=suggest]").count() == 0, where
    check_decision(page, where)
    seen["decisions"] += 1
    seen["seats"].add(seat)
    return seat


def play_hot_seat(page, game, query, seed, on_cover=None, limit=900):
    """Start `#/new/<game>?<query>&seed=<seed>` and play it to the end with
    random legal moves, checking every hand-off and every decision. Returns
    what was seen: covers, decisions, the seats that decided."""
    start_game(page, game, query, seed)
    rng = random.Random(seed)
    seen = {"covers": 0, "decisions": 0, "seats": set()}
    names = [f"Player {i + 1}" for i in range(len(query.split("seats=")[1].split("&")[0].split(",")))]
    shown = None  # the seat on show before this decision
    for move in range(limit):
        wait_for_turn(page)
        wait_ready(page, "play")
        if page.locator("html[data-game-over]").count():
            return seen
        if page.locator("[data-pass-cover]").count():
            shown = covered(page, names, seen)
            if on_cover is None or not on_cover(page, seen):  # (True: it passed the device itself)
                page.locator("[data-ui=pass]").click()
                page.wait_for_selector("[data-pass-cover]", state="detached")
            wait_for_turn(page)
            wait_ready(page, "play")
            if page.locator("html[data-game-over]").count():
                return seen
        seat = decision(page, names, (game, seed, page.viewport_size["width"], move), seen)
        # the table changes hands only through the pass screen
        assert shown is None or seat == shown, (shown, seat)
        shown = seat
        random_move(page, rng)
    raise AssertionError(f"the game did not end after {limit} moves")


def test_alliances_two_people_and_two_bots_to_the_end_at_1280_a_result_waits_for_the_next_person(booted):
    page = booted("#/", "home", settings={"bot_speed": "instant", "pause": "2"})
    page.set_viewport_size(DESKTOP)
    waited = []

    def on_cover(page, seen):
        just = page.locator("[data-pass-just] li")
        if waited or not just.count():
            return
        # a result just reached: named on the pass screen, and after longer
        # than its pause there, shown on the table with its count from the start
        line = just.first.inner_text()
        page.wait_for_timeout(3000)
        page.locator("[data-ui=pass]").click()
        page.wait_for_selector(PANEL)
        panel = page.locator(PANEL)
        assert line.split(": ", 1)[1] == panel.locator("[data-moment-outcome]").first.inner_text()
        # (it counted nothing while the pass screen was up, 3 s, longer than its 2 s)
        assert panel.locator("[data-countdown]").inner_text() in ("2", "1")
        in_view(page, page.locator(CONTINUE))
        waited.append(line)
        page.locator(CONTINUE).click()
        page.wait_for_selector(PANEL, state="detached")
        return True

    seen = play_hot_seat(page, "alliances", "players=4&seats=human,bot,human,bot", 1, on_cover=on_cover)
    assert seen["seats"] == {0, 2}, seen
    assert seen["covers"] >= 4 and seen["decisions"] >= 20, seen
    assert waited, "no result came just before a hand-off"
    assert page.locator("[data-result]").is_visible()


def test_alliances_two_people_and_two_bots_to_the_end_at_390(booted):
    page = booted("#/", "home", settings={"bot_speed": "instant", "pause": "0"})
    page.set_viewport_size(PHONE)
    try:
        seen = play_hot_seat(page, "alliances", "players=4&seats=human,bot,human,bot", 1)
    finally:
        page.set_viewport_size(DESKTOP)
    assert seen["seats"] == {0, 2}, seen
    assert seen["covers"] >= 4 and seen["decisions"] >= 20, seen


def test_skip_says_it_skips_the_bots_moves_and_the_next_person_gets_the_pass_screen(open_page, dist_url):
    # seed 1: Player 1 opens the debate, Bot 2 answers, then Player 3
    page = open_page(dist_url + "#/new/election-day?players=4&seats=human,bot,human,bot&seed=1",
                     viewport=PHONE, paced=True,
                     init_script="localStorage.setItem('coalitions:settings', JSON.stringify({bot_speed: 'slow'}));")
    wait_ready(page, "play")
    assert page.locator("#pass-title").inner_text() == "Pass the device to Player 1"
    page.locator("[data-ui=pass]").click()
    page.wait_for_selector(".table[data-deciding]")
    assert page.locator("[data-hand]").get_attribute("data-hand") == "0"
    page.locator('[data-hand] [data-action^="play "]').first.click()
    skip = page.locator('[data-ui="skip-bots"]')
    skip.wait_for()
    assert skip.inner_text() == "Skip the bots' moves"  # not "my turn": the next to decide is Player 3
    skip.click()
    page.wait_for_selector("[data-pass-cover]")
    assert page.locator("#pass-title").inner_text() == "Pass the device to Player 3"
    assert page.locator("[data-hand], [data-ui=skip-bots]").count() == 0
