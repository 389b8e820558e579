"""The web server under pressure: computations out of time, many requests at
once, slow and many clients, Ctrl-C, other sites, and hostile bodies.

Everything here is bounded: fixed numbers of requests and sockets, deadlines
in seconds, only 127.0.0.1, and every server started here is stopped here.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import httpx2
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from bipartite_game.play.match import Match
from bipartite_game.play.web import Limits, create_app

SAMPLE = "3 3\n.##\n...\n#.#\n"
BASE = "http://localhost"
JSON = {"Content-Type": "application/json"}


def _client(app: Starlette) -> httpx2.AsyncClient:
    return httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=BASE)


class _Counter:
    """How many calls run at once, and the most seen."""

    def __init__(self) -> None:
        self.now = 0
        self.most = 0
        self.calls = 0
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        with self._lock:
            self.now += 1
            self.calls += 1
            self.most = max(self.most, self.now)

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self.now -= 1


def _slow_solve(seconds: float, counter: _Counter | None = None) -> Any:
    from bipartite_game.theory.game import solve

    def slow(graph: Any) -> Any:
        with counter or _Counter():
            time.sleep(seconds)
            return solve(graph)

    return slow


@pytest.fixture(scope="module", autouse=True)
def _kernels_ready() -> None:
    """Run every path the requests below use once (its modules imported, the
    native library loaded), before any test gives a computation a fraction
    of a second."""
    app = create_app(Limits(), warm_up=False)
    with TestClient(app, base_url=BASE) as client:
        assert client.post("/api/analyse", json={"maze": SAMPLE}).status_code == 200
        second = client.post("/api/games", json={"maze": SAMPLE, "side": "second"}).json()
        client.post(f"/api/games/{second['id']}/place", json={"cell": [1, 2]})
        first = client.post("/api/games", json={"maze": SAMPLE, "start": [1, 1], "side": "first"})
        game = f"/api/games/{first.json()['id']}"
        for action, body in [("/hint", {}), ("/move", {"cell": [1, 2]}), ("/undo", {})]:
            assert client.post(game + action, json=body).status_code == 200


# --- computations: all or nothing, bounded, timed from their start ---------


def test_a_move_out_of_time_leaves_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move is made, then the work runs past the limit: 503, and neither
    a GET now nor one after the thread has ended sees the move."""
    app = create_app(Limits(solve_seconds=0.2), warm_up=False)
    with TestClient(app, base_url=BASE) as client:
        state = client.post("/api/games", json={"maze": SAMPLE, "start": [1, 1], "side": "first"})
        assert state.status_code == 201, state.text
        game = f"/api/games/{state.json()['id']}"
        before = client.get(game).json()
        assert before["phase"] == "play" and before["path"] == [[1, 1]]

        real_play = Match.play

        def slow_play(match: Match, move: int) -> int | None:
            answer = real_play(match, move)
            time.sleep(0.6)
            return answer

        monkeypatch.setattr(Match, "play", slow_play)
        answer = client.post(game + "/move", json={"cell": [1, 2]})
        assert answer.status_code == 503, answer.text
        assert "took too long" in answer.json()["error"]
        assert client.get(game).json() == before
        time.sleep(0.8)  # the abandoned thread has finished its move by now
        assert client.get(game).json() == before

        monkeypatch.undo()
        moved = client.post(game + "/move", json={"cell": [1, 2]})
        assert moved.status_code == 200, moved.text
        assert moved.json()["path"][:2] == [[1, 1], [1, 2]]


