"""Koalition's action notation (docs/notation.md): the one parser and the
builders of its action texts.

Kinds and their parts, in the order a player picks them:

- ``play``: ``card``, then for Gaudino Colorino ``party`` (the party he is
  declared for) or for a Resignation ``target`` (the politician who resigns;
  absent when nobody is in play);
- ``propose``: ``coalition`` (the labels of its parties joined by ``+``, in
  party order; an unbound party's player is ``PARTY@SEAT``);
- ``claim`` and ``yield``: ``party`` (the chair tied for);
- ``score``: ``party`` (the party the seat takes its victory points with);
- ``pass``, ``accept``, ``decline``: no parts.
"""

from __future__ import annotations

from typing import Callable, Optional, TypeVar

from ...core.actions import Action, NotationError, known, memo
from .data import CARDS, PARTIES

_KIND_OF = {cid: c["kind"] for cid, c in CARDS.items()}
_PARTIES = frozenset(PARTIES)
_BARE = frozenset(("pass", "accept", "decline"))


def _bad(text: str, why: str) -> NotationError:
    return NotationError(text, why, "Koalition")


def _party(text: str, word: str) -> str:
    return known(text, word, _PARTIES, "party", "Koalition")


def _label(text: str, label: str) -> str:
    party, at, seat = label.partition("@")
    _party(text, party)
    if at and not (seat.isdigit() and seat == str(int(seat))):
        raise _bad(text, f"{label!r}: an unbound party's player is written PARTY@SEAT")
    return label


def _parse(text: str) -> Action:
    words = text.split(" ")
    kind = words[0]
    n = len(words)
    if kind == "play":
        if n < 2 or n > 3:
            raise _bad(text, "write 'play CARD', 'play colorino PARTY' or 'play RESIGNATION [TARGET]'")
        cid = words[1]
        card_kind = _KIND_OF.get(cid)
        if card_kind is None:
            raise _bad(text, f"there is no card {cid!r}")
        if card_kind == "colorino":
            if n != 3 or words[2] not in _PARTIES:
                raise _bad(text, "Gaudino Colorino must declare a party: 'play colorino PARTY'")
            return Action(kind, (("card", cid), ("party", words[2])), text)
        if card_kind == "resign":
            if n == 2:
                return Action(kind, (("card", cid),), text)
            if words[2] not in _KIND_OF:
                raise _bad(text, f"there is no card {words[2]!r} to resign")
            return Action(kind, (("card", cid), ("target", words[2])), text)
        if n != 2:
            raise _bad(text, f"{cid} is played alone: 'play {cid}'")
        return Action(kind, (("card", cid),), text)
    if kind == "propose":
        if n != 2 or not words[1]:
            raise _bad(text, "write 'propose PARTY+PARTY...'")
        labels = words[1].split("+")
        for label in labels:
            _label(text, label)
        if len(set(labels)) != len(labels):
            raise _bad(text, "a party is named twice")
        return Action(kind, (("coalition", words[1]),), text)
    if kind in ("claim", "yield", "score"):
        if n != 2:
            raise _bad(text, f"write '{kind} PARTY'")
        return Action(kind, (("party", _party(text, words[1])),), text)
    if kind in _BARE:
        if n != 1:
            raise _bad(text, f"'{kind}' takes nothing more")
        return Action(kind, (), text)
    raise _bad(text, f"no action starts with {kind!r}")


parse = memo(_parse)
parse.__doc__ = """The `Action` of a Koalition action text; ValueError if it is not one
(the rules decide whether it is legal now)."""


# -- the texts the rules build -------------------------------------------------------------------

PASS = "pass"
ACCEPT = "accept"
DECLINE = "decline"


def play(card: str, choice: Optional[str] = None) -> str:
    """'play rose-12', 'play colorino green', 'play resign-1 black-x2'."""
    return f"play {card} {choice}" if choice else "play " + card


def propose(coalition: str) -> str:
    """'propose black+red': `coalition` is its text (see `coalition_text`)."""
    return "propose " + coalition


def claim(party: str) -> str:
    return "claim " + party


def yield_(party: str) -> str:
    return "yield " + party


def score(party: str) -> str:
    return "score " + party


def coalition_labels(coalition: str) -> list[str]:
    """The labels of a coalition's text: 'black+green@1' -> ['black', 'green@1']."""
    return coalition.split("+")


def label_parts(label: str) -> tuple[str, Optional[int]]:
    """'green@1' -> ('green', 1); 'black' -> ('black', None)."""
    return LABEL_PARTS[label]


K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict that computes a missing value with `make` (and keeps it)."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


def _label_parts(label: str) -> tuple[str, Optional[int]]:
    party, _, seat = label.partition("@")
    return party, (int(seat) if seat else None)


# label -> label_parts(label), as a look-up (there are few labels)
LABEL_PARTS: Memo[str, tuple[str, Optional[int]]] = Memo(_label_parts)
