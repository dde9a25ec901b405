"""Koalition's part of the hard level (core/search.py): the sampler that
completes a seat's view into a state, the playout policy and the value.

What the view shows and the sampler keeps: the seat's hand, every card on
the table and in the discard, the size of every hand and of the cards set
aside, the countries still to come (not their order), the count, the chairs
and the chair ties, the negotiation (its units, the proposal and its
answers, the history of proposals), the choices of party, the victory
points and the results so far. What it draws at random: the unseen cards
into the other hands and the set-aside cards, the order of the countries to
come, and the next random draws.

Where the hard bot searches: every decision after the vote (a Green chair
tie, proposals, answers, the party to score with), and the last card of an
election (no play after it: every card that counts is on the table, so the
search differs from the normal bot's forecast only in how the negotiation
goes, played out by the normal bots instead of a fixed chance that a
proposal is accepted). Each candidate is played out by the normal bots to
the end of the election (or to a new ballot after a stalemate), and `value`
judges the result as the normal bot counts it.
The other cards it plays as the normal bot does, with SAMPLES times its
samples of the plays to come (`SampledBot`): a card decision is already a
Monte Carlo look at the rest of the election (the unseen cards drawn at
random, the negotiation forecast), and 8 times its samples measured better
than playouts of the normal bot in the same time, and better than 24 times
(docs/bots.md, "Strength").
"""

from __future__ import annotations

import math
from typing import Any, Optional

from ...core.game import JSON
from ...core.rng import Rng
from ...core.search import SearchBot, SearchSpec, bot_policy
from .bots import BUDGET, PIDX, SAMPLES_FIRST, SAMPLES_SECOND, GoodBot
from .data import DECK, ORDER
from .negotiation import unit_label_key
from .rules import Koalition
from .scoring import minimal_winning

PLAYOUTS = 16  # per searched decision (after the vote, an election's last card): 2 per candidate at least
# At these player counts the hard level searches the last three cards of an
# election, not only the last, with more playouts (docs/bots.md, "Strength"):
# there the sampled forecast alone measured under 1.5x the normal bot.
DEEP_AT = frozenset({3, 7})
DEEP_PLAYS_AFTER = 2  # a card is searched when at most this many are played after it
DEEP_PLAYOUTS = 64
SAMPLES = 8  # the hard level's samples of a card decision, in multiples of the normal bot's
SCALE = 5.0  # victory points: the scale of `value`


def _result(summary: JSON, n: int) -> JSON:
    """A past election's result as the state keeps it, from the view's
    summary (what the game still reads of it: nothing but the view)."""
    return {"election": 0, "round": 0, "country": summary["country"], "ballots": summary["ballots"],
            "votes": dict(summary["votes"]), "total": summary["total"], "majority": summary["majority"],
            "government": summary["government"].split("+") if summary["government"] else [],
            "winners": [{"seat": s, "party": None, "value": 0, "vp": v} for s, v in enumerate(summary["vp"]) if v]}


def _fresh(history: list[JSON], rnd: int) -> bool:
    """Whether the proposals of round `rnd` brought a coalition not proposed
    before (the state's `fresh`, from the view's history)."""
    before: set[str] = set()
    for h in history:
        if h["coalition"] is None:
            continue
        if h["round"] == rnd and h["coalition"] not in before:
            return True
        before.add(h["coalition"])
    return False


def _negotiation(view: JSON) -> JSON:
    """The negotiation's fields of the state, from the view's."""
    neg = view["negotiation"]
    if neg is None:
        return {"units": [], "coalitions": [], "proposer": -1, "proposal": None, "history": [], "neg_round": 1,
                "fresh": False, "binding": False}
    units = [dict(u) for u in neg["units"]]
    coalitions = [list(c) for c in minimal_winning([(u["party"], u["votes"]) for u in units],
                                                   view["count"]["majority"])]
    proposal = None
    if neg["proposal"] is not None:
        prop = neg["proposal"]
        texts = ["+".join(sorted((units[i]["label"] for i in c), key=unit_label_key)) for c in coalitions]
        proposal = {"members": list(coalitions[texts.index(prop["coalition"])]), "by": prop["by"],
                    "responders": list(prop["responders"]), "accepted": list(prop["accepted"])}
    history = [dict(h) for h in neg["history"]]
    return {"units": units, "coalitions": coalitions, "proposer": neg["proposer"], "proposal": proposal,
            "history": history, "neg_round": neg["round"], "fresh": _fresh(history, neg["round"]),
            "binding": neg["binding"]}


