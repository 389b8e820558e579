// The page draws what the server sends and sends what the user clicks.
// Every rule (legal moves, the engine, who won) is decided in Python.
// This script holds the maze mode and what both modes share (requests,
// games, the record); graph.js holds the graph mode, layout.js its layout;
// i18n.js the words (t, say: every text shown comes from its catalogs).
"use strict";

const $ = (id) => document.getElementById(id);

const page = {
  mode: "maze",  // "maze" or "graph" (graph.js)
  rows: [],      // the maze being edited, as strings of '.' and '#'
  game: null,    // the server's state of the game in progress, or null
  pending: 0,    // requests in flight
  cursor: [0, 0], // the keyboard's cell: arrows move it, Enter or Space clicks it
  limits: null,  // the server's bounds (/api/limits), once known
};

function mazeText(rows) {
  return `${rows.length} ${rows[0].length}\n${rows.join("\n")}\n`;
}

// The board a request to `path` carries ("maze", "graph" or "sum"), or null
// for a click.
function boardCarried(path) {
  if (path === "/api/analyse" || path === "/api/games") return "maze";
  if (path.startsWith("/api/graph/")) return "graph";
  if (path === "/api/sums") return "sum";
  return null;
}

async function api(method, path, body) {
  const options = { method, headers: { "Content-Type": "application/json" } };
  if (body !== undefined) options.body = JSON.stringify(body);
  const limits = page.limits;
  if (limits && options.body && new TextEncoder().encode(options.body).length > limits.max_body) {
    // the server would refuse it unread: say so as it would, without sending
    const kind = boardCarried(path);
    throw said(kind
      ? { key: "error.board_too_large", args: { limit: boardLimit(kind), max_body: limits.max_body } }
      : { key: "error.body_too_large", args: { max_body: limits.max_body } });
  }
  page.pending += 1;
  document.body.classList.add("busy");
  try {
    let response;
    try {
      response = await fetch(path, options);
    } catch {
      // fetch rejects only when no answer came at all
      throw said({ key: "error.unreachable" });
    }
    let data;
    try {
      data = await response.json();
    } catch {
      data = { code: "error.http", args: { status: response.status, text: response.statusText } };
    }
    if (!response.ok) {
      // the server's message by its code, in the page's language; its
      // English text when the catalogs do not know the code
      throw data.code && data.code in i18n.catalogs.en
        ? said({ key: data.code, args: data.args || {} })
        : said({ key: "error.refused", args: { detail: data.error || `HTTP ${response.status}` } });
    }
    clearError();
    return data;
  } finally {
    page.pending -= 1;
    if (page.pending === 0) document.body.classList.remove("busy");
  }
}

// Where an error is shown: next to the input that caused it (just after the
// element `near`: for a text, after the box that holds it and its Load
// button, where it stays in sight when the box is folded), that input
// marked invalid, and the description of the board under a text that was
// refused marked as still the old board's.  Without a place, above the board
// (a click on it, a game's buttons).
const ERROR_PLACES = {
  "maze-size": { near: "maze-size", invalid: ["rows", "cols"] },
  "maze-moves": { near: "maze-moves", invalid: ["moves"] },
  "maze-text": { near: "maze-io", invalid: ["maze-text"], stale: "analysis" },
  "graph-text": { near: "graph-io", invalid: ["graph-text"], stale: "graph-analysis" },
  "sum-text": { near: "sum-text", invalid: ["sum-text"] },
};

// An error that says a message of the catalogs ({key, args}), in the
// language of the moment (and again after a switch).
function said(message) {
  const error = new Error(say(message));
  error.said = message;
  return error;
}

// What a board of `kind` may be, from the server's limits.
function boardLimit(kind) {
  const limits = page.limits;
  const args = {
    maze: { side: limits.max_side },
    graph: { vertices: limits.max_vertices, edges: limits.max_edges },
    sum: { boards: limits.max_sum_boards, side: limits.max_side, size: limits.max_sum_size },
  }[kind];
  return { key: `limit.${kind}`, args };
}

