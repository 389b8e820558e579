"""SVG text from coordinates, fills and marks: the drawing core.

Every picture the package makes is drawn here: a grid board's cells
(:func:`board_svg`, which :func:`~bipartite_game.play.render.render_svg` and
the web page's maze use), a graph's vertices and edges at given points
(:func:`graph_svg`, the notebook pictures of ``Graph``, ``Solution``,
``Decomposition`` and ``Position``), and a few lines of text for what is too
large to draw (:func:`summary_svg`).  It knows no game and no graph object:
the callers say which vertices are tinted which colour, which pairs are
drawn as a matching, where the token and its path are.  The palette below
names the colours by what the callers use them for, so that every picture
speaks the same language.

Each function returns one ``<svg>`` element as text: well-formed XML (every
text given is escaped), the same bytes for the same arguments (numbers are
written with fixed rules), and O(vertices + edges) or O(cells) pieces, so a
caller bounds its size by what it passes.  Where the vertices go is
:mod:`.layout`'s; whether a graph is drawn at all, :mod:`.pictures`'.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import TypedDict

import numpy as np
import numpy.typing as npt

__all__ = [
    "A_CLASS",
    "C_CLASS",
    "DASHED_BOX",
    "DASHED_RING",
    "EDGE",
    "HINT",
    "LOSING",
    "MATCHING",
    "OPEN",
    "PATH",
    "RING",
    "TEXT_CHARS",
    "TOKEN",
    "VISITED",
    "WALL",
    "WINNING",
    "WRITTEN_LABELS",
    "EdgeStyle",
    "Tint",
    "board_svg",
    "graph_svg",
    "short_label",
    "summary_svg",
]

#: Vertices past which labels are only tooltips, not written on the discs.
WRITTEN_LABELS = 60

#: The palette of cells and vertices, in order a wall, an open cell (or a
#: plain vertex), a losing start, a winning start, a visited one, the
#: barrier A and the class C of a decomposition.
WALL, OPEN, LOSING, WINNING, VISITED = "#3b3b46", "#f4f1e8", "#f2c6b4", "#d3e6c3", "#b9cfe8"
A_CLASS, C_CLASS = "#f3dc8d", "#cdd9ee"
#: The palette of marks, in order an edge, the matching, the token's path
#: (and the outline of a legal move), the token, a hint.
EDGE, MATCHING, PATH, TOKEN, HINT = "#8a8778", "#6a8e4e", "#2f5d8a", "#c0392b", "#e0a100"

#: Cells or vertices drawn in ``fill`` and given ``css_class``, as
#: ``(members, fill, css_class)``.  In a list of tints the first that holds
#: a member wins.
Tint = tuple[Iterable[int], str, str]
#: Edges drawn so, as ``(mask over the edges, stroke, css_class, width,
#: dashed)``.  In a list of styles the first that holds an edge wins.
EdgeStyle = tuple[npt.NDArray[np.bool_], str, str, float, bool]



class GraphMarks(TypedDict, total=False):
    """The marks :func:`graph_svg` draws on a graph, as its keywords: what
    a caller that lays the graph out itself passes on unchanged
    (:func:`~.pictures.picture`).  A type for the checker, out of
    ``__all__``: the reference documents the keywords at :func:`graph_svg`."""

    tints: Sequence[Tint]
    edge_styles: Sequence[EdgeStyle]
    pairs: Iterable[tuple[int, int]]
    path: Sequence[int]
    token: int | None
    token_title: str
    outlined: Iterable[int]
    legend: Sequence[tuple[str, str]]


_FONT = 'font-family="sans-serif"'


def _first_tints(tints: Sequence[Tint]) -> dict[int, tuple[str, str]]:
    """Each member's fill and class: the first tint that names it.  O(members)."""
    found: dict[int, tuple[str, str]] = {}
    for members, fill, css in tints:
        for m in members:
            found.setdefault(int(m), (fill, css))
    return found