def sample(view: JSON, rng: Rng) -> Optional[JSON]:
    """A state's JSON consistent with `view` (see the module docstring), or
    None when there is nothing to decide (the game over, no seat)."""
    if view.get("outcome") or view["seat"] is None or view["phase"] == "over":
        return None
    me, n = view["seat"], view["players"]
    hand = list(view["hand"])
    seen = set(hand) | set(view["discard"]) | {t["card"] for t in view["table"]}
    pool = [c for c in DECK if c not in seen]
    counts = view["hand_counts"]
    if len(pool) != sum(counts[s] for s in range(n) if s != me) + view["set_aside_count"]:
        return None
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for s in range(n):
        if s == me:
            hands.append(hand)
        else:
            hands.append(sorted(pool[:counts[s]], key=ORDER.__getitem__))
            del pool[:counts[s]]
    stack = list(view["countries_left"])
    rng.shuffle(stack)
    counted = view["counted"]
    data = {
        "game": "koalition", "options": dict(view["options"]), "rng": Rng(rng.next_u64()).to_json(),
        "players": n, "seed": 0, "hands": hands, "set_aside": sorted(pool, key=ORDER.__getitem__),
        "discard": list(view["discard"]), "stack": stack, "redeals": [], "election": view["election"],
        "round": view["round"], "ballot": view["ballot"], "country": view["country"], "starter": view["starter"],
        "phase": view["phase"], "turn": view["turn"] if view["turn"] is not None else view["starter"],
        "plays": [{"seat": t["seat"], "card": t["card"], "party": t["party"], "out": t["out"], "target": t["target"]}
                  for t in view["table"]],
        "count": dict(view["count"], votes=dict(view["count"]["votes"])) if counted else None,
        "chairs": dict(view["chairs"]), "ties": [list(t) for t in view["ties"]],
        "tie_answers": list(view["tie_answers"]), "unbound": list(view["unbound"]),
        "government": dict(view["government"], labels=list(view["government"]["labels"]))
        if view["government"] else None,
        "options_of": {k: list(v) for k, v in view["score_options"].items()},
        "choosers": list(view["choosers"]), "chosen": list(view["chosen"]), "vp": [dict(v) for v in view["vp"]],
        "results": [_result(r, n) for r in view["results"]], "over": False, "log": [], "result": None,
    }
    data.update(_negotiation(view))
    return data


_normal = bot_policy("normal", Koalition)


def stage(state: Any) -> object:  # state: a KoalitionState
    """A playout ends with the election (or its ballot) it started in."""
    return (state.election, state.ballot)


def value(state: Any, seat: int) -> float:  # state: a KoalitionState
    """What the election just ended is worth to the seat, as the normal bot
    counts it (its victory points, more where they bring a party chief's
    bonus, less a share of the others'; plus what the cards it kept are worth
    in the elections left in the round), on a scale of 0 to 1 (a logistic of
    that worth, in units of SCALE victory points). After a stalemate (a new
    ballot) nothing was scored and every card is back in hand; in an
    election cut short (a playout's `horizon`), nothing is scored yet."""
    n = state.players
    if state.phase != "play" or state.plays or state.ballot > 1:
        gained: dict[int, tuple[int, str]] = {}
        r: JSON = {"country": state.country, "election": state.election, "round": state.round}
        left = sorted(state.stack)
    else:
        r = state.results[-1]
        gained = {w["seat"]: (w["vp"], w["party"]) for w in r["winners"]}
        left = sorted(state.stack + [state.country])
    before = [dict(v) for v in state.vp]
    for s, (won, party) in gained.items():
        before[s][party] -= won
    pv = {"seat": seat, "players": n, "country": r["country"], "starter": 0, "vp": before,
          "countries_left": left, "election": r["election"]}
    bot = GoodBot(Rng(0))
    bot._setup(pv)
    vp = [0] * n
    for s, (v, _) in gained.items():
        vp[s] = v
    worth = bot._utility(vp, {s: PIDX[p] for s, (_, p) in gained.items()})
    if state.round == r["round"]:
        worth += bot._future_of(pv, state.hands[seat])
    return 1.0 / (1.0 + math.exp(-worth / SCALE))


class SampledBot(GoodBot):
    """The hard level's cards: the normal bot's look at the plays to come,
    with SAMPLES times its samples."""

    samples_first = SAMPLES * SAMPLES_FIRST
    samples_second = SAMPLES * SAMPLES_SECOND
    forecasts = SAMPLES * BUDGET


def plays_after(view: JSON) -> int:
    """How many cards are still to be played in this election after the
    seat's own next one (each player plays two)."""
    return 2 * int(view["players"]) - len(view["table"]) - 1


def searched(view: JSON, rng: Rng) -> Optional[JSON]:
    """The sampler of the search: the decisions after the vote (negotiation,
    chair ties, choices of party) and the election's last card; None for the
    other cards (SampledBot plays them)."""
    if view["phase"] == "play" and plays_after(view) > 0:
        return None
    return sample(view, rng)


def searched_deep(view: JSON, rng: Rng) -> Optional[JSON]:
    """`searched` at the tables of DEEP_AT: also the cards with at most
    DEEP_PLAYS_AFTER cards to come in the election (the normal bots play
    those in each playout, from hands drawn at random)."""
    if view["phase"] == "play" and plays_after(view) > DEEP_PLAYS_AFTER:
        return None
    return sample(view, rng)


SPEC = SearchSpec(Koalition, searched, _normal, value, playouts=PLAYOUTS, horizon=200, max_candidates=24,
                  stage=stage, stage_before=True, fallback=SampledBot)
DEEP_SPEC = SearchSpec(Koalition, searched_deep, _normal, value, playouts=DEEP_PLAYOUTS, horizon=200,
                       max_candidates=24, stage=stage, stage_before=True, fallback=SampledBot)


class HardBot(SearchBot):
    """The hard level: SPEC, or DEEP_SPEC at the tables of DEEP_AT."""

    spec = SPEC

    def spec_for(self, view: JSON) -> SearchSpec:
        return DEEP_SPEC if view["players"] in DEEP_AT else SPEC

__all__ = ["HardBot", "SPEC", "sample"]
