"""Coalition Chess: perft goldens (cross-checked by a brute-force generator
written only for this file), unit tests by rule, property tests, bad input.

The authority is the rule text (/work/shared/rules/002_76ba05b328078dca.txt);
where it is open, the interpretations in guide.py ("Rules as implemented").

Golden file (tests/golden/coalition-chess/perft.json): the number of legal
action sequences of each length 1..3 from the start and from hand-set
positions. After an intended change of the rules, regenerate and review::

    REGEN_GOLDEN=1 python -m pytest -q tests/test_coalition_chess.py -k golden
"""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coalitions.core.bots import decide
from coalitions.core.errors import IllegalActionError, OptionError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import make_players, new_record, replay
from coalitions.core.rng import Rng, mix
from coalitions.games.coalition_chess import bots as chess_bots
from coalitions.games.coalition_chess import perft as perft_mod
from coalitions.games.coalition_chess.data import ARMIES, FILES, PIECES, START, square_name, square_of
from coalitions.games.coalition_chess.engine import DEFAULT
from coalitions.games.coalition_chess.position import listed
from coalitions.registry import get_game

GAME = get_game("coalition-chess")
POWER_IDS = ("yellow", "black", "green", "red")
from goldens import ROOT, golden  # noqa: E402

GOLDEN = ROOT / "coalition-chess"
Y, B, G, R = 0, 1, 2, 3


def new(options=None, deal=None, seed=0):
    if isinstance(deal, dict) and isinstance(deal.get("pieces"), dict) and all(
            isinstance(a, dict) for a in deal["pieces"].values()):
        deal = dict(deal, pieces=listed(deal["pieces"]))  # written square first here
    return GAME.new(4, options or {}, seed=seed if deal is None else None, deal=deal)


def after_setup(**options):
    st = new(options)
    st.apply(Y, "default")
    return st


def pos_of(pieces, turn="yellow", rnd=5, coalitions=None, **extra):
    deal = {"pieces": pieces, "turn": turn, "round": rnd,
            "coalitions": {"green": "yellow", "red": "black"} if coalitions is None else coalitions}
    deal.update(extra)
    return deal


# A Yellow and a Black King tucked away, for positions about one thing.
KINGS = {"yellow": {"a1": "king"}, "black": {"k10": "king"}}


def with_kings(**armies):
    pieces = {"yellow": dict(KINGS["yellow"]), "black": dict(KINGS["black"]), "green": {}, "red": {}}
    for power, army in armies.items():
        pieces[power].update(army)
    return pieces


def legal(st, seat=None):
    seat = st.to_act()[0] if seat is None else seat
    return st.legal_actions(seat)


def moves_from(st, square):
    return sorted(a.split(" ")[2] for a in legal(st) if a.split(" ")[0] in ("move", "answer")
                  and a.split(" ")[1] == square)


# == a brute-force generator, written only for these tests ==========================================
#
# A board is a dict {(file, rank): (power, kind, moved)}; moves are decided by
# geometry alone, square by square, and legality by recomputing every enemy
# attack after the move. It knows the flow of turns after the first three
# rounds (coalitions formed): the order of play, answers out of turn and the
# turns they cost, declines, mates, retirements, offers.

KN_D = {(1, 2), (2, 1)}
FWD_D = {0: (0, 1), 1: (0, -1), 2: (-1, 0), 3: (1, 0)}
PROMO = ["tank", "submarine", "plane", "artillery", "engineer", "motorcyclist", "machine-gun"]
PROMO_MG = PROMO + ["guard"]  # "any type of piece, excluding a King": a Machine-gun may become a Guard


def _clear(board, a, b):
    df, dr = b[0] - a[0], b[1] - a[1]
    n = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return all((a[0] + sf * i, a[1] + sr * i) not in board for i in range(1, n))


def _line(a, b, orth):
    df, dr = abs(b[0] - a[0]), abs(b[1] - a[1])
    return (df == 0 or dr == 0) if orth else df == dr


def _knight(a, b):
    return (abs(a[0] - b[0]), abs(a[1] - b[1])) in KN_D


def _far(p, sq):
    f, r = sq
    return {0: r == 9, 1: r == 0, 2: f == 0, 3: f == 9}[p]


def bf_reaches(board, sq, t, attack):
    """Whether the piece on sq moves to (or, attack=True, attacks) t."""
    p, kind, moved = board[sq]
    if t == sq:
        return False
    df, dr = t[0] - sq[0], t[1] - sq[1]
    king_step = max(abs(df), abs(dr)) == 1
    if kind == "king":
        return king_step
    if kind == "engineer":
        return _knight(sq, t)
    if kind == "plane":
        for mf in range(10):
            for mr in range(10):
                m = (mf, mr)
                if m not in board and _knight(sq, m) and _knight(m, t):
                    return True
        return False
    if kind in ("tank", "artillery", "motorcyclist", "submarine"):
        if kind == "submarine" and _knight(sq, t):
            return True
        ok = ((kind in ("tank", "submarine") and (_line(sq, t, True) or _line(sq, t, False)))
              or (kind == "artillery" and _line(sq, t, True)) or (kind == "motorcyclist" and _line(sq, t, False)))
        return ok and _clear(board, sq, t)
    fx, fy = FWD_D[p]
    one = (sq[0] + fx, sq[1] + fy)
    two = (sq[0] + 2 * fx, sq[1] + 2 * fy)
    diag = {(one[0] + fy, one[1] + fx), (one[0] - fy, one[1] - fx)}
    if kind == "machine-gun":
        if king_step:
            return True
        return not attack and not moved and t == two and one not in board and two not in board
    # guard
    if attack:
        return t in diag
    if t == one:
        return t not in board
    if t == two:
        return not moved and one not in board and two not in board
    return t in diag and t in board


class BF:
    """The brute-force game after the first three rounds."""

    def __init__(self, deal, order=(0, 1, 2, 3)):
        names = ["yellow", "black", "green", "red"]
        self.board = {}
        for pname, army in deal["pieces"].items():
            p = names.index(pname)
            if isinstance(army, list):
                army = {w.split(" ")[1]: w.split(" ")[0] for w in army}
            for sqn, kind in army.items():
                sq = (FILES.index(sqn[0]), int(sqn[1:]) - 1)
                in_area = sq in AREAS_BF[p]
                self.board[sq] = (p, kind, not in_area)
        co = deal["coalitions"]
        self.team = [0, 1, names.index(co["green"]), names.index(co["red"])]
        self.order = list(order)
        self.cur = self.order.index(names.index(deal["turn"]))
        self.actor = self.order[self.cur]
        self.phase = "move"
        self.rnd = deal.get("round", 1)
        # the round each power sits out for having answered a check
        self.sitout = [deal.get("sits_out", {}).get(n, 0) for n in names]
        self.declined = set()
        self.offer = None
        self.offered = False
        self.retired = {p for p in (2, 3) if not any(v[0] == p for v in self.board.values())}
        self.over = False

    def copy(self):
        c = object.__new__(BF)
        c.__dict__ = {k: (v.copy() if isinstance(v, (dict, list, set)) else v) for k, v in self.__dict__.items()}
        return c

    def enemies(self, p, q):
        return self.team[p] != self.team[q]

    def king(self, g):
        return next(sq for sq, v in self.board.items() if v[0] == g and v[1] == "king")

    def attacked(self, g):
        ks = self.king(g)
        return any(self.enemies(v[0], g) and bf_reaches(self.board, sq, ks, True)
                   for sq, v in self.board.items())

    def moves(self, p):
        out = []
        for sq, v in list(self.board.items()):
            if v[0] != p:
                continue
            for tf in range(10):
                for tr in range(10):
                    t = (tf, tr)
                    tgt = self.board.get(t)
                    if tgt is not None and (tgt[0] == p or not self.enemies(p, tgt[0]) or tgt[1] == "king"):
                        continue
                    if not bf_reaches(self.board, sq, t, False):
                        continue
                    promos = [None]
                    if v[1] in ("guard", "machine-gun") and _far(p, t) and not _far(p, sq):
                        promos = PROMO_MG if v[1] == "machine-gun" else PROMO
                    for pk in promos:
                        trial = dict(self.board)
                        del trial[sq]
                        trial[t] = (p, pk or v[1], True)
                        if p <= 1:
                            saved = self.board
                            self.board = trial
                            bad = self.attacked(p)
                            self.board = saved
                            if bad:
                                continue
                        out.append(("mv", sq, t, pk))
        return out

    def legal(self):
        if self.over:
            return []
        p = self.actor
        if self.phase == "answer":
            return self.moves(p) + [("decline",)]
        out = []
        if self.offer is not None and self.team[p] != self.offer:
            out.append(("accept",))
        if self.offer is None and not self.offered:
            out.append(("offer",))
        mv = self.moves(p)
        return out + (mv or [("pass",)])

    def apply(self, a):
        p = self.actor
        if a[0] == "offer":
            self.offer, self.offered = self.team[p], True
            return
        if a[0] == "accept":
            self.over = True
            return
        regular = False
        if a[0] == "decline":
            self.declined.add(p)
        elif a[0] == "pass":
            regular = True
        else:
            _, sq, t, pk = a
            v = self.board.pop(sq)
            victim = self.board.get(t)
            self.board[t] = (p, pk or v[1], True)
            if victim and victim[0] in (2, 3) and not any(x[0] == victim[0] for x in self.board.values()):
                self.retired.add(victim[0])
            if self.phase == "answer":
                self.sitout[p] = self.rnd + 1  # "may not move during the following round"
                self.declined.discard(p)
            else:
                regular = True
        if regular:
            if self.offer is not None and self.team[p] != self.offer:
                self.offer = None
            self.offered = False
            self.done = True
        elif a[0] != "decline" and self.phase != "answer":
            return
        self.resolve(p)

    def step(self, cur, rnd):
        """The next regular turn after (cur, rnd): (cur, rnd) of the next
        power neither retired nor sitting out that round."""
        while True:
            cur += 1
            if cur == len(self.order):
                cur, rnd = 0, rnd + 1
            q = self.order[cur]
            if q not in self.retired and self.sitout[q] != rnd:
                return cur, rnd

    def next_regular(self):
        cur, _ = self.step(self.cur, self.rnd)
        return self.order[cur]

    def resolve(self, mover):
        first = (1, 0) if self.team[mover] == self.team[0] else (0, 1)
        checked = []
        for g in first:
            if self.attacked(g):
                if not self.moves(g):
                    self.over = True
                    return
                checked.append(g)
            else:
                self.declined.discard(g)
        nxt = self.next_regular()
        for g in checked:
            if g not in self.declined and g != nxt and self.sitout[g] != self.rnd:
                self.phase, self.actor = "answer", g
                return
        self.cur, self.rnd = self.step(self.cur, self.rnd)
        q = self.order[self.cur]
        self.phase, self.actor, self.offered = "move", q, False
        if q <= 1 and not self.moves(q):
            self.over = True


