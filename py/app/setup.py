"""New-game setups: read one from URL parameters or the form, check it with the
rules, write it back as a shareable query. Pure functions, no browser.

Parameters (all optional except where the game needs them):

    players=4                     number of players
    seats=human,bot,bot,bot       who sits at each seat
    names=Ann,Bob,,               names (empty: a default name); commas inside a
                                  name are written %2C
    levels=,good,good,random      bot levels (empty: the game's default)
    seed=7                        the deal; random when missing
    <option>=<value>              any of the game's options, e.g. pawns=1
"""

import random
from dataclasses import dataclass, field

from coalitions.core.bots import OLD_LEVELS
from coalitions.core.errors import CoalitionsError, OptionError
from coalitions.core.records import MAX_NAME, make_players

from . import routes

SETUP_KEYS = ("players", "seats", "names", "levels", "seed")
# Parameters that belong to the app, not to the setup.
APP_KEYS = ("embed", "fast", "edit", "step")
KINDS = ("human", "bot")
MAX_SEED = 2**53 - 1  # a whole number JavaScript can hold exactly


class SetupError(CoalitionsError):
    """A setup that cannot start; the message says what to fix."""


@dataclass
class Setup:
    """A new game's set-up: the game, its seats (kind, name, bot level), its
    options and seed."""

    game_id: str
    players: int
    kinds: list
    names: list
    levels: list
    options: dict = field(default_factory=dict)
    seed: int = 0

    def make_players(self):
        return make_players(self.kinds, names=self.names, levels=self.levels)

    def query(self, with_seed=True):
        """The URL query that starts this setup (what the share link holds)."""
        parts = [f"players={self.players}", "seats=" + ",".join(self.kinds)]
        if any(self.names):
            parts.append("names=" + routes.enc_list(self.names))
        if any(lv for k, lv in zip(self.kinds, self.levels) if k == "bot"):
            parts.append("levels=" + routes.enc_list(
                (lv or "") if k == "bot" else "" for k, lv in zip(self.kinds, self.levels)))
        for name, value in self.options.items():
            if isinstance(value, bool):
                value = "1" if value else "0"
            parts.append(f"{routes.enc(name)}={routes.enc(value)}")
        if with_seed:
            parts.append(f"seed={self.seed}")
        return "&".join(parts)

    def share_hash(self):
        return routes.new_game(self.game_id, self.query())


def random_seed(rng=None):
    return (rng or random).randrange(1, 1_000_000_000)


def default_setup(meta, players=None, seed=None):
    """The form's starting point: you against bots of the default level."""
    n = players or min(max(meta["min_players"], 4), meta["max_players"])
    kinds = ["human"] + ["bot"] * (n - 1)
    return Setup(
        game_id=meta["id"],
        players=n,
        kinds=kinds,
        names=[""] * n,
        levels=[None] + [meta["default_bot"]] * (n - 1),
        options={o["name"]: o["default"] for o in meta["options"]},
        seed=seed if seed is not None else random_seed(),
    )


def wants_start(route):
    """Does this #/new/... URL start a game at once (rather than show the form)?
    Not when it names the players: a link from anywhere may carry any text, so
    the form shows those names and nothing is saved until the player starts."""
    return "seats" in route.params and "names" not in route.params and not route.flag("edit")


def _whole(text, what):
    try:
        return int(str(text).strip())
    except ValueError:
        raise SetupError(f"{what} must be a whole number, not {text!r}") from None


def _option_value(opt, raw):
    if opt["kind"] == "bool":
        low = raw.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off", ""):
            return False
        raise SetupError(f"option {opt['name']!r} must be 1 or 0, not {raw!r}")
    allowed = [c[0] for c in opt["choices"]]
    if raw not in allowed:
        raise SetupError(f"option {opt['name']!r} must be one of {', '.join(map(str, allowed))}, not {raw!r}")
    return raw


