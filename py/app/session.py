"""A game being played at this device: the match, its save id, and who is
looking at the screen (hot-seat privacy). Pure logic, no browser."""

from coalitions.core.errors import CoalitionsError, RecordError
from coalitions.core.match import Match
from coalitions.core.records import dumps, loads


def match_from_text(text):
    """A Match from a record's JSON text (a save or an imported file).

    Anything wrong with the text is a RecordError with a message for people,
    including shapes the rules' checks do not anticipate."""
    record = loads(text)
    try:
        return Match(record)
    except CoalitionsError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise RecordError(f"the record is malformed ({type(exc).__name__}: {exc})") from None


def needs_cover(game_id):
    """Whether hot-seat play hides the table while the device changes hands:
    not for a game whose table hides nothing from anyone (its renderer says
    COVER = False: Coalition Chess)."""
    from .games import renderer_for

    return getattr(renderer_for(game_id), "COVER", True)


class PlaySession:
    def __init__(self, match, save_id):
        self.match = match
        self.save_id = save_id
        # The human who last confirmed "I am NAME" on the pass screen.
        self.confirmed = None

    @property
    def humans(self):
        return self.match.humans()

    def hot_seat(self):
        return len(self.humans) > 1

    def cover_for(self):
        """The seat the device must be passed to before the table is shown, or None.

        With two or more humans, when the next human to act is not the one who
        acted last and has not yet said "I am NAME", the table is hidden
        (unless nothing on it is hidden from anyone: see needs_cover)."""
        m = self.match
        if not self.hot_seat() or m.is_over() or not needs_cover(m.game.id):
            return None
        h = m.human_to_act()
        if h is None or h == self.confirmed or h == m.last_human():
            return None
        return h

    def confirm(self, seat):
        self.confirmed = seat

    def shown_seat(self):
        """Whose view the table shows (None: a spectator's)."""
        m = self.match
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if m.is_over():
            return None
        h = m.human_to_act()
        if h is not None and self.cover_for() is None:
            self.confirmed = h
            return h
        if self.confirmed is not None:
            return self.confirmed
        last = m.last_human()
        return last if last is not None else None

    def undo_for_cover(self):
        """While the pass screen is up, the human who acted last may still take
        their move back (they have not handed over yet). Their seat, or None."""
        last = self.match.last_human()
        if last is not None and self.match.can_undo(last):
            return last
        return None

    def record_text(self):
        return dumps(self.match.record)

    def summary(self, game, now_ms):
        """The small summary kept in the save index."""
        m = self.match
        names = m.names
        if m.is_over():
            out = m.view(None)["outcome"] or {}
            status = "Finished: " + (out.get("summary") or "")
        else:
            to_act = m.to_act()
            status = ", ".join(names[s] for s in to_act) + " to play" if to_act else ""
        meta = m.record.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        return {
            "game": game.id,
            "title": game.title,
            "names": names,
            "moves": len(m.record["moves"]),
            "status": status,
            "finished": m.is_over(),
            "updated": now_ms,
            "created": meta.get("created") if isinstance(meta.get("created"), (int, float)) else now_ms,
        }
