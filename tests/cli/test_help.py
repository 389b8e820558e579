"""What a new user sees first: the bare command, help texts and usage errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.cli import assert_one_line_error, run
from tests.support.paths import GOLDEN

#: Each command's ``--help`` at 80 columns, as the docs' command pages and
#: the README show it: ``golden/help/WORDS.txt`` (``bipartite-game.txt`` for
#: the command itself, ``play-maze.txt`` for ``play maze --help``).
HELP_PAGES = sorted((GOLDEN / "help").glob("*.txt"))


def test_the_bare_command_prints_the_help() -> None:
    result = run()
    assert result.status == 0 and result.stderr == ""
    text = " ".join(result.stdout.decode().split())
    assert text.startswith("usage: bipartite-game")
    assert "play runs a game against the engine" in text  # not "prints the judge's answer"
    assert "the placer chooses the token's start and the mover makes the first move" in text


def test_a_bad_command_line_is_one_line_naming_the_subcommand() -> None:
    assert_one_line_error(
        run("maze", "examples/maze.txt", "extra"),
        "maze: unrecognized arguments: extra; see 'bipartite-game maze --help'",
    )
    assert_one_line_error(run("play", "maze", "a", "b"), "play maze: unrecognized arguments: b")
    # every nested subcommand names itself, annotate's as play's
    assert_one_line_error(
        run("annotate", "maze", "examples/maze.txt", "examples/maze-record.txt", "extra"),
        "annotate maze: unrecognized arguments: extra; see 'bipartite-game annotate maze --help'",
    )
    assert_one_line_error(run("lock", "--ring", "x"), "lock: --ring: expected a whole number")
    assert_one_line_error(run("frobnicate"), "invalid choice: 'frobnicate'")
    # the user's text comes back escaped: no terminal control reaches stderr
    escaped = run("maze", "examples/maze.txt", "\x1b[31mred\nline")
    assert_one_line_error(escaped, "\\x1b[31mred\\nline")


def test_stress_marks_its_solution_required() -> None:
    usage = run("stress", "--help").stdout.decode()
    assert " --solution CMD " in " ".join(usage.split()) and "[--solution" not in usage
    assert_one_line_error(run("stress", "maze"), "the following arguments are required: --solution")


def test_help_texts_name_the_players_and_the_lock_header() -> None:
    lock = " ".join(run("lock", "--help").stdout.decode().split())
    assert "t the starting code of m digits" in lock
    assert "'Alice' (the mover: she moves first)" in lock
    maze = " ".join(run("maze", "--help").stdout.decode().split())
    assert "from which the placer wins" in maze
    play = " ".join(run("play", "maze", "--help").stdout.decode().split())
    assert "winner (default) the side with a forced win" in play
    assert "Exit status: 0 you won the last game, 1 the engine won it, 3" in play


@pytest.mark.parametrize("page", HELP_PAGES, ids=lambda page: page.stem)
def test_every_help_prints_as_its_golden_page(page: Path) -> None:
    words = [] if page.stem == "bipartite-game" else page.stem.split("-")
    result = run(*words, "--help", env={**os.environ, "COLUMNS": "80"})
    assert result.status == 0 and result.stderr == ""
    assert result.stdout.decode() == page.read_text()


def test_every_command_has_a_golden_help_page() -> None:
    from bipartite_game.cli.commands import COMMANDS
    from bipartite_game.cli.main import command_parser

    pages = {page.stem for page in HELP_PAGES}
    for name in COMMANDS:
        assert name in pages
        assert {f"{name}-{child}" for child in command_parser([name]).subcommands} <= pages


@pytest.mark.parametrize("command", ["maze", "play", "gen"])
def test_the_top_level_help_before_a_command_lists_every_command(command: str) -> None:
    # `--help maze` is the top-level help, whatever command follows it
    result = run("--help", command, env={**os.environ, "COLUMNS": "80"})
    assert result.status == 0 and result.stderr == ""
    assert result.stdout.decode() == (GOLDEN / "help" / "bipartite-game.txt").read_text()
