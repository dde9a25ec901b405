"""Election Day's action notation (docs/notation.md): the one parser and the
builders of its action texts.

Kinds and their parts, in the order a player picks them:

- ``play``: ``card`` (any card but an Ace);
- ``ace``: ``ace`` (the suit of the Ace taken from the hand), then ``keep``
  (the suit of the Ace kept face down: that suit or the old face-down one);
- ``pass``: no parts.
"""

from ...core.actions import Action, NotationError, memo
from .data import CARDS, SUITS

_SUITS = frozenset(SUITS)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(text, why, "Election Day")


def _parse(text: str) -> Action:
    words = text.split(" ")
    kind = words[0]
    if kind == "play":
        if len(words) != 2:
            raise _bad(text, "write 'play CARD'")
        cid = words[1]
        if cid not in CARDS:
            raise _bad(text, f"there is no card {cid!r}")
        return Action(kind, (("card", cid),), text)
    if kind == "ace":
        if len(words) != 4 or words[2] != "keep":
            raise _bad(text, "write it as 'ace SUIT keep SUIT'")
        for suit in (words[1], words[3]):
            if suit not in _SUITS:
                raise _bad(text, f"there is no suit {suit!r}")
        return Action(kind, (("ace", words[1]), ("keep", words[3])), text)
    if kind == "pass":
        if len(words) != 1:
            raise _bad(text, "'pass' takes nothing more")
        return Action(kind, (), text)
    raise _bad(text, f"no action starts with {kind!r}")


parse = memo(_parse)
parse.__doc__ = """The `Action` of an Election Day action text; ValueError if it is not
one (the rules decide whether it is legal now)."""


# -- the texts the rules build -------------------------------------------------------------------

PASS = "pass"


def play(card: str) -> str:
    """'play darkness'."""
    return "play " + card


def ace(hand_suit: str, keep_suit: str) -> str:
    """'ace waves keep moons'."""
    return f"ace {hand_suit} keep {keep_suit}"
