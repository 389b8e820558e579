// The sum mode: several small boards, a token on each, played against the
// engine.  The server reads the sum (the `sum` command's format), draws
// every board, checks every move and answers it; this script shows the
// boards side by side, sends the clicks and shows the Grundy values and
// the nim-sum when "Show" asks for them.  Entering the mode only edits the
// sum: a game starts with "Start a game", on the settings chosen then.
"use strict";

function sumLooks() {
  return { show_values: $("show-values").checked };
}

function sumPath(name) {
  return `/api/sums/${page.game.id}${name ? "/" + name : ""}`;
}

async function startSum() {
  const text = $("sum-text").value;
  // the server counts the blocks first, and so does the page, before sending
  const boards = text.split("\n").filter((line) => /^[ \t\r\v\f]*@/.test(line)).length;
  const most = page.limits ? page.limits.max_sum_boards : Infinity;
  if (boards > most) throw said({ key: "error.too_many_boards", args: { n: boards, most } });
  const state = await api("POST", "/api/sums", {
    sum: text,
    moves: $("sum-moves").value,
    side: $("sum-side").value,
    ...sumLooks(),
  });
  setPlaying(true);
  showSum(state);
  // the boards appear above the buttons: on a phone scrolled down to them,
  // bring the top of the game (the status, the boards) back into view
  $("status").scrollIntoView({ block: "nearest" });
}

async function sumAction(name, body = {}) {
  if (page.game === null || page.pending > 0) return;
  try {
    showSum(await api("POST", sumPath(name), { ...body, ...sumLooks() }));
  } catch (error) {
    showError(error);
  }
}

function xor(values) {
  return values.reduce((a, b) => a ^ b, 0);
}

function showSum(state) {
  page.game = state;
  const box = $("sum-boards");
  // the keyboard's focus stays on the boards: on the legal move nearest the
  // one just played, or on the boards themselves when none is left
  const focused = box.contains(document.activeElement) && document.activeElement !== box
    ? centreOf(document.activeElement) : null;
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  state.boards.forEach((board, k) => {
    const figure = document.createElement("figure");
    figure.className = `sum-board ${board.kind}`;
    figure.dataset.board = String(k);
    const caption = document.createElement("figcaption");
    const words = [t("sum.board", { board: k + 1 })];
    if (state.values) words.push(t("sum.grundy", { value: state.values[k] }));
    if (!board.legal.length) words.push(t("sum.no_move"));
    caption.textContent = sayList(words, "sum.caption_join");
    const picture = document.createElement("div");
    picture.className = "sum-picture";
    picture.innerHTML = board.svg; // the server's SVG: escaped text, no script (CSP too)
    retitleTokens(picture);
    figure.append(caption, picture);
    box.append(figure);
    // the keyboard: Tab to a legal move, Enter or Space to play it
    for (const mark of picture.querySelectorAll("rect.cell.legal, circle.vertex.legal")) {
      mark.setAttribute("tabindex", "0");
      mark.setAttribute("role", "button");
      const where = whereSaid(mark.dataset.vertex !== undefined
        ? board.labels[Number(mark.dataset.vertex)]
        : [Number(mark.dataset.row), Number(mark.dataset.col)]);
      mark.setAttribute("aria-label", t("sum.move_aria", { board: k + 1, where }));
    }
  });
  const nim = $("nim-sum");
  if (state.values) {
    const sum = state.nim_sum;
    const key = state.phase === "over" ? "sum.nim.over" : sum === 0 ? "sum.nim.zero" : "sum.nim.nonzero";
    nim.textContent = t(key, { values: state.values.join(" ⊕ "), sum });
    nim.dataset.nimSum = String(sum);
    nim.hidden = false;
  } else {
    nim.hidden = true;
  }
  if (hadFocus) refocusSum(focused);
  showStatus(state);
  liveText("plans", state.record.length ? () => t("sum.moves_list", {
    list: sayList(state.record.map((line, i) => t("sum.move_item", {
      i: i + 1, who: t(`who.${line.who}`), board: line.board + 1, where: sumName(line.to),
    }))),
  }) : null);
  fitBoards();
}

function sumMoves() {
  return [...$("sum-boards").querySelectorAll("rect.cell.legal, circle.vertex.legal")];
}