# ---------------------------------------------------------------- boards
def board_svg(
    open_cells: npt.NDArray[np.bool_],
    *,
    cell: int = 32,
    tints: Sequence[Tint] = (),
    outlined: Iterable[int] = (),
    dotted: Iterable[int] = (),
    pairs: Iterable[tuple[int, int]] = (),
    path: Sequence[int] = (),
    token: int | None = None,
    token_title: str = "",
    coordinates: bool = False,
    legend: Sequence[tuple[str, str]] = (),
) -> str:
    """A grid board: walls dark, open cells light or tinted, and the marks.

    Cells are flat indices ``row * width + col`` of ``open_cells`` (a 2-D
    boolean array).  ``tints`` colour open cells (class ``cell`` plus the
    tint's class; an untinted open cell is ``cell open``, a wall ``cell
    wall``); ``outlined`` cells get a dashed outline and the class ``legal``,
    ``dotted`` ones a dot and the class ``hint``; ``pairs`` are drawn as a
    matching (a bar between neighbouring cells, an arc between farther ones,
    so that two crossing pairs do not read as one X); ``path`` is a polyline
    through cell centres and ``token`` a disc titled ``token_title``.
    ``coordinates`` numbers rows and columns 1-based in a margin.  Every
    cell carries ``data-row``/``data-col`` (0-based).  ``legend``, as for
    :func:`graph_svg`, is written below the board.  O(cells) pieces.

    Parameters
    ----------
    open_cells : numpy.ndarray
        2-D booleans, true on the open cells.
    cell : int, optional
        The side of a cell in pixels.
    tints : sequence of Tint, optional
        ``(cells, fill, class)`` triples colouring open cells.
    outlined : iterable of int, optional
        Cells outlined (legal moves).
    dotted : iterable of int, optional
        Cells dotted (hints).
    pairs : iterable of (int, int), optional
        Pairs of cells drawn as a matching.
    path : sequence of int, optional
        Cells joined by a polyline.
    token : int or None, optional
        The token's cell.
    token_title : str, optional
        The token's tooltip.
    coordinates : bool, optional
        Number the rows and columns.
    legend : sequence of (str, str), optional
        ``(fill, text)`` lines below the board.

    Returns
    -------
    str
        The SVG text.

    Examples
    --------
    >>> import numpy as np
    >>> svg = board_svg(np.array([[True, False]]), token=0)
    >>> svg.startswith("<svg "), svg.count("data-row")
    (True, 2)
    """
    height, width = (int(s) for s in open_cells.shape)
    painted = _first_tints(tints)
    legal_cells = {int(c) for c in outlined}
    hint_cells = {int(c) for c in dotted}
    margin = round(cell * 0.8) if coordinates else 0
    below = 22 * len(legend) + (6 if legend else 0)
    wide = max(width * cell + margin, 36 + 7 * max((len(t) for _, t in legend), default=0))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{wide}" '
        f'height="{height * cell + margin + below}" '
        f'viewBox="{-margin} {-margin} {wide} {height * cell + margin + below}" '
        'class="bipartite-game-board">'
    ]
    if coordinates:
        parts.append(_coordinates(height, width, cell, margin))
    parts.append(f'<g stroke="{EDGE}" stroke-width="1">')
    for i, row in enumerate(open_cells.tolist()):
        for j, is_open in enumerate(row):
            flat = i * width + j
            if not is_open:
                fill, kind = WALL, "wall"
            else:
                fill, kind = painted.get(flat, (OPEN, "open"))
            if flat in legal_cells:
                kind += " legal"
            if flat in hint_cells:
                kind += " hint"
            parts.append(
                f'<rect x="{j * cell}" y="{i * cell}" width="{cell}" height="{cell}" '
                f'fill="{fill}" class="cell {kind}" data-row="{i}" data-col="{j}"/>'
            )
    parts.append("</g>")
    half = cell / 2

    def centre(flat: int) -> tuple[float, float]:
        r, c = divmod(flat, width)
        return c * cell + half, r * cell + half

    if legal_cells:
        inset = cell * 0.12
        for flat in sorted(legal_cells):
            i, j = divmod(flat, width)
            parts.append(
                f'<rect x="{j * cell + inset:.1f}" y="{i * cell + inset:.1f}" '
                f'width="{cell - 2 * inset:.1f}" height="{cell - 2 * inset:.1f}" fill="none" '
                f'stroke="{PATH}" stroke-width="2" stroke-dasharray="4 3" '
                f'pointer-events="none" class="legal-mark"/>'
            )
    for a, b in pairs:
        parts.append(_matching_pair(centre(a), centre(b), cell))
    for flat in sorted(hint_cells):
        i, j = divmod(flat, width)
        parts.append(
            f'<circle cx="{j * cell + half}" cy="{i * cell + half}" r="{cell * 0.14:.1f}" '
            f'fill="{HINT}" pointer-events="none" class="hint-mark"/>'
        )
    if path:
        points = " ".join(f"{x},{y}" for x, y in map(centre, path))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{PATH}" '
            f'stroke-width="{cell / 8:.1f}" pointer-events="none" class="path"/>'
        )
    if token is not None:
        x, y = centre(token)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{cell * 0.32:.1f}" fill="{TOKEN}" '
            'pointer-events="none" class="token">'
            f"<title>{_xml(token_title)}</title></circle>"
        )
    if legend:
        parts.append(_legend(legend, height * cell + 6, left=-margin))
    parts.append("</svg>")
    return "".join(parts)


