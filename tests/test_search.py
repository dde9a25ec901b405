"""The hard level of the hidden-information games (core/search.py): each
game's sampler completes a view into a state that shows the seat exactly that
view, and the hard bot's decision depends on the view and the seed alone,
never on the hidden information of the true state."""

import importlib
import json

import pytest

from coalitions.core.bots import decide
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.core.rng import Rng
from coalitions.core.search import SearchBot, playout, search
from coalitions.registry import get_game

SEARCHED = ["election-day", "koalition", "alliances", "die-macher"]


def sampler_of(game):
    return importlib.import_module(game.State.__module__.rpartition(".")[0] + ".sampler")


def positions(game, players, seed, limit=400):
    """(state, seat, step) at every decision of a game between normal bots."""
    m = Match.new(game.id, make_players(["bot"] * players, levels=["normal"] * players), seed=seed)
    for _ in range(limit):
        if m.is_over():
            return
        auto = m.state.auto_action()
        if auto is None:
            seat = m.to_act()[0]
            yield m.state, seat, len(m.record["moves"])
        m.step()


def without_log(view):
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize("game_id", SEARCHED)
def test_the_sampler_completes_a_view_into_a_state_with_that_view(game_id):
    game = get_game(game_id)
    sampler = sampler_of(game)
    done = skipped = 0
    for players in range(game.min_players, min(game.max_players, 5) + 1):
        for state, seat, step in positions(game, players, seed=players):
            view = state.view(seat)
            data = sampler.sample(view, Rng(step))
            if data is None:
                skipped += 1
                continue
            guess = game.from_json(data)
            assert without_log(guess.view(seat)) == without_log(view)
            done += 1
    assert done > skipped and done > 100


def scrambled(state, seat):
    """The same game as `state` seen from `seat`, with hidden information
    changed: two other seats trade a card from their hands
    and the next random draws differ."""
    data = state.to_json()
    hands = data["hands"]
    others = [s for s in range(data["players"]) if s != seat and hands[s]]
    game = type(state).game
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            for ca in hands[a]:
                for cb in hands[b]:
                    if ca == cb:
                        continue
                    ha, hb = list(hands[a]), list(hands[b])
                    ha[ha.index(ca)], hb[hb.index(cb)] = cb, ca
                    trial = json.loads(json.dumps(data))
                    trial["hands"][a], trial["hands"][b] = ha, hb
                    trial["rng"] = Rng(int(data["rng"], 16) ^ 0x5A5A).to_json()
                    other = game.from_json(trial)
                    if other.view(seat) == state.view(seat):
                        return other
    return None


@pytest.mark.parametrize("game_id", SEARCHED)
def test_the_hard_bot_decides_from_the_view_alone(game_id):
    """Two states that differ only in what the seat cannot see (the other
    hands, the next draws), same view, same seed: the same decision."""
    game = get_game(game_id)
    compared = 0
    for state, seat, step in positions(game, 4, seed=21):
        if len(state.legal_actions(seat)) < 2 or step % 2:
            continue
        other = scrambled(state, seat)
        if other is None:
            continue
        assert json.dumps(other.to_json()) != json.dumps(state.to_json())
        assert decide(game, "hard", other, seat, step, 21) == decide(game, "hard", state, seat, step, 21)
        compared += 1
        if compared >= 5:
            break
    assert compared >= 5


@pytest.mark.parametrize("game_id", SEARCHED)
def test_the_search_is_deterministic_and_searches(game_id):
    """Same view and seed, same decision and the same values; the values are
    means of playout results, and another seed samples other deals."""
    game = get_game(game_id)
    spec = game.bots["hard"].spec
    for state, seat, step in positions(game, 4, seed=5):
        view = state.view(seat)
        if len(view["legal"]) < 3 or spec.sample(view, Rng(0)) is None:
            continue
        first = search(spec, view, view["legal"], Rng(9))
        assert first is not None
        assert search(spec, view, view["legal"], Rng(9)) == first
        action, means = first
        assert action in view["legal"] and all(0.0 <= m <= 1.0 for m in means)
        assert game.bots["hard"](Rng(9)).choose(view, view["legal"]) == action
        break
    else:
        pytest.fail("no position with three choices")