AREAS_BF = {0: {(f, r) for f in range(1, 9) for r in (0, 1)}, 1: {(f, r) for f in range(1, 9) for r in (8, 9)},
            3: {(f, r) for f in (0, 1) for r in range(3, 7)}, 2: {(f, r) for f in (8, 9) for r in range(3, 7)}}


def bf_perft(game, depth):
    acts = game.legal()
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        child = game.copy()
        child.apply(a)
        total += bf_perft(child, depth - 1)
    return total


# == positions ======================================================================================

POSITIONS = {
    # Green (Black's partner) can check Yellow's King out of Yellow's turn: Red
    # moves next, so Yellow may answer at once and miss its next turn.
    "check-answer": pos_of({
        "yellow": {"e1": "king", "d2": "guard", "f2": "guard", "b1": "artillery", "h3": "engineer"},
        "black": {"e10": "king", "d9": "guard", "e9": "machine-gun", "c8": "tank"},
        "green": {"j4": "submarine", "k6": "guard"},
        "red": {"b6": "plane", "a5": "guard"},
    }, turn="green", coalitions={"green": "black", "red": "yellow"}),
    # Guards and Machine-guns one step from their far edges, for every power.
    "promotion": pos_of({
        "yellow": {"e1": "king", "c9": "guard", "g9": "machine-gun"},
        "black": {"e10": "king", "b2": "guard", "h2": "machine-gun", "a10": "artillery"},
        "green": {"b5": "guard", "b8": "machine-gun"},
        "red": {"j4": "guard", "j7": "machine-gun"},
    }),
    # Red's Planes in the open near Yellow's King; some middle squares taken.
    "planes": pos_of({
        "yellow": {"h1": "king", "e4": "guard", "g2": "machine-gun", "d3": "motorcyclist"},
        "black": {"e10": "king", "f9": "guard"},
        "green": {"k5": "submarine"},
        "red": {"c4": "plane", "h6": "plane", "b3": "guard"},
    }, turn="red"),
    # Red has one Guard left and Yellow can take it: Red retires.
    "retirement": pos_of({
        "yellow": {"e1": "king", "c3": "tank", "g1": "motorcyclist"},
        "black": {"e10": "king", "f10": "artillery", "h7": "engineer"},
        "green": {"j5": "submarine", "k6": "guard"},
        "red": {"c7": "guard"},
    }),
    # Yellow answered a check in round 5 and sits out round 6: Red ends round
    # 5, then Black, Green and Red move, and their checks on Yellow's King
    # are not answered.
    "sit-out": pos_of({
        "yellow": {"d3": "king", "h4": "guard", "c2": "tank"},
        "black": {"e10": "king", "a1": "artillery", "f9": "guard"},
        "green": {"k2": "submarine", "j6": "guard"},
        "red": {"c4": "guard", "f6": "guard", "g1": "plane"},
    }, turn="red", coalitions={"green": "black", "red": "yellow"}, sits_out={"yellow": 6}),
    # Black in check at its turn's start would be illegal, so: Yellow gives
    # checks that Black answers or that mate it.
    "mating-net": pos_of({
        "yellow": {"e1": "king", "a9": "artillery", "b8": "tank", "c3": "engineer"},
        "black": {"e10": "king", "e9": "guard", "d9": "guard", "f9": "guard", "h8": "machine-gun"},
        "green": {"j2": "submarine"},
        "red": {"a4": "plane", "h5": "guard"},
    }),
}


def position_state(name):
    return new(deal=POSITIONS[name])


def engine_perft(state, depth):
    pos = state.pos
    return [pos.perft(d) for d in range(1, depth + 1)]


# == golden perft, and the cross-check =============================================================

def _perft_all():
    out = {"start": engine_perft(after_setup(), 3), "middle": engine_perft(new(deal=perft_mod.MIDDLE), 3)}
    for name in POSITIONS:
        out[name] = engine_perft(position_state(name), 3)
    return out


def test_golden_perft():
    data, expected = golden(GOLDEN, "perft.json", _perft_all)
    assert data == expected


@pytest.mark.parametrize("name,depth", [("check-answer", 3), ("promotion", 2), ("planes", 2), ("retirement", 3),
                                        ("mating-net", 2), ("sit-out", 3)])
def test_perft_matches_the_brute_force_generator(name, depth):
    ours = engine_perft(position_state(name), depth)
    theirs = [bf_perft(BF(POSITIONS[name]), d) for d in range(1, depth + 1)]
    assert ours == theirs


def test_perft_of_the_middle_game_matches_the_brute_force_generator():
    ours = engine_perft(new(deal=perft_mod.MIDDLE), 2)
    assert ours == [bf_perft(BF(perft_mod.MIDDLE), d) for d in (1, 2)]


def test_perft_through_the_state_matches_the_engine():
    """The State's legal texts and apply agree with the engine's perft."""
    st = position_state("check-answer")

    def walk(s, d):
        if d == 0 or s.is_over():
            return 1 if d == 0 else 0
        seat = s.to_act()[0]
        total = 0
        for a in s.legal_actions(seat):
            c = s.clone()
            c.apply(seat, a)
            total += walk(c, d - 1) if d > 1 else 1
        return total

    assert walk(st, 2) == st.pos.perft(2)


# == set-up ==========================================================================================

def test_the_armies_and_the_reconstructed_start():
    assert {p: sum(a.values()) for p, a in ARMIES.items()} == {0: 12, 1: 12, 2: 6, 3: 6}
    st = new()
    v = st.view(0)
    assert v["phase"] == "setup" and v["to_act"] == [Y]
    assert v["setup"]["reserve"][0] == "king" and len(v["setup"]["reserve"]) == 12
    placed = {(p["power"], p["square"]): p["kind"] for p in v["pieces"]}
    assert placed[("black", "e10")] == "king" and placed[("red", "a4")] == "plane"
    assert placed[("green", "k7")] == "submarine" and not any(p["power"] == "yellow" for p in v["pieces"])
    assert FILES == "abcdefghjk" and square_of("i3") is None and square_name(99) == "k10"


def test_each_king_starts_with_a_safe_empty_square_beside_it():
    """Yellow's default set-up and Black's squares leave each King an empty
    square beside it, in its area, that no piece attacks whichever side Green
    and Red take."""
    from coalitions.games.coalition_chess.engine import KG, AREA

    for coalitions in ({"green": "yellow", "red": "black"}, {"green": "black", "red": "yellow"}):
        st = new(deal={"pieces": {POWER_IDS[p]: [f"{PIECES[k][0]} {sq}" for sq, k in START[p].items()]
                                  for p in range(4)}, "coalitions": coalitions})
        pos = st.pos
        for g in (Y, B):
            en = [q != g and pos.team[q] != pos.team[g] for q in range(4)]
            safe = [s for s in KG[pos.king[g]] if s in AREA[g] and not pos.board[s] and not pos.attacked(s, en)]
            assert safe, (g, coalitions)


