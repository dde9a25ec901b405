"""The app's plain-Python parts under CPython: the move builder (app/builder.py)
and the game flow of the table and of walkthroughs (app/flow.py), with no
browser. Also the app's shape: small modules, and the browser touched only by
the modules whose job it is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.builder import Builder, Pick, pick_of
from app.flow import PlayFlow, WalkthroughFlow, next_auto
from app.session import PlaySession
from coalitions.core.actions import by_kind, words
from coalitions.core.errors import CoalitionsError
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import all_games, get_game

APP = Path(__file__).resolve().parent.parent / "py" / "app"


def parse(text):
    return by_kind({
        "play": lambda t: words("play", ("card", "choice"), t),
        "bid": lambda t: words("bid", ("n", "suit"), t, ints=("n",)),
    }, text)


LEGAL = ["play a", "play b x", "play b y", "play c", "play c z", "bid 10 m", "bid 10 p", "bid 12 m", "pass"]


# -- the move builder -------------------------------------------------------------------


def test_a_control_completes_an_action_only_when_it_leads_to_exactly_one():
    b = Builder(LEGAL, parse)
    assert b.control("play", "a").action == "play a"
    step = b.control("play", "b")
    assert step.action is None and step.step == Pick("play", (("card", "b"),))
    assert step.attrs == {"data-step": "play card=b"}
    assert b.control("pass").attrs == {"data-action": "pass"}
    assert b.control("play", "nope") is None and b.control("draw") is None


def test_picking_narrows_and_lists_what_can_follow():
    b = Builder(LEGAL, parse, picked=pick_of("play card=b"))
    assert b.next_part() == "choice"
    assert [(c.value, c.control.action) for c in b.choices()] == [("x", "play b x"), ("y", "play b y")]
    assert b.is_picked("play", "b") and not b.is_picked("play", "a")
    assert "2 ways" in b.describe()


def test_an_action_complete_without_the_next_part_is_offered_first():
    b = Builder(LEGAL, parse, picked=pick_of("play card=c"))
    assert [(c.value, c.control.action) for c in b.choices()] == [(None, "play c"), ("z", "play c z")]


def test_amounts_are_bounded_by_the_legal_values_and_numbers_survive_a_step_key():
    b = Builder(LEGAL, parse)
    assert b.amounts("bid") == [10, 12]
    step = b.control("bid", 10)
    assert step.step.key() == "bid n=10"
    again = Builder(LEGAL, parse, picked=pick_of(step.step.key()))
    assert [c.control.action for c in again.choices()] == ["bid 10 m", "bid 10 p"]
    assert b.control("bid", 12).action == "bid 12 m"


def test_a_pick_never_decides_legality():
    # a pick that leads to no legal action (the position changed, or a forged
    # step) is dropped: nothing is selected, and nothing illegal is offered
    b = Builder(LEGAL, parse, picked=pick_of("play card=zzz"))
    assert b.picked is None and b.choices() == []
    assert Builder([], parse, picked=pick_of("play card=b")).picked is None
    assert pick_of("play card") is None and pick_of("") is None and pick_of(None) is None


def test_stepping_back_drops_the_last_part():
    p = Pick("play", (("card", "b"), ("choice", "x")))
    assert p.back() == Pick("play", (("card", "b"),))
    assert p.back().back() == Pick("play") and Pick("play").back() is None


def test_covered_lists_every_action_a_control_leads_to():
    b = Builder(LEGAL, parse)
    b.control("play", "b")
    b.control("pass")
    assert b.covered == {"play b x", "play b y", "pass"}


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_legal_action_of_a_random_game_is_reachable_by_steps(game):
    """From each first part, picking step by step reaches every legal action
    of a random game's positions, and reaches nothing else."""
    g = get_game(game)
    m = Match.new(game, make_players(["bot"] * g.min_players, levels=["random"] * g.min_players), seed=11)
    for _ in range(60):
        if m.is_over():
            break
        seat = m.to_act()[0]
        legal = m.state.legal_actions(seat)
        b = Builder(legal, g.parse_action)
        reached = set()
        todo = []
        for a in b.actions:
            c = b.control(a.kind, *(v for _, v in a.parts[:1]))
            assert c is not None
            todo.append(c)
        while todo:
            c = todo.pop()
            if c.action is not None:
                reached.add(c.action)
                continue
            for choice in Builder(legal, g.parse_action, picked=c.step).choices():
                todo.append(choice.control)
        assert reached == set(legal)
        m.step()


# -- the table's flow ----------------------------------------------------------------------------


def ed_match(kinds):
    return Match.new("election-day", make_players(kinds), seed=3)


def test_bots_are_asked_from_their_own_view_and_a_stale_answer_is_dropped():
    m = ed_match(["bot", "human", "bot"])
    flow = PlayFlow(PlaySession(m, "s1"))
    auto = next_auto(m)
    assert auto is not None and auto.job is not None
    seat = auto.seat
    assert auto.job.view == m.state.view(seat)  # the seat's view, not the state
    assert not flow.interactive(busy=False)
    action = m.pending()[1]
    assert flow.apply_auto(auto, action)
    assert m.record["moves"][-1] == [seat, action]
    assert not flow.apply_auto(auto, action)  # the table moved on: dropped