def test_a_playout_ends_with_the_share_of_the_win():
    game = get_game("election-day")
    spec = game.bots["hard"].spec
    state = game.new(4, seed=3)
    whole = type(spec)(spec.game, spec.sample, spec.policy, spec.value, playouts=2, horizon=0)
    worth = playout(whole, state, 0, Rng(1))
    out = state.outcome()
    assert out is not None and worth == (1 / len(out.winners) if 0 in out.winners else 0.0)


def test_a_view_the_sampler_does_not_model_falls_back_to_the_normal_bot():
    game = get_game("alliances")
    bot = game.bots["hard"]
    assert issubclass(bot, SearchBot)
    m = Match.new(game.id, make_players(["bot"] * 3, levels=["normal"] * 3), seed=2)
    while not m.is_over():
        seat = m.to_act()[0]
        view = m.state.view(seat)
        if bot.spec.sample(view, Rng(0)) is None and len(view["legal"]) > 1:
            rng_seed = 77
            assert bot(Rng(rng_seed)).choose(view, view["legal"]) == \
                game.bots["normal"](Rng(rng_seed).fork(1)).choose(view, view["legal"])
            return
        m.step()
    pytest.fail("no unmodelled phase met")


def test_bench_prints_a_levels_decision_times():
    import io
    import re

    from coalitions.cli import main

    out = io.StringIO()
    assert main(["bench", "election-day", "--bot", "easy", "--games", "1"], out=out) == 0
    line = out.getvalue()
    assert re.fullmatch(r"election-day easy bot, 3 players, 1 seeded games: \d+ decisions, median [\d.]+ ms, "
                        r"max [\d.]+ ms \(processor time: median [\d.]+ ms, max [\d.]+ ms\)\n", line), line


def test_old_records_naming_good_or_search_load_and_replay_under_the_new_names():
    import io

    from coalitions.cli import main
    from coalitions.core.records import check_header

    out = io.StringIO()
    assert main(["play", "election-day", "--bots", "good", "--json"], out=out) == 0
    played = json.loads(out.getvalue())
    assert [p["level"] for p in played["record"]["players"]] == ["normal"] * 3
    old = dict(played["record"], players=[dict(p, level="good") for p in played["record"]["players"]])
    m = Match(old)
    assert [p["level"] for p in m.players] == ["normal"] * 3 and m.is_over()
    assert m.state.outcome().to_json() == Match(played["record"]).state.outcome().to_json()
    chess = {"format": "coalitions-record", "version": 1, "game": "coalition-chess", "seed": 1, "moves": [],
             "players": [{"name": f"B{i}", "kind": "bot", "level": "search"} for i in range(4)]}
    assert [p["level"] for p in check_header(chess)[1]["players"]] == ["hard"] * 4


def staged_koalition_spec(**options):
    """Koalition's hard spec with the election as its stage and a value that
    notes how many elections were scored when it judged (the list returned)."""
    spec = get_game("koalition").bots["hard"].spec
    seen = []

    def value(state, seat):
        seen.append(len(state.results))
        return 0.25

    staged = type(spec)(spec.game, spec.sample, spec.policy, value, playouts=2, horizon=500,
                        stage=lambda state: len(state.results), **options)
    return staged, seen


def test_a_playout_ends_when_the_stage_changes():
    """Koalition's playouts end once the election being played is scored."""
    game = get_game("koalition")
    short, seen = staged_koalition_spec()
    state = game.new(4, seed=1)
    assert playout(short, state, 0, Rng(3)) == 0.25
    assert seen == [1] and len(state.results) == 1 and not state.is_over()


