"""Counting a Koalition election: pure functions over the cards on the table.

The rules put the lines these functions return in the log, and the bot uses the
same functions to look ahead. A play is a dict ``{"seat", "card", "party",
"out", "target"}``: ``party`` is the card's party (the declared one for Gaudino
Colorino, None for a Resignation), ``out`` marks a politician who resigned and
``target`` the card a Resignation removed.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Optional, Sequence, TypedDict, cast

from ...core.game import SEAT_REFS
from .data import BONUS, CARDS, COMPATIBLE, PARTIES, PARTY_NAMES, card_name

# card id -> printed value (None for Doublers and Resignations)
VALUE = {cid: c["value"] for cid, c in CARDS.items()}
# card id -> (is a Doubler, is Colorino): the tail of `card_key`
_KEY_FLAGS = {cid: (c["kind"] == "doubler", c["kind"] == "colorino") for cid, c in CARDS.items()}
# card id -> its name in play, for the cards whose name never changes (not Doublers, not Colorino)
_FIXED_NAME = {cid: c["name"] for cid, c in CARDS.items() if c["kind"] not in ("doubler", "colorino")}
_COLORINO_NAME = {p: card_name("colorino", p) for p in PARTIES}


class Play(TypedDict):
    """A card on the table (see the module docstring)."""

    seat: int
    card: str
    party: Optional[str]  # None for a Resignation
    out: bool  # a politician who resigned
    target: Optional[str]  # the card a Resignation removed


# How high a card ranks among cards of the same total: (value, is a Doubler, is Colorino)
CardKey = tuple[int, bool, bool]
# [total, highest card key, index of that card] of one (seat, party) in play (see party_holdings)
Holding = list[Any]
# (seat, party) -> its Holding
Holdings = dict[tuple[int, str], Holding]


class Entry(TypedDict):
    """A player on the winning side, for `award`."""

    seat: int
    party: str
    value: int
    key: CardKey  # the highest card
    high: str  # its name


class Bonus(TypedDict):
    """What `bonus_round` returns."""

    totals: list[int]
    shares: dict[str, int]
    chiefs: dict[str, list[int]]
    bonus: dict[str, int]
    paid: list[int]
    scores: list[int]
    lines: list[str]


# -- values ------------------------------------------------------------------------


def card_key(kind: str, value: int) -> CardKey:
    """How high a card ranks among cards of the same total: its value, then a
    Doubler above an equal card, then Colorino above another 7."""
    return (value, kind == "doubler", kind == "colorino")


def values_of(plays: Sequence[Play]) -> tuple[list[Optional[int]], dict[str, int]]:
    """The value of each play now (None for a Resignation or a resigned
    politician) and each party's total. A Doubler is worth the sum of the other
    cards of its party in play, so it doubles the party; alone it is worth 0."""
    sums = dict.fromkeys(PARTIES, 0)
    values: list[Optional[int]] = []
    doublers: Optional[list[int]] = None  # indices of the Doublers in play, filled in once the sums are known
    for pl in plays:
        party = pl["party"]
        if party is None or pl["out"]:
            values.append(None)
            continue
        v = VALUE[pl["card"]]
        if v is None:
            if doublers is None:
                doublers = []
            doublers.append(len(values))
            values.append(0)
        else:
            sums[party] += v
            values.append(v)
    if doublers is not None:
        doubled: set[str] = set()
        for i in doublers:
            party = plays[i]["party"]
            assert party is not None  # a Doubler has its party
            values[i] = sums[party]
            doubled.add(party)
        for p in doubled:
            sums[p] *= 2
    return values, sums


def key_of(plays: Sequence[Play], values: Sequence[Optional[int]], i: int) -> CardKey:
    value = values[i]
    assert value is not None  # a politician in play
    return card_key(CARDS[plays[i]["card"]]["kind"], value)


def play_name(plays: Sequence[Play], values: Sequence[Optional[int]], i: int) -> str:
    pl = plays[i]
    cid = pl["card"]
    name = _FIXED_NAME.get(cid)
    if name is not None:
        return name
    c = CARDS[cid]
    if c["kind"] == "doubler":
        return f"{c['name']} ({values[i]})"
    return card_name(cid, pl["party"])


def play_names(plays: Sequence[Play], values: Sequence[Optional[int]]) -> list[Optional[str]]:
    """`play_name` of every play, None for those not in play (a Resignation, a
    resigned politician)."""
    names: list[Optional[str]] = []
    for pl, v in zip(plays, values):
        if v is None:
            names.append(None)
            continue
        cid = pl["card"]
        name = _FIXED_NAME.get(cid)
        if name is None:
            if cid == "colorino" and pl["party"]:
                name = _COLORINO_NAME[pl["party"]]
            else:
                c = CARDS[cid]
                name = f"{c['name']} ({v})" if c["kind"] == "doubler" else card_name(cid, pl["party"])
        names.append(name)
    return names


def tally(plays: Sequence[Play]) -> tuple[
    list[Optional[int]], dict[str, int], Holdings, list[Optional[str]], dict[str, str], dict[tuple[int, str], str],
    dict[str, list[tuple[int, Holding]]],
]:
    """What counting the table needs, in two passes over it: ``(values, totals,
    held, names, by_party, by_holder, holders)``, where values and totals are
    those of `values_of`, held is `party_holdings`, names is `play_names`,
    by_party maps a party to its cards in play ("Rose 5 + Rose 9"), by_holder
    does the same for each (seat, party) and holders maps a party to its
    (seat, holding) pairs in the order of `held`."""
    values, sums = values_of(plays)
    flags = _KEY_FLAGS
    fixed = _FIXED_NAME
    held: Holdings = {}
    names: list[Optional[str]] = []
    by_party: dict[str, str] = {}
    by_holder: dict[tuple[int, str], str] = {}
    holders: dict[str, list[tuple[int, Holding]]] = {}
    for i, pl in enumerate(plays):
        v = values[i]
        if v is None:
            names.append(None)
            continue
        cid = pl["card"]
        party = pl["party"]
        assert party is not None  # a politician in play has a party
        name = fixed.get(cid)
        if name is None:
            if cid == "colorino" and party:
                name = _COLORINO_NAME[party]
            else:
                c = CARDS[cid]
                name = f"{c['name']} ({v})" if c["kind"] == "doubler" else card_name(cid, party)
        names.append(name)
        k = (pl["seat"], party)
        key = (v,) + flags[cid]  # card_key
        h = held.get(k)
        if h is None:
            held[k] = h = [v, key, i]
            by_holder[k] = name
            if party in holders:
                holders[party].append((k[0], h))
            else:
                holders[party] = [(k[0], h)]
        else:
            h[0] += v
            if key > h[1]:
                h[1], h[2] = key, i
            by_holder[k] += " + " + name
        if party in by_party:
            by_party[party] += " + " + name
        else:
            by_party[party] = name
    return values, sums, held, names, by_party, by_holder, holders


def majority(total: int) -> int:
    """The absolute majority: half the total plus one, rounded down."""
    return total // 2 + 1


def majority_text(total: int) -> str:
    """'102 ÷ 2 = 51, + 1 = 52' or '87 ÷ 2 = 43.5, + 1 = 44.5, rounded down: 44'."""
    m = majority(total)
    if total % 2 == 0:
        return f"{total} ÷ 2 = {total // 2}, + 1 = {m}"
    return f"{total} ÷ 2 = {total // 2}.5, + 1 = {total // 2 + 1}.5, rounded down: {m}"


def resignation_targets(plays: Sequence[Play], values: Sequence[Optional[int]]) -> list[int]:
    """Indices of the politicians a Resignation may remove now: those of the
    highest value (a Doubler counts at its current value and is the higher card
    when it equals another). Empty when no politician is in play."""
    live = [i for i, v in enumerate(values) if v is not None]
    if not live:
        return []
    top = max(cast(int, values[i]) for i in live)  # (live: not None)
    best = [i for i in live if values[i] == top]
    doublers = [i for i in best if CARDS[plays[i]["card"]]["kind"] == "doubler"]
    return doublers or best


# -- party chairs ------------------------------------------------------------------


def party_holdings(plays: Sequence[Play], values: Sequence[Optional[int]]) -> Holdings:
    """(seat, party) -> [total, highest card key, index of that card] for every
    politician in play."""
    held: Holdings = {}
    flags = _KEY_FLAGS
    for i, pl in enumerate(plays):
        v = values[i]
        if v is None:
            continue
        party = pl["party"]
        assert party is not None  # a politician in play has a party
        k = (pl["seat"], party)
        key = (v,) + flags[pl["card"]]  # card_key
        h = held.get(k)
        if h is None:
            held[k] = [v, key, i]
        else:
            h[0] += v
            if key > h[1]:
                h[1], h[2] = key, i
    return held


def chairs(
    plays: Sequence[Play], values: Sequence[Optional[int]], totals: dict[str, int], order: Sequence[int],
    held: Optional[Holdings] = None, names: Optional[Sequence[Optional[str]]] = None,
) -> tuple[dict[str, int], dict[str, list[int]], list[str]]:
    """Party chairs. Returns ``(chairs, ties, lines)``: ``chairs`` maps a party
    to its chair's seat, ``ties`` maps a party to the seats that tie on total and
    on highest card (the Green peculiarity), in `order` (a list of seats, the
    starting player first). Only parties with votes have a chair. `held` and
    `names` (of `party_holdings` and `play_names`) may be given if known."""
    if held is None:
        held = party_holdings(plays, values)
    if names is None:
        names = play_names(plays, values)
    # (seat, party) -> its cards in play order, "Rose 5 + Rose 9"
    cards: dict[tuple[int, str], str] = {}
    for pl, name in zip(plays, names):
        if name is not None:
            party = pl["party"]
            assert party is not None  # a politician in play has a party
            k = (pl["seat"], party)
            if k in cards:
                cards[k] += " + " + name
            else:
                cards[k] = name
    return chairs_of(totals, order, held, names, cards)


def chairs_of(
    totals: dict[str, int], order: Sequence[int], held: Holdings, names: Sequence[Optional[str]],
    cards: dict[tuple[int, str], str], by_party: Optional[dict[str, list[tuple[int, Holding]]]] = None,
) -> tuple[dict[str, int], dict[str, list[int]], list[str]]:
    """`chairs`, from the holdings, the names of the plays, the cards of each
    (seat, party) and the holders of each party as `tally` gives them (the
    lists of holders are sorted here)."""
    if by_party is None:
        by_party = {}
        for k, h in held.items():
            q = k[1]
            if q in by_party:
                by_party[q].append((k[0], h))
            else:
                by_party[q] = [(k[0], h)]
    pos: Optional[dict[int, int]] = None
    out: dict[str, int] = {}
    ties: dict[str, list[int]] = {}
    lines: list[str] = []
    for p in PARTIES:
        tp = totals[p]
        if tp <= 0:
            continue
        mine = by_party[p]
        if len(mine) == 1:  # a single player has the party's votes
            s, h = mine[0]
            lines.append(f"{PARTY_NAMES[p]} ({tp}): {SEAT_REFS[s]} {h[0]} ({cards[(s, p)]}). Chair: {SEAT_REFS[s]}.")
            out[p] = s
            continue
        if pos is None:
            pos = {s: k for k, s in enumerate(order)}
        mine.sort(key=lambda sh: (-sh[1][0], pos[sh[0]]))
        # the most votes, then the highest card (the list is sorted by votes)
        first_s, first_h = mine[0]
        top, top_key = [first_s], first_h[1]
        same = []
        for s, h in mine[1:]:
            if h[0] < first_h[0]:
                break
            same.append(s)
            if h[1] > top_key:
                top, top_key = [s], h[1]
            elif h[1] == top_key:
                top.append(s)
        text = f"{PARTY_NAMES[p]} ({totals[p]}): " + ", ".join(
            [f"{SEAT_REFS[s]} {h[0]} ({cards[(s, p)]})" for s, h in mine])
        if len(top) == 1:
            s = top[0]
            if same:
                names_ = " and ".join([SEAT_REFS[t] for t in [s] + [t for t in [first_s] + same if t != s]])
                text += (f". {names_} tie on {first_h[0]}; the highest card decides: "
                         f"{names[held[(s, p)][2]]} is the highest")
            text += f". Chair: {SEAT_REFS[s]}."
            out[p] = s
        else:
            top.sort(key=pos.__getitem__)
            names_ = " and ".join([SEAT_REFS[t] for t in top])
            text += (f". {names_} tie on {first_h[0]} with equally high cards "
                     f"({names[held[(top[0], p)][2]]}): they must agree on a chair.")
            ties[p] = top
        lines.append(text)
    return out, ties, lines


# -- coalitions --------------------------------------------------------------------

# party -> the parties it may not govern with (few: see COMPATIBLE)
_INCOMPATIBLE = {p: tuple(q for q in PARTIES if q not in COMPATIBLE[p]) for p in PARTIES}


class _Members(dict[int, tuple[int, ...]]):
    """bit mask -> the tuple of its set bits, in increasing order (a cache)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        t = self[mask] = tuple(j for j in range(mask.bit_length()) if mask >> j & 1)
        return t


