"""Saved games in localStorage (py/app/storage.py): one namespace per copy of the
site, so project sites sharing a GitHub Pages origin never meet, and a cap on
what one save may take."""

import json

from app import storage

RECORD = json.dumps({"format": "coalitions-record", "moves": []})


def summary(title="A game"):
    return {"title": title, "game": "election-day", "moves": 0, "finished": False, "updated": 1}


def test_prefix_follows_the_sites_folder():
    assert storage.prefix_for("/") == storage.prefix_for("/index.html") == storage.prefix_for("") == "coalitions:"
    assert storage.prefix_for("/coalitions/") == storage.prefix_for("/coalitions/index.html") == "coalitions:/coalitions/:"
    assert storage.prefix_for("/a/b/index.html") == "coalitions:/a/b/:"


def test_two_project_sites_on_one_origin_keep_their_own_games():
    origin = storage.MemoryBackend()  # one localStorage for https://user.github.io
    root = storage.Store(origin, storage.prefix_for("/"))
    site_a = storage.Store(origin, storage.prefix_for("/coalitions/"))
    site_b = storage.Store(origin, storage.prefix_for("/games/"))
    root.save("r1", RECORD, summary("root"))
    site_a.save("a1", RECORD, summary("a"))
    site_b.save("b1", RECORD, summary("b"))
    assert root.ids() == {"r1"} and site_a.ids() == {"a1"} and site_b.ids() == {"b1"}
    assert [e["title"] for e in site_a.index().values()] == ["a"]
    site_a.delete("a1")
    assert root.ids() == {"r1"} and site_b.ids() == {"b1"} and site_a.ids() == set()
    assert set(origin.keys()) == {
        "coalitions:save:r1", "coalitions:index",
        "coalitions:/games/:save:b1", "coalitions:/games/:index", "coalitions:/coalitions/:index",
    }


def test_a_save_over_the_cap_stays_in_memory_and_says_so():
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    assert store.save("g1", RECORD, summary())
    huge = " " * (storage.MAX_SAVE_CHARS + 1)
    assert store.save("g1", huge, summary()) is False
    assert "too long" in store.problem and "Export record" in store.problem
    assert "coalitions:save:g1" not in backend.data, "the older, shorter save is not left behind"
    assert store.load("g1") == huge  # still playable in this page
    other = storage.Store(backend)  # after a reload: the game is gone, nothing is half-written
    assert other.load("g1") is None and other.entries() == []


def test_a_save_at_the_cap_is_stored():
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    assert store.save("g1", "x" * storage.MAX_SAVE_CHARS, summary())
    assert store.problem is None and len(backend.data["coalitions:save:g1"]) == storage.MAX_SAVE_CHARS


def test_the_game_of_a_save_is_read_from_the_index():
    """What a reload of a game under way asks for first (app.routes.parts_needed):
    the game its save's summary names; None for anything else."""
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    store.save("g1", RECORD, summary())
    assert store.game_of("g1") == "election-day"
    assert store.game_of("nosuch") is None
    backend.set(store.index_key, '[{"id": "g1", "game": 7}, {"id": "g2"}]')
    assert store.game_of("g1") is None and store.game_of("g2") is None
    backend.set(store.index_key, "not json")
    assert store.game_of("g1") is None
    assert storage.Store(None).game_of("g1") is None  # no storage here


def test_a_damaged_index_never_stops_the_list():
    # one bad value in storage must not stop the app on every load (a damaged
    # entry is listed, and can be deleted, like any other bad save)
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    store.save("good1111", RECORD, summary("good"))
    for bad in ('[{"id":"aaaa1111","updated":"x"}]', '[{"id":"aaaa1111","updated":null}]',
                '[{"id":"aaaa1111","updated":[1]}]', '{"id": 3}', "[" * 20000 + "]" * 20000, "not json"):
        backend.set(store.index_key, bad)
        backend.set(store.save_prefix + "aaaa1111", "[" * 5000 + "]" * 5000)
        ids = [sid for sid, _summary, _text in store.entries()]
        assert sorted(ids) == ["aaaa1111", "good1111"], bad
    # saving again writes a clean index
    store.save("good1111", RECORD, summary("good"))
    assert set(store.index()) >= {"good1111"}


def test_deeply_nested_settings_read_as_the_defaults():
    backend = storage.MemoryBackend()
    store = storage.Store(backend)
    backend.set(store.prefix + "settings", "[" * 10000 + "]" * 10000)
    settings = storage.Settings(store)
    assert settings.confirm_moves("Ann") is False
    settings.set_confirm_moves("Ann", True)
    assert settings.confirm_moves("Ann") and not settings.confirm_moves("Bob")


def test_the_full_notice_goes_once_saving_works_again():
    class Filling(storage.MemoryBackend):
        full = True

        def set(self, key, value):
            if self.full and key.startswith(storage.SAVE_PREFIX):
                raise storage.StorageError("QuotaExceededError", full=True)
            super().set(key, value)

    backend = Filling()
    store = storage.Store(backend)
    assert not store.save("s1", RECORD, summary())
    assert store.problem == storage.FULL
    backend.full = False
    assert store.save("s1", RECORD, summary())
    assert store.problem is None
