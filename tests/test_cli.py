"""The command line, run as a user would: python -m coalitions ..."""

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

from coalitions.core.records import replay
from coalitions.registry import all_games

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run(
        [sys.executable, "-m", "coalitions", *map(str, args)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def ok(*args):
    p = run(*args)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    return p.stdout


def fails(*args, message):
    """The command must fail cleanly: non-zero exit, no traceback, `message` on stderr."""
    p = run(*args)
    assert p.returncode != 0, p.stdout
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout, p.stderr
    assert re.search(message, p.stderr), p.stderr
    return p.stderr


@pytest.fixture(scope="module")
def played():
    """`play election-day --players 4 --seed 7 --json`, parsed."""
    return json.loads(ok("play", "election-day", "--players", 4, "--seed", 7, "--json"))


def test_games_lists_every_game():
    lines = ok("games").splitlines()
    assert len(lines) == len(all_games())
    for g, line in zip(all_games(), lines):
        assert line.split()[0] == g.id and g.title in line and f"{g.min_players}-{g.max_players} players" in line
    meta = json.loads(ok("games", "--json"))
    assert [m["id"] for m in meta] == [g.id for g in all_games()]


def test_play_prints_the_public_log_and_the_result(played):
    text = ok("play", "election-day", "--players", 4, "--seed", 7)
    lines = text.splitlines()
    assert lines[0].startswith("New game of Election Day for 4 players.")
    assert "Debate 1 begins with" in text and "The election." in text
    assert "{p" not in text  # seat placeholders are replaced by names
    assert "Your face-down Ace" not in text  # private events stay private, even in a bot game
    assert lines[-5] == "Result: " + played["summary"]
    scores = [re.fullmatch(r"  (.+): (-?\d+)(  \(winner\))?", line) for line in lines[-4:]]
    assert all(scores), lines[-4:]
    assert [m.group(1) for m in scores] == played["players"]
    assert [int(m.group(2)) for m in scores] == played["scores"]
    assert [i for i, m in enumerate(scores) if m.group(3)] == played["winners"]


def test_play_json_is_complete_and_deterministic(played):
    again = ok("play", "election-day", "--players", 4, "--seed", 7, "--json")
    assert json.loads(again) == played
    assert played["game"] == "election-day" and played["seed"] == 7 and played["finished"] is True
    assert len(played["scores"]) == 4 and all(0 <= w < 4 for w in played["winners"])
    assert played["moves"] == len(played["record"]["moves"]) > 0
    _, state = replay(played["record"])
    assert state.outcome().scores == played["scores"] and state.outcome().winners == played["winners"]
    other = json.loads(ok("play", "election-day", "--players", 4, "--seed", 8, "--json"))
    assert other["record"]["moves"] != played["record"]["moves"]


def test_play_options_and_bot_levels():
    out = json.loads(ok("play", "election-day", "--players", 3, "--seed", 1, "--bots", "random,normal,random",
                        "--option", "pawns=true", "--option", "no_winner=closest", "--json"))
    assert out["options"]["pawns"] is True and out["options"]["no_winner"] == "closest"
    assert [p.get("level") for p in out["record"]["players"]] == ["random", "normal", "random"]
    assert out["winners"], "with the 'closest' variant somebody always wins"


def test_replay_a_record_file(tmp_path, played):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played["record"]), encoding="utf-8")
    text = ok("replay", path)
    play_text = ok("play", "election-day", "--players", 4, "--seed", 7)
    assert play_text.startswith(text)
    assert text.rstrip("\n").splitlines()[-1] == "Result: " + played["summary"]
    assert json.loads(ok("replay", path, "--json")) == played
    wrapped = tmp_path / "output.json"  # the whole `play --json` output is accepted too
    wrapped.write_text(json.dumps(played), encoding="utf-8")
    assert json.loads(ok("replay", wrapped, "--json")) == played


def test_replay_an_unfinished_record(tmp_path, played):
    rec = dict(played["record"], moves=played["record"]["moves"][:6])
    path = tmp_path / "part.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert ok("replay", path).splitlines()[-1] == "Replayed 6 moves; the game is not over."
    out = json.loads(ok("replay", path, "--json"))
    assert out["finished"] is False and out["scores"] is None and out["moves"] == 6