def _coordinates(height: int, width: int, cell: int, margin: int) -> str:
    """Row numbers down the left, column numbers across the top (1-based);
    past 99 only every fifth number, so that they stay readable."""
    size = cell * 0.42
    step = 1 if max(height, width) < 100 else 5
    parts = [f'<g font-size="{size:.1f}" fill="#6b6759" {_FONT} class="coords">']
    for j in range(0, width, step):
        parts.append(
            f'<text x="{j * cell + cell / 2}" y="{-margin / 3:.1f}" '
            f'text-anchor="middle">{j + 1}</text>'
        )
    for i in range(0, height, step):
        parts.append(
            f'<text x="{-margin / 6:.1f}" y="{i * cell + cell / 2 + size / 3:.1f}" '
            f'text-anchor="end">{i + 1}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _matching_pair(a: tuple[float, float], b: tuple[float, float], cell: int) -> str:
    """One pair of the matching: a bar between neighbouring cells, an arc
    bent to one side (with a dot at each end) between farther ones."""
    (x1, y1), (x2, y2) = a, b
    style = (
        f'stroke="{MATCHING}" stroke-width="{cell / 6:.1f}" stroke-linecap="round" '
        'fill="none" pointer-events="none" class="matching"'
    )
    if max(abs(x2 - x1), abs(y2 - y1)) <= cell:
        return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>'
    bend = 0.22
    cx = (x1 + x2) / 2 - (y2 - y1) * bend
    cy = (y1 + y2) / 2 + (x2 - x1) * bend
    dot = cell / 7
    return (
        f'<path d="M{x1},{y1} Q{cx:.1f},{cy:.1f} {x2},{y2}" {style}/>'
        f'<circle cx="{x1}" cy="{y1}" r="{dot:.1f}" fill="{MATCHING}" pointer-events="none"/>'
        f'<circle cx="{x2}" cy="{y2}" r="{dot:.1f}" fill="{MATCHING}" pointer-events="none"/>'
    )


# ---------------------------------------------------------------- graphs
def graph_svg(
    points: npt.ArrayLike,
    u: npt.ArrayLike,
    v: npt.ArrayLike,
    *,
    labels: Sequence[str] | None = None,
    write_labels: bool = True,
    tints: Sequence[Tint] = (),
    edge_styles: Sequence[EdgeStyle] = (),
    pairs: Iterable[tuple[int, int]] = (),
    path: Sequence[int] = (),
    token: int | None = None,
    token_title: str = "",
    outlined: Iterable[int] = (),
    legend: Sequence[tuple[str, str]] = (),
    radius: float = 11,
) -> str:
    """A graph drawn at ``points`` (one ``(x, y)`` per vertex, pixels).

    Edges ``u[k] - v[k]`` are grey lines of class ``edge``; ``edge_styles``
    (:data:`EdgeStyle`) restyle some.  Vertices
    are discs with ``data-vertex`` (the id) and the class ``vertex`` plus
    their tint's class (``tints``, as for :func:`board_svg`; untinted:
    ``vertex plain``), with their ``labels`` (escaped; default the ids) as a
    tooltip and, with ``write_labels``, written on them.  ``pairs`` are
    drawn as a thick matching under the discs, ``path`` as a polyline,
    ``outlined`` vertices (legal moves) get a dashed ring and the class
    ``legal``, ``token`` a red ring round its disc (the label stays
    readable).  ``legend`` is a list of ``(fill, text)`` written below the
    picture (a swatch, or a ring: :data:`RING`).  O(V + E) pieces.

    Parameters
    ----------
    points : array_like
        One ``(x, y)`` per vertex, in pixels.
    u, v : array_like
        The edges' endpoints.
    labels : sequence of str, optional
        One label per vertex; the ids by default.
    write_labels : bool, optional
        Write the labels on the discs.
    tints : sequence of Tint, optional
        ``(vertices, fill, class)`` triples colouring vertices.
    edge_styles : sequence of EdgeStyle, optional
        Restyled edges.
    pairs : iterable of (int, int), optional
        Pairs drawn as a matching.
    path : sequence of int, optional
        Vertices joined by a polyline.
    token : int or None, optional
        The token's vertex.
    token_title : str, optional
        The token's tooltip.
    outlined : iterable of int, optional
        Vertices ringed (legal moves).
    legend : sequence of (str, str), optional
        ``(fill, text)`` lines below the picture.
    radius : float, optional
        The discs' radius in pixels.

    Returns
    -------
    str
        The SVG text.

    Examples
    --------
    >>> svg = graph_svg([[20, 20], [60, 20]], [0], [1], labels=["a", "b"])
    >>> svg.count("data-vertex"), 'class="bipartite-game-graph"' in svg
    (2, True)
    """
    xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    src = np.asarray(u, dtype=np.int64)
    dst = np.asarray(v, dtype=np.int64)
    count = xy.shape[0]
    width = int(xy[:, 0].max() + radius + 12) if count else 2 * int(radius)
    height = int(xy[:, 1].max() + radius + 12) if count else 2 * int(radius)
    legend_height = 22 * len(legend)
    width = max(width, 36 + 7 * max((len(text) for _, text in legend), default=0))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height + legend_height}" viewBox="0 0 {width} {height + legend_height}" '
        'class="bipartite-game-graph">'
    ]
    pos = [(_num(x), _num(y)) for x, y in xy.tolist()]
    plain = f'stroke="{EDGE}" stroke-width="1.5" class="edge"'
    styles = [plain] * src.size
    for mask, stroke, css, line_width, dashed in reversed(edge_styles):
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        style = f'stroke="{stroke}" stroke-width="{_num(line_width)}"{dash} class="edge {css}"'
        for k in np.flatnonzero(mask).tolist():
            styles[k] = style
    parts.append('<g stroke-linecap="round">')
    for k, (a, b) in enumerate(zip(src.tolist(), dst.tolist(), strict=True)):
        parts.append(
            f'<line x1="{pos[a][0]}" y1="{pos[a][1]}" x2="{pos[b][0]}" y2="{pos[b][1]}" '
            f"{styles[k]}/>"
        )
    parts.append("</g>")
    matched = [
        f'<line x1="{pos[a][0]}" y1="{pos[a][1]}" x2="{pos[b][0]}" y2="{pos[b][1]}" '
        f'stroke="{MATCHING}" stroke-width="{radius * 0.7:.1f}" stroke-linecap="round" '
        'stroke-opacity="0.75" class="matching"/>'
        for a, b in pairs
    ]
    parts.extend(matched)
    if path:
        line = " ".join(f"{pos[p][0]},{pos[p][1]}" for p in path)
        parts.append(
            f'<polyline points="{line}" fill="none" stroke="{PATH}" '
            f'stroke-width="{radius * 0.45:.1f}" stroke-opacity="0.8" class="path"/>'
        )
    painted = _first_tints(tints)
    legal = {int(w) for w in outlined}
    font = min(13.0, max(7.0, radius * 0.9))
    parts.append(f'<g stroke="#5f5c52" stroke-width="1" font-size="{font:.1f}" {_FONT}>')
    for w in range(count):
        fill, css = painted.get(w, (OPEN, "plain"))
        if w in legal:
            css += " legal"
        x, y = pos[w]
        title = _xml(labels[w]) if labels is not None else str(w)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{_num(radius)}" fill="{fill}" '
            f'class="vertex {css}" data-vertex="{w}"><title>{title}</title></circle>'
        )
        if w in legal:
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{_num(radius + 4)}" fill="none" stroke="{PATH}" '
                'stroke-width="2" stroke-dasharray="4 3" class="legal-mark"/>'
            )
        if labels is not None and write_labels:
            text = short_label(labels[w])
            # sans-serif glyphs are about 0.6 em wide: a long label in a smaller size
            size = min(font, 1.9 * radius / (0.6 * max(len(text), 1)))
            sized = f' font-size="{size:.1f}"' if size < font else ""
            parts.append(
                f'<text x="{x}" y="{_num(xy[w, 1] + size * 0.35)}" text-anchor="middle"{sized} '
                f'stroke="none" fill="#2b2a25">{_xml(text)}</text>'
            )
    parts.append("</g>")
    if token is not None:
        # a ring round the disc, so that the label written on it stays readable
        x, y = pos[token]
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{_num(radius + 2)}" fill="none" stroke="{TOKEN}" '
            f'stroke-width="3.5" class="token"><title>{_xml(token_title)}</title></circle>'
        )
    if legend:
        parts.append(_legend(legend, height))
    parts.append("</svg>")
    return "".join(parts)


