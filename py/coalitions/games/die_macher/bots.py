"""Die Macher's bots. `GoodBot` plays a plain plan from its seat's view only
(docs/bots.md):

- it values an opinion card by the face-up opinions of the states it can see
  (the election state most), and builds its programme towards them;
- it bids little for the start player, buys media markers where a majority or
  the national media spot is within reach, and buys rallies where its
  programme matches the opinions it sees (a face-down opinion counts as a
  30% chance of a match), the election state first;
- it sends a cheap, strong shadow cabinet to the election state and aims its
  rival-hitting cards at the party with most votes there;
- it bids on a poll up to what the poll is worth to it: party base as income
  for the rounds left, or the swing of the trends if it published it.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...core.actions import Value
from ...core.bots import Bot
from ...core.game import JSON
from .data import (
    BASE_MAX, CABINET_COST, MAX_RALLIES, MEDIA_PRICE, OPINIONS, PARTIES, POLL_BASE, PROGRAMME_SIZE, RALLY_PRICE,
    ROUNDS, TREND_MAX, TREND_MIN,
)
from .notation import parse

# the chance that a face-down opinion matches a programme card: 6 of the 14 opinions
HIDDEN_MATCH = PROGRAMME_SIZE / len(OPINIONS)
STATE_WEIGHT = (1.0, 0.55, 0.35, 0.25)
CABINET_PLAN = ("general-secretary", "chancellor-candidate", "foreign-minister", "party-chair", "interior-minister",
                "parliamentary-leader", "press-spokesperson")


def _weight(k: int) -> float:
    return STATE_WEIGHT[k] if k < len(STATE_WEIGHT) else 0.2


def _visible_ops(st: JSON) -> list[tuple[str, int]]:
    """(opinion, weight) of the face-up or known opinions of a state view."""
    return [(sl["opinion"], 2 if sl["doubled"] else 1) for sl in st["slots"] if sl["opinion"] is not None]


def _hidden(st: JSON) -> int:
    return sum(1 for sl in st["slots"] if sl["opinion"] is None)


def expected_topics(st: JSON, programme: Sequence[str]) -> float:
    prog = set(programme)
    seen = sum(w for op, w in _visible_ops(st) if op in prog)
    return seen + HIDDEN_MATCH * _hidden(st)


def card_value(view: JSON, op: Value) -> float:
    """How much an opinion card in the programme is worth: the weighted face-up
    opinions equal to it, and a little for the chance of face-down ones."""
    value = 0.05
    for k, st in enumerate(view["states"]):
        w = _weight(k)
        for o, d in _visible_ops(st):
            if o == op:
                value += w * d
        value += w * 0.05 * _hidden(st)
    return value


class GoodBot(Bot):
    level = "good"
    label = "Good"

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        step = view["step"]
        handler = getattr(self, "_" + step.replace("-", "_"), None)
        choice: Optional[str] = handler(view, legal) if handler is not None else None
        if choice is None or choice not in legal:
            return self.rng.choice(legal)
        return choice

    # -- helpers ----------------------------------------------------------------------------

    def _me(self, view: JSON) -> Any:  # the seat (an int) of the view
        return view["seat"]

    def _votes_if(self, view: JSON, st: JSON, programmes: Sequence[Sequence[str]],
                  trends: Optional[Sequence[int]] = None, rallies: Optional[Sequence[int]] = None) -> list[float]:
        """Expected votes of every seat in a state view."""
        out = []
        for s, prog in enumerate(programmes):
            r = st["rallies"][s] if rallies is None else rallies[s]
            t = st["trends"][s] if trends is None else trends[s]
            out.append(max(0, r + t) * expected_topics(st, prog))
        return out

    def _edge(self, view: JSON, st: JSON, votes: Sequence[float]) -> float:
        me: int = self._me(view)
        rivals = [v for s, v in enumerate(votes) if s != me]
        return votes[me] - max(rivals)

    # -- phase 1 ----------------------------------------------------------------------------

    def _bid(self, view: JSON, legal: list[str]) -> Optional[str]:
        money = view["money"][self._me(view)]
        want = min(money // 6, 1 + self.rng.below(3))
        return f"bid {want}"

    def _rebid(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        nxt = view["rebid"]["high"] + 1
        if nxt <= min(view["money"][me] // 4, 5):
            return f"bid {nxt}"
        return "pass"

    # -- phase 2 ----------------------------------------------------------------------------

    def _draw(self, view: JSON, legal: list[str]) -> Optional[str]:
        best = max((card_value(view, c) for c in view["programme_display"]), default=0)
        return "draw" if best >= 0.5 else "renew"

    def _take(self, view: JSON, legal: list[str]) -> Optional[str]:
        return max(legal, key=lambda a: (card_value(view, parse(a)["opinion"]), -legal.index(a)))

    def _swap(self, view: JSON, legal: list[str]) -> Optional[str]:
        best, gain = None, 0.05
        for a in legal:
            act = parse(a)
            if act.kind == "swap":
                g = card_value(view, act["card"]) - card_value(view, act["for"])
                if g > gain:
                    best, gain = a, g
        if best is not None:
            return best
        holds = [a for a in legal if a.startswith("hold ")]
        if holds:
            return max(holds, key=lambda a: card_value(view, parse(a)["card"]))
        return "done"

    # -- phases 3 and 4 -----------------------------------------------------------------------

    def _media(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        money = view["money"][me]
        on_boards = sum(st["media"][me] for st in view["states"])
        if money < MEDIA_PRICE + 8 or on_boards >= 2 + view["round"]:
            return "pass"
        for k, st in enumerate(view["states"][:2]):
            if f"media {st['id']}" not in legal:
                continue
            mine = st["media"][me]
            others = max(m for s, m in enumerate(st["media"]) if s != me)
            votes = self._votes_if(view, st, view["programmes"])
            leading = self._edge(view, st, votes) >= 0 and votes[me] > 0
            if (k == 0 and mine == 0 and leading) or (mine <= others and mine < 2 and money >= 15):
                return f"media {st['id']}"
        return "pass"

    def _rally(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        money = view["money"][me]
        reserve = 4 if view["round"] < ROUNDS else 1
        budget = money - reserve
        shares = (0.65, 0.3, 0.15, 0.1)
        for k, st in enumerate(view["states"]):
            if st["id"] in view["bought"]:
                continue
            topics = expected_topics(st, view["programmes"][me])
            if topics < 0.9:
                continue
            have = st["rallies"][me]
            spend = budget * (shares[k] if k < len(shares) else 0.1)
            count = 0
            for c in range(1, MAX_RALLIES + 1 - have):
                if RALLY_PRICE[c] <= spend and RALLY_PRICE[c] <= budget:
                    count = c
            if count and f"rally {st['id']} {count}" in legal:
                return f"rally {st['id']} {count}"
        return "done"

    # -- phases 5 to 7 --------------------------------------------------------------------------

    def _place(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        money = view["money"][me]
        states = view["states"]
        committed = sum(CABINET_COST[c] for st in states for c in [st["cabinet"][me]] if c and c != "face-down")
        placed = sum(1 for st in states if st["cabinet"][me] is not None)
        if placed >= (2 if len(states) > 1 else 1):
            return "done"
        for k, st in enumerate(states[:2]):
            if st["cabinet"][me] is not None:
                continue
            topics = expected_topics(st, view["programmes"][me])
            for card in self._cabinet_plan(st, k, me):
                act = f"place {card} {st['id']}"
                if act not in legal or committed + CABINET_COST[card] > money - 2:
                    continue
                if card == "foreign-minister" and not any(
                        op in view["programmes"][me] and w == 1 for op, w in _visible_ops(st)):
                    continue
                if card in ("general-secretary", "chancellor-candidate") and topics < 1:
                    continue
                return act
        return "done"

    def _cabinet_plan(self, st: JSON, k: int, me: int) -> tuple[str, ...]:
        """The cards in the order the bot considers them for state `k` (0: the
        election state): a party that has (nearly) all its rallies in the
        election state sends the Chancellor candidate there first, since the
        General secretary's free rallies would be wasted on it."""
        if k == 0 and st["rallies"][me] >= MAX_RALLIES - 1:
            return ("chancellor-candidate",) + tuple(c for c in CABINET_PLAN if c != "chancellor-candidate")
        return CABINET_PLAN

    def _target(self, view: JSON, legal: list[str]) -> Optional[str]:
        pend = view["pending"]
        st = next(s for s in view["states"] if s["id"] == pend["state"])
        votes = self._votes_if(view, st, view["programmes"])
        card = pend["card"]

        def score(a: str) -> tuple[Any, Any]:
            s = PARTIES.index(parse(a)["party"])
            if card == "press-spokesperson":
                return (st["media"][s], votes[s])
            return (votes[s], st["rallies"][s])

        return max(legal, key=score)

    def _cabinet(self, view: JSON, legal: list[str]) -> Optional[str]:
        kinds = {parse(a).kind for a in legal}
        if "target" in kinds:
            return self._target(view, legal)
        return self._best_change(view, legal)

    def _replace(self, view: JSON, legal: list[str]) -> Optional[str]:
        return self._best_change(view, legal)

    def _best_change(self, view: JSON, legal: list[str]) -> str:
        """The replacement or doubling that helps this seat most against its
        best rival, or skip."""
        me = self._me(view)
        pend = view["pending"]
        st = next(s for s in view["states"] if s["id"] == pend["state"])
        before = self._votes_if(view, st, view["programmes"])
        base_edge = self._edge(view, st, before)
        best, gain = "skip", 0.5
        for a in legal:
            act = parse(a)
            if act.kind not in ("replace", "double"):
                continue
            slots = [dict(sl) for sl in st["slots"]]
            for sl in slots:
                if sl["opinion"] == act["opinion"]:
                    if act.kind == "replace":
                        sl["opinion"] = act["with"]
                    else:
                        sl["doubled"] = True
                    break
            changed = dict(st, slots=slots)
            after = self._votes_if(view, changed, view["programmes"])
            g = self._edge(view, changed, after) - base_edge + 0.1 * (after[me] - before[me])
            if g > gain:
                best, gain = a, g
        return best if best in legal else legal[-1]

    def _look(self, view: JSON, legal: list[str]) -> Optional[str]:
        return legal[0]

    # -- phase 8 --------------------------------------------------------------------------------

    def _poll_worth(self, view: JSON, who: Optional[int] = None) -> tuple[float, float]:
        me = self._me(view) if who is None else who
        au = view["auction"]
        st = next(s for s in view["states"] if s["id"] == au["state"])
        base_worth = POLL_BASE * max(0.3, ROUNDS - view["round"])
        if view["base"][me] >= BASE_MAX:
            base_worth = 0
        changes = au["changes"]
        pub = 0.0
        if changes[me] > 0 and st["trends"][me] < TREND_MAX:
            before = self._votes_if(view, st, view["programmes"])
            trends = [max(TREND_MIN, min(TREND_MAX, t + c)) for t, c in zip(st["trends"], changes)]
            after = self._votes_if(view, st, view["programmes"], trends=trends)
            k = view["states"].index(st)
            pub = (self._edge(view, st, after) - self._edge(view, st, before)) * _weight(k) * 0.5
        return base_worth, pub

    def _poll_bid(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        base_worth, pub = self._poll_worth(view)
        worth = int(max(base_worth, pub))
        nxt = view["auction"]["high"] + 1
        if nxt <= worth and nxt <= view["money"][me] - 2:
            return f"bid {nxt}"
        return "pass"

    def _poll_sell(self, view: JSON, legal: list[str]) -> Optional[str]:
        base_worth, pub = self._poll_worth(view)
        high = view["auction"]["high"]
        if "keep" in legal and max(base_worth, pub) > high:
            return "keep"
        return "sell"

    def _poll_use(self, view: JSON, legal: list[str]) -> Optional[str]:
        base_worth, pub = self._poll_worth(view)
        return "publish" if "publish" in legal and pub > base_worth else "base"

    # -- phase 9 --------------------------------------------------------------------------------

    def _coalition(self, view: JSON, legal: list[str]) -> Optional[str]:
        totals = view["vp"]
        return min(legal, key=lambda a: (totals[PARTIES.index(parse(a)["party"])], legal.index(a)))

    def _donation(self, view: JSON, legal: list[str]) -> Optional[str]:
        me = self._me(view)
        return "refuse" if view["money"][me] > 60 else "accept"