SET_BITS = _Members()


def _ok_masks(units: Sequence[tuple[str, int]]) -> list[int]:
    """For each unit (party, votes), the bit mask of the units it may govern
    with: every unit but those of a party incompatible with its own."""
    at: dict[str, int] = {}  # party -> bit mask of its units
    bit = 1
    for p, _ in units:
        at[p] = at.get(p, 0) | bit
        bit <<= 1
    full = bit - 1
    ok = []
    for p, _ in units:
        m = full
        for q in _INCOMPATIBLE[p]:
            if q in at:
                m &= ~at[q]
        ok.append(m)
    return ok


def minimal_winning(units: list[tuple[str, int]], need: int) -> list[tuple[int, ...]]:
    """Every legal coalition of `units` (a list of (party, votes)), as sorted
    tuples of unit indices, in increasing order: all its parties pairwise
    compatible, at least `need` votes, and minimal: without any one member it
    would fall below `need` (no party may join a coalition that already has the
    majority).

    Members are added largest first; a coalition is recorded the moment it
    reaches `need`. Its last member is its smallest, and without it (or any
    larger member) it was below `need`, so it is minimal; every minimal
    coalition is reached that way. An explicit stack, no recursion; members are
    bit masks of unit indices."""
    k = len(units)
    ok = _ok_masks(units)
    votes = [v for _, v in units]
    if votes == sorted(votes, reverse=True) and (not votes or votes[-1] > 0):
        # (as units usually come: largest first) the order is the units' own
        ovotes = votes
        obits = [1 << i for i in range(k)]
        ook = ok
    else:
        order = sorted([i for i in range(k) if votes[i] > 0], key=votes.__getitem__, reverse=True)
        ovotes = [votes[i] for i in order]
        obits = [1 << i for i in order]
        ook = [ok[i] for i in order]
    found = [SET_BITS[f] for f in winning_masks(ovotes, obits, ook, need, (1 << k) - 1)]
    found.sort()
    return found


