"""Die Macher's table under CPython (py/app/games/die_macher/): the result
panel after each state election, the bounded amount controls (bids and
rallies) built from the legal actions only, a whole hot-seat game played
through the table's own controls, and the end screen's breakdown."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from types import SimpleNamespace

PY = Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))

from app.results import Results, last_of_each, moments, public_log  # noqa: E402
from coalitions.core.match import Match  # noqa: E402
from coalitions.core.records import make_players  # noqa: E402
from coalitions.games.die_macher.data import NATIONAL_MARKER_POINTS, RALLY_PRICE, eur  # noqa: E402
from coalitions.registry import get_game  # noqa: E402
from test_app_render import Elements, check_buttons, table_html  # noqa: E402
from test_die_macher import act, election_state  # noqa: E402


def bots_game(players=4, seed=3):
    return Match.new("die-macher", make_players(["bot"] * players, levels=["random"] * players), seed=seed)


def attrs_of(html, name):
    return [a for _, a in Elements(html).with_attr(name)]


def amounts_box(html):
    """The bounded amount control: (the action of its confirm button, its
    steps, its disabled step buttons)."""
    box = re.search(r'<div class="dm-amounts[^"]*" data-choices data-amounts="(\d+)-(\d+)".*?</div>', html, re.S)
    assert box, "no amount control"
    inner = box.group(0)
    confirm = [a["data-action"] for a in attrs_of(inner, "data-action")]
    steps = [a["data-step"] for a in attrs_of(inner, "data-step")]
    disabled = [a for _, a in Elements(inner).elements if "disabled" in a]
    return (int(box.group(1)), int(box.group(2))), confirm, steps, disabled


VOTE_LINE = re.compile(r"\(\d+ rall(y|ies) [+−] \d+ trend[^)]*\) × \d+ topics? = \d+ votes? in ")


def ev_kind(log, moment, i):
    """The log kind of the moment's line i (its lines end at the closing event)."""
    return log[moment.at - (len(moment.lines) - 1 - i)]["kind"]


# -- the result panel after each election -------------------------------------------------------


def test_each_state_election_but_the_last_is_a_moment_with_its_outcome_vp_and_income():
    m = bots_game(4, seed=3)
    m.advance()
    log = public_log(m)
    found = [x for x in moments(m) if x.kind.name == "election"]
    # the fourth election ends the game: the end screen shows it
    assert len(found) == sum(1 for ev in log if ev["kind"] == "income") == 3
    for x in found:
        # the outcome in the log's words, the national media spot, the income; each
        # party's vote arithmetic stays on the table (the election panel), not here
        assert re.match(r"Election in [^.]+\. ", x.lines[0]) and " VP" in x.lines[0]
        assert all(ev_kind(log, x, i) in ("election", "national") for i in range(len(x.lines) - 1))
        assert not any(VOTE_LINE.search(line) for line in x.lines)
        assert x.lines[-1].startswith("Income") and x.main == len(x.lines) - 1
        assert not any("{p" in line for line in x.lines)
    assert "election" in last_of_each(m)


def test_a_coalition_choice_stays_in_one_panel_with_the_votes_before_it():
    s = election_state([8, 8, 8], [2, 3, 2], media=(1, 2, 0))
    match = SimpleNamespace(state=s, game=get_game("die-macher"), text=lambda t: t, is_over=lambda: s.over)
    assert s.step == "coalition"
    assert moments(match) == []  # the leader still chooses: no panel yet
    results = Results(match)
    act(s, "coalition red")
    [shown] = results.pending(match)
    text = "\n".join(shown.lines)
    assert "it chooses" in text and "forms a coalition with" in text and "7 VP each" in text
    assert not any(VOTE_LINE.search(line) for line in shown.lines)
    assert shown.lines[-1].startswith("Income") and len(shown.lines) == 5  # with 2 markers to the national spot


# -- amounts --------------------------------------------------------------------------------------


