"""Helpers for driving the app's pages."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Error as PlaywrightError

import chromium_log

READY_MS = 60_000


def wait_ready(page, route=None):
    selector = "html[data-ready]" + (f'[data-route="{route}"]' if route else "")
    try:
        page.wait_for_selector(selector, state="attached", timeout=READY_MS)
    except PlaywrightError as error:
        if chromium_log.is_crash(error):  # say what the browser and the machine said
            raise AssertionError(f"{error}\n{chromium_log.describe()}") from error
        raise


def settled(page):
    """Wait until no animation or transition of the page is running (colours
    measured by axe are then the ones a player reads)."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def focused(page, selector, timeout=5_000):
    """Wait until keyboard focus is on an element matching `selector` (or
    inside one). A redraw moves focus in the task after its own, so focus is
    waited for, not read at once; a focus that never arrives fails here."""
    page.wait_for_function("s => document.activeElement && document.activeElement.closest(s) !== null",
                           arg=selector, timeout=timeout)


def goto_hash(page, hash_text, route=None):
    """Navigate inside the loaded page (no new Python boot)."""
    page.evaluate("h => { location.hash = h; }", hash_text)
    wait_ready(page, route)


def check_action_buttons(page):
    """Every [data-action] is a button with an aria-label; returns the actions."""
    rows = page.eval_on_selector_all(
        "[data-action]",
        "els => els.map(e => [e.tagName, e.getAttribute('data-action'), e.getAttribute('aria-label') || '',"
        " e.disabled])",
    )
    for tag, action, label, disabled in rows:
        assert tag == "BUTTON", action
        assert label.strip(), action
        assert not disabled, action
    return [row[1] for row in rows]


def step_buttons(page):
    """Every [data-step] (one step of a move built in steps) is a button with an
    aria-label; returns their steps."""
    rows = page.eval_on_selector_all(
        "[data-step]",
        "els => els.map(e => [e.tagName, e.getAttribute('data-step'), e.getAttribute('aria-label') || ''])",
    )
    for tag, step, label in rows:
        assert tag == "BUTTON", step
        assert label.strip(), step
    return [row[1] for row in rows]


def start_from_form(page):
    """A #/new/... link that names its players shows the form filled in: start
    the game from it."""
    wait_ready(page, "new")
    page.locator("[data-ui=start]").click()
    wait_ready(page, "play")


def save_keys(page):
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('coalitions:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


CONTINUE = '[data-ui="moment-continue"]'


def wait_for_turn(page):
    """Wait until the table is ready, pressing Continue on each result the
    bots wait for (a debate's, a trick's...), as a player would."""
    for _ in range(2000):
        page.wait_for_selector(f'html[data-ready][data-route="play"], {CONTINUE}', state="attached", timeout=READY_MS)
        if not page.locator(CONTINUE).count():
            return
        try:
            page.locator(CONTINUE).first.click(timeout=2000)
        except PlaywrightError:  # it went by itself meanwhile (its pause ran out)
            pass
    raise AssertionError("results kept coming and the table never got ready")


def play_to_the_end(page, rng=None, on_cover=None, max_moves=800, prefer_play=False):
    """Click legal actions (a random one each time; with prefer_play, a card
    whenever there is one) until the game is over, pressing Continue after
    each result. Returns the number of human moves made."""
    rng = rng or random.Random(0)
    moves = 0
    for _ in range(max_moves):
        wait_for_turn(page)
        wait_ready(page, "play")
        if page.locator("html[data-game-over]").count():
            return moves
        if page.locator("[data-pass-cover]").count():
            assert on_cover is not None, "a pass screen with a single human"
            on_cover(page)
            continue
        actions = check_action_buttons(page)
        steps = step_buttons(page)
        assert actions or steps, "no action to click and the game is not over"
        if steps and (not actions or rng.random() < 0.3):
            # the first step of a move built in steps (a card, then its party)
            page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
            continue
        plays = [a for a in actions if a.startswith("play ")]
        action = rng.choice(plays if prefer_play and plays else actions)
        page.locator(f'[data-action="{action}"]').first.click()
        moves += 1
    raise AssertionError(f"the game did not end after {max_moves} moves")


SAVE_ID = re.compile(r"#/play/([a-z0-9]+)$")


def save_id_of(page):
    found = SAVE_ID.search(page.url)
    assert found, page.url
    return found.group(1)


# The bot worker (static/bot-worker.js) answers on this channel only once its
# Python and the rules have loaded: null after 10 s without an answer.
WORKER_PROBE = """() => new Promise((resolve) => {
  const channel = new BroadcastChannel("coalitions-bot-worker-probe");
  const timer = setTimeout(() => { channel.close(); resolve(null); }, 10000);
  channel.onmessage = (event) => { clearTimeout(timer); channel.close(); resolve(event.data); };
  channel.postMessage({ type: "stdlib-modules" });
})"""


def wait_bot_worker_loaded(page, tries=30):
    """Until the page's bot worker has loaded (it answers its probe), so that
    none of its own fetches is still under way; at most `tries` × 10 s."""
    for _ in range(tries):
        answer = page.evaluate(WORKER_PROBE)
        if answer is not None:
            return answer
    raise AssertionError("the bot worker did not answer")
