"""Die Macher's part of the hard level (core/search.py): the sampler that
completes a seat's view into a state, and the playout policy.

What the view shows and the sampler keeps: every public track (money, base,
victory points, media, rallies, trends, doublings), the programmes, the
displays, the face-up opinions and those the seat has looked at, its own
hand and shadow cabinet (in hand and face down in the states), the cabinet
cards every party has used, the number of cards in every hand, stack and
discard, the polls and donations used. What it draws at random: the face-down
opinions it has not seen (never two of one topic in a state), the other
hands, the other parties' face-down cabinet cards among the cards they have
not used, the order of every stack, and the next random draws.

It models the programme, media, rally and shadow-cabinet phases (2 to 5);
in the secret bid, the cabinet actions, the poll auctions and the election,
whose half-finished steps the view summarizes, the hard bot plays as the
normal one.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Optional

from ...core.game import JSON

from ...core.rng import Rng
from ...core.search import SearchSpec, bot_policy, search_bot
from .data import CABINET_IDS, DONATION_DECK, POLL_IDS, contradicts, opinion_deck, programme_deck
from .rules import DieMacher
from .votes import all_votes

STEPS = ("draw", "take", "swap", "media", "rally", "place")
FACE_DOWN = "face-down"


def _minus(deck: Iterable[str], cards: Iterable[str]) -> Optional[list[str]]:
    """The multiset `deck` without `cards` (None if a card is not in it)."""
    left = Counter(deck)
    for c in cards:
        if not left[c]:
            return None
        left[c] -= 1
    return sorted(left.elements())


def _fill_slots(boards: list[list[Optional[str]]], pool: list[str],
                rng: Rng) -> Optional[tuple[list[list[Optional[str]]], list[str]]]:
    """Put opinions from `pool` in every hidden slot (None) of `boards`, never
    two of one topic in a state; returns the rest of the pool, or None."""
    for _ in range(12):
        rng.shuffle(pool)
        left = list(pool)
        filled = []
        ok = True
        for ops in boards:
            ops = list(ops)
            for i, o in enumerate(ops):
                if o is not None:
                    continue
                for k, c in enumerate(left):
                    if all(x is None or not (x == c or contradicts(x, c)) for x in ops):
                        ops[i] = left.pop(k)
                        break
                else:
                    ok = False
                    break
            if not ok:
                break
            filled.append(ops)
        if ok:
            return filled, left
    return None


def sample(view: JSON, rng: Rng) -> Optional[JSON]:
    """A state's JSON consistent with `view` (see the module docstring), or
    None in a step it does not model."""
    if view.get("outcome") or view["seat"] is None or view["step"] not in STEPS:
        return None
    if view["pending"] or view["auction"] or view["election"] or view["rebid"]:
        return None
    me, n = view["seat"], view["players"]
    states = view["states"]
    # opinions: the face-down ones not seen, the stack and the discard
    shown = [sl["opinion"] for b in states for sl in b["slots"] if sl["opinion"] is not None]
    ops = _minus(opinion_deck(), shown + list(view["opinion_display"]))
    hidden_slots = sum(1 for b in states for sl in b["slots"] if sl["opinion"] is None)
    if ops is None or len(ops) != hidden_slots + view["opinion_stack"] + view["opinion_discard"]:
        return None
    placed = _fill_slots([[sl["opinion"] for sl in b["slots"]] for b in states], ops, rng)
    if placed is None:
        return None
    slots, ops = placed
    op_stack, op_discard = ops[:view["opinion_stack"]], ops[view["opinion_stack"]:]
    # programme cards: the other hands, the stack and the discard
    progs = _minus(programme_deck(), [c for p in view["programmes"] for c in p] + list(view["hand"])
                   + list(view["programme_display"]))
    counts = view["hand_counts"]
    if progs is None or len(progs) != sum(counts[s] for s in range(n) if s != me) + \
            view["programme_stack"] + view["programme_discard"]:
        return None
    rng.shuffle(progs)
    hands = []
    for s in range(n):
        if s == me:
            hands.append(list(view["hand"]))
        else:
            hands.append(progs[:counts[s]])
            del progs[:counts[s]]
    prog_stack, prog_discard = progs[:view["programme_stack"]], progs[view["programme_stack"]:]
    # shadow cabinets: the others' face-down cards among those they have not used
    cabinet = []
    board_cab = [list(b["cabinet"]) for b in states]
    for s in range(n):
        if s == me:
            cabinet.append(list(view["cabinet"]))
            continue
        free = [c for c in CABINET_IDS if c not in view["cabinet_used"][s]]
        rng.shuffle(free)
        for cab in board_cab:
            if cab[s] == FACE_DOWN:
                if not free:
                    return None
                cab[s] = free.pop()
        if len(free) != view["cabinet_counts"][s]:
            return None
        cabinet.append(free)
    polls = _minus(POLL_IDS, view["polls_used"])
    # the donations drawn so far are not shown: the rest is drawn from the deck
    dons = _minus(DONATION_DECK, [view["donation"]] if view["donation"] else [])
    if polls is None or dons is None or len(polls) != view["polls_left"] or len(dons) < view["donations_left"]:
        return None
    rng.shuffle(polls)
    rng.shuffle(dons)
    dons, dons_used = dons[:view["donations_left"]], dons[view["donations_left"]:]
    boards = []
    for k, b in enumerate(states):
        boards.append({
            "id": b["id"], "opinions": slots[k], "up": [sl["face_up"] for sl in b["slots"]],
            "doubled": [sl["doubled"] for sl in b["slots"]],
            "known": [[me] if sl["known"] else [] for sl in b["slots"]], "rallies": list(b["rallies"]),
            "trends": list(b["trends"]), "media": list(b["media"]), "cabinet": board_cab[k], "once": list(b["once"]),
        })
    return {
        "game": "die-macher", "options": {}, "rng": Rng(rng.next_u64()).to_json(), "result": None, "players": n,
        "seed": 0, "over": False, "round": view["round"], "phase": view["phase"], "step": view["step"],
        "turn": view["turn"], "start": view["start"], "order": list(view["order"]), "money": list(view["money"]),
        "base": list(view["base"]), "vp": list(view["vp"]), "national": list(view["national"]),
        "supply": list(view["supply"]), "cabinet": cabinet, "used_cabinet": [list(c) for c in view["cabinet_used"]],
        "bank": 0, "doubling": view["doubling_left"], "results": [dict(r) for r in view["results"]],
        "bids": [None] * n, "last_bids": list(view["last_bids"]) if view["last_bids"] is not None else None,
        "rebid": None, "swaps": view["swaps"], "passes": view["passes"], "bought": list(view["bought"]),
        "queue": [], "cab": None, "auction": None, "election": None, "donation": view["donation"],
        "programmes": [list(p) for p in view["programmes"]], "hands": hands, "prog_stack": prog_stack,
        "prog_discard": prog_discard, "prog_display": list(view["programme_display"]), "op_stack": op_stack,
        "op_discard": op_discard, "op_display": list(view["opinion_display"]), "polls": polls,
        "polls_used": list(view["polls_used"]), "donations": dons, "donations_used": dons_used,
        "boards": boards, "log": [],
    }


def value(state: Any, seat: int) -> float:  # state: a DieMacherState
    """A playout cut short: the seat's chance from its lead in victory
    points, counting the election state's votes as they would fall now
    (a vote is worth a fifth of a point here)."""
    votes = all_votes(state.boards[0], state.programmes) if state.boards else [0] * state.players
    score = [state.vp[s] + votes[s] / 5.0 for s in range(state.players)]
    lead = score[seat] - max(v for s, v in enumerate(score) if s != seat)
    return 1.0 / (1.0 + math.exp(-lead / 5.0))


SPEC = SearchSpec(DieMacher, sample, bot_policy("normal", DieMacher), value, playouts=40, horizon=24,
                  max_candidates=8)
HardBot = search_bot(SPEC)

__all__ = ["HardBot", "SPEC", "sample"]
