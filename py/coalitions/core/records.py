"""Game records: the one persistent format (docs/records.md).

A record is a JSON object:

    {"format": "coalitions-record", "version": 1, "game": "election-day",
     "options": {...}, "players": [{"name": "Ann", "kind": "human"},
                                   {"name": "Bot", "kind": "bot", "level": "normal"}],
     "seed": 7, "deal": null, "moves": [[0, "play battle"], [1, "pass"]],
     "captions": {"0": "...", "2": "..."}, "title": "...", "meta": {...},
     "learn": [2]}

Saves, exports, shared links, replays and walkthroughs are all records. A state
is always rebuilt by replaying the moves through the rules, so validation is the
same code path as play.
"""

from __future__ import annotations

import json
import re
import unicodedata
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Iterable, Optional

from .bots import level_of
from .errors import CoalitionsError, RecordError, brief, clip_message, shorten
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

# Limits on untrusted input (imports, share links, saves; docs/records.md,
# "Limits"). A record's text is at most MAX_RECORD_BYTES (the app's import
# limit: 5 MiB; a text already decoded counts its characters), and its JSON at
# most MAX_DEPTH levels of brackets deep: a real record is about 6 deep (the
# deepest deal), so 64 leaves room for any extra field and stays far below
# what Python's parser and copy.deepcopy can recurse through, in CPython and
# in Pyodide, whose stack overflows long before a RecursionError.
MAX_RECORD_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64


# Characters a name may not hold: control characters, line and paragraph
# separators, lone surrogates (which no UTF-8 file or terminal can hold), and
# the bidirectional overrides that could reorder the text around a name.
# Joiners (emoji sequences) and no-break spaces stay.
_BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


def _allowed_in_name(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cc", "Cs", "Zl", "Zp") and ch not in _BIDI_CONTROLS


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
        # every option written out, so that a later version can tell an option
        # the record did not know of (Game.record_options)
        "options": get_game(game_id).check_options(options),
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


# One pass of the regex engine keeps only the brackets outside strings: it
# drops every string (to its closing quote, or to the end of an unterminated
# one) and every run of other characters.
_NOT_A_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"\[\]{}]+', re.DOTALL)
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

TOO_LARGE = "this file is too large to be a Coalitions record (more than 5 MB)"
TOO_DEEP = ("this record is nested too deeply to be a Coalitions record "
            "(more than {limit} levels of brackets{where})")


def json_depth(text: str) -> int:
    """How deep the brackets of JSON text nest (0 for a bare value), without
    parsing it: a scan outside strings, with no recursion, linear in the
    text. For text that is not valid JSON it is an upper bound of how deep a
    parser gets before it finds the error."""
    brackets = _NOT_A_BRACKET.sub("", text)
    opens = brackets.count("[") + brackets.count("{")
    if opens <= 1:
        return opens
    return max(0, max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))))


