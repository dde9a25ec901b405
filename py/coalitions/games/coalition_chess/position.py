"""Positions to and from JSON: a new game, an explicit deal (a position set
by hand, for walkthroughs and tests) and a saved engine state.

A deal (docs/notation.md, "Coalition Chess"):

    {"pieces": {"yellow": ["king e1", "tank d1", ...], "black": [...],
                "green": [...], "red": [...]},
     "turn": "yellow", "round": 4,
     "coalitions": {"green": "yellow", "red": "black"},
     "moved": ["e4"], "sits_out": {"black": 5}}

Every field but "pieces" may be left out: Yellow to move in round 1, the
coalitions the options give, and a Guard or a Machine-gun counts as not yet
moved (so it may still step twice) when it stands inside its own set-up area
and is not listed in "moved". "sits_out" gives the round a power sits out
for having answered a check (this round or the next). A lesser power given
no pieces (or left out) has retired, neutral unless "coalitions" names its
side. Leaving Yellow out of "pieces" leaves it its set-up: it places its
army before the first move."""

from typing import Any, Optional

from ...core.errors import OptionError
from .data import (
    ARMIES, BLACK, FILES, GREATER, GREEN, GUARD, KING, LESSER, PIECES, POWERS, RED, STARTS, YELLOW,
    KIND_OF_ID, square, square_name, square_of,
)
from .engine import (
    AREA, FAR, FIXED_YG, FIXED_YR, FREE, LESSER as LESSER_MODE, MOVED, MOVE, NOSQ, OVER, PHASE_NAMES, SETUP, Pos,
    masks,
)

MODES = {"free": FREE, "yellow-green": FIXED_YG, "yellow-red": FIXED_YR, "lesser": LESSER_MODE}
MAX_PIECES = 40  # per power in a deal: far more than any army


def blank(options: dict[str, Any]) -> Pos:
    return Pos(options["rules"], MODES[options["coalitions"]], options["waiting"], options["motorcyclist_swap"],
               options.get("start", "safe"))


def army_reserve(power: int) -> tuple[int, ...]:
    kinds = [k for k, n in ARMIES[power].items() for _ in range(n)]
    kinds.sort(key=lambda k: (k != KING, k))
    return tuple(kinds)


def new_game(options: dict[str, Any]) -> Pos:
    """The start: Black, Green and Red on their squares, Yellow to set up."""
    pos = blank(options)
    for power in (BLACK, GREEN, RED):
        for name, kind in STARTS[pos.start][power].items():
            pos.put(power, kind, square(name))
    pos.reserve = army_reserve(YELLOW)
    pos.phase = SETUP
    pos.actor = YELLOW
    return pos


def _bad(msg: str) -> OptionError:
    return OptionError(f"an explicit Coalition Chess position: {msg}")


