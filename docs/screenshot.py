"""Make the page's pictures for the README: ``docs/screenshot.png`` (a maze,
its losing starts and a maximum matching), ``docs/screenshot-game.png`` (a
game in progress with the overlays of what is left and the engine's planned
answer to the move under the pointer) and ``docs/screenshot-record.png`` (the
annotated record at the end of a game, stepped back one move) and
``docs/screenshot-graph.png`` (the graph mode: a blossom with a stem, which
is not bipartite, analysed, with one vertex's proof drawn) and
``docs/screenshot-sum.png`` (the sum mode: a maze and a graph, a token on
each, their Grundy values, the nim-sum and a hint).

Run from the repository root: ``python docs/screenshot.py`` (needs Debian's
chromium and the test extras).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

MAZE = """8 12
............
.##..#...##.
.#...#.#....
...#...#.##.
.#.#.#......
.#...#.##.#.
...#........
.#...##.#...
"""
SUM = """# a maze and a graph, a token on each
@maze 1 1
4 5
...#.
.#...
...#.
#....
@graph a
a b
b c
c d
b e
e f
f g
g c
"""
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def _settle(page: Page) -> None:
    page.wait_for_selector("body:not(.busy)", state="attached")  # CSP: no eval


def main() -> None:
    docs = Path(__file__).parent
    server = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split("serving on ")[1].split()[0]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1180, "height": 700})
            page.goto(url)
            page.wait_for_selector("#board svg")
            page.click("summary")
            page.fill("#maze-text", MAZE)
            page.click("#load")
            page.check("#show-losing")
            page.check("#show-matching")
            _settle(page)
            page.click("summary")
            page.screenshot(path=str(docs / "screenshot.png"))

            # a game the engine wins along its matching, two moves in
            page.select_option("#side", "auto")
            page.click("#new-game")
            _settle(page)
            if page.get_attribute("#status", "data-phase") == "place":
                page.click('#board rect.cell[data-row="0"][data-col="0"]')
                _settle(page)
            page.click("#board rect.cell.legal >> nth=0")
            _settle(page)
            page.hover("#board rect.cell.legal >> nth=0")
            page.screenshot(path=str(docs / "screenshot-game.png"))

            while page.get_attribute("#status", "data-phase") == "play":
                page.click("#board rect.cell.legal >> nth=-1")
                _settle(page)
            page.click("#step-back")
            _settle(page)
            page.screenshot(path=str(docs / "screenshot-record.png"), full_page=True)

            # the graph mode: a graph that is not bipartite, and one proof
            page.click("#edit")
            _settle(page)
            page.set_viewport_size({"width": 1180, "height": 860})
            page.check("#mode-graph")
            page.wait_for_selector("#graph-board svg g.vertex")
            page.click('#examples button[data-example="blossom"]')
            _settle(page)
            page.click('#graph-board g.vertex[data-label="s1"]')
            _settle(page)
            page.mouse.move(0, 0)
            page.screenshot(path=str(docs / "screenshot-graph.png"))

            # the sum mode: the engine (first, with no move to a nim-sum of 0)
            # has moved; the hint marks the move that makes the nim-sum 0
            page.set_viewport_size({"width": 1180, "height": 700})
            page.check("#mode-sum")
            _settle(page)
            page.fill("#sum-text", SUM)
            page.click("#new-game")
            _settle(page)
            page.click("#hint")
            _settle(page)
            page.mouse.move(0, 0)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(docs / "screenshot-sum.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print(f"wrote the screenshots in {docs}")


if __name__ == "__main__":
    main()