def _mates_by_red(pos):
    """Red's actions (a declaration, then a move) after which a King is
    mated, on the engine: [(king's power, actions)]."""
    from coalitions.games.coalition_chess.engine import OVER
    from coalitions.games.coalition_chess.notation import text_of

    out = []
    for a in pos.legal():
        pos.push(a)
        if pos.phase == OVER and pos.result[0] == "mate":
            out.append((pos.result[1], [text_of(a)]))
        elif a < 0 and pos.actor == R:  # a declaration: Red moves next
            for b in pos.legal():
                pos.push(b)
                if pos.phase == OVER and pos.result[0] == "mate":
                    out.append((pos.result[1], [text_of(a), text_of(b)]))
                pos.pop()
        pos.pop()
    return out


def _round_one(yellow, black, green="move j5 h5"):
    st = after_setup()
    for seat, action in ((Y, yellow), (B, black), (G, green)):
        st.apply(seat, action)
    return st


def test_the_round_one_plane_trap_on_black_is_gone():
    """Regression: on the old squares Black's King on e10 had no empty square
    beside it, and after a natural first move such as b10-a10 Red declared
    for Yellow and mated at once with a4-e6 (the Plane checks over d8 and f8)."""
    st = _round_one("move e2 e4", "move b10 a10")
    st.apply(R, "declare yellow")
    st.apply(R, "move a4 e6")
    assert not st.is_over() and st.to_act() == [B] and st.view(0)["phase"] == "answer"
    answers = legal(st)
    assert {"answer b9 e6", "answer h9 e6", "answer e10 f10"} <= set(answers)


def test_the_round_one_plane_trap_on_yellow_is_gone():
    """Regression: Yellow's old default set-up was caught by a7-e5 (the Plane
    checks e1 over d3 and f3)."""
    st = _round_one("move e2 e4", "move e9 e7")
    st.apply(R, "declare black")
    st.apply(R, "move a7 e5")
    assert not st.is_over() and st.to_act() == [Y]
    assert {"move b2 e5", "move h2 e5", "move e1 f1"} <= set(legal(st))


def test_no_first_move_of_black_lets_red_mate_in_round_one():
    for black in _first_moves(B):
        st = _round_one("move e2 e4", black)
        assert _mates_by_red(st.pos) == [], black


def test_no_first_move_of_yellow_lets_red_mate_in_round_one():
    for yellow in _first_moves(Y):
        st = _round_one(yellow, "move e9 e7")
        assert _mates_by_red(st.pos) == [], yellow


def _first_moves(seat):
    st = after_setup()
    if seat == B:
        st.apply(Y, "move e2 e4")
    return [a for a in legal(st) if a.startswith("move ")]


def test_yellow_sets_up_freely_in_any_order_inside_its_area():
    """Rule text: "Yellow ... is therefore permitted to place all pieces in
    any square within the set-up area which seems advantageous to the
    player"."""
    st = new()
    acts = legal(st)
    assert "default" in acts and "place tank b1" in acts and "place king e1" in acts
    assert "place king a1" not in acts and "place king e3" not in acts
    st.apply(Y, "place tank b2")  # the King need not come first
    assert "default" in legal(st)  # the default set-up stays on offer while setting up
    st.apply(Y, "place king c1")
    assert "place king d1" not in legal(st)  # one King
    with pytest.raises(IllegalActionError, match="outside your set-up area"):
        st.apply(Y, "place tank e5")
    for sq, kind in zip(["d1", "e1", "f1", "g1", "h1", "j1", "c2", "d2", "e2", "f2"],
                        ["tank", "artillery", "engineer", "motorcyclist", "machine-gun", "machine-gun",
                         "machine-gun", "guard", "guard", "guard"]):
        st.apply(Y, f"place {kind} {sq}")
    v = st.view(0)
    assert v["phase"] == "move" and v["round"] == 1 and v["turn"] == Y


def test_the_default_setup_after_some_placements_puts_every_piece_on_its_square():
    st = new()
    st.apply(Y, "place tank j2")
    st.apply(Y, "place king b1")
    st.apply(Y, "default")
    mine = {p["square"]: p["kind"] for p in st.view(0)["pieces"] if p["power"] == "yellow"}
    assert mine == {sq: PIECES[k][0] for sq, k in START[0].items()}
    assert st.view(0)["phase"] == "move" and st.view(0)["turn"] == Y


def test_yellow_set_up_counts_the_final_arrangement():
    """What counts is where the pieces end: the King may go on a square that a
    piece placed later shields, and the last piece must then shield it."""
    deal = {"pieces": {"black": ["king e10", "artillery e5"], "green": ["guard k5"], "red": ["guard a5"]},
            "coalitions": {"green": "black", "red": "yellow"}}
    st = new(deal=deal)
    assert "place king e1" in legal(st)  # e2 is still free to shield it
    st.apply(Y, "place king e1")
    for sq, kind in zip(["b1", "c1", "d1", "f1", "g1", "h1", "j1", "b2", "c2", "d2"],
                        ["tank", "tank", "artillery", "engineer", "motorcyclist", "machine-gun", "machine-gun",
                         "machine-gun", "guard", "guard"]):
        st.apply(Y, f"place {kind} {sq}")
    assert legal(st) == ["default", "place guard e2"] or legal(st) == ["place guard e2"]
    with pytest.raises(IllegalActionError, match="no arrangement of the rest"):
        st.apply(Y, "place guard f2")
    st.apply(Y, "place guard e2")
    assert st.view(0)["phase"] == "move" and not st.view(0)["checks"]


def test_the_default_setup_is_one_action():
    st = after_setup()
    assert {p["square"] for p in st.view(0)["pieces"] if p["power"] == "yellow"} == set(START[0] and
                                                                                         [square_name(square_of(s)) for s in START[0]])
    assert st.view(0)["turn"] == Y and st.view(0)["moves"][0]["action"] == "default"


# == pieces ==========================================================================================

def bf_targets(deal, square):
    game = BF(deal)
    return sorted({square_name(t[1] * 10 + t[0]) for a in game.legal() if a[0] == "mv"
                   for t in [a[2]] if a[1] == (FILES.index(square[0]), int(square[1:]) - 1)})


def test_every_piece_moves_as_the_text_gives_it():
    deal = pos_of(with_kings(yellow={"d5": "tank", "b3": "artillery", "h3": "engineer", "e7": "motorcyclist",
                                     "c6": "machine-gun", "g6": "guard"}))
    st = new(deal=deal)
    assert moves_from(st, "a1") == ["a2", "b1", "b2"]
    assert moves_from(st, "h3") == ["f2", "f4", "g1", "g5", "j1", "j5", "k2", "k4"]
    assert "c5" in moves_from(st, "e7") and "e6" not in moves_from(st, "e7")
    assert moves_from(st, "b3") == sorted(["a3", "c3", "d3", "e3", "f3", "g3", "b1", "b2", "b4", "b5", "b6", "b7",
                                           "b8", "b9", "b10"])
    # a Machine-gun out of its area: a King's steps only
    assert moves_from(st, "c6") == ["b5", "b6", "b7", "c5", "c7", "d6", "d7"]
    assert moves_from(st, "g6") == ["g7"]
    for square in ("a1", "d5", "b3", "h3", "e7", "c6", "g6"):
        assert moves_from(st, square) == bf_targets(deal, square), square


def test_machine_gun_and_guard_double_step_only_on_their_first_move():
    st = after_setup()
    assert "e4" in moves_from(st, "e2") and "c4" in moves_from(st, "c2")
    st2 = new(deal=pos_of(with_kings(yellow={"e3": "guard", "c3": "machine-gun"}), moved=["e3"]))
    assert moves_from(st2, "e3") == ["e4"] and "c5" not in moves_from(st2, "c3")


def test_forward_for_red_and_green_runs_along_the_ranks():
    st = new(deal=pos_of(with_kings(red={"c5": "guard"}, green={"h5": "guard"}), turn="red"))
    assert moves_from(st, "c5") == ["d5"]
    st.apply(R, "move c5 d5")
    st.apply(Y, "move a1 a2")
    st.apply(B, "move k10 k9")
    assert moves_from(st, "h5") == ["g5"]


