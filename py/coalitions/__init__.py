"""Coalitions: the rules of five tabletop games about alliances, coalitions and elections.

This package is pure Python. It imports nothing from the browser and runs on
CPython 3.11+ and on Pyodide (Python 3.14).
"""

__version__ = "0.1.0"

from .core.errors import CoalitionsError, IllegalActionError, RecordError, UnknownGameError
from .registry import all_games, get_game

__all__ = [
    "__version__",
    "CoalitionsError",
    "IllegalActionError",
    "RecordError",
    "UnknownGameError",
    "all_games",
    "get_game",
]
