"""Coalition Chess in the browser: whole games played through the move builder
(a piece picked with data-step, then its square with data-action), one human
against bots and a hot-seat game with no cover; Yellow's set-up piece by
piece; the out-of-turn check answer and a promotion (walkthrough learner
steps); looking back through the move list; the board on a phone; axe-core on
the table. Screenshots go to /tmp for a person to look at."""

from __future__ import annotations

import os
import random

from .pages import CONTINUE, check_action_buttons, goto_hash, step_buttons, wait_ready
from .test_builder import axe_violations
from .test_in_view import random_move
from .test_results import PANEL, click_until_gone, in_view, with_settings

SHOTS = "/tmp/cc-shots/coalition-chess-{}.png"
os.makedirs(os.path.dirname(SHOTS), exist_ok=True)
BOTS = "#/new/coalition-chess?players=4&seats=human,bot,bot,bot&levels=,easy,easy,easy&seed={seed}&fast=1"
PHONE = {"width": 390, "height": 844}


def board_steps(page):
    return page.eval_on_selector_all("[data-cc-board] [data-step]", "els => els.map(e => e.getAttribute('data-step'))")


def board_actions(page):
    return page.eval_on_selector_all("[data-cc-board] [data-action]",
                                     "els => els.map(e => e.getAttribute('data-action'))")


def click(page, selector):
    page.locator(selector).first.click()
    wait_ready(page, "play")


def move_by_builder(page, rng):
    """One move made through the builder: a piece (data-step), then a lit
    square (data-action, or a step and then the promotion). False if no piece
    can move (another action is due)."""
    pieces = [s for s in board_steps(page) if s.split(" ")[0] in ("move", "answer")]
    if not pieces:
        return False
    step = rng.choice(pieces)
    click(page, f'[data-cc-board] [data-step="{step}"]')
    picked = page.locator(f'[data-cc-board] [data-step="{step}"]')
    assert picked.get_attribute("aria-pressed") == "true"
    origin = step.split("=", 2)[1].split(" ")[0]
    targets = [a for a in board_actions(page) if a.split(" ")[1] == origin]
    promos = [s for s in board_steps(page) if s.startswith(step + " to=")]
    assert targets or promos, "a picked piece lights up the squares it can reach"
    assert page.locator("[data-cc-board] .is-target").count() == len(targets) + len(promos)
    if promos and (not targets or rng.random() < 0.5):
        click(page, f'[data-cc-board] [data-step="{rng.choice(promos)}"]')
        choices = page.eval_on_selector_all("[data-choices] [data-action]",
                                            "els => els.map(e => e.getAttribute('data-action'))")
        assert choices, "a promotion offers the pieces to become"
        click(page, f'[data-choices] [data-action="{rng.choice(choices)}"]')
    else:
        click(page, f'[data-cc-board] [data-action="{rng.choice(targets)}"]')
    return True


def play_with_builder(page, rng, max_moves=400, on_turn=None):
    """Play the human seats to the end: the default set-up in one click, then
    moves through the builder (now and then another legal action: a
    declaration, a draw offer...). Returns the number of human actions."""
    made = 0
    for _ in range(max_moves):
        wait_ready(page, "play")
        if page.locator("html[data-game-over]").count():
            return made
        assert page.locator("[data-pass-cover]").count() == 0, "nothing is hidden: no pass screen"
        if on_turn is not None:
            on_turn(page)
        actions = check_action_buttons(page)
        step_buttons(page)
        assert actions or board_steps(page), "no action to take and the game is not over"
        if "default" in actions:
            click(page, '[data-action="default"]')
        elif rng.random() < 0.85 and move_by_builder(page, rng):
            pass
        else:
            others = [a for a in actions if a.split(" ")[0] not in ("move", "answer", "offer")] or actions
            if not others:
                assert move_by_builder(page, rng)
            else:
                click(page, f'[data-action="{rng.choice(others)}"]')
        made += 1
    raise AssertionError(f"the game did not end after {max_moves} human actions")


def check_end(page):
    assert page.locator("[data-result]").is_visible()
    assert page.locator("[data-ranking] li").count() == 4
    summary = page.locator("[data-result-summary]").inner_text()
    assert "{p" not in page.locator("[data-result]").inner_text()
    assert page.locator("[data-action]").count() == 0 and page.locator("[data-cc-board] [data-step]").count() == 0
    return summary