def winning_masks(votes: Sequence[int], bits: Sequence[int], ok: Sequence[int], need: int, allowed: int) -> list[int]:
    """The search of `minimal_winning`: `votes` in decreasing order, `bits` the
    mask of each entry's unit, `ok[j]` the units compatible with entry j; the
    masks of every minimal coalition of at least `need` votes."""
    m = len(votes)
    # suffix[j]: the votes of entries j and after
    suffix = [0] * (m + 1)
    total = 0
    for j in range(m - 1, -1, -1):
        total += votes[j]
        suffix[j] = total
    found: list[int] = []
    # (next entry, votes still missing, units still allowed, members)
    stack = [(0, need, allowed, 0)]
    while stack:
        start, missing, allowed, members = stack.pop()
        for j in range(start, m):
            if suffix[j] < missing:
                break
            bit = bits[j]
            if not allowed & bit:
                continue
            v = votes[j]
            if v >= missing:
                found.append(members | bit)
            else:
                stack.append((j + 1, missing - v, allowed & ok[j], members | bit))
    return found


# -- victory points ------------------------------------------------------------------


def rank_key(e: Entry) -> tuple[int, int, int, int]:
    """Sort key of a winner: more votes first, then the higher card."""
    k = e["key"]
    return (-e["value"], -k[0], -k[1], -k[2])


