"""The Coalition Chess engine: the board, move generation and the flow of
turns (set-up, rounds, check answers, coalitions, the ends of the game).

Everything here works on small integers, for speed (the search bot and perft
call it millions of times):

- a square is ``rank * 10 + file`` (a1 = 0, k10 = 99);
- a piece is ``power << 4 | kind`` plus MOVED (64) once it has moved;
- an action is an int: a move is ``from | to << 7 | promotion << 14``; the
  other actions are the constants below, a placement is
  ``PLACE | kind << 7 | square`` and a Motorcyclist swap
  ``SWAP | from | to << 7``.

`Pos.push(action)` plays a legal action and `Pos.pop()` takes it back.
`Pos.legal()` lists the legal actions. The rules module (rules.py) turns
them into the notation; the engine never sees text."""

from .data import (
    ARMIES, AREAS, ARTILLERY, BLACK, ENGINEER, FORWARD, GREEN, GUARD, KING, MACHINE_GUN, MOTORCYCLIST,
    MG_PROMOTIONS, ORDERS, PLANE, PROMOTIONS, RED, SIZE, STARTS, SUBMARINE, TANK, VALUES, YELLOW, area_squares, square,
)

from typing import Any, Optional

Deltas = tuple[tuple[int, int], ...]
Table = tuple[tuple[int, ...], ...]  # per square, some squares
Snapshot = tuple[Any, ...]

MOVED = 64
NOSQ = -1

# phases
SETUP, MOVE, ANSWER, REARR, OVER = range(5)
PHASE_NAMES = ("setup", "move", "answer", "rearrange", "over")

# actions other than moves (moves are 0 <= a < 2**17)
PLACE = 1 << 20
SWAP = 1 << 21
DECLARE_Y = -1
DECLARE_B = -2
WAIT = -3
REARRANGE = -4
DEFAULT = -5
OFFER = -6
ACCEPT = -7
DECLINE = -8
PASS = -9

# coalition modes (the "coalitions" option)
FREE, FIXED_YG, FIXED_YR, LESSER = "free", "yellow-green", "yellow-red", "lesser"

QUIET_ROUNDS = 50  # rounds without a capture, a Guard move or a promotion: a draw
REPEATS = 3  # the same position the third time: a draw

# -- tables ---------------------------------------------------------------------------------------


def _sq(f: int, r: int) -> int:
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else NOSQ


_KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_KING = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
_ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL = range(SIZE * SIZE)


def _steps(deltas: Deltas) -> Table:
    out = []
    for s in ALL:
        f, r = s % SIZE, s // SIZE
        out.append(tuple(t for t in (_sq(f + df, r + dr) for df, dr in deltas) if t != NOSQ))
    return tuple(out)


def _rays(dirs: Deltas) -> tuple[Table, ...]:
    out: list[Table] = []
    for s in ALL:
        f, r = s % SIZE, s // SIZE
        rays: list[tuple[int, ...]] = []
        for df, dr in dirs:
            ray: list[int] = []
            x, y = f + df, r + dr
            while 0 <= x < SIZE and 0 <= y < SIZE:
                ray.append(y * SIZE + x)
                x, y = x + df, y + dr
            if ray:
                rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


KN = _steps(_KNIGHT)
KG = _steps(_KING)
ORTH = _rays(_ORTH)
DIAG = _rays(_DIAG)
# a Plane on s: for each first hop (mid), the squares of the second hop (never s)
PLANE_HOPS = tuple(tuple((m, tuple(t for t in KN[m] if t != s)) for m in KN[s]) for s in ALL)
# PLANE_VIA[s * 128 + t]: the middle squares through which a Plane on s reaches t
_VIA: dict[int, list[int]] = {}
for _s in ALL:
    for _m in KN[_s]:
        for _t in KN[_m]:
            if _t != _s:
                _VIA.setdefault(_s * 128 + _t, []).append(_m)
PLANE_VIA = {k: tuple(v) for k, v in _VIA.items()}


def _pawn_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[Table, ...],
                            tuple[tuple[bool, ...], ...], tuple[Table, ...]]:
    fwd: list[tuple[int, ...]] = []
    dbl: list[tuple[int, ...]] = []
    caps: list[Table] = []
    far: list[tuple[bool, ...]] = []
    attackers: list[Table] = []
    for p in range(4):
        df, dr = FORWARD[p]
        fw: list[int] = []
        db: list[int] = []
        cp: list[tuple[int, ...]] = []
        fr: list[bool] = []
        for s in ALL:
            f, r = s % SIZE, s // SIZE
            fw.append(_sq(f + df, r + dr))
            db.append(_sq(f + 2 * df, r + 2 * dr))
            side = ((1, 0), (-1, 0)) if df == 0 else ((0, 1), (0, -1))
            cp.append(tuple(t for t in (_sq(f + df + a, r + dr + b) for a, b in side) if t != NOSQ))
            fr.append(_sq(f + df, r + dr) == NOSQ)
        att: list[list[int]] = [[] for _ in ALL]
        for s in ALL:
            for t in cp[s]:
                att[t].append(s)
        fwd.append(tuple(fw))
        dbl.append(tuple(db))
        caps.append(tuple(cp))
        far.append(tuple(fr))
        attackers.append(tuple(tuple(a) for a in att))
    return tuple(fwd), tuple(dbl), tuple(caps), tuple(far), tuple(attackers)


