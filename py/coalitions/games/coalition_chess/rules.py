"""Coalition Chess (Arnold Schoenberg, 1924), for four powers: the game's
State and its metadata.

The seats are the powers: 0 Yellow, 1 Black, 2 Green, 3 Red, always four
(a dummy is a seat played by a bot or by its partner; see `dummies`). The
board and the flow of turns live in the engine (engine.py); this module
checks actions in the notation, explains illegal ones, logs, and builds the
views."""

from typing import Any, Optional

from ...core.actions import Action, NotationError
from ...core.errors import OptionError, RecordError
from ...core.game import JSON, Event, Game, GameState, Option, Outcome, State, event, seat_ref
from . import position
from .data import (
    AREAS, BLACK, GREATER, GREEN, KING, LESSER, MACHINE_GUN, GUARD, PIECES, PLANE, POWER_NAMES, POWERS, RED,
    YELLOW, KIND_OF_ID, area_squares, square, square_name, square_of, FILES,
)
from .engine import (
    ACCEPT, ANSWER, DECLARE_B, DECLARE_Y, DECLINE, DEFAULT, FAR, FREE, LESSER as LESSER_MODE, MOVE, MOVED,
    NOSQ, OFFER, OVER, PASS, PHASE_NAMES, PLACE, REARR, REARRANGE, SETUP, SWAP, WAIT, Pos, masks,
)
from .notation import action_of, parse, text_of

DUMMY_SETS = ("none", "yellow", "black", "green", "red", "green+red", "yellow+black", "yellow+green",
              "yellow+red", "black+green", "black+red")


def piece_name(kind: int) -> str:
    return PIECES[kind][1]


def partners(team: tuple[int, ...]) -> list[Optional[int]]:
    """Each power's partner (or None) for a team tuple."""
    out = []
    for p in range(4):
        mates = [q for q in range(4) if q != p and team[p] >= 0 and team[q] == team[p]]
        out.append(mates[0] if mates else None)
    return out


def fixed_team(options: dict[str, Any]) -> Optional[tuple[int, ...]]:
    mode = options["coalitions"]
    return {"free": None, "yellow-green": (0, 1, 0, 1), "yellow-red": (0, 1, 1, 0),
            "lesser": (0, 0, 1, 1)}[mode]


def dummies(options: dict[str, Any]) -> dict[int, Any]:
    """power -> who plays that dummy: "bot", or the seat of its partner. A
    dummy is played by its partner only when the coalitions are fixed at
    set-up (so that the partner is known) and the partner is not a dummy
    too; otherwise a bot plays it."""
    chosen = options["dummies"]
    if chosen == "none":
        return {}
    powers = [POWERS.index(n) for n in chosen.split("+")]
    team = fixed_team(options)
    out: dict[int, Any] = {}
    for p in powers:
        who: Any = "bot"
        if options["dummy_play"] == "partner" and team is not None:
            mate = partners(team)[p]
            if mate is not None and mate not in powers:
                who = mate
        out[p] = who
    return out


