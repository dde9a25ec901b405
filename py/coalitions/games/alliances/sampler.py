"""Alliances' part of the hard level (core/search.py): the sampler that
completes a seat's view into a state, and the playout policy.

What the view shows and the sampler keeps: the seat's hand, the board, the
bids, every card on the table and in the discards, the size of every hand and
of the reserve, the cards the partner showed in the secret meeting (still in
its hand), and a void: a player who did not follow the leading suit in the
conflict on the table holds no power card of that suit. What it draws at
random: the unseen cards into the other hands (respecting those voids) and
the reserve, and the next random draws.

It models the bidding, targeting and conflict phases; in the drafting, the
secret meeting and the Empire's exchange (whose half-finished hidden steps
the view does not describe) the hard bot plays as the normal one. In the
4-player bidding the hard bot follows its own rule (`bid_4p`, below).
"""

import math
from typing import Any, Optional

from ...core.game import JSON
from ...core.rng import Rng, mix
from ...core.search import SearchBot, SearchSpec, try_action
from . import notation
from .bots import GoodBot
from .data import DECK, IS_SPECIAL, SUIT_OF, SUITS, TILES
from .rules import Alliances

PHASES = ("bid", "target", "play", "reinforce", "declare", "trump")


def voids(view: JSON) -> dict[int, set[str]]:
    """{seat: suits it cannot hold}: a power card off the leading suit on the
    table means its player had none of that suit."""
    out: dict[int, set[str]] = {}
    lead = view["leading"]
    for i, e in enumerate(view["table"]):
        if i and lead is not None and e.get("by", e["seat"]) == e["seat"] and not IS_SPECIAL[e["card"]] \
                and SUIT_OF[e["card"]] != lead:
            out.setdefault(e["seat"], set()).add(lead)
    return out


def _deal(pool: list[str], needs: dict[int, int], banned: dict[int, set[str]],
          rng: Rng) -> Optional[tuple[dict[int, list[str]], list[str]]]:
    """Deal `pool` into {seat: count} with no seat given a power card of a
    banned suit; None if the draws fail a few times."""
    for _ in range(8):
        rng.shuffle(pool)
        left = list(pool)
        hands: dict[int, list[str]] = {}
        ok = True
        # the most constrained seats first
        for seat in sorted(needs, key=lambda s: -len(banned.get(s, ()))):
            bad: set[str] = banned.get(seat, set())
            fits = [c for c in left if IS_SPECIAL[c] or SUIT_OF[c] not in bad]
            if len(fits) < needs[seat]:
                ok = False
                break
            take = fits[:needs[seat]]
            taken = set(take)
            hands[seat] = take
            left = [c for c in left if c not in taken]
        if ok:
            return hands, left
    return None


def sample(view: JSON, rng: Rng) -> Optional[JSON]:
    """A state's JSON consistent with `view` (see the module docstring), or
    None in a phase it does not model."""
    if view.get("outcome") or view["seat"] is None or view["phase"] not in PHASES:
        return None
    if view["rise_given"] or view["rise_put"] or view["draft_packet"]:
        return None
    me, n = view["seat"], view["players"]
    hand = list(view["hand"])
    seen = set(hand) | set(view["discards"])
    for e in view["table"]:
        seen.add(e["card"])
        seen.update(e["with"])
    partner = view["partner"]
    shown = [c for c in view["partner_shown"] if c not in seen] if partner is not None else []
    seen.update(shown)
    pool = [c for c in DECK if c not in seen]
    counts = view["hand_counts"]
    needs = {s: counts[s] for s in range(n) if s != me}
    if partner is not None:
        needs[partner] -= len(shown)
    if any(v < 0 for v in needs.values()) or len(pool) != sum(needs.values()) + view["reserve_count"]:
        return None
    dealt = _deal(pool, needs, voids(view), rng)
    if dealt is None:
        return None
    got, reserve = dealt
    hands = [hand if s == me else got[s] + (shown if s == partner else []) for s in range(n)]
    layout = [b["tile"] for b in view["board"]]
    high = view["high"]
    high_seat = None
    if high is not None:
        bids = [b for b in view["bids"] if b[1] != "pass"]
        high_seat = bids[-1][0] if bids else None
    shown_cards: list[list[str]] = [[] for _ in range(n)]
    if partner is not None:
        shown_cards[partner] = list(shown)
    return {
        "game": "alliances", "options": dict(view["options"]), "rng": Rng(rng.next_u64()).to_json(),
        "result": None, "players": n, "seed": 0, "over": False, "campaign": view["campaign"],
        "wins": list(view["wins"]), "empire_tiles": list(view["empire_tiles"]),
        "rebel_tricks": list(view["rebel_tricks"]), "results": [dict(r) for r in view["results"]],
        "first": view["first"], "empire": view["empire"], "layout": layout,
        "stacks": [list(b["stack"]) for b in view["board"]], "bid": view["bid"], "aggressor": view["aggressor"],
        "dominant": view["dominant"], "redeals": view["redeals"], "won": list(view["won"]),
        "tricks": list(view["tricks"]), "discards": list(view["discards"]),
        "table": [dict(e, **{"with": list(e["with"])}) for e in view["table"]],
        "target": layout.index(view["target"]) if view["target"] is not None else None,
        "leading": view["leading"], "played": view["played"], "conflict_no": view["conflict"],
        "conflicts": view["conflicts"], "starter": view["starter"], "turn": view["turn"], "hands": hands,
        "reserve": reserve, "packets": [[] for _ in range(n)], "picks": [0] * n, "shown_cards": shown_cards,
        "declined": [], "meeting_done": partner is not None and bool(view["partner_shown"]),
        "given": [], "put": [[] for _ in range(n)], "passed": list(view["passed"]), "high": high,
        "high_seat": high_seat, "bids": [list(b) for b in view["bids"]], "phase": view["phase"],
        "last_trick": None, "explicit": None, "log": [], "effects": list(view["effects"]),
    }


