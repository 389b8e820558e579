"""The web page's words in English and in Chinese (issue #37): one catalog
per language (``static/locale.*.json``) that the page and the server both
read; the catalogs agree key for key and argument for argument; the page's
HTML and scripts hold no English of their own; the server chooses the
language from the switch's cookie or Accept-Language, and says every
message (errors included) as a key and its arguments beside its English.
The browser half is ``test_browser_zh.py``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
from starlette.testclient import TestClient

import bipartite_game.play.web
from bipartite_game.errors import IllegalMoveError
from bipartite_game.graphs.boards import grid_board
from bipartite_game.graphs.edgelist import parse_edge_list
from bipartite_game.graphs.graph import Graph
from bipartite_game.play.match import Match
from bipartite_game.play.web import create_app
from bipartite_game.play.web.graphs import proof_said
from bipartite_game.play.web.i18n import LANGUAGES, catalog, choose_language, message, render
from bipartite_game.problems.maze import parse
from bipartite_game.theory.game import solve

#: The page's files as installed (a wheel carries them; the tests may run
#: against one, from a tree without src/).
STATIC = Path(bipartite_game.play.web.__file__).parent / "static"
ARGUMENT = re.compile(r"\{(\w+)\}")
#: The markup a ``*_html`` message may hold.
MARKUP = {"var", "code", "strong", "em"}
#: Words the page shows as they are in every language: proper names and notation.
PROPER = {"bipartite-game", "English", "中文"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


# --- the catalogs ------------------------------------------------------------


def test_the_catalogs_have_the_same_keys_and_arguments_and_no_empty_text() -> None:
    english = catalog("en")
    assert len(english) > 200
    for lang in LANGUAGES:
        words = catalog(lang)
        assert sorted(words) == sorted(english), lang
        for key, text in words.items():
            assert key == "join.sentences" or text.strip(), (lang, key)
            assert set(ARGUMENT.findall(text)) == set(ARGUMENT.findall(english[key])), (lang, key)


def test_markup_only_in_html_messages_and_only_the_few_tags() -> None:
    for lang in LANGUAGES:
        for key, text in catalog(lang).items():
            tags = set(re.findall(r"</?([a-z]+)", text))
            if key.endswith("_html"):
                assert tags <= MARKUP, (lang, key, tags)
            else:
                assert "<" not in text.replace("<-", ""), (lang, key)


def test_the_chinese_catalog_is_chinese_with_the_glossarys_terms() -> None:
    chinese = catalog("zh-CN")
    han = re.compile(r"[\u4e00-\u9fff]")
    # every message with words in it says them in Chinese (some are notation only)
    notation = {"join.sentences", "plans.item", "sum.caption_join", "error.refused"}
    for key, text in chinese.items():
        words = ARGUMENT.sub("", text)
        if key in notation or key.startswith("list.") or not re.search(r"[A-Za-z]{3}", words):
            continue
        assert han.search(text), key
    everything = " ".join(chinese.values())
    terms = ["最大匹配", "交错路", "增广路", "必胜", "必败", "先手", "放子方", "SG 值", "异或和"]
    terms += ["JSOI2009 游戏", "Gallai–Edmonds 分解", "Dulmage–Mendelsohn 分解", "障碍集"]
    for term in terms:
        assert term in everything, term


# --- the page's files hold no English of their own ------------------------------


class _Texts(HTMLParser):
    """The text nodes and the user-visible attributes of a page, outside
    scripts, style sheets and the boxes of judge-format text."""

    SKIPPED: ClassVar[set[str]] = {"script", "style", "textarea"}
    SHOWN = ("title", "aria-label", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []
        self.texts: list[str] = []
        self.keys: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag not in ("input", "meta", "link", "br"):
            self.inside.append(tag)
        for name in ("data-i18n", "data-i18n-html"):
            if named.get(name):
                self.keys.append(str(named[name]))
        for pair in (named.get("data-i18n-attr") or "").split(";"):
            if pair:
                self.keys.append(pair.split(":")[1])
        for name in self.SHOWN:
            value = named.get(name)
            if value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        while self.inside and self.inside.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not (set(self.inside) & self.SKIPPED) and data.strip():
            self.texts.append(data.strip())


def _english_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not proper names or notation."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", text)
    return [word for word in words if word not in PROPER and not word.startswith("bipartite-game")]


def test_the_html_has_no_words_of_its_own() -> None:
    parser = _Texts()
    parser.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    strays = [text for text in parser.texts if _english_words(text)]
    assert strays == []
    english = catalog("en")
    assert parser.keys and [key for key in parser.keys if key not in english] == []


def _is_text(literal: str) -> bool:
    """Whether a script's string literal is words for people: two words in
    a row (a capital word, or a lowercase one after a word), unless it is
    a CSS selector (``rect.cell.legal, circle.vertex.legal``)."""
    bare = re.sub(r"\$\{[^}]*\}", "", literal)  # a template's arguments
    if bare == "use strict" or not re.search(r"[A-Za-z]{2,} [a-z]{2,}|\b[A-Z][a-z]+ ", bare):
        return False
    selector = re.fullmatch(r"[\w\s.#:()\[\]=\"'>,*+~-]*", bare)
    return not (selector and re.search(r"[.#\[:][A-Za-z]", bare))


def _literals(script: str) -> list[str]:
    """The string literals of a script (comments left out)."""
    script = re.sub(r"^\s*//.*$", "", script, flags=re.M)
    script = re.sub(r"\s//\s.*$", "", script, flags=re.M)
    return [
        match.group(2)
        for match in re.finditer(r"""(["'`])((?:\\.|(?!\1).)*)\1""", script)
    ]