def test_one_human_sets_up_piece_by_piece_and_plays_to_the_end_against_bots(open_page, dist_url):
    page = open_page(dist_url + BOTS.format(seed=3), viewport={"width": 1280, "height": 800}, bypass_csp=True)
    wait_ready(page, "play")
    assert page.locator("[data-cc-board] .cc-sq").count() == 100
    assert page.locator("[data-cc-board] .cc-lab").count() == 20
    assert page.locator("[data-cc-board]").get_attribute("data-orient") == "yellow"
    # every piece carries its letter as well as its colour
    assert page.locator("[data-cc-board] .cc-piece").count() == 12 + 6 + 6
    assert page.locator("symbol#cc-s-king text").text_content() == "K"
    # Yellow's set-up: any piece in any order, picked from the pieces to place, then a lit square of the area
    kinds = [s for s in step_buttons(page) if s.startswith("place ")]
    assert "place piece=king" in kinds and len(kinds) == 7
    assert page.locator("[data-cc-board] .is-area").count() == 16
    click(page, '[data-step="place piece=king"]')
    squares = board_actions(page)
    # every square of the area but j2, on the diagonal of Black's Tank on b9 (nothing in the area can block it)
    assert len(squares) == 15 and all(a.startswith("place king ") for a in squares)
    assert "place king j2" not in squares
    page.screenshot(path=SHOTS.format("setup-1280"))
    click(page, '[data-cc-board] [data-action="place king e1"]')
    assert page.locator('[data-sq="e1"]').get_attribute("aria-label") == "e1: Yellow King (K)"
    # then each other piece: a kind from the pieces left, then its square
    for _ in range(3):
        kinds = [s for s in step_buttons(page) if s.startswith("place ")]
        click(page, f'[data-step="{kinds[0]}"]')
        click(page, f'[data-cc-board] [data-action="{board_actions(page)[0]}"]')
    assert page.locator("[data-cc-moves] li").count() == 4
    # the default set-up stays on offer while setting up; here, piece by piece
    assert page.locator('[data-action="default"]').count() == 1
    rng = random.Random(3)
    while page.locator("[data-cc-reserve], .cc-reserve").count():
        kinds = [s for s in step_buttons(page) if s.startswith("place ")]
        if not kinds:
            click(page, f'[data-action="{[a for a in check_action_buttons(page) if a.startswith("place ")][0]}"]')
            continue
        click(page, f'[data-step="{rng.choice(kinds)}"]')
        click(page, f'[data-cc-board] [data-action="{rng.choice(board_actions(page))}"]')
    wait_ready(page, "play")
    page.screenshot(path=SHOTS.format("play-1280"))
    play_with_builder(page, rng, max_moves=200)
    check_end(page)
    page.screenshot(path=SHOTS.format("end-1280"))
    # the move list opens at its end: the last move is in view inside its scroller
    assert page.evaluate("""() => { const box = document.querySelector('[data-cc-moves-scroll]');
        const last = box.querySelector('li:last-child').getBoundingClientRect(), r = box.getBoundingClientRect();
        return last.bottom <= r.bottom + 1 && last.top >= r.top - 1; }""")
    assert not axe_violations(page)


