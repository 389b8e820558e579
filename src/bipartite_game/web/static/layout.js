// A small force-directed layout (Fruchterman and Reingold, 1991) for graphs
// loaded as edge lists, which come without positions.  Deterministic: the
// vertices start on a circle in the order given and every step is plain
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
  for (let v = 0; v < count; v += 1) {
    // a slightly uneven circle: on a perfectly even one the forces of a
    // symmetric graph cancel out and nothing moves
    const angle = (2 * Math.PI * v) / count;
    const r = radius * (1 - 0.15 * ((v * 7919) % 13) / 13);
    x[v] = width / 2 + r * Math.cos(angle);
    y[v] = height / 2 + r * Math.sin(angle);
  }
  const dx = new Float64Array(count);
  const dy = new Float64Array(count);
  const steps = 300;
  let temperature = Math.min(width, height) / 8;
  for (let step = 0; step < steps; step += 1) {
    dx.fill(0);
    dy.fill(0);
    for (let u = 0; u < count; u += 1) {
      for (let v = u + 1; v < count; v += 1) {
        // every pair repels: k^2 / d
        const ex = x[u] - x[v];
        const ey = y[u] - y[v];
        const d = Math.max(Math.hypot(ex, ey), 0.01);
        const push = (k * k) / d / d;
        dx[u] += ex * push; dy[u] += ey * push;
        dx[v] -= ex * push; dy[v] -= ey * push;
      }
    }
    for (const [u, v] of edges) {
      // neighbours attract: d^2 / k
      const ex = x[u] - x[v];
      const ey = y[u] - y[v];
      const d = Math.max(Math.hypot(ex, ey), 0.01);
      const pull = d / k;
      dx[u] -= ex * pull; dy[u] -= ey * pull;
      dx[v] += ex * pull; dy[v] += ey * pull;
    }
    for (let v = 0; v < count; v += 1) {
      // a weak pull to the centre keeps separate components on the page
      dx[v] += (width / 2 - x[v]) * 0.02 * k / radius;
      dy[v] += (height / 2 - y[v]) * 0.02 * k / radius;
      const d = Math.max(Math.hypot(dx[v], dy[v]), 0.01);
      const step_ = Math.min(d, temperature);
      x[v] += (dx[v] / d) * step_;
      y[v] += (dy[v] / d) * step_;
    }
    temperature *= 0.985;
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
