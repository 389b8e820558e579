// The graph mode: the graph being edited (add, join, move, delete), its
// edge list in and out, a few examples, the requests for what the server
// says about it (the analysis, one vertex's explanation, games) and the
// switch between the modes.  As in the maze mode every rule is decided in
// Python; graphboard.js draws and takes the pointer and keyboard, layout.js
// lays out loaded graphs.  Vertices are named by their labels throughout.
// Every edit can be undone and redone (the buttons under the board, Ctrl+Z).
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
  spacing: null,   // the median distance from a vertex to its nearest (graphboard.js)
  sizes: null,     // the sizes it was drawn at (graphboard.js)
  maxVertices: 200,
  maxEdges: 2000,
};

// The graph as it was before each edit (Undo goes back to the last), and
// as it was before each undo (Redo).  At most MOST_EDITS kept.
const edits = { done: [], undone: [] };
const MOST_EDITS = 200;

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
  remember();
  graph.vertices = vertices.map(([label, x, y]) => ({ label, x, y }));
  graph.edges = edges;
  changed();
}

// --- undo and redo ---------------------------------------------------------

function copyGraph() {
  return {
    vertices: graph.vertices.map((v) => ({ ...v })),
    edges: graph.edges.map(([a, b]) => [a, b]),
  };
}

// Call just before an edit, with the graph as it is (or was, for a move).
function remember(before = copyGraph()) {
  edits.done.push(before);
  if (edits.done.length > MOST_EDITS) edits.done.shift();
  edits.undone = [];
  showEditHistory();
}

function undoEdit() {
  stepEdit(edits.done, edits.undone);
}

function redoEdit() {
  stepEdit(edits.undone, edits.done);
}

function stepEdit(from, to) {
  if (page.game !== null || page.mode !== "graph" || from.length === 0) return;
  to.push(copyGraph());
  const back = from.pop();
  graph.vertices = back.vertices;
  graph.edges = back.edges;
  changed();
  showEditHistory();
}

// The buttons under the board: while the graph is edited, Undo and Redo
// take back and replay its edits (Redo in the place of "Back to editing",
// which has nothing to do then, so that the buttons stay in one row on a
// phone); in a game Undo takes back a move (app.js) and Redo is hidden; in
// the other modes' editing there is nothing to undo.
function showEditHistory() {
  const playing = document.body.classList.contains("playing"); // setPlaying (app.js)
  const editingGraph = page.mode === "graph" && !playing;
  $("redo").hidden = !editingGraph;
  $("edit").hidden = editingGraph;
  if (playing) return;
  $("undo").disabled = !editingGraph || edits.done.length === 0;
  $("redo").disabled = edits.undone.length === 0;
  if (editingGraph) $("undo").title = t("button.undo_edit_title");
  else $("undo").removeAttribute("title");
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
    showError(said({ key: "error.graph_max_vertices", args: { most: graph.maxVertices } }));
    return;
  }
  remember();
  graph.vertices.push({ label: newLabel(), x: Math.round(x), y: Math.round(y) });
  changed();
}

function addEdge(a, b) {
  if (a === b || hasEdge(a, b)) return;
  if (graph.edges.length >= graph.maxEdges) {
    showError(said({ key: "error.graph_max_edges", args: { most: graph.maxEdges } }));
    return;
  }
  remember();
  graph.edges.push([a, b]);
  changed();
}

function deleteVertex(label) {
  remember();
  graph.vertices = graph.vertices.filter((v) => v.label !== label);
  graph.edges = graph.edges.filter(([a, b]) => a !== label && b !== label);
  if (graph.selected === label) graph.selected = null;
  changed();
}

function deleteEdge(a, b) {
  remember();
  graph.edges = graph.edges.filter(([u, v]) => !((u === a && v === b) || (u === b && v === a)));
  changed();
}

