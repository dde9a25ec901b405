"""Small value classes without the cost of `dataclasses` at import.

`dataclasses.dataclass` writes each class's ``__init__``, ``__eq__`` and
``__repr__`` as source text and compiles it when the module is imported:
under Pyodide, in a page that has just started, that is one to two
milliseconds a class, and the first screen imports about a dozen of them.
`plain` gives a class the same constructor and comparisons from its
annotated fields, with functions shared by every such class, so importing
costs no compilation. It is meant for classes made a few at a time (a
screen's state, a control, an option); a class made in large numbers on a
hot path writes its own methods, as `coalitions.core.actions.Action` does.

What it does, as ``@dataclass`` and ``@dataclass(frozen=True)`` do:

* the fields are the class's annotations, in order; a default is a class
  attribute, or ``dataclasses.field(default=...)`` or
  ``field(default_factory=...)``;
* ``__init__`` takes them by position or by name, then calls
  ``__post_init__`` if the class has one;
* ``__eq__`` compares the fields of two instances of the same class;
  ``__repr__`` names the class and each field;
* frozen: assigning or deleting an attribute raises
  `dataclasses.FrozenInstanceError`, and instances hash by their fields;
  otherwise they are unhashable (``__hash__`` is None), as dataclasses
  with ``eq=True`` are.

Not supported (and not used): ``ClassVar`` and ``InitVar`` fields,
``dataclasses.replace``, ``fields`` and ``asdict``, inheritance of fields.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, Callable, Optional, TypeVar, dataclass_transform, overload

T = TypeVar("T", bound=type)

_Spec = tuple[str, Any, Any]  # (name, default or MISSING, factory or MISSING)


def _specs(cls: type) -> tuple[_Spec, ...]:
    specs = []
    for name in cls.__annotations__:
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            default, factory = value.default, value.default_factory
            if default is MISSING:
                delattr(cls, name)  # as dataclasses do: no class attribute holds a field()
            else:
                setattr(cls, name, default)
        else:
            default, factory = value, MISSING
        specs.append((name, default, factory))
    return tuple(specs)


def _make(cls: type, frozen: bool) -> type:
    specs = _specs(cls)
    names = tuple(name for name, _, _ in specs)
    known = frozenset(names)
    title = cls.__name__
    post_init: Optional[Callable[..., None]] = cls.__dict__.get("__post_init__")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(names):
            raise TypeError(f"{title}() takes {len(names)} positional arguments but {len(args)} were given")
        given = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in known:
                raise TypeError(f"{title}() got an unexpected keyword argument {key!r}")
            if key in given:
                raise TypeError(f"{title}() got multiple values for argument {key!r}")
            given[key] = value
        for name, default, factory in specs:
            if name in given:
                value = given[name]
            elif factory is not MISSING:
                value = factory()
            elif default is not MISSING:
                value = default
            else:
                raise TypeError(f"{title}() missing required argument: {name!r}")
            object.__setattr__(self, name, value)
        if post_init is not None:
            post_init(self)

    def values(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in names)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({inner})"

    namespace: dict[str, Any] = {"__init__": __init__, "__eq__": __eq__, "__repr__": __repr__, "__hash__": None}
    if frozen:
        def __setattr__(self: Any, name: str, value: Any) -> None:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self: Any, name: str) -> None:
            raise FrozenInstanceError(f"cannot delete field {name!r}")

        def __hash__(self: Any) -> int:
            return hash(values(self))

        namespace.update(__setattr__=__setattr__, __delattr__=__delattr__, __hash__=__hash__)
    for key, function in namespace.items():
        if function is not None:
            function.__qualname__ = f"{cls.__qualname__}.{key}"
        setattr(cls, key, function)
    setattr(cls, "__match_args__", names)
    return cls


@overload
def plain(cls: T, /) -> T: ...
@overload
def plain(*, frozen: bool = False) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(field,))
def plain(cls: Optional[T] = None, /, *, frozen: bool = False) -> Any:
    """``@plain`` or ``@plain(frozen=True)``: see the module's docstring."""
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)
