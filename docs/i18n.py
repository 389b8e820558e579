"""The documentation site's translations: extract, update, check, build.

    python docs/i18n.py update   # extract the English, bring the catalogs up to date
    python docs/i18n.py check    # every translated page's catalog complete and current
    python docs/i18n.py build    # the site in every language, warnings as errors

The English pages are the one source.  ``update`` runs Sphinx's gettext
builder (``docs/_build/gettext``, one ``.pot`` per page), then ``sphinx-intl
update`` on the pages that are translated (:data:`TRANSLATED`) into
``docs/locale/<lang>/LC_MESSAGES/<page>.po``: a new message comes in
untranslated, a changed one keeps its old translation marked fuzzy, a removed
one goes.  A message translated in another catalog of the same language (a
paragraph the README and the theory page share, an option that several
commands take) gets that translation.  Then translate what is left (any PO
editor, or the ``.po`` files by hand), remove the ``#, fuzzy`` marks you
have checked, and ``check``.  ``build`` writes the English site into
``docs/_build/html`` and each other language into a folder of it
(``docs/_build/html/zh_CN``), so that the language switch's relative links
work.  docs/translating.md says the same for translators.

Needs the docs extra (``pip install -e ".[docs]"``: Sphinx, sphinx-intl).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

DOCS = Path(__file__).resolve().parent
LOCALE = DOCS / "locale"
BUILD = DOCS / "_build"

sys.path.insert(0, str(DOCS / "_ext"))
from bipartite_game_i18n import LANGUAGES  # noqa: E402

#: The pages translated in full, as globs of docnames: their catalogs must
#: hold a translation of every message.  The others (the API reference, the
#: architecture, the benchmarks, ...) show in English in every language.
TRANSLATED = (
    "index",
    "tutorial",
    "theory",
    "sums",
    "nimbers",
    "kit",
    "glossary",
    "translating",
    "commands/*",
)

#: The languages other than English.
TARGETS = tuple(code for code, _name, _folder in LANGUAGES if code != "en")
#: The width sphinx-intl wraps catalogs at (its default), for the same bytes.
WIDTH = 76


def translated_pages() -> list[str]:
    """The docnames of :data:`TRANSLATED` that exist, sorted."""
    found: set[str] = set()
    for pattern in TRANSLATED:
        matches = [p for p in DOCS.glob(pattern + ".md") if "_build" not in p.parts]
        if not matches:
            raise SystemExit(f"i18n: TRANSLATED names {pattern!r}, which is no page of docs/")
        found.update(p.relative_to(DOCS).with_suffix("").as_posix() for p in matches)
    return sorted(found)


def catalog_path(language: str, page: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{page}.po"


def _sphinx(*args: str | Path) -> None:
    command = [sys.executable, "-m", "sphinx", *map(str, args)]
    print("$", " ".join(command[1:]), flush=True)
    done = subprocess.run(command, cwd=DOCS.parent, check=False)
    if done.returncode != 0:
        raise SystemExit(done.returncode)


def extract(out: Path = BUILD / "gettext") -> Path:
    """The English messages, one ``.pot`` per page, into ``out``."""
    _sphinx("-W", "--keep-going", "-q", "-b", "gettext", DOCS, out)
    return out


def _read(path: Path):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return read_po(file, charset="utf-8")


def _write(path: Path, catalog) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po

    with path.open("wb") as file:
        write_po(file, catalog, width=WIDTH)


def update(pot_dir: Path) -> None:
    """``sphinx-intl update`` of the translated pages' catalogs from the
    templates in ``pot_dir``, then the translations shared between catalogs."""
    pages = translated_pages()
    with tempfile.TemporaryDirectory() as scratch:
        for page in pages:
            pot = pot_dir / f"{page}.pot"
            if not pot.is_file():
                raise SystemExit(f"i18n: no template {pot} for the page {page!r}")
            (Path(scratch) / page).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(pot, Path(scratch) / f"{page}.pot")
        for language in TARGETS:
            command = [sys.executable, "-m", "sphinx_intl", "update", "--no-obsolete"]
            command += ["-p", scratch, "-d", str(LOCALE), "-l", language, "-j", "1"]
            if subprocess.run(command, check=False).returncode != 0:
                raise SystemExit("i18n: sphinx-intl update failed (pip install -e '.[docs]')")
    for language in TARGETS:
        shared = finish(language, pages)
        if shared:
            print(f"{language}: {shared} messages translated as elsewhere in {language}")
        for line in status(language, pages):
            print(line)


#: The header of every catalog (sphinx-intl copies the template's, which
#: is marked fuzzy and holds placeholders).
HEADER = "{language} translation of the bipartite-game documentation: docs/{page}.md"
TEAM = "bipartite-game developers"


def finish(language: str, pages: Iterable[str]) -> int:
    """Settle each catalog's header, and give an untranslated message the
    translation the same message has in another catalog of ``language`` (as
    msgmerge's compendium does); the number of messages so filled.  A
    catalog is written only when it changes."""
    catalogs = {page: _read(catalog_path(language, page)) for page in pages}
    known: dict[str, str] = {}
    for catalog in catalogs.values():
        for message in catalog:
            if message.id and message.string and not message.fuzzy:
                known.setdefault(message.id, message.string)
    filled = 0
    for page, catalog in catalogs.items():
        changed = _settle_header(catalog, language, page)
        for message in catalog:
            if message.id and not message.string and message.id in known:
                message.string = known[message.id]
                changed = True
                filled += 1
        if changed:
            _write(catalog_path(language, page), catalog)
    return filled


def _settle_header(catalog, language: str, page: str) -> bool:  # type: ignore[no-untyped-def]
    comment = HEADER.format(language=language, page=page)
    if not catalog.fuzzy and catalog.header_comment.startswith("# " + comment):
        return False
    catalog.fuzzy = False
    catalog.header_comment = f"# {comment}\n# Copyright (C) {TEAM}, MIT licence\n#"
    catalog.last_translator = TEAM
    catalog.language_team = f"{language} <{TEAM}>"
    return True


def problems(language: str, pages: Iterable[str], pot_dir: Path | None = None) -> list[str]:
    """What keeps the catalogs of ``pages`` from being complete: a missing
    catalog, an untranslated or fuzzy message, and with ``pot_dir`` (the
    templates of the English as it is now) a message of the English that
    the catalog does not hold."""
    found = []
    for page in pages:
        path = catalog_path(language, page)
        if not path.is_file():
            found.append(f"{page}: no catalog {path.relative_to(DOCS.parent)}")
            continue
        catalog = _read(path)
        for message in catalog:
            if not message.id:
                continue
            if not message.string:
                found.append(f"{page}: untranslated: {_short(message.id)}")
            elif message.fuzzy:
                found.append(f"{page}: fuzzy: {_short(message.id)}")
        if pot_dir is not None:
            template = pot_dir / f"{page}.pot"
            if not template.is_file():
                found.append(f"{page}: no template {template}")
                continue
            for message in _read(template):
                if message.id and message.id not in catalog:
                    found.append(f"{page}: not in the catalog (run update): {_short(message.id)}")
    return found


def status(language: str, pages: Iterable[str]) -> list[str]:
    """One line per catalog that is not complete."""
    lines = []
    for page in pages:
        catalog = _read(catalog_path(language, page))
        messages = [m for m in catalog if m.id]
        fuzzy = sum(1 for m in messages if m.string and m.fuzzy)
        empty = sum(1 for m in messages if not m.string)
        if fuzzy or empty:
            lines.append(f"{language}/{page}.po: {empty} untranslated, {fuzzy} fuzzy")
    return lines or [f"{language}: every catalog complete"]


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 70 else text[:67] + "...")


def build(outdir: Path, languages: Sequence[str]) -> None:
    """The site in each of ``languages`` with warnings as errors: English
    into ``outdir``, another language into its folder of ``outdir``."""
    folders = {code: folder for code, _name, folder in LANGUAGES}
    for language in languages:
        out = outdir / folders[language] if folders[language] else outdir
        options = ["-W", "--keep-going", "-q", "-b", "html"]
        if language != "en":
            options += ["-D", f"language={language}"]
        _sphinx(*options, DOCS, out)
        print(f"{language}: {out / 'index.html'}")


def main(argv: Sequence[str] | None = None) -> int:
    codes = [code for code, _name, _folder in LANGUAGES]
    parser = argparse.ArgumentParser(
        prog="python docs/i18n.py",
        description="Extract, update, check and build the translations of the documentation site.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("extract", help="the English messages, into docs/_build/gettext")
    commands.add_parser("update", help="extract, then bring the catalogs up to date")
    check = commands.add_parser("check", help="the translated pages' catalogs are complete")
    check.add_argument(
        "--no-extract",
        action="store_true",
        help="check the catalogs alone, not against the English as it is now (faster)",
    )
    make = commands.add_parser("build", help="the site in every language, warnings as errors")
    make.add_argument(
        "--outdir", type=Path, default=BUILD / "html", help="default: docs/_build/html"
    )
    make.add_argument(
        "--language", action="append", choices=codes, help="only this language (repeatable)"
    )
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update(extract())
    elif args.command == "check":
        pot_dir = None if args.no_extract else extract()
        found = [p for language in TARGETS for p in problems(language, translated_pages(), pot_dir)]
        for line in found:
            print(line)
        print(f"{len(found)} problems" if found else "every translated page is complete")
        return 1 if found else 0
    elif args.command == "build":
        build(args.outdir, args.language or codes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
