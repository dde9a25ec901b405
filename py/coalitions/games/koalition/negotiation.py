"""Koalition: the coalition negotiation (steps 6 and 7 of an election).

Once the vote is counted and no party has the majority, the party chairs
negotiate: the Green chair tie is settled first (claim or yield), then the
chairs propose in rounds, each round in order of party size, the legal
coalitions with their party; the other chairs of a proposal accept or decline
it, and a chair may pass. An accepted proposal forms the government. A round
that brings no coalition not proposed before ends the negotiation, as does the
lack of any legal coalition: the election is a stalemate. From BINDING_BALLOT
on in one country the negotiation binds: the first chair with a legal
coalition proposes one and it governs (our safeguard against stalling).

`Negotiation` is a mixin of `KoalitionState` (rules.py): its methods read and
change the state's fields (``units``, ``coalitions``, ``proposer``,
``proposal``, ``history``, ``ties``, ``tie_answers``, ``unbound``, ...) and call
back the rules for what follows the negotiation (``_govern``, ``_record``,
``_end_election``, ``_reset_election``, ``order``, ``_tallied``).

A unit of the negotiation is a party, or one player's cards of an unbound
party, written ``PARTY@SEAT`` (its label); a coalition is written with the
labels of its units in party order, then seat order, joined by ``+``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, TypedDict

from ...core.game import SEAT_REFS, Event, seat_ref, seat_refs
from .data import BINDING_BALLOT, COUNTRY_NAMES, MAX_BALLOTS, ORDER, PARTIES, PARTY_INDEX, PARTY_NAMES
from .notation import ACCEPT, LABEL_PARTS, Memo, coalition_labels, parse
from .scoring import Entry, Holdings, Play, minimal_winning


class Count(TypedDict):
    """The count of an election: the votes per party, their total and the absolute majority."""

    votes: dict[str, int]
    total: int
    majority: int


class Unit(TypedDict):
    """A unit of the negotiation: a party, or one player's cards of an unbound party."""

    party: str
    seat: int  # its chair (or the player)
    votes: int
    label: str  # "black", "green@1"


class Proposal(TypedDict):
    """The proposal waiting for answers."""

    members: list[int]  # indices of its units
    by: int
    responders: list[int]  # the seats that must accept, in order
    accepted: list[int]


class Proposed(TypedDict):
    """One entry of the history of proposals (a coalition, or a pass)."""

    by: int
    unit: str
    coalition: Optional[str]  # None for a pass
    result: str  # "open", "accepted", "declined" or "pass"
    round: int


class Government(TypedDict):
    labels: list[str]
    votes: int


def _ev(text: str, kind: str) -> Event:
    """A public log event: `event(text, kind=kind)`, built directly."""
    return {"text": text, "to": None, "kind": kind}


def _label_key(label: str) -> tuple[int, int]:
    party, seat = LABEL_PARTS[label]
    return (PARTY_INDEX[party], seat if seat is not None else -1)


def _label_name(label: str) -> str:
    party, seat = LABEL_PARTS[label]
    return PARTY_NAMES[party] + (f" ({seat_ref(seat)})" if seat is not None else "")


# unit label -> unit_label_key, label_name (lookups quicker than calls)
_LABEL_KEYS = Memo(_label_key)
_LABEL_NAMES = Memo(_label_name)


def unit_label_key(label: str) -> tuple[int, int]:
    """Canonical order of the parts of a coalition: party order, then seat."""
    return _LABEL_KEYS[label]


def label_name(label: str) -> str:
    """'Rose', or 'Green ({p3})' for a party whose chair tie left it unbound."""
    return _LABEL_NAMES[label]


_votes_of: Callable[[Unit], int] = itemgetter("votes")


