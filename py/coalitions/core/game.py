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

import copy
import importlib
from dataclasses import dataclass, field

from .actions import Action
from .errors import IllegalActionError, OptionError
from .rng import Rng


@dataclass(frozen=True)
class Option:
    """One option of a game, shown on the new-game screen."""

    name: str
    label: str
    default: object
    kind: str = "bool"  # "bool" or "choice"
    choices: tuple = ()  # for "choice": ((value, label), ...)
    help: str = ""

    def check(self, value):
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

    def to_json(self):
        return {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "kind": self.kind,
            "choices": [list(c) for c in self.choices],
            "help": self.help,
        }


@dataclass
class Outcome:
    """The result of a finished game."""

    scores: list
    winners: list
    summary: str
    details: dict = field(default_factory=dict)

    def to_json(self):
        return {
            "finished": True,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "summary": self.summary,
            "details": self.details,
        }


def event(text, to=None, kind="info", **extra):
    ev = {"text": text, "to": to, "kind": kind}
    ev.update(extra)
    return ev


def render_text(text, names):
    """Put players' names in place of {p0}, {p1}, ... The result is plain text:
    the app must insert it as text, never as HTML."""
    for i, name in enumerate(names):
        text = text.replace("{p%d}" % i, name)
    return text


class Game:
    """Metadata and factory of one game. Subclasses set the class attributes."""

    id = ""
    title = ""
    designer = ""
    min_players = 2
    max_players = 2
    summary = ""
    options = ()
    State = None
    # level -> bot class; "random" must exist for every game
    bots = {}
    default_bot = "random"

    @classmethod
    def metadata(cls):
        return {
            "id": cls.id,
            "title": cls.title,
            "designer": cls.designer,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "summary": cls.summary,
            "options": [o.to_json() for o in cls.options],
            "bots": list(cls.bots),
            "default_bot": cls.default_bot,
        }

    @classmethod
    def guide(cls):
        """The rules in our own words and every interpretation we made:
        {"rules": [{"title", "paragraphs"}], "interpretations": [{"title", "text"}]},
        from the RULES and INTERPRETATIONS of the game's `guide` module."""
        mod = cls._sibling("guide")
        if mod is None:
            return {"rules": [], "interpretations": []}
        return {"rules": mod.RULES, "interpretations": mod.INTERPRETATIONS}

    @classmethod
    def walkthroughs(cls):
        """Annotated records, by name (see docs/records.md): a copy of the
        WALKTHROUGHS of the game's `walkthroughs` module."""
        mod = cls._sibling("walkthroughs")
        return copy.deepcopy(mod.WALKTHROUGHS) if mod is not None else {}

    @classmethod
    def parse_action(cls, text):
        """The `Action` value of an action's text, from the game's `notation`
        module (its one parser); an action of a game without one has no parts."""
        mod = cls._sibling("notation")
        if mod is None:
            return Action(text.split(" ", 1)[0], (), text)
        return mod.parse(text)

    @classmethod
    def _sibling(cls, name):
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
    def check_players(cls, players):
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"the number of players must be a whole number, not {players!r}")
        if not cls.min_players <= players <= cls.max_players:
            raise OptionError(
                f"{cls.title} is for {cls.min_players} to {cls.max_players} players, not {players}"
            )
        return players

    @classmethod
    def check_options(cls, options=None):
        """Validate options and fill in defaults. Unknown names are refused."""
        options = dict(options or {})
        known = {o.name: o for o in cls.options}
        for name in options:
            if name not in known:
                raise OptionError(f"{cls.title} has no option {name!r}")
        return {name: o.check(options.get(name, o.default)) for name, o in known.items()}

    @classmethod
    def new(cls, players, options=None, seed=None, deal=None):
        """Set up a game from a seed, or from an explicit initial deal."""
        players = cls.check_players(players)
        options = cls.check_options(options)
        if deal is None and seed is None:
            raise OptionError("a new game needs a seed or an explicit deal")
        return cls.State.setup(players, options, seed, deal)

    @classmethod
    def from_json(cls, data):
        return cls.State.from_json(data)


class State:
    """Base of every game state. See the module docstring for the protocol."""

    game = Game

    def to_act(self):
        """Seats that must act now (empty when the game is over)."""
        raise NotImplementedError

    def legal_actions(self, seat):
        raise NotImplementedError

    def _apply(self, seat, action):
        """Change the state for a legal action; return the log events."""
        raise NotImplementedError

    def view(self, seat=None):
        raise NotImplementedError

    def outcome(self):
        """An `Outcome` once the game is over, else None."""
        raise NotImplementedError

    def to_json(self):
        raise NotImplementedError

    # -- shared behaviour -------------------------------------------------

    # Set by `_apply` for the undo policy (core/match.py):
    # `revealed`: the action showed a seat something it could not know before
    # (another seat's hidden card, a card drawn at random): no undo across it.
    # `shown`: the actor put a card from their own hidden hand on the table: the
    # actor may take it back, but no other seat's undo may cross it.
    revealed = False
    shown = False

    def is_over(self):
        return self.outcome() is not None

    def check(self, seat, action):
        """Raise IllegalActionError with a clear reason if the action is illegal."""
        if self.is_over():
            raise IllegalActionError("the game is over: no more actions")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat!r} in a {self.players}-player game")
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a text in the game's notation, not {action!r}")
        if seat not in self.to_act():
            raise IllegalActionError(f"it is not seat {seat}'s turn")
        if action not in self.legal_actions(seat):
            raise IllegalActionError(self.explain_illegal(seat, action))

    def explain_illegal(self, seat, action):
        return f"{action!r} is not a legal action for seat {seat} now"

    def apply(self, seat, action):
        """Apply a legal action; raise IllegalActionError and change nothing if it
        is not legal. Returns the log events it produced."""
        self.check(seat, action)
        self.revealed = False
        self.shown = False
        events = self._apply(seat, action)
        self.log.extend(events)
        return events

    def auto_action(self):
        """A (seat, action) the rules force with no choice worth asking a person
        about (for example passing with an empty hand), or None."""
        return None

    def label(self, seat, action):
        """A plain-language label for a button that performs `action`."""
        return action

    def log_for(self, seat=None):
        """The log events `seat` may see (None: a spectator, who sees only the
        public ones). An event with a list `to` is private to those seats."""
        if seat is None:
            return [ev for ev in self.log if ev.get("to") is None]
        return [ev for ev in self.log if ev.get("to") is None or seat in ev["to"]]

    def clone(self):
        return type(self).from_json(self.to_json())

    @classmethod
    def setup(cls, players, options, seed, deal):
        raise NotImplementedError

    @classmethod
    def from_json(cls, data):
        raise NotImplementedError


def seed_rng(seed):
    return Rng(seed if seed is not None else 0)
