"""Where a graph's vertices go in a picture: :func:`force_layout` (the web
page's layout algorithm, ``play/web/static/layout.js``: Fruchterman and
Reingold's forces from the same fixed pseudo-random start, vectorised with
numpy; the two sum the forces in a different order, so their pictures of
one graph differ) and :func:`label_points` (a grid's own coordinates, when
the labels are ``(row, col)`` pairs).  Deterministic: the same arguments
give the same points.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["force_layout", "label_points"]


def force_layout(
    count: int,
    u: npt.ArrayLike,
    v: npt.ArrayLike,
    width: float,
    height: float,
    margin: float = 40,
) -> npt.NDArray[np.int64]:
    """Points ``(x, y)`` (whole pixels inside ``width`` x ``height``, at
    least ``margin`` from the border) for ``count`` vertices joined by the
    edges ``u[k] - v[k]``: the force-directed layout of the web page
    (``layout.js``; Fruchterman and Reingold, 1991).

    Deterministic: the vertices start at fixed pseudo-random places (the
    page's linear congruential sequence) and every step is plain
    arithmetic.  Neighbours attract (``d^2 / k``), pairs closer than ``3k``
    repel (``k^2 / d``), a weak pull to the centre keeps components
    together, and the moves cool over a fixed number of steps (500 up to 200
    vertices, fewer beyond).  Cost: O(V^2 + E) per step (numpy), so meant
    for graphs a person looks at.

    Parameters
    ----------
    count : int
        The number of vertices.
    u, v : array_like
        The edges' endpoints.
    width, height : float
        The picture's size in pixels.
    margin : float, optional
        The least distance from the border.

    Returns
    -------
    numpy.ndarray
        ``count`` rows ``(x, y)`` (int64).

    Examples
    --------
    >>> points = force_layout(3, [0, 1], [1, 2], 200, 100)
    >>> points.shape, bool((points >= 40).all() and (points[:, 0] <= 160).all())
    ((3, 2), True)
    """
    if count == 0:
        return np.zeros((0, 2), dtype=np.int64)
    if count == 1:
        return np.array([[round(width / 2), round(height / 2)]], dtype=np.int64)
    src = np.asarray(u, dtype=np.int64)
    dst = np.asarray(v, dtype=np.int64)
    area = (width - 2 * margin) * (height - 2 * margin)
    k = math.sqrt(area / count)
    radius = min(width, height) / 2 - margin
    start = np.empty(2 * count)
    seed = 12345
    for i in range(2 * count):  # the page's sequence: seed = seed * 1103515245 + 12345 mod 2^32
        seed = (seed * 1103515245 + 12345) & 0xFFFFFFFF
        start[i] = seed / 4294967296
    x = width / 2 + radius * (2 * start[0::2] - 1)
    y = height / 2 + radius * (2 * start[1::2] - 1)
    steps = max(100, min(500, _js_round(100000 / count)))
    cooling = 0.0066 ** (1 / steps)
    temperature = min(width, height) / 4
    for _ in range(steps):
        ex = x[:, None] - x[None, :]
        ey = y[:, None] - y[None, :]
        d = np.maximum(np.sqrt(ex * ex + ey * ey), 0.01)
        push = np.where(d > 3 * k, 0.0, (k * k) / d / d)
        dx = (ex * push).sum(axis=1)
        dy = (ey * push).sum(axis=1)
        if src.size:
            fx = x[src] - x[dst]
            fy = y[src] - y[dst]
            pull = np.maximum(np.sqrt(fx * fx + fy * fy), 0.01) / k
            dx -= np.bincount(src, fx * pull, count) - np.bincount(dst, fx * pull, count)
            dy -= np.bincount(src, fy * pull, count) - np.bincount(dst, fy * pull, count)
        dx += (width / 2 - x) * 0.1 * k / radius
        dy += (height / 2 - y) * 0.1 * k / radius
        length = np.maximum(np.hypot(dx, dy), 0.01)
        move = np.minimum(length, temperature)
        x += dx / length * move
        y += dy / length * move
        temperature *= cooling
    span_x = max(float(x.max() - x.min()), 1.0)
    span_y = max(float(y.max() - y.min()), 1.0)
    scale = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    offset_x = (width - scale * (x.max() - x.min())) / 2
    offset_y = (height - scale * (y.max() - y.min())) / 2
    points = np.stack([offset_x + scale * (x - x.min()), offset_y + scale * (y - y.min())], axis=1)
    return np.floor(points + 0.5).astype(np.int64)  # JavaScript's Math.round


def _js_round(value: float) -> int:
    return math.floor(value + 0.5)


def label_points(labels: Sequence[Hashable] | None) -> npt.NDArray[np.int64] | None:
    """Grid coordinates ``(col, row)`` when every label is a pair of
    integers ``(row, col)`` (as networkx's ``grid_2d_graph`` labels its
    vertices), shifted to start at 0; else ``None``.  O(V).

    Parameters
    ----------
    labels : sequence of hashable or None
        A graph's labels.

    Returns
    -------
    numpy.ndarray or None
        One ``(col, row)`` per vertex (int64), or ``None``.

    Examples
    --------
    >>> label_points([(0, 1), (1, 1)]).tolist(), label_points(["a"])
    ([[0, 0], [0, 1]], None)
    """
    if not labels:
        return None
    for label in labels:
        if not (
            isinstance(label, tuple)
            and len(label) == 2
            and all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in label)
        ):
            return None
    rows_cols = np.array(labels, dtype=np.int64)
    rows_cols -= rows_cols.min(axis=0)
    return rows_cols[:, ::-1].copy()
