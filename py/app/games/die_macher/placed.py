"""What the last move placed on the state boards, so that the table shows it
coming in (the app's motion, ``.fresh`` in static/css/base.css; none under
reduced motion): a media marker bought, rallies bought or added, a
shadow-cabinet card laid face down, a doubling marker, an opinion replaced.

Read from the public log, which every seat sees alike: a move of phases 3 to
5 writes one line; a shadow-cabinet card revealed in phase 6 writes its lines
from "reveals the ..." on, and all of them count. Nothing hidden is read."""

from __future__ import annotations

import re

from coalitions.games.die_macher.data import OPINION_NAMES, STATE_NAMES

STATE_OF = {name: sid for sid, name in STATE_NAMES.items()}
OPINION_OF = {name: op for op, name in OPINION_NAMES.items()}

_STATE = r"(?P<state>[^(.:;]+?)"

# (what was placed, the public log line that says so; {seat}: a player's name)
LINES = (
    ("media", r"^{seat} buys a media marker .* places it in {state} \("),
    ("rally", r"^{seat} buys \d+ rall(?:y|ies) in {state} for "),
    ("rally", r"{seat} adds \d+ free rall(?:y|ies) in {state} \("),
    ("rally", r"{seat} has \d+ rall(?:y|ies) in {state} \(\+"),
    ("cabinet", r"^{seat} places a shadow-cabinet card face down at {state}\.$"),
    ("double", r"{seat} puts a doubling marker on (?P<op>.+?) in {state}: "),
    ("opinion", r" replaces .+? in {state} with (?P<op>.+?) from the opinion display"),
)


def patterns(view):
    """LINES compiled for this table's names (the log names each player; a
    record's log may still say "{p0}")."""
    names = [str(n) for n in view.get("names") or []]
    alts = [re.escape(n) for n in sorted(set(names), key=len, reverse=True) if n]
    seat = "(?P<seat>" + "|".join(alts + [r"\{p\d+\}"]) + ")"
    return names, [(what, re.compile(line.format(seat=seat, state=_STATE))) for what, line in LINES]


def seat_of(names, word):
    """The seat a log line names: by its player's name, or "{p0}"."""
    return names.index(word) if word in names else int(word[2:-1])


REVEAL = " reveals the "


def last_lines(view):
    """The public log lines of the last move, when it may have placed something:
    a media marker, rallies or a cabinet card bought or laid (one line, the
    last); else the last shadow-cabinet card resolved in phase 6 (its lines
    from "reveals the ...", a card still waiting for its choice passed over)
    or the media majorities of phase 7 (the rules carry on by themselves
    after those, so later lines of theirs may follow)."""
    public = [ev for ev in view.get("log") or [] if ev.get("to") is None]
    for i in range(len(public) - 1, -1, -1):  # the lines that open the phase the move led to, passed over
        ev = public[i]
        if ev.get("kind") == "phase":
            public = public[:i]
            break
        if not (str(ev.get("text", "")).startswith("Poll for ")
                or (ev.get("kind") == "media" and " buys a media marker " not in str(ev.get("text")))):
            break
    if not public:
        return []
    last = public[-1]
    text = str(last.get("text", ""))
    if last.get("kind") in ("rally", "place") or (last.get("kind") == "media" and " buys a media marker " in text):
        return [last]
    run = []
    for ev in reversed(public):
        if ev.get("kind") not in ("cabinet", "opinion", "media") or " buys a media marker " in str(ev.get("text")):
            break
        run.append(ev)
    groups: list = [[]]
    for ev in reversed(run):  # in the order written, a group from each "reveals the ..."
        if REVEAL in str(ev.get("text", "")) and groups[-1]:
            groups.append([])
        groups[-1].append(ev)
    done = [g for g in groups if g and (len(g) > 1 or REVEAL not in str(g[0].get("text", "")))]
    return done[-1] if done else []


def placed(view):
    """{(what, state id, seat or opinion)}: the pieces the last move put on
    the boards (the seat for a media marker, rallies and a cabinet card; the
    opinion for a doubling marker and a replacement)."""
    found = set()
    lines = last_lines(view)
    if not lines:
        return found
    names, compiled = patterns(view)
    for ev in lines:
        text = str(ev.get("text", ""))
        for what, line in compiled:
            m = line.search(text)
            if m is None or m.group("state") not in STATE_OF:
                continue
            sid = STATE_OF[m.group("state")]
            if "op" in line.groupindex:
                found.add((what, sid, OPINION_OF.get(m.group("op"))))
            else:
                found.add((what, sid, seat_of(names, m.group("seat"))))
    return found
