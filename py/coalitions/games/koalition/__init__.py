"""Koalition (Hartmut Witt): 3–8 players, European elections and coalitions."""

from .bots import GoodBot
from .rules import Koalition, KoalitionState
from ...core.bots import RandomBot, noisy

Koalition.bots = {"easy": noisy(GoodBot), "normal": GoodBot, "random": RandomBot}
Koalition.default_bot = "normal"

from .sampler import HardBot  # noqa: E402 (the search needs the levels above)

Koalition.bots["hard"] = HardBot

__all__ = ["Koalition", "KoalitionState"]
