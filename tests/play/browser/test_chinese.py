"""The page in Simplified Chinese (issue #37), in headless Chromium at a
phone's size (390×844, a touch screen) and a laptop's (1366×768): chosen
by the browser's language (Accept-Language and navigator.language zh-CN)
or by the switch; no English on the first screen but proper names and
notation; a game played to its end in each mode (a maze, a graph, a sum of
boards), with the teaching texts (the record, a vertex's proof, planned
answers) in Chinese; the switch changing every word at once, the game in
progress kept, and remembered on the next visit.  Skipped without
Chromium, like the other browser tests (fixtures in ``tests/support/browser.py``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.support.browser import TabAt, _settle

#: A browser and a server: the slow tier (-m slow).
pytestmark = pytest.mark.slow

if TYPE_CHECKING:
    from playwright.sync_api import Page

PHONE = (390, 844, True)
LAPTOP = (1366, 768, False)
SIZES = pytest.mark.parametrize(
    ("width", "height", "touch"), [PHONE, LAPTOP], ids=["phone", "laptop"]
)
GRAPH = "#graph-board svg"
SUMS = "#sum-boards figure.sum-board"
HAN = re.compile(r"[\u4e00-\u9fff]")

#: Latin words the Chinese page may show: proper names (SG: Sprague–Grundy,
#: as the community writes "SG 值"), the language switch's "English" and the
#: names printed on keys; and notation: code (the commands' formats, in
#: <code>), file paths, single letters (the barrier A) and words with
#: digits (the boards' labels, b1 or s2, which are the user's).
PROPER_NAMES = {"bipartite-game", "English", "Petersen", "SG"}
PROPER_NAMES |= {"Enter", "Tab", "Delete", "Ctrl", "Shift"}

def _first_screen_words(tab: Page) -> list[str]:
    """The Latin words of the text shown on the first screen, outside the
    proper names: every visible text node and every visible control's
    label, within the window, the page scrolled to the top."""
    tab.evaluate("window.scrollTo(0, 0)")
    texts: list[str] = tab.evaluate(
        """() => {
          const shown = [];
          const inView = (box) => box.width > 0 && box.height > 0 && box.bottom > 0
            && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            const skipped = parent.closest("script, textarea, [hidden], svg, code");
            if (!node.textContent.trim() || skipped) continue;
            if (getComputedStyle(parent).visibility === "hidden") continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            if ([...range.getClientRects()].some(inView)) shown.push(node.textContent);
          }
          for (const element of document.querySelectorAll("select, [aria-label], [title]")) {
            if (element.closest("svg") || !inView(element.getBoundingClientRect())) continue;
            if (element.tagName === "SELECT") shown.push(element.selectedOptions[0].textContent);
            for (const name of ["aria-label", "title"]) {
              if (element.getAttribute(name)) shown.push(element.getAttribute(name));
            }
          }
          shown.push(document.title);
          return shown;
        }"""
    )
    shown = re.sub(r"[\w.-]+/[\w./-]+", " ", " ".join(texts))  # file paths
    words = re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z0-9]*", shown)
    return [
        word
        for word in words
        if word not in PROPER_NAMES and len(word) > 1 and not re.search(r"[0-9]", word)
    ]


def _status(tab: Page) -> str:
    return tab.inner_text("#status")


@SIZES
def test_the_first_screen_is_in_chinese_for_a_chinese_browser(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch, "zh-CN")
    assert tab.get_attribute("html", "lang") == "zh-CN"
    assert tab.inner_text("#new-game") == "开始对局"
    assert HAN.search(_status(tab)), _status(tab)
    assert _first_screen_words(tab) == []
    # and in the other modes' first screens too
    for mode in ("#mode-graph", "#mode-sum"):
        tab.check(mode)
        _settle(tab)
        assert _first_screen_words(tab) == [], mode
    # the English page, for comparison, has English on its first screen
    english = tab_at(width, height, touch, "en-US")
    assert english.get_attribute("html", "lang") == "en"
    assert "Start" in _first_screen_words(english)


@SIZES
def test_a_maze_game_played_to_its_end_in_chinese(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch, "zh-CN")
    assert HAN.search(tab.inner_text("#analysis"))
    tab.select_option("#side", "second")  # the placer: place with the hint, then follow it
    tab.click("#new-game")
    _settle(tab)
    assert _status(tab).startswith("请放子")
    for _ in range(60):
        if tab.get_attribute("#status", "data-phase") == "over":
            break
        tab.click("#hint")
        _settle(tab)
        hinted = tab.locator("#board rect.cell.hint")
        assert hinted.count() > 0, _status(tab)
        assert "提示" in _status(tab)
        hinted.first.click()
        _settle(tab)
        assert tab.inner_text("#error") == ""
        if tab.get_attribute("#status", "data-phase") == "play":
            assert "引擎" in _status(tab) and "轮到你走" in _status(tab), _status(tab)
            # the token's tooltip, from the server's picture, in Chinese too
            title = tab.locator("#board svg .token title").text_content() or ""
            assert re.fullmatch("轮到(先手|后手)走", title), title
    assert tab.get_attribute("#status", "data-winner") == "you"
    assert "引擎无路可走：你赢了。" in _status(tab)
    record = tab.locator("#record li").all_inner_texts()
    assert record[0].startswith("起点 ")
    mine = [line for line in record if "（你）" in line]
    assert mine and all(line.endswith("：好棋") for line in mine), record
    assert tab.inner_text("#mistakes") == "你没有失误。"
    assert tab.inner_text("#step-shown") == "显示终局"
    tab.click("#step-back")
    _settle(tab)
    assert re.fullmatch(r"显示第 \d+ 步之后的局面", tab.inner_text("#step-shown"))


@SIZES
def test_a_graph_game_played_to_its_end_in_chinese_with_a_proof(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch, "zh-CN")
    tab.check("#mode-graph")
    tab.wait_for_selector(GRAPH + " g.vertex")
    _settle(tab)
    assert tab.inner_text("#status") == "编辑图：画出它，或在它上面开始对局。"
    assert "不是二分图（奇环" in tab.inner_text("#graph-analysis")  # the blossom with a stem
    # a vertex's proof, in Chinese, drawn on the graph
    tab.click(f'{GRAPH} g.vertex[data-label="s1"]')
    _settle(tab)
    proof = tab.inner_text("#explanation")
    assert proof.startswith("s1：后手胜（当前行动方必败）"), proof
    assert "偶交错路：" in proof and "Tutte–Berge" in proof
    named = tab.get_attribute(f'{GRAPH} g.vertex[data-label="s1"]', "aria-label")
    assert (named or "").startswith("顶点 s1")
    # the Petersen graph: the engine, the mover, wins from every start
    tab.click('#examples button[data-example="petersen"]')
    _settle(tab)
    tab.select_option("#side", "auto")
    tab.click("#new-game")
    _settle(tab)
    assert _status(tab).startswith("请放子：点击一个顶点。")
    tab.click(f'{GRAPH} g.vertex[data-label="o0"]')
    _settle(tab)
    assert "引擎沿它的匹配应对" in _status(tab), _status(tab)
    while tab.get_attribute("#status", "data-phase") == "play":
        assert tab.inner_text("#plans").startswith("引擎对你每一步的应对：")
        tab.click(f"{GRAPH} g.vertex.legal >> nth=0")
        _settle(tab)
        assert tab.inner_text("#error") == ""
    assert tab.get_attribute("#status", "data-winner") == "engine"
    assert "你无路可走：引擎赢了。" in _status(tab)
    assert "（引擎）：好棋" in tab.inner_text("#record")


@SIZES
def test_a_sum_played_to_its_end_in_chinese(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch, "zh-CN")
    tab.check("#mode-sum")
    _settle(tab)
    assert _status(tab).startswith("编辑游戏的和")
    tab.click("#new-game")
    tab.wait_for_selector(SUMS + " svg")
    _settle(tab)
    captions = tab.locator(f"{SUMS} figcaption").all_inner_texts()
    assert captions == ["棋盘 1 · SG 值 1", "棋盘 2 · SG 值 2"]
    assert tab.inner_text("#nim-sum").startswith("异或和 1 ⊕ 2 = 3：不为 0")
    for _ in range(10):
        if tab.get_attribute("#status", "data-phase") == "over":
            break
        tab.click("#hint")
        _settle(tab)
        assert "提示：棋盘" in _status(tab)
        tab.click(f"{SUMS} .hint")
        _settle(tab)
        assert tab.inner_text("#error") == ""
    assert tab.get_attribute("#status", "data-winner") == "you"
    assert "引擎在所有棋盘上都无路可走：你赢了。" in _status(tab)
    assert tab.inner_text("#plans").startswith("着法：1. 你在棋盘")


@SIZES
def test_the_switch_says_everything_again_and_keeps_the_game(
    tab_at: TabAt, width: int, height: int, touch: bool
) -> None:
    tab = tab_at(width, height, touch, "en-US")
    assert tab.get_attribute("html", "lang") == "en"
    assert tab.get_attribute("#lang-en", "aria-pressed") == "true"
    tab.select_option("#side", "first")  # the engine places, you move
    tab.click("#new-game")
    _settle(tab)
    tab.click("#board rect.cell.legal >> nth=0")
    _settle(tab)
    english = _status(tab)
    path = tab.locator("#board rect.cell.visited").count()
    assert "Your move" in english or "The engine" in english
    tab.click("#lang-zh")
    assert tab.get_attribute("html", "lang") == "zh-CN"
    assert tab.get_attribute("#lang-zh", "aria-pressed") == "true"
    assert HAN.search(_status(tab)) and "Your move" not in _status(tab)
    assert tab.locator("#board rect.cell.visited").count() == path  # the same game
    assert tab.inner_text("#hint") == "提示"
    assert (tab.get_attribute("#board", "aria-label") or "").startswith("迷宫")
    assert _first_screen_words(tab) == []
    # an error in the language of the moment, said again after a switch
    tab.click("#edit")
    _settle(tab)
    tab.fill("#rows", "100")
    tab.click("#blank")
    assert tab.inner_text("#error") == "迷宫太大：100x8，每边最多 64"
    tab.click("#lang-en")
    assert tab.inner_text("#error") == "maze too large: 100x8, at most 64 on a side"
    tab.click("#lang-zh")
    # the choice is remembered: the next visit is in Chinese, whatever the browser says
    tab.reload()
    tab.wait_for_selector("#board svg rect.cell")
    _settle(tab)
    assert tab.get_attribute("html", "lang") == "zh-CN"
    assert tab.inner_text("#new-game") == "开始对局"
    tab.click("#lang-en")
    tab.reload()
    tab.wait_for_selector("#board svg rect.cell")
    assert tab.get_attribute("html", "lang") == "en"
    assert tab.inner_text("#new-game") == "Start a game"


def test_a_server_error_is_said_in_chinese(tab_at: TabAt) -> None:
    """A message of the server reaches the page as a code and its arguments:
    the page says it in its own language (here a maze the server refuses)."""
    tab = tab_at(*LAPTOP, "zh-CN")
    tab.click("#maze-io summary")
    tab.fill("#maze-text", "2 2\n..\n.x\n")
    tab.click("#load")
    _settle(tab)
    assert tab.inner_text("#error").startswith("迷宫格式有误：")
    assert tab.inner_text("#analysis") == "未载入：上面的文本被拒绝了，所以显示的仍是之前的棋盘。"
