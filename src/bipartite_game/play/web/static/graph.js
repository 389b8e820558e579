// The graph mode: the graph being edited (add, join, move, delete), its
// edge list in and out, a few examples, the requests for what the server
// says about it (the analysis, one vertex's explanation, games) and the
// switch between the modes.  As in the maze mode every rule is decided in
// Python; graphboard.js draws and takes the pointer and keyboard, layout.js
// lays out loaded graphs.  Vertices are named by their labels throughout.
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

// --- the mode switch ---------------------------------------------------------

function setMode(mode) {
  page.mode = mode;
  $("maze-controls").hidden = mode !== "maze";
  $("graph-controls").hidden = mode !== "graph";
  $("sum-controls").hidden = mode !== "sum";
  $("game-controls").hidden = mode === "sum";
  $("board").hidden = mode !== "maze";
  $("graph-board").hidden = mode !== "graph";
  $("sum-boards").hidden = mode !== "sum";
  $("nim-sum").hidden = true;
  $("keys-help").hidden = mode !== "maze";
  for (const id of ["matching-overlays", "matching-overlay-note", "matching-legend"]) {
    $(id).hidden = mode === "sum";
  }
  for (const id of ["sum-overlays", "sum-overlay-note", "sum-legend"]) $(id).hidden = mode !== "sum";
  $("explanation").hidden = true;
  $("error").textContent = "";
  if (mode === "sum") {
    startSum().catch(showError);
  } else if (mode === "graph") {
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
  else if ($("mode-sum").checked) setMode("sum");
}
