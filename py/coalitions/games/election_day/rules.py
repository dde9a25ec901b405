"""Election Day (Joe Mucchiello), for 3 to 5 players.

Seats sit clockwise in seat order: play passes from seat i to seat i+1, and the
player on your right is seat i-1.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...core.actions import NotationError
from ...core.errors import OptionError, RecordError
from ...core.game import JSON, Event, Game, Option, Outcome, State, event, seat_ref
from ...core.rng import Rng
from .data import (
    ACES, CARDS, COURTS, EXTENSION_GROUPS, PAWNS, SUIT_NAMES, SUITS, ace_suit, card_option, chosen_deck, describe,
)
from .notation import PASS, parse
from .notation import ace as ace_action
from .notation import play as play_action
from .scoring import debate_ends, debates_end, election, score_debate

def _n(count: int, noun: str) -> str:
    """'1 card', '3 cards'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _holdings(hands: Sequence[Sequence[str]]) -> str:
    """The setup log's account of the hands: one size for all, or each seat's."""
    sizes = [len(h) for h in hands]
    if len(set(sizes)) == 1:
        return f"Each player has one Ace face down and {_n(sizes[0], 'card')}"
    return "Each player has one Ace face down; " + ", ".join(
        f"{seat_ref(seat)} holds {_n(size, 'card')}" for seat, size in enumerate(sizes)
    )


