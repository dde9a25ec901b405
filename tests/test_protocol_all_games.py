"""Checks every registered game against the protocol (after OpenSpiel's generic
random-simulation test), plus project-wide rules about the package."""

import ast
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import pytest  # noqa: E402

from coalitions.cli import rules_markdown  # noqa: E402
from coalitions.core.errors import IllegalActionError  # noqa: E402
from coalitions.core.records import replay  # noqa: E402
from coalitions.core.rng import Rng  # noqa: E402
from coalitions.registry import all_games  # noqa: E402

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_metadata_is_complete(game):
    meta = game.metadata()
    assert meta["id"] and meta["title"] and meta["designer"] and meta["summary"]
    assert 1 <= meta["min_players"] <= meta["max_players"]
    assert "random" in meta["bots"] and meta["default_bot"] in meta["bots"]
    json.dumps(meta)
    defaults = game.check_options({})
    assert set(defaults) == {o["name"] for o in meta["options"]}


# Random games per player count: 2 in the test command, 5 with
# COALITIONS_THOROUGH=1 (the deeper tier, as in tests/test_properties.py).
SIMULATIONS = 5 if os.environ.get("COALITIONS_THOROUGH") == "1" else 2


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_simulation_keeps_the_protocol(game):
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(SIMULATIONS):
            state = game.new(players, seed=seed)
            rng = Rng(seed)
            for _ in range(5000):
                if state.is_over():
                    break
                acting = state.to_act()
                assert acting, "a game that is not over has someone to act"
                for seat in range(players):
                    legal = state.legal_actions(seat)
                    assert (seat in acting) == bool(legal)
                    assert all(isinstance(a, str) for a in legal)
                seat = acting[0]
                legal = state.legal_actions(seat)
                before = json.dumps(state.to_json(), sort_keys=True)
                with pytest.raises(IllegalActionError):
                    state.apply(seat, "no such action at all")
                assert json.dumps(state.to_json(), sort_keys=True) == before
                state.apply(seat, rng.choice(legal))
                json.dumps(state.view(seat))
            assert state.is_over(), "random play ends"
            out = state.outcome().to_json()
            assert len(out["scores"]) == players
            assert all(0 <= w < players for w in out["winners"])
            assert state.to_act() == []


def option_variants(game):
    """The default options, then each option on its own at each other value."""
    variants = [{}]
    for opt in game.options:
        values = [True] if opt.kind == "bool" else [c[0] for c in opt.choices]
        variants += [{opt.name: v} for v in values if v != opt.default]
    return variants


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.usefixtures("small_search")
def test_every_bot_level_plays_legally_in_every_player_count_and_option(game):
    """Whole games between the three levels (seats rotated), at every player
    count and with each option set: every decision is among the seat's legal
    actions (Match.apply refuses any other) and the game ends. The searching
    levels run at a small budget: what they may play does not depend on it."""
    from coalitions.core.bots import LEVEL_NAMES
    from coalitions.core.match import Match
    from coalitions.core.records import make_players

    assert all(level in game.bots for level in LEVEL_NAMES)
    games = 0
    for players in range(game.min_players, game.max_players + 1):
        variants = option_variants(game)
        # the default options at every count; each option at one count (in turn)
        chosen = [variants[0]] + variants[1 + players % 2::2] if len(variants) > 4 else variants
        for k, options in enumerate(chosen):
            levels = [LEVEL_NAMES[(players + k + i) % 3] for i in range(players)]
            m = Match.new(game.id, make_players(["bot"] * players, levels=levels), options, seed=100 + k)
            m.advance(limit=20000)
            assert m.is_over(), (players, options, levels)
            games += 1
    assert games >= game.max_players - game.min_players + 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_walkthroughs_replay_and_have_captions(game):
    for name, rec in game.walkthroughs().items():
        assert rec.get("title"), name
        rec2, state = replay(rec)
        assert rec2["captions"].get("0"), f"{name} has no opening caption"
        assert all(0 <= int(k) <= len(rec2["moves"]) for k in rec2["captions"])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_rules_page_lists_interpretations_and_docs_are_current(game):
    guide = game.guide()
    assert guide["rules"] and guide["interpretations"]
    doc = ROOT / "docs" / "games" / f"{game.id}.md"
    assert doc.read_text(encoding="utf-8") == rules_markdown(game), (
        f"docs/games/{game.id}.md is stale: run  PYTHONPATH=py python -m coalitions rules {game.id} > {doc}"
    )


def test_rules_package_imports_nothing_from_the_browser():
    banned = {"js", "pyodide", "pyscript", "micropip"}
    for path in (ROOT / "py" / "coalitions").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for n in names:
                assert n.split(".")[0] not in banned, f"{path} imports {n}"


def test_rules_package_does_not_use_the_random_module():
    # The same seed must give the same game on every Python: only core/rng.py draws.
    for path in (ROOT / "py" / "coalitions").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import random" not in text and "from random" not in text, path
