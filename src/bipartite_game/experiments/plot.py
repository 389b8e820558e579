"""A sweep's rows drawn: each measure per vertex against the parameter,
the mean over the samples of each point and its 95 % confidence band, and
the theory's limit where one is known (docs/sweep.md).

The band is the mean ± t·s/√k over the k samples of a point, where s is
their standard deviation and t the 97.5 % quantile of Student's t with k − 1
degrees of freedom (:func:`student_t95`): a 95 % confidence interval for the
mean, if the samples' values were normal.  A point of one sample has no
band.

Theory (docs/sweep.md cites each):

* ``er`` — the Karp–Sipser limit of ν/n (Aronson, Frieze and Pittel 1998).
* ``bipartite-er`` — the same limit per vertex of the 2n: the matching number
  per vertex depends only on the graphs' local weak limit (Bordenave,
  Lelarge and Salez 2013), which for G(n, n, c/n) is the same Poisson(c)
  Galton–Watson tree as for G(n, c/n).
* ``regular`` — 1/2 for d ≥ 1: a perfect matching, or one vertex short when
  n is odd; for d ≥ 3 because a random d-regular graph is Hamiltonian
  asymptotically almost surely (Robinson and Wormald 1994); a union of
  cycles at d = 2, a perfect matching at d = 1.

matplotlib is an optional extra (``pip install "bipartite-game[sweep]"``),
imported only when a figure is drawn, without pyplot (no global state, no
display): the Agg renderer for PNG, the SVG renderer for SVG, SVG text kept
as text (so its labels can be searched) and no date in the file.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .._command import check_output, replacing
from ..errors import BipartiteGameError
from .catalogue import FAMILIES
from .karp_sipser import karp_sipser_matching

__all__ = ["FORMATS", "MISSING_EXTRA", "PANELS", "SweepPlot", "check_path", "plot", "student_t95"]

#: The figure formats, by file extension.
FORMATS = ("png", "svg")
#: The one line said when matplotlib is not installed.
MISSING_EXTRA = 'drawing a plot needs the package matplotlib: pip install "bipartite-game[sweep]"'
#: The panels: title, y label, the measures (row column, legend label), and
#: the largest value a measure per vertex can take (the band is cut there
#: and at 0: the mean cannot leave that range).
PANELS: tuple[tuple[str, str, tuple[tuple[str, str], ...], float], ...] = (
    ("Maximum matching", "matching edges per vertex", (("matching", "matching"),), 0.5),
    (
        "Gallai–Edmonds sets",
        "share of the vertices",
        (("losing", "D: losing starts"), ("ge_a", "A"), ("ge_c", "C")),
        1.0,
    ),
    (
        "Edge classes",
        "edges per vertex",
        (("every", "in every max. matching"), ("some", "in some"), ("none", "in none")),
        math.inf,
    ),
)
_MEASURES = tuple(column for _, _, measures, _ in PANELS for column, _ in measures)
_AXIS = {"c": "c (mean degree)", "d": "d (degree)", "p": "p (wall density)"}
#: The SVG id of the theory curve's line.
THEORY_ID = "theory-limit"


def check_path(path: str) -> str:
    """The format of a figure file, from its extension, once matplotlib is
    found importable and the file can be written
    (:func:`~bipartite_game._command.check_output`: not a directory, a FIFO
    or a device, in a folder that exists and is writable)."""
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if extension not in FORMATS:
        raise BipartiteGameError(
            f"cannot tell the plot's format from {path!r}: name it FILE.png or FILE.svg"
        )
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BipartiteGameError(MISSING_EXTRA) from None
    check_output(path)
    return extension


@functools.lru_cache(maxsize=256)
def student_t95(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom.

    Up to 10^4 degrees of freedom, by bisection on the exact closed form of
    P(|T| ≤ t) for a whole number of degrees of freedom (Abramowitz and
    Stegun 26.7.3, 26.7.4: a finite sum in θ = atan(t/√df)); above, by the
    Cornish–Fisher expansion around the normal quantile (error below 1e-12).
    """
    if df < 1:
        raise BipartiteGameError(f"degrees of freedom must be at least 1, not {df!r}")
    if df > 10_000:
        z = 1.959963984540054
        return (
            z
            + (z**3 + z) / (4 * df)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        )
    low, high = 0.0, 20.0  # t(0.975, 1) = 12.7 is the largest
    for _ in range(100):
        middle = (low + high) / 2
        if _t_within(middle, df) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_within(t: float, df: int) -> float:
    """P(|T| ≤ t) for Student's t with ``df`` degrees of freedom."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2 == 0:  # sinθ·(1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + ...), df/2 terms
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= cos2 * (2 * k - 1) / (2 * k)
            total += term
        return math.sin(theta) * total
    # (2/π)(θ + sinθ·cosθ·(1 + (2/3)cos²θ + (2·4)/(3·5)cos⁴θ + ...)), (df-1)/2 terms
    term, total = 1.0, 0.0
    if df > 1:
        total = 1.0
        for k in range(1, (df - 1) // 2):
            term *= cos2 * (2 * k) / (2 * k + 1)
            total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)


def _limit(family: str, x: float) -> float:
    if family in ("er", "bipartite-er"):
        return karp_sipser_matching(x)
    return 0.5 if x >= 1 else 0.0  # regular


_THEORY_LABEL = {
    "er": "Karp–Sipser limit (Aronson–Frieze–Pittel 1998)",
    "bipartite-er": "Karp–Sipser limit (local limit: Bordenave–Lelarge–Salez 2013)",
    "regular": "limit: 1/2 for d ≥ 1 (Robinson–Wormald 1994 for d ≥ 3)",
}


class SweepPlot:
    """The figure of one sweep, fed its rows one at a time (only the few
    numbers it draws are kept, not the rows) and saved once."""

    def __init__(self, family: str) -> None:
        if family not in FAMILIES:
            raise BipartiteGameError(
                f"unknown family {family!r}: expected one of {', '.join(FAMILIES)}"
            )
        if len(FAMILIES[family]) != 1:  # pragma: no cover - every family has one
            raise BipartiteGameError(f"{family} has several parameters: no plot")
        self.family = family
        self.parameter = FAMILIES[family][0]
        self.sizes: set[int] = set()
        #: The measures drawn: those of the first row (a sweep without its
        #: edge classes has no ``every``, ``some``, ``none``).
        self.columns: tuple[str, ...] | None = None
        self._values: dict[float, list[tuple[float, ...]]] = {}

    def add(self, row: Mapping[str, Any]) -> None:
        """One sample's row; a graph without vertices has no per-vertex measure."""
        if self.columns is None:
            self.columns = tuple(k for k in _MEASURES if k in row)
        self.sizes.add(int(row["n"]))
        vertices = int(row["vertices"])
        if vertices > 0:
            point = self._values.setdefault(float(row[self.parameter]), [])
            point.append(tuple(int(row[k]) / vertices for k in self.columns))

    def summary(self) -> tuple[list[float], dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]]:
        """The parameter's values and, per measure, the mean, the band's half
        width (0 where a point has one sample) and the samples' count."""
        xs = sorted(self._values)
        out: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        for index, column in enumerate(self.columns or ()):
            means, halves, counts = [], [], []
            for x in xs:
                values = np.array([sample[index] for sample in self._values[x]])
                k = len(values)
                means.append(float(values.mean()))
                counts.append(k)
                halves.append(
                    student_t95(k - 1) * float(values.std(ddof=1)) / math.sqrt(k) if k > 1 else 0.0
                )
            out[column] = (np.array(means), np.array(halves), np.array(counts))
        return xs, out

    def save(self, path: str) -> None:
        """Draw the figure into ``path`` (FILE.png or FILE.svg), written whole
        or not at all, through its links, as every output file is
        (:func:`~bipartite_game._command.replacing`)."""
        extension = check_path(path)
        import matplotlib
        from matplotlib.figure import Figure

        xs, summary = self.summary()
        if not xs:
            raise BipartiteGameError("no sample with a vertex: nothing to plot")
        panels = [panel for panel in PANELS if all(c in summary for c, _ in panel[2])]
        with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "bipartite-game"}):
            figure = Figure(figsize=(5 * len(panels), 4.8), layout="constrained")
            axes = figure.subplots(1, len(panels), squeeze=False)[0]
            for ax, (title, ylabel, measures, most) in zip(axes, panels, strict=True):
                for column, label in measures:
                    mean, half, _ = summary[column]
                    (line,) = ax.plot(xs, mean, marker="o", markersize=3, label=label)
                    if np.any(half > 0):
                        low, high = np.maximum(mean - half, 0), np.minimum(mean + half, most)
                        ax.fill_between(xs, low, high, color=line.get_color(), alpha=0.25)
                if column == "matching" and self.family in _THEORY_LABEL and xs:
                    self._draw_theory(ax, xs)
                ax.set_title(title)
                ax.set_xlabel(_AXIS.get(self.parameter, self.parameter))
                ax.set_ylabel(ylabel)
                ax.grid(True, alpha=0.3)
                ax.legend(fontsize="small")
            counts = sorted({int(k) for k in summary["matching"][2]}) or [0]
            samples = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
            sizes = ", ".join(f"{n:,}" for n in sorted(self.sizes))
            figure.suptitle(
                f"sweep {self.family}, n = {sizes}: mean of {samples} sample"
                f"{'' if counts == [1] else 's'} per point"
                f"{'' if counts == [1] else ' with its 95 % confidence band'}"
            )
            metadata = {"Date": None} if extension == "svg" else {"Software": None}
            with replacing(path) as handle:
                figure.savefig(handle, format=extension, dpi=110, metadata=metadata)

    def _draw_theory(self, ax: Any, xs: list[float]) -> None:
        if self.family == "regular":
            grid = list(xs)
            style: dict[str, Any] = {"linestyle": "none", "marker": "_", "markersize": 18}
        else:
            grid = list(np.linspace(min(xs), max(xs), 400))
            style = {"linestyle": "--", "linewidth": 1.4}
        (line,) = ax.plot(
            grid,
            [_limit(self.family, x) for x in grid],
            color="black",
            label=_THEORY_LABEL[self.family],
            zorder=3,
            **style,
        )
        line.set_gid(THEORY_ID)


def plot(rows: Iterable[Mapping[str, Any]], path: str, family: str | None = None) -> None:
    """Draw a sweep's rows into ``path`` (FILE.png or FILE.svg); ``family``
    defaults to the first row's."""
    check_path(path)
    figure: SweepPlot | None = SweepPlot(family) if family is not None else None
    for row in rows:
        if figure is None:
            figure = SweepPlot(str(row["family"]))
        figure.add(row)
    if figure is None:
        raise BipartiteGameError("no rows to plot")
    figure.save(path)
