"""Alliances' action notation (docs/notation.md): the one parser and the
builders of its action texts.

Kinds and their parts, in the order a player picks them:

- ``bid`` and ``declare``: ``number`` (a whole number: 10 to 20 for a bid,
  0 to 20 for a declaration; the rules allow fewer), then ``suit`` (the
  dominant suit);
- ``pass`` and ``reinforce``: no parts;
- ``target``: ``tile`` (the country);
- ``play``: ``card``, then the choices of a special action, each named by its
  word: ``take`` then ``add-to`` (Dual Allegiance), ``take`` (Bribe),
  ``keep`` (Monopoly), ``discard`` (Covert Operation), ``double``
  (Reinforcement); a special action with nothing to work on has none;
- ``draft``, ``show``, ``give``: ``card``;
- ``trump``: ``suit``;
- ``put``: ``card``, then ``card2`` (the two cards a Rebel puts down).
"""

from ...core.actions import Action, NotationError, Value, known, memo
from .data import BID_MAX, BID_MIN, CARDS, N_TILES, SUITS, TILES

_SUITS = frozenset(SUITS)
# the words of a special action, in order, by card
SPECIAL_WORDS = {
    "dual-allegiance": ("take", "add-to"),
    "bribe": ("take",),
    "monopoly": ("keep",),
    "covert-operation": ("discard",),
    "reinforcement": ("double",),
}
_ONE_CARD = ("draft", "show", "give")


def _bad(text: str, why: str) -> NotationError:
    return NotationError(text, why, "Alliances")


def _card(text: str, cid: str) -> str:
    return known(text, cid, CARDS, "card", "Alliances")


def _suit(text: str, suit: str) -> str:
    return known(text, suit, _SUITS, "suit", "Alliances")


def _number(text: str, word: str, low: int = BID_MIN, high: int = BID_MAX) -> int:
    if not (word.isdigit() and word == str(int(word))) or not low <= int(word) <= high:
        raise _bad(text, f"the number of countries is a whole number from {low} to {high}, not {word!r}")
    return int(word)


def _parse(text: str) -> Action:
    words = text.split(" ")
    kind = words[0]
    n = len(words)
    if kind == "play":
        if n < 2:
            raise _bad(text, "write 'play CARD'")
        cid = _card(text, words[1])
        parts: list[tuple[str, Value]] = [("card", cid)]
        if n > 2:
            names = SPECIAL_WORDS.get(cid, ())
            if n != 2 + 2 * len(names) or tuple(words[2::2]) != names:
                raise _bad(text, f"{cid} is written 'play {cid}" + "".join(f" {w} CARD" for w in names) + "'")
            parts += [(name, _card(text, value)) for name, value in zip(names, words[3::2])]
        return Action(kind, tuple(parts), text)
    if kind in ("bid", "declare"):
        if n != 3:
            raise _bad(text, f"write '{kind} N SUIT'")
        bounds = (BID_MIN, BID_MAX) if kind == "bid" else (0, N_TILES)
        return Action(kind, (("number", _number(text, words[1], *bounds)), ("suit", _suit(text, words[2]))), text)
    if kind == "target":
        if n != 2:
            raise _bad(text, "write 'target COUNTRY'")
        if words[1] not in TILES:
            raise _bad(text, f"there is no country {words[1]!r}")
        return Action(kind, (("tile", words[1]),), text)
    if kind in _ONE_CARD:
        if n != 2:
            raise _bad(text, f"write '{kind} CARD'")
        return Action(kind, (("card", _card(text, words[1])),), text)
    if kind == "trump":
        if n != 2:
            raise _bad(text, "write 'trump SUIT'")
        return Action(kind, (("suit", _suit(text, words[1])),), text)
    if kind == "put":
        if n != 3:
            raise _bad(text, "write 'put CARD CARD'")
        return Action(kind, (("card", _card(text, words[1])), ("card2", _card(text, words[2]))), text)
    if kind in ("pass", "reinforce"):
        if n != 1:
            raise _bad(text, f"'{kind}' takes nothing more")
        return Action(kind, (), text)
    raise _bad(text, f"no action starts with {kind!r}")


parse = memo(_parse)
parse.__doc__ = """The `Action` of an Alliances action text; ValueError if it is not one
(the rules decide whether it is legal now)."""


def special_params(action: Action) -> dict[str, str]:
    """The choices of a played special action, by word: {"take": "4p",
    "add-to": "9m"} (empty for a power card)."""
    return {name: str(value) for name, value in action.parts[1:]}


# -- the texts the rules build -------------------------------------------------------------------

PASS = "pass"
REINFORCE = "reinforce"


def bid(number: int, suit: str) -> str:
    return f"bid {number} {suit}"


def declare(number: int, suit: str) -> str:
    return f"declare {number} {suit}"


def target(tile: str) -> str:
    return "target " + tile


def play(card: str, params: str = "") -> str:
    """'play 4m', 'play bribe take 7p' (`params`: the words after the card)."""
    return f"play {card} {params}" if params else "play " + card


def trump(suit: str) -> str:
    return "trump " + suit


def put(card: str, card2: str) -> str:
    return f"put {card} {card2}"


def one_card(kind: str, card: str) -> str:
    """'draft 4m', 'show 4m', 'give 4m'."""
    return f"{kind} {card}"
