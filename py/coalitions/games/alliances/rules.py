"""Alliances (Elad Goldsteen), for 2, 3 or 4 players.

Seats sit clockwise in seat order: play passes from seat i to seat i+1, which
is "the player on the left". The board has two sides of tokens, 0 (gold) and 1
(silver):

- 4 players: two alliances of partners sitting opposite, seats 0 and 2 (gold)
  against seats 1 and 3 (silver);
- 2 players: seat 0 gold, seat 1 silver;
- 3 players: the Empire gold, the two Rebels silver (the Empire changes every
  campaign).

Phases of the state (``phase``):

- ``draft`` (variant, 3–4 players): each player keeps 2 cards of the packet in
  front of them, the rest passes left;
- ``meeting`` (variant): partners (Rebels with 3 players) each pick 2 cards to
  show each other;
- ``bid`` (4 players): the State of the Nations;
- ``trick`` and ``declare`` (2 players): the drafting phase, then the winner
  calls the dominant suit (or the exact number, with the variant);
- ``give``, ``trump``, ``put`` (3 players): the Rise to Power;
- ``target`` and ``play``: the conflicts; ``reinforce``: the winner of a
  conflict over a country their side controls may add a token to it;
- ``over``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable, Optional, cast

from ...core.actions import Action, NotationError
from ...core.errors import OptionError, RecordError
from ...core.game import JSON, Event, Game, Option, Outcome, State, event, seat_ref
from ...core.rng import Rng
from . import conflict as cf
from .data import (
    BID_MAX, BID_MIN, CARDS, CORNER_GROUP, CORNERS, DECK, DRAFT_KEEP, HAND_SIZE, IS_SPECIAL, MEETING_SHOW, N_TILES,
    NEIGHBOURS, ORDER, RESERVE_2P, RISE_EMPIRE_CARDS, SIDE_CORNERS, SIDE_NAMES, START_TOKENS, SUIT_NAMES, SUIT_OF,
    SUIT_RANK, SUITS, TILE_IDS, TILES, TOKENS_PER_SIDE, VALUE_OF, card_name, tile_name,
)
from .notation import parse, special_params

PASS = "pass"
REINFORCE = "reinforce"
CAMPAIGNS_TO_WIN = 2
CAMPAIGNS_3P = 3
CONFLICTS_4P = 12  # "This phase is divided into 12 rounds of conflict"


def _sorted(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def _names(cards: Iterable[str]) -> str:
    cards = [card_name(c) for c in _sorted(cards)]
    if len(cards) <= 1:
        return "".join(cards)
    return ", ".join(cards[:-1]) + " and " + cards[-1]


def bid_text(number: int, suit: str) -> str:
    return f"{number} {SUIT_NAMES[suit]}"


def bid_beats(number: int, suit: str, high: Optional[tuple[int, str]]) -> bool:
    if high is None:
        return True
    return number > high[0] or (number == high[0] and SUIT_RANK[suit] > SUIT_RANK[high[1]])


ALL_BIDS = [(n, s) for n in range(BID_MIN, BID_MAX + 1) for s in SUITS]  # from the lowest to the highest
BID_ACTIONS = {(n, s): f"bid {n} {s}" for n, s in ALL_BIDS}
BID_LIST = [BID_ACTIONS[b] for b in ALL_BIDS]
BID_INDEX: dict[tuple[Any, ...], int] = {b: i for i, b in enumerate(ALL_BIDS)}
PLAY = {c: "play " + c for c in DECK}


def rise_options(hand: list[str], trump: Optional[str], earlier: bool = False) -> list[tuple[str, ...]]:
    """The pairs of cards a Rebel may put down in the Rise to Power: two cards
    of different suits, each the highest power card of its suit in the hand,
    one of them of the dominant suit (the other suit is the Rebel's choice).
    A suit the hand holds only special actions of (they have no value) is
    put down as one of them, the Rebel's choice. Where the hand cannot
    (documented in guide.py): with no card of the dominant suit, the highest
    power cards of the two other suits; with power cards of one suit only,
    its highest and a special action of another suit (the Rebel's choice),
    or failing that, any other card. `earlier`: as games saved before the
    change (option "rules"), a dominant suit held only in special actions
    counts as no card of it."""
    tops: dict[str, str] = {}
    for c in hand:
        if not IS_SPECIAL[c]:
            s = SUIT_OF[c]
            if s not in tops or VALUE_OF[c] > VALUE_OF[tops[s]]:
                tops[s] = c
    others = [tops[s] for s in SUITS if s != trump and s in tops]
    if trump in tops and others:
        return [tuple(_sorted([tops[trump], o])) for o in others]
    dominant_specials = [c for c in _sorted(hand) if IS_SPECIAL[c] and SUIT_OF[c] == trump]
    if trump not in tops and dominant_specials and others and not earlier:
        return [tuple(_sorted([special, o])) for special in dominant_specials for o in others]
    if len(others) == 2:
        return [tuple(_sorted(others))]
    if len(tops) == 1:
        (suit, top), = tops.items()
        rest = [c for c in hand if c != top and SUIT_OF[c] != suit] or [c for c in hand if c != top]
        return [tuple(_sorted([top, c])) for c in _sorted(rest)]
    ranked = sorted(hand, key=lambda c: (-VALUE_OF[c], ORDER[c]))
    return [tuple(_sorted(ranked[:2]))]


class AlliancesState(State):
    # The fields of the state; `to_json` saves those of _FIELDS.
    seed: Optional[int]
    rng: Rng
    over: bool
    result: Optional[Outcome]
    campaign: int
    wins: list[int]  # campaigns won per side
    empire_tiles: list[Optional[int]]  # 3 players: the countries each seat held as the Empire
    rebel_tricks: list[int]
    results: list[JSON]  # one summary per campaign played
    explicit: Optional[JSON]  # the explicit deal of the first campaign
    first: int
    empire: Optional[int]  # 3 players: the Empire's seat
    layout: list[str]  # tile id by board position
    pos_of: dict[str, int]
    stacks: list[list[int]]  # the sides of the tokens on each position, bottom first
    bid: Optional[list[Any]]  # [number, suit] to reach (number None: no number)
    aggressor: Optional[int]
    dominant: Optional[str]
    redeals: int
    won: list[int]  # conflicts won per seat this campaign
    tricks: list[int]
    discards: list[str]
    table: cf.Table
    effects: list[str]
    target: Optional[int]  # the targeted board position
    leading: Optional[str]
    played: int
    conflict_no: int
    conflicts: int
    starter: Optional[int]
    turn: Optional[int]
    reserve: list[str]
    hands: list[list[str]]
    packets: list[list[str]]
    picks: list[int]
    shown_cards: list[list[str]]
    declined: list[int]
    meeting_done: bool
    given: list[str]
    put: list[list[str]]
    passed: list[bool]
    high: Optional[tuple[int, str]]
    high_seat: Optional[int]
    bids: list[list[Any]]  # [seat, "pass" or "N SUIT"]
    phase: str
    last_trick: Optional[int]

    def __init__(self) -> None:
        self.log = []

    # -- who is who ----------------------------------------------------------------

    def side(self, seat: int) -> int:
        n = self.players
        if n == 4:
            return seat % 2
        if n == 2:
            return seat
        return 0 if seat == self.empire else 1

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side(s) == side]

    def side_label(self, side: int) -> str:
        n = self.players
        if n == 4:
            a, b = self.side_seats(side)
            return f"{seat_ref(a)} and {seat_ref(b)}"
        if n == 2:
            return seat_ref(side)
        return f"the Empire ({seat_ref(self.empire_seat())})" if side == 0 else "the Rebels"

    def empire_seat(self) -> int:
        """3 players: the Empire's seat (an error with 2 or 4 players)."""
        assert self.empire is not None, "no Empire: not a 3-player game"
        return self.empire

    def partner(self, seat: int) -> Optional[int]:
        """The seat that shares secrets with `seat` in the secret meeting, or None."""
        n = self.players
        if n == 4:
            return (seat + 2) % 4
        if n == 3 and seat != self.empire:
            return [s for s in range(3) if s not in (seat, self.empire)][0]
        return None

    # -- setup ---------------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> AlliancesState:
        st = cls()
        st.players = players
        st.options = options
        st.seed = seed
        st.rng = Rng(seed if seed is not None else 0)
        st.over = False
        st.result = None
        st.campaign = 0
        st.wins = [0, 0]
        st.empire_tiles = [None] * players
        st.rebel_tricks = [0] * players
        st.results = []
        st.explicit = None
        if deal is not None:
            st.explicit = st._check_deal(deal)
            st.first = st.explicit["first"]
        else:
            st.first = st.rng.below(players)
        st.empire = st.first if players == 3 else None
        st.log.append(event(
            f"New game of Alliances for {players} players. "
            + {4: "Two alliances: {p0} and {p2} (gold) against {p1} and {p3} (silver). The first alliance to win "
                  "two campaigns wins.",
               2: "{p0} plays gold, {p1} silver. The first to win two campaigns wins.",
               3: "Three campaigns; each player is the Empire once and scores the countries they hold as Empire."}[
                players],
            kind="setup",
        ))
        st._start_campaign()
        return st

    def _check_deal(self, deal: Any) -> JSON:
        n = self.players
        if not isinstance(deal, dict):
            raise OptionError("an explicit deal must be an object with hands (and layout, first, reserve, stacks)")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n or not all(isinstance(h, list) for h in hands):
            raise OptionError(f"an explicit deal needs a list of cards for each of the {n} players")
        reserve = deal.get("reserve", [])
        if not isinstance(reserve, list):
            raise OptionError("the reserve must be a list of cards")
        if n != 2 and reserve:
            raise OptionError("only the 2-player game has a reserve")
        seen = []
        for cid in [c for h in hands for c in h] + reserve:
            if not isinstance(cid, str) or cid not in CARDS:
                raise OptionError(f"unknown card {cid!r} in the deal")
            seen.append(cid)
        if len(set(seen)) != len(seen):
            raise OptionError("a card appears twice in the deal")
        size = len(hands[0])
        if size < 1 or any(len(h) != size for h in hands):
            raise OptionError("every hand must hold the same number of cards, at least one")
        if size > HAND_SIZE[n]:
            raise OptionError(f"with {n} players a hand holds at most {HAND_SIZE[n]} cards, not {size}")
        if n == 2 and len(reserve) % 2:
            raise OptionError("the reserve must hold an even number of cards")
        if len(reserve) > RESERVE_2P:
            raise OptionError(f"the reserve holds at most {RESERVE_2P} cards, not {len(reserve)}")
        if n == 3 and size < RISE_EMPIRE_CARDS:
            raise OptionError(f"with 3 players each hand needs at least {RISE_EMPIRE_CARDS} cards")
        layout = deal.get("layout", list(TILE_IDS))
        if not isinstance(layout, list) or sorted(map(str, layout)) != sorted(TILE_IDS) or len(layout) != N_TILES:
            raise OptionError("the layout must list each of the 20 country tiles once")
        first = deal.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise OptionError(f"the first player must be a seat from 0 to {n - 1}")
        stacks = deal.get("stacks")
        if stacks is not None:
            if not isinstance(stacks, dict):
                raise OptionError("stacks must map tile ids to lists of sides (0 gold, 1 silver)")
            used = [0, 0]
            for tid, st in stacks.items():
                if tid not in TILES:
                    raise OptionError(f"unknown tile {tid!r} in the stacks")
                if not isinstance(st, list) or len(st) > 2 * TOKENS_PER_SIDE:
                    raise OptionError(f"the stack on {tid} must be a list of at most {2 * TOKENS_PER_SIDE} sides")
                if not all(x in (0, 1) and not isinstance(x, bool) for x in st):
                    raise OptionError(f"the stack on {tid} must be a list of sides, 0 or 1")
                used[0] += st.count(0)
                used[1] += st.count(1)
            for side in (0, 1):
                if used[side] > TOKENS_PER_SIDE:
                    raise OptionError(
                        f"the stacks use {used[side]} {SIDE_NAMES[side]} tokens: each colour has only "
                        f"{TOKENS_PER_SIDE}")
        return {"hands": [list(h) for h in hands], "reserve": list(reserve), "layout": list(layout),
                "first": first, "stacks": stacks}

    # -- campaigns -----------------------------------------------------------------

    def _start_campaign(self) -> None:
        n = self.players
        self.campaign += 1
        if self.campaign > 1:
            # 4 players: "starting with a randomly chosen player" in every State of the Nations;
            # 2 players take turns; 3 players pass the Empire clockwise
            self.first = self.rng.below(n) if n == 4 else (self.first + 1) % n
        if n == 3:
            self.empire = self.first
        explicit = self.explicit if self.campaign == 1 else None
        if explicit is not None:
            self.layout = list(explicit["layout"])
        else:
            self.layout = list(TILE_IDS)
            self.rng.shuffle(self.layout)
        self.pos_of = {t: i for i, t in enumerate(self.layout)}
        self.stacks = [[] for _ in range(N_TILES)]
        if explicit is not None and explicit["stacks"] is not None:
            for tid, st in explicit["stacks"].items():
                self.stacks[self.pos_of[tid]] = list(st)
        else:
            for side in (0, 1):
                for pos in SIDE_CORNERS[side]:
                    if self.options["corner_groups"]:
                        for tile in CORNER_GROUP[pos]:
                            self.stacks[tile] = [side]
                    else:
                        self.stacks[pos] = [side] * START_TOKENS
        self.bid = None
        self.aggressor = None
        self.dominant = None
        self.redeals = 0
        self.won = [0] * n
        self.tricks = [0] * n
        self.discards = []
        self.table = []
        self.effects = []
        self.target = None
        self.leading = None
        self.played = 0
        self.conflict_no = 0
        self.conflicts = 0
        self.starter = None
        self.turn = None
        if explicit is not None and explicit["stacks"] is not None:
            tokens = ""
        elif self.options["corner_groups"]:
            tokens = "each side lays a token on two opposite corners and on each corner's two neighbours. "
        else:
            tokens = "each side stacks three tokens on two opposite corners. "
        self.log.append(event(
            f"Campaign {self.campaign} begins. The 20 countries are laid out"
            + (" at random; " if explicit is None else "; ") + tokens
            + (f"{seat_ref(self.first)} opens the bidding." if n == 4 else
               f"{seat_ref(self.first)} leads the drafting phase." if n == 2 else
               f"{seat_ref(self.empire_seat())} is the Empire; the other two players are the Rebels."),
            kind="campaign",
        ))
        self._deal(explicit)

    def _deal(self, explicit: Optional[JSON] = None) -> None:
        """Deal the cards and start the first card phase of the campaign."""
        n = self.players
        self.revealed = True
        if explicit is not None:
            hands = [list(h) for h in explicit["hands"]]
            self.reserve = list(explicit["reserve"])
            used = {c for h in hands for c in h} | set(self.reserve)
            self.discards = [c for c in DECK if c not in used]
        else:
            deck = list(DECK)
            self.rng.shuffle(deck)
            size = HAND_SIZE[n]
            hands = [deck[i * size:(i + 1) * size] for i in range(n)]
            self.reserve = deck[n * size:] if n == 2 else []
            self.discards = []
        self.hands = [_sorted(h) for h in hands]
        self.packets = [[] for _ in range(n)]
        self.picks = [0] * n
        self.shown_cards = [[] for _ in range(n)]
        self.declined = []  # seats that chose not to hold the secret meeting
        self.meeting_done = False
        self.given = []
        self.put = [[] for _ in range(n)]
        self.passed = [False] * n
        self.high = None
        self.high_seat = None
        self.bids = []
        size = len(self.hands[0])
        self.log.append(event(
            f"Each player is dealt {size} cards"
            + (f"; {len(self.reserve)} cards form the reserve." if n == 2 else "."),
            kind="deal",
        ))
        if n == 2:
            self.phase = "trick"
            self.turn = self.first
            self.starter = self.first
            self.last_trick = None
            if not self.reserve:
                self._end_drafting_2p()
            return
        if self.options["drafting"] and size > DRAFT_KEEP:
            self.packets = self.hands
            self.hands = [[] for _ in range(n)]
            self.phase = "draft"
            self.log.append(event(
                "Drafting: keep 2 cards of the cards in front of you and pass the rest to the player on your left, "
                "until every card is chosen.", kind="draft"))
            return
        self._after_draft()

    def _after_draft(self) -> None:
        if self.options["secret_meeting"]:
            self.phase = "meeting"
            self.log.append(event(
                "Secret meeting: "
                + ("partners" if self.players == 4 else "the two Rebels")
                + " may each choose 2 cards to show each other; they meet only if both agree.", kind="meeting"))
            return
        self._after_meeting()

    def _after_meeting(self) -> None:
        if self.players == 4:
            self.phase = "bid"
            self.turn = self.first
        else:
            self.phase = "give"
            self.turn = self.empire
            self.log.append(event(
                f"Rise to Power: {seat_ref(self.empire_seat())} sets aside 4 cards in two face-down pairs, one for each "
                "Rebel, then declares the dominant suit.", kind="rise"))

    def _start_conflicts(self, starter: int) -> None:
        self.starter = starter
        self.conflicts = len(self.hands[starter])
        if self.players == 3 and self.options["twelve_conflicts_3p"]:
            self.conflicts = min(self.conflicts, CONFLICTS_4P)
        self.conflict_no = 0
        self._next_conflict()

    def _next_conflict(self) -> None:
        self.conflict_no += 1
        self.phase = "target"
        self.turn = self.starter
        self.table = []
        self.effects = []
        self.target = None
        self.leading = None
        self.played = 0

    # -- targets -------------------------------------------------------------------

    def targets(self, side: int) -> list[int]:
        """Positions the starting player may target: a neutral country next to
        one their side controls; only if there is none, a rival one next to theirs.
        If their side holds no country that allows a target, any neutral country,
        else any rival one."""
        stacks = self.stacks
        adj: set[int] = set()
        for pos in range(N_TILES):
            st = stacks[pos]
            if st and st[-1] == side:
                adj.update(NEIGHBOURS[pos])
        neutral = sorted(p for p in adj if not stacks[p])
        if neutral:
            return neutral
        rival = sorted(p for p in adj if stacks[p] and stacks[p][-1] != side)
        if rival:
            return rival
        neutral = [p for p in range(N_TILES) if not stacks[p]]
        return neutral or [p for p in range(N_TILES) if stacks[p] and stacks[p][-1] != side]

    def declare_max(self, seat: int) -> int:
        """2 players, State of Nations: the most countries `seat` can control at
        the end of the campaign: those held now and one per conflict, as long as
        the tokens last (14 at most with 12 conflicts, 12 with 10 tokens left)."""
        side = self.side(seat)
        return len(self.controlled(side)) + min(len(self.hands[seat]), self.supply(side))

    def controlled(self, side: int) -> list[int]:
        return [p for p in range(N_TILES) if self.stacks[p] and self.stacks[p][-1] == side]

    def tokens_on_board(self, side: int) -> int:
        return sum(st.count(side) for st in self.stacks)

    def supply(self, side: int) -> int:
        """The tokens of `side`'s colour not yet on the board (16 per colour)."""
        return max(0, TOKENS_PER_SIDE - self.tokens_on_board(side))

    def reserve_power(self, side: int) -> int:
        mil = sorted((TILES[self.layout[p]]["military"] for p in self.controlled(side)), reverse=True)
        return sum(mil[:4])

    def ctx(self, card: Optional[str] = None) -> JSON:
        """What the special actions read from the board (see conflict.py); the
        sums are worked out only for the card that needs them."""
        n = self.players
        if self.phase == "trick":
            return {"n": 2, "tile": None, "neigh_e": 0, "reserve": [0] * n}
        pos = self.target
        assert pos is not None, "no targeted country"
        tile = TILES[self.layout[pos]]
        neigh = reserve = None
        if card in (None, "global-trading"):
            neigh = sum(TILES[self.layout[p]]["economics"] for p in NEIGHBOURS[pos])
        if card in (None, "reserve-forces"):
            rp = [self.reserve_power(0), self.reserve_power(1)]
            reserve = [rp[self.side(s)] for s in range(n)]
        return {"n": n, "tile": tile, "neigh_e": neigh, "reserve": reserve}

    # -- protocol: who acts and what they may do ----------------------------------------

    def to_act(self) -> list[int]:
        ph = self.phase
        if self.over:
            return []
        if ph == "draft":
            return [s for s in range(self.players) if self.picks[s] < DRAFT_KEEP]
        if ph == "meeting":
            return [s for s in range(self.players)
                    if self.partner(s) is not None and s not in self.declined
                    and len(self.shown_cards[s]) < min(MEETING_SHOW, len(self.hands[s]))]
        if ph == "put":
            return [s for s in range(self.players) if s != self.empire and not self.put[s]]
        turn = self.turn
        assert turn is not None, "nobody to act"
        return [turn]

    def _legal(self, seat: int) -> list[str]:
        if self.over or seat not in self.to_act():
            return []
        ph = self.phase
        hand = self.hands[seat]
        if ph == "play" or ph == "trick":
            return self._play_actions(seat)
        if ph == "target":
            return ["target " + self.layout[p] for p in self.targets(self.side(seat))]
        if ph == "bid":
            return [PASS] + BID_LIST[0 if self.high is None else BID_INDEX[tuple(self.high)] + 1:]
        if ph == "draft":
            return ["draft " + c for c in self.packets[seat]]
        if ph == "meeting":
            shows = ["show " + c for c in hand if c not in self.shown_cards[seat]]
            return shows + ([PASS] if not self.shown_cards[seat] else [])
        if ph == "declare":
            if self.options["exact_bid"]:
                return [f"declare {n} {s}" for n in range(self.declare_max(seat) + 1) for s in SUITS]
            return ["trump " + s for s in SUITS]
        if ph == "give":
            return ["give " + c for c in hand]
        if ph == "trump":
            return ["trump " + s for s in SUITS]
        if ph == "put":
            pairs = rise_options(hand, self.dominant, cf.earlier_rules(self.options))
            return ["put " + " ".join(pair) for pair in pairs]
        if ph == "reinforce":
            return [REINFORCE, PASS]
        return []

    def _play_actions(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.played and self.leading is not None:
            lead = self.leading
            if any(SUIT_OF[c] == lead for c in hand):
                hand = [c for c in hand if IS_SPECIAL[c] or SUIT_OF[c] == lead]
        acts = []
        for c in hand:
            if IS_SPECIAL[c]:
                for p in cf.special_options(self.table, c, cf.earlier_rules(self.options)):
                    acts.append(f"play {c} {p}" if p else "play " + c)
            else:
                acts.append(PLAY[c])
        return acts

    def explain_illegal(self, seat: int, action: str) -> str:
        if seat not in self.to_act():
            return super().explain_illegal(seat, action)
        try:
            a = parse(action)
        except NotationError as exc:
            return f"{super().explain_illegal(seat, action)}: {exc.reason}"
        ph = self.phase
        if a.kind == "play" and ph in ("play", "trick"):
            cid = str(a["card"])
            if cid not in self.hands[seat]:
                return f"{card_name(cid)} is not in your hand"
            if self.played and SUIT_OF[cid] != self.leading and not IS_SPECIAL[cid]:
                return (f"you must follow the leading suit ({SUIT_NAMES[str(self.leading)]}) with a power card of it "
                        "or play a special action: you hold a card of that suit")
            same = [x for x in self.legal_actions(seat) if parse(x)["card"] == cid]
            return f"write it as one of: {', '.join(same)}"
        if a.kind == "target" and ph == "target":
            return (f"{tile_name(str(a['tile']))} is not a country you may target: choose a neutral country next to one "
                    "your side controls (a rival one only when no neutral one is reachable)")
        if a.kind == "bid" and ph == "bid":
            return "a bid is 'bid N SUIT' with N from 10 to 20, higher than the last bid (same number: a higher suit)"
        if ph == "put" and a.kind == "put":
            return ("a Rebel puts down the highest power card of the dominant suit and the highest power card of "
                    "one other suit")
        return super().explain_illegal(seat, action)

    # -- applying actions --------------------------------------------------------------

    def _apply(self, seat: int, action: str) -> list[Event]:
        a = parse(action)
        verb = a.kind
        ph = self.phase
        if verb == "play":
            if ph == "trick":
                return self._apply_trick(seat, a)
            return self._apply_play(seat, a)
        if verb == "target":
            tid = str(a["tile"])
            pos = self.pos_of[tid]
            self.target = pos
            self.phase = "play"
            st = self.stacks[pos]
            state = "neutral" if not st else f"held by {SIDE_NAMES[st[-1]]}"
            t = TILES[tid]
            return [event(
                f"Conflict {self.conflict_no} of {self.conflicts}: {seat_ref(seat)} targets {t['name']} ({state}; defence "
                f"{t['military']} Military, {t['economics']} Economics, {t['politics']} Politics).",
                kind="target", seat=seat)]
        if ph == "reinforce":
            return self._apply_reinforce(seat, verb == REINFORCE)
        if verb == "bid" or (verb == PASS and ph == "bid"):
            return self._apply_bid(seat, a)
        if verb == "draft":
            return self._apply_draft(seat, str(a["card"]))
        if verb == "show" or (verb == PASS and ph == "meeting"):
            return self._apply_show(seat, str(a["card"]) if verb == "show" else None)
        if verb == "declare":
            return self._apply_declare(seat, int(a["number"]), str(a["suit"]))
        if verb == "trump":
            suit = str(a["suit"])
            if ph == "declare":
                return self._apply_declare(seat, None, suit)
            self.dominant = suit
            self.phase = "put"
            return [event(
                f"{seat_ref(seat)} declares {SUIT_NAMES[suit]} the dominant suit. Each Rebel now puts down their highest "
                f"{SUIT_NAMES[suit]} power card and the highest power card of one other suit.",
                kind="rise", seat=seat)]
        if verb == "give":
            return self._apply_give(seat, str(a["card"]))
        if verb == "put":
            return self._apply_put(seat, [str(a["card"]), str(a["card2"])])
        raise AssertionError(action)

    # bidding (4 players)

    def _apply_bid(self, seat: int, a: Action) -> list[Event]:
        n = self.players
        events = []
        if a.kind == PASS:
            self.passed[seat] = True
            self.bids.append([seat, PASS])
            events.append(event(f"{seat_ref(seat)} passes" + (" and drops out of the bidding." if self.high else "."),
                                kind="bid", seat=seat))
        else:
            number, suit = int(a["number"]), str(a["suit"])
            self.high = (number, suit)
            self.high_seat = seat
            self.bids.append([seat, f"{number} {suit}"])
            events.append(event(f"{seat_ref(seat)} bids {bid_text(number, suit)}.", kind="bid", seat=seat))
        active = [s for s in range(n) if not self.passed[s]]
        if not active:
            self.redeals += 1
            events.append(event("Everybody passed without a bid: the cards are gathered, reshuffled and dealt again.",
                                kind="redeal"))
            self.log.extend(events)
            self._deal()
            return []
        if len(active) == 1 and self.high_seat == active[0]:
            w = self.high_seat
            high = self.high
            assert high is not None, "a bid is the highest"
            self.bid = list(high)
            self.dominant = high[1]
            self.aggressor = self.side(w)
            events.append(event(
                f"{seat_ref(w)} wins the bidding with {bid_text(*high)} and takes the Conflict token: "
                f"{self.side_label(self.aggressor)} are the Aggressor and must control at least {high[0]} "
                f"countries; {self.side_label(1 - self.aggressor)} defend. {SUIT_NAMES[self.dominant]} is the "
                "dominant suit.", kind="bid-won"))
            self._start_conflicts(w)
            return events
        t = (seat + 1) % n
        while self.passed[t]:
            t = (t + 1) % n
        self.turn = t
        return events

    # drafting variant

    def _apply_draft(self, seat: int, cid: str) -> list[Event]:
        n = self.players
        self.packets[seat].remove(cid)
        self.hands[seat].append(cid)
        self.picks[seat] += 1
        events = [event(f"You keep {card_name(cid)}.", to=[seat], kind="private")]
        if any(p < DRAFT_KEEP for p in self.picks):
            return events
        # everyone has kept two: pass the rest left
        self.packets = [self.packets[(s - 1) % n] for s in range(n)]
        self.picks = [0] * n
        self.revealed = True
        left = len(self.packets[0])
        if left <= DRAFT_KEEP:
            for s in range(n):
                self.hands[s].extend(self.packets[s])
                self.packets[s] = []
            for s in range(n):
                self.hands[s] = _sorted(self.hands[s])
            events.append(event("Each player keeps the last cards passed to them: the drafting is over.", kind="draft"))
            self.log.extend(events)
            self._after_draft()
            return []
        events.append(event(f"Everyone kept two cards and passes the other {left} to the left.", kind="draft"))
        for s in range(n):
            self.hands[s] = _sorted(self.hands[s])
        return events

    # secret meeting variant

    def _apply_show(self, seat: int, cid: Optional[str]) -> list[Event]:
        if cid is None:
            self.declined.append(seat)
            events = [event("You decline the secret meeting.", to=[seat], kind="private")]
        else:
            self.shown_cards[seat].append(cid)
            events = [event(f"You will show {card_name(cid)} to your partner.", to=[seat], kind="private")]
        if self.to_act():
            return events
        self.meeting_done = True
        self.revealed = True
        teams = []
        for s in range(self.players):
            q = self.partner(s)
            if q is not None and s < q:
                teams.append((s, q))
        for s, q in teams:
            if s in self.declined or q in self.declined:
                for x in (s, q):
                    self.shown_cards[x] = []
                no = " and ".join(seat_ref(x) for x in (s, q) if x in self.declined)
                events.append(event(f"{seat_ref(s)} and {seat_ref(q)} do not meet: {no} declined.", kind="meeting"))
            else:
                events.append(event(f"{seat_ref(s)} and {seat_ref(q)} meet in secret and show each other 2 cards.",
                                    kind="meeting"))
                for x, y in ((s, q), (q, s)):
                    events.append(event(f"{seat_ref(y)} shows you {_names(self.shown_cards[y])}.", to=[x],
                                        kind="private"))
        self.log.extend(events)
        self._after_meeting()
        return []

    # 2 players: the drafting phase (tricks) and the declaration

    def _apply_trick(self, seat: int, a: Action) -> list[Event]:
        events = self._put_card(seat, a, ctx=self.ctx())
        if self.played < 2:
            self.turn = 1 - seat
            return events
        assert self.leading is not None and self.starter is not None, "a trick under way"
        winner, suit, power, why = cf.judge_trick(self.table, self.leading, self.options["trick_leading_suit"])
        leader = self.starter
        for e in self.table:
            self.discards.append(e["card"])
            self.discards.extend(e["with"])
        self.table = []
        if winner is None:
            events.append(event(f"No trick: {why}. {seat_ref(leader)} leads again.", kind="trick"))
        else:
            self.tricks[winner] += 1
            self.last_trick = winner
            events.append(event(
                f"{seat_ref(winner)} wins the trick with {power} {SUIT_NAMES[suit]} "
                f"(tricks: {seat_ref(0)} {self.tricks[0]}, {seat_ref(1)} {self.tricks[1]}).", kind="trick"))
            leader = winner
        first = leader if winner is None else winner
        for s in (first, 1 - first):
            cid = self.reserve.pop(0)
            self.hands[s] = _sorted(self.hands[s] + [cid])
            events.append(event(f"You draw {card_name(cid)}.", to=[s], kind="private"))
        self.revealed = True
        events.append(event(f"Both players draw a card; {len(self.reserve)} left in the reserve.", kind="draw"))
        self.starter = leader
        self.turn = leader
        self.played = 0
        self.leading = None
        if not self.reserve:
            self.log.extend(events)
            self._end_drafting_2p()
            return []
        return events

    def _drafting(self) -> dict[str, int]:
        """2 players: which drafting trick this is, of how many (every trick,
        won or not, draws one card each from the reserve)."""
        done = 0
        for e in reversed(self.log):
            if e["kind"] == "deal":
                break
            done += e["kind"] == "trick"
        return {"trick": done + 1, "tricks": done + len(self.reserve) // 2}

    def _end_drafting_2p(self) -> None:
        t = self.tricks
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            why = f"with {t[w]} tricks to {t[1 - w]}"
        elif self.last_trick is not None:
            w = self.last_trick
            why = f"on a tie of {t[0]} tricks each, as the winner of the last trick"
        else:
            w = self.first
            why = "as nobody won a trick, as the player who led first"
        self.phase = "declare"
        self.turn = w
        self.log.append(event(
            f"The drafting phase is over. {seat_ref(w)} wins it {why}: they will be the Aggressor and call the "
            "dominant suit" + (" and the exact number of countries they will control." if self.options["exact_bid"]
                                else "."), kind="drafting-won"))

    def _apply_declare(self, seat: int, number: Optional[int], suit: str) -> list[Event]:
        self.dominant = suit
        self.aggressor = seat
        self.bid = [number, suit] if number is not None else None
        text = (f"{seat_ref(seat)} declares they will control exactly {number} countries, with {SUIT_NAMES[suit]} dominant."
                if number is not None else f"{seat_ref(seat)} calls {SUIT_NAMES[suit]} the dominant suit.")
        events = [event(text + f" {seat_ref(seat)} is the Aggressor and starts the campaign.", kind="declare", seat=seat)]
        self._start_conflicts(seat)
        return events

    # 3 players: the Rise to Power

    def _apply_give(self, seat: int, cid: str) -> list[Event]:
        self.hands[seat].remove(cid)
        self.given.append(cid)
        k = len(self.given)
        e = self.empire_seat()
        rebel = (e + 1) % 3 if k <= 2 else (e + 2) % 3
        events = [event(f"You set aside {card_name(cid)} for {seat_ref(rebel)}.", to=[seat], kind="private")]
        if k == 2:
            events.append(event(f"{seat_ref(seat)} sets aside a pair of cards for {seat_ref(rebel)}.", kind="rise"))
        if k == RISE_EMPIRE_CARDS:
            events.append(event(f"{seat_ref(seat)} sets aside a pair of cards for {seat_ref(rebel)}.", kind="rise"))
            self.phase = "trump"
        return events

    def _apply_put(self, seat: int, cards: list[str]) -> list[Event]:
        for c in cards:
            self.hands[seat].remove(c)
        self.put[seat] = list(cards)
        events = [
            event(f"You put down {_names(cards)} for the Empire.", to=[seat], kind="private"),
            event(f"{seat_ref(seat)} puts down two cards for the Empire.", kind="rise", seat=seat),
        ]
        if self.to_act():
            return events
        e = self.empire_seat()
        left, right = (e + 1) % 3, (e + 2) % 3
        got = self.put[left] + self.put[right]
        self.hands[e] = _sorted(self.hands[e] + got)
        self.hands[left] = _sorted(self.hands[left] + self.given[:2])
        self.hands[right] = _sorted(self.hands[right] + self.given[2:])
        self.revealed = True
        events.append(event(f"You take {_names(self.put[left])} from {seat_ref(left)} and {_names(self.put[right])} from "
                            f"{seat_ref(right)}.", to=[e], kind="private"))
        events.append(event(f"You take {_names(self.given[:2])} from {seat_ref(e)}.", to=[left], kind="private"))
        events.append(event(f"You take {_names(self.given[2:])} from {seat_ref(e)}.", to=[right], kind="private"))
        events.append(event(f"The cards are exchanged. {seat_ref(e)}, the Empire, starts the first conflict.", kind="rise"))
        self.given = []
        self.put = [[] for _ in range(3)]
        self.aggressor = 0
        self._start_conflicts(e)
        return events

    # conflicts

    def _put_card(self, seat: int, a: Action, ctx: JSON) -> list[Event]:
        cid = str(a["card"])
        self.hands[seat].remove(cid)
        self.shown = True
        if self.played == 0:
            self.leading = SUIT_OF[cid]
        params = special_params(a)
        lines = cf.play(self.table, seat, cid, params, ctx, self.played, self.discards, self.effects,
                        cf.earlier_rules(self.options))
        self.played += 1
        first = lines[0]
        if self.played == 1:
            first += f" {SUIT_NAMES[SUIT_OF[cid]]} is the leading suit."
        events = [event(first, kind="play", seat=seat)]
        if len(lines) > 1:
            events += [event(line, kind="special", seat=seat) for line in lines[1:]]
        return events

    def _apply_play(self, seat: int, a: Action) -> list[Event]:
        n = self.players
        cid = str(a["card"])
        ctx = self.ctx(cid) if IS_SPECIAL[cid] else {"n": n, "tile": None}
        events = self._put_card(seat, a, ctx)
        if self.played < n:
            self.turn = (seat + 1) % n
            return events
        self.log.extend(events)
        return self._resolve_conflict()

    def _resolve_conflict(self) -> list[Event]:
        n = self.players
        pos = self.target
        assert pos is not None and self.leading is not None and self.starter is not None, "a conflict under way"
        tid = self.layout[pos]
        winner, suit, power, why = cf.judge(self.table, self.leading, self.dominant)
        defence = cf.defence(TILES[tid], self.effects)
        events = []
        broke = suit != self.leading
        keeps = False  # the winner starts the next conflict
        choose = False  # the winner may add a token to their own country
        if winner is None:
            events.append(event(f"The conflict over {tile_name(tid)} is a draw: {why}.", kind="result"))
        else:
            self.won[winner] += 1
            how = f"the dominant suit breaks the round: {power} {SUIT_NAMES[suit]}" if broke else \
                f"{power} {SUIT_NAMES[suit]}"
            d = defence[suit]
            if power > d:
                side = self.side(winner)
                st = self.stacks[pos]
                colour = SIDE_NAMES[side]
                keeps = True
                if st and st[-1] == side:
                    if self.supply(side):
                        choose = True
                        what = f"may add a {colour} token to {tile_name(tid)}, which their side already controls"
                    else:
                        what = f"{tile_name(tid)} stays theirs, with no {colour} token left to add"
                elif not self.supply(side):
                    keeps = n != 2
                    what = (f"would take {tile_name(tid)}, but no {colour} token is left in the supply: the country "
                            "stays as it is")
                else:
                    what = (f"takes {tile_name(tid)} from the rival side: a {colour} token goes on top" if st else
                            f"takes control of {tile_name(tid)} with a {colour} token")
                    st.append(side)
                events.append(event(
                    f"{seat_ref(winner)} wins the conflict ({how}), beats the {SUIT_NAMES[suit]} defence of {d} and {what}.",
                    kind="result", seat=winner))
            else:
                events.append(event(
                    f"{seat_ref(winner)} wins the conflict ({how}), but the {SUIT_NAMES[suit]} defence of {tile_name(tid)} "
                    f"({d}) holds.", kind="result", seat=winner))
        for e in self.table:
            self.discards.append(e["card"])
            self.discards.extend(e["with"])
        self.table = []
        prev = self.starter
        if keeps:
            nxt = winner
        elif n == 2:
            nxt = 1 - winner if winner is not None else 1 - prev
            if winner is not None:
                events.append(event(f"{seat_ref(winner)} loses momentum: {seat_ref(nxt)} starts the next conflict.", kind="next"))
        else:
            nxt = (prev + 1) % n
        self.starter = nxt
        if choose:
            self.phase = "reinforce"
            self.turn = winner
            return events
        return self._after_conflict(events, announce=keeps or n != 2 or winner is None)

    def _after_conflict(self, events: list[Event], announce: bool = True) -> list[Event]:
        """The campaign's end, or the next conflict, started by `self.starter`."""
        starter = self.starter
        assert starter is not None, "a conflict just played"
        if not self.hands[0] or self.conflict_no >= self.conflicts:
            self.log.extend(events)
            return self._end_campaign()
        if announce:
            events.append(event(f"{seat_ref(starter)} takes the Conflict token and starts the next conflict.",
                                kind="next"))
        self._next_conflict()
        return events

    def _apply_reinforce(self, seat: int, add: bool) -> list[Event]:
        pos = self.target
        assert pos is not None, "a conflict under way"
        side = self.side(seat)
        st = self.stacks[pos]
        if add:
            st.append(side)
            text = (f"{seat_ref(seat)} adds a {SIDE_NAMES[side]} token to {tile_name(self.layout[pos])} "
                    f"({len(st)} tokens there now; {self.supply(side)} left in the supply).")
        else:
            text = f"{seat_ref(seat)} adds no token to {tile_name(self.layout[pos])}."
        return self._after_conflict([event(text, kind="result", seat=seat)])

    def _end_campaign(self) -> list[Event]:
        n = self.players
        tiles = [len(self.controlled(0)), len(self.controlled(1))]
        tokens = [self.tokens_on_board(0), self.tokens_on_board(1)]
        count = (f"Gold controls {tiles[0]} countries ({tokens[0]} tokens on the board), silver {tiles[1]} "
                 f"({tokens[1]} tokens).")
        events = [event(f"Campaign {self.campaign} is over. " + count, kind="campaign-end")]
        res: JSON = {"campaign": self.campaign, "tiles": tiles, "tokens": tokens, "won": list(self.won)}
        if n == 4:
            ag = self.aggressor
            assert ag is not None and self.bid is not None, "a bid won"
            need = self.bid[0]
            have = tiles[ag]
            if have >= need and not (need == BID_MIN and have == BID_MIN and tokens[ag] <= tokens[1 - ag]):
                w = ag
                why = f"they bid {need} and control {have}"
                if need == BID_MIN and have == BID_MIN:
                    why += f", with more tokens on the board ({tokens[ag]} to {tokens[1 - ag]})"
            else:
                w = 1 - ag
                if have < need:
                    why = f"the Aggressor bid {need} but controls only {have}"
                else:
                    why = (f"the Aggressor bid 10 and controls exactly 10, without more tokens on the board "
                           f"({tokens[ag]} to {tokens[1 - ag]})")
            role = "Aggressor" if w == ag else "Defender"
            events.append(event(f"{self.side_label(w)} ({role}) win the campaign: {why}.", kind="campaign-won"))
            res["why"] = why  # the table shows it beside the campaign's counts
        elif n == 2:
            ag = self.aggressor
            assert ag is not None, "a drafting phase won"
            if self.bid is not None:
                need = self.bid[0]
                w = ag if tiles[ag] == need else 1 - ag
                why = (f"{seat_ref(ag)} declared exactly {need} and controls {tiles[ag]}")
                res["why"] = why
            elif tiles[0] != tiles[1]:
                w = 0 if tiles[0] > tiles[1] else 1
                why = f"{tiles[w]} countries to {tiles[1 - w]}"
            else:
                w = 1 - ag
                why = f"a tie at {tiles[0]} countries goes to the Defender"
                res["why"] = why
            events.append(event(f"{seat_ref(w)} wins the campaign: {why}.", kind="campaign-won"))
        else:
            e = self.empire_seat()
            self.empire_tiles[e] = tiles[0]
            rebels = [s for s in range(3) if s != e]
            for r in rebels:
                self.rebel_tricks[r] += self.won[r]
            events.append(event(
                f"{seat_ref(e)} scores {tiles[0]} countries as the Empire. "
                + " ".join(f"{seat_ref(r)} won {self.won[r]} conflict{'s' if self.won[r] != 1 else ''} as a Rebel."
                           for r in rebels), kind="campaign-won"))
            w = None
            res["empire"] = e
        if w is not None:
            self.wins[w] += 1
            res["winner_side"] = w
        self.results.append(res)
        self.log.extend(events)
        if (n != 3 and max(self.wins) >= CAMPAIGNS_TO_WIN) or (n == 3 and self.campaign >= CAMPAIGNS_3P):
            self._finish()
        else:
            self._start_campaign()
        self.revealed = True
        return []

    def _finish(self) -> None:
        n = self.players
        self.over = True
        self.phase = "over"
        self.turn = None
        if n == 3:
            scores = [t or 0 for t in self.empire_tiles]
            best = max(scores)
            tied = [s for s in range(3) if scores[s] == best]
            top = max(self.rebel_tricks[s] for s in tied)
            winners = [s for s in tied if self.rebel_tricks[s] == top]
            summary = (
                "Countries held as the Empire: " + ", ".join(f"{seat_ref(s)} {scores[s]}" for s in range(3)) + ". "
                + ("" if len(tied) == 1 else
                   "Tie-break, conflicts won as a Rebel: " + ", ".join(f"{seat_ref(s)} {self.rebel_tricks[s]}" for s in tied)
                   + ". ")
                + " and ".join(map(seat_ref, winners)) + (" win" if len(winners) > 1 else " wins")
                + (" and share the honours." if len(winners) > 1 else ".")
            )
            details = {"empire_tiles": scores, "rebel_tricks": list(self.rebel_tricks), "campaigns": self.results}
        else:
            w = 0 if self.wins[0] >= CAMPAIGNS_TO_WIN else 1
            winners = self.side_seats(w)
            scores = [self.wins[self.side(s)] for s in range(n)]
            summary = (f"{self.side_label(w)} win{'s' if n == 2 else ''} the game, "
                       f"{self.wins[w]} campaigns to {self.wins[1 - w]}.")
            details = {"campaign_wins": list(self.wins), "campaigns": self.results}
        self.result = Outcome(scores=scores, winners=winners, summary=summary, details=details)
        self.log.append(event(summary, kind="result"))

    # -- the rest of the protocol ----------------------------------------------------------

    def outcome(self) -> Optional[Outcome]:
        return self.result

    def is_over(self) -> bool:
        return self.over

    def label(self, seat: int, action: str) -> str:
        a = parse(action)
        verb = a.kind
        if verb == PASS:
            if self.phase == "reinforce":
                return "Add no token"
            if self.phase == "meeting":
                return "Decline the secret meeting"
            return "Pass"
        if verb == REINFORCE:
            tid = self.layout[self.target] if self.target is not None else None
            side = SIDE_NAMES[self.side(seat)]
            return f"Add a {side} token to {tile_name(tid)}" if tid else f"Add a {side} token"
        if verb == "bid":
            return f"Bid {a['number']} {SUIT_NAMES[str(a['suit'])]}"
        if verb == "target":
            t = TILES[str(a["tile"])]
            return f"Target {tile_name(str(a['tile']))} ({t['military']} M, {t['economics']} E, {t['politics']} P)"
        if verb == "play":
            text = "Play " + card_name(str(a["card"]))
            params = special_params(a)
            owner = {e["card"]: e["seat"] for e in self.table}
            parts = []
            if "take" in params:
                parts.append(f"take {seat_ref(owner[params['take']])}'s {card_name(params['take'])}")
            if "add-to" in params:
                to = params["add-to"]
                parts.append("add it to your own hand power" if to == cf.SELF else
                             f"add it to {seat_ref(owner[to])}'s {card_name(to)}")
            if "keep" in params:
                parts.append(f"keep the {card_name(params['keep'])} itself" if params["keep"] == a["card"] else
                             f"keep {seat_ref(owner[params['keep']])}'s {card_name(params['keep'])}")
            if "discard" in params:
                parts.append(f"discard {seat_ref(owner[params['discard']])}'s {card_name(params['discard'])}")
            if "double" in params:
                parts.append(f"double {seat_ref(owner[params['double']])}'s {card_name(params['double'])}")
            return text + (": " + ", ".join(parts) if parts else "")
        if verb == "draft":
            return "Keep " + card_name(str(a["card"]))
        if verb == "show":
            return "Show " + card_name(str(a["card"]))
        if verb == "give":
            return "Set aside " + card_name(str(a["card"]))
        if verb == "put":
            return "Put down " + _names([str(a["card"]), str(a["card2"])])
        if verb == "trump":
            return f"{SUIT_NAMES[str(a['suit'])]} dominant"
        if verb == "declare":
            return f"Exactly {a['number']} countries, {SUIT_NAMES[str(a['suit'])]} dominant"
        return action

    def view(self, seat: Optional[int] = None) -> JSON:
        n = self.players
        ph = self.phase
        board = []
        for pos, tid in enumerate(self.layout):
            t = TILES[tid]
            st = self.stacks[pos]
            board.append({"pos": pos, "tile": tid, "name": t["name"], "military": t["military"],
                          "economics": t["economics"], "politics": t["politics"], "stack": list(st),
                          "top": st[-1] if st else None})
        partner = self.partner(seat) if seat is not None and not self.over else None
        partner_shown = []
        if partner is not None and self.meeting_done:
            partner_shown = _sorted(c for c in self.shown_cards[partner] if c in self.hands[partner])
        targets: list[str] = []
        if ph == "target":
            assert self.turn is not None, "the starting player targets"
            targets = [self.layout[p] for p in self.targets(self.side(self.turn))]
        defence = None
        if self.target is not None and ph == "play":
            defence = cf.defence(TILES[self.layout[self.target]], self.effects)
        v = {
            "game": "alliances",
            "players": n,
            "seat": seat,
            "options": dict(self.options),
            "phase": ph,
            "campaign": self.campaign,
            "first": self.first,
            "turn": self.turn,
            "to_act": self.to_act(),
            "sides": [self.side(s) for s in range(n)],
            "side": self.side(seat) if seat is not None else None,
            "empire": self.empire,
            "aggressor": self.aggressor,
            "bid": list(self.bid) if self.bid else None,
            "dominant": self.dominant,
            "bids": [list(b) for b in self.bids],
            "high": list(self.high) if self.high else None,
            "passed": list(self.passed),
            "redeals": self.redeals,
            "wins": list(self.wins),
            "empire_tiles": list(self.empire_tiles),
            "rebel_tricks": list(self.rebel_tricks),
            "results": [dict(r) for r in self.results],
            "board": board,
            "controlled": [len(self.controlled(0)), len(self.controlled(1))],
            "supply": [self.supply(0), self.supply(1)],
            "starter": self.starter,
            "target": self.layout[self.target] if self.target is not None else None,
            "targets": targets,
            "defence": defence,
            "effects": list(self.effects),
            "table": [dict(e, **{"with": list(e["with"])}) for e in self.table],
            "leading": self.leading,
            "played": self.played,
            "conflict": self.conflict_no,
            "conflicts": self.conflicts,
            "won": list(self.won),
            "tricks": list(self.tricks),
            "reserve_count": len(self.reserve),
            "drafting": self._drafting() if ph == "trick" else None,
            "discards": list(self.discards),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "draft_packet": list(self.packets[seat]) if seat is not None and ph == "draft" else [],
            "meeting_mine": list(self.shown_cards[seat]) if seat is not None and ph == "meeting" else [],
            "partner": partner,
            "partner_shown": partner_shown,
            "rise_given": list(self.given) if seat is not None and seat == self.empire else [],
            "rise_put": list(self.put[seat]) if seat is not None else [],
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
            "outcome": self.result.to_json() if self.result else None,
        }
        return v

    # -- JSON ------------------------------------------------------------------------------

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "players", "seed", "over", "campaign", "wins", "empire_tiles", "rebel_tricks", "results", "first", "empire",
        "layout", "stacks", "bid", "aggressor", "dominant", "redeals", "won", "tricks", "discards", "table", "target",
        "leading", "played", "conflict_no", "conflicts", "starter", "turn", "hands", "reserve", "packets", "picks",
        "shown_cards", "declined", "meeting_done", "given", "put", "passed", "high", "high_seat", "bids", "phase", "last_trick",
        "explicit", "log", "effects",
    )

    # fields added later, with their value in older saved states
    _ADDED: ClassVar[dict[str, Any]] = {"effects": [], "declined": []}

    def to_json(self) -> JSON:
        import copy

        data: JSON = {"game": "alliances", "options": dict(self.options), "rng": self.rng.to_json(),
                "result": self.result.to_json() if self.result else None}
        for key in self._FIELDS:
            data[key] = copy.deepcopy(getattr(self, key, None))
        if data["high"] is not None:
            data["high"] = list(data["high"])
        return data

    @classmethod
    def from_json(cls, data: JSON) -> AlliancesState:
        import copy

        st = cls()
        try:
            st.options = Alliances.check_options(data["options"])
            st.rng = Rng.from_json(data["rng"])
            for key in cls._FIELDS:
                if key in cls._ADDED and key not in data:
                    setattr(st, key, copy.deepcopy(cls._ADDED[key]))  # a state saved before the field existed
                else:
                    setattr(st, key, copy.deepcopy(data[key]))
            if st.high is not None:
                st.high = cast(tuple[int, str], tuple(st.high))
            st.pos_of = {t: i for i, t in enumerate(st.layout)}
            st.result = Outcome.from_json(data["result"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not an Alliances state: {exc}") from None
        return st


class Alliances(Game):
    id = "alliances"
    title = "Alliances"
    designer = "Elad Goldsteen"
    min_players = 2
    max_players = 4
    order = 3
    summary = (
        "Super-powers and their allies fight conflict by conflict for the countries of the world, winning tricks "
        "of Military, Economics and Politics to take them. With 4 players alliances bid how many they will "
        "control; 2 players first draft their hands in tricks; 3 players take turns as the Empire. About 45 "
        "minutes."
    )
    options = (
        Option("corner_groups", "Corner groups", False,
               help="The start (the text's Image 1 is missing): each player's 3 tokens lie one each on their corner "
                    "and its two neighbours, so 12 countries are held from the start (6 per side). Without it the "
                    "3 tokens are stacked on the corner itself and 4 countries are held."),
        Option("drafting", "Drafting", False,
               help="Variant (3 and 4 players): before each campaign, keep 2 cards and pass the rest to the left "
                    "until every card is chosen. The 2-player game always has its own drafting phase."),
        Option("secret_meeting", "Secret meeting", False,
               help="Variant (3 and 4 players): partners (the two Rebels with 3 players) secretly show each other "
                    "2 cards before the bidding (before the Rise to Power)."),
        Option("trick_leading_suit", "Drafting tricks by the leading suit (2 players)", False,
               help="2 players: in the drafting phase only hand power in the leading suit wins a trick, as in a "
                    "conflict. Without it, as the text says, the higher hand power wins, whatever its suit."),
        Option("twelve_conflicts_3p", "Twelve conflicts (3 players)", False,
               help="3 players: a campaign has 12 conflicts, as in the 4-player game, and the last 4 cards of each "
                    "hand are not played. Without it a campaign lasts as long as the 16-card hands, 16 conflicts."),
        Option("exact_bid", "State of Nations (2 players)", False,
               help="Variant (2 players): the winner of the drafting phase declares the exact number of countries "
                    "they will control (0 to 12 in a normal game) with the dominant suit, and wins only with exactly that number."),
        Option("rules", "Rules", "current", kind="choice",
               choices=(("current", "as the text gives them"),
                        ("earlier", "as games saved before two changes were played")),
               help="Games saved before two rules changed replay as they were played: there Monopoly always "
                    "stayed on the table and kept one other Economics card (the text: it may keep itself), and a "
                    "Rebel whose only cards of the dominant suit were special actions put down the highest cards "
                    "of the two other suits (the text: one card of the dominant suit)."),
    )
    State = AlliancesState
    default_bot = "good"

    @classmethod
    def record_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A record written before Monopoly and the Rise to Power changed names
        no "rules" option: it is replayed with the rules it was played with."""
        return options if "rules" in options else {**options, "rules": "earlier"}


AlliancesState.game = Alliances
