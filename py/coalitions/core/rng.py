"""A small seeded generator of our own (splitmix64).

It is written here, not taken from `random`, so that the same seed gives the same
game on every Python (CPython 3.11, Pyodide's 3.14) and its whole state is one
integer that travels with the game state.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = int(seed) & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and a salt,
        without advancing this one."""
        return Rng(mix(self.state, salt))

    def to_json(self) -> str:
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, text: str) -> Rng:
        return cls(int(text, 16))


def mix(*values: int) -> int:
    """Hash a few integers into one 64-bit integer (stable across Pythons)."""
    h = 0x243F6A8885A308D3
    for v in values:
        r = Rng((h ^ (int(v) & MASK64)) & MASK64)
        h = r.next_u64()
    return h
