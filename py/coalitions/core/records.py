"""Game records: the one persistent format (docs/records.md).

A record is a JSON object:

    {"format": "coalitions-record", "version": 1, "game": "election-day",
     "options": {...}, "players": [{"name": "Ann", "kind": "human"},
                                   {"name": "Bot", "kind": "bot", "level": "good"}],
     "seed": 7, "deal": null, "moves": [[0, "play battle"], [1, "pass"]],
     "captions": {"0": "...", "2": "..."}, "title": "...", "meta": {...},
     "learn": [2]}

Saves, exports, shared links, replays and walkthroughs are all records. A state
is always rebuilt by replaying the moves through the rules, so validation is the
same code path as play.
"""

from __future__ import annotations

import json
import unicodedata
from typing import TYPE_CHECKING, Any, Iterable, Optional

from .errors import CoalitionsError, RecordError
from .registry import get_game

if TYPE_CHECKING:
    from .game import Game, State

# A record (see above): a JSON object
Record = dict[str, Any]

FORMAT = "coalitions-record"
VERSION = 1
MAX_NAME = 40
MAX_MOVES = 20000
MAX_CAPTION = 4000


# Characters a name may not hold: control characters, line and paragraph
# separators, and the bidirectional overrides that could reorder the text around
# a name. Joiners (emoji sequences) and no-break spaces stay.
_BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


def _allowed_in_name(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Zl", "Zp") and ch not in _BIDI_CONTROLS


def clean_name(name: Any, seat: int) -> str:
    """A player's name as plain text: no control characters, at most MAX_NAME
    characters, never empty. The app always inserts it as text, never as HTML."""
    if not isinstance(name, str):
        raise RecordError(f"player {seat + 1}'s name must be text")
    name = "".join(ch if _allowed_in_name(ch) else " " for ch in name)
    name = " ".join(part for part in name.split(" ") if part)[:MAX_NAME].rstrip()
    return name or f"Player {seat + 1}"


def make_players(kinds: Iterable[str], names: Optional[list[Optional[str]]] = None,
                 levels: Optional[list[Optional[str]]] = None) -> list[dict[str, Any]]:
    names = names or []
    levels = levels or []
    players = []
    for i, kind in enumerate(kinds):
        p: dict[str, Any] = {"name": clean_name(names[i] if i < len(names) and names[i] else (
            f"Player {i + 1}" if kind == "human" else f"Bot {i + 1}"), i), "kind": kind}
        if kind == "bot":
            p["level"] = levels[i] if i < len(levels) and levels[i] else None
        players.append(p)
    return players


def new_record(game_id: str, players: list[dict[str, Any]], options: Optional[dict[str, Any]] = None,
               seed: Optional[int] = None, deal: Any = None, **extra: Any) -> Record:
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "options": dict(options or {}),
        "players": players,
        "seed": seed,
        "deal": deal,
        "moves": [],
        "captions": {},
    }
    rec.update(extra)
    return rec


def walkthrough_record(game_id: str, title: str, names: list[str], deal: Any, moves: Iterable[Iterable[Any]],
                       captions: dict[int, str], options: Optional[dict[str, Any]] = None, description: str = "",
                       learn: Iterable[int] = ()) -> Record:
    """A walkthrough: a record of human seats with an explicit deal, its moves as
    (seat, action) pairs, captions by step and, optionally, the steps the
    learner makes (docs/records.md)."""
    rec = new_record(
        game_id,
        [{"name": n, "kind": "human"} for n in names],
        options,
        deal=deal,
        title=title,
        description=description,
    )
    rec["moves"] = [list(m) for m in moves]
    rec["captions"] = {str(k): v for k, v in captions.items()}
    if learn:
        rec["learn"] = sorted(learn)
    return rec