def test_the_plane_makes_two_knight_moves_not_back_home_through_an_empty_square():
    st = new(deal=pos_of(with_kings(red={"e5": "plane"}), turn="red"))
    dest = moves_from(st, "e5")
    assert "e5" not in dest and "e7" in dest and "g6" not in dest  # g6 is one Knight move: not a Plane move
    assert "f6" in dest  # (+2,-1) then (-1,+2)
    assert len(dest) == len(set(dest))  # one move per square, whatever the path
    # every middle square of a path taken: the square cannot be reached
    blocked = with_kings(red={"e5": "plane"}, yellow={sq: "guard" for sq in ("c4", "c6", "d3", "d7", "f3", "f7",
                                                                             "g4", "g6")})
    st2 = new(deal=pos_of(blocked, turn="red"))
    assert moves_from(st2, "e5") == []
    with pytest.raises(IllegalActionError, match="middle square"):
        st2.apply(R, "move e5 e7")


def test_the_submarine_moves_as_queen_or_knight():
    deal = pos_of(with_kings(green={"e4": "submarine"}), turn="green")
    st = new(deal=deal)
    dest = moves_from(st, "e4")
    assert "g5" in dest and "e10" in dest and "a9" not in dest and len(dest) == 33 + 8
    assert dest == bf_targets(deal, "e4")


PROMOTION_RULE = ("if they reach a square at the edge of the board opposing their set-up area, they may be "
                  "converted to any type of piece, excluding a King")


def test_promotion_on_the_far_edge_to_any_piece_but_a_king():
    assert PROMOTION_RULE
    st = position_state("promotion")
    acts = [a for a in legal(st) if a.startswith("move c9 c10")]
    # a Guard must change (it could never move again as a Guard)
    assert sorted(a.split(" ")[3] for a in acts) == sorted(PIECES[k][0] for k in (4, 3, 2, 5, 6, 7, 8))
    with pytest.raises(IllegalActionError, match="must become another piece"):
        st.apply(Y, "move c9 c10 guard")
    assert "move c9 c10" not in legal(st)
    with pytest.raises(IllegalActionError, match="name the piece"):
        st.apply(Y, "move c9 c10")
    st.apply(Y, "move c9 c10 submarine")
    assert st.view(0)["board"]["c10"] == [Y, "submarine"]
    assert st.history[-1][2].startswith("Gc9-c10=S")


def test_a_machine_gun_may_become_a_guard():
    st = position_state("promotion")
    acts = [a for a in legal(st) if a.startswith("move g9 g10")]
    assert sorted(a.split(" ")[3] for a in acts) == sorted(PIECES[k][0] for k in (4, 3, 2, 5, 6, 7, 8, 9))
    st.apply(Y, "move g9 g10 guard")
    assert st.view(0)["board"]["g10"] == [Y, "guard"]
    assert not [a for a in st.legal_actions(B) if a.startswith("move g10")]  # nothing for it to do but stand


def test_no_castling_and_no_en_passant():
    st = after_setup()
    assert not any(a.split(" ")[1] == "e1" and a.split(" ")[2] in ("c1", "g1") for a in legal(st))
    st = new(deal=pos_of(with_kings(yellow={"e2": "guard"}, black={"d4": "guard"})))
    st.apply(Y, "move e2 e4")  # passes d4's diagonal
    st.apply(B, "move k10 k9")
    assert True  # Black moved: its Guard on d4 had no capture on e3 to make
    assert "move d4 e3" not in st.legal_actions(B)


# == check ===========================================================================================

def test_a_move_may_not_leave_its_own_king_in_check():
    st = new(deal=pos_of(with_kings(yellow={"a2": "guard"}, black={"a9": "artillery"}) | {
        "yellow": {"a1": "king", "a2": "tank"}}))
    assert "move a2 b2" not in legal(st)
    with pytest.raises(IllegalActionError, match="leaves your King in check"):
        st.apply(Y, "move a2 b2")


ANSWER_RULE = ("It is possible to immediately respond to a check (without keeping to the order of play). "
               "The player may not move during the following round.")


def test_a_check_is_answered_out_of_turn_and_costs_the_following_round():
    assert ANSWER_RULE  # the rule text tested here
    st = position_state("check-answer")  # round 5, Green to move, Green allied with Black
    st.apply(G, "move j4 e4")  # the Submarine on the e-file: check to Yellow's King
    v = st.view(Y)
    assert v["phase"] == "answer" and v["to_act"] == [Y] and v["answer"]["seat"] == Y
    assert v["checks"][0]["by"] == ["e4"]
    assert "decline" in v["legal"] and all(a == "decline" or a.startswith("answer ") for a in v["legal"])
    st.apply(Y, "answer e1 f1")
    assert st.view(0)["powers"][Y]["sits_out"] == 6 and "sits out round 6" in st.log[-1]["text"] + \
        st.log[-2]["text"]
    assert st.to_act() == [R]
    st.apply(R, [a for a in legal(st) if a.startswith("move")][0])
    # round 6: Yellow may not move; Black, Green and Red do
    assert st.view(0)["round"] == 6 and st.to_act() == [B]
    assert any(e["kind"] == "sitout" and "sits out round 6" in e["text"] for e in st.log[-3:])
    for seat in (B, G, R):
        assert st.to_act() == [seat]
        st.apply(seat, [a for a in legal(st) if a.startswith("move")][0])
    # round 7: Yellow moves again
    assert st.view(0)["round"] == 7 and st.to_act() == [Y] and st.view(0)["powers"][Y]["sits_out"] is None


# Yellow's King can be checked by Black and then by Green in one round.
TWICE = pos_of({"yellow": {"e1": "king", "h4": "guard"}, "black": {"e10": "king", "a8": "artillery"},
                "green": {"k3": "submarine"}, "red": {"c4": "guard", "f6": "guard"}},
               turn="black", coalitions={"green": "black", "red": "yellow"})


def test_two_answers_in_one_round_cost_the_following_round_only():
    st = new(deal=TWICE)
    st.apply(B, "move a8 a1")  # check along rank 1
    st.apply(Y, "answer e1 e2")
    st.apply(G, "move k3 k2")  # check along rank 2
    assert st.to_act() == [Y] and st.view(0)["phase"] == "answer"  # may answer again in this round
    st.apply(Y, "answer e2 d3")
    assert st.view(0)["powers"][Y]["sits_out"] == 6
    st.apply(R, "move c4 d4")
    assert st.view(0)["round"] == 6 and st.to_act() == [B]  # Yellow sits out round 6 once
    st.apply(B, "move k10 k9") if "move k10 k9" in legal(st) else st.apply(B, "move e10 e9")
    st.apply(G, [a for a in legal(st) if a.startswith("move")][0])
    st.apply(R, [a for a in legal(st) if a.startswith("move")][0])
    assert st.view(0)["round"] == 7 and st.to_act() == [Y]


def test_a_king_checked_while_its_power_sits_out_ends_the_check_on_its_next_turn():
    """Decided (the text is silent): a power sitting out a round may not
    move, so it may not answer either. The check stands; on its next turn
    it must end it, and it is mated if nothing ends it."""
    st = new(deal=TWICE)
    for seat, action in ((B, "move a8 a1"), (Y, "answer e1 e2"), (G, "move k3 k2"), (Y, "answer e2 d3"),
                         (R, "move c4 d4")):
        st.apply(seat, action)
    st.apply(B, "move a1 a3")  # round 6: check along rank 3 while Yellow sits out
    v = st.view(0)
    assert v["checks"] and v["checks"][0]["seat"] == Y and v["phase"] == "move" and st.to_act() == [G]
    assert "may not answer" in st.log[-1]["text"]
    st.apply(G, [a for a in legal(st) if a.startswith("move")][0])
    st.apply(R, "move d4 e4")
    assert st.view(0)["round"] == 7 and st.to_act() == [Y]
    moves = [a for a in legal(st) if a.startswith("move")]
    assert moves and all(a.startswith("move d3 ") and a.split(" ")[2][1] != "3" for a in moves)


def test_a_king_that_nothing_can_save_is_mated_even_while_its_power_sits_out():
    st = new(deal=pos_of({"yellow": {"a1": "king"}, "black": {"k10": "king", "b8": "artillery", "h3": "tank"},
                          "green": {"k5": "guard"}, "red": {"c6": "guard"}},
                         turn="black", rnd=6, coalitions={"green": "black", "red": "yellow"},
                         sits_out={"yellow": 6}))
    st.apply(B, "move h3 a3")
    out = st.outcome()
    assert out is not None and out.details["result"] == ["mate", Y]


def test_a_declined_check_waits_for_the_turn():
    st = position_state("check-answer")
    st.apply(G, "move j4 e4")
    st.apply(Y, "decline")
    assert st.to_act() == [R] and st.view(0)["powers"][Y]["sits_out"] is None
    st.apply(R, [a for a in legal(st) if a.startswith("move")][0])
    assert st.to_act() == [Y]
    assert all(a.startswith("move") or a in ("offer",) for a in legal(st))  # must end the check now