@pytest.mark.parametrize("name,content,message", [
    ("notjson.json", "this is not JSON", r"not a Coalitions record as saved"),
    ("truncated.json", None, r"truncated"),
    ("binary.json", b"\xff\xfe\xfa", r"not text"),
    ("list.json", "[1, 2, 3]", r"a record is a JSON object"),
    ("future.json", {"version": 2}, r"newer version"),
    ("chess.json", {"game": "chess"}, r"unknown game 'chess'"),
    ("players.json", {"players": [{"name": "A", "kind": "human"}]}, r"3 to 5 players"),
    ("options.json", {"options": ["pawns"]}, r"options must be an object"),
    ("illegal.json", {"moves": [[0, "play nonsense"]]}, r"step 1 \('play nonsense' by seat 0\)"),
])
def test_replay_refuses_bad_files_cleanly(tmp_path, played, name, content, message):
    path = tmp_path / name
    if content is None:
        text = json.dumps(played["record"])
        content = text[: len(text) // 2]
    if isinstance(content, dict):
        content = json.dumps(dict(played["record"], **content))
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    err = fails("replay", path, message=r"^error: .*" + message)
    assert err.count("\n") == 1  # one line, for people


def test_replay_of_a_missing_file():
    fails("replay", ROOT / "no-such-record.json", message=r"^error: .*No such file")


def test_bench_reports_playouts_per_second():
    lines = ok("bench", "election-day", "-n", 20).splitlines()
    assert re.fullmatch(r"normal bot: \d+ decisions, mean [\d.]+ ms, median [\d.]+ ms, max [\d.]+ ms", lines[0])
    assert lines[-2].startswith("20 random election-day playouts with 3 players in ")
    m = re.fullmatch(r"(\d+\.\d) playouts per second", lines[-1])
    assert m and float(m.group(1)) > 0


def test_arena_reports_win_rates():
    lines = ok("arena", "election-day", "--bots", "normal,random,random", "-n", 6).splitlines()
    assert lines[0] == "6 games of Election Day, seats: normal, random, random (rotated each game)"
    assert re.fullmatch(r"  normal +win rate per seat +[\d.]+%  \([\d.]+ wins in 6 seats\)", lines[1])
    assert re.fullmatch(r"  random +win rate per seat +[\d.]+%  \([\d.]+ wins in 12 seats\)", lines[2])
    good = re.fullmatch(r"  normal +among the winners in (\d+) of 6 games \([\d.]+%\)", lines[3])
    random = re.fullmatch(r"  random +among the winners in (\d+) of 6 games \([\d.]+%\)", lines[4])
    nobody = re.fullmatch(r"  games nobody won: (\d+) \([\d.]+%\)", lines[5])
    assert good and random and nobody
    # Each game has a winner of some level or none; a shared win counts for each level once.
    assert int(good[1]) + int(random[1]) >= 6 - int(nobody[1])
    assert float(re.search(r"\(([\d.]+) wins", lines[1])[1]) <= int(good[1])


def test_arena_counts_a_game_once_for_a_level_with_two_winning_seats():
    """Two seats of one level that win together: one game won for that level, half a win per seat."""
    from coalitions.cli import arena
    from coalitions.registry import get_game

    game = get_game("coalition-chess")
    stats, no_winner = arena(game, ["capture", "random", "capture", "random"], 2,
                             {"coalitions": "yellow-green"}, first_seed=0)
    assert stats["capture"]["seats"] == 4 and stats["random"]["seats"] == 4
    assert stats["capture"]["games"] + stats["random"]["games"] + no_winner == 2
    assert stats["capture"]["wins"] == stats["capture"]["games"]  # two winners of one level: 1/2 + 1/2


@pytest.mark.parametrize("args,message", [
    (["play", "chess"], r"unknown game 'chess' \(known games: " + re.escape(", ".join(sorted(g.id for g in all_games()))) + r"\)"),
    (["bench", "chess", "-n", "1"], r"unknown game 'chess'"),
    (["rules", "chess"], r"unknown game 'chess'"),
    (["arena", "chess", "--bots", "good,random,random"], r"unknown game 'chess'"),
    (["play", "election-day", "--players", "9"], r"Election Day is for 3 to 5 players, not 9"),
    (["play", "election-day", "--players", "2"], r"not 2"),
    (["play", "election-day", "--players", "0"], r"not 0"),
    (["bench", "election-day", "-n", "5", "--players", "7"], r"3 to 5 players"),
    (["arena", "election-day", "--bots", "good,random", "-n", "2"], r"3 to 5 players, not 2"),
    (["play", "election-day", "--bots", "genius"], r"no bot level 'genius'"),
    (["play", "election-day", "--players", "4", "--bots", "good,random"], r"one bot level per seat"),
    (["play", "election-day", "--option", "pawns"], r"NAME=VALUE"),
    (["play", "election-day", "--option", "pawns=maybe"], r"pawns.*true or false"),
    (["play", "election-day", "--option", "jokers=1"], r"no option 'jokers'"),
    (["play", "election-day", "--seed", "-1"], r"seed must be a whole number"),
    (["play", "election-day", "--players", "four"], r"invalid int value"),
    (["dance"], r"invalid choice"),
])
def test_bad_arguments_fail_cleanly(args, message):
    fails(*args, message=message)


# -- hostile input (issue 16, item 8) -------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["arena", "election-day", "--bots", "good,random,random", "-n", "0"],
    ["arena", "election-day", "--bots", "good,random,random", "-n", "-1"],
    ["bench", "election-day", "-n", "0"],
    ["bench", "election-day", "-n", "-5"],
])
def test_a_count_below_one_is_a_usage_error(args):
    err = fails(*args, message=r"argument -n: must be at least 1, not -?\d")
    assert err.startswith("usage: ") and "ZeroDivisionError" not in err


