"""What just happened, in the browser: a result panel after a trick, a debate
or an election that the bots wait for (until Continue, or the pause the player
chose), "Last trick" one click away, a pass that ends the debate asked about,
and a finished game reviewed move by move from its end and from the home page."""

from __future__ import annotations

import json
import os
import random

from .pages import CONTINUE, check_action_buttons, goto_hash, play_to_the_end, save_id_of, wait_for_turn, wait_ready
from .test_builder import axe_violations

SHOTS = os.environ.get("COALITIONS_SHOTS")  # a folder: screenshots are written there to be looked at
ALLIANCES_2P = "#/new/alliances?players=2&seats=human,bot&seed=6&levels=,random"
ELECTION_3P = "#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random"
PANEL = "[data-moment-panel]"


def with_settings(**values):
    """An init script storing these settings (at the site's root) before the page's scripts run."""
    return f"localStorage.setItem('coalitions:settings', {json.dumps(json.dumps(values))});"


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"))


def log_count(page):
    return page.locator("[data-log] li").count()


def play_until_panel(page, rng, pick=None, limit=200):
    """Make moves (a random one, or `pick(actions)`) until a result panel shows."""
    for _ in range(limit):
        page.wait_for_selector(f'html[data-ready][data-route="play"], {PANEL}', state="attached")
        if page.locator(PANEL).count():
            return
        actions = check_action_buttons(page)
        assert actions, "no action and no result"
        action = pick(actions) if pick else rng.choice(actions)
        page.locator(f'[data-action="{action}"]').first.click()
    raise AssertionError("no result came")


def test_a_trick_waits_for_continue_and_stays_one_click_away(open_page, dist_url):
    page = open_page(dist_url + ALLIANCES_2P, init_script=with_settings(pause="continue"),
                     viewport={"width": 1280, "height": 800})
    wait_ready(page, "play")
    assert page.locator('[data-ui="moment-last"]').count() == 0  # no trick yet
    play_until_panel(page, random.Random(1), pick=lambda acts: next((a for a in acts if a.startswith("play ")), acts[0]))
    panel = page.locator(PANEL)
    assert panel.get_attribute("data-moment-panel") == "trick"
    assert "wins the trick" in panel.inner_text() or "No trick" in panel.inner_text()
    assert "until you press Continue" in panel.inner_text()
    assert panel.is_visible() and page.locator(CONTINUE).is_visible()
    lines = panel.locator("li").all_inner_texts()
    assert sum(" plays " in line for line in lines) >= 2, lines  # both cards of the trick, the bot's included
    shot(page, "trick-1280")
    # the bots wait while it shows
    if not page.locator("html[data-ready]").count():
        count = log_count(page)
        page.wait_for_timeout(1500)
        assert page.locator(PANEL).count() == 1 and log_count(page) == count
    # Continue: it goes (focus was on it: Enter presses it)
    assert page.evaluate("document.activeElement.getAttribute('data-ui')") == "moment-continue"
    page.keyboard.press("Enter")
    page.wait_for_selector(PANEL, state="detached")
    wait_ready(page, "play")
    # the last trick, one click away, the same lines again
    last = page.locator('[data-ui="moment-last"][data-moment="trick"]')
    assert last.inner_text() == "Last trick" and last.get_attribute("aria-expanded") == "false"
    last.click()
    page.wait_for_selector(f'{PANEL}[data-review]')
    assert page.locator(PANEL).locator("li").all_inner_texts() == lines
    assert page.locator('[data-ui="moment-last"][data-moment="trick"]').get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")  # focus is on its Close; Escape closes it too
    page.wait_for_selector(PANEL, state="detached")


def test_a_result_goes_by_itself_after_the_chosen_pause(booted):
    page = booted(ALLIANCES_2P, settings={"pause": "2"})
    wait_ready(page, "play")
    play_until_panel(page, random.Random(2), pick=lambda acts: next((a for a in acts if a.startswith("play ")), acts[0]))
    assert "goes in 2 seconds" in page.locator(PANEL).inner_text()
    page.wait_for_selector(PANEL, state="detached", timeout=6000)
    wait_ready(page, "play")


