"""Why an action is illegal, in words: "the Artillery on c1 cannot reach c5:
c3 is in the way", "this leaves your King in check". Only called for an
action that is not among the legal ones."""

from typing import Optional

from ...core.actions import Action
from .data import (
    GREATER, GUARD, KING, LESSER, MACHINE_GUN, PIECES, PLANE, POWER_NAMES, PROMOTIONS, MG_PROMOTIONS, YELLOW,
    KIND_OF_ID, square,
)
from .engine import (
    ALIGNED, ANSWER, AREA, BETWEEN, DBL, DIAG_KIND, FAR, FREE, FWD, KG, KN, KNIGHT_KIND, MOVE, MOVED, ORTHO_KIND,
    PCAP, PLANE_VIA, REARR, SETUP, SWAP, Pos, masks,
)
from .notation import action_of

_HOW = {
    "king": "a King steps one square",
    "plane": "a Plane makes two Knight moves",
    "submarine": "a Submarine moves as a Queen or a Knight",
    "tank": "a Tank moves as a Queen",
    "artillery": "an Artillery moves as a Rook",
    "engineer": "an Engineer moves as a Knight",
    "motorcyclist": "a Motorcyclist moves as a Bishop",
    "machine-gun": "a Machine-gun steps one square, or two straight forward on its first move",
    "guard": "a Guard moves forward as a pawn and takes diagonally forward",
}


def _name(kind: int) -> str:
    return PIECES[kind][1]


def _sq(s: int) -> str:
    from .data import square_name
    return square_name(s)


def explain(pos: Pos, seat: int, act: Action) -> Optional[str]:
    kind = act.kind
    phase = pos.phase
    if kind in ("move", "answer"):
        if phase == SETUP:
            return "Yellow is still setting up: place its pieces first (or take the default set-up)"
        if phase == REARR:
            return "you are rearranging: put your lifted pieces back in your area first"
        if phase == ANSWER and kind == "move":
            return "you are answering a check: write 'answer FROM TO', or 'decline' to wait for your turn"
        if phase == MOVE and kind == "answer":
            return "there is no check to answer now: write 'move FROM TO'"
        return _why_move(pos, seat, act)
    if kind == "place":
        if phase not in (SETUP, REARR):
            return "pieces are placed only in Yellow's set-up and in a rearrangement"
        k = KIND_OF_ID[str(act["piece"])]
        s = square(act["square"])
        if k not in pos.reserve:
            return f"you have no {_name(k)} left to place"
        if s not in AREA[seat]:
            return f"{act['square']} is outside your set-up area"
        if pos.board[s]:
            return f"{act['square']} is taken"
        if k == KING:
            return f"your King would stand in check on {act['square']}, whatever you place after it"
        return "after this placement no arrangement of the rest keeps your King out of check"
    if kind == "default":
        if phase != SETUP:
            return "the default set-up is Yellow's, before its first move"
        return "the default set-up would leave Yellow's King in check, or its squares are taken"
    if phase != MOVE:
        if phase == ANSWER:
            return "you are answering a check: answer it with a move, or decline"
        return "finish placing your pieces first"
    early = pos.rnd <= 3
    if kind == "declare":
        if seat in GREATER:
            return "only Green and Red declare a coalition"
        if pos.mode != FREE:
            return "the coalitions are fixed in this game"
        if pos.team[seat] >= 0:
            return "you have already joined a coalition, and it cannot change"
        if not early:
            return "coalitions are formed only in the first three rounds"
        return f"{str(act['power']).capitalize()} already has a partner"
    if kind == "wait":
        if not pos.waiting:
            return "waiting is a variant that is not on in this game"
        if not early:
            return "you may wait only in the first three rounds"
        if pos.waited >> seat & 1:
            return "you have already waited once"
        if seat == YELLOW and pos.rnd == 1:
            return "Yellow must move in round 1"
        return "you cannot wait while your King is in check"
    if kind == "rearrange":
        if seat == YELLOW:
            return "Yellow set up freely instead: it does not rearrange"
        if not early:
            return "a rearrangement is allowed only in the first three rounds"
        if pos.rearr >> seat & 1:
            return "you have already rearranged once"
        return "no arrangement of your pieces inside your area keeps your King out of check"
    if kind == "swap":
        if not pos.swapping:
            return "the Motorcyclist swap is a variant that is not on in this game"
        if seat not in GREATER:
            return "only Yellow and Black swap their Motorcyclist"
        if not early:
            return "the swap is allowed only in the first three rounds"
        if pos.swapped >> seat & 1:
            return "you have already swapped your Motorcyclist"
        return "the Motorcyclist must go to an empty square of the other colour inside your area"
    if kind == "offer":
        if pos.offer >= 0:
            return "a draw offer is already on the table"
        return "a draw can be offered once per turn, when both coalitions are formed"
    if kind == "accept":
        return "there is no draw offer from the other side to accept"
    if kind == "decline":
        return "there is no check to decline"
    if kind == "pass":
        return "you may pass only when you have no move at all"
    return None