def test_a_slow_solve_in_the_engines_answer_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Placing the token makes the (losing) engine search for a move; when
    that solve runs out of time the token is not placed."""
    app = create_app(Limits(solve_seconds=0.2), warm_up=False)
    with TestClient(app, base_url=BASE) as client:
        state = client.post("/api/games", json={"maze": SAMPLE, "side": "second"}).json()
        game = f"/api/games/{state['id']}"
        monkeypatch.setattr("bipartite_game.play.position.solve", _slow_solve(0.5))
        answer = client.post(game + "/place", json={"cell": [1, 2]})
        assert answer.status_code == 503, answer.text
        after = client.get(game).json()
        assert after["phase"] == "place" and after["path"] == []
        monkeypatch.undo()
        placed = client.post(game + "/place", json={"cell": [1, 2]}).json()
        assert placed["path"] == [[1, 2], [1, 1]]


def test_a_get_during_a_move_sees_the_state_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(Limits(solve_seconds=5), warm_up=False)
    real_play = Match.play

    def slow_play(match: Match, move: int) -> int | None:
        answer = real_play(match, move)
        time.sleep(1.0)
        return answer

    async def scenario() -> None:
        async with _client(app) as client:
            made = await client.post(
                "/api/games", json={"maze": SAMPLE, "start": [1, 1], "side": "first"}
            )
            game = f"/api/games/{made.json()['id']}"
            before = (await client.get(game)).json()
            monkeypatch.setattr(Match, "play", slow_play)
            move = asyncio.create_task(client.post(game + "/move", json={"cell": [1, 2]}))
            await asyncio.sleep(0.2)
            started = time.monotonic()
            during = await client.get(game)
            assert time.monotonic() - started < 0.6  # not held up by the move
            assert during.json() == before
            moved = await move
            assert moved.status_code == 200, moved.text
            assert (await client.get(game)).json() == moved.json()

    asyncio.run(scenario())


def test_no_more_than_workers_computations_run_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight analyses that each run out of time: the threads they leave
    behind keep their slots, so never more than two run."""
    counter = _Counter()
    monkeypatch.setattr("bipartite_game.play.web.routes.maze.solve", _slow_solve(0.25, counter))
    app = create_app(Limits(workers=2, solve_seconds=0.05, queue_seconds=10), warm_up=False)

    async def scenario() -> list[httpx2.Response]:
        async with _client(app) as client:
            return await asyncio.gather(
                *(client.post("/api/analyse", json={"maze": SAMPLE}) for _ in range(8))
            )

    started = time.monotonic()
    answers = asyncio.run(scenario())
    elapsed = time.monotonic() - started
    assert [a.status_code for a in answers] == [503] * 8
    assert all("took too long" in a.json()["error"] for a in answers)
    assert counter.calls == 8
    assert counter.most == 2
    assert elapsed >= 0.25 * 3  # the last two could start only after six had ended
    deadline = time.monotonic() + 5
    while counter.now and time.monotonic() < deadline:
        time.sleep(0.05)
    assert counter.now == 0


def test_a_request_that_cannot_start_in_time_hears_server_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bipartite_game.play.web.routes.maze.solve", _slow_solve(1.0))
    app = create_app(Limits(workers=1, queue_seconds=0.2, solve_seconds=5), warm_up=False)

    async def scenario() -> list[httpx2.Response]:
        async with _client(app) as client:
            return await asyncio.gather(
                *(client.post("/api/analyse", json={"maze": SAMPLE}) for _ in range(2))
            )

    answers = sorted(asyncio.run(scenario()), key=lambda a: a.status_code)
    assert [a.status_code for a in answers] == [200, 503]
    assert answers[1].json()["error"].startswith("server busy")


def test_many_small_analyses_at_once_all_succeed(monkeypatch: pytest.MonkeyPatch) -> None:
    """20 analyses of 0.3 s each on 2 workers queue for about 3 s, beyond
    the 2.5 s time limit: the limit counts from each one's start, so all
    succeed.  Each has 2.5 s for its own 0.3 s, room enough on a busy
    machine (few requests, so the event loop's own work is small beside
    it); the queue's own limit is set far out of the way: it is not what
    is tested here."""
    monkeypatch.setattr("bipartite_game.play.web.routes.maze.solve", _slow_solve(0.3))
    app = create_app(Limits(workers=2, solve_seconds=2.5, queue_seconds=600.0), warm_up=False)

    async def scenario() -> list[httpx2.Response]:
        async with _client(app) as client:
            return await asyncio.gather(
                *(client.post("/api/analyse", json={"maze": SAMPLE}) for _ in range(20))
            )

    started = time.monotonic()
    answers = asyncio.run(scenario())
    assert time.monotonic() - started > 2.5
    assert [a.status_code for a in answers] == [200] * 20
    assert {a.json()["answer"] for a in answers} == {"WIN"}


# --- other sites ------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(Limits(max_side=12), warm_up=False)
    with TestClient(app, base_url=BASE) as test_client:
        yield test_client