def test_a_pass_that_ends_the_debate_is_asked_about(booted):
    # seed 10: passing every time, the player's second pass ends the first debate (app.results.pass_warning)
    page = booted(ELECTION_3P.replace("seed=4", "seed=10"), settings={"pause": "continue"})
    wait_ready(page, "play")
    for _ in range(60):
        wait_for_turn(page)  # Continue after each debate the bots end
        if page.locator("html[data-game-over]").count():
            break
        count = log_count(page)
        page.locator('[data-action="pass"]').click()
        if page.locator("[data-staged-warning]").count():
            warning = page.locator("[data-staged-warning]").inner_text()
            assert warning.startswith("Passing now ends the debate"), warning
            assert log_count(page) == count, "nothing is played before the player confirms"
            shot(page, "pass-warning-1280")
            page.locator('[data-ui="confirm-move"]').click()
            page.wait_for_selector(PANEL)
            assert page.locator(PANEL).get_attribute("data-moment-panel") == "debate"
            assert "every player but one passed twice" in page.locator(PANEL).inner_text()
            assert page.locator('[data-ui="moment-last"][data-moment="debate"]').count() == 1
            shot(page, "debate-1280")
            return
        assert page.locator("[data-staged]").count() == 0  # a pass that ends nothing is made at once
    raise AssertionError("no pass ended a debate")


def test_results_pass_axe_light_and_dark_on_desktop_and_phone(open_page, dist_url):
    for scheme, size in (("light", {"width": 1280, "height": 800}), ("dark", {"width": 390, "height": 844})):
        page = open_page(dist_url + ALLIANCES_2P, init_script=with_settings(pause="continue"), bypass_csp=True,
                         color_scheme=scheme, viewport=size)
        wait_ready(page, "play")
        play_until_panel(page, random.Random(1),
                         pick=lambda acts: next((a for a in acts if a.startswith("play ")), acts[0]))
        shot(page, f"trick-{scheme}-{size['width']}")
        box = page.locator(PANEL).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box  # in view, no scrolling
        assert box["width"] <= size["width"]
        assert axe_violations(page) == [], scheme
        page.locator(CONTINUE).click()


def test_review_a_finished_game_from_its_end_and_from_home(open_page, dist_url):
    page = open_page(dist_url + ELECTION_3P, init_script=with_settings(pause="0"), bypass_csp=True)
    wait_ready(page, "play")
    sid = save_id_of(page)
    play_to_the_end(page, random.Random(4))
    # results not shown (the setting): none came up, and the last debate is still one click away
    assert page.locator(PANEL).count() == 0
    review = page.locator('[data-result-wrap] a', has_text="Review move by move")
    assert review.get_attribute("href") == f"#/review/{sid}"
    review.click()
    wait_ready(page, "review")
    steps = int(page.locator("[data-at-step]").get_attribute("data-steps"))
    assert page.locator("[data-at-step]").get_attribute("data-at-step") == "0" and steps > 10
    assert "The deal" in page.locator("[data-caption]").inner_text()
    assert page.locator("[data-action]").count() == 0  # a review plays nothing
    page.locator('[data-ui="next"]').click()
    wait_ready(page, "review")
    assert page.locator("[data-at-step]").get_attribute("data-at-step") == "1"
    page.keyboard.press("ArrowRight")
    wait_ready(page, "review")
    assert page.locator("[data-at-step]").get_attribute("data-at-step") == "2"
    assert axe_violations(page) == []
    shot(page, "review-1280")
    # from the saved games on the home page
    goto_hash(page, "#/", "home")
    link = page.locator(f'[data-save="{sid}"] [data-review-link]')
    assert link.is_visible()
    link.click()
    wait_ready(page, "review")
    assert page.locator("[data-at-step]").get_attribute("data-at-step") == "0"
    # the last step is the end of the game
    goto_hash(page, f"#/review/{sid}?step={steps}", "review")
    assert page.locator("html[data-game-over]").count() == 1 and page.locator('[data-ui="next"]').is_disabled()
    # an unfinished game is not reviewed: its hands are secret
    goto_hash(page, ELECTION_3P, "play")
    other = save_id_of(page)
    goto_hash(page, f"#/review/{other}", "review")
    assert "not finished" in page.locator("[data-problem]").inner_text()
