"""Coalition Chess's action notation (docs/notation.md): the one parser, and
the translation between texts and the engine's actions.

Kinds and their parts, in the order a player picks them:

- ``move``: ``from``, ``to`` (squares such as ``c1``, ``k10``; files a-k
  without i), then ``promote`` (a piece id) when a Guard or a Machine-gun
  reaches the far edge: ``move c9 c10 tank``;
- ``answer``: the same parts, for a move that answers a check out of turn;
- ``place``: ``piece``, then ``square``: Yellow's set-up, and the pieces put
  back during a rearrangement;
- ``declare``: ``power`` (``yellow`` or ``black``): a lesser power joins it;
- ``swap``: ``from``, ``to``: the Motorcyclist changes colour (variant);
- ``default``, ``rearrange``, ``wait``, ``offer``, ``accept``, ``decline``,
  ``pass``: no parts.
"""

from ...core.actions import Action, NotationError, memo
from .data import KIND_OF_ID, MG_PROMOTIONS, PIECES, square, square_name, square_of
from .engine import (
    ACCEPT, DECLARE_B, DECLARE_Y, DECLINE, DEFAULT, OFFER, PASS, PLACE, REARRANGE, SWAP, WAIT,
)

GAME = "Coalition Chess"
_PROMO_IDS = frozenset(PIECES[k][0] for k in MG_PROMOTIONS)
_BARE = {"default": DEFAULT, "rearrange": REARRANGE, "wait": WAIT, "offer": OFFER, "accept": ACCEPT,
         "decline": DECLINE, "pass": PASS}
_BARE_TEXT = {v: k for k, v in _BARE.items()}


def _bad(text: str, why: str) -> NotationError:
    return NotationError(text, why, GAME)


def _square(text: str, word: str) -> str:
    if square_of(word) is None:
        raise _bad(text, f"{word!r} is not a square (files a-k without i, ranks 1-10: 'c1', 'k10')")
    return word


def _parse(text: str) -> Action:
    words = text.split(" ")
    kind = words[0]
    n = len(words)
    if kind in ("move", "answer"):
        if n not in (3, 4):
            raise _bad(text, f"write '{kind} FROM TO', and the new piece after a promotion")
        parts = [("from", _square(text, words[1])), ("to", _square(text, words[2]))]
        if words[1] == words[2]:
            raise _bad(text, "a move goes to another square")
        if n == 4:
            if words[3] not in _PROMO_IDS:
                raise _bad(text, f"{words[3]!r} is not a piece to promote to ({', '.join(sorted(_PROMO_IDS))})")
            parts.append(("promote", words[3]))
        return Action(kind, tuple(parts), text)
    if kind == "place":
        if n != 3:
            raise _bad(text, "write 'place PIECE SQUARE'")
        if words[1] not in KIND_OF_ID:
            raise _bad(text, f"there is no piece {words[1]!r}")
        return Action(kind, (("piece", words[1]), ("square", _square(text, words[2]))), text)
    if kind == "declare":
        if n != 2 or words[1] not in ("yellow", "black"):
            raise _bad(text, "write 'declare yellow' or 'declare black'")
        return Action(kind, (("power", words[1]),), text)
    if kind == "swap":
        if n != 3:
            raise _bad(text, "write 'swap FROM TO'")
        return Action(kind, (("from", _square(text, words[1])), ("to", _square(text, words[2]))), text)
    if kind in _BARE:
        if n != 1:
            raise _bad(text, f"'{kind}' takes nothing more")
        return Action(kind, (), text)
    raise _bad(text, f"no action starts with {kind!r}")


parse = memo(_parse)
parse.__doc__ = """The `Action` of a Coalition Chess action text; ValueError if it is not
one (the rules decide whether it is legal now)."""


def text_of(a: int, answering: bool = False) -> str:
    """The notation of the engine action a (a move is an 'answer' while a
    check is being answered)."""
    if 0 <= a < PLACE:
        f = a & 127
        t = (a >> 7) & 127
        pk = a >> 14
        head = "answer " if answering else "move "
        text = head + square_name(f) + " " + square_name(t)
        return text + " " + PIECES[pk][0] if pk else text
    if a >= SWAP:
        return "swap " + square_name(a & 127) + " " + square_name((a >> 7) & 127)
    if a >= PLACE:
        return "place " + PIECES[(a >> 7) & 15][0] + " " + square_name(a & 127)
    if a == DECLARE_Y:
        return "declare yellow"
    if a == DECLARE_B:
        return "declare black"
    return _BARE_TEXT[a]


def action_of(act: Action) -> int:
    """The engine action of a parsed `Action` (legal or not)."""
    kind = act.kind
    if kind in ("move", "answer"):
        pk = act.get("promote")
        return (square(act["from"]) | square(act["to"]) << 7
                | (KIND_OF_ID[str(pk)] << 14 if pk else 0))
    if kind == "place":
        return PLACE | KIND_OF_ID[str(act["piece"])] << 7 | square(act["square"])
    if kind == "swap":
        return SWAP | square(act["from"]) | square(act["to"]) << 7
    if kind == "declare":
        return DECLARE_Y if act["power"] == "yellow" else DECLARE_B
    return _BARE[kind]
