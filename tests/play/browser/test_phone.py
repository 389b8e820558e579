"""The page on a phone (390×844, a touch screen), and on a laptop (1366×768)
where the same holds, in headless Chromium (fixtures in ``tests/support/browser.py``):
graph vertices a finger's width to tap, with readable labels; every edit of
a graph undone and redone (the buttons, Ctrl+Z); an error shown next to the
input that caused it, in view, with the description of a refused board
marked; a board too large refused by its limit, before anything is sent;
the sum mode waiting for "Start a game"; the keyboard's focus kept on the
board after every move, the arrow keys going between legal moves.
Skipped without Chromium, like ``tests/play/browser/test_page.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.support.browser import TabAt, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect, Page

PHONE = (390, 844, True)
LAPTOP = (1366, 768, False)
SIZES = pytest.mark.parametrize(
    ("width", "height", "touch"), [PHONE, LAPTOP], ids=["phone", "laptop"]
)

GRAPH = "#graph-board svg"
WIDTH = 640  # the graph board's viewBox width (graph.js)
#: The hit area a finger needs (Apple's and WCAG's 44 CSS px).
FINGER = 44

SETTINGS = ["#sum-text", "#sum-side", "#sum-moves", "#sum-example", "#sum-file",
            "#mode-maze", "#mode-graph"]


def _graph_mode(tab: Page) -> None:
    tab.check("#mode-graph")
    tab.wait_for_selector(GRAPH + " g.vertex")
    _settle(tab)


def _vertex(label: str) -> str:
    return f'{GRAPH} g.vertex[data-label="{label}"]'


def _labels(tab: Page, selector: str = GRAPH + " g.vertex") -> list[str]:
    found = tab.locator(selector)
    return [found.nth(k).get_attribute("data-label") or "" for k in range(found.count())]


def _centre(tab: Page, selector: str) -> tuple[float, float]:
    box = tab.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _at(tab: Page, x: float, y: float) -> tuple[float, float]:
    """The viewport position of the graph board's point (x, y), the board
    scrolled into view (a phone scrolls down to the controls under it)."""
    tab.locator(GRAPH).scroll_into_view_if_needed()
    box = tab.locator(GRAPH).bounding_box()
    assert box is not None
    scale = box["width"] / WIDTH
    return box["x"] + x * scale, box["y"] + y * scale


def _tap(tab: Page, touch: bool, x: float, y: float) -> None:
    if touch:
        tab.touchscreen.tap(x, y)
    else:
        tab.mouse.click(x, y)
    _settle(tab)


def _in_view(tab: Page, selector: str) -> FloatRect:
    """The box of ``selector``, asserted to be inside the window as it is."""
    box = tab.locator(selector).bounding_box()
    size = tab.viewport_size
    assert box is not None and size is not None, selector
    assert box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (selector, box)
    return box


def _focus(tab: Page) -> dict[str, Any]:
    """Where the keyboard's focus is: the element's id, classes, label and boards."""
    found: dict[str, Any] = tab.evaluate(
        """() => {
          const a = document.activeElement;
          return {
            id: a.id, classes: (a.getAttribute("class") || "").split(/\\s+/),
            label: a.getAttribute("aria-label") || "", vertex: a.dataset ? a.dataset.label : null,
            maze: a.closest("#board") !== null, graph: a.closest("#graph-board") !== null,
            sum: a.closest("#sum-boards") !== null,
          };
        }"""
    )
    return found


# --- the graph on a touch screen ---------------------------------------------


@SIZES
def test_a_tap_near_a_vertex_takes_it_and_the_vertex_is_a_finger_wide(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    _graph_mode(tab)  # the blossom with a stem
    count = tab.locator(GRAPH + " g.vertex").count()
    tab.locator(GRAPH).scroll_into_view_if_needed()
    x, y = _centre(tab, _vertex("s2") + " circle.disc")
    # a finger lands off the centre: the vertex is selected, none is added
    for dx, dy in [(11, 0), (0, -16), (-14, 14)]:
        _tap(tab, touch, x + dx, y + dy)
        assert tab.locator(GRAPH + " g.vertex").count() == count, (dx, dy)
        assert _labels(tab, GRAPH + " g.vertex.selected") == ["s2"], (dx, dy)
        assert tab.inner_text("#explanation").startswith("s2: first")
    # every vertex's hit area is at least a finger wide, its disc and label
    # large enough to see and read
    for label in _labels(tab):
        hit = tab.locator(_vertex(label) + " circle.hit").bounding_box()
        assert hit is not None and min(hit["width"], hit["height"]) >= FINGER - 0.5, (label, hit)
        disc = tab.locator(_vertex(label) + " circle.disc").bounding_box()
        assert disc is not None and disc["width"] >= 28, (label, disc)
        size = tab.evaluate(
            """(label) => {
              const text = document.querySelector(
                `#graph-board g.vertex[data-label="${label}"] text`);
              return parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
            }""",
            label,
        )
        assert size >= 12, (label, size)
    # empty space, clear of every vertex, adds one
    _tap(tab, touch, *_at(tab, 600, 60))
    assert tab.locator(GRAPH + " g.vertex").count() == count + 1


def _state(tab: Page) -> tuple[str, list[tuple[str, int, int]]]:
    """The graph as the page holds it: its edge list and where each vertex is."""
    discs = tab.locator(GRAPH + " g.vertex")
    places = []
    for k in range(discs.count()):
        group = discs.nth(k)
        circle = group.locator("circle.disc")
        places.append(
            (
                group.get_attribute("data-label") or "",
                round(float(circle.get_attribute("cx") or 0)),
                round(float(circle.get_attribute("cy") or 0)),
            )
        )
    return tab.input_value("#graph-text"), places


def test_every_edit_of_a_graph_is_undone_and_redone(tab_at: TabAt) -> None:
    tab = tab_at(*PHONE)
    _graph_mode(tab)
    assert tab.is_visible("#redo") and not tab.is_visible("#edit")  # one row of buttons
    assert tab.is_disabled("#undo") and tab.is_disabled("#redo")  # nothing done yet
    states = [_state(tab)]

    def edited() -> None:
        _settle(tab)
        now = _state(tab)
        assert now != states[-1]
        states.append(now)

    tab.click("#graph-clear")
    edited()
    for spot in [(100, 100), (320, 100), (320, 320)]:  # add vertices 1, 2, 3
        _tap(tab, True, *_at(tab, *spot))
        edited()
    tab.mouse.move(*_at(tab, 100, 100))  # join 1 and 2
    tab.mouse.down()
    tab.mouse.move(*_at(tab, 320, 100), steps=4)
    tab.mouse.up()
    edited()
    tab.check("#tool-move")  # move 3
    tab.mouse.move(*_at(tab, 320, 320))
    tab.mouse.down()
    tab.mouse.move(*_at(tab, 500, 300), steps=4)
    tab.mouse.up()
    edited()
    tab.check("#tool-delete")  # delete 1
    _tap(tab, True, *_at(tab, 100, 100))
    edited()
    tab.check("#tool-draw")
    tab.click('#examples button[data-example="petersen"]')
    edited()
    tab.click("#graph-io summary")
    tab.fill("#graph-text", "a b\nb c\n")
    tab.click("#graph-load")
    edited()
    assert tab.is_enabled("#undo") and tab.is_disabled("#redo")
    # Undo walks back through every state, Redo forward again
    for state in reversed(states[:-1]):
        tab.click("#undo")
        _settle(tab)
        assert _state(tab) == state
    assert tab.is_disabled("#undo") and tab.is_enabled("#redo")
    for state in states[1:]:
        tab.click("#redo")
        _settle(tab)
        assert _state(tab) == state
    assert tab.is_disabled("#redo")
    # the keyboard: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, but not in a box of text
    tab.focus(GRAPH + " g.vertex >> nth=0")
    tab.keyboard.press("Control+z")
    _settle(tab)
    assert _state(tab) == states[-2]
    tab.keyboard.press("Control+Shift+z")
    _settle(tab)
    assert _state(tab) == states[-1]
    tab.keyboard.press("Control+z")
    _settle(tab)
    tab.keyboard.press("Control+y")
    _settle(tab)
    assert _state(tab) == states[-1]
    tab.focus("#graph-text")
    tab.keyboard.press("Control+z")
    _settle(tab)
    assert _labels(tab) == ["a", "b", "c"]
    # a new edit after an undo: nothing left to redo
    tab.click("#undo")
    _settle(tab)
    tab.click('#examples button[data-example="path"]')
    _settle(tab)
    assert tab.is_disabled("#redo")
    # in a game Undo takes back moves, Redo is gone; back to editing, the edits return
    tab.click("#new-game")
    _settle(tab)
    assert not tab.is_visible("#redo") and tab.is_visible("#edit")
    tab.click("#edit")
    _settle(tab)
    assert tab.is_enabled("#undo")
    tab.click("#undo")
    _settle(tab)
    assert _state(tab) == states[-2]


# --- errors next to their input -------------------------------------------------


@SIZES
def test_an_error_shows_next_to_its_input_in_view(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    summary = tab.inner_text("#analysis")
    tab.click("#maze-controls summary")
    tab.fill("#maze-text", "2 3\n...\n..\n")
    tab.click("#load")
    _settle(tab)
    error = _in_view(tab, "#error")
    load = tab.locator("#load").bounding_box()
    assert load is not None and 0 <= error["y"] - load["y"] <= 120, (error, load)
    assert "maze: line 3: expected 3 cells, found 2" in tab.inner_text("#error")
    assert tab.get_attribute("#maze-text", "aria-invalid") == "true"
    # the line under the box no longer describes the board as if it were the text's
    assert tab.get_attribute("#analysis", "data-stale") == "true"
    assert summary not in tab.inner_text("#analysis")
    assert "board shown is still the one before" in tab.inner_text("#analysis")
    # a good text clears all three
    tab.fill("#maze-text", "2 3\n...\n.#.\n")
    tab.click("#load")
    _settle(tab)
    assert tab.inner_text("#error") == ""
    assert tab.get_attribute("#maze-text", "aria-invalid") is None
    assert tab.get_attribute("#analysis", "data-stale") is None
    assert tab.inner_text("#analysis").startswith(("WIN", "LOSE"))

    # the size of a blank maze
    tab.fill("#rows", "0")
    tab.click("#blank")
    _settle(tab)
    error = _in_view(tab, "#error")
    blank = tab.locator("#blank").bounding_box()
    assert blank is not None and 0 <= error["y"] - blank["y"] <= 120, (error, blank)
    assert tab.get_attribute("#rows", "aria-invalid") == "true"

    # a graph's edge list
    _graph_mode(tab)
    before = _labels(tab)
    tab.click("#graph-io summary")
    tab.fill("#graph-text", "a b\na b c\n")
    tab.click("#graph-load")
    _settle(tab)
    error = _in_view(tab, "#error")
    load = tab.locator("#graph-load").bounding_box()
    assert load is not None and 0 <= error["y"] - load["y"] <= 120, (error, load)
    assert "line 2" in tab.inner_text("#error")
    assert tab.get_attribute("#graph-analysis", "data-stale") == "true"
    assert _labels(tab) == before  # unchanged

    # a sum, refused when the game would start
    tab.check("#mode-sum")
    _settle(tab)
    tab.fill("#sum-text", "@cube 1\n")
    tab.evaluate("() => window.scrollTo(0, 0)")
    tab.click("#new-game")
    _settle(tab)
    error = _in_view(tab, "#error")
    text = tab.locator("#sum-text").bounding_box()
    assert text is not None and 0 <= error["y"] - (text["y"] + text["height"]) <= 60, (error, text)
    assert "unknown block" in tab.inner_text("#error")
    assert tab.get_attribute("#sum-text", "aria-invalid") == "true"


# --- sizes ------------------------------------------------------------------


def test_a_board_too_large_is_refused_by_its_limit_before_sending(tab_at: TabAt) -> None:
    tab = tab_at(*PHONE)
    sent: list[str] = []
    tab.on("request", lambda request: sent.append(request.url) if "/api/" in request.url else None)
    tab.fill("#rows", "300")
    tab.fill("#cols", "300")
    tab.click("#blank")
    _settle(tab)
    assert tab.inner_text("#error") == "maze too large: 300x300, at most 64 on a side"
    tab.click("#maze-controls summary")
    tab.fill("#maze-text", "1000 1000\n" + "." * 1000 + "\n")
    tab.click("#load")
    _settle(tab)
    assert tab.inner_text("#error") == "maze too large: 1000x1000, at most 64 on a side"
    _in_view(tab, "#error")
    assert sent == []

    _graph_mode(tab)
    sent.clear()
    tab.click("#graph-io summary")
    many = "".join(f"vertex{k} vertex{k + 1}\n" for k in range(5000))  # over 64 KiB
    # (pasted: Playwright's fill stalls on a text this long in a mobile tab)
    tab.evaluate("(text) => { document.getElementById('graph-text').value = text; }", many)
    tab.click("#graph-load")
    _settle(tab)
    assert tab.inner_text("#error").startswith(
        "graph too large: at most 200 vertices and 2000 edges (this request is over 65536 bytes)"
    )
    assert sent == []

    tab.check("#mode-sum")
    _settle(tab)
    tab.fill("#sum-text", "@graph a\na b\n" * 7)
    tab.click("#new-game")
    _settle(tab)
    assert tab.inner_text("#error") == "too many boards: 7, at most 6 in a sum here"
    assert sent == []


# --- the sum mode -------------------------------------------------------------


def test_the_sum_mode_waits_for_start_a_game(tab_at: TabAt, tmp_path: Path) -> None:
    tab = tab_at(*PHONE)
    tab.check("#mode-sum")
    _settle(tab)
    assert tab.get_attribute("#status", "data-phase") == "edit"
    assert tab.locator("#sum-boards figure").count() == 0
    for selector in SETTINGS:
        assert tab.is_enabled(selector), selector
    # a file only fills the text
    sum_file = tmp_path / "sum.txt"
    sum_file.write_text("@maze 1 1\n1 3\n...\n@graph a\na b\nb c\n")
    tab.set_input_files("#sum-file", str(sum_file))
    for _ in range(100):  # the page reads the file (a promise; CSP: no wait_for_function)
        if tab.input_value("#sum-text") == sum_file.read_text():
            break
        tab.wait_for_timeout(50)
    assert tab.input_value("#sum-text") == sum_file.read_text()
    assert tab.get_attribute("#status", "data-phase") == "edit"
    # the choices made before Start are the game's: values 0 and 0, so the
    # player to move loses, and "the winning side" lets the engine move first
    tab.select_option("#sum-side", "winning")
    tab.click("#new-game")
    _settle(tab)
    assert tab.locator("#sum-boards figure").count() == 2
    assert tab.inner_text("#plans").startswith("Moves: 1. engine board")
    for selector in SETTINGS:
        assert tab.is_disabled(selector), selector
    _in_view(tab, "#status")
    _in_view(tab, "#sum-boards figure >> nth=0")


# --- the keyboard ------------------------------------------------------------------


def _arrows_reach(tab: Page, legal: set[str], name: str) -> set[str]:
    """From the focused move, every arrow key goes to a legal move; the moves
    reached from each in turn (the focus's ``name`` field)."""
    reached = {_focus(tab)[name]}
    frontier = list(reached)
    while frontier:
        start = frontier.pop()
        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            _focus_move(tab, name, start)
            tab.keyboard.press(key)
            now = _focus(tab)
            assert "legal" in now["classes"], (start, key, now)
            assert now[name] in legal, (start, key, now)
            if now[name] not in reached:
                reached.add(now[name])
                frontier.append(now[name])
    return reached


def _focus_move(tab: Page, name: str, where: str) -> None:
    if name == "vertex":
        tab.focus(_vertex(where))
    else:
        tab.focus(f'#sum-boards [aria-label="{where}"]')


@SIZES
def test_focus_stays_on_the_graph_and_arrows_go_between_legal_moves(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    _graph_mode(tab)
    tab.click('#examples button[data-example="petersen"]')
    _settle(tab)
    tab.select_option("#side", "first")  # the engine places, you move
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    tab.focus("#graph-board")
    for _ in range(12):
        if status.get_attribute("data-phase") == "over":
            break
        legal = set(_labels(tab, GRAPH + " g.vertex.legal"))
        tab.keyboard.press("ArrowDown")
        assert _focus(tab)["vertex"] in legal
        assert _arrows_reach(tab, legal, "vertex") == legal
        focused = _focus(tab)
        assert "a legal move" in focused["label"], focused
        ring = tab.evaluate(
            """() => getComputedStyle(
              document.activeElement.querySelector("circle.focus-ring")).stroke"""
        )
        assert ring not in ("none", ""), ring  # the focus is seen
        tab.keyboard.press("Enter")
        _settle(tab)
        assert tab.inner_text("#error") == ""
        assert _focus(tab)["graph"], _focus(tab)  # still on the board
    assert status.get_attribute("data-phase") == "over"
    assert _focus(tab)["graph"]


@SIZES
def test_focus_stays_on_the_sum_and_arrows_go_between_legal_moves(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    tab.check("#mode-sum")
    _settle(tab)
    tab.select_option("#sum-side", "first")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    tab.focus("#sum-boards .legal >> nth=0")
    for _ in range(12):
        if status.get_attribute("data-phase") == "over":
            break
        marks = tab.locator("#sum-boards .legal")
        legal = {marks.nth(k).get_attribute("aria-label") or "" for k in range(marks.count())}
        assert _focus(tab)["label"] in legal, _focus(tab)
        assert _arrows_reach(tab, legal, "label") == legal
        tab.keyboard.press("Enter")
        _settle(tab)
        assert tab.inner_text("#error") == ""
        assert _focus(tab)["sum"], _focus(tab)  # still on the boards
    assert status.get_attribute("data-phase") == "over"
    assert _focus(tab)["sum"]


@SIZES
def test_focus_stays_on_the_maze_after_every_move(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch)
    tab.click("#maze-controls summary")
    tab.fill("#maze-text", "2 4\n....\n....\n")
    tab.click("#load")
    _settle(tab)
    tab.select_option("#side", "second")  # you place the token
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    tab.focus("#board")
    for _ in range(10):
        if status.get_attribute("data-phase") == "over":
            break
        legal = tab.locator("#board rect.cell.legal")
        target = (legal if legal.count() else tab.locator("#board rect.cell.open")).first
        row = int(target.get_attribute("data-row") or 0)
        col = int(target.get_attribute("data-col") or 0)
        label = tab.get_attribute("#board", "aria-label") or ""
        found = re.search(r"row (\d+), column (\d+)", label)
        assert found
        here = (int(found.group(1)) - 1, int(found.group(2)) - 1)
        for key, steps in (("ArrowDown", row - here[0]), ("ArrowUp", here[0] - row),
                           ("ArrowRight", col - here[1]), ("ArrowLeft", here[1] - col)):
            for _ in range(max(0, steps)):
                tab.keyboard.press(key)
        tab.keyboard.press("Enter")
        _settle(tab)
        assert tab.inner_text("#error") == ""
        assert _focus(tab)["maze"], _focus(tab)
    assert status.get_attribute("data-phase") == "over"
