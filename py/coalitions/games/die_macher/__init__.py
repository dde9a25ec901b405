"""Die Macher (Karl-Heinz Schmiel): 3–5 players, four state elections in four rounds of nine phases."""

from ...core.bots import RandomBot
from .bots import GoodBot
from .rules import DieMacher, DieMacherState

DieMacher.bots = {"good": GoodBot, "random": RandomBot}

__all__ = ["DieMacher", "DieMacherState"]
