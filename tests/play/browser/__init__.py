"""The web page in headless Chromium, driven by Playwright (skipped without Chromium)."""
