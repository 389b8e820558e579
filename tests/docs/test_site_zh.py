"""The documentation site in Simplified Chinese (docs/i18n.py, docs/locale,
docs/_ext/bipartite_game_i18n.py).

Default tier: the catalogs of the translated pages are complete (no
untranslated message, none fuzzy), keep their message's code and links, and
belong to a page; every command's help is read into its sentences whole;
the language switch's links point at the same page.  Slow tier: both
languages build with warnings as errors (``python docs/i18n.py build``);
the Chinese pages read in Chinese; every link of each language stays inside
it, but the switch's, which leads to the same page in the other; the
English site shows none of the translation's additions; the catalogs hold
the English as it is now, and ``update`` follows a change of it.
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.paths import ROOT

DOCS = ROOT / "docs"
LOCALE = DOCS / "locale" / "zh_CN" / "LC_MESSAGES"

#: The pages issue #37 has translated: the home page (the README), the
#: tutorial, the theory, the sums and the Grundy values, the kit, the
#: glossary, and every command's page.
REQUIRED = {"index", "tutorial", "theory", "sums", "nimbers", "kit", "glossary"} | {
    f"commands/{page.stem}" for page in (DOCS / "commands").glob("*.md")
}

CJK = re.compile(r"[\u4e00-\u9fff]")


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _needs(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError:
        if os.environ.get("BIPARTITE_GAME_DOCS_TESTS") == "required":
            pytest.fail(f"{module} is not installed: pip install -e '.[docs]'")
        pytest.skip(f"{module} is not installed (the docs extra)")


@pytest.fixture(scope="module")
def i18n() -> ModuleType:
    """docs/i18n.py (it imports the site's extension, hence Sphinx)."""
    _needs("sphinx")
    return _load("docs_i18n", DOCS / "i18n.py")


@pytest.fixture(scope="module")
def extension() -> ModuleType:
    _needs("sphinx")
    sys.path.insert(0, str(DOCS / "_ext"))
    return importlib.import_module("bipartite_game_i18n")


def _catalog(page: str) -> Any:
    _needs("babel")
    pofile = importlib.import_module("babel.messages.pofile")
    with (LOCALE / f"{page}.po").open("rb") as file:
        return pofile.read_po(file, charset="utf-8")


def test_the_translated_pages_are_those_of_the_issue(i18n: ModuleType) -> None:
    assert set(i18n.translated_pages()) >= REQUIRED


@pytest.mark.parametrize("page", sorted(REQUIRED))
def test_every_translated_page_has_a_complete_catalog(page: str) -> None:
    assert (LOCALE / f"{page}.po").is_file(), f"no catalog for {page}: python docs/i18n.py update"
    catalog = _catalog(page)
    assert not catalog.fuzzy, f"{page}.po: its header is flagged fuzzy"
    messages = [m for m in catalog if m.id]
    assert messages
    untranslated = [m.id for m in messages if not m.string]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert untranslated == [], f"{page}.po: untranslated"
    assert fuzzy == [], f"{page}.po: fuzzy"


def test_every_catalog_belongs_to_a_translated_page(i18n: ModuleType) -> None:
    pages = set(i18n.translated_pages())
    catalogs = {p.relative_to(LOCALE).with_suffix("").as_posix() for p in LOCALE.rglob("*.po")}
    assert catalogs == pages


#: Inline code in a message: reStructuredText's ``x`` (the theory page's
#: docstrings) first, then Markdown's `x`.
CODE = re.compile(r"``(.+?)``|`([^`]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", sorted(REQUIRED))
def test_translations_keep_the_code_and_the_links_of_their_message(page: str) -> None:
    """What a message quotes as code stays in its translation as it is, and
    every link keeps its target (so it leads to the same page of the Chinese
    site); the README's ``docs/X.md`` is read as ``X.md`` from
    docs/index.md, its translations' page."""
    for message in _catalog(page):
        if not message.id or not message.string:
            continue
        for match in CODE.finditer(message.id):
            code = match.group(1) or match.group(2)
            assert code.strip() in message.string, (page, code, message.string)
        for target in LINK.findall(message.id):
            relative = target.removeprefix("docs/") if page == "index" else target
            kept = f"]({relative})" in message.string or message.string == message.id
            assert kept, (page, target, message.string)


def _command_words() -> list[list[str]]:
    words = []
    for page in sorted((DOCS / "commands").glob("*.md")):
        for found in re.findall(r"```\{command-help\}([^\n]*)", page.read_text()):
            words.append(found.split())
    return words


@pytest.mark.parametrize("words", _command_words(), ids=lambda w: " ".join(w) or "(root)")
def test_a_command_help_is_read_into_its_sentences_whole(
    words: list[str], extension: ModuleType
) -> None:
    """What the translated table of a command page holds is the whole help
    (but its usage): every word, in order, every argument a row."""
    text = importlib.import_module("bipartite_game_docs").command_help(words)
    parsed = extension.parse_help(text)
    pieces = [*parsed.description]
    for section in parsed.sections:
        pieces.append(section.title + ":")
        for entry in section.entries:
            pieces += [entry.invocation, entry.help]
    pieces += parsed.epilog
    body = text.split("\n\n", 1)[1]  # after the usage
    # a word argparse broke at a hyphen is one word again in the sentences
    body = re.sub(r"(?<=[A-Za-z]-)\n\s*(?=[A-Za-z])", "", body)
    assert " ".join(pieces).split() == body.split()
    options = re.findall(r"^  (-\S+(?: [^ \n]+)?)", text, re.MULTILINE)
    invocations = [e.invocation for s in parsed.sections for e in s.entries]
    for option in options:
        assert any(i.startswith(option) for i in invocations), option
    assert parsed.sections and all(e.help for e in parsed.sections[-1].entries)


def test_unwrap_joins_a_word_broken_at_its_hyphen_and_nothing_else(
    extension: ModuleType,
) -> None:
    assert extension.unwrap(["a random d-regular graph; bipartite-", "er, G(n, n, c/n)"]) == (
        "a random d-regular graph; bipartite-er, G(n, n, c/n)"
    )
    assert extension.unwrap(["an arc u -", "> v", "  (see", "docs/json.md)"]) == (
        "an arc u - > v (see docs/json.md)"
    )


@pytest.mark.parametrize("page", ["index", "tutorial", "commands/maze", "api/generated/x.y"])
def test_the_switch_links_a_page_to_itself_in_each_language(
    page: str, extension: ModuleType
) -> None:
    folders = {code: folder for code, _name, folder in extension.LANGUAGES}
    assert folders["en"] == "" and "zh_CN" in folders
    for language, folder in folders.items():
        here = posixpath.join(folder, page + ".html")
        links = extension.switch_links(page, language)
        assert [link["code"] for link in links] == list(folders)
        assert sum(link["current"] for link in links) == 1
        for link in links:
            target = posixpath.normpath(posixpath.join(posixpath.dirname(here), link["url"]))
            assert target == posixpath.join(folders[link["code"]], page + ".html")


# ---------------------------------------------------------------------------
# The built site (slow)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both languages, built by ``python docs/i18n.py build`` with warnings
    as errors: English in the folder, Chinese in its zh_CN/."""
    _needs("sphinx")
    _needs("myst_parser")
    _needs("furo")
    out = tmp_path_factory.mktemp("site") / "html"
    done = subprocess.run(
        [sys.executable, str(DOCS / "i18n.py"), "build", "--outdir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


class _Page(HTMLParser):
    """The ids, the links (with their hreflang) and the prose of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str | None]] = []
        self.prose: list[str] = []
        self.html_lang = ""
        self._skip = 0  # inside pre, code, svg, em, script, style
        self._in_article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "html":
            self.html_lang = found.get("lang") or ""
        for name in ("href", "src"):
            value = found.get(name)
            if value and tag in ("a", "link", "script", "img"):
                self.links.append((value, found.get("hreflang")))
        if tag == "article":
            self._in_article += 1
        if tag in ("pre", "code", "svg", "em", "script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._in_article -= 1
        if tag in ("pre", "code", "svg", "em", "script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._in_article and not self._skip:
            self.prose.append(data)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text())
    return page


def _pages(site: Path, language: str) -> list[Path]:
    root = site / "zh_CN" if language == "zh_CN" else site
    return sorted(p for p in root.rglob("*.html") if language == "zh_CN" or "zh_CN" not in p.parts)


@pytest.mark.slow
@pytest.mark.parametrize("page", sorted(REQUIRED))
def test_the_chinese_pages_read_in_chinese(site: Path, page: str) -> None:
    """Chinese prose, no English sentence left (code, pictures and the
    titles of papers aside: <em>) and no Markdown a translation broke."""
    parsed = _read(site / "zh_CN" / f"{page}.html")
    assert parsed.html_lang == "zh-CN"
    prose = html.unescape(" ".join(parsed.prose))
    assert len(CJK.findall(prose)) >= 20, page
    # a sentence of seven English words or more; a quoted name (the web
    # page's "Show the Grundy values and the nim-sum") is the program's
    named = re.sub(r'"[^"]*"|“[^”]*”', "", prose)
    english = re.search(r"(?:\b[A-Za-z]+\b[ ,;:]+){7,}", named)
    assert english is None, (page, english.group(0) if english else "")
    for broken in ("**", "](", "`"):
        assert broken not in prose, (page, broken, prose[prose.find(broken) - 40 :][:80])


@pytest.mark.slow
def test_the_chinese_search_finds_the_glossary_s_terms_whole(site: Path) -> None:
    _needs("jieba")
    text = (site / "zh_CN" / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text.removeprefix("Search.setIndex(").removesuffix(")"))
    for term in ("最大匹配", "增广路", "交错路", "二分图博弈", "对拍", "必败起点"):
        assert term in index["terms"], term


def _resolve(page: Path, url: str) -> tuple[Path, str]:
    path, _, anchor = url.split("?")[0].partition("#")
    target = page if not path else Path(posixpath.normpath(str(page.parent / path)))
    return target, anchor


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_links_of_each_language_stay_inside_it(site: Path, language: str) -> None:
    """Every link of a page leads to a file of the same language's build
    (and to an id that file has), except the language switch's, which leads
    to the same page in the other build."""
    roots = {"en": site, "zh_CN": site / "zh_CN"}
    here, other = roots[language], roots["zh_CN" if language == "en" else "en"]
    ids: dict[Path, set[str]] = {}
    pages = _pages(site, language)
    assert len(pages) > 50
    for page in pages:
        parsed = _read(page)
        ids[page] = parsed.ids
        switch = [url for url, lang in parsed.links if lang]
        assert len(switch) == 1, (page, switch)  # the other language; this one is not a link
        target, _ = _resolve(page, switch[0])
        assert target == other / page.relative_to(here), (page, switch[0])
        assert target.is_file(), target
        for url, lang in parsed.links:
            if lang or re.match(r"[a-z][a-z0-9+.-]*:", url) or url.startswith("//"):
                continue  # the switch, checked above, or another site
            target, anchor = _resolve(page, url)
            assert target.is_relative_to(here), (page, url)
            if language == "en":
                assert not target.is_relative_to(site / "zh_CN"), (page, url)
            assert target.exists(), (page, url)
            if anchor and target.suffix == ".html":
                if target not in ids:
                    ids[target] = _read(target).ids
                assert anchor in ids[target], (page, url)


@pytest.mark.slow
def test_the_english_site_shows_none_of_the_translation(site: Path) -> None:
    """The command pages' tables of arguments are in the Chinese site only;
    in the English one the help is alone, as it was."""
    for page in (DOCS / "commands").glob("*.md"):
        name = f"commands/{page.stem}.html"
        english = (site / name).read_text()
        chinese = (site / "zh_CN" / name).read_text()
        assert "command-help-summary" not in english
        assert "What the help above says" not in english
        assert "command-help-summary" in chinese
        helps = html.unescape(
            re.sub(r"<[^>]+>", "", "".join(re.findall(r"<pre>.*?</pre>", english, re.S)))
        )
        options = re.findall(r"^  (?:-\w, )?(--[a-z-]+)", helps, re.MULTILINE)
        assert "--help" in options
        for option in options:
            assert f'<span class="pre">{option}</span>' in chinese, (name, option)


def _copy_tree(to: Path) -> Path:
    """The repository without its virtual environment, history, builds and
    benchmark inputs."""
    ignore = shutil.ignore_patterns(
        ".git",
        ".venv",
        "_build",
        "build",
        "dist",
        "*.egg-info",
        ".work",
        "__pycache__",
        ".*_cache",
        ".hypothesis",
        "*.mo",
    )
    shutil.copytree(ROOT, to, ignore=ignore)
    return to


def _i18n(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``docs/i18n.py`` of ``tree``, whose commands' help comes from the
    package of ``tree`` (its ``src`` first on the path; a clean clone's has
    no compiled kernels, so they may run without them here)."""
    path = os.pathsep.join(filter(None, [str(tree / "src"), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, str(tree / "docs" / "i18n.py"), *args],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=dict(os.environ, PYTHONPATH=path, BIPARTITE_GAME_NATIVE="auto"),
    )


def _catalogs(tree: Path) -> dict[str, bytes]:
    locale = tree / "docs" / "locale"
    return {str(p.relative_to(locale)): p.read_bytes() for p in sorted(locale.rglob("*.po"))}


@pytest.mark.slow
def test_the_catalogs_hold_the_english_as_it_is_and_update_follows_a_change(
    tmp_path: Path,
) -> None:
    """check (against the English extracted now) passes; update on the same
    English changes no catalog; after a paragraph is added and one is
    changed, update brings the first in untranslated and the second with
    its old translation flagged fuzzy, and check names both.  A command's
    help changed in the code alone (its page unchanged) is followed too:
    the extraction is incremental, and read the page's old help before the
    command page depended on the package's files."""
    _needs("sphinx_intl")
    tree = _copy_tree(tmp_path / "tree")
    done = _i18n(tree, "check")
    assert done.returncode == 0, done.stdout + done.stderr
    before = _catalogs(tree)
    done = _i18n(tree, "update")
    assert done.returncode == 0, done.stdout + done.stderr
    assert _catalogs(tree) == before

    tutorial = tree / "docs" / "tutorial.md"
    text = tutorial.read_text()
    old = "The strategy itself is one lookup per move:"
    assert old in text
    text = text.replace(old, "The strategy itself is one lookup for each move:")
    tutorial.write_text(text + "\nA paragraph the translators have not seen.\n")
    verify = tree / "src" / "bipartite_game" / "cli" / "commands" / "verify.py"
    code = verify.read_text()
    old = "FILE is a maze ('maze' format)"
    assert old in code
    verify.write_text(code.replace(old, "FILE is a maze (the 'maze' format)"))
    done = _i18n(tree, "update")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tutorial.po: 1 untranslated, 1 fuzzy" in done.stdout
    assert "commands/verify.po: 0 untranslated, 1 fuzzy" in done.stdout
    after = _catalogs(tree)
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"zh_CN/LC_MESSAGES/tutorial.po", "zh_CN/LC_MESSAGES/commands/verify.po"}
    done = _i18n(tree, "check", "--no-extract")
    assert done.returncode == 1
    assert "untranslated: 'A paragraph the translators have not seen.'" in done.stdout
    assert "fuzzy: 'The strategy itself is one lookup for each move:'" in done.stdout
    assert "fuzzy: \"FILE is a maze (the 'maze' format)\"" in done.stdout