function refocusSum(near) {
  const box = $("sum-boards");
  const moves = sumMoves();
  if (moves.length === 0 || near === null) {
    (moves[0] || box).focus();
    return;
  }
  const away = (mark) => {
    const centre = centreOf(mark);
    return Math.hypot(centre.x - near.x, centre.y - near.y);
  };
  moves.reduce((a, b) => (away(a) <= away(b) ? a : b)).focus();
}

// The arrow keys: the next legal move that way, on any board.
function onSumArrow(event) {
  const moves = sumMoves();
  const from = moves.includes(event.target) ? event.target : null;
  const next = from
    ? nextThatWay(centreOf(from), moves.map((mark) => ({ item: mark, ...centreOf(mark) })), event.key)
    : moves[0]; // from the boards themselves: the first move
  if (next) next.focus();
}

function sumName(where) {
  return Array.isArray(where) ? `${where[0] + 1} ${where[1] + 1}` : where;
}

// A click on a board: a legal cell of a maze, or a legal vertex of a graph.
function onSumClick(event) {
  const game = page.game;
  if (!game || game.phase !== "play" || page.mode !== "sum") return;
  const figure = event.target.closest("figure.sum-board");
  if (!figure) return;
  const k = Number(figure.dataset.board);
  const board = game.boards[k];
  if (board.kind === "maze") {
    const cell = event.target.closest("rect.cell");
    if (!cell) return;
    sumAction("move", { board: k, cell: [Number(cell.dataset.row), Number(cell.dataset.col)] });
  } else {
    const disc = event.target.closest("[data-vertex]");
    if (!disc) return;
    sumAction("move", { board: k, vertex: board.labels[Number(disc.dataset.vertex)] });
  }
}

// The boards side by side, in as many rows as draws them largest, all at
// one scale, no taller than the window below their top (less the game's
// buttons) and never more than twice their natural size.
function fitSumBoards(room) {
  const box = $("sum-boards");
  const figures = [...box.querySelectorAll("figure.sum-board")];
  if (box.hidden || figures.length === 0) return;
  const sizes = figures.map((figure) => {
    const view = (figure.querySelector("svg").getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    return [view[2] || 1, view[3] || 1];
  });
  const gap = 12;
  const caption = figures[0].querySelector("figcaption").offsetHeight + 4;
  const width = box.clientWidth;
  const nim = $("nim-sum");
  const height = room(box) - 8 - (nim.hidden ? 0 : nim.offsetHeight + 6);
  let best = [0, 1];
  for (let across = 1; across <= figures.length; across += 1) {
    let scale = 2;
    let down = 0;
    for (let first = 0; first < figures.length; first += across) {
      const row = sizes.slice(first, first + across);
      const wide = row.reduce((total, [w]) => total + w, 0);
      scale = Math.min(scale, (width - gap * (row.length - 1)) / wide);
      down += Math.max(...row.map(([, h]) => h));
    }
    const rows = Math.ceil(figures.length / across);
    scale = Math.min(scale, (height - rows * caption - gap * (rows - 1)) / down);
    if (scale >= best[0]) best = [scale, across]; // on a tie, the fewer rows
  }
  const [scale, across] = best;
  box.style.setProperty("--across", String(across));
  figures.forEach((figure, k) => {
    const svg = figure.querySelector("svg");
    const [w, h] = sizes[k];
    const s = Math.max(scale, 0.25);
    svg.style.width = `${Math.floor(w * s)}px`;
    svg.style.height = `${Math.floor(h * s)}px`;
    figure.style.flexBasis = `calc((100% - ${gap * (across - 1)}px) / ${across})`;
  });
}

function startSumMode() {
  $("sum-boards").addEventListener("click", onSumClick);
  $("sum-boards").addEventListener("keydown", (event) => {
    if (event.key in ARROWS) {
      event.preventDefault();
      onSumArrow(event);
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onSumClick(event);
  });
  $("sum-example").addEventListener("click", () => {
    $("sum-text").value = $("sum-text").defaultValue;
  });
  // a file only fills the text: the game starts with "Start a game"
  $("sum-file").addEventListener("change", loadInto("sum-text"));
  $("mode-sum").addEventListener("change", () => setMode("sum"));
}

// Back from a game to editing the sum: the boards go (they may not be the
// sum's any more) until the next game draws them.
function editSum() {
  $("sum-boards").replaceChildren();
  $("nim-sum").hidden = true;
  liveText("plans", null);
  showEditing("status.edit_sum");
}
