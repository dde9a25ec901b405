"""The rules core (py/coalitions/core): it imports nothing above it, every game
is under its template (no game overrides apply or check), the registry finds
games from their folders, and the shared helpers (Outcome.from_json, seat
references, the legal-action cache)."""

import ast
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from coalitions.core import registry as core_registry
from coalitions.core.errors import IllegalActionError, UnknownGameError
from coalitions.core.game import Outcome, State, render_text, seat_ref, seat_refs
from coalitions.registry import all_games, get_game

CORE = pathlib.Path(__file__).resolve().parent.parent / "py" / "coalitions" / "core"


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            yield node.level, node.module or ""
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield 0, alias.name


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_core_imports_nothing_outside_core(path):
    for level, module in _imports(path):
        if level:
            assert level == 1, f"{path.name} imports from above core: {'.' * level}{module}"
        else:
            top = module.split(".")[0]
            assert top != "coalitions" or module == "coalitions.core" or module.startswith("coalitions.core."), \
                f"{path.name} imports {module}"
            assert top == "coalitions" or top in sys.stdlib_module_names, \
                f"{path.name} imports {module}, which is not in the standard library"


def test_the_catalogue_order():
    assert [g.id for g in all_games()] == ["election-day", "koalition", "alliances", "coalition-chess", "die-macher"]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_no_game_overrides_the_template(game):
    for cls in game.State.__mro__:
        if cls is State:
            break
        for name in ("apply", "check", "legal_actions"):
            assert name not in vars(cls), f"{cls.__name__} overrides State.{name}"


def test_an_unknown_game_is_a_clear_error():
    for bad in ("chess", None, ["koalition"], 3):
        with pytest.raises(UnknownGameError,
                           match="known games: alliances, coalition-chess, die-macher, election-day, koalition"):
            get_game(bad)


def test_a_game_is_found_from_its_folder(tmp_path, monkeypatch):
    pkg = tmp_path / "extra_games_for_test"
    (pkg / "tiny").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "tiny" / "__init__.py").write_text(textwrap.dedent("""
        from coalitions.core.game import Game, State

        class TinyState(State):
            pass

        class Tiny(Game):
            id = "tiny-test-game"
            title = "Tiny"
            order = 2
            State = TinyState
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    before = dict(core_registry._GAMES)
    try:
        core_registry.add_package("extra_games_for_test")
        assert get_game("tiny-test-game").title == "Tiny"
        assert [g.id for g in all_games()] == ["election-day", "koalition", "tiny-test-game", "alliances",
                                                   "coalition-chess", "die-macher"]
    finally:
        core_registry._PACKAGES.remove("extra_games_for_test")
        core_registry._GAMES.clear()
        core_registry._GAMES.update(before)
        for name in [m for m in sys.modules if m.startswith("extra_games_for_test")]:
            del sys.modules[name]
    assert "tiny-test-game" not in [g.id for g in all_games()]


def test_asking_for_one_game_imports_only_its_folder():
    # Opening a game in the browser must not import the other four (Coalition
    # Chess's move tables alone took about 90 ms of every start-up), so a fresh
    # interpreter that asks for one game has only that game's modules.
    script = textwrap.dedent("""
        import sys
        from coalitions.registry import get_game
        for game_id in sys.argv[1:]:
            get_game(game_id)
        print(sorted({m.split(".")[2] for m in sys.modules if m.startswith("coalitions.games.") and m.count(".") >= 2}))
    """)
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(__file__).resolve().parent.parent / "py"))
    for ids, folders in ((["election-day"], ["election_day"]),
                         (["coalition-chess", "die-macher"], ["coalition_chess", "die_macher"])):
        out = subprocess.run([sys.executable, "-c", script, *ids], capture_output=True, text=True, env=env, check=True)
        assert out.stdout.strip() == repr(folders)
    out = subprocess.run([sys.executable, "-c", script, "election-day", "../x"], capture_output=True, text=True, env=env)
    assert "unknown game '../x'" in out.stderr


def test_register_refuses_what_is_not_a_game():
    with pytest.raises(TypeError):
        core_registry.register(int)
    with pytest.raises(ValueError, match="two games have the id"):
        core_registry.register(type("Copy", (get_game("koalition"),), {}))


def test_outcome_round_trips_through_json():
    out = Outcome([3, 1], [0], "{p0} wins.", {"lines": ["a"]})
    assert Outcome.from_json(out.to_json()) == out
    assert Outcome.from_json(None) is None
    with pytest.raises(KeyError):
        Outcome.from_json({"scores": []})


def test_seat_references():
    assert seat_ref(0) == "{p0}" and seat_ref(3) == "{p3}" and seat_ref(20) == "{p20}"
    assert seat_refs([]) == "" and seat_refs([2]) == "{p2}"
    assert seat_refs([0, 2]) == "{p0} and {p2}"
    assert seat_refs([0, 2, 3]) == "{p0}, {p2} and {p3}"
    assert render_text(seat_refs([0, 1]) + " win.", ["Ann", "Bo"]) == "Ann and Bo win."


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_legal_actions_are_cached_per_state_and_cleared_by_apply(game):
    state = game.new(game.min_players, seed=5)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert state.legal_actions(seat) == legal
    state.legal_actions(seat).append("not an action")  # a copy: the cache is unchanged
    assert state.legal_actions(seat) == legal
    others = [s for s in range(state.players) if s not in state.to_act()]
    for s in others:
        assert state.legal_actions(s) == []
    assert state.legal_actions(True) == [] and state.legal_actions("0") == []
    with pytest.raises(IllegalActionError):
        state.apply(True, legal[0])
    state.apply(seat, legal[0])
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    for bad in (-1, state.players, True):
        assert state.legal_actions(bad) == []
        with pytest.raises(IllegalActionError):
            state.apply(bad, legal[0])
    fresh = game.from_json(state.to_json())
    for s in range(state.players):
        assert state.legal_actions(s) == fresh.legal_actions(s)