#: A legend entry's swatch drawn as the mark it explains rather than a
#: filled square: ``(RING + colour, text)`` a ring of that colour (the
#: token), ``(DASHED_RING + colour, text)`` a dashed one (a legal move on
#: a graph), ``(DASHED_BOX + colour, text)`` a dashed square (on a board).
RING, DASHED_RING, DASHED_BOX = "ring:", "dashed-ring:", "dashed-box:"


def _legend(entries: Sequence[tuple[str, str]], top: int, left: int = 0) -> str:
    """One line per entry below the picture: a swatch and its meaning (a
    filled square, or the mark :data:`RING`, :data:`DASHED_RING` or
    :data:`DASHED_BOX` names);
    ``left`` is the picture's left edge."""
    shift = f' transform="translate({left} 0)"' if left else ""
    parts = [f'<g font-size="12" {_FONT} fill="#2b2a25" class="legend"{shift}>']
    for k, (fill, text) in enumerate(entries):
        y = top + 22 * k
        if fill.startswith(DASHED_BOX):
            swatch = (
                f'<rect x="9" y="{y + 5}" width="12" height="12" fill="none" '
                f'stroke="{fill.split(":", 1)[1]}" stroke-width="2" stroke-dasharray="4 3"/>'
            )
        elif fill.startswith((RING, DASHED_RING)):
            dashed = fill.startswith(DASHED_RING)
            colour = fill.split(":", 1)[1]
            dash = ' stroke-dasharray="4 3"' if dashed else ""
            width = 2 if dashed else 3
            swatch = (
                f'<circle cx="15" cy="{y + 11}" r="6" fill="none" stroke="{colour}" '
                f'stroke-width="{width}"{dash}/>'
            )
        else:
            swatch = (
                f'<rect x="8" y="{y + 4}" width="14" height="14" fill="{fill}" stroke="#5f5c52"/>'
            )
        parts.append(f'{swatch}<text x="28" y="{y + 16}">{_xml(text)}</text>')
    parts.append("</g>")
    return "".join(parts)


