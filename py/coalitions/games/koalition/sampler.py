"""Koalition's part of the hard level (core/search.py): the sampler that
completes a seat's view into a state, and the playout policy.

What the view shows and the sampler keeps: the seat's hand, every card on
the table and in the discard, the size of every hand and of the cards set
aside, the countries still to come (not their order), the chairs, the
victory points and the results so far. What it draws at random: the unseen
cards into the other hands and the set-aside cards, the order of the
countries to come, and the next random draws.

It models the playing of cards (the phase with hidden hands that matter);
in the counting, the negotiations and the choices of victory points, whose
bookkeeping the view summarizes, the hard bot plays as the normal one.
"""

import math

from ...core.rng import Rng
from ...core.search import SearchSpec, bot_policy, search_bot
from .data import DECK, ORDER
from .rules import Koalition
from .scoring import bonus_round


def _result(summary, n):
    """A past election's result as the state keeps it, from the view's
    summary (what the game still reads of it: nothing but the view)."""
    return {"election": 0, "round": 0, "country": summary["country"], "ballots": summary["ballots"],
            "votes": dict(summary["votes"]), "total": summary["total"], "majority": summary["majority"],
            "government": summary["government"].split("+") if summary["government"] else [],
            "winners": [{"seat": s, "party": None, "value": 0, "vp": v} for s, v in enumerate(summary["vp"]) if v]}


def sample(view, rng):
    """A state's JSON consistent with `view` (see the module docstring), or
    None in a phase it does not model."""
    if view.get("outcome") or view["seat"] is None or view["phase"] != "play":
        return None
    if view["counted"] or view["negotiation"] is not None:
        return None
    me, n = view["seat"], view["players"]
    hand = list(view["hand"])
    seen = set(hand) | set(view["discard"]) | {t["card"] for t in view["table"]}
    pool = [c for c in DECK if c not in seen]
    counts = view["hand_counts"]
    if len(pool) != sum(counts[s] for s in range(n) if s != me) + view["set_aside_count"]:
        return None
    rng.shuffle(pool)
    hands = []
    for s in range(n):
        if s == me:
            hands.append(hand)
        else:
            hands.append(sorted(pool[:counts[s]], key=ORDER.__getitem__))
            del pool[:counts[s]]
    stack = list(view["countries_left"])
    rng.shuffle(stack)
    return {
        "game": "koalition", "options": dict(view["options"]), "rng": Rng(rng.next_u64()).to_json(),
        "players": n, "seed": 0, "hands": hands, "set_aside": sorted(pool, key=ORDER.__getitem__),
        "discard": list(view["discard"]), "stack": stack, "redeals": [], "election": view["election"],
        "round": view["round"], "ballot": view["ballot"], "country": view["country"], "starter": view["starter"],
        "phase": "play", "turn": view["turn"],
        "plays": [{"seat": t["seat"], "card": t["card"], "party": t["party"], "out": t["out"], "target": t["target"]}
                  for t in view["table"]],
        "count": None, "chairs": dict(view["chairs"]), "ties": [list(t) for t in view["ties"]],
        "tie_answers": list(view["tie_answers"]), "unbound": list(view["unbound"]), "units": [], "coalitions": [],
        "proposer": -1, "proposal": None, "history": [], "government": view["government"], "options_of": {},
        "choosers": list(view["choosers"]), "chosen": list(view["chosen"]), "vp": [dict(v) for v in view["vp"]],
        "results": [_result(r, n) for r in view["results"]], "over": False, "log": [], "neg_round": 1,
        "fresh": False, "binding": False, "result": None,
    }


def value(state, seat):
    """A playout cut short: the seat's chance from its lead in points (victory
    points and the party chiefs' bonus as they stand) over the best other."""
    scores = bonus_round(state.vp, state.players)["scores"]
    lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return 1.0 / (1.0 + math.exp(-lead / 6.0))


# Playouts of 6 actions (the measured best so far, docs/bots.md: level with the
# normal bot); playouts to the end of the election did worse.
SPEC = SearchSpec(Koalition, sample, bot_policy("normal", Koalition), value, playouts=20, horizon=6,
                  max_candidates=6)
HardBot = search_bot(SPEC)

__all__ = ["HardBot", "SPEC", "sample"]
