"""What one seat sees of a game of Die Macher (`DieMacherState.view`).

Hidden from a seat: the other seats' bids before the reveal, their hands,
their shadow-cabinet cards still in hand or face down, face-down opinions it
has not looked at, and the order of every draw stack (programme, opinion,
poll and donation cards). Everything else (money, tracks, markers,
programmes, displays) is public. A spectator (seat None) sees the public
part only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...core.game import JSON
from .data import (
    CABINET_ORDER, MEDIA_SPOTS, OPINION_NAMES, PARTIES, PHASE_NAMES, POLLS, ROUNDS, SLOTS, STATE_NAMES,
)
from .votes import Board, matching, strength

if TYPE_CHECKING:
    from .rules import DieMacherState

FACE_DOWN = "face-down"


def _visible(b: Board, seat: Optional[int]) -> list[bool]:
    up = b["up"]
    if seat is None:
        return list(up)
    return [up[i] or seat in b["known"][i] for i in range(SLOTS)]


def board_view(st: DieMacherState, b: Board, seat: Optional[int], election: bool) -> JSON:
    n = st.players
    vis = _visible(b, seat)
    slots: list[JSON] = []
    for i in range(SLOTS):
        slots.append({
            "slot": i + 1,
            "opinion": b["opinions"][i] if vis[i] else None,
            "name": OPINION_NAMES[b["opinions"][i]] if vis[i] else None,
            "face_up": b["up"][i],
            "known": bool(vis[i] and not b["up"][i]),
            "doubled": b["doubled"][i],
        })
    topics = []
    votes = []
    for s in range(n):
        m = matching(b, st.programmes[s], vis)[0]
        topics.append(m)
        votes.append(strength(b, s) * m)
    cabinet: list[Optional[str]] = []
    for s in range(n):
        c = b["cabinet"][s]
        cabinet.append(None if c is None else c if s == seat else FACE_DOWN)
    media = b["media"]
    best = max(media)
    return {
        "id": b["id"],
        "name": STATE_NAMES[b["id"]],
        "election": election,
        "slots": slots,
        "media": list(media),
        "media_free": MEDIA_SPOTS - sum(media),
        "majority": media.index(best) if best and media.count(best) == 1 else None,
        "rallies": list(b["rallies"]),
        "trends": list(b["trends"]),
        "strength": [strength(b, s) for s in range(n)],
        "topics": topics,
        "votes": votes,
        "projection": not all(b["up"]),
        "cabinet": cabinet,
        "once": list(b["once"]),
    }


def view(st: DieMacherState, seat: Optional[int] = None) -> JSON:
    n = st.players
    if seat is not None and not 0 <= seat < n:
        seat = None
    step = st.step
    states = [board_view(st, b, seat, k == 0) for k, b in enumerate(st.boards)]
    bids: Optional[JSON] = None
    if step == "bid":
        bids = {"placed": [b is not None for b in st.bids], "mine": st.bids[seat] if seat is not None else None}
    rebid: Optional[JSON] = None
    if st.rebid is not None:
        rb = st.rebid
        rebid = {"in": list(rb["in"]), "high": rb["high"], "holder": rb["holder"], "order": list(rb["ref"])}
    pending: Optional[JSON] = None
    if st.cab is not None:
        b = st.boards[st.cab["board"]]
        pending = {"state": b["id"], "seat": st.cab["seat"], "card": st.cab["card"]}
    auction: Optional[JSON] = None
    if st.auction is not None:
        au = st.auction
        auction = {"state": st.boards[au["board"]]["id"], "poll": au["poll"],
                   "changes": list(POLLS[au["poll"]][:n]), "auctioneer": au["auctioneer"], "in": list(au["in"]),
                   "order": list(au["ref"]), "high": au["high"], "holder": au["holder"], "winner": au["winner"]}
    election: Optional[JSON] = None
    if st.election is not None:
        el = st.election
        election = {"state": el["state"], "votes": list(el["votes"]), "kind": el["kind"],
                    "leader": el["winners"][0] if el["winners"] else None, "partners": list(el["partners"])}
    out = st.result
    return {
        "game": "die-macher",
        "players": n,
        "seat": seat,
        "parties": list(PARTIES[:n]),
        "round": st.round,
        "rounds": ROUNDS,
        "phase": st.phase,
        "phase_name": PHASE_NAMES[st.phase],
        "step": step,
        "turn": st.turn,
        "to_act": st.to_act(),
        "start": st.start,
        "order": list(st.order),
        "money": list(st.money),
        "base": list(st.base),
        "vp": list(st.vp),
        "national": list(st.national),
        "supply": list(st.supply),
        "programmes": [list(p) for p in st.programmes],
        "hand": list(st.hands[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in st.hands],
        "cabinet": sorted(st.cabinet[seat], key=CABINET_ORDER.__getitem__) if seat is not None else None,
        "cabinet_counts": [len(c) for c in st.cabinet],
        "cabinet_used": [list(c) for c in st.used_cabinet],
        "programme_display": list(st.prog_display),
        "programme_stack": len(st.prog_stack),
        "programme_discard": len(st.prog_discard),
        "opinion_display": list(st.op_display),
        "opinion_stack": len(st.op_stack),
        "opinion_discard": len(st.op_discard),
        "polls_left": len(st.polls),
        "polls_used": list(st.polls_used),
        "donations_left": len(st.donations),
        "donation": st.donation,
        "doubling_left": st.doubling,
        "states": states,
        "bids": bids,
        "last_bids": list(st.last_bids) if st.last_bids is not None else None,
        "rebid": rebid,
        "swaps": st.swaps if step in ("draw", "take", "swap") else 0,
        "passes": st.passes if step == "media" else 0,
        "bought": list(st.bought) if step == "rally" else [],
        "pending": pending,
        "auction": auction,
        "election": election,
        "results": [dict(r) for r in st.results],
        "legal": st.legal_actions(seat) if seat is not None else [],
        "log": st.log_for(seat),
        "outcome": out.to_json() if out else None,
    }
