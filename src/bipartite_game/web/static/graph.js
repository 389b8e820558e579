// The graph mode: an editor for any graph (add, join, move, delete), its
// edge list in and out, a few examples, and the drawing of what the server
// says about it: the analysis, one vertex's explanation, and games.  As in
// the maze mode every rule is decided in Python; this script lays out,
// draws and sends clicks.  Vertices are named by their labels throughout.
"use strict";

const WIDTH = 640;
const HEIGHT = 440;
const RADIUS = 15;

const graph = {
  vertices: [],    // {label, x, y}
  edges: [],       // [label, label]
  analysis: null,  // the server's analysis of the graph as it is now
  explained: null, // the server's explanation of the selected vertex
  selected: null,  // the label clicked last
  drag: null,      // {kind: "add" | "join" | "move", from, x, y}
  focused: null,   // the label of the vertex with the keyboard focus
  maxVertices: 200,
  maxEdges: 2000,
};

// --- the graph as text, and the examples --------------------------------

// The `graph` command's format: one edge a line, then a lone label for each
// vertex without edges.
function graphText() {
  const lines = graph.edges.map(([a, b]) => `${a} ${b}`);
  const joined = new Set(graph.edges.flat());
  for (const v of graph.vertices) if (!joined.has(v.label)) lines.push(v.label);
  return lines.length ? `${lines.join("\n")}\n` : "";
}

function ring(labels, cx, cy, r, turn = -Math.PI / 2) {
  return labels.map((label, k) => {
    const angle = turn + (2 * Math.PI * k) / labels.length;
    return [label, Math.round(cx + r * Math.cos(angle)), Math.round(cy + r * Math.sin(angle))];
  });
}

function cycleEdges(labels) {
  return labels.map((label, k) => [label, labels[(k + 1) % labels.length]]);
}

// Each example: vertices [label, x, y] and edges, drawn by hand.
const EXAMPLES = {
  path: () => {
    const labels = ["1", "2", "3", "4", "5", "6"];
    return {
      vertices: labels.map((label, k) => [label, 80 + k * 96, HEIGHT / 2]),
      edges: labels.slice(1).map((label, k) => [labels[k], label]),
    };
  },
  cycle: () => {
    const labels = ["1", "2", "3", "4", "5", "6", "7"];
    return { vertices: ring(labels, WIDTH / 2, HEIGHT / 2, 170), edges: cycleEdges(labels) };
  },
  petersen: () => {
    const outer = ["o0", "o1", "o2", "o3", "o4"];
    const inner = ["i0", "i1", "i2", "i3", "i4"];
    const star = [0, 2, 4, 1, 3].map((k) => inner[k]);
    return {
      vertices: [
        ...ring(outer, WIDTH / 2, HEIGHT / 2, 190),
        ...ring(inner, WIDTH / 2, HEIGHT / 2, 90),
      ],
      edges: [...cycleEdges(outer), ...cycleEdges(star), ...outer.map((o, k) => [o, inner[k]])],
    };
  },
  blossom: () => {
    // an odd cycle b1..b5 (the blossom, based at b1) and a stem s1 - s2 - b1
    const cycle = ["b1", "b2", "b3", "b4", "b5"];
    return {
      vertices: [
        ...ring(cycle, 400, HEIGHT / 2, 130, Math.PI),
        ["s2", 160, HEIGHT / 2],
        ["s1", 50, HEIGHT / 2],
      ],
      edges: [["s1", "s2"], ["s2", "b1"], ...cycleEdges(cycle)],
    };
  },
  bipartite: () => {
    const left = ["a", "b", "c", "d"];
    const right = ["w", "x", "y", "z"];
    return {
      vertices: [
        ...left.map((label, k) => [label, 200, 70 + k * 100]),
        ...right.map((label, k) => [label, 440, 70 + k * 100]),
      ],
      edges: [["a", "w"], ["a", "x"], ["b", "w"], ["b", "y"], ["c", "x"], ["c", "z"],
        ["d", "y"], ["d", "z"], ["b", "x"]],
    };
  },
};

