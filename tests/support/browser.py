"""Headless Chromium for the page's tests, driven by Playwright: a server, a
fresh tab per test, and helpers.  Registered as fixtures by ``conftest.py``.

These need Debian's ``chromium`` (``/usr/bin/chromium``, or the path in
``BIPARTITE_GAME_CHROMIUM``).  Without it they skip, unless
``BIPARTITE_GAME_BROWSER_TESTS=required`` (set by ``.ci/run``), where a
missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = os.environ.get("BIPARTITE_GAME_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("BIPARTITE_GAME_BROWSER_TESTS") == "required"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _browser_missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install '.[test]')"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    missing = _browser_missing()
    if missing is not None:
        if REQUIRED:
            pytest.fail(f"browser tests are required here, but {missing}")
        pytest.skip(missing)
    import uvicorn

    from bipartite_game.play.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # the warm-up may compile the kernels
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture()
def page(base_url: str) -> Iterator[Page]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        tab = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        # what the Content-Security-Policy blocks is reported on the console only
        tab.on(
            "console",
            lambda message: (
                errors.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        tab.goto(base_url)
        tab.wait_for_selector("#board svg rect.cell")
        yield tab
        browser.close()
        assert errors == [], errors


class TabAt(Protocol):
    """Opens a tab at ``(width, height)``; ``touch`` emulates a touch screen
    (``pointer: coarse``) on a mobile layout viewport, as a phone or tablet;
    ``locale`` is the browser's language (Accept-Language and
    ``navigator.language``; Chromium's own by default)."""

    def __call__(
        self, width: int, height: int, touch: bool, locale: str | None = None
    ) -> Page: ...


@pytest.fixture()
def tab_at(base_url: str) -> Iterator[TabAt]:
    """Tabs of any size and language, on the page, each with its own browser
    context (cookies too); like ``page``, every tab must end without a script error or a blocked
    resource."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        errors: list[str] = []

        def open_tab(width: int, height: int, touch: bool, locale: str | None = None) -> Page:
            context = browser.new_context(
                viewport={"width": width, "height": height},
                has_touch=touch,
                is_mobile=touch,
                locale=locale,
            )
            tab = context.new_page()
            tab.on("pageerror", lambda error: errors.append(str(error)))
            tab.on(
                "console",
                lambda message: (
                    errors.append(message.text)
                    if "Content Security Policy" in message.text
                    else None
                ),
            )
            tab.goto(base_url)
            tab.wait_for_selector("#board svg rect.cell")
            _settle(tab)
            return tab

        yield open_tab
        browser.close()
        assert errors == [], errors


def _settle(tab: Page) -> None:
    """Wait until every request the page sent has been answered.  (A selector,
    not ``wait_for_function``: the page's CSP forbids the eval that needs.)"""
    tab.wait_for_selector("body:not(.busy)", state="attached")


def _cell(row: int, col: int) -> str:
    return f'#board rect.cell[data-row="{row}"][data-col="{col}"]'


def _rows_shown(tab: Page) -> list[str]:
    text = tab.input_value("#maze-text")
    return text.strip().splitlines()[1:]


