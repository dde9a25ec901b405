"""The registry of games, by id."""

from .core.errors import UnknownGameError


def _games():
    from .games.alliances import Alliances
    from .games.election_day import ElectionDay
    from .games.koalition import Koalition

    return {g.id: g for g in (ElectionDay, Koalition, Alliances)}


_REGISTRY = None


def all_games():
    """Every registered game class, in catalogue order."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = _games()
    return list(_REGISTRY.values())


def get_game(game_id):
    all_games()
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(f"unknown game {game_id!r} (known games: {known})") from None
