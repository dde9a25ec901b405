"""Coalition Chess (Arnold Schoenberg): four powers on a 10×10 board."""

from ...core.bots import RandomBot
from .bots import CaptureBot, EasyBot, NormalBot, SearchBot
from .rules import CoalitionChess, CoalitionChessState

CoalitionChess.bots = {"easy": EasyBot, "normal": NormalBot, "hard": SearchBot, "capture": CaptureBot,
                       "random": RandomBot}
CoalitionChess.default_bot = "normal"

__all__ = ["CoalitionChess", "CoalitionChessState"]
