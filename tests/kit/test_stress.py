"""``stress`` and ``shrink``: planted bugs found and cut down, failures named."""

from __future__ import annotations

import random
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError
from bipartite_game.kit import Knobs, Span, generate, shrink, stress
from bipartite_game.kit.check import front_end
from bipartite_game.kit.gen import GENERATORS, answer_options
from bipartite_game.kit.shrink import CANDIDATES
from bipartite_game.kit.stress import Interrupted, run_solution, stress_cases
from tests.support.cli import Result, assert_one_line_error, run
from tests.support.strategies import tiered

#: A maze solution written from the rules (Kuhn's matching, then the cells an
#: even alternating path reaches from a free cell), with the bug of one of the
#: seeds' C++ programs planted: a bare WIN when the maze has a perfect matching.
MAZE_SOLUTION = """
import sys

words = sys.stdin.read().split()
n, m = int(words[0]), int(words[1])
rows = words[2 : 2 + n]
cells = [(i, j) for i in range(n) for j in range(m) if rows[i][j] == "."]
index = {c: k for k, c in enumerate(cells)}
steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
adj = [[index[(i + a, j + b)] for a, b in steps if (i + a, j + b) in index] for i, j in cells]
mate = [-1] * len(cells)


def augment(u, seen):
    for w in adj[u]:
        if w not in seen:
            seen.add(w)
            if mate[w] == -1 or augment(mate[w], seen):
                mate[w], mate[u] = u, w
                return True
    return False


for u, (i, j) in enumerate(cells):
    if (i + j) % 2 == 0:
        augment(u, set())
if PLANTED and cells and -1 not in mate:
    print("WIN")
    sys.exit()
losing = [x == -1 for x in mate]
queue = [u for u in range(len(cells)) if losing[u]]
for u in queue:
    for w in adj[u]:
        if mate[w] != -1 and not losing[mate[w]]:
            losing[mate[w]] = True
            queue.append(mate[w])
found = [f"{i + 1} {j + 1}" for (i, j), lost in zip(cells, losing) if lost]
print("\\n".join(["WIN", *found]) if found else "LOSE")
"""


def _solution(tmp_path: Path, *, planted: bool) -> str:
    script = tmp_path / ("wrong.py" if planted else "right.py")
    script.write_text(f"PLANTED = {planted}\n{MAZE_SOLUTION}")
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def test_stress_finds_the_planted_bug_and_shrinks_the_maze(tmp_path: Path) -> None:
    saved = tmp_path / "smallest.txt"
    command = _solution(tmp_path, planted=True)
    result = run("stress", "maze", "--solution", command, "--count", "200", "--save", str(saved))
    assert result.status == 1, result.stderr
    out = result.stdout.decode()
    assert out.startswith("case ") and ": wrong answer: line 1: expected 'LOSE', found 'WIN'" in out
    small = saved.read_text()
    assert small.count(".") <= 4, small
    assert f"--- input ---\n{small}--- expected ---\nLOSE\n--- received ---\nWIN\n" in out
    assert run("maze", str(saved)).stdout == b"LOSE\n"


def test_the_report_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    command = _solution(tmp_path, planted=True)
    words = ["stress", "maze", "--solution", command, "--count", "60", "--seed", "4"]
    one = run(*words, "--edge-cases", "0")
    two = run(*words, "--edge-cases", "0", "--jobs", "3")
    assert one.status == two.status == 1
    assert one.stdout == two.stdout


def test_a_right_solution_agrees(tmp_path: Path) -> None:
    result = run(
        "stress", "maze", "--solution", _solution(tmp_path, planted=False), "--count", "80"
    )
    assert result.status == 0, result.stdout
    assert result.stdout.startswith(b"ok: 80 cases agree in ")
    assert result.stdout.count(b"\n") == 1 and result.stderr == ""


def test_the_tool_agrees_with_itself() -> None:
    command = f"{shlex.quote(sys.executable)} -m bipartite_game lock --ring 4 --no-wrap"
    result = run(
        "stress", "lock", "--ring", "4", "--no-wrap", "--solution", command, "--count", "3",
        "--jobs", "2",
    )  # fmt: skip
    assert result.status == 0, result.stdout
    assert result.stdout.startswith(b"ok: 3 cases agree")


