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

from ...core.errors import OptionError, RecordError
from ...core.game import Game, Outcome, State, event
from ...core.rng import Rng
from .data import (
    CARDS, COUNTRY_IDS, COUNTRY_NAMES, COUNTRY_TOTALS, DEAL_TABLE, DECK, MAX_BALLOTS, ORDER, PARTIES,
    PARTY_INDEX, PARTY_NAMES, TWIN, VP_TABLE, card_name,
)
from .scoring import (
    award, bonus_round, chairs, rank_key, majority, majority_text, minimal_winning, party_holdings, play_name,
    resignation_targets, values_of,
)

PASS = "pass"
# the action of playing each card that needs nothing more (None: Colorino and Resignations)
PLAY_ACTION = {cid: None if c["kind"] in ("colorino", "resign") else "play " + cid for cid, c in CARDS.items()}
COLORINO_ACTIONS = ["play colorino " + p for p in PARTIES]
ACCEPT = "accept"
DECLINE = "decline"


def _p(seat):
    return "{p%d}" % seat


def _sorted(cards):
    return sorted(cards, key=ORDER.__getitem__)


def _cap(text):
    return text[:1].upper() + text[1:]


def _join(items):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_LABEL_KEYS = {}


def unit_label_key(label):
    """Canonical order of the parts of a coalition: party order, then seat."""
    key = _LABEL_KEYS.get(label)
    if key is None:
        party, _, seat = label.partition("@")
        key = _LABEL_KEYS[label] = (PARTY_INDEX[party], int(seat) if seat else -1)
    return key


_LABEL_NAMES = {}


def label_name(label):
    """'Rose', or 'Green ({p3})' for a party whose chair tie left it unbound."""
    name = _LABEL_NAMES.get(label)
    if name is None:
        party, _, seat = label.partition("@")
        name = _LABEL_NAMES[label] = PARTY_NAMES[party] + (f" ({_p(int(seat))})" if seat else "")
    return name