// After any change of vertices or edges: the old analysis is void.
function changed() {
  graph.analysis = null;
  graph.explained = null;
  graph.spacing = null;
  if (graph.selected !== null && !vertexNamed(graph.selected)) graph.selected = null;
  if (graph.focused !== null && !vertexNamed(graph.focused)) graph.focused = null;
  $("graph-text").value = graphText();
  drawGraph();
  analyseGraph().catch(showError);
}

// --- what the server says -------------------------------------------------

async function analyseGraph() {
  const text = graphText();
  $("explanation").hidden = true;
  if (graph.vertices.length === 0) {
    describe("graph-analysis", () => t("graph.empty_help"));
    return;
  }
  const data = await api("POST", "/api/graph/analyse", { edges: text });
  if (text !== graphText()) return; // the graph changed meanwhile
  graph.analysis = data;
  describeGraph(data);
  drawGraph();
  if (graph.selected !== null) await explainVertex(graph.selected);
}

// The line under the edge list: the server's summary, and its warning.
function describeGraph(data) {
  describe("graph-analysis", () => (data.warning
    ? t("graph.with_warning", { summary: data.summary_said, warning: data.warning })
    : say(data.summary_said)));
}

async function explainVertex(label) {
  graph.selected = label;
  const text = graphText();
  const data = await api("POST", "/api/graph/explain", { edges: text, vertex: label });
  if (text !== graphText() || graph.selected !== label || page.game !== null) return;
  graph.explained = data;
  $("explanation").hidden = false;
  // the proof line by line (the `graph --explain` text, in the page's language)
  liveText("explanation", () => `${data.proof.map(say).join("\n")}\n`);
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
  remember();
  graph.vertices = data.labels.map((label, k) => ({ label, x: places[k][0], y: places[k][1] }));
  graph.edges = data.edges;
  graph.selected = null;
  graph.focused = null;
  graph.explained = null;
  graph.analysis = data;
  graph.spacing = null;
  $("graph-text").value = graphText();
  describeGraph(data);
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
  liveText("plan", null);
  const game = page.game;
  if (!game || game.phase !== "play") return;
  const plan = (game.planned || []).find(([move]) => move === label);
  if (!plan) return;
  const [move, answer] = plan;
  sayPlan(move, answer);
  if (answer === null) return;
  const target = vertexNamed(answer);
  const svg = $("graph-board").querySelector("svg");
  if (target && svg) {
    svg.append(svgElement("circle", {
      cx: target.x, cy: target.y, r: graph.sizes.radius + 6, class: "planned", "pointer-events": "none",
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
  showEditing("status.edit_graph");
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
  $("graph-keys-help").hidden = mode !== "graph";
  $("sum-keys-help").hidden = mode !== "sum";
  for (const id of ["matching-overlays", "matching-overlay-note", "matching-legend"]) {
    $(id).hidden = mode === "sum";
  }
  for (const id of ["sum-overlays", "sum-overlay-note", "sum-legend"]) $(id).hidden = mode !== "sum";
  showEdgeClassControls(mode);
  $("explanation").hidden = true;
  clearError();
  showEditHistory();
  if (mode === "sum") {
    editSum(); // the person chooses, then starts a game
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

function startGraphMode() {
  edgeClassControls();
  const board = $("graph-board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onGraphKey);
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
    if (graph.vertices.length === 0) return;
    remember();
    graph.vertices = [];
    graph.edges = [];
    changed();
  });
  $("graph-load").addEventListener("click", () => {
    loadGraphText($("graph-text").value).catch(errorAt("graph-text"));
  });
  $("graph-file").addEventListener("change", loadInto("graph-text", loadGraphText));
  $("graph-save").addEventListener("click", saveGraph);
  const example = EXAMPLES.blossom();
  graph.vertices = example.vertices.map(([label, x, y]) => ({ label, x, y }));
  graph.edges = example.edges;
  $("graph-text").value = graphText();
  if ($("mode-graph").checked) setMode("graph"); // a reload keeps the choice
  else if ($("mode-sum").checked) setMode("sum");
}