class CoalitionChessState(State):
    pos: Pos
    seed: Optional[int]
    history: list[list[Any]]

    def __init__(self) -> None:
        self.log = []

    # -- set-up -----------------------------------------------------------------------------------

    @classmethod
    def setup(cls, players: int, options: dict[str, Any], seed: Optional[int], deal: Any) -> GameState:
        st = cls()
        st.players = players
        st.options = options
        st.seed = seed
        st.history = []
        st.pos = position.new_game(options) if deal is None else position.from_deal(options, deal)
        rules = "Schoenberg's original rules" if options["rules"] == "schoenberg" else "the Zaman/Strouhal rules"
        order = ", ".join(POWER_NAMES[p] for p in st.pos.order)
        text = f"New game of Coalition Chess under {rules}. Order of play: {order}."
        mode = options["coalitions"]
        if mode == "lesser":
            text += " Green and Red are allied against Yellow and Black."
        elif mode != "free":
            g = "Green" if mode == "yellow-green" else "Red"
            text += f" Coalitions fixed at set-up: Yellow and {g} against Black and the other."
        for p, who in sorted(dummies(options).items()):
            text += f" {POWER_NAMES[p]} is a dummy played by " + ("a bot." if who == "bot" else f"{seat_ref(who)}.")
        st.log.append(event(text, kind="setup"))
        if st.pos.phase == SETUP:
            st.log.append(event(f"{seat_ref(YELLOW)} (Yellow) sets up its pieces in its area, b1-j2.",
                                kind="setup"))
        st._note_end()
        return st

    # -- protocol ---------------------------------------------------------------------------------

    @property
    def hands(self) -> list[list[str]]:
        """The pieces each seat holds off the board, waiting to be placed:
        Yellow's army during its set-up, the lifted pieces of a power
        rearranging (public, as everything in this game)."""
        pos = self.pos
        out: list[list[str]] = [[], [], [], []]
        if pos.phase in (SETUP, REARR):
            out[pos.actor] = [PIECES[k][0] for k in pos.reserve]
        return out

    def to_act(self) -> list[int]:
        pos = self.pos
        return [] if pos.phase == OVER else [pos.actor]

    def _legal(self, seat: int) -> list[str]:
        pos = self.pos
        if pos.phase == OVER or seat != pos.actor:
            return []
        answering = pos.phase == ANSWER
        out = [text_of(a, answering) for a in pos.legal()]
        return out

    def auto_action(self) -> Optional[tuple[int, str]]:
        pos = self.pos
        if pos.phase == MOVE:
            # a power with no move at all passes by itself (it could only have
            # offered a draw besides; accepting one is still asked)
            legal = self.legal_actions(pos.actor)
            if "pass" in legal and all(a in ("pass", "offer") for a in legal):
                return (pos.actor, "pass")
        return None

    def _apply(self, seat: int, action: str) -> list[Event]:
        pos = self.pos
        act = parse(action)
        a = action_of(act)
        before = pos.phase
        rnd = pos.rnd
        mover_team = pos.team[seat]
        events = self._describe(seat, a, act)
        short = self._short(a, before == ANSWER)
        pos.push(a)
        pos.stack.clear()
        self.history.append([seat, action, short + self._suffix(a)])
        if pos.team[seat] != mover_team and mover_team < 0:
            side = POWER_NAMES[pos.team[seat]] if pos.mode == FREE else "?"
            events.append(event(f"{seat_ref(seat)} ({POWER_NAMES[seat]}) joins {side}: the coalition is "
                                + self._teams_text() + ".", kind="coalition", seat=seat))
        if pos.rnd != rnd and pos.phase != OVER:
            for p in range(4):
                if pos.sitout[p] == pos.rnd:
                    events.append(event(f"{seat_ref(p)} ({POWER_NAMES[p]}) sits out round {pos.rnd}: it answered a "
                                        f"check in round {pos.rnd - 1}.", kind="sitout", seat=p))
        events.extend(self._after(seat))
        return events

    def _teams_text(self) -> str:
        team = self.pos.team
        sides = []
        for t in (0, 1):
            members = [POWER_NAMES[q] for q in range(4) if team[q] == t]
            sides.append(" and ".join(members))
        return " against ".join(sides)

    def _after(self, seat: int) -> list[Event]:
        """Log what followed an action: retirements, checks, the next phase,
        the end."""
        pos = self.pos
        events = []
        last = pos.last
        if last and last[0] == "move" and last[5] is not None:
            q = last[7]
            if q in LESSER and pos.retired >> q & 1 and not any(
                    e.get("kind") == "retire" and e.get("seat") == q for e in self.log):
                events.append(event(f"{seat_ref(q)} ({POWER_NAMES[q]}) has lost all its pieces and retires.",
                                    kind="retire", seat=q))
        if pos.phase == OVER:
            return events + self._end_events()
        for g in GREATER:
            if pos.in_check(g):
                if pos.phase == ANSWER and pos.actor == g:
                    events.append(event(
                        f"{POWER_NAMES[g]}'s King is in check. {seat_ref(g)} may answer at once, out of turn "
                        f"(and then sits out round {pos.rnd + 1}), or decline and wait for its turn.",
                        kind="check", seat=g))
                elif pos.sitout[g] == pos.rnd:
                    events.append(event(
                        f"{POWER_NAMES[g]}'s King is in check. {POWER_NAMES[g]} sits out this round and may not "
                        "answer: it must end the check on its next turn.", kind="check", seat=g))
                else:
                    events.append(event(f"{POWER_NAMES[g]}'s King is in check.", kind="check", seat=g))
        return events

    def _note_end(self) -> None:
        if self.pos.phase == OVER:
            self.log.extend(self._end_events())

    def _end_events(self) -> list[Event]:
        out = self.outcome()
        return [event(out.summary, kind="result")] if out else []

    # -- descriptions -----------------------------------------------------------------------------

    def _describe(self, seat: int, a: int, act: Action) -> list[Event]:
        pos = self.pos
        who = f"{seat_ref(seat)} ({POWER_NAMES[seat]})"
        b = pos.board
        if 0 <= a < PLACE:
            f, t, pk = a & 127, (a >> 7) & 127, a >> 14
            pc, cp = b[f], b[t]
            text = f"{who} {'answers the check: ' if pos.phase == ANSWER else ''}{piece_name(pc & 15)} " \
                   f"({PIECES[pc & 15][2]}) {square_name(f)}-{square_name(t)}"
            if cp:
                text += f", takes {POWER_NAMES[(cp >> 4) & 3]}'s {piece_name(cp & 15)}"
            if pk:
                text += f", becomes a {piece_name(pk)}"
            if pos.phase == ANSWER:
                text += f"; {POWER_NAMES[seat]} sits out round {pos.rnd + 1}"
            return [event(text + ".", kind="move", seat=seat, squares=[square_name(f), square_name(t)])]
        if a >= SWAP:
            return [event(f"{who} puts its Motorcyclist from {square_name(a & 127)} on "
                          f"{square_name((a >> 7) & 127)}, a square of the other colour.", kind="swap", seat=seat)]
        if a >= PLACE:
            return [event(f"{who} places its {piece_name((a >> 7) & 15)} on {square_name(a & 127)}.",
                          kind="place", seat=seat)]
        texts = {
            DEFAULT: f"{who} takes the default set-up.",
            REARRANGE: f"{who} rearranges its pieces inside its set-up area instead of moving.",
            WAIT: f"{who} waits this turn.",
            OFFER: f"{who} offers a draw.",
            ACCEPT: f"{who} accepts the draw.",
            DECLINE: f"{who} lets the check stand until its turn.",
            PASS: f"{who} has no move and passes.",
            DECLARE_Y: f"{who} declares for Yellow.",
            DECLARE_B: f"{who} declares for Black.",
        }
        return [event(texts[a], kind=act.kind, seat=seat)]

    def _short(self, a: int, answering: bool) -> str:
        """The move list's entry, worked out before the action is played:
        piece letter, squares with - or x (a capture), = and a letter for a
        promotion; an answer out of turn starts with !. Check (+) and mate
        (#) are added after."""
        if 0 <= a < PLACE:
            b = self.pos.board
            f, t, pk = a & 127, (a >> 7) & 127, a >> 14
            text = PIECES[b[f] & 15][2] + square_name(f) + ("x" if b[t] else "-") + square_name(t)
            if pk:
                text += "=" + PIECES[pk][2]
            return ("!" if answering else "") + text
        return text_of(a)

    def _suffix(self, a: int) -> str:
        pos = self.pos
        if not 0 <= a < PLACE:
            return ""
        if pos.result and pos.result[0] == "mate":
            return "#"
        return "+" if any(pos.in_check(g) for g in GREATER) else ""

    # -- illegal actions --------------------------------------------------------------------------

    def explain_illegal(self, seat: int, action: str) -> str:
        try:
            act = parse(action)
        except NotationError as exc:
            return f"{action!r} is not an action of Coalition Chess: {exc.reason}"
        from .explain import explain
        why = explain(self.pos, seat, act)
        return why or super().explain_illegal(seat, action)

    # -- outcome ----------------------------------------------------------------------------------

    def outcome(self) -> Optional[Outcome]:
        pos = self.pos
        if pos.phase != OVER or pos.result is None:
            return None
        scores = pos.scores()
        res = pos.result
        assert scores is not None  # the game is over
        kind = res[0]

        def names(seats: list[int]) -> str:
            return " and ".join(POWER_NAMES[s] for s in seats)

        winners = [q for q in range(4) if scores[q] == 6]
        if kind == "mate":
            summary = f"Checkmate: {POWER_NAMES[res[1]]}'s King cannot escape. {names(winners)} win (6 points each)."
        elif kind == "men":
            summary = f"{names(winners)} have taken all the men of their opponents and win (6 points each)."
        elif kind == "wipe":
            summary = "Yellow and Black have taken every piece of Green and Red and win (6 points each)."
        elif kind == "neutral":
            neutral = [q for q in LESSER if pos.team[q] < 0 and not pos.retired >> q & 1]
            winners = [q for q in range(4) if scores[q] == 1]
            summary = f"{names(neutral)} stayed neutral through the first three rounds: the game stops."
            summary += (f" The partners {names(winners)} score 1 point each; the others nothing." if winners
                        else " Nobody scores.")
        else:
            why = {"stalemate": "stalemate", "repetition": "the same position for the third time",
                   "quiet": "fifty rounds without a capture, a Guard move or a promotion",
                   "agreement": "agreement"}[res[1]]
            winners = []
            summary = f"Draw by {why}: 2 points to each member of a coalition."
        return Outcome(scores=scores, winners=winners, summary=summary,
                       details={"result": list(res), "teams": list(pos.team)})

    def is_over(self) -> bool:
        return self.pos.phase == OVER

    def label(self, seat: int, action: str) -> str:
        try:
            act = parse(action)
        except NotationError:
            return action
        pos = self.pos
        if act.kind in ("move", "answer"):
            f, t = square(act["from"]), square(act["to"])
            pc = pos.board[f]
            text = f"{piece_name(pc & 15) if pc else '?'} {act['from']} to {act['to']}"
            cp = pos.board[t]
            if cp:
                text += f", taking {POWER_NAMES[(cp >> 4) & 3]}'s {piece_name(cp & 15)}"
            if act.get("promote"):
                text += f", becoming a {piece_name(KIND_OF_ID[str(act['promote'])])}"
            return ("Answer the check: " if act.kind == "answer" else "") + text
        labels = {"default": "Default set-up", "rearrange": "Rearrange your pieces (instead of a move)",
                  "wait": "Wait this turn", "offer": "Offer a draw", "accept": "Accept the draw",
                  "decline": "Let the check stand until your turn", "pass": "Pass (no move)"}
        if act.kind in labels:
            return labels[act.kind]
        if act.kind == "place":
            return f"Place the {str(act['piece']).replace('-', ' ')} on {act['square']}"
        if act.kind == "declare":
            return f"Declare for {str(act['power']).capitalize()}"
        if act.kind == "swap":
            return f"Motorcyclist {act['from']} to {act['to']} (other colour)"
        return action

    # -- views ------------------------------------------------------------------------------------

    def checks(self) -> list[dict[str, Any]]:
        """Kings in check: [{"seat", "king", "by": [squares]}]."""
        pos = self.pos
        out = []
        att = masks(pos.team)[1]
        for g in GREATER:
            ks = pos.king[g]
            if ks == NOSQ or not pos.attacked(ks, att[g]):
                continue
            by = []
            for q in range(4):
                if att[g][q]:
                    for s in sorted(pos.occ[q]):
                        if pos.hits(pos.board[s], s, ks):
                            by.append(square_name(s))
            out.append({"seat": g, "king": square_name(ks), "by": sorted(by)})
        return out

    def view(self, seat: Optional[int] = None) -> JSON:
        pos = self.pos
        b = pos.board
        pieces = []
        board = {}
        for s in range(100):
            pc = b[s]
            if pc:
                kind = pc & 15
                p = (pc >> 4) & 3
                pid, name, letter, _ = PIECES[kind]
                pieces.append({"square": square_name(s), "seat": p, "power": POWERS[p], "kind": pid,
                               "letter": letter, "moved": bool(pc & MOVED)})
                board[square_name(s)] = [p, pid]
        team = pos.team
        mates = partners(team)
        checks = self.checks()
        in_check = {c["seat"] for c in checks}
        dummy = dummies(self.options)
        powers = []
        for p in range(4):
            powers.append({
                "seat": p, "id": POWERS[p], "name": POWER_NAMES[p], "greater": p in GREATER,
                "team": team[p], "partner": mates[p], "neutral": team[p] < 0,
                "retired": bool(pos.retired >> p & 1), "sits_out": pos.sitout[p] if pos.sitout[p] >= pos.rnd else None,
                "waited": bool(pos.waited >> p & 1), "rearranged": bool(pos.rearr >> p & 1),
                "swapped": bool(pos.swapped >> p & 1), "in_check": p in in_check,
                "lost": [PIECES[k][0] for k in pos.captured[p]], "took": [PIECES[c & 15][0] for c in pos.took[p]],
                "took_from": [[c >> 4 & 3, PIECES[c & 15][0]] for c in pos.took[p]],  # [victim's seat, kind]
                "dummy": dummy.get(p), "area": [square_name(s) for s in area_squares(p)],
                "forward": {"yellow": "up", "black": "down", "green": "left", "red": "right"}[POWERS[p]],
            })
        teams = [[q for q in range(4) if team[q] == t] for t in (0, 1)]
        last = self._last_move()
        phase = PHASE_NAMES[pos.phase]
        setup = None
        if pos.phase in (SETUP, REARR):
            setup = {"seat": pos.actor, "reserve": [PIECES[k][0] for k in pos.reserve],
                     "area": [square_name(s) for s in area_squares(pos.actor)],
                     "default": pos.phase == SETUP}
        offer = None
        if pos.offer >= 0:
            offer = {"team": pos.offer, "seats": teams[pos.offer]}
        out = self.outcome()
        return {
            "game": "coalition-chess",
            "players": self.players,
            "seat": seat,
            "options": dict(self.options),
            "phase": phase,
            "to_act": self.to_act(),
            "turn": None if pos.phase == OVER else pos.actor,
            "regular": pos.order[pos.cur] if pos.phase != SETUP else YELLOW,
            "round": pos.rnd,
            "order": list(pos.order),
            "files": FILES,
            "size": 10,
            "board": board,
            "pieces": pieces,
            "powers": powers,
            "coalitions": {"mode": pos.mode, "teams": teams, "fixed": pos.mode != FREE or all(
                team[q] >= 0 or pos.retired >> q & 1 for q in LESSER),
                "neutral": [q for q in LESSER if team[q] < 0 and not pos.retired >> q & 1],
                "deciding": pos.mode == FREE and pos.rnd <= 3},
            "checks": checks,
            "answer": ({"seat": pos.actor, "king": square_name(pos.king[pos.actor])}
                       if pos.phase == ANSWER else None),
            "last_move": last,
            "setup": setup,
            "hand": self.hands[seat] if seat is not None else None,
            "draw_offer": offer,
            "quiet_rounds": pos.quiet,
            "moves": [{"seat": s, "action": a, "text": t} for s, a, t in self.history],
            "position": position.to_json(pos),
            "legal": self.legal_actions(seat) if seat is not None else [],
            "log": self.log_for(seat),
            "outcome": out.to_json() if out else None,
        }

    def _last_move(self) -> Optional[dict[str, Any]]:
        last = self.pos.last
        if not last:
            return None
        kind = last[0]
        if kind == "move":
            _, p, f, t, pk, cap, answer, victim = last
            return {"kind": "move", "seat": p, "from": square_name(f), "to": square_name(t),
                    "capture": PIECES[cap][0] if cap else None, "victim": victim if cap else None,
                    "promote": PIECES[pk][0] if pk else None, "answer": bool(answer)}
        if kind == "swap":
            return {"kind": "swap", "seat": last[1], "from": square_name(last[2]), "to": square_name(last[3])}
        return {"kind": kind, "seat": last[1]}

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "game": "coalition-chess",
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "position": position.to_json(self.pos),
            "history": [list(h) for h in self.history],
            "log": [dict(ev) for ev in self.log],
        }

    @classmethod
    def from_json(cls, data: JSON) -> GameState:
        st = cls()
        try:
            st.players = data["players"]
            st.options = CoalitionChess.check_options(data["options"])
            st.seed = data["seed"]
            st.pos = position.from_json(data["position"])
            st.history = [list(h) for h in data["history"]]
            st.log = list(data["log"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"not a Coalition Chess state: {exc}") from None
        return st


class CoalitionChess(Game):
    id = "coalition-chess"
    title = "Coalition Chess"
    designer = "Arnold Schoenberg"
    min_players = 4
    max_players = 4
    players_text = "4 players (2 or 3 with dummies)"
    hidden_information = False  # the whole board is in view: no deal to keep from anyone
    seat_names = tuple(POWER_NAMES)
    order = 4
    summary = (
        "Four armies on a 10×10 board: Yellow and Black have Kings, Green's Submarines and Red's Planes "
        "choose a side in the first three rounds. The coalition that mates the enemy King wins."
    )
    options = (
        Option("rules", "Rule set", "zaman-strouhal", kind="choice",
               choices=(("zaman-strouhal", "Zaman/Strouhal"), ("schoenberg", "Schoenberg original")),
               help="Zaman/Strouhal: order Yellow, Black, Green, Red. Schoenberg's original: order Yellow, Green, "
                    "Black, Red, and taking all the enemy's men also wins."),
        Option("coalitions", "Coalitions", "free", kind="choice",
               choices=(("free", "formed in the first three rounds"),
                        ("yellow-green", "fixed: Yellow and Green against Black and Red"),
                        ("yellow-red", "fixed: Yellow and Red against Black and Green"),
                        ("lesser", "Green and Red against Yellow and Black (variant)")),
               help="Fixed coalitions are for games where a partner plays a dummy. The variant of the lesser "
                    "powers: Green and Red win by mating either King, Yellow and Black by taking all their men."),
        Option("waiting", "Waiting move", False,
               help="Variant: once in rounds 1-3 a power may wait instead of moving (Yellow must move in round 1)."),
        Option("motorcyclist_swap", "Motorcyclist colour swap", False,
               help="Variant: once in rounds 1-3, Yellow and Black may put their Motorcyclist on a square of the "
                    "other colour inside their area, before their move."),
        Option("dummies", "Dummies", "none", kind="choice",
               choices=tuple((d, "four players" if d == "none" else
                              " and ".join(x.capitalize() for x in d.split("+")) + (" are dummies" if "+" in d
                                                                                    else " is a dummy"))
                             for d in DUMMY_SETS),
               help="3 players and 1 dummy, or 2 players and 2 dummies. A dummy is a seat that a bot or its "
                    "partner plays."),
        Option("start", "Starting squares", "safe", kind="choice",
               choices=(("safe", "each King with a safe square (this site's start)"),
                        ("first", "the first reconstruction (games saved before the change)")),
               help="Where Black, Green and Red stand and Yellow's default set-up. The first reconstruction left "
                    "each King boxed in, so that a Plane could mate it in round 1; it stays for older saves."),
        Option("dummy_play", "A dummy is played by", "bot", kind="choice",
               choices=(("bot", "a bot"), ("partner", "its partner (fixed coalitions only)")),
               help="A partner plays a dummy only when the coalitions are fixed at set-up and the partner is not "
                    "a dummy itself; otherwise a bot plays it."),
    )
    State = CoalitionChessState
    default_bot = "search"

    @classmethod
    def check_players(cls, players: Any) -> int:
        """Four seats always; 3 or 2 players play with dummies, which are seats too."""
        try:
            return super().check_players(players)
        except OptionError as exc:
            if players in (2, 3):
                raise OptionError(
                    f"{exc}: the board always has four powers. With {players} players, start a game of 4 seats "
                    f"with the option dummies naming {4 - players} of them (for example "
                    f"{'red' if players == 3 else 'green+red'}); a bot or the dummy's partner plays each dummy"
                ) from None
            raise

    @classmethod
    def record_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """A record written before the start changed names no start: it is
        replayed from the squares it was played on (data.FIRST_START)."""
        return options if "start" in options else {**options, "start": "first"}


CoalitionChessState.game = CoalitionChess
