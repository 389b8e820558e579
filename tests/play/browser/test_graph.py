"""The page's graph mode in headless Chromium (fixtures in ``tests/support/browser.py``):
building a graph by clicking and dragging, loading and saving an edge list,
the analysis of a graph that is not bipartite against the brute force, a
whole game against the engine with its planned answers, the explanation of
a clicked vertex and the annotated record at the end.  Skipped without
Chromium, like ``tests/play/browser/test_page.py``."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bipartite_game import brute
from tests.support.browser import _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page

BOARD = "#graph-board svg"
WIDTH = 640  # the graph board's viewBox width (graph.js)


def _graph_mode(tab: Page) -> None:
    tab.check("#mode-graph")
    tab.wait_for_selector(BOARD + " g.vertex")
    _settle(tab)


def _vertex(label: str) -> str:
    return f'{BOARD} g.vertex[data-label="{label}"]'


def _labels(tab: Page, selector: str) -> list[str]:
    found = tab.locator(selector)
    return [found.nth(k).get_attribute("data-label") or "" for k in range(found.count())]


def _at(tab: Page, x: float, y: float) -> tuple[float, float]:
    """The page position of the board's point (x, y) (viewBox units)."""
    box = tab.locator(BOARD).bounding_box()
    assert box is not None
    scale = box["width"] / WIDTH
    return box["x"] + x * scale, box["y"] + y * scale


def _edge_list(tab: Page) -> list[str]:
    return tab.input_value("#graph-text").strip().splitlines()


def _load(tab: Page, text: str) -> None:
    tab.click("#graph-io summary")
    tab.fill("#graph-text", text)
    tab.click("#graph-load")
    _settle(tab)
    tab.click("#graph-io summary")


def test_build_a_graph_by_clicking_and_dragging(page: Page) -> None:
    tab = page
    _graph_mode(tab)
    tab.click("#graph-clear")
    _settle(tab)
    assert tab.locator(BOARD + " g.vertex").count() == 0
    spots = [(100, 100), (300, 120), (500, 100), (300, 320)]
    for x, y in spots:
        tab.mouse.click(*_at(tab, x, y))
        _settle(tab)
    assert _labels(tab, BOARD + " g.vertex") == ["1", "2", "3", "4"]
    # join by dragging from one vertex to another: a triangle 1 2 4 and 2 3
    for a, b in [(0, 1), (1, 2), (1, 3), (3, 0)]:
        tab.mouse.move(*_at(tab, *spots[a]))
        tab.mouse.down()
        tab.mouse.move(*_at(tab, *spots[b]), steps=4)
        tab.mouse.up()
        _settle(tab)
    assert _edge_list(tab) == ["1 2", "2 3", "2 4", "4 1"]
    assert "not bipartite" in tab.inner_text("#graph-analysis")
    # move a vertex with the move tool
    tab.check("#tool-move")
    tab.mouse.move(*_at(tab, 500, 100))
    tab.mouse.down()
    tab.mouse.move(*_at(tab, 520, 300), steps=4)
    tab.mouse.up()
    disc = tab.locator(_vertex("3") + " circle.disc")
    cx, cy = float(disc.get_attribute("cx") or 0), float(disc.get_attribute("cy") or 0)
    assert abs(cx - 520) <= 2 and abs(cy - 300) <= 2, (cx, cy)  # to the pixel
    assert _edge_list(tab) == ["1 2", "2 3", "2 4", "4 1"]  # moved, not changed
    # delete an edge, then a vertex, with the delete tool
    tab.check("#tool-delete")
    tab.mouse.click(*_at(tab, 200, 110))  # the middle of edge 1 2
    _settle(tab)
    assert _edge_list(tab) == ["2 3", "2 4", "4 1"]
    tab.mouse.click(*_at(tab, 520, 300))
    _settle(tab)
    assert _edge_list(tab) == ["2 4", "4 1"]
    # select a vertex with the draw tool, then the Delete key removes it
    tab.check("#tool-draw")
    tab.click(_vertex("4"))
    _settle(tab)
    tab.keyboard.press("Delete")
    _settle(tab)
    assert _edge_list(tab) == ["1", "2"]
    assert tab.locator(BOARD + " line.edge").count() == 0