function showExample(name) {
  const { vertices, edges } = EXAMPLES[name]();
  graph.vertices = vertices.map(([label, x, y]) => ({ label, x, y }));
  graph.edges = edges;
  changed();
}

// --- editing -------------------------------------------------------------

function vertexNamed(label) {
  return graph.vertices.find((v) => v.label === label);
}

function newLabel() {
  const used = new Set(graph.vertices.map((v) => v.label));
  let k = 1;
  while (used.has(String(k))) k += 1;
  return String(k);
}

function hasEdge(a, b) {
  return graph.edges.some(([u, v]) => (u === a && v === b) || (u === b && v === a));
}

function addVertex(x, y) {
  if (graph.vertices.length >= graph.maxVertices) {
    showError(new Error(`a graph may have at most ${graph.maxVertices} vertices here`));
    return;
  }
  graph.vertices.push({ label: newLabel(), x: Math.round(x), y: Math.round(y) });
  changed();
}

function addEdge(a, b) {
  if (a === b || hasEdge(a, b)) return;
  if (graph.edges.length >= graph.maxEdges) {
    showError(new Error(`a graph may have at most ${graph.maxEdges} edges here`));
    return;
  }
  graph.edges.push([a, b]);
  changed();
}

function deleteVertex(label) {
  graph.vertices = graph.vertices.filter((v) => v.label !== label);
  graph.edges = graph.edges.filter(([a, b]) => a !== label && b !== label);
  if (graph.selected === label) graph.selected = null;
  changed();
}

function deleteEdge(a, b) {
  graph.edges = graph.edges.filter(([u, v]) => !((u === a && v === b) || (u === b && v === a)));
  changed();
}

// After any change of vertices or edges: the old analysis is void.
function changed() {
  graph.analysis = null;
  graph.explained = null;
  if (graph.selected !== null && !vertexNamed(graph.selected)) graph.selected = null;
  $("graph-text").value = graphText();
  drawGraph();
  analyseGraph().catch(showError);
}

// --- what the server says -------------------------------------------------

async function analyseGraph() {
  const text = graphText();
  $("explanation").hidden = true;
  if (graph.vertices.length === 0) {
    $("graph-analysis").textContent = "Click the empty board to add a vertex, or pick an example.";
    return;
  }
  const data = await api("POST", "/api/graph/analyse", { edges: text });
  if (text !== graphText()) return; // the graph changed meanwhile
  graph.analysis = data;
  $("graph-analysis").textContent = data.summary + (data.warning ? ` Warning: ${data.warning}` : "");
  drawGraph();
  if (graph.selected !== null) await explainVertex(graph.selected);
}

async function explainVertex(label) {
  graph.selected = label;
  const text = graphText();
  const data = await api("POST", "/api/graph/explain", { edges: text, vertex: label });
  if (text !== graphText() || graph.selected !== label || page.game !== null) return;
  graph.explained = data;
  $("explanation").hidden = false;
  $("explanation").textContent = data.text;
  drawGraph();
}

// Read an edge list: the server parses it (its rules, its messages) and
// sends the labels and edges back; the page lays them out.
async function loadGraphText(text) {
  const data = await api("POST", "/api/graph/analyse", { edges: text });
  const index = new Map(data.labels.map((label, k) => [label, k]));
  const places = forceLayout(
    data.labels.length,
    data.edges.map(([a, b]) => [index.get(a), index.get(b)]),
    WIDTH,
    HEIGHT,
  );
  graph.vertices = data.labels.map((label, k) => ({ label, x: places[k][0], y: places[k][1] }));
  graph.edges = data.edges;
  graph.selected = null;
  graph.explained = null;
  graph.analysis = data;
  $("graph-text").value = graphText();
  $("graph-analysis").textContent = data.summary + (data.warning ? ` Warning: ${data.warning}` : "");
  $("explanation").hidden = true;
  drawGraph();
}

