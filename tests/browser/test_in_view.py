"""What a player must decide at "Your turn" is in view without scrolling, in
every game, at 1280×800 and at 390×844: the page at its top, the controls of
the seat to act lie inside the window and nothing covers them (the point at
each control's centre belongs to it). Koalition and Alliances hold the hand at
the bottom of the window while the board above it scrolls; on a phone the
cards are smaller and the board comes before the seats.

And what was just played is in view beside the decision: the one element
marked ``data-current-play`` (the debate's cards, this election's cards with
the vote bars, the conflict, the board, the phase panel) lies inside the
window, and neither the held hand nor anything else covers it, at several
decisions of random seeded games against bots (not only the first)."""

from __future__ import annotations

import os
import random

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
        start_game(page, game, query, 1)
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


# The current play: inside the window, and the points at its centre and near
# its four corners belong to it (the held hand or a panel would cover them).
CURRENT_PLAY = """() => {
  const els = document.querySelectorAll('[data-current-play]');
  if (els.length !== 1) return {count: els.length};
  const e = els[0];
  const r = e.getBoundingClientRect();
  const inset = 4;
  const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + inset, r.top + inset],
                  [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset],
                  [r.right - inset, r.bottom - inset]];
  const covered = points.filter(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return !hit || !(hit === e || e.contains(hit));
  }).map(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return [Math.round(x), Math.round(y), hit ? (hit.className || hit.tagName) + '' : null];
  });
  return {count: 1, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
          covered, box: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)],
          window: [innerWidth, innerHeight],
          // (what a failure needs to be understood: the play's parts and their heights)
          parts: [...e.children].map((c) => [String(c.className || c.tagName), c.children.length,
                                             Math.round(c.getBoundingClientRect().height)]),
          table: String(document.querySelector('.table')?.getAttribute('class')),
          deciding: !!document.querySelector('.table[data-deciding]')};
}"""

# case -> (game, query, seeds): one human against bots, random seeded games
PLAYED = {
    "koalition-6": ("koalition", "players=6&seats=human,bot,bot,bot,bot,bot", (2,)),
    "koalition-3": ("koalition", "players=3&seats=human,bot,bot", (5,)),
    "election-day": ("election-day", "players=4&seats=human,bot,bot,bot", (3,)),
    "alliances-2": ("alliances", "players=2&seats=human,bot", (4,)),
    "alliances-4": ("alliances", "players=4&seats=human,bot,bot,bot", (6,)),
    "die-macher": ("die-macher", "players=3&seats=human,bot,bot", (7,)),
    "coalition-chess": ("coalition-chess", "seats=human,bot,bot,bot", (8,)),
}
DECISIONS = 5  # checked per game and size, a random legal move between two
FAST = {"bot_speed": "instant", "pause": "0"}


def start_game(page, game, query, seed):
    """Go to `#/new/<game>?<query>&seed=<seed>` on the running page and start
    it (a link that names its players shows the form first)."""
    page.evaluate("h => { document.documentElement.removeAttribute('data-ready'); location.hash = h; }",
                  f"#/new/{game}?{query}&seed={seed}")
    wait_ready(page)
    if page.locator("[data-ui=start]").count():
        page.locator("[data-ui=start]").click()


# The table at rest, as a player looks at it: no animation or transition
# running (a card sliding in, the held hand settling) and two frames drawn.
AT_REST = """() => new Promise((resolve) => {
  const started = performance.now();
  const settle = () => {
    const running = document.getAnimations().filter((a) => a.playState === "running").length;
    if (running && performance.now() - started < 3000) return requestAnimationFrame(settle);
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(running)));
  };
  settle();
})"""


def check_decision(page, where):
    """The current play and every control of the decision: inside, uncovered."""
    page.evaluate(AT_REST)
    controls = controls_at_top(page)
    if os.environ.get("IN_VIEW_SHOTS"):  # a folder to keep a screenshot of each decision checked
        page.screenshot(path=os.path.join(os.environ["IN_VIEW_SHOTS"], "-".join(str(w) for w in where) + ".png"))
    assert controls, where
    hidden = [c for c in controls if not (c["inside"] and c["free"])]
    assert not hidden, (where, hidden)
    play = page.evaluate(CURRENT_PLAY)
    assert play["count"] == 1, (where, play)
    assert play["inside"] and not play["covered"], (where, play)


