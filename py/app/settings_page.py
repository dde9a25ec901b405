"""The settings page's HTML (app.storage.Settings holds the values). No browser here."""

from . import routes
from .render import attrs, esc, link_button

# (setting, legend, help, [(value, label, help)]) in the order shown
GROUPS = (
    ("theme", "Theme", "", (
        ("system", "As the system says", "Light or dark, as this device is set."),
        ("light", "Light", ""),
        ("dark", "Dark", ""),
    )),
    ("bot_speed", "Bot speed", "How long each bot move stays on show before the next one. "
                               "“Skip to my turn”, at the table, jumps over the bots' moves at any speed.", (
        ("normal", "Normal", "About a second per bot move, long enough to see what each one did."),
        ("slow", "Slow", "About a second and a half per bot move."),
        ("fast", "Fast", "Under half a second per bot move."),
        ("instant", "Instant", "No pause between bot moves."),
    )),
    ("pause", "Results",
     "After a debate, an election, a trick, a conflict or a campaign, its result shows over the table; "
     "the bots wait while it shows.", (
         ("continue", "Until I press Continue", ""),
         ("8", "8 seconds, or until I press Continue", ""),
         ("4", "4 seconds, or until I press Continue", ""),
         ("2", "2 seconds, or until I press Continue", ""),
         ("0", "Do not show them", "Results stay in the log, and the last of each kind one click away "
                                    "(“Last trick”, “Last debate”...)."),
     )),
    ("motion", "Motion", "", (
        ("system", "As the system says", "Cards slide in briefly unless this device asks for reduced motion."),
        ("reduce", "Reduce motion", "Nothing slides or fades, whatever the device says."),
    )),
    ("hints", "Suggest a move", "A button at your turn that asks the hard bot what it would play from what "
                                "you can see, and lights that move.", (
        ("auto", "Against bots", "Offered when you play alone against bots; not in hot seat, where the others "
                                 "would see it."),
        ("on", "Always", ""),
        ("off", "Never", ""),
    )),
    ("orientation", "Board orientation", "For games played on a board (Coalition Chess).", (
        ("turn", "Turn to the seat to move", "The side to move is at the bottom."),
        ("mine", "Turn to my seat", "With one person at the table, their side is at the bottom."),
        ("fixed", "Keep the first seat at the bottom", ""),
    )),
)


def _group(name, legend, help_text, options, value):
    rows = []
    for v, label, hint in options:
        rid = f"set-{name}-{v}"
        hint_id = f"{rid}-help"
        rows.append(
            f'<div class="choice"><input type="radio"{attrs(id=rid, name=name, value=v, data_setting=name, checked=v == value, aria_describedby=hint_id if hint else None)}>'
            f'<label for="{esc(rid)}">{esc(label)}'
            + (f'<small class="help" id="{esc(hint_id)}">{esc(hint)}</small>' if hint else "")
            + "</label></div>"
        )
    return (
        f'<fieldset data-setting-group="{esc(name)}"><legend>{esc(legend)}</legend>'
        + (f'<p class="small">{esc(help_text)}</p>' if help_text else "")
        + "".join(rows)
        + "</fieldset>"
    )


def _confirm(names, on):
    if not names:
        body = ('<p class="small" data-confirm-empty>Nobody confirms their moves. Turn it on for a player at the '
                "table, with the “Confirm moves” button above it.</p>")
    else:
        body = "".join(
            f'<div class="choice"><label><input type="checkbox" data-confirm-name="{esc(n)}"'
            f'{" checked" if n in on else ""}> {esc(n)}</label></div>'
            for n in names
        )
    return (
        '<fieldset data-setting-group="confirm"><legend>Confirm moves</legend>'
        '<p class="small">These players confirm each move before it is made. A pass that ends a debate or '
        "the game is always asked about.</p>"
        + body
        + "</fieldset>"
    )


def settings_page(values, confirm_names, confirm_on, saved=""):
    """values: {setting: value}; confirm_names: the player names to list;
    confirm_on: those who confirm their moves; saved: the status line."""
    groups = "".join(_group(name, legend, help_text, options, values.get(name))
                     for name, legend, help_text, options in GROUPS)
    return (
        '<section class="page settings" data-settings aria-labelledby="settings-title">'
        '<h1 id="settings-title">Settings</h1>'
        '<p class="lede">Kept in this browser beside your saved games; nothing is sent anywhere, and they work '
        "offline. Each change applies at once.</p>"
        f'<form class="settings-form" data-settings-form>{groups}{_confirm(confirm_names, confirm_on)}</form>'
        f'<p class="settings-saved" data-settings-saved role="status">{esc(saved)}</p>'
        f'<p>{link_button(routes.home(), "Back home", "btn btn-quiet")}</p>'
        "</section>"
    )


def bot_speed_field(value):
    """The bot speed as the new-game screen offers it: the same setting as on
    the settings page (stored at once, for every game), a select with no
    form name, so it is no part of the setup or its link."""
    name, legend, help_text, options = next(g for g in GROUPS if g[0] == "bot_speed")
    choices = "".join(f'<option{attrs(value=v, selected=v == value)}>{esc(label)}: {esc(hint)}</option>'
                      for v, label, hint in options)
    return (
        '<fieldset data-setting-group="bot_speed"><legend>Bots</legend>'
        f'<label>{esc(legend)} <select{attrs(data_setting=name, aria_describedby="bot-speed-help")}>{choices}</select></label>'
        f'<small class="help" id="bot-speed-help">Kept as your setting for every game (Settings). '
        f'{esc(help_text.split(". ", 1)[-1])}</small>'
        "</fieldset>"
    )