def _refused(response: Any, status: int, fragment: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    assert fragment in response.json()["error"]


def test_a_foreign_origin_may_not_change_anything(client: TestClient) -> None:
    for origin in ("http://evil.example", "http://localhost:9999", "null", "https://localhost"):
        answer = client.post("/api/analyse", json={"maze": SAMPLE}, headers={"Origin": origin})
        _refused(answer, 403, "cross-origin request refused")
    ours = client.post("/api/analyse", json={"maze": SAMPLE}, headers={"Origin": BASE})
    assert ours.status_code == 200, ours.text
    assert client.get("/", headers={"Origin": "http://evil.example"}).status_code == 200


def test_only_json_bodies_are_accepted(client: TestClient) -> None:
    body = json.dumps({"maze": SAMPLE})
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        answer = client.post("/api/analyse", content=body, headers={"Content-Type": content_type})
        _refused(answer, 415, "application/json")
    _refused(client.post("/api/analyse", content=body), 415, "application/json")
    charset = {"Content-Type": "application/json; charset=utf-8"}
    assert client.post("/api/analyse", content=body, headers=charset).status_code == 200


@pytest.mark.parametrize(
    ("listen", "host", "allowed"),
    [
        ("127.0.0.1", "localhost", True),
        ("127.0.0.1", "localhost:8000", True),
        ("127.0.0.1", "127.0.0.1:1", True),
        ("127.0.0.1", "[::1]:8000", True),
        ("127.0.0.1", "LOCALHOST", True),
        ("127.0.0.1", "evil.example", False),
        ("127.0.0.1", "evil.example:8000", False),
        ("127.0.0.1", "localhost.evil.example", False),
        ("127.0.0.1", "localhost:80:80", False),
        ("127.0.0.1", "192.168.1.5", False),
        ("192.168.1.5", "192.168.1.5:8000", True),
        ("192.168.1.5", "10.0.0.1", False),
        ("maze.lan", "maze.lan:8000", True),
        ("::1", "[::1]:8000", True),
        ("0.0.0.0", "evil.example:8000", True),
        ("::", "anything.example", True),
    ],
)
def test_the_host_header_must_name_this_server(listen: str, host: str, allowed: bool) -> None:
    app = create_app(Limits(), warm_up=False, host=listen)
    with TestClient(app, base_url=BASE) as guarded:
        answer = guarded.get("/", headers={"Host": host})
        if allowed:
            assert answer.status_code == 200, answer.text
        else:
            _refused(answer, 421, "unknown Host header")


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [
        client.get("/"),
        client.get("/static/app.js"),
        client.post("/api/analyse", json={"maze": SAMPLE}),
        client.post("/api/analyse", json={}),
        client.get("/no/such/page"),
        client.post("/api/analyse", content=b"{}"),
        client.get("/", headers={"Host": "evil.example"}),
    ]
    for answer in answers:
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy


# --- hostile bodies: always a JSON 4xx --------------------------------------


def _deep(depth: int) -> bytes:
    return b'{"maze": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize(
    "body",
    [
        b'{"maze": "\\ud800"}',
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "moves": "\\udfff"}',
        b'{"\\ud800": 1}',
        b"[" * 10_000 + b"]" * 10_000,
        b'{"a": ' * 10_000 + b"1" + b"}" * 10_000,
        _deep(9),
        _deep(500),
        b'{"maze": NaN}',
        b'{"maze": Infinity}',
        b"\xff\xfe\x00{",
        b'{"maze": "' + b"9" * 5000 + b'"}',
        b'{"maze": ' + b"9" * 5000 + b"}",
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "moves": "99999999,1"}',
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "start": [' + b"9" * 4000 + b", -1]}",
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "start": [1e308, 0]}',
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "side": {"x": []}}',
        b'{"maze": "3 3\\n.##\\n...\\n#.#\\n", "show_losing": "yes"}',
        b'{"maze": "2147483647 2147483647\\n"}',
        b'{"maze": "\\u0000\\u0000"}',
        b"null",
        b'"maze"',
        b"",
    ],
)
@pytest.mark.parametrize("path", ["/api/analyse", "/api/games"])
def test_hostile_bodies_never_get_a_500(client: TestClient, path: str, body: bytes) -> None:
    """Each is answered in JSON: an error with a 4xx, or (when the odd part
    is a field this endpoint ignores) the answer itself."""
    answer = client.post(path, content=body, headers=JSON)
    assert answer.status_code < 500, (answer.status_code, answer.text[:200])
    if answer.status_code >= 400:
        assert isinstance(answer.json()["error"], str)


def test_a_lone_surrogate_and_deep_nesting_are_400(client: TestClient) -> None:
    surrogate = client.post("/api/analyse", content=b'{"maze": "\\ud800"}', headers=JSON)
    _refused(surrogate, 400, "lone surrogate")
    deep = b"[" * 10_000 + b"]" * 10_000
    _refused(client.post("/api/analyse", content=deep, headers=JSON), 400, "nested")
    _refused(client.post("/api/games", content=_deep(20), headers=JSON), 400, "nested more than")


