"""How Die Macher's state elections end in games between the default bots.

For each player count, plays N seeded games with the default bot in every seat
and counts the elections by tier (rule text, phase 9b): one party alone with
50 votes or more (12 VP), several with 50 or more (10 VP each), a coalition
(7 VP each), the leading party alone with no coalition possible (5 VP), and
nobody with a vote. It also gives the leading party's votes (median and range)
and how many elections were won by a party with all 8 rallies there.

    nice -n 10 python scripts/bench_die_macher_tiers.py -n 200
    nice -n 10 python scripts/bench_die_macher_tiers.py -n 50 --players 4 --seed 1000

docs/games/die-macher.md and docs/bots.md give the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from coalitions.core.match import Match  # noqa: E402
from coalitions.core.records import make_players  # noqa: E402
from coalitions.registry import get_game  # noqa: E402

GAME = "die-macher"
TIERS = (
    ("alone", "one party 50+ (12 VP)"),
    ("several", "several 50+ (10 VP each)"),
    ("coalition", "coalition (7 VP each)"),
    ("leader", "no coalition possible (5 VP)"),
    ("none", "nobody has a vote"),
)


def elections(players: int, games: int, first_seed: int = 0) -> list[dict]:
    """The election results (rules.py's ``results``) of `games` bot games."""
    game = get_game(GAME)
    out = []
    for g in range(games):
        match = Match.new(GAME, make_players(["bot"] * players, levels=[game.default_bot] * players),
                          seed=first_seed + g)
        match.advance()
        out.extend(match.state.outcome().details["elections"])
    return out


def tally(results: list[dict]) -> dict[str, int]:
    counts = {kind: 0 for kind, _ in TIERS}
    for r in results:
        counts[r["kind"]] += 1
    return counts


def report(players: int, games: int, first_seed: int) -> list[str]:
    results = elections(players, games, first_seed)
    counts = tally(results)
    total = len(results)
    lines = [f"{players} players, {games} games (seeds {first_seed}–{first_seed + games - 1}), {total} elections:"]
    for kind, label in TIERS:
        lines.append(f"  {label:32} {counts[kind]:5}  {100 * counts[kind] / total:5.1f}%")
    top = sorted(max(r["votes"]) for r in results)
    lines.append(f"  leading party's votes: median {statistics.median(top):g}, range {top[0]}–{top[-1]}")
    by_round = []
    for rnd in range(1, 5):
        rr = [r for r in results if r["round"] == rnd]
        hit = sum(1 for r in rr if r["kind"] in ("alone", "several"))
        by_round.append(f"round {rnd} {100 * hit / max(1, len(rr)):.0f}%")
    lines.append("  elections with 50+ by round: " + ", ".join(by_round))
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=200, help="games per player count (default 200)")
    p.add_argument("--players", type=int, action="append", help="a player count (repeatable; default 3, 4 and 5)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = p.parse_args(argv)
    for players in args.players or [3, 4, 5]:
        print("\n".join(report(players, args.n, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
