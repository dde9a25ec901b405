"""The hint's one line (app/hint.py, "Suggest a move"): why an action is
good for a seat, from that seat's view alone.

Everything it reads is on the table for all to see (the cards in play, the
count, the chairs, the negotiation, the choices of party) or is the seat's
own (its hand, the action). It says what the move does to the votes in play
and to the seat's place among the winners: "your" politicians and "your"
victory points, never the seat's name, since the line may be read over a
shoulder. Every decision of the game has a line: playing a card (a
politician, Gaudino Colorino, a Doubler, a Resignation), the Green chair
tie, proposing, passing, accepting or declining a coalition, and the party
to score with.
"""

from __future__ import annotations

from typing import Optional

from ...core.game import JSON
from .data import CARDS, PARTY_NAMES, VP_TABLE, card_name
from .notation import label_parts as _label, parse
from .scoring import RANK, Entry, Holdings, Play, award_ranked, majority, ordinal, tally


def _s(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _holdings(table: list[Play]) -> tuple[Holdings, dict[str, int]]:
    """(seat, party) -> [votes, highest card key, index] and each party's
    votes, of the cards in play."""
    _, totals, held = tally(table)[:3]
    return held, totals


def _chair(held: Holdings, party: str) -> Optional[int]:
    """The seat that alone holds the most votes of `party` (then the highest
    card), or None when two tie exactly."""
    ranked = sorted(((h[0], h[1], s) for (s, p), h in held.items() if p == party), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][:2] == ranked[1][:2]):
        return None
    return int(ranked[0][2])


def _winners(view: JSON, labels: list[str], choice: Optional[str] = None) -> tuple[dict[int, int], int, int]:
    """If `labels` govern: (VP by seat, players on the winning side, the
    seat's place among them, 0 if not on it). Each winner scores with the
    party already chosen or else its strongest (the seat with `choice`)."""
    held, _ = _holdings(view["table"])
    options: dict[int, list[str]] = {}
    for lb in labels:
        party, only = _label(lb)
        for (s, p) in held:
            if p == party and (only is None or only == s):
                options.setdefault(s, []).append(party)
    chosen = dict(zip(view.get("choosers") or [], view.get("chosen") or []))
    me = view["seat"]
    entries: list[Entry] = []
    for s, parties in options.items():
        pick: Optional[str] = choice if s == me and choice in parties else chosen.get(s)
        if pick is None:
            pick = max(parties, key=lambda p: (held[(s, p)][0], held[(s, p)][1]))
        h = held[(s, pick)]
        entries.append({"seat": s, "party": pick, "value": h[0], "key": h[1], "high": ""})
    ranked = sorted(entries, key=RANK, reverse=True)
    if not ranked:
        return {}, 0, 0
    vp, _ = award_ranked(ranked, VP_TABLE[view["country"]][len(ranked)])
    place = next((i + 1 for i, e in enumerate(ranked) if e["seat"] == me), 0)
    return vp, len(ranked), place


def _names(labels: list[str], view: JSON) -> str:
    out = []
    for lb in labels:
        party, seat = _label(lb)
        name = PARTY_NAMES[party]
        if seat is not None:
            name += " (your votes)" if seat == view["seat"] else " (another player's votes)"
        out.append(name)
    return " + ".join(out)


def _outcome(view: JSON, labels: list[str]) -> str:
    """'you are on the winning side: 2nd of 3, 4 VP' or 'you are not on the winning side'."""
    vp, n, place = _winners(view, labels)
    if not place:
        return "you would not be on the winning side"
    return f"you would be on the winning side, {ordinal(place)} of {n}: {_s(vp[view['seat']], 'victory point')}"


def _possible(view: JSON) -> list[list[str]]:
    neg = view.get("negotiation") or {}
    return [str(c).split("+") for c in neg.get("possible") or []]


def _best_elsewhere(view: JSON, labels: list[str]) -> tuple[int, Optional[list[str]]]:
    """The most VP the seat would get from another possible coalition, and it."""
    best, which = -1, None
    for c in _possible(view):
        if sorted(c) == sorted(labels):
            continue
        vp, _, place = _winners(view, c)
        got = vp.get(view["seat"], 0) if place else -1
        if got > best:
            best, which = got, c
    return best, which