@pytest.mark.parametrize("name", sorted(path.name for path in STATIC.glob("*.js")))
def test_the_scripts_have_no_words_of_their_own(name: str) -> None:
    """A literal with two words in a row, or a capital and a space, is
    text for people: it must come from the catalogs instead."""
    script = (STATIC / name).read_text(encoding="utf-8")
    strays = [literal for literal in _literals(script) if _is_text(literal)]
    assert strays == [], strays


def test_every_key_the_scripts_name_is_in_the_catalogs() -> None:
    english = catalog("en")
    named = set()
    for path in STATIC.glob("*.js"):
        script = path.read_text(encoding="utf-8")
        named |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", script))
        named |= set(re.findall(r"""\bkey:\s*["']([\w.]+)["']""", script))
        named |= set(re.findall(r"""liveText\([^)]*t\(["']([\w.]+)["']""", script))
    assert len(named) > 40
    assert sorted(named - set(english)) == []


# --- the language of the page ----------------------------------------------------


@pytest.mark.parametrize(
    ("cookie", "header", "chosen"),
    [
        (None, None, "en"),
        (None, "zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"),
        (None, "zh", "zh-CN"),
        (None, "zh-Hans-CN", "zh-CN"),
        (None, "zh-TW", "zh-CN"),  # the page has Simplified Chinese only
        (None, "en-US,en;q=0.9,zh-CN;q=0.8", "en"),
        (None, "en;q=0.5, zh;q=0.8", "zh-CN"),
        (None, "fr-FR, zh;q=0.7", "zh-CN"),  # French is not spoken here: the next one
        (None, "fr-FR, de", "en"),
        (None, "zh;q=0", "en"),
        (None, "ZH-cn", "zh-CN"),
        (None, "zh;q=bad, en", "en"),
        ("en", "zh-CN", "en"),  # the switch's choice wins
        ("zh-CN", "en-US", "zh-CN"),
        ("klingon", "zh-CN", "zh-CN"),
    ],
)
def test_the_language_is_the_switchs_else_the_browsers(
    cookie: str | None, header: str | None, chosen: str
) -> None:
    assert choose_language(cookie, header) == chosen


def test_the_page_is_served_in_the_language_asked_for(client: TestClient) -> None:
    english = client.get("/")
    assert '<html lang="en">' in english.text
    assert english.headers["content-language"] == "en"
    assert "Accept-Language" in english.headers["vary"]
    chinese = client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    assert '<html lang="zh-CN">' in chinese.text
    assert "<title data-i18n=\"page.title\">bipartite-game：" in chinese.text
    assert chinese.headers["content-language"] == "zh-CN"
    # both catalogs are in the page, for the switch
    found = re.search(r'<script type="application/json" id="catalogs">(.*?)</script>', chinese.text)
    assert found is not None
    data = json.loads(found.group(1))
    assert data["lang"] == "zh-CN"
    assert data["catalogs"]["zh-CN"]["button.start"] == "开始对局"
    assert data["catalogs"]["en"]["button.start"] == "Start a game"
    client.cookies.set("lang", "en")
    try:
        again = client.get("/", headers={"Accept-Language": "zh-CN"})
    finally:
        client.cookies.clear()
    assert '<html lang="en">' in again.text


# --- what the server says, in keys and arguments -------------------------------


def test_an_error_has_a_stable_code_its_arguments_and_its_english(client: TestClient) -> None:
    answer = client.post("/api/analyse", json={"maze": "100 8\n"})
    assert answer.status_code == 413
    data = answer.json()
    assert data["error"] == "maze too large: 100x8, at most 64 on a side"
    assert data["code"] == "error.maze_too_large"
    assert data["args"] == {"height": "100", "width": "8", "side": 64}
    said = {"key": data["code"], "args": data["args"]}
    assert render(said) == data["error"]
    assert render(said, "zh-CN") == "迷宫太大：100x8，每边最多 64"


