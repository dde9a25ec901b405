"""Die Macher's action notation (docs/notation.md): the one parser and the
builders of its action texts.

Amounts are whole numbers of thousands of euros (``bid 3`` bids 3,000 €).
Kinds and their parts, in the order a player picks them:

- ``bid``: ``amount`` (phase 1, the secret bid and the open re-bid; phase 8,
  a bid for a poll);
- ``pass``: none (drop out of a re-bid or a poll auction; buy no more media
  markers);
- ``draw``, ``renew``: none (phase 2: take the top programme card, or discard
  the display and lay out a new one); ``take``: ``opinion`` (a card of the
  programme display);
- ``swap``: ``card`` (a hand card), then ``for`` (the programme card it
  replaces); ``hold``: ``card`` (the hand card kept, the others discarded);
- ``done``: none (end of the swaps, the rallies or the cabinet placements);
- ``media``: ``state``;
- ``rally``: ``state``, then ``count`` (1 to 8, bought at once in that state);
- ``place``: ``card`` (a shadow-cabinet card), then ``state``;
- ``target``: ``party`` (the rival a cabinet card works on);
- ``replace``: ``opinion`` (the face-up opinion replaced), then ``with`` (a
  card of the opinion display);
- ``double``: ``opinion``; ``look``: ``slot`` (1 to 6, a face-down opinion);
  where a state shows an opinion twice, ``replace`` and ``double`` work on a
  copy without a doubling marker (DieMacherState.free_slot);
- ``skip``: none (forgo a cabinet card's choice or the media majority's
  replacement);
- ``sell``, ``keep``: none (the poll auctioneer); ``base``, ``publish``: none
  (the poll's winner);
- ``coalition``: ``party`` (the leading party's partner);
- ``accept``, ``refuse``: none (a donation).
"""

from __future__ import annotations

from typing import Callable

from ...core.actions import Action, NotationError, Value, known, memo
from .data import CABINET_IDS, MAX_RALLIES, OPINIONS, PARTIES, SLOTS, STATE_IDS

GAME = "Die Macher"
_OPINIONS = frozenset(OPINIONS)
_STATES = frozenset(STATE_IDS)
_CARDS = frozenset(CABINET_IDS)
_PARTIES = frozenset(PARTIES)

BARE = frozenset({"pass", "draw", "renew", "done", "skip", "sell", "keep", "base", "publish", "accept", "refuse"})


def _bad(text: str, why: str) -> NotationError:
    return NotationError(text, why, GAME)


def _number(text: str, word: str, low: int, high: int, what: str) -> int:
    # ASCII digits only, and no more of them than `high` has (int() of
    # thousands of digits is refused by Python itself)
    if not (word.isascii() and word.isdigit() and len(word) <= len(str(high)) and word == str(int(word))) or not (
            low <= int(word) <= high):
        raise _bad(text, f"{what} is a whole number from {low} to {high}, not {word!r}")
    return int(word)


def _opinion(text: str, word: str) -> str:
    return known(text, word, _OPINIONS, "opinion", GAME)


def _state(text: str, word: str) -> str:
    return known(text, word, _STATES, "state", GAME)


def _party(text: str, word: str) -> str:
    return known(text, word, _PARTIES, "party", GAME)


def _card(text: str, word: str) -> str:
    return known(text, word, _CARDS, "shadow-cabinet card", GAME)


# kind -> (names of the parts, the function that checks each word)
_SHAPES: dict[str, tuple[tuple[str, ...], tuple[Callable[[str, str], Value], ...]]] = {
    "bid": (("amount",), (lambda t, w: _number(t, w, 0, 10**6, "an amount in thousands of euros"),)),
    "take": (("opinion",), (_opinion,)),
    "hold": (("card",), (_opinion,)),
    "swap": (("card", "for"), (_opinion, _opinion)),
    "media": (("state",), (_state,)),
    "rally": (("state", "count"), (_state, lambda t, w: _number(t, w, 1, MAX_RALLIES, "a number of rallies"))),
    "place": (("card", "state"), (_card, _state)),
    "target": (("party",), (_party,)),
    "replace": (("opinion", "with"), (_opinion, _opinion)),
    "double": (("opinion",), (_opinion,)),
    "look": (("slot",), (lambda t, w: _number(t, w, 1, SLOTS, "a slot"),)),
    "coalition": (("party",), (_party,)),
}


def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError(text, "an action is a text", GAME)
    words = text.split(" ")
    kind = words[0]
    if kind in BARE:
        if len(words) != 1:
            raise _bad(text, f"'{kind}' takes nothing more")
        return Action(kind, (), text)
    shape = _SHAPES.get(kind)
    if shape is None:
        raise _bad(text, f"no action starts with {kind!r}")
    names, checks = shape
    if len(words) != 1 + len(names):
        raise _bad(text, f"write '{kind} " + " ".join(n.upper() for n in names) + "'")
    parts = tuple((name, check(text, word)) for name, check, word in zip(names, checks, words[1:]))
    return Action(kind, parts, text)


parse = memo(_parse)
parse.__doc__ = """The `Action` of a Die Macher action text; ValueError if it is not one
(the rules decide whether it is legal now)."""


def word(a: Action, name: str) -> str:
    """Part `name` of `a` that this notation makes a text (a card, an
    opinion, a state, a party)."""
    value = a[name]
    assert isinstance(value, str), (a, name)
    return value


def number(a: Action, name: str) -> int:
    """Part `name` of `a` that this notation makes a whole number (an amount,
    a count of rallies, a slot)."""
    value = a[name]
    assert isinstance(value, int), (a, name)
    return value


# -- the texts the rules and bots build ------------------------------------------------

PASS = "pass"
DONE = "done"
SKIP = "skip"

BIDS = tuple(f"bid {k}" for k in range(1001))  # made once: the usual amounts


def bid(amount: int) -> str:
    return BIDS[amount] if 0 <= amount < len(BIDS) else f"bid {amount}"


def bids(low: int, high: int) -> list[str]:
    """The texts of the bids from `low` to `high` (a party's money, which a
    deal may make larger than BIDS holds)."""
    if high < len(BIDS):
        return list(BIDS[low:high + 1])
    return list(BIDS[low:]) + [f"bid {k}" for k in range(max(low, len(BIDS)), high + 1)]


def take(op: str) -> str:
    return "take " + op


def swap(card: str, prog: str) -> str:
    return f"swap {card} {prog}"


def hold(card: str) -> str:
    return "hold " + card


def media(state: str) -> str:
    return "media " + state


def rally(state: str, count: int) -> str:
    return f"rally {state} {count}"


def place(card: str, state: str) -> str:
    return f"place {card} {state}"


def target(party: str) -> str:
    return "target " + party


def replace(out: str, new: str) -> str:
    return f"replace {out} {new}"


def double(op: str) -> str:
    return "double " + op


def look(slot: int) -> str:
    return f"look {slot}"


def coalition(party: str) -> str:
    return "coalition " + party
