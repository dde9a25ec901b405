"""Die Macher's words for the table: the label of each legal action (with its
price) and why an action is refused (with the price and what the player holds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...core.actions import NotationError
from ...core.game import seat_ref
from .data import (
    CABINET_COST, CABINET_NAMES, DONATIONS, MAX_RALLIES, MEDIA_PRICE, MEDIA_SPOTS, OPINION_NAMES, PARTIES,
    PARTY_NAMES, POLL_BASE, RALLY_PRICE, STATE_NAMES, eur,
)
from . import notation as nt
from .notation import parse
from .votes import Board

if TYPE_CHECKING:
    from .rules import DieMacherState

_WHAT = {
    "bid": "bid for the start player",
    "rebid": "bid again openly for the start player",
    "draw": "take the top programme card or renew the display",
    "take": "take a card from the programme display",
    "swap": "swap programme cards or keep one hand card",
    "media": "buy a media marker or pass",
    "rally": "buy rallies",
    "place": "place shadow-cabinet cards",
    "cabinet": "choose what your shadow-cabinet card works on",
    "look": "look at a face-down opinion",
    "replace": "replace an opinion with your media majority",
    "poll-bid": "bid for the poll",
    "poll-sell": "sell or keep the poll",
    "poll-use": "use the poll",
    "coalition": "choose a coalition partner",
    "donation": "accept or refuse the donation",
}


def _state_of(st: DieMacherState, sid: str) -> Optional[Board]:
    return st._board(sid)


def explain(st: DieMacherState, seat: int, action: str) -> Optional[str]:
    """Why `action` is not legal for `seat` now (None: no better reason than
    the generic one)."""
    if seat not in st.to_act():
        return None
    try:
        a = parse(action)
    except NotationError as exc:
        return f"{action!r} is not a Die Macher action: {exc.reason}"
    step = st.step
    kind = a.kind
    money = st.money[seat]
    want = _WHAT.get(step, "act")
    if kind == "bid" and step in ("bid", "rebid", "poll-bid"):
        amount = nt.number(a, "amount")
        if amount > money:
            return f"you cannot bid {eur(amount)}: you hold {eur(money)}"
        high = st.rebid_now()["high"] if step == "rebid" else st.auction_now()["high"] if step == "poll-bid" else None
        if high is not None and amount <= high:
            return f"a bid must be higher than {eur(high)}"
        return None
    if kind == "media" and step == "media":
        b = _state_of(st, nt.word(a, "state"))
        if b is None:
            return f"{STATE_NAMES[nt.word(a, 'state')]} is not on the table"
        if money < MEDIA_PRICE:
            return f"a media marker costs {eur(MEDIA_PRICE)}: you hold {eur(money)}"
        if st.supply[seat] <= 0:
            return "all your media markers are on the boards"
        if sum(b["media"]) >= MEDIA_SPOTS:
            return f"the {MEDIA_SPOTS} media spots of {STATE_NAMES[b['id']]} are taken"
        return None
    if kind == "rally" and step == "rally":
        b = _state_of(st, nt.word(a, "state"))
        count = nt.number(a, "count")
        if b is None:
            return f"{STATE_NAMES[nt.word(a, 'state')]} is not on the table"
        where = STATE_NAMES[b["id"]]
        if b["id"] in st.bought:
            return f"you have already bought rallies in {where} this turn: rallies are bought once per state"
        have = b["rallies"][seat]
        if have + count > MAX_RALLIES:
            return (f"you have {have} rallies in {where}; at most {MAX_RALLIES} per party and state, so you may buy "
                    f"{MAX_RALLIES - have} more")
        price = RALLY_PRICE[count]
        if price > money:
            return f"{count} rallies at once cost {eur(price)}: you hold {eur(money)}"
        return None
    if kind == "place" and step == "place":
        card = nt.word(a, "card")
        b = _state_of(st, nt.word(a, "state"))
        if card not in st.cabinet[seat]:
            return f"the {CABINET_NAMES[card]} is no longer in your shadow cabinet (each card is used once)"
        if b is None:
            return f"{STATE_NAMES[nt.word(a, 'state')]} is not on the table"
        if b["cabinet"][seat] is not None:
            return f"you already have a card face down at {STATE_NAMES[b['id']]}: one per state"
        return None
    # a swap or a hold waits for the display card to be taken; a take comes before them
    if (kind == "take" and step == "take") or (kind in ("hold", "swap") and step == "swap"):
        if kind == "take" and nt.word(a, "opinion") not in st.prog_display:
            return f"{OPINION_NAMES[nt.word(a, 'opinion')]} is not in the programme display"
        if kind in ("hold", "swap") and nt.word(a, "card") not in st.hands[seat]:
            return f"{OPINION_NAMES[nt.word(a, 'card')]} is not in your hand"
        if kind == "swap":
            if nt.word(a, "for") not in st.programmes[seat]:
                return f"{OPINION_NAMES[nt.word(a, 'for')]} is not in your programme"
            if st.swaps >= 2:
                return "you have already swapped twice this round"
            return "a programme holds one card per topic at most"
        return None
    if kind == "keep" and step == "poll-sell" and money < st.auction_now()["high"]:
        return f"keeping the poll costs the highest bid, {eur(st.auction_now()['high'])}: you hold {eur(money)}"
    if kind == "publish" and step == "poll-use":
        return "you may publish a poll only if it raises your own trend"
    return f"{action!r} is not a legal action now: you are to {want}"


def label(st: DieMacherState, seat: Optional[int], action: str) -> str:
    a = parse(action)
    kind = a.kind
    money = st.money[seat] if seat is not None else 0
    step = st.step
    if kind == "bid":
        amount = nt.number(a, "amount")
        if step == "bid":
            return f"Bid {eur(amount)} in secret"
        if step == "poll-bid":
            return f"Bid {eur(amount)} for the poll"
        return f"Bid {eur(amount)}"
    if kind == "pass":
        if step == "media":
            return "Pass (buy no media marker now)"
        return "Drop out"
    if kind == "draw":
        return "Take the top programme card, then one from the display"
    if kind == "renew":
        return "Discard the display, lay out a new one and take one from it"
    if kind == "take":
        return f"Take {OPINION_NAMES[nt.word(a, 'opinion')]}"
    if kind == "swap":
        return f"Put {OPINION_NAMES[nt.word(a, 'card')]} into your programme for {OPINION_NAMES[nt.word(a, 'for')]}"
    if kind == "hold":
        return f"Keep {OPINION_NAMES[nt.word(a, 'card')]}, discard the other hand cards"
    if kind == "done":
        if step == "rally":
            return "Done buying rallies"
        if step == "place":
            return "Done placing cards"
        return "Done"
    if kind == "media":
        return f"Media marker in {STATE_NAMES[nt.word(a, 'state')]} for {eur(MEDIA_PRICE)} (you hold {eur(money)})"
    if kind == "rally":
        c = nt.number(a, "count")
        where = STATE_NAMES[nt.word(a, 'state')]
        return (f"{c} {'rally' if c == 1 else 'rallies'} in {where} for {eur(RALLY_PRICE[c])} "
                f"(you hold {eur(money)})")
    if kind == "place":
        card = nt.word(a, "card")
        return f"{CABINET_NAMES[card]} ({eur(CABINET_COST[card])}) face down at {STATE_NAMES[nt.word(a, 'state')]}"
    if kind == "target":
        return f"Target {PARTY_NAMES[nt.word(a, 'party')]} ({seat_ref(PARTIES.index(nt.word(a, 'party')))})"
    if kind == "replace":
        return f"Replace {OPINION_NAMES[nt.word(a, 'opinion')]} with {OPINION_NAMES[nt.word(a, 'with')]}"
    if kind == "double":
        return f"Double {OPINION_NAMES[nt.word(a, 'opinion')]}"
    if kind == "look":
        return f"Look at face-down slot {nt.number(a, 'slot')}"
    if kind == "skip":
        return "Replace nothing" if step == "replace" else "Do not use the main action"
    if kind == "sell":
        au = st.auction_now()
        return f"Sell the poll to {seat_ref(au['holder'])} for {eur(au['high'])}"
    if kind == "keep":
        high = st.auction_now()["high"]
        return f"Keep the poll, paying {eur(high)} to the bank" if high else "Keep the poll"
    if kind == "base":
        return f"Keep the poll secret: party base +{POLL_BASE}"
    if kind == "publish":
        return "Publish the poll: every trend here changes"
    if kind == "coalition":
        return f"Coalition with {PARTY_NAMES[nt.word(a, 'party')]} ({seat_ref(PARTIES.index(nt.word(a, 'party')))})"
    if kind in ("accept", "refuse") and st.donation:
        m, loss, gain = DONATIONS[st.donation]
        return f"Accept {eur(m)}, party base −{loss}" if kind == "accept" else f"Refuse: party base +{gain}"
    return action