function saveGraph() {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([graphText()], { type: "text/plain" }));
  link.download = "graph.txt";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

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
  if (hadFocus && graph.focused !== null) {
    const again = board.querySelector(`g.vertex[data-label="${CSS.escape(graph.focused)}"]`);
    if (again) again.focus();
  }
}

// --- the engine's planned answer, and games --------------------------------

function showGraphPlan(label) {
  $("graph-board").querySelectorAll(".planned").forEach((mark) => mark.remove());
  $("plan").textContent = "";
  const game = page.game;
  if (!game || game.phase !== "play") return;
  const plan = (game.planned || []).find(([move]) => move === label);
  if (!plan) return;
  const [move, answer] = plan;
  if (answer === null) {
    $("plan").textContent = `If you move to vertex ${move}, the engine cannot move: you win.`;
    return;
  }
  $("plan").textContent = `If you move to vertex ${move}, the engine answers at vertex ${answer}.`;
  const target = vertexNamed(answer);
  const svg = $("graph-board").querySelector("svg");
  if (target && svg) {
    svg.append(svgElement("circle", {
      cx: target.x, cy: target.y, r: RADIUS + 6, class: "planned", "pointer-events": "none",
    }));
  }
}

async function playVertex(label) {
  const game = page.game;
  if (!game || page.pending > 0) return;
  const action = { place: "place", play: "move" }[game.phase];
  if (!action) return;
  try {
    showGame(await api("POST", `/api/games/${game.id}/${action}`, { vertex: label, ...looks() }));
  } catch (error) {
    showError(error);
  }
}

// Back from a game to editing the same graph.
async function editGraph() {
  $("status").textContent = "Editing the graph: draw it, or start a game on it.";
  $("status").dataset.phase = "edit";
  $("status").classList.remove("over");
  graph.explained = null;
  graph.selected = null;
  drawGraph();
  await analyseGraph();
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

// --- the mode switch ---------------------------------------------------------

function setMode(mode) {
  page.mode = mode;
  $("maze-controls").hidden = mode !== "maze";
  $("graph-controls").hidden = mode !== "graph";
  $("board").hidden = mode !== "maze";
  $("graph-board").hidden = mode !== "graph";
  $("keys-help").hidden = mode !== "maze";
  $("explanation").hidden = true;
  $("error").textContent = "";
  if (mode === "graph") {
    editGraph().catch(showError);
  } else {
    analyse().catch(showError);
  }
}

function graphLimits(limits) {
  graph.maxVertices = limits.max_vertices;
  graph.maxEdges = limits.max_edges;
}

function loadGraphFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  file.text().then((text) => {
    $("graph-text").value = text;
    return loadGraphText(text);
  }).catch(showError);
}

function startGraphMode() {
  const board = $("graph-board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onGraphKey);
  board.addEventListener("mouseover", onGraphHover);
  board.addEventListener("focusin", (event) => {
    const target = event.target.closest && event.target.closest("g.vertex");
    if (target) {
      graph.focused = target.dataset.label;
      if (target.classList.contains("legal")) showGraphPlan(target.dataset.label);
    }
  });
  $("mode-maze").addEventListener("change", () => setMode("maze"));
  $("mode-graph").addEventListener("change", () => setMode("graph"));
  $("examples").addEventListener("click", (event) => {
    const name = event.target.dataset && event.target.dataset.example;
    if (name) showExample(name);
  });
  $("graph-clear").addEventListener("click", () => {
    graph.vertices = [];
    graph.edges = [];
    changed();
  });
  $("graph-load").addEventListener("click", () => loadGraphText($("graph-text").value).catch(showError));
  $("graph-file").addEventListener("change", loadGraphFile);
  $("graph-save").addEventListener("click", saveGraph);
  const example = EXAMPLES.blossom();
  graph.vertices = example.vertices.map(([label, x, y]) => ({ label, x, y }));
  graph.edges = example.edges;
  $("graph-text").value = graphText();
  if ($("mode-graph").checked) setMode("graph"); // a reload keeps the choice
}