class Negotiation:
    """The negotiation part of `KoalitionState` (see the module docstring)."""

    # The fields of the state it reads and changes (rules.py has the others).
    log: list[Event]
    phase: str
    plays: list[Play]
    hands: list[list[str]]
    country: str
    ballot: int
    starter: int
    count: Optional[Count]
    chairs: dict[str, int]
    ties: list[list[Any]]  # [[party, [seats]], ...] still to settle
    tie_answers: list[str]  # "claim" or "yield", in the order of the tie's seats
    unbound: list[str]
    units: list[Unit]
    coalitions: list[list[int]]  # the legal coalitions, as indices of units
    _ctexts: Optional[list[str]]
    proposer: int  # the index of the unit proposing
    proposal: Optional[Proposal]
    history: list[Proposed]
    neg_round: int
    fresh: bool
    binding: bool

    if TYPE_CHECKING:  # what the rules do around the negotiation (KoalitionState, rules.py)

        def _tallied(self) -> tuple[list[Optional[int]], dict[str, int], Holdings]: ...

        def order(self) -> list[int]: ...

        def _govern(self, labels: list[str], votes: int, alone: bool = False) -> None: ...

        def _record(self, government: Optional[Government], vp: dict[int, int], entries: Sequence[Entry]) -> None: ...

        def _end_election(self) -> None: ...

        def _reset_election(self) -> None: ...

    # -- the Green peculiarity -------------------------------------------------------------

    def _start_tie(self) -> None:
        party, seats = self.ties[0]
        self.phase = "tie"
        self.tie_answers = []
        self.log.append(_ev(
            f"{seat_refs(seats)} must agree which of them chairs {PARTY_NAMES[party]}: each claims the chair "
            f"or yields it. Exactly one claim settles it; otherwise {PARTY_NAMES[party]} is unbound and each of "
            f"its players joins a coalition on their own.",
            "tie",
        ))

    def _settle_tie(self) -> None:
        party, seats = self.ties.pop(0)
        claims = [s for s, a in zip(seats, self.tie_answers) if a == "claim"]
        if len(claims) == 1:
            self.chairs[party] = claims[0]
            self.log.append(_ev(f"They agree: {SEAT_REFS[claims[0]]} chairs {PARTY_NAMES[party]}.", "tie"))
        else:
            self.unbound.append(party)
            self.log.append(_ev(
                f"No agreement: the party binding of {PARTY_NAMES[party]} has come undone. Each player with "
                f"{PARTY_NAMES[party]} votes negotiates with them alone.",
                "tie",
            ))
        if self.ties:
            self._start_tie()
        else:
            self._negotiate()

    # -- coalition negotiation -----------------------------------------------------------------

    def _negotiate(self) -> None:
        values, totals, held = self._tallied()
        unbound = self.unbound
        chair = self.chairs
        units: list[Unit] = []
        for p in PARTIES:
            votes = totals[p]
            if votes <= 0:
                continue
            if unbound and p in unbound:
                for s in self.order():
                    h = held.get((s, p))
                    if h and h[0] > 0:
                        units.append({"party": p, "seat": s, "votes": h[0], "label": f"{p}@{s}"})
            else:
                units.append({"party": p, "seat": chair[p], "votes": votes, "label": p})
        # Built in party order, then seat order from the starting player: a stable
        # sort by votes alone gives the order by (-votes, party, seat order).
        units.sort(key=_votes_of, reverse=True)
        self.units = units
        self._ctexts = None
        assert self.count is not None  # counted before the negotiation
        need = self.count["majority"]
        self.coalitions = [list(c) for c in minimal_winning([(u["party"], u["votes"]) for u in units], need)]
        self.phase = "propose"
        self.neg_round = 1
        self.fresh = False
        self.binding = False
        if not units:
            self.log.append(_ev("Coalition negotiation: no party has any votes, so no coalition can form.",
                                "negotiation"))
            self._stalemate()
            return
        self.log.append(_ev(
            "Coalition negotiation. The chairs propose in order of party size: "
            + ", ".join([f"{_LABEL_NAMES[u['label']]} {u['votes']} ({SEAT_REFS[u['seat']]})" for u in units])
            + f". A coalition needs {need} vote{'s' if need != 1 else ''}, only compatible parties, and no party "
              "it could do without.",
            "negotiation",
        ))
        if not self.coalitions:
            self.log.append(_ev("No legal coalition can reach the majority.", "negotiation"))
            self._stalemate()
            return
        if self.ballot >= BINDING_BALLOT:
            self.binding = True
            self.log.append(_ev(
                f"This is ballot {self.ballot} in {COUNTRY_NAMES[self.country]}, so the negotiation binds (our "
                "safeguard, so that no chair can stall a country): the first chair in order of party size with a "
                "legal coalition must propose one, and it governs without answers.",
                "negotiation",
            ))
        self.proposer = -1
        self._next_proposer()

    def _next_proposer(self) -> None:
        self.proposal = None
        k = self.proposer + 1
        units = self.units
        coalitions = self.coalitions
        while True:
            while k < len(units):
                for c in coalitions:
                    if k in c:
                        break
                else:
                    if self.neg_round == 1:
                        u = units[k]
                        self.log.append(_ev(
                            f"{_LABEL_NAMES[u['label']]} ({SEAT_REFS[u['seat']]}) belongs to no legal coalition "
                            "and cannot propose.",
                            "negotiation",
                        ))
                    k += 1
                    continue
                break
            if k < len(units) or not self.fresh:
                break
            # A round that brought a coalition not proposed before: another round.
            self.neg_round += 1
            self.fresh = False
            k = 0
            self.log.append(_ev(
                f"Round {self.neg_round} of proposals: each chair may propose again, a coalition declined before "
                "included. The negotiation ends when a whole round brings no coalition that was not proposed before.",
                "negotiation",
            ))
        self.proposer = k
        if k >= len(units):
            if self.neg_round == 1:
                self.log.append(_ev("Every chair has had a turn and nobody proposed a coalition.", "negotiation"))
            else:
                self.log.append(_ev(
                    f"Round {self.neg_round} brought no coalition that was not proposed before: the negotiation "
                    "has failed.",
                    "negotiation",
                ))
            self._stalemate()
            return
        self.phase = "propose"

    def coalition_text(self, members: Sequence[int]) -> str:
        labels = sorted((self.units[i]["label"] for i in members), key=_LABEL_KEYS.__getitem__)
        return "+".join(labels)

    def _texts(self) -> list[str]:
        """The notation of each legal coalition (a cache, rebuilt after loading)."""
        if self._ctexts is None:
            labels = [u["label"] for u in self.units]
            keys = [_LABEL_KEYS[lb] for lb in labels]
            key = keys.__getitem__
            self._ctexts = ["+".join([labels[i] for i in sorted(c, key=key)]) for c in self.coalitions]
        return self._ctexts

    def _coalition_by_text(self, text: str) -> Optional[list[int]]:
        for c, t in zip(self.coalitions, self._texts()):
            if t == text:
                return c
        return None

    def _propose(self, seat: int, text: str) -> None:
        members = self._coalition_by_text(text)
        assert members is not None and self.count is not None  # a legal proposal, after the count
        units = self.units
        u = units[self.proposer]
        labels = coalition_labels(text)  # the notation lists the members in unit_label_key order
        votes_of: dict[str, int] = {}
        responders: list[int] = []
        for i in sorted(members):
            unit = units[i]
            votes_of[unit["label"]] = unit["votes"]
            s = unit["seat"]
            if s != seat and s not in responders:
                responders.append(s)
        votes = [votes_of[lb] for lb in labels]
        names = " + ".join([_LABEL_NAMES[lb] for lb in labels])
        if all(h["coalition"] != text for h in self.history):
            self.fresh = True
        self.history.append({"by": seat, "unit": u["label"], "coalition": text, "result": "open",
                             "round": self.neg_round})
        if self.binding:
            responders = []
        self.log.append(_ev(
            f"{SEAT_REFS[seat]}, for {_LABEL_NAMES[u['label']]}, proposes {names}: "
            f"{' + '.join(map(str, votes))} = {sum(votes)} votes (majority {self.count['majority']})."
            + (f" {seat_refs(responders)} must accept." if responders else "")
            + (" The negotiation binds: it governs." if self.binding else ""),
            "proposal",
        ))
        if not responders:
            self.history[-1]["result"] = "accepted"
            self._govern_units(members)
            return
        self.proposal = {"members": list(members), "by": seat, "responders": responders, "accepted": []}
        self.phase = "answer"

    def _answer(self, seat: int, action: str) -> None:
        prop = self.proposal
        assert prop is not None  # answers follow a proposal
        if action == ACCEPT:
            prop["accepted"].append(seat)
            self.log.append(_ev(SEAT_REFS[seat] + " accepts.", "answer"))
            if len(prop["accepted"]) == len(prop["responders"]):
                self.history[-1]["result"] = "accepted"
                self._govern_units(prop["members"])
            return
        self.history[-1]["result"] = "declined"
        self.log.append(_ev(SEAT_REFS[seat] + " declines: the proposal fails.", "answer"))
        self._next_proposer()

    def _stalemate(self) -> None:
        country = COUNTRY_NAMES[self.country]
        if self.ballot >= MAX_BALLOTS:
            self.log.append(_ev(
                f"Stalemate for the {self.ballot}th time in a row: {country} is left without a government and "
                f"nobody scores there (our safeguard so that every game ends: from ballot {BINDING_BALLOT} on only "
                "a vote in which no legal coalition reaches the majority can end in a stalemate).",
                "stalemate",
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
        self.log.append(_ev(text + f" Ballot {self.ballot} in {country}: {SEAT_REFS[self.starter]} plays first.",
                            "stalemate"))

    # -- the government a coalition forms

    def _govern_units(self, members: Sequence[int]) -> None:
        units = self.units
        labels = sorted([units[i]["label"] for i in members], key=_LABEL_KEYS.__getitem__)
        votes = sum([units[i]["votes"] for i in members])
        self._govern(labels, votes)

    # -- the actions of the negotiation

    def _tie_answer(self, seat: int, action: str) -> None:
        """`claim PARTY` or `yield PARTY` in a chair tie."""
        self.tie_answers.append(parse(action).kind)
        party = self.ties[0][0]
        verb = "claims" if self.tie_answers[-1] == "claim" else "yields"
        self.log.append(_ev(f"{SEAT_REFS[seat]} {verb} the {PARTY_NAMES[party]} chair.", "tie"))
        if len(self.tie_answers) == len(self.ties[0][1]):
            self._settle_tie()

    def _pass(self, seat: int) -> None:
        """A chair makes no proposal for their party."""
        u = self.units[self.proposer]
        self.history.append({"by": seat, "unit": u["label"], "coalition": None, "result": "pass",
                             "round": self.neg_round})
        self.log.append(_ev(f"{SEAT_REFS[seat]} makes no proposal for {_LABEL_NAMES[u['label']]}.", "proposal"))
        self._next_proposer()
