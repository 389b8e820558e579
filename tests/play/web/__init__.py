"""The web page's server through its API (no browser)."""
