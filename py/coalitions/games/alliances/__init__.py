"""Alliances (Elad Goldsteen): 2–4 players, trick-taking conflicts over the countries of the world."""

from .bots import EasyBot, GoodBot
from .rules import Alliances, AlliancesState
from ...core.bots import RandomBot

Alliances.bots = {"easy": EasyBot, "normal": GoodBot, "random": RandomBot}
Alliances.default_bot = "normal"

from .sampler import HardBot  # noqa: E402 (the search needs the levels above)

Alliances.bots["hard"] = HardBot

__all__ = ["Alliances", "AlliancesState"]