def test_checkmate_wins_for_the_coalition():
    st = position_state("mating-net")
    st.apply(Y, "move a9 a10")
    out = st.outcome()
    assert out is not None and out.scores == [6, 0, 6, 0] and sorted(out.winners) == [Y, G]
    assert "Checkmate" in out.summary and st.history[-1][2].endswith("#")


def test_a_kingless_king_is_never_captured():
    st = new(deal=pos_of(with_kings(yellow={"k1": "artillery"}), turn="yellow") | {
        "pieces": {"yellow": {"a1": "king", "j1": "artillery"}, "black": {"k10": "king", "h9": "guard"},
                   "green": {"b5": "guard"}, "red": {"j5": "guard"}}})
    assert not any(a.endswith(" k10") for a in legal(st))


# == coalitions =====================================================================================

def test_a_lesser_power_commits_by_declaring_and_it_cannot_change():
    st = after_setup()
    st.apply(Y, "move e2 e4")
    st.apply(B, "move e9 e8")
    assert "declare yellow" in legal(st) and "declare black" in legal(st)
    st.apply(G, "declare yellow")
    v = st.view(0)
    assert v["powers"][G]["team"] == 0 and v["powers"][G]["partner"] == Y
    assert not any(a.startswith("declare") for a in legal(st))
    st.apply(G, "move j5 h5")
    assert "declare yellow" not in legal(st) and "declare black" in legal(st)  # Red: Yellow has its partner


def test_a_lesser_power_commits_by_capturing_and_by_checking():
    deal = {"pieces": {"yellow": {"e1": "king", "c6": "guard"}, "black": {"e10": "king", "h9": "guard"},
                       "green": {"h8": "submarine", "k2": "guard"}, "red": {"b5": "guard", "a3": "plane"}},
            "turn": "green", "round": 2}
    st = new(deal=deal)
    st.apply(G, "move h8 h9")  # takes Black's Guard: joins Yellow
    assert st.view(0)["powers"][G]["team"] == 0
    st.apply(R, "move b5 c6")  # Red takes Yellow's Guard: joins Black
    assert st.view(0)["powers"][R]["team"] == 1
    deal2 = dict(deal, turn="red")
    st2 = new(deal=deal2)
    st2.apply(R, "move a3 c4") if "move a3 c4" in legal(st2) else None
    checks = [a for a in legal(new(deal=deal2)) if a.startswith("move a3")]
    assert checks


def test_captures_before_and_after_coalitions_form():
    deal = {"pieces": {"yellow": {"e1": "king", "e4": "tank"}, "black": {"e10": "king", "e7": "guard"},
                       "green": {"e5": "guard", "b4": "submarine"}, "red": {"a4": "plane", "h4": "guard"}},
            "turn": "yellow", "round": 2}
    st = new(deal=deal)
    assert "move e4 e5" not in legal(st)  # a neutral power's pieces cannot be taken
    assert "move e4 h4" not in legal(st) and "move e4 b4" not in legal(st)
    with pytest.raises(IllegalActionError, match="neutral"):
        st.apply(Y, "move e4 e5")
    st2 = new(deal=dict(deal, coalitions={"green": "yellow", "red": "black"}, round=5))
    assert "move e4 e5" not in legal(st2)  # nor a partner's
    with pytest.raises(IllegalActionError, match="partner"):
        st2.apply(Y, "move e4 e5")
    assert "move e4 h4" in legal(st2)  # an enemy's may


def test_a_neutral_lesser_power_after_round_three_stops_the_game():
    st = after_setup()
    for _ in range(3):
        st.apply(Y, [a for a in legal(st) if a.startswith("move")][0])
        st.apply(B, [a for a in legal(st) if a.startswith("move")][0])
        if "declare yellow" in legal(st) and st.view(0)["round"] == 1:
            st.apply(G, "declare yellow")
        st.apply(G, [a for a in legal(st) if a.startswith("move") and not a.endswith("x")][0])
        st.apply(R, [a for a in legal(st) if a.startswith("move")][0]) if not st.is_over() else None
    out = st.outcome()
    if st.view(0)["powers"][R]["neutral"]:
        assert out is not None and out.scores == [1, 0, 1, 0] and sorted(out.winners) == [Y, G]


def test_fixed_and_lesser_coalitions():
    st = after_setup(coalitions="yellow-red")
    assert st.view(0)["coalitions"]["teams"] == [[Y, R], [B, G]]
    assert not any(a.startswith("declare") for a in legal(st))
    st2 = after_setup(coalitions="lesser")
    assert st2.view(0)["coalitions"]["teams"] == [[Y, B], [G, R]]


def test_lesser_alliance_greater_powers_win_by_taking_all_their_men():
    deal = {"pieces": {"yellow": {"e1": "king", "c3": "tank"}, "black": {"e10": "king"},
                       "green": {}, "red": {"c7": "guard"}}, "turn": "yellow", "round": 5}
    st = new({"coalitions": "lesser"}, deal=deal)
    st.apply(Y, "move c3 c7")
    out = st.outcome()
    assert out and out.scores == [6, 6, 0, 0]


def test_schoenberg_order_and_capture_all_men():
    st = after_setup(rules="schoenberg")
    assert st.view(0)["order"] == [Y, G, B, R]
    st.apply(Y, "move e2 e4")
    assert st.to_act() == [G]
    deal = {"pieces": {"yellow": {"e1": "king", "c3": "tank"}, "black": {"e10": "king", "c7": "guard"},
                       "green": {"k1": "guard"}, "red": {}}, "turn": "yellow", "round": 5,
            "coalitions": {"green": "yellow", "red": "black"}}
    st2 = new({"rules": "schoenberg"}, deal=deal)
    st2.apply(Y, "move c3 c7")
    assert st2.outcome().scores == [6, 0, 6, 0]
    st3 = new({}, deal=deal)
    st3.apply(Y, "move c3 c7")
    assert st3.outcome() is None  # Zaman/Strouhal: only mate wins


def test_retirement_shortens_the_rounds():
    st = position_state("retirement")
    st.apply(Y, "move c3 c7")
    v = st.view(0)
    assert v["powers"][R]["retired"] and v["powers"][R]["lost"] == ["guard"]
    assert v["powers"][Y]["took"] == ["guard"]
    assert v["powers"][Y]["took_from"] == [[R, "guard"]]  # whose man it was, for the table
    st.apply(B, "move e10 f9")
    st.apply(G, "move k6 j6")
    assert st.to_act() == [Y]  # Red's turn is gone


# == variants =======================================================================================

def test_waiting_move_once_in_rounds_one_to_three_not_yellow_in_round_one():
    st = after_setup(waiting=True)
    assert "wait" not in legal(st)
    st.apply(Y, "move e2 e4")
    assert "wait" in legal(st)
    st.apply(B, "wait")
    st.apply(G, "wait")
    st.apply(R, "wait")
    assert "wait" in legal(st)  # Yellow, round 2
    st.apply(Y, "wait")
    assert "wait" not in legal(st)  # Black has waited once
    plain = after_setup()
    plain.apply(Y, "move e2 e4")
    assert "wait" not in legal(plain)


REARRANGE_RULE = ("During the first three rounds, Black, Red and Green also have the right to change the position "
                  "of their pieces once as desired within the set-up area instead of moving.")


def _place_all(st, seat, squares=None):
    """Place what is left of a rearrangement, on `squares` first when legal."""
    for sq in squares or ():
        kinds = [a for a in legal(st, seat) if a.startswith("place ") and a.endswith(" " + sq)]
        if kinds:
            st.apply(seat, kinds[0])
    while st.view(seat)["phase"] == "rearrange":
        st.apply(seat, legal(st, seat)[0])


def test_rearrangement_once_instead_of_a_move_in_any_order():
    assert REARRANGE_RULE
    st = after_setup()
    st.apply(Y, "move e2 e4")
    assert "rearrange" in legal(st)
    st.apply(B, "rearrange")
    v = st.view(B)
    assert v["phase"] == "rearrange" and len(v["setup"]["reserve"]) == 12
    assert "place tank j10" in legal(st) and "place king f10" in legal(st)  # the King need not go first
    st.apply(B, "place guard j10")
    st.apply(B, "place king f10")
    _place_all(st, B)
    assert st.to_act() == [G] and st.view(0)["powers"][B]["rearranged"]
    st.apply(G, "rearrange")
    _place_all(st, G)
    st.apply(R, [a for a in legal(st) if a.startswith("move")][0])
    st.apply(Y, [a for a in legal(st) if a.startswith("move")][0])
    assert "rearrange" not in legal(st)  # Black has rearranged once