def random_move(page, rng):
    """A random legal move (or the first step of one), as a player would click it."""
    actions = page.eval_on_selector_all("[data-action]:not([disabled])", "es => es.map(e => e.dataset.action)")
    steps = page.eval_on_selector_all("[data-step]:not([disabled])", "es => es.map(e => e.dataset.step)")
    # noted the moment the table changes, so that the next check is of the next table
    page.evaluate("""() => { window.__moved = false;
        const seen = new MutationObserver(() => { window.__moved = true; seen.disconnect(); });
        seen.observe(document.querySelector('#app') || document.body, {subtree: true, childList: true, attributes: true}); }""")
    if steps and (not actions or rng.random() < 0.3):
        page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
    else:
        page.locator(f'[data-action="{rng.choice(actions)}"]').first.click()
    page.wait_for_function("() => window.__moved")
    staged = page.locator('[data-staged-control], [data-ui="confirm-move"]')  # the control that staged it confirms
    if staged.count():  # a move staged for confirmation (a pass that ends the debate)
        staged.first.click()


# Not met yet (issue 24), and said so: none now (a case here is run as a
# non-strict xfail, with the reason given).
NOT_YET: dict[str, str] = {}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.xfail(reason=NOT_YET[c], strict=False))
                                  if c in NOT_YET else c for c in sorted(PLAYED)])
def test_the_current_play_and_the_decision_are_both_in_view(booted, case):
    game, query, seeds = PLAYED[case]
    page = booted("#/", "home", settings=FAST)
    for seed in seeds:
        for size in SIZES:
            page.set_viewport_size(size)
            start_game(page, game, query, seed)
            rng = random.Random(seed)
            checked = 0
            for move in range(DECISIONS * 3):
                wait_ready(page, "play")
                wait_for_turn(page)
                if page.locator("html[data-game-over]").count():
                    break
                page.wait_for_selector(".table[data-deciding]")
                if move % 2 == 0 or not page.locator("[data-step].is-picked, [data-choices]").count():
                    check_decision(page, (case, seed, size["width"], move))
                    checked += 1
                    if checked == DECISIONS:
                        break
                random_move(page, rng)
            assert checked >= 3, (case, size, checked)


# Later decisions that once missed (issue 24): case -> (game, query, seed,
# window width, moves played at most, a control that must come up on the way).
# The game is played with the random legal moves above and every decision on
# the way is checked, up to the one that missed: Koalition's answer to a proposal (the vote bars went under the held
# hand at 390), Alliances for 3 at a campaign's start (give, put a pair, the
# trump sat about 1000 px down at 1280) and its tiles to target at 390 (the
# map's last row below the window), Coalition Chess's answer to a check
# (its "let the check stand" fell below the window at 390).
LATER = {
    "koalition-4-answer": ("koalition", "players=4&seats=human,bot,bot,bot", 3, 390, 13, '[data-action="decline"]'),
    # four proposals stacked in the held hand (the vote bars went under it at 1280)
    "koalition-4-propose": ("koalition", "players=4&seats=human,bot,bot,bot", 2, 1280, 6, '[data-action^="propose"]'),
    "alliances-3-give": ("alliances", "players=3&seats=human,bot,bot", 3, 1280, 6, '[data-action^="give "]'),
    # the tiles to target at 390 (some stuck out below the window)
    "alliances-3-target": ("alliances", "players=3&seats=human,bot,bot", 5, 390, 10, '[data-action^="target "]'),
    "coalition-chess-check": ("coalition-chess", "seats=human,bot,bot,bot", 8, 390, 40, "[data-cc-answer]"),
    # the same check at 1280 ("Offer a draw" sat partly under the window's bottom edge)
    "coalition-chess-check-1280": ("coalition-chess", "seats=human,bot,bot,bot", 8, 1280, 40, "[data-cc-answer]"),
    # a debate of more than six cards with an Ace to hand over (it went under the hand at 390)
    "election-day-4-long": ("election-day", "players=4&seats=human,bot,bot,bot", 5, 390, 8, ".debate-long"),
    # an Ace to hand over at 1280: the hand's Ace choices pushed it over the debate's tally
    "election-day-4-ace": ("election-day", "players=4&seats=human,bot,bot,bot", 6, 1280, 12, "[data-ace-choice] .ace-btn"),
    # the Rise to Power at 390: a card to set aside (the 15 "Set aside" buttons ran far below the window)
    "alliances-3-rise": ("alliances", "players=3&seats=human,bot,bot", 3, 390, 3, '[data-action^="give "]'),
    # Koalition for 5, a proposal at 1280 (the last row of vote bars went under the held hand)
    "koalition-5-propose": ("koalition", "players=5&seats=human,bot,bot,bot,bot", 3, 1280, 23,
                            '[data-action^="propose"]'),
    # Koalition for 3, three proposals at 390 (their two-line buttons pushed the held hand over the vote bars)
    "koalition-3-propose-390": ("koalition", "players=3&seats=human,bot,bot&levels=,hard,hard", 11, 390, 24,
                                '[data-action^="propose"]'),
    # Die Macher's media majority with a display card picked, at 1280 (its "skip" lay under the panel's edge)
    "die-macher-media": ("die-macher", "players=3&seats=human,bot,bot", 3, 1280, 15, '[data-action="skip"]'),
}


