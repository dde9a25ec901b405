"""Counting a Koalition election: pure functions over the cards on the table.

The rules put the lines these functions return in the log, and the bot uses the
same functions to look ahead. A play is a dict ``{"seat", "card", "party",
"out", "target"}``: ``party`` is the card's party (the declared one for Gaudino
Colorino, None for a Resignation), ``out`` marks a politician who resigned and
``target`` the card a Resignation removed.
"""

from .data import BONUS, CARDS, COMPATIBLE, PARTIES, PARTY_NAMES, card_name

# card id -> printed value (None for Doublers and Resignations)
VALUE = {cid: c["value"] for cid, c in CARDS.items()}

# -- values ------------------------------------------------------------------------


def card_key(kind, value):
    """How high a card ranks among cards of the same total: its value, then a
    Doubler above an equal card, then Colorino above another 7."""
    return (value, kind == "doubler", kind == "colorino")


def values_of(plays):
    """The value of each play now (None for a Resignation or a resigned
    politician) and each party's total. A Doubler is worth the sum of the other
    cards of its party in play, so it doubles the party; alone it is worth 0."""
    sums = dict.fromkeys(PARTIES, 0)
    doubled = set()
    for pl in plays:
        party = pl["party"]
        if party is None or pl["out"]:
            continue
        v = VALUE[pl["card"]]
        if v is None:
            doubled.add(party)
        else:
            sums[party] += v
    values = []
    for pl in plays:
        party = pl["party"]
        if party is None or pl["out"]:
            values.append(None)
        else:
            v = VALUE[pl["card"]]
            values.append(sums[party] if v is None else v)
    for p in doubled:
        sums[p] *= 2
    return values, sums


def key_of(plays, values, i):
    return card_key(CARDS[plays[i]["card"]]["kind"], values[i])


def play_name(plays, values, i):
    pl = plays[i]
    c = CARDS[pl["card"]]
    if c["kind"] == "doubler":
        return f"{c['name']} ({values[i]})"
    return card_name(pl["card"], pl["party"])


def majority(total):
    """The absolute majority: half the total plus one, rounded down."""
    return total // 2 + 1


def majority_text(total):
    """'102 ÷ 2 = 51, + 1 = 52' or '87 ÷ 2 = 43.5, + 1 = 44.5, rounded down: 44'."""
    m = majority(total)
    if total % 2 == 0:
        return f"{total} ÷ 2 = {total // 2}, + 1 = {m}"
    return f"{total} ÷ 2 = {total // 2}.5, + 1 = {total // 2 + 1}.5, rounded down: {m}"


def resignation_targets(plays, values):
    """Indices of the politicians a Resignation may remove now: those of the
    highest value (a Doubler counts at its current value and is the higher card
    when it equals another). Empty when no politician is in play."""
    live = [i for i, v in enumerate(values) if v is not None]
    if not live:
        return []
    top = max(values[i] for i in live)
    best = [i for i in live if values[i] == top]
    doublers = [i for i in best if CARDS[plays[i]["card"]]["kind"] == "doubler"]
    return doublers or best


# -- party chairs ------------------------------------------------------------------


def party_holdings(plays, values):
    """(seat, party) -> [total, highest card key, index of that card] for every
    politician in play."""
    held = {}
    for i, pl in enumerate(plays):
        v = values[i]
        if v is None:
            continue
        k = (pl["seat"], pl["party"])
        key = key_of(plays, values, i)
        h = held.get(k)
        if h is None:
            held[k] = [v, key, i]
        else:
            h[0] += v
            if key > h[1]:
                h[1], h[2] = key, i
    return held


def chairs(plays, values, totals, order, held=None):
    """Party chairs. Returns ``(chairs, ties, lines)``: ``chairs`` maps a party
    to its chair's seat, ``ties`` maps a party to the seats that tie on total and
    on highest card (the Green peculiarity), in `order` (a list of seats, the
    starting player first). Only parties with votes have a chair."""
    if held is None:
        held = party_holdings(plays, values)
    pos = {s: k for k, s in enumerate(order)}
    by_party = {}
    for (s, q), h in held.items():
        by_party.setdefault(q, []).append((s, h))
    cards = {}
    for i, pl in enumerate(plays):
        if values[i] is not None:
            cards.setdefault((pl["seat"], pl["party"]), []).append(play_name(plays, values, i))
    out, ties, lines = {}, {}, []
    for p in PARTIES:
        if totals[p] <= 0:
            continue
        mine = by_party[p]
        if len(mine) > 1:
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
            "{p%d} %d (%s)" % (s, h[0], " + ".join(cards[(s, p)])) for s, h in mine)
        if len(top) == 1:
            s = top[0]
            if same:
                names = " and ".join("{p%d}" % t for t in [s] + [t for t in [first_s] + same if t != s])
                text += (f". {names} tie on {first_h[0]}; the highest card decides: "
                         f"{play_name(plays, values, held[(s, p)][2])} is the highest")
            text += ". Chair: {p%d}." % s
            out[p] = s
        else:
            top.sort(key=pos.__getitem__)
            names = " and ".join("{p%d}" % t for t in top)
            text += (f". {names} tie on {first_h[0]} with equally high cards "
                     f"({play_name(plays, values, held[(top[0], p)][2])}): they must agree on a chair.")
            ties[p] = top
        lines.append(text)
    return out, ties, lines


