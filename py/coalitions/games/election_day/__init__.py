"""Election Day (Joe Mucchiello): 3–5 players, a Decktet debate game."""

from .bots import GoodBot
from .rules import ElectionDay, ElectionDayState
from ...core.bots import RandomBot

ElectionDay.bots = {"good": GoodBot, "random": RandomBot}

__all__ = ["ElectionDay", "ElectionDayState"]