# 3 players: the countries an Empire holds at the end of its campaign, on
# average between normal bots (a campaign still to play counts this much)
EMPIRE_MEAN = 10


def value_3p(state: Any, seat: int) -> float:  # state: an AlliancesState
    """How the seat stands in the 3-player game: its score as the Empire
    (EMPIRE_MEAN while still to play; the countries held so far by the Empire
    of a campaign cut short) against the best of the others' (tie-break:
    conflicts won as a Rebel), as a share of a win."""
    scores = [float(t) if t is not None else EMPIRE_MEAN for t in state.empire_tiles]
    if state.phase in ("target", "play", "reinforce") and state.empire_tiles[state.empire] is None:
        scores[state.empire] = len(state.controlled(0))
    scores = [sc + 0.01 * state.rebel_tricks[s] for s, sc in enumerate(scores)]
    lead = scores[seat] - max(sc for s, sc in enumerate(scores) if s != seat)
    return 0.5 + 0.5 * math.tanh(lead / 3)


def value(state: Any, seat: int) -> float:  # state: an AlliancesState
    """A playout's end: at the end of a campaign, whether the seat's side won
    it (3 players: `value_3p`); cut short before, the share of the countries
    its side holds."""
    if state.players == 3:
        return value_3p(state, seat)
    side = state.side(seat)
    if state.results and state.phase not in PHASES[2:]:
        last = state.results[-1].get("winner_side")
        return 0.5 if last is None else 1.0 if last == side else 0.0
    mine = len(state.controlled(side))
    theirs = len(state.controlled(1 - side))
    return 0.5 + 0.5 * (mine - theirs) / max(1, mine + theirs)


def campaign(state: Any) -> object:  # state: an AlliancesState
    """The stage of a playout: the campaigns played (a playout ends with the campaign)."""
    return len(state.results)


# The phases a playout meets (it ends with the campaign), for which the
# policy builds the lighter view below.
PLAYOUT_PHASES = ("target", "play", "reinforce")


def playout_view(state: Any, seat: int) -> JSON:  # state: an AlliancesState
    """What the normal bot reads of `seat`'s view in a target, play or
    reinforce phase, without the rest of `state.view(seat)` (the log, the
    tiles' names and stacks, the bids and results...), which a playout need
    not build at every action (a seventh of its time). The same values as the view:
    the normal bot makes the same choice from either (tests/test_alliances.py).
    Read-only: it shares the state's lists."""
    partner = state.partner(seat)
    shown = [c for c in state.shown_cards[partner] if c in state.hands[partner]] \
        if partner is not None and state.meeting_done else []
    return {
        "seat": seat, "players": state.players, "phase": state.phase, "hand": state.hands[seat],
        "board": [{"pos": pos, "tile": tid, "military": TILES[tid]["military"], "economics": TILES[tid]["economics"],
                   "top": stack[-1] if stack else None}
                  for pos, (tid, stack) in enumerate(zip(state.layout, state.stacks))],
        "side": state.side(seat), "sides": [state.side(s) for s in range(state.players)],
        "dominant": state.dominant, "target": state.layout[state.target] if state.target is not None else None,
        "table": state.table, "played": state.played, "leading": state.leading, "discards": state.discards,
        "partner_shown": shown, "hand_counts": [len(h) for h in state.hands], "effects": state.effects,
        "options": state.options, "conflict": state.conflict_no, "conflicts": state.conflicts,
        # the tokens left are counted only where the bot reads them
        "supply": [state.supply(0), state.supply(1)] if state.phase == "reinforce" else None,
    }