function showError(error, place) {
  const where = ERROR_PLACES[place] || { near: "status", invalid: [] };
  const box = $("error");
  clearError();
  $(where.near).after(box);
  liveText("error", () => (error.said ? say(error.said) : error.message));
  for (const id of where.invalid) {
    $(id).setAttribute("aria-invalid", "true");
    $(id).setAttribute("aria-errormessage", "error");
  }
  if (where.stale) {
    liveText(where.stale, () => t("error.stale"));
    $(where.stale).dataset.stale = "true";
  }
  box.scrollIntoView({ block: "nearest" });
}

// showError at `place`, for a promise's catch
function errorAt(place) {
  return (error) => showError(error, place);
}

// A change handler for a file picker: the chosen file's text fills the
// text area `area`, then `read` (if any) takes it; a failure is shown there.
function loadInto(area, read) {
  return (event) => {
    const file = event.target.files[0];
    if (!file) return;
    file.text().then((text) => {
      $(area).value = text;
      return read ? read(text) : undefined;
    }).catch(errorAt(area));
  };
}

// The status line while a board is edited, not played: `key` says what to do.
function showEditing(key) {
  liveText("status", () => t(key));
  $("status").classList.remove("over");
  $("status").dataset.phase = "edit";
}

// What every game's state shows alike: the status line (what was said, and
// whether the game is over and who won), hint and undo, no plan.
function showStatus(state) {
  const status = $("status");
  liveText("status", () => say(state.said));
  status.classList.toggle("over", state.phase === "over");
  status.dataset.phase = state.phase;
  status.dataset.winner = state.winner || "";
  $("hint").disabled = state.phase === "over";
  $("undo").disabled = !state.can_undo; // a move of yours, or the start you placed
  liveText("plan", null);
}

function clearError() {
  liveText("error", null);
  for (const marked of document.querySelectorAll("[aria-invalid]")) {
    marked.removeAttribute("aria-invalid");
    marked.removeAttribute("aria-errormessage");
  }
}

// The line under a text box that says what the board shown is: `render()`.
function describe(id, render) {
  liveText(id, render);
  delete $(id).dataset.stale;
}

// The tokens' tooltips in the server's pictures (render_svg's English: "first
// to move", "the token of board 2") in the page's language.
function retitleTokens(container) {
  for (const title of container.querySelectorAll(".token title")) {
    const turn = /^(first|second) to move$/.exec(title.textContent);
    const board = /^the token of board (\d+)$/.exec(title.textContent);
    if (turn) title.textContent = t("board.token_to_move", { turn: { key: `role.${turn[1]}` } });
    else if (board) title.textContent = t("sum.token_title", { board: board[1] });
  }
}

function drawBoard(svg) {
  $("board").innerHTML = svg;
  retitleTokens($("board"));
  fitBoards();
  drawCursor();
}

// The board scales to fit: as wide as its column (at most 44rem) and no
// taller than the window from the board's top down to the game's buttons
// under it, so the board, Start, Hint and Undo are all in the first screen.
// Called after every drawing, and when the window or the text above the
// board changes size (a long message, an error).
const MOST_ACROSS = 704; // 44rem
const LEAST_DOWN = 160;  // below this the buttons go under the fold instead

// The height from the top of `box` to the game's buttons under it, when the
// page is scrolled to the top.
function roomBelow(box) {
  const bar = $("game-bar");
  const style = getComputedStyle(bar);
  const under = bar.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
  const top = box.getBoundingClientRect().top + window.scrollY;
  return Math.max(LEAST_DOWN, window.innerHeight - top - under - 6);
}

// CSS pixels a unit of a drawing `across` by `down` units gets in `box`.
function fitScale(box, across, down) {
  return Math.min(Math.min(box.clientWidth, MOST_ACROSS) / across, roomBelow(box) / down);
}

function fitBoards() {
  for (const id of ["board", "graph-board"]) {
    const box = $(id);
    const svg = box.querySelector("svg");
    if (box.hidden || !svg) continue;
    const view = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    const [across, down] = [view[2], view[3]];
    if (!(across > 0 && down > 0)) continue;
    const scale = fitScale(box, across, down);
    svg.style.width = `${Math.floor(across * scale)}px`;
    svg.style.height = `${Math.floor(down * scale)}px`;
  }
  refitGraph(); // graphboard.js: its discs and labels keep their size on the screen
  fitSumBoards(roomBelow); // sum.js
}

