"""Make ``docs/screenshot.png``: the page of ``bipartite-game serve`` with a
maze, its losing starts, a maximum matching and a game in progress.

Run from the repository root: ``python docs/screenshot.py`` (needs Debian's
chromium and the test extras).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

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
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def main() -> None:
    out = Path(__file__).with_name("screenshot.png")
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
            page.wait_for_selector("body:not(.busy)", state="attached")  # CSP: no eval
            page.click("summary")
            page.screenshot(path=str(out))
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
