"""Koalition's politician cards as the table draws them: the face (rank,
party, name), its words for a screen reader, and a card on its own."""

from coalitions.games.koalition.data import CARDS, PARTY_NAMES

from ...render import esc
from .pad import party_mark


def rank_note(cid, value=None):
    """What a card shows in its corner, and under it when not its name."""
    c = CARDS[cid]
    kind = c["kind"]
    if kind == "doubler":
        return "×2", f"= {value}" if value is not None else "Doubler"
    if kind == "colorino":
        return "7", "Colorino"
    if kind == "resign":
        return "R", "Resigns"
    return str(c["value"]), ""


def card_face(cid, party=None, value=None):
    """The inside of a politician card. `party`/`value` as played (Colorino's
    declared party, a Doubler's current value) override the printed ones."""
    c = CARDS[cid]
    kind = c["kind"]
    party = party or c["party"]
    rank, note = rank_note(cid, value)
    name = "Gaudino Colorino" if kind == "colorino" else ("Resignation" if kind == "resign" else c["name"])
    return (
        f'<span class="card-rank" aria-hidden="true">{esc(rank)}</span> '
        f'<span class="card-suits" aria-hidden="true">{party_mark(party) if party else ""}</span> '
        f'<span class="card-name" aria-hidden="true">{esc(note or name)}</span>'
    )


def card_text(cid, party=None, value=None):
    c = CARDS[cid]
    if c["kind"] == "doubler":
        return f"the {PARTY_NAMES[c['party']]} Doubler" + (f", worth {value}" if value is not None else "")
    if c["kind"] == "colorino":
        return "Gaudino Colorino (7" + (f", {PARTY_NAMES[party]}" if party else "") + ")"
    if c["kind"] == "resign":
        return "a Resignation"
    return c["name"]


def kcard(cid, party=None, value=None, out=False, extra=""):
    party_cls = f" kparty-{party or CARDS[cid]['party'] or 'none'}"
    cls = f"card kcard kcard-{CARDS[cid]['kind']}{party_cls}{' is-out' if out else ''}{(' ' + extra) if extra else ''}"
    alt = card_text(cid, party, value) + (", resigned" if out else "")
    return f'<span class="{cls}" role="img" aria-label="{esc(alt)}" data-card="{esc(cid)}">{card_face(cid, party, value)}</span>'
