"""The page's first screen, in headless Chromium at a phone's, a tablet's and
a laptop's size: the board and the game's buttons (Start, Hint, Undo) are
within the window without scrolling, the board scaled to fit, whatever the
maze's shape, in a game and in the graph mode; the controls are a finger's
height on touch screens; the overlays are on when the page opens; and Undo
takes back a placed token.  Skipped without Chromium, like
``tests/play/browser/test_page.py`` (fixtures in ``tests/support/browser.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.support.browser import TabAt, _cell, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: (width, height, touch screen): a phone upright, a tablet upright, a laptop.
VIEWPORTS = [(390, 844, True), (768, 1024, True), (1366, 768, False)]
IDS = ["phone", "tablet", "laptop"]
#: The height of a control a finger can hit (Apple's and WCAG's 44 px).
FINGER = 44
BUTTONS = ["#new-game", "#hint", "#undo"]


def _to_top(tab: Page) -> None:
    tab.evaluate("() => window.scrollTo(0, 0)")
    assert tab.evaluate("() => window.scrollY") == 0


def _assert_in_window(tab: Page, selector: str, width: int, height: int) -> None:
    box = tab.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert box["y"] + box["height"] <= height + 0.5, (selector, box)


def _assert_first_screen(tab: Page, board: str, width: int, height: int) -> None:
    _to_top(tab)
    for selector in [board, *BUTTONS]:
        _assert_in_window(tab, selector, width, height)


def _load(tab: Page, text: str) -> None:
    tab.click("summary")
    tab.fill("#maze-text", text)
    tab.click("#load")
    _settle(tab)


@pytest.mark.parametrize(("width", "height", "touch"), VIEWPORTS, ids=IDS)
def test_first_screen_shows_the_board_its_buttons_and_the_overlays(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    # the overlays are on from the start: the first view is the theorem at work
    assert tab.is_checked("#show-losing") and tab.is_checked("#show-matching")
    assert tab.locator("#board rect.cell.losing").count() > 0
    assert tab.locator("#board .matching").count() > 0
    _assert_first_screen(tab, "#board svg", width, height)
    # the board takes the room it has: the column's width or the window's height
    box = tab.locator("#board svg").bounding_box()
    assert box is not None
    assert box["width"] >= min(width - 60, 700) or box["height"] >= height / 2, box
    if touch:
        controls = [*BUTTONS, "#edit", "#side", "#rows", "#blank", "label:has(#show-losing)"]
        for selector in controls:
            found = tab.locator(selector).bounding_box()
            assert found is not None and found["height"] >= FINGER - 0.5, (selector, found)


@pytest.mark.parametrize(("width", "height", "touch"), VIEWPORTS, ids=IDS)
@pytest.mark.parametrize(("rows", "cols"), [(40, 8), (10, 64), (1, 1)], ids=["tall", "wide", "one"])
def test_a_board_of_any_shape_scales_to_fit(
    tab_at: TabAt, width: int, height: int, touch: bool, rows: int, cols: int
) -> None:
    tab = tab_at(width, height, touch)
    _load(tab, f"{rows} {cols}\n" + ("." * cols + "\n") * rows)
    assert tab.locator("#board rect.cell").count() == rows * cols
    _assert_first_screen(tab, "#board svg", width, height)
    # scaled, not cut: the drawing keeps the board's proportions
    box = tab.locator("#board svg").bounding_box()
    assert box is not None
    view = (tab.get_attribute("#board svg", "viewBox") or "").split()
    ratio = float(view[2]) / float(view[3])
    assert abs(box["width"] / box["height"] - ratio) < 0.02 * ratio + 2 / box["height"], (box, view)


@pytest.mark.parametrize(("width", "height", "touch"), VIEWPORTS, ids=IDS)
def test_a_game_and_its_messages_stay_in_the_first_screen(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    _load(tab, "8 12\n" + "............\n.##..#...##.\n" * 4)
    tab.select_option("#side", "second")  # the person places: the longest messages
    tab.click("#new-game")
    _settle(tab)
    tab.click("#hint")
    _settle(tab)
    tab.click("#board rect.cell.hint >> nth=0")
    _settle(tab)
    assert tab.get_attribute("#status", "data-phase") in ("play", "over")
    assert len(tab.inner_text("#status")) > 80  # the engine's answer, in words
    _assert_first_screen(tab, "#board svg", width, height)


@pytest.mark.parametrize(("width", "height", "touch"), VIEWPORTS, ids=IDS)
def test_the_graph_mode_fits_the_first_screen_too(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    tab.check("#mode-graph")
    tab.wait_for_selector("#graph-board svg g.vertex")
    _settle(tab)
    # the overlays are on here as well
    assert tab.locator("#graph-board g.vertex.losing").count() > 0
    assert tab.locator("#graph-board line.matching").count() > 0
    _assert_first_screen(tab, "#graph-board svg", width, height)


def test_undo_right_after_placing_the_token_takes_the_placement_back(tab_at: TabAt) -> None:
    tab = tab_at(390, 844, True)
    _load(tab, "3 3\n.##\n...\n#.#\n")
    tab.select_option("#side", "second")  # you place the token, the engine moves first
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    assert status.get_attribute("data-phase") == "place"
    assert tab.is_disabled("#undo")  # nothing to take back yet
    tab.click(_cell(1, 2))
    _settle(tab)
    assert status.get_attribute("data-phase") == "play"
    assert tab.locator("#board circle.token").count() == 1
    assert tab.is_enabled("#undo")
    tab.click("#undo")
    _settle(tab)
    assert tab.inner_text("#error") == ""
    assert status.get_attribute("data-phase") == "place"
    assert tab.locator("#board circle.token").count() == 0
    assert "Place the token" in status.inner_text()
    assert tab.is_disabled("#undo")
    # and the game goes on from a new start
    tab.click(_cell(2, 1))
    _settle(tab)
    assert status.get_attribute("data-phase") in ("play", "over")