def test_with_stage_before_a_candidate_that_ends_the_stage_is_judged_at_once():
    """With `stage_before` the stage is the one before the candidate action:
    if that action ended it, the playout plays nothing more."""
    game = get_game("koalition")
    before, seen = staged_koalition_spec(stage_before=True)
    state = game.new(4, seed=1)
    events = len(state.log)
    assert playout(before, state, 0, Rng(3), start=-1) == 0.25
    assert seen == [0] and len(state.log) == events
    assert playout(before, state, 0, Rng(3), start=0) == 0.25
    assert seen == [0, 1] and len(state.results) == 1


def test_with_a_large_margin_the_search_keeps_the_normal_choice():
    game = get_game("election-day")
    spec = game.bots["hard"].spec
    wide = type(spec)(spec.game, spec.sample, spec.policy, spec.value, playouts=16, horizon=4, margin=1.0)
    kept = 0
    for state, seat, step in positions(game, 4, seed=8):
        view = state.view(seat)
        if len(view["legal"]) < 2:
            continue
        action, _ = search(wide, view, view["legal"], Rng(step))
        assert action == game.bots["normal"](Rng(step).fork(1)).choose(view, view["legal"])
        kept += 1
    assert kept > 5


def test_election_day_keeps_the_aces_the_seat_handed_on_where_it_knows_them():
    from coalitions.games.election_day.sampler import handed_aces

    mine = "You now back the Prince of Suns and handed the Ace of Moons to {p0}."
    again = "You keep backing the Prince of Suns and handed the Ace of Waves to {p0}."
    view = {"seat": 1, "log": [{"kind": "private", "to": [1], "text": mine},
                               {"kind": "private", "to": [1], "text": again}]}
    assert handed_aces(view) == {0: ["ace-moons", "ace-waves"]}
    view["log"].append({"kind": "ace", "seat": 0, "to": None, "text": "{p0} picks up their face-down Ace ..."})
    assert handed_aces(view) == {}  # it used an Ace since: which one is not known


def test_a_sampled_election_day_state_gives_the_handed_ace_to_its_holder():
    game = get_game("election-day")
    sampler = sampler_of(game)
    for seed in range(40):
        m = Match.new(game.id, make_players(["bot"] * 4, levels=["normal"] * 4), seed=seed)
        while not m.is_over():
            seat = m.to_act()[0] if m.state.auto_action() is None else None
            if seat is not None:
                view = m.state.view(seat)
                held = sampler.handed_aces(view)
                if held:
                    data = sampler.sample(view, Rng(1))
                    for holder, cards in held.items():
                        assert set(cards) <= set(data["hands"][holder]) and set(cards) <= set(m.state.hands[holder])
                    return
            m.step()
    pytest.fail("no Ace handed on in 40 games")


@pytest.mark.parametrize("players", [3, 7])
def test_koalition_hard_searches_an_elections_last_cards_at_3_and_7_players(players):
    """At 3 and 7 players Koalition's hard level searches the cards with at
    most DEEP_PLAYS_AFTER plays to come, not only the last one, from the
    view alone; at the other tables it searches the last card only."""
    game = get_game("koalition")
    sampler = sampler_of(game)
    bot = game.bots["hard"](Rng(0))
    assert bot.spec_for({"players": players}) is sampler.DEEP_SPEC
    assert all(bot.spec_for({"players": n}) is sampler.SPEC for n in (4, 5, 6, 8))
    deep = compared = 0
    for state, seat, step in positions(game, players, seed=40 + players):
        view = state.view(seat)
        if view["phase"] != "play" or len(view["legal"]) < 2:
            continue
        after = sampler.plays_after(view)
        assert (sampler.searched(view, Rng(step)) is None) == (after > 0)
        assert (sampler.searched_deep(view, Rng(step)) is None) == (after > sampler.DEEP_PLAYS_AFTER)
        if not 0 < after <= sampler.DEEP_PLAYS_AFTER:
            continue
        deep += 1
        other = scrambled(state, seat)
        if other is None:
            continue
        assert decide(game, "hard", other, seat, step, 7) == decide(game, "hard", state, seat, step, 7)
        compared += 1
        if compared >= 3:
            break
    assert deep >= 3 and compared >= 3
