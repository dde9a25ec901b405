"""Bots see only their seat's view, decide deterministically, and the Election
Day normal bot clearly beats random play. The searching bots run at a small
budget here (`small_search`): what is tested is what they read and how they
decide, not their strength (docs/bots.md)."""

import json

import pytest

from coalitions.cli import arena
from coalitions.core.bots import RandomBot, bot_rng, decide
from coalitions.core.game import State
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import all_games, get_game

GAMES = all_games()


# Every searching bot at a small budget (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("small_search")


def bot_game(game, players, seed, levels=None):
    """A Match between bots, levels cycling through the game's levels."""
    levels = levels or [sorted(game.bots)[i % len(game.bots)] for i in range(players)]
    return Match.new(game.id, make_players(["bot"] * players, levels=levels), seed=seed)


def contains_state(obj):
    if isinstance(obj, State):
        return True
    if isinstance(obj, dict):
        return any(contains_state(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(contains_state(v) for v in obj)
    return False


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_bots_are_given_only_the_seat_view(game, monkeypatch):
    live = {}
    calls = []

    depth = [0]  # a searching bot asks a bot about its own imagined states: only its own call is watched

    def spy(original):
        def choose(self, view, legal):
            if depth[0]:
                return original(self, view, legal)
            state = live["match"].state
            seat = view["seat"]
            assert not contains_state(view) and not contains_state(legal)
            assert isinstance(seat, int) and seat in state.to_act()
            assert view == state.view(seat), "exactly the seat's view, nothing more"
            assert legal == state.legal_actions(seat)
            if game.id == "election-day":
                others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
                text = json.dumps(view)
                assert not [c for c in others | set(state.pile) if f'"{c}"' in text or f" {c}\"" in text]
                assert view["aces"] is None and "hands" not in view and "pile" not in view
            calls.append(seat)
            depth[0] += 1
            try:
                return original(self, view, legal)
            finally:
                depth[0] -= 1
        return choose

    for cls in set(game.bots.values()):
        monkeypatch.setattr(cls, "choose", spy(cls.choose))
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            live["match"] = m = bot_game(game, players, seed)
            m.advance()
            assert m.is_over()
    # a game whose bot games are short (Coalition Chess's often end in a mate within
    # a few rounds) plays more of them, until as many decisions have been watched
    seed = 3
    while len(calls) <= 100 and seed < 20:
        live["match"] = m = bot_game(game, game.max_players, seed)
        m.advance()
        assert m.is_over()
        seed += 1
    assert len(calls) > 100 and len(set(calls)) == game.max_players


def hidden_shuffle(data, seat):
    """Election Day: the same game seen from `seat`, with everything `seat`
    cannot see changed (two other hands trade a card and their face-down Aces,
    the pile is reversed)."""
    others = [s for s in range(data["players"]) if s != seat and data["hands"][s]]
    if len(others) >= 2:
        a, b = others[:2]
        ha, hb = data["hands"][a], data["hands"][b]
        ha[0], hb[-1] = hb[-1], ha[0]
        data["aces"][a], data["aces"][b] = data["aces"][b], data["aces"][a]
    data["pile"].reverse()
    return data


def test_election_day_decisions_depend_only_on_the_view():
    game = get_game("election-day")
    checked = changed = 0
    for players in (3, 4, 5):
        for seed in range(4):
            m = bot_game(game, players, seed, ["normal", "random"] * 3)
            while not m.is_over():
                seat = m.to_act()[0]
                state = m.state
                other = game.State.from_json(hidden_shuffle(state.to_json(), seat))
                assert other.view(seat) == state.view(seat)
                changed += json.dumps(other.to_json()) != json.dumps(state.to_json())
                step = len(m.record["moves"])
                for level in game.bots:
                    assert decide(game, level, other, seat, step, seed) == decide(game, level, state, seat, step, seed)
                checked += 1
                m.step()
    assert checked > 200 and changed > checked // 2


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_decisions_are_deterministic_for_a_seed_step_and_seat(game):
    for level in game.bots:
        varied = set()
        m = bot_game(game, game.min_players, 11)
        for step in range(60):
            if m.is_over():
                break
            seat = m.to_act()[0]
            first = decide(game, level, m.state, seat, step, 11)
            assert all(decide(game, level, m.state.clone(), seat, step, 11) == first for _ in range(3))
            if level == "random" and len(m.state.legal_actions(seat)) > 1:
                varied.update(decide(game, level, m.state, seat, step, s) for s in range(40))
            m.step()
        if level == "random":
            assert len(varied) > 1, "the random bot's choice depends on the seed"
    assert bot_rng(5, 3, 1).next_u64() == bot_rng(5, 3, 1).next_u64()
    assert len({bot_rng(5, k, s).next_u64() for k in range(4) for s in range(4)}) == 16


GOOD_MIN_RATE = 0.18  # the normal bot wins about 27-30% of its seats; a random bot about 5%
GOOD_MIN_RATIO = 3.0  # ... and 6-9 times as often as each random opponent


def good_vs_random(game):
    stats, _ = arena(game, ["normal", "random", "random", "random"], 200, first_seed=0)
    good = stats["normal"]["wins"] / stats["normal"]["seats"]
    rand = stats["random"]["wins"] / stats["random"]["seats"]
    assert stats["normal"]["seats"] == 200 and stats["random"]["seats"] == 600
    return good, rand


def test_the_normal_bot_beats_random_bots():
    good, rand = good_vs_random(get_game("election-day"))
    assert good >= GOOD_MIN_RATE, f"good bot win rate {good:.3f}"
    assert good >= GOOD_MIN_RATIO * max(rand, 0.01), f"good {good:.3f} vs random {rand:.3f}"


def test_a_random_bot_in_the_normal_seat_fails_that_bar(monkeypatch):
    game = get_game("election-day")
    monkeypatch.setitem(game.bots, "normal", RandomBot)
    good, rand = good_vs_random(game)
    assert not (good >= GOOD_MIN_RATE and good >= GOOD_MIN_RATIO * max(rand, 0.01)), (good, rand)
