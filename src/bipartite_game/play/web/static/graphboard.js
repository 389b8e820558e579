// The graph mode's board: drawing the graph with what the server says on
// top of it (graph.js holds the graph, the requests and the mode), and the
// pointer and keyboard on it: add, join, move, delete, select, play.
"use strict";

// --- drawing ---------------------------------------------------------------

function svgElement(name, attributes = {}) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function pairKey(a, b) {
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
}

function walkedPairs(path) {
  return path.slice(1).map((label, k) => pairKey(path[k], label));
}

// What to show on top of the graph: from the game in progress, else from
// the analysis (the boxes ticked) and the explanation of the selected vertex.
function overlays() {
  const shown = {
    losing: new Set(), matching: [], path: [], legal: new Set(), hints: new Set(),
    explain: [], partner: null, barrier: new Set(), free: null,
  };
  const game = page.game;
  if (game) {
    shown.losing = new Set(game.losing || []);
    shown.matching = game.matching || [];
    shown.path = game.shown_path || [];
    if (game.phase !== "over") {
      shown.legal = new Set(game.phase === "place" ? graph.vertices.map((v) => v.label) : game.legal);
      shown.hints = new Set(game.hints || []);
    }
    return shown;
  }
  const analysis = graph.analysis;
  if (!analysis) return shown;
  if ($("show-losing").checked) shown.losing = new Set(analysis.losing);
  if ($("show-matching").checked) shown.matching = analysis.matching;
  const proof = graph.explained;
  if (proof) {
    shown.matching = proof.matching; // the path alternates with this matching
    shown.explain = proof.path;
    shown.free = proof.path.length ? proof.path[0] : null;
    if (proof.partner !== null) {
      shown.partner = proof.partner;
      shown.explain = [proof.vertex, proof.partner];
    }
    shown.barrier = new Set(proof.barrier);
  }
  return shown;
}

function drawGraph() {
  const board = $("graph-board");
  const shown = overlays();
  const svg = svgElement("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, class: "graph-board",
  });
  const matched = new Set(shown.matching.map(([a, b]) => pairKey(a, b)));
  const walked = new Set(walkedPairs(shown.path));
  const explained = new Set(walkedPairs(shown.explain));
  const edges = svgElement("g", { class: "edges" });
  for (const [a, b] of graph.edges) {
    const u = vertexNamed(a);
    const v = vertexNamed(b);
    if (!u || !v) continue;
    const key = pairKey(a, b);
    let kind = "edge";
    if (matched.has(key)) kind += " matching";
    if (walked.has(key)) kind += " walked";
    if (explained.has(key)) kind += " explain";
    edges.append(svgElement("line", {
      x1: u.x, y1: u.y, x2: v.x, y2: v.y, class: kind, "data-u": a, "data-v": b,
    }));
  }
  svg.append(edges);
  if (shown.path.length > 1) {
    svg.append(svgElement("polyline", {
      points: shown.path.map((label) => {
        const v = vertexNamed(label);
        return v ? `${v.x},${v.y}` : "";
      }).join(" "),
      class: "path",
    }));
  }
  const drag = graph.drag;
  if (drag && drag.kind === "join") {
    const from = vertexNamed(drag.from);
    if (from) svg.append(svgElement("line", { x1: from.x, y1: from.y, x2: drag.x, y2: drag.y, class: "joining" }));
  }
  const visited = new Set(shown.path);
  const token = shown.path.length ? shown.path[shown.path.length - 1] : null;
  for (const v of graph.vertices) {
    let kind = "vertex";
    if (visited.has(v.label)) kind += " visited";
    else if (shown.losing.has(v.label)) kind += " losing";
    if (shown.legal.has(v.label)) kind += " legal";
    if (shown.hints.has(v.label)) kind += " hint";
    if (shown.barrier.has(v.label)) kind += " barrier";
    if (v.label === graph.selected && !page.game) kind += " selected";
    if (v.label === shown.partner) kind += " partner";
    if (v.label === shown.free) kind += " free";
    const group = svgElement("g", {
      class: kind, "data-label": v.label, tabindex: "0", role: "button",
      "aria-label": `vertex ${v.label}${shown.legal.has(v.label) ? ", a legal move" : ""}`,
    });
    if (shown.barrier.has(v.label)) {
      group.append(svgElement("rect", {
        x: v.x - RADIUS - 4, y: v.y - RADIUS - 4, width: 2 * RADIUS + 8, height: 2 * RADIUS + 8,
        class: "barrier-mark",
      }));
    }
    group.append(svgElement("circle", { cx: v.x, cy: v.y, r: RADIUS, class: "disc" }));
    if (v.label === token) {
      group.append(svgElement("circle", { cx: v.x, cy: v.y, r: RADIUS - 3, class: "token" }));
      group.classList.add("token-here");
    }
    if (shown.hints.has(v.label)) {
      group.append(svgElement("circle", { cx: v.x + RADIUS * 0.8, cy: v.y - RADIUS * 0.8, r: 5, class: "hint-mark" }));
    }
    const text = svgElement("text", { x: v.x, y: v.y + 4, "text-anchor": "middle" });
    text.textContent = v.label;
    group.append(text);
    svg.append(group);
  }
  // a vertex with the keyboard's focus keeps it across the redraw
  const hadFocus = board.contains(document.activeElement) && document.activeElement !== board;
  board.replaceChildren(svg);
  fitBoards();
  if (hadFocus && graph.focused !== null) {
    const again = board.querySelector(`g.vertex[data-label="${CSS.escape(graph.focused)}"]`);
    if (again) again.focus();
  }
}

