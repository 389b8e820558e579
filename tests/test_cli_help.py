"""What a new user sees first: the bare command, help texts and usage errors."""

from __future__ import annotations

from .cli_util import run


def test_the_bare_command_prints_the_help() -> None:
    result = run()
    assert result.status == 0 and result.stderr == ""
    text = " ".join(result.stdout.decode().split())
    assert text.startswith("usage: bipartite-game")
    assert "play runs a game against the engine" in text  # not "prints the judge's answer"
    assert "the placer chooses the token's start and the mover makes the first move" in text


def test_extra_arguments_show_the_subcommands_usage() -> None:
    result = run("maze", "examples/maze.txt", "extra")
    assert result.status == 2 and result.stdout == b""
    assert result.stderr.startswith("usage: bipartite-game maze ")
    assert "bipartite-game maze: error: unrecognized arguments: extra" in result.stderr
    nested = run("play", "maze", "a", "b")
    assert nested.status == 2
    assert nested.stderr.startswith("usage: bipartite-game play maze ")


def test_help_texts_name_the_players_and_the_lock_header() -> None:
    lock = " ".join(run("lock", "--help").stdout.decode().split())
    assert "t the starting code of m digits" in lock
    assert "'Alice' (the mover: she moves first)" in lock
    maze = " ".join(run("maze", "--help").stdout.decode().split())
    assert "from which the placer wins" in maze
    play = " ".join(run("play", "maze", "--help").stdout.decode().split())
    assert "winner (default) the side with a forced win" in play
    assert "Exit status: 0 you won the last game, 1 the engine won it, 3" in play