def test_hot_seat_passes_the_device_without_a_cover_and_looks_back(open_page, dist_url):
    url = (dist_url + "#/new/coalition-chess?players=4&seats=human,bot,human,bot&levels=,easy,,easy"
           "&names=Ann,,Cy,&seed=5&fast=1")
    page = open_page(url, viewport=PHONE)
    wait_ready(page, "new")
    page.locator("[data-ui=start]").click()
    wait_ready(page, "play")
    seen = set()
    answered = []

    def on_turn(page):
        seat = page.locator("[data-hand]").get_attribute("data-hand")
        seen.add(seat)
        # the board turns to the seat to move (its pieces at the bottom)
        orient = page.locator("[data-cc-board]").get_attribute("data-orient")
        assert orient == {"0": "yellow", "2": "green"}[seat]
        if page.locator("[data-cc-answer]").count():
            answered.append(seat)

    rng = random.Random(5)
    # the first moves, then a look back through the move list (the game does not change)
    play_with_builder_until(page, rng, on_turn, lambda: page.locator("[data-cc-moves] li").count() >= 6)
    moves_before = page.locator("[data-cc-moves] li").count()
    click(page, '[data-cc-moves] [data-look="4"]')
    assert page.locator("[data-cc-look]").is_visible()
    # the board, above the list, comes into view with the way back
    page.wait_for_function("() => document.activeElement.closest('[data-cc-look]') !== null")
    assert page.locator("[data-cc-board].is-past").count() == 1
    assert page.locator("[data-cc-board] [data-step], [data-cc-board] [data-action]").count() == 0
    assert "move 4 of" in page.locator("[data-cc-look]").inner_text()
    page.screenshot(path=SHOTS.format("look-390"))
    click(page, '[data-cc-look] [aria-label="One move earlier"]')
    assert "move 3 of" in page.locator("[data-cc-look]").inner_text()
    click(page, '[data-cc-look] [data-look=""]')
    assert page.locator("[data-cc-look]").count() == 0 and page.locator("[data-cc-board].is-past").count() == 0
    assert page.locator("[data-cc-moves] li").count() == moves_before
    play_with_builder(page, rng, max_moves=300, on_turn=on_turn)
    assert seen == {"0", "2"}, seen
    check_end(page)
    page.screenshot(path=SHOTS.format("end-390"))


def play_with_builder_until(page, rng, on_turn, done, limit=60):
    for _ in range(limit):
        if done() or page.locator("html[data-game-over]").count():
            return
        wait_ready(page, "play")
        on_turn(page)
        actions = check_action_buttons(page)
        if "default" in actions:
            click(page, '[data-action="default"]')
        elif not move_by_builder(page, rng):
            click(page, f'[data-action="{rng.choice(actions)}"]')
    raise AssertionError("never got there")


def test_answer_the_check_now_and_a_promotion_through_the_builder(open_page, dist_url):
    page = open_page(dist_url + "#/walkthrough/coalition-chess/check-answer?step=1", viewport=PHONE)
    wait_ready(page)
    answer = page.locator("[data-cc-answer]")
    assert answer.is_visible() and "Answer the check now" in answer.inner_text()
    assert page.locator("[data-cc-board] .is-check").count() == 1
    steps = [s for s in board_steps(page) if s.startswith("answer ")]
    assert steps, "the answer is built as a move: a piece, then its square"
    assert "decline" in check_action_buttons(page)
    page.screenshot(path=SHOTS.format("answer-390"))
    goto_hash(page, "#/walkthrough/coalition-chess/promotion?step=0", "walkthrough")
    page.wait_for_selector('[data-cc-board] [data-step^="move "]')
    promos = []
    for piece in [s for s in board_steps(page) if s.startswith("move ")]:  # the piece that can promote
        page.locator(f'[data-cc-board] [data-step="{piece}"]').click()
        wait_ready(page)
        promos = [s for s in board_steps(page) if s.count("=") == 2]
        if promos:
            break
    assert promos, "a Guard on the rank before the far edge steps on to it and promotes"
    page.locator(f'[data-cc-board] [data-step="{promos[0]}"]').click()
    wait_ready(page)
    choices = page.locator("[data-choices] [data-action]")
    assert choices.count() == 7, "any piece but a King"
    assert "Tank" in page.locator("[data-choices]").inner_text()


def focused(page):
    """The focused element: [tag, data-sq or data-step or data-action, whether it is on the board]."""
    return page.evaluate("""() => { const e = document.activeElement;
        return [e.tagName, e.getAttribute('data-sq') || e.getAttribute('data-step') || e.getAttribute('data-action'),
                e.closest('[data-cc-board]') !== null]; }""")


