"""The registry of games, by id.

Games are found, not listed: every package named with `add_package` (the
package ``coalitions.games`` is, by ``coalitions/registry.py``) is scanned
once, when the catalogue is first read, and each of its sub-packages whose
module defines a `Game` subclass with an `id` registers that game. Adding a
game is adding a folder. `register` adds a game by hand (tests, plug-ins).

Asking for one game by id first imports only the folder its id names
(``die-macher`` is ``die_macher``), so opening a game does not import the
others (in the browser that is part of every start-up); the whole scan
follows only when that folder does not define it.

The catalogue lists the games by their `order`, then by id.
"""

from __future__ import annotations

import importlib
import re

from .errors import UnknownGameError
from .game import Game

_GAMES: dict[str, type[Game]] = {}
_PACKAGES: list[str] = []
_SCANNED: set[str] = set()
_FOLDER_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def add_package(name: str) -> None:
    """Look for games in the sub-packages of the package `name` (a dotted
    module name), the next time the registry is read."""
    if name not in _PACKAGES:
        _PACKAGES.append(name)


def register(game: type[Game]) -> type[Game]:
    """Add a game class (a `Game` subclass with an id); returns it, so that it
    can decorate the class."""
    if not (isinstance(game, type) and issubclass(game, Game)) or not game.id:
        raise TypeError(f"{game!r} is not a Game subclass with an id")
    known = _GAMES.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"two games have the id {game.id!r}: {known.__module__} and {game.__module__}")
    _GAMES[game.id] = game
    return game


def games_in(module: object) -> list[type[Game]]:
    """The `Game` subclasses with an id that `module` defines or imports."""
    found = []
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, Game) and value is not Game and value.id:
            found.append(value)
    return found


def _scan() -> None:
    import pkgutil  # here: opening one game needs no scan

    for name in _PACKAGES:
        if name in _SCANNED:
            continue
        _SCANNED.add(name)
        package = importlib.import_module(name)
        # A package unpacked from a wheel (Pyodide) is a directory on sys.path
        # like any other: its __path__ lists the sub-packages.
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg or info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{name}.{info.name}")
            for game in games_in(module):
                register(game)


def _import_one(game_id: str) -> None:
    """Import the sub-package that `game_id` names in each package, where it exists."""
    if len(game_id) > 40 or not _FOLDER_ID.fullmatch(game_id):
        return
    for name in _PACKAGES:
        if name in _SCANNED:
            continue
        module_name = f"{name}.{game_id.replace('-', '_')}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name in (module_name, name):
                continue  # no such folder (a game defined elsewhere, or an unknown id)
            raise
        for game in games_in(module):
            register(game)


def all_games() -> list[type[Game]]:
    """Every registered game class, in catalogue order."""
    _scan()
    return sorted(_GAMES.values(), key=lambda g: (g.order, g.id))


def get_game(game_id: object) -> type[Game]:
    """The game class of `game_id`; UnknownGameError (a ValueError) if there is none."""
    game = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is not None:
        return game
    if isinstance(game_id, str):
        _import_one(game_id)
        game = _GAMES.get(game_id)
        if game is not None:
            return game
    _scan()
    game = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {game_id!r} (known games: {known})")
    return game