def summary_svg(lines: Sequence[str], *, css_class: str = "bipartite-game-summary") -> str:
    """A small box with a few lines of text (escaped): the picture of what
    is too large to draw.  O(text).

    Parameters
    ----------
    lines : sequence of str
        The text, a line each.
    css_class : str, optional
        The picture's class.

    Returns
    -------
    str
        The SVG text.

    Examples
    --------
    >>> "big &lt;graph&gt;" in summary_svg(["big <graph>"])
    True
    """
    width = 16 + 7 * max((len(line) for line in lines), default=0)
    height = 14 + 18 * len(lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="{_xml(css_class)}">',
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" rx="4" '
        f'fill="{OPEN}" stroke="{EDGE}"/>',
        f'<g font-size="12" {_FONT} fill="#2b2a25">',
    ]
    for k, line in enumerate(lines):
        parts.append(f'<text x="8" y="{20 + 18 * k}">{_xml(line)}</text>')
    parts.append("</g></svg>")
    return "".join(parts)


#: Characters XML 1.0 does not allow in a document, even escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: The most characters of one text written (a tooltip keeps a long label
#: to this, so that a picture's size stays bounded by its vertices).
TEXT_CHARS = 200


def _xml(text: str) -> str:
    """``text`` as XML character data or attribute value: escaped, cut to
    :data:`TEXT_CHARS`, and each character XML cannot hold (control
    characters, lone surrogates) replaced by U+FFFD.  O(len)."""
    if len(text) > TEXT_CHARS:
        text = text[: TEXT_CHARS - 1] + "…"
    return escape(_NOT_XML.sub("\ufffd", text))


def _num(value: float) -> str:
    """A coordinate as text: whole numbers without a point, else one decimal."""
    rounded = round(float(value), 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def short_label(text: str, most: int = 8) -> str:
    """A label cut to ``most`` characters for the disc it is written on
    (the tooltip keeps it whole).

    Parameters
    ----------
    text : str
        The label.
    most : int, optional
        The most characters kept.

    Returns
    -------
    str
        The label, or its first ``most - 1`` characters and an ellipsis.

    Examples
    --------
    >>> short_label("abcdefghijk"), short_label("abc")
    ('abcdefg…', 'abc')
    """
    return text if len(text) <= most else text[: most - 1] + "…"
