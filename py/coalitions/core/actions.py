"""Actions as values.

On the wire (records, share links, the ``data-action`` of a button) an action is
one line of text in its game's notation (docs/notation.md). Inside the program
it is an `Action`: a kind and named parts, in the order a player picks them
(the card, then the party; the piece, then the square, then the promotion).
Each game parses and formats its notation in one module, ``notation.py`` of
its package, so nothing else splits action strings.

The move builder of the app narrows a list of legal `Action` values by the
parts picked so far; it never decides what is legal.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Callable, Collection, Iterable, Mapping, Union

Value = Union[str, int]


class NotationError(ValueError):
    """A text that is not an action of the game's notation; `reason` says why."""

    def __init__(self, text: object, reason: str, game: str = "") -> None:
        super().__init__(f"{text!r} is not {('an action of ' + game) if game else 'an action'}: {reason}")
        self.text = text
        self.reason = reason


def known(text: str, word: str, names: Collection[str], what: str, game: str) -> str:
    """`word` if it is one of `names` (a game's cards, suits, parties...),
    else the NotationError of `text` that says there is no such `what`."""
    if word not in names:
        raise NotationError(text, f"there is no {what} {word!r}", game)
    return word


class Action:
    """One action: ``kind`` (the verb of its notation) and named ``parts``,
    in picking order, with ``text`` its notation. An immutable value, equal
    to another of the same kind, parts and text. (Written out rather than
    a frozen dataclass: rules and bots make many, and the page imports this
    module at start, where a dataclass's generated code costs; see
    `coalitions.core.plain`.)"""

    __slots__ = ("kind", "parts", "text")
    __match_args__ = ("kind", "parts", "text")
    kind: str
    parts: tuple[tuple[str, Value], ...]
    text: str

    def __init__(self, kind: str, parts: tuple[tuple[str, Value], ...], text: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.kind, self.parts, self.text) == (other.kind, other.parts, other.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.parts, self.text))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, parts={self.parts!r}, text={self.text!r})"

    def get(self, name: str, default: Value | None = None) -> Value | None:
        for key, value in self.parts:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> Value:
        for key, value in self.parts:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.parts)

    def as_dict(self) -> dict[str, Value]:
        return dict(self.parts)

    def __str__(self) -> str:
        return self.text


def make(kind: str, parts: Iterable[tuple[str, Value]], text: str) -> Action:
    return Action(kind, tuple(parts), text)


def words(kind: str, names: Iterable[str], text: str, ints: Iterable[str] = ()) -> Action:
    """The common case: ``kind word word ...`` where each word after the kind is
    the next of `names` (fewer words than names is allowed: the rest are absent).
    Parts named in `ints` are whole numbers."""
    found = text.split(" ")
    if found[0] != kind:
        raise ValueError(f"{text!r} is not a {kind!r} action")
    names = tuple(names)
    values = found[1:]
    if len(values) > len(names):
        raise ValueError(f"{text!r} has more parts than a {kind!r} action")
    as_int = set(ints)
    parts = tuple(
        (name, int(value) if name in as_int else value) for name, value in zip(names, values)
    )
    return Action(kind, parts, text)


def by_kind(table: Mapping[str, Callable[[str], Action]], text: str) -> Action:
    """Parse `text` with the parser of its first word in `table`; a kind with no
    parser of its own is an action with no parts."""
    kind = text.split(" ", 1)[0]
    parser = table.get(kind)
    if parser is None:
        return Action(kind, (), text)
    return parser(text)


def memo(parse: Callable[[str], Action], size: int = 20000) -> Callable[[str], Action]:
    """`parse` with its results kept (an `Action` is immutable): a bot reads
    the same few hundred action texts over and over. At most `size` texts
    are kept; errors are not."""
    seen: dict[str, Action] = {}

    def parse_memo(text: str) -> Action:
        action = seen.get(text) if type(text) is str else None
        if action is None:
            if not isinstance(text, str):
                raise NotationError(text, "an action is a text")
            action = parse(text)
            if len(seen) >= size:
                seen.clear()
            seen[text] = action
        return action

    parse_memo.__doc__ = parse.__doc__
    parse_memo.__name__ = getattr(parse, "__name__", "parse")
    return parse_memo

