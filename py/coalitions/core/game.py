"""The protocol every game implements.

A game is a `Game` subclass: declarative metadata (id, title, designer, player
counts, options) plus a `State` class. A `State` knows who must act, the legal
actions of each seat, applies an action (or raises `IllegalActionError` and changes
nothing), builds each seat's view, tells the outcome and round-trips through JSON.

Actions are plain strings written in the game's notation (docs/notation.md), so a
record is a list of `[seat, action]` pairs and every button in the app carries the
exact text of the action it performs.

Log events are dicts: ``{"text": ..., "to": None | [seats]}``. Seats appear in the
text as ``{p0}``, ``{p1}``, ... and are replaced by the players' names only when
shown (see `render_text`). ``to`` lists the seats allowed to see a private event;
``None`` means everyone.
"""

from __future__ import annotations

import copy
import importlib
from dataclasses import field
from types import ModuleType
from typing import Any, ClassVar, Iterable, Optional

from .actions import Action
from .bots import Bot, level_descriptions
from .errors import IllegalActionError, OptionError, brief, quote_briefly
from .plain import plain
from .rng import Rng

# A log event: {"text": ..., "to": None | [seats], "kind": ..., ...}
Event = dict[str, Any]
# A view, a state's JSON, a game's metadata: JSON-like objects
JSON = dict[str, Any]


@plain(frozen=True)
class Option:
    """One option of a game, shown on the new-game screen."""

    name: str
    label: str
    default: Any
    kind: str = "bool"  # "bool" or "choice"
    choices: tuple[tuple[Any, str], ...] = ()  # for "choice": ((value, label), ...)
    help: str = ""

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if value in ("1", "true", "yes", "on", 1):
                return True
            if value in ("0", "false", "no", "off", 0):
                return False
            raise OptionError(f"option {self.name!r} must be true or false, not {value!r}")
        allowed = [c[0] for c in self.choices]
        if value not in allowed:
            raise OptionError(f"option {self.name!r} must be one of {', '.join(map(str, allowed))}, not {value!r}")
        return value

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "kind": self.kind,
            "choices": [list(c) for c in self.choices],
            "help": self.help,
        }


@plain
class Outcome:
    """The result of a finished game."""

    scores: list[Any]
    winners: list[int]
    summary: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "finished": True,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "summary": self.summary,
            "details": self.details,
        }

    @classmethod
    def from_json(cls, data: Optional[JSON]) -> Optional[Outcome]:
        """The outcome `to_json` wrote (None for None: a game not over). A
        missing field raises KeyError, a state's loader turns it into a
        RecordError."""
        if not data:
            return None
        return cls(data["scores"], data["winners"], data["summary"], data["details"])


def event(text: str, to: Optional[list[int]] = None, kind: str = "info", **extra: Any) -> Event:
    ev: Event = {"text": text, "to": to, "kind": kind}
    ev.update(extra)
    return ev


# seat -> "{p0}", "{p1}", ... (more than any game has seats)
SEAT_REFS = tuple("{p%d}" % seat for seat in range(16))


def seat_ref(seat: int) -> str:
    """How a log text names a seat: "{p0}", "{p1}", ... (see `render_text`)."""
    return SEAT_REFS[seat] if 0 <= seat < 16 else "{p%d}" % seat


def seat_refs(seats: Iterable[int], conjunction: str = "and") -> str:
    """Several seats in a sentence: "{p0}", "{p0} and {p2}", "{p0}, {p2} and {p3}"."""
    refs = [SEAT_REFS[s] if 0 <= s < 16 else seat_ref(s) for s in seats]
    if len(refs) <= 1:
        return "".join(refs)
    return ", ".join(refs[:-1]) + f" {conjunction} " + refs[-1]


def render_text(text: str, names: list[str]) -> str:
    """Put players' names in place of {p0}, {p1}, ... The result is plain text:
    the app must insert it as text, never as HTML."""
    for i, name in enumerate(names):
        text = text.replace(seat_ref(i), name)
    return text


