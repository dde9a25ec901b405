""""Suggest a move" (py/app/hint.py): when it is offered, what the worker is
asked (the hard bot, from the person's seat view only), and how the
suggestion is shown."""

from __future__ import annotations

import pytest

from app import hint
from app.botworker import request
from coalitions.core.bots import choose
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import get_game


def match_of(kinds, game="election-day", seed=3):
    return Match.new(game, make_players(kinds), seed=seed)


def first_turn_of(m, seat):
    m.advance()
    while seat not in m.to_act():
        m.apply(m.to_act()[0], m.state.legal_actions(m.to_act()[0])[0])
        m.advance()
    return m


def test_offered_against_bots_by_default_not_in_hot_seat():
    alone = first_turn_of(match_of(["human", "bot", "bot"]), 0)
    assert hint.offered(alone, 0, "auto")
    assert not hint.offered(alone, 0, "off")
    assert not hint.offered(alone, 0, "auto", learner_step=True)  # a walkthrough's learner step
    hot = match_of(["human", "human", "human"])
    seat = hot.to_act()[0]
    assert not hint.offered(hot, seat, "auto") and hint.offered(hot, seat, "on")
    assert not hint.offered(alone, 1, "on")  # a bot's seat
    other = [s for s in range(3) if s not in alone.to_act()][0]
    assert not hint.offered(alone, other, "on")  # not this seat's turn


@pytest.mark.parametrize("game_id", ["election-day", "alliances"])
def test_the_job_is_the_hard_bot_from_the_seat_view(game_id):
    players = get_game(game_id).min_players if game_id != "alliances" else 4
    m = first_turn_of(match_of(["human"] + ["bot"] * (players - 1), game_id), 0)
    job = hint.job(m, 0)
    assert job.level == "hard" and job.seat == 0 and job.view == m.state.view(0)
    sent = request(1, *job.args())
    assert "hands" not in sent["view"]
    action = choose(get_game(game_id), job.level, job.view, 0, job.step, job.seed)
    assert action in m.state.legal_actions(0)


def test_the_line_names_the_suggestion_and_the_control_is_lit():
    m = first_turn_of(match_of(["human", "bot", "bot"]), 0)
    view = m.view(0)
    action = view["legal"][0]
    assert 'data-ui="suggest"' in hint.line(view, None)
    assert "Looking for a move" in hint.line(view, None, thinking=True)
    text = hint.line(view, action)
    assert view["labels"][action].replace("'", "&#x27;") in text and 'data-ui="suggest"' not in text
    assert 'data-ui="suggest"' in hint.line(view, "not a legal action")
    table = f'<div><button class="btn" data-action="{action}">x</button><button data-action="pass">p</button></div>'
    out = hint.lit(table, action)
    assert 'class="hinted btn" data-action' in out and out.count("data-hinted") == 1
    assert hint.lit(table, "nothing here") == table
    twice = table + table
    assert hint.lit(twice, action) == twice  # no single control plays it: nothing is lit
