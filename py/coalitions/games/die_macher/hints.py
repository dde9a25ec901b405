"""The hint's one line (app/hint.py, "Suggest a move"): why an action is
good for a seat, from that seat's view alone.

It reads what the view shows: the states with the opinions this seat can
see (face up, or face down and looked at), rallies, trends, media markers
and votes counted on those opinions, every programme, money and party base,
the displays, the poll being auctioned and the donation turned, and the
seat's own hand and shadow-cabinet cards. It never counts a face-down
opinion the seat has not seen as known, nor names another party's hidden
cards. "Your party", "your programme": the line may be read over a
shoulder. Every decision has a line: the bids for the start player, the
programme (draw, take, swap, the hand card kept), media markers, rallies,
the shadow cabinet and what its cards do, the media majority, the polls,
the coalition partner and the donation.
"""

from __future__ import annotations

from typing import Optional

from ...core.game import JSON
from .bots import card_value
from .data import (
    CABINET_COST, CABINET_MAIN, CABINET_NAMES, DONATIONS, MEDIA_SPOTS, OPINION_NAMES, PARTIES,
    PARTY_NAMES, POLL_BASE, RALLY_PRICE, ROUNDS, TREND_MAX, TREND_MIN, VP_COALITION, eur, signed,
)
from .notation import parse
from .votes import shared_cards


def _state(view: JSON, sid: str) -> tuple[int, JSON]:
    """(its place in the view's states, 0 for the election state; the state)."""
    for k, st in enumerate(view["states"]):
        if st["id"] == sid:
            return k, st
    raise KeyError(sid)


def _where(k: int, st: JSON) -> str:
    return f"{st['name']}" + (", the election state this round," if k == 0 else "")


def _seen(st: JSON, programme: list[str]) -> int:
    """The topics of `programme` among the opinions of `st` this seat sees."""
    return sum(2 if sl["doubled"] else 1 for sl in st["slots"] if sl["opinion"] in programme)


def _matches(view: JSON, op: str) -> str:
    """'it matches 3 opinions you can see (2 in the election state)'."""
    total = 0
    first = 0
    for k, st in enumerate(view["states"]):
        n = sum(2 if sl["doubled"] else 1 for sl in st["slots"] if sl["opinion"] == op)
        total += n
        first += n if k == 0 else 0
    if not total:
        return "no opinion you can see yet"
    return (f"{total} opinion{'' if total == 1 else 's'} you can see"
            + (f" ({first} in the election state)" if first and first < total else
               " (in the election state)" if first else ""))


def _party(seat: int) -> str:
    return PARTY_NAMES[PARTIES[seat]]


# -- phase 1 ------------------------------------------------------------------------------------


def _bid(view: JSON, amount: int) -> str:
    me = view["seat"]
    money = int(view["money"][me])
    rb = view.get("rebid")
    if view.get("auction"):
        return _poll_bid(view, amount)
    if rb is not None:
        return (f"{eur(amount)} outbids the highest re-bid ({eur(rb['high'])}) to start this round, "
                f"and leaves you {eur(money - amount)}.")
    if not amount:
        return f"Bidding nothing keeps all your {eur(money)} for media, rallies and the shadow cabinet."
    return (f"A bid of {eur(amount)} may win the start (first pick of programme cards and media spots) "
            f"and keeps {eur(money - amount)} of your money for the round.")


def _pass(view: JSON) -> str:
    me = view["seat"]
    step = view["step"]
    if view.get("auction"):
        return _poll_pass(view)
    if view.get("rebid") is not None:
        return f"Dropping out of the re-bid keeps your {eur(int(view['money'][me]))} for the round."
    if step == "media":
        return f"Passing keeps your {eur(int(view['money'][me]))} for rallies and the shadow cabinet."
    return "Passing keeps your money."


# -- phase 2 ------------------------------------------------------------------------------------


