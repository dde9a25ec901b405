"""Koalition in the browser: a whole 8-player game (one human, seven bots) and a
3-player hot-seat game, played to the bonus round by clicking data-action
buttons (the bots without the table's pace between their moves, `fast=1`); the reference cards open at any time; hands stay covered between
players."""

from __future__ import annotations

import random

from coalitions.core.match import Match
from coalitions.core.records import dumps, make_players

from .pages import play_to_the_end, start_from_form, wait_ready
from .test_axe import both_themes


def check_final_screen(page, players):
    assert page.locator("[data-result]").is_visible()
    assert page.locator("[data-ranking] tbody tr").count() == players
    summary = page.locator("[data-result-summary]").inner_text()
    assert "wins" in summary or "share" in summary, summary
    assert "{p" not in page.locator("[data-result]").inner_text(), "a seat placeholder was left in the text"
    assert page.locator("[data-score-pad] [data-pad-seat]").count() == players
    assert page.locator("[data-pad-results] li").count() == 12, "one line per country on the score pad"
    assert page.locator("[data-action]").count() == 0


def test_eight_players_one_human_to_the_bonus_round(open_page, dist_url):
    page = open_page(dist_url + "#/new/koalition?players=8&seats=human,bot,bot,bot,bot,bot,bot,bot&seed=3"
                     "&fast=1")  # bots without the table's pace (test_app.py plays at the pace)
    wait_ready(page, "play")
    assert page.locator("[data-seats], .seats [data-seat]").count() == 8
    assert page.locator("[data-country]").count() == 1
    assert page.locator("[data-vp-table] tbody tr").count() == 8
    # the reference cards open at any time
    for ref in ("poll", "countries"):
        page.locator(f'[data-reference="{ref}"] summary').click()
        assert page.locator(f'[data-reference="{ref}"] table').is_visible()
    assert page.locator('[data-reference="poll"] tr').count() == 7
    assert page.locator('[data-reference="countries"] tbody tr').count() == 12
    # seven cards each with 8 players, the human's all shown
    assert page.locator("[data-hand-cards] .card").count() == 7
    moves = play_to_the_end(page, random.Random(8), max_moves=400)
    assert moves >= 12 * 2, "the human plays two cards in each of the twelve elections"
    check_final_screen(page, 8)


def test_three_players_hot_seat_to_the_bonus_round(open_page, dist_url):
    page = open_page(dist_url + "#/new/koalition?players=3&seats=human,human,human&seed=4&names=Ann,Bob,Cy")
    start_from_form(page)  # a link naming its players waits for Start
    names = ["Ann", "Bob", "Cy"]
    covers = []

    def on_cover(page):
        # nothing of the table shows while the device changes hands
        assert page.locator("[data-table], [data-hand], [data-card], [data-action]").count() == 0
        seat = int(page.locator("[data-pass-cover]").get_attribute("data-pass-cover"))
        covers.append(seat)
        assert page.locator("#pass-title").inner_text() == f"Pass the device to {names[seat]}"
        page.locator("[data-ui=pass]").click()
        wait_ready(page, "play")
        assert page.locator("[data-hand]").get_attribute("data-hand") == str(seat)

    play_to_the_end(page, random.Random(4), on_cover=on_cover, max_moves=600)
    assert len(covers) >= 12 * 3, "the device changes hands at least every election"
    assert set(covers) == {0, 1, 2}
    check_final_screen(page, 3)


def test_a_resigned_politician_stays_readable(open_page, dist_url):
    """A politician hit by a Resignation stays on the table struck through,
    its rank, party and name still meeting axe's contrast ratio in both
    themes (faded to 45% they did not)."""
    # the third seat plays after two politicians are down, and plays again in the same election
    match = Match.new("koalition", make_players(["bot", "bot", "human", "bot", "bot"], levels=["random"] * 5), {},
                      seed=2)
    match.advance()
    match.apply(2, "play resign-1 yellow-6")  # Yellow 6 is the highest politician down: it resigns at once
    match.advance()
    assert match.human_to_act() == 2
    assert [(play["card"], play["out"]) for play in match.view(2)["table"] if play["out"]] == [("yellow-6", True)]
    page = open_page(dist_url + "#/", bypass_csp=True)
    page.evaluate("text => localStorage.setItem('coalitions:save:koresigned', text)", dumps(match.record))
    page.evaluate("() => { location.hash = '#/play/koresigned'; }")
    wait_ready(page, "play")
    page.wait_for_selector("[data-action]")
    out = page.locator(".kcard.is-out")
    assert out.count() == 1 and out.is_visible()
    assert "line-through" in out.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert both_themes(page) == []