def test_a_keyboard_player_stays_on_the_board_and_moves_with_the_arrow_keys(open_page, dist_url):
    page = open_page(dist_url + BOTS.format(seed=2), viewport={"width": 1280, "height": 800}, bypass_csp=True)
    wait_ready(page, "play")
    click(page, '[data-action="default"]')
    # a piece, Enter; the arrow keys go up the file to a lit square; Enter moves it
    page.locator('[data-cc-board] [data-step="move from=d2"]').focus()
    page.keyboard.press("Enter")
    wait_ready(page, "play")
    assert focused(page) == ["BUTTON", "move from=d2", True]
    assert page.locator('[data-step="move from=d2"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("ArrowUp")
    assert focused(page) == ["BUTTON", "move d2 d3", True]
    page.keyboard.press("ArrowUp")
    assert focused(page) == ["BUTTON", "move d2 d4", True]
    page.keyboard.press("Enter")
    wait_ready(page, "play")  # the three bots have moved: Yellow's turn again
    assert page.locator("[data-hand]").get_attribute("data-hand") == "0" and page.locator("[data-cc-moves] li").count() >= 5
    # the focus is still on the board, on the square the Guard went to, not on "Offer a draw"
    tag, what, on_board = focused(page)
    # (a piece with one move only is that move in one click: "move d4 d5")
    assert on_board and (what in ("d4", "move from=d4") or what.startswith("move d4 ")), (tag, what)
    page.keyboard.press("ArrowLeft")
    assert focused(page) == ["BUTTON", "c4", True]  # an empty square: no control, but on the way
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert focused(page) == ["BUTTON", "move from=c2", True]  # the Machine-gun, which can move
    page.keyboard.press("Enter")
    wait_ready(page, "play")
    assert page.locator('[data-step="move from=c2"]').get_attribute("aria-pressed") == "true"
    assert page.locator("[data-cc-board] .is-target").count() > 0
    page.keyboard.press("Escape")
    wait_ready(page, "play")
    assert page.locator("[data-cc-board] .is-target").count() == 0
    page.screenshot(path=SHOTS.format("keyboard-1280"))
    assert not axe_violations(page)


def hot_seat_link(dist_url):
    """A set position shared as a link (all four seats people): Green to move,
    its Guard on b5 one step from file a, Yellow's King on a1 under Black's
    Artillery on b10."""
    from app.share import encode
    from coalitions.games.coalition_chess.walkthroughs import _record

    record = _record("A promotion that gives check", {"pieces": {
        "yellow": {"a1": "king", "d2": "tank", "f2": "guard", "g1": "artillery"},
        "black": {"e10": "king", "d9": "guard", "h8": "machine-gun", "b10": "artillery"},
        "green": {"b5": "guard", "k6": "machine-gun"},
        "red": {"a7": "plane", "c6": "guard"}},
        "turn": "green", "round": 5, "coalitions": {"green": "black", "red": "yellow"}}, [], {})
    return dist_url + "#/shared/" + encode(record)


def test_in_play_a_promotion_gives_check_and_the_king_is_defended_out_of_turn(open_page, dist_url):
    page = open_page(hot_seat_link(dist_url), viewport=PHONE)
    wait_ready(page, "shared")
    page.locator('[data-ui="continue-shared"]').click()
    wait_ready(page, "play")
    assert page.locator("[data-hand]").get_attribute("data-hand") == "2"  # Green, a person at this device
    # the Guard, then file a, then what it becomes: the move builder's three steps
    click(page, '[data-cc-board] [data-step="move from=b5"]')
    click(page, '[data-cc-board] [data-step="move from=b5 to=a5"]')
    choices = page.eval_on_selector_all("[data-choices] [data-action]", "els => els.map(e => e.getAttribute('data-action'))")
    assert sorted(choices) == sorted(f"move b5 a5 {k}" for k in ("tank", "submarine", "plane", "artillery", "engineer",
                                                                 "motorcyclist", "machine-gun"))
    page.screenshot(path=SHOTS.format("promote-390"))
    click(page, '[data-choices] [data-action="move b5 a5 tank"]')
    # the new Tank checks Yellow's King along file a: Red is next, but Yellow may answer now, with no cover
    assert page.locator("[data-pass-cover]").count() == 0
    assert page.locator("[data-hand]").get_attribute("data-hand") == "0"
    answer = page.locator("[data-cc-answer]")
    assert answer.is_visible() and "Answer the check now" in answer.inner_text() and "a1" in answer.inner_text()
    assert page.locator("[data-cc-board] .is-check").get_attribute("data-sq") == "a1"
    assert page.locator('[data-sq="a5"]').get_attribute("aria-label") == "a5: Green Tank (T)"
    assert "decline" in check_action_buttons(page)
    page.screenshot(path=SHOTS.format("answer-in-play-390"))
    click(page, '[data-cc-board] [data-step="answer from=d2"]')
    click(page, '[data-cc-board] [data-action="answer d2 a5"]')  # Yellow's Tank takes the new Tank
    assert page.locator("[data-hand]").get_attribute("data-hand") == "3"  # back in order: Red
    assert page.locator("[data-cc-board] .is-check").count() == 0
    assert "sits out round 6" in page.locator('[data-cc-power="yellow"]').text_content()
    assert "Captured by Yellow (1)" in page.locator('[data-cc-power="yellow"]').inner_text()
    last = page.locator("[data-cc-moves] li").last.inner_text()
    assert "!" in last, last  # the answer is marked in the move list
    assert move_by_builder(page, random.Random(1))  # Red moves
    # round 6, the one Yellow's answer cost: Black opens it
    assert page.locator("[data-hand]").get_attribute("data-hand") == "1"
    assert "sits out round 6" in page.locator('[data-cc-power="yellow"]').text_content()


def test_the_table_passes_axe_on_a_phone_with_a_piece_picked(open_page, dist_url):
    page = open_page(dist_url + BOTS.format(seed=1), viewport=PHONE, bypass_csp=True)
    wait_ready(page, "play")
    click(page, '[data-action="default"]')
    piece = [s for s in board_steps(page) if s.startswith("move ")][0]
    click(page, f'[data-cc-board] [data-step="{piece}"]')
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "no sideways scrolling on a phone"
    box = page.locator("[data-cc-board]").bounding_box()
    assert box["width"] >= 330 and box["x"] + box["width"] <= 390
    assert page.locator("[data-cc-board] [data-action]").first.is_visible()
    page.screenshot(path=SHOTS.format("pick-390"))
    assert not axe_violations(page)
    # a 360-px phone: the board still fits, with no sideways scrolling
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator("[data-cc-board]").bounding_box()
    assert box["width"] >= 300 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.screenshot(path=SHOTS.format("pick-360"), full_page=True)
    assert not axe_violations(page)


def test_a_coalition_formed_at_390_leads_with_its_outcome_and_continue_is_in_view(open_page, dist_url):
    """The game's result panel (a coalition formed) on a phone, the bots
    waiting for Continue: its one-line outcome first and in view, the details
    below it, Continue in the window and working."""
    page = open_page(dist_url + BOTS.format(seed=4).replace("&fast=1", ""), viewport=PHONE,
                     init_script=with_settings(pause="continue"))
    rng = random.Random(4)
    for _ in range(150):
        page.wait_for_selector(f'html[data-ready][data-route="play"], {PANEL}', state="attached")
        if page.locator(PANEL).count():
            break
        assert page.locator("html[data-game-over]").count() == 0, "the game ended with no coalition formed"
        random_move(page, rng)
    panel = page.locator(PANEL)
    assert panel.get_attribute("data-moment-panel") == "coalition"
    outcome = panel.locator("[data-moment-outcome]").first
    in_view(page, outcome)
    assert outcome.inner_text().strip(), "an outcome line"
    order = panel.locator("[data-moment-outcome], details").evaluate_all("els => els.map(e => e.tagName)")
    assert order[0] == "P" and "DETAILS" in order, order  # the outcome first, the details below
    assert "until you press Continue" in panel.inner_text()
    in_view(page, page.locator(CONTINUE))
    page.screenshot(path=SHOTS.format("coalition-390"))
    if not page.locator("html[data-ready]").count():  # the bots wait for Continue
        moves = page.locator("[data-cc-moves] li").count()
        page.wait_for_timeout(1500)
        assert page.locator(PANEL).count() == 1 and page.locator("[data-cc-moves] li").count() == moves
    click_until_gone(page, page.locator(CONTINUE))  # (the bots go on: the next coalition may come at once)
    assert page.locator('[data-ui="moment-last"][data-moment="coalition"]').count() == 1  # one click away


# -- the same table under CPython (no browser needed, kept beside the browser tests) ------------------

def _match(kinds, seed=1):
    from coalitions.core.match import Match
    from coalitions.core.records import make_players

    return Match.new("coalition-chess", make_players(kinds, levels=[None if k == "human" else "easy" for k in kinds]),
                     seed=seed)


def _table(match, seat, **ctx_fields):
    from app import render
    from app.games import renderer_for

    view = match.view(seat)
    ctx = render.TableContext(interactive=True, seat=seat, mode="play", game_id="coalition-chess")
    for name, value in ctx_fields.items():
        setattr(ctx, name, value)
    return view, renderer_for("coalition-chess").parts(view, ctx)


def test_hot_seat_chess_needs_no_cover_and_shows_the_seat_to_move():
    from app.session import PlaySession

    m = _match(["human", "bot", "human", "bot"])
    s = PlaySession(m, "id")
    assert s.cover_for() is None and s.shown_seat() == 0
    m.apply(0, "default")  # then Yellow makes the first move
    m.apply(0, m.state.legal_actions(0)[0])
    m.advance()  # Black, a bot, moves; then Green, the other human
    assert m.to_act() == [2]
    assert s.cover_for() is None and s.shown_seat() == 2


def test_the_board_faces_the_setting():
    m = _match(["human", "human", "bot", "bot"])
    m.apply(0, "default")
    for setting, seat, orient in (("turn", 1, "black"), ("mine", 1, "yellow"), ("fixed", 1, "yellow"),
                                  (None, 1, "black"), ("turn", None, "yellow")):
        _, parts = _table(m, seat, orientation=setting)
        assert f'data-orient="{orient}"' in parts.board, (setting, seat)


def test_looking_back_shows_the_replayed_position_and_no_control():
    from coalitions.core.records import replay

    m = _match(["human", "bot", "bot", "bot"], seed=4)
    m.apply(0, "default")
    m.apply(0, m.state.legal_actions(0)[0])
    m.advance()
    view, live = _table(m, 0, look=None)
    assert 'data-ui="look"' in live.side
    rec = dict(m.record, moves=m.record["moves"][:2])
    _, then = replay(rec)
    view, past = _table(m, 0, look=2)
    assert "data-cc-look" in past.board and "data-action" not in past.board and "data-step" not in past.board
    for square, (seat, kind) in then.view(None)["board"].items():
        assert f'data-sq="{square}"' in past.board
    assert past.covered == set(view["legal"])  # no action button while looking back
    _, beyond = _table(m, 0, look=999)
    assert "data-cc-look" not in beyond.board


def test_each_orientation_puts_that_power_at_the_bottom(chromium_browser):
    # The stylesheet alone places the squares (one mapping per orientation):
    # every square and coordinate gets its own cell, and the power at the
    # bottom has its home edge there (Yellow rank 1, Black rank 10, Red file
    # K, Green file A; a1 is then bottom left, top right, bottom right, top left).
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    css = (root / "static/css/base.css").read_text() + (root / "static/css/games/coalition-chess.css").read_text()
    m = _match(["human"] * 4)
    boards = {}
    for seat in range(4):
        _, parts = _table(m, seat, orientation="turn")
        orient = parts.board.split('data-orient="', 1)[1].split('"', 1)[0]
        boards[orient] = parts.board
    assert sorted(boards) == ["black", "green", "red", "yellow"]
    corner_of_a1 = {"yellow": ("left", "bottom"), "black": ("right", "top"),
                    "red": ("right", "bottom"), "green": ("left", "top")}
    page = chromium_browser.new_page(viewport={"width": 800, "height": 900})
    try:
        for orient, board in boards.items():
            page.set_content(f"<style>{css}</style><main style='width:700px'>{board}</main>")
            cells = page.eval_on_selector_all(
                ".cc-board > .cc-sq, .cc-board > .cc-lab",
                """els => els.map(e => { const r = e.getBoundingClientRect();
                    return [e.className, Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; })""")
            assert len(cells) == 120, orient
            assert len({(x, y) for _, x, y in cells}) == 120, f"{orient}: two items share a cell"
            squares = [(c, x, y) for c, x, y in cells if "cc-sq" in c]
            xs = sorted({x for _, x, _ in squares})
            ys = sorted({y for _, _, y in squares})
            assert len(xs) == 10 and len(ys) == 10, orient
            a1 = next((x, y) for c, x, y in squares if " f0 " in f" {c} " and " r0 " in f" {c} ")
            side, edge = corner_of_a1[orient]
            assert a1[0] == (xs[0] if side == "left" else xs[-1]), orient
            assert a1[1] == (ys[-1] if edge == "bottom" else ys[0]), orient
            labels = [(c, x, y) for c, x, y in cells if "cc-lab" in c]
            assert all(x < xs[0] or y > ys[-1] for _, x, y in labels), f"{orient}: coordinates left and below"
    finally:
        page.close()
