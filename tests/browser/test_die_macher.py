"""Die Macher in the browser, each game played to its end screen through the
move builder (a data-step, then a data-action):

- one human against three bots at instant speed, a result panel after each
  state election (kept until Continue), at 1280×800, 390×844 and 360 px with
  what must be decided in view, axe-core on the hand during swaps (a list of
  its cards), the rally stepper, a result panel and the end screen;
- three humans hot-seat: every secret bid of the four rounds is entered with
  the amount stepper behind the pass screen, and no other seat's bid is on the
  page before all are in;
- axe-core on the table at both sizes, a bid amount picked.

Screenshots go to /tmp/dm-shots/."""

from __future__ import annotations

import random
import re
from pathlib import Path

from coalitions.games.die_macher.data import START_MONEY

from .pages import CONTINUE, check_action_buttons, focused, start_from_form, step_buttons, wait_ready
from .test_builder import axe_violations
from .test_results import PANEL, in_view, with_settings

SHOTS = Path("/tmp/dm-shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SMALL = {"width": 360, "height": 740}
QUICK = ("pass", "done", "skip", "refuse", "keep", "base", "draw", "sell", "accept")


def shoot(page, name, sizes=((DESKTOP, "1280"), (PHONE, "390"), (SMALL, "360"))):
    """Screenshots at each size, the page scrolled to its top: the page never
    scrolls sideways (the state boards scroll inside their own box), and the
    controls of the seat to act are in view without scrolling."""
    SHOTS.mkdir(exist_ok=True)
    size_before = page.viewport_size
    for size, tag in sizes:
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"], (name, size, width)
        assert_controls_in_view(page, size, name)
        page.screenshot(path=str(SHOTS / f"{name}-{tag}.png"))
    page.set_viewport_size(size_before)


def assert_controls_in_view(page, size, name):
    """The Continue of a result panel, else the confirm of an amount, else the
    first control of the now panel lies within the viewport, the page at its top."""
    target = page.locator(CONTINUE)  # a result first: its Continue
    if not target.count():
        target = page.locator("[data-now] .dm-confirm")
    if not target.count():
        target = page.locator("[data-now] [data-action], [data-now] [data-step]").first
    if not target.count():
        return
    box = target.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (name, size, box)


def shown_amount(page):
    action = page.locator("[data-amounts] .dm-confirm").get_attribute("data-action")
    return int(action.split()[-1])


def enter_amount(page, kind, prefix, amount):
    """Set an amount with the stepper (steps of the builder, each to a legal
    amount), then confirm it. Returns the number of clicks."""
    clicks = 0
    current = shown_amount(page)
    while current != amount:
        word = f"{kind} " + "".join(f"{p} " for p in prefix)
        shown = [s for s in step_buttons(page) if s.startswith(word)]
        values = [int(s.rsplit("=", 1)[1]) for s in shown]
        nxt = max(v for v in values if v <= amount) if amount > current else min(v for v in values if v >= amount)
        page.locator(f'[data-amounts] [data-step="{shown[values.index(nxt)]}"]').click()
        page.wait_for_selector(f'[data-amounts] .dm-confirm[data-action$=" {nxt}"]')
        # the keyboard focus goes to the confirm button, which says the new amount
        # (in the task after the redraw's: tests/browser/pages.py, focused)
        focused(page, ".dm-confirm")
        current = nxt
        clicks += 1
    page.locator("[data-amounts] .dm-confirm").click()
    return clicks + 1


# -- against bots ---------------------------------------------------------------------------------------


def test_four_players_one_human_against_bots_to_the_end(open_page, dist_url):
    page = open_page(dist_url + "#/new/die-macher?players=4&seats=human,bot,bot,bot&seed=2"
                     "&levels=,random,random,random", viewport=DESKTOP,
                     init_script=with_settings(pause="continue", bot_speed="instant"), bypass_csp=True)
    wait_ready(page, "play")
    assert page.locator("[data-state]").count() == 4
    assert page.locator("[data-state]").first.locator(".tag").inner_text() == "Election this round"
    assert page.locator(".dm-phase[aria-current=step]").inner_text().startswith("1")
    # the bid: one confirm button and −/+ steps bounded by the legal bids, not a button per amount
    assert page.locator("[data-amounts]").get_attribute("data-amounts") == f"0-{START_MONEY}"
    assert check_action_buttons(page) == ["bid 0"]
    assert page.locator("[data-amounts] button[disabled]").count() == 3  # nothing below 0
    shoot(page, "vsbots-bid")
    page.locator('[data-step="bid amount=10"]').click()
    page.wait_for_selector('.dm-confirm[data-action="bid 10"]')
    page.keyboard.press("Escape")  # Escape steps back to the least bid
    page.wait_for_selector('.dm-confirm[data-action="bid 0"]')
    enter_amount(page, "bid", (), 3)

    rng = random.Random(2)
    panels, shot, rally_seen, hand_seen = [], set(), False, False
    for _ in range(700):
        page.wait_for_selector(f'html[data-ready][data-route="play"], {CONTINUE}', state="attached")
        if page.locator(CONTINUE).count():
            panel = page.locator("[data-moment-panel]")
            panels.append((panel.get_attribute("data-moment-panel"), panel.text_content()))  # details folded
            if len(panels) == 1:
                shoot(page, "vsbots-election", ((DESKTOP, "1280"), (PHONE, "390")))
                page.set_viewport_size(PHONE)  # axe on the result panel, on a phone
                assert not axe_violations(page)
                page.set_viewport_size(DESKTOP)
            page.locator(CONTINUE).click()
            continue
        if page.locator("html[data-game-over]").count():
            break
        title = page.locator("[data-now] h2").inner_text()
        phase = title.split("phase ")[-1]
        if "Round 1" in title and phase not in shot:  # each phase of round 1 at each size
            shot.add(phase)
            shoot(page, "vsbots-phase-" + phase.split(":")[0])
        if not hand_seen and page.locator(".dm-hand-list").count():  # the hand, as a list of its cards
            hand_seen = True
            assert page.locator(".dm-hand-list").get_attribute("role") is None
            assert not axe_violations(page)
        actions = check_action_buttons(page)
        steps = step_buttons(page)
        rally = [s for s in steps if s.startswith("rally state=") and "count=" not in s]
        if rally and not rally_seen:  # rallies: a state, then a number with its price
            rally_seen = True
            page.locator(f'[data-step="{rally[0]}"]').click()
            page.wait_for_selector("[data-amounts] .dm-confirm")
            confirm = page.locator("[data-amounts] .dm-confirm").inner_text()
            assert "€" in confirm and "left" in confirm, confirm
            shoot(page, "vsbots-rally")
            assert not axe_violations(page)  # the rally stepper, on a desktop
            sid = rally[0].split("=")[1]
            most = int(page.locator("[data-amounts]").get_attribute("data-amounts").split("-")[1])
            enter_amount(page, "rally", (f"state={sid}",), min(2, most))
            continue
        bids = [a for a in actions if a.startswith("bid ")]
        if bids and rng.random() < 0.5:  # a bid one step above the least
            most = int(page.locator("[data-amounts]").get_attribute("data-amounts").split("-")[1])
            enter_amount(page, "bid", (), min(most, shown_amount(page) + 1))
            continue
        if steps and (not actions or rng.random() < 0.3):
            page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
            continue
        quick = [a for a in actions if a in QUICK or a.startswith(("media ", "place "))]
        page.locator(f'[data-action="{rng.choice(quick or actions)}"]').first.click()
    else:
        raise AssertionError("the game did not end")
    assert hand_seen
    # a panel after each state election but the last (the end screen shows that one)
    assert [kind for kind, _ in panels] == ["election"] * 3, panels
    for _, text in panels:
        assert "Election in " in text and " VP" in text and "Income" in text
    check_end_screen(page, 4)
    shoot(page, "vsbots-end", ((DESKTOP, "1280"), (PHONE, "390")))
    assert not axe_violations(page)  # the end screen


def check_end_screen(page, players):
    assert page.locator("[data-result]").is_visible()
    assert page.locator("[data-ranking] tbody tr").count() == players
    assert "wins" in page.locator("[data-result-summary]").inner_text()
    text = page.locator("[data-result]").inner_text()
    assert "{p" not in text and "national" in text
    # the score broken down: VP + 2 per national marker, then each election's VP and arithmetic
    assert page.locator(".dm-final-elections tbody tr").count() == 4
    assert re.search(r"\d+ × 2 = \d+", text)
    assert page.locator("[data-action]").count() == 0


# -- hot seat ---------------------------------------------------------------------------------------------


POOL = (7, 11, 3, 6, 12, 2, 16, 1, 8, 4, 13)  # reachable in a few steps of 1, 5 and 10


def mentions(text, amount):
    return re.search(rf"(?<![\d,]){amount},000|bid {amount}\b", text)


def table_text_without_own_amount(page):
    """The table's text and attribute values, the seat's own amount control left out."""
    return page.evaluate("""() => {
        const t = document.querySelector('[data-table]').cloneNode(true);
        t.querySelectorAll('[data-amounts]').forEach(e => e.remove());
        const attrs = [...t.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
        return t.textContent + ' ' + attrs.join(' ');
    }""")


def test_three_players_hot_seat_whole_game_with_secret_bids_behind_the_cover(open_page, dist_url):
    page = open_page(dist_url + "#/new/die-macher?players=3&seats=human,human,human&seed=5&fast=1"
                     "&names=Ann,Bob,Cem", viewport=PHONE)
    start_from_form(page)
    names = ["Ann", "Bob", "Cem"]
    rng = random.Random(5)
    bids: dict[int, dict[int, int]] = {}  # round -> seat -> its secret bid
    covers, revealed, clicks = set(), set(), 0
    for _ in range(1500):
        wait_ready(page, "play")
        if page.locator("html[data-game-over]").count():
            break
        clicks += 1
        if page.locator("[data-pass-cover]").count():
            seat = int(page.locator("[data-pass-cover]").get_attribute("data-pass-cover"))
            covers.add(seat)
            assert page.locator("#pass-title").inner_text() == f"Pass the device to {names[seat]}"
            assert page.locator("[data-table], [data-hand], [data-action]").count() == 0
            page.locator("[data-ui=pass]").click()
            continue
        rnd = int(re.search(r"Round (\d)", page.locator("[data-now] h2").inner_text()).group(1))
        last = page.locator("[data-last-bids]")
        if rnd in bids and rnd not in revealed and last.count():
            revealed.add(rnd)  # all in: every bid is shown
            assert all(f"{a:,} €" in last.inner_text() or f"{a},000 €" in last.inner_text()
                       for a in bids[rnd].values()), last.inner_text()
        if page.locator(".dm-bid-progress").count() and page.locator("[data-amounts]").count():
            # a secret bid: behind a cover each time, none of the others' bids on the page
            seat = int(page.locator("[data-hand]").get_attribute("data-hand"))
            mine = bids.setdefault(rnd, {})
            assert seat not in mine
            text = table_text_without_own_amount(page)
            for other, amount in mine.items():
                assert not amount or not mentions(text, amount), (rnd, seat, other, amount)
            most = int(page.locator("[data-amounts]").get_attribute("data-amounts").split("-")[1])
            # an amount found nowhere on the page yet (0 if the party has next to no money)
            amount = next((a for a in POOL + tuple(range(1, most + 1))
                           if a <= most and a not in mine.values() and not mentions(text, a)), 0)
            if rnd == 2 and seat == 1:
                shoot(page, "hotseat-bid", ((PHONE, "390"), (SMALL, "360")))
            clicks += enter_amount(page, "bid", (), amount)
            mine[seat] = amount
            continue
        actions = check_action_buttons(page)
        steps = step_buttons(page)
        if steps and (not actions or rng.random() < 0.25):
            page.locator(f'[data-step="{rng.choice(steps)}"]').first.click()
            continue
        quick = [a for a in actions if a in QUICK]
        page.locator(f'[data-action="{rng.choice(quick if quick and rng.random() < 0.8 else actions)}"]').first.click()
    else:
        raise AssertionError("the game did not end")
    assert covers == {0, 1, 2}
    # (a party with no money left bids 0 by itself, without being asked)
    assert sorted(bids) == [1, 2, 3, 4] and all(len(b) >= 2 for b in bids.values()) and len(bids[1]) == 3
    assert revealed == {1, 2, 3, 4}
    check_end_screen(page, 3)
    assert clicks < 700, clicks


def test_axe_finds_nothing_on_the_table(open_page, dist_url):
    # axe is injected as an inline script, which the page's CSP refuses: this
    # test is about accessibility, so the context lets it in
    page = open_page(dist_url + "#/new/die-macher?players=5&seats=human,bot,bot,bot,bot&seed=1&fast=1",
                     bypass_csp=True, viewport=DESKTOP)
    wait_ready(page, "play")
    assert not axe_violations(page)
    page.locator('[data-step="bid amount=5"]').click()  # the stepper with an amount picked
    page.wait_for_selector('.dm-confirm[data-action="bid 5"]')
    assert not axe_violations(page)
    page.set_viewport_size(PHONE)
    assert not axe_violations(page)


# -- a marker placed, and the election's result panel on a phone ----------------------------------------


def quick_move(page, prefer=()):
    """The first legal action starting with one of `prefer`, else a quick one
    (the least bid, draw, take, keep, pass, done...), else the first; clicked."""
    actions = check_action_buttons(page)
    assert actions, "no action"
    for start in prefer + ("bid ", "draw", "take ", "hold ") + QUICK:
        found = [a for a in actions if a == start or a.startswith(start)]
        if found:
            page.locator(f'[data-action="{found[0]}"]').first.click()
            return found[0]
    page.locator(f'[data-action="{actions[0]}"]').first.click()
    return actions[0]


MARKER = '[data-state] .dm-spots .dm-party.fresh'  # a media marker just placed
ANIMATION = """el => { const s = getComputedStyle(el);
    return {name: s.animationName, duration: parseFloat(s.animationDuration) * 1000}; }"""


def place_a_media_marker(page):
    """Quick moves up to the media phase, then a media marker bought: the bots
    wait 4 s after it (so the table shows it), and the marker placed is returned
    as (the state, its animation)."""
    for _ in range(60):
        page.wait_for_selector(f'html[data-ready][data-route="play"] .table[data-deciding], {CONTINUE}',
                               state="attached")
        media = [a for a in check_action_buttons(page) if a.startswith("media ")]
        if media:
            page.evaluate("() => { window.coalitionsBotPace = 4; }")  # the next bot move waits
            page.locator(f'[data-action="{media[0]}"]').click()
            marker = page.locator(MARKER)
            marker.wait_for(state="attached", timeout=10_000)
            assert marker.count() == 1
            state = marker.evaluate("el => el.closest('[data-state]').dataset.state")
            assert marker.evaluate("el => el.querySelector('.dm-chip').textContent") == "Bk"  # the player's party
            return media[0].split()[1], marker.evaluate(ANIMATION)
        quick_move(page)
    raise AssertionError("no media phase")


def test_a_placed_marker_comes_in_and_not_under_reduced_motion(open_page, dist_url):
    url = dist_url + "#/new/die-macher?players=3&seats=human,bot,bot&seed=3&levels=,random,random"
    settings = with_settings(pause="continue")
    page = open_page(url, viewport=DESKTOP, reduced_motion="no-preference", init_script=settings)
    wait_ready(page, "play")
    state, motion = place_a_media_marker(page)
    # the app's motion (base.css .fresh: "arrive"), on the marker the player just placed in that state
    assert motion["name"] == "arrive" and motion["duration"] >= 150, motion
    assert page.locator(f'[data-state="{state}"] .dm-spots .dm-party.fresh').count() == 1
    # the bots' markers come in the same way, one at a time (the last move's), noted as the table changes
    page.evaluate("""s => { window.__placed = [];
        new MutationObserver(() => document.querySelectorAll(s).forEach(e => window.__placed.push(
            [e.closest('[data-state]').dataset.state, e.querySelector('.dm-chip').textContent,
             document.querySelectorAll(s).length])))
          .observe(document.body, {subtree: true, childList: true, attributes: true}); }""", MARKER)
    page.evaluate("() => { window.coalitionsBotPace = 0; }")
    for _ in range(30):  # the player buys a marker at each turn of the media phase
        page.wait_for_selector('html[data-ready][data-route="play"] .table[data-deciding]', state="attached")
        if not [a for a in check_action_buttons(page) if a.startswith("media ")]:
            break
        quick_move(page, prefer=("media ",))
    placed = page.evaluate("window.__placed")
    parties = {party for _, party, _ in placed}
    assert "Bk" in parties and parties & {"Re", "Ye"}, placed  # the player's and a bot's
    assert all(count == 1 for _, _, count in placed), placed
    # reduced motion: the marker placed is marked (a ring), but nothing moves
    page = open_page(url, viewport=DESKTOP, reduced_motion="reduce", init_script=settings)
    wait_ready(page, "play")
    state, motion = place_a_media_marker(page)
    assert motion["duration"] < 1, motion  # 0.01 ms: base.css under prefers-reduced-motion


def test_the_election_result_at_390_leads_with_its_outcome_counts_down_and_pauses(open_page, dist_url):
    """The state election's result panel on a phone, the pause set to 8 s:
    the one-line outcome first and in view, the countdown shown, Continue in
    the window and not covered; the countdown stops while the pointer or the
    keyboard focus is on the panel, and Continue closes it."""
    page = open_page(dist_url + "#/new/die-macher?players=3&seats=human,bot,bot&seed=4&levels=,random,random",
                     viewport=PHONE, init_script=with_settings(pause="8"))
    for _ in range(200):
        page.wait_for_selector(f'html[data-ready][data-route="play"] .table[data-deciding], {PANEL}', state="attached")
        if page.locator(PANEL).count():
            break
        quick_move(page)
    else:
        raise AssertionError("no election")
    panel = page.locator(PANEL)
    assert panel.get_attribute("data-moment-panel") == "election"
    outcome = panel.locator("[data-moment-outcome]").first
    in_view(page, outcome)
    assert outcome.inner_text().startswith("Election in "), outcome.inner_text()
    order = panel.locator("[data-moment-outcome], details").evaluate_all("els => els.map(e => e.tagName)")
    assert order[0] == "P" and "DETAILS" in order, order  # the outcome first, the log's lines below
    assert panel.locator("[data-countdown]").is_visible()
    assert int(panel.locator("[data-countdown]").inner_text()) <= 8
    in_view(page, page.locator(CONTINUE))
    shoot(page, "result-390", ((PHONE, "390"),))
    # the pointer on the panel: stopped, and it stays past its 8 seconds' end
    panel.hover()
    page.wait_for_selector(f"{PANEL} [data-countdown-note]:has-text('Paused')", timeout=5000)
    page.wait_for_timeout(9000)
    assert panel.count() == 1 and "Paused" in panel.locator("[data-countdown-note]").inner_text()
    page.mouse.move(5, 5)  # the pointer leaves: the count goes on
    page.wait_for_selector(f"{PANEL} [data-countdown]", timeout=5000)
    # the focus on it stops it too
    panel.locator("summary").first.focus()
    page.wait_for_selector(f"{PANEL} [data-countdown-note]:has-text('Paused')", timeout=5000)
    page.locator(CONTINUE).click()
    page.wait_for_selector(PANEL, state="detached")
    wait_ready(page, "play")


# -- the same table under CPython (no browser needed, kept beside the browser tests) ------------------


def test_a_card_or_media_majority_at_work_shows_that_states_opinions_in_the_phase_panel():
    """A replacement or a doubling is chosen from the opinions of a state that
    a phone shows off to the side: the phase panel lists them (and the
    programme), for every seat, from the view only."""
    from app import render
    from app.games import renderer_for
    from coalitions.core.match import Match
    from coalitions.core.records import make_players
    from coalitions.games.die_macher.data import STATE_NAMES

    match = Match.new("die-macher", make_players(["bot"] * 3, levels=["random"] * 3), seed=2)
    rng = random.Random(2)
    seen = 0
    while match.to_act():
        seat = match.to_act()[0]
        view = match.view(seat)
        ctx = render.TableContext(interactive=False, seat=seat, mode="play", game_id="die-macher")
        board = renderer_for("die-macher").parts(view, ctx).board
        pending = view.get("pending")
        if view["step"] in ("replace", "cabinet", "look") and pending:
            seen += 1
            line = re.search(r"<p [^>]*data-state-opinions>Opinions in ([^:]+):", board)
            assert line and line.group(1) == STATE_NAMES[pending["state"]], board
        else:
            assert "data-state-opinions" not in board
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    assert seen >= 3, seen
