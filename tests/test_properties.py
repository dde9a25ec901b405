"""Property tests over every registered game, every player count and random
option sets: termination, conservation of cards, JSON round trips, replay
determinism, hidden information in views, and refusal of illegal actions.

Games are played by random legal moves drawn from our own Rng, so Hypothesis
only draws the seed, the options and a few points of interest; each example is
a whole game. A new game must add its helpers to CONSERVATION, SECRETS and
FOREIGN below (the tests fail for a game without them).

Two depths. The test command draws a third of the games below (at least one)
for every property, game and player count; COALITIONS_THOROUGH=1 draws them
all, for a deeper run after a change to the rules:

    COALITIONS_THOROUGH=1 python -m pytest tests/test_properties.py"""

import copy
import json
import os
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coalitions.core.errors import IllegalActionError
from coalitions.core.match import Match
from coalitions.core.records import make_players, new_record, replay
from coalitions.core.rng import Rng, mix
from coalitions.games.alliances.data import DECK as ALLIANCES_DECK
from coalitions.games.election_day.data import ACES, chosen_deck
from coalitions.games.koalition.data import COUNTRY_TOTALS as KO_COUNTRY_TOTALS
from coalitions.games.koalition.data import DECK as KO_DECK
from coalitions.registry import all_games
from test_coalition_chess import cc_foreign, cc_places, cc_secrets
from test_die_macher import dm_foreign, dm_places, dm_secrets

GAMES = all_games()
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
MAX_ACTIONS = 2000  # random games observed so far take under 200 actions

THOROUGH = os.environ.get("COALITIONS_THOROUGH") == "1"


