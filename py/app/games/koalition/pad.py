"""Koalition's reference cards and score pad: the party poll card, the
country election card, and the victory points of every country so far."""

from functools import lru_cache

from coalitions.games.koalition.data import COUNTRY_IDS, COUNTRY_NAMES, PARTIES, PARTY_NAMES, PARTY_VALUES, VP_TABLE

from ...render import esc
# Two letters per party, so nothing relies on colour alone (Rose and Red,
# Black and Brown share a first letter).
PARTY_LETTERS = {
    "rose": "Ro", "black": "Bk", "yellow": "Ye", "green": "Gr", "red": "Re", "purple": "Pu", "brown": "Br",
}


def party_mark(party, with_name=False):
    if party is None:
        return '<span class="party party-none">?</span>'
    name = f' <span class="party-name">{esc(PARTY_NAMES[party])}</span>' if with_name else ""
    return (
        f'<span class="party party-{esc(party)}" title="{esc(PARTY_NAMES[party])}">'
        f'<b class="party-chip" aria-hidden="true">{esc(PARTY_LETTERS[party])}</b>{name}</span>'
    )


@lru_cache(maxsize=None)
def poll_card():
    rows = "".join(
        f"<tr><th scope=row>{party_mark(p, True)}</th>"
        f'<td>{esc(" ".join(str(v) for v in PARTY_VALUES[p]))} <span class="doubler-note">×2</span></td></tr>'
        for p in PARTIES
    )
    return (
        '<details class="reference" data-reference="poll"><summary>Party poll card</summary>'
        '<p class="small">Every party\'s politicians and a Doubler (×2). Gaudino Colorino (7) joins the '
        "party he declares; three Resignations remove the highest politician in play.</p>"
        f'<table class="poll-table"><tbody>{rows}</tbody></table></details>'
    )


@lru_cache(maxsize=None)
def election_card(players):
    head = "".join(f"<th scope=col>{n}</th>" for n in range(1, players + 1))
    rows = []
    for cid in COUNTRY_IDS:
        cells = "".join(
            f'<td>{esc("·".join(str(x) for x in VP_TABLE[cid][n]))}</td>' for n in range(1, players + 1)
        )
        rows.append(f"<tr><th scope=row>{esc(COUNTRY_NAMES[cid])}</th>{cells}</tr>")
    return (
        '<details class="reference" data-reference="countries"><summary>Country election card</summary>'
        '<p class="small">Victory points for 1, 2, … players on the winning side, best first.</p>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Country election card">'
        '<table class="countries-table">'
        f"<thead><tr><th scope=col>country</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
        "</table></div></details>"
    )


def result_line(r, names):
    """One country on the score pad: its government and who scored what."""
    gov = r.get("government") or []
    if isinstance(gov, str):
        gov = gov.split("+")
    gov_text = " + ".join(PARTY_NAMES[lb.partition("@")[0]] for lb in gov) or "no government"
    if "winners" in r:
        scored = [(w["seat"], w["vp"], PARTY_NAMES[w["party"]]) for w in r["winners"]]
    else:
        scored = [(s, v, None) for s, v in enumerate(r.get("vp") or []) if v]
    who = ", ".join(
        f"{names[s] if s < len(names) else '?'} {v}" + (f" ({party})" if party else "") for s, v, party in scored
    )
    votes = f" ({r['total']} votes, majority {r['majority']})" if "total" in r and "majority" in r else ""
    return (f"<li><b>{esc(COUNTRY_NAMES[r['country']])}</b>: {esc(gov_text)}{esc(votes)}. "
            f"{esc(who + '.' if who else 'Nobody scores.')}</li>")


def score_pad(view):
    names = view.get("names") or []
    vp = view.get("vp") or []
    head = "".join(f"<th scope=col>{party_mark(p)}</th>" for p in PARTIES)
    rows = []
    for s, row in enumerate(vp):
        cells = "".join(f"<td>{row.get(p) or ''}</td>" for p in PARTIES)
        rows.append(
            f'<tr data-pad-seat="{s}"><th scope=row>{esc(names[s] if s < len(names) else "?")}</th>{cells}'
            f"<td><b>{sum(row.values())}</b></td></tr>"
        )
    shares = "".join(f"<td>{sum(r.get(p, 0) for r in vp)}</td>" for p in PARTIES)
    results = [result_line(r, names) for r in view.get("results") or []]
    return (
        '<details class="score-pad" data-score-pad open><summary>Score pad</summary>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Score pad"><table class="pad-table">'
        f"<thead><tr><th scope=col>VP</th>{head}<th scope=col>total</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody>"
        f"<tfoot><tr><th scope=row>share of Europe</th>{shares}<td></td></tr></tfoot></table></div>"
        + (f'<ol class="pad-results" data-pad-results>{"".join(results)}</ol>' if results else "")
        + "</details>"
    )
