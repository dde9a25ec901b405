"""The pieces of ``build.py``: Python for Pyodide (:mod:`.wheel`), the
stylesheet (:mod:`.css`), the service worker (:mod:`.sw`), the off-site URL
scan (:mod:`.check`), the static server (:mod:`.serve`) and Chromium's launch
options (:mod:`.chromium`), with what they share in :mod:`.common`.

``build.py`` stays the one entry point and re-exports the names scripts and
tests use.  Nothing here is shipped: the wheel holds the packages of ``py/``
only, and ``dist/`` only what :func:`build.assemble` copies.
"""