class ElectionDayState(State):
    # The fields of the state; `to_json` saves them all.
    seed: Optional[int]
    rng: Rng
    dealer: int
    turn: int
    debate_no: int
    aces: list[str]  # the suit of each seat's face-down Ace
    hands: list[list[str]]
    pile: list[str]
    removed: list[str]
    debate: list[list[Any]]  # [card, seat or None for a turned-up card]
    passes: list[int]
    played: bool
    track: dict[str, list[str]]
    out: list[str]
    over: bool
    result: Optional[Outcome]
    last_scoring: Optional[JSON]

    def __init__(self) -> None:
        self.log = []

    # -- setup ----------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> ElectionDayState:
        st = cls()
        st.players = players
        st.options = options
        st.seed = seed
        st.rng = Rng(seed if seed is not None else 0)
        if deal is not None:
            st._deal_explicit(deal)
        else:
            st._deal_random()
        st.turn = st.dealer
        st.debate_no = 0
        st.track = {s: [] for s in SUITS}
        st.out = []
        st.over = False
        st.result = None
        st.last_scoring = None
        st.log.append(event(
            f"New game of Election Day for {players} players. {seat_ref(st.dealer)} deals. "
            + _holdings(st.hands) + "; "
            + f"{_n(len(st.pile), 'card')} left undealt"
            + (f", {len(st.removed)} left out of the game" if st.removed else "")
            + ".",
            kind="setup",
        ))
        for seat in range(players):
            st.log.append(event(
                f"Your face-down Ace is the Ace of {SUIT_NAMES[st.aces[seat]]}: you back that Prince.",
                to=[seat], kind="private",
            ))
        st._start_debate()
        return st

    def _deck(self) -> list[str]:
        return chosen_deck(self.options)

    def _deal_random(self) -> None:
        n = self.players
        rng = self.rng
        aces = list(SUITS)
        rng.shuffle(aces)
        self.aces = aces[:n]
        deck = self._deck() + ["ace-" + s for s in aces[n:]]
        rng.shuffle(deck)
        per = len(deck) // n
        self.hands = [deck[i * per:(i + 1) * per] for i in range(n)]
        rest = deck[n * per:]
        if self.options["leave_out_extra"]:
            self.pile, self.removed = [], rest
        else:
            self.pile, self.removed = rest, []
        self.dealer = rng.below(n)
        for h in self.hands:
            h.sort(key=lambda c: CARDS[c]["order"])

    def _deal_explicit(self, deal: Any) -> None:
        """Check and use an explicit deal: {"aces", "hands", "pile", "removed",
        "dealer"}. Every card id must be known, in the deck these options
        choose, and appear once (the face-down Aces included). A deal that
        places the whole deck must be dealt evenly, as the rules say: hands of
        the size a deal gives, the few cards left over in the pile (or, with
        "Leave out the extra cards", left out). A deal of part of the deck sets
        up a scenario (walkthroughs, tests): no hand may then hold more than a
        full deal gives."""
        n = self.players
        if not isinstance(deal, dict):
            raise OptionError("an explicit deal must be an object with aces, hands, pile and dealer")
        unknown = sorted(set(deal) - {"aces", "hands", "pile", "removed", "dealer"})
        if unknown:
            raise OptionError(f"an explicit deal has no field {unknown[0]!r} (it has aces, hands, pile, removed, dealer)")
        if "aces" not in deal or "hands" not in deal:
            raise OptionError("an explicit deal needs its aces (a suit per seat) and hands (a list of cards per seat)")

        def card_list(value: Any, what: str) -> list[Any]:
            if not isinstance(value, list):
                raise OptionError(f"{what} must be a list of card ids")
            return list(value)

        aces = card_list(deal["aces"], "the aces")
        hands = card_list(deal["hands"], "the hands")
        hands = [card_list(h, f"hand {seat}") for seat, h in enumerate(hands)]
        pile = card_list(deal.get("pile", []), "the pile")
        removed = card_list(deal.get("removed", []), "the removed cards")
        dealer = deal.get("dealer", 0)
        if len(aces) != n or len(hands) != n:
            raise OptionError(f"an explicit deal needs one Ace and one hand for each of the {n} players")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise OptionError(f"the dealer must be a seat from 0 to {n - 1}")
        for s in aces:
            if not isinstance(s, str) or s not in SUITS:
                raise OptionError(f"unknown suit {s!r} for a face-down Ace")
        seen = ["ace-" + s for s in aces]
        deck = self._deck()
        allowed = set(deck) | set(ACES)
        for cid in [c for h in hands for c in h] + pile + removed:
            if not isinstance(cid, str) or cid not in CARDS:
                raise OptionError(f"unknown card {cid!r} in the deal")
            if cid not in allowed:
                raise OptionError(f"{describe(cid)} is not in the deck with these options")
            seen.append(cid)
        if len(set(seen)) != len(seen):
            twice = next(c for c in seen if seen.count(c) > 1)
            raise OptionError(f"{describe(twice)} appears twice in the deal")
        total = len(deck) + len(ACES) - n  # the cards dealt: the deck and the spare Aces
        per = total // n
        sizes = [len(h) for h in hands]
        if len(seen) == len(deck) + len(ACES):
            if self.options["leave_out_extra"] and pile:
                raise OptionError("with 'Leave out the extra cards' the cards left over are left out, not in the pile")
            if not self.options["leave_out_extra"] and removed:
                raise OptionError("the cards left over go into the pile unless 'Leave out the extra cards' is on")
            if set(sizes) != {per}:
                raise OptionError(
                    f"the whole deck is dealt, so every hand must hold {per} cards (the rules deal evenly), "
                    f"not {', '.join(map(str, sizes))}"
                )
        elif max(sizes) > per:
            raise OptionError(f"a hand holds {max(sizes)} cards: a deal for {n} players gives at most {per}")
        self.aces, self.hands, self.pile, self.removed, self.dealer = aces, hands, pile, removed, dealer

    # -- the debate cycle -------------------------------------------------------

    def _start_debate(self) -> None:
        self.debate_no += 1
        self.debate = []  # [card, seat or None for a turned-up card]
        self.passes = [0] * self.players
        self.played = False
        if self.options["rotate_dealer"] and self.debate_no > 1:
            self.dealer = (self.dealer + 1) % self.players
        self.turn = self.dealer
        self.log.append(event(f"Debate {self.debate_no} begins with {seat_ref(self.dealer)}.", kind="debate"))
        if self.pile:
            card = self.pile.pop(0)
            self.debate.append([card, None])
            self.log.append(event(f"The top undealt card is turned up: {describe(card)}.", kind="turn-up"))

    def _debate_over(self, seat: int) -> Optional[str]:
        """Why the debate ends after `seat` passed, or None (`debate_ends`)."""
        return debate_ends(self.passes, seat)

    def _end_debate(self, why: str) -> list[Event]:
        events = [event(f"The debate ends: {why}.", kind="debate-end")]
        cards = [c for c, _ in self.debate]
        awards, lines = score_debate(cards)
        for line in lines:
            events.append(event(line, kind="score"))
        placed: set[str] = set()
        for suit, won in awards.items():
            self.track[suit].extend(won)
            placed.update(won)
        self.out.extend(c for c in cards if c not in placed)
        self.last_scoring = {"debate": self.debate_no, "cards": cards, "awards": awards, "lines": lines}
        end = debates_end((len(h) for h in self.hands), self.played)
        self.debate = []
        if end:
            events.append(event(f"The debates are over: {end}.", kind="game-end"))
            events.extend(self._election())
        else:
            self.log.extend(events)
            events = []
            self._start_debate()
        self.revealed = True
        return events

    def _election(self) -> list[Event]:
        ranking, elected, lines = election(self.track)
        events = [event("The election.", kind="election")]
        events += [event(line, kind="election") for line in lines]
        backers: dict[str, list[int]] = {}
        for seat, s in enumerate(self.aces):
            backers.setdefault(s, []).append(seat)
        events.append(event(
            "The face-down Aces are turned over: "
            + "; ".join(f"{seat_ref(seat)} backs {SUIT_NAMES[s]}" for seat, s in enumerate(self.aces))
            + ".",
            kind="election",
        ))
        totals = {s: (t, c) for s, t, c in ranking}
        winners: list[int] = []
        if elected is not None and elected in backers:
            winners = backers[elected]
            summary = f"The Prince of {SUIT_NAMES[elected]} is elected: " + " and ".join(map(seat_ref, winners)) + " wins."
        else:
            if elected is None:
                summary = "No Prince is elected (the tie cannot be broken)"
            else:
                summary = f"The Prince of {SUIT_NAMES[elected]} is elected but nobody backs him"
            if self.options["no_winner"] == "closest":
                best = max(totals[s] for s in self.aces)
                winners = [seat for seat, s in enumerate(self.aces) if totals[s] == best]
                summary += (
                    "; by the variant, the closest backed Prince wins: "
                    + " and ".join(f"{seat_ref(w)} ({SUIT_NAMES[self.aces[w]]}, {best[0]})" for w in winners)
                    + "."
                )
            else:
                summary += ": nobody wins."
        events.append(event(summary, kind="result"))
        self.over = True
        self.result = Outcome(
            scores=[totals[s][0] for s in self.aces],
            winners=winners,
            summary=summary,
            details={
                "elected": elected,
                "ranking": [list(r) for r in ranking],
                "aces": list(self.aces),
                "lines": lines,
            },
        )
        return events

    # -- protocol ---------------------------------------------------------------

    def to_act(self) -> list[int]:
        return [] if self.over else [self.turn]

    def _legal(self, seat: int) -> list[str]:
        if self.over or seat != self.turn:
            return []
        hand = self.hands[seat]
        acts = [play_action(c) for c in hand if not c.startswith("ace-")]
        mine = self.aces[seat]
        for c in hand:
            s = ace_suit(c)
            if s is not None:
                acts.append(ace_action(s, mine))
                acts.append(ace_action(s, s))
        acts.append(PASS)
        return acts

    def explain_illegal(self, seat: int, action: str) -> str:
        try:
            a = parse(action)
        except NotationError as exc:
            return f"{super().explain_illegal(seat, action)}: {exc.reason}"
        hand = self.hands[seat]
        if a.kind == "play":
            cid = str(a["card"])
            if ace_suit(cid) is not None:
                return "an Ace cannot be played into the debate; use it to back a new Prince"
            if cid not in hand:
                return f"{describe(cid)} is not in your hand"
        if a.kind == "ace":
            suit = str(a["ace"])
            if "ace-" + suit not in hand:
                return f"you have no Ace of {SUIT_NAMES[suit]} in your hand"
            return "you can keep only the Ace from your hand or your face-down Ace"
        return super().explain_illegal(seat, action)

    def _apply(self, seat: int, action: str) -> list[Event]:
        n = self.players
        events: list[Event] = []
        a = parse(action)
        if a.kind == PASS:
            self.passes[seat] += 1
            events.append(event(f"{seat_ref(seat)} passes.", kind="pass", seat=seat))
            why = self._debate_over(seat)
            if why:
                self.log.extend(events)
                return self._end_debate(why)
        elif a.kind == "play":
            cid = str(a["card"])
            self.hands[seat].remove(cid)
            self.debate.append([cid, seat])
            self.passes[seat] = 0
            self.played = True
            self.shown = True
            events.append(event(f"{seat_ref(seat)} plays {describe(cid)}.", kind="play", seat=seat, card=cid))
        else:
            hand_suit, keep = str(a["ace"]), str(a["keep"])
            old = self.aces[seat]
            given = old if keep == hand_suit else hand_suit
            right = (seat - 1) % n
            self.hands[seat].remove("ace-" + hand_suit)
            self.hands[right].append("ace-" + given)
            self.hands[right].sort(key=lambda c: CARDS[c]["order"])
            self.aces[seat] = keep
            self.passes[seat] = 0
            self.revealed = True
            events.append(event(
                f"{seat_ref(seat)} picks up their face-down Ace with an Ace from their hand, lays one face down "
                f"and hands the other to {seat_ref(right)}.",
                kind="ace", seat=seat,
            ))
            changed = "now back" if keep != old else "keep backing"
            events.append(event(
                f"You {changed} the Prince of {SUIT_NAMES[keep]} and handed the Ace of {SUIT_NAMES[given]} to {seat_ref(right)}.",
                to=[seat], kind="private",
            ))
            events.append(event(
                f"{seat_ref(seat)} handed you the Ace of {SUIT_NAMES[given]}.", to=[right], kind="private",
            ))
        self.turn = (seat + 1) % n
        return events

    def auto_action(self) -> Optional[tuple[int, str]]:
        if not self.over and not self.hands[self.turn]:
            return (self.turn, PASS)
        return None

    def outcome(self) -> Optional[Outcome]:
        return self.result

    def is_over(self) -> bool:
        return self.over

    def label(self, seat: int, action: str) -> str:
        a = parse(action)
        if a.kind == PASS:
            return "Pass"
        if a.kind == "play":
            return "Play " + describe(str(a["card"]))
        hand_suit, keep = str(a["ace"]), str(a["keep"])
        old = self.aces[seat]
        given = old if keep == hand_suit else hand_suit
        right = (seat - 1) % self.players
        verb = "Back" if keep != old else "Keep backing"
        return f"{verb} the Prince of {SUIT_NAMES[keep]}; hand the Ace of {SUIT_NAMES[given]} to {seat_ref(right)}"

    def view(self, seat: Optional[int] = None) -> JSON:
        over = self.over
        v = {
            "game": "election-day",
            "players": self.players,
            "seat": seat,
            "options": dict(self.options),
            "dealer": self.dealer,
            "turn": None if over else self.turn,
            "to_act": self.to_act(),
            "debate_no": self.debate_no,
            "debate": [list(d) for d in self.debate],
            "played_this_debate": self.played,
            "passes": list(self.passes),
            "pile_count": len(self.pile),
            "removed_count": len(self.removed),
            "out": list(self.out),
            "track": {s: list(self.track[s]) for s in SUITS},
            "hand_counts": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "ace": self.aces[seat] if seat is not None else None,
            "aces": list(self.aces) if over else None,
            "last_scoring": self.last_scoring,
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
            "outcome": self.result.to_json() if self.result else None,
        }
        return v

    # -- JSON -------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "game": "election-day",
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.to_json(),
            "dealer": self.dealer,
            "turn": self.turn,
            "debate_no": self.debate_no,
            "aces": list(self.aces),
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "removed": list(self.removed),
            "debate": [list(d) for d in self.debate],
            "passes": list(self.passes),
            "played": self.played,
            "track": {s: list(self.track[s]) for s in SUITS},
            "out": list(self.out),
            "over": self.over,
            "result": self.result.to_json() if self.result else None,
            "last_scoring": self.last_scoring,
            "log": [dict(ev) for ev in self.log],
        }

    @classmethod
    def from_json(cls, data: JSON) -> ElectionDayState:
        st = cls()
        try:
            st.players = data["players"]
            st.options = ElectionDay.check_options(data["options"])
            st.seed = data["seed"]
            st.rng = Rng.from_json(data["rng"])
            for key in ("dealer", "turn", "debate_no", "aces", "hands", "pile", "removed", "debate",
                        "passes", "played", "track", "out", "over", "last_scoring", "log"):
                setattr(st, key, data[key])
            st.result = Outcome.from_json(data["result"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not an Election Day state: {exc}") from None
        return st


class ElectionDay(Game):
    id = "election-day"
    title = "Election Day"
    designer = "Joe Mucchiello"
    min_players = 3
    max_players = 5
    order = 1
    summary = (
        "Six Princes debate before the election. Play Decktet cards to make your secret Prince's "
        "suit win the debates, or switch sides with an Ace. 20–30 minutes."
    )
    options = (
        Option("pawns", "All four Pawns", False,
               help="Add the four Pawns of the extended deck (three suits each, rank 0). To use only some of "
                    "them, leave this off and tick the Pawns you want."),
        *(Option(card_option(c), CARDS[c]["name"][:1].upper() + CARDS[c]["name"][1:] + " (Pawn)", False,
                 help=f"Add this Pawn alone: {describe(c)}.") for c in PAWNS),
        Option("courts", "All four Courts", False,
               help="Add the four Courts of the extended deck (three suits each, rank 0). To use only some of "
                    "them, leave this off and tick the Courts you want."),
        *(Option(card_option(c), CARDS[c]["name"][:1].upper() + CARDS[c]["name"][1:] + " (Court)", False,
                 help=f"Add this Court alone: {describe(c)}.") for c in COURTS),
        Option("excuse", "The Excuse", False, help="Add the Excuse: no suit, no rank; lets you act without showing a suit."),
        Option(
            "leave_out_extra", "Leave out the extra cards", False,
            help="Variant: when the cards do not deal evenly, leave the extra cards out of the game instead of "
                 "turning one up at the start of each debate.",
        ),
        Option(
            "no_winner", "If nobody backs the elected Prince", "none", kind="choice",
            choices=(("none", "nobody wins"), ("closest", "the backer of the closest Prince wins (variant)")),
            help="Variant: when no player backs the elected Prince, the player whose Prince finished highest wins.",
        ),
        Option(
            "rotate_dealer", "Rotate the dealer", False,
            help="Our option, not in the rules: each debate starts one seat further clockwise.",
        ),
    )
    State = ElectionDayState
    default_bot = "good"

    @classmethod
    def check_options(cls, options: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        """As every game, then one spelling for each choice of extension cards:
        a group option ("pawns", "courts") on turns on its four cards, and four
        cards on turn on their group. Records written before the cards had
        options of their own (only "pawns", "courts", "excuse") load as before."""
        checked = super().check_options(options)
        for group, cards in EXTENSION_GROUPS.items():
            names = [card_option(c) for c in cards]
            if checked[group] or all(checked[n] for n in names):
                checked[group] = True
                for n in names:
                    checked[n] = True
        return checked


ElectionDayState.game = ElectionDay
