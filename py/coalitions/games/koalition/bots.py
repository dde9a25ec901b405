"""The Koalition bot that plays to win.

It sees only its seat's view. At the heart is `Forecast`: given the politicians
on the table, who governs and who scores what? A party with the majority
governs; otherwise the chairs propose in order of size, each (we assume) its own
best coalition, accepted with some probability, so every legal coalition gets a
probability and every player an expected number of VP. VP are worth more in a
party where they make or keep the bot party chief of a large party (the bonus
round).

- Playing a card: the unknown cards still to come are sampled a few times from
  the cards the bot has not seen; every card it could play (with each party for
  Colorino, each target for a Resignation), paired with a likely second card in
  the first round, is scored by the forecast, plus what the cards kept in hand
  are worth for the elections left in the round.
- Proposing: the coalition with the best expected result, counting the chance
  that the other chairs refuse it; accepting: when the proposal is worth at
  least what the rest of the negotiation is expected to bring.
- Choosing the party to score with: the most VP, bonus prospects included.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Collection, Optional, Sequence, Union, cast

from ...core.bots import Bot
from ...core.game import JSON
from ...core.rng import Rng
from . import notation
from .data import BONUS, CARDS, COMPATIBLE, DECK, PARTIES, VP_TABLE
from .notation import LABEL_PARTS, coalition_labels, parse
from .scoring import SET_BITS, minimal_winning, winning_masks

NP = len(PARTIES)
PIDX = {p: i for i, p in enumerate(PARTIES)}

# A politician as the forecast sees it (see _pol): (seat, party index, value or
# None for a Doubler, kind rank)
Pol = tuple[int, int, Optional[int], float]
# VP per seat and the party index each winner scores with (see Forecast.payout)
Payout = tuple[list[int], dict[int, int]]
# The plays after mine in an election (see GoodBot._steps): a list of steps, or
# (the politicians before my second card, those after it or None)
Steps = Union[list[Any], tuple[list[Any], Optional[list[Any]]]]
# The units of a negotiation (party indices, largest first) and its legal coalitions (see Forecast)
UnitsAndCoalitions = tuple[list[int], list[tuple[int, ...]]]

SAMPLES_FIRST = 4  # samples of the unknown plays for a first-round card
SAMPLES_SECOND = 6  # ... for a second-round card
ACCEPT_P = 0.6  # the chance we give another player's proposal of being accepted
RIVALS = 0.35  # how much the others' expected VP count against ours
BONUS_WEIGHT = 0.5  # how much a change in bonus prospects counts, per point
BUDGET = 48  # forecasts per card decision, about 10 ms
STRENGTH_DOUBLER = 9.0
STRENGTH_RESIGN = 5.0


def _strength(cid: str) -> float:
    c = CARDS[cid]
    if c["kind"] == "doubler":
        return STRENGTH_DOUBLER
    if c["kind"] == "resign":
        return STRENGTH_RESIGN
    return float(cast(int, c["value"]))  # (a politician has a value)


def _pol(seat: int, cid: str, party: str) -> Pol:
    """A politician as the forecast sees it: (seat, party index, value or None
    for a Doubler, kind rank: 1 for a Doubler, 0.5 for Colorino, 0 otherwise)."""
    c = CARDS[cid]
    if c["kind"] == "doubler":
        return (seat, PIDX[party], None, 1)
    if c["kind"] == "colorino":
        return (seat, PIDX[party], 7, 0.5)
    return (seat, PIDX[party], c["value"], 0)


def _values(pols: Sequence[Pol]) -> tuple[list[int], list[bool]]:
    sums = [0] * NP
    doubled = [False] * NP
    for _, p, v, _ in pols:
        if v is None:
            doubled[p] = True
        else:
            sums[p] += v
    return sums, doubled


def _resign(pols: list[Pol], rng: Optional[Rng] = None) -> list[Pol]:
    """The politicians left after a Resignation (the highest goes; a Doubler
    above its equal; among equals the first, or a random one)."""
    if not pols:
        return pols
    sums, _ = _values(pols)
    best: list[int] = []
    best_key: Optional[tuple[int, bool]] = None
    for k, (_, p, v, kind) in enumerate(pols):
        key = (sums[p] if v is None else v, kind == 1)
        if best_key is None or key > best_key:
            best, best_key = [k], key
        elif key == best_key:
            best.append(k)
    k = best[0] if rng is None or len(best) == 1 else rng.choice(best)
    return pols[:k] + pols[k + 1:]


def _hold_of(item: tuple[int, tuple[list[float], int]]) -> list[float]:
    return item[1][0]


_first = itemgetter(0)


# party index -> bit mask of the party indices it may not govern with
_INCOMPATIBLE = [sum(1 << j for j, q in enumerate(PARTIES) if q not in COMPATIBLE[p]) for p in PARTIES]


def _coalitions(units: list[int], totals: list[int], need: int) -> list[tuple[int, ...]]:
    """`minimal_winning` for the forecast: `units` are party indices, largest
    party first (ties in party order), every one with votes. Returns the legal
    coalitions as tuples of party indices, in the order of minimal_winning (by
    the tuples of unit positions)."""
    k = len(units)
    full = (1 << k) - 1
    present = 0
    for p in units:
        present |= 1 << p
    ok: list[int] = []
    for p in units:
        clash = _INCOMPATIBLE[p] & present
        if not clash:
            ok.append(full)
            continue
        m = full
        for j, q in enumerate(units):
            if clash >> q & 1:
                m &= ~(1 << j)
        ok.append(m)
    votes = [totals[p] for p in units]
    # units are already largest first
    found = winning_masks(votes, [1 << j for j in range(k)], ok, need, full)
    out = [SET_BITS[mask] for mask in found]
    out.sort()
    return [tuple([units[i] for i in c]) for c in out]


class Forecast:
    """Who governs and who scores, from a list of politicians in play."""

    players: int
    totals: list[int]  # votes per party index
    need: int
    # (seat, party index) -> [votes, highest card value, its kind rank]
    hold: dict[tuple[int, int], list[float]]
    row_of: Callable[[int], tuple[int, ...]]
    order: list[int]
    majority: Optional[int]  # the party index with the majority, if any
    chair: dict[int, int]  # party index -> its chair's seat (without a majority)
    units: list[int]
    coalitions: list[tuple[int, ...]]
    _pay: dict[Collection[int], Payout]
    _sorted: Optional[list[tuple[int, int, int]]]

    def __init__(self, pols: Sequence[Pol], players: int, row_of: Callable[[int], tuple[int, ...]], order: list[int],
                 pos: Optional[dict[int, int]] = None,
                 memo: Optional[dict[tuple[int, ...], UnitsAndCoalitions]] = None) -> None:
        self.players = players
        sums = [0] * NP
        # (seat, party) -> [votes, highest card value, its kind rank], in the
        # order of the politicians
        hold: dict[tuple[int, int], Any] = {}
        key: Union[tuple[int, int], tuple[int, ...]]  # a holding's (seat, party index); below, the party totals
        doubled: Optional[list[tuple[int, int]]]
        doubled = None  # the holdings with a Doubler, worth its party's sum: done below
        for seat, p, v, kind in pols:
            key = (seat, p)
            if v is None:
                if doubled is None:
                    doubled = []
                doubled.append(key)
                if key not in hold:
                    hold[key] = None  # its place
                continue
            sums[p] += v
            h = hold.get(key)
            if h is None:
                hold[key] = [v, v, kind]
            else:
                h[0] += v
                if v > h[1] or (v == h[1] and kind > h[2]):
                    h[1], h[2] = v, kind
        totals = list(sums)
        if doubled is not None:
            for key in set(doubled):
                h = None
                for seat, p, v, kind in pols:
                    if seat != key[0] or p != key[1]:
                        continue
                    val = sums[p] if v is None else v
                    if h is None:
                        h = [val, val, kind]
                    else:
                        h[0] += val
                        if val > h[1] or (val == h[1] and kind > h[2]):
                            h[1], h[2] = val, kind
                hold[key] = h
            for p in {key[1] for key in doubled}:
                totals[p] *= 2
        self.totals = totals
        total = sum(totals)
        self.need = need = total // 2 + 1
        self.hold = hold
        self.row_of = row_of
        self.order = order
        self._pay = {}
        self._sorted = None
        self.majority = None
        if max(totals) >= need:
            for p in range(NP):
                if totals[p] >= need:
                    self.majority = p
                    self.coalitions = [(p,)]
                    self.units = [p]
                    return
        if pos is None:
            pos = {s: k for k, s in enumerate(order)}
        chairs: dict[int, tuple[tuple[float, float, float, int], int]] = {}
        for (seat, p), h in hold.items():
            if totals[p] <= 0:
                continue
            c = chairs.get(p)
            k = (h[0], h[1], h[2], -pos[seat])
            if c is None or k > c[0]:
                chairs[p] = (k, seat)
        self.chair = {p: s for p, (_, s) in chairs.items()}
        # the units and coalitions depend on the totals alone
        key = tuple(totals)
        known = memo.get(key) if memo is not None else None
        if known is None:
            units = sorted(self.chair, key=lambda p: (-totals[p], p))
            known = (units, _coalitions(units, totals, need))
            if memo is not None:
                memo[key] = known
        self.units, self.coalitions = known

    def payout(self, parties: Collection[int], choice: Optional[dict[int, int]] = None) -> Payout:
        """VP per seat and the party each winner scores with, if `parties`
        govern. A player in two of them takes the better one (or `choice`)."""
        if choice is None:
            out = self._pay.get(parties)
            if out is not None:
                return out
            if type(parties) is tuple and self._sorted is not None:
                return self._payout_of(parties)
        best: dict[int, tuple[list[float], int]] = {}
        for (seat, p), h in self.hold.items():
            if p not in parties:
                continue
            if choice and seat in choice and p != choice[seat]:
                continue
            cur = best.get(seat)
            if cur is None or h > cur[0]:
                best[seat] = (h, p)
        out = self._rank(best)
        if choice is None:
            self._pay[parties] = out
        return out

    def _payout_of(self, parties: tuple[int, ...]) -> Payout:
        """`payout` of a coalition (a tuple of parties), from the holdings
        sorted once (see `index`): each winner's first holding in that order is
        the best of theirs in the coalition (of equal ones, the first in `hold`
        order, as payout takes), and the winners come best first."""
        party_of: dict[int, int] = {}
        seats: list[int] = []  # the winners, best first
        ranks: list[int] = []  # the rank of their holdings (equal holdings, equal ranks)
        assert self._sorted is not None  # (index() came first)
        for rank, seat, p in self._sorted:
            if p in parties and seat not in party_of:
                party_of[seat] = p
                seats.append(seat)
                ranks.append(rank)
        vp = [0] * self.players
        n = len(seats)
        if n:
            row = self.row_of(n)
            if len(set(ranks)) == n:  # no ties
                for seat, points in zip(seats, row):
                    vp[seat] = points
            else:
                i = 0
                while i < n:
                    rank = ranks[i]
                    j = i + 1
                    while j < n and ranks[j] == rank:
                        j += 1
                    if j == i + 1:
                        vp[seats[i]] = row[i]
                    else:  # equal holdings share their places
                        each = sum(row[i:j]) // (j - i)
                        for k in range(i, j):
                            vp[seats[k]] = each
                    i = j
        out = (vp, party_of)
        self._pay[parties] = out
        return out

    def index(self) -> None:
        """Sort the holdings once, best first, for the quicker payouts of
        coalitions (`hold` must not change after this): (rank, seat, party),
        equal holdings with equal ranks."""
        items = [(h, seat, p) for (seat, p), h in self.hold.items()]
        items.sort(key=_first, reverse=True)  # stable: equal holdings stay in hold order
        ranked: list[tuple[int, int, int]] = []
        rank = -1
        last: Optional[list[float]] = None
        for h, seat, p in items:
            if h != last:
                rank += 1
                last = h
            ranked.append((rank, seat, p))
        self._sorted = ranked

    def _rank(self, best: dict[int, tuple[list[float], int]]) -> Payout:
        """(VP per seat, the party each scores with) from each winner's best
        holding: seat -> (holding, party)."""
        vp = [0] * self.players
        party_of: dict[int, int] = {}
        n = len(best)
        if n == 1:
            for seat, (_, p) in best.items():
                vp[seat] = self.row_of(1)[0]
                party_of[seat] = p
        elif n:
            row = self.row_of(n)
            # Equal holdings share their places, so their order among themselves
            # does not matter.
            ranked = sorted(best.items(), key=_hold_of, reverse=True)
            i = 0
            while i < n:
                h = ranked[i][1][0]
                j = i
                while j + 1 < n and ranked[j + 1][1][0] == h:
                    j += 1
                each = row[i] if j == i else sum(row[i:j + 1]) // (j - i + 1)
                for k in range(i, j + 1):
                    seat, (_, p) = ranked[k]
                    vp[seat] = each
                    party_of[seat] = p
                i = j + 1
        return vp, party_of


class GoodBot(Bot):
    level = "good"
    label = "Good"
    # the sampling of a card decision (the hard level's SampledBot takes more)
    samples_first = SAMPLES_FIRST
    samples_second = SAMPLES_SECOND
    forecasts = BUDGET

    # the decision's picture of the game (see _setup)
    view: JSON
    me: int
    n: int
    row_of: Callable[[int], tuple[int, ...]]  # winners -> the country's row of VP
    country_total: int
    order: list[int]
    vp: list[dict[str, int]]
    base_bonus: float
    late: float
    _bonus_cache: dict[tuple[Optional[int], int], float]
    _bonus_base: Optional[tuple[list[int], list[int], list[int]]]
    _bonus_factor: float
    _others_div: int
    _worth_cache: dict[tuple[float, Optional[int]], float]
    _pos: dict[int, int]
    _future_cache: dict[tuple[str, ...], float]
    _coal_cache: list[str]  # set by _all_coalitions

    # -- the whole-game picture -----------------------------------------------------

    def _setup(self, view: JSON) -> None:
        self.view = view
        self.me = view["seat"]
        self.n = view["players"]
        country = view["country"]
        rows = VP_TABLE[country]
        self.row_of = rows.__getitem__
        self.country_total = sum(rows[1])
        n = self.n
        self.order = [(view["starter"] + k) % n for k in range(n)]
        self.vp = view["vp"]
        self._bonus_cache = {}
        self._bonus_base = None
        self.base_bonus = self._my_bonus(None, 0)
        # how much VP are still to come after this election (bonus prospects
        # firm up as the game goes on)
        left = view["countries_left"]
        self.late = 1.0 - len(left) / 12.0
        # the factor of a bonus gain in _worth, and the divisor of the others' VP
        # in _utility
        self._bonus_factor = BONUS_WEIGHT * (0.4 + 0.6 * self.late)
        self._others_div = max(1, n - 1)
        self._worth_cache = {}
        self._pos = {s: k for k, s in enumerate(self.order)}
        self._future_cache = {}

    def _my_bonus(self, party: Optional[int], add: int) -> float:
        """My bonus if the game ended now and I had `add` more VP in `party`."""
        key = (party, add)
        if key in self._bonus_cache:
            return self._bonus_cache[key]
        base = self._bonus_base
        if base is None:
            me = self.me
            shares = [0] * NP
            mine = [0] * NP
            best_other = [0] * NP
            for s, row in enumerate(self.vp):
                for p, v in row.items():
                    i = PIDX[p]
                    shares[i] += v
                    if s == me:
                        mine[i] += v
                    elif v > best_other[i]:
                        best_other[i] = v
            base = self._bonus_base = (shares, mine, best_other)
        shares, mine, best_other = base
        shares = list(shares)
        mine = list(mine)
        if party is not None:
            shares[party] += add
            mine[party] += add
        total = 0.0
        for i in range(NP):
            if mine[i] <= 0 or mine[i] < best_other[i]:
                continue
            higher = sum(1 for j in range(NP) if shares[j] > shares[i])
            bonus = BONUS[higher] if higher < len(BONUS) else 0
            total += bonus / 2 if mine[i] == best_other[i] else bonus
        self._bonus_cache[key] = total
        return total

    def _worth(self, vp: float, party: Optional[int]) -> float:
        """What `vp` VP recorded under `party` are worth to me."""
        if vp <= 0:
            return 0.0
        key = (vp, party)
        worth = self._worth_cache.get(key)
        if worth is None:
            gain = self._my_bonus(party, int(vp)) - self.base_bonus
            # = vp + BONUS_WEIGHT * (0.4 + 0.6 * self.late) * gain
            worth = self._worth_cache[key] = vp + self._bonus_factor * gain
        return worth

    def _utility(self, vp: Sequence[float], party_of: dict[int, int]) -> float:
        me = self.me
        mine = vp[me]
        others = (sum(vp) - mine) / self._others_div
        if mine:
            mine = self._worth(mine, party_of.get(me))
        else:
            mine = 0.0
        return mine - RIVALS * others

    def _stalemate_utility(self) -> float:
        return 0.0

    # -- the negotiation model -------------------------------------------------------

    def _expected(self, fc: Forecast) -> float:
        """My expected utility if the chairs propose in turn, largest party
        first, each its own favourite coalition, accepted with probability
        ACCEPT_P (only the first few proposers are followed)."""
        if fc.majority is not None:
            return self._utility(*fc.payout(fc.coalitions[0]))
        coalitions = fc.coalitions
        if not coalitions:
            return self._stalemate_utility()
        fc.index()
        paid = fc._pay  # coalition -> payout (a cache)
        pay = fc._payout_of
        utility = self._utility
        me = self.me
        utils: dict[tuple[int, ...], float] = {}  # coalition -> my utility if it governs
        left = 1.0
        total = 0.0
        asked = 0
        for p in fc.units:
            seat = fc.chair[p]
            # the chair's favourite: the first best of its coalitions (as max())
            best: Any  # my utility, or the chair's key (its VP, fewer parties)
            c = None
            if seat == me:
                for d in coalitions:
                    if p in d:
                        u = utils.get(d)
                        if u is None:
                            u = utils[d] = utility(*(paid.get(d) or pay(d)))
                        if c is None or u > best:
                            c, best = d, u
            else:
                for d in coalitions:
                    if p in d:
                        k = ((paid.get(d) or pay(d))[0][seat], -len(d))
                        if c is None or k > best:
                            c, best = d, k
            if c is None:
                continue
            u = utils.get(c)
            if u is None:
                u = utils[c] = utility(*(paid.get(c) or pay(c)))
            total += left * ACCEPT_P * u
            left *= 1 - ACCEPT_P
            asked += 1
            if asked == 3:
                break
        return total + left * self._stalemate_utility()

    # -- choosing ------------------------------------------------------------------------

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        self._setup(view)
        phase = view["phase"]
        if phase == "play":
            return self._play(view, legal)
        if phase == "propose":
            return self._propose(view, legal)
        if phase == "answer":
            return self._answer(view, legal)
        if phase == "choose":
            return self._choose_party(view, legal)
        if phase == "tie":
            party = view["ties"][0][0]
            if view["tie_answers"] and view["tie_answers"][-1] == "claim":
                return notation.yield_(party)
            return notation.claim(party)
        return self.rng.choice(legal)

    # -- playing a card ---------------------------------------------------------------------

    def _table(self, view: JSON) -> list[Pol]:
        pols: list[Pol] = []
        for t in view["table"]:
            if t["party"] is None or t["out"]:
                continue
            pols.append(_pol(t["seat"], t["card"], t["party"]))
        return pols

    def _apply_action(self, pols: list[Pol], action: str) -> list[Pol]:
        a = parse(action)
        cid = str(a["card"])
        kind = CARDS[cid]["kind"]
        if kind == "resign":
            target = a.get("target")
            if target is None:
                return pols
            # find the target among the live politicians (same order as the table)
            live = [t for t in self.view["table"] if t["party"] is not None and not t["out"]]
            idx = next(k for k, t in enumerate(live) if t["card"] == target)
            return pols[:idx] + pols[idx + 1:]
        party = cast(str, a["party"] if kind == "colorino" else CARDS[cid]["party"])  # (a politician's)
        return pols + [_pol(self.me, cid, party)]

    def _unseen(self, view: JSON) -> list[str]:
        seen = set(view["hand"]) | {t["card"] for t in view["table"]} | set(view["discard"])
        return [c for c in DECK if c not in seen]

    def _future(self, view: JSON, hand_after: list[str]) -> float:
        """What the cards kept are worth in the elections left in this round
        (cached for the decision: it depends on the cards alone)."""
        key = tuple(hand_after)
        value = self._future_cache.get(key)
        if value is None:
            value = self._future_cache[key] = self._future_of(view, hand_after)
        return value

    def _future_of(self, view: JSON, hand_after: list[str]) -> float:
        n = self.n
        per_round = {3: 6, 4: 6, 5: 4, 6: 4, 7: 3, 8: 3}[n]
        done_in_round = (view["election"] - 1) % per_round
        later = per_round - done_in_round - 1  # elections after this one in the round
        if later <= 0 or not hand_after:
            return 0.0
        keep = sorted((_strength(c) for c in hand_after), reverse=True)[:2 * later]
        left = view["countries_left"]
        avg = sum(VP_TABLE[c][1][0] for c in left) / len(left) if left else 0.0
        # a card's strength against everything played in an election
        return sum(keep) * avg / (2 * n * 6.5)

    def _play(self, view: JSON, legal: list[str]) -> str:
        me = self.me
        n = self.n
        table = view["table"]
        played = len(table)
        base = self._table(view)
        unseen = self._unseen(view)
        # who still plays after me this election
        seq = self.order + self.order
        rest_seats = seq[played + 1:]
        first_round = played < n
        hand = view["hand"]
        plans: list[tuple[str, str, list[str], list[Optional[tuple[Pol, str]]]]] = []
        for action in legal:
            cid = str(parse(action)["card"])
            hand_after = list(hand)
            hand_after.remove(cid)
            plans.append((action, cid, hand_after, self._partners(cid, hand_after) if first_round else [None]))
        combos = sum(len(pl[3]) for pl in plans)
        samples = self.samples_first if first_round else self.samples_second
        samples = max(2, min(samples, self.forecasts // max(1, combos)))
        draws: list[Steps] = []
        for _ in range(samples):
            pool = list(unseen)
            self.rng.shuffle(pool)
            draws.append(self._steps(pool, rest_seats))
        order = self.order
        row_of = self.row_of
        pos = self._pos
        expected = self._expected
        known: dict[tuple[Pol, ...], float] = {}  # the politicians in play after all -> my expected utility
        memo: dict[tuple[int, ...], UnitsAndCoalitions] = {}  # party totals -> units and coalitions (see Forecast)
        scored: list[tuple[float, str]] = []
        for action, cid, hand_after, partners in plans:
            after = self._apply_action(base, action)
            best: Optional[float] = None
            for partner in partners:
                mine = [] if partner is None else [partner[0]]
                total = 0.0
                for steps in draws:
                    if type(steps) is tuple:  # only plain politicians: (before me, after me)
                        before, rest = steps
                        pols = after + before if rest is None else after + before + mine + rest
                    else:
                        pols = list(after)
                        step: Any  # a politician, None, -1 or a seat (see _steps)
                        for step in steps:
                            if step is None:  # my second card
                                pols += mine
                            elif type(step) is tuple:
                                pols.append(step)
                            elif step < 0:
                                pols = _resign(pols)
                            else:  # Colorino, for a party drawn at random
                                pols.append((step, self.rng.below(NP), 7, 0.5))
                    key = tuple(pols)
                    value = known.get(key)
                    if value is None:
                        value = known[key] = expected(Forecast(pols, n, row_of, order, pos, memo))
                    total += value
                value = total / len(draws)
                kept = hand_after if partner is None else [c for c in hand_after if c != partner[1]]
                value += self._future(view, kept)
                if best is None or value > best:
                    best = value
            assert best is not None  # (partners is never empty)
            scored.append((best, action))
        top = max(v for v, _ in scored)
        choices = [a for v, a in scored if v >= top - 1e-9]
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)

    def _steps(self, pool: list[str], rest_seats: list[int]) -> Steps:
        """The plays after mine in this election, if the unseen cards come in
        the order of `pool`: a list of steps, each a politician (a tuple), None
        for my own second card, -1 for a Resignation or the seat of a Colorino
        (whose party is drawn each time). Without Resignations and Colorino, a
        pair: the politicians before my second card and those after it (None
        if I play no more)."""
        me = self.me
        steps: list[Any] = []
        plain = True
        k = 0
        for s in rest_seats:
            if s == me:
                steps.append(None)
                continue
            c = pool[k]
            k += 1
            kind = CARDS[c]["kind"]
            if kind == "resign":
                steps.append(-1)
                plain = False
            elif kind == "colorino":
                steps.append(s)
                plain = False
            else:
                steps.append(_pol(s, c, cast(str, CARDS[c]["party"])))  # (a politician's party)
        if not plain:
            return steps
        if None not in steps:
            return (steps, None)
        k = steps.index(None)
        if None in steps[k + 1:]:  # (never: I play once more at most)
            return steps
        return (steps[:k], steps[k + 1:])

    def _partners(self, cid: str, hand_after: list[str]) -> list[Optional[tuple[Pol, str]]]:
        """A few likely second cards to go with `cid`: cards of the same party,
        and the two strongest others (Resignations and Colorino left out)."""
        party = CARDS[cid]["party"]
        same: list[Optional[tuple[Pol, str]]]
        other: list[tuple[float, tuple[Pol, str]]]
        same, other = [], []
        for c in hand_after:
            kind = CARDS[c]["kind"]
            if kind in ("resign", "colorino"):
                continue
            pair = (_pol(self.me, c, cast(str, CARDS[c]["party"])), c)  # (a politician's party)
            if party is not None and CARDS[c]["party"] == party:
                same.append(pair)
            else:
                other.append((_strength(c), pair))
        other.sort(key=lambda sp: -sp[0])
        return same[:2] + [p for _, p in other[:2]] or [None]

    # -- negotiation ---------------------------------------------------------------------------

    def _forecast_now(self, view: JSON) -> Forecast:
        return Forecast(self._table(view), self.n, self.row_of, self.order)

    def _neg_units(self, view: JSON) -> list[tuple[str, int, int, int]]:
        """The negotiation's units as (label, party index, seat, votes)."""
        return [(u["label"], PIDX[u["party"]], u["seat"], u["votes"]) for u in view["negotiation"]["units"]]

    def _coalition_payout(self, view: JSON, labels: list[str]) -> tuple[list[float], dict[int, int]]:
        """VP per seat and scoring parties if the coalition of `labels` governs."""
        pols = self._table(view)
        hold: dict[tuple[int, int], list[Any]] = {}  # [votes, (highest value, its kind rank)]
        seat: Optional[int]  # a politician's; below, the seat of a unit (None: the whole party)
        sums, doubled = _values(pols)
        for seat, p, v, kind in pols:
            val = sums[p] if v is None else v
            h = hold.setdefault((seat, p), [0, (0, 0)])
            h[0] += val
            if (val, kind) > h[1]:
                h[1] = (val, kind)
        members: dict[int, tuple[Any, Any, int]] = {}
        for lb in labels:
            party, seat = LABEL_PARTS[lb]
            p = PIDX[party]
            for (s, q), h in hold.items():
                if q == p and (seat is None or seat == s):
                    cur = members.get(s)
                    if cur is None or (h[0], h[1]) > cur[:2]:
                        members[s] = (h[0], h[1], p)
        n = len(members)
        vp = [0.0] * self.n
        party_of = {s: m[2] for s, m in members.items()}
        if not n:
            return vp, party_of
        row = self.row_of(n)
        ranked = sorted(members.items(), key=lambda kv: (-kv[1][0], -kv[1][1][0], -kv[1][1][1]))
        i = 0
        while i < n:
            j = i
            while j + 1 < n and ranked[j + 1][1][:2] == ranked[i][1][:2]:
                j += 1
            each = row[i] if j == i else sum(row[i:j + 1]) // (j - i + 1)
            for k in range(i, j + 1):
                vp[ranked[k][0]] = each
            i = j + 1
        return vp, party_of

    def _continuation(self, view: JSON, after: int, exclude: Optional[str] = None) -> float:
        """My expected utility if the units after index `after` propose in turn."""
        neg = view["negotiation"]
        units = self._neg_units(view)
        coalitions: dict[str, tuple[list[float], dict[int, int]]] = {}
        for a in self._all_coalitions(view):
            if a != exclude:
                coalitions[a] = self._coalition_payout(view, coalition_labels(a))
        left = 1.0
        total = 0.0
        for k in range(after + 1, len(units)):
            label, p, seat, _ = units[k]
            mine = [c for c in coalitions if label in coalition_labels(c)]
            if not mine:
                continue
            if seat == self.me:
                c = max(mine, key=lambda c: self._utility(*coalitions[c]))
                pa = self._acceptance(view, c, coalitions, seat)
            else:
                c = max(mine, key=lambda c: (coalitions[c][0][seat], -len(coalition_labels(c))))
                pa = ACCEPT_P
            total += left * pa * self._utility(*coalitions[c])
            left *= 1 - pa
        del neg
        return total + left * self._stalemate_utility()

    def _all_coalitions(self, view: JSON) -> list[str]:
        """Every legal coalition's notation, from the units in the view."""
        if hasattr(self, "_coal_cache"):
            return self._coal_cache
        units = view["negotiation"]["units"]
        need = view["count"]["majority"]
        found = minimal_winning([(u["party"], u["votes"]) for u in units], need)
        labels = [u["label"] for u in units]

        def key(lb: str) -> tuple[int, int]:
            party, seat = LABEL_PARTS[lb]
            return (PIDX[party], seat if seat is not None else -1)

        self._coal_cache = ["+".join(sorted((labels[i] for i in c), key=key)) for c in found]
        return self._coal_cache

    def _acceptance(self, view: JSON, coalition: str, coalitions: dict[str, tuple[list[float], dict[int, int]]],
                    proposer: int) -> float:
        """The chance that every other chair in `coalition` accepts it."""
        units = {u["label"]: u["seat"] for u in view["negotiation"]["units"]}
        p = 1.0
        seen: set[int] = set()
        for lb in coalition_labels(coalition):
            seat = units[lb]
            if seat == proposer or seat in seen:
                continue
            seen.add(seat)
            got = coalitions[coalition][0][seat]
            best = max((coalitions[c][0][seat] for c in coalitions
                        if any(units[x] == seat for x in coalition_labels(c))), default=0)
            p *= 0.35 + 0.65 * (got / best if best > 0 else 1.0)
        return p

    def _propose(self, view: JSON, legal: list[str]) -> str:
        neg = view["negotiation"]
        k = neg["proposer"]
        coalitions = {c: self._coalition_payout(view, coalition_labels(c)) for c in self._all_coalitions(view)}
        rest = self._continuation(view, k)
        best: Optional[str]
        best_value, best = rest, notation.PASS
        if notation.PASS not in legal:  # a binding negotiation: a proposal governs, there is no passing
            best_value, best = float("-inf"), None
        for action in legal:
            a = parse(action)
            if a.kind != "propose":
                continue
            c = str(a["coalition"])
            pa = 1.0 if neg.get("binding") else self._acceptance(view, c, coalitions, self.me)
            value = pa * self._utility(*coalitions[c]) + (1 - pa) * rest
            if value > best_value + 1e-9:
                best_value, best = value, action
        assert best is not None  # (a binding negotiation has a proposal)
        return best

    def _answer(self, view: JSON, legal: list[str]) -> str:
        neg = view["negotiation"]
        prop = neg["proposal"]["coalition"]
        payout = self._coalition_payout(view, coalition_labels(prop))
        accept = self._utility(*payout)
        decline = self._continuation(view, neg["proposer"], exclude=prop)
        if view["ballot"] >= 3:  # do not let the country vote for ever
            decline -= 1.0 * (view["ballot"] - 2)
        return notation.ACCEPT if accept >= decline - 1e-9 else notation.DECLINE

    # -- scoring -------------------------------------------------------------------------------

    def _choose_party(self, view: JSON, legal: list[str]) -> str:
        labels = view["government"]["labels"]
        choice = dict(zip(view["choosers"], [PIDX[p] for p in view["chosen"]]))
        best: Optional[tuple[float, str]] = None
        for action in legal:
            p = PIDX[str(parse(action)["party"])]
            choice[self.me] = p
            vp, _ = self._coalition_payout_choice(view, labels, choice)
            value = self._worth(vp[self.me], p)
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None  # (legal is not empty)
        return best[1]

    def _coalition_payout_choice(self, view: JSON, labels: list[str], choice: dict[int, int]) -> Payout:
        pols = self._table(view)
        fc = Forecast(pols, self.n, self.row_of, self.order)
        parties: set[int] = set()
        for lb in labels:
            party, seat = LABEL_PARTS[lb]
            parties.add(PIDX[party])
        # unbound blocs: only the seats whose blocs joined count
        bound_only: dict[int, set[int]] = {}
        for lb in labels:
            party, seat = LABEL_PARTS[lb]
            if seat is not None:
                bound_only.setdefault(PIDX[party], set()).add(seat)
        if bound_only:
            fc.hold = {(s, p): h for (s, p), h in fc.hold.items() if p not in bound_only or s in bound_only[p]}
        return fc.payout(parties, choice)

