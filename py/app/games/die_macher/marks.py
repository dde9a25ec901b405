"""Die Macher's small pieces: party marks (a letter pair as well as a colour),
opinion chips (topic and side in words, a colour for the topic), amounts of
money, and the words shared by the table's panels."""

from coalitions.games.die_macher.data import (
    CABINET_COST, CABINET_MAIN, CABINET_NAMES, CABINET_ONCE, CABINET_SECONDARY, OPINION_NAMES, PARTIES,
    PARTY_NAMES, STATE_NAMES, TOPIC_NAMES, TOPIC_OF, eur, signed,
)

from ...render import esc, name_of

# Two letters per party: Black and Blue share a first letter.
PARTY_LETTERS = {"black": "Bk", "red": "Re", "yellow": "Ye", "green": "Gr", "blue": "Bu"}

__all__ = ["PARTIES", "PARTY_NAMES", "STATE_NAMES", "eur", "signed"]


def party_of(seat):
    return PARTIES[seat] if seat is not None and 0 <= seat < len(PARTIES) else None


def party_mark(seat, view=None, with_name=False, extra=""):
    """A party's chip (its two letters on its colour); `with_name`: the party's
    name after it, and the player's in brackets when `view` is given; `extra`:
    more classes ("fresh": a marker just placed)."""
    party = party_of(seat)
    if party is None:
        return '<span class="dm-party">?</span>'
    name = ""
    if with_name:
        who = f" ({name_of(view, seat)})" if view is not None else ""
        name = f' <span class="dm-party-name">{esc(PARTY_NAMES[party])}{esc(who)}</span>'
    hidden = "" if with_name else f'<span class="visually-hidden">{esc(party_words(seat, view))}</span>'
    return (f'<span class="dm-party dm-p-{party}{(" " + extra) if extra else ""}"><b class="dm-chip" aria-hidden="true">'
            f'{PARTY_LETTERS[party]}</b>{hidden}{name}</span>')


def party_words(seat, view=None):
    """'Black (Ann)': a party and its player, as plain text."""
    party = party_of(seat)
    if party is None:
        return "?"
    return PARTY_NAMES[party] + (f" ({name_of(view, seat)})" if view is not None else "")


def who(view, seat):
    """A player's name with the party, as plain text: 'Ann (Black)'."""
    party = party_of(seat)
    return f"{name_of(view, seat)} ({PARTY_NAMES[party]})" if party else name_of(view, seat)


def op_chip(op, extra="", note=""):
    """An opinion: its topic and side in words (▲ pro, ▼ contra), on the
    topic's colour."""
    topic = TOPIC_OF[op]
    side = "pro" if op.endswith("-pro") else "contra"
    arrow = "▲" if side == "pro" else "▼"
    note_html = f' <span class="dm-op-note">{esc(note)}</span>' if note else ""
    return (f'<span class="dm-op dm-t-{topic} dm-{side}{(" " + extra) if extra else ""}" data-opinion="{op}">'
            f'<span class="dm-op-topic">{esc(TOPIC_NAMES[topic])}</span> '
            f'<b class="dm-op-side"><span aria-hidden="true">{arrow}</span> {side}</b>{note_html}</span>')


def op_name(op):
    return OPINION_NAMES.get(op, str(op))


def back_chip(text="face down"):
    return f'<span class="dm-op dm-back"><span aria-hidden="true">?</span> <span class="dm-op-note">{esc(text)}</span></span>'


def state_name(sid):
    return STATE_NAMES.get(sid, str(sid))


def money(k):
    return eur(k)


def cabinet_card(card, extra="", used=False):
    """A shadow-cabinet card with its cost and actions."""
    once = ' <b class="dm-once" title="once per state and round">!</b>' if CABINET_ONCE[card] else ""
    return (
        f'<span class="dm-cab{" is-used" if used else ""}{(" " + extra) if extra else ""}" data-cabinet="{card}">'
        f'<span class="dm-cab-name">{esc(CABINET_NAMES[card])}</span> '
        f'<span class="dm-cab-cost">{esc(eur(CABINET_COST[card]))}</span>'
        f'<span class="dm-cab-main">{esc(CABINET_MAIN[card])}{once}</span>'
        f'<span class="dm-cab-second">also: {esc(CABINET_SECONDARY[card])}</span>'
        "</span>"
    )


def cabinet_short(card):
    return f'<span class="dm-cab-mini">{esc(CABINET_NAMES[card])} · {esc(eur(CABINET_COST[card]))}</span>'


def names_list(view, seats):
    return ", ".join(who(view, s) for s in seats)


def vote_formula(rallies, trend, topics, votes):
    """'(4 rallies + 1 trend) × 3 topics = 15' as plain text; a negative sum counts 0."""
    inner = f"{rallies} {'rally' if rallies == 1 else 'rallies'} {'+' if trend >= 0 else '−'} {abs(trend)} trend"
    if rallies + trend < 0:
        inner += " = 0"
    return f"({inner}) × {topics} {'topic' if topics == 1 else 'topics'} = {votes}"