function watchBoardRoom() {
  window.addEventListener("resize", fitBoards);
  if (typeof ResizeObserver === "undefined") return;
  // what moves the board's top or narrows its column
  const watcher = new ResizeObserver(() => requestAnimationFrame(fitBoards));
  for (const element of [document.querySelector("header"), $("status"), $("error"), $("game-bar"),
    $("board"), $("graph-board"), $("nim-sum")]) {
    watcher.observe(element);
  }
}

// What every game request asks to see: the overlays ticked, and the
// engine's planned answer to each legal move (shown on hover).
function looks() {
  return {
    show_losing: $("show-losing").checked,
    show_matching: $("show-matching").checked,
    plan: true,
  };
}

function setPlaying(playing) {
  document.body.classList.toggle("playing", playing);
  for (const id of ["blank", "load", "moves", "rows", "cols", "mode-maze", "mode-graph", "mode-sum",
    "sum-text", "sum-example", "sum-file", "sum-moves", "sum-side"]) {
    $(id).disabled = playing;
  }
  $("graph-controls").disabled = playing;
  $("edit").disabled = !playing;
  showEditHistory(); // graph.js: Undo and Redo of the graph's edits, or of moves
}

// --- the arrow keys among a board's moves (the graph and sum modes) --------

const ARROWS = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

// The next of `places` ({item, x, y}) from the point `from` in the arrow
// `key`'s direction: ahead of it, the nearest by the distance ahead plus
// twice the distance aside; null when there is none that way.
function nextThatWay(from, places, key) {
  const [dx, dy] = ARROWS[key];
  let best = null;
  let bestScore = Infinity;
  for (const place of places) {
    const ahead = (place.x - from.x) * dx + (place.y - from.y) * dy;
    const aside = Math.abs((place.x - from.x) * dy - (place.y - from.y) * dx);
    if (ahead <= 0.5) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) [best, bestScore] = [place.item, score];
  }
  return best;
}

