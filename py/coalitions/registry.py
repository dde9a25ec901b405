"""The registry of games, by id: the one in core (core/registry.py), told to
look for games in the sub-packages of ``coalitions.games``. A game is found
from its folder; no list names the games."""

from .core.registry import add_package, all_games, get_game, register

add_package(__package__ + ".games")

__all__ = ["add_package", "all_games", "get_game", "register"]