def _why_move(pos: Pos, seat: int, act: Action) -> Optional[str]:
    b = pos.board
    f = square(act["from"])
    t = square(act["to"])
    pc = b[f]
    if not pc:
        return f"there is no piece on {act['from']}"
    owner = (pc >> 4) & 3
    k = pc & 15
    what = f"the {_name(k)} on {act['from']}"
    if owner != seat:
        return f"{what} is {POWER_NAMES[owner]}'s, not yours"
    reach = _reach(pos, seat, pc, f, t)
    if reach:
        return f"{what} cannot reach {act['to']}: {reach}"
    cp = b[t]
    if cp:
        q = (cp >> 4) & 3
        if q == seat:
            return f"{act['to']} holds your own {_name(cp & 15)}"
        if cp & 15 == KING:
            return "a King is never taken: it is checkmated"
        team = pos.team
        if team[q] < 0:
            return f"{POWER_NAMES[q]} is neutral: its pieces cannot be taken while it stays neutral"
        if team[seat] >= 0 and team[q] == team[seat]:
            return f"{act['to']} holds your partner {POWER_NAMES[q]}'s {_name(cp & 15)}"
    promote = act.get("promote")
    needs = k in (GUARD, MACHINE_GUN) and FAR[seat][t] and not FAR[seat][f]
    if needs and not promote:
        kinds = MG_PROMOTIONS if k == MACHINE_GUN else PROMOTIONS
        return f"{what} reaches the far edge: name the piece it becomes ({', '.join(PIECES[x][0] for x in kinds)})"
    if promote and not needs:
        return "only a Guard or a Machine-gun reaching its far edge is promoted"
    if promote == "guard" and k == GUARD:
        return "a Guard on the far edge must become another piece: it could never move again"
    if pos.team[seat] < 0:
        side = pos._commit_of(seat, action_of(act))
        if side is None:
            return "this move would take or check both sides, or join a greater power that already has its partner"
    if seat in GREATER:
        if pos.in_check(seat):
            return "your King is in check and this move does not end it"
        return "this leaves your King in check"
    return None


def _reach(pos: Pos, seat: int, pc: int, f: int, t: int) -> Optional[str]:
    """Why a piece's movement does not take it from f to t ('' if it does)."""
    b = pos.board
    k = pc & 15
    kid = PIECES[k][0]
    if k == PLANE:
        via = PLANE_VIA.get(f * 128 + t)
        if not via:
            return _HOW[kid] + f", and {_sq(t)} is not two Knight moves away (or it is the start square)"
        if all(b[m] for m in via):
            return "the middle square" + (" " if len(via) == 1 else "s ") + ", ".join(_sq(m) for m in via) \
                + (" is" if len(via) == 1 else " are") + " taken (a Plane lands on an empty square between its hops)"
        return ""
    if k in (KING, MACHINE_GUN) and t in KG[f]:
        return ""
    if KNIGHT_KIND[k] and t in KN[f]:
        return ""
    if k == GUARD or k == MACHINE_GUN:
        if t == FWD[seat][f] and k == GUARD:
            return f"{_sq(t)} is taken: a Guard takes only diagonally forward" if b[t] else ""
        if t == DBL[seat][f]:
            if pc & MOVED:
                return "the double step is only for its first move"
            if b[FWD[seat][f]]:
                return f"{_sq(FWD[seat][f])} is in the way"
            if b[t]:
                return f"{_sq(t)} is taken: the double step does not capture"
            return ""
        if k == GUARD and t in PCAP[seat][f]:
            return "" if b[t] else "a Guard moves diagonally only to take"
        return _HOW[kid]
    line = BETWEEN.get(f * 128 + t)
    if line is None or not (ORTHO_KIND[k] if line[0] else DIAG_KIND[k]):
        return _HOW[kid]
    for m in line[1]:
        if b[m]:
            return f"{_sq(m)} is in the way"
    return ""