# -- coalitions --------------------------------------------------------------------


def minimal_winning(units, need):
    """Every legal coalition of `units` (a list of (party, votes)), as sorted
    tuples of unit indices, in increasing order: all its parties pairwise
    compatible, at least `need` votes, and minimal: without any one member it
    would fall below `need` (no party may join a coalition that already has the
    majority).

    Members are added largest first; a coalition is recorded the moment it
    reaches `need`. Its last member is its smallest, and without it (or any
    larger member) it was below `need`, so it is minimal; every minimal
    coalition is reached that way. An explicit stack, no recursion."""
    k = len(units)
    ok = []
    for p, _ in units:
        m = 0
        for j, (q, _) in enumerate(units):
            if q in COMPATIBLE[p]:
                m |= 1 << j
        ok.append(m)
    votes = [v for _, v in units]
    order = sorted((i for i in range(k) if votes[i] > 0), key=lambda i: -votes[i])
    suffix = [0] * (len(order) + 1)
    for j in range(len(order) - 1, -1, -1):
        suffix[j] = suffix[j + 1] + votes[order[j]]
    found = []
    stack = [(0, 0, (1 << k) - 1, ())]
    while stack:
        start, total, allowed, members = stack.pop()
        for j in range(start, len(order)):
            if total + suffix[j] < need:
                break
            i = order[j]
            if not allowed >> i & 1:
                continue
            t = total + votes[i]
            if t >= need:
                found.append(tuple(sorted(members + (i,))))
            else:
                stack.append((j + 1, t, allowed & ok[i], members + (i,)))
    found.sort()
    return found


# -- victory points ------------------------------------------------------------------


def rank_key(e):
    """Sort key of a winner: more votes first, then the higher card."""
    k = e["key"]
    return (-e["value"], -k[0], -k[1], -k[2])


def award(entries, row):
    """Rank the winning players and hand out the country's row of VP.

    `entries`: dicts with seat, party, value, key (highest card) and high (its
    name), in the order of seats to list ties in. Players rank by value, then by
    highest card; players still tied share their places: the points of those
    places are added, divided by the number of tied players and rounded down.
    Returns ``(vp by seat, lines)``."""
    ranked = sorted(entries, key=rank_key)
    vp, lines = {}, []
    i = 0
    n = len(ranked)
    while i < n:
        j = i
        while j + 1 < n and ranked[j + 1]["value"] == ranked[i]["value"] and ranked[j + 1]["key"] == ranked[i]["key"]:
            j += 1
        group = ranked[i:j + 1]
        if len(group) == 1:
            e = group[0]
            vp[e["seat"]] = row[i]
            lines.append("Place %d: {p%d}, %s %d (highest card %s): %d VP."
                         % (i + 1, e["seat"], PARTY_NAMES[e["party"]], e["value"], e["high"], row[i]))
        else:
            pts = row[i:j + 1]
            each = sum(pts) // len(group)
            for e in group:
                vp[e["seat"]] = each
            who = ", ".join("{p%d} (%s %d, highest card %s)" % (e["seat"], PARTY_NAMES[e["party"]], e["value"],
                                                                  e["high"]) for e in group)
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


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# -- the bonus round -------------------------------------------------------------------


def bonus_round(vp, players):
    """The bonus round. `vp[seat][party]` are the recorded victory points.
    Returns a dict: totals (VP per seat), shares (per party), chiefs (per party,
    the seats with the most VP there; none for a party nobody scored in), bonus
    (per party, 7..1 by share with competition ranking), paid (per seat), scores
    (final), lines."""
    totals = [sum(vp[s].values()) for s in range(players)]
    shares = {p: sum(vp[s].get(p, 0) for s in range(players)) for p in PARTIES}
    lines = ["The bonus round."]
    lines.append("Victory points per player: " + ", ".join("{p%d} %d" % (s, totals[s]) for s in range(players)) + ".")
    lines.append("Shares of Europe: " + ", ".join(f"{PARTY_NAMES[p]} {shares[p]}" for p in PARTIES)
                 + f" (together {sum(shares.values())}).")
    bonus = {}
    for p in PARTIES:
        higher = sum(1 for q in PARTIES if shares[q] > shares[p])
        bonus[p] = BONUS[higher] if higher < len(BONUS) else 0
    chiefs = {}
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
            lines.append("%s (share %d, %s, bonus %d): chief {p%d} with %d VP gets %d."
                         % (PARTY_NAMES[p], shares[p], rank, bonus[p], top[0], best, each))
        else:
            who = " and ".join("{p%d}" % s for s in top)
            lines.append(f"{PARTY_NAMES[p]} (share {shares[p]}, {rank}, bonus {bonus[p]}): co-chiefs {who} with "
                         f"{best} VP each share it: {bonus[p]} ÷ {len(top)}"
                         + (f", rounded up: {each}" if bonus[p] % len(top) else f" = {each}")
                         + " each.")
    scores = [totals[s] + paid[s] for s in range(players)]
    lines.append("Final points (VP + bonus): " + ", ".join(
        "{p%d} %d + %d = %d" % (s, totals[s], paid[s], scores[s]) for s in range(players)) + ".")
    return {"totals": totals, "shares": shares, "chiefs": chiefs, "bonus": bonus, "paid": paid,
            "scores": scores, "lines": lines}
