"""Bots. A bot sees exactly what a human in its seat would see: it is given the
seat's view (from `State.view(seat)`) and the list of legal actions, never the
full state."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Optional

from .rng import Rng, mix

if TYPE_CHECKING:
    from .game import JSON, Game, State

# The levels every game offers, weakest first: (name, label, one-line description).
LEVELS: tuple[tuple[str, str, str], ...] = (
    ("easy", "Easy", "Plays sensible moves without looking ahead, and often not the best of them."),
    ("normal", "Normal", "Plays each move by rules of thumb about the position it sees."),
    ("hard", "Hard", "Tries its moves ahead over many possible continuations of what it can see."),
)
LEVEL_NAMES = tuple(name for name, _, _ in LEVELS)
# Names older records use for a level: still loaded and replayed under the new name.
OLD_LEVELS = {"good": "normal", "search": "hard"}


class Bot:
    level = ""
    label = ""

    def __init__(self, rng: Optional[Rng] = None) -> None:
        self.rng = rng or Rng(0)

    def choose(self, view: JSON, legal: list[str]) -> str:
        raise NotImplementedError


class NoisyBot(Bot):
    """The easy level: the `base` bot's move, except that about one move in
    `noise` is another legal move of the same kind (another card to play, a
    different bid), picked at random: visibly weaker, never a different kind
    of move than the one the base bot chose."""

    level = "easy"
    label = "Easy"
    base: ClassVar[type[Bot]] = Bot
    noise: ClassVar[float] = 0.35

    def choose(self, view: JSON, legal: list[str]) -> str:
        best = self.base(self.rng.fork(1)).choose(view, legal)
        if len(legal) > 1 and self.rng.below(1000) < int(self.noise * 1000):
            kind = best.split(" ", 1)[0]
            alike = [a for a in legal if a.split(" ", 1)[0] == kind]
            return self.rng.choice(alike)
        return best


def noisy(base: type[Bot], noise: float = 0.35) -> type[Bot]:
    """The easy level of a game whose normal level is `base`."""
    return type("EasyBot", (NoisyBot,), {"base": base, "noise": noise, "__module__": base.__module__})


class RandomBot(Bot):
    level = "random"
    label = "Random"

    def choose(self, view: JSON, legal: list[str]) -> str:
        return self.rng.choice(legal)


def level_of(game: type[Game], level: Optional[str]) -> Optional[str]:
    """The level `level` names in `game` (an old name mapped to its new one:
    "good" is "normal", "search" is "hard"), or None if the game has none."""
    if level is None:
        return None
    if level in game.bots:
        return level
    new = OLD_LEVELS.get(level)
    return new if new is not None and new in game.bots else None


def level_descriptions(game: type[Game]) -> list[JSON]:
    """The levels the new-game screen offers for `game`: name, label, description."""
    return [{"name": name, "label": label, "description": text}
            for name, label, text in LEVELS if name in game.bots]


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
    name = level_of(game, level)
    cls: type[Bot] = (game.bots.get(name) if name else None) or game.bots[game.default_bot]
    bot = cls(bot_rng(seed, step, seat))
    return bot.choose(view, view["legal"])