// The centre of an element on the screen.
function centreOf(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// --- the keyboard: a cursor cell on the board ---------------------------

const SVG_NS = "http://www.w3.org/2000/svg";

function boardSize() {
  const cells = $("board").querySelectorAll("rect.cell");
  if (cells.length === 0) return [0, 0];
  const last = cells[cells.length - 1];
  return [Number(last.dataset.row) + 1, Number(last.dataset.col) + 1];
}

function cellAt(row, col) {
  return $("board").querySelector(`rect.cell[data-row="${row}"][data-col="${col}"]`);
}

function drawCursor() {
  const [rows, cols] = boardSize();
  if (rows === 0) return;
  page.cursor = [Math.min(page.cursor[0], rows - 1), Math.min(page.cursor[1], cols - 1)];
  const cell = cellAt(...page.cursor);
  const svg = $("board").querySelector("svg");
  if (!cell || !svg) return;
  const mark = document.createElementNS(SVG_NS, "rect");
  for (const name of ["x", "y", "width", "height"]) mark.setAttribute(name, cell.getAttribute(name));
  mark.setAttribute("class", "cursor");
  mark.setAttribute("pointer-events", "none");
  svg.append(mark);
  const [row, col] = page.cursor;
  const kind = t(cell.classList.contains("wall") ? "board.cell.wall" : "board.cell.open");
  const key = cell.classList.contains("legal") ? "board.maze_cursor_legal" : "board.maze_cursor";
  $("board").setAttribute("aria-label", t(key, { row: row + 1, col: col + 1, kind }));
}

const STEPS = {
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
};

function onBoardKey(event) {
  if (event.key in STEPS) {
    const [rows, cols] = boardSize();
    const [dr, dc] = STEPS[event.key];
    page.cursor = [
      Math.max(0, Math.min(rows - 1, page.cursor[0] + dr)),
      Math.max(0, Math.min(cols - 1, page.cursor[1] + dc)),
    ];
    $("board").querySelectorAll("rect.cursor").forEach((mark) => mark.remove());
    drawCursor();
    showPlan(cellAt(...page.cursor));
    event.preventDefault();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    clickCell(...page.cursor);
  }
}

// --- the engine's planned answers ----------------------------------------

function plannedAnswer(row, col) {
  const plans = (page.game && page.game.planned) || [];
  return plans.find(([move]) => move[0] === row && move[1] === col);
}

// A cell [row, col] (0-based) or a vertex's label, as a message.
function whereSaid(where) {
  return Array.isArray(where)
    ? { key: "where.cell", args: { row: where[0] + 1, col: where[1] + 1 } }
    : { key: "where.vertex", args: { label: where } };
}

// The line that says the engine's planned answer `answer` (null: none) to `move`.
function sayPlan(move, answer) {
  liveText("plan", () => (answer === null
    ? t("plan.win", { where: whereSaid(move) })
    : t("plan.answer", { where: whereSaid(move), answer: whereSaid(answer) })));
}

function showPlan(cell) {
  $("board").querySelectorAll(".planned").forEach((mark) => mark.remove());
  liveText("plan", null);
  if (!cell || !page.game || page.game.phase !== "play") return;
  const plan = plannedAnswer(Number(cell.dataset.row), Number(cell.dataset.col));
  if (!plan) return;
  const [move, answer] = plan;
  sayPlan(move, answer);
  if (answer === null) return;
  const target = cellAt(answer[0], answer[1]);
  const svg = $("board").querySelector("svg");
  if (!target || !svg) return;
  const size = Number(target.getAttribute("width"));
  const ring = document.createElementNS(SVG_NS, "circle");
  ring.setAttribute("cx", Number(target.getAttribute("x")) + size / 2);
  ring.setAttribute("cy", Number(target.getAttribute("y")) + size / 2);
  ring.setAttribute("r", size * 0.3);
  ring.setAttribute("class", "planned");
  ring.setAttribute("pointer-events", "none");
  svg.append(ring);
}

function showGame(state) {
  page.game = state;
  if (page.mode === "graph") drawGraph();
  else drawBoard(state.svg);
  showStatus(state);
  $("undo").title = t("button.undo_move_title");
  showPlans(state);
  showRecord(state.record || []);
}

// Every planned answer in one line, for touch screens (no hover) and
// screen readers: "your move → the engine's answer".
function showPlans(state) {
  const name = (where) => (Array.isArray(where) ? `${where[0] + 1} ${where[1] + 1}` : where);
  const plans = state.phase === "play" ? state.planned || [] : [];
  liveText("plans", plans.length ? () => t("plans.list", {
    list: sayList(plans.map(([move, answer]) => t("plans.item", {
      move: name(move), answer: answer === null ? t("plans.none") : name(answer),
    })), "list.semicolon"),
  }) : null);
}

// The annotated record at the end of a game: the person's mistakes first,
// then every line with who played it and its verdict.
// Each line is a button that shows the board as it was after that line;
// Back and Forward step through them.
function showRecord(record) {
  const list = $("record");
  list.replaceChildren();
  $("record-panel").hidden = record.length === 0;
  const shown = page.game && page.game.at !== null && page.game.at !== undefined
    ? page.game.at : record.length - 1;
  $("step-shown").textContent = record.length
    ? (shown === record.length - 1 ? t("record.end") : t("record.after", { move: shown }))
    : "";
  $("step-back").disabled = shown <= 0;
  $("step-forward").disabled = shown >= record.length - 1;
  const mistakes = [];
  record.forEach((line, k) => {
    // a cell [row, col] of a maze, or a vertex's label
    const named = line.cell ? `${line.cell[0] + 1} ${line.cell[1] + 1}` : line.vertex;
    const where = k === 0 ? t("record.start", { where: named }) : named;
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const words = { where, who: t(`who.${line.who}`), verdict: t(`verdict.${line.verdict}`) };
    button.textContent = t(line.verdict ? "record.line_verdict" : "record.line", words);
    button.addEventListener("click", () => stepTo(k));
    item.append(button);
    item.className = (line.verdict || "given") + (k === shown ? " shown" : "");
    list.append(item);
    if (line.who === "you" && line.verdict === "mistake") mistakes.push(k === 0 ? where : `${k}. ${where}`);
  });
  $("mistakes").textContent = mistakes.length
    ? t("record.mistakes", { list: sayList(mistakes) })
    : t("record.no_mistake");
}

// Show a finished game after its first k moves (k = 0: just the start).
async function stepTo(k) {
  if (page.game === null || page.game.phase !== "over") return;
  const count = page.game.record.length;
  const at = Math.max(0, Math.min(count - 1, k));
  try {
    showGame(await api("POST", `/api/games/${page.game.id}/view`, { ...looks(), at }));
  } catch (error) {
    showError(error);
  }
}

function shownStep() {
  const game = page.game;
  if (!game) return 0;
  return game.at !== null && game.at !== undefined ? game.at : game.record.length - 1;
}

// A maze's header "N M" past the server's --max-side: refused before sending,
// in the server's words.
function checkMazeHeader(text) {
  if (!page.limits) return;
  const line = text.split("\n").find((row) => row.trim() !== "");
  const found = line && /^[ \t\r\v\f]*([0-9]+)[ \t\r\v\f]+([0-9]+)[ \t\r\v\f]*$/.exec(line);
  if (!found) return; // the server names what is wrong with it
  const sides = [found[1], found[2]].map((digits) => digits.replace(/^0+(?=[0-9])/, ""));
  const most = page.limits.max_side;
  if (sides.some((side) => side.length > 12 || Number(side) > most)) {
    const [height, width] = sides.map((side) => (side.length > 20 ? `${side.slice(0, 20)}...` : side));
    throw said({ key: "error.maze_too_large", args: { height, width, side: most } });
  }
}

async function analyse(text) {
  if (text !== undefined) checkMazeHeader(text);
  const data = await api("POST", "/api/analyse", {
    maze: text ?? mazeText(page.rows),
    moves: $("moves").value,
    show_losing: $("show-losing").checked,
    show_matching: $("show-matching").checked,
  });
  page.rows = data.rows;
  $("rows").value = data.height;
  $("cols").value = data.width;
  $("maze-text").value = mazeText(data.rows);
  describe("analysis", () => say(data.summary_said));
  showEditing("status.edit_maze");
  drawBoard(data.svg);
}

function toggleWall(row, col) {
  const line = page.rows[row];
  const flipped = line[col] === "#" ? "." : "#";
  page.rows[row] = line.slice(0, col) + flipped + line.slice(col + 1);
}

function onBoardClick(event) {
  const cell = event.target.closest(".cell");
  if (!cell) return;
  page.cursor = [Number(cell.dataset.row), Number(cell.dataset.col)];
  clickCell(...page.cursor);
}

async function clickCell(row, col) {
  if (page.pending > 0) return;
  try {
    if (page.game === null) {
      toggleWall(row, col);
      await analyse();
    } else if (page.game.phase === "place") {
      showGame(await api("POST", `/api/games/${page.game.id}/place`, { cell: [row, col], ...looks() }));
    } else if (page.game.phase === "play") {
      showGame(await api("POST", `/api/games/${page.game.id}/move`, { cell: [row, col], ...looks() }));
    }
  } catch (error) {
    showError(error);
  }
}

function onBoardHover(event) {
  const cell = event.target.closest(".cell");
  if (cell && cell.classList.contains("legal")) showPlan(cell);
}

async function startGame() {
  if (page.mode === "sum") {
    await startSum().catch(errorAt("sum-text")); // the sum's text is what was refused
    return;
  }
  try {
    const state = page.mode === "graph"
      ? await api("POST", "/api/graph/games", {
        edges: graphText(), side: $("side").value, ...looks(),
      })
      : await api("POST", "/api/games", {
        maze: mazeText(page.rows),
        moves: $("moves").value,
        side: $("side").value,
        ...looks(),
      });
    setPlaying(true);
    showGame(state);
  } catch (error) {
    showError(error);
  }
}

async function gameAction(name) {
  if (page.game === null) return;
  if (page.mode === "sum") {
    await sumAction(name);
    return;
  }
  try {
    showGame(await api("POST", `/api/games/${page.game.id}/${name}`, looks()));
  } catch (error) {
    showError(error);
  }
}

async function backToEditing() {
  page.game = null;
  $("hint").disabled = true;
  setPlaying(false); // Undo: the graph's edits, or nothing
  liveText("plan", null);
  liveText("plans", null);
  $("record-panel").hidden = true;
  try {
    if (page.mode === "sum") editSum();
    else if (page.mode === "graph") await editGraph();
    else await analyse();
  } catch (error) {
    showError(error);
  }
}

function blankMaze() {
  const rows = Number($("rows").value);
  const cols = Number($("cols").value);
  if (!(Number.isInteger(rows) && Number.isInteger(cols) && rows >= 1 && cols >= 1)) {
    showError(said({ key: "error.maze_size" }), "maze-size");
    return;
  }
  const most = page.limits ? page.limits.max_side : Infinity; // else the server says so
  if (Math.max(rows, cols) > most) {
    showError(said({ key: "error.maze_too_large", args: { height: rows, width: cols, side: most } }),
      "maze-size");
    return;
  }
  page.rows = Array.from({ length: rows }, () => ".".repeat(cols));
  analyse().catch(errorAt("maze-size"));
}

// The overlays: in editing, a new analysis; in a game, the same state
// drawn again with the theorem at work.
function overlaysChanged() {
  if (page.mode === "sum") {
    if (page.game !== null) sumAction("view");
    return;
  }
  if (page.game === null && page.mode === "graph") drawGraph();
  else if (page.game === null) analyse().catch(showError);
  else if (page.game.phase === "over") stepTo(shownStep());
  else gameAction("view");
}

// The size inputs follow the server's --max-side; the page checks sizes
// against these before sending.
async function readLimits() {
  const limits = await api("GET", "/api/limits");
  page.limits = limits;
  for (const id of ["rows", "cols"]) $(id).max = String(limits.max_side);
  graphLimits(limits);
}

// Ctrl+Z (or Cmd+Z) presses Undo, Ctrl+Shift+Z or Ctrl+Y presses Redo,
// wherever the focus is but in a box of text, which has its own undo.
function onUndoKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key !== "z" && key !== "y") return;
  const target = event.target;
  if (target.matches && target.matches("textarea, input:not([type=radio], [type=checkbox], [type=file])")) {
    return;
  }
  const button = $(key === "y" || event.shiftKey ? "redo" : "undo");
  if (button.hidden || button.disabled) return;
  event.preventDefault();
  button.click();
}

