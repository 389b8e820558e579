// The graph mode's board: drawing the graph with what the server says on
// top of it (graph.js holds the graph, the requests and the mode), and the
// pointer and keyboard on it: add, join, move, delete, select, play.
"use strict";

// --- sizes on the screen ------------------------------------------------------

// In CSS pixels, whatever the board's scale: a vertex is a finger's width to
// tap (its hit area 44 px across, however small its disc), and where the
// graph leaves room the disc and its label are large enough to see and read
// on a phone.  A tap or click goes to the nearest vertex within its hit area
// (crowded vertices share the room between them); elsewhere it adds a vertex.
const HIT_PX = 22;      // the hit area's radius
const DISC_PX = 15;     // the disc's radius, room allowing
const LABEL_PX = 13;    // the labels' size, room allowing
const EDGE_HIT_PX = 12; // how near an edge the delete tool takes it

// The median distance from a vertex to its nearest one: how much room the
// discs have.  O(V^2), kept until the vertices change.
function spacing() {
  if (graph.spacing === null) {
    const nearest = graph.vertices.map((v) => {
      let least = Infinity;
      for (const w of graph.vertices) if (w !== v) least = Math.min(least, Math.hypot(v.x - w.x, v.y - w.y));
      return least;
    }).sort((a, b) => a - b);
    graph.spacing = nearest.length > 1 ? nearest[Math.floor(nearest.length / 2)] : Infinity;
  }
  return graph.spacing;
}

// The drawing's sizes in the board's units, at `scale` CSS pixels a unit.
function drawingSizes(scale) {
  const radius = Math.max(RADIUS, Math.min(DISC_PX / scale, 0.45 * spacing()));
  return {
    scale,
    radius,
    hit: Math.max(radius + 4, HIT_PX / scale),
    label: Math.max(12, Math.min(LABEL_PX / scale, 1.1 * radius)),
    edge: Math.max(6, EDGE_HIT_PX / scale),
  };
}

// CSS pixels a unit of the board: as it is drawn now (fitBoards sized it),
// else as fitBoards will draw it; 1 while it is hidden.
function graphScale() {
  const board = $("graph-board");
  const svg = board.querySelector("svg");
  const drawn = svg && !board.hidden ? svg.getScreenCTM() : null;
  if (drawn && drawn.a > 0) return drawn.a;
  const scale = fitScale(board, WIDTH, HEIGHT);
  return scale > 0 ? scale : 1;
}

let redrawing = false;

