"""Koalition (Hartmut Witt), for 3 to 8 players.

Seats sit clockwise in seat order and are numbered in order of age: seat 0 is
the oldest player (the rules let the oldest start and break ties of starting
player by age). Each of the twelve country elections runs through the nine steps
of the rule text; the phases of the state are

- ``play``: the two election rounds, one card per player per round;
- ``tie``: two players tie for a party's chair (only possible in Green) and
  either agree who chairs or leave the party unbound;
- ``propose`` and ``answer``: coalition negotiation;
- ``choose``: a player with cards in two coalition parties picks the party
  they score with;
- ``over``: after the bonus round.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, TypedDict, cast

from ...core.actions import NotationError
from ...core.errors import OptionError, RecordError
from ...core.game import JSON, SEAT_REFS, Game, Outcome, State, event, seat_refs
from ...core.rng import Rng
from .data import (
    CARDS, COUNTRY_IDS, COUNTRY_NAMES, COUNTRY_TOTALS, DEAL_TABLE, DECK, ORDER, PARTIES, PARTY_INDEX,
    PARTY_NAMES, TWIN, VP_TABLE, card_name,
)
from .negotiation import _LABEL_NAMES, Count, Government, Negotiation, _ev
from .notation import ACCEPT, DECLINE, LABEL_PARTS, PASS, coalition_labels, parse
from .scoring import (
    RANK, VALUE, Entry, Holdings, Play, award_ranked, bonus_round, chairs_of, majority, majority_text, party_holdings,
    play_name, tally, values_of,
)

# the action of playing each card that needs nothing more (None: Colorino and Resignations)
PLAY_ACTION: dict[str, Optional[str]] = {
    cid: None if c["kind"] in ("colorino", "resign") else "play " + cid for cid, c in CARDS.items()
}
COLORINO_ACTIONS = ["play colorino " + p for p in PARTIES]

# seat -> str(seat), the keys of options_of
_SEAT_KEY = tuple(str(seat) for seat in range(16))

# The plays that need no look at the table: action -> (card id, party, the log
# text after the seat; None for a Doubler, whose text tells its value).
# Resignations are not here.
_PLAYS: dict[str, tuple[str, Optional[str], Optional[str]]] = {}
for _cid, _c in CARDS.items():
    if _c["kind"] == "number":
        _PLAYS["play " + _cid] = (_cid, _c["party"], f" plays {card_name(_cid)}.")
    elif _c["kind"] == "doubler":
        _PLAYS["play " + _cid] = (_cid, _c["party"], None)
for _party in PARTIES:
    _PLAYS["play colorino " + _party] = (
        "colorino", _party,
        f" plays Gaudino Colorino and declares him {PARTY_NAMES[_party]} (worth 7) for this election.")
del _cid, _c, _party

# card id -> card_name(card id)
_CARD_NAMES = {cid: card_name(cid) for cid in CARDS}
# card id -> (the card identical to it, its action when it needs nothing more);
# see _legal
_HAND_ACTIONS = {cid: (TWIN[cid], PLAY_ACTION[cid]) for cid in CARDS}


def _sorted(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _jcopy(x: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, text, numbers), faster than
    copy.deepcopy. The nesting is a few levels deep at most."""
    if isinstance(x, dict):
        return {k: _jcopy(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jcopy(v) for v in x]
    return x


def _flat_dicts(items: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A copy of a list of dicts whose values are text or numbers."""
    return [dict(d) for d in items]


def _copy_result(r: Mapping[str, Any]) -> JSON:
    r = dict(r)
    r["votes"] = dict(r["votes"])
    r["government"] = list(r["government"])
    r["winners"] = _flat_dicts(r["winners"])
    return r


# How each field of the state is copied to and from JSON (the default: _jcopy).
_COPY: dict[str, Callable[[Any], Any]] = {
    "log": _flat_dicts,
    "plays": _flat_dicts,
    "units": _flat_dicts,
    "history": _flat_dicts,
    "vp": _flat_dicts,
    "hands": lambda hs: [list(h) for h in hs],
    "coalitions": lambda cs: [list(c) for c in cs],
    "results": lambda rs: [_copy_result(r) for r in rs],
}


# (starting player, players) -> the seats in playing order (see order)
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}

_ROW_TEXTS: dict[tuple[int, ...], str] = {}


def _row_text(row: tuple[int, ...]) -> str:
    """'8, 5, 3': a row of VP (cached)."""
    text = _ROW_TEXTS.get(row)
    if text is None:
        text = _ROW_TEXTS[row] = ", ".join(map(str, row))
    return text


_VP_TEXTS: dict[tuple[str, int], str] = {}


def _vp_text(country: str, players: int) -> str:
    """'1 on the winning side: 8; 2 on the winning side: 5, 3; ...' (cached)."""
    text = _VP_TEXTS.get((country, players))
    if text is None:
        rows = VP_TABLE[country]
        text = _VP_TEXTS[(country, players)] = "; ".join(
            f"{n} on the winning side: {', '.join(map(str, rows[n]))}" for n in range(1, players + 1))
    return text


class Winner(TypedDict):
    """A player on the winning side of an election, as the results keep it."""

    seat: int
    party: str
    value: int
    vp: int


class Result(TypedDict):
    """An election's result, as the state keeps it (see _record)."""

    election: int
    round: int
    country: str
    ballots: int
    votes: dict[str, int]
    total: int
    majority: int
    government: list[str]  # its labels, [] for none
    winners: list[Winner]


class Redeal(TypedDict):
    """A redeal of an explicit deal."""

    hands: list[list[str]]
    set_aside: list[str]


class KoalitionState(Negotiation, State):
    # The fields of the state (negotiation.py declares those of the
    # negotiation); `to_json` saves those of _FIELDS.
    seed: Optional[int]
    rng: Rng
    hands: list[list[str]]
    set_aside: list[str]
    discard: list[str]
    stack: list[str]  # the countries still to come, in order
    redeals: list[Redeal]
    election: int
    round: int
    ballot: int
    country: str
    starter: int
    phase: str
    turn: int
    plays: list[Play]
    count: Optional[Count]
    government: Optional[Government]
    options_of: dict[str, list[str]]  # str(seat) -> the parties it may score with
    choosers: list[int]
    chosen: list[str]
    vp: list[dict[str, int]]  # per seat: party -> victory points
    results: list[Result]
    over: bool
    result: Optional[Outcome]
    # caches (not saved): see _vals, _tallied, _resignation_targets
    _tally: Optional[tuple[list[Optional[int]], dict[str, int]]]
    _held: Optional[Holdings]
    _known: Optional[tuple[list[Play], int, int, list[int], list[int], dict[str, int]]]

    def __init__(self) -> None:
        self.log = []
        self._ctexts = None
        self._tally = None
        self._known = None  # see _resignation_targets

    # -- setup ------------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> KoalitionState:
        st = cls()
        st.players = players
        st.options = options
        st.seed = seed
        st.rng = Rng(seed if seed is not None else 0)
        per, rounds, per_round = DEAL_TABLE[players]
        st.redeals = []
        if deal is not None:
            st._deal_explicit(deal)
        else:
            st.stack = list(COUNTRY_IDS)
            st.rng.shuffle(st.stack)
            deck = list(DECK)
            st.rng.shuffle(deck)
            st._deal_from(deck)
        st.discard = []
        st.vp = [dict.fromkeys(PARTIES, 0) for _ in range(players)]
        st.results = []
        st.election = 1
        st.round = 1
        st.starter = 0
        st.over = False
        st.result = None
        st._reset_election()
        st.log.append(_ev(
            f"New game of Koalition for {players} players: {per} politician cards each, "
            f"{len(st.set_aside)} set aside face down; {rounds} rounds of {per_round} country elections. "
            f"{SEAT_REFS[0]}, the oldest player, starts.",
            "setup",
        ))
        st._deal_events()
        st._start_election()
        return st

    def _deal_from(self, deck: Sequence[str]) -> None:
        per = DEAL_TABLE[self.players][0]
        n = self.players
        self.hands = [_sorted(deck[i * per:(i + 1) * per]) for i in range(n)]
        self.set_aside = _sorted(deck[n * per:])

    def _check_deal(self, hands: Any, set_aside: Any, what: str) -> tuple[list[list[str]], list[str]]:
        n = self.players
        per = DEAL_TABLE[n][0]
        if not isinstance(hands, list) or len(hands) != n:
            raise OptionError(f"{what} needs one hand for each of the {n} players")
        seen: list[Any] = []
        for h in hands:
            if not isinstance(h, list) or len(h) != per:
                raise OptionError(f"{what}: with {n} players every hand has {per} cards")
            seen += h
        if set_aside is not None:
            if not isinstance(set_aside, list):
                raise OptionError(f"{what}: set_aside must be a list of card ids")
            seen += set_aside
        for cid in seen:
            if not isinstance(cid, str) or cid not in CARDS:
                raise OptionError(f"unknown card {cid!r} in {what}")
        if len(set(seen)) != len(seen):
            twice = next(c for c in seen if seen.count(c) > 1)
            raise OptionError(f"a card appears twice in {what}: {twice}")
        rest = [c for c in DECK if c not in set(seen)]
        if set_aside is not None and rest:
            raise OptionError(f"{what} leaves out {', '.join(rest)}: every card is dealt or set aside")
        return [_sorted(h) for h in hands], _sorted(set_aside if set_aside is not None else rest)

    def _deal_explicit(self, deal: Any) -> None:
        if not isinstance(deal, dict):
            raise OptionError("an explicit deal must be an object with hands (and optionally set_aside, "
                              "countries, redeals)")
        unknown = sorted(set(deal) - {"hands", "set_aside", "countries", "redeals"})
        if unknown:
            raise OptionError(f"an explicit deal has no field {unknown[0]!r} "
                              "(it has hands, set_aside, countries, redeals)")
        hands = deal.get("hands")
        if not isinstance(hands, list):
            raise OptionError("an explicit deal needs its hands: a list of card ids per seat")
        self.hands, self.set_aside = self._check_deal(hands, deal.get("set_aside"), "the deal")
        countries = deal.get("countries")
        if countries is None:
            self.stack = list(COUNTRY_IDS)
            self.rng.shuffle(self.stack)
        else:
            if not isinstance(countries, list) or sorted(map(str, countries)) != sorted(COUNTRY_IDS) \
                    or not all(isinstance(c, str) for c in countries):
                raise OptionError("countries must list the twelve country ids once each, in stack order")
            self.stack = list(countries)
        redeals = deal.get("redeals", [])
        rounds = DEAL_TABLE[self.players][1]
        if not isinstance(redeals, list) or len(redeals) > rounds - 1:
            raise OptionError(f"redeals must be a list of at most {rounds - 1} deals")
        for k, rd in enumerate(redeals):
            if not isinstance(rd, dict) or "hands" not in rd or set(rd) - {"hands", "set_aside"}:
                raise OptionError("each redeal is an object with hands (and optionally set_aside)")
            h, s = self._check_deal(rd["hands"], rd.get("set_aside"), f"redeal {k + 1}")
            self.redeals.append({"hands": h, "set_aside": s})

    def _deal_events(self) -> None:
        names = _CARD_NAMES
        for seat in range(self.players):
            self.log.append(event(
                "You are dealt: " + ", ".join([names[c] for c in self.hands[seat]]) + ".",
                to=[seat], kind="private",
            ))

    # -- the election cycle -----------------------------------------------------------

    @property
    def per_round(self) -> int:
        return DEAL_TABLE[self.players][2]

    @property
    def elections(self) -> int:
        return DEAL_TABLE[self.players][1] * DEAL_TABLE[self.players][2]

    def order(self) -> list[int]:
        """Seats in playing order, the starting player first."""
        n = self.players
        key = (self.starter, n)
        order = _ORDERS.get(key)
        if order is None:
            order = _ORDERS[key] = tuple((self.starter + k) % n for k in range(n))
        return list(order)

    def _reset_election(self) -> None:
        self.phase = "play"
        self.turn = self.starter
        self.plays = []
        self._tally = None
        self.count = None
        self.chairs = {}
        self.ties = []  # [[party, [seats]], ...] still to settle
        self.tie_answers = []
        self.unbound = []
        self.units = []
        self.coalitions = []
        self._ctexts = None
        self.proposer = -1
        self.proposal = None
        self.history = []
        self.neg_round = 1  # the round of proposals
        self.fresh = False  # whether this round brought a coalition not proposed before
        self.binding = False  # whether the negotiation binds (from BINDING_BALLOT on)
        self.government = None
        self.options_of = {}
        self.choosers = []
        self.chosen = []

    def _start_election(self) -> None:
        self.country = self.stack.pop(0)
        self.ballot = 1
        self._reset_election()
        table = _vp_text(self.country, self.players)
        self.log.append(_ev(
            f"Election {self.election} of {self.elections} (round {self.round}): {SEAT_REFS[self.starter]} turns over "
            f"{COUNTRY_NAMES[self.country]}, worth {COUNTRY_TOTALS[self.country]} victory points ({table}). "
            f"{SEAT_REFS[self.starter]} plays first.",
            "election",
        ))

    def _vals(self) -> tuple[list[Optional[int]], dict[str, int]]:
        """(values, party totals) of the cards on the table (a cache)."""
        if self._tally is None:
            self._tally = values_of(self.plays)
            self._held = None
        return self._tally

    def _resignation_targets(self) -> list[int]:
        """`resignation_targets` of the cards on the table, without building
        their values: the highest politicians in play, the Doublers among them
        if any (a Doubler is worth the other cards of its party). What it
        learns of the table is kept, so that the next time only the cards
        played since are looked at (unless one is a Resignation)."""
        plays = self.plays
        n = len(plays)
        known = self._known
        best: list[int]
        doublers: list[int]
        sums: dict[str, int]
        if known is not None and known[0] is plays and known[1] <= n:
            _, start, top, best, doublers, sums = known
        else:
            start, top, best, doublers, sums = 0, -1, [], [], {}
        for i in range(start, n):
            pl = plays[i]
            party = pl["party"]
            if party is None:
                if start:  # a Resignation since: politicians may have resigned
                    self._known = None
                    return self._resignation_targets()
                continue
            if pl["out"]:
                continue
            v = VALUE[pl["card"]]
            if v is None:
                doublers.append(i)
                continue
            sums[party] = sums.get(party, 0) + v
            if v > top:
                top = v
                best = [i]
            elif v == top:
                best.append(i)
        self._known = (plays, n, top, best, doublers, sums)
        if doublers:
            worth = [sums.get(cast(str, plays[i]["party"]), 0) for i in doublers]  # (a Doubler has its party)
            high = max(worth)
            if high >= top:  # the Doublers at the top rank above the cards equal to them
                return [i for i, w in zip(doublers, worth) if w == high]
        return list(best)

    def _party_sum(self, party: str) -> int:
        """The printed values of the politicians of `party` in play (what its
        Doubler is worth)."""
        total = 0
        for pl in self.plays:
            if pl["party"] == party and not pl["out"]:
                v = VALUE[pl["card"]]
                if v is not None:
                    total += v
        return total

    def _tallied(self) -> tuple[list[Optional[int]], dict[str, int], Holdings]:
        """(values, party totals, holdings) of the cards on the table (a cache)."""
        values, totals = self._vals()
        if self._held is None:
            self._held = party_holdings(self.plays, values)
        return values, totals, self._held

    def _count(self) -> None:
        values, totals, held, pnames, names, cards, holders = tally(self.plays)
        self._tally = (values, totals)
        self._held = held
        total = sum(totals.values())
        need = majority(total)
        self.count = {"votes": dict(totals), "total": total, "majority": need}
        parts = [f"{PARTY_NAMES[p]} {totals[p]} ({names[p]})" for p in PARTIES if totals[p]]
        vote = (f"The vote in {COUNTRY_NAMES[self.country]}: " + ("; ".join(parts) or "no votes at all")
                + f". Total {total}; absolute majority {majority_text(total)}.")
        winner = None
        if max(totals.values()) >= need:
            winner = next(p for p in PARTIES if totals[p] >= need)
        if winner is not None:
            self.log.append(_ev(
                vote + f" {PARTY_NAMES[winner]} has {totals[winner]}, at least the majority of {need}: "
                f"{PARTY_NAMES[winner]} governs alone; the other parties have no part in the government.",
                "vote",
            ))
            self._govern([winner], totals[winner], alone=True)
            return
        if total == 0:
            self.log.append(_ev(vote + " No party has any votes, so no government can form.", "vote"))
            self._stalemate()
            return
        self.log.append(_ev(vote + f" No party has the majority of {need}: the party chairs negotiate a "
                                   f"coalition.", "vote"))
        chair, ties, lines = chairs_of(totals, self.order(), held, pnames, cards, holders)
        self.chairs = chair
        if lines:
            self.log.append(_ev("Party chairs. " + " ".join(lines), "chair"))
        self.ties = [[p, seats] for p, seats in ties.items()]
        if self.ties:
            self._start_tie()
        else:
            self._negotiate()

    # -- government and victory points ------------------------------------------------------------

    def _govern(self, labels: list[str], votes: int, alone: bool = False) -> None:
        self.government = {"labels": list(labels), "votes": votes}
        values, _, held = self._tallied()
        options: dict[int, list[str]] = {}
        for lb in labels:
            party, seat = LABEL_PARTS[lb]
            seats = [seat] if seat is not None else [s for (s, p) in held if p == party]
            for s in seats:
                if s in options:
                    options[s].append(party)
                else:
                    options[s] = [party]
        self.options_of = {_SEAT_KEY[s]: (sorted(ps, key=PARTY_INDEX.__getitem__) if len(ps) > 1 else ps)
                           for s, ps in options.items()}
        self.choosers = [s for s in self.order() if len(options.get(s, ())) > 1]
        self.chosen = []
        text = "" if alone else (
            f"{' + '.join([_LABEL_NAMES[lb] for lb in labels])} govern{'s' if len(labels) == 1 else ''} "
            f"{COUNTRY_NAMES[self.country]} with {votes} votes. ")
        if self.choosers:
            self.phase = "choose"
            self.log.append(_ev(
                text + f"{seat_refs(self.choosers)} {'has' if len(self.choosers) == 1 else 'have'} cards in "
                f"two coalition parties and must choose the one to score with.",
                "government",
            ))
        else:
            self._award(text)

    def _winning_side(self, chosen: dict[int, str]) -> list[Entry]:
        """The players on the winning side, each with the party they score
        with (`chosen`: seat -> party for those who chose; the others score
        with their only, or first, party)."""
        values, _, held = self._tallied()
        plays = self.plays
        options_of = self.options_of
        entries: list[Entry] = []
        keys = _SEAT_KEY
        for s in self.order():
            parties = options_of.get(keys[s])
            if not parties:
                continue
            party = chosen.get(s, parties[0])
            total, key, idx = held[(s, party)]
            entries.append({"seat": s, "party": party, "value": total, "key": key,
                            "high": play_name(plays, values, idx)})
        return entries

    def score_preview(self, seat: int, party: str) -> tuple[int, bool]:
        """(VP, exact) that `seat` would receive scoring with `party`: exact
        when nobody after it still chooses; otherwise as it stands, with those
        still to choose on their first party."""
        chosen = dict(zip(self.choosers, self.chosen))
        chosen[seat] = party
        entries = self._winning_side(chosen)
        ranked = sorted(entries, key=RANK, reverse=True)
        vp, _ = award_ranked(ranked, VP_TABLE[self.country][len(entries)])
        later = [s for s in self.choosers[len(self.chosen):] if s != seat]
        return vp[seat], not later

    def _award(self, text: str = "") -> None:
        chosen = dict(zip(self.choosers, self.chosen)) if self.choosers else {}
        entries = self._winning_side(chosen)
        n = len(entries)
        row = VP_TABLE[self.country][n]
        lines = [text + f"{n} player{'s' if n != 1 else ''} on the winning side: "
                 f"{COUNTRY_NAMES[self.country]} pays {_row_text(row)}."]
        ranked = sorted(entries, key=RANK, reverse=True)  # = sorted(entries, key=rank_key)
        vp, places = award_ranked(ranked, row)
        lines += places
        recorded: list[str] = []
        for e in entries:
            s = e["seat"]
            self.vp[s][e["party"]] += vp[s]
            recorded.append(f"{SEAT_REFS[s]} +{vp[s]} with {PARTY_NAMES[e['party']]}")
        lines.append("Recorded: " + "; ".join(recorded) + ".")
        self._record(self.government, vp, ranked)
        got = [vp.get(s, 0) for s in range(self.players)]
        best = max(got)
        self.starter = got.index(best)
        if self.election < self.elections:
            tied = [s for s in range(self.players) if got[s] == best]
            if len(tied) == 1:
                lines.append(f"{SEAT_REFS[self.starter]} received the most victory points ({best}) and starts the next "
                             f"election.")
            else:
                lines.append(f"{seat_refs(tied)} received the most victory points ({best}); the oldest of "
                             f"them, {SEAT_REFS[self.starter]}, starts the next election.")
        self.log.append(_ev(" ".join(lines), "vp"))
        self._end_election()

    def _record(self, government: Optional[Government], vp: dict[int, int], entries: Sequence[Entry]) -> None:
        count = self.count
        self.results.append({
            "election": self.election,
            "round": self.round,
            "country": self.country,
            "ballots": self.ballot,
            "votes": dict(count["votes"]) if count else {},
            "total": count["total"] if count else 0,
            "majority": count["majority"] if count else 0,
            "government": list(government["labels"]) if government else [],
            "winners": [{"seat": e["seat"], "party": e["party"], "value": e["value"], "vp": vp[e["seat"]]}
                        for e in entries],
        })

    def _result_summary(self, r: Result) -> JSON:
        """An election's result for the view: the country, how many ballots, the
        government ('black+red', '' for none), the VP each seat received and
        the count of its last ballot (votes per party, total, majority)."""
        vp = [0] * self.players
        for w in r["winners"]:
            vp[w["seat"]] = w["vp"]
        return {"country": r["country"], "ballots": r["ballots"], "government": "+".join(r["government"]),
                "vp": vp, "votes": dict(r["votes"]), "total": r["total"], "majority": r["majority"]}

    def _end_election(self) -> None:
        self.discard.extend([pl["card"] for pl in self.plays])
        self.plays = []
        self._tally = None
        if self.election >= self.elections:
            self._finish()
            return
        if self.election % self.per_round == 0:
            self._redeal()
        self.election += 1
        self._start_election()
        self.revealed = True

    def _redeal(self) -> None:
        per = DEAL_TABLE[self.players][0]
        self.log.append(_ev(
            f"Round {self.round} is over. Each player discards their last card; all 56 cards, those set aside "
            f"included, are shuffled and dealt again: {per} each.",
            "deal",
        ))
        self.round += 1
        if self.redeals:
            rd = self.redeals.pop(0)
            self.hands, self.set_aside = [list(h) for h in rd["hands"]], list(rd["set_aside"])
        else:
            deck = _sorted(self.discard + self.set_aside + [c for h in self.hands for c in h])
            self.rng.shuffle(deck)
            self._deal_from(deck)
        self.discard = []
        self._deal_events()
        self.revealed = True

    def _finish(self) -> None:
        b = bonus_round(self.vp, self.players)
        self.log.append(_ev(" ".join(b["lines"]), "bonus"))
        scores = b["scores"]
        best = max(scores)
        winners = [s for s in range(self.players) if scores[s] == best]
        if len(winners) == 1:
            w = winners[0]
            summary = f"{SEAT_REFS[w]} wins with {best} points ({b['totals'][w]} VP + {b['paid'][w]} bonus)."
        else:
            summary = f"{seat_refs(winners)} share the win with {best} points."
        self.log.append(_ev(summary, "result"))
        self.phase = "over"
        self.over = True
        self.result = Outcome(
            scores=scores,
            winners=winners,
            summary=summary,
            details={
                "lines": b["lines"],
                "vp": [dict(v) for v in self.vp],
                "totals": b["totals"],
                "shares": b["shares"],
                "chiefs": b["chiefs"],
                "bonus": b["bonus"],
                "paid": b["paid"],
            },
        )

    # -- protocol ---------------------------------------------------------------------

    def to_act(self) -> list[int]:
        ph = self.phase
        if ph == "play":
            return [self.turn]
        return [cast(int, self.actor())] if ph != "over" else []  # (an actor in every phase but "over")

    def actor(self) -> Optional[int]:
        """The one seat that acts now (None when the game is over)."""
        ph = self.phase
        if ph == "play":
            return self.turn
        if ph == "propose":
            return self.units[self.proposer]["seat"]
        if ph == "answer":
            prop = self.proposal
            assert prop is not None  # the answer phase has its proposal
            return prop["responders"][len(prop["accepted"])]
        if ph == "tie":
            seats: list[int] = self.ties[0][1]
            return seats[len(self.tie_answers)]
        if ph == "choose":
            return self.choosers[len(self.chosen)]
        return None

    def _legal(self, seat: int) -> list[str]:
        ph = self.phase
        if self.over or seat != (self.turn if ph == "play" else self.actor()):
            return []
        if ph == "play":
            acts = []
            last = None
            info = _HAND_ACTIONS
            for cid in self.hands[self.turn]:
                # Identical cards (the Green twins, the Resignations) are
                # neighbours in deck order: offer only the first.
                tk, simple = info[cid]
                if tk == last:
                    continue
                last = tk
                if simple is not None:
                    acts.append(simple)
                elif cid == "colorino":
                    acts += COLORINO_ACTIONS
                else:
                    plays = self.plays
                    targets = [plays[i]["card"] for i in self._resignation_targets()]
                    acts += [f"play {cid} {t}" for t in targets] if targets else [f"play {cid}"]
            return acts
        if ph == "propose":
            k = self.proposer
            acts = ["propose " + t for c, t in zip(self.coalitions, self._texts()) if k in c]
            return acts if self.binding else acts + [PASS]
        if ph == "answer":
            return [ACCEPT, DECLINE]
        if ph == "tie":
            party = self.ties[0][0]
            return [f"claim {party}", f"yield {party}"]
        if ph == "choose":
            return [f"score {p}" for p in self.options_of[str(self.choosers[len(self.chosen)])]]
        return []

    def explain_illegal(self, seat: int, action: str) -> str:
        try:
            a = parse(action)
        except NotationError as exc:
            return f"{super().explain_illegal(seat, action)}: {exc.reason}"
        if a.kind == "play":
            if self.phase != "play":
                return "the election rounds are over: no more cards are played in this election"
            cid = str(a["card"])
            if cid not in self.hands[seat]:
                return f"{card_name(cid)} is not in your hand"
            if CARDS[cid]["kind"] == "resign":
                resignations = [x for x in self.legal_actions(seat)
                                if CARDS[str(parse(x)["card"])]["kind"] == "resign"]
                return "a Resignation names the politician who resigns, one of the highest in play: " \
                       + ", ".join(resignations)
            return f"{card_name(cid)} is identical to a card listed before it in your hand: play that one"
        if self.phase == "propose" and a.kind == "propose":
            return "that is not a legal coalition with your party: the parties must be compatible, reach the " \
                   "majority and need every member (written in party order, e.g. 'propose black+red')"
        return super().explain_illegal(seat, action)

    def _apply(self, seat: int, action: str) -> None:
        """Carry out a legal action, appending its events to the log."""
        ph = self.phase
        if ph != "play":
            if ph == "tie":
                self._tie_answer(seat, action)
            elif ph == "propose":
                if action == PASS:
                    self._pass(seat)
                else:
                    self._propose(seat, str(parse(action)["coalition"]))
            elif ph == "answer":
                self._answer(seat, action)
            elif ph == "choose":
                self._choose(seat, str(parse(action)["party"]))
            return
        # playing a card, the usual action (here rather than in a method of its own: the hot path)
        plays = self.plays
        info = _PLAYS.get(action)
        if info is None:
            text = self._play_resignation(seat, action)
        else:
            cid, party, tail = info
            self.hands[seat].remove(cid)
            self.shown = True
            plays.append({"seat": seat, "card": cid, "party": party, "out": False, "target": None})
            self._tally = None
            if tail is None:  # a Doubler
                assert party is not None  # a Doubler has its party
                text = (f"{SEAT_REFS[seat]} plays {card_name(cid)}: worth the sum of the other {PARTY_NAMES[party]} cards "
                        f"in play, now {self._party_sum(party)}.")
            else:
                text = SEAT_REFS[seat] + tail
        n = len(plays)
        players = self.players
        if n == players + 1:
            text = "Second election round. " + text
        self.log.append({"text": text, "to": None, "kind": "play"})
        # after the play
        if n < 2 * players:
            self.turn = (self.turn + 1) % players
            return
        self._count()

    def _choose(self, seat: int, party: str) -> None:
        """A seat with cards in two governing parties scores with `party`."""
        self.chosen.append(party)
        self.log.append(_ev(f"{SEAT_REFS[seat]} takes their victory points with {PARTY_NAMES[party]}.", "choose"))
        if len(self.chosen) == len(self.choosers):
            self._award()

    def _play_resignation(self, seat: int, action: str) -> str:
        """Play a Resignation; returns the text of its log event."""
        a = parse(action)
        cid = str(a["card"])
        self.hands[seat].remove(cid)
        self.shown = True
        target = cast(Optional[str], a.get("target"))  # (a card id)
        if target is None:
            self._tally = None
            self.plays.append({"seat": seat, "card": cid, "party": None, "out": False, "target": target})
            return f"{SEAT_REFS[seat]} plays a Resignation, but no politician is in play: it has no effect."
        # The target is one of these (the action is legal), all of the same value.
        targets = self._resignation_targets()
        choice = len(targets) > 1
        known = self._known
        assert known is not None  # set by _resignation_targets
        _, _, top, best, _, sums = known  # what _resignation_targets saw
        self._tally = None
        self.plays.append({"seat": seat, "card": cid, "party": None, "out": False, "target": target})
        idx = next(i for i, pl in enumerate(self.plays) if pl["card"] == target)
        gone = self.plays[idx]
        card = CARDS[gone["card"]]
        if card["kind"] == "doubler":
            # worth its party's other cards; equal to it: the other Doublers
            # among the targets, and the cards of the highest value if as high
            value = sums.get(cast(str, gone["party"]), 0)  # (a Doubler has its party)
            equal = len(targets) + (len(best) if value == top else 0) > 1
            name = f"{card['name']} ({value})"  # play_name
        else:
            # (no Doubler is as high, or it would be the target)
            equal = choice
            name = card_name(gone["card"], gone["party"])  # play_name
        why = ""
        if choice:
            why = f" ({SEAT_REFS[seat]} chose among equals)"
        elif equal:
            why = " (a Doubler ranks above an equal card)"
        text = (f"{SEAT_REFS[seat]} plays a Resignation: the highest politician in play, "
                f"{name} of {SEAT_REFS[gone['seat']]}, resigns{why}. "
                f"Both cards go to the discard pile.")
        gone["out"] = True
        return text

    def auto_action(self) -> Optional[tuple[int, str]]:
        if self.over:
            return None
        seat = self.to_act()[0]
        legal = self.legal_actions(seat)
        if len(legal) == 1:
            return (seat, legal[0])
        return None

    def outcome(self) -> Optional[Outcome]:
        return self.result

    def is_over(self) -> bool:
        return self.over

    def label(self, seat: int, action: str) -> str:
        a = parse(action)
        verb = a.kind
        if verb == "play":
            cid = str(a["card"])
            if CARDS[cid]["kind"] == "colorino":
                return f"Play Gaudino Colorino for {PARTY_NAMES[str(a['party'])]}"
            if CARDS[cid]["kind"] == "resign":
                target = a.get("target")
                if target is None:
                    return "Play a Resignation (no politician in play)"
                values = self._vals()[0]
                idx = next(i for i, pl in enumerate(self.plays) if pl["card"] == target)
                return (f"Play a Resignation: {play_name(self.plays, values, idx)} of "
                        f"{SEAT_REFS[self.plays[idx]['seat']]} resigns")
            return "Play " + card_name(cid)
        if verb == "propose":
            coalition = str(a["coalition"])
            members = self._coalition_by_text(coalition)
            assert members is not None  # a legal proposal
            votes = sum(self.units[i]["votes"] for i in members)
            return "Propose " + " + ".join(_LABEL_NAMES[lb] for lb in coalition_labels(coalition)) + f" ({votes} votes)"
        if verb == PASS:
            return "Make no proposal"
        if verb == ACCEPT:
            return "Accept the coalition"
        if verb == DECLINE:
            return "Decline the coalition"
        if verb == "claim":
            return f"Claim the {PARTY_NAMES[str(a['party'])]} chair"
        if verb == "yield":
            return f"Yield the {PARTY_NAMES[str(a['party'])]} chair"
        if verb == "score":
            party = str(a["party"])
            vp, exact = self.score_preview(seat, party)
            return f"Score with {PARTY_NAMES[party]}: {vp} VP" + ("" if exact else " as it stands")
        return action

    def _live_count(self, totals: dict[str, int]) -> Count:
        """The votes per party, their total and the absolute majority: the count
        of the rules once the two rounds are played, else the cards on the
        table now (the same numbers the count will have if nothing else is
        played)."""
        count = self.count
        if count is not None:
            return {"votes": dict(count["votes"]), "total": count["total"], "majority": count["majority"]}
        total = sum(totals.values())
        return {"votes": dict(totals), "total": total, "majority": majority(total)}

    def view(self, seat: Optional[int] = None) -> JSON:
        values, totals, _ = self._tallied()
        table = [
            {"seat": pl["seat"], "card": pl["card"], "party": pl["party"], "value": values[i], "out": pl["out"],
             "target": pl["target"]}
            for i, pl in enumerate(self.plays)
        ]
        neg = None
        if self.units:
            neg = {
                "units": [dict(u) for u in self.units],
                "proposer": self.proposer,
                "proposal": ({"coalition": self.coalition_text(self.proposal["members"]), "by": self.proposal["by"],
                              "responders": list(self.proposal["responders"]),
                              "accepted": list(self.proposal["accepted"])} if self.proposal else None),
                "history": [dict(h) for h in self.history],
                # the coalitions that may govern: every minimal one that reaches the majority
                "possible": list(self._texts()),
                "round": self.neg_round,
                "binding": self.binding,
            }
        return {
            "game": "koalition",
            "players": self.players,
            "seat": seat,
            "options": dict(self.options),
            "phase": self.phase,
            "to_act": self.to_act(),
            "turn": self.turn if self.phase == "play" else None,
            "starter": self.starter,
            "election": self.election,
            "elections": self.elections,
            "round": self.round,
            "rounds": DEAL_TABLE[self.players][1],
            "ballot": self.ballot,
            "country": self.country,
            "country_vp": [list(VP_TABLE[self.country][n]) for n in range(1, self.players + 1)],
            "countries_left": sorted(self.stack),
            "table": table,
            "votes": dict(totals),
            "count": self._live_count(totals),
            "counted": self.count is not None,
            "chairs": dict(self.chairs),
            "ties": [[p, list(s)] for p, s in self.ties],
            "tie_answers": list(self.tie_answers),
            "unbound": list(self.unbound),
            "negotiation": neg,
            "government": dict(self.government) if self.government else None,
            "score_options": {k: list(v) for k, v in self.options_of.items()},
            "choosers": list(self.choosers),
            "chosen": list(self.chosen),
            "discard": list(self.discard),
            "set_aside_count": len(self.set_aside),
            "hand_counts": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "vp": [dict(v) for v in self.vp],
            "results": [self._result_summary(r) for r in self.results],
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
            "outcome": self.result.to_json() if self.result else None,
        }

    # -- JSON ------------------------------------------------------------------------

    _FIELDS = ("players", "seed", "hands", "set_aside", "discard", "stack", "redeals", "election", "round",
               "ballot", "country", "starter", "phase", "turn", "plays", "count", "chairs", "ties", "tie_answers",
               "unbound", "units", "coalitions", "proposer", "proposal", "history", "government", "options_of",
               "choosers", "chosen", "vp", "results", "over", "log", "neg_round", "fresh", "binding")

    def to_json(self) -> JSON:
        data: JSON = {"game": "koalition", "options": dict(self.options), "rng": self.rng.to_json()}
        for key in self._FIELDS:
            data[key] = _COPY.get(key, _jcopy)(getattr(self, key))
        data["result"] = self.result.to_json() if self.result else None
        return data

    @classmethod
    def from_json(cls, data: JSON) -> KoalitionState:
        st = cls()
        try:
            if data.get("game") != "koalition":
                raise ValueError("not a Koalition state")
            st.options = Koalition.check_options(data["options"])
            st.rng = Rng.from_json(data["rng"])
            for key in cls._FIELDS:
                setattr(st, key, _COPY.get(key, _jcopy)(data[key]))
            st.result = Outcome.from_json(data["result"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Koalition state: {exc}") from None
        return st


class Koalition(Game):
    id = "koalition"
    title = "Koalition"
    designer = "Hartmut Witt"
    min_players = 3
    max_players = 8
    order = 2
    summary = (
        "Political strategists place their politicians in twelve European elections. Become party chair, forge "
        "the smallest winning coalition and collect victory points; the party chiefs of Europe earn a bonus. "
        "45–90 minutes."
    )
    options = ()
    State = KoalitionState
    default_bot = "good"


KoalitionState.game = Koalition
