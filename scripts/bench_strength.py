"""How much stronger one bot level is than another, at every player count.

    python scripts/bench_strength.py hard normal                 # every game, every count
    python scripts/bench_strength.py normal easy --game koalition --players 3,4 -n 200

A table of one bot of the first level and bots of the second, the levels
rotated round the seats every game (seed g for game g, as `arena` does), for
each game and player count; a markdown row per table with the first level's
win rate per seat, the second's, their ratio and whether it reaches the
target (1.5x, docs/bots.md). Alliances for 4 is played by partnerships:
there the first level holds one side, the levels swap sides every game, and
the row gives the share of games the first level's side won (target 60%).
Coalition Chess is measured by scripts/coalition_chess_openings.py instead:
with the coalitions fixed its bots and start are deterministic, so an arena
there plays only two different games.

It prints as it goes, a row per table, so a long run can be read while it
runs (each table of hard bots takes minutes to hours of one core).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from coalitions.cli import arena  # noqa: E402
from coalitions.registry import all_games, get_game  # noqa: E402

RATIO_TARGET = 1.5
SIDE_TARGET = 0.60
# Games played side against side: the options that fix the sides.
SIDES = {("alliances", 4): None}
# Measured by another script (see the docstring).
ELSEWHERE = {"coalition-chess": "scripts/coalition_chess_openings.py"}


def interval(rate: float, n: int) -> float:
    """Half the width of a 95% interval of a rate over n trials (normal approximation)."""
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / max(n, 1))


def table(game, players: int, first: str, second: str, games: int) -> str:
    started = time.process_time()
    if (game.id, players) in SIDES:
        levels = [first, second] * (players // 2)
        stats, _ = arena(game, levels, games, SIDES[(game.id, players)])
        share = stats[first]["games"] / games
        verdict = "met" if share >= SIDE_TARGET else "**not met**"
        return (f"| {game.title} | {players}, sides | `{','.join(levels)}` | {games} | "
                f"{100 * share:.1f}% of games (±{100 * interval(share, games):.0f}) | – | – | "
                f"{verdict} (60%) | {time.process_time() - started:.0f} s |")
    levels = [first] + [second] * (players - 1)
    stats, _ = arena(game, levels, games)
    a = stats[first]["wins"] / stats[first]["seats"]
    b = stats[second]["wins"] / stats[second]["seats"]
    ratio = a / b if b else math.inf
    verdict = "met" if ratio >= RATIO_TARGET else "**not met**"
    return (f"| {game.title} | {players} | `{','.join(levels)}` | {games} | "
            f"{100 * a:.1f}% (±{100 * interval(a, stats[first]['seats']):.0f}) | {100 * b:.1f}% | "
            f"{ratio:.2f}× | {verdict} | {time.process_time() - started:.0f} s |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="the level measured (one seat, or one side)")
    parser.add_argument("second", help="the level it plays against (every other seat)")
    parser.add_argument("--game", action="append", help="a game id (repeat); every game by default")
    parser.add_argument("--players", help="player counts, e.g. 3,4 (every count of the game by default)")
    parser.add_argument("-n", type=int, default=200, help="games per table (default 200)")
    args = parser.parse_args(argv)
    games = [get_game(g) for g in args.game] if args.game else all_games()
    wanted = {int(p) for p in args.players.split(",")} if args.players else None
    print("| game | players | `--bots` | games | first level | second level | ratio | target 1.5× | processor |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    for game in games:
        if game.id in ELSEWHERE:
            print(f"| {game.title} | – | – | – | measured by {ELSEWHERE[game.id]} | – | – | – | – |", flush=True)
            continue
        for players in range(game.min_players, game.max_players + 1):
            if wanted is None or players in wanted:
                print(table(game, players, args.first, args.second, args.n), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
