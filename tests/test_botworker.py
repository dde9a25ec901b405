"""The bot worker decides as the page did: from the seat's view sent as JSON
text (py/app/botworker.py, static/bot-worker.js), a bot makes exactly the move
`Match.pending()` makes with the live view, in every game; and what is sent is
that seat's view and nothing else."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import random

import pytest

from app import botworker
from app.flow import BotJob, bot_job
from coalitions.core.bots import choose
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import all_games, get_game

GAMES = all_games()
SEEDS = range(4)
# Decisions compared per game and seed (a searching bot's whole game would take
# a minute): 20 in the test command, 60 with COALITIONS_THOROUGH=1 (the deeper
# tier, as in tests/test_properties.py).
DECISIONS = 60 if os.environ.get("COALITIONS_THOROUGH") == "1" else 20


def run(coro):
    """Run a coroutine to its end on a thread of its own: the browser tests of
    the same session keep Playwright's event loop running on this thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def seeded_bot_game(game, seed: int, level=None) -> Match:
    """Bots at every seat, a random player count and the levels in turn from
    a seeded start, easy, normal and hard among them (or all at `level`)."""
    rng = random.Random(f"{game.id}/{seed}")
    players = rng.randint(game.min_players, game.max_players)
    names = ["easy", "normal", "hard"] + sorted(set(game.bots) - {"easy", "normal", "hard"})
    first = rng.randrange(len(names))
    levels = [level or names[(first + i) % len(names)] for i in range(players)]
    return Match.new(game.id, make_players(["bot"] * players, levels=levels), seed=seed)