def test_a_count_that_is_not_a_number_is_a_usage_error():
    fails("arena", "election-day", "--bots", "good,random,random", "-n", "many",
          message=r"argument -n: must be a whole number, not 'many'")


@pytest.mark.parametrize("text", [
    None,  # the record with a field nested 600 deep
    "[" * 20000 + "]" * 20000,
    '{"record": ' + "[" * 8000 + "]" * 8000 + "}",
])
def test_replay_refuses_a_deeply_nested_file_with_a_message(tmp_path, played, text):
    if text is None:
        text = json.dumps(dict(played["record"], meta=None)).replace('"meta": null', '"meta": ' + "[" * 600 + "]" * 600)
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    err = fails("replay", path, message=r"^error: this record is nested too deeply to be a Coalitions record")
    assert err.count("\n") == 1 and "RecursionError" not in err


def test_replay_refuses_a_file_over_5_mb(tmp_path, played):
    rec = dict(played["record"], moves=[list(m) for m in played["record"]["moves"]])
    rec["moves"][2][1] = "x" * 10_000_000
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    err = fails("replay", path, message=r"^error: this file is too large to be a Coalitions record \(more than 5 MB\)")
    assert len(err) < 200


def test_a_huge_bad_action_is_echoed_briefly(tmp_path, played):
    rec = dict(played["record"], moves=[list(m) for m in played["record"]["moves"]])
    rec["moves"][2][1] = "play " + "x" * 4_000_000
    path = tmp_path / "long-action.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    err = fails("replay", path, message=r"^error: step 3 \('play xxx+'… by seat \d\): ")
    assert err.count("\n") == 1 and len(err) <= 420 and "…" in err


def test_output_survives_an_ascii_terminal(tmp_path, played):
    rec = dict(played["record"], moves=played["record"]["moves"][:4])
    rec["players"] = [dict(p, name=name) for p, name in zip(rec["players"], ["Zoë", "Ψυχή", "李", "Ana\ud800"])]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONIOENCODING="ascii")
    for args in (["replay", path], ["replay", path, "--json"], ["rules", "alliances"],
                 ["play", "election-day", "--option", "pawns=peut-être"]):
        p = subprocess.run([sys.executable, "-m", "coalitions", *map(str, args)], cwd=ROOT, env=env,
                           capture_output=True, timeout=120)
        assert b"Traceback" not in p.stderr and b"UnicodeEncodeError" not in p.stderr, p.stderr.decode()
        p.stdout.decode("ascii"), p.stderr.decode("ascii")  # nothing but ASCII was written
        if args[0] != "play":
            assert p.returncode == 0
    text = subprocess.run([sys.executable, "-m", "coalitions", "replay", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120).stdout
    assert "\\u03a8\\u03c5\\u03c7\\u03ae" in text  # Ψυχή, escaped rather than lost
    assert "Ana\\ud800" not in text and "\ud800" not in text  # a lone surrogate is no part of a name


@pytest.mark.parametrize("content,message", [
    ({"deal": {"aces": "x", "hands": 5}, "seed": None}, r"the game cannot be set up"),
    ({"moves": [[0]]}, r"step 1: a move is a \[seat, action\] pair"),
    ({"moves": [["zero", "pass"]]}, r"step 1 \('pass' by seat 'zero'\)"),
    ({"players": [{"name": ["A"], "kind": "human"}] * 3}, r"player 1's name must be text"),
    ({"captions": {"x" * 100_000: "caption"}}, r"caption key 'xxx+'… is not a step number"),
    ({"record": 1, "format": None}, r"this is not a Coalitions record"),
])
def test_replay_refuses_odd_shapes_without_a_traceback(tmp_path, played, content, message):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(dict(played["record"], **content)), encoding="utf-8")
    fails("replay", path, message=r"^error: " + message)


# -- issue 26: closed output, Ctrl-C, bounds, a byte-order mark -----------------------------


def test_replay_reads_a_record_saved_with_a_byte_order_mark(tmp_path, played):
    path = tmp_path / "windows.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(played["record"]).encode("utf-8"))
    assert json.loads(ok("replay", path, "--json")) == played


