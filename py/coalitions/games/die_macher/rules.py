"""Die Macher (Karl-Heinz Schmiel), for 3 to 5 players: four state elections in
four rounds of nine phases.

Seats sit clockwise in seat order; seat i plays the party PARTIES[i] (Black,
Red, Yellow, Green, Blue). Turn order runs clockwise from the round's start
player. Money is counted in thousands of euros (data.py).

The state of a round is ``phase`` (1 to 9) and ``step``, the kind of decision
awaited:

- ``bid``: phase 1, every seat that has not bid yet bids in secret (several
  seats act at once); ``rebid``: the tied highest bidders bid again openly;
- ``draw``, ``take``, ``swap``: phase 2, one player after the other;
- ``media``: phase 3; ``rally``: phase 4; ``place``: phase 5;
- ``cabinet`` and ``look``: phase 6, the owner of a revealed card chooses
  what it works on;
- ``replace``: phase 7, the media majority of a state;
- ``poll-bid``, ``poll-sell``, ``poll-use``: phase 8;
- ``coalition``, ``donation``: phase 9;
- ``over``.

The state boards still to be elected are ``boards``, the election state first.
Everything that happens without a decision (reveals, votes, income) is done by
`_advance`, which runs until a seat must decide or the game is over.
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Optional, TypeVar

from ...core.errors import RecordError
from ...core.game import JSON, Event, Game, Outcome, State, event, seat_ref, seat_refs
from ...core.actions import Action
from ...core.rng import Rng
from . import notation as nt
from .data import (
    BASE_MAX, CABINET_COST, CABINET_IDS, CABINET_NAMES, CABINET_ONCE, CHAIR_TREND, CHANCELLOR_TREND, DONATION_DECK,
    DONATIONS, DOUBLING_MARKERS, FACE_UP, FOREIGN_MONEY, HAND_KEEP, INCOME_PER_BASE, INCOME_PER_VP, INTERIOR_REMOVES,
    MAX_RALLIES, MAX_SWAPS, MEDIA_MARKERS, MAJORITY, MEDIA_PRICE, MEDIA_SPOTS, NATIONAL_MARKER_POINTS,
    OPINION_DISPLAY, OPINION_NAMES, OPINION_ORDER, PARTIES, PARTY_NAMES, PHASE_NAMES, POLL_BASE, POLL_IDS, POLLS,
    PROGRAMME_DISPLAY, PROGRAMME_SIZE, RALLY_PRICE, ROUNDS, SECRETARY_RALLIES, SLOTS, START_BASE, START_HAND,
    START_MONEY, STATE_IDS, STATE_NAMES, TOPIC_OF, TREND_MAX, TREND_MIN, contradicts, eur, opinion_deck,
    programme_deck, signed,
)
from .deal import check_deal
from .notation import DONE, PASS, SKIP, parse
from .votes import VP_OF, Board, all_votes, election_kind, leader_of, matching, shared_cards, vote_line

T = TypeVar("T")

# the action texts, made once
MEDIA = {s: nt.media(s) for s in STATE_IDS}
RALLY = {s: {c: nt.rally(s, c) for c in range(1, MAX_RALLIES + 1)} for s in STATE_IDS}
PLACE = {c: {s: nt.place(c, s) for s in STATE_IDS} for c in CABINET_IDS}
TARGET = {p: nt.target(p) for p in PARTIES}


def _n(count: int, one: str, many: Optional[str] = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


def _sorted_ops(ops: Iterable[str]) -> list[str]:
    return sorted(ops, key=OPINION_ORDER.__getitem__)


def _unique(texts: Iterable[T]) -> list[T]:
    """`texts` without repeats, in their first order."""
    return list(dict.fromkeys(texts))


class DieMacherState(State):
    # The fields of the state (module docstring); `to_json` saves them all (_FIELDS).
    seed: Optional[int]
    rng: Rng
    over: bool
    result: Optional[Outcome]
    round: int
    phase: int
    step: str
    turn: Optional[int]
    start: int
    order: list[int]
    money: list[int]
    base: list[int]
    vp: list[int]
    national: list[int]
    supply: list[int]
    cabinet: list[list[str]]
    used_cabinet: list[list[str]]
    bank: int
    doubling: int
    results: list[JSON]
    bids: list[Optional[int]]
    last_bids: Optional[list[Optional[int]]]
    swaps: int
    passes: int
    bought: list[str]
    # phase 6: [board, seat] of each card to reveal; 7, 8: boards; 9: the seats to draw a donation
    queue: list[Any]
    # the open re-bid, the card or media majority being resolved, the poll
    # auction, the election being scored: dicts (their keys where they are made), or None
    rebid: Optional[JSON]
    cab: Optional[JSON]
    auction: Optional[JSON]
    election: Optional[JSON]
    donation: Optional[str]
    programmes: list[list[str]]
    hands: list[list[str]]
    prog_stack: list[str]
    prog_discard: list[str]
    prog_display: list[str]
    op_stack: list[str]
    op_discard: list[str]
    op_display: list[str]
    polls: list[str]
    polls_used: list[str]
    donations: list[str]
    donations_used: list[str]
    boards: list[Board]

    def __init__(self) -> None:
        self.log = []

    # The dicts above while they are under way (an error otherwise)

    def rebid_now(self) -> JSON:
        assert self.rebid is not None, "no open re-bid"
        return self.rebid

    def cab_now(self) -> JSON:
        assert self.cab is not None, "no card or media majority being resolved"
        return self.cab

    def auction_now(self) -> JSON:
        assert self.auction is not None, "no poll auction"
        return self.auction

    def election_now(self) -> JSON:
        assert self.election is not None, "no election being scored"
        return self.election

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> DieMacherState:
        st = cls()
        st.players = n = players
        st.options = options
        st.seed = seed
        st.rng = Rng(seed if seed is not None else 0)
        st.over = False
        st.result = None
        st.round = 1
        st.phase = 1
        st.step = "bid"
        st.turn = None
        st.money = [START_MONEY] * n
        st.base = [START_BASE] * n
        st.vp = [0] * n
        st.national = [0] * n
        st.cabinet = [list(CABINET_IDS) for _ in range(n)]
        st.used_cabinet = [[] for _ in range(n)]
        st.bank = 0
        st.doubling = DOUBLING_MARKERS
        st.results = []
        st.bids = [None] * n
        st.last_bids = None
        st.rebid = None
        st.swaps = 0
        st.passes = 0
        st.bought = []
        st.queue = []
        st.cab = None
        st.auction = None
        st.election = None
        st.donation = None
        st.prog_discard = []
        st.op_discard = []
        st.polls_used = []
        st.donations_used = []
        phase = 1
        if deal is not None:
            d = check_deal(deal, n)
            st._deal_explicit(d)
            phase = d["phase"]
        else:
            st._deal_random()
        st.supply = [MEDIA_MARKERS - sum(b["media"][s] for b in st.boards) for s in range(n)]
        st.order = st._order_from(st.start)
        st.log.append(event(
            f"New game of Die Macher for {n} players: "
            + ", ".join(f"{seat_ref(s)} plays {PARTY_NAMES[PARTIES[s]]}" for s in range(n))
            + f". Four state elections: {', '.join(STATE_NAMES[b['id']] for b in st.boards)}, in that order. "
            + f"Each party starts with {eur(st.money[0])}, party base {st.base[0]}, {MEDIA_MARKERS} media markers "
            + "and the 7 shadow-cabinet cards.", kind="setup"))
        for s in range(n):
            st.log.append(event(
                "Your hand: " + (", ".join(OPINION_NAMES[c] for c in st.hands[s]) or "nothing") + ".",
                to=[s], kind="private"))
        st._begin_round(phase)
        st._advance()
        return st

    def _new_board(self, sid: str, opinions: Iterable[str], up: int) -> Board:
        n = self.players
        return {"id": sid, "opinions": list(opinions), "up": [i < up for i in range(SLOTS)],
                "doubled": [False] * SLOTS, "known": [[] for _ in range(SLOTS)], "rallies": [0] * n,
                "trends": [0] * n, "media": [0] * n, "cabinet": [None] * n, "once": []}

    def _deal_random(self) -> None:
        n = self.players
        rng = self.rng
        ids = list(STATE_IDS)
        rng.shuffle(ids)
        ops = opinion_deck()
        rng.shuffle(ops)
        self.boards = []
        for k, sid in enumerate(ids[:len(FACE_UP)]):
            slots: list[str] = []
            for _ in range(SLOTS):
                i = len(ops) - 1
                while any(o == ops[i] or contradicts(o, ops[i]) for o in slots):
                    i -= 1
                slots.append(ops.pop(i))
            self.boards.append(self._new_board(sid, slots, FACE_UP[k]))
        self.op_display = [ops.pop() for _ in range(OPINION_DISPLAY)]
        self.op_stack = ops
        prog = programme_deck()
        rng.shuffle(prog)
        self.programmes = []
        for _ in range(n):
            mine: list[str] = []
            for _ in range(PROGRAMME_SIZE):
                i = len(prog) - 1
                while any(TOPIC_OF[c] == TOPIC_OF[prog[i]] for c in mine):
                    i -= 1
                mine.append(prog.pop(i))
            self.programmes.append(mine)
        self.hands = [[prog.pop() for _ in range(START_HAND)] for _ in range(n)]
        self.prog_display = [prog.pop() for _ in range(PROGRAMME_DISPLAY)]
        self.prog_stack = prog
        self.polls = list(POLL_IDS)
        rng.shuffle(self.polls)
        self.donations = list(DONATION_DECK)
        rng.shuffle(self.donations)
        self.start = 0

    def _deal_explicit(self, d: dict[str, Any]) -> None:
        """Lay out a checked deal (deal.py); what it leaves out is dealt from
        the rest, shuffled."""
        rng = self.rng
        self.boards = []
        for k, sid in enumerate(d["states"]):
            b = self._new_board(sid, d["opinions"][k], d["face_up"][k])
            for key in ("rallies", "trends", "media"):
                if d[key] is not None:
                    b[key] = list(d[key][k])
            self.boards.append(b)
        self.programmes = [list(p) for p in d["programmes"]]
        self.hands = [list(h) for h in d["hands"]]
        ops = opinion_deck()
        for b in self.boards:
            for o in b["opinions"]:
                ops.remove(o)
        for o in d["opinion_display"] or []:
            ops.remove(o)
        rng.shuffle(ops)
        self.op_display = list(d["opinion_display"]) if d["opinion_display"] is not None else [
            ops.pop() for _ in range(OPINION_DISPLAY)]
        self.op_stack = ops
        prog = programme_deck()
        for c in [c for p in self.programmes for c in p] + [c for h in self.hands for c in h] + (
                d["programme_display"] or []):
            prog.remove(c)
        rng.shuffle(prog)
        self.prog_display = list(d["programme_display"]) if d["programme_display"] is not None else [
            prog.pop() for _ in range(min(PROGRAMME_DISPLAY, len(prog)))]
        self.prog_stack = prog
        polls = [p for p in POLL_IDS if p not in d["polls"]]
        rng.shuffle(polls)
        self.polls = polls + list(reversed(d["polls"]))  # the top of a stack is its end
        dons = list(DONATION_DECK)
        for c in d["donations"]:
            dons.remove(c)
        rng.shuffle(dons)
        self.donations = dons + list(reversed(d["donations"]))
        if d["money"] is not None:
            self.money = list(d["money"])
        if d["base"] is not None:
            self.base = list(d["base"])
        self.start = d["start"]

    # -- order ----------------------------------------------------------------------------

    def _order_from(self, start: int) -> list[int]:
        n = self.players
        return [(start + i) % n for i in range(n)]

    def _next_in_order(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    # -- the flow of a round ----------------------------------------------------------------

    def _begin_round(self, phase: int = 1) -> None:
        for b in self.boards:
            b["once"] = []
        self.log.append(event(
            f"Round {self.round} of {ROUNDS}: the election in {STATE_NAMES[self.boards[0]['id']]}.",
            kind="round"))
        if phase == 1:
            self.phase = 1
            self.step = "bid"
            self.turn = None
            self.bids = [None] * self.players
            self.log.append(event("Phase 1, start player: every party bids in secret.", kind="phase"))
        else:
            self.order = self._order_from(self.start)
            self.log.append(event(f"{seat_ref(self.start)} is the start player.", kind="phase"))
            self._enter(phase)

    def _enter(self, phase: int) -> None:
        """Start phase `phase` of the round (2 to 9)."""
        self.phase = phase
        order = self.order
        text = f"Phase {phase}, {PHASE_NAMES[phase].lower()}"
        if phase == 2:
            self.log.append(event(text + ": in turn order, each party draws programme cards.", kind="phase"))
            self._programme_turn(order[0])
        elif phase == 3:
            self.log.append(event(text + f": media markers at {eur(MEDIA_PRICE)} each, in turn, until every "
                                  "party has passed in a row.", kind="phase"))
            self.step = "media"
            self.turn = order[0]
            self.passes = 0
        elif phase == 4:
            self.log.append(event(text + ": each party buys rallies once, in one or several states.",
                                  kind="phase"))
            self.step = "rally"
            self.turn = order[0]
            self.bought = []
        elif phase == 5:
            self.log.append(event(text + ": each party places at most one card face down at each state.",
                                  kind="phase"))
            self.step = "place"
            self.turn = order[0]
        elif phase == 6:
            self.log.append(event(text + ": the cards are revealed state by state, the election state first.",
                                  kind="phase"))
            self.queue = [[k, s] for k in range(len(self.boards)) for s in order
                          if self.boards[k]["cabinet"][s] is not None]
            self.step = "auto"
        elif phase == 7:
            self.log.append(event(text + ": a party with more media markers than any other in a state may "
                                  "replace one of its opinions.", kind="phase"))
            self.queue = list(range(len(self.boards)))
            self.step = "auto"
        elif phase == 8:
            self.log.append(event(text + ": a poll is auctioned in each state, the election state first.",
                                  kind="phase"))
            self.queue = list(range(len(self.boards)))
            self.step = "auto"
        else:
            self.log.append(event(text + f" in {STATE_NAMES[self.boards[0]['id']]}.", kind="phase"))
            self.step = "auto"
            self._election()

    def _advance(self) -> None:
        """Do everything that needs no decision, until a seat must decide."""
        while not self.over and self.step == "auto":
            ph = self.phase
            if ph == 6:
                if self.queue:
                    k, s = self.queue.pop(0)
                    self._reveal(k, s)
                else:
                    self._enter(7)
            elif ph == 7:
                if self.queue:
                    self._media_majority(self.queue.pop(0))
                else:
                    self._enter(8)
            elif ph == 8:
                if self.queue:
                    self._start_auction(self.queue.pop(0))
                else:
                    self._enter(9)
            elif ph == 9:
                self._after_election()
            else:
                raise AssertionError(f"no automatic step in phase {ph}")

    # -- phase 1 ------------------------------------------------------------------------------

    def _bids_in(self) -> None:
        n = self.players
        bids = [b for b in self.bids if b is not None]
        assert len(bids) == n, "a bid is missing"
        self.revealed = True
        self.last_bids = list(bids)
        self.log.append(event("The bids are revealed: " + ", ".join(
            f"{seat_ref(s)} {eur(bids[s])}" for s in range(n)) + ".", kind="bids"))
        high = max(bids)
        ref = self._order_from(self.start)
        tied = [s for s in ref if bids[s] == high]
        self.bids = [None] * n
        if len(tied) == 1:
            self._start_player(tied[0], high)
            return
        self.step = "rebid"
        self.rebid = {"in": list(tied), "high": high, "holder": None, "turn": tied[0], "ref": list(tied)}
        self.turn = tied[0]
        self.log.append(event(
            f"{seat_refs(tied)} tie with {eur(high)}: they bid again openly, in turn, from {seat_ref(tied[0])}: "
            "raise or drop out.", kind="bids"))

    def _rebid_next(self, seat: int) -> None:
        rb = self.rebid_now()
        if len(rb["in"]) == 1:
            winner = rb["in"][0]
            self.rebid = None
            self._start_player(winner, rb["high"])
            return
        ref = rb["ref"]
        i = ref.index(seat)
        for k in range(1, len(ref) + 1):
            s = ref[(i + k) % len(ref)]
            if s in rb["in"] and s != rb["holder"]:
                rb["turn"] = s
                self.turn = s
                return

    def _start_player(self, seat: int, paid: int) -> None:
        self.money[seat] -= paid
        self.bank += paid
        self.start = seat
        self.order = self._order_from(seat)
        self.log.append(event(
            f"{seat_ref(seat)} pays {eur(paid)} to the bank ({eur(self.money[seat])} left) and is the start "
            f"player. Turn order: {seat_refs(self.order, 'then')}.", kind="start-player"))
        self._enter(2)

    # -- phase 2 ------------------------------------------------------------------------------

    def _programme_turn(self, seat: int) -> None:
        self.step = "draw"
        self.turn = seat
        self.swaps = 0

    def _refill(self, stack: list[str], discard: list[str], what: str) -> bool:
        """Shuffle the discard pile into an empty draw stack; True if there is a card."""
        if not stack and discard:
            stack.extend(discard)
            discard.clear()
            self.rng.shuffle(stack)
            self.log.append(event(f"The {what} stack is empty: its discard pile is shuffled into a new stack.",
                                  kind="shuffle"))
        return bool(stack)

    def _draw_programme(self) -> Optional[str]:
        if self._refill(self.prog_stack, self.prog_discard, "programme"):
            return self.prog_stack.pop()
        return None

    def _renew_display(self) -> None:
        self.prog_discard.extend(self.prog_display)
        self.prog_display = []
        for _ in range(PROGRAMME_DISPLAY):
            c = self._draw_programme()
            if c is None:
                break
            self.prog_display.append(c)
        self.revealed = True

    def _after_draw(self, seat: int) -> None:
        if self.prog_display:
            self.step = "take"
        else:
            self.log.append(event("The programme display is empty: nothing to take from it.", kind="programme"))
            self.step = "swap"

    def _programme_done(self, seat: int) -> None:
        nxt = self.order.index(seat) + 1
        if nxt < len(self.order):
            self._programme_turn(self.order[nxt])
        else:
            self._enter(3)

    def swap_ok(self, seat: int, card: str, prog: str) -> bool:
        """Whether hand card `card` may replace programme card `prog`: the
        programme keeps one card per topic at most."""
        if card == prog:
            return False
        programme = self.programmes[seat]
        t = TOPIC_OF[card]
        return all(c == prog or TOPIC_OF[c] != t for c in programme)

    # -- phases 3 and 4 ---------------------------------------------------------------------

    def _media_options(self, seat: int) -> list[str]:
        if self.money[seat] < MEDIA_PRICE or self.supply[seat] <= 0:
            return []
        return [b["id"] for b in self.boards if sum(b["media"]) < MEDIA_SPOTS]

    def _rally_options(self, seat: int) -> list[str]:
        out = []
        money = self.money[seat]
        for b in self.boards:
            sid = b["id"]
            if sid in self.bought:
                continue
            room = MAX_RALLIES - b["rallies"][seat]
            acts = RALLY[sid]
            for c in range(1, room + 1):
                if RALLY_PRICE[c] > money:
                    break
                out.append(acts[c])
        return out

    def _board(self, sid: str) -> Optional[Board]:
        for b in self.boards:
            if b["id"] == sid:
                return b
        return None

    def _on_table(self, sid: str) -> Board:
        """The board of state `sid`, which a legal action names."""
        b = self._board(sid)
        assert b is not None, f"{sid} is not on the table"
        return b

    # -- phase 6 ------------------------------------------------------------------------------

    def _reveal(self, k: int, seat: int) -> None:
        b = self.boards[k]
        card = b["cabinet"][seat]
        b["cabinet"][seat] = None
        self.used_cabinet[seat].append(card)
        self.revealed = True
        where = STATE_NAMES[b["id"]]
        cost = CABINET_COST[card]
        if self.money[seat] < cost:
            self.log.append(event(
                f"{seat_ref(seat)} reveals the {CABINET_NAMES[card]} in {where} but cannot pay its {eur(cost)} "
                f"(holds {eur(self.money[seat])}): the card is discarded without effect.", kind="cabinet"))
            return
        self.money[seat] -= cost
        self.bank += cost
        self.log.append(event(
            f"{seat_ref(seat)} reveals the {CABINET_NAMES[card]} in {where} and pays {eur(cost)} to the bank "
            f"({eur(self.money[seat])} left).", kind="cabinet"))
        self.cab = {"board": k, "seat": seat, "card": card}
        if CABINET_ONCE[card] and card in b["once"]:
            self.log.append(event(
                f"The {CABINET_NAMES[card]}'s main action (!) was already used in {where} this round: only its "
                "secondary action happens.", kind="cabinet"))
            self._secondary()
            return
        options = self.cabinet_options()
        if card in ("party-chair", "interior-minister", "press-spokesperson") and len(options) == 1:
            self._main(options[0])
        elif options:
            self.step = "cabinet"
            self.turn = seat
        else:
            if card != "chancellor-candidate" and card != "general-secretary":
                self.log.append(event(f"The {CABINET_NAMES[card]}'s main action has nothing to work on.",
                                      kind="cabinet"))
                self._secondary()
            else:
                self._main(None)

    def cabinet_options(self) -> list[str]:
        """The legal choices of the card being resolved (action texts)."""
        cab = self.cab_now()
        b = self.boards[cab["board"]]
        seat = cab["seat"]
        card = cab["card"]
        if card == "party-chair":
            return [TARGET[PARTIES[s]] for s in self.order if s != seat and b["trends"][s] > TREND_MIN]
        if card == "interior-minister":
            return [TARGET[PARTIES[s]] for s in self.order if s != seat and b["rallies"][s] > 0]
        if card == "press-spokesperson":
            return [TARGET[PARTIES[s]] for s in self.order if s != seat and b["media"][s] > 0]
        if card == "parliamentary-leader":
            return self.replacements(b)
        if card == "foreign-minister":
            if self.doubling <= 0:
                return []
            prog = self.programmes[seat]
            return _unique(nt.double(op) for i, op in enumerate(b["opinions"])
                           if b["up"][i] and not b["doubled"][i] and op in prog)
        return []

    def replacements(self, b: Board) -> list[str]:
        """'replace OUT IN' for each face-up opinion without a doubling marker
        and each card of the opinion display that neither repeats nor
        contradicts another face-up opinion of the state. Each text once,
        though a state may show one opinion twice (a replacement may repeat a
        face-down opinion): it works on `free_slot`."""
        ops = b["opinions"]
        up = b["up"]
        found = []
        for i, op in enumerate(ops):
            if not up[i] or b["doubled"][i]:
                continue
            others = [ops[j] for j in range(SLOTS) if j != i and up[j]]
            for new in self.op_display:
                if new == op or any(o == new or contradicts(o, new) for o in others):
                    continue
                found.append(nt.replace(op, new))
        return _unique(found)

    @staticmethod
    def free_slot(b: Board, op: str) -> Optional[int]:
        """The slot that 'replace OP ...' and 'double OP' work on: the first
        face-up slot of `b` holding `op` without a doubling marker (None if
        there is none). When a state shows one opinion twice, a doubled copy
        is never replaced nor doubled again."""
        for i in range(SLOTS):
            if b["up"][i] and not b["doubled"][i] and b["opinions"][i] == op:
                return i
        return None

    def _replace(self, b: Board, out: str, new: str, who: str, why: str) -> None:
        i = self.free_slot(b, out)
        b["opinions"][i] = new
        b["known"][i] = []
        self.op_display.remove(new)
        self.op_discard.append(out)
        text = (f"{who} replaces {OPINION_NAMES[out]} in {STATE_NAMES[b['id']]} with {OPINION_NAMES[new]} from "
                f"the opinion display ({why}).")
        if self._refill(self.op_stack, self.op_discard, "opinion"):
            c = self.op_stack.pop()
            self.op_display.append(c)
            text += f" {OPINION_NAMES[c]} fills the display."
            self.revealed = True
        self.log.append(event(text, kind="opinion"))

    def _main(self, choice: Optional[str]) -> None:
        """The main action of the card being resolved, with `choice` (an action
        text, or None for no choice / skip), then its secondary action."""
        cab = self.cab_now()
        seat = cab["seat"]
        card = cab["card"]
        b = self.boards[cab["board"]]
        where = STATE_NAMES[b["id"]]
        me = seat_ref(seat)
        a = parse(choice) if choice is not None and choice != SKIP else None

        def part(name: str) -> str:  # of the choice, for a card that needs one
            assert a is not None, f"the {card} needs a choice"
            return nt.word(a, name)

        if choice == SKIP:
            self.log.append(event(f"{me} does not use the {CABINET_NAMES[card]}'s main action.", kind="cabinet"))
        elif card == "chancellor-candidate":
            old = b["trends"][seat]
            b["trends"][seat] = _clamp(old + CHANCELLOR_TREND, TREND_MIN, TREND_MAX)
            self.log.append(event(f"Chancellor candidate: {me}'s trend in {where} {signed(old)} → "
                                  f"{signed(b['trends'][seat])}.", kind="cabinet"))
        elif card == "general-secretary":
            old = b["rallies"][seat]
            b["rallies"][seat] = min(MAX_RALLIES, old + SECRETARY_RALLIES)
            self.log.append(event(f"General secretary: {me} adds {b['rallies'][seat] - old} free rallies in "
                                  f"{where} ({b['rallies'][seat]} there).", kind="cabinet"))
        elif card == "party-chair":
            s = PARTIES.index(part("party"))
            old = b["trends"][s]
            b["trends"][s] = _clamp(old - CHAIR_TREND, TREND_MIN, TREND_MAX)
            self.log.append(event(f"Party chair: {seat_ref(s)}'s trend in {where} {signed(old)} → "
                                  f"{signed(b['trends'][s])}.",
                                  kind="cabinet"))
        elif card == "interior-minister":
            s = PARTIES.index(part("party"))
            old = b["rallies"][s]
            b["rallies"][s] = max(0, old - INTERIOR_REMOVES)
            self.log.append(event(f"Interior minister: {me} removes {_n(old - b['rallies'][s], 'rally', 'rallies')} "
                                  f"of {seat_ref(s)} in {where} ({b['rallies'][s]} left).", kind="cabinet"))
        elif card == "press-spokesperson":
            s = PARTIES.index(part("party"))
            b["media"][s] -= 1
            self.supply[s] += 1
            b["once"].append(card)
            self.log.append(event(f"Press spokesperson (!): {me} removes a media marker of {seat_ref(s)} in {where}; "
                                  "it goes back to its supply.", kind="cabinet"))
        elif card == "parliamentary-leader":
            b["once"].append(card)
            self._replace(b, part("opinion"), part("with"), f"Parliamentary leader (!): {me}",
                          "once per state and round")
        elif card == "foreign-minister":
            op = part("opinion")
            b["doubled"][self.free_slot(b, op)] = True
            self.doubling -= 1
            b["once"].append(card)
            self.log.append(event(
                f"Foreign minister (!): {me} puts a doubling marker on {OPINION_NAMES[op]} in {where}: it "
                f"counts twice from now on ({_n(self.doubling, 'marker')} left in the game).", kind="cabinet"))
        self._secondary()

    def _secondary(self) -> None:
        cab = self.cab_now()
        seat = cab["seat"]
        card = cab["card"]
        b = self.boards[cab["board"]]
        where = STATE_NAMES[b["id"]]
        me = seat_ref(seat)
        text = f"Secondary action of the {CABINET_NAMES[card]}: "
        if card == "chancellor-candidate":
            old = self.base[seat]
            self.base[seat] = min(BASE_MAX, old + 1)
            text += f"{me}'s party base {old} → {self.base[seat]}."
        elif card in ("party-chair", "general-secretary"):
            old = b["trends"][seat]
            b["trends"][seat] = min(TREND_MAX, old + 1)
            text += f"{me}'s trend in {where} {signed(old)} → {signed(b['trends'][seat])}."
        elif card in ("parliamentary-leader", "interior-minister"):
            old = b["rallies"][seat]
            b["rallies"][seat] = min(MAX_RALLIES, old + 1)
            text += f"{me} has {_n(b['rallies'][seat], 'rally', 'rallies')} in {where}" + (
                " (already 8: no more)." if old == MAX_RALLIES else f" (+{b['rallies'][seat] - old}).")
        elif card == "foreign-minister":
            self.money[seat] += FOREIGN_MONEY
            self.bank -= FOREIGN_MONEY
            text += f"{me} takes {eur(FOREIGN_MONEY)} from the bank ({eur(self.money[seat])})."
        elif card == "press-spokesperson":
            slots = self.look_options(b, seat)
            if len(slots) > 1:
                self.step = "look"
                self.turn = seat
                return
            if not slots:
                self.log.append(event(text + f"no face-down opinion in {where} that {me} has not seen.",
                                      kind="cabinet"))
                self._cabinet_done()
                return
            self._look(b, seat, slots[0])
            self._cabinet_done()
            return
        self.log.append(event(text, kind="cabinet"))
        self._cabinet_done()

    def look_options(self, b: Board, seat: int) -> list[int]:
        return [i + 1 for i in range(SLOTS) if not b["up"][i] and seat not in b["known"][i]]

    def _look(self, b: Board, seat: int, slot: int) -> None:
        i = slot - 1
        b["known"][i].append(seat)
        self.log.append(event(f"Secondary action of the Press spokesperson: {seat_ref(seat)} looks at the face-down "
                              f"opinion in slot {slot} of {STATE_NAMES[b['id']]}.", kind="cabinet"))
        self.log.append(event(f"Slot {slot} of {STATE_NAMES[b['id']]} holds {OPINION_NAMES[b['opinions'][i]]}.",
                              to=[seat], kind="private"))

    def _cabinet_done(self) -> None:
        self.cab = None
        self.step = "auto"
        self.turn = None

    # -- phase 7 ------------------------------------------------------------------------------

    def media_majority(self, b: Board) -> Optional[int]:
        """The seat with strictly more media markers in `b` than any other, or None."""
        media: list[int] = b["media"]
        best = max(media)
        if best == 0 or media.count(best) > 1:
            return None
        return media.index(best)

    def _media_majority(self, k: int) -> None:
        b = self.boards[k]
        where = STATE_NAMES[b["id"]]
        seat = self.media_majority(b)
        if seat is None:
            self.log.append(event(f"{where}: no party has a media majority.", kind="media"))
            return
        if not self.replacements(b):
            self.log.append(event(f"{where}: {seat_ref(seat)} has the media majority, but no opinion can be "
                                  "replaced.", kind="media"))
            return
        self.step = "replace"
        self.turn = seat
        self.cab = {"board": k, "seat": seat, "card": None}

    # -- phase 8 ------------------------------------------------------------------------------

    def public_votes(self, b: Board) -> list[int]:
        """Votes in `b` counting the face-up opinions only (what every party sees)."""
        return all_votes(b, self.programmes, b["up"])

    def _start_auction(self, k: int) -> None:
        b = self.boards[k]
        where = STATE_NAMES[b["id"]]
        if not self.polls:
            self.log.append(event(f"{where}: no poll card is left.", kind="poll"))
            return
        poll = self.polls.pop()
        self.revealed = True
        values = self.public_votes(b)
        auctioneer = leader_of(values, self.order)
        i = self.order.index(auctioneer)
        bidders = [self.order[(i + j) % self.players] for j in range(1, self.players)]
        self.auction = {"board": k, "poll": poll, "auctioneer": auctioneer, "in": list(bidders), "ref": list(bidders),
                        "high": 0, "holder": None, "winner": None}
        self.log.append(event(
            f"Poll for {where}: {poll_text(poll, self.players)}. {seat_ref(auctioneer)} is the auctioneer "
            f"({_n(values[auctioneer], 'vote')} there on the face-up opinions"
            + (", the most" if values.count(values[auctioneer]) == 1 else ", tied for the most: earlier in turn order")
            + f"). Bids from {seat_ref(bidders[0])}.", kind="poll"))
        self.step = "poll-bid"
        self.turn = bidders[0]

    def _auction_next(self, seat: int) -> None:
        au = self.auction_now()
        live = au["in"]
        if not live or (len(live) == 1 and au["holder"] == live[0]):
            self._auction_closed()
            return
        ref = au["ref"]
        i = ref.index(seat)
        for k in range(1, len(ref) + 1):
            s = ref[(i + k) % len(ref)]
            if s in live and s != au["holder"]:
                self.turn = s
                return
        self._auction_closed()

    def _auction_closed(self) -> None:
        au = self.auction_now()
        a = au["auctioneer"]
        if au["holder"] is None:
            self.log.append(event(f"Nobody bids: {seat_ref(a)} keeps the poll for free.", kind="poll"))
            self._poll_won(a)
            return
        self.step = "poll-sell"
        self.turn = a

    def _poll_won(self, seat: int) -> None:
        au = self.auction_now()
        au["winner"] = seat
        self.step = "poll-use"
        self.turn = seat

    def can_publish(self, seat: int) -> bool:
        au = self.auction_now()
        b = self.boards[au["board"]]
        return POLLS[au["poll"]][seat] > 0 and b["trends"][seat] < TREND_MAX

    def _poll_done(self) -> None:
        self.polls_used.append(self.auction_now()["poll"])
        self.auction = None
        self.step = "auto"
        self.turn = None

    # -- phase 9 ------------------------------------------------------------------------------

    def _election(self) -> None:
        b = self.boards[0]
        where = STATE_NAMES[b["id"]]
        hidden = [i for i in range(SLOTS) if not b["up"][i]]
        if hidden:
            for i in hidden:
                b["up"][i] = True
            self.revealed = True
            self.log.append(event(f"The face-down opinions of {where} are turned up: "
                                  + ", ".join(OPINION_NAMES[b["opinions"][i]] for i in hidden) + ".", kind="election"))
        self.log.append(event(f"{where}'s opinions: " + ", ".join(
            OPINION_NAMES[o] + (" (doubled)" if b["doubled"][i] else "") for i, o in enumerate(b["opinions"]))
            + ".", kind="election"))
        values = all_votes(b, self.programmes)
        for s in self.order:
            self.log.append(event(vote_line(b, s, self.programmes[s], seat_ref(s)), kind="votes"))
        kind, winners, partners = election_kind(values, self.programmes, self.order)
        self.election = {"state": b["id"], "votes": values, "kind": kind, "winners": winners,
                         "partners": partners, "lines": []}
        if kind == "coalition" and len(partners) > 1:
            leader = winners[0]
            self.log.append(event(
                f"No party has {MAJORITY} votes. {seat_ref(leader)} leads with {_n(values[leader], 'vote')} and may "
                f"form a "
                f"coalition with {seat_refs(partners, 'or')} (at least 2 shared programme cards, 50 votes "
                "together): it chooses.", kind="election"))
            self.step = "coalition"
            self.turn = leader
            return
        if kind == "coalition":
            self.election_now()["winners"] = winners + partners[:1]
        self._election_effects()

    def _election_effects(self) -> None:
        el = self.election_now()
        b = self.boards[0]
        where = STATE_NAMES[b["id"]]
        values = el["votes"]
        kind = el["kind"]
        winners = el["winners"]
        vp = VP_OF[kind]
        if kind == "alone":
            text = f"{seat_ref(winners[0])} has {_n(values[winners[0]], 'vote')}, 50 or more, alone: {vp} VP."
        elif kind == "several":
            text = f"{seat_refs(winners)} each have 50 votes or more: {vp} VP each."
        elif kind == "coalition":
            a, p = winners
            text = (f"No party has 50 votes. {seat_ref(a)} ({_n(values[a], 'vote')}) forms a coalition with "
                    f"{seat_ref(p)} ({_n(values[p], 'vote')}): {shared_cards(self.programmes[a], self.programmes[p])} "
                    f"shared programme cards and {values[a] + values[p]} votes together: {vp} VP each.")
        elif kind == "leader":
            text = (f"No party has 50 votes and no coalition reaches 50: {seat_ref(winners[0])} leads with "
                    f"{_n(values[winners[0]], 'vote')} and takes {vp} VP.")
        else:
            text = "No party has a vote: nobody scores."
        self.log.append(event(f"Election in {where}. " + text, kind="election"))
        won = [0] * self.players
        for s in winners:
            self.vp[s] += vp
            won[s] = vp
            if b["media"][s] > 0:
                b["media"][s] -= 1
                self.national[s] += 1
                self.log.append(event(f"{seat_ref(s)} moves a media marker from {where} to the national media spot "
                                      f"({self.national[s]} there).", kind="national"))
        back = b["media"]
        for s in range(self.players):
            self.supply[s] += back[s]
        self.boards.pop(0)  # its rallies and the other media markers go back to the supplies
        self.op_discard.extend(b["opinions"])  # its opinion cards are discarded
        self.results.append({"round": self.round, "state": b["id"], "votes": list(values), "kind": kind,
                             "winners": list(winners), "vp": won, "opinions": list(b["opinions"]),
                             "doubled": list(b["doubled"]), "rallies": list(b["rallies"]),
                             "trends": list(b["trends"]),
                             "topics": [matching(b, self.programmes[s])[0] for s in range(self.players)]})
        self.election = None
        if self.round >= ROUNDS:
            self._finish()
            return
        self._income(won)

    def _income(self, won: list[int]) -> None:
        lines = []
        for s in self.order:
            pay = won[s] * INCOME_PER_VP + self.base[s] * INCOME_PER_BASE
            self.money[s] += pay
            self.bank -= pay
            lines.append(f"{seat_ref(s)} {won[s]} VP + {self.base[s]} base = {eur(pay)}")
        self.log.append(event("Income, 1,000 € per VP just won and per party-base point: " + "; ".join(lines) + ".",
                              kind="income"))
        self.queue = list(self.order)
        self._next_donation()

    def _next_donation(self) -> None:
        if not self.queue:
            self.donation = None
            self.step = "auto"
            self.turn = None
            return
        seat = self.queue.pop(0)
        if not self.donations:
            self.log.append(event("The donation deck is empty.", kind="donation"))
            self.queue = []
            self._next_donation()
            return
        card = self.donations.pop()
        self.revealed = True
        self.donation = card
        money, loss, gain = DONATIONS[card]
        self.log.append(event(f"{seat_ref(seat)} turns a donation card: {eur(money)} for −{loss} party base, or "
                              f"refuse it for +{gain}.", kind="donation"))
        self.step = "donation"
        self.turn = seat

    def _after_election(self) -> None:
        """Phase 9d, the next round's preparation (not after round 4)."""
        self.log.append(event(f"{STATE_NAMES[self.results[-1]['state']]} is removed.", kind="prepare"))
        turned = []
        for b in self.boards:
            for i in range(SLOTS):
                if not b["up"][i]:
                    b["up"][i] = True
                    turned.append(f"{OPINION_NAMES[b['opinions'][i]]} in {STATE_NAMES[b['id']]}")
                    break
        if turned:
            self.log.append(event("One more opinion is turned up in each state: " + "; ".join(turned) + ".",
                                  kind="prepare"))
        self._renew_display()
        self.log.append(event("The programme display is refreshed: " + ", ".join(
            OPINION_NAMES[c] for c in self.prog_display) + ".", kind="prepare"))
        self.revealed = True
        self.round += 1
        self._begin_round(1)

    def _finish(self) -> None:
        n = self.players
        self.over = True
        self.phase = 9
        self.step = "over"
        self.turn = None
        totals = [self.vp[s] + NATIONAL_MARKER_POINTS * self.national[s] for s in range(n)]
        key = [(totals[s], self.base[s], self.money[s]) for s in range(n)]
        best = max(key)
        winners = [s for s in range(n) if key[s] == best]
        rows = [{"seat": s, "party": PARTIES[s], "vp": self.vp[s], "national": self.national[s],
                 "national_points": NATIONAL_MARKER_POINTS * self.national[s], "total": totals[s],
                 "base": self.base[s], "money": self.money[s]} for s in range(n)]
        lines = "; ".join(f"{seat_ref(s)} {self.vp[s]} VP + 2 × {self.national[s]} national = {totals[s]}"
                          for s in range(n))
        tied = [s for s in range(n) if totals[s] == best[0]]
        why = ""
        if len(tied) > 1:
            why = " Tie on points: " + ", ".join(
                f"{seat_ref(s)} party base {self.base[s]}, {eur(self.money[s])}" for s in tied) + "."
        summary = f"Final score: {lines}.{why} " + (
            f"{seat_ref(winners[0])} wins." if len(winners) == 1 else f"{seat_refs(winners)} share the win.")
        self.result = Outcome(scores=totals, winners=winners, summary=summary,
                              details={"scores": rows, "elections": copy.deepcopy(self.results)})
        self.log.append(event(summary, kind="result"))

    # -- who acts, what is legal -----------------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.over:
            return []
        if self.step == "bid":
            return [s for s in range(self.players) if self.bids[s] is None]
        return [self.turn] if self.turn is not None else []

    def _legal(self, seat: int) -> list[str]:
        if self.over or not 0 <= seat < self.players:
            return []
        step = self.step
        if step == "bid":
            if self.bids[seat] is not None:
                return []
            return nt.bids(0, self.money[seat])
        if seat != self.turn:
            return []
        if step == "rebid":
            return [PASS] + nt.bids(self.rebid_now()["high"] + 1, self.money[seat])
        if step == "draw":
            return ["draw", "renew"]
        if step == "take":
            return [nt.take(c) for c in _sorted_ops(set(self.prog_display))]
        if step == "swap":
            hand = _sorted_ops(set(self.hands[seat]))
            acts = []
            if self.swaps < MAX_SWAPS:
                prog = self.programmes[seat]
                topics = [TOPIC_OF[p] for p in prog]
                for c in hand:
                    t = TOPIC_OF[c]
                    if t in topics:  # only the card of its own topic may go (one card per topic)
                        p = prog[topics.index(t)]
                        if p != c:
                            acts.append(nt.swap(c, p))
                    else:
                        acts += [nt.swap(c, p) for p in prog]
            if len(self.hands[seat]) > HAND_KEEP:
                acts += [nt.hold(c) for c in hand]
            else:
                acts.append(DONE)
            return acts
        if step == "media":
            return [MEDIA[s] for s in self._media_options(seat)] + [PASS]
        if step == "rally":
            return self._rally_options(seat) + [DONE]
        if step == "place":
            acts = [PLACE[c][b["id"]] for c in self.cabinet[seat] for b in self.boards if b["cabinet"][seat] is None]
            return acts + [DONE]
        if step == "cabinet":
            opts = self.cabinet_options()
            if self.cab_now()["card"] in ("parliamentary-leader", "foreign-minister"):
                opts = opts + [SKIP]
            return opts
        if step == "look":
            return [nt.look(i) for i in self.look_options(self.boards[self.cab_now()["board"]], seat)]
        if step == "replace":
            return self.replacements(self.boards[self.cab_now()["board"]]) + [SKIP]
        if step == "poll-bid":
            return [PASS] + nt.bids(self.auction_now()["high"] + 1, self.money[seat])
        if step == "poll-sell":
            return ["sell", "keep"] if self.money[seat] >= self.auction_now()["high"] else ["sell"]
        if step == "poll-use":
            return ["base", "publish"] if self.can_publish(seat) else ["base"]
        if step == "coalition":
            return [nt.coalition(PARTIES[s]) for s in self.election_now()["partners"]]
        if step == "donation":
            return ["accept", "refuse"]
        return []

    def auto_action(self) -> Optional[tuple[int, str]]:
        """A seat with one legal action makes it without being asked (a party
        that cannot afford a media marker passes, say)."""
        if self.over:
            return None
        for seat in self.to_act():
            legal = self.legal_actions(seat)
            if len(legal) == 1:
                return (seat, legal[0])
            return None
        return None

    # -- applying an action ---------------------------------------------------------------------

    def _open_bid(self, book: JSON, seat: int, a: Action, log_kind: str, what: str, for_what: str) -> None:
        """An open bid (the start player's re-bid, a poll auction): `a` passes
        (the seat drops out of `book["in"]`) or raises to its amount."""
        me = seat_ref(seat)
        if a.kind == PASS:
            book["in"].remove(seat)
            self.log.append(event(f"{me} drops out of {what}.", kind=log_kind))
        else:
            book["high"] = nt.number(a, "amount")
            book["holder"] = seat
            self.log.append(event(f"{me} bids {eur(nt.number(a, 'amount'))}{for_what}.", kind=log_kind))

    def _apply(self, seat: int, action: str) -> Optional[list[Event]]:
        a = parse(action)
        kind = a.kind
        step = self.step
        me = seat_ref(seat)
        log = self.log
        if step == "bid":
            self.bids[seat] = nt.number(a, "amount")
            log.append(event(f"{me} places a secret bid.", kind="bid"))
            log.append(event(f"You bid {eur(nt.number(a, 'amount'))}.", to=[seat], kind="private"))
            if all(b is not None for b in self.bids):
                self._bids_in()
        elif step == "rebid":
            self._open_bid(self.rebid_now(), seat, a, "bid", "the bidding", "")
            self._rebid_next(seat)
        elif step == "draw":
            if kind == "draw":
                c = self._draw_programme()
                self.revealed = True
                if c is None:
                    log.append(event(f"{me} would take the top programme card, but none is left.", kind="programme"))
                else:
                    self.hands[seat].append(c)
                    log.append(event(f"{me} takes the top card of the programme stack.", kind="programme"))
                    log.append(event(f"You draw {OPINION_NAMES[c]}.", to=[seat], kind="private"))
            else:
                self._renew_display()
                log.append(event(f"{me} discards the programme display and lays out a new one: " + (", ".join(
                    OPINION_NAMES[c] for c in self.prog_display) or "no cards are left") + ".", kind="programme"))
            self._after_draw(seat)
        elif step == "take":
            c = nt.word(a, "opinion")
            self.prog_display.remove(c)
            self.hands[seat].append(c)
            log.append(event(f"{me} takes {OPINION_NAMES[c]} from the programme display.", kind="programme"))
            self.step = "swap"
        elif step == "swap":
            if kind == "swap":
                c, p = nt.word(a, "card"), nt.word(a, "for")
                prog = self.programmes[seat]
                prog[prog.index(p)] = c
                self.hands[seat].remove(c)
                self.hands[seat].append(p)
                self.swaps += 1
                log.append(event(f"{me} puts {OPINION_NAMES[c]} from the hand into the programme and takes "
                                 f"{OPINION_NAMES[p]} into the hand.", kind="programme"))
            elif kind == "hold":
                hand = self.hands[seat]
                c = nt.word(a, "card")
                hand.remove(c)
                self.prog_discard.extend(hand)
                log.append(event(f"{me} discards {_n(len(hand), 'hand card')} face down and keeps one.",
                                 kind="programme"))
                self.hands[seat] = [c]
                self._programme_done(seat)
            else:
                self._programme_done(seat)
        elif step == "media":
            if kind == PASS:
                self.passes += 1
                log.append(event(f"{me} passes.", kind="media"))
                if self.passes >= self.players:
                    log.append(event("Every party has passed in a row: the media phase ends.", kind="media"))
                    self._enter(4)
                    return None
            else:
                b = self._on_table(nt.word(a, "state"))
                self.money[seat] -= MEDIA_PRICE
                self.bank += MEDIA_PRICE
                self.supply[seat] -= 1
                b["media"][seat] += 1
                self.passes = 0
                log.append(event(f"{me} buys a media marker for {eur(MEDIA_PRICE)} and places it in "
                                 f"{STATE_NAMES[b['id']]} ({b['media'][seat]} there, {sum(b['media'])} of "
                                 f"{MEDIA_SPOTS} spots taken; {eur(self.money[seat])} left).", kind="media"))
            self.turn = self._next_in_order(seat)
        elif step == "rally":
            if kind == DONE:
                log.append(event(f"{me} is done buying rallies.", kind="rally"))
                nxt = self.order.index(seat) + 1
                if nxt < self.players:
                    self.turn = self.order[nxt]
                    self.bought = []
                else:
                    self.bought = []
                    self._enter(5)
            else:
                b = self._on_table(nt.word(a, "state"))
                count = nt.number(a, "count")
                price = RALLY_PRICE[count]
                self.money[seat] -= price
                self.bank += price
                b["rallies"][seat] += count
                self.bought.append(b["id"])
                log.append(event(f"{me} buys {_n(count, 'rally', 'rallies')} in {STATE_NAMES[b['id']]} for "
                                 f"{eur(price)} "
                                 f"({b['rallies'][seat]} there; {eur(self.money[seat])} left).", kind="rally"))
        elif step == "place":
            if kind == DONE:
                nxt = self.order.index(seat) + 1
                if nxt < self.players:
                    self.turn = self.order[nxt]
                else:
                    self._enter(6)
                    self._advance()
            else:
                c = nt.word(a, "card")
                b = self._on_table(nt.word(a, "state"))
                self.cabinet[seat].remove(c)
                b["cabinet"][seat] = c
                log.append(event(f"{me} places a shadow-cabinet card face down at {STATE_NAMES[b['id']]}.",
                                 kind="place"))
                log.append(event(f"You place the {CABINET_NAMES[c]} at {STATE_NAMES[b['id']]}.", to=[seat],
                                 kind="private"))
            return None
        elif step == "cabinet":
            self.step = "auto"
            self._main(action)
        elif step == "look":
            self._look(self.boards[self.cab_now()["board"]], seat, nt.number(a, "slot"))
            self._cabinet_done()
        elif step == "replace":
            b = self.boards[self.cab_now()["board"]]
            if kind == SKIP:
                log.append(event(f"{me} has the media majority in {STATE_NAMES[b['id']]} and replaces nothing.",
                                 kind="media"))
            else:
                self._replace(b, nt.word(a, "opinion"), nt.word(a, "with"), me, "media majority")
            self.cab = None
            self.step = "auto"
            self.turn = None
        elif step == "poll-bid":
            self._open_bid(self.auction_now(), seat, a, "poll", "the poll auction", " for the poll")
            self._auction_next(seat)
        elif step == "poll-sell":
            au = self.auction_now()
            high, holder = au["high"], au["holder"]
            if kind == "sell":
                self.money[holder] -= high
                self.money[seat] += high
                log.append(event(f"{me} sells the poll to {seat_ref(holder)}, who pays {eur(high)} to {me}.",
                                 kind="poll"))
                self._poll_won(holder)
            else:
                self.money[seat] -= high
                self.bank += high
                log.append(event(f"{me} keeps the poll and pays the highest bid, {eur(high)}, to the bank.",
                                 kind="poll"))
                self._poll_won(seat)
        elif step == "poll-use":
            au = self.auction_now()
            b = self.boards[au["board"]]
            if kind == "base":
                old = self.base[seat]
                self.base[seat] = min(BASE_MAX, old + POLL_BASE)
                log.append(event(f"{me} keeps the poll unpublished: party base {old} → {self.base[seat]}.",
                                 kind="poll"))
            else:
                changes = POLLS[au["poll"]]
                parts = []
                for s in range(self.players):
                    old = b["trends"][s]
                    b["trends"][s] = _clamp(old + changes[s], TREND_MIN, TREND_MAX)
                    parts.append(f"{seat_ref(s)} {signed(old)} → {signed(b['trends'][s])}")
                log.append(event(f"{me} publishes the poll; trends in {STATE_NAMES[b['id']]}: " + ", ".join(parts)
                                 + ".", kind="poll"))
            self._poll_done()
        elif step == "coalition":
            partner = PARTIES.index(nt.word(a, "party"))
            self.election_now()["winners"] = [seat, partner]
            self._election_effects()
        elif step == "donation":
            card = self.donation
            assert card is not None, "no donation card turned"
            money, loss, gain = DONATIONS[card]
            old = self.base[seat]
            if kind == "accept":
                self.money[seat] += money
                self.bank -= money
                self.base[seat] = max(0, old - loss)
                log.append(event(f"{me} accepts the donation: +{eur(money)} ({eur(self.money[seat])}), party base "
                                 f"{old} → {self.base[seat]}.", kind="donation"))
            else:
                self.base[seat] = min(BASE_MAX, old + gain)
                log.append(event(f"{me} refuses the donation: party base {old} → {self.base[seat]}.",
                                 kind="donation"))
            self.donations_used.append(card)
            self._next_donation()
        self._advance()
        return None

    # -- messages -------------------------------------------------------------------------------

    def explain_illegal(self, seat: int, action: str) -> str:
        from .explain import explain

        return explain(self, seat, action) or super().explain_illegal(seat, action)

    def label(self, seat: int, action: str) -> str:
        from .explain import label

        return label(self, seat, action)

    # -- outcome, view, JSON -------------------------------------------------------------------

    def outcome(self) -> Optional[Outcome]:
        return self.result

    def is_over(self) -> bool:
        return self.over

    def view(self, seat: Optional[int] = None) -> JSON:
        from .view import view

        return view(self, seat)

    _FIELDS = (
        "players", "seed", "over", "round", "phase", "step", "turn", "start", "order", "money", "base", "vp",
        "national", "supply", "cabinet", "used_cabinet", "bank", "doubling", "results", "bids", "last_bids", "rebid",
        "swaps", "passes", "bought", "queue", "cab", "auction", "election", "donation", "programmes", "hands",
        "prog_stack", "prog_discard", "prog_display", "op_stack", "op_discard", "op_display", "polls", "polls_used",
        "donations", "donations_used", "boards", "log",
    )

    def to_json(self) -> JSON:
        data = {"game": "die-macher", "options": dict(self.options), "rng": self.rng.to_json(),
                "result": self.result.to_json() if self.result else None}
        for key in self._FIELDS:
            data[key] = copy.deepcopy(getattr(self, key))
        return data

    @classmethod
    def from_json(cls, data: JSON) -> DieMacherState:
        st = cls()
        try:
            st.options = DieMacher.check_options(data["options"])
            st.rng = Rng.from_json(data["rng"])
            for key in cls._FIELDS:
                setattr(st, key, copy.deepcopy(data[key]))
            st.result = Outcome.from_json(data["result"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Die Macher state: {exc}") from None
        return st


def poll_text(poll: str, players: int) -> str:
    changes = POLLS[poll]
    return ", ".join(f"{PARTY_NAMES[PARTIES[s]]} {signed(changes[s])}" for s in range(players))


class DieMacher(Game):
    id = "die-macher"
    title = "Die Macher"
    designer = "Karl-Heinz Schmiel"
    min_players = 3
    max_players = 5
    order = 4
    summary = (
        "Parties fight four state elections in four rounds of nine phases: a secret bid for the start, party "
        "programmes, media, rallies, shadow cabinets, media majorities and poll auctions, then the vote: "
        "(rallies + trend) × matching topics. 50 votes win alone; otherwise the leader seeks a coalition."
    )
    options = ()
    State = DieMacherState
    default_bot = "good"


DieMacherState.game = DieMacher
