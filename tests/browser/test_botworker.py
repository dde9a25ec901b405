"""The bot worker for real, in headless chromium: static/bot-worker.js loads a
Pyodide of its own and the game's wheel from the site, and decides from a
seat's view (JSON text) exactly what CPython decides; the page's client
(py/app/botworker.py) gets the same answers and drops cancelled requests;
nothing is fetched from another origin (tests/browser/conftest.py checks)."""

from __future__ import annotations

import json

import pytest

from app import botworker
from app.flow import BotJob, bot_job
from coalitions.core.bots import choose
from coalitions.core.match import Match
from coalitions.core.records import make_players
from coalitions.registry import get_game

WORKER_TIMEOUT_MS = 60_000

# Creates the worker and initialises it; resolves with its ready message.
START = """async ([wheel]) => {
  const worker = new Worker('./static/bot-worker.js', { type: 'module' });
  window.__botWorker = worker;
  return await new Promise((resolve, reject) => {
    worker.addEventListener('message', (e) => { if ('ready' in e.data) resolve(e.data); });
    worker.addEventListener('error', (e) => reject(new Error('worker error: ' + e.message)));
    worker.postMessage({ type: 'init', wheel });
  });
}"""

# Sends each request in turn; resolves with the replies.
ASK = """async (requests) => {
  const worker = window.__botWorker;
  const replies = [];
  for (const request of requests) {
    replies.push(await new Promise((resolve) => {
      const on = (e) => {
        if (e.data.id === request.id) { worker.removeEventListener('message', on); resolve(e.data); }
      };
      worker.addEventListener('message', on);
      worker.postMessage(request);
    }));
  }
  return replies;
}"""


def wheel_name(dist) -> str:
    wheels = sorted(dist.glob("coalitions-*-py3-none-any.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0].name


def positions(game_id: str, players: int, seed: int, every: int = 7, first_human: bool = False):
    """Bot turns (app.BotJob) along a seeded game, one in `every`."""
    kinds = (["human"] if first_human else []) + ["bot"] * (players - first_human)
    match = Match.new(game_id, make_players(kinds), seed=seed)
    turns = []
    while not match.is_over() and len(turns) < 12:
        turn = bot_job(match)
        if turn is not None and turn.step % every == 0:
            turns.append(turn)
        if match.step() is None:  # a human to act: the first legal action
            seat = match.human_to_act()
            match.apply(seat, match.state.legal_actions(seat)[0])
    return turns


def expected(turn: BotJob) -> str:
    return str(choose(get_game(turn.game), turn.level, turn.view, turn.seat, turn.step, turn.seed))


@pytest.fixture
def page(booted):
    return booted("#/", "home")


def test_worker_decides_as_cpython(page, built_dist):
    ready = page.evaluate(START, [wheel_name(built_dist)])
    assert ready["ready"] is True and ready["ms"] > 0
    turns = (positions("koalition", 6, 11, first_human=True) + positions("alliances", 4, 12)
             + positions("election-day", 4, 13, every=3) + positions("die-macher", 4, 14, every=11)
             + positions("coalition-chess", 4, 15, every=5)[:4])
    assert len(turns) > 20 and {t.game for t in turns} >= {"die-macher", "coalition-chess"}
    requests = [dict(botworker.request(i, *t.args()), id=i) for i, t in enumerate(turns)]
    replies = page.evaluate(ASK, requests)
    assert replies == [{"id": i, "action": expected(t)} for i, t in enumerate(turns)]
    # a seed too large for a JavaScript number, sent as text, and the default level
    turn = turns[0]
    big = BotJob(turn.game, None, turn.seat, turn.step, 2**64 - 5, turn.view)
    [reply] = page.evaluate(ASK, [botworker.request(99, *big.args())])
    assert reply == {"id": 99, "action": expected(big)}
    # a request it cannot answer gets an error, and the worker carries on
    bad = dict(botworker.request(100, *turn.args()), game="no-such-game")
    [reply] = page.evaluate(ASK, [bad])
    assert reply["id"] == 100 and "no-such-game" in reply["error"]
    [reply] = page.evaluate(ASK, [botworker.request(101, *turn.args())])
    assert reply == {"id": 101, "action": expected(turn)}


def test_worker_refuses_a_wheel_from_another_origin(page):
    ready = page.evaluate(START, ["http://example.invalid/coalitions-0.1.0-py3-none-any.whl"])
    assert ready["ready"] is False and "not on this site" in ready["error"]


# The page's client, run by the page's own Python (a <script type="py"> added
# to the loaded page): answers, then a cancelled request.
CLIENT = r"""
import asyncio, json, js
from app import botworker
from app.flow import BotJob, bot_job
from coalitions.core.match import Match
from coalitions.core.records import make_players

async def check():
    worker = botworker.BotWorker()
    assert not worker.available
    worker.start(str(js.location.href), botworker.wheel_name())
    assert worker.available
    match = Match.new("koalition", make_players(["bot"] * 6), seed=21)
    pairs = []
    while len(pairs) < 15 and not match.is_over():
        turn = bot_job(match)
        if turn is not None:
            pairs.append([await worker.decide(*turn.args()), match.pending()[1]])
        match.step()
    while bot_job(match) is None:
        match.step()
    turn = bot_job(match)
    task = asyncio.ensure_future(worker.decide(*turn.args()))
    await asyncio.sleep(0)
    worker.cancel()
    try:
        await task
        cancelled = "no"
    except botworker.Cancelled:
        cancelled = "yes"
    after = await worker.decide(*turn.args())
    here = await botworker.decide_here(*turn.args())
    return {"pairs": pairs, "cancelled": cancelled, "after": after, "here": here,
            "expected": match.pending()[1], "ready": worker.ready}

async def main():
    try:
        result = await check()
    except BaseException as exc:
        result = {"error": repr(exc)}
    js.window.__clientResult = json.dumps(result)

asyncio.ensure_future(main())
"""

ADD_SCRIPT = """code => {
  const script = document.createElement('script');
  script.type = 'py';
  script.textContent = code;
  document.body.append(script);
}"""


def test_page_client(page):
    page.evaluate(ADD_SCRIPT, CLIENT)
    page.wait_for_function("window.__clientResult !== undefined", timeout=WORKER_TIMEOUT_MS)
    result = json.loads(page.evaluate("window.__clientResult"))
    assert "error" not in result, result["error"]
    assert len(result["pairs"]) == 15
    assert all(got == want for got, want in result["pairs"]), result["pairs"]
    assert result["cancelled"] == "yes"
    assert result["after"] == result["here"] == result["expected"]
    assert result["ready"] is True
