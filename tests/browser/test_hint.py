""""Suggest a move" in the page: at the person's turn against bots the button
asks the hard bot (in the bot worker) and lights the control it would play;
in hot seat it is not offered."""

from __future__ import annotations

from .pages import settled, wait_for_turn, wait_ready
from .test_in_view import FAST, check_decision, start_game


def suggest(page, shown="[data-hinted]"):
    """Press "Suggest a move" and wait until the suggestion (`shown`) is there."""
    page.locator('[data-ui="suggest"]').click()
    page.locator(shown).wait_for(state="visible" if shown == "[data-hinted]" else "attached", timeout=60000)


def test_suggest_a_move_lights_a_legal_control(booted):
    page = booted("#/new/election-day?players=3&seats=human,bot,bot&seed=4&levels=,random,random")
    wait_ready(page, "play")
    button = page.locator('[data-ui="suggest"]')
    button.wait_for(state="visible", timeout=30000)
    suggest(page)
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
    suggest(page)
    line = page.locator("[data-hint]")
    # Election Day's bot says why (data-hint-reason) or the line says whose choice it is
    assert page.locator("[data-hint-reason]").count() == 1 or "the hard bot's choice" in line.inner_text()


def test_a_move_of_two_picks_lights_the_piece_then_the_square(booted):
    # Coalition Chess: Yellow's set-up, a piece from the reserve and then its square
    page = booted("#/new/coalition-chess?players=4&seats=human,bot,bot,bot&seed=4&levels=,random,random,random")
    wait_ready(page, "play")
    suggest(page)
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
    suggest(page)
    why = page.locator("[data-hint-reason]")
    assert why.count() == 1
    text = why.inner_text()
    assert "the hard bot's choice" not in page.locator("[data-hint]").inner_text()
    assert text.startswith(("It ", "The ", "Gaudino Colorino", "No politician")) and "\n" not in text


PHONE = {"width": 390, "height": 844}
TABLE_TOP = "() => { window.scrollTo(0, 0); return document.querySelector('.table').getBoundingClientRect().top; }"


def steady_table_top(page):
    """The table's top once the page is still: no animation running, and the
    same top twice 0.2 s apart. (Under load, once in a full run, the table
    stood 12.8 px lower when the turn was first reported than a moment later,
    before "Suggest a move" was pressed: the baseline is taken after that.)"""
    settled(page)
    top = page.evaluate(TABLE_TOP)
    for _ in range(25):
        page.wait_for_timeout(200)
        now = page.evaluate(TABLE_TOP)
        if abs(now - top) <= 1:
            return now
        top = now
    raise AssertionError(f"the table kept moving (last top {top})")


def test_a_long_reason_leaves_the_decision_in_view_on_a_phone(booted):
    # Koalition for 5, seed 3: the first card's reason runs to four lines at
    # 390 px. Shown, the suggestion takes two lines, no higher than the button
    # it replaces, the rest cut: the table keeps its place, the decision and
    # the current play stay in view (test_in_view's check) and nothing scrolls
    # sideways. Pressed, it opens to the whole reason, wrapped in the window.
    page = booted("#/", "home", settings=FAST)
    page.set_viewport_size(PHONE)
    try:
        start_game(page, "koalition", "players=5&seats=human,bot,bot,bot,bot", 3)
        wait_ready(page, "play")
        wait_for_turn(page)
        page.wait_for_selector(".table[data-deciding]")
        before = steady_table_top(page)
        # while the move is looked for, and once it is shown, the table stays where it was
        page.evaluate("""() => { window.__tops = [];
            window.__topsSeen = new MutationObserver(() => { const t = document.querySelector('.table');
                if (t) window.__tops.push(t.getBoundingClientRect().top + scrollY); });
            window.__topsSeen.observe(document.querySelector("#app") || document.body,
                                      {subtree: true, childList: true}); }""")
        suggest(page, "[data-hint-reason]")
        tops = page.evaluate("() => { window.__topsSeen.disconnect(); return window.__tops; }")
        assert len(tops) >= 2 and all(abs(t - before) <= 1 for t in tops), (before, tops)
        line = page.locator("[data-hint]")
        assert len(page.locator("[data-hint-reason]").inner_text()) > 100  # a long one
        assert page.evaluate(TABLE_TOP) <= before + 1
        check_decision(page, ("koalition-5", 3, 390, "hint shown"))
        assert page.locator("[data-hinted]").count() == 1
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        cut = """() => { const s = document.querySelector('[data-hint] summary');
            return [s.scrollHeight > s.clientHeight + 1, s.scrollWidth > s.clientWidth,
                    document.documentElement.scrollWidth > innerWidth]; }"""
        assert page.evaluate(cut) == [True, False, False]  # cut short below, not at the side
        closed = line.bounding_box()["height"]
        line.locator("summary").click()
        assert line.get_attribute("open") is not None
        assert page.evaluate(cut) == [False, False, False]  # the whole reason, wrapped
        assert line.bounding_box()["height"] > closed + 30
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
