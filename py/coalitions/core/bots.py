"""Bots. A bot sees exactly what a human in its seat would see: it is given the
seat's view (from `State.view(seat)`) and the list of legal actions, never the
full state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .rng import Rng, mix

if TYPE_CHECKING:
    from .game import JSON, Game, State


class Bot:
    level = ""
    label = ""

    def __init__(self, rng: Optional[Rng] = None) -> None:
        self.rng = rng or Rng(0)

    def choose(self, view: JSON, legal: list[str]) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    level = "random"
    label = "Random"

    def choose(self, view: JSON, legal: list[str]) -> str:
        return self.rng.choice(legal)


def bot_rng(seed: Optional[int], step: int, seat: int) -> Rng:
    """The generator a bot uses for one decision: fixed by the game's seed, the
    step number and the seat, so a game between bots replays exactly."""
    return Rng(mix(seed or 0, step, seat, 0xB07))


def decide(game: type[Game], level: Optional[str], state: State, seat: int, step: int,
           seed: Optional[int]) -> str:
    """Ask a bot of `level` what `seat` does now, from that seat's view only."""
    return choose(game, level, state.view(seat), seat, step, seed)


def choose(game: type[Game], level: Optional[str], view: JSON, seat: int, step: int,
           seed: Optional[int]) -> str:
    """The bot's decision from the seat's view alone (what a bot worker is
    sent): the same choice `decide` makes."""
    cls: type[Bot] = (game.bots.get(level) if level else None) or game.bots[game.default_bot]
    bot = cls(bot_rng(seed, step, seat))
    return bot.choose(view, view["legal"])