def test_the_secret_bid_is_a_stepper_bounded_by_the_legal_bids():
    m = Match.new("die-macher", make_players(["human", "bot", "bot"]), seed=4)
    view, html = table_html(m, 0)
    check_buttons(view, html)
    legal = sorted(int(a.split()[1]) for a in view["legal"])
    (lo, hi), confirm, steps, disabled = amounts_box(html)
    assert (lo, hi) == (legal[0], legal[-1]) == (0, view["money"][0])
    assert confirm == ["bid 0"] and len(disabled) == 3  # nothing below the least bid
    assert steps == ["bid amount=1", "bid amount=5", "bid amount=10"]
    assert html.count("data-action=") == 1  # one confirm button, not one button per amount
    # at the most the player holds: the + steps are off, the − steps go down
    view, html = table_html(m, 0, picked=f"bid amount={hi}")
    _, confirm, steps, disabled = amounts_box(html)
    assert confirm == [f"bid {hi}"] and len(disabled) == 3
    assert steps == [f"bid amount={hi - 10}", f"bid amount={hi - 5}", f"bid amount={hi - 1}"]
    assert eur(hi) in html
    # every legal amount is reached by the steps, and nothing else
    seen, todo = set(), ["bid amount=0"]
    while todo:
        step = todo.pop()
        if step in seen:
            continue
        seen.add(step)
        _, html = table_html(m, 0, picked=step)
        _, confirm, steps, _ = amounts_box(html)
        assert confirm == [f"bid {step.split('=')[1]}"]
        todo += steps
    assert sorted(int(s.split("=")[1]) for s in seen) == legal


def test_rallies_are_counted_with_a_stepper_that_shows_the_price_and_the_money_left():
    m = Match.new("die-macher", make_players(["human", "bot", "bot"]), seed=4)
    while m.to_act() != [0] or m.state.step != "rally":
        seat = m.to_act()[0]
        if seat == 0:
            legal = m.state.legal_actions(0)
            m.apply(0, "pass" if "pass" in legal else "done" if "done" in legal else legal[0])
        else:
            m.step()
    view, html = table_html(m, 0)
    states = [a["data-step"] for a in attrs_of(html, "data-step") if a["data-step"].startswith("rally ")]
    assert states, "no state to pick"
    sid = states[0].split("=")[1]
    view, html = table_html(m, 0, picked=states[0])
    (lo, hi), confirm, steps, _ = amounts_box(html)
    counts = sorted(int(a.split()[2]) for a in view["legal"] if a.startswith(f"rally {sid} "))
    assert (lo, hi) == (counts[0], counts[-1]) == (1, counts[-1])
    assert confirm == [f"rally {sid} 1"]
    money = view["money"][0]
    assert f"{eur(RALLY_PRICE[1])}</b> <small>({eur(money - RALLY_PRICE[1])} left)" in html
    if hi > 1:
        view, html = table_html(m, 0, picked=f"rally state={sid} count={hi}")
        _, confirm, _, _ = amounts_box(html)
        assert confirm == [f"rally {sid} {hi}"]
        assert f"({eur(money - RALLY_PRICE[hi])} left)" in html
        assert hi == max(k for k, p in RALLY_PRICE.items() if p <= money)


# -- a whole game through the table's controls -------------------------------------------------------


def test_a_whole_hot_seat_game_is_played_through_the_table_controls():
    """Three humans: every move is a button of the table (a data-action, or
    reached through data-steps), chosen at random, until the end screen."""
    m = Match.new("die-macher", make_players(["human"] * 3), seed=7)
    rng = random.Random(7)
    moves = 0
    while not m.is_over():
        seat = m.to_act()[0]
        view, html = table_html(m, seat)
        check_buttons(view, html)
        picked = None
        for _ in range(12):  # follow steps (a state, then a number of rallies...) as a player would
            actions = [a["data-action"] for a in attrs_of(html, "data-action")]
            steps = [a["data-step"] for a in attrs_of(html, "data-step")]
            assert actions or steps, (view["step"], picked)
            if steps and (not actions or rng.random() < 0.4):
                picked = rng.choice(steps)
                view, html = table_html(m, seat, picked=picked)
                continue
            break
        quick = [a for a in actions if not a.startswith(("bid ", "media ", "rally "))] or actions
        m.apply(seat, rng.choice(quick if rng.random() < 0.7 else actions))
        moves += 1
        assert moves < 3000
    for seat in (0, 1, 2, None):
        _, html = table_html(m, seat)
        assert "data-result" in html and not attrs_of(html, "data-action")


# -- the end screen --------------------------------------------------------------------------------


def test_the_end_screen_breaks_every_score_down():
    m = bots_game(4, seed=5)
    m.advance()
    _, html = table_html(m, 0)
    details = m.state.outcome().details
    for d in details["scores"]:
        assert d["total"] == d["vp"] + NATIONAL_MARKER_POINTS * d["national"]
        assert f'{d["national"]} × {NATIONAL_MARKER_POINTS} = {d["national_points"]}' in html
    # one row per election, each with its VP per party and each party's vote arithmetic
    assert len(details["elections"]) == 4
    assert html.count("(rallies + trend) × topics") >= 4
    for e in details["elections"]:
        assert f'<th scope="row">{e["round"]}. ' in html
    # the VP of the elections add up to each party's VP on the score line
    for d in details["scores"]:
        assert sum(e["vp"][d["seat"]] for e in details["elections"]) == d["vp"]
