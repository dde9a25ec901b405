"""The harness itself: a page that Chromium crashes fails with what the
browser and the machine said (tests/chromium_log.py), not only with the
wait it interrupted."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import new_context
from .pages import wait_ready


def test_a_crashed_page_fails_with_the_browsers_last_words(chromium_browser):
    context = new_context(chromium_browser)
    try:
        page = context.new_page()
        with pytest.raises(PlaywrightError):
            page.goto("chrome://crash")  # Chromium's own page that crashes its renderer on purpose
        with pytest.raises(AssertionError) as failed:
            wait_ready(page)
    finally:
        context.close()
    text = str(failed.value)
    assert "crashed" in text
    assert "MemAvailable" in text and "/dev/shm" in text
    assert "Intentionally crashing" in text  # the renderer's line, read from the driver's log