FWD, DBL, PCAP, FAR, PAWN_FROM = _pawn_tables()


def _aligned() -> tuple[tuple[bool, ...], ...]:
    out = []
    for k in ALL:
        row = [False] * (SIZE * SIZE)
        for ray in ORTH[k] + DIAG[k]:
            for t in ray:
                row[t] = True
        out.append(tuple(row))
    return tuple(out)


ALIGNED = _aligned()


def _between() -> dict[int, tuple[bool, tuple[int, ...]]]:
    """BETWEEN[a * 128 + b]: (orthogonal?, the squares strictly between) for
    two squares on one line."""
    out: dict[int, tuple[bool, tuple[int, ...]]] = {}
    for a in ALL:
        for orth, rays in ((True, ORTH[a]), (False, DIAG[a])):
            for ray in rays:
                for i, t in enumerate(ray):
                    out[a * 128 + t] = (orth, ray[:i])
    return out


BETWEEN = _between()
ONLY = tuple(tuple(q == p for q in range(4)) for p in range(4))
KNIGHT_NEAR = tuple(tuple(t in KN[k] for t in ALL) for k in ALL)

# which kinds attack along lines, by knight jumps, by king steps
ORTHO_KIND = tuple(k in (TANK, ARTILLERY, SUBMARINE) for k in range(16))
DIAG_KIND = tuple(k in (TANK, MOTORCYCLIST, SUBMARINE) for k in range(16))
KNIGHT_KIND = tuple(k in (ENGINEER, SUBMARINE) for k in range(16))
STEP_KIND = tuple(k in (KING, MACHINE_GUN) for k in range(16))
VALUE = tuple(VALUES.get(k, 0) for k in range(16))
AREA = {p: frozenset(area_squares(p)) for p in range(4)}
AREA_LIST = {p: area_squares(p) for p in range(4)}
LIGHT = tuple((s // SIZE + s % SIZE) % 2 == 1 for s in ALL)  # the colour of a square


def _zobrist() -> list[int]:
    # splitmix64, fixed seed: the same keys on every platform
    x = 0x9E3779B97F4A7C15
    out: list[int] = []
    for _ in range(128 * 100 + 64):
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        out.append(z ^ (z >> 31))
    return out


_Z = _zobrist()
ZP = tuple(tuple(_Z[c * 100 + s] for s in ALL) for c in range(128))
ZX = tuple(_Z[12800:])  # flow keys


def move_from(a: int) -> int:
    return a & 127


def move_to(a: int) -> int:
    return (a >> 7) & 127


def move_promo(a: int) -> int:
    return a >> 14


def is_move(a: int) -> bool:
    return 0 <= a < PLACE


# -- teams ---------------------------------------------------------------------------------------
#
# team[p]: 0 or 1, or -1 for a lesser power still neutral. In the usual game
# Yellow is team 0 and Black team 1, and a lesser power takes the team of the
# greater power it joins; in the "lesser" mode Yellow and Black are team 0,
# Green and Red team 1.

Mask = tuple[bool, ...]
_MASKS: dict[tuple[int, ...], tuple[tuple[Mask, ...], tuple[Mask, ...]]] = {}


def masks(team: tuple[int, ...]) -> tuple[tuple[Mask, ...], tuple[Mask, ...]]:
    """(cap, att) for a team tuple: cap[p][q], whether p may capture q's
    pieces now (for a neutral lesser power: whether it could, committing
    itself); att[p][q], whether q's pieces give check to p's King."""
    got = _MASKS.get(team)
    if got is None:
        cap = []
        att = []
        for p in range(4):
            row = []
            arow = []
            for q in range(4):
                tp, tq = team[p], team[q]
                enemies = p != q and tp >= 0 and tq >= 0 and tp != tq
                arow.append(enemies)
                if enemies:
                    row.append(True)
                elif p != q and tp < 0 and tq >= 0:
                    row.append(_can_oppose(team, p, q))
                else:
                    row.append(False)
            cap.append(tuple(row))
            att.append(tuple(arow))
        got = (tuple(cap), tuple(att))
        _MASKS[team] = got
    return got


def _can_oppose(team: tuple[int, ...], p: int, q: int) -> bool:
    """Whether the neutral lesser power p may join the side against power q
    (q committed): the greater power of the other side must have no partner."""
    side = 1 - team[q]  # the team p would join (greater powers are teams 0 and 1)
    other = GREEN + RED - p
    return team[other] != side


def _hitting(needs: list[frozenset[int]], budget: int) -> bool:
    """Whether at most `budget` squares meet every set in `needs` (each set:
    the squares any one of which would block one attack)."""
    if not needs:
        return True
    first = min(needs, key=len)
    if not first or budget <= 0:
        return False
    for s in first:
        if _hitting([n for n in needs if s not in n], budget - 1):
            return True
    return False


class Pos:
    """A whole game position: the board and the flow of turns."""

    __slots__ = (
        "board", "occ", "planes", "king", "mat", "hash", "order", "mode", "schoenberg", "waiting",
        "swapping", "phase", "actor", "cur", "done", "rnd", "team", "sitout", "waited", "rearr", "swapped",
        "declined", "retired", "reserve", "offer", "offered", "quiet", "result", "last", "reps", "stack",
        "_cache", "_changes", "captured", "took", "start",
    )

    def __init__(self, rules: str = "zaman-strouhal", mode: str = FREE, waiting: bool = False,
                 swapping: bool = False, start: str = "safe") -> None:
        self.start = start  # which starting squares (data.STARTS): Yellow's default set-up
        self.board = [0] * (SIZE * SIZE)
        self.occ: list[set[int]] = [set(), set(), set(), set()]
        self.planes: set[int] = set()
        self.king = [NOSQ, NOSQ]
        self.mat = [0, 0, 0, 0]
        self.hash = 0
        self.order = ORDERS[rules]
        self.schoenberg = rules == "schoenberg"
        self.mode = mode
        self.waiting = waiting
        self.swapping = swapping
        self.phase = SETUP
        self.actor = YELLOW
        self.cur = 0
        self.done = False
        self.rnd = 1
        self.team: tuple[int, ...]
        if mode == LESSER:
            self.team = (0, 0, 1, 1)
        elif mode == FIXED_YG:
            self.team = (0, 1, 0, 1)
        elif mode == FIXED_YR:
            self.team = (0, 1, 1, 0)
        else:
            self.team = (0, 1, -1, -1)
        self.sitout: tuple[int, ...] = (0, 0, 0, 0)  # per power: the round it sits out for answering a check (0: none)
        self.waited = self.rearr = self.swapped = self.declined = self.retired = 0
        self.reserve: tuple[int, ...] = ()
        self.offer = -1
        self.offered = False
        self.quiet = 0
        self.result: Optional[tuple[Any, ...]] = None
        self.last: Optional[tuple[Any, ...]] = None
        self.captured: tuple[tuple[int, ...], ...] = ((), (), (), ())  # per power: the kinds of its pieces taken, in order
        self.took: tuple[tuple[int, ...], ...] = ((), (), (), ())  # per power: what it has taken, in order (victim power << 4 | kind)
        self.reps: dict[int, int] = {}
        self.stack: list[tuple[Snapshot, list[tuple[int, int]], list[Optional[int]]]] = []
        self._cache: dict[int, Any] = {}
        self._changes: Optional[list[tuple[int, int]]] = None

    # -- the board ---------------------------------------------------------------------------------

    def _set(self, s: int, new: int) -> None:
        b = self.board
        old = b[s]
        if old == new:
            return
        ch = self._changes
        if ch is not None:
            ch.append((s, old))
        h = self.hash
        if old:
            p = (old >> 4) & 3
            k = old & 15
            self.occ[p].discard(s)
            if k == PLANE:
                self.planes.discard(s)
            self.mat[p] -= VALUE[k]
            h ^= ZP[old][s]
        if new:
            p = (new >> 4) & 3
            k = new & 15
            self.occ[p].add(s)
            if k == PLANE:
                self.planes.add(s)
            elif k == KING:
                self.king[p] = s
            self.mat[p] += VALUE[k]
            h ^= ZP[new][s]
        b[s] = new
        self.hash = h

    def put(self, power: int, kind: int, s: int, moved: bool = False) -> None:
        """Put a piece on an empty square (set-up and tests)."""
        self._set(s, power << 4 | kind | (MOVED if moved else 0))

    def attacked(self, s: int, en: Mask) -> bool:
        """Whether square s is attacked by a piece of a power q with en[q]."""
        if self._unblockable(s, en):
            return True
        b = self.board
        for ray in ORTH[s]:
            for t in ray:
                q = b[t]
                if q:
                    if ORTHO_KIND[q & 15] and en[(q >> 4) & 3]:
                        return True
                    break
        for ray in DIAG[s]:
            for t in ray:
                q = b[t]
                if q:
                    if DIAG_KIND[q & 15] and en[(q >> 4) & 3]:
                        return True
                    break
        if self.planes:
            for ps in self.planes:
                q = b[ps]
                if q & 15 == PLANE and en[(q >> 4) & 3]:
                    via = PLANE_VIA.get(ps * 128 + s)
                    if via:
                        for m in via:
                            if not b[m]:
                                return True
        return False

    def in_check(self, g: int) -> bool:
        """Whether greater power g's King is in check."""
        ks = self.king[g]
        return ks != NOSQ and self.attacked(ks, masks(self.team)[1][g])

    # -- move generation ----------------------------------------------------------------------

    def pseudo(self, p: int, cap: Mask) -> list[int]:
        """Moves of power p's pieces by their movement, captures allowed on the
        pieces of powers q with cap[q] (never on a King)."""
        b = self.board
        out: list[int] = []
        app = out.append
        for s in self.occ[p]:
            pc = b[s]
            k = pc & 15
            if k == GUARD or k == MACHINE_GUN:
                far = FAR[p]
                if k == MACHINE_GUN:
                    fwd = FWD[p][s]
                    for t in KG[s]:
                        q = b[t]
                        if q:
                            if (q & 15) == KING or not cap[(q >> 4) & 3]:
                                continue
                        if far[t] and not far[s]:
                            for pk in MG_PROMOTIONS:
                                app(s | t << 7 | pk << 14)
                        else:
                            app(s | t << 7)
                    if not pc & MOVED and fwd != NOSQ and not b[fwd]:
                        t = DBL[p][s]
                        if t != NOSQ and not b[t]:
                            if far[t]:
                                for pk in MG_PROMOTIONS:
                                    app(s | t << 7 | pk << 14)
                            else:
                                app(s | t << 7)
                else:
                    t = FWD[p][s]
                    if t != NOSQ and not b[t]:
                        if far[t]:
                            for pk in PROMOTIONS:
                                app(s | t << 7 | pk << 14)
                        else:
                            app(s | t << 7)
                            if not pc & MOVED:
                                t2 = DBL[p][s]
                                if t2 != NOSQ and not b[t2]:
                                    if far[t2]:
                                        for pk in PROMOTIONS:
                                            app(s | t2 << 7 | pk << 14)
                                    else:
                                        app(s | t2 << 7)
                    for t in PCAP[p][s]:
                        q = b[t]
                        if q and (q & 15) != KING and cap[(q >> 4) & 3]:
                            if far[t]:
                                for pk in PROMOTIONS:
                                    app(s | t << 7 | pk << 14)
                            else:
                                app(s | t << 7)
                continue
            if k == ENGINEER or k == SUBMARINE:
                for t in KN[s]:
                    q = b[t]
                    if not q or ((q & 15) != KING and cap[(q >> 4) & 3]):
                        app(s | t << 7)
                if k == ENGINEER:
                    continue
            if k == PLANE:
                seen = set()
                for m, dests in PLANE_HOPS[s]:
                    if b[m]:
                        continue
                    for t in dests:
                        if t in seen:
                            continue
                        q = b[t]
                        if not q or ((q & 15) != KING and cap[(q >> 4) & 3]):
                            seen.add(t)
                            app(s | t << 7)
                continue
            if k == KING:
                for t in KG[s]:
                    q = b[t]
                    if not q or ((q & 15) != KING and cap[(q >> 4) & 3]):
                        app(s | t << 7)
                continue
            if ORTHO_KIND[k]:
                for ray in ORTH[s]:
                    for t in ray:
                        q = b[t]
                        if q:
                            if (q & 15) != KING and cap[(q >> 4) & 3]:
                                app(s | t << 7)
                            break
                        app(s | t << 7)
            if DIAG_KIND[k]:
                for ray in DIAG[s]:
                    for t in ray:
                        q = b[t]
                        if q:
                            if (q & 15) != KING and cap[(q >> 4) & 3]:
                                app(s | t << 7)
                            break
                        app(s | t << 7)
        return out

    def moves(self, p: int) -> list[int]:
        """The legal moves of power p now (cached until the position changes)."""
        cache = self._cache
        got: Optional[list[int]] = cache.get(p)
        if got is not None:
            return got
        team = self.team
        cap, att = masks(team)
        out = self.pseudo(p, cap[p])
        b = self.board
        if p <= BLACK:
            ks = self.king[p]
            if ks != NOSQ:
                en = att[p]
                check = self.attacked(ks, en)
                plane_risk = False
                for ps in self.planes:
                    if en[(b[ps] >> 4) & 3]:
                        plane_risk = True
                aligned = ALIGNED[ks]
                near = KNIGHT_NEAR[ks]
                keep = []
                for a in out:
                    f = a & 127
                    t = (a >> 7) & 127
                    if f == ks:
                        pc = b[f]
                        b[f] = 0
                        cp = b[t]
                        if cp:
                            self._lift(t, cp)
                        ok = not self.attacked(t, en)
                        if cp:
                            self._drop(t, cp)
                        b[f] = pc
                    elif not check and not aligned[f] and not (plane_risk and near[f]):
                        ok = True
                    else:
                        pc = b[f]
                        cp = self._try(f, t, pc)
                        ok = not self.attacked(ks, en)
                        self._untry(f, t, pc, cp)
                    if ok:
                        keep.append(a)
                out = keep
        elif team[p] < 0:
            out = [a for a in out if self._commit_of(p, a) is not None]
        out.sort()  # one order, however the piece sets were built
        cache[p] = out
        return out

    def _try(self, f: int, t: int, new: int) -> int:
        """Put the piece of f on t as `new` for a test (the plane list kept
        right); returns what stood on t, for `_untry`."""
        b = self.board
        pc = b[f]
        cp = b[t]
        planes = self.planes
        if cp & 15 == PLANE:
            planes.discard(t)
        if pc & 15 == PLANE:
            planes.discard(f)
        if new & 15 == PLANE:
            planes.add(t)
        b[t] = new
        b[f] = 0
        return cp

    def _untry(self, f: int, t: int, pc: int, cp: int) -> None:
        b = self.board
        planes = self.planes
        if b[t] & 15 == PLANE:
            planes.discard(t)
        b[f] = pc
        b[t] = cp
        if pc & 15 == PLANE:
            planes.add(f)
        if cp & 15 == PLANE:
            planes.add(t)

    def hits(self, pc: int, t: int, s: int) -> bool:
        """Whether the piece pc standing on t attacks square s (the board
        as it is, t's own content aside)."""
        k = pc & 15
        if k == ENGINEER or k == SUBMARINE:
            if KNIGHT_NEAR[s][t]:
                return True
            if k == ENGINEER:
                return False
        if k == KING or k == MACHINE_GUN:
            return t in KG[s]
        if k == GUARD:
            return t in PAWN_FROM[(pc >> 4) & 3][s]
        b = self.board
        if k == PLANE:
            via = PLANE_VIA.get(t * 128 + s)
            if via:
                for m in via:
                    if not b[m]:
                        return True
            return False
        line = BETWEEN.get(s * 128 + t)
        if line is None:
            return False
        orth, between = line
        if not (ORTHO_KIND[k] if orth else DIAG_KIND[k]):
            return False
        for m in between:
            if b[m]:
                return False
        return True

    def _lift(self, t: int, cp: int) -> None:
        """Take a captured piece off the plane list while a move is tried."""
        if cp & 15 == PLANE:
            self.planes.discard(t)

    def _drop(self, t: int, cp: int) -> None:
        if cp & 15 == PLANE:
            self.planes.add(t)

    def _commit_of(self, p: int, a: int) -> Optional[int]:
        """For a neutral lesser power p: the team its move a commits it to
        (-1: it stays neutral), or None if the move may not be made (it would
        take or check both sides, or join a side that has its partner)."""
        b = self.board
        f = a & 127
        t = (a >> 7) & 127
        cp = b[t]
        team = self.team
        against = -1
        if cp:
            q = (cp >> 4) & 3
            against = team[q]  # the team of the captured piece
        pc = b[f]
        pk = a >> 14
        new = (pc & ~15) | pk if pk else pc
        pre = self._cache.get(-1 - p, None)
        if pre is None:
            pre = self._cache[-1 - p] = tuple(
                self.king[g] != NOSQ and self.attacked(self.king[g], ONLY[p]) for g in (YELLOW, BLACK))
        own_planes = any((b[ps] >> 4) & 3 == p for ps in self.planes)
        checks = []
        for g in (YELLOW, BLACK):
            ks = self.king[g]
            if ks == NOSQ:
                continue
            if pre[g] or ALIGNED[ks][f] or (own_planes and KNIGHT_NEAR[ks][f]):
                self._try(f, t, new)
                hit = self.attacked(ks, ONLY[p])
                self._untry(f, t, pc, cp)
            else:
                hit = self.hits(new, t, ks)
            if hit:
                checks.append(g)
        if against < 0:
            if len(checks) > 1:
                return None
            if checks:
                against = team[checks[0]]
        if against < 0:
            return -1
        side = 1 - against
        other = GREEN + RED - p
        if team[other] == side:
            return None
        return side

    def has_move(self, p: int) -> bool:
        return bool(self.moves(p))

    # -- legal actions ------------------------------------------------------------------------

    def legal(self) -> list[int]:
        """Every legal action of the power to act (`actor`), as ints."""
        ph = self.phase
        if ph == OVER:
            return []
        p = self.actor
        if ph == MOVE:
            return self._turn_actions(p)
        if ph == ANSWER:
            return self.moves(p) + [DECLINE]
        return self._placements(p)

    def _placements(self, p: int) -> list[int]:
        """Yellow's set-up and a rearrangement: any piece left to place on
        any empty square of the area, so long as the arrangement can still
        be finished with the power's own King out of check (what counts is
        the final arrangement, not the order of the placements)."""
        res = self.reserve
        b = self.board
        kinds = sorted(set(res))
        out = []
        if self.phase == SETUP and self._default_ok():
            out.append(DEFAULT)
        empties = [s for s in AREA_LIST[p] if not b[s]]
        ks = self.king[p] if p <= BLACK and KING not in res else NOSQ
        # own pieces never attack their own King: placing one only blocks
        # lines, so once the King stands out of check every placement is safe
        if p <= BLACK and (ks == NOSQ or self.attacked(ks, masks(self.team)[1][p])):
            fine = []
            for s in empties:
                b[s] = p << 4 | GUARD  # any piece of its own: only the square counts
                if self._finishable(p, len(res) - 1, KING in res):
                    fine.append(s)
                b[s] = 0
            king_sqs = [s for s in empties if self._king_finishable(p, s, len(res) - 1)] if KING in res else []
        else:
            fine = king_sqs = empties
        for k in kinds:
            for s in (king_sqs if k == KING else fine):
                out.append(PLACE | k << 7 | s)
        return out

    def _finishable(self, p: int, left: int, king_left: bool) -> bool:
        """Whether `left` more pieces (the King among them if king_left) can
        be placed on empty squares of p's area so that p's King ends out of
        check."""
        empties = [s for s in AREA_LIST[p] if not self.board[s]]
        if len(empties) < left:
            return False
        if p > BLACK:
            return True
        if king_left:
            return any(self._king_finishable(p, s, left - 1) for s in empties)
        ks = self.king[p]
        return ks == NOSQ or self._blockable(p, ks, left)

    def _king_finishable(self, p: int, ks: int, left: int) -> bool:
        """Whether p's King placed on the empty square ks can end out of
        check with `left` other pieces still to place."""
        return self._blockable(p, ks, left)

    def _blockable(self, p: int, ks: int, left: int) -> bool:
        """Whether at most `left` pieces placed on empty squares of p's area
        (ks excepted) can block every attack of p's enemies on ks."""
        b = self.board
        en = masks(self.team)[1][p]
        area = AREA[p]
        if self._unblockable(ks, en):
            return False
        needs = []
        for rays, kinds in ((ORTH[ks], ORTHO_KIND), (DIAG[ks], DIAG_KIND)):
            for ray in rays:
                gap: list[int] = []
                for t in ray:
                    q = b[t]
                    if q:
                        if kinds[q & 15] and en[(q >> 4) & 3]:
                            needs.append(frozenset(x for x in gap if x in area))
                        break
                    gap.append(t)
        for ps in self.planes:
            q = b[ps]
            if en[(q >> 4) & 3]:
                for m in PLANE_VIA.get(ps * 128 + ks, ()):
                    if not b[m]:
                        needs.append(frozenset((m,)) if m in area and m != ks else frozenset())
        needs = [n - {ks} for n in needs]
        return _hitting(needs, left)

    def _unblockable(self, s: int, en: Mask) -> bool:
        """Whether square s is attacked by an enemy Knight-mover, step-mover
        or Guard (attacks that no piece in between can stop)."""
        b = self.board
        for t in KN[s]:
            q = b[t]
            if q and KNIGHT_KIND[q & 15] and en[(q >> 4) & 3]:
                return True
        for t in KG[s]:
            q = b[t]
            if q and STEP_KIND[q & 15] and en[(q >> 4) & 3]:
                return True
        for p in range(4):
            if en[p]:
                g = p << 4 | GUARD
                for t in PAWN_FROM[p][s]:
                    if b[t] & 63 == g:
                        return True
        return False

    def _default_ok(self) -> bool:
        """Whether Yellow may take the default set-up now: its squares hold
        no other power's piece and the King ends out of check."""
        b = self.board
        squares = [(square(name), k) for name, k in STARTS[self.start][YELLOW].items()]
        if any(b[s] and (b[s] >> 4) & 3 != YELLOW for s, _ in squares):
            return False
        saved = [(s, b[s]) for s in AREA_LIST[YELLOW] if b[s]]
        for s, _ in saved:
            b[s] = 0
        for s, k in squares:
            b[s] = YELLOW << 4 | k
        ks = next(s for s, k in squares if k == KING)
        ok = not self.attacked(ks, masks(self.team)[1][YELLOW])
        for s, _ in squares:
            b[s] = 0
        for s, pc in saved:
            b[s] = pc
        return ok

    def early(self) -> bool:
        """Whether it is still one of the first three rounds."""
        return self.rnd <= 3

    def _turn_actions(self, p: int) -> list[int]:
        team = self.team
        out = []
        if self.offer >= 0 and team[p] >= 0 and team[p] != self.offer:
            out.append(ACCEPT)
        early = self.rnd <= 3
        if team[p] < 0 and early and self.mode == FREE:
            other = GREEN + RED - p
            if team[other] != 0:
                out.append(DECLARE_Y)
            if team[other] != 1:
                out.append(DECLARE_B)
        if self.swapping and early and p <= BLACK and not self.swapped >> p & 1:
            out.extend(self._swaps(p))
        if (self.offer < 0 and not self.offered and team[p] >= 0
                and all(team[q] >= 0 or self.retired >> q & 1 for q in (GREEN, RED))):
            out.append(OFFER)
        mv = self.moves(p)
        out.extend(mv)
        turn_enders = bool(mv)
        check = p <= BLACK and self.in_check(p)
        if early and self.waiting and not self.waited >> p & 1 and not check and not (p == YELLOW and self.rnd == 1):
            out.append(WAIT)
            turn_enders = True
        if early and p != YELLOW and not self.rearr >> p & 1 and self._can_rearrange(p):
            out.append(REARRANGE)
            turn_enders = True
        if not turn_enders:
            out.append(PASS)
        return out

    def _swaps(self, p: int) -> list[int]:
        b = self.board
        out = []
        en = masks(self.team)[1][p]
        ks = self.king[p]
        for s in list(self.occ[p]):
            if b[s] & 15 != MOTORCYCLIST:
                continue
            for t in AREA_LIST[p]:
                if b[t] or LIGHT[t] == LIGHT[s]:
                    continue
                pc = b[s]
                self._try(s, t, pc)
                ok = ks == NOSQ or not self.attacked(ks, en)
                self._untry(s, t, pc, 0)
                if ok:
                    out.append(SWAP | s | t << 7)
        return out

    def _lifted(self, p: int) -> list[int]:
        """The pieces of p inside its set-up area (what a rearrangement lifts)."""
        b = self.board
        return [s for s in AREA_LIST[p] if b[s] and (b[s] >> 4) & 3 == p]

    def _can_rearrange(self, p: int) -> bool:
        """Whether p has pieces in its area and some arrangement of them
        there leaves its King out of check."""
        sqs = self._lifted(p)
        if not sqs:
            return False
        if p > BLACK:
            return True
        b = self.board
        saved = [(s, b[s]) for s in sqs]
        planes = self.planes
        for s in sqs:
            b[s] = 0
            planes.discard(s)
        king = self.king[p]
        king_lifted = king in sqs
        ok = self._finishable(p, len(sqs), king_lifted)
        for s, pc in saved:
            b[s] = pc
            if pc & 15 == PLANE:
                planes.add(s)
        return ok

    # -- playing and taking back --------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        return (self.phase, self.actor, self.cur, self.done, self.rnd, self.team, self.sitout, self.waited,
                self.rearr, self.swapped, self.declined, self.retired, self.reserve, self.offer, self.offered,
                self.quiet, self.result, self.last, self.captured, self.took, tuple(self.king))

    def restore(self, snap: Snapshot) -> None:
        (self.phase, self.actor, self.cur, self.done, self.rnd, self.team, self.sitout, self.waited, self.rearr,
         self.swapped, self.declined, self.retired, self.reserve, self.offer, self.offered, self.quiet,
         self.result, self.last, self.captured, self.took, king) = snap
        self.king[0], self.king[1] = king

    def push(self, a: int) -> None:
        """Play the legal action a of the power to act."""
        changes: list[tuple[int, int]] = []
        self._changes = changes
        rep: list[Optional[int]] = [None]
        self.stack.append((self.snapshot(), changes, rep))
        self._cache = {}
        try:
            self._play(a, rep)
        finally:
            self._changes = None

    def pop(self) -> None:
        snap, changes, rep = self.stack.pop()
        self._changes = None
        for s, old in reversed(changes):
            self._set(s, old)
        key = rep[0]
        if key is not None:
            n = self.reps[key] - 1
            if n:
                self.reps[key] = n
            else:
                del self.reps[key]
        self.restore(snap)
        self._cache = {}

    def _play(self, a: int, rep: list[Optional[int]]) -> None:
        p = self.actor
        ph = self.phase
        if a >= 0 and a < PLACE:
            self._move(p, a)
            if ph == ANSWER:
                # "The player may not move during the following round": one
                # round out however many answers it gives in this one
                sk = list(self.sitout)
                sk[p] = self.rnd + 1
                self.sitout = tuple(sk)
                self.declined &= ~(1 << p)
                self._resolve(rep)
            else:
                self._turn_over(p)
                self._resolve(rep)
            return
        if a >= SWAP:
            f = a & 127
            t = (a >> 7) & 127
            pc = self.board[f]
            self._set(f, 0)
            self._set(t, pc)
            self.swapped |= 1 << p
            self.last = ("swap", p, f, t)
            return
        if a >= PLACE:
            k = (a >> 7) & 15
            s = a & 127
            self._set(s, p << 4 | k)
            res = list(self.reserve)
            res.remove(k)
            self.reserve = tuple(res)
            if not res:
                if ph == SETUP:
                    self._begin_play(rep)
                else:
                    self.rearr |= 1 << p
                    self.last = ("rearrange", p)
                    self._turn_over(p)
                    self._resolve(rep)
            return
        if a == DEFAULT:
            for s in list(self.occ[YELLOW]):  # what Yellow placed so far goes back
                self._set(s, 0)
            for name, k in STARTS[self.start][YELLOW].items():
                self._set(square(name), YELLOW << 4 | k)
            self.reserve = ()
            self._begin_play(rep)
            return
        if a == DECLARE_Y or a == DECLARE_B:
            side = 0 if a == DECLARE_Y else 1
            self._join(p, side)
            self.last = ("declare", p, side)
            return
        if a == OFFER:
            self.offer = self.team[p]
            self.offered = True
            return
        if a == ACCEPT:
            self.result = ("draw", "agreement")
            self.phase = OVER
            self.last = ("accept", p)
            return
        if a == DECLINE:
            self.declined |= 1 << p
            self.last = ("decline", p)
            self._resolve(rep)
            return
        if a == WAIT:
            self.waited |= 1 << p
            self.last = ("wait", p)
            self._turn_over(p)
            self._resolve(rep)
            return
        if a == PASS:
            self.last = ("pass", p)
            self._turn_over(p)
            self._resolve(rep)
            return
        if a == REARRANGE:
            lifted = self._lifted(p)
            kinds = []
            for s in lifted:
                kinds.append(self.board[s] & 15)
                self._set(s, 0)
            kinds.sort(key=lambda k: (k != KING, k))
            self.reserve = tuple(kinds)
            self.phase = REARR
            return
        raise ValueError(f"not an action: {a}")

    def _join(self, p: int, side: int) -> None:
        team = list(self.team)
        team[p] = side
        self.team = tuple(team)

    def _move(self, p: int, a: int) -> None:
        b = self.board
        f = a & 127
        t = (a >> 7) & 127
        pk = a >> 14
        pc = b[f]
        cp = b[t]
        k = pc & 15
        if self.team[p] < 0:
            side = self._commit_of(p, a)
            if side is not None and side >= 0:
                self._join(p, side)
        self._set(f, 0)
        self._set(t, (pc & 48) | (pk or k) | MOVED)
        progress = bool(cp) or k == GUARD or bool(pk)
        captured = None
        q = -1
        if cp:
            q = (cp >> 4) & 3
            captured = cp & 15
            caps = list(self.captured)
            caps[q] = caps[q] + (captured,)
            self.captured = tuple(caps)
            took = list(self.took)
            took[p] = took[p] + ((q << 4) | captured,)
            self.took = tuple(took)
            if q >= GREEN and not self.occ[q]:
                self.retired |= 1 << q
        if progress:
            self.quiet = 0
        self._cache = {}
        self.last = ("move", p, f, t, pk, captured, self.phase == ANSWER, q)

    def _turn_over(self, p: int) -> None:
        """The regular turn of p is spent."""
        self.done = True
        if self.offer >= 0 and self.team[p] != self.offer:
            self.offer = -1  # the other side played on: the offer lapses
        self.offered = False

    def _men(self, team_no: int) -> bool:
        """Whether the powers of a team have any piece but a King."""
        for q in range(4):
            if self.team[q] == team_no:
                for s in self.occ[q]:
                    if self.board[s] & 15 != KING:
                        return True
        return False

    def _resolve(self, rep: list[Optional[int]]) -> None:
        """After an action that may end a turn: the ends of the game, a check
        to answer, or the next regular turn."""
        last = self.last
        team = self.team
        mover = last[1] if last else YELLOW
        if last and last[0] == "move" and last[5] is not None:
            if self.mode == LESSER and self.retired & (1 << GREEN) and self.retired & (1 << RED):
                self._over(("wipe", 0))
                return
            victim = team[last[7]]
            if self.schoenberg and victim >= 0 and not self._men(victim):
                self._over(("men", 1 - victim))
                return
        att = masks(team)[1]
        checked = []
        for g in ((BLACK, YELLOW) if team[mover] == team[YELLOW] else (YELLOW, BLACK)):
            ks = self.king[g]
            if ks == NOSQ:
                continue
            if self.attacked(ks, att[g]):
                if not self.moves(g):
                    self._over(("mate", g))
                    return
                checked.append(g)
            else:
                self.declined &= ~(1 << g)
        if checked:
            nxt = self._peek_next() if self.done else self.actor
            for g in checked:
                # a power sitting out this round may not answer: the check
                # stands until its own next turn
                if not self.declined >> g & 1 and g != nxt and self.sitout[g] != self.rnd:
                    self.phase = ANSWER
                    self.actor = g
                    return
        if self.done:
            self._next_turn(rep)
        else:
            self.phase = MOVE
            self.actor = self.order[self.cur]

    def _peek_next(self) -> int:
        """The power whose regular turn comes next (-1 if none)."""
        order = self.order
        n = len(order)
        cur = self.cur
        rnd = self.rnd
        for _ in range(4 * n + 4):
            cur += 1
            if cur == n:
                cur = 0
                rnd += 1
            p = order[cur]
            if self.retired >> p & 1 or self.sitout[p] == rnd:
                continue
            return p
        return -1

    def _next_turn(self, rep: list[Optional[int]]) -> None:
        order = self.order
        n = len(order)
        for _ in range(8 * n + 8):
            self.cur += 1
            if self.cur == n:
                self.cur = 0
                self.rnd += 1
                self.quiet += 1
                if self.rnd == 4 and self.mode == FREE and any(
                        self.team[q] < 0 and not self.retired >> q & 1 for q in (GREEN, RED)):
                    self._over(("neutral",))
                    return
                if self.quiet >= QUIET_ROUNDS:
                    self._over(("draw", "quiet"))
                    return
            p = order[self.cur]
            if self.retired >> p & 1 or self.sitout[p] == self.rnd:
                continue
            break
        self._begin_turn(p, rep)

    def _begin_turn(self, p: int, rep: list[Optional[int]]) -> None:
        self.done = False
        self.phase = MOVE
        self.actor = p
        self.offered = False
        key = self.key()
        n = self.reps.get(key, 0) + 1
        self.reps[key] = n
        rep[0] = key
        if n >= REPEATS:
            self._over(("draw", "repetition"))
            return
        if p <= BLACK and not self.moves(p):
            if not any(x == WAIT or x == REARRANGE for x in self._turn_actions(p)):
                self._over(("mate", p) if self.in_check(p) else ("draw", "stalemate"))

    def _begin_play(self, rep: list[Optional[int]]) -> None:
        self.cur = self.order.index(YELLOW)
        self.rnd = 1
        self.last = ("setup", YELLOW)
        self._begin_turn(YELLOW, rep)

    def key(self) -> int:
        """The position for repetitions: the board, the power to move, the teams
        and which powers sit out this round or the next."""
        k = self.hash ^ ZX[self.actor]
        team = self.team
        for q in (GREEN, RED):
            k ^= ZX[4 + q * 3 + team[q] + 1]
        sitout = self.sitout
        for q in range(4):
            ahead = sitout[q] - self.rnd
            if ahead >= 0:
                k ^= ZX[20 + q * 4 + ahead]
        return k

    def _over(self, result: tuple[Any, ...]) -> None:
        self.result = result
        self.phase = OVER

    # -- outcome --------------------------------------------------------------------------------

    def scores(self) -> Optional[list[int]]:
        """Points per power once the game is over: 6 to each member of the
        winning coalition, 2 to each member of a coalition in a draw, 1 to
        each partner of a coalition when a neutral power stops the game."""
        res = self.result
        team = self.team
        if res is None:
            return None
        kind = res[0]
        if kind == "mate":
            loser = team[res[1]]
            return [6 if team[q] >= 0 and team[q] != loser else 0 for q in range(4)]
        if kind in ("men", "wipe"):
            return [6 if team[q] == res[1] else 0 for q in range(4)]
        if kind == "neutral":
            out = [0, 0, 0, 0]
            for q in (GREEN, RED):
                if team[q] >= 0:
                    out[q] = 1
                    out[team[q]] = 1  # the greater power of that team
            return out
        return [2 if team[q] >= 0 else 0 for q in range(4)]

    # -- perft ----------------------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        acts = self.legal()
        if depth <= 1:
            return len(acts) if depth == 1 else 1
        n = 0
        push = self.push
        pop = self.pop
        for a in acts:
            push(a)
            n += self.perft(depth - 1)
            pop()
        return n