def every_command(tmp_path, played):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played["record"]), encoding="utf-8")
    return [["games", "--json"], ["rules", "die-macher"], ["play", "election-day"], ["replay", path],
            ["--help"], ["bench", "election-day", "-n", 1], ["bench", "coalition-chess", "--perft", 1],
            ["arena", "election-day", "--bots", "random,random,random", "-n", 1]]


def test_every_command_ends_quietly_when_its_output_is_closed(tmp_path, played):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    for args in every_command(tmp_path, played):
        # as `python -m coalitions ARGS >&-` in a shell: no standard output at all
        p = subprocess.run(["bash", "-c", 'exec "$0" -m coalitions "$@" >&-', sys.executable, *map(str, args)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert "Traceback" not in p.stderr and "Error" not in p.stderr, (args, p.stderr)
        if args != ["--help"]:  # argparse writes its help to stderr when there is no stdout
            assert p.stderr == "" and p.returncode == 1, (args, p.returncode, p.stderr)


def test_every_command_ends_quietly_when_its_output_is_broken(tmp_path, played):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    for args in every_command(tmp_path, played)[:5]:  # the same code path as the closed output: the quick ones
        # a pipe whose reader is gone (`| head -0`): the first write fails with EPIPE
        read, write = os.pipe()
        os.close(read)
        try:
            p = subprocess.run([sys.executable, "-m", "coalitions", *map(str, args)], cwd=ROOT, env=env,
                               stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
        finally:
            os.close(write)
        # argparse's --help gives up quietly on its own (status 0)
        assert p.stderr == "" and p.returncode == (0 if args == ["--help"] else 1), (args, p.returncode, p.stderr)


@pytest.mark.parametrize("args,where", [
    (["bench", "election-day", "-n", "3"], "bot_decision_times"),
    (["bench", "election-day", "-n", "3"], "random_playout"),
    (["arena", "election-day", "--bots", "random,random,random", "-n", "3"], "arena"),
    (["play", "election-day"], "Match.advance"),
])
def test_ctrl_c_prints_one_line_and_exits_130(monkeypatch, capsys, args, where):
    from coalitions import cli

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    if where == "Match.advance":
        monkeypatch.setattr(cli.Match, "advance", interrupted)
    else:
        monkeypatch.setattr(cli, where, interrupted)
    assert cli.main(args) == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_ctrl_c_in_a_running_arena_exits_130_without_a_traceback():
    import signal
    import time

    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    # started as `python -m coalitions` is, once the package is loaded (so the signal lands in the run)
    code = ("import runpy, sys, coalitions.cli; print('ready', flush=True); "
            "sys.argv = ['coalitions', 'arena', 'election-day', '--bots', 'random,random,random', '-n', '10000']; "
            "runpy.run_module('coalitions', run_name='__main__')")
    def as_from_a_shell():
        # Ctrl-C as a terminal delivers it: the test runner's worker may have
        # left SIGINT ignored or blocked, which a child inherits (its arena
        # then ran all 10,000 games in two fresh-clone runs)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    p = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_shell)
    try:
        assert p.stdout.readline() == "ready\n"
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode == 130 and err == "interrupted\n", (p.returncode, err)


@pytest.mark.parametrize("args,message", [
    (["bench", "election-day", "-n", "100001"], r"argument -n: must be at most 100,000, not 100001"),
    (["bench", "election-day", "-n", "9" * 5000], r"argument -n: must be at most 100,000, not '9+'…"),
    (["arena", "election-day", "--bots", "good,random,random", "-n", "10001"],
     r"argument -n: must be at most 10,000, not 10001"),
    (["arena", "election-day", "--bots", "good,random,random", "-n", "-" + "9" * 30],
     r"argument -n: must be at least 1, not '-9+'…"),
    (["bench", "coalition-chess", "--perft", "6"], r"argument --perft: must be at most 5, not 6"),
    (["bench", "coalition-chess", "--perft", "0"], r"argument --perft: must be at least 1, not 0"),
    (["bench", "election-day", "-n", "١٢"], r"argument -n: must be a whole number, not '١٢'"),
])
def test_counts_have_upper_bounds_with_a_clear_message(args, message):
    err = fails(*args, message=message)
    assert err.startswith("usage: ") and err.count("\n") <= 4 and len(err) < 600


def test_an_interrupt_whose_exception_was_swallowed_still_stops_the_run(capsys):
    # Ctrl-C raises KeyboardInterrupt and notes it; where Python swallowed the
    # exception (raised in a finalizer the garbage collector ran), the note
    # stops the run at the next game
    from coalitions import cli

    cli._INTERRUPTED[0] = True
    assert cli.main(["arena", "election-day", "--bots", "random,random,random", "-n", "5"]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert cli._INTERRUPTED[0] is False  # the next command starts afresh
    assert cli.main(["arena", "election-day", "--bots", "random,random,random", "-n", "2"]) == 0