# Black's King on e10 with a Yellow Artillery on e5 (Green and Red still
# neutral, round 2): the e-file is shut by the Guard on e9 or open.
def _open_file(shut):
    black = {"e10": "king", "d10": "tank", "b9": "guard", "c9": "machine-gun"} | ({"e9": "guard"} if shut else {})
    return pos_of({"yellow": {"a1": "king", "e5": "artillery"}, "black": black, "green": {"k5": "guard"},
                   "red": {"a5": "guard"}}, turn="black", rnd=2, coalitions={})


def test_rearrangement_counts_the_final_arrangement():
    """The King may go where only a piece placed after it will shield it; the
    last piece must then shield it."""
    st = new(deal=_open_file(True))
    st.apply(B, "rearrange")
    assert "place king e10" in legal(st)  # a piece placed later on e9 can close the file
    assert "place king e9" not in legal(st)  # e6-e8 are outside the area: nothing could
    st.apply(B, "place king e10")
    st.apply(B, "place tank b10")
    st.apply(B, "place guard c10")
    st.apply(B, "place guard j10")
    assert [a.split(" ")[2] for a in legal(st)] == ["e9"]  # the Machine-gun must close the file
    with pytest.raises(IllegalActionError, match="no arrangement of the rest"):
        st.apply(B, "place machine-gun f9")
    st.apply(B, "place machine-gun e9")
    assert st.to_act() == [G] and not st.view(0)["checks"]


def test_a_rearrangement_may_end_a_check():
    st = new(deal=_open_file(False))
    assert st.view(0)["checks"][0]["seat"] == B
    assert "rearrange" in legal(st)  # allowed while in check: it can end it
    st.apply(B, "rearrange")
    _place_all(st, B, ["e10", "e9"])
    assert st.to_act() == [G] and not st.view(0)["checks"]


def test_a_rearrangement_may_put_every_piece_back_where_it_stood():
    """The text does not ask the new arrangement to differ (Rules as
    implemented, "Rearrangement"): the turn is spent, the board unchanged."""
    st = after_setup()
    st.apply(Y, "move e2 e3")
    before = {sq: v for sq, v in st.view(0)["board"].items() if v[0] == B}
    st.apply(B, "rearrange")
    for sq, (_, kind) in sorted(before.items(), key=lambda x: x[1][1] != "king"):
        st.apply(B, f"place {kind} {sq}")
    assert {sq: v for sq, v in st.view(0)["board"].items() if v[0] == B} == before
    assert st.to_act() == [G] and st.view(0)["powers"][B]["rearranged"]


def test_mate_is_judged_on_moves_when_the_check_is_given():
    """A King boxed in by its own pieces, checked along the file: its owner
    has no move out of it, so it is mated at once, though a rearrangement on
    its next turn could have shut the file (Rules as implemented)."""
    black = {"e10": "king", "d10": "guard", "f10": "guard", "d9": "guard", "f9": "guard"}
    st = new(deal=pos_of({"yellow": {"a1": "king", "a5": "artillery"}, "black": black, "green": {"k5": "guard"},
                          "red": {"a6": "guard"}}, turn="yellow", rnd=2, coalitions={}))
    st.apply(Y, "move a5 e5")
    out = st.outcome()
    assert out is not None and out.details["result"] == ["mate", B] and out.scores == [6, 0, 0, 0]


def test_a_rearrangement_never_leaves_the_own_king_in_check():
    """Black's King stands outside its area, shielded by a piece inside it:
    the rearrangement must put a piece back in between."""
    deal = pos_of({"yellow": {"a1": "king", "e10": "tank"},  # behind Black's King, shielded by e9
                   "black": {"e8": "king", "e9": "guard", "b10": "tank", "c10": "machine-gun"},
                   "green": {"k5": "guard"}, "red": {"a5": "guard"}}, turn="black", rnd=2, coalitions={})
    st = new(deal=deal)
    st.apply(B, "rearrange")
    st.apply(B, "place tank b10")
    st.apply(B, "place machine-gun c10")
    assert [a.split(" ")[2] for a in legal(st)] == ["e9"]
    st.apply(B, "place guard e9")
    assert st.to_act() == [G] and not st.view(0)["checks"]


def test_motorcyclist_colour_swap_once_before_the_move():
    st = after_setup(motorcyclist_swap=True)
    swaps = [a for a in legal(st) if a.startswith("swap ")]
    assert swaps and all(a.startswith("swap h2 ") for a in swaps)
    st.apply(Y, swaps[0])
    assert st.to_act() == [Y] and not any(a.startswith("swap") for a in legal(st))
    st.apply(Y, "move e2 e4")
    assert st.to_act() == [B]


def test_dummies_are_resolved_from_the_options():
    from coalitions.games.coalition_chess.rules import dummies
    opts = GAME.check_options({"dummies": "red", "dummy_play": "partner", "coalitions": "yellow-red"})
    assert dummies(opts) == {R: Y}
    opts = GAME.check_options({"dummies": "red", "dummy_play": "partner"})
    assert dummies(opts) == {R: "bot"}  # free coalitions: no partner known at set-up
    opts = GAME.check_options({"dummies": "yellow+red", "dummy_play": "partner", "coalitions": "yellow-red"})
    assert dummies(opts) == {Y: "bot", R: "bot"}
    st = after_setup(dummies="green+red", dummy_play="partner", coalitions="yellow-green")
    assert [p["dummy"] for p in st.view(0)["powers"]] == [None, None, Y, B]


def test_draw_by_agreement():
    st = new(deal=POSITIONS["retirement"])
    st.apply(Y, "offer")
    st.apply(Y, "move g1 h2")
    assert "accept" in legal(st)
    st.apply(B, "accept")
    assert st.outcome().scores == [2, 2, 2, 2] and st.outcome().winners == []


def test_threefold_repetition_is_a_draw():
    deal = {"pieces": {"yellow": {"a1": "king"}, "black": {"k10": "king"}, "green": {"b5": "guard"},
                       "red": {"a5": "guard"}}, "turn": "yellow", "round": 5,
            "coalitions": {"green": "yellow", "red": "black"}}
    st = new(deal=deal)
    assert "pass" in st.legal_actions(G) or True
    cycle = {Y: ["move a1 a2", "move a2 a1"], B: ["move k10 k9", "move k9 k10"]}
    turns = {Y: 0, B: 0}
    while not st.is_over():
        seat = st.to_act()[0]
        if seat in (G, R):
            assert st.auto_action() == (seat, "pass")
            st.apply(seat, "pass")
            continue
        st.apply(seat, cycle[seat][turns[seat] % 2])
        turns[seat] += 1
    assert st.outcome().details["result"] == ["draw", "repetition"] and turns[Y] == 4


# == the notation, views, bots =======================================================================

def test_notation_parts_are_in_picking_order():
    p = GAME.parse_action
    assert p("move c1 c5").parts == (("from", "c1"), ("to", "c5"))
    assert p("move c9 c10 tank").parts == (("from", "c9"), ("to", "c10"), ("promote", "tank"))
    assert p("answer e10 f10").kind == "answer"
    assert p("place king e1").parts == (("piece", "king"), ("square", "e1"))
    assert p("declare yellow")["power"] == "yellow" and p("swap g1 h1")["to"] == "h1"
    for bad in ("move i1 c5", "move c1", "move c1 c1", "move c1 c11", "move c1 c5 king", "place queen e1",
                "declare green", "wait now", "Move c1 c5", "move c1  c5", "fly a4 c5"):
        with pytest.raises(ValueError):
            p(bad)


def test_the_view_carries_what_a_table_needs():
    st = position_state("check-answer")
    st.apply(G, "move j4 e4")
    v = st.view(Y)
    for key in ("board", "pieces", "turn", "round", "powers", "coalitions", "answer", "checks", "last_move",
                "moves", "order", "setup", "draw_offer", "legal", "log", "position", "phase", "files"):
        assert key in v
    assert v["last_move"] == {"kind": "move", "seat": G, "from": "j4", "to": "e4", "capture": None, "victim": None,
                              "promote": None, "answer": False}
    assert v["moves"][-1] == {"seat": G, "action": "move j4 e4", "text": "Sj4-e4+"}
    json.dumps(v)


def test_illegal_moves_say_why():
    st = new(deal=pos_of(with_kings(yellow={"c1": "artillery", "c3": "guard"})))
    with pytest.raises(IllegalActionError, match="the Artillery on c1 cannot reach c5: c3 is in the way"):
        st.apply(Y, "move c1 c5")
    with pytest.raises(IllegalActionError, match="there is no piece on d4"):
        st.apply(Y, "move d4 d5")
    with pytest.raises(IllegalActionError, match="is Black's, not yours"):
        st.apply(Y, "move k10 k9")
    with pytest.raises(IllegalActionError, match="moves as a Rook"):
        st.apply(Y, "move c1 d2")
    with pytest.raises(IllegalActionError, match="no check to answer"):
        st.apply(Y, "answer c1 d1")
    with pytest.raises(IllegalActionError, match="not an action of Coalition Chess"):
        st.apply(Y, "castle")


