"""The hard level of the hidden-information games: a determinized Monte Carlo
search from the seat's view alone.

A decision is made from the seat's view and nothing else. Many times over,
the game's *sampler* completes the view into a whole state consistent with
everything the view shows (the seat's own cards, the cards on the table,
the counts of the others' hands, what was revealed), with the hidden parts
(the others' hands, the order of the stacks, the face-down cards, the next
random draws) drawn at random. Every candidate action is then applied to the
same completed state and the game is played on from there by the game's
*playout policy* (a fast bot that may read the completed state: it is the
bot's own guess, not the true state) for at most `horizon` actions, or
until the game's `stage` changes (the election being played is scored, say;
with `stage_before`, the stage is read before the candidate action, so a
candidate that itself ends the stage is judged at once);
a finished game is worth the seat's share of the win, an unfinished one what
the game's `value` estimates. The candidate with the best mean over the
samples is chosen; the fallback bot's own choice is kept on a tie, or when
no other candidate beats it by more than the spec's `margin`.

Each candidate sees the same samples and the same random numbers in its
playouts (common random numbers), so the comparison between candidates is
not blurred by luck. The budget is a number of playouts, not a time: a
decision depends on the view and the seed only, and a game between bots
replays exactly.

A game gives a `SearchSpec` (its sampler, policy, value, budget) and gets a
bot class with `search_bot`. When the sampler cannot complete a view (a
phase it does not model), the bot plays as the game's `fallback` level (or
a bot class the game gives).
"""

from __future__ import annotations

import copy
from typing import Callable, ClassVar, Optional, Union

from .bots import Bot
from .game import JSON, Game, State
from .rng import Rng, mix

# view, generator -> a state's JSON consistent with the view (None: the
# sampler does not model this position)
Sampler = Callable[[JSON, Rng], Optional[JSON]]
# completed state, seat to act, generator -> a legal action of that seat
Policy = Callable[[State, int, Rng], str]
# completed state, seat -> what the position is worth to the seat, 0..1
Value = Callable[[State, int], float]
# view, legal actions, generator -> the actions worth searching (a subset)
Candidates = Callable[[JSON, list[str], Rng], list[str]]
# completed state -> its stage (an election's number, say): a playout ends when it changes
Stage = Callable[[State], object]


class SearchSpec:
    """What a game gives the search (see the module docstring)."""

    def __init__(self, game: type[Game], sample: Sampler, policy: Policy, value: Value,
                 playouts: int, horizon: int = 0, fallback: Union[str, type[Bot]] = "normal",
                 candidates: Optional[Candidates] = None, max_candidates: int = 8,
                 stage: Optional[Stage] = None, margin: float = 0.0, stage_before: bool = False) -> None:
        self.game = game
        self.sample = sample
        self.policy = policy
        self.value = value
        self.playouts = playouts  # the whole budget of one decision
        self.horizon = horizon  # actions per playout before `value` judges (0: to the end)
        self.fallback = fallback  # a level of the game, or a bot class of its own
        self.candidates = candidates
        self.max_candidates = max_candidates
        self.stage = stage  # a playout also ends when the stage changes (then `value` judges)
        self.margin = margin  # how much better than the fallback's choice another must look to be played
        # the stage is read before the candidate action (a candidate that ends the stage is judged at once)
        self.stage_before = stage_before


def fallback_bot(spec: SearchSpec) -> type[Bot]:
    """The bot that decides where the sampler does not complete the view (and
    whose choice wins a tie)."""
    return spec.game.bots[spec.fallback] if isinstance(spec.fallback, str) else spec.fallback


def share_of_win(state: State, seat: int) -> Optional[float]:
    """A finished game's worth to `seat`: its share of the win (1 alone, 1/2
    shared by two, 0 lost); None while the game goes on."""
    out = state.outcome()
    if out is None:
        return None
    return 1.0 / len(out.winners) if seat in out.winners else 0.0