def depth(thorough):
    """Games drawn per case: `thorough` in a thorough run, a third of it (at
    least one) by default."""
    return thorough if THOROUGH else max(1, thorough // 3)


PROPS = settings(
    max_examples=depth(12),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def options_for(game):
    fields = {}
    for o in game.options:
        if o.kind == "bool":
            fields[o.name] = st.booleans()
        else:
            fields[o.name] = st.sampled_from([c[0] for c in o.choices])
    return st.fixed_dictionaries(fields)


def random_game(game, players, options, seed, limit=MAX_ACTIONS):
    """Yield (state, seat, action) before each random legal action, then the
    state once more with seat and action None. Fails past `limit` actions."""
    state = game.new(players, options, seed=seed)
    rng = Rng(mix(seed, 0xC0A1))
    for _ in range(limit):
        if state.is_over():
            yield state, None, None
            return
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        yield state, seat, action
        state.apply(seat, action)
    pytest.fail(f"{game.id} with {players} players, seed {seed}, {options}: no end after {limit} actions")


def dump(state):
    return json.dumps(state.to_json(), sort_keys=True)


def tokens(obj):
    """Every lower-case word or hyphenated id written in a string value of a JSON
    value (card ids, suit ids; not dict keys such as option names, nor
    capitalised names like 'the Battle')."""
    if isinstance(obj, dict):
        return {t for v in obj.values() for t in tokens(v)}
    if isinstance(obj, list):
        return {t for v in obj for t in tokens(v)}
    if not isinstance(obj, str):
        return set()
    return set(re.findall(r"(?<![A-Za-z0-9-])[a-z0-9]+(?:-[a-z0-9]+)*(?![A-Za-z0-9-])", obj))


def keys_of(obj):
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys_of(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys_of(v)}
    return set()


# -- per-game helpers -------------------------------------------------------------


def ed_places(state):
    """Election Day: (the chosen deck, every card where it lies now)."""
    o = state.options
    deck = chosen_deck(o) + list(ACES)  # the extension cards chosen one by one or by group
    places = [c for h in state.hands for c in h]
    places += ["ace-" + s for s in state.aces]
    places += state.pile + state.removed + state.out
    places += [c for c, _ in state.debate]
    places += [c for s in state.track for c in state.track[s]]
    return deck, places


def ed_secrets(state, seat, view):
    """Election Day: check the view's own fields; return the ids it must not show."""
    over = state.is_over()
    if seat is None:
        assert view["hand"] is None and view["ace"] is None and view["legal"] == []
    else:
        assert view["hand"] == state.hands[seat]
        assert view["ace"] == state.aces[seat]
    assert view["aces"] == (state.aces if over else None)
    assert view["hand_counts"] == [len(h) for h in state.hands]
    shown = tokens(view["legal"])  # the tokenizer finds ids inside action texts
    assert {a[5:] for a in view["legal"] if a.startswith("play ")} <= shown
    hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    return hidden | set(state.pile) | set(state.removed)


def ed_foreign(state, seat):
    """Election Day: actions `seat` could only take with another seat's cards."""
    mine = state.aces[seat]
    acts = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        for c in hand:
            if c.startswith("ace-"):
                acts += [f"ace {c[4:]} keep {mine}", f"ace {c[4:]} keep {c[4:]}"]
            else:
                acts.append("play " + c)
    acts += ["play " + c for c in state.pile + state.removed + state.out]
    return acts


def al_places(state):
    """Alliances: the 48 cards, wherever they lie (hands, reserve, table, the
    campaign's discards, drafting packets, cards set aside in the Rise to Power)."""
    places = [c for h in state.hands for c in h]
    places += state.reserve + state.discards + state.given
    places += [c for e in state.table for c in [e["card"]] + e["with"]]
    places += [c for p in state.packets for c in p]
    places += [c for p in state.put for c in p]
    return list(ALLIANCES_DECK), places


def al_secrets(state, seat, view):
    """Alliances: check the view's own fields; return the ids it must not show.
    A partner's cards shown in the secret meeting are the only exception."""
    if seat is None:
        assert view["hand"] is None and view["legal"] == [] and view["partner_shown"] == []
    else:
        assert view["hand"] == state.hands[seat]
    assert view["hand_counts"] == [len(h) for h in state.hands]
    assert view["reserve_count"] == len(state.reserve)
    shown = set(view["partner_shown"])
    if shown:
        assert seat is not None and state.meeting_done
        assert shown <= set(state.hands[state.partner(seat)])
    hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h} - shown
    hidden |= {c for s, p in enumerate(state.packets) if s != seat for c in p}
    hidden |= {c for s, p in enumerate(state.put) if s != seat for c in p}
    if seat is None or seat != state.empire:
        hidden |= set(state.given)
    return hidden | set(state.reserve)


def al_foreign(state, seat):
    """Alliances: actions `seat` could only take with cards it does not hold."""
    acts = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            acts += ["play " + c for c in hand] + ["show " + c for c in hand] + ["give " + c for c in hand]
    for s, p in enumerate(state.packets):
        if s != seat:
            acts += ["draft " + c for c in p]
    acts += ["play " + c for c in state.reserve + state.discards]
    return acts


def ko_places(state):
    """Koalition: (the 56 cards, every card where it lies now). Also checks
    every election recorded so far: it ended in a government (or none, after
    too many stalemates) and paid at most its country's table."""
    for r in state.results:
        assert sum(w["vp"] for w in r["winners"]) <= KO_COUNTRY_TOTALS[r["country"]]
        assert bool(r["government"]) == bool(r["winners"]) and r["ballots"] >= 1
    assert len(state.results) == state.election - (0 if state.is_over() else 1)
    places = [c for h in state.hands for c in h] + state.set_aside + state.discard
    places += [pl["card"] for pl in state.plays]
    return list(KO_DECK), places


def ko_secrets(state, seat, view):
    """Koalition: check the view's own fields; return the ids it must not show."""
    if seat is None:
        assert view["hand"] is None and view["legal"] == []
    else:
        assert view["hand"] == state.hands[seat]
    assert view["hand_counts"] == [len(h) for h in state.hands]
    assert view["set_aside_count"] == len(state.set_aside)
    assert view["countries_left"] == sorted(state.stack), "the order of the country cards stays hidden"
    shown = tokens(view["legal"])
    assert {a.split(" ")[1] for a in view["legal"] if a.startswith("play ")} <= shown
    hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    return hidden | set(state.set_aside)


def ko_foreign(state, seat):
    """Koalition: actions `seat` could only take with another seat's cards."""
    acts = []
    for s, hand in enumerate(state.hands):
        if s != seat:
            acts += ["play colorino rose" if c == "colorino" else "play " + c for c in hand]
    acts += ["play " + c for c in state.set_aside + state.discard if c != "colorino"]
    return acts


CONSERVATION = {"election-day": ed_places, "alliances": al_places, "koalition": ko_places,
                "die-macher": dm_places, "coalition-chess": cc_places}
SECRETS = {"election-day": ed_secrets, "alliances": al_secrets, "koalition": ko_secrets,
           "die-macher": dm_secrets, "coalition-chess": cc_secrets}
FOREIGN = {"election-day": ed_foreign, "alliances": al_foreign, "koalition": ko_foreign,
           "die-macher": dm_foreign, "coalition-chess": cc_foreign}


def test_every_game_has_property_helpers():
    for g in GAMES:
        assert g.id in CONSERVATION and g.id in SECRETS and g.id in FOREIGN, g.id


# -- properties --------------------------------------------------------------------


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@PROPS
@given(data=st.data(), seed=SEEDS)
def test_random_play_ends_and_conserves_cards(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    places = CONSERVATION[game.id]
    steps = 0
    for state, seat, action in random_game(game, players, options, seed):
        deck, where = places(state)
        assert Counter(where) == Counter(deck), f"after {steps} actions"
        assert len(set(deck)) == len(deck)
        steps += seat is not None
    assert state.is_over() and state.to_act() == []
    out = state.outcome()
    assert len(out.scores) == players and all(0 <= w < players for w in out.winners)
    assert steps <= MAX_ACTIONS


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@PROPS
@given(data=st.data(), seed=SEEDS)
def test_json_round_trip_and_restored_state_continues_identically(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    points = data.draw(st.sets(st.integers(0, 150), min_size=1, max_size=4), label="points")
    restored = []
    for k, (state, seat, action) in enumerate(random_game(game, players, options, seed)):
        if k in points or seat is None:
            original = state.to_json()
            text = json.dumps(original)
            again = game.State.from_json(json.loads(text))
            assert again.to_json() == original
            assert game.State.from_json(state.to_json()).to_json() == original
            restored.append(again)
        for r in restored:
            if k % 10 == 0 or seat is None:  # the whole state now and then (dumping long games at every step is slow)
                assert dump(r) == dump(state)
            if seat is not None:
                assert r.legal_actions(seat) == state.legal_actions(seat)
                r.apply(seat, action)
    for r in restored:
        assert r.is_over() and r.outcome().to_json() == state.outcome().to_json()
        for s in list(range(players)) + [None]:
            assert r.view(s) == state.view(s)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@PROPS
@given(data=st.data(), seed=SEEDS)
def test_replaying_a_record_is_deterministic(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    moves = []
    for state, seat, action in random_game(game, players, options, seed):
        if seat is not None:
            moves.append([seat, action])
    record = new_record(game.id, make_players(["human"] * players), options, seed=seed)
    record["moves"] = moves
    _, first = replay(copy.deepcopy(record))
    _, second = replay(copy.deepcopy(record))
    assert dump(first) == dump(second) == dump(state)
    cut = data.draw(st.integers(0, len(moves)), label="upto")
    _, part = replay(copy.deepcopy(record), upto=cut)
    # the same random game again, stopped before action `cut` (it is deterministic)
    then = next(s for k, (s, _, _) in enumerate(random_game(game, players, options, seed)) if k == cut)
    assert dump(part) == dump(then)
    assert part.is_over() == (cut == len(moves))


# Games whose bots search (Coalition Chess), whose games run to hundreds of
# actions (Die Macher) or whose bots sample many deals (Koalition, up to 8
# players) get fewer examples in the costliest properties: the same checks,
# on fewer drawn games.
FEWER = {"coalition-chess": 3, "die-macher": 4, "koalition": 8}


def examples(game, usual):
    return depth(min(usual, FEWER.get(game.id, usual)))


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@pytest.mark.usefixtures("small_search")  # the same replay at any budget (tests/conftest.py)
def test_bot_matches_with_the_same_seed_are_identical(game, players):
    @settings(PROPS, max_examples=examples(game, 12))
    @given(data=st.data(), seed=SEEDS)
    def check(data, seed):
        bot_matches_are_identical(game, players, data, seed)

    check()


def bot_matches_are_identical(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    levels = data.draw(st.lists(st.sampled_from(sorted(game.bots)), min_size=players, max_size=players))

    def play():
        m = Match.new(game.id, make_players(["bot"] * players, levels=levels), options, seed=seed)
        m.advance(limit=MAX_ACTIONS)
        assert m.is_over()
        return m

    a, b = play(), play()
    assert json.dumps(a.record) == json.dumps(b.record)
    assert dump(a.state) == dump(b.state)
    _, again = replay(copy.deepcopy(a.record))
    assert dump(again) == dump(a.state)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_a_legal_action_list_holds_no_action_twice(game, players):
    @settings(PROPS, max_examples=examples(game, 6))
    @given(data=st.data(), seed=SEEDS)
    def check(data, seed):
        options = data.draw(options_for(game), label="options")
        for state, seat, _ in random_game(game, players, options, seed):
            for s in state.to_act():  # every seat to act (Die Macher's secret bids: several at once)
                legal = state.legal_actions(s)
                assert len(legal) == len(set(legal)), [a for a, k in Counter(legal).items() if k > 1]

    check()


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_views_hide_other_seats_cards_the_pile_and_private_events(game, players):
    @settings(PROPS, max_examples=examples(game, 6))
    @given(data=st.data(), seed=SEEDS)
    def check(data, seed):
        views_hide_secrets(game, players, data, seed)

    check()


def views_hide_secrets(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    # Every step of the opening (deals, bids, first plays), then a drawn sample:
    # scanning every seat's whole view at every step of a long game is slow.
    stride = data.draw(st.integers(5, 13), label="stride")
    secrets = SECRETS[game.id]
    for step, (state, seat_to_act, _) in enumerate(random_game(game, players, options, seed)):
        if step > 40 and step % stride and seat_to_act is not None:
            continue
        for seat in [None] + list(range(players)):
            view = state.view(seat)
            hidden = secrets(state, seat, view)
            leaked = hidden & tokens(view)
            assert not leaked, f"seat {seat} sees {sorted(leaked)}"
            assert not {"seed", "rng", "hands", "pile"} & keys_of(view)
            for log in (view["log"], state.log_for(seat)):
                for ev in log:
                    assert ev.get("to") is None or (seat is not None and seat in ev["to"]), ev
            assert len(view["log"]) == sum(
                1 for ev in state.log if ev.get("to") is None or (seat is not None and seat in ev["to"])
            )


GARBAGE = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "pass ", "PASS", "play", "play ", "play excuse", "ace", "ace moons",
                     "ace moons keep", "ace moons keep suns keep", "play ace-moons", "\x00", "play\nbattle"]),
)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@PROPS
@given(data=st.data(), seed=SEEDS)
def test_illegal_actions_raise_and_change_nothing(game, players, data, seed):
    options = data.draw(options_for(game), label="options")
    points = data.draw(st.sets(st.integers(0, 120), min_size=1, max_size=5), label="points")
    garbage = data.draw(st.lists(GARBAGE, min_size=3, max_size=8), label="garbage")
    foreign = FOREIGN[game.id]

    def refused(state, seat, action):
        before = dump(state)
        log_len = len(state.log)
        with pytest.raises(IllegalActionError):
            state.apply(seat, action)
        assert dump(state) == before and len(state.log) == log_len

    tried = 0
    for k, (state, seat, action) in enumerate(random_game(game, players, options, seed)):
        if seat is None:
            for s in range(players):
                refused(state, s, "pass")
                refused(state, s, action or "pass")
            break
        if k not in points:
            continue
        legal = state.legal_actions(seat)
        for junk in garbage:
            if junk not in legal:
                refused(state, seat, junk)
                tried += 1
        for other in range(players):
            # in a simultaneous step (Die Macher's secret bids) every seat to act may
            # make the same action; only a seat that need not act is refused
            if other != seat and other not in state.to_act():
                refused(state, other, action)
                for a in legal:
                    refused(state, other, a)
        for a in foreign(state, seat):
            assert a not in legal
            refused(state, seat, a)
        for bad_seat in (-1, players, True, None, "0", 0.0):
            refused(state, bad_seat, action)
        for bad_action in (None, 3, [action], action.encode()):
            refused(state, seat, bad_action)
    assert state.is_over()
