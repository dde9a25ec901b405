"""Die Macher (Karl-Heinz Schmiel): 3–5 players, four state elections in four rounds of nine phases."""

from ...core.bots import RandomBot, noisy
from .bots import GoodBot
from .rules import DieMacher, DieMacherState

DieMacher.bots = {"easy": noisy(GoodBot), "normal": GoodBot, "random": RandomBot}
DieMacher.default_bot = "normal"

from .sampler import HardBot  # noqa: E402 (the search needs the levels above)

DieMacher.bots["hard"] = HardBot

__all__ = ["DieMacher", "DieMacherState"]
