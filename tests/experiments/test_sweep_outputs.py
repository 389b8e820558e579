"""``sweep``'s other outputs: the figure (``--plot``), Parquet
(``--format parquet``), ``--output``; and the statistics the figure draws."""

from __future__ import annotations

import csv
import io
import math
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bipartite_game.errors import BipartiteGameError
from bipartite_game.experiments.karp_sipser import karp_sipser_matching
from bipartite_game.experiments.plot import (
    BOUNDS,
    THEORY_ID,
    SweepPlot,
    mean_band,
    plot,
    split_at,
    student_t95,
)
from bipartite_game.experiments.sweep import sweep, to_csv
from tests.support.sweep import needs_matplotlib, needs_pyarrow

CLI = [sys.executable, "-m", "bipartite_game", "sweep"]
SMALL = ["--n", "200", "--samples", "3", "--seed", "5"]
SVG = "{http://www.w3.org/2000/svg}"


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], capture_output=True, timeout=300, cwd=cwd)


# ------------------------------------------------------------ statistics
def test_student_t_quantiles_match_the_tables() -> None:
    """The 97.5 % quantiles of Student's t as printed in the usual tables
    (and the normal quantile in the limit)."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228,
             20: 2.086, 30: 2.042, 60: 2.000, 120: 1.980}  # fmt: skip
    for df, quantile in table.items():
        assert student_t95(df) == pytest.approx(quantile, abs=6e-4), df
    # the closed form and the expansion agree where one hands over to the other
    assert student_t95(10_000) == pytest.approx(student_t95(10_001), abs=1e-7)
    assert student_t95(10**9) == pytest.approx(1.959963984540054, abs=1e-8)
    with pytest.raises(BipartiteGameError):
        student_t95(0)


def test_summary_is_the_mean_and_a_band_inside_the_bounds() -> None:
    rows = sweep("er", 100, {"c": [1.0, 2.0]}, samples=5, seed=3)
    figure = SweepPlot("er")
    for row in rows:
        figure.add(row)
    xs, summary = figure.summary()
    assert xs == [1.0, 2.0]
    for index, x in enumerate(xs):
        for column, (least, most) in BOUNDS.items():
            values = np.array([r[column] / r["vertices"] for r in rows if r["c"] == x])
            part = summary[column]
            assert part.mean[index] == pytest.approx(values.mean())
            assert part.samples[index] == 5 and not part.split[index]
            assert least <= part.low[index] <= part.mean[index] <= part.high[index] <= most
            if values.std() > 0:  # inside, never on a bound
                assert least < part.low[index] and part.high[index] < most
    single = SweepPlot("maze")
    single.add({"n": 3, "p": 1.0, "vertices": 0} | dict.fromkeys(("matching", "losing"), 0))
    assert single.summary()[0] == []  # no vertex, no per-vertex measure


def test_band_far_from_the_bounds_is_students_t() -> None:
    """Where the band is narrow against the distance to the bounds, the
    logit scale changes nothing visible: mean ± t·s/√k."""
    values = [0.401, 0.399, 0.4005, 0.3995, 0.4]
    mean, low, high = mean_band(values, 0.0, 1.0)
    half = 2.776 * np.std(values, ddof=1) / math.sqrt(5)
    assert mean == pytest.approx(0.4)
    assert low == pytest.approx(0.4 - half, rel=1e-4) and high == pytest.approx(
        0.4 + half, rel=1e-4
    )
    assert mean_band(values) == pytest.approx((0.4, 0.4 - half, 0.4 + half), rel=1e-3)
    assert mean_band([0.3]) == (0.3, 0.3, 0.3) and mean_band([0.2, 0.2], 0, 1) == (0.2, 0.2, 0.2)


@given(
    values=st.lists(st.floats(0, 1), min_size=1, max_size=30),
    bounds=st.sampled_from([(0.0, 1.0), (0.0, 0.5), (0.0, math.inf)]),
)
def test_band_never_leaves_the_values_a_measure_can_take(
    values: list[float], bounds: tuple[float, float]
) -> None:
    least, most = bounds
    values = [min(v, most) for v in values]
    mean, low, high = mean_band(values, least, most)
    assert least <= low <= mean <= high <= most, (low, mean, high)
    assert math.isfinite(high)


@pytest.mark.parametrize(
    ("a", "b", "most"), [(1.0, 30.0, 1.0), (2.0, 2.0, 1.0), (1.0, 9.0, math.inf)]
)
def test_band_covers_the_mean_about_95_percent_of_the_time(a: float, b: float, most: float) -> None:
    """A confidence interval, also near a bound: Beta(a, b) samples (mean
    1/31 beside 0, 1/2 in the middle; a Gamma-like tail for the log scale),
    8 a point, 2000 points."""
    rng = np.random.default_rng(5)
    truth = a / (a + b) if math.isfinite(most) else a / b
    covered = 0
    for _ in range(2000):
        sample = rng.beta(a, b, 8) if math.isfinite(most) else rng.gamma(a, 1 / b, 8)
        _, low, high = mean_band(sample, 0.0, most)
        covered += low <= truth <= high
    assert 0.90 <= covered / 2000 <= 0.99, covered


def test_split_finds_two_groups_far_apart() -> None:
    lower, upper = [0.008, 0.009, 0.009, 0.011], [0.956, 0.958, 0.96, 0.961, 0.962]
    assert split_at(upper + lower) == 4
    assert split_at([0.0] * 11 + [1.0]) == 11
    assert split_at([0.02, 0.03, 0.961, 0.96]) == 2  # 4 samples, 2 a mode
    assert split_at([0.0, 1.0, 0.5]) is None  # 3 samples cannot tell
    assert split_at([0.3] * 8) is None
    assert split_at(upper + lower, least_gap=0.95) is None  # the gap must be this wide
    rng = np.random.default_rng(2)
    unimodal = [split_at(rng.normal(0.4, 0.01, 12)) for _ in range(500)]
    assert sum(cut is not None for cut in unimodal) <= 3  # about 0.01 % each


@given(
    centres=st.tuples(st.floats(0.05, 0.3), st.floats(0.6, 0.95)),
    sizes=st.tuples(st.integers(1, 10), st.integers(1, 10)),
    seed=st.integers(0, 2**32 - 1),
)
def test_two_tight_groups_always_split(
    centres: tuple[float, float], sizes: tuple[int, int], seed: int
) -> None:
    rng = np.random.default_rng(seed)
    lower = rng.uniform(centres[0] - 0.01, centres[0] + 0.01, sizes[0])
    upper = rng.uniform(centres[1] - 0.01, centres[1] + 0.01, sizes[1])
    values = rng.permutation(np.concatenate([lower, upper]))
    assert split_at(values, least_gap=0.05) == (sizes[0] if sum(sizes) >= 4 else None)


def _row(c: float, vertices: int, losing: int, ge_a: int, matching: int) -> dict[str, Any]:
    return {"family": "er", "n": vertices, "c": c, "vertices": vertices, "matching": matching,
            "losing": losing, "ge_a": ge_a, "ge_c": vertices - losing - ge_a}  # fmt: skip


def test_split_samples_are_drawn_as_samples() -> None:
    """D and C split at c = 4 (as G(n, c/n) does above e), A does not: D and
    C have no mean and no band there, A has both."""
    figure = SweepPlot("er")
    splits = [(800, 300), (900, 320), (96000, 310), (95500, 330), (96200, 305)]
    for c, samples in [(2.0, [(42000, 21000), (42500, 20800), (41800, 21100), (42100, 21000)]),
                       (4.0, splits)]:  # fmt: skip
        for losing, ge_a in samples:
            figure.add(_row(c, 100_000, losing, ge_a, 49_000))
    xs, summary = figure.summary()
    assert xs == [2.0, 4.0]
    for column in ("losing", "ge_c"):
        part = summary[column]
        assert list(part.split) == [False, True]
        assert not math.isnan(part.mean[0]) and math.isnan(part.mean[1])
        assert math.isnan(part.low[1]) and math.isnan(part.high[1])
    assert list(summary["ge_a"].split) == [False, False]
    assert sorted(figure.samples("losing", 4.0)) == sorted(d / 100_000 for d, _ in splits)


def test_one_vertex_apart_is_no_split() -> None:
    """Small graphs' measures move in steps of 1/V: samples 14/30 and 15/30
    of a matching are not two modes."""
    figure = SweepPlot("er")
    for matching in (14, 15, 15, 14, 15, 15, 14, 15):
        figure.add(_row(5.0, 30, 2, 0, matching))
    assert not summary_split(figure, "matching")


def summary_split(figure: SweepPlot, column: str) -> bool:
    return bool(figure.summary()[1][column].split.any())


# ---------------------------------------------------------------- figures
@needs_matplotlib
def test_plot_svg_has_the_theory_curve(tmp_path: Path) -> None:
    figure = tmp_path / "er.svg"
    drawn = _cli("er", *SMALL, "--param", "c=0.5:3:0.5", "--plot", str(figure))
    assert drawn.returncode == 0 and drawn.stderr == b"", drawn.stderr
    rows = sweep("er", 200, {"c": [0.5, 1, 1.5, 2, 2.5, 3]}, samples=3, seed=5)
    assert drawn.stdout.decode() == to_csv(rows)  # the rows as without the figure
    root = ElementTree.parse(figure).getroot()
    assert root.tag == f"{SVG}svg"
    text = " ".join("".join(node.itertext()) for node in root.iter(f"{SVG}text"))
    for label in ("Karp–Sipser limit", "Maximum matching", "c (mean degree)", "95 %", "A"):
        assert label in text, label
    theory = [node for node in root.iter() if node.get("id") == THEORY_ID]
    assert len(theory) == 1
    assert theory[0].find(f"{SVG}path") is not None
    # the same bytes again: no date in the file
    again = tmp_path / "again.svg"
    plot(rows, str(again))
    assert again.read_bytes() == figure.read_bytes()


@needs_matplotlib
def test_plot_draws_split_samples_and_breaks_the_mean_line(tmp_path: Path) -> None:
    """In the figure: the split point's samples as markers (their own
    element), the mean line of D in two pieces (not across the modes), a
    band beside them, and the legend and title saying so."""
    rows = []
    for c in (2.0, 3.0, 5.0):  # one mode: a mean and a band
        for k in range(4):
            rows.append(_row(c, 100_000, 42_000 + 300 * k, 21_000 - 100 * k, 49_000))
    for losing in (800, 900, 96_000, 95_500, 96_200):  # two modes
        rows.append(_row(4.0, 100_000, losing, 300, 49_000))
    figure = tmp_path / "split.svg"
    plot(rows, str(figure))
    root = ElementTree.parse(figure).getroot()
    by_id = {node.get("id"): node for node in root.iter() if node.get("id")}
    for column in ("losing", "ge_c"):
        marks = by_id[f"samples-{column}"]
        assert len(list(marks.iter(f"{SVG}use"))) == 5  # one marker a sample
        assert f"band-{column}" in by_id
        line = by_id[f"mean-{column}"].find(f"{SVG}path")  # the line; then its markers
        assert line is not None and line.get("d", "").count("M") == 2  # 2, 3 | 5: not across 4
    assert "samples-ge_a" not in by_id  # A does not split
    text = " ".join("".join(node.itertext()) for node in root.iter(f"{SVG}text"))
    assert "samples where they split in two (no mean)" in text
    assert "the samples where they split in two" in text


@needs_matplotlib
def test_plot_theory_only_where_known(tmp_path: Path) -> None:
    for family, param, expected in [
        ("bipartite-er", "c=1,2", "Bordenave"),
        ("regular", "d=1,2,3", "Robinson"),
        ("maze", "p=0.1,0.3", None),
    ]:
        figure = tmp_path / f"{family}.svg"
        name, values = param.split("=")
        grid = {name: [float(v) for v in values.split(",")]}
        plot(sweep(family, 6 if family == "maze" else 40, grid, samples=2, seed=1), str(figure))
        root = ElementTree.parse(figure).getroot()
        theory = [node for node in root.iter() if node.get("id") == THEORY_ID]
        assert len(theory) == (0 if expected is None else 1), family
        if expected is not None:
            assert expected in figure.read_text()


@needs_matplotlib
def test_plot_png_is_a_png_of_the_figure(tmp_path: Path) -> None:
    from matplotlib.image import imread

    figure = tmp_path / "er.PNG"
    done = _cli("er", *SMALL, "--param", "c=1,2", "--plot", str(figure))
    assert done.returncode == 0, done.stderr
    data = figure.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1650, 528)  # 15 x 4.8 inches at 110 dpi
    pixels = imread(str(figure))
    assert pixels.shape[:2] == (height, width)
    assert (pixels[..., :3] < 0.05).all(axis=-1).sum() > 1000  # black: text and theory


@needs_matplotlib
def test_plot_bad_paths_are_one_line(tmp_path: Path) -> None:
    for path in (str(tmp_path / "no" / "such.png"), str(tmp_path / "figure.jpg")):
        done = _cli("er", *SMALL, "--param", "c=1", "--plot", path)
        assert done.returncode == 2 and done.stdout == b""
        assert len(done.stderr.decode().splitlines()) == 1


# ------------------------------------------------------------ the theory
@pytest.mark.parametrize("c", [0.5, 1.0, 2.0, math.e, 4.0])
def test_bipartite_er_on_the_karp_sipser_limit(c: float) -> None:
    """G(n, n, c/n) has the local limit of G(n, c/n), so the same matching
    number per vertex (docs/sweep.md); bipartite graphs solve fast, so the
    issue's size and bound run here."""
    rows = sweep("bipartite-er", 10000, {"c": [c]}, samples=4, seed=7)
    mean = np.mean([r["matching"] / r["vertices"] for r in rows])
    assert abs(mean - karp_sipser_matching(c)) < 0.01


