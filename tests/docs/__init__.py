"""The documentation site: its examples run, and its Chinese translation is complete."""