@pytest.fixture(autouse=True)
def smaller_search(monkeypatch):
    """The searching hard bots at a quarter of their budget: the page and the
    worker run the same search; what is compared is what crosses between them."""
    for game in GAMES:
        spec = getattr(game.bots.get("hard"), "spec", None)
        if spec is not None:
            monkeypatch.setattr(spec, "playouts", max(8, spec.playouts // 4))


def worker_decision(turn: BotJob) -> str:
    """What static/bot-worker.js computes for the message the page sends."""
    message = botworker.request(7, *turn.args())
    # what crosses to the worker is plain data: structured-clonable and JSON-able
    message = json.loads(json.dumps(message))
    assert isinstance(message["view"], str)
    seed = int(message["seed"]) if message["seed"] != "" else None
    view = json.loads(message["view"])
    return str(choose(get_game(message["game"]), message["level"] or None, view, message["seat"],
                      message["step"], seed))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("seed", SEEDS)
def test_worker_plays_the_moves_the_page_played(game, seed):
    match = seeded_bot_game(game, seed)
    decisions = 0
    while not match.is_over() and decisions < DECISIONS:
        expected = match.pending()
        assert expected is not None
        seat, action, forced = expected
        turn = bot_job(match)
        if forced:
            assert turn is None
        else:
            assert turn is not None and turn.seat == seat
            assert worker_decision(turn) == action, f"step {turn.step}, seat {seat}"
            decisions += 1
        match.apply(seat, action, forced=forced)
    assert decisions > 10


def test_every_level_is_compared():
    for game in GAMES:
        seen = set()
        for seed in SEEDS:
            seen.update(p["level"] for p in seeded_bot_game(game, seed).players)
        assert {"easy", "normal", "hard"} <= seen, game.id


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_worker_is_sent_the_seat_view_only(game):
    for seed in SEEDS:
        # whole games: what is sent depends on the position, not on the level
        # that plays it, so random bots play them (a searching bot's would take minutes)
        match = seeded_bot_game(game, seed, level="random")
        while not match.is_over():
            turn = bot_job(match)
            if turn is not None:
                state = match.state
                sent = json.loads(botworker.request(1, *turn.args())["view"])
                assert sent == json.loads(json.dumps(state.view(turn.seat)))
                assert "hands" not in sent and sent["seat"] == turn.seat
                assert sent["hand"] == list(state.hands[turn.seat])
                for other in range(len(match.players)):
                    if other != turn.seat and state.hands[other] and list(state.hands[other]) != sent["hand"]:
                        assert sent != json.loads(json.dumps(state.view(other)))
            match.step()


def test_no_turn_for_humans_or_a_finished_game():
    match = Match.new("koalition", make_players(["human"] + ["bot"] * 5), seed=3)
    assert match.state.to_act() == [0] and bot_job(match) is None
    match = Match.new("alliances", make_players(["human"] + ["bot"] * 3), seed=3)
    turn = bot_job(match)
    assert turn is not None and (turn.seat, turn.step, turn.seed, turn.level) == (1, 0, 3, "normal")
    match.advance()
    while not match.is_over():
        match.apply(match.human_to_act(), match.state.legal_actions(match.human_to_act())[0])
        match.advance()
    assert bot_job(match) is None


def test_large_seeds_are_sent_exactly():
    # a match from an explicit deal has a 64-bit seed, more than a JS number holds
    message = botworker.request(3, "alliances", None, {"legal": ["pass"]}, 1, 0, 2**63 + 1)
    assert message["seed"] == str(2**63 + 1) and message["level"] == ""


def test_urls():
    assert botworker.worker_urls("http://h:1/coalitions/index.html#/play/x", "w.whl") == (
        "http://h:1/coalitions/static/bot-worker.js", "http://h:1/coalitions/w.whl")
    assert botworker.worker_urls("http://h:1/", "w.whl") == ("http://h:1/static/bot-worker.js", "http://h:1/w.whl")
    import build

    assert botworker.wheel_name() == build.wheel_name(build.project_version())


def test_no_worker_in_cpython():
    worker = botworker.BotWorker()
    worker.start("http://h/", botworker.wheel_name())
    assert not worker.available and not worker.ready


def test_decide_here_matches_pending():

    match = Match.new("koalition", make_players(["bot"] * 6), seed=5)
    match.advance(limit=40)
    turn = bot_job(match)
    assert turn is not None
    assert run(botworker.decide_here(*turn.args())) == match.pending()[1]


class FakeWorker:
    def __init__(self):
        self.sent = []

    def postMessage(self, message):
        self.sent.append(message)

    def terminate(self):
        self.sent.append("terminated")


class Event:
    def __init__(self, data):
        self.data = type("Proxy", (), {"to_py": lambda _self: data})()


def test_replies_cancel_and_failure(monkeypatch):
    import asyncio

    monkeypatch.setattr(botworker, "_js", lambda value: value)
    monkeypatch.setattr(botworker, "js", None)
    view = {"legal": ["pass"], "seat": 1}

    async def scenario():
        worker = botworker.BotWorker()
        worker._worker = fake = FakeWorker()
        worker._on_message(Event({"ready": True, "ms": 812.5}))
        assert worker.available and worker.ready and worker.ready_ms == 812.5
        first = asyncio.ensure_future(worker.decide("alliances", None, view, 1, 0, 3))
        await asyncio.sleep(0)
        assert fake.sent[-1]["view"] == botworker.encode_view(view)
        worker._on_message(Event({"id": fake.sent[-1]["id"], "action": "pass"}))
        assert await first == "pass"
        # cancel: the caller gets Cancelled, the late reply is ignored
        second = asyncio.ensure_future(worker.decide("alliances", None, view, 1, 0, 3))
        await asyncio.sleep(0)
        worker.cancel()
        with pytest.raises(botworker.Cancelled):
            await second
        worker._on_message(Event({"id": fake.sent[-1]["id"], "action": "pass"}))
        # an error reply raises; a failure makes the worker unavailable
        third = asyncio.ensure_future(worker.decide("alliances", None, view, 1, 0, 3))
        await asyncio.sleep(0)
        worker._on_message(Event({"id": fake.sent[-1]["id"], "error": "boom"}))
        with pytest.raises(botworker.BotWorkerError, match="boom"):
            await third
        fourth = asyncio.ensure_future(worker.decide("alliances", None, view, 1, 0, 3))
        await asyncio.sleep(0)
        worker._on_message(Event({"ready": False, "error": "no wheel"}))
        with pytest.raises(botworker.BotWorkerError, match="no wheel"):
            await fourth
        assert not worker.available and fake.sent[-1] == "terminated"
        with pytest.raises(botworker.BotWorkerError):
            await worker.decide("alliances", None, view, 1, 0, 3)

    run(scenario())
