"""Election Day's part of the hard level (core/search.py): the sampler that
completes a seat's view into a state, and the playout policy.

What the view shows and the sampler keeps: the seat's hand and face-down
Ace, every card in the debate, on the track and out of the game, the size of
every hand, of the undealt pile and of the cards left out, and (from the
seat's own log) the Ace it handed to the player on its right, which that
player still holds until they use an Ace themselves. What it draws at random:
the other seats' face-down Aces among the suits nobody can be seen to hold,
then the unseen cards (the Ace cards of the remaining suits among them) into
the other hands, the pile and the cards left out, and the next random draws.
"""

import math
import re
from typing import Any, Optional

from ...core.game import JSON
from ...core.rng import Rng
from ...core.search import SearchSpec, bot_policy, search_bot
from .bots import _potential, _totals
from .data import SUIT_NAMES, SUITS, chosen_deck
from .rules import ElectionDay

_SUIT_OF_NAME = {name: suit for suit, name in SUIT_NAMES.items()}
_HANDED = re.compile(r"handed the Ace of (\w+) to \{p(\d+)\}")


def handed_aces(view: JSON) -> dict[int, list[str]]:
    """{seat: [Ace cards]} for the Aces this seat handed to a player who has
    not used an Ace since (so still holds them), from the seat's own log."""
    me = view["seat"]
    held: dict[int, list[str]] = {}
    for ev in view["log"]:
        if ev.get("kind") == "ace" and ev.get("seat") is not None and ev["seat"] != me:
            held.pop(ev["seat"], None)
        elif ev.get("kind") == "private" and ev.get("to") == [me]:
            m = _HANDED.search(ev["text"])
            if m and m.group(1) in _SUIT_OF_NAME:
                held.setdefault(int(m.group(2)), []).append("ace-" + _SUIT_OF_NAME[m.group(1)])
    return held


def sample(view: JSON, rng: Rng) -> Optional[JSON]:
    """A state's JSON consistent with `view` (see the module docstring)."""
    if view.get("outcome") or view["seat"] is None:
        return None
    me, n = view["seat"], view["players"]
    hand = list(view["hand"])
    seen = set(hand)
    seen.update(c for c, _ in view["debate"])
    seen.update(view["out"])
    for cards in view["track"].values():
        seen.update(cards)
    open_suits = [s for s in SUITS if s != view["ace"] and "ace-" + s not in seen]
    held = {s: [c for c in cards if c not in seen] for s, cards in handed_aces(view).items() if 0 <= s < n and s != me}
    known = {c for cards in held.values() for c in cards}
    open_suits = [s for s in open_suits if "ace-" + s not in known]
    rng.shuffle(open_suits)
    others = [s for s in range(n) if s != me]
    if len(open_suits) < len(others):
        return None
    aces = [""] * n
    aces[me] = view["ace"]
    for s in others:
        aces[s] = open_suits.pop()
    pool = [c for c in chosen_deck(view["options"]) if c not in seen]
    pool += ["ace-" + s for s in open_suits]
    rng.shuffle(pool)
    counts = view["hand_counts"]
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[me] = hand
    for s, cards in held.items():
        hands[s] += cards
    if len(pool) != sum(counts[s] - len(hands[s]) for s in others) + view["pile_count"] + view["removed_count"]:
        return None
    for s in others:
        need = counts[s] - len(hands[s])
        if need < 0:
            return None
        hands[s] += pool[:need]
        del pool[:need]
    pile, removed = pool[:view["pile_count"]], pool[view["pile_count"]:]
    return {
        "game": "election-day", "players": n, "options": dict(view["options"]), "seed": 0,
        "rng": Rng(rng.next_u64()).to_json(), "dealer": view["dealer"], "turn": view["turn"],
        "debate_no": view["debate_no"], "aces": aces, "hands": hands, "pile": pile, "removed": removed,
        "debate": [list(d) for d in view["debate"]], "passes": list(view["passes"]),
        "played": view["played_this_debate"], "track": {s: list(c) for s, c in view["track"].items()},
        "out": list(view["out"]), "over": False, "result": None, "last_scoring": view["last_scoring"], "log": [],
    }


def value(state: Any, seat: int) -> float:  # state: an ElectionDayState
    """A playout cut short: the seat's chance from how far its Prince leads
    the best other Prince on the track (a logistic of the difference in
    points), plus a little for its strength still in hand."""
    totals = _totals(state.track)
    mine = state.aces[seat]
    lead: float = totals[mine] - max(v for s, v in totals.items() if s != mine)
    lead += _potential(state.hands[seat], mine)
    return 1.0 / (1.0 + math.exp(-lead / 4.0))


SPEC = SearchSpec(ElectionDay, sample, bot_policy("normal", ElectionDay), value, playouts=96, horizon=10)
HardBot = search_bot(SPEC)

__all__ = ["HardBot", "SPEC", "sample", "handed_aces"]