@pytest.mark.parametrize(
    "body",
    [
        b'{"cell": "\\ud800"}',
        b'{"cell": [' + b"9" * 4000 + b", 0]}",
        b'{"cell": [-1, -1]}',
        b'{"cell": [1.5, 0]}',
        b'{"cell": [[1], [2]]}',
        b"[" * 10_000 + b"]" * 10_000,
    ],
)
def test_hostile_moves_get_a_json_4xx(client: TestClient, body: bytes) -> None:
    made = client.post("/api/games", json={"maze": SAMPLE, "start": [1, 1], "side": "first"})
    game = f"/api/games/{made.json()['id']}"
    for action in ("/move", "/place"):
        answer = client.post(game + action, content=body, headers=JSON)
        assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:200])
    assert client.get(game).json()["path"] == [[1, 1]]


# --- a real server: slow clients, many clients, Ctrl-C ----------------------

#: Runs the command line in a child, optionally with a low open-files limit
#: or a solve that announces itself and then takes long.
_CHILD = """
import sys, time
files, slow = int(sys.argv[1]), float(sys.argv[2])
if files:
    import resource
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))
if slow:
    import bipartite_game.play.web.routes.maze as maze
    real = maze.solve
    def solve(graph):
        print("solving", flush=True)
        time.sleep(slow)
        return real(graph)
    maze.solve = solve
from bipartite_game.cli.main import main
sys.exit(main(["serve", "--port", "0"]))
"""

HEADER_SECONDS = Limits().header_seconds


class _Served:
    def __init__(self, process: subprocess.Popen[str], port: int, stderr: IO[str]) -> None:
        self.process = process
        self.port = port
        self._stderr = stderr

    def stderr(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read()

    def line(self, seconds: float) -> str:
        """The child's next line of output, waited for at most ``seconds``."""
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            assert selector.select(seconds), f"no output within {seconds} s"
        return self.process.stdout.readline()


@contextmanager
def _serve(*, files: int = 0, slow: float = 0) -> Iterator[_Served]:
    """``bipartite-game serve --port 0`` on 127.0.0.1, stopped at the end."""
    with tempfile.TemporaryFile("w+") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(files), str(slow)],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
        try:
            served = _Served(process, 0, stderr)
            line = served.line(120)  # the warm-up may compile the kernels
            assert line.startswith("bipartite-game: serving on http://127.0.0.1:"), (
                line + served.stderr()
            )
            served.port = int(line.split("127.0.0.1:")[1].split("/")[0])
            yield served
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=30)
            assert process.stdout is not None
            process.stdout.close()


def _request(
    port: int, method: str, path: str, body: bytes | None = None, timeout: float = 5
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=JSON if body is not None else {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _stalled(port: int, count: int, data: bytes) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        with contextlib.suppress(OSError):  # a refused one may be closed already
            sock.sendall(data)
        sockets.append(sock)
    return sockets


def _closed_after(sockets: list[socket.socket], seconds: float) -> dict[socket.socket, bytes]:
    """Wait until the server closes each socket (at most ``seconds``); what
    each received before its end."""
    received: dict[socket.socket, bytes] = {sock: b"" for sock in sockets}
    open_ = set(sockets)
    deadline = time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        for sock in sockets:
            selector.register(sock, selectors.EVENT_READ)
        while open_ and time.monotonic() < deadline:
            for key, _ in selector.select(max(0.0, deadline - time.monotonic())):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                try:
                    data = ready.recv(65536)
                except ConnectionError:
                    data = b""
                received[ready] += data
                if not data:
                    selector.unregister(ready)
                    open_.discard(ready)
    assert not open_, f"{len(open_)} of {len(sockets)} connections still open after {seconds} s"
    return received


HALF_A_HEADER = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Stalling: "


@pytest.mark.slow  # it waits out the server's header timeout
def test_stalled_headers_are_cut_off_and_others_still_served() -> None:
    """Right after "serving on" a request is answered; 50 connections that
    send half a header and stall are closed after the header deadline,
    while a normal request is answered at once; a client that leaves in
    the middle of its body leaves no traceback."""
    with _serve() as served:
        status, _ = _request(served.port, "GET", "/")  # no retry: it listens already
        assert status == 200
        opened = time.monotonic()
        stalled = _stalled(served.port, 50, HALF_A_HEADER)
        started = time.monotonic()
        status, body = _request(
            served.port, "POST", "/api/analyse", json.dumps({"maze": SAMPLE}).encode()
        )
        answered = time.monotonic() - started
        assert status == 200 and json.loads(body)["answer"] == "WIN"
        assert answered < 2, answered

        leaving = socket.create_connection(("127.0.0.1", served.port), timeout=5)
        leaving.sendall(
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"maze": '
        )
        time.sleep(0.2)
        leaving.close()

        received = _closed_after(stalled, HEADER_SECONDS + 3)
        closed = time.monotonic() - opened
        assert HEADER_SECONDS - 0.5 < closed < HEADER_SECONDS + 3, closed
        assert set(received.values()) == {b""}
        for sock in stalled:
            sock.close()
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=10)
        assert "Traceback" not in served.stderr(), served.stderr()


@pytest.mark.slow  # hundreds of stalled connections, then their time-out
@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX limits on open files")
def test_more_stalled_clients_than_open_files_are_refused_quietly() -> None:
    """Under a 256-file limit, 300 stalled connections: those beyond what
    the limit leaves room for are answered 503 at once, the rest are cut off
    at the header deadline, the server answers again after it, and its log
    holds no traceback."""
    with _serve(files=256) as served:
        stalled = _stalled(served.port, 300, HALF_A_HEADER)
        received = _closed_after(stalled, HEADER_SECONDS + 3)
        refused = [data for data in received.values() if data.startswith(b"HTTP/1.1 503")]
        assert 300 - 256 <= len(refused) < 300
        assert all(b"too many open connections" in data for data in refused)
        for sock in stalled:
            sock.close()
        status, _ = _request(served.port, "GET", "/")
        assert status == 200
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=10)
        log = served.stderr()
        assert "Traceback" not in log, log[:2000]
        assert len(log) < 10_000, log[:2000]


