"""The command line's registry: one module per command, imported only when
its command runs; one signature for every command; argparse only in cli/,
and none of argparse's private attributes read."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bipartite_game
from bipartite_game.cli.command import Command
from bipartite_game.cli.commands import COMMANDS, load_command
from bipartite_game.cli.main import build_parser, command_parser
from tests.support.paths import ROOT

PACKAGE = Path(bipartite_game.__file__).parent
EXAMPLES = ROOT / "examples"
COMMAND_PACKAGE = "bipartite_game.cli.commands"
#: Command modules another command's module imports: ``stress`` reads the
#: options of ``gen``.
SHARED = {"stress": {"gen"}}


def _modules_after(*words: str) -> set[str]:
    """The modules of this package loaded by ``bipartite-game WORDS`` in a
    fresh interpreter, standard output thrown away."""
    program = (
        "import contextlib, io, json, sys\n"
        "from bipartite_game.cli import main\n"
        "with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO())):\n"
        "    try:\n"
        f"        status = main({list(words)!r})\n"
        "    except SystemExit as exit:\n"
        "        status = exit.code\n"
        "assert status == 0, status\n"
        "sys.stderr.write(json.dumps(sorted(m for m in sys.modules if 'bipartite_game' in m)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.splitlines()[-1]))


def _command_modules(modules: set[str]) -> set[str]:
    return {
        m.removeprefix(COMMAND_PACKAGE + ".")
        for m in modules
        if m.startswith(COMMAND_PACKAGE + ".")
    }


def test_a_judge_command_imports_its_own_module_only() -> None:
    modules = _modules_after("maze", str(EXAMPLES / "maze.txt"))
    assert _command_modules(modules) == {"maze"}
    for layer in ("experiments", "play", "kit"):  # the sweep, the web page, the kit
        assert not {m for m in modules if m.startswith(f"bipartite_game.{layer}")}, layer


def test_the_top_level_help_imports_no_command() -> None:
    assert _command_modules(_modules_after("--help")) == set()
    assert _command_modules(_modules_after()) == set()


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_help_imports_that_command_only(name: str) -> None:
    loaded = _command_modules(_modules_after(name, "--help"))
    assert loaded == {COMMANDS[name].module} | SHARED.get(name, set())


def test_the_registry_lists_every_command_module() -> None:
    modules = {p.stem for p in (PACKAGE / "cli" / "commands").glob("*.py")} - {"__init__"}
    assert modules == {info.module for info in COMMANDS.values()}
    assert len(set(COMMANDS)) == len(modules)  # one module each
    # the top-level help lists them all, in the registry's order, by summary
    top = build_parser()
    assert list(top.subcommands) == list(COMMANDS)
    text = " ".join(top.format_help().split())
    for name, info in COMMANDS.items():
        assert f"{name} {' '.join(info.summary.split())}" in text


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_the_one_signature(name: str) -> None:
    command = load_command(name)
    assert isinstance(command, Command)
    assert (command.name, command.summary) == (name, COMMANDS[name].summary)
    module = importlib.import_module(f"{COMMAND_PACKAGE}.{COMMANDS[name].module}")
    own_class = getattr(module, COMMANDS[name].class_name)
    assert type(command) is own_class and own_class.__module__ == module.__name__
    for method in ("add_arguments", "run"):
        base = inspect.signature(getattr(Command, method))
        own = inspect.signature(getattr(type(command), method))
        assert [(p.name, p.kind) for p in own.parameters.values()] == [
            (p.name, p.kind) for p in base.parameters.values()
        ], (name, method)
    # its parser is built from the class: description, epilog, arguments
    parser = command_parser([name])
    assert parser.description == command.description and parser.epilog == command.epilog
    assert parser.arguments[0].option_strings == ["-h", "--help"]
    assert len(parser.arguments) > 1 or parser.subcommands


def test_no_argparse_below_the_command_line() -> None:
    found = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] != "cli" and "argparse" in path.read_text()
    ]
    assert found == []


#: argparse's private names: its action classes, a parser's action list,
#: its message writer.
PRIVATE = re.compile(r"argparse\._\w+|\._actions\b|\._print_message\b|\._subparsers\b")


def test_no_private_argparse_name_is_read() -> None:
    sources = [*(PACKAGE / "cli").rglob("*.py"), *(ROOT / "docs" / "_ext").glob("*.py")]
    sources += [ROOT / "tests" / "cli" / "test_fuzz.py", ROOT / "tests" / "docs" / "test_site.py"]
    found = [f"{path.name}: {m[0]}" for path in sources for m in PRIVATE.finditer(path.read_text())]
    assert found == []


@pytest.mark.parametrize("words", [["maze", "--help"], ["play", "maze", "--help"]])
def test_a_run_named_first_builds_no_other_command_parser(
    words: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each parser costs a judge-sized run about 0.4 ms of argparse's
    look-ups: a run whose first word is its command builds only its own."""
    from bipartite_game.cli import main, parser

    built: list[str] = []
    plain = parser.Parser.__init__

    def counted(self: parser.Parser, *args: object, **kwargs: object) -> None:
        plain(self, *args, **kwargs)
        built.append(self.prog)

    monkeypatch.setattr(parser.Parser, "__init__", counted)
    with pytest.raises(SystemExit) as done:
        main(words)
    assert done.value.code == 0
    assert "usage: bipartite-game " + " ".join(words[:-1]) in capsys.readouterr().out
    # the top level, the command's own parser, and its own subcommands only
    expected = ["bipartite-game", f"bipartite-game {words[0]}"]
    if words[0] == "play":
        expected += ["bipartite-game play maze", "bipartite-game play sum"]
    assert sorted(built) == sorted(expected)
