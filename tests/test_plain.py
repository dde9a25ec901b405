"""`coalitions.core.plain` behaves as `dataclasses.dataclass` for what the
project uses: constructors, defaults and factories, equality, hashing,
repr, frozen instances, __post_init__ and the errors of a wrong call."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

import pytest

from coalitions.core.plain import plain


def pair(frozen: bool):
    """The same class body under @dataclass and under @plain."""
    made = []
    for decorate in (dataclass(frozen=frozen), plain(frozen=frozen)):
        @decorate
        class Point:
            """A point."""

            x: int
            y: int = 0
            tags: list = field(default_factory=list)
            label: Optional[str] = field(default=None)
            note: Any = "n"

            def norm(self) -> int:
                return abs(self.x) + abs(self.y)

        made.append(Point)
    return made


CALLS = [
    ((1,), {}), ((1, 2), {}), ((), {"x": 3}), ((1,), {"y": 5, "label": "a"}), ((1, 2, [3], "b", 4), {}),
    ((), {"y": 1, "x": 2, "tags": ["t"]}),
]
BAD_CALLS = [((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"x": 2}), ((1,), {"z": 2})]


@pytest.mark.parametrize("frozen", [False, True])
def test_plain_builds_compares_and_shows_as_a_dataclass(frozen):
    real, own = pair(frozen)
    for args, kwargs in CALLS:
        a, b = real(*args, **kwargs), own(*args, **kwargs)
        assert [getattr(b, f.name) for f in dataclasses.fields(real)] == [getattr(a, f.name) for f in dataclasses.fields(real)]
        assert repr(b).replace("own", "") == repr(a).replace("real", "")
        assert b == own(*args, **kwargs) and b != a and b.norm() == a.norm()
        assert (b == own(99)) is False
        if frozen:
            try:
                hash(a)
            except TypeError:  # a list among the fields, in both
                with pytest.raises(TypeError):
                    hash(b)
            else:
                assert hash(b) == hash(own(*args, **kwargs))
        else:
            with pytest.raises(TypeError):
                hash(b)
    for args, kwargs in BAD_CALLS:
        with pytest.raises(TypeError) as expected:
            real(*args, **kwargs)
        with pytest.raises(TypeError) as got:
            own(*args, **kwargs)
        assert type(got.value) is type(expected.value)
    # a factory gives each instance its own value; no class attribute holds a field()
    first, second = own(1), own(2)
    assert first.tags == [] and first.tags is not second.tags
    assert "tags" not in vars(own) and own.label is None and own.note == "n"
    assert own.__match_args__ == ("x", "y", "tags", "label", "note")
    assert own.__doc__ == "A point."


def test_frozen_plain_refuses_changes_and_hashes_by_fields():
    _, own = pair(True)
    point = own(1, 2, (), "a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y
    assert point.x == 1
    assert hash(point) == hash(own(1, 2, (), "a")) and {point, own(1, 2, (), "a")} == {point}
    _, mutable = pair(False)
    changed = mutable(1)
    changed.x = 7
    assert changed == mutable(7) and mutable.__hash__ is None


def test_post_init_runs_after_the_fields():
    seen = []

    @plain
    class Box:
        size: int
        items: set = field(default_factory=set)

        def __post_init__(self) -> None:
            seen.append((self.size, self.items))

    Box(3)
    assert seen == [(3, set())]


def test_the_app_and_core_classes_are_plain_classes():
    """The first screen's classes no longer go through dataclasses (whose
    code generation is what plain saves at start-up)."""
    from app import render  # noqa: F401 (first, as the app imports them: it re-exports app.frame)
    from app import builder, flow, frame, results, routes
    from coalitions.core import actions, game

    classes = [builder.Pick, builder.Control, builder.Choice, flow.BotJob, flow.Auto, flow.WalkthroughFlow,
               frame.TableContext, frame.TableParts, results.Kind, results.Moment, routes.Route, game.Option,
               game.Outcome, actions.Action]
    assert not [c.__name__ for c in classes if dataclasses.is_dataclass(c)]