# -- playing a card ----------------------------------------------------------------


def _play(view: JSON, card: str, party: Optional[str], target: Optional[str]) -> Optional[str]:
    me = view["seat"]
    before: list[Play] = [{"seat": pl["seat"], "card": pl["card"], "party": pl["party"], "out": pl["out"],
                           "target": pl["target"]} for pl in view["table"]]
    kind = CARDS[card]["kind"]
    if kind == "resign":
        return _resign(view, before, target)
    party = party or CARDS[card]["party"]
    if party is None:
        return None
    after: list[Play] = before + [{"seat": me, "card": card, "party": party, "out": False, "target": None}]
    held0, totals0 = _holdings(before)
    held, totals = _holdings(after)
    total = sum(totals.values())
    name = PARTY_NAMES[party]
    mine = held[(me, party)][0]
    gain = totals[party] - totals0[party]
    if kind == "doubler":
        if not totals0[party]:
            return (f"The {name} Doubler is worth nothing yet, but it doubles every {name} vote "
                    "played after it in this election.")
        what = f"The {name} Doubler doubles {name}'s {_s(totals0[party], 'vote')} to {totals[party]}"
    elif kind == "colorino":
        what = (f"Gaudino Colorino joins {name} with 7 votes (now {totals[party]})" if totals0[party]
                else f"Gaudino Colorino brings {name} into play with {_s(gain, 'vote')}")
    elif totals0[party]:
        doubled = ", doubled by its Doubler" if gain != CARDS[card]["value"] else ""
        what = f"It adds {gain} votes to {name}{doubled} (now {totals[party]})"
    else:
        what = f"It brings {name} into play with {_s(gain, 'vote')}"
    if (me, party) in held0:
        what += f", and your votes in {name} rise to {mine}"
    # a majority means something once everyone has played a card
    if len(after) >= view["players"] and totals[party] >= majority(total) and gain:
        share = (f"every one of the {total} votes in play" if totals[party] == total
                 else f"a majority ({totals[party]} of {total} votes)")
        return f"{what}: as the table stands {name} has {share}, with you in it."
    chair = _chair(held, party)
    if chair == me:
        verb = "keeps you" if _chair(held0, party) == me else "makes you"
        return f"{what}: it {verb} {name}'s chair, who speaks for {name} in the coalition talks."
    largest = max(totals.values())
    if totals[party] == largest and list(totals.values()).count(largest) == 1:
        return f"{what}: {name} is the largest party in play, and you have a politician in it."
    return f"{what}: if {name} governs, your politician puts you on the winning side."


def _resign(view: JSON, before: list[Play], target: Optional[str]) -> Optional[str]:
    if target is None:
        return "No politician is in play, so it removes nobody and your politicians stay in your hand."
    i = next((k for k, pl in enumerate(before) if pl["card"] == target and not pl["out"]), None)
    if i is None:
        return None
    pl = before[i]
    party = str(pl["party"])
    held0, totals0 = _holdings(before)
    before[i] = {"seat": pl["seat"], "card": pl["card"], "party": pl["party"], "out": True, "target": pl["target"]}
    _, totals = _holdings(before)
    name = card_name(target, party)
    whose = "your own" if pl["seat"] == view["seat"] else "another player's"
    line = (f"It removes {whose} {name}, the highest politician in play: "
            f"{PARTY_NAMES[party]} falls from {totals0[party]} to {_s(totals[party], 'vote')}")
    if _chair(held0, party) not in (None, view["seat"]):
        line += ", and its chair loses that card's votes"
    return line + "."


# -- after the vote --------------------------------------------------------------------


def _propose(view: JSON, labels: list[str]) -> str:
    neg = view.get("negotiation") or {}
    votes = {u["label"]: u["votes"] for u in neg.get("units") or []}
    total = sum(votes.get(lb, 0) for lb in labels)
    line = f"{_names(labels, view)} reach a majority with {total} votes, and " + _outcome(view, labels)
    vp, _, place = _winners(view, labels)
    best, _ = _best_elsewhere(view, labels)
    if place and vp[view["seat"]] >= best:
        return line + ", as much as any coalition possible here."
    return line + "."


