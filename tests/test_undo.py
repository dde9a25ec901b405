"""The undo policy (core/match.py, after Board Game Arena): a human may take back
their own last action while no other human has acted since and nothing hidden or
random was revealed since. Moves are applied by hand here, bots' included, so that
each case is exactly the one named."""

import json

import pytest

from coalitions.core.errors import IllegalActionError
from coalitions.core.match import Match
from coalitions.core.records import make_players

DEAL = {
    "aces": ["moons", "suns", "waves"],
    "hands": [
        ["battle", "darkness", "ace-leaves"],
        ["mountain", "pact", "ace-wyrms"],
        ["sailor", "mill", "ace-knots"],
    ],
    "pile": [],
    "dealer": 0,
}


def match(kinds, deal=DEAL):
    return Match.new("election-day", make_players(kinds), deal=deal)


def state_json(m):
    return json.dumps(m.state.to_json(), sort_keys=True)


def test_take_back_a_played_card_when_the_bots_only_passed():
    m = match(["human", "bot", "bot"])
    before = state_json(m)
    m.apply(0, "play battle")
    m.apply(1, "pass")
    m.apply(2, "pass")
    assert m.can_undo(0)
    m.undo(0)
    assert state_json(m) == before and m.record["moves"] == []


def test_no_undo_once_a_bot_showed_a_card_from_its_hand():
    # the bot's card was hidden in its hand: taking our move back would let us
    # replay knowing it
    m = match(["human", "bot", "bot"])
    m.apply(0, "play battle")
    m.apply(1, "play pact")
    assert not m.can_undo(0)
    with pytest.raises(IllegalActionError):
        m.undo(0)


def test_no_undo_once_another_human_acted_even_by_passing():
    m = match(["human", "human", "bot"])
    m.apply(0, "play battle")
    assert m.can_undo(0) and not m.can_undo(1)
    m.apply(1, "pass")
    assert not m.can_undo(0)
    assert m.can_undo(1)


def test_no_undo_of_an_ace_exchange():
    # the Ace handed to the right is something that player did not know
    m = match(["human", "bot", "bot"])
    m.apply(0, "ace leaves keep leaves")
    assert not m.can_undo(0)


def test_no_undo_across_a_card_turned_up():
    deal = dict(DEAL, pile=["merchant", "cave"])
    m = match(["human", "bot", "bot"], deal)
    m.apply(0, "play battle")
    m.apply(1, "pass")
    m.apply(2, "pass")
    assert m.can_undo(0)
    m.apply(0, "pass")  # three passes in a row end the debate; the next one turns up the Cave
    assert m.state.view(0)["debate"] == [["cave", None]]
    assert not m.can_undo(0)


def test_undo_crosses_forced_passes():
    deal = dict(DEAL, hands=[["battle", "darkness"], [], ["sailor", "mill"]])
    m = match(["human", "human", "human"], deal)
    m.apply(0, "play battle")
    assert m.state.auto_action() == (1, "pass")
    m.apply(1, "pass", forced=True)
    assert m.can_undo(0)
    m.undo(0)
    assert m.record["moves"] == [] and m.state.view(0)["hand"] == ["battle", "darkness"]


def test_undo_survives_a_reload_of_the_record():
    m = match(["human", "bot", "bot"])
    m.apply(0, "play battle")
    m.apply(1, "pass")
    again = Match(m.snapshot())
    assert again.can_undo(0)
    m.apply(2, "play sailor")
    assert not Match(m.snapshot()).can_undo(0)
