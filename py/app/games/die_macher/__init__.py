"""The Die Macher table: what is being decided now (the phase track, the
situation and the controls of the seat to act), the election just held with
its arithmetic, the four state boards side by side, the parties, your own
party, the displays and the reference, and the end screen."""

from ...render import TableParts, bind, status_line
from ...results import Kind
from .decide import now_panel
from .panels import displays, election_panel, own_party, result, seats
from .states import states_strip

GAME_ID = "die-macher"

# The moments a result panel shows (app.results): a state election's outcome
# in the log's words (who governs, with how many votes, and the VP), the
# markers moved to the national media spot and the income it brings. The
# income line closes it: the rules log several "election" lines per election,
# and income follows the last one in rounds 1 to 3 (the fourth election is the
# end screen's). Walking back stops at the vote lines: each party's arithmetic
# is on the table, in the election panel, so the result stays short enough
# for its Continue to be in view on a phone.
RESULTS = (
    Kind("income", "election", "The state election", before=("election", "national"), stop=("votes",), lead=("election",)),
)


def status(view, ctx):
    where = f"Round {view.get('round')}/{view.get('rounds')} · phase {view.get('phase')}: {view.get('phase_name')}"
    return status_line(view, ctx, where)


def parts(view, ctx):
    bind(view, ctx)
    over = bool(view.get("outcome"))
    # the phase panel (the current play, data-current-play) with the states it
    # concerns, side by side on a wide screen; the election just held follows
    board = ("" if over else (f'<div class="dm-play">{now_panel(view, ctx)}'
                              f"{states_strip(view)}</div>")) + election_panel(view)
    if over:
        board += states_strip(view)
    return TableParts(
        status=status(view, ctx),
        seats=seats(view, ctx),
        board=board,
        side=displays(view),
        hand=own_party(view, ctx),
        result=result(view),
    )