def _jcopy(x):
    """A deep copy of JSON-like data (dicts, lists, text, numbers), faster than
    copy.deepcopy. The nesting is a few levels deep at most."""
    if isinstance(x, dict):
        return {k: _jcopy(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jcopy(v) for v in x]
    return x


def _flat_dicts(items):
    """A copy of a list of dicts whose values are text or numbers."""
    return [dict(d) for d in items]


def _copy_result(r):
    r = dict(r)
    r["votes"] = dict(r["votes"])
    r["government"] = list(r["government"])
    r["winners"] = _flat_dicts(r["winners"])
    return r


# How each field of the state is copied to and from JSON (the default: _jcopy).
_COPY = {
    "log": _flat_dicts,
    "plays": _flat_dicts,
    "units": _flat_dicts,
    "history": _flat_dicts,
    "vp": _flat_dicts,
    "hands": lambda hs: [list(h) for h in hs],
    "coalitions": lambda cs: [list(c) for c in cs],
    "results": lambda rs: [_copy_result(r) for r in rs],
}


_VP_TEXTS = {}


def _vp_text(country, players):
    """'1 on the winning side: 8; 2 on the winning side: 5, 3; ...' (cached)."""
    text = _VP_TEXTS.get((country, players))
    if text is None:
        rows = VP_TABLE[country]
        text = _VP_TEXTS[(country, players)] = "; ".join(
            f"{n} on the winning side: {', '.join(map(str, rows[n]))}" for n in range(1, players + 1))
    return text


class KoalitionState(State):
    def __init__(self):
        self.log = []
        self._legal = None
        self._ctexts = None
        self._tally = None

    # -- setup ------------------------------------------------------------------

    @classmethod
    def setup(cls, players, options, seed, deal):
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
        st.log.append(event(
            f"New game of Koalition for {players} players: {per} politician cards each, "
            f"{len(st.set_aside)} set aside face down; {rounds} rounds of {per_round} country elections. "
            f"{_p(0)}, the oldest player, starts.",
            kind="setup",
        ))
        st._deal_events()
        st._start_election()
        return st

    def _deal_from(self, deck):
        per = DEAL_TABLE[self.players][0]
        n = self.players
        self.hands = [_sorted(deck[i * per:(i + 1) * per]) for i in range(n)]
        self.set_aside = _sorted(deck[n * per:])

    def _check_deal(self, hands, set_aside, what):
        n = self.players
        per = DEAL_TABLE[n][0]
        if not isinstance(hands, list) or len(hands) != n:
            raise OptionError(f"{what} needs one hand for each of the {n} players")
        seen = []
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
            raise OptionError(f"a card appears twice in {what}")
        rest = [c for c in DECK if c not in set(seen)]
        if set_aside is not None and rest:
            raise OptionError(f"{what} leaves out {', '.join(rest)}: every card is dealt or set aside")
        return [_sorted(h) for h in hands], _sorted(set_aside if set_aside is not None else rest)

    def _deal_explicit(self, deal):
        if not isinstance(deal, dict):
            raise OptionError("an explicit deal must be an object with hands (and optionally set_aside, "
                              "countries, redeals)")
        try:
            hands = [list(h) if isinstance(h, list) else h for h in deal["hands"]]
        except (KeyError, TypeError) as exc:
            raise OptionError(f"bad explicit deal: {exc}") from None
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
            if not isinstance(rd, dict) or "hands" not in rd:
                raise OptionError("each redeal is an object with hands (and optionally set_aside)")
            h, s = self._check_deal(rd["hands"], rd.get("set_aside"), f"redeal {k + 1}")
            self.redeals.append({"hands": h, "set_aside": s})

    def _deal_events(self):
        for seat in range(self.players):
            self.log.append(event(
                "You are dealt: " + ", ".join(card_name(c) for c in self.hands[seat]) + ".",
                to=[seat], kind="private",
            ))

    # -- the election cycle -----------------------------------------------------------

    @property
    def per_round(self):
        return DEAL_TABLE[self.players][2]

    @property
    def elections(self):
        return DEAL_TABLE[self.players][1] * DEAL_TABLE[self.players][2]

    def order(self):
        """Seats in playing order, the starting player first."""
        n = self.players
        return [(self.starter + k) % n for k in range(n)]

    def _reset_election(self):
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
        self.government = None
        self.options_of = {}
        self.choosers = []
        self.chosen = []

    def _start_election(self):
        self.country = self.stack.pop(0)
        self.ballot = 1
        self._reset_election()
        table = _vp_text(self.country, self.players)
        self.log.append(event(
            f"Election {self.election} of {self.elections} (round {self.round}): {_p(self.starter)} turns over "
            f"{COUNTRY_NAMES[self.country]}, worth {COUNTRY_TOTALS[self.country]} victory points ({table}). "
            f"{_p(self.starter)} plays first.",
            kind="election",
        ))

    def _vals(self):
        """(values, party totals) of the cards on the table (a cache)."""
        if self._tally is None:
            self._tally = values_of(self.plays)
            self._held = None
        return self._tally

    def _tallied(self):
        """(values, party totals, holdings) of the cards on the table (a cache)."""
        values, totals = self._vals()
        if self._held is None:
            self._held = party_holdings(self.plays, values)
        return values, totals, self._held

    def _after_play(self):
        if len(self.plays) < 2 * self.players:
            self.turn = (self.turn + 1) % self.players
            return
        self._count()

    def _count(self):
        values, totals, held = self._tallied()
        total = sum(totals.values())
        need = majority(total)
        self.count = {"votes": dict(totals), "total": total, "majority": need}
        names = {}
        for i, pl in enumerate(self.plays):
            if values[i] is not None:
                names.setdefault(pl["party"], []).append(play_name(self.plays, values, i))
        parts = [f"{PARTY_NAMES[p]} {totals[p]} ({' + '.join(names[p])})" for p in PARTIES if totals[p]]
        vote = (f"The vote in {COUNTRY_NAMES[self.country]}: " + ("; ".join(parts) or "no votes at all")
                + f". Total {total}; absolute majority {majority_text(total)}.")
        winner = next((p for p in PARTIES if totals[p] >= need), None)
        if winner is not None:
            self.log.append(event(
                vote + f" {PARTY_NAMES[winner]} has {totals[winner]}, at least the majority of {need}: "
                f"{PARTY_NAMES[winner]} governs alone; the other parties have no part in the government.",
                kind="vote",
            ))
            self._govern([winner], totals[winner], alone=True)
            return
        self.log.append(event(vote + f" No party has the majority of {need}: the party chairs negotiate a "
                                     f"coalition.", kind="vote"))
        chair, ties, lines = chairs(self.plays, values, totals, self.order(), held)
        self.chairs = chair
        if lines:
            self.log.append(event("Party chairs. " + " ".join(lines), kind="chair"))
        self.ties = [[p, seats] for p, seats in ties.items()]
        if self.ties:
            self._start_tie()
        else:
            self._negotiate()

    # -- the Green peculiarity -------------------------------------------------------------

    def _start_tie(self):
        party, seats = self.ties[0]
        self.phase = "tie"
        self.tie_answers = []
        self.log.append(event(
            f"{_join(map(_p, seats))} must agree which of them chairs {PARTY_NAMES[party]}: each claims the chair "
            f"or yields it. Exactly one claim settles it; otherwise {PARTY_NAMES[party]} is unbound and each of "
            f"its players joins a coalition on their own.",
            kind="tie",
        ))

    def _settle_tie(self):
        party, seats = self.ties.pop(0)
        claims = [s for s, a in zip(seats, self.tie_answers) if a == "claim"]
        if len(claims) == 1:
            self.chairs[party] = claims[0]
            self.log.append(event(f"They agree: {_p(claims[0])} chairs {PARTY_NAMES[party]}.", kind="tie"))
        else:
            self.unbound.append(party)
            self.log.append(event(
                f"No agreement: the party binding of {PARTY_NAMES[party]} has come undone. Each player with "
                f"{PARTY_NAMES[party]} votes negotiates with them alone.",
                kind="tie",
            ))
        if self.ties:
            self._start_tie()
        else:
            self._negotiate()

    # -- coalition negotiation -----------------------------------------------------------------

    def _negotiate(self):
        values, totals, held = self._tallied()
        pos = {s: k for k, s in enumerate(self.order())}
        units = []
        for p in PARTIES:
            if totals[p] <= 0:
                continue
            if p in self.unbound:
                for s in self.order():
                    h = held.get((s, p))
                    if h and h[0] > 0:
                        units.append({"party": p, "seat": s, "votes": h[0], "label": f"{p}@{s}"})
            else:
                units.append({"party": p, "seat": self.chairs[p], "votes": totals[p], "label": p})
        units.sort(key=lambda u: (-u["votes"], PARTY_INDEX[u["party"]], pos[u["seat"]]))
        self.units = units
        self._ctexts = None
        self.coalitions = [list(c) for c in minimal_winning([(u["party"], u["votes"]) for u in units],
                                                            self.count["majority"])]
        self.phase = "propose"
        self.log.append(event(
            "Coalition negotiation. The chairs propose in order of party size: "
            + ", ".join(f"{label_name(u['label'])} {u['votes']} ({_p(u['seat'])})" for u in units)
            + f". A coalition needs {self.count['majority']} votes, only compatible parties, and no party it "
              f"could do without.",
            kind="negotiation",
        ))
        if not self.coalitions:
            self.log.append(event("No legal coalition can reach the majority.", kind="negotiation"))
            self._stalemate()
            return
        self.proposer = -1
        self._next_proposer()

    def _next_proposer(self):
        self.proposal = None
        self.proposer += 1
        while self.proposer < len(self.units) and not any(self.proposer in c for c in self.coalitions):
            u = self.units[self.proposer]
            self.log.append(event(
                f"{label_name(u['label'])} ({_p(u['seat'])}) belongs to no legal coalition and cannot propose.",
                kind="negotiation",
            ))
            self.proposer += 1
        if self.proposer >= len(self.units):
            self.log.append(event("Every chair has had a turn and no proposal was accepted.", kind="negotiation"))
            self._stalemate()
            return
        self.phase = "propose"

    def coalition_text(self, members):
        labels = sorted((self.units[i]["label"] for i in members), key=unit_label_key)
        return "+".join(labels)

    def _texts(self):
        """The notation of each legal coalition (a cache, rebuilt after loading)."""
        if self._ctexts is None:
            self._ctexts = [self.coalition_text(c) for c in self.coalitions]
        return self._ctexts

    def _coalition_by_text(self, text):
        for c, t in zip(self.coalitions, self._texts()):
            if t == text:
                return c
        return None

    def _propose(self, seat, text):
        members = self._coalition_by_text(text)
        u = self.units[self.proposer]
        votes = [self.units[i]["votes"] for i in sorted(members, key=lambda i: unit_label_key(self.units[i]["label"]))]
        names = " + ".join(label_name(lb) for lb in text.split("+"))
        responders = []
        for i in sorted(members):
            s = self.units[i]["seat"]
            if s != seat and s not in responders:
                responders.append(s)
        self.history.append({"by": seat, "unit": u["label"], "coalition": text, "result": "open"})
        self.log.append(event(
            f"{_p(seat)}, for {label_name(u['label'])}, proposes {names}: "
            f"{' + '.join(map(str, votes))} = {sum(votes)} votes (majority {self.count['majority']})."
            + (f" {_join(map(_p, responders))} must accept." if responders else ""),
            kind="proposal",
        ))
        if not responders:
            self.history[-1]["result"] = "accepted"
            self._govern_units(members)
            return
        self.proposal = {"members": list(members), "by": seat, "responders": responders, "accepted": []}
        self.phase = "answer"

    def _answer(self, seat, action):
        prop = self.proposal
        if action == ACCEPT:
            prop["accepted"].append(seat)
            self.log.append(event(f"{_p(seat)} accepts.", kind="answer"))
            if len(prop["accepted"]) == len(prop["responders"]):
                self.history[-1]["result"] = "accepted"
                self._govern_units(prop["members"])
            return
        self.history[-1]["result"] = "declined"
        self.log.append(event(f"{_p(seat)} declines: the proposal fails.", kind="answer"))
        self._next_proposer()

    def _stalemate(self):
        country = COUNTRY_NAMES[self.country]
        if self.ballot >= MAX_BALLOTS:
            self.log.append(event(
                f"Stalemate for the {self.ballot}th time in a row: {country} is left without a government and "
                f"nobody scores there (our safeguard so that every game ends).",
                kind="stalemate",
            ))
            self._record(None, {}, [])
            self._end_election()
            return
        text = (f"Stalemate: a new election is called in {country}. Everyone takes back the cards they played, "
                f"resignations and resigned politicians included.")
        for pl in self.plays:
            self.hands[pl["seat"]].append(pl["card"])
        for h in self.hands:
            h.sort(key=ORDER.__getitem__)
        self.ballot += 1
        self._reset_election()
        self.log.append(event(text + f" Ballot {self.ballot} in {country}: {_p(self.starter)} plays first.",
                              kind="stalemate"))

    # -- government and victory points ------------------------------------------------------------

    def _govern_units(self, members):
        labels = sorted((self.units[i]["label"] for i in members), key=unit_label_key)
        votes = sum(self.units[i]["votes"] for i in members)
        self._govern(labels, votes)

    def _govern(self, labels, votes, alone=False):
        self.government = {"labels": list(labels), "votes": votes}
        values, _, held = self._tallied()
        options = {}
        for lb in labels:
            party, _, seat = lb.partition("@")
            seats = [int(seat)] if seat else [s for (s, p) in held if p == party]
            for s in seats:
                options.setdefault(s, []).append(party)
        self.options_of = {str(s): sorted(ps, key=PARTY_INDEX.__getitem__) for s, ps in options.items()}
        self.choosers = [s for s in self.order() if len(options.get(s, ())) > 1]
        self.chosen = []
        text = "" if alone else (
            f"{' + '.join(label_name(lb) for lb in labels)} govern{'s' if len(labels) == 1 else ''} "
            f"{COUNTRY_NAMES[self.country]} with {votes} votes. ")
        if self.choosers:
            self.phase = "choose"
            self.log.append(event(
                text + f"{_join(map(_p, self.choosers))} {'has' if len(self.choosers) == 1 else 'have'} cards in "
                f"two coalition parties and must choose the one to score with.",
                kind="government",
            ))
        else:
            self._award(text)

    def _award(self, text=""):
        values, _, held = self._tallied()
        chosen = dict(zip(self.choosers, self.chosen))
        entries = []
        for s in self.order():
            parties = self.options_of.get(str(s))
            if not parties:
                continue
            party = chosen.get(s, parties[0])
            total, key, idx = held[(s, party)]
            entries.append({"seat": s, "party": party, "value": total, "key": key,
                            "high": play_name(self.plays, values, idx)})
        row = VP_TABLE[self.country][len(entries)]
        lines = [text + f"{len(entries)} player{'s' if len(entries) != 1 else ''} on the winning side: "
                 f"{COUNTRY_NAMES[self.country]} pays {', '.join(map(str, row))}."]
        vp, places = award(entries, row)
        lines += places
        for e in entries:
            self.vp[e["seat"]][e["party"]] += vp[e["seat"]]
        lines.append("Recorded: " + "; ".join(
            "{p%d} +%d with %s" % (e["seat"], vp[e["seat"]], PARTY_NAMES[e["party"]]) for e in entries) + ".")
        ranked = sorted(entries, key=rank_key)
        self._record(self.government, vp, ranked)
        got = [vp.get(s, 0) for s in range(self.players)]
        best = max(got)
        self.starter = got.index(best)
        tied = [s for s in range(self.players) if got[s] == best]
        if self.election < self.elections:
            if len(tied) == 1:
                lines.append(f"{_p(self.starter)} received the most victory points ({best}) and starts the next "
                             f"election.")
            else:
                lines.append(f"{_join(map(_p, tied))} received the most victory points ({best}); the oldest of "
                             f"them, {_p(self.starter)}, starts the next election.")
        self.log.append(event(" ".join(lines), kind="vp"))
        self._end_election()

    def _record(self, government, vp, entries):
        self.results.append({
            "election": self.election,
            "round": self.round,
            "country": self.country,
            "ballots": self.ballot,
            "votes": dict(self.count["votes"]) if self.count else {},
            "total": self.count["total"] if self.count else 0,
            "majority": self.count["majority"] if self.count else 0,
            "government": list(government["labels"]) if government else [],
            "winners": [{"seat": e["seat"], "party": e["party"], "value": e["value"], "vp": vp[e["seat"]]}
                        for e in entries],
        })

    def _result_summary(self, r):
        """An election's result for the view: the country, how many ballots, the
        government ('black+red', '' for none) and the VP each seat received."""
        vp = [0] * self.players
        for w in r["winners"]:
            vp[w["seat"]] = w["vp"]
        return {"country": r["country"], "ballots": r["ballots"], "government": "+".join(r["government"]),
                "vp": vp}

    def _end_election(self):
        self.discard.extend(pl["card"] for pl in self.plays)
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

    def _redeal(self):
        per = DEAL_TABLE[self.players][0]
        self.log.append(event(
            f"Round {self.round} is over. Each player discards their last card; all 56 cards, those set aside "
            f"included, are shuffled and dealt again: {per} each.",
            kind="deal",
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

    def _finish(self):
        b = bonus_round(self.vp, self.players)
        self.log.append(event(" ".join(b["lines"]), kind="bonus"))
        scores = b["scores"]
        best = max(scores)
        winners = [s for s in range(self.players) if scores[s] == best]
        if len(winners) == 1:
            w = winners[0]
            summary = "%s wins with %d points (%d VP + %d bonus)." % (_p(w), best, b["totals"][w], b["paid"][w])
        else:
            summary = f"{_join(map(_p, winners))} share the win with {best} points."
        self.log.append(event(summary, kind="result"))
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

    def to_act(self):
        return [self.actor()] if self.phase != "over" else []

    def actor(self):
        """The one seat that acts now (None when the game is over)."""
        ph = self.phase
        if ph == "play":
            return self.turn
        if ph == "propose":
            return self.units[self.proposer]["seat"]
        if ph == "answer":
            return self.proposal["responders"][len(self.proposal["accepted"])]
        if ph == "tie":
            return self.ties[0][1][len(self.tie_answers)]
        if ph == "choose":
            return self.choosers[len(self.chosen)]
        return None

    def _compute_legal(self):
        ph = self.phase
        if ph == "play":
            acts = []
            last = None
            for cid in self.hands[self.turn]:
                # Identical cards (the Green twins, the Resignations) are
                # neighbours in deck order: offer only the first.
                tk = TWIN[cid]
                if tk == last:
                    continue
                last = tk
                simple = PLAY_ACTION[cid]
                if simple is not None:
                    acts.append(simple)
                elif cid == "colorino":
                    acts += COLORINO_ACTIONS
                else:
                    values = self._vals()[0]
                    targets = [self.plays[i]["card"] for i in resignation_targets(self.plays, values)]
                    acts += [f"play {cid} {t}" for t in targets] if targets else [f"play {cid}"]
            return acts
        if ph == "propose":
            k = self.proposer
            acts = ["propose " + t for c, t in zip(self.coalitions, self._texts()) if k in c]
            return acts + [PASS]
        if ph == "answer":
            return [ACCEPT, DECLINE]
        if ph == "tie":
            party = self.ties[0][0]
            return [f"claim {party}", f"yield {party}"]
        if ph == "choose":
            return [f"score {p}" for p in self.options_of[str(self.choosers[len(self.chosen)])]]
        return []

    def legal_actions(self, seat):
        if self.over or seat != self.actor():
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def explain_illegal(self, seat, action):
        parts = action.split(" ")
        if self.phase == "play" and parts[:1] == ["play"] and len(parts) >= 2:
            cid = parts[1]
            if cid not in CARDS:
                return f"there is no card {cid!r}"
            if cid not in self.hands[seat]:
                return f"{card_name(cid)} is not in your hand"
            kind = CARDS[cid]["kind"]
            if kind == "colorino" and (len(parts) != 3 or parts[2] not in PARTIES):
                return "Gaudino Colorino must declare a party: 'play colorino PARTY'"
            if kind == "resign":
                return "a Resignation names the politician who resigns, one of the highest in play: " \
                       + ", ".join(a for a in self.legal_actions(seat) if a.startswith("play resign"))
            return f"{card_name(cid)} is identical to a card listed before it in your hand: play that one"
        if self.phase == "propose" and parts[:1] == ["propose"]:
            return "that is not a legal coalition with your party: the parties must be compatible, reach the " \
                   "majority and need every member (written in party order, e.g. 'propose black+red')"
        if self.phase != "play" and parts[:1] == ["play"]:
            return "the election rounds are over: no more cards are played in this election"
        return super().explain_illegal(seat, action)

    def _apply(self, seat, action):
        self._legal = None
        mark = len(self.log)
        ph = self.phase
        if ph == "play":
            self._play(seat, action)
        elif ph == "tie":
            self.tie_answers.append(action.split(" ")[0])
            party = self.ties[0][0]
            verb = "claims" if self.tie_answers[-1] == "claim" else "yields"
            self.log.append(event(f"{_p(seat)} {verb} the {PARTY_NAMES[party]} chair.", kind="tie"))
            if len(self.tie_answers) == len(self.ties[0][1]):
                self._settle_tie()
        elif ph == "propose":
            if action == PASS:
                u = self.units[self.proposer]
                self.history.append({"by": seat, "unit": u["label"], "coalition": None, "result": "pass"})
                self.log.append(event(f"{_p(seat)} makes no proposal for {label_name(u['label'])}.",
                                      kind="proposal"))
                self._next_proposer()
            else:
                self._propose(seat, action[len("propose "):])
        elif ph == "answer":
            self._answer(seat, action)
        elif ph == "choose":
            party = action.split(" ")[1]
            self.chosen.append(party)
            self.log.append(event(f"{_p(seat)} takes their victory points with {PARTY_NAMES[party]}.",
                                  kind="choose"))
            if len(self.chosen) == len(self.choosers):
                self._award()
        events = self.log[mark:]
        del self.log[mark:]
        return events

    def _play(self, seat, action):
        mark = len(self.log)
        second = len(self.plays) == self.players
        parts = action.split(" ")
        cid = parts[1]
        self.hands[seat].remove(cid)
        self.shown = True
        kind = CARDS[cid]["kind"]
        if kind == "resign":
            target = parts[2] if len(parts) > 2 else None
            values = self._vals()[0]
            self._tally = None
            self.plays.append({"seat": seat, "card": cid, "party": None, "out": False, "target": target})
            if target is None:
                self.log.append(event(f"{_p(seat)} plays a Resignation, but no politician is in play: it has no "
                                      f"effect.", kind="play"))
            else:
                idx = next(i for i, pl in enumerate(self.plays) if pl["card"] == target)
                choice = len(resignation_targets(self.plays[:-1], values)) > 1
                equal = sum(1 for v in values if v == values[idx]) > 1
                owner = self.plays[idx]["seat"]
                why = ""
                if choice:
                    why = f" ({_p(seat)} chose among equals)"
                elif equal:
                    why = " (a Doubler ranks above an equal card)"
                self.log.append(event(
                    f"{_p(seat)} plays a Resignation: the highest politician in play, "
                    f"{play_name(self.plays, values, idx)} of {_p(owner)}, resigns{why}. "
                    f"Both cards go to the discard pile.",
                    kind="play",
                ))
                self.plays[idx]["out"] = True
        elif kind == "colorino":
            party = parts[2]
            self._tally = None
            self.plays.append({"seat": seat, "card": cid, "party": party, "out": False, "target": None})
            self.log.append(event(
                f"{_p(seat)} plays Gaudino Colorino and declares him {PARTY_NAMES[party]} (worth 7) for this "
                f"election.", kind="play"))
        else:
            party = CARDS[cid]["party"]
            self._tally = None
            self.plays.append({"seat": seat, "card": cid, "party": party, "out": False, "target": None})
            if kind == "doubler":
                values = self._vals()[0]
                self.log.append(event(
                    f"{_p(seat)} plays {card_name(cid)}: worth the sum of the other {PARTY_NAMES[party]} cards in "
                    f"play, now {values[-1]}.", kind="play"))
            else:
                self.log.append(event(f"{_p(seat)} plays {card_name(cid)}.", kind="play"))
        if second:
            ev = self.log[mark]
            ev["text"] = "Second election round. " + ev["text"]
        self._tally = None
        self._after_play()

    def auto_action(self):
        if self.over:
            return None
        seat = self.to_act()[0]
        legal = self.legal_actions(seat)
        if len(legal) == 1:
            return (seat, legal[0])
        return None

    def outcome(self):
        return self.result

    def is_over(self):
        return self.over

    def label(self, seat, action):
        parts = action.split(" ")
        verb = parts[0]
        if verb == "play":
            cid = parts[1]
            if CARDS[cid]["kind"] == "colorino":
                return f"Play Gaudino Colorino for {PARTY_NAMES[parts[2]]}"
            if CARDS[cid]["kind"] == "resign":
                if len(parts) == 2:
                    return "Play a Resignation (no politician in play)"
                values = self._vals()[0]
                idx = next(i for i, pl in enumerate(self.plays) if pl["card"] == parts[2])
                return (f"Play a Resignation: {play_name(self.plays, values, idx)} of "
                        f"{_p(self.plays[idx]['seat'])} resigns")
            return "Play " + card_name(cid)
        if verb == "propose":
            members = self._coalition_by_text(parts[1])
            votes = sum(self.units[i]["votes"] for i in members)
            return "Propose " + " + ".join(label_name(lb) for lb in parts[1].split("+")) + f" ({votes} votes)"
        if action == PASS:
            return "Make no proposal"
        if action == ACCEPT:
            return "Accept the coalition"
        if action == DECLINE:
            return "Decline the coalition"
        if verb == "claim":
            return f"Claim the {PARTY_NAMES[parts[1]]} chair"
        if verb == "yield":
            return f"Yield the {PARTY_NAMES[parts[1]]} chair"
        if verb == "score":
            return f"Score with {PARTY_NAMES[parts[1]]}"
        return action

    def view(self, seat=None):
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
            "count": dict(self.count) if self.count else None,
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
               "choosers", "chosen", "vp", "results", "over", "log")

    def to_json(self):
        data = {"game": "koalition", "options": dict(self.options), "rng": self.rng.to_json()}
        for key in self._FIELDS:
            data[key] = _COPY.get(key, _jcopy)(getattr(self, key))
        data["result"] = self.result.to_json() if self.result else None
        return data

    @classmethod
    def from_json(cls, data):
        st = cls()
        try:
            if data.get("game") != "koalition":
                raise ValueError("not a Koalition state")
            st.options = Koalition.check_options(data["options"])
            st.rng = Rng.from_json(data["rng"])
            for key in cls._FIELDS:
                setattr(st, key, _COPY.get(key, _jcopy)(data[key]))
            r = data["result"]
            st.result = Outcome(r["scores"], r["winners"], r["summary"], r["details"]) if r else None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Koalition state: {exc}") from None
        return st


class Koalition(Game):
    id = "koalition"
    title = "Koalition"
    designer = "Hartmut Witt"
    min_players = 3
    max_players = 8
    summary = (
        "Political strategists place their politicians in twelve European elections. Become party chair, forge "
        "the smallest winning coalition and collect victory points; the party chiefs of Europe earn a bonus. "
        "45–90 minutes."
    )
    options = ()
    State = KoalitionState
    default_bot = "good"


KoalitionState.game = Koalition
