"""The site in English and Simplified Chinese, from one source.

Sphinx's own internationalisation does the translating: the gettext builder
extracts every paragraph, heading and table cell of a page into its catalog
(``docs/locale/<lang>/LC_MESSAGES/<page>.po``, one per page), and a build with
``-D language=zh_CN`` puts each translated message in place of the English
one.  ``docs/i18n.py`` runs the whole cycle; ``docs/translating.md`` explains it.
This extension adds the two things the site needs around that:

- The language switch: each page of each build links to the same page in the
  other languages (``language_switch`` in the page's template context,
  drawn by ``_templates/sidebar/language.html``).  The English site is built
  into the output's root and each other language into a folder of it
  (:data:`LANGUAGES`), so the links are relative and work from ``file://``
  and from any web host.
- Translatable command help: a command's ``--help`` is printed by the
  program, in English, and stays so on every page (a literal block, never
  extracted).  :func:`help_summary` turns that text into a description and
  a table of the arguments, whose sentences are messages of the page's
  catalog: the ``command-help`` directive adds it inside an ``only``
  block that is kept in the translated builds (the ``translated`` tag,
  :func:`_tag_translated`) and in the gettext builder (which keeps every
  ``only`` block), and dropped from the English site, which stays as it was.
- Chinese search: Sphinx indexes Chinese text by the words jieba cuts it
  into (without jieba, by none: a search for 最大匹配 finds nothing);
  :func:`_search_terms` teaches jieba the glossary's terms, so that a term
  is found whole.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config

#: The site's languages, the English first: (Sphinx's code, the name the
#: switch shows, the folder of the English output that holds that build).
LANGUAGES: tuple[tuple[str, str, str], ...] = (
    ("en", "English", ""),
    ("zh_CN", "中文", "zh_CN"),
)

#: The tag of a build in another language than English, for ``only`` blocks.
TRANSLATED_TAG = "translated"


def _folder(language: str | None) -> str:
    for code, _name, folder in LANGUAGES:
        if code == (language or "en"):
            return folder
    raise ValueError(f"the site has no {language!r} build: add it to LANGUAGES")


def switch_links(pagename: str, language: str | None) -> list[dict[str, Any]]:
    """The switch of page ``pagename`` (a docname, ``commands/maze``) in the
    build of ``language``: each language's name, the relative URL of the same
    page in its build, and whether it is this one.

    >>> [link["url"] for link in switch_links("commands/maze", "en")]
    ['maze.html', '../zh_CN/commands/maze.html']
    >>> [link["url"] for link in switch_links("index", "zh_CN")]
    ['../index.html', 'index.html']
    """
    here = _folder(language)
    # from this page up to the root of the whole output (the English build)
    up = "../" * pagename.count("/") + "../" * len([p for p in here.split("/") if p])
    links = []
    for code, name, folder in LANGUAGES:
        current = folder == here
        if current:
            url = pagename.rsplit("/", 1)[-1] + ".html"
        else:
            url = up + (folder + "/" if folder else "") + pagename + ".html"
        links.append(
            {
                "code": code,
                "hreflang": code.replace("_", "-"),
                "name": name,
                "url": url,
                "current": current,
            }
        )
    return links


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    context["language_switch"] = switch_links(pagename, app.config.language)


def _tag_translated(app: Sphinx, config: Config) -> None:
    """Tag a build in another language than English (``-D language=zh_CN``
    is applied after conf.py ran, so conf.py itself cannot)."""
    _folder(config.language)  # a language the site has no place for is an error
    if (config.language or "en") != "en":
        app.tags.add(TRANSLATED_TAG)


def glossary_terms(text: str) -> list[str]:
    """The Chinese words of the glossary's tables (``docs/glossary.md``),
    two characters or more, in order, each once: the terms (最大匹配,
    增广路, ...) and the words the notes quote (二分图博弈)."""
    found: dict[str, None] = {}
    for line in text.splitlines():
        if line.startswith("|"):
            found.update(dict.fromkeys(re.findall(r"[\u4e00-\u9fff]{2,}", line)))
    return list(found)


def _search_terms(app: Sphinx) -> None:
    """Give the Chinese search the glossary's terms as a jieba dictionary
    (``html_search_options["dict"]``, written beside the doctrees)."""
    language = app.config.language or "en"
    glossary = Path(app.srcdir) / "glossary.md"
    if not language.startswith("zh") or not glossary.is_file():
        return
    try:
        import jieba  # the docs extra's; without it Chinese text is not indexed

        jieba.setLogLevel(logging.WARNING)  # it logs its dictionary's loading
    except ImportError:
        return
    terms = glossary_terms(glossary.read_text(encoding="utf-8"))
    words = Path(app.doctreedir) / "search-terms.txt"
    words.parent.mkdir(parents=True, exist_ok=True)
    words.write_text("".join(f"{term}\n" for term in terms), encoding="utf-8")
    app.config.html_search_options = {**app.config.html_search_options, "dict": str(words)}


# ---------------------------------------------------------------------------
# A command's --help as translatable text


@dataclass
class HelpEntry:
    """One argument of a help text (or a subcommand listed under one): how
    it is written (``--moves MOVES``) and what it does, unwrapped."""

    invocation: str
    help: str


@dataclass
class HelpSection:
    title: str
    entries: list[HelpEntry] = field(default_factory=list)


@dataclass
class ParsedHelp:
    """An argparse help text: the description's paragraphs, the sections of
    arguments, and the epilog's paragraphs, each sentence unwrapped as the
    program wrote it before argparse wrapped it."""

    description: list[str] = field(default_factory=list)
    sections: list[HelpSection] = field(default_factory=list)
    epilog: list[str] = field(default_factory=list)


_ENTRY = re.compile(r"^( +)(\S(?:\S| (?! ))*)(?: {2,}(\S.*))?$")


def unwrap(lines: list[str]) -> str:
    """Lines wrapped by argparse (textwrap) as the one line they were: joined
    by a space, except after a hyphen that textwrap broke a word at
    (``bipartite-`` ``er``)."""
    text = ""
    for line in (line.strip() for line in lines):
        if not text:
            text = line
        elif re.search(r"[A-Za-z]-$", text) and line[:1].isalpha():
            text += line
        else:
            text += " " + line
    return text


def parse_help(text: str) -> ParsedHelp:
    """The parts of an argparse help text (the default formatter's layout:
    blocks separated by blank lines; a block whose first line ends with ':'
    and whose next lines are indented is a section of arguments)."""
    parsed = ParsedHelp()
    blocks = [b for b in re.split(r"\n\s*\n", text.strip("\n")) if b.strip()]
    seen_section = False
    for block in blocks:
        lines = block.splitlines()
        if lines[0].startswith("usage:"):
            continue
        is_section = (
            lines[0].endswith(":")
            and not lines[0].startswith(" ")
            and len(lines) > 1
            and lines[1].startswith("  ")
        )
        if is_section:
            seen_section = True
            parsed.sections.append(_parse_section(lines))
        elif seen_section:
            parsed.epilog.append(unwrap(lines))
        else:
            parsed.description.append(unwrap(lines))
    return parsed


def _parse_section(lines: list[str]) -> HelpSection:
    section = HelpSection(lines[0][:-1])
    matches = [_ENTRY.match(line) for line in lines[1:]]
    # argparse writes every help at one column; a line indented to it
    # continues the help above it, a line indented less is a new argument
    columns = [
        len(line) - len(m.group(3))
        for line, m in zip(lines[1:], matches, strict=True)
        if m and m.group(3)
    ]
    column = min(columns) if columns else max(len(s) - len(s.lstrip()) for s in lines[1:])
    helps: list[list[str]] = []
    for line in lines[1:]:
        indent = len(line) - len(line.lstrip())
        match = _ENTRY.match(line)
        if indent >= column or match is None:
            if not helps:
                raise ValueError(f"a help line before any argument: {line!r}")
            helps[-1].append(line)
            continue
        section.entries.append(HelpEntry(match.group(2), ""))
        helps.append([match.group(3)] if match.group(3) else [])
    for entry, help_lines in zip(section.entries, helps, strict=True):
        entry.help = unwrap(help_lines)
    return section


def help_summary(text: str, source: str, line: int) -> list[nodes.Node]:
    """The help text's sentences as nodes the gettext builder extracts: the
    description, a table per section of arguments (how an argument is
    written stays as the program prints it; what it does is a message),
    the epilog.  ``source`` and ``line`` place them in the page (Sphinx
    extracts no message without a source)."""
    parsed = parse_help(text)

    def paragraph(words: str, *, translatable: bool = True) -> nodes.paragraph:
        node = nodes.paragraph(words, words)
        node.source, node.line = source, line
        if not translatable:
            node["translatable"] = False
        return node

    def code(words: str) -> nodes.paragraph:
        node = nodes.paragraph(words, "", nodes.literal(words, words))
        node.source, node.line = source, line
        node["translatable"] = False
        return node

    found: list[nodes.Node] = [paragraph("What the help above says:")]
    found += [paragraph(p) for p in parsed.description]
    for section in parsed.sections:
        rows = [e for e in section.entries if e.help]
        if not rows:
            continue
        table = nodes.table(classes=["command-help-summary"])
        group = nodes.tgroup(cols=2)
        table += group
        group += nodes.colspec(colwidth=30)
        group += nodes.colspec(colwidth=70)
        head = nodes.thead()
        head += nodes.row(
            "", nodes.entry("", paragraph(section.title)), nodes.entry("", paragraph("meaning"))
        )
        group += head
        body = nodes.tbody()
        for entry in rows:
            body += nodes.row(
                "", nodes.entry("", code(entry.invocation)), nodes.entry("", paragraph(entry.help))
            )
        group += body
        found.append(table)
    found += [paragraph(p) for p in parsed.epilog]
    only = addnodes.only(expr=TRANSLATED_TAG)
    only.source, only.line = source, line
    only += found
    return [only]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _tag_translated)
    app.connect("html-page-context", _page_context)
    app.connect("builder-inited", _search_terms)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
