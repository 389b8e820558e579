"""What a new user sees first: the bare command, help texts and usage errors."""

from __future__ import annotations

from .cli_util import assert_one_line_error, run


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
