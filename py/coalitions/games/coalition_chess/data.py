"""Coalition Chess data, apart from the rules: the board's coordinates, the
powers, the pieces, the four armies, the set-up areas and the starting
squares.

The armies and the moves are in the rule text. The starting squares are not
in any authoritative source: they are a reconstruction (see the guide's
"Rules as implemented"), kept here, in one place, so that another
reconstruction can replace them without touching the rules."""

from typing import Optional

# Files A to K without I (as Schoenberg's own diagrams letter them), ranks 1 to 10.
FILES = "abcdefghjk"
SIZE = 10

# The powers, by seat: the seat number is the power's number everywhere.
POWERS = ("yellow", "black", "green", "red")
POWER_NAMES = ("Yellow", "Black", "Green", "Red")
YELLOW, BLACK, GREEN, RED = 0, 1, 2, 3
GREATER = (YELLOW, BLACK)
LESSER = (GREEN, RED)

# Order of play under each rule set (a list of seats).
ORDERS = {
    "zaman-strouhal": (YELLOW, BLACK, GREEN, RED),
    "schoenberg": (YELLOW, GREEN, BLACK, RED),
}

# The pieces: id (the word in the notation), name, letter (the initials of the
# English name: MG for the Machine-gun, so that M is the Motorcyclist and G
# the Guard), chess equivalent.
# The kind numbers are the engine's; 0 is an empty square.
KING, PLANE, SUBMARINE, TANK, ARTILLERY, ENGINEER, MOTORCYCLIST, MACHINE_GUN, GUARD = range(1, 10)
PIECES = {
    KING: ("king", "King", "K", "moves as a chess King; it is royal"),
    PLANE: ("plane", "Plane", "P", "two Knight moves in one turn, not back to its start square"),
    SUBMARINE: ("submarine", "Submarine", "S", "moves as a Queen or as a Knight"),
    TANK: ("tank", "Tank", "T", "moves as a Queen"),
    ARTILLERY: ("artillery", "Artillery", "A", "moves as a Rook"),
    ENGINEER: ("engineer", "Engineer", "E", "moves as a Knight"),
    MOTORCYCLIST: ("motorcyclist", "Motorcyclist", "M", "moves as a Bishop"),
    MACHINE_GUN: ("machine-gun", "Machine-gun", "MG", "moves as a King or as a pawn (not royal)"),
    GUARD: ("guard", "Guard", "G", "moves as a pawn"),
}
KIND_OF_ID = {v[0]: k for k, v in PIECES.items()}
PIECE_IDS = tuple(PIECES[k][0] for k in sorted(PIECES))

# What a Guard or a Machine-gun may become on the far edge, in the order the
# app offers them: any piece but a King ("excluding a King"). A Guard must
# change (a Guard on the far edge could never move again); a Machine-gun
# that picks "machine-gun" stays one, and it may also become a Guard.
PROMOTIONS = (TANK, SUBMARINE, PLANE, ARTILLERY, ENGINEER, MOTORCYCLIST, MACHINE_GUN)
MG_PROMOTIONS = PROMOTIONS + (GUARD,)

# Material values for the bots (a Guard is 100).
VALUES = {KING: 0, PLANE: 620, SUBMARINE: 1150, TANK: 950, ARTILLERY: 500, ENGINEER: 300,
          MOTORCYCLIST: 320, MACHINE_GUN: 230, GUARD: 100}

# The armies (the rule text's table).
ARMIES = {
    YELLOW: {KING: 1, TANK: 2, ARTILLERY: 1, ENGINEER: 1, MOTORCYCLIST: 1, MACHINE_GUN: 3, GUARD: 3},
    BLACK: {KING: 1, TANK: 1, ARTILLERY: 2, ENGINEER: 1, MOTORCYCLIST: 1, MACHINE_GUN: 4, GUARD: 2},
    GREEN: {SUBMARINE: 2, MACHINE_GUN: 2, GUARD: 2},
    RED: {PLANE: 2, MACHINE_GUN: 2, GUARD: 2},
}

# Set-up areas: (first file, last file, first rank, last rank), files and
# ranks counted from 0 (file a = 0, rank 1 = 0).
AREAS = {
    YELLOW: (1, 8, 0, 1),   # b1-j2
    BLACK: (1, 8, 8, 9),    # b9-j10
    RED: (0, 1, 3, 6),      # a4-b7
    GREEN: (8, 9, 3, 6),    # j4-k7
}

# "Forward" for the pawn moves of Guards and Machine-guns, as (file step,
# rank step): Yellow toward rank 10, Black toward rank 1, Red toward file K,
# Green toward file A. The far edge (promotion) is the edge forward.
FORWARD = {YELLOW: (0, 1), BLACK: (0, -1), RED: (1, 0), GREEN: (-1, 0)}

