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

from bipartite_game.errors import BipartiteGameError
from bipartite_game.experiments.karp_sipser import karp_sipser_matching
from bipartite_game.experiments.plot import THEORY_ID, SweepPlot, plot, student_t95
from bipartite_game.experiments.sweep import sweep, to_csv

from .sweep_util import needs_matplotlib, needs_pyarrow

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


def test_summary_is_the_mean_and_the_t_band() -> None:
    rows = sweep("er", 100, {"c": [1.0, 2.0]}, samples=5, seed=3)
    figure = SweepPlot("er")
    for row in rows:
        figure.add(row)
    xs, summary = figure.summary()
    assert xs == [1.0, 2.0]
    for index, x in enumerate(xs):
        values = np.array([r["matching"] / r["vertices"] for r in rows if r["c"] == x])
        mean, half, count = (part[index] for part in summary["matching"])
        assert mean == pytest.approx(values.mean())
        assert half == pytest.approx(2.776 * values.std(ddof=1) / math.sqrt(5), rel=1e-3)
        assert count == 5
    single = SweepPlot("maze")
    single.add({"n": 3, "p": 1.0, "vertices": 0} | dict.fromkeys(("matching", "losing"), 0))
    assert single.summary()[0] == []  # no vertex, no per-vertex measure


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
