"""The command line: python -m coalitions (games | play | replay | bench | rules | arena).

Bad input of any kind (arguments, record files) ends with one line on stderr,
"error: ..." or argparse's usage message, and exit status 2, never a
traceback. Output that the terminal's encoding cannot hold (a player's name
under PYTHONIOENCODING=ascii) is written with backslash escapes. Output that
is closed (``>&-``) or broken (``| head -1``) ends the command quietly with
exit status 1; Ctrl-C ends it with one line, "interrupted", and status 130."""

import argparse
import errno
import json
import os
import re
import signal
import sys
import time

from .core.bots import level_of
from .core.errors import CoalitionsError, RecordError, brief, clip_message
from .core.match import Match
from .core.records import MAX_RECORD_BYTES, loads, make_players, replay
from .core.rng import Rng, mix
from .registry import all_games, get_game


def _options(pairs):
    opts = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise CoalitionsError(f"an option is NAME=VALUE, not {brief(pair)}")
        k, v = pair.split("=", 1)
        opts[k] = v
    return opts


def _bots(spec, n, game):
    levels = spec.split(",") if spec else [game.default_bot]
    if len(levels) == 1:
        levels = levels * n
    if len(levels) != n:
        raise CoalitionsError(f"give one bot level per seat ({n}), or a single level for all")
    known = [level_of(game, lv) for lv in levels]  # "good", "search": the old names of two levels
    for lv, k in zip(levels, known):
        if k is None:
            raise CoalitionsError(f"{game.title} has no bot level {brief(lv)} (levels: {', '.join(game.bots)})")
    return known


def _result_json(match):
    out = match.state.outcome()
    return {
        "game": match.game.id,
        "players": match.names,
        "seed": match.record.get("seed"),
        "options": match.record["options"],
        "moves": len(match.record["moves"]),
        "finished": out is not None,
        "scores": out.scores if out else None,
        "winners": out.winners if out else None,
        "summary": match.text(out.summary) if out else None,
        "record": match.record,
    }


def _print_log(match, out):
    for ev in match.state.log_for(None):
        print(match.text(ev["text"]), file=out)


def cmd_games(args, out):
    if args.json:
        print(json.dumps([g.metadata() for g in all_games()], indent=2), file=out)
        return 0
    for g in all_games():
        print(f"{g.id:16} {g.title} ({g.designer}), {g.min_players}-{g.max_players} players", file=out)
    return 0


def cmd_play(args, out):
    game = get_game(args.game)
    n = args.players if args.players is not None else game.min_players
    game.check_players(n)
    levels = _bots(args.bots, n, game)
    players = make_players(["bot"] * n, levels=levels)
    match = Match.new(game.id, players, _options(args.option), seed=args.seed)
    match.advance()
    if args.json:
        print(json.dumps(_result_json(match)), file=out)
    else:
        _print_log(match, out)
        out_ = match.state.outcome()
        print("", file=out)
        print("Result: " + match.text(out_.summary), file=out)
        for seat, name in enumerate(match.names):
            print(f"  {name}: {out_.scores[seat]}{'  (winner)' if seat in out_.winners else ''}", file=out)
    return 0


def cmd_replay(args, out):
    with open(args.file, "rb") as fh:
        data = loads(fh.read(MAX_RECORD_BYTES + 1))  # no more than loads accepts is read
    if isinstance(data, dict) and "record" in data and "format" not in data:
        data = data["record"]
    try:
        rec, state = replay(data)
        match = Match(rec)
    except CoalitionsError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # a shape the rules' checks did not foresee (as the app's session does)
        raise RecordError(f"the record is malformed ({type(exc).__name__}: {clip_message(str(exc), 200)})") from None
    if args.json:
        print(json.dumps(_result_json(match)), file=out)
    else:
        _print_log(match, out)
        o = state.outcome()
        print("", file=out)
        if o:
            print("Result: " + match.text(o.summary), file=out)
        else:
            print(f"Replayed {len(rec['moves'])} moves; the game is not over.", file=out)
    return 0