def test_ctrl_c_with_requests_in_flight_stops_at_once_and_quietly() -> None:
    """A solve that would take a minute and a body that never ends are in
    flight when Ctrl-C comes: both are answered 503 and the server exits
    within a few seconds, with no traceback."""
    with _serve(slow=60) as served:
        solving = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        payload = json.dumps({"maze": SAMPLE}).encode()
        solving.sendall(
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(payload)).encode() + b"\r\n\r\n" + payload
        )
        assert served.line(10) == "solving\n"
        uploading = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        uploading.sendall(
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"maze": '
        )
        time.sleep(0.3)
        interrupted = time.monotonic()
        served.process.send_signal(signal.SIGINT)
        status = served.process.wait(timeout=10)
        stopped = time.monotonic() - interrupted
        assert stopped < 4, stopped
        assert status == 130
        for sock in (solving, uploading):
            answer = _closed_after([sock], 1)[sock]
            assert answer.startswith(b"HTTP/1.1 503"), answer
            assert b"shutting down" in answer
            sock.close()
        assert "Traceback" not in served.stderr(), served.stderr()


# --- a real server in a thread, with short deadlines -------------------------


@contextmanager
def _in_thread(limits: Limits) -> Iterator[int]:
    from bipartite_game.play.web.server import _Server, config

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port: int = sock.getsockname()[1]
    app = create_app(limits, warm_up=False)
    server = _Server(config(app, limits), started=lambda: None, stopping=lambda: None)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def test_a_body_that_stalls_gets_408_and_the_connection_closes(
    capfd: pytest.CaptureFixture[str],
) -> None:
    limits = Limits(header_seconds=1, body_seconds=1)
    with _in_thread(limits) as port:
        dribbling = _stalled(
            port,
            20,
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"maze": ',
        )
        started = time.monotonic()
        received = _closed_after(dribbling, 4)
        assert time.monotonic() - started < 3
        for sock, answer in received.items():
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert b"not received within 1 s" in answer
            sock.close()
        assert _request(port, "GET", "/")[0] == 200
    assert "Traceback" not in capfd.readouterr().err


def test_a_connection_beyond_the_cap_is_answered_503_at_once() -> None:
    limits = Limits(header_seconds=2, max_connections=5)
    with _in_thread(limits) as port:
        held = _stalled(port, 5, HALF_A_HEADER)
        time.sleep(0.2)
        extra = _stalled(port, 1, HALF_A_HEADER)
        answer = _closed_after(extra, 1)[extra[0]]
        assert answer.startswith(b"HTTP/1.1 503"), answer
        received = _closed_after(held, 4)
        assert set(received.values()) == {b""}
        for sock in held + extra:
            sock.close()
        assert _request(port, "GET", "/")[0] == 200
