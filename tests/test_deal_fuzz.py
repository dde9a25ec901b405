"""Crafted deals and seeded games for every registered game (issue 16, item 6).

The contract of an explicit deal, whatever its content: the engine either
refuses it with a CoalitionsError (never another exception), or sets up a
game that plays safely: in every position reached by legal moves, while the
game is not over, some seat must act and each seat that must act has a legal
action, and applying a legal action raises nothing.

The crafted deals start from the walkthroughs' explicit deals (every game
has some) and mutate them without knowing the game: lists shuffled, cards
duplicated, dropped, moved between hands, replaced by unknown ids or by ids
from elsewhere in the deal, lists emptied or made huge, fields dropped,
added or given the wrong type. A small example budget keeps the test to a few
seconds; derandomized, so that a failure is the same on every run."""

import copy
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import make_players, new_record, replay
from coalitions.core.rng import Rng
from coalitions.registry import all_games

GAMES = all_games()
MAX_ACTIONS = 3000  # random games take a few hundred actions at most
HUGE = 50_000  # "huge" lists: far beyond any component count, still quick to refuse

FUZZ = settings(
    # COALITIONS_FUZZ_EXAMPLES=2000 for a longer hunt
    max_examples=int(os.environ.get("COALITIONS_FUZZ_EXAMPLES", "40")),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def base_deals(game):
    """(players, options, deal) of each walkthrough of `game` with an explicit deal."""
    out = []
    for rec in game.walkthroughs().values():
        if rec.get("deal") is not None:
            out.append((len(rec["players"]), game.check_options(rec.get("options") or {}), rec["deal"]))
    return out


def atoms(value, into):
    """Every string and number in a deal, dict keys included: the ids a
    mutation may duplicate or move."""
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(k)
            atoms(v, into)
    elif isinstance(value, list):
        for v in value:
            atoms(v, into)
    elif not isinstance(value, bool) and value is not None:
        into.add(value)
    return into


def containers(value, path=()):
    """The paths of every list and dict in a deal, the deal itself first."""
    found = [path] if isinstance(value, (list, dict)) else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += containers(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += containers(v, path + (i,))
    return found


def at(value, path):
    for key in path:
        value = value[key]
    return value


OUTCOMES = {g.id: [] for g in GAMES}
LIST_OPS = ["shuffle", "duplicate", "drop", "replace", "unknown", "empty", "huge", "wrong_type", "move", "extend"]
DICT_OPS = ["drop_key", "add_key", "wrong_value", "known_key"]
WRONG = [None, True, -1, 10**30, 1.5, "", "x", [], {}, [[]], {"hands": []}]


def wrong(draw):
    """A value of a wrong type, fresh: a later mutation must not change WRONG."""
    return copy.deepcopy(draw(st.sampled_from(WRONG)))


@st.composite
def crafted(draw, game):
    """(players, options, deal): a walkthrough's deal with one to four mutations,
    sometimes for another player count."""
    players, options, deal = draw(st.sampled_from(base_deals(game)))
    deal = copy.deepcopy(deal)
    pool = sorted(atoms(deal, set()), key=repr)
    for _ in range(draw(st.integers(1, 4))):
        paths = containers(deal)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        node = at(deal, path)
        if isinstance(node, list):
            op = draw(st.sampled_from(LIST_OPS))
            if op == "shuffle":
                Rng(draw(st.integers(0, 2**32))).shuffle(node)
            elif op == "duplicate" and node:
                node.insert(draw(st.integers(0, len(node))), node[draw(st.integers(0, len(node) - 1))])
            elif op == "drop" and node:
                del node[draw(st.integers(0, len(node) - 1))]
            elif op == "replace" and node:
                node[draw(st.integers(0, len(node) - 1))] = draw(st.sampled_from(pool))
            elif op == "unknown":
                node.insert(draw(st.integers(0, len(node))), draw(st.sampled_from(["zz-nope", "ace-zz", "99m", 7])))
            elif op == "empty":
                node.clear()
            elif op == "huge":
                item = node[0] if node and not isinstance(node[0], (list, dict)) else draw(st.sampled_from(pool))
                node.extend([item] * draw(st.sampled_from([100, HUGE])))
            elif op == "wrong_type" and node:
                node[draw(st.integers(0, len(node) - 1))] = wrong(draw)
            elif op == "move" and node:
                # a card (never a list: that could make a cycle) moved to another list
                others = [p for p in paths if p != path and isinstance(at(deal, p), list)]
                cards = [i for i, v in enumerate(node) if not isinstance(v, (list, dict))]
                if others and cards:
                    target = at(deal, draw(st.sampled_from(others)))
                    target.append(node.pop(draw(st.sampled_from(cards))))
            elif op == "extend":
                node.extend(draw(st.lists(st.sampled_from(pool), max_size=5)))
        else:
            op = draw(st.sampled_from(DICT_OPS))
            keys = sorted(node, key=repr)
            if op == "drop_key" and keys:
                del node[draw(st.sampled_from(keys))]
            elif op == "add_key":
                key = draw(st.sampled_from(["extra", "stacks", "reserve", "set_aside", "redeals", "pile", "removed",
                                            "countries", "layout", "first", "dealer", "aces"]))
                node[key] = copy.deepcopy(draw(st.sampled_from([*WRONG, pool[:3], pool])))
            elif op == "wrong_value" and keys:
                node[draw(st.sampled_from(keys))] = wrong(draw)
            elif op == "known_key":
                node[draw(st.sampled_from([k for k in pool if isinstance(k, str)] or ["x"]))] = draw(
                    st.sampled_from([[0], [1], [0] * 3, [1] * 40, [], pool[:2]]))
    if draw(st.integers(0, 5)) == 0:
        players = draw(st.integers(game.min_players, game.max_players))
    return players, options, deal


def play_checked(state, seed, what):
    """Play random legal actions to the end, checking the invariant in every
    position; fails with `what` (the case) if it breaks."""
    rng = Rng(seed)
    for n in range(MAX_ACTIONS):
        if state.is_over():
            return
        seats = state.to_act()
        assert seats, f"{what}: after {n} actions the game is not over but no seat is to act"
        for seat in seats:
            assert state.legal_actions(seat), f"{what}: after {n} actions seat {seat} must act with no legal action"
        seat = rng.choice(seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    pytest.fail(f"{what}: no end after {MAX_ACTIONS} actions")


def check_deal(game, players, options, deal, seed):
    """The contract for one explicit deal; returns "refused" or "played"."""
    what = f"{game.id}, {players} players, deal {json.dumps(deal)[:300]}"
    try:
        state = game.new(players, options, deal=copy.deepcopy(deal))
    except CoalitionsError:
        refused = True
    except Exception as exc:  # the contract: a deal is refused with a CoalitionsError, nothing else
        pytest.fail(f"{what}: setup raised {type(exc).__name__}: {exc}")
    else:
        refused = False
        view = state.view(state.to_act()[0] if state.to_act() else None)
        assert isinstance(view, dict)
        play_checked(state, seed, what)
    # The same deal in a record: loading it gives the game or a RecordError.
    rec = new_record(game.id, make_players(["human"] * players), options, deal=copy.deepcopy(deal))
    try:
        replay(rec)
        Match(rec)
    except RecordError:
        assert refused, f"{what}: the game accepts the deal but a record of it is refused"
    return "refused" if refused else "played"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_game_has_explicit_deals_to_craft_from(game):
    assert base_deals(game), f"{game.id}: the fuzz test crafts deals from the walkthroughs' explicit deals"
    for players, options, deal in base_deals(game):
        assert check_deal(game, players, options, deal, 0) == "played"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_crafted_deals_are_refused_cleanly_or_play_safely(game):
    @FUZZ
    @given(case=crafted(game), seed=st.integers(0, 2**32))
    def run(case, seed):
        players, options, deal = case
        OUTCOMES[game.id].append(check_deal(game, players, options, deal, seed))
    run()
    # both sides of the contract are exercised: most crafted deals are refused, some play
    assert "refused" in OUTCOMES[game.id] and "played" in OUTCOMES[game.id], OUTCOMES[game.id]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_seeded_games_keep_the_invariant(game):
    def options_for(g):
        return st.fixed_dictionaries({
            o.name: st.booleans() if o.kind == "bool" else st.sampled_from([c[0] for c in o.choices])
            for o in g.options
        })

    @settings(FUZZ, max_examples=15)
    @given(players=st.integers(game.min_players, game.max_players), options=options_for(game),
           seed=st.integers(0, 2**63 - 1))
    def run(players, options, seed):
        play_checked(game.new(players, options, seed=seed), seed, f"{game.id}, {players} players, seed {seed}")
    run()