def _draw(view: JSON, renew: bool) -> str:
    shown = list(view["programme_display"])
    best = max(shown, key=lambda op: card_value(view, op), default=None)
    if renew:
        if best is None:
            return "The programme display is empty: a new one gives you five cards to choose from."
        return (f"The display's best card, {OPINION_NAMES[best]}, matches {_matches(view, best)}: "
                "a new display may offer better.")
    if best is None:
        return "It takes the top programme card."
    return (f"It takes the top card and then one of the display, where {OPINION_NAMES[best]} matches "
            f"{_matches(view, best)}.")


def _take(view: JSON, op: str) -> str:
    return f"{OPINION_NAMES[op]} matches {_matches(view, op)}."


def _swap(view: JSON, card: str, out: str) -> str:
    return (f"{OPINION_NAMES[card]} from your hand matches {_matches(view, card)}; "
            f"{OPINION_NAMES[out]} in your programme matches {_matches(view, out)}.")


def _hold(view: JSON, card: str) -> str:
    return f"It keeps {OPINION_NAMES[card]} in your hand for a later swap: it matches {_matches(view, card)}."


# -- phases 3 and 4 -----------------------------------------------------------------------------


def _media(view: JSON, sid: str) -> str:
    me = view["seat"]
    k, st = _state(view, sid)
    mine = st["media"][me] + 1
    others = max(m for s, m in enumerate(st["media"]) if s != me)
    line = f"A marker in {_where(k, st)} gives your party {mine} of its {MEDIA_SPOTS} media spots"
    if mine > others:
        line += ": the media majority there, which may replace one of its opinions in phase 7"
    elif mine == others:
        line += f", level with the most of any rival ({others})"
    if k == 0:
        line += "; if your party wins there, a marker moves to the national spot (2 points at the end)"
    return line + "."


def _rally(view: JSON, sid: str, count: int) -> str:
    me = view["seat"]
    k, st = _state(view, sid)
    have = st["rallies"][me] + count
    strength = max(0, have + st["trends"][me])
    topics = _seen(st, view["programmes"][me])
    votes = strength * topics
    rivals = max(v for s, v in enumerate(st["votes"]) if s != me)
    line = (f"{count} rall{'y' if count == 1 else 'ies'} in {_where(k, st)} for {eur(RALLY_PRICE[count])}: "
            f"your party's votes there would be ({have} rall{'y' if have == 1 else 'ies'} "
            f"{'−' if st['trends'][me] < 0 else '+'} {abs(st['trends'][me])} trend) × "
            f"{topics} topic{'' if topics == 1 else 's'} you can see = {votes}")
    line += f", ahead of every rival (the best has {rivals})" if votes > rivals else f", against a rival's {rivals}"
    return line + "."


def _done(view: JSON) -> str:
    me = view["seat"]
    step = view["step"]
    money = eur(int(view["money"][me]))
    if step == "rally":
        return f"Enough rallies for this round: the rest of your {money} pays for the shadow cabinet and polls."
    if step == "place":
        return f"It ends your placements: your {money} is kept for the cards placed and for the polls."
    return "It keeps your programme as it is, its cards matching the opinions you can see."


# -- phases 5 to 7 ------------------------------------------------------------------------------


def _place(view: JSON, card: str, sid: str) -> str:
    k, st = _state(view, sid)
    return (f"Your {CABINET_NAMES[card]} in {_where(k, st)} for {eur(CABINET_COST[card])}: "
            f"{CABINET_MAIN[card]}.")


def _target(view: JSON, party: str) -> Optional[str]:
    pend = view.get("pending")
    if not pend:
        return None
    k, st = _state(view, pend["state"])
    s = PARTIES.index(party)
    name = CABINET_NAMES[pend["card"]]
    if pend["card"] == "press-spokesperson":
        return (f"Your {name} takes a media marker from {PARTY_NAMES[party]}, which has {st['media'][s]} "
                f"in {st['name']}.")
    return (f"Your {name} works on {PARTY_NAMES[party]}, with {st['votes'][s]} votes and {st['rallies'][s]} "
            f"rallies in {st['name']} as far as you can see.")


