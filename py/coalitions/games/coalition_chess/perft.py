"""Perft: the number of legal action sequences of a given length, counted on
the engine (push, count, pop; the last level is counted without being
played). `python -m coalitions bench coalition-chess --perft D` runs it from
the positions below and prints nodes per second; scripts/bench_chess_perft.py
puts the figures beside python-chess's on standard chess."""

import time
from typing import Any, Callable

from .data import START, YELLOW, square_of
from .engine import DEFAULT, Pos
from .position import from_deal, listed, new_game

DEFAULT_OPTIONS = {"rules": "zaman-strouhal", "coalitions": "free", "waiting": False, "motorcyclist_swap": False,
                   "dummies": "none", "dummy_play": "bot"}


def start_position() -> Pos:
    """Round 1, Yellow to move, after the default set-up."""
    pos = new_game(DEFAULT_OPTIONS)
    pos.push(DEFAULT)
    pos.stack.clear()
    return pos


# A middle game after the first three rounds: coalitions formed (Yellow and
# Green against Black and Red), pieces out in the open, Planes and
# Submarines about.
MIDDLE: dict[str, Any] = {
    "pieces": {
        "yellow": {"e1": "king", "d3": "tank", "f1": "tank", "b1": "artillery", "c3": "engineer",
                   "g2": "motorcyclist", "c2": "machine-gun", "h3": "machine-gun", "e2": "machine-gun",
                   "d4": "guard", "e3": "guard", "f2": "guard"},
        "black": {"e10": "king", "d8": "tank", "b10": "artillery", "f10": "artillery", "c8": "engineer",
                  "g10": "motorcyclist", "c9": "machine-gun", "e9": "machine-gun", "g9": "machine-gun",
                  "h10": "machine-gun", "d7": "guard", "f9": "guard"},
        "green": {"h5": "submarine", "k7": "submarine", "k5": "machine-gun", "j6": "machine-gun",
                  "j5": "guard", "h6": "guard"},
        "red": {"c6": "plane", "a7": "plane", "a5": "machine-gun", "b6": "machine-gun", "c5": "guard",
                "b4": "guard"},
    },
    "turn": "yellow", "round": 5, "coalitions": {"green": "yellow", "red": "black"},
}


def middle_position() -> Pos:
    return from_deal(dict(DEFAULT_OPTIONS), dict(MIDDLE, pieces=listed(MIDDLE["pieces"])))


def run(depth: int, out: Callable[[str], object] = print) -> tuple[int, float]:
    """Perft to `depth` from the start and from the middle game; prints and
    returns (nodes, seconds) in all."""
    total_nodes = 0
    total_time = 0.0
    for name, make in (("start", start_position), ("middle game", middle_position)):
        pos = make()
        t0 = time.perf_counter()
        nodes = pos.perft(depth)
        dt = time.perf_counter() - t0
        total_nodes += nodes
        total_time += dt
        out(f"perft {depth} from the {name}: {nodes} nodes in {dt:.3f} s, {nodes / dt:,.0f} nodes per second")
    out(f"in all: {total_nodes} nodes in {total_time:.3f} s, {total_nodes / total_time:,.0f} nodes per second")
    return total_nodes, total_time


assert square_of("e1") is not None and START[YELLOW]
