"""Election Day (Joe Mucchiello): 3–5 players, a Decktet debate game."""

from .bots import EasyBot, GoodBot
from .rules import ElectionDay, ElectionDayState
from ...core.bots import RandomBot

ElectionDay.bots = {"easy": EasyBot, "normal": GoodBot, "random": RandomBot}
ElectionDay.default_bot = "normal"

from .sampler import HardBot  # noqa: E402 (the search needs the levels above)

ElectionDay.bots["hard"] = HardBot

__all__ = ["ElectionDay", "ElectionDayState"]