def test_a_tampered_record_fails_at_its_first_illegal_move():
    m = Match.new("coalition-chess", make_players(["bot"] * 4, levels=["random"] * 4), seed=3)
    for _ in range(12):
        m.step()
    rec = json.loads(json.dumps(m.record))
    rec["moves"][6][1] = "move a1 a9"
    with pytest.raises(RecordError, match="step 7"):
        replay(rec)


def test_bots_choose_legal_actions_deterministically():
    st = after_setup()
    for level in GAME.bots:
        a = decide(GAME, level, st, Y, 1, 5)
        assert a in legal(st)
        if level != "random":
            assert decide(GAME, level, st.clone(), Y, 1, 5) == a


def test_the_search_bot_mates_in_one_and_answers_checks():
    bot = chess_bots.SearchBot(Rng(1))
    bot.budget = 400
    st = position_state("mating-net")
    assert bot.choose(st.view(Y), legal(st)) == "move a9 a10"
    st2 = position_state("check-answer")
    st2.apply(G, "move j4 e4")
    choice = bot.choose(st2.view(Y), legal(st2))
    assert choice in legal(st2)


def test_the_capture_bot_takes_the_most_valuable_piece():
    bot = chess_bots.CaptureBot(Rng(1))
    deal = {"pieces": {"yellow": {"e1": "king", "c3": "tank"}, "black": {"e10": "king", "c7": "guard",
                                                                            "f6": "artillery"},
                       "green": {"k1": "guard"}, "red": {"j3": "guard"}}, "turn": "yellow", "round": 5,
            "coalitions": {"green": "yellow", "red": "black"}}
    st = new(deal=deal)
    assert bot.choose(st.view(Y), legal(st)) == "move c3 f6"


# == property tests =================================================================================

