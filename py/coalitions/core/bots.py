"""Bots. A bot sees exactly what a human in its seat would see: it is given the
seat's view (from `State.view(seat)`) and the list of legal actions, never the
full state."""

from .rng import Rng, mix


class Bot:
    level = ""
    label = ""

    def __init__(self, rng=None):
        self.rng = rng or Rng(0)

    def choose(self, view, legal):
        raise NotImplementedError


class RandomBot(Bot):
    level = "random"
    label = "Random"

    def choose(self, view, legal):
        return self.rng.choice(legal)


def bot_rng(seed, step, seat):
    """The generator a bot uses for one decision: fixed by the game's seed, the
    step number and the seat, so a game between bots replays exactly."""
    return Rng(mix(seed or 0, step, seat, 0xB07))


def decide(game, level, state, seat, step, seed):
    """Ask a bot of `level` what `seat` does now, from that seat's view only."""
    return choose(game, level, state.view(seat), seat, step, seed)


def choose(game, level, view, seat, step, seed):
    """The bot's decision from the seat's view alone (what a bot worker is
    sent): the same choice `decide` makes."""
    cls = game.bots.get(level) or game.bots[game.default_bot]
    bot = cls(bot_rng(seed, step, seat))
    return bot.choose(view, view["legal"])
