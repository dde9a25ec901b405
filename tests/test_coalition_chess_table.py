"""Coalition Chess's table under CPython: the men each power has captured
(in their victims' colours), the result panel for a coalition formed in
play, the board's squares (every one a button, so the keyboard focus stays on
the board), and the search bot's answer to the Plane mate of round 1."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from app import render
from app.games import renderer_for
from app.results import moments
from coalitions.core.bots import decide
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.games.coalition_chess.walkthroughs import _record
from coalitions.registry import get_game

sys.path.insert(0, str(Path(__file__).resolve().parent))

GAME = get_game("coalition-chess")
Y, B, G, R = 0, 1, 2, 3


def table(match, seat, interactive=True):
    view = match.view(seat)
    ctx = render.TableContext(interactive=interactive, seat=seat, mode="play", game_id="coalition-chess")
    return renderer_for("coalition-chess").parts(view, ctx)


def set_position(pieces, turn, rnd=2, coalitions=None):
    deal = {"pieces": pieces, "turn": turn, "round": rnd}
    if coalitions is not None:
        deal["coalitions"] = coalitions
    return Match(_record("t", deal, [], {}))


def powers_rows(side):
    return dict(re.findall(r'data-cc-took="(\w+)">(.*?)</span></li>', side))


def test_captured_men_are_shown_under_the_capturer_in_the_victims_colour():
    m = set_position({"yellow": {"e1": "king", "c6": "guard"}, "black": {"e10": "king", "h9": "guard"},
                      "green": {"h8": "submarine", "k2": "guard"}, "red": {"b5": "guard", "a3": "plane"}}, "green")
    m.apply(G, "move h8 h9")  # Green takes Black's Guard (and so joins Yellow)
    m.apply(R, "move b5 c6")  # Red takes Yellow's Guard (and so joins Black)
    rows = powers_rows(table(m, Y).side)
    assert set(rows) == {"yellow", "black", "green", "red"}
    assert "Captured by Green (1):" in rows["green"] and 'aria-label="Black Guard (G)"' in rows["green"]
    assert "cc-c-black" in rows["green"] and "cc-c-green" not in rows["green"]  # the victim's colour
    assert "Captured by Red (1):" in rows["red"] and 'aria-label="Yellow Guard (G)"' in rows["red"]
    assert "Captured by Yellow: nothing yet." in rows["yellow"] and "Yellow has lost 1 man." in rows["yellow"]
    assert "Black has lost 1 man." in rows["black"] and "Green has lost" not in rows["green"]


def test_a_coalition_formed_in_play_is_a_result_with_the_move_that_formed_it():
    m = set_position({"yellow": {"e1": "king", "c6": "guard"}, "black": {"e10": "king", "h9": "guard"},
                      "green": {"h8": "submarine", "k2": "guard"}, "red": {"b5": "guard", "a3": "plane"}}, "green")
    assert moments(m) == []
    m.apply(G, "move h8 h9")
    found = moments(m)
    assert [x.kind.name for x in found] == ["coalition"] and found[0].title == "A coalition is formed"
    lines = found[0].lines
    assert "takes Black's Guard" in lines[0] and "joins Yellow" in lines[found[0].main]
    m.apply(R, "declare black")  # a declaration is the move that forms it
    last = moments(m)[-1]
    assert "declares for Black" in last.lines[0] and "Yellow and Green against Black and Red" in last.lines[-1]
    # coalitions fixed at set-up: nothing forms in play, no panel
    fixed = Match.new("coalition-chess", make_players(["bot"] * 4, levels=["random"] * 4),
                      {"coalitions": "yellow-green"}, seed=3)
    for _ in range(40):
        if fixed.is_over():
            break
        seat = fixed.to_act()[0]
        fixed.apply(seat, fixed.state.legal_actions(seat)[0])
    assert moments(fixed) == []


def test_every_square_is_a_button_that_keeps_its_node_so_the_focus_stays_on_the_board():
    m = Match.new("coalition-chess", make_players(["human", "bot", "bot", "bot"], levels=[None] + ["easy"] * 3),
                  seed=1)
    m.apply(Y, "default")
    mine = table(m, Y).board
    waiting = table(m, B, interactive=False).board
    for board in (mine, waiting):
        assert board.count('class="cc-sq ') == 100 and board.count("<button") == 100 and "<div class=\"cc-sq" not in board
        assert "data-grid" in board  # the arrow keys move by rows and columns (app/browser.py)
    # on the player's turn the pieces that can move are the controls, the rest are out of the tab order
    controls = len(re.findall(r'<button type="button" class="cc-sq[^"]*"[^>]*data-(?:step|action)=', mine))
    assert controls == len({a.split(" ")[1] for a in m.state.legal_actions(Y) if a.startswith("move ")})
    assert mine.count('tabindex="-1" aria-disabled="true"') == 100 - controls
    assert waiting.count('tabindex="-1" aria-disabled="true"') == 100
    assert 'aria-label="e1: Yellow King (K)"' in waiting and 'aria-label="e5"' in waiting


def _falls(state, black_move):
    """The Red Plane move that mates Black right after `black_move` (Green
    making a quiet move between), or None."""
    s1 = state.clone()
    s1.apply(B, black_move)
    while s1.to_act() == [B]:  # a rearrangement: Black places its pieces (the bot's way)
        s1.apply(B, decide(GAME, "search", s1, B, 1, 0))
    legal = s1.legal_actions(G)
    s1.apply(G, "move j5 h5" if "move j5 h5" in legal else legal[0])
    for red in s1.legal_actions(R):
        s2 = s1.clone()
        s2.apply(R, red)
        out = s2.outcome()
        if out is not None and "Black's King cannot escape" in out.summary:
            return red
    return None


def test_the_search_bot_as_black_never_walks_into_a_plane_mate_of_round_one():
    """On the old squares Black's King on e10 had no flight square and a Red
    Plane landing on e6 (a4 over c5) mated it after most first moves, b10-a10
    among them. On the present squares neither that move nor the bot's
    choice falls."""
    for opening in ("move c2 c3", "move g2 g4", "move c1 b3", "move e2 e4"):
        st = GAME.new(4, {}, seed=0)
        st.apply(Y, "default")
        st.apply(Y, opening)
        assert _falls(st, "move b10 a10") is None, opening  # the old trap line
        choice = decide(GAME, "search", st, B, 1, 0)
        assert choice in st.legal_actions(B)
        assert _falls(st, choice) is None, (opening, choice)


def test_a_promotion_pending_says_so_in_the_prompt():
    from app.builder import Builder, Pick

    m = set_position({"yellow": {"e1": "king", "c9": "guard"}, "black": {"k10": "king"},
                      "green": {"k1": "guard"}, "red": {"a1": "guard"}}, "yellow", rnd=5,
                     coalitions={"green": "yellow", "red": "black"})
    view = m.view(Y)
    for picked, text in ((Pick("move", (("from", "c9"),)), "Now pick the square for the piece on c9"),
                         (Pick("move", (("from", "c9"), ("to", "c10"))), "reaches the far edge on c10")):
        ctx = render.TableContext(interactive=True, seat=Y, mode="play", game_id="coalition-chess")
        ctx.builder = Builder(view["legal"], GAME.parse_action, view.get("labels"), picked)
        parts = renderer_for("coalition-chess").parts(view, ctx)
        assert text in parts.hand
    assert 'data-action="move c9 c10 tank"' in parts.hand  # the choices, below the prompt


def test_letters_read_in_english_and_the_move_list_the_log_and_the_key_agree():
    """G is the Guard, MG the Machine-gun, M the Motorcyclist: the board's
    key, the move list and the log use the same letters."""
    m = Match.new("coalition-chess", make_players(["human"] * 4), seed=1)
    m.apply(Y, "default")
    m.apply(Y, "move e2 e4")  # a Guard
    m.apply(B, "move c9 c7")  # a Machine-gun
    moves = [mv["text"] for mv in m.view(Y)["moves"]]
    assert moves[-2:] == ["Ge2-e4", "MGc9-c7"]
    logged = [e["text"] for e in m.state.log if e.get("kind") == "move"]
    assert "Guard (G) e2-e4" in logged[-2] and "Machine-gun (MG) c9-c7" in logged[-1]
    parts = table(m, G)
    board = parts.board
    key = parts.side.split("data-cc-key", 1)[1]
    for letter, name in (("G", "Guard"), ("MG", "Machine-gun"), ("M", "Motorcyclist"), ("K", "King")):
        assert f"<b>{letter}</b> {name}:" in key
    assert 'aria-label="e4: Yellow Guard (G)"' in board


def test_a_walkthrough_keeps_one_orientation_whoever_moves():
    from coalitions.games.coalition_chess.walkthroughs import WALKTHROUGHS

    for name in WALKTHROUGHS:
        assert _walkthrough_orients(name) == {"yellow"}, name


def _walkthrough_orients(name):
    from coalitions.games.coalition_chess.walkthroughs import WALKTHROUGHS
    from coalitions.core.records import replay

    record = WALKTHROUGHS[name]
    orients = set()
    for step in range(len(record["moves"]) + 1):
        _, state = replay(dict(record, moves=record["moves"][:step], captions={}, learn=[]))
        seat = state.to_act()[0] if state.to_act() else 0
        view = state.view(seat)
        ctx = render.TableContext(interactive=False, seat=seat, mode="walkthrough", game_id="coalition-chess")
        board = renderer_for("coalition-chess").parts(view, ctx).board
        orients.add(board.split('data-orient="', 1)[1].split('"', 1)[0])
    return orients


def test_pages_say_four_players_with_dummies_and_no_hidden_deal_warnings():
    """Coalition Chess declares that it has no hidden information: no "deal
    the same cards" help, no "keep it from the other players" warning on
    Share; and its pages give its own count of players."""
    from app import routes
    from app import setup as setups

    meta = GAME.metadata()
    assert meta["players_text"] == "4 players (2 or 3 with dummies)" and meta["hidden_information"] is False
    assert "4 players (2 or 3 with dummies)" in render.game_card(meta)
    assert "4 players (2 or 3 with dummies)" in render.rules_page(meta, GAME.guide(), [])
    assert "4–4" not in render.game_card(meta) + render.rules_page(meta, GAME.guide(), [])
    setup = setups.from_route(GAME, routes.parse("#/new/coalition-chess?seats=human,bot,bot,bot"))
    form = render.new_game_form(meta, setup, "x")
    assert "deal the same cards" not in form and "give the bots the same choices" in form
    # the play, shared and authoring screens pass in_progress only for games with hidden information
    assert Match.new("coalition-chess", make_players(["human"] * 4), seed=1).game.hidden_information is False
    # a game with hidden hands still warns
    other = get_game("koalition").metadata()
    assert other["hidden_information"] is True
    assert "deal the same cards" in render.new_game_form(
        other, setups.from_route(get_game("koalition"), routes.parse("#/new/koalition")), "x")


def test_the_new_game_form_names_each_seats_power_and_offers_dummies_not_a_count():
    from app import routes
    from app import setup as setups

    meta = GAME.metadata()
    setup = setups.from_route(GAME, routes.parse("#/new/coalition-chess?seats=human,bot,bot,bot"))
    form = render.new_game_form(meta, setup, "x")
    for i, power in enumerate(("Yellow", "Black", "Green", "Red")):
        assert f'<span class="seat-no">Seat {i + 1} · {power}</span>' in form
    assert 'select name="players"' not in form and '<input type="hidden" name="players" value="4"' in form
    assert "make some seats dummies under Options" in form and 'name="dummies"' in form
    # a game with a choice of players keeps its count and plain seat names
    other = get_game("koalition")
    plain = render.new_game_form(other.metadata(), setups.from_route(other, routes.parse("#/new/koalition")), "x")
    assert 'select name="players"' in plain and "Seat 1 · " not in plain