// --- the pointer and the keyboard -------------------------------------------

function boardPoint(event) {
  const svg = $("graph-board").querySelector("svg");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function vertexAt(point) {
  let best = null;
  let bestDistance = RADIUS + 4;
  for (const v of graph.vertices) {
    const distance = Math.hypot(v.x - point.x, v.y - point.y);
    if (distance <= bestDistance) [best, bestDistance] = [v, distance];
  }
  return best;
}

function edgeAt(point) {
  for (const [a, b] of graph.edges) {
    const u = vertexNamed(a);
    const v = vertexNamed(b);
    const length2 = (v.x - u.x) ** 2 + (v.y - u.y) ** 2 || 1;
    const t = Math.max(0, Math.min(1, ((point.x - u.x) * (v.x - u.x) + (point.y - u.y) * (v.y - u.y)) / length2));
    if (Math.hypot(u.x + t * (v.x - u.x) - point.x, u.y + t * (v.y - u.y) - point.y) <= 6) return [a, b];
  }
  return null;
}

function tool() {
  return document.querySelector('input[name="tool"]:checked').value;
}

function onPointerDown(event) {
  if (page.game || event.button !== 0) return;
  const point = boardPoint(event);
  const v = vertexAt(point);
  if (tool() === "draw") {
    graph.drag = v ? { kind: "join", from: v.label, x: point.x, y: point.y } : { kind: "add", x: point.x, y: point.y };
  } else if (tool() === "move" && v) {
    graph.drag = { kind: "move", from: v.label };
  }
  if (graph.drag) $("graph-board").setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  const drag = graph.drag;
  if (!drag || drag.kind === "add") return;
  const point = boardPoint(event);
  if (drag.kind === "move") {
    const v = vertexNamed(drag.from);
    v.x = Math.round(Math.max(RADIUS, Math.min(WIDTH - RADIUS, point.x)));
    v.y = Math.round(Math.max(RADIUS, Math.min(HEIGHT - RADIUS, point.y)));
  } else {
    [drag.x, drag.y] = [point.x, point.y];
  }
  drawGraph();
}

function onPointerUp(event) {
  const point = boardPoint(event);
  const v = vertexAt(point);
  const drag = graph.drag;
  graph.drag = null;
  if (page.game) {
    if (v) playVertex(v.label);
    return;
  }
  if (tool() === "delete") {
    const edge = v ? null : edgeAt(point);
    if (v) deleteVertex(v.label);
    else if (edge) deleteEdge(...edge);
    return;
  }
  if (!drag) return;
  if (drag.kind === "add" && !v) addVertex(point.x, point.y);
  else if (drag.kind === "join" && v && v.label !== drag.from) addEdge(drag.from, v.label);
  else if (drag.kind === "join" && v) selectVertex(v.label);
  else drawGraph();
}

function selectVertex(label) {
  graph.selected = label;
  graph.explained = null;
  drawGraph();
  if (graph.analysis) explainVertex(label).catch(showError);
}

function onGraphKey(event) {
  const target = event.target.closest && event.target.closest("g.vertex");
  if ((event.key === "Delete" || event.key === "Backspace") && !page.game && graph.selected !== null) {
    event.preventDefault();
    deleteVertex(graph.selected);
  } else if ((event.key === "Enter" || event.key === " ") && target) {
    event.preventDefault();
    graph.focused = target.dataset.label;
    if (page.game) playVertex(target.dataset.label);
    else selectVertex(target.dataset.label);
  }
}

function onGraphHover(event) {
  const target = event.target.closest && event.target.closest("g.vertex.legal");
  if (target) showGraphPlan(target.dataset.label);
}