def _change(view: JSON, op: str, new: Optional[str]) -> Optional[str]:
    """A replacement (`new`) or a doubling (None) of the opinion `op`."""
    pend = view.get("pending")
    if not pend:
        return None
    k, st = _state(view, pend["state"])
    me = view["seat"]
    mine = view["programmes"][me]
    theirs = [s for s in range(view["players"]) if s != me]
    if new is None:
        return (f"Doubling {OPINION_NAMES[op]}, which is in your programme, counts it twice for your party "
                f"in {st['name']}.")
    helps = [_party(s) for s in theirs if new in view["programmes"][s]]
    hurts = [_party(s) for s in theirs if op in view["programmes"][s]]
    line = f"Replacing {OPINION_NAMES[op]} with {OPINION_NAMES[new]} in {st['name']}"
    if new in mine and op not in mine:
        line += " gives your party a matching topic there"
    elif op in mine and new not in mine:
        line += " costs your party a topic there"
    else:
        line += " leaves your topics as they are"
    if hurts:
        line += f" and takes one from {' and '.join(hurts)}"
    elif helps:
        line += f", though it gives one to {' and '.join(helps)}"
    return line + "."


def _skip(view: JSON) -> str:
    me = view["seat"]
    mine = view["programmes"][me]
    for x in view["legal"]:
        a = parse(x)
        if (a.kind == "replace" and a["with"] in mine and a["opinion"] not in mine) or a.kind == "double":
            return "Skipping leaves the opinions as they are, where a change would help a rival as well."
    return "No change on offer gives your party a topic here: skipping leaves the opinions as they are."


def _look(view: JSON, slot: int) -> Optional[str]:
    pend = view.get("pending")
    where = f" of {_state(view, pend['state'])[1]['name']}" if pend else ""
    return (f"Looking at face-down opinion {slot}{where} shows you whether your programme matches it "
            "before the vote.")


# -- phase 8 ------------------------------------------------------------------------------------


def _poll(view: JSON) -> tuple[str, int, int, str]:
    """(the state's name, the poll's change of your trend, the rounds of
    income a party base of +3 would still bring, the auctioneer's party)."""
    au = view["auction"]
    me = view["seat"]
    _, st = _state(view, au["state"])
    return st["name"], int(au["changes"][me]), max(0, ROUNDS - int(view["round"])), _party(au["auctioneer"])


def _poll_offer(view: JSON) -> str:
    """What the poll offers the seat: 'your trend in Hesse +2 (6 votes on
    the topics you can see) if published, or party base +3 (3,000 € a round
    for 2 rounds)'."""
    name, change, rounds, _ = _poll(view)
    me = view["seat"]
    _, st = _state(view, view["auction"]["state"])
    trend = st["trends"][me]
    after = max(TREND_MIN, min(TREND_MAX, trend + change))
    gain = (max(0, st["rallies"][me] + after) - max(0, st["rallies"][me] + trend)) * _seen(st, view["programmes"][me])
    base = (f"+{POLL_BASE} party base ({eur(POLL_BASE)} a round for {rounds} more round{'' if rounds == 1 else 's'})"
            if rounds else f"+{POLL_BASE} party base (a tie-break at the end)")
    if change > 0:
        return (f"{signed(change)} trend in {name} if published ({signed(gain)} votes on the topics you "
                f"can see), or {base}")
    if not change:
        return f"{base}; published, the poll would leave your trend in {name} as it is"
    return f"{base}; published, the poll would move your trend in {name} by {signed(change)}"


def _poll_bid(view: JSON, amount: int) -> str:
    return f"For {eur(amount)} your party gets " + _poll_offer(view) + "."


def _poll_pass(view: JSON) -> str:
    nxt = eur(int(view["auction"]["high"]) + 1)
    return f"The next bid would cost {nxt} for " + _poll_offer(view) + ": passing keeps that money."


def _poll_sell(view: JSON, sell: bool) -> str:
    au = view["auction"]
    high = int(au["high"])
    if sell:
        return (f"Selling brings your party {eur(high)} from {_party(au['holder'])}." if au.get("holder") is not None
                else "Nobody bid: the poll is yours for nothing.")
    return f"Keeping the poll costs {eur(high)} to the bank, for " + _poll_offer(view) + "."