def policy(state: Any, seat: int, rng: Rng) -> str:  # state: an AlliancesState
    """The playout policy: the normal bot from `seat`'s view of the completed
    state (as core/search.bot_policy, with `playout_view` in the phases it covers)."""
    bot = GoodBot(Rng(rng.next_u64()))
    legal: list[str] = state.legal_actions(seat)
    view = playout_view(state, seat) if state.phase in PLAYOUT_PHASES else state.view(seat)
    choice: str = bot.choose(view, legal)
    return choice


SPEC = SearchSpec(Alliances, sample, policy, value, playouts=24, horizon=90,
                  max_candidates=4, stage=campaign, margin=0.1)

# The State of the Nations (4 players). The Aggressor needs 10 of the 20
# countries from 2, with 12 conflicts: an Aggressor whose bid was forced
# wins rarely (about one campaign in eight between normal bots), so the bid is
# what decides most campaigns. The hard bot never opens nor outbids while a
# player after it may still be made to bid; only when it speaks last and
# everybody else passed does it weigh a bid of 10 in each suit by playouts
# to the end of the campaign and bids the best one if that wins at least
# `forced_threshold(redeals)` of FORCED_ROUNDS playouts, else passes (a
# redeal). The threshold falls with every redeal, so the cards are not dealt
# forever. The suits share their samples (common random numbers): all three
# are played out on the first FORCED_FIRST samples, then only the one
# leading there, on the rest of the FORCED_ROUNDS, and only until its share
# of wins is sure to reach the threshold or sure to miss it. Over 83 forced
# bids between normal bots this made the same bid (or pass) as playing every
# suit on all 16 samples, with at most 28 playouts instead of 48 (25 on average).
FORCED_ROUNDS = 16
FORCED_FIRST = 6


def forced_threshold(redeals: int) -> float:
    """The share of playouts a forced bid of 10 must win to be made."""
    return max(0.0, 0.3 - 0.04 * max(0, redeals - 3))


def bid_4p(spec: SearchSpec, view: JSON, rng: Rng) -> str:
    """The hard bot's bid in the 4-player State of the Nations (see above)."""
    me = view["seat"]
    last = view["high"] is None and sum(1 for s, p in enumerate(view["passed"]) if p and s != me) == 3
    if not last:
        return notation.PASS
    tens = [notation.bid(10, suit) for suit in SUITS]
    need = forced_threshold(view["redeals"]) * FORCED_ROUNDS - 1e-9  # the playouts' total worth to reach
    base = rng.fork(3).state
    totals = [0.0] * len(tens)
    best = 0
    for i in range(FORCED_ROUNDS):
        if i >= FORCED_FIRST and (totals[best] >= need or totals[best] + FORCED_ROUNDS - i < need):
            break  # a playout is worth 1 at most: the rest cannot change the answer
        data = spec.sample(view, Rng(mix(base, i, 1)))
        if data is None:
            return notation.PASS
        suits = list(range(len(tens))) if i < FORCED_FIRST else [best]
        for j in suits:
            totals[j] += try_action(spec, data, me, tens[j], Rng(mix(base, i, 2)), last=j == suits[-1])
        if i == FORCED_FIRST - 1:
            best = max(range(len(tens)), key=lambda k: (totals[k], -k))
    return tens[best] if totals[best] >= need else notation.PASS


class HardBot(SearchBot):
    """The hard level: the search (core/search.py) with SPEC, and in the
    4-player bidding the rule above."""

    spec = SPEC

    def choose(self, view: JSON, legal: list[str]) -> str:
        if view["phase"] == "bid" and view["players"] == 4 and view["seat"] is not None and len(legal) > 1:
            return bid_4p(self.spec, view, self.rng)
        return super().choose(view, legal)


__all__ = ["HardBot", "SPEC", "sample", "voids"]