def random_playout(game, players, seed, options=None):
    """One game of random legal play on the bare rules (no bots' views). Returns
    the final state."""
    state = game.new(players, options, seed=seed)
    rng = Rng(mix(seed, 0x5EED))
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def bot_decision_times(game, players, games=20, level=None):
    """Seconds per decision of the game's best bot, over a few bot games."""
    level = level or game.default_bot
    times = []
    for g in range(games):
        _stop_if_interrupted()
        match = Match.new(game.id, make_players(["bot"] * players, levels=[level] * players), seed=10_000 + g)
        while True:
            t0 = time.perf_counter()
            mv = match.pending()
            times.append(time.perf_counter() - t0)
            if mv is None:
                break
            match.apply(mv[0], mv[1], forced=mv[2])
    times.sort()
    return times


def level_decision_times(game, players, level, games=3):
    """Seconds per decision of the bot of `level`, over `games` seeded games
    in which it sits in turn at each seat against normal bots: (wall-clock
    times, processor times), each sorted. On a busy machine the two differ."""
    times, cpu = [], []
    for g in range(games):
        _stop_if_interrupted()
        seat = g % players
        levels = ["normal"] * players
        levels[seat] = level
        match = Match.new(game.id, make_players(["bot"] * players, levels=levels), seed=20_000 + g)
        while True:
            t0, c0 = time.perf_counter(), time.process_time()
            mv = match.pending()
            spent, used = time.perf_counter() - t0, time.process_time() - c0
            if mv is None:
                break
            if not mv[2] and mv[0] == seat:
                times.append(spent)
                cpu.append(used)
            match.apply(mv[0], mv[1], forced=mv[2])
    return sorted(times), sorted(cpu)