def _poll_use(view: JSON, publish: bool) -> str:
    name, change, rounds, _ = _poll(view)
    if publish:
        au = view["auction"]
        me = view["seat"]
        _, st = _state(view, au["state"])
        trend = max(TREND_MIN, min(TREND_MAX, st["trends"][me] + change))
        hit = [f"{_party(s)} {signed(c)}" for s, c in enumerate(au["changes"]) if s != me and c < 0]
        return (f"Publishing moves your trend in {name} to {signed(trend)}"
                + (f" and lowers {', '.join(hit)}" if hit else "") + ".")
    return f"Keeping the poll secret gives your {_base_gain(POLL_BASE, rounds)}."


def _base_gain(points: int, rounds: int) -> str:
    """'party base +3: 3,000 € more income in each of 2 rounds, and a tie-break at the end'."""
    if not rounds:
        return f"party base +{points}, which breaks a tie at the end"
    return (f"party base +{points}: {eur(points)} more income in "
            + (f"each of {rounds} more rounds" if rounds > 1 else "the next round") + ", and a tie-break at the end")


# -- phase 9 ------------------------------------------------------------------------------------


def _coalition(view: JSON, party: str) -> str:
    me = view["seat"]
    s = PARTIES.index(party)
    el = view.get("election") or {}
    votes = list(el.get("votes") or [])
    shared = shared_cards(view["programmes"][me], view["programmes"][s])
    others = [PARTIES.index(str(parse(x)["party"])) for x in view["legal"] if x.startswith("coalition ")]
    fewest = len(others) > 1 and all(view["vp"][s] <= view["vp"][o] for o in others)
    return (f"{PARTY_NAMES[party]} shares {shared} programme cards with your party"
            + (f" and brings {votes[s]} votes" if s < len(votes) else "")
            + f"; both take {VP_COALITION} VP, and it has {view['vp'][s]} VP"
            + (", the fewest of your possible partners." if fewest else "."))


def _donation(view: JSON, accept: bool) -> Optional[str]:
    card = view.get("donation")
    if card not in DONATIONS:
        return None
    money, lose, gain = DONATIONS[str(card)]
    if accept:
        return f"Accepting brings {eur(money)} now, for {lose} point{'' if lose == 1 else 's'} of party base."
    # this round's income is paid before the donation: the rounds after it pay
    rounds = max(0, ROUNDS - 1 - int(view["round"]))
    return f"Refusing gives your {_base_gain(gain, rounds)}."


def reason(view: JSON, action: str) -> Optional[str]:
    """One line on why `action` is good for the seat of `view`, from that
    view alone; None for an action not legal there."""
    if view.get("seat") is None or action not in view.get("legal", ()):
        return None
    a = parse(action)
    kind = a.kind
    if kind == "bid":
        return _bid(view, int(a["amount"]))
    if kind == "pass":
        return _pass(view)
    if kind in ("draw", "renew"):
        return _draw(view, kind == "renew")
    if kind == "take":
        return _take(view, str(a["opinion"]))
    if kind == "swap":
        return _swap(view, str(a["card"]), str(a["for"]))
    if kind == "hold":
        return _hold(view, str(a["card"]))
    if kind == "done":
        return _done(view)
    if kind == "media":
        return _media(view, str(a["state"]))
    if kind == "rally":
        return _rally(view, str(a["state"]), int(a["count"]))
    if kind == "place":
        return _place(view, str(a["card"]), str(a["state"]))
    if kind == "target":
        return _target(view, str(a["party"]))
    if kind == "replace":
        return _change(view, str(a["opinion"]), str(a["with"]))
    if kind == "double":
        return _change(view, str(a["opinion"]), None)
    if kind == "look":
        return _look(view, int(a["slot"]))
    if kind == "skip":
        return _skip(view)
    if kind in ("sell", "keep"):
        return _poll_sell(view, kind == "sell")
    if kind in ("base", "publish"):
        return _poll_use(view, kind == "publish")
    if kind == "coalition":
        return _coalition(view, str(a["party"]))
    if kind in ("accept", "refuse"):
        return _donation(view, kind == "accept")
    return None
