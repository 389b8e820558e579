"""The page's sum mode in headless Chromium (fixtures in ``tests/support/browser.py``):
the bundled example played to the end, won by following the hints, then a
sum with a graph board lost to the engine; and the boards with the game's
buttons in the first screen at a phone's, a tablet's and a laptop's size.
Skipped without Chromium, like ``tests/play/browser/test_page.py``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.support.browser import TabAt, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page

BOARDS = "#sum-boards figure.sum-board"
LEGAL = f"{BOARDS} rect.cell.legal, {BOARDS} circle.vertex.legal"
HINTED = f"{BOARDS} rect.cell.hint, {BOARDS} circle.vertex.hint"


def _sum_mode(tab: Page) -> None:
    """The sum mode, and a game on its example (the mode waits for Start)."""
    tab.check("#mode-sum")
    tab.click("#new-game")
    tab.wait_for_selector(BOARDS + " svg")
    _settle(tab)


def test_a_sum_played_to_the_end_with_hints_then_lost_to_the_engine(page: Page) -> None:
    tab = page
    _sum_mode(tab)
    status = tab.locator("#status")
    # examples/sum.txt: two mazes worth 1 and 2, so the player to move wins
    assert tab.locator(BOARDS).count() == 2
    captions = tab.locator(f"{BOARDS} figcaption").all_inner_texts()
    assert captions == ["Board 1 · Grundy value 1", "Board 2 · Grundy value 2"]
    assert tab.inner_text("#nim-sum").startswith("Nim-sum 1 ⊕ 2 = 3: not 0")
    assert status.get_attribute("data-phase") == "play"  # the winning side: you move first
    # every legal move can be reached with Tab and played with Enter
    legal = tab.locator(f'{BOARDS} rect.cell.legal[tabindex="0"]')
    assert legal.count() == 5  # one on board 1, four on board 2
    assert legal.first.get_attribute("aria-label") == "board 1, move to row 1, column 2"
    for _ in range(10):
        if status.get_attribute("data-phase") == "over":
            break
        tab.click("#hint")
        _settle(tab)
        assert "Hint:" in status.inner_text()
        tab.click(HINTED)
        _settle(tab)
        if status.get_attribute("data-phase") == "play":
            # the engine faced 0 and could not leave 0: you face a nim-sum that is not 0
            assert tab.get_attribute("#nim-sum", "data-nim-sum") != "0"
            assert "the first legal move" in status.inner_text()
    assert status.get_attribute("data-phase") == "over"
    assert status.get_attribute("data-winner") == "you"
    assert "you win" in status.inner_text()
    assert tab.locator(LEGAL).count() == 0
    assert tab.is_disabled("#hint")
    # the Grundy values are an overlay: off, and the captions say no value
    tab.uncheck("#show-values")
    _settle(tab)
    assert tab.is_hidden("#nim-sum")
    assert "Grundy" not in " ".join(tab.locator(f"{BOARDS} figcaption").all_inner_texts())

    # a graph board beside a maze; the losing side: the engine moves first and wins
    tab.click("#edit")
    _settle(tab)
    tab.fill("#sum-text", "@graph a\na b\nb c\nc d\nb e\n@maze 1 1\n2 3\n...\n.#.\n")
    tab.select_option("#sum-side", "auto")
    tab.check("#show-values")
    tab.click("#new-game")
    _settle(tab)
    assert tab.locator(f"{BOARDS}.graph circle.vertex").count() == 5
    assert tab.locator(f"{BOARDS}.graph figcaption").inner_text() == "Board 1 · Grundy value 0"
    tab.click(f'{BOARDS}.graph circle.vertex.legal[data-vertex="1"]')  # a -> b
    _settle(tab)
    assert tab.inner_text("#error") == ""
    assert tab.locator(f'{BOARDS}.graph circle.vertex.visited[data-vertex="1"]').count() == 1
    for _ in range(20):
        if status.get_attribute("data-phase") == "over":
            break
        assert tab.get_attribute("#nim-sum", "data-nim-sum") == "0"  # you always face 0
        tab.click(f"{LEGAL} >> nth=0")
        _settle(tab)
        assert tab.inner_text("#error") == ""
    assert status.get_attribute("data-winner") == "engine"
    assert "the engine wins" in status.inner_text()
    assert tab.inner_text("#plans").startswith("Moves: 1. engine board")

    # a move from the keyboard, then undo takes it back with the answer
    tab.click("#new-game")
    _settle(tab)
    before = tab.locator(f"{BOARDS} .visited").count()
    tab.focus(f"{LEGAL} >> nth=0")
    tab.keyboard.press("Enter")
    _settle(tab)
    assert tab.locator(f"{BOARDS} .visited").count() > before
    assert tab.is_enabled("#undo")
    tab.click("#undo")
    _settle(tab)
    assert tab.locator(f"{BOARDS} .visited").count() == before
    assert tab.is_disabled("#undo")

    # a sum past the Grundy budget (an open 7x7 maze is searched): one line, no
    # boards.  The search stops at its budget of states or at its clock,
    # whichever comes first, and on a busy machine the clock may: either way
    # the refusal names the budget it ran past (the exact state budget is
    # tested through the API, tests/play/web/test_sum.py)
    tab.click("#edit")
    _settle(tab)
    tab.fill("#sum-text", "@maze 1 1\n7 7\n" + ".......\n" * 7 + "@graph a\na b\n")
    tab.click("#new-game")
    _settle(tab)
    error = tab.inner_text("#error")
    assert re.search(r"need more than (200000 search states|8 s of search)", error), error
    assert "\n" not in error, error
    assert tab.locator(BOARDS).count() == 0
    assert status.get_attribute("data-phase") == "edit"


#: (width, height, touch screen), as in tests/play/browser/test_layout.py.
VIEWPORTS = [(390, 844, True), (768, 1024, True), (1366, 768, False)]


@pytest.mark.parametrize(("width", "height", "touch"), VIEWPORTS, ids=["phone", "tablet", "laptop"])
def test_the_sum_fits_the_first_screen(tab_at: TabAt, width: int, height: int, touch: bool) -> None:
    tab = tab_at(width, height, touch)
    _sum_mode(tab)
    tab.evaluate("() => window.scrollTo(0, 0)")
    for selector in [f"{BOARDS} >> nth=0", f"{BOARDS} >> nth=1", "#nim-sum", "#new-game", "#hint",
                     "#undo"]:
        box = tab.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
        assert box["x"] + box["width"] <= width + 0.5, (selector, box)
        assert box["y"] + box["height"] <= height + 0.5, (selector, box)
    if width >= 1000:  # room for the two boards side by side
        first = tab.locator(f"{BOARDS} >> nth=0").bounding_box()
        second = tab.locator(f"{BOARDS} >> nth=1").bounding_box()
        assert first is not None and second is not None
        assert abs(first["y"] - second["y"]) < 1