def test_load_an_edge_list_and_analyse_a_graph_that_is_not_bipartite(page: Page) -> None:
    tab = page
    _graph_mode(tab)
    rng = random.Random(1717)
    labels = [f"n{k}" for k in range(9)]
    edges = [(a, b) for a in range(9) for b in range(a + 1, 9) if rng.random() < 0.3]
    edges += [(0, 1), (1, 2), (0, 2)]  # a triangle: not bipartite
    edges = sorted(set(edges))
    text = "# a graph with a triangle\n" + "".join(f"{labels[a]} {labels[b]}\n" for a, b in edges)
    _load(tab, text)
    tab.check("#show-losing")
    tab.check("#show-matching")
    _settle(tab)
    assert "not bipartite" in tab.inner_text("#graph-analysis")
    adjacency: list[list[int]] = [[] for _ in labels]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    losing = brute.geography_losing_starts(adjacency)
    present = sorted({v for edge in edges for v in edge})
    expected = sorted(labels[v] for v in present if losing[v])
    assert sorted(_labels(tab, BOARD + " g.vertex.losing")) == expected
    # the automatic layout: every vertex on the board, no two on one spot
    spots = set()
    discs = tab.locator(BOARD + " circle.disc")
    for k in range(discs.count()):
        x = float(discs.nth(k).get_attribute("cx") or -1)
        y = float(discs.nth(k).get_attribute("cy") or -1)
        assert 0 <= x <= WIDTH and 0 <= y <= 440
        spots.add((round(x / 20), round(y / 20)))
    assert len(spots) == len(present)
    # the matching drawn: pairwise disjoint edges of the graph
    matched = tab.locator(BOARD + " line.edge.matching")
    ends = [
        (matched.nth(k).get_attribute("data-u"), matched.nth(k).get_attribute("data-v"))
        for k in range(matched.count())
    ]
    assert len({v for pair in ends for v in pair}) == 2 * len(ends) > 0


def test_a_bad_or_too_large_edge_list_is_refused_with_a_message(page: Page) -> None:
    tab = page
    _graph_mode(tab)
    _load(tab, "a b c\n")
    assert "line 1" in tab.inner_text("#error")
    _load(tab, "".join(f"v{k}\n" for k in range(201)))
    assert "graph too large: 201 vertices, at most 200" in tab.inner_text("#error")


def test_save_the_graph_as_a_file(page: Page, tmp_path: Path) -> None:
    tab = page
    _graph_mode(tab)
    tab.click('#examples button[data-example="petersen"]')
    _settle(tab)
    tab.click("#graph-io summary")
    with tab.expect_download() as download:
        tab.click("#graph-save")
    saved = tmp_path / "graph.txt"
    download.value.save_as(saved)
    assert saved.read_text() == tab.input_value("#graph-text")
    assert len(saved.read_text().splitlines()) == 15
    # and read back from the file: the same graph
    tab.click("#graph-clear")
    _settle(tab)
    assert tab.locator(BOARD + " g.vertex").count() == 0
    tab.set_input_files("#graph-file", str(saved))
    tab.wait_for_selector(BOARD + " g.vertex")
    _settle(tab)
    assert tab.locator(BOARD + " g.vertex").count() == 10

    def edges(lines: list[str]) -> set[frozenset[str]]:
        return {frozenset(line.split()) for line in lines}

    assert edges(_edge_list(tab)) == edges(saved.read_text().splitlines())


def test_lose_a_whole_game_on_the_petersen_graph_with_planned_answers(page: Page) -> None:
    """The Petersen graph has a perfect matching, so the mover wins from
    every start: the engine takes that side and the person, who places,
    loses.  Before each move the ring shows the engine's answer, which is
    then the answer it gives."""
    tab = page
    _graph_mode(tab)
    tab.click('#examples button[data-example="petersen"]')
    _settle(tab)
    tab.check("#show-matching")
    tab.check("#show-losing")
    tab.select_option("#side", "auto")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    assert status.get_attribute("data-phase") == "place"
    assert tab.locator(BOARD + " g.vertex.losing").count() == 0  # no losing start
    tab.click(_vertex("o0"))
    _settle(tab)
    assert "along its matching" in status.inner_text()
    assert tab.locator(BOARD + " line.edge.matching").count() == 5
    while status.get_attribute("data-phase") == "play":
        legal = _labels(tab, BOARD + " g.vertex.legal")
        assert legal
        tab.hover(_vertex(legal[-1]))
        plan = tab.inner_text("#plan")
        found = re.search(r"answers at vertex (\S+)\.", plan)
        assert found, plan
        assert tab.locator(BOARD + " circle.planned").count() == 1
        tab.click(_vertex(legal[-1]))
        _settle(tab)
        token = tab.locator(BOARD + " g.vertex.token-here")
        assert token.get_attribute("data-label") == found.group(1)
    assert status.get_attribute("data-winner") == "engine"
    # the annotated record: every move with who made it and its verdict
    record = tab.locator("#record li")
    visited = tab.locator(BOARD + " g.vertex.visited").count()
    assert record.count() == visited >= 2
    assert tab.inner_text("#record li >> nth=0").startswith("start o0 (you)")
    assert "(engine): good" in tab.inner_text("#record")
    tab.click("#step-back")
    _settle(tab)
    assert tab.locator(BOARD + " g.vertex.visited").count() == visited - 1
    tab.click("#edit")
    _settle(tab)
    assert tab.locator(BOARD + " g.vertex.visited").count() == 0


