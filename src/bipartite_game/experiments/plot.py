"""A sweep's rows drawn: each measure per vertex against the parameter,
the mean over the samples of each point and its 95 % confidence band, and
the theory's limit where one is known (docs/sweep.md).

The band is a 95 % confidence interval for the mean of a measure over
the k samples of a point that stays inside the values the measure can take
(:data:`BOUNDS`): Student's t interval, mean ± t·s/√k (s the samples'
standard deviation, t the 97.5 % quantile of Student's t with k − 1 degrees
of freedom, :func:`student_t95`), made on the logit scale of the measure's
range for a bounded measure and on the log scale for one bounded below only,
and mapped back (:func:`mean_band`).  Far from the bounds it is the plain t
interval; near one it shrinks on that side and never crosses it.  A point of
one sample, or of samples all equal, has no band.

A measure whose samples at a point fall in two groups far apart (the sets
D and C of G(n, c/n) above c ≈ e: the large component is factor-critical in
some samples and not in others) is drawn as its samples, not as a mean that
no sample is near (:func:`split_at`); its mean line stops there.

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
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .._command import check_output, replacing
from ..errors import BipartiteGameError
from .catalogue import FAMILIES
from .karp_sipser import karp_sipser_matching

__all__ = [
    "BOUNDS",
    "FORMATS",
    "MISSING_EXTRA",
    "PANELS",
    "Summary",
    "SweepPlot",
    "check_path",
    "mean_band",
    "plot",
    "split_at",
    "student_t95",
]

#: The figure formats, by file extension.
FORMATS = ("png", "svg")
#: The one line said when matplotlib is not installed.
MISSING_EXTRA = 'drawing a plot needs the package matplotlib: pip install "bipartite-game[sweep]"'
#: The panels: title, y label, and the measures (row column, legend label).
PANELS: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("Maximum matching", "matching edges per vertex", (("matching", "matching"),)),
    (
        "Gallai–Edmonds sets",
        "share of the vertices",
        (("losing", "D: losing starts"), ("ge_a", "A"), ("ge_c", "C")),
    ),
    (
        "Edge classes",
        "edges per vertex",
        (("every", "in every max. matching"), ("some", "in some"), ("none", "in none")),
    ),
)
#: The values each measure per vertex can take, on every graph: a maximum
#: matching covers at most every vertex (ν ≤ V/2); D, A and C split the
#: vertices, and |A| ≤ |D| (every maximum matching matches A into distinct
#: components of D), so |A| ≤ V/2; an edge in every maximum matching is in
#: the matching (≤ V/2); the other edge classes only are at least 0.
BOUNDS: dict[str, tuple[float, float]] = {
    "matching": (0.0, 0.5),
    "losing": (0.0, 1.0),
    "ge_a": (0.0, 0.5),
    "ge_c": (0.0, 1.0),
    "every": (0.0, 0.5),
    "some": (0.0, math.inf),
    "none": (0.0, math.inf),
}
#: The samples of a point split in two (:func:`split_at`) when the gap
#: between the two groups' means is at least this many times their pooled
#: standard deviation ...
SPLIT_SPREADS = 10.0
#: ... and the gap between the groups at least this share of the range the
#: measure can take (for a measure unbounded above, of its largest sample) ...
SPLIT_SHARE = 0.05
#: ... and at least this many vertices' worth of the point's smallest graph ...
SPLIT_VERTICES = 4
#: ... and there are at least this many samples (with fewer, a gap cannot be
#: told from chance).
SPLIT_SAMPLES = 4
_MEASURES = tuple(column for _, _, measures in PANELS for column, _ in measures)
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


def mean_band(
    values: ArrayLike, low: float = -math.inf, high: float = math.inf
) -> tuple[float, float, float]:
    """The mean of ``values`` and a 95 % confidence interval for it that
    stays inside ``(low, high)``, the values the measure can take.

    Student's t interval made on a scale where the bounds are infinitely
    far: x ↦ logit((x − low)/(high − low)) for a measure bounded on both
    sides, x ↦ log(x − low) for one bounded below only, none for one
    unbounded.  The standard error of the mean, s/√k, is carried to that
    scale by the delta method (divided by the scale's slope at the mean),
    the interval mean ± t·se is taken there with t the 97.5 % quantile of
    Student's t with k − 1 degrees of freedom, and mapped back.  It is the
    logit interval used for proportions estimated from clustered samples
    (R's ``survey::svyciprop(method="logit")``): here the clusters are the
    graphs, since a graph's vertices are not independent trials (D and C
    come in whole components), which rules out a Wilson or Clopper–Pearson
    interval over the vertices pooled.  Far from the bounds it is mean ±
    t·s/√k; near one it is asymmetric and never reaches it.  With one
    sample, or all samples equal, the interval is the mean alone.  O(k).
    """
    data = np.asarray(values, dtype=float)
    k = data.size
    if k == 0:
        raise BipartiteGameError("no values: no mean")
    mean = float(data.mean())
    spread = float(data.std(ddof=1)) if k > 1 else 0.0
    if spread == 0.0 or not low < mean < high:  # no spread (or no room): no band
        return mean, mean, mean
    error = student_t95(k - 1) * spread / math.sqrt(k)
    if math.isinf(low) and math.isinf(high):
        return mean, mean - error, mean + error
    if math.isinf(high) or math.isinf(low):  # the log scale, from the finite bound
        bound, sign = (low, 1.0) if math.isinf(high) else (high, -1.0)
        distance = sign * (mean - bound)
        reach = error / distance
        near, far = distance * math.exp(-reach), distance * math.exp(min(reach, 700.0))
        return mean, *sorted((bound + sign * near, bound + sign * far))  # type: ignore[return-value]
    width = high - low
    share = (mean - low) / width
    centre = math.log(share / (1 - share))
    reach = error / (width * share * (1 - share))
    return mean, low + width * _expit(centre - reach), low + width * _expit(centre + reach)


def _expit(x: float) -> float:
    """1/(1 + e^−x), without overflow at either end."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    return math.exp(x) / (1.0 + math.exp(x))


def split_at(values: ArrayLike, least_gap: float = 0.0) -> int | None:
    """Where the sorted ``values`` split in two groups far apart, as the
    size of the lower group, or None when they do not.

    The cut is the widest gap between consecutive sorted values.  It splits
    them when there are at least :data:`SPLIT_SAMPLES` values, the gap is at
    least ``least_gap``, and the two groups' means are at least
    :data:`SPLIT_SPREADS` pooled standard deviations apart (the spread
    within the groups, with k − 2 degrees of freedom; groups of equal
    values are infinitely many apart).  On normal samples split at their
    widest gap, that separation reaches 10 with probability about 0.2 % at
    k = 8 and 0.01 % at k = 12, and 8 % at k = 4, where ``least_gap`` has to
    do the rest; the sweeps of G(n, c/n) above c = e reach 20 to 40 in D
    and C.  The figure's ``least_gap`` is :data:`SPLIT_SHARE` of the range
    the measure can take (of its largest sample when unbounded above) and
    :data:`SPLIT_VERTICES` vertices' worth of the smallest graph (a measure
    per vertex moves in steps of 1/V: two values a vertex apart are no
    modes).  O(k log k).
    """
    data = np.sort(np.asarray(values, dtype=float))
    k = data.size
    if k < max(SPLIT_SAMPLES, 3):
        return None
    gaps = np.diff(data)
    cut = int(np.argmax(gaps)) + 1
    gap = float(gaps[cut - 1])
    if gap <= 0 or gap < least_gap:
        return None
    lower, upper = data[:cut], data[cut:]
    within = float(((lower - lower.mean()) ** 2).sum() + ((upper - upper.mean()) ** 2).sum())
    pooled = math.sqrt(within / (k - 2))
    if pooled > 0 and float(upper.mean() - lower.mean()) < SPLIT_SPREADS * pooled:
        return None
    return cut


class Summary(NamedTuple):
    """One measure at every value of the parameter: the samples' mean, the
    band (:func:`mean_band`; NaN where split), their number, and whether
    they split in two (:func:`split_at`: then the mean is NaN too)."""

    mean: np.ndarray
    low: np.ndarray
    high: np.ndarray
    samples: np.ndarray
    split: np.ndarray


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
        #: The fewest vertices of a sample at each point: a measure per
        #: vertex moves there in steps of 1/vertices.
        self._smallest: dict[float, int] = {}

    def add(self, row: Mapping[str, Any]) -> None:
        """One sample's row; a graph without vertices has no per-vertex measure."""
        if self.columns is None:
            self.columns = tuple(k for k in _MEASURES if k in row)
        self.sizes.add(int(row["n"]))
        vertices = int(row["vertices"])
        if vertices > 0:
            x = float(row[self.parameter])
            self._values.setdefault(x, []).append(
                tuple(int(row[k]) / vertices for k in self.columns)
            )
            self._smallest[x] = min(self._smallest.get(x, vertices), vertices)

    def summary(self) -> tuple[list[float], dict[str, Summary]]:
        """The parameter's values and, per measure, its :class:`Summary`."""
        xs = sorted(self._values)
        out: dict[str, Summary] = {}
        for index, column in enumerate(self.columns or ()):
            low, high = BOUNDS.get(column, (-math.inf, math.inf))
            rows: list[tuple[float, float, float, int, bool]] = []
            for x in xs:
                values = [sample[index] for sample in self._values[x]]
                scale = (high if math.isfinite(high) else max(values)) - low
                least = max(SPLIT_SHARE * scale, SPLIT_VERTICES / self._smallest[x])
                if split_at(values, least) is not None:
                    rows.append((math.nan, math.nan, math.nan, len(values), True))
                else:
                    rows.append((*mean_band(values, low, high), len(values), False))
            mean, lows, highs, counts, split = (
                np.array([row[field] for row in rows]) for field in range(5)
            )
            out[column] = Summary(mean, lows, highs, counts.astype(int), split.astype(bool))
        return xs, out

    def samples(self, column: str, x: float) -> list[float]:
        """The samples of one measure at one value of the parameter."""
        index = (self.columns or ()).index(column)
        return [sample[index] for sample in self._values.get(float(x), [])]

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
            for ax, (title, ylabel, measures) in zip(axes, panels, strict=True):
                any_split = False
                for column, label in measures:
                    part = summary[column]
                    (line,) = ax.plot(xs, part.mean, marker="o", markersize=3, label=label)
                    line.set_gid(f"mean-{column}")
                    if np.any(part.high > part.low):
                        band = ax.fill_between(
                            xs, part.low, part.high, color=line.get_color(), alpha=0.25
                        )
                        band.set_gid(f"band-{column}")
                    split = [x for x, apart in zip(xs, part.split, strict=True) if apart]
                    if split:
                        any_split = True
                        self._draw_samples(ax, column, split, line.get_color())
                if any_split:
                    ax.plot(
                        [], [], linestyle="none", marker="o", markerfacecolor="none",
                        color="0.35", label="samples where they split in two (no mean)",
                    )  # fmt: skip
                if column == "matching" and self.family in _THEORY_LABEL and xs:
                    self._draw_theory(ax, xs)
                ax.set_title(title)
                ax.set_xlabel(_AXIS.get(self.parameter, self.parameter))
                ax.set_ylabel(ylabel)
                ax.grid(True, alpha=0.3)
                if any_split:  # the samples fill the panel: the legend goes below it
                    ax.legend(
                        fontsize="small",
                        loc="upper center",
                        bbox_to_anchor=(0.5, -0.13),
                        ncol=2 if len(measures) > 1 else 1,
                    )
                else:
                    ax.legend(fontsize="small")
            counts = sorted({int(k) for k in summary["matching"].samples}) or [0]
            samples = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
            sizes = ", ".join(f"{n:,}" for n in sorted(self.sizes))
            some_split = any(bool(part.split.any()) for part in summary.values())
            figure.suptitle(
                f"sweep {self.family}, n = {sizes}: mean of {samples} sample"
                f"{'' if counts == [1] else 's'} per point"
                f"{'' if counts == [1] else ' with its 95 % confidence band'}"
                f"{'; the samples where they split in two' if some_split else ''}"
            )
            metadata = {"Date": None} if extension == "svg" else {"Software": None}
            with replacing(path) as handle:
                figure.savefig(handle, format=extension, dpi=110, metadata=metadata)

    def _draw_samples(self, ax: Any, column: str, xs: list[float], colour: Any) -> None:
        """A measure's samples at the values ``xs`` where they split: hollow
        markers in the measure's colour, no line."""
        points = [(x, value) for x in xs for value in self.samples(column, x)]
        (marks,) = ax.plot(
            [x for x, _ in points],
            [value for _, value in points],
            linestyle="none",
            marker="o",
            markersize=3.5,
            markerfacecolor="none",
            color=colour,
            alpha=0.8,
        )
        marks.set_gid(f"samples-{column}")

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
