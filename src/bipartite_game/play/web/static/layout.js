// A small force-directed layout (Fruchterman and Reingold, 1991) for graphs
// loaded as edge lists, which come without positions.  Deterministic: the
// vertices start at fixed pseudo-random places and every step is plain
// arithmetic, so the same edge list is always drawn the same way.
// Cost: O(V^2 + E) per step, a fixed number of steps; the server bounds V.
"use strict";

function forceLayout(count, edges, width, height, margin = 40) {
  if (count === 0) return [];
  if (count === 1) return [[width / 2, height / 2]];
  const area = (width - 2 * margin) * (height - 2 * margin);
  const k = Math.sqrt(area / count); // the ideal distance between neighbours
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const radius = Math.min(width, height) / 2 - margin;
  // the start: a scatter from a fixed pseudo-random sequence (a circle, the
  // other usual start, folds grids and ladders over themselves)
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let v = 0; v < count; v += 1) {
    x[v] = width / 2 + radius * (2 * next() - 1);
    y[v] = height / 2 + radius * (2 * next() - 1);
  }
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  // 500 steps up to 200 vertices, fewer beyond (each step costs V^2),
  // cooling to the same final temperature
  const steps = Math.max(100, Math.min(500, Math.round(100000 / count)));
  const cooling = Math.pow(0.0066, 1 / steps);
  let temperature = Math.min(width, height) / 4;
  for (let step = 0; step < steps; step += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let u = 0; u < count; u += 1) {
      for (let v = u + 1; v < count; v += 1) {
        // every pair closer than 3k repels: k^2 / d (the cut-off, as in
        // Fruchterman and Reingold's grid variant, lets the pull to the
        // centre keep separate components close instead of far apart)
        const ex = x[u] - x[v];
        const ey = y[u] - y[v];
        const d = Math.max(Math.sqrt(ex * ex + ey * ey), 0.01);
        if (d > 3 * k) continue;
        const push = (k * k) / d / d;
        dx[u] += ex * push; dy[u] += ey * push;
        dx[v] -= ex * push; dy[v] -= ey * push;
      }
    }
    for (const [u, v] of edges) {
      // neighbours attract: d^2 / k
      const ex = x[u] - x[v];
      const ey = y[u] - y[v];
      const d = Math.max(Math.sqrt(ex * ex + ey * ey), 0.01);
      const pull = d / k;
      dx[u] -= ex * pull; dy[u] -= ey * pull;
      dx[v] += ex * pull; dy[v] += ey * pull;
    }
    for (let v = 0; v < count; v += 1) {
      // a weak pull to the centre keeps separate components on the page
      dx[v] += (width / 2 - x[v]) * 0.1 * k / radius;
      dy[v] += (height / 2 - y[v]) * 0.1 * k / radius;
      const d = Math.max(Math.hypot(dx[v], dy[v]), 0.01);
      const step_ = Math.min(d, temperature);
      x[v] += (dx[v] / d) * step_;
      y[v] += (dy[v] / d) * step_;
    }
    temperature *= cooling;
  }
  // scale into the box, keeping the aspect ratio
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let v = 0; v < count; v += 1) {
    minX = Math.min(minX, x[v]); maxX = Math.max(maxX, x[v]);
    minY = Math.min(minY, y[v]); maxY = Math.max(maxY, y[v]);
  }
  const scale = Math.min(
    (width - 2 * margin) / Math.max(maxX - minX, 1),
    (height - 2 * margin) / Math.max(maxY - minY, 1),
  );
  const offsetX = (width - scale * (maxX - minX)) / 2;
  const offsetY = (height - scale * (maxY - minY)) / 2;
  return Array.from({ length: count }, (_, v) => [
    Math.round(offsetX + scale * (x[v] - minX)),
    Math.round(offsetY + scale * (y[v] - minY)),
  ]);
}
