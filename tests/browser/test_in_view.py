"""What a player must decide at "Your turn" is in view without scrolling, in
every game, at 1280×800 and at 390×844: the page at its top, the controls of
the seat to act lie inside the window and nothing covers them (the point at
each control's centre belongs to it). Koalition and Alliances hold the hand at
the bottom of the window while the board above it scrolls; on a phone the
cards are smaller and the board comes before the seats."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from .pages import wait_for_turn, wait_ready

pytestmark = pytest.mark.browser

SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})

# case -> (game, the new game's query: one human against bots)
GAMES = {
    "koalition": ("koalition", "players=6&seats=human,bot,bot,bot,bot,bot"),
    # seed 1: the human holds two Aces to hand over
    "election-day": ("election-day", "players=3&seats=human,bot,bot"),
    "alliances-2": ("alliances", "players=2&seats=human,bot"),  # a drafting trick: a card
    "alliances-4": ("alliances", "players=4&seats=human,bot,bot,bot"),  # the bids, above the world
    "die-macher": ("die-macher", "players=3&seats=human,bot,bot"),
    "coalition-chess": ("coalition-chess", "seats=human,bot,bot,bot"),  # Yellow's set-up first
}

CONTROLS = """() => [...document.querySelectorAll('[data-action]:not([disabled]), [data-step]:not([disabled])')]
  .map(e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      name: e.getAttribute('data-action') || e.getAttribute('data-step'),
      inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      free: !!hit && (hit === e || e.contains(hit)),
      top: Math.round(r.top),
    };
  })"""


def controls_at_top(page):
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => window.scrollY === 0")
    return page.evaluate(CONTROLS)


@pytest.mark.parametrize("case", sorted(GAMES))
def test_the_decision_is_in_view_at_your_turn(booted, case):
    game, query = GAMES[case]
    page = booted("#/", "home")
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate("h => { document.documentElement.removeAttribute('data-ready'); location.hash = h; }",
                      f"#/new/{game}?{query}&seed=1")
        wait_ready(page)
        if page.locator("[data-ui=start]").count():
            page.locator("[data-ui=start]").click()
        wait_ready(page, "play")
        wait_for_turn(page)
        page.wait_for_selector(".table[data-deciding]")
        controls = controls_at_top(page)
        assert controls, (game, size)
        hidden = [c for c in controls if not (c["inside"] and c["free"])]
        if game == "election-day":
            # the cards and Pass in view; of the Aces' hand-overs (two buttons
            # per Ace, below the cards), the first
            assert any(c["name"] == "pass" for c in controls), controls
            aces = [c for c in controls if c["name"].startswith("ace ")]
            assert aces and aces[0] not in hidden, (size, aces)
            hidden = [c for c in hidden if not c["name"].startswith("ace ")]
        assert not hidden, (case, size, hidden)
        if case == "alliances-4":  # the bids say what they are, and count no conflict yet
            assert "bidding for the State of the Nations" in page.locator("[data-status]").inner_text()
            assert "onflict 0" not in page.locator("[data-table]").inner_text()


def test_the_stuck_hand_lets_the_board_scroll_into_view(booted):
    """Koalition for 6: the hand is held at the bottom of the window, and
    scrolling down still reaches every part of the vote above it (the last
    party's bar comes into view above the hand)."""
    page = booted("#/", "home")
    page.set_viewport_size(SIZES[0])
    page.evaluate("h => { location.hash = h; }", f"#/new/koalition?{GAMES['koalition'][1]}&seed=1")
    wait_ready(page, "play")
    wait_for_turn(page)
    page.wait_for_selector(".table[data-deciding]")
    hand = page.locator("[data-region=hand]")
    assert page.evaluate("() => getComputedStyle(document.querySelector('[data-region=hand]')).position") == "sticky"
    last_bar = page.locator(".bars .bar").last
    last_bar.scroll_into_view_if_needed()
    bar, stuck = last_bar.bounding_box(), hand.bounding_box()
    assert bar["y"] + bar["height"] <= stuck["y"] + 1, (bar, stuck)
    # once the player has played, the hand is not held any more: noted the
    # moment the table is redrawn, since the bots may soon make it the
    # player's turn again
    page.evaluate("""() => {
        window.__released = false;
        const check = () => {
            const table = document.querySelector('.table');
            if (table && !table.hasAttribute('data-deciding')
                && getComputedStyle(table.querySelector('[data-region=hand]')).position !== 'sticky') {
                window.__released = true;
            }
        };
        new MutationObserver(check).observe(document.documentElement,
            { subtree: true, attributes: true, attributeFilter: ['data-deciding'] });
    }""")
    log_before = page.locator("[data-log] li").count()
    page.locator("[data-hand-cards] [data-action]").first.click()
    try:
        page.wait_for_function("() => window.__released", timeout=20_000)
    except PlaywrightError:
        state = page.evaluate("""() => [document.documentElement.outerHTML.slice(0, 400),
            (document.querySelector('[data-status]') || {}).textContent,
            (document.querySelector('[data-notices]') || {}).textContent,
            document.querySelectorAll('[data-log] li').length]""")
        raise AssertionError(f"the hand is still held after the move (log had {log_before} lines): {state}")