def _answer(view: JSON, accept: bool) -> Optional[str]:
    proposal = (view.get("negotiation") or {}).get("proposal")
    if not proposal:
        return None
    labels = str(proposal["coalition"]).split("+")
    vp, _, place = _winners(view, labels)
    got = vp.get(view["seat"], 0) if place else -1
    best, other = _best_elsewhere(view, labels)
    if accept:
        line = f"If {_names(labels, view)} govern, " + _outcome(view, labels)
        if got >= best:
            return line + "; no other coalition possible here gives you more."
        return line + "; a refusal could end in a new election, where everyone takes back their cards."
    if other is not None and best > got:
        return (f"{_names(other, view)} would give you {_s(best, 'victory point')}, more than this "
                f"coalition's {max(got, 0)}: refusing keeps the talks open for it.")
    return ("Refusing keeps the talks open; if no coalition is agreed the country votes again "
            "and everyone takes back the cards they played.")


def _pass(view: JSON) -> str:
    mine = [a[len("propose "):].split("+") for a in view.get("legal", ()) if a.startswith("propose ")]
    best_mine = max((_winners(view, c)[0].get(view["seat"], 0) for c in mine), default=0)
    for c in _possible(view):
        vp, _, place = _winners(view, c)
        if place and vp[view["seat"]] > best_mine and c not in mine:
            return (f"Another chair may propose {_names(c, view)}, which would give you "
                    f"{_s(vp[view['seat']], 'victory point')}: more than any coalition you can propose.")
    return "Passing leaves the next proposal to the other chairs."


def _tie(view: JSON, party: str, claim: bool) -> str:
    name = PARTY_NAMES[party]
    held, totals = _holdings(view["table"])
    mine = held.get((view["seat"], party), [0])[0]
    if claim:
        return (f"Claiming lets you speak for all {totals[party]} of {name}'s votes in the talks, "
                f"if the other player yields; if both claim, you bargain with your own {mine} alone.")
    return (f"Yielding leaves the chair to the other player if they claim it: {name}'s {totals[party]} votes "
            "then go into the talks as one party, and your politicians there still count for the winning side.")


def _score(view: JSON, party: str) -> Optional[str]:
    gov = view.get("government")
    if not gov:
        return None
    labels = list(gov["labels"])
    vp, n, place = _winners(view, labels, party)
    got = vp.get(view["seat"], 0)
    name = PARTY_NAMES[party]
    line = f"With {name} you rank {ordinal(place)} of {n} winners: {_s(got, 'victory point')}"
    record = view.get("vp") or []
    me = view["seat"]
    if 0 <= me < len(record):
        mine = record[me].get(party, 0)
        top = max((r.get(party, 0) for k, r in enumerate(record) if k != me), default=0)
        if mine + got > top:
            line += f", which keeps you {name}'s party chief so far (a bonus at the end)" if mine > top else (
                f", which makes you {name}'s party chief so far (a bonus at the end)")
    return line + "."


def reason(view: JSON, action: str) -> Optional[str]:
    """One line on why `action` is good for the seat of `view`, from that
    view alone; None for an action not legal there."""
    if view.get("seat") is None or action not in view.get("legal", ()):
        return None
    a = parse(action)
    if a.kind == "play":
        party = a.get("party")
        target = a.get("target")
        return _play(view, str(a["card"]), str(party) if party else None, str(target) if target else None)
    if a.kind == "propose":
        return _propose(view, str(a["coalition"]).split("+"))
    if a.kind in ("accept", "decline"):
        return _answer(view, a.kind == "accept")
    if a.kind == "pass":
        return _pass(view)
    if a.kind in ("claim", "yield"):
        return _tie(view, str(a["party"]), a.kind == "claim")
    if a.kind == "score":
        return _score(view, str(a["party"]))
    return None


__all__ = ["reason"]
