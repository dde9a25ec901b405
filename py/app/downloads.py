"""Saving a record as a file: a Blob and a temporary link."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

from .dom import js_object


def download(text: str, name: str) -> None:
    blob = js.Blob.new(to_js([text]), js_object({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    a = js.document.createElement("a")
    a.href = url
    a.download = name
    a.setAttribute("data-export-link", "")
    a.hidden = True
    js.document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10000)
