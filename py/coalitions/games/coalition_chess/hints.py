"""The hint's one line (app/hint.py, "Suggest a move"): why an action is
good for a seat, from that seat's view alone. The bot's own module says it
(`reason` in bots.py), with the measures it decides by."""

from .bots import reason

__all__ = ["reason"]
