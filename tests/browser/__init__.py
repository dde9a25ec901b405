"""Browser tests (Playwright + Debian chromium)."""
