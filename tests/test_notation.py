"""Actions as values: each game's notation module parses every action its
rules offer (seen in many seeded random playouts) into an `Action` whose text
is the input and whose parts are named, and refuses malformed texts with a
ValueError."""

import pytest

from coalitions.core.actions import Action
from coalitions.core.rng import Rng, mix
from coalitions.registry import all_games, get_game
from test_coalition_chess import CC_MALFORMED, CC_PART_NAMES, CC_SETUPS
from test_die_macher import DM_MALFORMED, DM_PART_NAMES

# (game id, players, options) of the playouts
SETUPS = [
    ("election-day", 3, {}),
    ("election-day", 4, {"pawns": True, "courts": True, "excuse": True}),
    ("election-day", 5, {"leave_out_extra": True, "rotate_dealer": True}),
    ("koalition", 3, {}),
    ("koalition", 5, {}),
    ("koalition", 8, {}),
    ("alliances", 2, {}),
    ("alliances", 2, {"exact_bid": True}),
    ("alliances", 3, {"drafting": True, "secret_meeting": True}),
    ("alliances", 4, {}),
    ("alliances", 4, {"drafting": True, "secret_meeting": True}),
    ("die-macher", 3, {}),
    ("die-macher", 4, {}),
    ("die-macher", 5, {}),
    *CC_SETUPS,
]

# the part names of each kind, per game (docs/notation.md)
PART_NAMES = {
    "election-day": {
        "play": {("card",)},
        "ace": {("ace", "keep")},
        "pass": {()},
    },
    "koalition": {
        "play": {("card",), ("card", "party"), ("card", "target")},
        "propose": {("coalition",)},
        "claim": {("party",)},
        "yield": {("party",)},
        "score": {("party",)},
        "pass": {()},
        "accept": {()},
        "decline": {()},
    },
    "alliances": {
        "bid": {("number", "suit")},
        "declare": {("number", "suit")},
        "pass": {()},
        "target": {("tile",)},
        "play": {("card",), ("card", "take"), ("card", "take", "add-to"), ("card", "keep"), ("card", "discard"),
                 ("card", "double")},
        "draft": {("card",)},
        "show": {("card",)},
        "give": {("card",)},
        "trump": {("suit",)},
        "put": {("card", "card2")},
    },
    "die-macher": DM_PART_NAMES,
    "coalition-chess": CC_PART_NAMES,
}
# Kinds too rare in these random playouts to be required (they may appear):
# Die Macher's coalition choice, which tests/test_die_macher.py checks from the
# coalition walkthrough
RARE = {"die-macher": {"coalition"}}

PLAYOUTS = 12


def _legal_actions_seen(game, players, options, seeds):
    seen = set()
    for seed in seeds:
        state = game.new(players, options, seed=seed)
        rng = Rng(mix(seed, 0xAC7))
        while not state.is_over():
            for seat in state.to_act():
                seen.update(state.legal_actions(seat))
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return seen


@pytest.fixture(scope="module")
def seen():
    out = {}
    for game_id, players, options in SETUPS:
        game = get_game(game_id)
        out.setdefault(game_id, set()).update(_legal_actions_seen(game, players, options, range(PLAYOUTS)))
    return out


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_legal_action_parses_with_named_parts(game, seen):
    kinds = set()
    shapes = set()
    for text in sorted(seen[game.id]):
        action = game.parse_action(text)
        assert isinstance(action, Action)
        assert action.text == text and str(action) == text
        assert action.kind == text.split(" ")[0]
        names = action.names
        assert all(isinstance(n, str) and n for n in names), text
        assert len(set(names)) == len(names), text
        assert names in PART_NAMES[game.id][action.kind], (text, names)
        for name, value in action.parts:
            assert isinstance(value, (str, int)) and str(value) in text.split(" ")[1:], (text, name, value)
            assert action[name] == value and action.get(name) == value
        kinds.add(action.kind)
        shapes.add((action.kind, names))
    # the playouts reach every kind of action of the game
    required = set(PART_NAMES[game.id]) - RARE.get(game.id, set())
    assert required <= kinds <= set(PART_NAMES[game.id]), kinds ^ required


def test_part_types():
    assert get_game("alliances").parse_action("bid 12 politics").parts == (("number", 12), ("suit", "politics"))
    assert get_game("alliances").parse_action("declare 20 military")["number"] == 20
    assert get_game("alliances").parse_action("play dual-allegiance take 4p add-to 9m").as_dict() == {
        "card": "dual-allegiance", "take": "4p", "add-to": "9m"}
    assert get_game("koalition").parse_action("play colorino green").parts == (("card", "colorino"),
                                                                              ("party", "green"))
    assert get_game("koalition").parse_action("play resign-1 black-x2")["target"] == "black-x2"
    assert get_game("koalition").parse_action("propose rose+black+green@1")["coalition"] == "rose+black+green@1"
    assert get_game("election-day").parse_action("ace waves keep moons").as_dict() == {"ace": "waves",
                                                                                       "keep": "moons"}


MALFORMED = {
    "election-day": ["", " ", "play", "play  darkness", "play darkness ", "play dragon", "ace waves", "ace waves keep",
                     "ace waves hold moons", "ace sky keep moons", "ace waves keep moons now", "pass now", "Pass",
                     "fold", "play darkness pass"],
    "koalition": ["", "play", "play rose-13", "play colorino", "play colorino blue", "play rose-12 black",
                  "play resign-1 nobody", "play resign-1 rose-12 rose-11", "propose", "propose ", "propose rose+",
                  "propose rose+rose", "propose rose+green@x", "propose rose+green@01", "claim", "claim blue",
                  "score rose black", "accept now", "decline it", "pass pass", "vote rose", "PLAY rose-12"],
    "alliances": ["", "bid", "bid 9 politics", "bid 21 politics", "bid ten politics", "bid 10", "bid 010 politics",
                  "bid 10 magic", "declare 10", "target", "target atlantis", "play", "play 13m", "play 4m take 4p",
                  "play bribe take", "play bribe keep 4p", "play bribe take 4x",
                  "play dual-allegiance take 4p", "play dual-allegiance add-to 9m take 4p", "draft", "draft 4m 5m",
                  "show x", "give", "trump", "trump magic", "put 4m", "put 4m 5m 6m", "pass 1", "attack usa"],
    "die-macher": DM_MALFORMED,
    "coalition-chess": CC_MALFORMED,
}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_a_malformed_action_is_a_value_error(game):
    for text in MALFORMED[game.id]:
        with pytest.raises(ValueError):
            game.parse_action(text)
    for bad in (None, 3, ["pass"]):
        with pytest.raises(ValueError):
            game.parse_action(bad)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_an_action_parses_alike_every_time(game):
    text = "pass"
    assert game.parse_action(text) == game.parse_action(text) == Action("pass", (), "pass")
