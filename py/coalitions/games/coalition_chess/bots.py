"""Coalition Chess bots. Each sees only its seat's view: the whole position
is public, so the view carries it ("position"), and the bot rebuilds the
engine from it.

- "capture": one ply: takes the most valuable piece it can (the least
  valuable attacker first), otherwise plays a random move.
- "easy", "normal" (the default) and "hard" (once called "search"):
  iterative-deepening alpha-beta
  over the real flow of turns (check answers out of turn and the turns they
  cost, coalitions, retirements), with a team (paranoid) view: the bot's
  coalition maximizes, every other power minimizes. Once the coalitions are
  formed the game is a zero-sum game between two teams, so this is exact
  minimax over the order of play. A neutral lesser power counts as an
  opponent, except in round 3, the last before the game stops while it stays
  neutral: there its turn is valued as the mean over its moves (those that
  may commit it one by one, the others as one, a mate as certain). The budget is a number of searched positions (deterministic:
  the same view gives the same move on every machine); the levels differ in
  budget and depth. See docs/bots.md.
"""

import json
from typing import Any, Callable, Optional

from ...core.bots import Bot
from ...core.game import JSON
from .data import FORWARD, GUARD, KING, MACHINE_GUN, PIECES, POWER_NAMES, bot_setup
from .engine import (
    ALIGNED, KNIGHT_NEAR, ACCEPT, ANSWER, DECLARE_B, DECLARE_Y, DECLINE, DEFAULT, FREE, MOVE, OVER, PASS, PLACE, SETUP,
    VALUE, ZX, Pos, masks,
)
from .notation import action_of, parse, text_of
from . import position

MATE = 96000
WIN = 16000  # one point of score difference at the end
DECISIVE = 5 * WIN  # a mate (6 points to 0), not a stop (1 to 0)
ACCEPT_BELOW = -1500  # a draw offer is accepted when the search values playing on below this



def worst_decisive(values: list[int]) -> Optional[int]:
    """The decisive value (a mate) worst for us among `values`, or None."""
    found = [v for v in values if abs(v) >= DECISIVE]
    return min(found) if found else None

class Timeout(Exception):
    pass


def _engine(view: JSON) -> Pos:
    return position.from_json(view["position"])


def _actions(legal: list[str]) -> list[int]:
    return [action_of(parse(t)) for t in legal]


def setup_step(view: JSON, legal: list[str]) -> str:
    """Yellow's set-up, one piece per decision (the King first), on the
    squares of the game's default set-up (data.bot_setup); any legal
    placement if that square is not free."""
    reserve = view["setup"]["reserve"] if view.get("setup") else []
    if reserve:
        kind = reserve[0]
        for sq, k in bot_setup((view.get("options") or {}).get("start", "safe")).items():
            text = f"place {PIECES[k][0]} {sq}"
            if PIECES[k][0] == kind and text in legal:
                return text
    places = [t for t in legal if t.startswith("place ")]
    return places[0] if places else legal[0]


class CaptureBot(Bot):
    level = "capture"
    label = "Greedy (one ply)"

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        pos = _engine(view)
        if pos.phase == SETUP:
            return setup_step(view, legal)
        best = None
        for text in legal:
            a = action_of(parse(text))
            if 0 <= a < PLACE:
                cp = pos.board[(a >> 7) & 127]
                if cp:
                    key = (VALUE[cp & 15], -VALUE[pos.board[a & 127] & 15])
                    if best is None or key > best[0]:
                        best = (key, text)
        if best is not None:
            return best[1]
        moves = [t for t in legal if t.split(" ", 1)[0] in ("move", "answer", "declare", "pass", "place")]
        return self.rng.choice(moves or legal)


# -- evaluation -------------------------------------------------------------------------------------

def _advance_tables() -> tuple[tuple[int, ...], ...]:
    """Bonus for a Guard or a Machine-gun by how far forward it stands."""
    out = []
    for p in range(4):
        df, dr = FORWARD[p]
        row = []
        for s in range(100):
            f, r = s % 10, s // 10
            steps = f if df > 0 else (9 - f) if df < 0 else r if dr > 0 else 9 - r
            row.append(steps * steps * 2)
        out.append(tuple(row))
    return tuple(out)


