"""The Alliances bot that plays to win (level "normal", once "good"), and
the easy level built on its scores (EasyBot, at the end).

It sees only its seat's view: its hand, the board, the table, the public log
and what its partner showed it in the secret meeting. Its rules of thumb:

- bidding: estimate how many countries its alliance would hold with each suit
  as the dominant suit (its sure winners, a share for its partner), bid only
  what that reaches, never outbid its partner, and open 10 in its best suit
  rather than let the cards be dealt a third time;
- targets: the country its best card (a dominant-suit card first) beats by the
  widest margin, a rival country when that is the only way, and a country that
  opens more neutral neighbours;
- cards: for each legal card it works out the table right after playing it
  (special actions included, with the rules' own code) and asks whether its side
  would then win and take the country, and how likely the opponents still to
  play can overtake (from the unseen cards of the winning suit and of the
  dominant suit). It then spends as little as it can: it does not overtake a
  partner who is already winning, plays a dominant-suit card when that takes
  the country, and keeps strong cards and useful specials for later;
- 2 players: in the drafting phase it wins tricks cheaply and dumps weak cards;
- 3 players: the Empire gives away its weakest cards outside the suit it will
  make dominant; a Rebel gives the weaker of its allowed pairs.
"""

from typing import Any, Callable, Optional

from ...core.bots import Bot, NoisyBot
from ...core.game import JSON
from . import conflict as cf
from . import notation
from .notation import parse
from .data import (
    CARDS, DECK, IS_SPECIAL, NEIGHBOURS, SUIT_OF, SUITS, TILES, VALUE_OF,
)

SPECIAL_KEEP = {  # what a special is worth keeping, in power points
    "reserve-forces": 7, "global-trading": 6, "bribe": 5, "dual-allegiance": 5, "spin": 4, "peace-treaty": 4,
    "embargo": 4, "monopoly": 3, "covert-operation": 3, "reinforcement": 3, "defensive-pact": 3, "free-market": 3,
}


def keep_value(cid: str, dominant: Optional[str] = None) -> float:
    if IS_SPECIAL[cid]:
        return SPECIAL_KEEP[cid]
    v = VALUE_OF[cid]
    return v * (1.6 if dominant is not None and SUIT_OF[cid] == dominant else 1.0)


def held_now(view: JSON) -> int:
    """How many countries the seat's side controls now."""
    return sum(1 for t in view["board"] if t["top"] == view["side"])


def suit_strength(hand: list[str], suit: str) -> float:
    """Rough number of conflicts a hand wins with `suit` dominant."""
    power = sorted((VALUE_OF[c] for c in hand if not IS_SPECIAL[c] and SUIT_OF[c] == suit), reverse=True)
    wins = 0.0
    for i, v in enumerate(power):
        if v >= 10:
            wins += 1.0
        elif v >= 7:
            wins += 0.7
        elif i >= 3:
            wins += 0.4  # long suits win late
        else:
            wins += 0.2
    for c in hand:
        if IS_SPECIAL[c]:
            wins += 0.3 if SUIT_OF[c] == suit else 0.1
        elif SUIT_OF[c] != suit and VALUE_OF[c] >= 11:
            wins += 0.4
    return wins