# Starting squares (a reconstruction). Yellow's are only its default set-up:
# Yellow places its pieces freely inside its area before the first move.
# Each King has an empty square beside it that no Plane can reach in round 1
# (f1, f10), and the squares from which a Plane would check it past two
# blocking squares at once (e5 for Yellow, e6 for Black) are each covered by
# a Tank and a Motorcyclist on two different diagonals (b2 and h2, b9 and
# h9), so that no single move closes both. The guide ("Rules as
# implemented", "Starting squares") says why.
START = {
    YELLOW: {"b1": ARTILLERY, "c1": ENGINEER, "d1": MACHINE_GUN, "e1": KING, "g1": TANK,
             "b2": TANK, "c2": MACHINE_GUN, "d2": GUARD, "e2": GUARD, "f2": GUARD, "g2": MACHINE_GUN,
             "h2": MOTORCYCLIST},
    BLACK: {"b10": ARTILLERY, "c10": ENGINEER, "d10": MACHINE_GUN, "e10": KING, "g10": ARTILLERY,
            "b9": TANK, "c9": MACHINE_GUN, "d9": GUARD, "e9": GUARD, "f9": MACHINE_GUN, "g9": MACHINE_GUN,
            "h9": MOTORCYCLIST},
    RED: {"a4": PLANE, "a7": PLANE, "a5": MACHINE_GUN, "a6": MACHINE_GUN, "b5": GUARD, "b6": GUARD},
    GREEN: {"k4": SUBMARINE, "k7": SUBMARINE, "k5": MACHINE_GUN, "k6": MACHINE_GUN, "j5": GUARD, "j6": GUARD},
}

# The first reconstruction's squares, which this site used before: each King
# had no empty square beside it, and a natural first move let a Plane mate it
# in round 1 (the guide's "Starting squares"). A game saved before the change
# names no start and is replayed from these (CoalitionChess.record_options).
FIRST_START = {
    YELLOW: {"b1": ARTILLERY, "c1": ENGINEER, "d1": TANK, "e1": KING, "f1": TANK, "g1": MOTORCYCLIST,
             "h1": MACHINE_GUN, "c2": MACHINE_GUN, "d2": GUARD, "e2": GUARD, "f2": GUARD, "g2": MACHINE_GUN},
    BLACK: {"b10": ARTILLERY, "c10": ENGINEER, "d10": TANK, "e10": KING, "f10": ARTILLERY, "g10": MOTORCYCLIST,
            "h10": MACHINE_GUN, "c9": MACHINE_GUN, "d9": GUARD, "e9": MACHINE_GUN, "f9": GUARD,
            "g9": MACHINE_GUN},
    RED: START[RED],
    GREEN: START[GREEN],
}

# The starts by the name of the "start" option.
STARTS = {"safe": START, "first": FIRST_START}


def bot_setup(start: str = "safe") -> dict[str, int]:
    """The set-up the bots give Yellow, piece by piece: the default, King first."""
    return dict(sorted(STARTS[start][YELLOW].items(), key=lambda item: item[1] != KING))


BOT_SETUP = bot_setup()


def square_name(sq: int) -> str:
    """'c1' for the engine's square number (rank * 10 + file)."""
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


def square_of(name: object) -> Optional[int]:
    """The square number of 'c1' ... 'k10', or None if it is not a square."""
    if not isinstance(name, str) or not 2 <= len(name) <= 3:
        return None
    f = FILES.find(name[0])
    digits = name[1:]
    if f < 0 or not digits.isdigit() or digits != str(int(digits)) or not 1 <= int(digits) <= SIZE:
        return None
    return (int(digits) - 1) * SIZE + f


def square(name: object) -> int:
    """The square number of a name known to be a square (ValueError if not)."""
    sq = square_of(name)
    if sq is None:
        raise ValueError(f"not a square: {name!r}")
    return sq


def area_squares(power: int) -> tuple[int, ...]:
    f0, f1, r0, r1 = AREAS[power]
    return tuple(r * SIZE + f for r in range(r0, r1 + 1) for f in range(f0, f1 + 1))


def _check_data() -> None:
    bot: dict[int, int] = {}
    for kind in BOT_SETUP.values():
        bot[kind] = bot.get(kind, 0) + 1
    assert bot == ARMIES[YELLOW]
    for start in STARTS.values():
        for power, army in ARMIES.items():
            placed: dict[int, int] = {}
            for name, kind in start[power].items():
                sq = square_of(name)
                assert sq is not None and sq in area_squares(power), (power, name)
                placed[kind] = placed.get(kind, 0) + 1
            assert placed == army, (power, placed, army)


_check_data()
