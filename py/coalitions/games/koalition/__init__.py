"""Koalition (Hartmut Witt): 3–8 players, European elections and coalitions."""

from .bots import GoodBot
from .rules import Koalition, KoalitionState
from ...core.bots import RandomBot

Koalition.bots = {"good": GoodBot, "random": RandomBot}

__all__ = ["Koalition", "KoalitionState"]