PYTHON = shlex.quote(sys.executable)


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        ("kill -SEGV $$", "crash: killed by SIGSEGV"),
        ("exit 3", "non-zero exit: exit status 3"),
        ("echo oops >&2; exit 4", "non-zero exit: exit status 4 (it said: oops)"),
        (f"{PYTHON} -c 'while 1: pass'", "time-out: no exit within 0.3 s of CPU time (1.6 s by"),
        ("no-such-program-here 2>/dev/null", "non-zero exit: exit status 127"),
    ],
)
def test_failures_of_the_program_are_named(command: str, kind: str) -> None:
    result = run("stress", "maze", "--solution", command, "--count", "5", "--time-limit", "0.3")
    assert result.status == 1, result.stderr
    assert result.stdout.decode().startswith(f"case 0: {kind}"), result.stdout
    assert b"--- input ---\n1 1\n" in result.stdout  # shrunk to one cell


def test_the_time_limit_is_cpu_time_and_a_sleeper_meets_the_wall_clock() -> None:
    """A run that waits uses no CPU time: it is no time-out for waiting
    longer than the limit, only past the wall-clock bound, 2 * limit + 1 s."""
    waits = run(
        "stress", "maze", "--solution", "sleep 0.6; echo LOSE", "--count", "2",
        "--time-limit", "0.2", "--rows", "1", "--cols", "1", "--edge-cases", "0",
        "--density", "1",
    )  # fmt: skip
    assert waits.status == 0 and waits.stdout.startswith(b"ok: 2 cases agree"), waits
    sleeps = run(
        "stress", "maze", "--solution", "sleep 30", "--count", "1", "--time-limit", "0.1",
        "--rows", "1", "--cols", "1",
    )  # fmt: skip
    assert sleeps.status == 1, sleeps
    first = sleeps.stdout.decode().splitlines()[0]
    assert first == "case 0: time-out: no exit within 0.1 s of CPU time (1.2 s by the clock)"


