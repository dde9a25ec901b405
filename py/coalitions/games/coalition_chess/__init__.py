"""Coalition Chess (Arnold Schoenberg): four powers on a 10×10 board."""

from ...core.bots import RandomBot
from .bots import CaptureBot, EasyBot, SearchBot
from .rules import CoalitionChess, CoalitionChessState

CoalitionChess.bots = {"search": SearchBot, "easy": EasyBot, "capture": CaptureBot,
                       "random": RandomBot}

__all__ = ["CoalitionChess", "CoalitionChessState"]
