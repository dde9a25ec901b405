"""The move builder: one way to compose an action in every game.

The rules give the legal actions as values with named parts (core/actions.py).
The player picks the parts in order: a card, then the party it declares; a
piece, then a square, then a promotion; a number, then a suit. The builder
narrows the legal actions by what has been picked so far and tells the table,
for any control, whether picking it

- completes one legal action (the control carries ``data-action``),
- is one step of several (``data-step``: the kind and the parts picked), or
- leads nowhere legal (the control is not offered).

What is picked is state of the user interface only: it filters the legal
actions and never decides legality. Undo, a redraw after another player's
move, and Escape clear it. Pure Python: no browser here.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from coalitions.core.actions import Action, Value
from coalitions.core.plain import plain

Parts = tuple[tuple[str, Value], ...]


@plain(frozen=True)
class Pick:
    """What has been picked: an action kind and its first parts."""

    kind: str
    parts: Parts = ()

    def key(self) -> str:
        """The text of a ``data-step`` attribute: ``kind name=value ...``."""
        return " ".join([self.kind, *(f"{name}={value}" for name, value in self.parts)])

    @classmethod
    def from_key(cls, key: str) -> "Pick":
        words = key.split(" ")
        parts = []
        for word in words[1:]:
            name, sep, value = word.partition("=")
            if not sep or not name:
                raise ValueError(f"{key!r} is not a step")
            parts.append((name, value))  # as text: the builder compares parts as text
        return cls(words[0], tuple(parts))

    def then(self, name: str, value: Value) -> "Pick":
        return Pick(self.kind, self.parts + ((name, value),))

    def back(self) -> Optional["Pick"]:
        """One step back: the last part dropped (None when nothing is left)."""
        return Pick(self.kind, self.parts[:-1]) if self.parts else None


@plain(frozen=True)
class Control:
    """What a control does when picked: exactly one of `action` (the notation
    of the legal action it completes) and `step` (a Pick, one step of several)."""

    action: Optional[str] = None
    step: Optional[Pick] = None
    label: str = ""

    @property
    def attrs(self) -> dict[str, str]:
        if self.action is not None:
            return {"data-action": self.action}
        assert self.step is not None
        return {"data-step": self.step.key()}


@plain(frozen=True)
class Choice:
    """One value of the next part to pick (None: the action is complete
    without it, as a card played with nobody to remove)."""

    value: Optional[Value]
    control: Control


class Builder:
    """The legal actions of one seat at one moment, and what has been picked."""

    def __init__(
        self,
        legal: Iterable[str],
        parse: Callable[[str], Action],
        labels: Optional[dict[str, str]] = None,
        picked: Optional[Pick] = None,
    ) -> None:
        self.actions: list[Action] = [parse(text) for text in legal]
        self.labels = labels or {}
        self.picked: Optional[Pick] = None
        self.covered: set[str] = set()  # the actions some control handed out leads to
        if picked is not None and self.matching(picked.kind, picked.parts):
            self.picked = picked  # a pick that no longer leads anywhere is dropped

    # -- narrowing ---------------------------------------------------------------

    def matching(self, kind: str, parts: Parts = ()) -> list[Action]:
        n = len(parts)
        want = tuple((k, str(v)) for k, v in parts)
        return [a for a in self.actions if a.kind == kind and tuple((k, str(v)) for k, v in a.parts[:n]) == want]

    def _starting(self, kind: str, values: tuple) -> list[Action]:
        n = len(values)
        want = tuple(str(v) for v in values)
        return [a for a in self.actions if a.kind == kind and tuple(str(v) for _, v in a.parts[:n]) == want]

    def label(self, action: Action) -> str:
        return self.labels.get(action.text, action.text)

    def control(self, kind: str, *values: Value) -> Optional[Control]:
        """The control for picking the first parts of a `kind` action, given by
        their values in order (a card; a number and a suit), or None if no
        legal action starts with them."""
        n = len(values)
        found = self._starting(kind, values)
        if not found:
            return None
        self.covered.update(a.text for a in found)
        if len(found) == 1:
            return Control(action=found[0].text, label=self.label(found[0]))
        return Control(step=Pick(kind, found[0].parts[:n]), label="")

    def has(self, kind: str) -> bool:
        return any(a.kind == kind for a in self.actions)

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.actions if a.kind == kind]

    def values(self, kind: str, *prefix: Value) -> list[Value]:
        """The distinct values of the part after `prefix` among the legal `kind`
        actions that start with `prefix`, in the rules' order."""
        n = len(prefix)
        seen: dict[Value, None] = {}
        for a in self._starting(kind, prefix):
            if len(a.parts) > n:
                seen.setdefault(a.parts[n][1], None)
        return list(seen)

    def amounts(self, kind: str, *prefix: Value) -> list[int]:
        """For a numeric part: every legal value, least first (an amount
        control is bounded by the first and the last)."""
        return sorted(v for v in self.values(kind, *prefix) if isinstance(v, int))

    # -- the current pick ----------------------------------------------------------

    def is_picked(self, kind: str, *values: Value) -> bool:
        """Whether the current pick is of a `kind` action starting with `values`."""
        p = self.picked
        if p is None or p.kind != kind or len(p.parts) < len(values):
            return False
        return tuple(str(v) for _, v in p.parts[:len(values)]) == tuple(str(v) for v in values)

    def next_part(self) -> Optional[str]:
        """The name of the part to pick next, or None with nothing picked."""
        p = self.picked
        if p is None:
            return None
        n = len(p.parts)
        for a in self.matching(p.kind, p.parts):
            if len(a.parts) > n:
                return a.parts[n][0]
        return None

    def choices(self) -> list[Choice]:
        """The ways to go on from the current pick: each value of the next part
        (and None first, if the action is already complete without it)."""
        p = self.picked
        if p is None:
            return []
        n = len(p.parts)
        found = self.matching(p.kind, p.parts)
        out: list[Choice] = []
        seen: set[Value] = set()
        for a in found:
            if len(a.parts) == n:
                out.insert(0, Choice(None, Control(action=a.text, label=self.label(a))))
                continue
            name, value = a.parts[n]
            if value in seen:
                continue
            seen.add(value)
            control = self.control(p.kind, *(v for _, v in p.parts), value)
            assert control is not None
            out.append(Choice(value, control))
        return out

    def describe(self) -> str:
        """What a screen reader hears after a pick: what can follow."""
        p = self.picked
        if p is None:
            return ""
        n = len(self.choices())
        part = self.next_part() or "a choice"
        return f"{n} {'way' if n == 1 else 'ways'} to go on: choose {part}. Escape steps back."


def pick_of(text: Optional[str]) -> Optional[Pick]:
    """A Pick from a ``data-step`` value, or None if it is not one."""
    if not text:
        return None
    try:
        return Pick.from_key(text)
    except ValueError:
        return None

