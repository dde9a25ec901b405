#!/usr/bin/env python3
"""Two Coalition Chess levels side against side, over varied openings.

    python scripts/coalition_chess_openings.py hard normal -n 20

With the coalitions fixed (Yellow and Green against Black and Red) the bots
and the start are deterministic (a bot does not use its seed), so `arena
coalition-chess --option coalitions=yellow-green` plays only two different
games whatever the number of games: one with each level on each side.
Here each opening is Yellow's default set-up and then one random quiet move
per power (seeded by the opening's number), and each opening is played
twice, the levels swapping sides. One line per game as it goes (the
winning level, the moves, the processor time of the first level's slowest
decision), then the totals.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from coalitions.core.bots import decide  # noqa: E402
from coalitions.core.rng import Rng  # noqa: E402
from coalitions.registry import get_game  # noqa: E402

GAME = get_game("coalition-chess")
RANDOM_PLIES = 4  # one quiet move per power after the set-up


def opening(number: int):
    """The state after Yellow's default set-up and one random quiet move per power."""
    st = GAME.new(4, {"coalitions": "yellow-green"}, seed=number)
    st.apply(0, "default")
    rng = Rng(1000 + number)
    for _ in range(RANDOM_PLIES):
        if st.is_over():
            break
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        quiet = [a for a in legal if a.startswith("move ")]
        st.apply(seat, rng.choice(quiet or legal))
    return st


def play(number: int, levels: list[str], first: str) -> tuple[str, int, float]:
    """One game from opening `number` with these seat levels: the winning
    level (or "draw"), the moves played and `first`'s slowest decision in s."""
    st = opening(number)
    step = 0
    slowest = 0.0
    while not st.is_over() and step < 2000:
        forced = st.auto_action()
        if forced is not None:
            st.apply(*forced)
            continue
        seat = st.to_act()[0]
        began = time.process_time()
        action = decide(GAME, levels[seat], st, seat, step, number)
        if levels[seat] == first:
            slowest = max(slowest, time.process_time() - began)
        st.apply(seat, action)
        step += 1
    out = st.outcome()
    won = sorted({levels[s] for s in out.winners}) if out is not None else []
    return (won[0] if len(won) == 1 else "draw"), step, slowest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("-n", type=int, default=20, help="openings (two games each)")
    parser.add_argument("--start", type=int, default=0, help="first opening's number")
    args = parser.parse_args(argv)
    score = {args.first: 0, args.second: 0, "draw": 0}
    for number in range(args.start, args.start + args.n):
        for side in (0, 1):
            a, b = (args.first, args.second) if side == 0 else (args.second, args.first)
            result, moves, slowest = play(number, [a, b, a, b], args.first)
            score[result] += 1
            print(f"opening {number}, {args.first} as {'Yellow and Green' if side == 0 else 'Black and Red'}: "
                  f"{result} ({moves} moves; {args.first}'s slowest decision {slowest:.2f} s)", flush=True)
    games = 2 * args.n
    print(f"{games} games: {args.first} {score[args.first]}, {args.second} {score[args.second]}, "
          f"drawn {score['draw']}; {args.first}'s side won {100 * score[args.first] / games:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
