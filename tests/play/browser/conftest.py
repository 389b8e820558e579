"""The browser tests' server and tab (they skip without Chromium): fixtures of
:mod:`tests.support.browser`."""

from tests.support.browser import base_url, page, tab_at  # noqa: F401