ADVANCE = _advance_tables()
CENTRE = tuple(int(12 - 3 * (abs(4.5 - s % 10) + abs(4.5 - s // 10))) for s in range(100))


def evaluate(pos: Pos, root_team: int) -> int:
    """The position for root_team's coalition, in hundredths of a Guard."""
    team = pos.team
    b = pos.board
    total = 0
    for p in range(4):
        t = team[p]
        if t < 0:
            continue
        v = pos.mat[p]
        adv = ADVANCE[p]
        for s in pos.occ[p]:
            k = b[s] & 15
            if k == GUARD or k == MACHINE_GUN:
                v += adv[s]
            elif k != KING:
                v += CENTRE[s]
        v -= 40 * (pos.sitout[p] >= pos.rnd)
        total += v if t == root_team else -v
    if pos.rnd <= 3 and pos.mode == FREE and root_team >= 0:
        total -= exposed_to_neutrals(pos, root_team)
    return total


def exposed_to_neutrals(pos: Pos, root_team: int) -> int:
    """In rounds 1-3, for each neutral lesser power: its army times the
    difference between our men and the other side's men it could take now,
    over 30. Taking one brings that army to the taker's enemies, and a
    coalition formed against us while the other lesser power stays neutral
    loses the game when round 3 ends; the search rarely sees that far ahead in
    the opening, and a lesser power that is not searching takes what it finds."""
    team = pos.team
    cap = masks(team)[0]
    board = pos.board
    out = 0
    for q in (2, 3):
        if team[q] >= 0 or pos.retired >> q & 1:
            continue
        diff = 0
        for t in {a >> 7 & 127 for a in pos.pseudo(q, cap[q])}:
            victim = board[t]
            if victim:
                diff += 1 if team[victim >> 4 & 3] == root_team else -1
        out += diff * pos.mat[q] // 30
    return out


def terminal(pos: Pos, root: int, ply: int) -> int:
    scores = pos.scores()
    assert scores is not None  # called only once the game is over
    team = pos.team
    mine = scores[root]
    theirs = max([scores[q] for q in range(4) if team[q] != team[root]] or [0])
    diff = mine - theirs
    if diff > 0:
        return diff * WIN - ply
    if diff < 0:
        return diff * WIN + ply
    return 0


class SearchBot(Bot):
    level = "hard"
    label = "Hard"
    root: int
    root_team: int
    nodes: int
    value: int
    tt: dict[int, tuple[int, int, int, Optional[int]]]
    killers: dict[int, tuple[int, ...]]
    history: dict[int, int]
    depth: int  # the last depth searched to the end (0: none)
    budget = 3000  # positions searched per decision: about 0.35 s in CPython, 1 s in the browser
    max_depth = 8
    # the hard level's refinements (normal and easy search as before them):
    # principal-variation search (after the first move, a null window that
    # only asks "better or not?", searched again in full when it is), quiet
    # moves ordered by how often they cut the search off before (history),
    # and a deeper iteration cut short by the budget still counts when it
    # searched the previous best move to the end
    refined = True

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        key = (self.level, json.dumps(view["position"], sort_keys=True), tuple(legal))
        got = _DECIDED.get(key)
        if got is None:
            got = self._decide(view, legal)
            if len(_DECIDED) > 4000:
                _DECIDED.clear()
            _DECIDED[key] = got
        return got

    def _decide(self, view: JSON, legal: list[str]) -> str:
        pos = _engine(view)
        seat = view["seat"]
        if pos.phase == SETUP:
            return setup_step(view, legal)
        if pos.phase not in (MOVE, ANSWER):
            return legal[0]
        acts = _actions(legal)
        if DECLARE_Y in acts or DECLARE_B in acts:
            return self._choose_side(pos, seat, acts, legal)
        best = self.search(pos, seat)
        if ACCEPT in acts and (best is None or self.value < ACCEPT_BELOW):
            # a draw offered: taken only when playing on is searched as lost
            # by more than 15 Guards' worth (or a mate seen), not on material
            return "accept"
        if best is None:
            return legal[0]
        return text_of(best, pos.phase == ANSWER)

    def _choose_side(self, pos: Pos, seat: int, acts: list[int], legal: list[str]) -> str:
        """A neutral lesser power joins the side where its search likes the
        position best (it never stays neutral: that scores nothing)."""
        best: Optional[tuple[int, int]] = None
        share = self.budget // 2
        for a in (DECLARE_Y, DECLARE_B):
            if a not in acts:
                continue
            pos.push(a)
            searcher = type(self)(self.rng)
            searcher.budget = share
            searcher.max_depth = min(self.max_depth, 3)
            value = searcher.search(pos, seat, want_value=True) or 0
            pos.pop()
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None  # one of the declarations is legal
        return text_of(best[1])

    # -- the search -----------------------------------------------------------------------------

    def search(self, pos: Pos, seat: int, want_value: bool = False) -> Optional[int]:
        self.root = seat
        self.root_team = pos.team[seat]
        self.nodes = 0
        self.tt = {}
        self.killers = {}
        self.history = {}
        self.depth = 0
        root_acts = self._filtered(pos)
        self.value = 0
        if not root_acts:
            return 0 if want_value else None
        best_move = root_acts[0]
        best_value = -10 ** 9
        ordered = self._order(pos, root_acts, None, 0)
        try:
            for depth in range(1, self.max_depth + 1):
                alpha = -10 ** 9
                iter_best: Optional[int] = None
                for a in ordered:
                    pos.push(a)
                    try:
                        if self.refined and iter_best is not None:
                            v = self._ab(pos, depth - 1, alpha, alpha + 1, 1)
                            if v > alpha:
                                v = self._ab(pos, depth - 1, alpha, 10 ** 9, 1)
                        else:
                            v = self._ab(pos, depth - 1, alpha, 10 ** 9, 1)
                    finally:
                        pos.pop()
                    if iter_best is None or v > alpha:
                        alpha = v
                        iter_best = a
                assert iter_best is not None  # there are root moves
                best_move, best_value = iter_best, alpha
                self.depth = depth
                ordered = [best_move] + [a for a in ordered if a != best_move]
                if abs(best_value) >= WIN:
                    break
        except Timeout:
            # the unfinished iteration searched the previous best move first:
            # once that is done, its best so far is the better-informed choice
            # (refined), or it is kept only if it looks better than before
            if iter_best is not None and (self.refined or alpha > best_value):
                best_move, best_value = iter_best, alpha
        self.value = best_value
        return best_value if want_value else best_move

    def _filtered(self, pos: Pos) -> list[int]:
        return [a for a in pos.legal() if (0 <= a < PLACE) or a == PASS or a == DECLINE]

    def _order(self, pos: Pos, acts: list[int], tt_move: Optional[int], ply: int) -> list[int]:
        b = pos.board
        killers = self.killers.get(ply, ())
        scored = []
        for i, a in enumerate(acts):
            if a == tt_move:
                s = 10 ** 7
            elif 0 <= a < PLACE:
                cp = b[(a >> 7) & 127]
                if cp:
                    s = 10 ** 6 + VALUE[cp & 15] * 16 - VALUE[b[a & 127] & 15] // 8
                elif a >> 14:
                    s = 9 * 10 ** 5 + VALUE[a >> 14]
                elif a in killers:
                    s = 5 * 10 ** 5
                else:
                    s = self.history.get(a, 0) if self.refined else 0
            else:
                s = -1
            scored.append((-s, i, a))
        scored.sort()
        return [a for _, _, a in scored]

    def _ab(self, pos: Pos, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise Timeout
        if pos.phase == OVER:
            return terminal(pos, self.root, ply)
        if pos.phase == ANSWER and ply < 12:
            depth = max(depth, 1)
        if depth <= 0:
            return self._quiet(pos, alpha, beta, ply, 0)
        team = pos.team
        actor = pos.actor
        maximize = team[actor] == self.root_team and team[actor] >= 0
        key = pos.key() ^ ZX[40 + pos.phase] ^ (ZX[50] if pos.rnd <= 3 else 0)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            d, v, flag, tt_move = entry
            if d >= depth:
                if flag == 0:
                    return v
                if flag == 1 and v >= beta:
                    return v
                if flag == -1 and v <= alpha:
                    return v
        acts = self._filtered(pos)
        if not acts:
            return evaluate(pos, self.root_team)
        if team[actor] < 0 and actor != self.root and pos.phase == MOVE and pos.rnd == 3:
            value = self._neutral(pos, acts, depth, ply)
            self.tt[key] = (depth, value, 0, None)
            return value
        a0, b0 = alpha, beta
        stand = None
        if not maximize and depth <= 2 and pos.phase == MOVE:
            # an opponent near the horizon: only its forcing moves (captures,
            # promotions, checks to our Kings), or a quiet move valued as the
            # position stands: with two or three opponents in a row, full width
            # there would eat the whole budget
            stand = evaluate(pos, self.root_team)
            if stand <= alpha:
                return stand
            acts = self._forcing(pos, acts)
            if not acts:
                return stand
            beta = min(beta, stand)
        best = None
        push = pos.push
        pop = pos.pop
        pvs = self.refined
        if maximize:
            value = -10 ** 9
            for a in self._order(pos, acts, tt_move, ply):
                push(a)
                try:
                    if pvs and best is not None and beta - alpha > 1:
                        v = self._ab(pos, depth - 1, alpha, alpha + 1, ply + 1)
                        if alpha < v < beta:
                            v = self._ab(pos, depth - 1, v, beta, ply + 1)
                    else:
                        v = self._ab(pos, depth - 1, alpha, beta, ply + 1)
                finally:
                    pop()
                if v > value:
                    value, best = v, a
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            self._killer(ply, a, pos, depth)
                            break
        else:
            value = 10 ** 9 if stand is None else stand
            for a in self._order(pos, acts, tt_move, ply):
                push(a)
                try:
                    if pvs and best is not None and beta - alpha > 1:
                        v = self._ab(pos, depth - 1, beta - 1, beta, ply + 1)
                        if alpha < v < beta:
                            v = self._ab(pos, depth - 1, alpha, v, ply + 1)
                    else:
                        v = self._ab(pos, depth - 1, alpha, beta, ply + 1)
                finally:
                    pop()
                if v < value:
                    value, best = v, a
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            self._killer(ply, a, pos, depth)
                            break
        flag = 0
        if value <= a0:
            flag = -1
        elif value >= b0:
            flag = 1
        self.tt[key] = (depth, value, flag, best)
        return value

    def _neutral(self, pos: Pos, acts: list[int], depth: int, ply: int) -> int:
        """A neutral lesser power to move in round 3, the last before the
        game stops if it stays neutral: not an opponent yet, so not its
        worst move for us but the mean over its moves. Its moves that may
        commit it (captures, promotions, checks to either King) are searched
        one by one; its other moves, which leave it neutral, count as one
        move valued for all of them. A move of it that mates is no chance:
        it joins the mating side and wins, so that move is the value (the
        worst for us if there are mates both ways)."""
        forcing = self._commits(pos, acts)
        quiet = len(acts) - len(forcing)
        tried = forcing
        if quiet:
            rest = [a for a in self._order(pos, acts, None, ply) if a not in forcing]
            tried = forcing + rest[:1]
        values = self._after_each(pos, tried, lambda: self._ab(pos, depth - 1, -10 ** 9, 10 ** 9, ply + 1))
        decisive = worst_decisive(values)
        if decisive is not None:
            return decisive  # a mate it can give: it joins that side and wins
        total = sum(values)
        if quiet:
            total += values[-1] * (quiet - 1)
        return total // len(acts)

    def _after_each(self, pos: Pos, moves: list[int], value: Callable[[], int], count: bool = False) -> list[int]:
        """[value() after each of `moves`]; with count, each is a searched
        position of the budget."""
        out = []
        for a in moves:
            if count:
                self.nodes += 1
                if self.nodes > self.budget:
                    raise Timeout
            pos.push(a)
            try:
                out.append(value())
            finally:
                pos.pop()
        return out

    def _commits(self, pos: Pos, acts: list[int]) -> list[int]:
        """The moves of a neutral lesser power that may commit it: captures,
        promotions and moves that may give check to a King."""
        p = pos.actor
        kings = [pos.king[g] for g in (0, 1) if pos.king[g] >= 0]
        return self._takes_or_checks(pos, acts, kings, lambda a: pos._commit_of(p, a) != -1)

    def _forcing(self, pos: Pos, acts: list[int]) -> list[int]:
        kings = [pos.king[g] for g in (0, 1) if pos.team[g] == self.root_team and pos.king[g] >= 0]
        return self._takes_or_checks(pos, acts, kings)

    @staticmethod
    def _takes_or_checks(pos: Pos, acts: list[int], kings: list[int],
                         keep_check: Optional[Callable[[int], bool]] = None) -> list[int]:
        """The moves of `acts` that capture, promote, or may give check to one
        of `kings` (those only if keep_check(move) says so)."""
        b = pos.board
        out = []
        for a in acts:
            if not 0 <= a < PLACE:
                continue
            f = a & 127
            t = (a >> 7) & 127
            if b[t] or a >> 14:
                out.append(a)
                continue
            pc = b[f]
            for ks in kings:
                if ALIGNED[ks][f] or KNIGHT_NEAR[ks][f] or pos.hits(pc, t, ks):
                    if keep_check is None or keep_check(a):
                        out.append(a)
                    break
        return out

    def _mate_in_one(self, pos: Pos, actor: int, legal: list[int], ply: int) -> Optional[int]:
        """The value of a quiet move of `actor` that checks a King and ends
        the game at once (a mate), the best such for `actor` (a neutral power
        may check either King, and is an opponent here); None if there is
        none. Each check tried is a searched position."""
        team = pos.team
        kings = [pos.king[g] for g in (0, 1)
                 if (team[actor] < 0 or team[g] != team[actor]) and pos.king[g] >= 0]
        b = pos.board
        quiet = [a for a in legal if 0 <= a < PLACE and not b[(a >> 7) & 127] and not a >> 14]
        ours = team[actor] == self.root_team
        found: Optional[int] = None
        for a in self._takes_or_checks(pos, quiet, kings):
            self.nodes += 1
            if self.nodes > self.budget:
                raise Timeout
            pos.push(a)
            try:
                if pos.phase == OVER:
                    v = terminal(pos, self.root, ply + 1)
                    if found is None or (v > found if ours else v < found):
                        found = v
            finally:
                pos.pop()
        return found

    def _killer(self, ply: int, a: int, pos: Pos, depth: int = 1) -> None:
        if 0 <= a < PLACE and not pos.board[(a >> 7) & 127]:
            k = self.killers.get(ply, ())
            if a not in k:
                self.killers[ply] = (a,) + k[:1]
            if self.refined:
                self.history[a] = min(4 * 10 ** 5, self.history.get(a, 0) + depth * depth)

    def _quiet(self, pos: Pos, alpha: int, beta: int, ply: int, qd: int) -> int:
        """Captures only, with the right to stand still, a few plies deep."""
        if pos.phase == OVER:
            return terminal(pos, self.root, ply)
        stand = evaluate(pos, self.root_team)
        if qd >= 4 or pos.phase != MOVE:
            return stand
        team = pos.team
        actor = pos.actor
        maximize = team[actor] == self.root_team and team[actor] >= 0
        b = pos.board
        legal = pos.legal()
        caps = [a for a in legal if 0 <= a < PLACE and b[(a >> 7) & 127]]
        if team[actor] < 0 and actor != self.root and pos.rnd == 3:
            # a neutral lesser power in round 3: the mean over its moves,
            # those that do not capture valued as the position stands
            values = self._after_each(pos, caps, lambda: self._quiet(pos, -10 ** 9, 10 ** 9, ply + 1, qd + 1), True)
            decisive = worst_decisive(values)
            if decisive is not None:
                return decisive
            return (stand * (len(legal) - len(caps)) + sum(values)) // max(1, len(legal))
        if maximize:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
            value = stand
        else:
            if stand <= alpha:
                return stand
            beta = min(beta, stand)
            value = stand
        if self.refined and qd == 0:
            # the hard level also looks for a quiet move that ends the game
            # (a check that mates) at the horizon, either way: the boxed-in
            # Kings of this game fall to a Plane's or a Submarine's check
            found = self._mate_in_one(pos, actor, legal, ply)
            if found is not None and (found > value if maximize else found < value):
                return found
        for a in self._order(pos, caps, None, -1):
            self.nodes += 1
            if self.nodes > self.budget:
                raise Timeout
            pos.push(a)
            try:
                v = self._quiet(pos, alpha, beta, ply + 1, qd + 1)
            finally:
                pos.pop()
            if maximize:
                if v > value:
                    value = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < value:
                    value = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return value


class NormalBot(SearchBot):
    level = "normal"
    label = "Normal"
    budget = 1500
    max_depth = 6
    refined = False


class EasyBot(SearchBot):
    level = "easy"
    label = "Easy"
    budget = 1500
    max_depth = 3
    refined = False


_DECIDED: dict[tuple[Any, ...], str] = {}


def reason(view: JSON, action: str) -> Optional[str]:
    """One line on what a board move of `action` does, from the view's
    position (all of it public): it mates, takes a piece, gives check,
    promotes. None for other actions, or a quiet move."""
    if action not in view.get("legal", ()) or view.get("position") is None:
        return None
    try:
        a = action_of(parse(action))
    except Exception:  # an action the engine does not number (never a legal one)
        return None
    if not 0 <= a < PLACE:
        return None
    pos = _engine(view)
    seat = view["seat"]
    victim = pos.board[(a >> 7) & 127]
    said = []
    if victim:
        said.append(f"takes {POWER_NAMES[victim >> 4 & 3]}'s {PIECES[victim & 15][1]}")
    if a >> 14:
        said.append(f"promotes to a {PIECES[a >> 14][1]}")
    pos.push(a)
    if pos.phase == OVER:
        scores = pos.scores() or [0, 0, 0, 0]
        if scores[seat] > 0 and scores[seat] == max(scores):
            said.append("mates: your side wins" if pos.result is not None and pos.result[0] == "mate"
                        else "wins the game")
    elif seat is not None and pos.team[seat] >= 0:
        checked = [g for g in (0, 1) if pos.team[g] != pos.team[seat] and pos.in_check(g)]
        if checked:
            said.append(f"gives check to {POWER_NAMES[checked[0]]}'s King")
    pos.pop()
    if not said:
        return None
    text = ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1]
    return "It " + text + "."