def test_win_a_game_from_the_keyboard_with_hints(page: Page) -> None:
    # a path of six vertices has a perfect matching: as the winning side
    # (the mover) the person finds the win with the hints
    tab = page
    _graph_mode(tab)
    tab.click('#examples button[data-example="path"]')
    _settle(tab)
    tab.select_option("#side", "winning")
    tab.click("#new-game")
    _settle(tab)
    status = tab.locator("#status")
    for _ in range(10):
        if status.get_attribute("data-phase") == "over":
            break
        tab.click("#hint")
        _settle(tab)
        hints = _labels(tab, BOARD + " g.vertex.hint")
        assert hints, status.inner_text()
        tab.focus(_vertex(hints[0]))
        tab.keyboard.press("Enter")
        _settle(tab)
    assert status.get_attribute("data-winner") == "you"


def test_the_explanation_of_a_clicked_vertex(page: Page) -> None:
    tab = page
    _graph_mode(tab)
    tab.click('#examples button[data-example="blossom"]')
    _settle(tab)
    # a losing start: the even alternating path from a free vertex is drawn
    tab.click(_vertex("s1"))
    _settle(tab)
    text = tab.inner_text("#explanation")
    assert text.startswith("s1: second")
    found = re.search(r"even alternating path: (.*)", text)
    assert found
    path = found.group(1).replace("-", " ").replace("=", " ").split()
    assert path[-1] == "s1" and len(path) % 2 == 1
    assert tab.locator(BOARD + " line.edge.explain").count() == len(path) - 1
    assert _labels(tab, BOARD + " g.vertex.free") == [path[0]]
    # a winning start: its partner and the barrier
    tab.click(_vertex("s2"))
    _settle(tab)
    text = tab.inner_text("#explanation")
    assert text.startswith("s2: first") and "barrier A" in text
    partner = re.search(r"first move: (\S+),", text)
    assert partner
    assert _labels(tab, BOARD + " g.vertex.partner") == [partner.group(1)]
    assert _labels(tab, BOARD + " g.vertex.barrier") == ["s2"]


def test_graph_mode_on_a_phone_and_its_theory(page: Page) -> None:
    tab = page
    tab.set_viewport_size({"width": 390, "height": 844})
    _graph_mode(tab)
    box = tab.locator(BOARD).bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    theory = tab.inner_text("#theory")
    assert "blossom" in theory and "barrier" in theory and "Tutte–Berge" in theory
    # back to the maze: the maze board and its controls return
    tab.check("#mode-maze")
    _settle(tab)
    assert tab.is_visible("#board svg") and not tab.is_visible(BOARD)


def test_the_edge_class_overlay_colours_each_elementary_component(page: Page) -> None:
    """A square with a tail d-e-f and a triangle x y z hanging from w: the
    square's four edges share a colour, e f has another, d e and the
    triangle's edges (none) none; hidden again in the maze mode."""
    tab = page
    _graph_mode(tab)
    assert not tab.locator("#edge-class-overlays").is_hidden()
    _load(tab, "a b\nb c\nc d\nd a\nd e\ne f\nx y\ny z\nz x\nz w\n")
    assert tab.locator(BOARD + " line[data-class]").count() == 0  # not until ticked
    tab.check("#show-edge-classes")
    _settle(tab)
    assert tab.locator("#edge-class-note").is_visible()
    lines = tab.locator(BOARD + " line.edge")
    seen: dict[frozenset[str], tuple[str | None, str | None, str | None]] = {}
    for k in range(lines.count()):
        line = lines.nth(k)
        pair = frozenset((line.get_attribute("data-u") or "", line.get_attribute("data-v") or ""))
        colour = line.evaluate("e => e.hasAttribute('data-hue') && getComputedStyle(e).stroke")
        seen[pair] = (
            line.get_attribute("data-class"),
            line.get_attribute("data-component"),
            colour or None,
        )
    square = [frozenset(p) for p in ("ab", "bc", "cd", "da")]
    assert {seen[p][0] for p in square} == {"some"}
    assert len({seen[p][1:] for p in square}) == 1 and seen[square[0]][1] is not None
    assert seen[frozenset("ef")][0] == "every" and seen[frozenset("ef")][1] is not None
    assert seen[frozenset("ef")][2] != seen[square[0]][2]
    assert seen[frozenset("de")] == ("none", None, None)
    assert seen[frozenset("zw")][0] == "every" and seen[frozenset("xy")][0] == "every"
    assert seen[frozenset("xz")] == ("none", None, None)
    tab.check("#mode-maze")
    assert tab.locator("#edge-class-overlays").is_hidden()
    assert tab.locator("#edge-class-note").is_hidden()