def test_a_body_too_large_says_the_boards_limit_in_both_languages(client: TestClient) -> None:
    answer = client.post(
        "/api/graph/analyse",
        content=json.dumps({"edges": "a b\n" * 20000}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 413
    data = answer.json()
    assert data["code"] == "error.board_too_large"
    said = {"key": data["code"], "args": data["args"]}
    assert render(said) == data["error"]
    assert "at most 200 vertices and 2000 edges" in data["error"]
    assert "最多 200 个顶点、2000 条边" in render(said, "zh-CN")


def test_a_refused_undo_is_said_in_the_catalogs_words(client: TestClient) -> None:
    game = client.post("/api/games", json={"maze": "1 3\n...\n", "side": "second"}).json()
    answer = client.post(f"/api/games/{game['id']}/undo", json={})
    assert answer.status_code == 400
    data = answer.json()
    assert data["code"] == "error.nothing_to_undo"
    assert render({"key": data["code"], "args": data["args"]}, "zh-CN").startswith("没有可以撤回的")


def test_a_game_says_its_messages_as_keys_whose_english_is_the_message(
    client: TestClient,
) -> None:
    state = client.post(
        "/api/games", json={"maze": "2 3\n...\n...\n", "side": "second", "plan": True}
    ).json()
    assert [line["key"] for line in state["said"]] == ["game.place.cell"]
    state = client.post(f"/api/games/{state['id']}/place", json={"cell": [0, 0]}).json()
    while state["phase"] != "over":
        assert render(state["said"]) == state["message"]
        assert "轮到你走" in render(state["said"], "zh-CN")
        state = client.post(
            f"/api/games/{state['id']}/move", json={"cell": state["legal"][0], "plan": True}
        ).json()
    assert render(state["said"]) == state["message"]
    assert render(state["said"], "zh-CN").endswith("赢了。")
    analysis = client.post("/api/analyse", json={"maze": "2 3\n...\n...\n"}).json()
    assert render(analysis["summary_said"]) == analysis["summary"]


def test_a_sum_says_its_messages_as_keys(client: TestClient) -> None:
    text = "@maze 1 1\n1 3\n...\n@graph a\na b\nb c\n"
    state = client.post("/api/sums", json={"sum": text, "side": "first"}).json()
    while state["phase"] != "over":
        assert render(state["said"]) == state["message"]
        board = next(k for k, shown in enumerate(state["boards"]) if shown["legal"])
        to = state["boards"][board]["legal"][0]
        move = {"board": board, "cell" if isinstance(to, list) else "vertex": to}
        state = client.post(f"/api/sums/{state['id']}/move", json=move).json()
    assert render(state["said"]) == state["message"]
    assert "无路可走" in render(state["said"], "zh-CN")


GRAPHS = {
    "blossom with a stem": [("s1", "s2"), ("s2", "b1"), ("b1", "b2"), ("b2", "b3"),
                            ("b3", "b4"), ("b4", "b5"), ("b5", "b1")],
    "a path": [("1", "2"), ("2", "3"), ("3", "4"), ("4", "5")],
    "a star": [("c", "1"), ("c", "2"), ("c", "3")],
    "a triangle and a tail": [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")],
}


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_every_proof_said_in_english_is_the_explain_commands_text(name: str) -> None:
    text = "".join(f"{a} {b}\n" for a, b in GRAPHS[name])
    graph = Graph.from_edge_list(parse_edge_list(text.encode()))
    solution = solve(graph)
    for label in graph.labels or ():
        proof = solution.explain(label)
        lines = proof_said(proof)
        assert "\n".join(render(line) for line in lines) + "\n" == proof.text()
        assert "\n".join(render(line, "zh-CN") for line in lines).count("\n") == len(lines) - 1


def test_a_message_must_be_in_the_catalogs() -> None:
    with pytest.raises(KeyError, match=r"no message 'no\.such\.key'"):
        message("no.such.key")
    assert render(message("where.cell", row=2, col=3), "zh-CN") == "第 2 行第 3 列"


def test_a_move_off_the_legal_ones_is_refused_in_the_matchs_english_and_in_chinese(
    client: TestClient,
) -> None:
    # a maze: the token's own cell is no move
    game = client.post("/api/games", json={"maze": "1 3\n...\n", "side": "first"}).json()
    row, col = game["path"][-1]
    answer = client.post(f"/api/games/{game['id']}/move", json={"cell": [row, col]})
    assert answer.status_code == 400
    data = answer.json()
    assert data["code"] == "error.not_a_move.cell"
    match = Match(grid_board(parse(b"1 3\n...\n").open, "rook"), side="first", start=(row, col))
    with pytest.raises(IllegalMoveError) as refused:
        match.move_at(row, col)
    assert data["error"] == str(refused.value)  # the English is the match's own
    said = render({"key": data["code"], "args": data["args"]}, "zh-CN")
    assert said.startswith(f"不合规则的一步：第 {row + 1} 行第 {col + 1} 列不是")
    # a graph: the token's own vertex
    edges = "a b\nb c\n"
    game = client.post("/api/graph/games", json={"edges": edges, "side": "first"}).json()
    token = game["path"][-1]
    data = client.post(f"/api/games/{game['id']}/move", json={"vertex": token}).json()
    assert data["code"] == "error.not_a_move.vertex"
    graph = Graph.from_edge_list(parse_edge_list(edges.encode()))
    match = Match(graph, side="first", start=graph.index(token))
    with pytest.raises(IllegalMoveError) as refused:
        match.play(graph.index(token))
    assert data["error"] == str(refused.value)
    assert render({"key": data["code"], "args": data["args"]}, "zh-CN").startswith("不合规则的一步")