// After fitBoards (a first drawing, the window resized or turned): the
// graph drawn again when it was drawn for another scale, so that its sizes
// on the screen hold.
function refitGraph() {
  const board = $("graph-board");
  if (redrawing || board.hidden || !graph.sizes || !board.querySelector("svg")) return;
  if (Math.abs(graphScale() / graph.sizes.scale - 1) > 0.005) drawGraph();
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

// How a screen reader names a vertex: its label and what the board shows of it.
function vertexName(label, shown, token) {
  const words = [t("where.vertex", { label })];
  if (label === token) words.push(t("vertex.token"));
  else if (shown.path.includes(label)) words.push(t("vertex.visited"));
  if (shown.legal.has(label)) {
    words.push(t(page.game && page.game.phase === "place" ? "vertex.start" : "vertex.legal"));
  }
  if (shown.hints.has(label)) words.push(t("vertex.hint"));
  if (shown.losing.has(label) && !shown.path.includes(label)) words.push(t("vertex.losing"));
  if (label === graph.selected && !page.game) words.push(t("vertex.selected"));
  return sayList(words);
}

function drawGraph() {
  const board = $("graph-board");
  const shown = overlays();
  const sizes = drawingSizes(graphScale());
  graph.sizes = sizes;
  const r = sizes.radius;
  const svg = svgElement("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, class: "graph-board",
  });
  const matched = new Set(shown.matching.map(([a, b]) => pairKey(a, b)));
  const walked = new Set(walkedPairs(shown.path));
  const explained = new Set(walkedPairs(shown.explain));
  const classes = edgeClassOverlay();
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
      ...edgeClassAttributes(classes.get(key)),
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
    // Tab reaches every vertex while editing, the legal moves in a game
    const reachable = !page.game || shown.legal.has(v.label);
    const group = svgElement("g", {
      class: kind, "data-label": v.label, tabindex: reachable ? "0" : "-1", role: "button",
      "aria-label": vertexName(v.label, shown, token),
    });
    // where a tap takes this vertex (the pointer's handlers measure the same
    // distance; drawn invisible, under the disc)
    group.append(svgElement("circle", { cx: v.x, cy: v.y, r: sizes.hit, class: "hit" }));
    if (shown.barrier.has(v.label)) {
      group.append(svgElement("rect", {
        x: v.x - r - 4, y: v.y - r - 4, width: 2 * r + 8, height: 2 * r + 8, class: "barrier-mark",
      }));
    }
    group.append(svgElement("circle", { cx: v.x, cy: v.y, r, class: "disc" }));
    if (v.label === token) {
      group.append(svgElement("circle", { cx: v.x, cy: v.y, r: r - 3, class: "token" }));
      group.classList.add("token-here");
    }
    if (shown.hints.has(v.label)) {
      group.append(svgElement("circle", {
        cx: v.x + r * 0.8, cy: v.y - r * 0.8, r: Math.max(5, r / 3), class: "hint-mark",
      }));
    }
    const text = svgElement("text", {
      x: v.x, y: v.y, "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": sizes.label.toFixed(1),
    });
    text.textContent = v.label;
    group.append(text);
    group.append(svgElement("circle", { cx: v.x, cy: v.y, r: r + 5, class: "focus-ring" }));
    svg.append(group);
  }
  // the keyboard's focus stays on the board: on the same vertex, redrawn
  const hadFocus = board.contains(document.activeElement) && document.activeElement !== board;
  board.replaceChildren(svg);
  redrawing = true;
  try {
    fitBoards();
  } finally {
    redrawing = false;
  }
  if (hadFocus) {
    const again = graph.focused === null
      ? null : board.querySelector(`g.vertex[data-label="${CSS.escape(graph.focused)}"]`);
    (again || board).focus();
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

// The vertex a tap or click at `point` takes: the nearest within its hit area.
function vertexAt(point) {
  let best = null;
  let bestDistance = graph.sizes ? graph.sizes.hit : RADIUS + 4;
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
    const reach = graph.sizes ? graph.sizes.edge : 6;
    if (Math.hypot(u.x + t * (v.x - u.x) - point.x, u.y + t * (v.y - u.y) - point.y) <= reach) return [a, b];
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
    graph.drag = { kind: "move", from: v.label, before: copyGraph(), x: v.x, y: v.y };
  }
  if (graph.drag) $("graph-board").setPointerCapture(event.pointerId);
}

// A point of the board kept a disc's radius inside its edges.
function inside(point) {
  const r = graph.sizes ? graph.sizes.radius : RADIUS;
  return {
    x: Math.round(Math.max(r, Math.min(WIDTH - r, point.x))),
    y: Math.round(Math.max(r, Math.min(HEIGHT - r, point.y))),
  };
}