def cmd_bench(args, out):
    game = get_game(args.game)
    if args.bot is not None:
        level = _bots(args.bot, 1, game)[0]
        n = args.players if args.players is not None else game.min_players
        game.check_players(n)
        times, cpu = level_decision_times(game, n, level, games=args.games)
        if not times:
            raise CoalitionsError(f"the {level} bot made no decision in {args.games} games")
        print(
            f"{game.id} {level} bot, {n} players, {args.games} seeded games: {len(times)} decisions, "
            f"median {1000 * times[len(times) // 2]:.1f} ms, max {1000 * times[-1]:.1f} ms "
            f"(processor time: median {1000 * cpu[len(cpu) // 2]:.1f} ms, max {1000 * cpu[-1]:.1f} ms)",
            file=out,
        )
        return 0
    if args.perft is not None:
        # a game with a move generator to measure has a `perft` module: run(depth, out)
        perft = game._sibling("perft")
        if perft is None:
            raise CoalitionsError(f"{game.title} has no perft (it is not a board game)")
        perft.run(args.perft, out=lambda line: print(line, file=out))
        return 0
    n = args.players if args.players is not None else game.min_players
    game.check_players(n)
    times = bot_decision_times(game, n, games=max(1, min(20, args.n // 50)))
    mean = sum(times) / len(times)
    print(
        f"{game.default_bot} bot: {len(times)} decisions, mean {1000 * mean:.2f} ms, "
        f"median {1000 * times[len(times) // 2]:.2f} ms, max {1000 * times[-1]:.2f} ms",
        file=out,
    )
    start = time.perf_counter()
    moves = 0
    for i in range(args.n):
        state = random_playout(game, n, i)
        moves += len(state.log)
    elapsed = time.perf_counter() - start
    print(f"{args.n} random {game.id} playouts with {n} players in {elapsed:.3f} s", file=out)
    print(f"{args.n / elapsed:.1f} playouts per second", file=out)
    return 0


def arena(game, levels, games, options=None, first_seed=0):
    """Play `games` bot games, rotating the levels round the seats. Returns per
    level: seats played, wins (shared wins counted as fractions), games in
    which a seat of that level is among the winners; and no-winner games."""
    n = len(levels)
    stats = {}
    for lv in levels:
        stats.setdefault(lv, {"seats": 0, "wins": 0.0, "games": 0})
    no_winner = 0
    for g in range(games):
        _stop_if_interrupted()
        shift = g % n
        seat_levels = levels[shift:] + levels[:shift]
        match = Match.new(game.id, make_players(["bot"] * n, levels=seat_levels), options, seed=first_seed + g)
        match.advance()
        o = match.state.outcome()
        for seat, lv in enumerate(seat_levels):
            stats[lv]["seats"] += 1
            if seat in o.winners:
                stats[lv]["wins"] += 1 / len(o.winners)
        for lv in {seat_levels[seat] for seat in o.winners}:
            stats[lv]["games"] += 1
        if not o.winners:
            no_winner += 1
    return stats, no_winner


def cmd_arena(args, out):
    game = get_game(args.game)
    levels = args.bots.split(",")
    game.check_players(len(levels))
    levels = _bots(args.bots, len(levels), game)
    stats, no_winner = arena(game, levels, args.n, _options(args.option), args.seed)
    print(f"{args.n} games of {game.title}, seats: {', '.join(levels)} (rotated each game)", file=out)
    for lv, s in stats.items():
        rate = s["wins"] / s["seats"]
        print(f"  {lv:8} win rate per seat {100 * rate:5.1f}%  ({s['wins']:.1f} wins in {s['seats']} seats)", file=out)
    for lv, s in stats.items():
        print(f"  {lv:8} among the winners in {s['games']} of {args.n} games ({100 * s['games'] / args.n:.1f}%)",
              file=out)
    print(f"  games nobody won: {no_winner} ({100 * no_winner / args.n:.1f}%)", file=out)
    return 0


def rules_markdown(game):
    """The game's rules page as Markdown (docs/games/<id>.md is this output)."""
    g = game.guide()
    lines = [f"# {game.title}", "", f"{game.designer}; {game.players_label()}.", "",
             game.summary, "", "## The rules in our own words", ""]
    for sec in g["rules"]:
        lines += [f"### {sec['title']}", ""]
        for para in sec["paragraphs"]:
            lines += [para, ""]
    lines += ["## Rules as implemented", "",
              "Where the rule text is silent or open, this is what Coalitions does.", ""]
    for it in g["interpretations"]:
        lines += [f"### {it['title']}", "", it["text"], ""]
    lines += ["## Options", ""]
    for o in game.options:
        lines.append(f"- **{o.label}** (`{o.name}`, default `{o.default}`): {o.help}")
    lines.append("")
    walks = game.walkthroughs()
    if walks:
        lines += ["## Walkthroughs", ""]
        for name, rec in walks.items():
            lines.append(f"- `#/walkthrough/{game.id}/{name}`: {rec.get('title', name)}")
        lines.append("")
    return "\n".join(lines)


def cmd_rules(args, out):
    out.write(rules_markdown(get_game(args.game)))
    return 0


# Upper bounds of the counts: beyond them a run takes hours to days (docs/performance.md)
MAX_PLAYOUTS = 100_000  # bench -n: random playouts
MAX_ARENA_GAMES = 10_000  # arena -n: whole bot games
MAX_PERFT = 5  # bench --perft: about 40 times the nodes per level (depth 5: some 250 million)


_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(high):
    """argparse type: a whole number from 1 to `high`."""

    def check(text):
        text = text.strip()
        if not _WHOLE.fullmatch(text):  # 0-9 only
            raise argparse.ArgumentTypeError(f"must be a whole number, not {brief(text)}")
        n = int(text) if len(text) <= 19 else None  # more digits than any count: not converted
        shown = brief(text, 24) if n is None else str(n)
        if text.startswith("-") or n == 0:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {shown}")
        if n is None or n > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {shown}")
        return n

    return check


def build_parser():
    p = argparse.ArgumentParser(prog="python -m coalitions", description="Coalitions: play, replay and measure the games.")
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="list the games")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=cmd_games)
    pl = sub.add_parser("play", help="play a game with bots in every seat")
    pl.add_argument("game")
    pl.add_argument("--players", type=int)
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--bots", help="bot levels, one per seat or one for all (default: the best)")
    pl.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    pl.add_argument("--json", action="store_true", help="print the result and the record as JSON")
    pl.set_defaults(func=cmd_play)
    r = sub.add_parser("replay", help="replay a record file")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_replay)
    b = sub.add_parser("bench", help="random playouts per second")
    b.add_argument("game")
    b.add_argument("-n", type=whole_number(MAX_PLAYOUTS), default=1000,
                   help=f"random playouts (1 to {MAX_PLAYOUTS:,})")
    b.add_argument("--players", type=int)
    b.add_argument("--perft", type=whole_number(MAX_PERFT), metavar="D",
                   help=f"count legal move sequences to depth D (1 to {MAX_PERFT}) and print nodes per second "
                        "(board games)")
    b.add_argument("--bot", metavar="LEVEL",
                   help="time the decisions of the bot of LEVEL (against normal bots) instead: median and max in ms")
    b.add_argument("--games", type=whole_number(1000), default=3, help="games for --bot (1 to 1,000)")
    b.set_defaults(func=cmd_bench)
    ru = sub.add_parser("rules", help="print a game's rules and interpretations as Markdown")
    ru.add_argument("game")
    ru.set_defaults(func=cmd_rules)
    a = sub.add_parser("arena", help="bot against bot win rates")
    a.add_argument("game")
    a.add_argument("--bots", required=True, help="one level per seat, e.g. good,random,random,random")
    a.add_argument("-n", type=whole_number(MAX_ARENA_GAMES), default=1000,
                   help=f"games (1 to {MAX_ARENA_GAMES:,})")
    a.add_argument("--seed", type=int, default=0, help="first seed")
    a.add_argument("--option", action="append", metavar="NAME=VALUE")
    a.set_defaults(func=cmd_arena)
    return p


