"""Die Macher's amounts: a bid or a number of rallies is chosen with a
stepper bounded by the legal values, not one button per value.

The amount on show is the move being built (the builder's pick of the whole
action, e.g. ``bid amount=7``): "−1", "+5"... are steps to another legal
amount (``data-step``), and the confirm button completes the legal action of
the amount shown (``data-action``), its price and what is left written on it.
Every value comes from the builder's legal actions; the stepper never goes
past the least or the most of them. The confirm button comes first: after a
step, focus lands on it and a screen reader reads the new amount."""

from ...builder import Control, Pick
from ...render import attrs, esc, pick_button, shown_label


def shown_amount(builder, kind, prefix, amounts):
    """The amount on show: the one picked (if the pick is a whole `kind`
    action after `prefix`), else the least legal one."""
    p = builder.picked
    n = len(prefix)
    if (p is not None and p.kind == kind and len(p.parts) == n + 1
            and tuple(str(v) for _, v in p.parts[:n]) == tuple(str(v) for v in prefix)):
        try:
            value = int(p.parts[n][1])
        except ValueError:
            value = None
        if value in amounts:
            return value
    return amounts[0]


def step_to(builder, kind, prefix, value):
    """The step that shows `value` (the pick of that whole legal action)."""
    want = tuple(str(v) for v in prefix) + (str(value),)
    for a in builder.of_kind(kind):
        if tuple(str(v) for _, v in a.parts[:len(want)]) == want:
            return Control(step=Pick(kind, a.parts[:len(want)]))
    return None


def deltas_for(amounts):
    span = amounts[-1] - amounts[0]
    if span >= 20:
        return (10, 5, 1)
    if span >= 6:
        return (5, 1)
    return (1,)


def target(amounts, current, delta):
    """The legal amount `delta` away from `current`, held within the least and
    the most legal amounts (None when already at that end)."""
    want = current + delta
    if delta > 0:
        found = next((a for a in amounts if a >= want), amounts[-1])
    else:
        found = next((a for a in reversed(amounts) if a <= want), amounts[0])
    return None if found == current else found


def stepper(ctx, kind, prefix, what, confirm_content, step_label, unit="", cls=""):
    """The bounded amount control of the last (numeric) part of a `kind`
    action after `prefix`: the confirm button, then −/+ steps. `what` names
    the group; `confirm_content(value)` is the confirm button's inside (HTML);
    `step_label(value)` says what a step changes the amount to; `unit` says
    what the steps count, after `what` ("in thousands of euros")."""
    builder = ctx.builder
    amounts = builder.amounts(kind, *prefix)
    if not amounts:
        return ""
    for a in amounts:  # every legal amount is offered by this control (none left for the safety net)
        ctx.control(kind, *prefix, a)
    current = shown_amount(builder, kind, prefix, amounts)
    confirm = pick_button(ctx.control(kind, *prefix, current), "",
                          f'<span class="dm-confirm-text">{confirm_content(current)}</span>', "btn btn-primary dm-confirm")
    steps = []
    for delta in [-d for d in deltas_for(amounts)] + list(reversed(deltas_for(amounts))):
        sign = "+" if delta > 0 else "−"
        face = f"{sign}{abs(delta)}"
        to = target(amounts, current, delta) if len(amounts) > 1 else None
        control = step_to(builder, kind, prefix, to) if to is not None else None
        if control is None:
            words = f"{sign}{abs(delta)}: {'the least' if delta < 0 else 'the most'} already shown"
            steps.append(f'<button type="button"{attrs(class_="btn dm-step", disabled=True, aria_label=words)}>'
                         f"{face}</button>")
        else:
            label = shown_label(step_label(to), face)
            steps.append(f'<button type="button"{attrs(class_="btn dm-step", data_step=control.step.key(), aria_label=label)}>'
                         f"{face}</button>")
    lo, hi = amounts[0], amounts[-1]
    return (
        f'<div class="dm-amounts{(" " + cls) if cls else ""}" data-choices data-amounts="{lo}-{hi}" role="group" '
        f'aria-label="{esc(what)}"><span class="small dm-amounts-what">{esc(what)}'
        f'{f" <span class=dm-amounts-unit>({esc(unit)})</span>" if unit else ""}</span>'
        f'{confirm}<span class="dm-steps">{"".join(steps)}</span></div>'
    )