// After a switch of language: what is drawn from the state said again.
function sayAgain() {
  if (page.game !== null && page.mode === "sum") showSum(page.game);
  else if (page.game !== null) showGame(page.game);
  else if (page.mode === "graph") drawGraph();
  else {
    $("board").querySelectorAll("rect.cursor").forEach((mark) => mark.remove());
    drawCursor();
  }
  showEditHistory();
}

function main() {
  i18n.onSwitch.push(sayAgain);
  watchBoardRoom();
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("mouseover", onBoardHover);
  $("board").addEventListener("keydown", onBoardKey);
  $("blank").addEventListener("click", blankMaze);
  $("load").addEventListener("click", () => analyse($("maze-text").value).catch(errorAt("maze-text")));
  $("maze-file").addEventListener("change", loadInto("maze-text", analyse));
  $("moves").addEventListener("change", () => analyse().catch(errorAt("maze-moves")));
  for (const id of ["show-losing", "show-matching", "show-values"]) {
    $(id).addEventListener("change", overlaysChanged);
  }
  $("new-game").addEventListener("click", startGame);
  $("hint").addEventListener("click", () => gameAction("hint"));
  $("undo").addEventListener("click", () => (page.game === null ? undoEdit() : gameAction("undo")));
  $("redo").addEventListener("click", redoEdit);
  document.addEventListener("keydown", onUndoKey);
  $("edit").addEventListener("click", backToEditing);
  $("step-back").addEventListener("click", () => stepTo(shownStep() - 1));
  $("step-forward").addEventListener("click", () => stepTo(shownStep() + 1));
  readLimits().catch(showError);
  analyse($("maze-text").value).catch(showError);
  startSumMode();
  startGraphMode();
}

// after every script of the page (graph.js too) has run
document.addEventListener("DOMContentLoaded", main);