def _tolerant(stream):
    """Let `stream` write what its encoding cannot hold as backslash escapes
    (a name in Greek on an ASCII terminal) instead of raising."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):
            pass


class ClosedOutput:
    """Standard output when there is none (started with ``>&-``): writing to
    it fails as a broken pipe does."""

    def write(self, text):
        raise BrokenPipeError(errno.EPIPE, "standard output is closed")

    def flush(self):
        pass


# Set by Ctrl-C while a command runs (see `_interruptible`): the loops over
# games check it between games, so that an interrupt whose KeyboardInterrupt
# was swallowed where Python cannot raise it (a finalizer run by the garbage
# collector reports it as "ignored") still stops the run.
_INTERRUPTED = [False]


def _stop_if_interrupted():
    if _INTERRUPTED[0]:
        raise KeyboardInterrupt


def _interruptible():
    """Note Ctrl-C in `_INTERRUPTED` as well as raising KeyboardInterrupt, if
    Python's own handler is the one in place (not in a thread, nor where the
    caller chose another); returns the handler to put back, or None."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return None

    def handler(signum, frame):
        _INTERRUPTED[0] = True
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        return None


def _discard(out):
    """After a broken pipe: point `out`'s file at /dev/null, so that nothing
    more (the flush at exit) fails on it."""
    try:
        fd = out.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):
        return
    os.dup2(null, fd)
    os.close(null)


def main(argv=None, out=None):
    previous = _interruptible()
    try:
        return _main(argv, out)
    finally:
        _INTERRUPTED[0] = False
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _main(argv, out):
    _tolerant(sys.stdout)
    _tolerant(sys.stderr)
    out = out or sys.stdout or ClosedOutput()
    _tolerant(out)
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit:  # a usage error, or --help written to `out`
            out.flush()
            raise
        code = args.func(args, out)
        out.flush()
        return code
    except CoalitionsError as exc:
        # the message may echo bad input (an action of megabytes): kept short
        print(f"error: {clip_message(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output was closed: nobody reads what follows
        _discard(out)
        return 1
    except OSError as exc:  # a file that cannot be read: its name, as the system gives it
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