class GoodBot(Bot):
    level = "good"
    label = "Good"

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        ph = view["phase"]
        handlers: dict[str, Callable[[JSON, list[str]], str]] = {
            "bid": self.bid, "target": self.target, "play": self.play, "trick": self.play, "draft": self.draft,
            "meeting": self.meeting, "declare": self.declare, "give": self.give, "trump": self.trump,
            "put": self.put, "reinforce": self.reinforce,
        }
        handler = handlers.get(ph)
        if handler is None:
            return self.rng.choice(legal)
        choice = handler(view, legal)
        return choice if choice in legal else self.rng.choice(legal)

    # -- bidding and declarations -------------------------------------------------------

    def bid(self, view: JSON, legal: list[str], eager: float = 0.0) -> str:
        """The bid (or pass); `eager` countries of optimism (the easy level's)."""
        hand = view["hand"]
        seat = view["seat"]
        partner = (seat + 2) % 4
        high = view["high"]
        partner_suit = None
        for s, b in view["bids"]:
            if s == partner and b != "pass":
                partner_suit = parse("bid " + b)["suit"]  # the view writes a bid "N SUIT"
        best: Optional[tuple[float, str]] = None
        held = held_now(view)  # 2 at a campaign's start (6 with the option "Corner groups")
        for suit in SUITS:
            est = held + suit_strength(hand, suit) * 1.1 + 3.0
            if partner_suit == suit:
                est += 1.5
            if best is None or est > best[0]:
                best = (est, suit)
        assert best is not None
        est, suit = best
        high_seat = None
        for s, b in view["bids"]:
            if b != "pass":
                high_seat = s
        if high_seat == partner:
            return notation.PASS
        others_passed = sum(view["passed"]) == 3
        if view["redeals"] >= 2 and others_passed and high is None:
            return notation.bid(10, suit)
        for action in legal:
            a = parse(action)
            if a.kind == "bid" and a["suit"] == suit and int(a["number"]) <= est + eager:
                return action
        return notation.PASS

    def declare(self, view: JSON, legal: list[str]) -> str:
        hand = view["hand"]
        suit = max(SUITS, key=lambda s: suit_strength(hand, s))
        if parse(legal[0]).kind == "declare":
            est = int(round(held_now(view) + suit_strength(hand, suit) * 1.2 + 4))
            numbers = [int(parse(a)["number"]) for a in legal]
            est = max(min(numbers), min(max(numbers), est))
            return notation.declare(est, suit)
        return notation.trump(suit)

    def trump(self, view: JSON, legal: list[str]) -> str:
        hand = view["hand"]
        return notation.trump(max(SUITS, key=lambda s: suit_strength(hand, s)))

    def give(self, view: JSON, legal: list[str]) -> str:
        hand = view["hand"] + view["rise_given"]
        plan = max(SUITS, key=lambda s: suit_strength(hand, s))
        options = [str(parse(a)["card"]) for a in legal]
        return notation.one_card("give", min(options, key=lambda c: (keep_value(c, plan), c)))

    def put(self, view: JSON, legal: list[str]) -> str:
        def cost(action: str) -> float:
            a = parse(action)
            return keep_value(str(a["card"])) + keep_value(str(a["card2"]))
        return min(legal, key=lambda a: (cost(a), a))

    def draft(self, view: JSON, legal: list[str]) -> str:
        hand = view["hand"]
        def worth(action: str) -> float:
            c = str(parse(action)["card"])
            same = sum(1 for h in hand if SUIT_OF[h] == SUIT_OF[c])
            return keep_value(c) + 0.5 * same
        return max(legal, key=lambda a: (worth(a), a))

    def meeting(self, view: JSON, legal: list[str]) -> str:
        shows = [a for a in legal if parse(a).kind == "show"]
        return max(shows, key=lambda a: (keep_value(str(parse(a)["card"])), a)) if shows else legal[0]

    def reinforce(self, view: JSON, legal: list[str]) -> str:
        """Add a token (it counts for a bid of 10) unless the supply is needed for
        the countries still to take."""
        left = view["conflicts"] - view["conflict"]
        return notation.REINFORCE if view["supply"][view["side"]] > left else notation.PASS

    # -- targets -------------------------------------------------------------------------

    def _my_power(self, view: JSON, suit: str, tile_pos: int) -> int:
        best = 0
        for c in view["hand"]:
            if not IS_SPECIAL[c] and SUIT_OF[c] == suit:
                best = max(best, VALUE_OF[c])
            elif c == "global-trading" and suit == "economics":
                best = max(best, sum(view["board"][p]["economics"] for p in NEIGHBOURS[tile_pos]))
            elif c == "reserve-forces" and suit == "military":
                mil = sorted((t["military"] for t in view["board"] if t["top"] == view["side"]), reverse=True)
                best = max(best, sum(mil[:4]))
        return best

    def target(self, view: JSON, legal: list[str]) -> str:
        return self._best(self.target_scores(view, legal))

    def _best(self, scored: list[tuple[float, str]]) -> str:
        """The best-scored action (a tie broken at random)."""
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def target_scores(self, view: JSON, legal: list[str]) -> list[tuple[float, str]]:
        """[(score, action)] for each legal target: higher is better."""
        side = view["side"]
        dom = view["dominant"]
        board = view["board"]
        pos_of = {t["tile"]: t["pos"] for t in board}
        scored = []
        for action in legal:
            tid = str(parse(action)["tile"])
            pos = pos_of[tid]
            t = TILES[tid]
            margin_dom = self._my_power(view, dom, pos) - t[dom] if dom else -5
            margin_other = max(self._my_power(view, s, pos) - t[s] for s in SUITS if s != dom)
            score = 2 * max(-3, min(5, margin_dom)) + 0.8 * max(-3, min(5, margin_other))
            score -= 0.4 * t[dom] if dom else 0
            top = board[pos]["top"]
            if top is not None and top != side:
                score += 3
            score += 0.3 * sum(1 for p in NEIGHBOURS[pos] if board[p]["top"] is None)
            scored.append((score, action))
        return scored

    # -- playing a card --------------------------------------------------------------------

    def play(self, view: JSON, legal: list[str]) -> str:
        return self._best(self.play_scores(view, legal))

    def play_scores(self, view: JSON, legal: list[str]) -> list[tuple[float, str]]:
        """[(score, action)] for each legal card to play: higher is better."""
        n = view["players"]
        seat = view["seat"]
        sides = view["sides"]
        my_side = sides[seat]
        trick = view["phase"] == "trick"
        dom = view["dominant"]
        hand = view["hand"]
        board = view["board"]
        table = view["table"]
        played = view["played"]
        leading = view["leading"]
        ctx: JSON
        tile: Optional[dict[str, Any]]
        if trick:
            ctx = {"n": 2, "tile": None, "neigh_e": 0, "reserve": [0] * n}
            tile = None
            top = None
        else:
            pos = {t["tile"]: t["pos"] for t in board}[view["target"]]
            tile = TILES[view["target"]]
            top = board[pos]["top"]
            mil = sorted((t["military"] for t in board if t["top"] == my_side), reverse=True)
            reserve = [0] * n
            reserve[seat] = sum(mil[:4])
            ctx = {"n": n, "tile": tile, "neigh_e": sum(board[p]["economics"] for p in NEIGHBOURS[pos]),
                   "reserve": reserve}
        # what is still unseen
        seen = set(hand) | set(view["discards"]) | set(view.get("partner_shown") or [])
        for e in table:
            seen.add(e["card"])
            seen.update(e["with"])
        unseen = [c for c in DECK if c not in seen]
        n_unseen = max(1, len(unseen))
        to_play = [(seat + k) % n for k in range(1, n - played)]
        opponents = [s for s in to_play if sides[s] != my_side]
        counts = view["hand_counts"]

        def gain(side: int) -> float:
            if trick:
                return 1.0
            if top is None:
                return 1.0
            return 2.0 if top != side else 0.3

        # the unseen power cards by suit, and the unseen specials (p_safe's counts)
        unseen_power: dict[str, list[int]] = {suit: [] for suit in SUITS}
        for c in unseen:
            if not IS_SPECIAL[c]:
                unseen_power[SUIT_OF[c]].append(VALUE_OF[c])
        unseen_specials = sum(1 for c in unseen if IS_SPECIAL[c])

        def p_safe(suit: str, power: int) -> float:
            if not opponents:
                return 1.0
            higher: float = sum(1 for v in unseen_power[suit] if v > power)
            if dom is not None and suit != dom:
                higher += 0.5 * len(unseen_power[dom])
            higher += 0.3 * unseen_specials
            q = min(1.0, higher / n_unseen)
            p = 1.0
            for s in opponents:
                p *= (1.0 - q) ** max(1, counts[s])
            return p

        stays = cf.earlier_rules(view["options"])  # Monopoly in games saved before it could keep itself
        scored = []
        for action in legal:
            a = parse(action)
            cid = str(a["card"])
            t = [dict(e, **{"with": list(e["with"])}) for e in table]
            lead = leading if played else SUIT_OF[cid]
            eff = list(view.get("effects") or [])
            cf.play(t, seat, cid, notation.special_params(a), ctx, played, [], eff, stays)
            if trick:
                w, suit, power, _ = cf.judge_trick(t, lead, view["options"].get("trick_leading_suit", False))
            else:
                w, suit, power, _ = cf.judge(t, lead, dom)
            if w is None:
                value = 0.0
            else:
                wside = sides[w]
                if trick:
                    capture = True
                else:
                    assert tile is not None
                    capture = power > cf.defence(tile, eff)[suit]
                if not capture:
                    value = 0.0
                elif wside == my_side:
                    ps = p_safe(suit, power)
                    value = ps * gain(my_side) - (1 - ps) * gain(1 - my_side) * 0.8
                else:
                    value = -gain(wside)
            cost = keep_value(cid, dom) * (0.08 if trick else 0.05)
            scored.append((value - cost, action))
        return scored


