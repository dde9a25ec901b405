"""What just happened, in the browser: a result panel after a trick, a debate
or an election that the bots wait for (until Continue, or the pause the player
chose), "Last trick" one click away, a pass that ends the debate asked about,
and a finished game reviewed move by move from its end and from the home page."""

from __future__ import annotations

import json
import os
import random

from .pages import (CONTINUE, check_action_buttons, focused, goto_hash, play_to_the_end, save_id_of, settled, step_buttons,
                    wait_for_turn, wait_ready)
from .test_builder import axe_violations

SHOTS = os.environ.get("COALITIONS_SHOTS")  # a folder: screenshots are written there to be looked at
ALLIANCES_2P = "#/new/alliances?players=2&seats=human,bot&seed=6&levels=,random"
ELECTION_3P = "#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random"
PANEL = "[data-moment-panel]"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}  # the module page's size (tests/browser/conftest.py)


def in_view(page, locator):
    """`locator` is wholly inside the window, not covered by anything else."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, box
    covered = locator.evaluate("el => { const r = el.getBoundingClientRect();"
                               " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                               " return !(top && (top === el || el.contains(top))); }")
    assert not covered, "covered by another element"


def beside_its_control(page, control):
    """The staged move's question is in view, next to the control that staged
    it (at most a few pixels above or below), and that control is in view."""
    page.wait_for_selector("[data-staged-ask][data-placed]")
    ask = page.locator("[data-staged-ask]")
    in_view(page, ask)
    target = page.locator(control).first
    assert target.get_attribute("data-staged-control") is not None
    a, c = ask.bounding_box(), target.bounding_box()
    size = page.viewport_size
    assert c["y"] >= 0 and c["y"] + c["height"] <= size["height"], c
    gap = min(abs(a["y"] + a["height"] - c["y"]), abs(c["y"] + c["height"] - a["y"]))
    assert gap <= 24, (a, c)
    return ask


def with_settings(**values):
    """An init script storing these settings (at the site's root) before the page's scripts run."""
    return f"localStorage.setItem('coalitions:settings', {json.dumps(json.dumps(values))});"


def click_until_gone(page, locator):
    """Click `locator` and wait until the result panel shown now has left the
    page. Its own element is watched, not the selector: bots that go on may
    show their next result before a check from here sees the table without one."""
    shown = page.locator(PANEL).element_handle()
    locator.click()
    page.wait_for_function("panel => !panel.isConnected", arg=shown)


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
    assert page.locator(f"{PANEL} [data-countdown]").inner_text() in ("1", "2")  # counted down, in seconds
    page.wait_for_selector(PANEL, state="detached", timeout=6000)
    wait_ready(page, "play")


def test_the_countdown_stops_while_the_pointer_is_on_the_panel_at_390(booted):
    page = booted(ALLIANCES_2P, settings={"pause": "2"})
    page.set_viewport_size(PHONE)
    try:
        wait_ready(page, "play")
        play_until_panel(page, random.Random(2),
                         pick=lambda acts: next((a for a in acts if a.startswith("play ")), acts[0]))
        panel = page.locator(PANEL)
        in_view(page, panel.locator("[data-moment-outcome]").first)  # the one-line outcome leads
        in_view(page, page.locator(CONTINUE))  # Continue in view on a phone
        first = panel.locator("[data-moment-outcome], details").evaluate_all("els => els.map(e => e.tagName)")
        assert first[0] == "P" and "DETAILS" in first, first  # outcome first, details below
        panel.hover()
        page.wait_for_selector(f"{PANEL} [data-countdown-note]:has-text('Paused')", timeout=5000)
        shot(page, "result-paused-390")
        page.wait_for_timeout(3000)  # longer than the pause: still there
        assert panel.count() == 1 and "Paused" in panel.locator("[data-countdown-note]").inner_text()
        page.mouse.move(5, 5)  # the pointer leaves: the count goes on, and the panel goes
        page.wait_for_selector(f"{PANEL} [data-countdown]", timeout=5000)
        page.wait_for_selector(PANEL, state="detached", timeout=10_000)
        wait_ready(page, "play")
    finally:
        page.set_viewport_size(DESKTOP)


def test_the_focus_on_the_panel_stops_the_countdown_too(booted):
    page = booted(ALLIANCES_2P, settings={"pause": "2"})
    wait_ready(page, "play")
    play_until_panel(page, random.Random(2), pick=lambda acts: next((a for a in acts if a.startswith("play ")), acts[0]))
    assert page.evaluate("document.activeElement.closest('[data-moment-panel]')") is None  # it takes no focus
    page.locator(f"{PANEL} summary").first.focus()
    page.wait_for_timeout(3000)
    assert page.locator(PANEL).count() == 1 and "Paused" in page.locator("[data-countdown-note]").inner_text()
    page.keyboard.press("Escape")  # Escape goes on
    page.wait_for_selector(PANEL, state="detached")


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
            beside_its_control(page, '[data-action="pass"]')
            shot(page, "pass-warning-1280")
            page.locator('[data-action="pass"]').click()  # the same control confirms
            page.wait_for_selector(PANEL)
            assert page.locator(PANEL).get_attribute("data-moment-panel") == "debate"
            assert "every player but one passed twice" in page.locator(PANEL).text_content()  # in its details
            assert page.locator('[data-ui="moment-last"][data-moment="debate"]').count() == 1
            shot(page, "debate-1280")
            return
        assert page.locator("[data-staged]").count() == 0  # a pass that ends nothing is made at once
    raise AssertionError("no pass ended a debate")


def test_a_pass_that_ends_the_debate_asks_beside_pass_at_390_and_a_tap_elsewhere_does_not_confirm(booted):
    page = booted(ELECTION_3P.replace("seed=4", "seed=10"), settings={"pause": "continue"})
    page.set_viewport_size(PHONE)
    try:
        wait_ready(page, "play")
        for _ in range(60):
            wait_for_turn(page)
            count = log_count(page)
            page.locator('[data-action="pass"]').click()
            if not page.locator("[data-staged-ask]").count():
                continue
            assert log_count(page) == count
            ask = beside_its_control(page, '[data-action="pass"]')
            assert ask.locator("[data-staged-warning]").inner_text().startswith("Passing now ends")
            assert page.locator('[data-ui="confirm-move"]').count() == 0  # no other button confirms
            focused(page, "[data-staged-control]")  # the keyboard is on the control that confirms
            shot(page, "pass-warning-390")
            # taps elsewhere: the status line, the log, the question itself
            for spot in ("[data-status]", "[data-log]", "[data-staged-ask] [data-staged-warning]"):
                page.locator(spot).first.click()
                page.wait_for_timeout(150)
                assert log_count(page) == count and page.locator("[data-staged-ask]").count() == 1, spot
            page.locator('[data-action="pass"]').click()
            page.wait_for_selector(PANEL)
            assert log_count(page) > count
            in_view(page, page.locator(CONTINUE))
            return
        raise AssertionError("no pass ended a debate")
    finally:
        page.set_viewport_size(DESKTOP)


def test_confirm_moves_asks_beside_the_card_at_390_and_change_it_cancels(booted):
    page = booted(ELECTION_3P, settings={"pause": "0", "confirm": ["Player 1"]})
    page.set_viewport_size(PHONE)
    try:
        wait_for_turn(page)
        card = page.locator('[data-hand] [data-action^="play"]').first
        action = card.get_attribute("data-action")
        count = log_count(page)
        card.click()
        control = f'[data-action="{action}"]'
        ask = beside_its_control(page, control)
        assert "Your move" in ask.inner_text()
        shot(page, "confirm-move-390")
        ask.locator('[data-ui="cancel-move"]').click()  # Change it
        page.wait_for_selector("[data-staged-ask]", state="detached")
        assert log_count(page) == count
        page.locator(control).click()
        beside_its_control(page, control)
        page.locator(control).click()  # pressed again: made
        page.wait_for_function(f"() => document.querySelectorAll('[data-log] li').length > {count}")
        assert page.locator("[data-staged-ask]").count() == 0
    finally:
        page.set_viewport_size(DESKTOP)


KOALITION_3P = "#/new/koalition?players=3&seats=human,bot,bot&seed=3&levels=,random,random"


def test_an_election_result_at_390_is_one_line_with_its_details_folded_and_says_what_the_table_waits_for(booted):
    page = booted(KOALITION_3P, settings={"pause": "continue"})
    page.set_viewport_size(PHONE)
    rng = random.Random(5)
    try:
        for _ in range(300):
            page.wait_for_selector(f'html[data-ready][data-route="play"], {PANEL}', state="attached")
            if page.locator(PANEL).count():
                break
            actions, steps = check_action_buttons(page), step_buttons(page)
            if steps and (not actions or rng.random() < 0.5):
                page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
            else:
                page.locator(f'[data-action="{rng.choice(actions)}"]').first.click()
        panel = page.locator(PANEL)
        assert panel.get_attribute("data-moment-panel") == "election"
        outcome = panel.locator("[data-moment-outcome]").first
        in_view(page, outcome)
        in_view(page, page.locator(CONTINUE))
        text = outcome.inner_text()
        assert "govern" in text or "Recorded" in text or "talemate" in text, text
        # the vote count and the places are there, folded: not a wall of text
        assert panel.locator("details:not([open]) li").count() >= 2
        assert panel.bounding_box()["height"] < PHONE["height"] * 0.45
        if not page.locator("html[data-ready]").count():  # the panel holds the bots: the status says so
            status = page.locator("[data-turn-text]").inner_text()
            assert "wait" in status and "thinking" not in status, status
        shot(page, "election-390")
        page.locator(CONTINUE).click()
        page.wait_for_selector(PANEL, state="detached")
    finally:
        page.set_viewport_size(DESKTOP)


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
        # the panel's buttons may take their colours over from the controls they replace with a
        # short transition: axe measures the colours a player reads, once it is over
        settled(page)
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