def test_a_bot_move_is_told_in_one_line_from_the_public_log_and_the_status_says_what_holds_the_bots():
    from app.pace import move_summary
    from app.render import TableContext, turn_status
    from app.results import public_log

    m = ed_match(["human", "bot", "bot"])
    flow = PlayFlow(PlaySession(m, "s9"))
    while next_auto(m) is None or next_auto(m).job is None:  # the human passes or plays until a bot is to move
        flow.play(m.state.legal_actions(flow.seat())[0])
    auto = next_auto(m)
    before = len(public_log(m))
    assert flow.apply_auto(auto, m.pending()[1])
    line = move_summary(m, auto.seat, before)
    assert line and m.names[auto.seat] in line
    private = [ev for ev in m.state.log_for(auto.seat)[before:] if ev.get("to") is not None]
    assert all(m.text(ev["text"]) not in line for ev in private)  # only public lines are told
    view = m.view(0)
    busy = TableContext(interactive=False, seat=0, busy=True, game_id="election-day")
    held = TableContext(interactive=False, seat=0, busy=True, game_id="election-day",
                        waiting="The bots wait while the result shows.")
    if all(m.players[s]["kind"] == "bot" for s in view["to_act"]):
        assert "thinking" in turn_status(view, busy)
    assert turn_status(view, held) == "The bots wait while the result shows."


def test_hot_seat_cover_then_pass_the_device():
    m = ed_match(["human", "human", "human"])
    flow = PlayFlow(PlaySession(m, "s2"))
    first = m.to_act()[0]
    assert flow.cover() == first  # the table starts hidden: whose device is it?
    flow.pass_device()
    assert flow.cover() is None and flow.seat() == first
    flow.play(m.state.legal_actions(first)[0])
    nxt = m.to_act()[0]
    assert flow.cover() == nxt
    flow.pass_device()
    assert flow.cover() is None and flow.seat() == nxt


def test_skip_says_the_bots_moves_in_hot_seat_and_my_turn_with_one_person():
    # in hot seat the next person to decide may not be the one who pressed it
    assert PlayFlow(PlaySession(ed_match(["human", "bot", "human"]), "s5")).skip_words()[0] == "Skip the bots' moves"
    assert PlayFlow(PlaySession(ed_match(["human", "bot", "bot"]), "s6")).skip_words()[0] == "Skip to my turn"


def test_undo_follows_the_match_policy():
    m = Match.new("election-day", make_players(["human", "bot", "bot"]), seed=5)
    m.advance()
    flow = PlayFlow(PlaySession(m, "s3"))
    seat = flow.seat()
    before = len(m.record["moves"])
    flow.play([a for a in m.state.legal_actions(seat) if a == "pass"][0] if "pass" in m.state.legal_actions(seat)
              else m.state.legal_actions(seat)[0])
    assert m.can_undo(seat)
    flow.undo(seat)
    assert len(m.record["moves"]) == before
    with pytest.raises(CoalitionsError):
        flow.undo(None)


def test_an_illegal_move_changes_nothing():
    m = ed_match(["human", "bot", "bot"])
    m.advance()
    flow = PlayFlow(PlaySession(m, "s4"))
    before = list(m.record["moves"])
    with pytest.raises(CoalitionsError):
        flow.play("play nothing-like-this")
    assert m.record["moves"] == before


# -- walkthroughs --------------------------------------------------------------------------------


def a_walkthrough():
    for game in all_games():
        for name, rec in game.walkthroughs().items():
            if rec.get("learn"):
                return game, name, rec
    raise AssertionError("no walkthrough with learner steps")


def test_walkthrough_steps_learner_checks_and_show_me():
    game, name, rec = a_walkthrough()
    learn = set(rec["learn"])
    first = min(learn)
    wt = WalkthroughFlow(game, name, rec, step=first - 1, learn=learn)
    n, seat, right = wt.learning()
    assert n == first and wt.seat() == seat
    assert not wt.go("next")  # Next waits for the learner's move
    wrong = [a for a in wt.match().state.legal_actions(seat) if a != right]
    if wrong:
        assert not wt.act(wrong[0]) and "Not this time" in wt.hint and wt.step == first - 1
    assert wt.act(right) and wt.step == first and wt.hint is None
    assert wt.go("restart") and wt.step == 0 and not wt.done
    wt.step = first - 1
    assert wt.show_me() and wt.step == first
    assert wt.go("prev") and wt.step == first - 1
    assert wt.learning() is None  # done until Restart


def test_walkthrough_match_follows_the_steps_and_captions():
    game, name, rec = a_walkthrough()
    wt = WalkthroughFlow(game, name, rec, step=999)
    assert wt.step == wt.total  # clamped
    wt.go("restart")
    assert wt.caption(wt.match().view(None)) == (rec.get("captions") or {}).get("0", "The deal, before the first move.")
    for k in range(1, min(wt.total, 5) + 1):
        wt.step = k
        assert len(wt.match().record["moves"]) == k
        assert wt.match().record["moves"] == rec["moves"][:k]


# -- the app's shape -----------------------------------------------------------------------------


def test_no_module_of_the_app_is_long():
    long = {str(p.relative_to(APP)): n for p in APP.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 420}
    assert not long, long


BROWSER_MODULES = {"js", "pyodide", "pyscript"}
# stdlib.py and wheel.py: the finders that fetch the rest of the standard library and a game's
# own modules from the page's origin
MAY_TOUCH_THE_BROWSER = {"browser.py", "dom.py", "localstore.py", "clipboard.py", "downloads.py", "botworker.py",
                         "bots.py", "stdlib.py", "wheel.py"}


def test_only_the_browser_layer_imports_the_browser():
    for path in APP.rglob("*.py"):
        rel = str(path.relative_to(APP))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        if rel.startswith("screens/") or rel in MAY_TOUCH_THE_BROWSER:
            continue
        assert not names & BROWSER_MODULES, rel