def award(entries: Sequence[Entry], row: Sequence[int]) -> tuple[dict[int, int], list[str]]:
    """Rank the winning players and hand out the country's row of VP.

    `entries`: dicts with seat, party, value, key (highest card) and high (its
    name), in the order of seats to list ties in. Players rank by value, then by
    highest card; players still tied share their places: the points of those
    places are added, divided by the number of tied players and rounded down.
    Returns ``(vp by seat, lines)``."""
    return award_ranked(sorted(entries, key=rank_key), row)


# Sorting by this, highest first (reverse=True, which keeps the order of equals),
# is sorting by rank_key: the same order, quicker.
RANK: Callable[[Entry], Any] = itemgetter("value", "key")


def award_ranked(ranked: Sequence[Entry], row: Sequence[int]) -> tuple[dict[int, int], list[str]]:
    """`award` of entries already in rank order (sorted by `rank_key`)."""
    vp: dict[int, int] = {}
    lines: list[str] = []
    i = 0
    n = len(ranked)
    ranks = [(e["value"], e["key"]) for e in ranked]
    while i < n:
        j = i
        while j + 1 < n and ranks[j + 1] == ranks[i]:
            j += 1
        if j == i:
            e = ranked[i]
            vp[e["seat"]] = row[i]
            lines.append(f"Place {i + 1}: {SEAT_REFS[e['seat']]}, {PARTY_NAMES[e['party']]} {e['value']} "
                         f"(highest card {e['high']}): {row[i]} VP.")
        else:
            group = ranked[i:j + 1]
            pts = row[i:j + 1]
            each = sum(pts) // len(group)
            for e in group:
                vp[e["seat"]] = each
            who = ", ".join([f"{SEAT_REFS[e['seat']]} ({PARTY_NAMES[e['party']]} {e['value']}, highest card {e['high']})"
                             for e in group])
            lines.append(
                f"Places {i + 1}–{j + 1}: {who} tie on value and on the highest card, so they share the places: "
                f"({' + '.join(map(str, pts))}) ÷ {len(group)} = {sum(pts) / len(group):g}"
                + (f", rounded down: {each}" if sum(pts) % len(group) else "")
                + f" VP each."
            )
        # Within a tie, a previous tied pair never breaks later: a lower value can
        # never equal a higher one.
        i = j + 1
    return vp, lines


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# -- the bonus round -------------------------------------------------------------------