def loads(text: str | bytes) -> Any:
    """Parse a record from JSON text; RecordError with a clear message if it is not one."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("this file is not text (UTF-8): it is not a Coalitions record") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"this is not valid JSON ({exc}): the file may be truncated or damaged") from None
    return data


def dumps(record: Any) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def check_header(data: Any) -> tuple[type[Game], Record]:
    """Check everything but the moves; returns (game class, normalized record)."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("this is not a Coalitions record (no \"format\": \"coalitions-record\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record has no format version")
    if version > VERSION:
        raise RecordError(
            f"this record was written by a newer version of Coalitions (format {version}; this one reads up to {VERSION})"
        )
    if version < 1:
        raise RecordError(f"format version {version} is not one Coalitions ever wrote")
    try:
        game = get_game(data.get("game"))
    except CoalitionsError as exc:
        raise RecordError(str(exc)) from None
    players = data.get("players")
    if not isinstance(players, list):
        raise RecordError("the record has no list of players")
    if not isinstance(data.get("options") or {}, dict):
        raise RecordError("the options must be an object mapping option names to values")
    try:
        game.check_players(len(players))
        options = game.check_options(data.get("options") or {})
    except CoalitionsError as exc:
        raise RecordError(str(exc)) from None
    norm_players = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RecordError(f"player {i + 1} is not an object")
        kind = p.get("kind")
        if kind not in ("human", "bot"):
            raise RecordError(f"player {i + 1} must be \"human\" or \"bot\", not {kind!r}")
        q: dict[str, Any] = {"name": clean_name(p.get("name", ""), i), "kind": kind}
        if kind == "bot":
            level = p.get("level") or game.default_bot
            if not isinstance(level, str) or level not in game.bots:
                raise RecordError(f"player {i + 1}: {game.title} has no bot level {level!r}")
            q["level"] = level
        norm_players.append(q)
    seed = data.get("seed")
    deal = data.get("deal")
    if seed is None and deal is None:
        raise RecordError("the record has neither a seed nor an explicit deal")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
        raise RecordError("the seed must be a whole number from 0 to 2^63 - 1")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("the moves must be a list of [seat, action] pairs")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has more than {MAX_MOVES} moves")
    captions = data.get("captions") or {}
    if not isinstance(captions, dict):
        raise RecordError("captions must map a step number to a text")
    norm_captions = {}
    for k, v in captions.items():
        try:
            step = int(k)
        except (TypeError, ValueError):
            raise RecordError(f"caption key {k!r} is not a step number") from None
        if not isinstance(v, str) or not 0 <= step <= len(moves):
            raise RecordError(f"caption {k!r} must be a text for a step from 0 to {len(moves)}")
        norm_captions[str(step)] = v[:MAX_CAPTION]
    rec = dict(data)
    rec.update(
        version=VERSION, game=game.id, options=options, players=norm_players,
        seed=seed, deal=deal, moves=moves, captions=norm_captions,
    )
    if "learn" in data:
        rec["learn"] = check_learn(data["learn"], len(moves))
    return game, rec


def check_learn(learn: Any, n_moves: int) -> list[int]:
    """The optional "learn" field of a walkthrough: the steps (1-based move
    numbers) that the learner makes. Returns them sorted; RecordError if the
    field is not a list of distinct step numbers from 1 to n_moves."""
    if learn is None:
        return []
    if not isinstance(learn, list):
        raise RecordError("learn must be a list of step numbers (the moves the learner makes, from 1)")
    seen: set[int] = set()
    for k in learn:
        if not isinstance(k, int) or isinstance(k, bool):
            raise RecordError(f"learn: {k!r} is not a step number (a whole number from 1)")
        if not 1 <= k <= n_moves:
            if n_moves == 0:
                raise RecordError(f"learn: step {k} does not exist: the record has no moves")
            raise RecordError(f"learn: step {k} does not exist (the steps are 1 to {n_moves})")
        if k in seen:
            raise RecordError(f"learn: step {k} is listed twice")
        seen.add(k)
    return sorted(seen)


def start(game: type[Game], rec: Record) -> State:
    try:
        return game.new(len(rec["players"]), rec["options"], rec["seed"], rec["deal"])
    except CoalitionsError as exc:
        raise RecordError(f"the game cannot be set up: {exc}") from None


def replay(data: Any, upto: Optional[int] = None) -> tuple[Record, State]:
    """Load a record: check it and replay its moves. Returns (record, state).

    A bad record raises RecordError naming the first bad step and why."""
    game, rec = check_header(data)
    state = start(game, rec)
    moves = rec["moves"]
    stop = len(moves) if upto is None else min(upto, len(moves))
    for k in range(stop):
        apply_step(state, moves, k)
    return rec, state


def apply_step(state: State, moves: list[Any], k: int) -> None:
    mv = moves[k]
    if not (isinstance(mv, list) and len(mv) == 2):
        raise RecordError(f"step {k + 1}: a move is a [seat, action] pair, not {mv!r}", step=k + 1)
    seat, action = mv
    try:
        state.apply(seat, action)
    except CoalitionsError as exc:
        raise RecordError(f"step {k + 1} ({action!r} by seat {seat}): {exc}", step=k + 1) from None