def from_route(game, route, seed=None):
    """Build a Setup from the parameters of a #/new/<game> route.

    Missing pieces take the form's defaults. Raises SetupError (or the rules'
    OptionError) naming the first problem."""
    meta = game.metadata()
    params = route.params
    seats = route.param_list("seats")
    players = route.param("players")
    if players is not None:
        n = _whole(players, "the number of players")
    elif seats:
        n = len(seats)
    else:
        n = None
    if n is not None:
        try:
            game.check_players(n)
        except OptionError as exc:
            raise SetupError(str(exc)) from None
    setup = default_setup(meta, n, seed)
    n = setup.players
    if seats is not None:
        if len(seats) != n:
            raise SetupError(f"seats lists {len(seats)} seats for {n} players")
        for i, kind in enumerate(seats):
            if kind not in KINDS:
                raise SetupError(f"seat {i + 1} must be human or bot, not {kind!r}")
        setup.kinds = list(seats)
    names = route.param_list("names")
    if names is not None:
        if len(names) > n:
            raise SetupError(f"names lists {len(names)} names for {n} players")
        setup.names = [nm[:MAX_NAME] for nm in names] + [""] * (n - len(names))
    levels = route.param_list("levels")
    bots = meta["bots"]
    if levels is not None:
        if len(levels) > n:
            raise SetupError(f"levels lists {len(levels)} levels for {n} players")
        # an older link's level names ("good", "search") read as today's
        levels = [OLD_LEVELS.get(lv, lv) if lv not in bots else lv for lv in levels] + [""] * (n - len(levels))
        for i, lv in enumerate(levels):
            if lv and lv not in bots:
                raise SetupError(f"seat {i + 1}: there is no bot level {lv!r} (levels: {', '.join(bots)})")
        setup.levels = [lv or meta["default_bot"] for lv in levels]
    setup.levels = [
        (lv or meta["default_bot"]) if kind == "bot" else None
        for kind, lv in zip(setup.kinds, setup.levels)
    ]
    if "seed" in params:
        seed_text = route.param("seed")
        if seed_text.strip():
            value = _whole(seed_text, "the seed")
            if not 0 <= value <= MAX_SEED:
                raise SetupError(f"the seed must be from 0 to {MAX_SEED}")
            setup.seed = value
    known = {o["name"]: o for o in meta["options"]}
    for key in params:
        if key in SETUP_KEYS or key in APP_KEYS:
            continue
        if key not in known:
            raise SetupError(f"{meta['title']} has no option {key!r}")
        setup.options[key] = _option_value(known[key], route.param(key))
    try:
        setup.options = game.check_options(setup.options)
    except OptionError as exc:
        raise SetupError(str(exc)) from None
    return setup


def from_form(game, fields):
    """Build a Setup from the new-game form's fields (name -> text; a checkbox
    that is not ticked is absent). Same checks as from_route."""
    meta = game.metadata()
    n = _whole(fields.get("players", ""), "the number of players")
    try:
        game.check_players(n)
    except OptionError as exc:
        raise SetupError(str(exc)) from None
    params = {"players": str(n)}
    kinds, names, levels = [], [], []
    for i in range(n):
        kinds.append(fields.get(f"seat{i}", "bot" if i else "human"))
        names.append(fields.get(f"name{i}", ""))
        levels.append(fields.get(f"level{i}", "") if kinds[-1] == "bot" else "")
    params["seats"] = ",".join(routes.enc(k) for k in kinds)
    params["names"] = routes.enc_list(names)
    params["levels"] = routes.enc_list(levels)
    params["seed"] = routes.enc(fields.get("seed", ""))
    for opt in meta["options"]:
        name = opt["name"]
        if opt["kind"] == "bool":
            params[name] = "1" if fields.get(name) else "0"
        else:
            params[name] = routes.enc(fields.get(name, opt["default"]))
    route = routes.Route("new", [meta["id"]], params)
    return from_route(game, route)


def form_setup(game, fields):
    """The setup to redraw the form with after an edit, keeping what was typed
    even when it is not valid yet (the seed stays as text)."""
    meta = game.metadata()
    try:
        n = int(fields.get("players", ""))
    except ValueError:
        n = None
    if n is None or not meta["min_players"] <= n <= meta["max_players"]:
        n = None
    setup = default_setup(meta, n, 0)
    for i in range(setup.players):
        kind = fields.get(f"seat{i}")
        if kind in KINDS:
            setup.kinds[i] = kind
        elif f"seat{i}" not in fields:
            setup.kinds[i] = "human" if i == 0 else "bot"
        setup.names[i] = fields.get(f"name{i}", "")[:MAX_NAME]
        level = fields.get(f"level{i}")
        setup.levels[i] = level if level in meta["bots"] else meta["default_bot"]
    for opt in meta["options"]:
        name = opt["name"]
        if opt["kind"] == "bool":
            setup.options[name] = bool(fields.get(name))
        elif fields.get(name) in [c[0] for c in opt["choices"]]:
            setup.options[name] = fields[name]
    setup.seed = fields.get("seed", "")
    return setup