def bonus_round(vp: Sequence[dict[str, int]], players: int) -> Bonus:
    """The bonus round. `vp[seat][party]` are the recorded victory points.
    Returns a dict: totals (VP per seat), shares (per party), chiefs (per party,
    the seats with the most VP there; none for a party nobody scored in), bonus
    (per party, 7..1 by share with competition ranking), paid (per seat), scores
    (final), lines."""
    totals = [sum(vp[s].values()) for s in range(players)]
    shares = {p: sum(vp[s].get(p, 0) for s in range(players)) for p in PARTIES}
    lines = ["The bonus round."]
    lines.append("Victory points per player: " + ", ".join([f"{SEAT_REFS[s]} {totals[s]}" for s in range(players)]) + ".")
    lines.append("Shares of Europe: " + ", ".join(f"{PARTY_NAMES[p]} {shares[p]}" for p in PARTIES)
                 + f" (together {sum(shares.values())}).")
    bonus: dict[str, int] = {}
    for p in PARTIES:
        higher = sum(1 for q in PARTIES if shares[q] > shares[p])
        bonus[p] = BONUS[higher] if higher < len(BONUS) else 0
    chiefs: dict[str, list[int]] = {}
    paid = [0] * players
    for p in sorted(PARTIES, key=lambda p: (-shares[p], PARTIES.index(p))):
        best = max(vp[s].get(p, 0) for s in range(players))
        if best <= 0:
            chiefs[p] = []
            lines.append(f"{PARTY_NAMES[p]} (share {shares[p]}, bonus {bonus[p]}): nobody scored there, no chief.")
            continue
        top = [s for s in range(players) if vp[s].get(p, 0) == best]
        chiefs[p] = top
        tied = [q for q in PARTIES if shares[q] == shares[p] and q != p]
        place = ordinal(len(BONUS) + 1 - bonus[p]) if bonus[p] else "no"
        rank = (f"tied with {', '.join(PARTY_NAMES[q] for q in tied)} for {place} place"
                if tied else f"{place} place")
        each = -(-bonus[p] // len(top))
        for s in top:
            paid[s] += each
        if len(top) == 1:
            lines.append(f"{PARTY_NAMES[p]} (share {shares[p]}, {rank}, bonus {bonus[p]}): chief {SEAT_REFS[top[0]]} with "
                         f"{best} VP gets {each}.")
        else:
            who = " and ".join([SEAT_REFS[s] for s in top])
            lines.append(f"{PARTY_NAMES[p]} (share {shares[p]}, {rank}, bonus {bonus[p]}): co-chiefs {who} with "
                         f"{best} VP each share it: {bonus[p]} ÷ {len(top)}"
                         + (f", rounded up: {each}" if bonus[p] % len(top) else f" = {each}")
                         + " each.")
    scores = [totals[s] + paid[s] for s in range(players)]
    lines.append("Final points (VP + bonus): " + ", ".join(
        f"{SEAT_REFS[s]} {totals[s]} + {paid[s]} = {scores[s]}" for s in range(players)) + ".")
    return {"totals": totals, "shares": shares, "chiefs": chiefs, "bonus": bonus, "paid": paid,
            "scores": scores, "lines": lines}
