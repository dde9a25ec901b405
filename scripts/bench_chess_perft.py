"""Coalition Chess's move generation beside python-chess's, in one run on one
machine: perft (bulk-counted at the last level, the same way for both) from
Coalition Chess's start and middle game, and from standard chess's start and
"Kiwipete" position. Prints nodes per second and the ratio.

    pip install -r requirements-dev.txt   # python-chess is pinned there
    python scripts/bench_chess_perft.py [--depth 3] [--chess-depth 4] [--repeat 3]

Figures, not a test: docs/performance.md keeps the latest ones."""

import argparse
import pathlib
import platform
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

import chess  # noqa: E402

from coalitions.games.coalition_chess import perft as cc_perft  # noqa: E402

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def chess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def best_of(repeat, run):
    """(nodes, fastest seconds) of `repeat` runs."""
    best = None
    nodes = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        nodes = run()
        dt = time.perf_counter() - t0
        best = dt if best is None else min(best, dt)
    return nodes, best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=3, help="Coalition Chess perft depth (default 3)")
    ap.add_argument("--chess-depth", type=int, default=4, help="standard chess perft depth (default 4)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each, the fastest counts (default 3)")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, python-chess {chess.__version__}")
    ours_nodes = ours_time = 0.0
    for name, make in (("start", cc_perft.start_position), ("middle game", cc_perft.middle_position)):
        nodes, dt = best_of(args.repeat, lambda: make().perft(args.depth))
        ours_nodes += nodes
        ours_time += dt
        print(f"Coalition Chess perft {args.depth}, {name}: {nodes} nodes in {dt:.3f} s, {nodes / dt:,.0f} n/s")
    theirs_nodes = theirs_time = 0.0
    for name, fen in (("start", chess.STARTING_FEN), ("Kiwipete", KIWIPETE)):
        nodes, dt = best_of(args.repeat, lambda: chess_perft(chess.Board(fen), args.chess_depth))
        theirs_nodes += nodes
        theirs_time += dt
        print(f"python-chess perft {args.chess_depth}, {name}: {nodes} nodes in {dt:.3f} s, {nodes / dt:,.0f} n/s")
    ours = ours_nodes / ours_time
    theirs = theirs_nodes / theirs_time
    print(f"Coalition Chess {ours:,.0f} n/s, python-chess {theirs:,.0f} n/s: ratio {ours / theirs:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
