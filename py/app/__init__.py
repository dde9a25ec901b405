"""The browser app of Coalitions (PyScript glue).

Only `app.browser` touches the page; the other modules are plain Python that
turn views and setups into HTML and URLs, so CPython can test them."""