# ------------------------------------------------------- Parquet, --output
@needs_pyarrow
def test_parquet_holds_the_csv_rows_typed(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    args = ("regular", "--n", "30", "--param", "d=2,3", "--samples", "4", "--seed", "2")
    target = tmp_path / "rows.parquet"
    done = _cli(*args, "--format", "parquet", "--output", str(target))
    assert done.returncode == 0 and done.stdout == b"" and done.stderr == b"", done.stderr
    table = pq.read_table(target)
    text = _cli(*args).stdout.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert table.num_rows == len(rows) == 8
    assert table.column_names == list(rows[0])
    assert table.schema.field("seed").type == pa.uint64()
    assert table.schema.field("d").type == pa.float64()
    assert table.schema.field("bipartite").type == pa.bool_()
    assert table.schema.field("family").type == pa.string()
    for stored, row in zip(table.to_pylist(), rows, strict=True):
        for column, value in row.items():
            kept = stored[column]
            if isinstance(kept, bool):
                assert ("true" if kept else "false") == value
            elif isinstance(kept, float):
                assert kept == float(value)
            else:
                assert str(kept) == value
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.parquet"]


@needs_pyarrow
def test_parquet_interrupted_leaves_no_file(tmp_path: Path) -> None:
    from bipartite_game.experiments.parquet import write_parquet

    def rows() -> Iterator[dict[str, Any]]:
        yield from sweep("er", 20, {"c": [1.0]}, samples=2, seed=0)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_parquet(rows(), str(tmp_path / "rows.parquet"))
    assert list(tmp_path.iterdir()) == []


def test_output_file_holds_what_stdout_would(tmp_path: Path) -> None:
    args = ("er", *SMALL, "--param", "c=1,2")
    for fmt in ("csv", "json"):
        target = tmp_path / f"rows.{fmt}"
        done = _cli(*args, "--format", fmt, "--output", str(target))
        assert done.returncode == 0 and done.stdout == b"", done.stderr
        assert target.read_bytes() == _cli(*args, "--format", fmt).stdout