@pytest.mark.parametrize("case", sorted(LATER))
def test_later_decisions_are_in_view(booted, case):
    game, query, seed, width, moves, awaited = LATER[case]
    seen = False
    page = booted("#/", "home", settings=FAST)
    page.set_viewport_size(next(s for s in SIZES if s["width"] == width))
    start_game(page, game, query, seed)
    rng = random.Random(seed)
    for move in range(moves):
        wait_ready(page, "play")
        wait_for_turn(page)
        assert not page.locator("html[data-game-over]").count(), (case, move)
        page.wait_for_selector(".table[data-deciding]")
        check_decision(page, (case, width, move))
        seen = seen or page.locator(awaited).count() > 0
        random_move(page, rng)
    assert seen, (case, awaited)


NAMES_CUT = """() => [...document.querySelectorAll('.card-name')].filter(n => n.offsetParent).map(n => {
    const r = n.getBoundingClientRect(), card = n.closest('.card').getBoundingClientRect();
    const cut = n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1 || r.bottom > card.bottom + 0.5;
    return cut ? n.textContent : null;
  }).filter(Boolean)"""

# the names in which a word is wider than its line, so broken in the middle
# (a soft hyphen marks where a long word may break)
WORDS_BROKEN = """() => [...document.querySelectorAll('.card-name')].filter(n => n.offsetParent).filter(n => {
    const probe = document.createElement('span'), style = getComputedStyle(n);
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' + style.font;
    document.body.appendChild(probe);
    const broken = n.textContent.split(/[\\s\\u00ad]+/).some(w => {
      probe.textContent = w; return probe.getBoundingClientRect().width > n.clientWidth + 0.5; });
    probe.remove();
    return broken;
  }).map(n => n.textContent)"""


@pytest.mark.parametrize("case", sorted(GAMES))
def test_card_names_are_whole_at_your_turn(booted, case):
    """At "Your turn" the cards are at their smallest (the held hand
    compact, the debate's cards smaller): every name shown on a card is
    whole, none cut at its card's edge or after its first line (Election
    Day's held cards cut every name of two lines, "the Diplomat", before),
    and no word of one is broken in the middle (Alliances' "Economi-cs" and
    "Defensiv-e Pact" before)."""
    game, query = GAMES[case]
    page = booted("#/", "home")
    for size in SIZES:
        page.set_viewport_size(size)
        for seed in (1, 3):
            start_game(page, game, query, seed)
            wait_ready(page, "play")
            wait_for_turn(page)
            page.wait_for_selector(".table[data-deciding]")
            assert page.evaluate(NAMES_CUT) == [], (case, size, seed)
            assert page.evaluate(WORDS_BROKEN) == [], (case, size, seed)