function onPointerMove(event) {
  const drag = graph.drag;
  if (!drag) {
    if (page.game && event.pointerType === "mouse") showHoveredPlan(vertexAt(boardPoint(event)));
    return;
  }
  if (drag.kind === "add") return;
  const point = boardPoint(event);
  if (drag.kind === "move") {
    const v = vertexNamed(drag.from);
    ({ x: v.x, y: v.y } = inside(point));
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
  if (drag.kind === "add" && !v) {
    const place = inside(point);
    addVertex(place.x, place.y);
  } else if (drag.kind === "join" && v && v.label !== drag.from) {
    addEdge(drag.from, v.label);
  } else if (drag.kind === "join" && v) {
    selectVertex(v.label);
  } else if (drag.kind === "move") {
    const moved = vertexNamed(drag.from);
    if (moved && (moved.x !== drag.x || moved.y !== drag.y)) {
      remember(drag.before); // a move is an edit: Undo puts the vertex back
      graph.spacing = null;
    }
    drawGraph();
  } else {
    drawGraph();
  }
}

function selectVertex(label) {
  graph.selected = label;
  graph.explained = null;
  drawGraph();
  if (graph.analysis) explainVertex(label).catch(showError);
}

// The vertices the arrow keys move between: every one while editing, the
// legal moves in a game (every vertex while the token is to be placed).
function arrowTargets() {
  const game = page.game;
  if (!game) return graph.vertices;
  if (game.phase === "over") return [];
  const legal = overlays().legal;
  return graph.vertices.filter((v) => legal.has(v.label));
}

// Focus the next vertex the arrow `key` points to from the vertex `from`
// (an element).  From a vertex that is not among them (the one just played)
// with none that way, or from the board itself, the one nearest the token.
function focusThatWay(from, key) {
  const targets = arrowTargets();
  const here = from ? vertexNamed(from.dataset.label) : null;
  let next = here ? nextThatWay(here, targets.map((v) => ({ item: v, x: v.x, y: v.y })), key) : null;
  if (!next && targets.length && !targets.includes(here)) {
    const path = (page.game && page.game.shown_path) || [];
    const token = path.length ? vertexNamed(path[path.length - 1]) : null;
    const centre = token || here || { x: WIDTH / 2, y: HEIGHT / 2 };
    const away = (v) => Math.hypot(v.x - centre.x, v.y - centre.y);
    next = targets.reduce((a, b) => (away(a) <= away(b) ? a : b));
  }
  if (!next) return;
  const element = $("graph-board").querySelector(`g.vertex[data-label="${CSS.escape(next.label)}"]`);
  if (element) element.focus();
}

function onGraphKey(event) {
  const target = event.target.closest && event.target.closest("g.vertex");
  if (event.key in ARROWS) {
    event.preventDefault();
    focusThatWay(target, event.key);
  } else if ((event.key === "Delete" || event.key === "Backspace") && !page.game && graph.selected !== null) {
    event.preventDefault();
    deleteVertex(graph.selected);
  } else if ((event.key === "Enter" || event.key === " ") && target) {
    event.preventDefault();
    graph.focused = target.dataset.label;
    if (page.game) playVertex(target.dataset.label);
    else selectVertex(target.dataset.label);
  }
}

// The engine's planned answer to the legal move under the mouse.
function showHoveredPlan(v) {
  if (!v || !page.game || !(page.game.legal || []).includes(v.label)) return;
  if ($("graph-board").querySelector(".planned") && graph.planned === v.label) return;
  graph.planned = v.label;
  showGraphPlan(v.label);
}


// The edge-class overlay (graph mode, while editing): each edge's class
// among the maximum matchings, and the elementary components (the pieces
// of C joined by edges in some maximum matching) each in a colour of its
// own.  Its words are the catalogs' edge_class.* keys.
// the colours are style.css's, one per data-hue (0 to HUES - 1)
const HUES = 8;

// The checkbox and its note, after the other overlays' boxes (once).
function edgeClassControls() {
  const row = document.createElement("div");
  row.className = "row";
  row.id = "edge-class-overlays";
  row.hidden = page.mode !== "graph";
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "show-edge-classes";
  const words = document.createElement("span");
  words.id = "edge-class-label";
  label.append(box, " ", words);
  row.append(label);
  const note = document.createElement("p");
  note.className = "note";
  note.id = "edge-class-note";
  note.hidden = true;
  $("matching-overlays").after(row, note);
  liveText("edge-class-label", () => t("edge_class.label"));
  liveText("edge-class-note", () => t("edge_class.note"));
  box.addEventListener("change", () => {
    note.hidden = !box.checked;
    if (page.mode === "graph" && !page.game) drawGraph();
  });
}

// The box in graph mode only (the other modes have no edge classes).
function showEdgeClassControls(mode) {
  $("edge-class-overlays").hidden = mode !== "graph";
  $("edge-class-note").hidden = mode !== "graph" || !$("show-edge-classes").checked;
}

// pairKey -> { cls, component } from the analysis, when the box is ticked.
function edgeClassOverlay() {
  const shown = new Map();
  const analysis = graph.analysis;
  const box = $("show-edge-classes");
  if (page.game || !analysis || !analysis.edge_classes || !box || !box.checked) return shown;
  analysis.edges.forEach(([a, b], k) => {
    shown.set(pairKey(a, b), { cls: analysis.edge_classes[k], component: analysis.components[k] });
  });
  return shown;
}

// An edge line's extra attributes: its class and its component's colour.
function edgeClassAttributes(found) {
  if (!found) return {};
  const words = [t(`edge_class.${found.cls}`)];
  const attributes = { "data-class": found.cls };
  if (found.component !== null) {
    attributes["data-hue"] = String(found.component % HUES);
    attributes["data-component"] = String(found.component);
    words.push(t("edge_class.component", { n: found.component + 1 }));
  }
  attributes["aria-label"] = sayList(words);
  return attributes;
}