def listed(pieces: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """The deal's form of pieces given as {power: {square: piece}}: {power:
    ["piece square", ...]} (for walkthroughs and tests written square first)."""
    return {power: [f"{kind} {sq}" for sq, kind in army.items()] for power, army in pieces.items()}


def _refuse_if_won(pos: Pos, setup: bool) -> None:
    """A deal whose win condition already holds would be over before its
    first move: refused, naming the condition."""
    if pos.mode == LESSER_MODE and pos.retired >> GREEN & 1 and pos.retired >> RED & 1:
        raise _bad("Green and Red have no pieces: Yellow and Black would already have won")
    if pos.schoenberg:
        for side in (0, 1):
            members = [q for q in range(4) if pos.team[q] == side]
            if setup and YELLOW in members:
                continue  # Yellow's men are still to be placed
            if members and not pos._men(side):
                names = " and ".join(POWERS[q].capitalize() for q in members)
                raise _bad(f"{names} have no men left: under Schoenberg's rules the other side would already "
                           "have won")


def _power(name: object, what: str) -> int:
    if not isinstance(name, str) or name not in POWERS:
        raise _bad(f"{what} must be one of {', '.join(POWERS)}, not {name!r}")
    return POWERS.index(name)


def from_deal(options: dict[str, Any], deal: Any) -> Pos:
    """A position set by hand; OptionError naming the problem if it is not
    one the rules can play from."""
    if not isinstance(deal, dict):
        raise _bad("it must be an object with its pieces")
    known = {"pieces", "turn", "round", "coalitions", "moved", "sits_out"}
    unknown = sorted(str(k) for k in deal if k not in known)
    if unknown:
        raise _bad(f"there is no field {unknown[0]!r} (the fields are {', '.join(sorted(known))})")
    pieces = deal.get("pieces")
    if not isinstance(pieces, dict) or not pieces:
        raise _bad("'pieces' must map powers to their pieces")
    pos = blank(options)
    moved = deal.get("moved", [])
    if not isinstance(moved, list) or not all(isinstance(m, str) for m in moved):
        raise _bad("'moved' must be a list of squares")
    moved_sqs = set()
    for name in moved:
        sq = square_of(name)
        if sq is None:
            raise _bad(f"{name!r} in 'moved' is not a square (files {FILES}, ranks 1-10)")
        moved_sqs.add(sq)
    for pname, army in pieces.items():
        p = _power(pname, "a key of 'pieces'")
        if not isinstance(army, list):
            raise _bad(f"{pname}'s pieces must be a list such as [\"king e1\", \"tank d1\"]")
        if len(army) > MAX_PIECES:
            raise _bad(f"{pname} has more than {MAX_PIECES} pieces")
        for item in army:
            words = item.split(" ") if isinstance(item, str) else []
            if len(words) != 2:
                raise _bad(f"{item!r} in {pname}'s pieces is not 'PIECE SQUARE' (such as 'king e1')")
            kid, sqname = words
            sq = square_of(sqname)
            if sq is None:
                raise _bad(f"{sqname!r} is not a square (files {FILES}, ranks 1-10)")
            if not isinstance(kid, str) or kid not in KIND_OF_ID:
                raise _bad(f"{kid!r} on {sqname} is not a piece ({', '.join(KIND_OF_ID)})")
            kind = KIND_OF_ID[kid]
            if pos.board[sq]:
                raise _bad(f"{sqname} holds two pieces")
            if kind == KING and p in LESSER:
                raise _bad(f"{pname} is a lesser power: it has no King")
            unmoved = sq in AREA[p] and sq not in moved_sqs
            pos.put(p, kind, sq, moved=not unmoved)
    for g in GREATER:
        kings = sum(1 for s in pos.occ[g] if pos.board[s] & 15 == KING)
        if POWERS[g] in pieces and kings != 1:
            raise _bad(f"{POWERS[g]} must have exactly one King, not {kings}")
    if POWERS[BLACK] not in pieces:
        raise _bad("Black must have its pieces (and its King)")
    setup = POWERS[YELLOW] not in pieces
    team = list(pos.team)
    coal = deal.get("coalitions", {})
    if not isinstance(coal, dict):
        raise _bad("'coalitions' must map lesser powers to the greater power they joined")
    for lname, gname in coal.items():
        lp = _power(lname, "a key of 'coalitions'")
        if lp not in LESSER:
            raise _bad(f"only Green and Red join a coalition, not {lname}")
        if gname is None:
            continue
        gp = _power(gname, "a coalition partner")
        if gp not in GREATER:
            raise _bad(f"{lname} can only join Yellow or Black, not {gname}")
        if pos.mode != FREE:
            if team[lp] != team[gp]:
                raise _bad(f"the coalitions option already fixes {lname}'s side")
            continue
        team[lp] = gp
    if pos.mode == FREE and team[GREEN] >= 0 and team[GREEN] == team[RED]:
        raise _bad("Green and Red cannot both join the same greater power")
    pos.team = tuple(team)
    for lp in LESSER:
        # "If a lesser power has lost all its pieces, then the player retires
        # from the game": a lesser power left out of a deal (or given no
        # pieces) has retired, whether or not it had joined a side; a neutral
        # one stays neutral and scores nothing
        if not pos.occ[lp]:
            pos.retired |= 1 << lp
    rnd = deal.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= 100000:
        raise _bad(f"the round must be a whole number from 1, not {rnd!r}")
    pos.rnd = rnd
    sits_out = deal.get("sits_out", {})
    if not isinstance(sits_out, dict):
        raise _bad("'sits_out' must map powers to the round they sit out")
    sk = [0, 0, 0, 0]
    for pname, n in sits_out.items():
        p = _power(pname, "a key of 'sits_out'")
        if not isinstance(n, int) or isinstance(n, bool) or n not in (rnd, rnd + 1):
            raise _bad(f"{pname} can sit out this round or the next ({rnd} or {rnd + 1}), not {n!r}")
        sk[p] = n
    pos.sitout = tuple(sk)
    if pos.mode == FREE and rnd > 3 and any(team[q] < 0 and not pos.retired >> q & 1 for q in LESSER):
        raise _bad("after round 3 no lesser power is still neutral (the game would have stopped)")
    _refuse_if_won(pos, setup)
    if setup:
        if rnd != 1 or deal.get("turn", "yellow") != "yellow":
            raise _bad("Yellow sets up before the first move: leave out 'turn' and 'round'")
        pos.reserve = army_reserve(YELLOW)
        pos.phase = SETUP
        pos.actor = YELLOW
        free = sum(1 for s in AREA[YELLOW] if not pos.board[s])
        if free < len(pos.reserve):
            raise _bad(f"Yellow's set-up area has {free} free squares for its {len(pos.reserve)} pieces")
        if not pos._finishable(YELLOW, len(pos.reserve), True):
            raise _bad("no arrangement of Yellow's pieces in its area keeps its King out of check")
        return pos
    turn = _power(deal.get("turn", "yellow"), "'turn'")
    if pos.retired >> turn & 1:
        raise _bad(f"{POWERS[turn]} has retired: it cannot be to move")
    if sk[turn] == rnd:
        raise _bad(f"{POWERS[turn]} is to move, so it cannot sit out this round")
    att = masks(pos.team)[1]
    for g in GREATER:
        if g != turn and pos.king[g] != NOSQ and pos.attacked(pos.king[g], att[g]):
            raise _bad(f"{POWERS[g]}'s King is in check, but it is {POWERS[turn]}'s move")
    pos.cur = pos.order.index(turn)
    rep: list[Optional[int]] = [None]
    pos._begin_turn(turn, rep)
    return pos


# -- the engine state as JSON ----------------------------------------------------------------------


def _kinds(kinds: tuple[int, ...]) -> list[str]:
    return [PIECES[k][0] for k in kinds]


def to_json(pos: Pos) -> dict[str, Any]:
    b = pos.board
    pieces: dict[str, dict[str, str]] = {name: {} for name in POWERS}
    moved = []
    for s in range(100):
        pc = b[s]
        if pc:
            pieces[POWERS[(pc >> 4) & 3]][square_name(s)] = PIECES[pc & 15][0]
            if pc & MOVED:
                moved.append(square_name(s))
    last = list(pos.last) if pos.last else None
    return {
        "rules": "schoenberg" if pos.schoenberg else "zaman-strouhal",
        "mode": pos.mode,
        "waiting": pos.waiting,
        "swapping": pos.swapping,
        "start": pos.start,
        "pieces": pieces,
        "moved": moved,
        "phase": PHASE_NAMES[pos.phase],
        "actor": pos.actor,
        "cur": pos.cur,
        "done": pos.done,
        "round": pos.rnd,
        "team": list(pos.team),
        "sitout": list(pos.sitout),
        "flags": [pos.waited, pos.rearr, pos.swapped, pos.declined, pos.retired],
        "reserve": _kinds(pos.reserve),
        "offer": pos.offer,
        "offered": pos.offered,
        "quiet": pos.quiet,
        "result": list(pos.result) if pos.result else None,
        "last": last,
        "captured": [_kinds(c) for c in pos.captured],
        "took": [[[POWERS[c >> 4 & 3], PIECES[c & 15][0]] for c in t] for t in pos.took],
        "reps": [[format(k, "x"), n] for k, n in pos.reps.items()],
    }


def from_json(data: dict[str, Any]) -> Pos:
    """The engine state `to_json` wrote (KeyError, TypeError or ValueError
    if it is not one)."""
    start = data.get("start", "safe")
    if start not in STARTS:
        raise ValueError(f"no start {start!r}")
    pos = Pos(data["rules"], data["mode"], bool(data["waiting"]), bool(data["swapping"]), start)
    moved = {square_of(n) for n in data["moved"]}
    for pname, army in data["pieces"].items():
        p = POWERS.index(pname)
        for sqname, kid in army.items():
            sq = square_of(sqname)
            if sq is None or pos.board[sq]:
                raise ValueError(f"bad square {sqname!r}")
            pos.put(p, KIND_OF_ID[kid], sq, moved=sq in moved)
    pos.phase = PHASE_NAMES.index(data["phase"])
    pos.actor = int(data["actor"])
    pos.cur = int(data["cur"])
    pos.done = bool(data["done"])
    pos.rnd = int(data["round"])
    pos.team = tuple(int(t) for t in data["team"])
    # (a state saved before the answers cost a round has "skip" instead: no
    # power sits out)
    pos.sitout = tuple(int(t) for t in data.get("sitout", (0, 0, 0, 0)))
    pos.waited, pos.rearr, pos.swapped, pos.declined, pos.retired = (int(x) for x in data["flags"])
    pos.reserve = tuple(KIND_OF_ID[k] for k in data["reserve"])
    pos.offer = int(data["offer"])
    pos.offered = bool(data["offered"])
    pos.quiet = int(data["quiet"])
    pos.result = tuple(data["result"]) if data["result"] else None
    pos.last = tuple(data["last"]) if data["last"] else None
    pos.captured = tuple(tuple(KIND_OF_ID[k] for k in c) for c in data["captured"])
    pos.took = tuple(tuple(POWERS.index(q) << 4 | KIND_OF_ID[k] for q, k in t) for t in data["took"])
    pos.reps = {int(k, 16): int(n) for k, n in data["reps"]}
    if len(pos.team) != 4 or len(pos.sitout) != 4 or len(pos.captured) != 4 or len(pos.took) != 4:
        raise ValueError("four powers")
    if pos.phase not in (SETUP, MOVE, OVER) and pos.phase != PHASE_NAMES.index("answer") \
            and pos.phase != PHASE_NAMES.index("rearrange"):
        raise ValueError("bad phase")
    return pos


__all__ = ["new_game", "from_deal", "to_json", "from_json", "MODES", "OVER"]