# how far below the best score the easy bot's other choices may be
PLAY_SPREAD = 1.0
TARGET_SPREAD = 3.0
# how many countries more than the normal bot the easy bot's bids expect of its hand
BID_EAGER = 1.5


class EasyBot(NoisyBot):
    """The easy level: the normal bot's move, except that about one decision in
    three (`noise`) is a weaker but sensible one: another card or target the
    normal bot scores within PLAY_SPREAD or TARGET_SPREAD of its best, at
    random, or the bid the normal bot would make if its hand were worth
    BID_EAGER countries more (an eager Aggressor, never a bid far beyond
    the hand). Its declarations, exchanges and drafting are the normal bot's."""

    base = GoodBot

    def choose(self, view: JSON, legal: list[str]) -> str:
        base = GoodBot(self.rng.fork(1))
        best = base.choose(view, legal)
        if len(legal) == 1 or self.rng.below(1000) >= int(self.noise * 1000):
            return best
        ph = view["phase"]
        if ph == "bid":
            choice = base.bid(view, legal, eager=BID_EAGER)
            return choice if choice in legal else best
        if ph in ("play", "trick"):
            scored, spread = base.play_scores(view, legal), PLAY_SPREAD
        elif ph == "target":
            scored, spread = base.target_scores(view, legal), TARGET_SPREAD
        else:
            return best
        top = max(s for s, _ in scored)
        near = [a for s, a in scored if a != best and s >= top - spread]
        return self.rng.choice(near) if near else best


__all__ = ["EasyBot", "GoodBot", "CARDS"]
