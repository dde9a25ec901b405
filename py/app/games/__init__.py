"""One renderer per game: the module (or package) of this folder named after
the game's id (``election-day`` -> ``election_day``), found by name, so that a
new game adds its renderer and touches nothing here. A renderer provides

    parts(view, ctx) -> app.frame.TableParts

drawing that game's table (and its result, when the game is over). A game with
no renderer of its own gets the generic one, which shows the log and one
button per legal action."""

import importlib

from . import generic

_FOUND = {}


def renderer_for(game_id):
    if game_id not in _FOUND:
        name = str(game_id).replace("-", "_")
        module = generic
        if name.isidentifier() and name not in ("common", "generic"):
            try:
                module = importlib.import_module(f"{__name__}.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"{__name__}.{name}":
                    raise
        _FOUND[game_id] = module
    return _FOUND[game_id]
