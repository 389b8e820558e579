// The page draws what the server sends and sends what the user clicks.
// Every rule (legal moves, the engine, who won) is decided in Python.
"use strict";

const $ = (id) => document.getElementById(id);

const page = {
  rows: [],      // the maze being edited, as strings of '.' and '#'
  game: null,    // the server's state of the game in progress, or null
  pending: 0,    // requests in flight
};

function mazeText(rows) {
  return `${rows.length} ${rows[0].length}\n${rows.join("\n")}\n`;
}

async function api(method, path, body) {
  page.pending += 1;
  document.body.classList.add("busy");
  try {
    const options = { method, headers: { "Content-Type": "application/json" } };
    if (body !== undefined) options.body = JSON.stringify(body);
    const response = await fetch(path, options);
    let data;
    try {
      data = await response.json();
    } catch {
      data = { error: `the server answered ${response.status} ${response.statusText}` };
    }
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    $("error").textContent = "";
    return data;
  } finally {
    page.pending -= 1;
    if (page.pending === 0) document.body.classList.remove("busy");
  }
}

function showError(error) {
  $("error").textContent = error.message;
}

function drawBoard(svg) {
  $("board").innerHTML = svg;
}

function setPlaying(playing) {
  document.body.classList.toggle("playing", playing);
  for (const id of ["blank", "load", "moves", "rows", "cols", "show-losing", "show-matching"]) {
    $(id).disabled = playing;
  }
  $("edit").disabled = !playing;
}

function showGame(state) {
  page.game = state;
  drawBoard(state.svg);
  const status = $("status");
  status.textContent = state.message;
  status.classList.toggle("over", state.phase === "over");
  status.dataset.phase = state.phase;
  status.dataset.winner = state.winner || "";
  $("hint").disabled = state.phase === "over";
  $("undo").disabled = state.phase === "place";
  showRecord(state.record || []);
}

// The annotated record at the end of a game: the person's mistakes first,
// then every line with who played it and its verdict.
function showRecord(record) {
  const list = $("record");
  list.replaceChildren();
  $("record-panel").hidden = record.length === 0;
  const mistakes = [];
  record.forEach((line, k) => {
    const [row, col] = line.cell;
    const where = `${k === 0 ? "start " : ""}${row + 1} ${col + 1}`;
    const item = document.createElement("li");
    item.textContent = `${where} (${line.who})${line.verdict ? ": " + line.verdict : ""}`;
    item.className = line.verdict || "given";
    list.append(item);
    if (line.who === "you" && line.verdict === "mistake") mistakes.push(k === 0 ? where : `${k}. ${where}`);
  });
  $("mistakes").textContent = mistakes.length
    ? `Your mistakes (a forced win thrown away): ${mistakes.join(", ")}.`
    : "You made no mistake.";
}

async function analyse(text) {
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
  $("analysis").textContent = data.summary;
  $("status").textContent = "Editing: click cells to draw walls, then start a game.";
  $("status").classList.remove("over");
  $("status").dataset.phase = "edit";
  drawBoard(data.svg);
}

function toggleWall(row, col) {
  const line = page.rows[row];
  const flipped = line[col] === "#" ? "." : "#";
  page.rows[row] = line.slice(0, col) + flipped + line.slice(col + 1);
}

async function onBoardClick(event) {
  const cell = event.target.closest(".cell");
  if (!cell || page.pending > 0) return;
  const row = Number(cell.dataset.row);
  const col = Number(cell.dataset.col);
  try {
    if (page.game === null) {
      toggleWall(row, col);
      await analyse();
    } else if (page.game.phase === "place") {
      showGame(await api("POST", `/api/games/${page.game.id}/place`, { cell: [row, col] }));
    } else if (page.game.phase === "play") {
      showGame(await api("POST", `/api/games/${page.game.id}/move`, { cell: [row, col] }));
    }
  } catch (error) {
    showError(error);
  }
}

async function startGame() {
  try {
    const state = await api("POST", "/api/games", {
      maze: mazeText(page.rows),
      moves: $("moves").value,
      side: $("side").value,
    });
    setPlaying(true);
    showGame(state);
  } catch (error) {
    showError(error);
  }
}

async function gameAction(name) {
  if (page.game === null) return;
  try {
    showGame(await api("POST", `/api/games/${page.game.id}/${name}`, {}));
  } catch (error) {
    showError(error);
  }
}

async function backToEditing() {
  page.game = null;
  setPlaying(false);
  $("hint").disabled = true;
  $("undo").disabled = true;
  try {
    await analyse();
  } catch (error) {
    showError(error);
  }
}

function blankMaze() {
  const rows = Number($("rows").value);
  const cols = Number($("cols").value);
  if (!(rows >= 1 && cols >= 1)) {
    showError(new Error("rows and columns must be at least 1"));
    return;
  }
  // the server checks the upper bound and says so
  page.rows = Array.from({ length: rows }, () => ".".repeat(cols));
  analyse().catch(showError);
}

function loadFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  file.text().then((text) => {
    $("maze-text").value = text;
    return analyse(text);
  }).catch(showError);
}

function main() {
  $("board").addEventListener("click", onBoardClick);
  $("blank").addEventListener("click", blankMaze);
  $("load").addEventListener("click", () => analyse($("maze-text").value).catch(showError));
  $("maze-file").addEventListener("change", loadFile);
  for (const id of ["moves", "show-losing", "show-matching"]) {
    $(id).addEventListener("change", () => analyse().catch(showError));
  }
  $("new-game").addEventListener("click", startGame);
  $("hint").addEventListener("click", () => gameAction("hint"));
  $("undo").addEventListener("click", () => gameAction("undo"));
  $("edit").addEventListener("click", backToEditing);
  analyse($("maze-text").value).catch(showError);
}

main();