def playout(spec: SearchSpec, state: State, seat: int, rng: Rng, start: object = None) -> float:
    """Play `state` on under the spec's policy; the result's worth to `seat`.
    `start`: the stage before the candidate action (with `stage_before`);
    otherwise the stage is read from `state` as it comes."""
    steps = 0
    stage = start if spec.stage_before else spec.stage(state) if spec.stage is not None else None
    while True:
        done = share_of_win(state, seat)
        if done is not None:
            return done
        if spec.horizon and steps >= spec.horizon:
            return spec.value(state, seat)
        if spec.stage is not None and (steps or spec.stage_before) and spec.stage(state) != stage:
            return spec.value(state, seat)
        forced = state.auto_action()
        if forced is not None:
            state.apply(forced[0], forced[1])
            continue
        actor = state.to_act()[0]
        state.apply(actor, spec.policy(state, actor, rng))
        steps += 1


def try_action(spec: SearchSpec, data: JSON, seat: int, action: str, rng: Rng, last: bool = False) -> float:
    """One playout: the completed state `data` (a sampler's JSON), `seat`'s
    `action` applied to it, then played on; its worth to `seat`. `data` is
    copied first unless this is its `last` use."""
    state = spec.game.from_json(data if last else copy.deepcopy(data))
    start = spec.stage(state) if spec.stage_before and spec.stage is not None else None
    state.apply(seat, action)
    return playout(spec, state, seat, rng, start)


def candidates_of(spec: SearchSpec, view: JSON, legal: list[str], rng: Rng, preferred: str) -> list[str]:
    """The actions to compare: the game's choice of them, or all of them when
    there are few; otherwise the fallback bot's choice and others at random,
    in the legal order."""
    if spec.candidates is not None:
        chosen = spec.candidates(view, legal, rng)
    elif len(legal) <= spec.max_candidates:
        chosen = list(legal)
    else:
        others = [a for a in legal if a != preferred]
        rng.shuffle(others)
        keep = set(others[:spec.max_candidates - 1]) | {preferred}
        chosen = [a for a in legal if a in keep]
    if preferred not in chosen:
        chosen.append(preferred)
    return chosen


def search(spec: SearchSpec, view: JSON, legal: list[str], rng: Rng) -> Optional[tuple[str, list[float]]]:
    """The best of the candidate actions and the mean worth of each, or None
    when the sampler cannot complete this view."""
    seat: int = view["seat"]
    preferred = fallback_bot(spec)(rng.fork(1)).choose(view, legal)
    cands = candidates_of(spec, view, legal, rng.fork(2), preferred)
    if len(cands) == 1:
        return cands[0], [1.0]
    rounds = max(2, spec.playouts // len(cands))
    totals = [0.0] * len(cands)
    base = rng.fork(3).state
    for i in range(rounds):
        data = spec.sample(view, Rng(mix(base, i, 1)))
        if data is None:
            return None
        for j, action in enumerate(cands):
            totals[j] += try_action(spec, data, seat, action, Rng(mix(base, i, 2)), last=j == len(cands) - 1)
    means = [t / rounds for t in totals]
    best = max(means)
    # the fallback's own choice wins a tie (and, with a margin, a near tie):
    # it is the better-informed guess where the playouts cannot tell
    pick = preferred if means[cands.index(preferred)] >= best - spec.margin - 1e-9 else cands[means.index(best)]
    return pick, means


class SearchBot(Bot):
    """The hard level: `search` with the class's `spec`."""

    level = "hard"
    label = "Hard"
    spec: ClassVar[SearchSpec]

    def spec_for(self, view: JSON) -> SearchSpec:
        """The spec of this decision: the class's, unless a game's bot
        searches differently at some tables (Koalition by player count)."""
        return self.spec

    def choose(self, view: JSON, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        spec = self.spec_for(view)
        found = search(spec, view, legal, self.rng)
        if found is None:
            return fallback_bot(spec)(self.rng.fork(1)).choose(view, legal)
        return found[0]


def search_bot(spec: SearchSpec) -> type[Bot]:
    """The hard level of the game of `spec`."""
    return type("HardBot", (SearchBot,), {"spec": spec, "__module__": spec.game.__module__})


def bot_policy(level: str, game: type[Game]) -> Policy:
    """A playout policy that asks the game's bot of `level` from the acting
    seat's view of the completed state."""

    def policy(state: State, seat: int, rng: Rng) -> str:
        view = state.view(seat)
        bot = game.bots[level](Rng(rng.next_u64()))
        return bot.choose(view, view["legal"])

    return policy


def random_policy(state: State, seat: int, rng: Rng) -> str:
    """A playout policy of uniform random legal actions."""
    return rng.choice(state.legal_actions(seat))