def test_a_python_crash_is_named_by_its_last_line(tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text("raise SystemExit('cannot read the maze')\n")
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    result = run("stress", "maze", "--solution", command, "--count", "2")
    assert "exit status 1 (it said: cannot read the maze)" in result.stdout.decode()


@pytest.mark.parametrize(
    ("args", "fragment"),
    tiered([
        ([], "--solution"),
        (["--solution", "cat", "--count", "0"], "--count: expected a whole number from 1 to"),
        (["--solution", "cat", "--count", "many"], "--count: expected a whole number"),
        (["--solution", "cat", "--jobs", "0"], "--jobs: expected a whole number from 1 to 256"),
        (["--solution", "cat", "--time-limit", "0"], "--time-limit: expected a number more than 0"),
        (["--solution", "cat", "--time-limit", "1e20"], "at most 1000000, found '1e20'"),
        (["--solution", "cat", "--time-limit", "inf"], "--time-limit"),
        (["--solution", "cat", "--seed", "-5"], "--seed: expected a whole number from 0 to"),
        (["--solution", "cat", "--output-limit", "0"], "--output-limit"),
        (["--solution", "  "], "stress needs the program to test"),
        (["--solution", "no-such-program-here"], "--solution: no-such-program-here: no such"),
        (["--solution", "./no/such/solution"], "--solution: ./no/such/solution: no such file"),
        (["--solution", "cat", "--save", "/no/such/folder/case.txt"], "its folder does not"),
        (["--solution", "cat", "--save", "/"], "cannot write /: a directory"),
        (["--solution", "cat", "--rows", "9..1"], "--rows"),
        (["--solution", "cat", "--vertices", "4"], "--vertices does not apply to maze"),
    ]),
)
def test_bad_options_are_one_line_errors(args: list[str], fragment: str) -> None:
    assert_one_line_error(run("stress", "maze", *args), fragment)


def test_save_is_written_only_on_failure(tmp_path: Path) -> None:
    saved = tmp_path / "case.txt"
    result = run("stress", "graph", "--solution", "cat", "--count", "3", "--save", str(saved))
    assert result.status == 1
    assert saved.exists() and b"--- input ---\n" + saved.read_bytes() in result.stdout
    right = tmp_path / "right.txt"
    command = f"{shlex.quote(sys.executable)} -m bipartite_game king"
    assert (
        run("stress", "king", "--solution", command, "--count", "2", "--save", str(right)).status
        == 0
    )
    assert not right.exists()


def _case(problem: str, seed: int, knobs: Knobs, index: int) -> str:
    return generate(problem, seed, knobs, index=index).text


@pytest.mark.parametrize("problem", list(GENERATORS))
def test_shrinking_keeps_inputs_valid_and_makes_them_small(problem: str) -> None:
    """A solution that is always wrong shrinks to a valid input, no larger."""
    module = front_end(problem)
    knobs = Knobs(rows=Span(2, 7), cols=Span(2, 7), cases=Span(2, 4), vertices=Span(4, 12))
    options = answer_options(problem, knobs)

    def expected(text: str) -> str:
        return bytes(module.answer(text.encode(), **options)).decode()

    for seed in range(4):
        report = stress_cases(
            partial(_case, problem, seed, knobs),
            expected,
            lambda text: expected(text) + " extra",
            count=3,
            candidates=CANDIDATES[problem],
        )
        assert report.failure is not None and report.failure.case == 0
        small, original = report.failure.input, report.failure.original
        assert expected(small) == report.failure.expected
        assert len(small) <= len(original)
        if problem in ("maze", "king", "lock", "graph"):
            assert len(small) < len(original) or len(original) <= 12, (original, small)


def test_shrink_is_one_minimal_and_the_same_in_batches() -> None:
    def fails(text: str) -> bool:
        return "a" in text and "b" in text and len(text) > 0

    def candidates(text: str) -> list[str]:
        return [text[:k] + text[k + 1 :] for k in range(len(text))]

    start = "xxaxyybzz"
    alone = shrink(start, fails, candidates)
    with ThreadPoolExecutor(3) as pool:
        batched = shrink(start, fails, candidates, executor=pool, batch=3)
    assert alone == batched == "ab"


@given(st.text("abcd", max_size=9), st.sets(st.text("abcd", max_size=4), max_size=6))
@settings(max_examples=60)
def test_batches_take_the_same_path_as_one_at_a_time(start: str, bad: set[str]) -> None:
    """Candidates of the old input may come back as candidates of the new
    one (a cell walled, then its row cut): batches must not skip them."""

    def fails(text: str) -> bool:
        return any(b in text for b in bad)

    def candidates(text: str) -> list[str]:
        cut = [text[:k] + text[k + 1 :] for k in range(len(text))]
        return [text.replace(ch, "a") for ch in "bcd" if ch in text] + cut

    alone = shrink(start, fails, candidates)
    with ThreadPoolExecutor(2) as pool:
        for batch in (2, 3, 5):
            assert shrink(start, fails, candidates, executor=pool, batch=batch) == alone


def test_shrink_skips_inputs_it_has_seen() -> None:
    # candidates that go round in a circle: the search still ends
    assert shrink("a", lambda _: True, lambda t: ["b" if t == "a" else "a"]) == "b"


def test_the_library_stress_on_a_custom_problem() -> None:
    """Sorting numbers, with a solution that forgets to sort past 3 numbers."""

    def generate_case(rng: random.Random) -> str:
        return "".join(f"{rng.randint(0, 9)}\n" for _ in range(rng.randint(1, 8)))

    def expected(text: str) -> str:
        return " ".join(sorted(text.split(), key=int))

    def solution(text: str) -> str:
        numbers = text.split()
        return " ".join(sorted(numbers, key=int) if len(numbers) <= 3 else numbers)

    report = stress(generate_case, expected, solution, count=50, seed=2)
    again = stress(generate_case, expected, solution, count=50, seed=2, jobs=2)
    assert report.failure is not None and again.failure is not None
    assert report.failure.case == again.failure.case
    assert report.failure.input == again.failure.input
    small = report.failure.input.split()
    assert len(small) == 4 and small != sorted(small, key=int)
    assert str(report).startswith(f"case {report.failure.case}: wrong answer")
    fine = stress(generate_case, expected, expected, count=20)
    assert fine.ok and str(fine).startswith("ok: 20 cases agree")


def test_a_python_solution_that_raises_is_a_crash() -> None:
    outcome = run_solution(lambda text: str(1 // 0), "1\n")
    assert outcome.kind == "crash" and "ZeroDivisionError" in outcome.detail


def test_the_progress_bar_goes_to_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    report = stress_cases(lambda k: f"{k}\n", str.strip, str.strip, count=3, progress=True)
    captured = capsys.readouterr()
    assert report.ok and captured.out == ""
    assert "/3 [" in captured.err and "case/s" in captured.err


def test_no_progress_bar_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    command = _solution(tmp_path, planted=False)
    result = run("stress", "maze", "--solution", command, "--count", "3")
    assert result.status == 0 and result.stderr == ""


def test_a_flood_of_output_is_a_failing_solution_not_an_error() -> None:
    """`yes WIN` never ends: it fails the output limit, in bounded memory,
    and the report shows only the start of what it printed."""
    result = run("stress", "maze", "--solution", "yes WIN", "--count", "3", "--output-limit", "1")
    assert result.status == 1, result.stderr
    text = result.stdout.decode()
    assert text.startswith("case 0: output limit: printed more than 1 MiB\n"), text[:200]
    received = text.split("--- received ---\n")[1]
    assert received.count("\n") <= 41 and "[... cut here: " in received
    assert result.stderr == ""


def test_the_output_limit_is_the_library_s_too() -> None:
    outcome = run_solution("yes WIN", "1 1\n.\n", output_limit=1000)
    assert outcome.kind == "output limit" and len(outcome.output) == 1000
    with pytest.raises(BipartiteGameError, match="time limit"):
        stress_cases(lambda k: "", str, "cat", time_limit=1e20)
    with pytest.raises(BipartiteGameError, match="jobs"):
        stress_cases(lambda k: "", str, "cat", jobs=10**9)


def test_a_child_left_holding_the_output_is_not_a_time_out(tmp_path: Path) -> None:
    """The solution answers and exits, leaving a background process with
    its standard output open: it is judged on what it printed, and the
    process it left is killed."""
    marker = tmp_path / "left-behind"
    right = _solution(tmp_path, planted=False)
    command = f"{right}; (sleep 30; touch {shlex.quote(str(marker))}) &"
    result = run("stress", "maze", "--solution", command, "--count", "4", "--time-limit", "20")
    assert result.status == 0, result.stdout
    assert result.stdout.startswith(b"ok: 4 cases agree")
    wrong = f"{_solution(tmp_path, planted=True)}; sleep 30 &"
    failed = run("stress", "maze", "--solution", wrong, "--count", "20", "--time-limit", "20")
    assert failed.stdout.startswith(b"case "), failed.stdout
    assert b": wrong answer: " in failed.stdout.split(b"\n")[0]
    outcome = run_solution("echo WIN; sleep 30 &", "1 1\n.\n", time_limit=20)
    assert outcome.kind == "ok" and outcome.output == "WIN\n"


def test_a_solution_s_bytes_never_reach_the_terminal_raw() -> None:
    result = run("stress", "maze", "--solution", r"printf '\033[31mRED\r\n\007'", "--count", "1")
    assert result.status == 1
    assert b"\x1b" not in result.stdout and b"\r" not in result.stdout
    assert b"\x07" not in result.stdout
    assert b"--- received ---\n\\x1b[31mRED\\r\n\\x07\n" in result.stdout


def test_a_long_input_is_shown_cut(tmp_path: Path) -> None:
    # fails (status 3) only on inputs of 250 lines or more: shrinking stops there
    command = 'test "$(wc -l)" -lt 250 || exit 3'
    result = run(
        "stress", "graph", "--solution", command, "--count", "1", "--vertices", "300",
        "--edges", "300",
    )  # fmt: skip
    assert result.status == 1
    shown = result.stdout.decode().split("--- input ---\n")[1].split("--- expected ---")[0]
    assert shown.count("\n") <= 41 and "[... cut here: " in shown


def test_save_to_a_device_is_refused_before_the_first_run() -> None:
    """/dev/full is a device: refused before any run, as every output
    file's path is (a full disk under a real file: tests/cli/test_outputs.py)."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    result = run("stress", "maze", "--solution", "exit 3", "--save", "/dev/full")
    assert result.status == 2 and result.stdout == b""
    assert result.stderr == (
        "bipartite-game: error: cannot write /dev/full: a character device, not a regular file\n"
    )


def test_gen_refuses_a_negative_seed_for_every_problem() -> None:
    for problem in GENERATORS:
        assert_one_line_error(run("gen", problem, "--seed", "-5"), "--seed")
    with pytest.raises(BipartiteGameError, match="seed"):
        generate("maze", -5)


# ------------------------------------------------ the run ends at the exit
#: Where a solution ends: it closes its standard output and error, then
#: still has work to do before it exits, as coreutils ``cat`` or a C program
#: ending in ``fclose(stdout); fclose(stderr);`` does.
FINISH = """
import os, time


def finish():
    sys.stdout.flush()
    os.close(1)
    os.close(2)
    time.sleep(0.05)
    os._exit(0)
"""


def _closing_solution(tmp_path: Path, *, planted: bool) -> str:
    script = tmp_path / ("closes-wrong.py" if planted else "closes-right.py")
    body = MAZE_SOLUTION.replace("sys.exit()", "finish()")
    script.write_text(f"import sys\n{FINISH}\nPLANTED = {planted}\n{body}\nfinish()\n")
    return f"{PYTHON} {shlex.quote(str(script))}"


def test_a_program_that_closes_its_output_is_judged_when_it_exits(tmp_path: Path) -> None:
    """Closing both pipes is not an exit: the run waits for the exit status
    (it used to kill the program there and report SIGKILL)."""
    command = _closing_solution(tmp_path, planted=False)
    for _ in range(3):
        outcome = run_solution(command, "1 2\n..\n")
        assert outcome.kind == "ok" and outcome.output == "LOSE\n", outcome
    result = run("stress", "maze", "--solution", command, "--count", "12")
    assert result.status == 0 and result.stdout.startswith(b"ok: 12 cases agree"), result


def test_cat_closes_its_output_and_is_judged_on_it_every_time() -> None:
    for _ in range(40):
        outcome = run_solution("cat", "1 2\n..\n")
        assert outcome.kind == "ok" and outcome.output == "1 2\n..\n", outcome


def _concurrently(*commands: list[str]) -> list[Result]:
    """Run command lines at once (they load the machine for each other)."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "bipartite_game", *words],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for words in commands
    ]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        results.append(Result(process.returncode, out, err.decode()))
    return results


def test_the_same_seed_gives_the_same_report_every_time() -> None:
    """Twenty runs of `stress graph --solution cat` gave eight different
    shrunk inputs, some of them "crash: killed by SIGKILL": the tool killed
    `cat` between closing its output and exiting.  Here runs one after the
    other (`cat` reacts fastest then) and at once (each loading the others),
    also of a program that closes its output, then sleeps."""
    words = ["stress", "graph", "--count", "30", "--seed", "3"]
    cat = ["--solution", "cat"]
    closes = ["--solution", "cat; exec >&- 2>&-; sleep 0.05"]
    results = [run(*words, *cat) for _ in range(2)]
    results += _concurrently(words + cat, words + closes, words + closes)
    assert {r.status for r in results} == {1}, results
    assert len({r.stdout for r in results}) == 1, [r.stdout[:200] for r in results]
    assert results[0].stdout.startswith(b"case 0: wrong answer: "), results[0].stdout


@pytest.mark.slow
def test_a_wrong_solution_that_closes_its_output_shrinks_the_same_way_every_time(
    tmp_path: Path,
) -> None:
    command = _closing_solution(tmp_path, planted=True)
    words = ["stress", "maze", "--solution", command, "--count", "100", "--jobs", "2"]
    results = _concurrently(*[words] * 4)
    assert {r.status for r in results} == {1}, results
    assert len({r.stdout for r in results}) == 1, [r.stdout[:200] for r in results]
    assert b": wrong answer: line 1: expected 'LOSE', found 'WIN'\n" in results[0].stdout


# ---------------------------------------------------------------- Ctrl-C
def _gone(pid: int) -> bool:
    return not Path(f"/proc/{pid}").exists()


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_kills_the_solution_and_exits_at_once(tmp_path: Path, jobs: str) -> None:
    """With a time limit of 40 s it used to take 57 s, the sleeping
    solution running on; now: within a second, status 130, one line, and
    no process of the solution's left, not even a zombie."""
    pids = tmp_path / "pids"
    quoted = shlex.quote(str(pids))
    command = f"echo $$ >> {quoted}; sleep 60 & echo $! >> {quoted}; wait"
    process = subprocess.Popen(
        [sys.executable, "-m", "bipartite_game", "stress", "maze", "--solution", command,
         "--time-limit", "40", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(pids.read_text().split() if pids.exists() else []) < 2 * int(jobs):
            assert time.monotonic() < deadline and process.poll() is None, "no solution started"
            time.sleep(0.02)
        time.sleep(0.2)  # the solution sleeps; its stress run waits on it
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        process.kill()
    assert process.returncode == 130, (out, err)
    assert took < 3, took  # "within a second", with slack for a busy machine
    assert out == b""
    assert err.decode().splitlines() == [
        "bipartite-game: stress: interrupted before any case was judged"
    ]
    left = [int(pid) for pid in pids.read_text().split() if not _gone(int(pid))]
    assert not left, left


def test_ctrl_c_in_the_library_kills_the_programs(tmp_path: Path) -> None:
    """`stress()` from Python: a KeyboardInterrupt (here raised by the
    right answer to the second case, once both cases' programs run) kills
    the programs under way and comes out as Interrupted."""
    pids = tmp_path / "pids"
    command = f"echo $$ >> {shlex.quote(str(pids))}; exec sleep 60"

    def expected(text: str) -> str:
        if text == "second\n":
            deadline = time.monotonic() + 30
            while len(pids.read_text().split() if pids.exists() else []) < 2:
                assert time.monotonic() < deadline
                time.sleep(0.02)
            raise KeyboardInterrupt
        return text

    began = time.monotonic()
    with pytest.raises(Interrupted) as caught:
        stress_cases(["first\n", "second\n"].__getitem__, expected, command, count=2, jobs=2,
                     time_limit=40)  # fmt: skip
    assert time.monotonic() - began < 20
    assert str(caught.value) == "interrupted before any case was judged"
    assert isinstance(caught.value, KeyboardInterrupt)
    for pid in pids.read_text().split():  # killed, and reaped: this is their parent
        assert _gone(int(pid)), pid


def test_an_interrupt_says_how_far_the_run_got() -> None:
    """(The cases are made two ahead of the one judged: the interrupt in
    making case k comes when k - 1 cases were judged.)"""

    def stopping_at(stop: int) -> Callable[[int], str]:
        def make_case(case: int) -> str:
            if case == stop:
                raise KeyboardInterrupt
            return "a\n" if case == 5 else "0\n"

        return make_case

    for stop, said in [
        (2, "interrupted: the first case agrees"),
        (4, "interrupted: the first 3 cases agree"),
    ]:
        with pytest.raises(Interrupted) as caught:
            stress_cases(stopping_at(stop), str.strip, str.upper, count=9)
        assert str(caught.value) == said

    def candidates(text: str) -> list[str]:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as caught:  # case 5: expected 'a', found 'A'
        stress_cases(stopping_at(-1), str.strip, str.upper, count=9, candidates=candidates)
    assert str(caught.value) == "interrupted while shrinking the failure of case 5 (wrong answer)"


# ------------------------------------------------- options before the work
def test_options_are_refused_before_any_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    command = f"touch {shlex.quote(str(marker))}; cat"
    for words in (
        ["--save", str(tmp_path / "no-folder" / "case.txt")],
        ["--save", str(tmp_path)],
        ["--rings", "2"],
    ):
        assert_one_line_error(run("stress", "maze", "--solution", command, *words))
    assert_one_line_error(
        run("stress", "knights", "--solution", command, "--rows", "1", "--cols", "1"),
        "a knights duel needs at least two squares",
    )
    assert_one_line_error(
        run("stress", "lock", "--solution", command, "--rings", "9"), "too many codes"
    )
    assert not marker.exists()
    script = tmp_path / "solution.py"
    script.write_text("print('LOSE')\n")
    assert_one_line_error(
        run("stress", "maze", "--solution", str(script)), "is not executable (chmod +x?)"
    )