class Game:
    """Metadata and factory of one game. Subclasses set the class attributes.

    A subclass with an `id`, defined in a package under ``coalitions/games``,
    is found by the registry (core/registry.py): adding a game needs no list
    to be edited. `order` places it in the catalogue."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    designer: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    # how the pages say the number of players ("" gives "2–5 players")
    players_text: ClassVar[str] = ""
    # whether players hold what the others may not see (hands, a deck): the
    # app then warns that a record or a link holds the whole deal
    hidden_information: ClassVar[bool] = True
    # what each seat plays, when a seat is a side of the board (Coalition
    # Chess: the powers); () when seats are just players
    seat_names: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    options: ClassVar[tuple[Option, ...]] = ()
    # the catalogue lists the games by `order`, then by id
    order: ClassVar[int] = 100
    State: ClassVar[type[GameState]]
    # level -> bot class; "random" must exist for every game
    bots: ClassVar[dict[str, type[Bot]]] = {}
    default_bot: ClassVar[str] = "random"

    @classmethod
    def metadata(cls) -> JSON:
        return {
            "id": cls.id,
            "title": cls.title,
            "designer": cls.designer,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "players_text": cls.players_label(),
            "hidden_information": cls.hidden_information,
            "seat_names": list(cls.seat_names),
            "summary": cls.summary,
            "options": [o.to_json() for o in cls.options],
            "bots": list(cls.bots),
            "default_bot": cls.default_bot,
            "levels": level_descriptions(cls),
        }

    @classmethod
    def players_label(cls) -> str:
        """'2–5 players', '4 players', or the game's own players_text."""
        if cls.players_text:
            return cls.players_text
        if cls.min_players == cls.max_players:
            return f"{cls.min_players} players"
        return f"{cls.min_players}–{cls.max_players} players"

    @classmethod
    def guide(cls) -> JSON:
        """The rules in our own words and every interpretation we made:
        {"rules": [{"title", "paragraphs"}], "interpretations": [{"title", "text"}]},
        from the RULES and INTERPRETATIONS of the game's `guide` module."""
        mod = cls._sibling("guide")
        if mod is None:
            return {"rules": [], "interpretations": []}
        return {"rules": mod.RULES, "interpretations": mod.INTERPRETATIONS}

    @classmethod
    def walkthroughs(cls) -> dict[str, JSON]:
        """Annotated records, by name (see docs/records.md): a copy of the
        WALKTHROUGHS of the game's `walkthroughs` module."""
        mod = cls._sibling("walkthroughs")
        return copy.deepcopy(mod.WALKTHROUGHS) if mod is not None else {}

    @classmethod
    def parse_action(cls, text: str) -> Action:
        """The `Action` value of an action's text, from the game's `notation`
        module (its one parser); an action of a game without one has no parts.
        ValueError if the text is not an action of the game's notation."""
        mod = cls._sibling("notation")
        if mod is None:
            return Action(text.split(" ", 1)[0], (), text)
        action: Action = mod.parse(text)
        return action

    @classmethod
    def _sibling(cls, name: str) -> Optional[ModuleType]:
        """The module `name` of the game's package (loaded only when asked
        for), or None if the game has none."""
        target = cls.__module__.rpartition(".")[0] + "." + name
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as exc:
            if exc.name != target:
                raise
            return None

    @classmethod
    def check_players(cls, players: Any) -> int:
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if not cls.min_players <= players <= cls.max_players:
            counts = (f"{cls.min_players}" if cls.min_players == cls.max_players
                      else f"{cls.min_players} to {cls.max_players}")
            raise OptionError(f"{cls.title} is for {counts} players, not {players}")
        return players

    @classmethod
    def record_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A saved record's options as this version reads them: a game whose
        option was added later gives the value older records were played with
        (an option missing from a new game's options takes its default)."""
        return options

    @classmethod
    def check_options(cls, options: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        """Validate options and fill in defaults. Unknown names are refused."""
        options = dict(options or {})
        known = {o.name: o for o in cls.options}
        for name in options:
            if name not in known:
                raise OptionError(f"{cls.title} has no option {name!r}")
        return {name: o.check(options.get(name, o.default)) for name, o in known.items()}

    @classmethod
    def new(cls, players: Any, options: Optional[dict[str, Any]] = None, seed: Optional[int] = None,
            deal: Any = None) -> GameState:
        """Set up a game from a seed, or from an explicit initial deal."""
        players = cls.check_players(players)
        options = cls.check_options(options)
        if deal is None and seed is None:
            raise OptionError("a new game needs a seed or an explicit deal")
        return cls.State.setup(players, options, seed, deal)

    @classmethod
    def from_json(cls, data: JSON) -> GameState:
        return cls.State.from_json(data)


class State:
    """Base of every game state. See the module docstring for the protocol.

    A game writes the hooks: `to_act`, `_legal` (the legal actions of a
    seat), `_apply`, `view`, `outcome`, `to_json`, `setup` and
    `from_json`. The shared behaviour is here and no game overrides it: the
    legal actions of each seat are computed once per state (a cache that
    `apply` clears), `check` is a look-up in them, and `apply` checks, runs
    `_apply` and logs its events."""

    game: ClassVar[type[Game]] = Game
    players: int
    options: dict[str, Any]
    log: list[Event]

    # The legal actions computed in this state (see legal_actions), cleared by
    # apply: those of the seat `_legal_seat` (None: none yet) in `_legal_list`,
    # and those of other seats, when several act at once, in `_legal_more`.
    _legal_seat: Optional[int] = None
    _legal_list: list[str] = []
    _legal_more: Optional[dict[int, list[str]]] = None

    def to_act(self) -> list[int]:
        """Seats that must act now (empty when the game is over)."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[str]:
        """The legal actions of `seat` now: empty when the game is over or the
        seat need not act (a hook: `legal_actions` calls it at most once per
        state and seat, with a whole number)."""
        raise NotImplementedError

    def _apply(self, seat: int, action: str) -> Optional[list[Event]]:
        """Change the state for a legal action. Return the log events it
        produced, or append them to `self.log` itself (and return None or the
        events it did not append)."""
        raise NotImplementedError

    def view(self, seat: Optional[int] = None) -> JSON:
        raise NotImplementedError

    def outcome(self) -> Optional[Outcome]:
        """An `Outcome` once the game is over, else None."""
        raise NotImplementedError

    def to_json(self) -> JSON:
        raise NotImplementedError

    # -- shared behaviour -------------------------------------------------

    # Set by `_apply` for the undo policy (core/match.py):
    # `revealed`: the action showed a seat something it could not know before
    # (another seat's hidden card, a card drawn at random): no undo across it.
    # `shown`: the actor put a card from their own hidden hand on the table: the
    # actor may take it back, but no other seat's undo may cross it.
    revealed = False
    shown = False

    def is_over(self) -> bool:
        return self.outcome() is not None

    def legal_actions(self, seat: int) -> list[str]:
        """The exact texts `seat` may play now (empty if it need not act)."""
        if seat == self._legal_seat and type(seat) is int:
            return list(self._legal_list)
        if type(seat) is not int:
            return []
        more = self._legal_more
        legal = more.get(seat) if more is not None else None
        if legal is None:
            legal = self._legal(seat)
            if self._legal_seat is None:
                self._legal_seat = seat
                self._legal_list = legal
            elif more is None:
                self._legal_more = {seat: legal}
            else:
                more[seat] = legal
        return list(legal)

    def _known_legal(self, seat: Any, action: Any) -> bool:
        """Whether `action` is among the legal actions of `seat` computed in
        this state (False when they have not been computed)."""
        if type(seat) is not int or type(action) is not str:
            return False
        if seat == self._legal_seat:
            return action in self._legal_list
        more = self._legal_more
        return more is not None and action in more.get(seat, ())

    def forget_legal(self) -> None:
        """Drop the cached legal actions: for code that changes a state by hand
        (tests), not through `apply`."""
        self._legal_seat = None
        self._legal_more = None

    def check(self, seat: Any, action: Any) -> None:
        """Raise IllegalActionError with a clear reason if the action is illegal."""
        if self._known_legal(seat, action):
            return
        if self.is_over():
            raise IllegalActionError("the game is over: no more actions")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {brief(seat)} in a {self.players}-player game")
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a text in the game's notation, not {brief(action)}")
        if seat not in self.to_act():
            raise IllegalActionError(f"it is not seat {seat}'s turn")
        if action not in self.legal_actions(seat):
            try:
                why = self.explain_illegal(seat, action)
            except ValueError:  # a text no notation foresaw (int() of "²"): illegal all the same
                why = State.explain_illegal(self, seat, action)
            # the explanation may quote the action: a megabyte of it would make a megabyte of message
            raise IllegalActionError(quote_briefly(why, action))

    def explain_illegal(self, seat: int, action: str) -> str:
        return f"{action!r} is not a legal action for seat {seat} now"

    def apply(self, seat: int, action: str) -> list[Event]:
        """Apply a legal action; raise IllegalActionError and change nothing if it
        is not legal. Returns the log events it produced."""
        # the usual case first: the seat whose legal actions were computed
        if not (seat == self._legal_seat and type(seat) is int and type(action) is str
                and action in self._legal_list):
            self.check(seat, action)
        self._legal_seat = None
        self._legal_more = None
        self.revealed = False
        self.shown = False
        log = self.log
        mark = len(log)
        events = self._apply(seat, action)
        if events:
            log.extend(events)
        return log[mark:]

    def auto_action(self) -> Optional[tuple[int, str]]:
        """A (seat, action) the rules force with no choice worth asking a person
        about (for example passing with an empty hand), or None."""
        return None

    def label(self, seat: int, action: str) -> str:
        """A plain-language label for a button that performs `action`."""
        return action

    def log_for(self, seat: Optional[int] = None) -> list[Event]:
        """The log events `seat` may see (None: a spectator, who sees only the
        public ones). An event with a list `to` is private to those seats."""
        if seat is None:
            return [ev for ev in self.log if ev.get("to") is None]
        return [ev for ev in self.log if ev.get("to") is None or seat in ev["to"]]

    def clone(self) -> GameState:
        return type(self).from_json(self.to_json())

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> GameState:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: JSON) -> GameState:
        raise NotImplementedError


# `State` under a name that the class attribute `Game.State` does not hide
GameState = State


def seed_rng(seed: Optional[int]) -> Rng:
    return Rng(seed if seed is not None else 0)
