"""The page as a teaching tool, in headless Chromium: the overlays during a
game, the engine's planned answer on hover, keyboard-only play, stepping back
through a finished game, the phone viewport, the theory panel, and a server
that cannot be reached.  Skipped without Chromium, like ``tests/play/browser/test_page.py``
(fixtures in ``tests/support/browser.py``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.support.browser import _cell, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page


def _load(tab: Page, text: str) -> None:
    tab.click("summary")
    tab.fill("#maze-text", text)
    tab.click("#load")
    _settle(tab)


def _cells(tab: Page, selector: str) -> list[tuple[int, int]]:
    found = tab.locator(selector)
    return [
        (
            int(found.nth(k).get_attribute("data-row") or 0),
            int(found.nth(k).get_attribute("data-col") or 0),
        )
        for k in range(found.count())
    ]


def test_overlays_stay_during_a_game_and_hover_shows_the_engines_answer(page: Page) -> None:
    tab = page
    _load(tab, "3 4\n....\n.#..\n....\n")
    tab.select_option("#side", "auto")  # the engine wins, along its matching
    tab.check("#show-matching")
    tab.check("#show-losing")
    _settle(tab)
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    if status.get_attribute("data-phase") == "place":
        tab.click(_cell(0, 0))
        _settle(tab)
    assert status.get_attribute("data-phase") == "play"
    assert tab.is_enabled("#show-matching") and tab.is_enabled("#show-losing")
    assert tab.locator("#board .matching").count() > 0
    # hover each legal move: a ring on the engine's planned answer, and the
    # engine then answers exactly there
    legal = _cells(tab, "#board rect.cell.legal")
    assert legal
    row, col = legal[0]
    tab.hover(_cell(row, col))
    ring = tab.locator("#board circle.planned")
    assert ring.count() == 1
    plan = tab.inner_text("#plan")
    found = re.search(r"answers at row (\d+), column (\d+)", plan)
    assert found, plan
    answer = (int(found.group(1)) - 1, int(found.group(2)) - 1)
    # without a pointer (a touch screen), every planned answer in one line
    plans = tab.inner_text("#plans")
    assert f"{row + 1} {col + 1} → {answer[0] + 1} {answer[1] + 1}" in plans, plans
    assert plans.count("→") == len(legal)
    tab.click(_cell(row, col))
    _settle(tab)
    token = tab.locator("#board circle.token")
    assert token.get_attribute("cx") == f"{answer[1] * 32 + 16.0}"
    assert token.get_attribute("cy") == f"{answer[0] * 32 + 16.0}"
    assert "along its matching" in status.inner_text()
    # unticking the overlay mid-game redraws without it
    tab.uncheck("#show-matching")
    _settle(tab)
    assert tab.locator("#board .matching").count() == 0
    assert tab.locator("#board circle.token").count() == 1


def test_keyboard_only_play_wins_a_game(page: Page) -> None:
    tab = page
    _load(tab, "3 3\n.##\n...\n#.#\n")
    tab.select_option("#side", "winning")
    tab.focus("#new-game")
    tab.keyboard.press("Enter")
    _settle(tab)
    status = tab.locator("#status")
    for _ in range(20):
        if status.get_attribute("data-phase") == "over":
            break
        tab.focus("#hint")
        tab.keyboard.press("Enter")
        _settle(tab)
        targets = _cells(tab, "#board rect.cell.hint")
        assert targets, status.inner_text()
        target = targets[0]
        tab.focus("#board")
        label = tab.get_attribute("#board", "aria-label") or ""
        found = re.search(r"row (\d+), column (\d+)", label)
        assert found, label
        row, col = int(found.group(1)) - 1, int(found.group(2)) - 1
        for key, steps in (
            ("ArrowDown", target[0] - row),
            ("ArrowUp", row - target[0]),
            ("ArrowRight", target[1] - col),
            ("ArrowLeft", col - target[1]),
        ):
            for _ in range(max(0, steps)):
                tab.keyboard.press(key)
        assert f"row {target[0] + 1}, column {target[1] + 1}" in (
            tab.get_attribute("#board", "aria-label") or ""
        )
        tab.keyboard.press("Enter")
        _settle(tab)
    assert status.get_attribute("data-winner") == "you"


def test_step_back_through_a_finished_game(page: Page) -> None:
    tab = page
    _load(tab, "2 3\n...\n...\n")
    tab.select_option("#side", "auto")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    if status.get_attribute("data-phase") == "place":
        tab.click(_cell(0, 0))
        _settle(tab)
    while status.get_attribute("data-phase") == "play":
        tab.click("#board rect.cell.legal >> nth=0")
        _settle(tab)
    moves = tab.locator("#record li").count() - 1
    assert moves >= 2
    assert tab.inner_text("#step-shown") == "showing the end of the game"
    assert tab.is_disabled("#step-forward")
    tab.click("#step-back")
    _settle(tab)
    assert tab.inner_text("#step-shown") == f"showing the board after move {moves - 1}"
    assert tab.locator("#board rect.cell.visited").count() == moves
    tab.click("#record li >> nth=0 >> button")
    _settle(tab)
    assert tab.locator("#board rect.cell.visited").count() == 1
    assert tab.is_disabled("#step-back")


def test_phone_viewport_shows_the_board_in_the_first_screen(page: Page) -> None:
    tab = page
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.reload()
    tab.wait_for_selector("#board svg rect.cell")
    box = tab.locator("#board svg").bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box


def test_theory_panel_and_size_limits(page: Page) -> None:
    tab = page
    theory = tab.inner_text("#theory")
    assert "every maximum matching" in theory and "Gallai–Edmonds" in theory
    assert tab.get_attribute("#rows", "max") == "64"


def test_an_unreachable_server_is_said_in_words(page: Page) -> None:
    tab = page
    tab.route("**/api/analyse", lambda route: route.abort())
    tab.click(_cell(0, 0))
    _settle(tab)
    assert "Cannot reach the server" in tab.inner_text("#error")
    assert "Failed to fetch" not in tab.inner_text("#error")