PROPS = settings(max_examples=8, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


def _options(draw):
    return {"rules": draw(st.sampled_from(["zaman-strouhal", "schoenberg"])),
            "coalitions": draw(st.sampled_from(["free", "yellow-green", "yellow-red", "lesser"])),
            "waiting": draw(st.booleans()), "motorcyclist_swap": draw(st.booleans())}


@PROPS
@given(st.data(), st.integers(min_value=0, max_value=2**32))
def test_random_play_ends_conserves_pieces_round_trips_and_replays(data, seed):
    options = _options(data.draw)
    state = GAME.new(4, options, seed=seed)
    rng = Rng(mix(seed, 0xC4E55))
    moves = []
    total = sum(sum(a.values()) for a in ARMIES.values())
    for n in range(3000):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append([seat, action])
        pos = state.pos
        if pos.phase != 4 and pos.phase not in (0, 3):
            on_board = sum(len(o) for o in pos.occ)
            lost = sum(len(c) for c in pos.captured)
            assert on_board + lost == total
        if n % 37 == 0:
            again = GAME.from_json(json.loads(json.dumps(state.to_json())))
            assert again.view(seat) == state.view(seat)
    assert state.is_over()
    rec = new_record(GAME.id, make_players(["human"] * 4), options, seed=seed)
    rec["moves"] = moves
    _, replayed = replay(rec)
    assert replayed.to_json() == state.to_json()


# == bad input ======================================================================================

LESSER_PIECES = {"green": {"j5": "guard"}, "red": {"b5": "guard"}}


def _kings(**extra):
    pieces = {"yellow": {"e1": "king"}, "black": {"e10": "king"}}
    pieces.update(LESSER_PIECES)
    for k, v in extra.items():
        pieces[k] = dict(pieces.get(k, {}), **v)
    return pieces


@pytest.mark.parametrize("deal,message", [
    ("nope", "must be an object"),
    ({"pieces": {}}, "map powers"),
    ({"pieces": {"blue": {}}}, "must be one of"),
    ({"pieces": {"yellow": {"i1": "king"}, "black": {"e10": "king"}}}, "not a square"),
    ({"pieces": {"yellow": {"e1": "queen"}, "black": {"e10": "king"}}}, "not a piece"),
    ({"pieces": {"yellow": ["king"], "black": ["king e10"]}}, "not 'PIECE SQUARE'"),
    ({"pieces": {"yellow": {"e1": "king"}, "black": "king e10"}}, "must be a list"),
    ({"pieces": {"yellow": {"e1": "tank"}, "black": {"e10": "king"}}}, "exactly one King"),
    ({"pieces": _kings(red={"a5": "king"})}, "no King"),
    ({"pieces": _kings(yellow={"e2": "king"})}, "holds two pieces|exactly one King"),
    ({"pieces": _kings(), "round": 0}, "round"),
    ({"pieces": _kings(), "round": 5}, "neutral"),
    ({"pieces": _kings(yellow={"e5": "tank"}), "turn": "green", "round": 2,
      "coalitions": {"green": "black"}}, "in check"),
    ({"pieces": _kings(), "extra": 1}, "no field"),
    ({"pieces": _kings(), "coalitions": {"green": "yellow", "red": "yellow"}}, "same greater"),
    ({"pieces": _kings(), "moved": "e1"}, "list of squares"),
    ({"pieces": _kings(), "sits_out": {"black": 9}}, "this round or the next"),
    ({"pieces": _kings(), "sits_out": {"yellow": 1}}, "cannot sit out this round"),
    # Yellow to set up in an area with fewer free squares than its twelve pieces
    ({"pieces": {"black": ["king e10", "guard b1", "guard c1", "guard d1", "guard e1", "guard f1"],
                 "green": ["guard j5"], "red": ["guard b5"]}}, "11 free squares for its 12 pieces"),
    # ... or where no arrangement keeps its King out of check (Machine-guns cover every free square)
    ({"pieces": {"black": ["king e10", "machine-gun b2", "machine-gun e2", "machine-gun h2"],
                 "green": ["guard j5"], "red": ["guard b5"]}}, "no arrangement of Yellow's pieces"),
])
def test_bad_deals_are_refused_with_a_reason(deal, message):
    with pytest.raises(OptionError, match=message):
        new(deal=deal)


@pytest.mark.parametrize("players, dummies", [(3, "red"), (2, "green+red")])
def test_three_or_two_players_are_told_to_name_their_dummies(players, dummies):
    """The text's 3 players and a dummy, or 2 and two dummies, are four seats
    with the option naming the dummies: a count of 3 or 2 says how."""
    with pytest.raises(OptionError, match=rf"for 4 players, not {players}: .*dummies naming {4 - players} .*{re.escape(dummies)}"):
        GAME.new(players, {"dummies": dummies}, seed=1)
    with pytest.raises(OptionError, match=r"^Coalition Chess is for 4 players, not 5$"):
        GAME.new(5, seed=1)
    view = GAME.new(4, {"dummies": dummies}, seed=1).view(0)
    assert view["players"] == 4 and view["options"]["dummies"] == dummies


def test_deals_whose_win_condition_already_holds_are_refused():
    """Schoenberg's rules with a side left with its King alone, and the
    lesser powers' variant with Green and Red left with nothing, would be
    over before the first move (before, they were drawn at the end)."""
    alone = {"pieces": {"yellow": ["king e1"], "black": ["king e10", "tank d10"], "green": ["guard k5"],
                        "red": ["guard a5"]}, "round": 5, "coalitions": {"green": "black", "red": "black"}}
    alone["coalitions"] = {"green": "black", "red": "yellow"}
    alone["pieces"]["red"] = []
    with pytest.raises(OptionError, match="Yellow and Red have no men left"):
        new({"rules": "schoenberg"}, deal=alone)
    new(deal=alone)  # under the Zaman/Strouhal rules Yellow plays on
    empty = {"pieces": {"yellow": ["king e1", "tank d1"], "black": ["king e10"], "green": [], "red": []}}
    with pytest.raises(OptionError, match="Green and Red have no pieces"):
        new({"coalitions": "lesser"}, deal=empty)


def test_a_guard_on_its_far_edge_is_a_fair_deal_now_that_a_machine_gun_may_become_one():
    st = new(deal={"pieces": _kings(yellow={"c10": "guard"}), "round": 5,
                   "coalitions": {"green": "yellow", "red": "black"}})
    assert st.view(0)["board"]["c10"] == [Y, "guard"]


def test_bad_saved_states_are_record_errors():
    with pytest.raises(RecordError):
        GAME.from_json({"players": 4})
    data = after_setup().to_json()
    data["position"]["pieces"]["yellow"]["z9"] = "king"
    with pytest.raises(RecordError):
        GAME.from_json(data)


# == helpers for the cross-game tests ================================================================
# tests/test_properties.py (CONSERVATION, SECRETS, FOREIGN) and tests/test_notation.py
# (PART_NAMES, MALFORMED, SETUPS) list every game's helpers; these are Coalition Chess's,
# checked here.

def cc_places(state):
    """Coalition Chess: (every piece of the four armies, where each is now: on
    the board, taken, or in hand to be placed), as power tags; promotions
    change a piece's kind, never its power."""
    pos = state.pos
    army = [f"{p}:{i}" for p, a in ARMIES.items() for i in range(sum(a.values()))]
    count = [0, 0, 0, 0]
    for pc in pos.board:
        if pc:
            count[(pc >> 4) & 3] += 1
    for p in range(4):
        count[p] += len(pos.captured[p])
    if pos.phase in (0, 3):  # set-up, rearrangement: the pieces in hand
        count[pos.actor] += len(pos.reserve)
    places = [f"{p}:{i}" for p in range(4) for i in range(count[p])]
    return army, places


def cc_secrets(state, seat, view):
    """Coalition Chess hides nothing: every seat sees the same position."""
    assert view["position"] == state.view(None)["position"]
    assert view["legal"] == ([] if seat is None else state.legal_actions(seat))
    return set()


def cc_foreign(state, seat):
    """Actions `seat` could only take with another power's pieces."""
    b = state.pos.board
    out = []
    for s, pc in enumerate(b):
        if pc and (pc >> 4) & 3 != seat:
            for t in (s + 1, s - 1, s + 10, s - 10):
                if 0 <= t < 100 and abs(t % 10 - s % 10) <= 1:
                    out.append(f"move {square_name(s)} {square_name(t)}")
                    break
    return out[:6]


CC_PART_NAMES = {
    "move": {("from", "to"), ("from", "to", "promote")},
    "answer": {("from", "to"), ("from", "to", "promote")},
    "place": {("piece", "square")},
    "declare": {("power",)},
    "swap": {("from", "to")},
    "default": {()}, "rearrange": {()}, "wait": {()}, "offer": {()}, "accept": {()}, "decline": {()},
    "pass": {()},
}
CC_MALFORMED = ["", "move", "move c1", "move c1 c1", "move i1 c5", "move c1 c11", "move c1 c5 king",
                "move c1 c5 queen", "answer e1", "place king", "place queen e1", "declare", "declare green",
                "swap g1", "wait now", "pass pass", "Move c1 c5", "move c1  c5", "castle", "fly a4 c5"]
CC_SETUPS = [("coalition-chess", 4, {}),
             ("coalition-chess", 4, {"coalitions": "yellow-green", "waiting": True, "motorcyclist_swap": True}),
             ("coalition-chess", 4, {"rules": "schoenberg", "coalitions": "lesser"})]


def test_the_cross_game_helpers_hold_over_random_games():
    for options, seed in (({}, 1), ({"coalitions": "yellow-red", "waiting": True}, 2), ({"coalitions": "lesser"}, 3)):
        state = GAME.new(4, options, seed=seed)
        rng = Rng(seed)
        k = 0
        while True:
            army, where = cc_places(state)
            assert sorted(where) == sorted(army)
            if state.is_over():
                break
            seat = state.to_act()[0]
            if k % 9 == 0:
                for s in [None, 0, 1, 2, 3]:
                    assert cc_secrets(state, s, state.view(s)) == set()
                for a in cc_foreign(state, seat):
                    assert a not in state.legal_actions(seat)
                    with pytest.raises(IllegalActionError):
                        state.apply(seat, a)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            k += 1


def test_part_names_cover_every_kind_of_action():
    seen = set()
    for _, players, options in CC_SETUPS:
        for seed in range(6):
            state = GAME.new(players, options, seed=seed)
            rng = Rng(mix(seed, 0xAC7))
            while not state.is_over():
                for seat in state.to_act():
                    seen.update(state.legal_actions(seat))
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    for rec in GAME.walkthroughs().values():
        seen.update(a for _, a in rec["moves"])
    seen.update(["answer e1 f1", "decline", "pass", "accept", "move c9 c10 tank"])
    kinds = set()
    for text in seen:
        action = GAME.parse_action(text)
        assert action.text == text and action.names in CC_PART_NAMES[action.kind], text
        assert all(str(v) in text.split(" ")[1:] for _, v in action.parts)
        kinds.add(action.kind)
    assert kinds == set(CC_PART_NAMES)
    for text in CC_MALFORMED:
        with pytest.raises(ValueError):
            GAME.parse_action(text)


# -- games saved on the first reconstruction's squares -----------------------------------------------


def test_a_game_saved_before_the_start_changed_replays_on_its_own_squares():
    """A record written by the site before the new start (its options name no
    start: the option did not exist) is replayed from the squares it was played
    on (data.FIRST_START) to its very end, instead of failing at the first move
    the new squares forbid (this one: step 20, 'move e9 d10')."""
    from coalitions.core.records import loads

    text = (GOLDEN / "first-start-record.json").read_text(encoding="utf-8")
    assert '"start"' not in text
    rec, state = replay(loads(text))
    assert rec["options"]["start"] == "first"
    assert state.is_over() and len(rec["moves"]) == 102
    assert "Checkmate" in state.outcome().summary and state.outcome().winners == [0, 3]


def test_the_first_reconstruction_keeps_its_round_one_trap():
    """Why the start changed: on the first squares Black's b10-a10 let Red
    declare for Yellow and mate at once with a4-e6."""
    st = new({"start": "first"})
    st.apply(Y, "default")
    for seat, action in ((Y, "move e2 e4"), (B, "move b10 a10"), (G, "move j5 h5"), (R, "declare yellow"),
                         (R, "move a4 e6")):
        st.apply(seat, action)
    assert st.is_over() and "Checkmate" in st.outcome().summary


# -- a lesser power without pieces in a position set by hand ------------------------------------------

RETIRE_RULE = ("If a lesser power has lost all its pieces, then the player retires from the game and only three "
               "(or two) moves are made per round.")


def test_a_deal_that_leaves_the_lesser_powers_out_plays_without_them():
    """A lesser power with no pieces has retired, neutral or not: a position
    with the two greater powers alone is played (it was refused while the
    lesser powers were neutral)."""
    assert RETIRE_RULE
    deal = {"pieces": {"yellow": ["king e1", "tank d4"], "black": ["king e10", "guard a9"]}}
    st = new(deal=deal)
    v = st.view(Y)
    assert v["powers"][G]["retired"] and v["powers"][R]["retired"]
    assert v["coalitions"]["neutral"] == [] and v["coalitions"]["fixed"]
    assert st.to_act() == [Y] and "move d4 d8" in legal(st)
    st.apply(Y, "move d4 d5")
    assert st.to_act() == [B]
    st.apply(B, "move a9 a8")
    assert st.to_act() == [Y]  # Green's and Red's turns are gone: two moves a round
    # after round 3 nobody is left neutral who could stop the game
    late = new(deal=dict(deal, round=3))
    late.apply(Y, "move d4 d5")
    late.apply(B, "move a9 a8")
    assert not late.is_over() and late.view(Y)["round"] == 4
    # and the same position after round 3 is a fair deal too
    assert new(deal=dict(deal, round=7)).to_act() == [Y]


def test_a_mate_with_the_lesser_powers_retired_scores_for_the_greater_power_alone():
    deal = {"pieces": {"yellow": ["king e1", "tank a2", "artillery b9"], "black": ["king e10", "guard h8"]},
            "round": 6}
    st = new(deal=deal)
    st.apply(Y, "move a2 a10")
    out = st.outcome()
    assert out is not None and "Checkmate" in out.summary
    assert out.scores == [6, 0, 0, 0] and out.winners == [Y]


def test_one_lesser_power_retired_and_the_other_neutral_after_round_three_stops_the_game():
    deal = {"pieces": {"yellow": ["king e1", "tank d4"], "black": ["king e10", "guard a9"],
                       "green": ["guard k5"]}, "round": 3}
    st = new(deal=deal)
    st.apply(Y, "move d4 d5")
    st.apply(B, "move a9 a8")
    st.apply(G, "move k5 j5")  # Green stays neutral; Red has retired
    out = st.outcome()
    assert out is not None and out.scores == [0, 0, 0, 0]
    assert "Green stayed neutral" in out.summary and "Red" not in out.summary
    # a neutral power that still has pieces is refused after round 3, as before
    with pytest.raises(OptionError, match="neutral"):
        new(deal=dict(deal, round=5))


def test_a_draw_may_be_offered_once_the_powers_still_playing_have_chosen_sides():
    deal = {"pieces": {"yellow": ["king e1", "tank d4"], "black": ["king e10", "guard a9"],
                       "green": ["guard k5"]}, "round": 5, "coalitions": {"green": "yellow"}}
    st = new(deal=deal)
    assert "offer" in legal(st)
