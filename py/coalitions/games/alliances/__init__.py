"""Alliances (Elad Goldsteen): 2–4 players, trick-taking conflicts over the countries of the world."""

from .bots import GoodBot
from .rules import Alliances, AlliancesState
from ...core.bots import RandomBot

Alliances.bots = {"good": GoodBot, "random": RandomBot}

__all__ = ["Alliances", "AlliancesState"]
