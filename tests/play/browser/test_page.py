"""The web page in headless Chromium, driven by Playwright (fixtures in
``tests/support/browser.py``): drawing, analysing, playing and hints.

These need Debian's ``chromium`` (``/usr/bin/chromium``, or the path in
``BIPARTITE_GAME_CHROMIUM``).  Without it they skip, unless
``BIPARTITE_GAME_BROWSER_TESTS=required`` (set by ``.ci/run``), where a
missing browser is a failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bipartite_game import brute
from bipartite_game.graphs.boards import parse_moves
from tests.support.browser import _cell, _rows_shown, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page

def test_draw_walls_then_lose_a_game_to_the_engine(page: Page) -> None:
    tab = page
    tab.fill("#rows", "4")
    tab.fill("#cols", "5")
    tab.click("#blank")
    _settle(tab)
    assert tab.locator("#board rect.cell.open").count() == 20
    for row, col in [(0, 1), (1, 3), (2, 1), (3, 4)]:
        tab.click(_cell(row, col))
        _settle(tab)
        tab.wait_for_selector(_cell(row, col) + ".wall")
    rows = _rows_shown(tab)
    assert rows == [".#...", "...#.", ".#...", "....#"]

    # the losing starts the page shows are the brute force's
    tab.check("#show-losing")
    _settle(tab)
    adjacency, _ = brute.grid_adjacency(rows, parse_moves("rook")[0])
    losing = brute.geography_losing_starts(adjacency)
    shown = tab.locator("#board rect.cell.losing")
    assert shown.count() == sum(losing)
    summary = tab.inner_text("#analysis")
    assert summary.startswith("WIN" if any(losing) else "LOSE")

    # the engine takes the winning side; click legal moves until the end
    tab.select_option("#side", "auto")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    for _ in range(40):
        phase = status.get_attribute("data-phase")
        if phase == "over":
            break
        if phase == "place":
            tab.click("#board rect.cell.open >> nth=0")
        else:
            assert phase == "play"
            tab.click("#hint")
            _settle(tab)
            assert tab.locator("#board rect.cell.hint").count() == 0
            assert "no winning move" in status.inner_text()
            tab.click("#board rect.cell.legal >> nth=-1")
        _settle(tab)
    assert status.get_attribute("data-phase") == "over"
    assert status.get_attribute("data-winner") == "engine"
    assert "You cannot move: the engine wins." in status.inner_text()
    assert tab.inner_text("#error") == ""
    # the annotated record: on the losing side every line of the person is
    # "lost" (there was never a forced win to keep)
    assert tab.locator("#record-panel").is_visible()
    lines = tab.locator("#record li").all_inner_texts()
    assert len(lines) >= 2
    mine = [line for line in lines if "(you)" in line]
    assert mine and all(line.endswith(": lost") for line in mine), lines
    assert tab.inner_text("#mistakes") == "You made no mistake."


def test_load_a_maze_and_win_with_the_hint_button(page: Page) -> None:
    tab = page
    tab.click("summary")
    tab.fill("#maze-text", "4 4\n....\n.#..\n..#.\n....\n")
    tab.click("#load")
    _settle(tab)
    assert _rows_shown(tab) == ["....", ".#..", "..#.", "...."]
    tab.select_option("#side", "second")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    assert status.get_attribute("data-phase") == "place"
    for _ in range(40):
        if status.get_attribute("data-phase") == "over":
            break
        tab.click("#hint")
        _settle(tab)
        hinted = tab.locator("#board rect.cell.hint")
        assert hinted.count() > 0, status.inner_text()
        hinted.first.click()
        _settle(tab)
    assert status.get_attribute("data-winner") == "you"
    assert "The engine cannot move: you win." in status.inner_text()
    # following the hints keeps the forced win at every move
    lines = tab.locator("#record li").all_inner_texts()
    mine = [line for line in lines if "(you)" in line]
    assert mine and all(line.endswith(": good") for line in mine), lines
    assert tab.inner_text("#mistakes") == "You made no mistake."


def test_a_maze_file_fills_the_text_and_is_analysed(page: Page, tmp_path: Path) -> None:
    tab = page
    maze = tmp_path / "maze.txt"
    maze.write_text("3 9\n..#......\n.........\n#...#...#\n")
    tab.click("summary")
    tab.set_input_files("#maze-file", str(maze))
    tab.wait_for_selector(_cell(2, 8) + ".wall")  # the default maze is 6 by 8
    _settle(tab)
    assert tab.input_value("#maze-text") == "3 9\n..#......\n.........\n#...#...#\n"
    assert _rows_shown(tab) == ["..#......", ".........", "#...#...#"]
    assert (tab.input_value("#rows"), tab.input_value("#cols")) == ("3", "9")
    assert tab.inner_text("#error") == ""


def test_an_oversized_maze_is_refused_with_a_message(page: Page) -> None:
    tab = page
    tab.fill("#rows", "80")
    tab.click("#blank")
    _settle(tab)
    assert "at most 64 on a side" in tab.inner_text("#error")
