"""One renderer per game, by game id. A renderer is a module with

    parts(view, ctx) -> app.render.TableParts

drawing that game's table (and its result, when the game is over). Games with
no renderer of their own get the generic one, which shows the log and one
button per legal action."""

from . import alliances, election_day, generic, koalition

RENDERERS = {
    election_day.GAME_ID: election_day,
    koalition.GAME_ID: koalition,
    alliances.GAME_ID: alliances,
}


def renderer_for(game_id):
    return RENDERERS.get(game_id, generic)