def check_text(text: str | bytes, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text that no record is: larger than MAX_RECORD_BYTES, or
    nested more than `limit` deep. Cheap and iterative, so that it can run on
    untrusted text before any parser does."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(TOO_LARGE)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if json_depth(text) > limit:
        raise RecordError(TOO_DEEP.format(limit=limit, where=""))


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse a parsed value (lists, dicts, tuples) nested more than `limit`
    deep, or holding more than MAX_RECORD_BYTES values in all: no record
    does. Iterative, so a value too deep for recursion is refused, not
    crashed on; a cycle counts as too deep. It runs before anything recursive
    (copy.deepcopy, json.dumps, a game's setup) sees untrusted data."""
    stack: list[tuple[Any, int, Any]] = [(data, 1, None)]
    count = 0
    while stack:
        value, depth, field = stack.pop()
        if depth > limit:
            where = f" in the field {brief(field, 40)}" if isinstance(field, str) else ""
            raise RecordError(TOO_DEEP.format(limit=limit, where=where))
        count += len(value)
        if count > MAX_RECORD_BYTES:
            raise RecordError("this record holds too many values to be a Coalitions record")
        if isinstance(value, dict):
            for key, child in value.items():
                if isinstance(child, (dict, list, tuple)):
                    # the top-level field a nested value sits in, for the message
                    stack.append((child, depth + 1, key if depth == 1 else field))
        else:
            for child in value:
                if isinstance(child, (dict, list, tuple)):
                    stack.append((child, depth + 1, field))


# The byte-order mark some editors put before UTF-8 text: not part of a record.
BOM = "\ufeff"


def loads(text: str | bytes) -> Any:
    """Parse a record from untrusted JSON text; RecordError with a clear
    message if it is not one. The size and the depth are checked before the
    text is parsed (check_text), so no input can exhaust the stack. A text
    may start with a byte-order mark (BOM): it is dropped. The command line,
    the app's import, saves and share links all read records through here."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(TOO_LARGE)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("this file is not text (UTF-8): it is not a Coalitions record") from None
    text = text.removeprefix(BOM)  # as editors on Windows save UTF-8 (docs/records.md)
    check_text(text)
    if not text.strip():
        raise RecordError("the file is empty: it is not a Coalitions record")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated"):
            what = "the text stops before the record is complete"
        elif exc.pos == 0 or not text.lstrip().startswith(("{", "[")):
            what = "it does not start as a record does (with “{”)"
        else:
            what = f"the text goes wrong at {where}"
        raise RecordError(
            f"this file is not a Coalitions record as saved: {what}. It may be truncated or damaged, "
            "or another kind of file"
        ) from None
    except (ValueError, RecursionError):
        raise RecordError("this file is not a Coalitions record as saved: its text is not JSON") from None
    return data


def dumps(record: Any) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def check_header(data: Any) -> tuple[type[Game], Record]:
    """Check everything but the moves; returns (game class, normalized record).

    The record is not copied: its moves, deal and extra fields are the
    caller's. Its depth is checked first (check_depth), so a caller may
    deep-copy the result safely."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    check_depth(data)
    if data.get("format") != FORMAT:
        raise RecordError("this is not a Coalitions record (no \"format\": \"coalitions-record\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record has no format version")
    if version > VERSION:
        raise RecordError(
            f"this record was written by a newer version of Coalitions (format {brief(version)}; this one reads up to {VERSION})"
        )
    if version < 1:
        raise RecordError(f"format version {brief(version)} is not one Coalitions ever wrote")
    game_id = data.get("game")
    if isinstance(game_id, str) and len(game_id) > MAX_NAME:
        game_id = game_id[:MAX_NAME] + "…"  # no game has such an id: the message echoes it cut
    try:
        game = get_game(game_id)
    except CoalitionsError as exc:
        raise RecordError(clip_message(str(exc))) from None
    players = data.get("players")
    if not isinstance(players, list):
        raise RecordError("the record has no list of players")
    if not isinstance(data.get("options") or {}, dict):
        raise RecordError("the options must be an object mapping option names to values")
    try:
        game.check_players(len(players))
        options = game.check_options(game.record_options(data.get("options") or {}))
    except CoalitionsError as exc:
        raise RecordError(clip_message(str(exc))) from None
    norm_players = []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RecordError(f"player {i + 1} is not an object")
        kind = p.get("kind")
        if kind not in ("human", "bot"):
            raise RecordError(f"player {i + 1} must be \"human\" or \"bot\", not {brief(kind)}")
        q: dict[str, Any] = {"name": clean_name(p.get("name", ""), i), "kind": kind}
        if kind == "bot":
            level = p.get("level") or game.default_bot
            # an older record's name ("good", "search") is read as today's level
            known = level_of(game, level) if isinstance(level, str) else None
            if known is None:
                raise RecordError(f"player {i + 1}: {game.title} has no bot level {brief(level)}")
            q["level"] = known
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
            raise RecordError(f"caption key {brief(k)} is not a step number") from None
        if not isinstance(v, str) or not 0 <= step <= len(moves):
            raise RecordError(f"caption {brief(k)} must be a text for a step from 0 to {len(moves)}")
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
            raise RecordError(f"learn: {brief(k)} is not a step number (a whole number from 1)")
        if not 1 <= k <= n_moves:
            if n_moves == 0:
                raise RecordError(f"learn: step {k} does not exist: the record has no moves")
            raise RecordError(f"learn: step {k} does not exist (the steps are 1 to {n_moves})")
        if k in seen:
            raise RecordError(f"learn: step {k} is listed twice")
        seen.add(k)
    return sorted(seen)


def start(game: type[Game], rec: Record) -> State:
    """The state before the first move; RecordError if the game cannot be set
    up, or if its deal leaves a seat to act with no legal action."""
    try:
        state = game.new(len(rec["players"]), rec["options"], rec["seed"], rec["deal"])
    except CoalitionsError as exc:
        raise RecordError(clip_message(f"the game cannot be set up: {exc}")) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        if rec["deal"] is None:
            raise
        # A game refuses a deal it cannot play with an OptionError; any other
        # exception from an explicit deal is a deal it did not foresee.
        raise RecordError(clip_message(
            f"the game cannot be set up: the deal is malformed ({type(exc).__name__}: {clip_message(str(exc), 200)})"
        )) from None
    check_playable(state, 0)
    return state


def check_playable(state: State, step: int, last: Optional[tuple[Any, Any]] = None) -> None:
    """The invariant every loaded position keeps: while the game is not over,
    some seat must act and every seat that must act has a legal action. A
    record that breaks it (a crafted deal, say) could only hang a bot or a
    table, so it is refused with a RecordError naming the step (0: the deal;
    k: after the k-th move, `last`, a (seat, action) pair)."""
    if state.is_over():
        return
    seats = state.to_act()
    if not seats:
        raise RecordError(f"{_where(step, last)}: the game is not over, yet no seat is to act: "
                          "this record cannot be played", step=step)
    for seat in seats:
        if not state.legal_actions(seat):
            raise RecordError(f"{_where(step, last)}: seat {seat} must act but has no legal action: "
                              "this record cannot be played", step=step)


def _where(step: int, last: Optional[tuple[Any, Any]]) -> str:
    if last is not None:
        return f"step {step} ({brief(last[1])} by seat {brief(last[0])})"
    return "the deal" if step == 0 else f"step {step}"


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
    """Apply move k (0-based) of a record, then check the position it leads
    to (check_playable). A RecordError names the step (1-based)."""
    mv = moves[k]
    if not (isinstance(mv, list) and len(mv) == 2):
        raise RecordError(f"step {k + 1}: a move is a [seat, action] pair, not {brief(mv)}", step=k + 1)
    seat, action = mv
    try:
        state.apply(seat, action)
    except CoalitionsError as exc:
        raise RecordError(clip_message(f"step {k + 1} ({brief(action)} by seat {brief(seat)}): {exc}"),
                          step=k + 1) from None
    check_playable(state, k + 1, (seat, action))
